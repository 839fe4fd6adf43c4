/*
 * scenes_bench.c: the benchmark scenes of bench/anima_bench.c (after Box2D v3's benchmarks),
 * sized for a 320 x 568 pt window: a pyramid of 20 rows, a tumbler of 324 boxes in a turning
 * drum, and a pile of 900 boxes poured into a container.
 */
#include "scenes.h"

#include <math.h>
#include <stdio.h>

typedef struct bench_state {
    sample *s;
    anima_item walls[4];
    anima_vec2 wall_offset[4];
    anima_vec2 drum;
    double omega;               /* rad/s, y down: negative turns counter-clockwise on screen */
    double step_duration;
    int32_t count;
    anima_item items[];         /* count of them: the walls first (tumbler), then the boxes */
} bench_state;

/* The state with room for `count` items, and the animator. */
static bench_state *bench_begin(sample *s, int32_t count, const anima_rect *bounds)
{
    bench_state *st = sample_new_state(s, sizeof *st + (size_t)count * sizeof st->items[0]);
    if (st == NULL) {
        return NULL;
    }
    st->s = s;
    st->count = count;
    return sample_create_animator(s, bounds, SCREEN_BOUNDS) ? st : NULL;
}

static bool box(sample *s, double x, double y, double w, double h, anima_item *out)
{
    return sample_item(s, (anima_vec2){ x, y }, (anima_size){ w, h }, ANIMA_SHAPE_RECTANGLE, out);
}

/* Gravity, one collision behavior (with the reference bounds as a boundary when asked, and named
   segments), friction 0.6 and density 1: bench/anima_bench.c's add_box_physics. */
static bool box_physics(sample *s, const anima_item *items, int32_t count, bool bounds, const anima_vec2 (*segments)[2],
                        int segment_count)
{
    anima_item_behavior_def properties_def = anima_default_item_behavior_def();
    properties_def.friction = 0.6;
    properties_def.density = 1.0;
    anima_behavior gravity, collision, properties;
    if (!sample_gravity(s, items, count, &gravity) || !sample_collision(s, items, count, bounds, &collision)
        || !CHECK(s, anima_item_behavior_create(s->animator, &properties_def, items, count, &properties))) {
        return false;
    }
    for (int k = 0; k < segment_count; k++) {
        char name[32];
        snprintf(name, sizeof name, "wall %d", k);
        if (!CHECK(s, anima_collision_add_boundary_segment(collision, name, segments[k][0], segments[k][1]))) {
            return false;
        }
    }
    return sample_add(s, gravity) && sample_add(s, collision) && sample_add(s, properties);
}

/* ------------------------------------------------------------------ pyramid */

#define PYRAMID_ROWS 20
#define PYRAMID_BOX 14.0

/* Box2D's large_pyramid, 20 rows of 14 pt boxes on the floor of the view (210 boxes). */
static bool pyramid_build(sample *s)
{
    const int32_t count = PYRAMID_ROWS * (PYRAMID_ROWS + 1) / 2;
    bench_state *st = bench_begin(s, count, &SCREEN_BOUNDS);
    if (st == NULL) {
        return false;
    }
    const double h = PYRAMID_BOX / 2;
    int32_t n = 0;
    for (int i = 0; i < PYRAMID_ROWS; i++) {
        const double y = SCREEN_HEIGHT - PYRAMID_BOX * (i + 0.5);
        for (int j = i; j < PYRAMID_ROWS; j++) {
            const double x = SCREEN_WIDTH / 2 + PYRAMID_BOX * (0.5 * (i + 1) + (j - i) - 0.5 * PYRAMID_ROWS) - h;
            if (!box(s, x, y, PYRAMID_BOX, PYRAMID_BOX, &st->items[n++])) {
                return false;
            }
        }
    }
    return box_physics(s, st->items, count, true, NULL, 0);
}

const scene_def scene_pyramid = {
    .name = "pyramid",
    .summary = "bench: a pyramid of 20 rows (210 boxes)",
    .build = pyramid_build,
};

/* ------------------------------------------------------------------ tumbler */

#define TUMBLER_GRID 18
#define TUMBLER_BOX 8.0
#define TUMBLER_PITCH 11.0
#define DRUM_HALF 105.0       /* from the drum's centre to a wall's centre line */
#define WALL_THICK 10.0

/* Gives each anchored wall the velocities that carry it, in one step, to where the drum's turn
   puts it at the next step (bench/anima_bench.c's drive_walls). */
static bool drive_walls(bench_state *st, double next_angle)
{
    sample *s = st->s;
    const double c = cos(next_angle), sn = sin(next_angle), dt = st->step_duration;
    for (int w = 0; w < 4; w++) {
        anima_vec2 p;
        double angle;
        if (!CHECK(s, anima_item_get_center(st->walls[w], &p)) || !CHECK(s, anima_item_get_rotation(st->walls[w], &angle))) {
            return false;
        }
        const anima_vec2 target = { st->drum.x + c * st->wall_offset[w].x - sn * st->wall_offset[w].y,
                                    st->drum.y + sn * st->wall_offset[w].x + c * st->wall_offset[w].y };
        if (!CHECK(s, anima_item_set_linear_velocity(st->walls[w], (anima_vec2){ (target.x - p.x) / dt, (target.y - p.y) / dt }))
            || !CHECK(s, anima_item_set_angular_velocity(st->walls[w], (next_angle - angle) / dt))) {
            return false;
        }
    }
    return true;
}

/* After every internal step: aim the walls at the next one. */
static void tumbler_step(void *user_data, anima_animator animator)
{
    bench_state *st = user_data;
    uint64_t steps = 0;
    if (CHECK(st->s, anima_animator_get_step_count(animator, &steps))) {
        drive_walls(st, st->omega * st->step_duration * (double)(steps + 1));
    }
}

/* Box2D's tumbler: a drum turning at 25 deg/s counter-clockwise, its walls anchored items driven
   by their velocities (Anima's attachments have no motor), 324 boxes inside. */
static bool tumbler_build(sample *s)
{
    const int32_t count = 4 + TUMBLER_GRID * TUMBLER_GRID;
    bench_state *st = bench_begin(s, count, NULL);
    if (st == NULL) {
        return false;
    }
    st->drum = (anima_vec2){ SCREEN_WIDTH / 2, SCREEN_HEIGHT / 2 };
    st->omega = -25.0 * M_PI / 180.0;
    const anima_vec2 offsets[4] = { { DRUM_HALF, 0.0 }, { -DRUM_HALF, 0.0 }, { 0.0, DRUM_HALF }, { 0.0, -DRUM_HALF } };
    const double side = 2 * DRUM_HALF + WALL_THICK;
    const anima_size sizes[4] = { { WALL_THICK, side }, { WALL_THICK, side }, { side, WALL_THICK }, { side, WALL_THICK } };
    for (int w = 0; w < 4; w++) {
        st->wall_offset[w] = offsets[w];
        if (!box(s, st->drum.x + offsets[w].x, st->drum.y + offsets[w].y, sizes[w].width, sizes[w].height, &st->walls[w])
            || !sample_style(s, st->walls[w], (color){ 110, 115, 130, 255 }, false)) {
            return false;
        }
        st->items[w] = st->walls[w];
    }
    const double first = st->drum.x - (TUMBLER_GRID - 1) * TUMBLER_PITCH / 2;
    for (int i = 0; i < TUMBLER_GRID; i++) {
        for (int j = 0; j < TUMBLER_GRID; j++) {
            if (!box(s, first + TUMBLER_PITCH * j, st->drum.y - DRUM_HALF + 15.0 + TUMBLER_PITCH * i, TUMBLER_BOX, TUMBLER_BOX,
                     &st->items[4 + i * TUMBLER_GRID + j])) {
                return false;
            }
        }
    }
    const anima_item *boxes = st->items + 4;
    const int32_t box_count = count - 4;
    anima_item_behavior_def wall_def = anima_default_item_behavior_def();
    wall_def.friction = 0.6;
    wall_def.density = 50.0;
    wall_def.anchored = true;
    anima_item_behavior_def box_def = anima_default_item_behavior_def();
    box_def.friction = 0.6;
    box_def.density = 1.0;
    anima_behavior gravity, collision, walls, properties;
    return sample_gravity(s, boxes, box_count, &gravity) && sample_collision(s, st->items, count, false, &collision)
        && CHECK(s, anima_item_behavior_create(s->animator, &wall_def, st->walls, 4, &walls))
        && CHECK(s, anima_item_behavior_create(s->animator, &box_def, boxes, box_count, &properties))
        && sample_add(s, gravity) && sample_add(s, collision) && sample_add(s, walls) && sample_add(s, properties)
        && CHECK(s, anima_animator_get_step_duration(s->animator, &st->step_duration))
        && CHECK(s, anima_animator_set_step_callback(s->animator, tumbler_step, st))
        && drive_walls(st, st->omega * st->step_duration);
}

static void tumbler_info(sample *s, char *text, size_t size)
{
    bench_state *st = s->state;
    double angle = 0.0;
    if (CHECK(s, anima_item_get_rotation(st->walls[0], &angle))) {
        snprintf(text, size, "drum turned %.0f deg", angle * 180.0 / M_PI);
    }
}

const scene_def scene_tumbler = {
    .name = "tumbler",
    .summary = "bench: 324 boxes in a drum turning at 25 deg/s",
    .build = tumbler_build,
    .info = tumbler_info,
};

/* ------------------------------------------------------------------ pile */

#define PILE_COLUMNS 30
#define PILE_ROWS 30

/* The pile: 900 boxes of 9 pt, 10 pt apart (odd rows shifted 2 pt), poured into a container. */
static bool pile_build(sample *s)
{
    const int32_t count = PILE_COLUMNS * PILE_ROWS;
    bench_state *st = bench_begin(s, count, &SCREEN_BOUNDS);
    if (st == NULL) {
        return false;
    }
    for (int k = 0; k < count; k++) {
        const int r = k / PILE_COLUMNS, c = k % PILE_COLUMNS;
        if (!box(s, 15.0 + 10.0 * c + 2.0 * (r % 2), 300.0 - 10.0 * r, 9.0, 9.0, &st->items[k])) {
            return false;
        }
    }
    const anima_vec2 walls[3][2] = {
        { { 5.0, 560.0 }, { 315.0, 560.0 } },
        { { 5.0, -200.0 }, { 5.0, 560.0 } },
        { { 315.0, -200.0 }, { 315.0, 560.0 } },
    };
    return box_physics(s, st->items, count, true, walls, 3);
}

const scene_def scene_pile = {
    .name = "pile",
    .summary = "bench: 900 boxes poured into a container",
    .build = pile_build,
};

/*
 * scenes_interfaces.c: interfaces built on dynamics, from the Custom Behaviors chapter: the
 * jelly alert (Listings 6-8, 6-9), collection-view cells that spin as the list scrolls
 * (Listing 6-7; the mouse wheel scrolls) and gravity that follows the device's motion
 * (Listing 6-4; the arrow keys tilt the device).
 */
#include "scene_draw.h"
#include "scenes.h"

#include <math.h>
#include <stdio.h>

/* ------------------------------------------------------------------ jelly (6-8, 6-9) */

#define ALERT_WIDTH 200.0
#define ALERT_HEIGHT 120.0
#define GRID_SIDE 10.0
#define LEDGE_Y 400.0

typedef struct jelly_state {
    anima_item view;      /* the alert */
    anima_item grid[9];   /* tags 1...9, row by row */
} jelly_state;

static bool jelly_attach(sample *s, anima_item item, anima_item other)
{
    anima_attachment_def def = anima_default_attachment_def();
    anima_behavior attachment;
    return CHECK(s, anima_attachment_create_to_item(s->animator, &def, item, (anima_vec2){ 0, 0 }, other,
                                                    (anima_vec2){ 0, 0 }, &attachment))
        && CHECK(s, anima_attachment_set_damping(attachment, 0.5))
        && CHECK(s, anima_attachment_set_frequency(attachment, 30.0)) && sample_add(s, attachment);
}

/* Listing 6-8, with the 30 Hz springs examples/c/jelly.c explains (4 Hz cannot carry the alert). */
static bool jelly_establish_dynamics(sample *s)
{
    jelly_state *j = s->state;
    const double elasticity = 0.3, density = 1.0;
    anima_item_behavior_def dynamic_def = anima_default_item_behavior_def();
    dynamic_def.allows_rotation = false;
    dynamic_def.elasticity = elasticity / 2;
    dynamic_def.density = density;
    dynamic_def.resistance = 0.9;
    anima_behavior dynamic;
    if (!CHECK(s, anima_item_behavior_create(s->animator, &dynamic_def, &j->view, 1, &dynamic)) || !sample_add(s, dynamic)) {
        return false;
    }
    static const int next_tags[9] = { 1, 2, 5, 0, 4, 8, 3, 6, 7 };
    for (int i = 0; i < 9; i++) {
        anima_item_behavior_def def = anima_default_item_behavior_def();
        def.elasticity = fmin(elasticity * 2, 1.0);
        def.density = density;
        def.resistance = 0.2;
        anima_behavior behavior;
        if (!CHECK(s, anima_item_behavior_create(s->animator, &def, &j->grid[i], 1, &behavior)) || !sample_add(s, behavior)
            || !jelly_attach(s, j->grid[i], j->view) || (i + 1 != 5 && !jelly_attach(s, j->grid[i], j->grid[next_tags[i]]))) {
            return false;
        }
    }
    return true;
}

static bool jelly_build(sample *s)
{
    jelly_state *j = sample_new_state(s, sizeof *j);
    if (j == NULL || !sample_create_animator(s, &SCREEN_BOUNDS, SCREEN_BOUNDS)) {
        return false;
    }
    const anima_vec2 center = { SCREEN_WIDTH / 2, 100.0 };   /* the top row 40 pt below the top */
    if (!sample_item(s, center, (anima_size){ ALERT_WIDTH, ALERT_HEIGHT }, ANIMA_SHAPE_RECTANGLE, &j->view)
        || !sample_style(s, j->view, (color){ 0, 0, 0, 0 }, true)) {
        return false;
    }
    for (int tag = 1; tag <= 9; tag++) {
        const int column = (tag - 1) % 3, row = (tag - 1) / 3;
        const anima_vec2 c = { center.x + (column - 1) * ALERT_WIDTH / 2, center.y + (row - 1) * ALERT_HEIGHT / 2 };
        if (!sample_item(s, c, (anima_size){ GRID_SIDE, GRID_SIDE }, ANIMA_SHAPE_RECTANGLE, &j->grid[tag - 1])
            || !sample_style(s, j->grid[tag - 1], (color){ 250, 250, 255, 255 }, false)) {
            return false;
        }
    }
    if (!jelly_establish_dynamics(s)) {
        return false;
    }
    /* Gravity pulls the alert and its grid; the grid alone collides, with the ledge and (the
       samples' addition, so that throws stay in view) the view's bounds. */
    anima_behavior gravity, collision;
    if (!sample_gravity(s, &j->view, 1, &gravity)) {
        return false;
    }
    for (int i = 0; i < 9; i++) {
        if (!CHECK(s, anima_behavior_add_item(gravity, j->grid[i]))) {
            return false;
        }
    }
    const anima_vec2 ledge_left = { 0.0, LEDGE_Y }, ledge_right = { SCREEN_WIDTH, LEDGE_Y };
    return sample_collision(s, j->grid, 9, true, &collision)
        && CHECK(s, anima_collision_add_boundary_segment(collision, "ledge", ledge_left, ledge_right))
        && sample_add(s, gravity) && sample_add(s, collision);
}

/* Listing 6-9's cornerCurve, flattened and filled: quadratic curves from tag 1 through the
   destinations 3, 9, 7, 1 with the control points 2, 6, 8, 4. */
static void jelly_draw_under(sample *s, draw *d)
{
    jelly_state *j = s->state;
    static const int destinations[4] = { 2, 8, 6, 0 };
    static const int control_points[4] = { 1, 5, 7, 3 };
    enum { pieces = 12 };
    anima_vec2 outline[2 + 4 * pieces];
    int n = 0;
    anima_vec2 from;
    if (!scene_draw_pose(s, j->grid[4], &outline[n++], NULL) || !scene_draw_pose(s, j->grid[0], &from, NULL)) {
        return;
    }
    outline[n++] = from;
    for (int i = 0; i < 4; i++) {
        anima_vec2 to, control;
        if (!scene_draw_pose(s, j->grid[destinations[i]], &to, NULL) || !scene_draw_pose(s, j->grid[control_points[i]], &control, NULL)) {
            return;
        }
        for (int k = 1; k <= pieces; k++) {
            const double t = (double)k / pieces, u = 1.0 - t;
            outline[n++] = (anima_vec2){ u * u * from.x + 2 * u * t * control.x + t * t * to.x,
                                         u * u * from.y + 2 * u * t * control.y + t * t * to.y };
        }
        from = to;
    }
    draw_fill_polygon(d, outline, n, (color){ 110, 170, 250, 255 });   /* a fan about the centre (tag 5) */
    draw_polygon(d, outline + 1, n - 1, (color){ 60, 100, 170, 255 });
    const anima_vec2 label = draw_to_pixels(d, outline[0]);
    draw_text(d, (int)label.x - 15 * d->text_scale, (int)label.y - 20 * d->text_scale, (color){ 20, 30, 60, 255 }, "Alert!");
}

const scene_def scene_jelly = {
    .name = "jelly",
    .summary = "6-8, 6-9: a jelly alert on a 3 x 3 grid. Drag it",
    .build = jelly_build,
    .draw_under = jelly_draw_under,
};

/* ------------------------------------------------------------------ spinners (6-7) */

#define CELL_COUNT 40
#define CELL_SIDE 80.0
#define CELL_PITCH 100.0
#define LIST_WIDTH 320.0
#define LIST_HEIGHT 100.0
#define WHEEL_SPEED 900.0     /* pt/s of scrolling per wheel notch */

typedef struct spinners_state {
    anima_item cells[CELL_COUNT];
    anima_behavior cell_layout;   /* holds every cell */
    anima_behavior spinner;       /* the item behavior of the cells in view */
    double offset;                /* contentOffset.x */
    double previous_offset;       /* previousScrollViewXOffset */
    double speed;                 /* scrollSpeed, points per frame */
    double velocity;              /* the scroll view's own motion, pt/s */
} spinners_state;

static bool contains(const anima_item *items, int32_t count, anima_item item)
{
    for (int32_t k = 0; k < count; k++) {
        if (same_item(items[k], item)) {
            return true;
        }
    }
    return false;
}

/* Listing 6-7's prepareLayout: the spinner holds the cells in view and gives them impulses. */
static bool prepare_layout(sample *s)
{
    spinners_state *l = s->state;
    anima_item items[CELL_COUNT], spinner_items[CELL_COUNT];
    int32_t item_count = 0, spinner_count = 0;
    const anima_rect visible = { l->offset, 0.0, LIST_WIDTH, LIST_HEIGHT };
    if (!CHECK(s, anima_animator_items_in_rect(s->animator, visible, items, CELL_COUNT, &item_count))
        || !CHECK(s, anima_behavior_get_items(l->spinner, spinner_items, CELL_COUNT, &spinner_count))) {
        return false;
    }
    for (int32_t k = 0; k < spinner_count; k++) {   /* clean up any item that's now offscreen */
        if (!contains(items, item_count, spinner_items[k]) && !CHECK(s, anima_behavior_remove_item(l->spinner, spinner_items[k]))) {
            return false;
        }
    }
    if (!CHECK(s, anima_behavior_get_items(l->spinner, spinner_items, CELL_COUNT, &spinner_count))) {
        return false;
    }
    for (int32_t k = 0; k < item_count; k++) {   /* add all onscreen items */
        if (!contains(spinner_items, spinner_count, items[k]) && !CHECK(s, anima_behavior_add_item(l->spinner, items[k]))) {
            return false;
        }
    }
    if (!CHECK(s, anima_behavior_get_items(l->spinner, spinner_items, CELL_COUNT, &spinner_count))) {
        return false;
    }
    double impulse = (l->speed / LIST_WIDTH) * (M_PI / 4) / 4;   /* add impulses (one variable, as in the listing) */
    for (int32_t k = 0; k < spinner_count; k++) {
        double rotation = 0.0;
        if (!CHECK(s, anima_item_get_rotation(spinner_items[k], &rotation))) {
            return false;
        }
        rotation = atan2(sin(rotation), cos(rotation));
        if (fabs(rotation) > M_PI / 32) {
            impulse = -rotation * 0.01;
        }
        if (!CHECK(s, anima_item_behavior_add_angular_velocity(l->spinner, spinner_items[k], impulse))) {
            return false;
        }
    }
    return true;
}

static void spinners_camera(sample *s)
{
    const spinners_state *l = s->state;
    s->camera = (anima_rect){ l->offset, LIST_HEIGHT / 2 - SCREEN_HEIGHT / 2, SCREEN_WIDTH, SCREEN_HEIGHT };
}

static bool spinners_build(sample *s)
{
    spinners_state *l = sample_new_state(s, sizeof *l);
    if (l == NULL || !sample_create_animator(s, NULL, SCREEN_BOUNDS)
        || !CHECK(s, anima_behavior_create(s->animator, &l->cell_layout))) {
        return false;
    }
    for (int i = 0; i < CELL_COUNT; i++) {
        if (!sample_item(s, (anima_vec2){ CELL_PITCH / 2 + CELL_PITCH * i, LIST_HEIGHT / 2 }, (anima_size){ CELL_SIDE, CELL_SIDE },
                         ANIMA_SHAPE_RECTANGLE, &l->cells[i])
            || !CHECK(s, anima_behavior_add_item(l->cell_layout, l->cells[i]))) {
            return false;
        }
    }
    anima_item_behavior_def spinner_def = anima_default_item_behavior_def();
    spinner_def.allows_rotation = true;
    spinner_def.angular_resistance = 1.0;   /* see examples/c/spinners.c: the listing's spring has no damping */
    l->velocity = 1500.0;                    /* the list opens with a fling */
    spinners_camera(s);
    return CHECK(s, anima_item_behavior_create(s->animator, &spinner_def, NULL, 0, &l->spinner))
        && sample_add(s, l->cell_layout) && sample_add(s, l->spinner);
}

/* The scroll view: it coasts at UIScrollView's normal deceleration (0.998 per ms), stops at its
   ends, reports its offset (scrollViewDidScroll:), and the layout runs. */
static bool spinners_update(sample *s, double dt)
{
    spinners_state *l = s->state;
    const double end = CELL_PITCH * CELL_COUNT - LIST_WIDTH;
    l->offset += l->velocity * dt;
    l->velocity *= pow(0.998, dt * 1000.0);
    if (l->offset < 0.0 || l->offset > end) {
        l->offset = fmin(fmax(l->offset, 0.0), end);
        l->velocity = 0.0;
    }
    if (fabs(l->velocity) < 5.0) {
        l->velocity = 0.0;
    }
    l->speed = l->offset - l->previous_offset;
    l->previous_offset = l->offset;
    spinners_camera(s);
    return prepare_layout(s);
}

static bool spinners_scroll(sample *s, double dx, double dy)
{
    spinners_state *l = s->state;
    l->velocity += (dx - dy) * WHEEL_SPEED;
    return true;
}

static bool spinners_key(sample *s, int key, bool down)
{
    if (down && (key == SAMPLE_KEY_LEFT || key == SAMPLE_KEY_RIGHT)) {
        ((spinners_state *)s->state)->velocity += key == SAMPLE_KEY_RIGHT ? WHEEL_SPEED : -WHEEL_SPEED;
    }
    return true;
}

static void spinners_draw_under(sample *s, draw *d)
{
    const spinners_state *l = s->state;
    const anima_vec2 frame[4] = { { l->offset, 0.0 }, { l->offset + LIST_WIDTH, 0.0 },
                                  { l->offset + LIST_WIDTH, LIST_HEIGHT }, { l->offset, LIST_HEIGHT } };
    draw_fill_polygon(d, frame, 4, (color){ 50, 54, 66, 255 });
    draw_polygon(d, frame, 4, (color){ 120, 120, 140, 255 });
}

static void spinners_draw_over(sample *s, draw *d)
{
    const spinners_state *l = s->state;
    for (int i = 0; i < CELL_COUNT; i++) {
        anima_vec2 c;
        if (!scene_draw_pose(s, l->cells[i], &c, NULL)) {
            return;
        }
        const anima_vec2 p = draw_to_pixels(d, c);
        char label[8];
        snprintf(label, sizeof label, "%d", i);
        draw_text(d, (int)p.x - draw_text_width(d, label) / 2, (int)p.y - 3 * d->text_scale, (color){ 20, 20, 30, 255 }, label);
    }
}

static void spinners_info(sample *s, char *text, size_t size)
{
    const spinners_state *l = s->state;
    snprintf(text, size, "offset %.0f pt, scroll speed %.1f pt/frame", l->offset, l->speed);
}

const scene_def scene_spinners = {
    .name = "spinners",
    .summary = "6-7: cells spin as the list scrolls. Wheel: scroll",
    .build = spinners_build,
    .update = spinners_update,
    .scroll = spinners_scroll,
    .key = spinners_key,
    .draw_under = spinners_draw_under,
    .draw_over = spinners_draw_over,
    .info = spinners_info,
};

/* ------------------------------------------------------------------ device_gravity (6-4) */

#define DEVICE_ITEMS 5
#define TILT_STEP (10.0 * M_PI / 180.0)

typedef struct device_state {
    anima_item items[DEVICE_ITEMS];
    anima_behavior gravity;
    anima_behavior boundary;
    double roll;     /* radians, positive: rolled to the left */
    double pitch;    /* radians, positive: laid back toward face up */
    anima_vec2 acceleration_xy;
    double acceleration_z;
} device_state;

/* The accelerometer of a device held upright, rolled and pitched, and Listing 6-4's vector
   (x, -(y + 0.5)): upright (0, 0.5); rolled 50 degrees left (-0.77, 0.14); face up (0, -0.5). */
static bool device_apply(sample *s)
{
    device_state *st = s->state;
    st->acceleration_xy = (anima_vec2){ -sin(st->roll) * cos(st->pitch), -cos(st->roll) * cos(st->pitch) };
    st->acceleration_z = -sin(st->pitch);
    const anima_vec2 vector = { st->acceleration_xy.x, -(st->acceleration_xy.y + 0.5) };
    return CHECK(s, anima_gravity_set_direction(st->gravity, vector));
}

static bool device_build(sample *s)
{
    device_state *st = sample_new_state(s, sizeof *st);
    if (st == NULL || !sample_create_animator(s, &SCREEN_BOUNDS, SCREEN_BOUNDS)) {
        return false;
    }
    if (!sample_gravity(s, NULL, 0, &st->gravity) || !sample_collision(s, NULL, 0, true, &st->boundary)) {
        return false;
    }
    for (int i = 0; i < DEVICE_ITEMS; i++) {
        if (!sample_item(s, (anima_vec2){ 60.0 + 50.0 * i, 200.0 }, (anima_size){ 40.0, 40.0 }, ANIMA_SHAPE_RECTANGLE,
                         &st->items[i])
            || !CHECK(s, anima_behavior_add_item(st->gravity, st->items[i]))
            || !CHECK(s, anima_behavior_add_item(st->boundary, st->items[i]))) {
            return false;
        }
    }
    return device_apply(s) && sample_add(s, st->gravity) && sample_add(s, st->boundary);
}

static bool device_key(sample *s, int key, bool down)
{
    device_state *st = s->state;
    if (!down) {
        return true;
    }
    switch (key) {
    case SAMPLE_KEY_LEFT: st->roll = fmin(st->roll + TILT_STEP, M_PI); break;
    case SAMPLE_KEY_RIGHT: st->roll = fmax(st->roll - TILT_STEP, -M_PI); break;
    case SAMPLE_KEY_UP: st->pitch = fmin(st->pitch + TILT_STEP, M_PI / 2); break;
    case SAMPLE_KEY_DOWN: st->pitch = fmax(st->pitch - TILT_STEP, -M_PI / 2); break;
    default: return true;
    }
    return device_apply(s);
}

static void device_draw_over(sample *s, draw *d)
{
    device_state *st = s->state;
    anima_vec2 g;
    if (!CHECK(s, anima_gravity_get_direction(st->gravity, &g))) {
        return;
    }
    const anima_vec2 c = { SCREEN_WIDTH / 2, SCREEN_HEIGHT / 2 };
    const anima_vec2 tip = { c.x + 120 * g.x, c.y + 120 * g.y };
    const color arrow = { 255, 220, 120, 220 };
    draw_segment(d, c, tip, arrow);
    draw_dot(d, tip, 7, arrow);
    draw_dot(d, c, 3, arrow);
}

static void device_info(sample *s, char *text, size_t size)
{
    device_state *st = s->state;
    snprintf(text, size, "roll %+.0f pitch %+.0f deg, a = (%.2f, %.2f, %.2f) g", st->roll * 180 / M_PI + 0.0,
             st->pitch * 180 / M_PI + 0.0, st->acceleration_xy.x + 0.0, st->acceleration_xy.y + 0.0,
             st->acceleration_z + 0.0);
}

const scene_def scene_device_gravity = {
    .name = "device_gravity",
    .summary = "6-4: the arrow keys tilt the device",
    .build = device_build,
    .key = device_key,
    .draw_over = device_draw_over,
    .info = device_info,
};

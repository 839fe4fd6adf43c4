/*
 * scenes_fluid.c: a card thrown between the corners of the screen, after Apple's WWDC 2018
 * session 803 "Designing Fluid Interfaces": it follows the finger one to one, rubber-bands past
 * the edges, and on release goes to the corner nearest to where its momentum would carry it,
 * keeping its velocity; a grab at any time interrupts that without a jump.
 *
 * The card is dragged by the scene itself (not by grab.c): while held, no behavior governs it
 * and its centre is set from the pointer; on release a snap behavior takes it to the corner,
 * starting with the release velocity. The two formulas (rubber band, momentum projection) are
 * the engine's (anima_rubber_band_clamp, anima_project_momentum), in two small functions below.
 */
#include "scenes.h"

#include <math.h>
#include <stdio.h>

#define CARD_WIDTH 120.0
#define CARD_HEIGHT 160.0
#define MARGIN 20.0
#define RUBBER_BAND_CONSTANT 0.55           /* c in Apple's formula */
#define DECELERATION_RATE 0.998             /* UIScrollView.DecelerationRate.normal, per millisecond */

typedef struct fluid_state {
    anima_item card;
    anima_behavior snap;          /* while going to a corner */
    bool held;
    anima_vec2 offset;            /* the card's unbanded centre minus the pointer */
    bool has_projection;
    anima_vec2 projected;         /* where the last release's momentum would carry the card */
    int corner;                   /* the corner it was sent to */
} fluid_state;

/*
 * The rubber band of UIScrollView, from WWDC 2018 "Designing Fluid Interfaces": a drag of x
 * points past an edge shows the content (1 - 1 / (x c / d + 1)) d past it, with c = 0.55 and d
 * the view's dimension along that axis; it starts at the finger's rate and never reaches d.
 * The engine's anima_rubber_band_clamp applies it to each axis of the card's centre, held to the
 * centres that keep the card inside the view.
 */
static bool banded(sample *s, anima_vec2 free_center, anima_vec2 *out)
{
    return CHECK(s, anima_rubber_band_clamp(free_center.x, CARD_WIDTH / 2, SCREEN_WIDTH - CARD_WIDTH / 2, SCREEN_WIDTH,
                                            RUBBER_BAND_CONSTANT, &out->x))
        && CHECK(s, anima_rubber_band_clamp(free_center.y, CARD_HEIGHT / 2, SCREEN_HEIGHT - CARD_HEIGHT / 2, SCREEN_HEIGHT,
                                            RUBBER_BAND_CONSTANT, &out->y));
}

/* The rubber band's inverse on one axis: the drag x that shows y points past the edge
   (0 <= y < d), so that a card caught past an edge does not jump. */
static double rubber_band_inverse(double y, double c, double d)
{
    y = fmin(y, 0.999 * d);
    return d / c * (1.0 / (1.0 - y / d) - 1.0);
}

static double unband_axis(double shown, double half, double d)
{
    if (shown < half) {
        return half - rubber_band_inverse(half - shown, RUBBER_BAND_CONSTANT, d);
    }
    if (shown > d - half) {
        return d - half + rubber_band_inverse(shown - (d - half), RUBBER_BAND_CONSTANT, d);
    }
    return shown;
}

/* The unbanded centre of a card shown at `shown`. */
static anima_vec2 unbanded(anima_vec2 shown)
{
    return (anima_vec2){ unband_axis(shown.x, CARD_WIDTH / 2, SCREEN_WIDTH),
                         unband_axis(shown.y, CARD_HEIGHT / 2, SCREEN_HEIGHT) };
}

/*
 * Momentum projection, from the same WWDC 2018 session: where a release velocity (pt/s) would
 * carry a position under UIScrollView's deceleration rate r per millisecond. The session sums
 * the per-millisecond decay, position + velocity / 1000 x r / (1 - r); the engine's
 * anima_project_momentum integrates it, position + velocity / (-1000 ln r): 0.4995 s instead of
 * 0.4990 s of velocity at r = 0.998.
 */
static bool project(sample *s, anima_vec2 position, anima_vec2 velocity, anima_vec2 *out)
{
    return CHECK(s, anima_project_momentum(position, velocity, DECELERATION_RATE, out));
}

static anima_vec2 corner_center(int corner)
{
    const double left = MARGIN + CARD_WIDTH / 2, right = SCREEN_WIDTH - MARGIN - CARD_WIDTH / 2;
    const double top = MARGIN + CARD_HEIGHT / 2, bottom = SCREEN_HEIGHT - MARGIN - CARD_HEIGHT / 2;
    return (anima_vec2){ (corner & 1) ? right : left, (corner & 2) ? bottom : top };
}

/* Sends the card from where it is to the corner nearest its projected position, with velocity. */
static bool throw_card(sample *s, anima_vec2 velocity)
{
    fluid_state *st = s->state;
    anima_vec2 c;
    if (!CHECK(s, anima_item_get_center(st->card, &c))) {
        return false;
    }
    if (!project(s, c, velocity, &st->projected)) {
        return false;
    }
    st->has_projection = true;
    double nearest = INFINITY;
    for (int k = 0; k < 4; k++) {
        const anima_vec2 p = corner_center(k);
        const double distance = hypot(p.x - st->projected.x, p.y - st->projected.y);
        if (distance < nearest) {
            nearest = distance;
            st->corner = k;
        }
    }
    return CHECK(s, anima_snap_create(s->animator, st->card, corner_center(st->corner), &st->snap))
        && CHECK(s, anima_animator_add_behavior(s->animator, st->snap))
        && CHECK(s, anima_item_set_linear_velocity(st->card, velocity));
}

static bool fluid_build(sample *s)
{
    fluid_state *st = sample_new_state(s, sizeof *st);
    return st != NULL && sample_create_animator(s, &SCREEN_BOUNDS, SCREEN_BOUNDS)
        && sample_item(s, (anima_vec2){ SCREEN_WIDTH / 2, SCREEN_HEIGHT / 2 }, (anima_size){ CARD_WIDTH, CARD_HEIGHT },
                       ANIMA_SHAPE_RECTANGLE, &st->card)
        && sample_style(s, st->card, (color){ 235, 235, 245, 255 }, false)
        && throw_card(s, (anima_vec2){ 600.0, -900.0 });   /* the scene opens with a throw */
}

/* A press on the card takes it, wherever it is going: the snap goes, the card stays put. */
static bool fluid_press(sample *s, anima_vec2 point, double time, bool *taken)
{
    fluid_state *st = s->state;
    anima_vec2 c;
    (void)time;
    *taken = false;
    if (!CHECK(s, anima_item_get_center(st->card, &c))) {
        return false;
    }
    if (fabs(point.x - c.x) > CARD_WIDTH / 2 || fabs(point.y - c.y) > CARD_HEIGHT / 2) {
        return true;
    }
    if (anima_behavior_is_valid(st->snap) && !CHECK(s, anima_behavior_destroy(st->snap))) {
        return false;
    }
    st->snap = anima_behavior_null();
    const anima_vec2 free_center = unbanded(c);
    st->offset = (anima_vec2){ free_center.x - point.x, free_center.y - point.y };
    st->held = true;
    st->has_projection = false;
    s->scene_held = st->card;
    *taken = true;
    return CHECK(s, anima_item_set_linear_velocity(st->card, (anima_vec2){ 0.0, 0.0 }))
        && CHECK(s, anima_item_set_angular_velocity(st->card, 0.0));
}

static bool fluid_move(sample *s, anima_vec2 point, double time)
{
    fluid_state *st = s->state;
    (void)time;
    if (!st->held) {
        return true;
    }
    const anima_vec2 free_center = { point.x + st->offset.x, point.y + st->offset.y };
    anima_vec2 shown;
    return banded(s, free_center, &shown) && CHECK(s, anima_item_set_center(st->card, shown));
}

static bool fluid_release(sample *s, anima_vec2 point, double time, anima_vec2 velocity)
{
    fluid_state *st = s->state;
    if (!st->held) {
        return true;
    }
    st->held = false;
    return fluid_move(s, point, time) && throw_card(s, velocity);
}

static void fluid_draw_under(sample *s, draw *d)
{
    const fluid_state *st = s->state;
    for (int k = 0; k < 4; k++) {
        const anima_vec2 c = corner_center(k);
        const anima_vec2 outline[4] = { { c.x - CARD_WIDTH / 2, c.y - CARD_HEIGHT / 2 }, { c.x + CARD_WIDTH / 2, c.y - CARD_HEIGHT / 2 },
                                        { c.x + CARD_WIDTH / 2, c.y + CARD_HEIGHT / 2 }, { c.x - CARD_WIDTH / 2, c.y + CARD_HEIGHT / 2 } };
        draw_polygon(d, outline, 4, k == st->corner ? (color){ 120, 160, 240, 255 } : (color){ 80, 84, 100, 255 });
    }
    if (st->has_projection) {
        const color c = { 250, 210, 120, 255 };
        draw_segment(d, (anima_vec2){ st->projected.x - 6, st->projected.y - 6 },
                     (anima_vec2){ st->projected.x + 6, st->projected.y + 6 }, c);
        draw_segment(d, (anima_vec2){ st->projected.x - 6, st->projected.y + 6 },
                     (anima_vec2){ st->projected.x + 6, st->projected.y - 6 }, c);
    }
}

static void fluid_info(sample *s, char *text, size_t size)
{
    const fluid_state *st = s->state;
    static const char *const corners[4] = { "top left", "top right", "bottom left", "bottom right" };
    if (st->held) {
        snprintf(text, size, "held: it follows, rubber-banded past the edges");
    } else if (st->has_projection) {
        snprintf(text, size, "projected to (%.0f, %.0f): %s", st->projected.x, st->projected.y, corners[st->corner]);
    }
}

const scene_def scene_fluid_card = {
    .name = "fluid_card",
    .summary = "WWDC18 fluid interfaces: throw the card to a corner",
    .build = fluid_build,
    .press = fluid_press,
    .move = fluid_move,
    .release = fluid_release,
    .draw_under = fluid_draw_under,
    .info = fluid_info,
};

/*
 * grab.c: picking, grabbing and the pointer's velocity, on the engine's gesture API.
 *
 * The first version of this file (before the gesture API) did the same by hand: items_in_rect
 * and its own shape tests, an 8 Hz anchor attachment, its own least-squares tracker.
 */
#include "grab.h"

#include <math.h>

/* ------------------------------------------------------------------ velocity */

void tracker_reset(pointer_tracker *t)
{
    t->tracker = anima_default_velocity_tracker();
    t->empty = true;
}

anima_status tracker_add(pointer_tracker *t, anima_vec2 point, double time)
{
    const anima_status status = anima_velocity_tracker_add(&t->tracker, time, point);
    if (status == ANIMA_OK) {
        t->last = point;
        t->empty = false;
    }
    return status;
}

anima_status tracker_velocity(const pointer_tracker *t, double time, anima_vec2 *out_velocity)
{
    return anima_velocity_tracker_get_velocity(&t->tracker, time, out_velocity);
}

/* ------------------------------------------------------------------ the grabbed point */

/* A point of the reference space in an item's own coordinates (unturned, unscaled), or back. */
static bool item_frame(sample *s, anima_item item, anima_vec2 *center, anima_transform *t)
{
    if (!CHECK(s, anima_item_get_center(item, center)) || !CHECK(s, anima_item_get_transform(item, t))) {
        return false;
    }
    center->x += t->translation_x;
    center->y += t->translation_y;
    return true;
}

static bool to_item(sample *s, anima_item item, anima_vec2 point, anima_vec2 *out)
{
    anima_vec2 c;
    anima_transform t;
    if (!item_frame(s, item, &c, &t)) {
        return false;
    }
    const double dx = point.x - c.x, dy = point.y - c.y, cr = cos(t.rotation), sr = sin(t.rotation);
    *out = (anima_vec2){ (cr * dx + sr * dy) / t.scale_x, (-sr * dx + cr * dy) / t.scale_y };
    return true;
}

bool grab_item_point(const grab *g, sample *s, anima_vec2 *out_point)
{
    anima_vec2 c;
    anima_transform t;
    if (!g->active || !anima_item_is_valid(g->item) || !item_frame(s, g->item, &c, &t)) {
        return false;
    }
    const double u = g->offset.x * t.scale_x, v = g->offset.y * t.scale_y, cr = cos(t.rotation), sr = sin(t.rotation);
    *out_point = (anima_vec2){ c.x + cr * u - sr * v, c.y + sr * u + cr * v };
    return true;
}

/* ------------------------------------------------------------------ grabbing */

bool grab_pick(sample *s, anima_vec2 point, anima_item *out_item, bool *found)
{
    return CHECK(s, anima_animator_item_at_point(s->animator, point, out_item, found));
}

bool grab_begin(grab *g, sample *s, anima_vec2 point, double time, bool *grabbed)
{
    *grabbed = false;
    g->active = false;
    g->pointer = point;
    anima_item item;
    bool found = false;
    if (!grab_pick(s, point, &item, &found)) {
        return false;
    }
    if (!found) {
        return true;
    }
    if (s->def->grabbed != NULL && !s->def->grabbed(s, item)) {
        return false;
    }
    anima_drag_def def = anima_default_drag_def();   /* rigid, 300 000 pt/s^2 x mass at most */
    if (!to_item(s, item, point, &g->offset)
        || !CHECK(s, anima_drag_begin(s->animator, &def, item, point, time, &g->drag))) {
        return false;
    }
    g->item = item;
    g->active = true;
    *grabbed = true;
    return true;
}

bool grab_move(grab *g, sample *s, anima_vec2 point, double time)
{
    g->pointer = point;
    if (!g->active) {
        return true;
    }
    if (!anima_drag_is_active(g->drag)) {
        g->active = false;   /* the scene took the item or the attachment away */
        return true;
    }
    return CHECK(s, anima_drag_move(g->drag, point, time));
}

bool grab_end(grab *g, sample *s, anima_vec2 point, double time, anima_vec2 *out_velocity)
{
    *out_velocity = (anima_vec2){ 0.0, 0.0 };
    if (!g->active) {
        return true;
    }
    g->active = false;
    if (!anima_drag_is_active(g->drag)) {
        return true;
    }
    if ((point.x != g->pointer.x || point.y != g->pointer.y) && !CHECK(s, anima_drag_move(g->drag, point, time))) {
        return false;
    }
    g->pointer = point;
    return CHECK(s, anima_drag_end(g->drag, time, out_velocity));
}

void grab_cancel(grab *g)
{
    g->active = false;
}

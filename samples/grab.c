/*
 * grab.c: picking, grabbing and the pointer's velocity, on the C API as it is today.
 *
 * To switch to the engine's gesture API when it lands:
 *   - grab_pick: anima_animator_items_in_rect + item_contains -> anima_animator_item_at_point;
 *   - grab_begin / grab_move / grab_end: the anchor attachment -> anima_drag_* (begin at the
 *     point, move, end with the tracked velocity; the engine then also bounds the force);
 *   - pointer_tracker: tracker_add / tracker_velocity -> anima_velocity_tracker_*.
 */
#include "grab.h"

#include <math.h>
#include <stdlib.h>

/* ------------------------------------------------------------------ velocity */

void tracker_reset(pointer_tracker *t)
{
    t->count = 0;
    t->newest = -1;
}

void tracker_add(pointer_tracker *t, anima_vec2 point, double time)
{
    if (t->count > 0 && time - t->times[t->newest] >= TRACKER_STOPPED_GAP) {
        tracker_reset(t);   /* no motion for a while: the pointer had stopped */
    }
    t->newest = (t->newest + 1) % TRACKER_CAPACITY;
    t->points[t->newest] = point;
    t->times[t->newest] = time;
    if (t->count < TRACKER_CAPACITY) {
        t->count++;
    }
}

anima_vec2 tracker_velocity(const pointer_tracker *t, double time)
{
    /* Least squares x(u) = a + b u over the samples of the horizon, u = sample time - time. */
    double n = 0.0, su = 0.0, suu = 0.0, sx = 0.0, sy = 0.0, sux = 0.0, suy = 0.0;
    for (int k = 0; k < t->count; k++) {
        const int i = (t->newest - k + TRACKER_CAPACITY) % TRACKER_CAPACITY;
        const double u = t->times[i] - time;
        if (u < -TRACKER_HORIZON) {
            break;
        }
        n += 1.0;
        su += u;
        suu += u * u;
        sx += t->points[i].x;
        sy += t->points[i].y;
        sux += u * t->points[i].x;
        suy += u * t->points[i].y;
    }
    const double denominator = n * suu - su * su;
    if (n < 2.0 || denominator <= 1e-12) {
        return (anima_vec2){ 0.0, 0.0 };
    }
    return (anima_vec2){ (n * sux - su * sx) / denominator, (n * suy - su * sy) / denominator };
}

/* ------------------------------------------------------------------ picking */

/* Where an item is drawn and how it is shaped. */
typedef struct item_geometry {
    anima_vec2 center;      /* including the transform's translation */
    double rotation;
    double scale_x, scale_y;
    anima_size size;
    anima_shape shape;
    anima_vec2 path[ANIMA_MAX_PATH_POINTS];
    int32_t path_count;
} item_geometry;

static bool read_geometry(sample *s, anima_item item, item_geometry *g)
{
    anima_transform transform;
    if (!CHECK(s, anima_item_get_center(item, &g->center)) || !CHECK(s, anima_item_get_transform(item, &transform))
        || !CHECK(s, anima_item_get_size(item, &g->size)) || !CHECK(s, anima_item_get_shape(item, &g->shape))) {
        return false;
    }
    g->center.x += transform.translation_x;
    g->center.y += transform.translation_y;
    g->rotation = transform.rotation;
    g->scale_x = transform.scale_x;
    g->scale_y = transform.scale_y;
    g->path_count = 0;
    if (g->shape == ANIMA_SHAPE_PATH) {
        return CHECK(s, anima_item_get_path(item, g->path, ANIMA_MAX_PATH_POINTS, &g->path_count));
    }
    return true;
}

/* A point of the reference space in the item's own coordinates (unturned, unscaled). */
static anima_vec2 to_item(const item_geometry *g, anima_vec2 point)
{
    const double dx = point.x - g->center.x, dy = point.y - g->center.y;
    const double c = cos(g->rotation), s = sin(g->rotation);
    return (anima_vec2){ (c * dx + s * dy) / g->scale_x, (-s * dx + c * dy) / g->scale_y };
}

static anima_vec2 from_item(const item_geometry *g, anima_vec2 local)
{
    const double u = local.x * g->scale_x, v = local.y * g->scale_y;
    const double c = cos(g->rotation), s = sin(g->rotation);
    return (anima_vec2){ g->center.x + c * u - s * v, g->center.y + s * u + c * v };
}

static bool item_contains(const item_geometry *g, anima_vec2 point)
{
    const anima_vec2 p = to_item(g, point);
    const double hw = g->size.width / 2, hh = g->size.height / 2;
    switch (g->shape) {
    case ANIMA_SHAPE_ELLIPSE:
        return (p.x / hw) * (p.x / hw) + (p.y / hh) * (p.y / hh) <= 1.0;
    case ANIMA_SHAPE_PATH: {
        /* convex and counter-clockwise on screen (y down): the point is on the same side of every edge */
        bool positive = false, negative = false;
        for (int32_t k = 0; k < g->path_count; k++) {
            const anima_vec2 a = g->path[k], b = g->path[(k + 1) % g->path_count];
            const double cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
            positive = positive || cross > 0;
            negative = negative || cross < 0;
        }
        return g->path_count >= 3 && !(positive && negative);
    }
    case ANIMA_SHAPE_RECTANGLE:
    default:
        return fabs(p.x) <= hw && fabs(p.y) <= hh;
    }
}

/* Copies a list with the two-call idiom; the caller frees *out. */
static bool copy_items(sample *s, anima_rect *rect, anima_item **out, int32_t *count)
{
    *out = NULL;
    *count = 0;
    for (int attempt = 0; attempt < 4; attempt++) {
        int32_t needed = 0;
        anima_status status = rect != NULL ? anima_animator_items_in_rect(s->animator, *rect, NULL, 0, &needed)
                                           : anima_animator_get_items(s->animator, NULL, 0, &needed);
        if (status != ANIMA_OK && status != ANIMA_ERR_BUFFER_TOO_SMALL) {
            return CHECK(s, status);
        }
        if (needed == 0) {
            return true;
        }
        anima_item *items = malloc(sizeof *items * (size_t)needed);
        if (items == NULL) {
            return sample_fail(s, "out of memory for %d items", (int)needed);
        }
        status = rect != NULL ? anima_animator_items_in_rect(s->animator, *rect, items, needed, count)
                              : anima_animator_get_items(s->animator, items, needed, count);
        if (status == ANIMA_OK) {
            *out = items;
            return true;
        }
        free(items);
        if (status != ANIMA_ERR_BUFFER_TOO_SMALL) {
            return CHECK(s, status);
        }
    }
    return sample_fail(s, "the item list kept changing");
}

bool grab_pick(sample *s, anima_vec2 point, anima_item *out_item, bool *found)
{
    *found = false;
    anima_rect rect = { point.x - 0.5, point.y - 0.5, 1.0, 1.0 };
    anima_item *candidates = NULL, *all = NULL;
    int32_t candidate_count = 0, all_count = 0;
    bool good = copy_items(s, &rect, &candidates, &candidate_count) && copy_items(s, NULL, &all, &all_count);
    /* Items that no behavior governs are not in items_in_rect: then every item is a candidate. */
    const bool everyone = candidate_count == 0;
    for (int32_t k = all_count - 1; good && k >= 0 && !*found; k--) {   /* drawn last = on top */
        bool candidate = everyone;
        for (int32_t c = 0; c < candidate_count && !candidate; c++) {
            candidate = same_item(candidates[c], all[k]);
        }
        item_geometry g;
        if (candidate && (good = read_geometry(s, all[k], &g)) && item_contains(&g, point)) {
            *out_item = all[k];
            *found = true;
        }
    }
    free(candidates);
    free(all);
    return good;
}

/* ------------------------------------------------------------------ grabbing */

bool grab_begin(grab *g, sample *s, anima_vec2 point, double time, bool *grabbed)
{
    *grabbed = false;
    tracker_reset(&g->tracker);
    tracker_add(&g->tracker, point, time);
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
    item_geometry geometry;
    if (!read_geometry(s, item, &geometry)) {
        return false;
    }
    anima_attachment_def def = anima_default_attachment_def();
    def.has_length = true;
    def.length = 0.0;
    def.frequency = GRAB_FREQUENCY;
    def.damping = GRAB_DAMPING;
    g->offset = to_item(&geometry, point);
    if (!CHECK(s, anima_attachment_create_to_anchor(s->animator, &def, item, g->offset, point, &g->attachment))) {
        return false;
    }
    if (!CHECK(s, anima_animator_add_behavior(s->animator, g->attachment))) {
        anima_behavior_destroy(g->attachment);
        return false;
    }
    g->item = item;
    g->active = true;
    *grabbed = true;
    return true;
}

bool grab_move(grab *g, sample *s, anima_vec2 point, double time)
{
    tracker_add(&g->tracker, point, time);
    g->pointer = point;
    if (!g->active) {
        return true;
    }
    if (!anima_item_is_valid(g->item) || !anima_behavior_is_valid(g->attachment)) {
        grab_cancel(g);   /* the scene took the item away */
        return true;
    }
    return CHECK(s, anima_attachment_set_anchor_point(g->attachment, point));
}

bool grab_end(grab *g, sample *s, anima_vec2 point, double time, anima_vec2 *out_velocity)
{
    if (point.x != g->pointer.x || point.y != g->pointer.y) {
        tracker_add(&g->tracker, point, time);
    }
    g->pointer = point;
    *out_velocity = tracker_velocity(&g->tracker, time);
    if (!g->active) {
        return true;
    }
    g->active = false;
    if (anima_behavior_is_valid(g->attachment) && !CHECK(s, anima_behavior_destroy(g->attachment))) {
        return false;
    }
    if (!anima_item_is_valid(g->item)) {
        return true;
    }
    return CHECK(s, anima_item_set_linear_velocity(g->item, *out_velocity));
}

void grab_cancel(grab *g)
{
    if (g->active && anima_behavior_is_valid(g->attachment)) {
        anima_behavior_destroy(g->attachment);
    }
    g->active = false;
}

bool grab_item_point(const grab *g, sample *s, anima_vec2 *out_point)
{
    item_geometry geometry;
    if (!g->active || !anima_item_is_valid(g->item) || !read_geometry(s, g->item, &geometry)) {
        return false;
    }
    *out_point = from_item(&geometry, g->offset);
    return true;
}

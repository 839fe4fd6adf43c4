/*
 * scene_draw.c: items, boundaries and debug drawing, read through the C API each frame.
 */
#include "scene_draw.h"

#include <math.h>
#include <stdlib.h>

#define MAX_TREE 4096

static const color palette[] = {
    { 246, 150, 52, 255 },  { 80, 190, 110, 255 }, { 230, 90, 100, 255 },
    { 160, 110, 230, 255 }, { 240, 200, 70, 255 }, { 70, 190, 210, 255 },
};
static const color boundary_color = { 200, 200, 210, 255 };
static const color resting_color = { 120, 120, 135, 255 };
static const color attachment_color = { 90, 220, 120, 255 };
static const color contact_color = { 255, 60, 60, 255 };
static const color bounds_color = { 90, 90, 110, 255 };

/* What scene_draw_prepare read for this frame. */
static anima_item *item_buffer = NULL;
static anima_item_state *state_buffer = NULL;   /* alpha (and the stepped poses) */
static double *pose_buffer = NULL;              /* display-time poses: x, y, rotation per item */
static int32_t item_capacity = 0;
static int32_t item_count = 0;
static anima_behavior *tree_buffer = NULL;
static int32_t tree_count = 0;

void scene_draw_free(void)
{
    free(item_buffer);
    free(state_buffer);
    free(pose_buffer);
    free(tree_buffer);
    item_buffer = NULL;
    state_buffer = NULL;
    pose_buffer = NULL;
    tree_buffer = NULL;
    item_capacity = 0;
    item_count = 0;
    tree_count = 0;
}

static color darker(color c)
{
    return (color){ (uint8_t)(c.r * 3 / 5), (uint8_t)(c.g * 3 / 5), (uint8_t)(c.b * 3 / 5), c.a };
}

static color with_alpha(color c, double alpha)
{
    c.a = (uint8_t)lround(c.a * fmin(fmax(alpha, 0.0), 1.0));
    return c;
}

/* Reads the items, their states and their display-time poses into the buffers; *count = how many. */
static bool read_items(sample *s, int32_t *count)
{
    for (int attempt = 0; attempt < 4; attempt++) {
        int32_t n = 0;
        anima_status status = anima_animator_get_items(s->animator, item_buffer, item_capacity, &n);
        if (status == ANIMA_ERR_BUFFER_TOO_SMALL || n > item_capacity) {
            const int32_t capacity = n + 64;
            anima_item *items = realloc(item_buffer, sizeof *items * (size_t)capacity);
            if (items != NULL) {
                item_buffer = items;
            }
            anima_item_state *states = realloc(state_buffer, sizeof *states * (size_t)capacity);
            if (states != NULL) {
                state_buffer = states;
            }
            double *poses = realloc(pose_buffer, sizeof *poses * 3 * (size_t)capacity);
            if (poses != NULL) {
                pose_buffer = poses;
            }
            if (items == NULL || states == NULL || poses == NULL) {
                return sample_fail(s, "out of memory for %d items", (int)n);
            }
            item_capacity = capacity;
            continue;
        }
        if (!CHECK(s, status)) {
            return false;
        }
        int32_t m = 0, p = 0;
        if (n > 0
            && (!CHECK(s, anima_animator_copy_item_states(s->animator, state_buffer, item_capacity, &m))
                || !CHECK(s, anima_animator_copy_display_poses(s->animator, pose_buffer, item_capacity, &p)))) {
            return false;
        }
        if (m != n || p != n) {
            return sample_fail(s, "copied %d states and %d poses for %d items", (int)m, (int)p, (int)n);
        }
        *count = n;
        return true;
    }
    return sample_fail(s, "the item list kept changing");
}

/* The behavior tree, depth first, into tree_buffer; *count = how many. */
static bool read_tree(sample *s, int32_t *count)
{
    if (tree_buffer == NULL && (tree_buffer = malloc(sizeof *tree_buffer * MAX_TREE)) == NULL) {
        return sample_fail(s, "out of memory for the behavior tree");
    }
    int32_t n = 0;
    anima_status status = anima_animator_get_behaviors(s->animator, tree_buffer, MAX_TREE, &n);
    if (status == ANIMA_ERR_BUFFER_TOO_SMALL) {
        n = 0;   /* more than MAX_TREE top-level behaviors: debug drawing shows none */
    } else if (!CHECK(s, status)) {
        return false;
    }
    /* Breadth-wise expansion: children are appended after their parents. */
    for (int32_t k = 0; k < n && n < MAX_TREE; k++) {
        int32_t children = 0;
        status = anima_behavior_get_children(tree_buffer[k], tree_buffer + n, MAX_TREE - n, &children);
        if (status == ANIMA_OK) {
            n += children;
        } else if (status != ANIMA_ERR_BUFFER_TOO_SMALL && !CHECK(s, status)) {
            return false;
        }
    }
    *count = n;
    return true;
}

bool scene_draw_prepare(sample *s)
{
    item_count = 0;
    tree_count = 0;
    return read_items(s, &item_count) && read_tree(s, &tree_count);
}

bool scene_draw_pose(sample *s, anima_item item, anima_vec2 *out_center, double *out_rotation)
{
    for (int32_t k = 0; k < item_count; k++) {
        if (same_item(item_buffer[k], item)) {
            *out_center = (anima_vec2){ pose_buffer[3 * k], pose_buffer[3 * k + 1] };
            if (out_rotation != NULL) {
                *out_rotation = pose_buffer[3 * k + 2];
            }
            return true;
        }
    }
    return CHECK(s, anima_item_get_center(item, out_center))
        && (out_rotation == NULL || CHECK(s, anima_item_get_rotation(item, out_rotation)));
}

/* A point given in an item's own coordinates, in the reference space, at the display's time. */
static bool item_point(sample *s, anima_item item, anima_vec2 local, anima_vec2 *out)
{
    anima_vec2 c;
    double rotation = 0.0;
    anima_transform t;
    if (!scene_draw_pose(s, item, &c, &rotation) || !CHECK(s, anima_item_get_transform(item, &t))) {
        return false;
    }
    const double u = local.x * t.scale_x, v = local.y * t.scale_y;
    const double cr = cos(rotation), sr = sin(rotation);
    *out = (anima_vec2){ c.x + t.translation_x + cr * u - sr * v, c.y + t.translation_y + sr * u + cr * v };
    return true;
}

static bool draw_item(sample *s, draw *d, anima_item item, const anima_item_state *state, const double *pose, int32_t index,
                      bool debug, bool *awake)
{
    anima_transform t;
    anima_size size;
    anima_shape shape;
    bool resting = false;
    uint64_t id = 0;
    if (!CHECK(s, anima_item_get_transform(item, &t)) || !CHECK(s, anima_item_get_size(item, &size))
        || !CHECK(s, anima_item_get_shape(item, &shape)) || !CHECK(s, anima_item_is_resting(item, &resting))
        || !CHECK(s, anima_item_get_id(item, &id))) {
        return false;
    }
    *awake = !resting;
    const item_style *style = sample_find_style(s, id);
    color fill = style != NULL ? style->fill
               : shape == ANIMA_SHAPE_ELLIPSE ? COLOR_BLUE
               : palette[index % (int32_t)(sizeof palette / sizeof palette[0])];
    const bool hidden = style != NULL && style->hidden;
    if (hidden && !debug) {
        return true;
    }
    if (debug && resting) {
        fill = resting_color;
    }
    fill = with_alpha(fill, state->alpha);
    color outline = debug ? (color){ 255, 255, 255, 255 } : darker(fill);
    if (hidden) {
        fill.a = 0;
        outline = (color){ 255, 255, 255, 120 };
    }

    const anima_vec2 center = { pose[0] + t.translation_x, pose[1] + t.translation_y };
    const double rotation = pose[2], cr = cos(rotation), sr = sin(rotation);
    anima_vec2 points[ANIMA_MAX_PATH_POINTS];
    int32_t count = 0;
    if (shape == ANIMA_SHAPE_ELLIPSE) {
        const double rx = fabs(size.width * t.scale_x) / 2, ry = fabs(size.height * t.scale_y) / 2;
        if (fill.a > 0) {
            draw_fill_ellipse(d, center, rx, ry, rotation, fill);
        }
        draw_ellipse(d, center, rx, ry, rotation, outline);
        /* a radius shows the turn */
        draw_segment(d, center, (anima_vec2){ center.x + cr * rx, center.y + sr * rx }, outline);
        return true;
    }
    if (shape == ANIMA_SHAPE_PATH) {
        if (!CHECK(s, anima_item_get_path(item, points, ANIMA_MAX_PATH_POINTS, &count))) {
            return false;
        }
    } else {
        const double hw = size.width / 2, hh = size.height / 2;
        points[0] = (anima_vec2){ -hw, -hh };
        points[1] = (anima_vec2){ hw, -hh };
        points[2] = (anima_vec2){ hw, hh };
        points[3] = (anima_vec2){ -hw, hh };
        count = 4;
    }
    for (int32_t k = 0; k < count; k++) {
        const double u = points[k].x * t.scale_x, v = points[k].y * t.scale_y;
        points[k] = (anima_vec2){ center.x + cr * u - sr * v, center.y + sr * u + cr * v };
    }
    if (fill.a > 0) {
        draw_fill_polygon(d, points, count, fill);
    }
    draw_polygon(d, points, count, outline);
    return true;
}

static bool draw_boundaries(sample *s, draw *d, anima_behavior collision, bool debug)
{
    int32_t count = 0;
    if (!CHECK(s, anima_collision_get_boundary_count(collision, &count))) {
        return false;
    }
    for (int32_t b = 0; b < count; b++) {
        const char *identifier = NULL;
        anima_vec2 points[256];
        int32_t n = 0;
        if (!CHECK(s, anima_collision_get_boundary_identifier(collision, b, &identifier))) {
            return false;
        }
        const anima_status status = anima_collision_get_boundary(collision, identifier, points, 256, &n);
        if (status == ANIMA_ERR_BUFFER_TOO_SMALL) {
            continue;   /* a boundary of more than 256 points is not drawn */
        }
        if (!CHECK(s, status)) {
            return false;
        }
        for (int32_t k = 0; k + 1 < n; k++) {
            draw_segment(d, points[k], points[k + 1], boundary_color);
        }
    }
    bool translates = false;
    anima_insets insets = { 0 };
    if (debug && CHECK(s, anima_collision_get_translates_reference_bounds(collision, &translates, &insets)) && translates) {
        anima_rect r;
        bool has = false;
        if (CHECK(s, anima_animator_get_reference_bounds(s->animator, &r, &has)) && has) {
            const anima_vec2 corners[4] = {
                { r.x + insets.left, r.y + insets.top },
                { r.x + r.width - insets.right, r.y + insets.top },
                { r.x + r.width - insets.right, r.y + r.height - insets.bottom },
                { r.x + insets.left, r.y + r.height - insets.bottom },
            };
            draw_polygon(d, corners, 4, boundary_color);
        }
    }
    return !s->failed;
}

static bool draw_attachment(sample *s, draw *d, anima_behavior attachment, const grab *g)
{
    anima_attachment_type type;
    anima_item items[2];
    int32_t count = 0;
    uint64_t id = 0;
    if (!CHECK(s, anima_attachment_get_type(attachment, &type)) || !CHECK(s, anima_behavior_get_id(attachment, &id))) {
        return false;
    }
    const anima_status status = anima_behavior_get_items(attachment, items, 2, &count);
    if (status == ANIMA_ERR_BUFFER_TOO_SMALL || count == 0) {
        return true;
    }
    if (!CHECK(s, status)) {
        return false;
    }
    const attachment_note *note = sample_find_note(s, id);
    anima_vec2 offset = note != NULL ? note->offset : (anima_vec2){ 0.0, 0.0 };
    const anima_vec2 other_offset = note != NULL ? note->other_offset : (anima_vec2){ 0.0, 0.0 };
    if (g != NULL && g->active && same_behavior(g->drag, attachment)) {
        offset = g->offset;
    }
    anima_vec2 a, b;
    if (!item_point(s, items[0], offset, &a)) {
        return false;
    }
    if (type == ANIMA_ATTACHMENT_ANCHOR || type == ANIMA_ATTACHMENT_SLIDING || count < 2) {
        if (!CHECK(s, anima_attachment_get_anchor_point(attachment, &b))) {
            return false;
        }
    } else if (!item_point(s, items[1], other_offset, &b)) {
        return false;
    }
    draw_segment(d, a, b, attachment_color);
    draw_dot(d, a, 4, attachment_color);
    draw_dot(d, b, 4, attachment_color);
    return true;
}

bool scene_draw(sample *s, draw *d, const contacts *c, const grab *g, bool debug, scene_stats *stats)
{
    stats->items = item_count;
    stats->awake = 0;
    stats->behaviors = tree_count;
    if (debug) {
        anima_rect r;
        bool has = false;
        if (!CHECK(s, anima_animator_get_reference_bounds(s->animator, &r, &has))) {
            return false;
        }
        if (has) {
            const anima_vec2 corners[4] = { { r.x, r.y }, { r.x + r.width, r.y }, { r.x + r.width, r.y + r.height },
                                            { r.x, r.y + r.height } };
            draw_polygon(d, corners, 4, bounds_color);
        }
    }
    for (int32_t k = 0; k < tree_count; k++) {
        anima_kind kind;
        if (!anima_behavior_is_valid(tree_buffer[k])) {
            continue;   /* gone since scene_draw_prepare (a scene's drawing hook) */
        }
        if (!CHECK(s, anima_behavior_get_kind(tree_buffer[k], &kind))) {
            return false;
        }
        if (kind == ANIMA_KIND_COLLISION && !draw_boundaries(s, d, tree_buffer[k], debug)) {
            return false;
        }
    }
    for (int32_t k = 0; k < item_count; k++) {
        bool awake = false;
        if (anima_item_is_valid(item_buffer[k])
            && !draw_item(s, d, item_buffer[k], &state_buffer[k], &pose_buffer[3 * k], k, debug, &awake)) {
            return false;
        }
        stats->awake += awake ? 1 : 0;
    }
    if (!debug) {
        return true;
    }
    for (int32_t k = 0; k < tree_count; k++) {
        anima_kind kind;
        if (!anima_behavior_is_valid(tree_buffer[k])) {
            continue;
        }
        if (!CHECK(s, anima_behavior_get_kind(tree_buffer[k], &kind))) {
            return false;
        }
        if (kind == ANIMA_KIND_ATTACHMENT && !draw_attachment(s, d, tree_buffer[k], g)) {
            return false;
        }
    }
    for (int32_t k = 0; k < c->count; k++) {
        draw_dot(d, c->list[k].point, 5, contact_color);
    }
    return true;
}

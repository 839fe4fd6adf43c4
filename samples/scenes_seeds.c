/*
 * scenes_seeds.c: the UIKit Dynamics chapter's listings as live scenes (examples/c has each
 * one as a checked program): gravity, gravity with collision, item properties, snap, push,
 * spring attachments, the composite bouncing spring behavior, and the UIView animation chain.
 * All in a 320 x 568 pt reference view shown at 1 pt = 1 pixel (times --window-scale).
 */
#include "scene_draw.h"
#include "scenes.h"

#include <math.h>
#include <stdio.h>

#define BALL 64.0

/* The state every scene of this file keeps: up to two items and a few behaviors. */
typedef struct seed_state {
    anima_item items[2];
    anima_behavior behaviors[4];
    anima_behavior snap;          /* snap: the snap added by the last tap */
    int phase;                    /* view_animation: 0 moving, 1 turning, 2 done */
    sample *s;                    /* for the callbacks */
} seed_state;

static seed_state *state_of(sample *s)
{
    return s->state;
}

/* The animator over the 320 x 568 pt view, and the scene's state. */
static bool begin(sample *s)
{
    seed_state *st = sample_new_state(s, sizeof *st);
    if (st == NULL) {
        return false;
    }
    st->s = s;
    return sample_create_animator(s, &SCREEN_BOUNDS, SCREEN_BOUNDS);
}

static bool ball(sample *s, double x, double y, anima_item *out)
{
    return sample_item(s, (anima_vec2){ x, y }, (anima_size){ BALL, BALL }, ANIMA_SHAPE_ELLIPSE, out);
}

static void info_center(sample *s, anima_item item, const char *label, char *text, size_t size)
{
    anima_vec2 c = { 0.0, 0.0 }, v = { 0.0, 0.0 };
    if (CHECK(s, anima_item_get_center(item, &c)) && CHECK(s, anima_item_get_linear_velocity(item, &v))) {
        snprintf(text, size, "%s at (%.0f, %.0f), %.0f pt/s", label, c.x, c.y, hypot(v.x, v.y));
    }
}

/* ------------------------------------------------------------------ gravity (Listing 13-10) */

static bool gravity_build(sample *s)
{
    seed_state *st;
    return begin(s) && (st = state_of(s)) != NULL && ball(s, 160.0, 52.0, &st->items[0])
        && sample_gravity(s, &st->items[0], 1, &st->behaviors[0]) && sample_add(s, st->behaviors[0]);
}

/* A click drops the ball again from there. */
static bool gravity_tap(sample *s, anima_vec2 point)
{
    const anima_item b = state_of(s)->items[0];
    return CHECK(s, anima_item_set_center(b, point)) && CHECK(s, anima_item_set_linear_velocity(b, (anima_vec2){ 0, 0 }))
        && CHECK(s, anima_item_set_angular_velocity(b, 0.0));
}

static void gravity_info(sample *s, char *text, size_t size)
{
    info_center(s, state_of(s)->items[0], "ball", text, size);
}

const scene_def scene_gravity = {
    .name = "gravity",
    .summary = "13-10: gravity alone. Click: drop it again there",
    .build = gravity_build,
    .tap = gravity_tap,
    .info = gravity_info,
};

/* ------------------------------------------------------------------ gravity_collision (13-12 to 13-15) */

/* Listing 13-15: opaque while touching the boundary, half transparent once it leaves it. */
static void began_contact(void *user_data, const anima_contact_event *event)
{
    seed_state *st = user_data;
    if (event->is_boundary && same_item(event->item_a, st->items[0])) {
        CHECK(st->s, anima_item_set_alpha(st->items[0], 1.0));
    }
}

static void ended_contact(void *user_data, const anima_contact_event *event)
{
    seed_state *st = user_data;
    if (event->is_boundary && same_item(event->item_a, st->items[0])) {
        CHECK(st->s, anima_item_set_alpha(st->items[0], 0.5));
    }
}

static bool gravity_collision_build(sample *s)
{
    seed_state *st;
    return begin(s) && (st = state_of(s)) != NULL && ball(s, 160.0, 52.0, &st->items[0])
        && sample_gravity(s, &st->items[0], 1, &st->behaviors[0])
        && sample_collision(s, &st->items[0], 1, true, &st->behaviors[1])
        && CHECK(s, anima_collision_set_delegate(st->behaviors[1], began_contact, ended_contact, st))
        && sample_add(s, st->behaviors[0]) && sample_add(s, st->behaviors[1]);
}

static void gravity_collision_info(sample *s, char *text, size_t size)
{
    double alpha = 0.0;
    char center[128] = "";
    info_center(s, state_of(s)->items[0], "ball", center, sizeof center);
    if (CHECK(s, anima_item_get_alpha(state_of(s)->items[0], &alpha))) {
        snprintf(text, size, "%s, alpha %.1f", center, alpha);
    }
}

const scene_def scene_gravity_collision = {
    .name = "gravity_collision",
    .summary = "13-12..15: bounds; the delegate fades it off the floor",
    .build = gravity_collision_build,
    .info = gravity_collision_info,
};

/* ------------------------------------------------------------------ item_properties (13-17, 13-18) */

static bool item_properties_build(sample *s)
{
    seed_state *st;
    anima_item_behavior_def properties = anima_default_item_behavior_def();
    properties.elasticity = 0.75;
    return begin(s) && (st = state_of(s)) != NULL && ball(s, 80.0, 52.0, &st->items[0])
        && ball(s, 240.0, 52.0, &st->items[1]) && sample_style(s, st->items[1], COLOR_ORANGE, false)
        && CHECK(s, anima_item_behavior_create(s->animator, &properties, &st->items[1], 1, &st->behaviors[0]))
        && sample_gravity(s, st->items, 2, &st->behaviors[1]) && sample_collision(s, st->items, 2, true, &st->behaviors[2])
        && sample_add(s, st->behaviors[0]) && sample_add(s, st->behaviors[1]) && sample_add(s, st->behaviors[2]);
}

const scene_def scene_item_properties = {
    .name = "item_properties",
    .summary = "13-17: right ball elasticity 0.75, left the defaults",
    .build = item_properties_build,
};

/* ------------------------------------------------------------------ snap (13-21) */

static bool snap_build(sample *s)
{
    seed_state *st;
    return begin(s) && (st = state_of(s)) != NULL
        && sample_item(s, (anima_vec2){ 160.0, 52.0 }, (anima_size){ BALL, BALL }, ANIMA_SHAPE_RECTANGLE, &st->items[0])
        && sample_style(s, st->items[0], COLOR_BLUE, false);
}

/* Listing 13-21: the tap handler. With behaviors there, remove them all, then snap to the point. */
static bool snap_tap(sample *s, anima_vec2 point)
{
    seed_state *st = state_of(s);
    int32_t count = 0;
    const anima_status status = anima_animator_get_behaviors(s->animator, NULL, 0, &count);
    if (status != ANIMA_ERR_BUFFER_TOO_SMALL && !CHECK(s, status)) {
        return false;
    }
    if (count > 0 && !CHECK(s, anima_animator_remove_all_behaviors(s->animator))) {
        return false;
    }
    if (anima_behavior_is_valid(st->snap) && !CHECK(s, anima_behavior_destroy(st->snap))) {   /* ARC would release it */
        return false;
    }
    return CHECK(s, anima_snap_create(s->animator, st->items[0], point, &st->snap)) && sample_add(s, st->snap);
}

/* A grab takes the square from its snap. */
static bool snap_grabbed(sample *s, anima_item item)
{
    seed_state *st = state_of(s);
    (void)item;
    if (anima_behavior_is_valid(st->snap)) {
        const bool good = CHECK(s, anima_behavior_destroy(st->snap));
        st->snap = anima_behavior_null();
        return good;
    }
    return true;
}

static void snap_draw_over(sample *s, draw *d)
{
    anima_vec2 p;
    seed_state *st = state_of(s);
    if (anima_behavior_is_valid(st->snap) && CHECK(s, anima_snap_get_point(st->snap, &p))) {
        const color c = { 255, 255, 255, 160 };
        draw_segment(d, (anima_vec2){ p.x - 8, p.y }, (anima_vec2){ p.x + 8, p.y }, c);
        draw_segment(d, (anima_vec2){ p.x, p.y - 8 }, (anima_vec2){ p.x, p.y + 8 }, c);
    }
}

const scene_def scene_snap = {
    .name = "snap",
    .summary = "13-21: click: the square snaps there; or throw it",
    .build = snap_build,
    .tap = snap_tap,
    .grabbed = snap_grabbed,
    .draw_over = snap_draw_over,
};

/* ------------------------------------------------------------------ push (13-23) */

static bool push_create(sample *s, anima_push_mode mode, anima_item item, anima_behavior *out)
{
    anima_push_def def = anima_default_push_def();
    def.mode = mode;
    return CHECK(s, anima_push_create(s->animator, &def, &item, 1, out)) && CHECK(s, anima_push_set_angle(*out, -1.57))
        && CHECK(s, anima_push_set_magnitude(*out, 0.5));
}

/* The listing's two pushes, and (the samples' addition) the view's bounds as a boundary, so that
   the balls stay in sight. */
static bool push_build(sample *s)
{
    seed_state *st;
    return begin(s) && (st = state_of(s)) != NULL && ball(s, 100.0, 500.0, &st->items[0])
        && ball(s, 220.0, 500.0, &st->items[1]) && sample_style(s, st->items[1], COLOR_ORANGE, false)
        && push_create(s, ANIMA_PUSH_INSTANTANEOUS, st->items[0], &st->behaviors[0])
        && push_create(s, ANIMA_PUSH_CONTINUOUS, st->items[1], &st->behaviors[1])
        && sample_collision(s, st->items, 2, true, &st->behaviors[2])
        && sample_add(s, st->behaviors[0]) && sample_add(s, st->behaviors[1]) && sample_add(s, st->behaviors[2]);
}

/* A click aims both pushes at the point; the instantaneous one acts once more. */
static bool push_tap(sample *s, anima_vec2 point)
{
    seed_state *st = state_of(s);
    for (int k = 0; k < 2; k++) {
        anima_vec2 c;
        if (!CHECK(s, anima_item_get_center(st->items[k], &c))
            || !CHECK(s, anima_push_set_angle(st->behaviors[k], atan2(point.y - c.y, point.x - c.x)))) {
            return false;
        }
    }
    return CHECK(s, anima_push_set_active(st->behaviors[0], true));
}

static void push_draw_over(sample *s, draw *d)
{
    seed_state *st = state_of(s);
    for (int k = 0; k < 2; k++) {
        anima_vec2 c, direction;
        bool active = false;
        if (scene_draw_pose(s, st->items[k], &c, NULL) && CHECK(s, anima_push_get_direction(st->behaviors[k], &direction))
            && CHECK(s, anima_push_get_active(st->behaviors[k], &active)) && active) {
            draw_segment(d, c, (anima_vec2){ c.x + 120 * direction.x, c.y + 120 * direction.y }, (color){ 255, 255, 255, 180 });
        }
    }
}

const scene_def scene_push = {
    .name = "push",
    .summary = "13-23: left instantaneous, right continuous. Click: aim",
    .build = push_build,
    .tap = push_tap,
    .draw_over = push_draw_over,
};

/* ------------------------------------------------------------------ spring attachments (13-25 to 13-29) */

static bool make_spring(sample *s, anima_behavior attachment)
{
    return CHECK(s, anima_attachment_set_frequency(attachment, 1.0)) && CHECK(s, anima_attachment_set_damping(attachment, 0.65));
}

/* The ball and the star of Listing 13-26: items[0] the ball, items[1] the star. */
static bool ball_and_star(sample *s)
{
    seed_state *st = state_of(s);
    return sample_item(s, (anima_vec2){ 160.0, 150.0 }, (anima_size){ BALL, BALL }, ANIMA_SHAPE_ELLIPSE, &st->items[0])
        && sample_item(s, (anima_vec2){ 200.0, 240.0 }, (anima_size){ BALL, BALL }, ANIMA_SHAPE_RECTANGLE, &st->items[1])
        && sample_style(s, st->items[1], (color){ 240, 200, 70, 255 }, false);
}

/* The four behaviors: gravity, collision, ball to the anchor, star to the ball. */
static bool spring_behaviors(sample *s, anima_vec2 anchor_point, anima_behavior out[4])
{
    seed_state *st = state_of(s);
    anima_attachment_def attachment = anima_default_attachment_def();
    const anima_vec2 star_offset = { -20.0, 0.0 }, zero = { 0.0, 0.0 };
    return sample_gravity(s, st->items, 2, &out[0]) && sample_collision(s, st->items, 2, false, &out[1])
        && CHECK(s, anima_attachment_create_to_anchor(s->animator, &attachment, st->items[0], zero, anchor_point, &out[2]))
        && CHECK(s, anima_attachment_create_to_item(s->animator, &attachment, st->items[1], star_offset, st->items[0], zero,
                                                    &out[3]))
        && sample_note_attachment(s, out[3], star_offset, zero)
        && CHECK(s, anima_collision_set_translates_reference_bounds(out[1], true, NULL)) && make_spring(s, out[2])
        && make_spring(s, out[3]);
}

/* Listing 13-26: the behaviors added one by one. */
static bool spring_attachment_build(sample *s)
{
    seed_state *st;
    return begin(s) && (st = state_of(s)) != NULL && ball_and_star(s)
        && spring_behaviors(s, (anima_vec2){ SCREEN_WIDTH / 2, 20.0 }, st->behaviors)
        && sample_add(s, st->behaviors[2]) && sample_add(s, st->behaviors[3]) && sample_add(s, st->behaviors[1])
        && sample_add(s, st->behaviors[0]);
}

/* Listing 13-28: -[BouncingSpringBehavior initWithItems:withAnchorPoint:], the anchor as a string. */
static bool bouncing_spring_behavior_create(sample *s, const char *anchor_point_string, anima_behavior *out)
{
    anima_vec2 anchor_point;
    anima_behavior children[4];
    if (sscanf(anchor_point_string, "{%lf, %lf}", &anchor_point.x, &anchor_point.y) != 2) {
        return sample_fail(s, "cannot read a point from \"%s\"", anchor_point_string);
    }
    if (!CHECK(s, anima_behavior_create(s->animator, out)) || !spring_behaviors(s, anchor_point, children)) {
        return false;
    }
    for (int k = 0; k < 4; k++) {
        if (!CHECK(s, anima_behavior_add_child(*out, children[k]))) {
            return false;
        }
    }
    return true;
}

/* Listing 13-29: one composite behavior, one add_behavior. */
static bool bouncing_spring_build(sample *s)
{
    seed_state *st;
    char anchor_point_string[64];
    snprintf(anchor_point_string, sizeof anchor_point_string, "{%g, %g}", SCREEN_WIDTH / 2, 20.0);
    return begin(s) && (st = state_of(s)) != NULL && ball_and_star(s)
        && bouncing_spring_behavior_create(s, anchor_point_string, &st->behaviors[0]) && sample_add(s, st->behaviors[0]);
}

/* The springs, drawn as lines: anchor to ball, ball to the star's point (-20, 0). */
static void springs_draw_under(sample *s, draw *d)
{
    seed_state *st = state_of(s);
    anima_vec2 ball_center, star_center;
    double rotation = 0.0;
    if (!scene_draw_pose(s, st->items[0], &ball_center, NULL) || !scene_draw_pose(s, st->items[1], &star_center, &rotation)) {
        return;
    }
    const anima_vec2 anchor = { SCREEN_WIDTH / 2, 20.0 };
    const anima_vec2 star_point = { star_center.x - 20.0 * cos(rotation), star_center.y - 20.0 * sin(rotation) };
    const color c = { 200, 200, 210, 255 };
    draw_segment(d, anchor, ball_center, c);
    draw_segment(d, ball_center, star_point, c);
    draw_dot(d, anchor, 6, c);
}

const scene_def scene_spring_attachment = {
    .name = "spring_attachment",
    .summary = "13-26: a ball on a spring, a star on the ball",
    .build = spring_attachment_build,
    .draw_under = springs_draw_under,
};

const scene_def scene_bouncing_spring_behavior = {
    .name = "bouncing_spring_behavior",
    .summary = "13-29: the same as one composite behavior",
    .build = bouncing_spring_build,
    .draw_under = springs_draw_under,
};

/* ------------------------------------------------------------------ view_animation (13-5 to 13-8) */

static void ball_animation_finished(void *user_data, anima_animator animator, anima_animation animation, bool finished,
                                    anima_position position);

/* Listing 13-7. */
static void start_rotation_of_ball(seed_state *st)
{
    sample *s = st->s;
    anima_animation_def def = anima_default_animation_def();
    def.duration = 1.5;
    st->phase = 1;
    if (CHECK(s, anima_animation_begin(s->animator, &def))) {
        CHECK(s, anima_item_set_transform(st->items[0], (anima_transform){ M_PI, 1.0, 1.0, 0.0, 0.0 }));
        CHECK(s, anima_animation_commit(s->animator, ball_animation_finished, st, NULL));
    }
}

/* The completion of both animations: the move, run to its end, starts the turn (Listing 13-6);
   the turn ends the chain. A cancelled animation (a click replays) does nothing. */
static void ball_animation_finished(void *user_data, anima_animator animator, anima_animation animation, bool finished,
                                    anima_position position)
{
    seed_state *st = user_data;
    (void)animator;
    (void)animation;
    (void)position;
    if (!finished) {
        return;
    }
    if (st->phase == 0) {
        start_rotation_of_ball(st);
    } else {
        st->phase = 2;
    }
}

/* Listings 13-5 and 13-6: a 10 x 10 pt transparent ball at the top grows, fades in and moves to
   the middle in 3 s (ease-in-out), then turns half a turn. */
static bool view_animation_start(sample *s)
{
    seed_state *st = state_of(s);
    const anima_item b = st->items[0];
    anima_animation_def def = anima_default_animation_def();
    def.duration = 3.0;
    st->phase = 0;
    return CHECK(s, anima_animation_cancel_all(s->animator))
        && CHECK(s, anima_item_set_center(b, (anima_vec2){ SCREEN_WIDTH / 2, 25.0 }))
        && CHECK(s, anima_item_set_size(b, (anima_size){ 10.0, 10.0 })) && CHECK(s, anima_item_set_alpha(b, 0.0))
        && CHECK(s, anima_item_set_transform(b, (anima_transform){ 0.0, 1.0, 1.0, 0.0, 0.0 }))
        && CHECK(s, anima_animation_begin(s->animator, &def))
        && CHECK(s, anima_item_set_center(b, (anima_vec2){ SCREEN_WIDTH / 2, SCREEN_HEIGHT / 2 }))
        && CHECK(s, anima_item_set_size(b, (anima_size){ 64.0, 64.0 })) && CHECK(s, anima_item_set_alpha(b, 1.0))
        && CHECK(s, anima_animation_commit(s->animator, ball_animation_finished, st, NULL));
}

static bool view_animation_build(sample *s)
{
    seed_state *st;
    return begin(s) && (st = state_of(s)) != NULL && ball(s, SCREEN_WIDTH / 2, 25.0, &st->items[0])
        && view_animation_start(s);
}

static bool view_animation_tap(sample *s, anima_vec2 point)
{
    (void)point;
    return view_animation_start(s);
}

static void view_animation_info(sample *s, char *text, size_t size)
{
    static const char *const phases[] = { "moving in (3 s)", "turning (1.5 s)", "done, click: again" };
    double rotation = 0.0, alpha = 0.0;
    if (CHECK(s, anima_item_get_rotation(state_of(s)->items[0], &rotation))
        && CHECK(s, anima_item_get_alpha(state_of(s)->items[0], &alpha))) {
        snprintf(text, size, "%s: alpha %.2f, turn %.2f", phases[state_of(s)->phase], alpha, rotation);
    }
}

const scene_def scene_view_animation = {
    .name = "view_animation",
    .summary = "13-5..8: UIView tween, then a turn. Click: replay",
    .build = view_animation_build,
    .tap = view_animation_tap,
    .info = view_animation_info,
};

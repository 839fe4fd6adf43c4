/*
 * scenes_custom.c: the Custom Behaviors chapter's first listings as live scenes: the resizable
 * (throbbing) behavior, the transform tween behavior and a custom dynamic item.
 */
#include "scenes.h"

#include <math.h>
#include <stdio.h>

/* ------------------------------------------------------------------ resizable_behavior (6-5) */

typedef struct resizable_state {
    sample *s;
    anima_item view;
    anima_behavior behavior;
    anima_size frame_size;
    double step_duration;
    bool started;
    double time;          /* the behavior's own clock: 0 at its first action, + one step per action */
    double scale;
} resizable_state;

/* The throbbing curve of Listing 6-5. */
static double throb(double t)
{
    return 1.0 + 0.5 * sin(t * M_PI * 2.0) * exp(-1.0 * t * 2.0);
}

/* The action block of Listing 6-5; the behavior says "not at rest" until its curve is done
   (Anima's replacement for the listing's clock mandate). */
static void resize_action(void *user_data, anima_behavior behavior)
{
    resizable_state *self = user_data;
    sample *s = self->s;
    (void)behavior;
    if (!self->started) {
        self->started = true;
        self->time = 0.0;
    } else {
        self->time += self->step_duration;
    }
    if (self->time > 1.5) {
        self->scale = 1.0;
        CHECK(s, anima_behavior_set_at_rest(self->behavior, true));
        CHECK(s, anima_item_set_transform(self->view, (anima_transform){ 0.0, 1.0, 1.0, 0.0, 0.0 }));
        CHECK(s, anima_animator_update_item_using_current_state(s->animator, self->view));
        return;
    }
    self->scale = throb(self->time);
    CHECK(s, anima_item_set_size(self->view, self->frame_size));
    CHECK(s, anima_item_set_transform(self->view, (anima_transform){ 0.0, self->scale, self->scale, 0.0, 0.0 }));
    CHECK(s, anima_animator_update_item_using_current_state(s->animator, self->view));
}

static bool resizable_build(sample *s)
{
    resizable_state *st = sample_new_state(s, sizeof *st);
    if (st == NULL || !sample_create_animator(s, &SCREEN_BOUNDS, SCREEN_BOUNDS)) {
        return false;
    }
    st->s = s;
    st->scale = 1.0;
    return sample_item(s, (anima_vec2){ SCREEN_WIDTH / 2, SCREEN_HEIGHT / 2 }, (anima_size){ 100, 100 },
                       ANIMA_SHAPE_RECTANGLE, &st->view)
        && CHECK(s, anima_item_get_size(st->view, &st->frame_size))
        && CHECK(s, anima_animator_get_step_duration(s->animator, &st->step_duration))
        && CHECK(s, anima_behavior_create(s->animator, &st->behavior))
        && CHECK(s, anima_behavior_set_action(st->behavior, resize_action, st))
        && CHECK(s, anima_behavior_set_at_rest(st->behavior, false)) && sample_add(s, st->behavior);
}

/* A click throbs it again. */
static bool resizable_tap(sample *s, anima_vec2 point)
{
    resizable_state *st = s->state;
    (void)point;
    st->started = false;
    return CHECK(s, anima_behavior_set_at_rest(st->behavior, false));
}

static void resizable_info(sample *s, char *text, size_t size)
{
    const resizable_state *st = s->state;
    snprintf(text, size, "t = %.2f s, scale %.3f%s", st->started ? st->time : 0.0, st->scale,
             st->started && st->time > 1.5 ? " (done: click)" : "");
}

const scene_def scene_resizable_behavior = {
    .name = "resizable_behavior",
    .summary = "6-5: a custom behavior throbs the view. Click: again",
    .build = resizable_build,
    .tap = resizable_tap,
    .info = resizable_info,
};

/* ------------------------------------------------------------------ transform_tween_behavior (6-6) */

#define VIEWS 4

/* A Core Graphics affine transform: [x y 1] [a b 0; c d 0; tx ty 1]. */
typedef struct affine { double a, b, c, d, tx, ty; } affine;

/* The listing's TransformBehavior: its item, the transforms it goes between, and the progress. */
typedef struct transform_behavior {
    sample *s;
    anima_behavior behavior;
    anima_item item;
    affine original_transform, target_transform;
    double velocity, acceleration, percent;   /* per action call: velocity += acceleration, percent += velocity */
} transform_behavior;

typedef struct tween_state {
    anima_item items[VIEWS];
    anima_behavior snaps[VIEWS];
    transform_behavior tweens[VIEWS];
    bool piled;          /* going to the pile (true) or back to the corners */
} tween_state;

typedef struct view_plan {
    anima_vec2 start;
    anima_transform start_transform;
    anima_vec2 snap_point;
    anima_transform target;
} view_plan;

static const view_plan plans[VIEWS] = {
    { { 60.0, 80.0 }, { 0.0, 1.0, 1.0, 0.0, 0.0 }, { 154.0, 278.0 }, { -0.30, 0.90, 0.90, 0.0, 0.0 } },
    { { 260.0, 80.0 }, { 0.40, 1.0, 1.0, 0.0, 0.0 }, { 166.0, 278.0 }, { -0.10, 1.00, 1.00, 0.0, 0.0 } },
    { { 60.0, 488.0 }, { -0.20, 0.80, 0.80, 0.0, 0.0 }, { 154.0, 290.0 }, { 0.10, 1.10, 1.10, 0.0, 0.0 } },
    { { 260.0, 488.0 }, { 0.0, 1.20, 1.20, 4.0, -4.0 }, { 166.0, 290.0 }, { 0.30, 1.20, 1.20, 2.0, 2.0 } },
};

static double tween(double from, double to, double percent)
{
    return from + (to - from) * percent;
}

/* The affine transform the listing makes of an item's transform, rotate, then scale, then
   translate, multiplied out: in Core Graphics' row vectors a rotation r then a scale (sx, sy) is
   [sx cos r, sy sin r; -sx sin r, sy cos r], and the translation, applied last, stays as it is. */
static affine affine_of(anima_transform t)
{
    const double cos_r = cos(t.rotation), sin_r = sin(t.rotation);
    return (affine){ t.scale_x * cos_r, t.scale_y * sin_r, -(t.scale_x * sin_r), t.scale_y * cos_r, t.translation_x,
                     t.translation_y };
}

/* The action block of Listing 6-6: an accelerating, eased-out percent tweens the transform. */
static void transform_action(void *user_data, anima_behavior behavior)
{
    transform_behavior *self = user_data;
    (void)behavior;
    const affine t1 = self->original_transform, t2 = self->target_transform;
    const double x_scale1 = sqrt(t1.a * t1.a + t1.c * t1.c), y_scale1 = sqrt(t1.b * t1.b + t1.d * t1.d);
    const double x_scale2 = sqrt(t2.a * t2.a + t2.c * t2.c), y_scale2 = sqrt(t2.b * t2.b + t2.d * t2.d);
    const double rotation1 = atan2(t1.b, t1.a), rotation2 = atan2(t2.b, t2.a);
    self->velocity = self->velocity + self->acceleration;
    self->percent = self->percent + self->velocity;
    double percent = fmin(1.0, fmax(self->percent, 0.0));
    percent = 1.0 - pow(1.0 - percent, 3);   /* EaseOut(percent, 3) */
    const anima_transform t = { tween(rotation1, rotation2, percent), tween(x_scale1, x_scale2, percent),
                                tween(y_scale1, y_scale2, percent), tween(t1.tx, t2.tx, percent),
                                tween(t1.ty, t2.ty, percent) };
    CHECK(self->s, anima_item_set_transform(self->item, t));
}

/* -[TransformBehavior initWithItem:transform:], again from the item's current transform. */
static bool transform_behavior_aim(transform_behavior *self, anima_transform target)
{
    anima_transform original;
    if (!CHECK(self->s, anima_item_get_transform(self->item, &original))) {
        return false;
    }
    self->original_transform = affine_of(original);
    self->target_transform = affine_of(target);
    self->velocity = 0.0;
    self->acceleration = 0.0025;
    self->percent = 0.0;
    return true;
}

static bool tween_build(sample *s)
{
    tween_state *st = sample_new_state(s, sizeof *st);
    if (st == NULL || !sample_create_animator(s, &SCREEN_BOUNDS, SCREEN_BOUNDS)) {
        return false;
    }
    st->piled = true;
    for (int k = 0; k < VIEWS; k++) {
        anima_item_def def = anima_default_item_def();
        def.center = plans[k].start;
        def.size = (anima_size){ 90.0, 120.0 };
        def.transform = plans[k].start_transform;
        transform_behavior *t = &st->tweens[k];
        t->s = s;
        if (!CHECK(s, anima_item_create(s->animator, &def, &st->items[k]))
            || !CHECK(s, anima_snap_create(s->animator, st->items[k], plans[k].snap_point, &st->snaps[k]))
            || !sample_add(s, st->snaps[k])) {
            return false;
        }
        t->item = st->items[k];
        if (!transform_behavior_aim(t, plans[k].target) || !CHECK(s, anima_behavior_create(s->animator, &t->behavior))
            || !CHECK(s, anima_behavior_set_action(t->behavior, transform_action, t)) || !sample_add(s, t->behavior)) {
            return false;
        }
    }
    /* The snaps move the views and the tweens alone turn them: a snap would also turn its view
       upright, against the tween, so an item behavior locks their rotation, with an ungoverned
       item's values otherwise (examples/c/transform_tween_behavior.c explains). */
    anima_item_behavior_def rotation_locked = anima_default_item_behavior_def();
    rotation_locked.allows_rotation = false;
    rotation_locked.elasticity = rotation_locked.friction = 0.2;
    rotation_locked.resistance = rotation_locked.angular_resistance = 0.1;
    anima_behavior behavior;
    return CHECK(s, anima_item_behavior_create(s->animator, &rotation_locked, st->items, VIEWS, &behavior))
        && sample_add(s, behavior);
}

/* A click sends the views back to their corners and transforms, or to the pile again. */
static bool tween_tap(sample *s, anima_vec2 point)
{
    tween_state *st = s->state;
    (void)point;
    st->piled = !st->piled;
    for (int k = 0; k < VIEWS; k++) {
        const anima_vec2 to = st->piled ? plans[k].snap_point : plans[k].start;
        if (!CHECK(s, anima_snap_set_point(st->snaps[k], to))
            || !transform_behavior_aim(&st->tweens[k], st->piled ? plans[k].target : plans[k].start_transform)) {
            return false;
        }
    }
    return true;
}

const scene_def scene_transform_tween_behavior = {
    .name = "transform_tween_behavior",
    .summary = "6-6: snaps move, custom tweens turn. Click: swap",
    .build = tween_build,
    .tap = tween_tap,
};

/* ------------------------------------------------------------------ custom_dynamic_item */

typedef struct custom_item_state {
    anima_item item;
    anima_behavior push;
    int laps;
} custom_item_state;

/* The listing: an abstract 100 x 100 item (no reference view) pushed along the diagonal. */
static bool custom_item_build(sample *s)
{
    custom_item_state *st = sample_new_state(s, sizeof *st);
    if (st == NULL || !sample_create_animator(s, NULL, SCREEN_BOUNDS)) {
        return false;
    }
    anima_push_def push = anima_default_push_def();
    push.mode = ANIMA_PUSH_CONTINUOUS;
    return sample_item(s, (anima_vec2){ 50.0, 50.0 }, (anima_size){ 100.0, 100.0 }, ANIMA_SHAPE_RECTANGLE, &st->item)
        && CHECK(s, anima_push_create(s->animator, &push, &st->item, 1, &st->push))
        && CHECK(s, anima_push_set_angle(st->push, M_PI / 4)) && CHECK(s, anima_push_set_magnitude(st->push, 1.0))
        && sample_add(s, st->push) && CHECK(s, anima_push_set_active(st->push, true));
}

/* The view shows 320 x 568 pt of an unbounded space: once the item has left it, it starts again. */
static bool custom_item_update(sample *s, double dt)
{
    custom_item_state *st = s->state;
    anima_vec2 c;
    (void)dt;
    if (!CHECK(s, anima_item_get_center(st->item, &c))) {
        return false;
    }
    if (c.x - 50.0 > SCREEN_WIDTH || c.y - 50.0 > SCREEN_HEIGHT) {
        st->laps++;
        return CHECK(s, anima_item_set_center(st->item, (anima_vec2){ 50.0, 50.0 }))
            && CHECK(s, anima_item_set_linear_velocity(st->item, (anima_vec2){ 0.0, 0.0 }));
    }
    return true;
}

/* The listing's log line. */
static void custom_item_info(sample *s, char *text, size_t size)
{
    custom_item_state *st = s->state;
    anima_vec2 c;
    anima_size b;
    anima_transform t;
    if (CHECK(s, anima_item_get_center(st->item, &c)) && CHECK(s, anima_item_get_size(st->item, &b))
        && CHECK(s, anima_item_get_transform(st->item, &t))) {
        snprintf(text, size, "Bounds [0, 0, %g, %g], Center (%.0f %.0f), Theta %.1f", b.width, b.height, c.x, c.y,
                 t.rotation);
    }
}

const scene_def scene_custom_dynamic_item = {
    .name = "custom_dynamic_item",
    .summary = "an abstract item, no reference view, pushed at pi/4",
    .build = custom_item_build,
    .update = custom_item_update,
    .info = custom_item_info,
};

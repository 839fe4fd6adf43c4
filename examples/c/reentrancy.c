/*
 * reentrancy.c: callbacks that call back into the API, and sequences that once crashed.
 *
 * The rules it checks (docs/c-api.md, "Callbacks"):
 *   - from any callback, item state may be read and changed and the behavior graph edited;
 *     graph edits (new items joining behaviors, behaviors added or removed) reach the physics
 *     at the next internal step, and reads see the state as of the last step;
 *   - anima_animator_advance, anima_animator_step and anima_animator_destroy return
 *     ANIMA_ERR_BUSY from a callback of that animator;
 *   - a custom field's evaluation runs inside the solver and follows the same rules;
 *   - anima_animator_interrupt from the step callback ends a long advance after that step;
 *   - an advance longer than the def's max_advance is refused with INVALID_ARGUMENT.
 * And the sequences: move an item, destroy it, step; read a mass (graph rebuilt outside a step),
 * remove every boundary, step; create items and read a mass inside a field evaluation.
 * Exits 0 when every check holds, 1 otherwise.
 */
#define _DEFAULT_SOURCE /* M_PI */
#include <anima.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

static int checks = 0;
static int failures = 0;

#define CHECK(cond, ...)                                     \
    do {                                                     \
        checks++;                                            \
        if (!(cond)) {                                       \
            failures++;                                      \
            printf("FAIL (line %d): ", __LINE__);            \
            printf(__VA_ARGS__);                             \
            printf(" [last error: %s]\n", anima_last_error_message()); \
        }                                                    \
    } while (0)

#define OK(call) CHECK((call) == ANIMA_OK, "%s", #call)

static anima_item make_ball(anima_animator animator, double x, double y, double diameter)
{
    anima_item_def def = anima_default_item_def();
    def.center = (anima_vec2){ x, y };
    def.size = (anima_size){ diameter, diameter };
    def.shape = ANIMA_SHAPE_ELLIPSE;
    anima_item item = anima_item_null();
    OK(anima_item_create(animator, &def, &item));
    return item;
}

static anima_animator make_animator(bool bounds)
{
    anima_animator_def def = anima_default_animator_def();
    if (bounds) {
        def.has_reference_bounds = true;
        def.reference_bounds = (anima_rect){ 0, 0, 320, 568 };
    }
    anima_animator animator = anima_animator_null();
    OK(anima_animator_create(&def, &animator));
    return animator;
}

/* ------------------------------------------- move, destroy, step (freed proxy) */

static void moved_then_destroyed(void)
{
    anima_animator animator = make_animator(false);
    anima_item items[2] = { make_ball(animator, 100, 100, 40), make_ball(animator, 200, 100, 40) };
    anima_gravity_def gravity_def = anima_default_gravity_def();
    anima_collision_def collision_def = anima_default_collision_def();
    anima_behavior gravity, collision;
    OK(anima_gravity_create(animator, &gravity_def, items, 2, &gravity));
    OK(anima_collision_create(animator, &collision_def, items, 2, &collision));
    OK(anima_animator_add_behavior(animator, gravity));
    OK(anima_animator_add_behavior(animator, collision));
    OK(anima_animator_step(animator));
    OK(anima_item_set_center(items[0], (anima_vec2){ 200, 60 }));
    OK(anima_item_destroy(items[0]));
    for (int k = 0; k < 10; k++) {
        OK(anima_animator_step(animator));
    }
    anima_vec2 center;
    OK(anima_item_get_center(items[1], &center));
    CHECK(center.y > 100, "the other item falls (y %.3f)", center.y);
    CHECK(!anima_item_is_valid(items[0]), "the destroyed item's handle is stale");
    printf("move, destroy, step: the other ball fell to y %.2f\n", center.y);
    OK(anima_animator_destroy(animator));
}

/* ------------------------------- boundaries freed after a rebuild outside a step */

static void boundaries_removed_after_rebuild(void)
{
    anima_animator animator = make_animator(true);
    anima_item ball = make_ball(animator, 160, 100, 64);
    anima_gravity_def gravity_def = anima_default_gravity_def();
    anima_collision_def collision_def = anima_default_collision_def();
    collision_def.translates_reference_bounds_into_boundary = true;
    anima_behavior gravity, collision;
    OK(anima_gravity_create(animator, &gravity_def, &ball, 1, &gravity));
    OK(anima_collision_create(animator, &collision_def, &ball, 1, &collision));
    OK(anima_collision_add_boundary_segment(collision, "shelf", (anima_vec2){ 0, 300 }, (anima_vec2){ 320, 300 }));
    OK(anima_animator_add_behavior(animator, gravity));
    OK(anima_animator_add_behavior(animator, collision));
    double mass = 0;
    OK(anima_item_get_mass(ball, &mass));
    OK(anima_collision_remove_all_boundaries(collision));
    OK(anima_collision_set_translates_reference_bounds(collision, false, NULL));
    for (int k = 0; k < 120; k++) {
        OK(anima_animator_step(animator));
    }
    anima_vec2 center;
    OK(anima_item_get_center(ball, &center));
    CHECK(center.y > 300, "with every boundary gone the ball falls through y 300 (y %.1f)", center.y);
    printf("boundaries removed after a rebuild: mass %.4f, ball at y %.1f after 1 s\n", mass, center.y);
    OK(anima_animator_destroy(animator));
}

/* ------------------------------------------- a field evaluation that edits the scene */

typedef struct {
    anima_animator animator;
    anima_behavior gravity;
    anima_item made[140];
    int made_count;
    int calls;
    double mass_seen;
    anima_status advance_status;
    anima_status step_status;
    anima_status destroy_status;
} field_probe;

static void editing_field(void *user_data, anima_vec2 position, anima_vec2 velocity, double mass, double charge,
                          double delta_time, anima_vec2 *out_force)
{
    (void)position;
    (void)velocity;
    (void)mass;
    (void)charge;
    (void)delta_time;
    field_probe *p = user_data;
    p->calls++;
    if (p->made_count < 140) {
        for (int k = 0; k < 70; k++) {
            anima_item item = make_ball(p->animator, 120.0 * p->made_count, 0, 64);
            OK(anima_behavior_add_item(p->gravity, item));
            p->made[p->made_count++] = item;
        }
        OK(anima_item_get_mass(p->made[p->made_count - 1], &p->mass_seen));
        p->advance_status = anima_animator_advance(p->animator, 1.0 / 60.0);
        p->step_status = anima_animator_step(p->animator);
        p->destroy_status = anima_animator_destroy(p->animator);
    }
    *out_force = (anima_vec2){ 0, 0 };
}

static void field_that_edits_the_scene(void)
{
    field_probe p;
    memset(&p, 0, sizeof p);
    p.animator = make_animator(false);
    anima_item probe = make_ball(p.animator, 0, 0, 64);
    anima_gravity_def gravity_def = anima_default_gravity_def();
    OK(anima_gravity_create(p.animator, &gravity_def, &probe, 1, &p.gravity));
    OK(anima_animator_add_behavior(p.animator, p.gravity));
    anima_field_def field_def = anima_default_field_def(ANIMA_FIELD_CUSTOM);
    anima_behavior field;
    OK(anima_field_create(p.animator, &field_def, &probe, 1, &field));
    OK(anima_field_set_evaluation(field, editing_field, &p));
    OK(anima_animator_add_behavior(p.animator, field));

    OK(anima_animator_step(p.animator));
    CHECK(p.made_count == 70, "70 items made in the first step (%d)", p.made_count);
    CHECK(fabs(p.mass_seen - M_PI * 32 * 32 / 10000) < 1e-12, "a new 64 pt ball weighs pi 32^2 / 10^4 (%g)", p.mass_seen);
    CHECK(p.advance_status == ANIMA_ERR_BUSY, "advance from a field evaluation is BUSY (%d)", p.advance_status);
    CHECK(p.step_status == ANIMA_ERR_BUSY, "step from a field evaluation is BUSY (%d)", p.step_status);
    CHECK(p.destroy_status == ANIMA_ERR_BUSY, "destroy from a field evaluation is BUSY (%d)", p.destroy_status);
    anima_vec2 start;
    OK(anima_item_get_center(p.made[0], &start));
    OK(anima_animator_step(p.animator));
    CHECK(p.made_count == 140, "70 more in the second step (%d)", p.made_count);
    anima_vec2 later;
    OK(anima_item_get_center(p.made[0], &later));
    CHECK(later.y > start.y, "items made in the first step fall from the second (%.6f -> %.6f)", start.y, later.y);
    int32_t count = 0;
    CHECK(anima_animator_get_items(p.animator, NULL, 0, &count) == ANIMA_ERR_BUFFER_TOO_SMALL && count == 141,
          "141 items (%d)", count);
    printf("field evaluation made %d items over 2 steps (%d evaluations); nested advance, step, destroy: BUSY\n",
           p.made_count, p.calls);
    OK(anima_animator_destroy(p.animator));
}

/* --------------------------------- contact callbacks that destroy and wake things */

typedef struct {
    anima_item falling;
    anima_item resting;
    int destroyed;
} contact_probe;

static void began_contact(void *user_data, const anima_contact_event *event)
{
    contact_probe *p = user_data;
    if (!p->destroyed && event->item_a.index1 == p->falling.index1 && event->item_a.generation == p->falling.generation) {
        p->destroyed = 1;
        OK(anima_item_destroy(p->falling));
        OK(anima_item_set_linear_velocity(p->resting, (anima_vec2){ 0, -300 }));
    }
}

static void contact_callback_destroys(void)
{
    anima_animator animator = make_animator(true);
    contact_probe p = { make_ball(animator, 240, 100, 64), make_ball(animator, 80, 536, 64), 0 };
    anima_item both[2] = { p.falling, p.resting };
    anima_gravity_def gravity_def = anima_default_gravity_def();
    anima_collision_def collision_def = anima_default_collision_def();
    collision_def.translates_reference_bounds_into_boundary = true;
    anima_behavior gravity, collision;
    OK(anima_gravity_create(animator, &gravity_def, both, 2, &gravity));
    OK(anima_collision_create(animator, &collision_def, both, 2, &collision));
    OK(anima_collision_set_delegate(collision, began_contact, NULL, &p));
    OK(anima_animator_add_behavior(animator, gravity));
    OK(anima_animator_add_behavior(animator, collision));
    bool running = true;
    int frames = 0;
    for (; running && frames < 600; frames++) {
        OK(anima_animator_advance(animator, 1.0 / 60.0));
        OK(anima_animator_is_running(animator, &running));
    }
    CHECK(p.destroyed, "the falling ball was destroyed from its contact callback");
    CHECK(!running, "the animator comes to rest afterwards");
    printf("contact callback destroyed the falling ball; at rest after %.2f s\n", frames / 60.0);
    OK(anima_animator_destroy(animator));
}

/* --------------------------------------------- bounded advances and interrupts */

static void interrupt_after(void *user_data, anima_animator animator)
{
    int *steps = user_data;
    if (++*steps == 100) {
        OK(anima_animator_interrupt(animator));
    }
}

static void bounded_advance(void)
{
    anima_animator_def def = anima_default_animator_def();
    CHECK(def.max_advance == 60, "max_advance defaults to 60 s (%g)", def.max_advance);
    anima_animator animator = make_animator(false);
    anima_item item = make_ball(animator, 0, 0, 64);
    anima_gravity_def gravity_def = anima_default_gravity_def();
    anima_behavior gravity;
    OK(anima_gravity_create(animator, &gravity_def, &item, 1, &gravity));
    OK(anima_animator_add_behavior(animator, gravity));
    CHECK(anima_animator_advance(animator, 1e300) == ANIMA_ERR_INVALID_ARGUMENT, "advance(1e300) is refused");
    CHECK(strstr(anima_last_error_message(), "maximum advance of 60.0 s") != NULL, "the message names the limit: %s",
          anima_last_error_message());
    CHECK(anima_animator_advance(animator, 60.5) == ANIMA_ERR_INVALID_ARGUMENT, "advance(60.5) is refused");

    int steps = 0;
    OK(anima_animator_set_step_callback(animator, interrupt_after, &steps));
    CHECK(anima_animator_advance(animator, 30) == ANIMA_ERR_INTERRUPTED, "the step callback interrupts");
    uint64_t step_count = 0;
    OK(anima_animator_get_step_count(animator, &step_count));
    CHECK(steps == 100 && step_count == 100, "interrupted after 100 steps (%d, %llu)", steps,
          (unsigned long long)step_count);
    OK(anima_animator_set_step_callback(animator, NULL, NULL));
    OK(anima_animator_advance(animator, 1.0 / 60.0));
    OK(anima_animator_get_step_count(animator, &step_count));
    CHECK(step_count == 102, "the dropped time does not come back (%llu)", (unsigned long long)step_count);

    def.max_advance = 0;
    anima_animator other;
    CHECK(anima_animator_create(&def, &other) == ANIMA_ERR_INVALID_ARGUMENT, "max_advance 0 is refused");
    def.max_advance = INFINITY;
    CHECK(anima_animator_create(&def, &other) == ANIMA_ERR_INVALID_ARGUMENT, "max_advance inf is refused");
    printf("advance(1e300) refused; the step callback interrupted a 30 s advance after %d steps\n", steps);
    OK(anima_animator_destroy(animator));
}

/* ------------------------------------------------ an animation with a tiny duration */

static void tiny_animation(void)
{
    anima_animator animator = make_animator(false);
    anima_item item = make_ball(animator, 0, 0, 64);
    anima_animation_def def = anima_default_animation_def();
    def.duration = 5e-324;
    def.repeat_count = INFINITY;
    def.autoreverses = true;
    CHECK(anima_animation_begin(animator, &def) == ANIMA_ERR_INVALID_ARGUMENT, "a 5e-324 s duration is refused");
    def.duration = 1e-6;
    OK(anima_animation_begin(animator, &def));
    OK(anima_item_set_center(item, (anima_vec2){ 100, 100 }));
    OK(anima_animation_commit(animator, NULL, NULL, NULL));
    OK(anima_animator_advance(animator, 1.0));
    anima_vec2 center;
    OK(anima_item_get_center(item, &center));
    CHECK(isfinite(center.x) && isfinite(center.y), "the centre stays finite (%g, %g)", center.x, center.y);
    printf("a 1e-6 s animation repeated for ever: centre (%.1f, %.1f) after 1 s\n", center.x, center.y);
    OK(anima_animator_destroy(animator));
}

int main(void)
{
    moved_then_destroyed();
    boundaries_removed_after_rebuild();
    field_that_edits_the_scene();
    contact_callback_destroys();
    bounded_advance();
    tiny_animation();
    if (failures > 0) {
        printf("reentrancy: %d of %d checks failed\n", failures, checks);
        return 1;
    }
    printf("reentrancy: all %d checks passed\n", checks);
    return 0;
}

/*
 * one_way_shelf.c: a shelf an item passes up through and lands on from above, made with a
 * pre-solve hook (docs/behaviors/collision.md, "Deciding per contact").
 *
 * A 200 x 10 pt anchored shelf at (160, 300) on a 320 x 568 pt screen; three 40 pt balls thrown
 * up at it from y = 450 at 650 pt/s under gravity (1000 pt/s^2), which would take them to
 * y = 450 - 650^2 / 2000 = 239. The collision behavior's hook keeps a contact with the shelf only
 * when the normal from the shelf toward the ball points up the screen (the ball is above it):
 *   - each ball rises through the shelf to y < 245, falls back and rests on its top, its centre
 *     at 275 (the shelf's top 295 less its radius), within 0.5 pt;
 *   - with the hook unset, the same throw stops under the shelf: no centre above 325;
 *   - a hook that refuses everything lets a ball fall through the shelf in free fall, with no
 *     contact began;
 *   - a snapshot lists the hook as detached (ANIMA_CALLBACK_PRE_SOLVE).
 * Prints the figures and exits 0 when all hold, 1 otherwise.
 */
#define EXAMPLE_NAME "one_way_shelf"
#include "example.h"

#include <math.h>
#include <stdlib.h>

typedef struct { anima_item shelf; int asked; } shelf_rule;

/* Keeps the contact when the ball is above the shelf: the normal from the shelf toward it points up. */
static bool one_way(void *user_data, const anima_pre_solve_contact *contact)
{
    shelf_rule *rule = user_data;
    rule->asked++;
    double up = same_item(contact->item_a, rule->shelf) ? contact->normal.y : -contact->normal.y;
    return up < -0.5;
}

static bool refuse(void *user_data, const anima_pre_solve_contact *contact)
{
    (void)user_data;
    (void)contact;
    return false;
}

static void scene(anima_animator *animator, anima_item *shelf, anima_item balls[3], anima_behavior *collision)
{
    create_animator_for_view(SCREEN_WIDTH, SCREEN_HEIGHT, animator);
    anima_item_def def = anima_default_item_def();
    def.center = (anima_vec2){160, 300};
    def.size = (anima_size){200, 10};
    ok(anima_item_create(*animator, &def, shelf), "anima_item_create");
    anima_item all[4] = {*shelf};
    for (int i = 0; i < 3; i++) {
        create_ball(*animator, (anima_vec2){100 + 60 * i, 450}, 40, &balls[i]);
        all[i + 1] = balls[i];
    }
    anima_item_behavior_def held = anima_default_item_behavior_def();
    held.anchored = true;
    anima_item_behavior_def plain = anima_default_item_behavior_def();
    anima_behavior b;
    ok(anima_item_behavior_create(*animator, &held, shelf, 1, &b), "anima_item_behavior_create");
    ok(anima_animator_add_behavior(*animator, b), "anima_animator_add_behavior");
    ok(anima_item_behavior_create(*animator, &plain, balls, 3, &b), "anima_item_behavior_create");
    ok(anima_animator_add_behavior(*animator, b), "anima_animator_add_behavior");
    anima_gravity_def g = anima_default_gravity_def();
    ok(anima_gravity_create(*animator, &g, balls, 3, &b), "anima_gravity_create");
    ok(anima_animator_add_behavior(*animator, b), "anima_animator_add_behavior");
    anima_collision_def cdef = anima_default_collision_def();
    cdef.translates_reference_bounds_into_boundary = true;
    ok(anima_collision_create(*animator, &cdef, all, 4, collision), "anima_collision_create");
    ok(anima_animator_add_behavior(*animator, *collision), "anima_animator_add_behavior");
    for (int i = 0; i < 3; i++) { ok(anima_item_set_linear_velocity(balls[i], (anima_vec2){0, -650}), "anima_item_set_linear_velocity"); }
}

/* Advances `frames` frames; the smallest centre y each ball reached. */
static void run(anima_animator animator, anima_item balls[3], int frames, double highest[3])
{
    for (int i = 0; i < 3; i++) { highest[i] = INFINITY; }
    for (int k = 0; k < frames; k++) {
        ok(anima_animator_advance(animator, 1.0 / 60.0), "anima_animator_advance");
        for (int i = 0; i < 3; i++) {
            anima_vec2 c;
            ok(anima_item_get_center(balls[i], &c), "anima_item_get_center");
            highest[i] = fmin(highest[i], c.y);
        }
    }
}

int main(void)
{
    anima_animator animator;
    anima_item shelf, balls[3];
    anima_behavior collision;
    double highest[3];

    scene(&animator, &shelf, balls, &collision);
    shelf_rule rule = {shelf, 0};
    ok(anima_collision_set_pre_solve(collision, one_way, &rule), "anima_collision_set_pre_solve");
    run(animator, balls, 240, highest);
    for (int i = 0; i < 3; i++) {
        anima_vec2 c;
        ok(anima_item_get_center(balls[i], &c), "anima_item_get_center");
        printf("one-way: ball %d rose to y = %.1f pt and rests at y = %.3f pt\n", i, highest[i], c.y);
        checkf(highest[i] < 245, "ball %d rose up through the shelf (to %.1f)", i, highest[i]);
        checkf(fabs(c.y - 275) < 0.5, "ball %d rests on the shelf's top (%.3f)", i, c.y);
    }
    checkf(rule.asked > 0, "the hook was asked (%d times)", rule.asked);

    /* a snapshot lists the hook as detached */
    int64_t size = 0;
    anima_animator_snapshot(animator, NULL, 0, &size);
    void *bytes = malloc((size_t)size);
    anima_animator copy;
    ok(anima_animator_snapshot(animator, bytes, size, &size), "anima_animator_snapshot");
    ok(anima_animator_restore(bytes, size, &copy), "anima_animator_restore");
    free(bytes);
    anima_detached_callback detached[8];
    int32_t count = 0;
    ok(anima_animator_get_detached_callbacks(copy, detached, 8, &count), "anima_animator_get_detached_callbacks");
    bool listed = false;
    for (int32_t i = 0; i < count; i++) { listed = listed || detached[i].kind == ANIMA_CALLBACK_PRE_SOLVE; }
    check(listed, "the restored animator lists the pre-solve hook to set again");
    anima_animator_destroy(copy);
    anima_animator_destroy(animator);

    scene(&animator, &shelf, balls, &collision);
    run(animator, balls, 120, highest);
    printf("no hook: the balls rose to y = %.1f, %.1f, %.1f pt\n", highest[0], highest[1], highest[2]);
    check(highest[0] > 324 && highest[1] > 324 && highest[2] > 324, "without the hook the shelf stops the balls from below");
    anima_animator_destroy(animator);

    scene(&animator, &shelf, balls, &collision);
    ok(anima_collision_set_pre_solve(collision, refuse, NULL), "anima_collision_set_pre_solve");
    for (int i = 0; i < 3; i++) {
        anima_item_set_linear_velocity(balls[i], (anima_vec2){0, 0});
        anima_item_set_center(balls[i], (anima_vec2){100 + 60 * i, 200});
    }
    int began = 0;
    for (int k = 0; k < 30; k++) {
        ok(anima_animator_advance(animator, 1.0 / 60.0), "anima_animator_advance");
        const anima_contact_event *events = NULL;
        ok(anima_animator_get_contact_events(animator, true, &events, &count), "anima_animator_get_contact_events");
        for (int32_t i = 0; i < count; i++) { began += !events[i].is_boundary; }
    }
    anima_vec2 c, v;
    ok(anima_item_get_center(balls[0], &c), "anima_item_get_center");
    ok(anima_item_get_linear_velocity(balls[0], &v), "anima_item_get_linear_velocity");
    printf("refused: after 0.5 s the ball is at y = %.2f pt, falling at %.2f pt/s\n", c.y, v.y);
    checkf(began == 0, "no contact began with the shelf (%d)", began);
    expect_near(v.y, 500, 1e-6, "the ball fell freely through the shelf: v = g t");
    anima_behavior none = {0};
    check(anima_collision_set_pre_solve(none, one_way, &rule) == ANIMA_ERR_INVALID_HANDLE, "a null behavior is refused");
    anima_animator_destroy(animator);
    return finish("%s", failures == 0 ? "the balls went up through the shelf and landed on it" : "see above");
}

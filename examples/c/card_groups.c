/*
 * card_groups.c: one small collision behavior per group of views, a pattern UIKit apps use for
 * a card and its shadow or a cell and its neighbours. An animator takes any number of them.
 *
 * 100 groups of two 40 x 40 pt boxes fall under one gravity behavior; each group has its own
 * collision behavior with the view's bounds as boundary, and no group bounces (elasticity 0).
 * Group k falls in column k % 64 of a (64 x 30 + 60) x 400 pt view, 30 pt apart, so each box
 * overlaps the columns next to its own and group k + 64 shares group k's column. The program
 * advances 60 Hz frames until the animator pauses and checks that
 *   - every call succeeds, the 100 collision behaviors included;
 *   - the animator paused within 20 s;
 *   - each group rests as a stack of two on the floor (centres y = 380 and 340 within 0.5 pt)
 *     straight below where it fell (x within 0.01 pt): boxes of different groups pass through
 *     each other, those of one group collide;
 *   - every began contact comes from the collision behavior of the boxes it names.
 * Exits 0 when all hold, 1 otherwise.
 */
#define EXAMPLE_NAME "card_groups"
#include "example.h"

#define GROUPS 100
#define COLUMNS 64
#define WIDTH (COLUMNS * 30.0 + 60.0)
#define HEIGHT 400.0

int main(void)
{
    anima_animator animator;
    if (!create_animator_for_view(WIDTH, HEIGHT, &animator)) {
        return 1;
    }

    anima_item boxes[GROUPS][2];
    anima_behavior collisions[GROUPS];
    anima_collision_def collision_def = anima_default_collision_def();
    collision_def.translates_reference_bounds_into_boundary = true;
    for (int k = 0; k < GROUPS; k++) {
        anima_item_def def = anima_default_item_def();
        def.size = (anima_size){ 40.0, 40.0 };
        def.center = (anima_vec2){ 30.0 + 30.0 * (k % COLUMNS), 300.0 };
        if (!ok(anima_item_create(animator, &def, &boxes[k][0]), "anima_item_create")) {
            return 1;
        }
        def.center.y = 200.0 - (k % 7) * 10.0;
        if (!ok(anima_item_create(animator, &def, &boxes[k][1]), "anima_item_create")
            || !ok(anima_collision_create(animator, &collision_def, boxes[k], 2, &collisions[k]), "anima_collision_create")
            || !ok(anima_animator_add_behavior(animator, collisions[k]), "anima_animator_add_behavior (collision)")) {
            return 1;
        }
    }
    anima_gravity_def gravity_def = anima_default_gravity_def();
    anima_item_behavior_def still_def = anima_default_item_behavior_def();   /* elasticity 0: no bounce */
    anima_behavior gravity;
    anima_behavior still;
    if (!ok(anima_gravity_create(animator, &gravity_def, &boxes[0][0], 2 * GROUPS, &gravity), "anima_gravity_create")
        || !ok(anima_item_behavior_create(animator, &still_def, &boxes[0][0], 2 * GROUPS, &still), "anima_item_behavior_create")
        || !ok(anima_animator_add_behavior(animator, gravity), "anima_animator_add_behavior (gravity)")
        || !ok(anima_animator_add_behavior(animator, still), "anima_animator_add_behavior (item behavior)")) {
        return 1;
    }
    printf("card_groups: %d collision behaviors of two boxes each\n", GROUPS);

    bool running = true;
    int frames = 0;
    int began = 0;
    int foreign = 0;   /* began contacts reported by a collision behavior that does not hold the box */
    while (running && frames < 20 * 60) {
        if (!ok(anima_animator_advance(animator, 1.0 / 60.0), "anima_animator_advance")) {
            return 1;
        }
        frames++;
        const anima_contact_event *events = NULL;
        int32_t count = 0;
        ok(anima_animator_get_contact_events(animator, true, &events, &count), "anima_animator_get_contact_events");
        for (int32_t i = 0; i < count; i++) {
            int group = -1;
            for (int k = 0; k < GROUPS && group < 0; k++) {
                if (boxes[k][0].index1 == events[i].item_a.index1 || boxes[k][1].index1 == events[i].item_a.index1) {
                    group = k;
                }
            }
            foreign += group < 0 || !same_behavior(events[i].collision, collisions[group]);
        }
        began += count;
        ok(anima_animator_is_running(animator, &running), "anima_animator_is_running");
    }
    printf("card_groups: paused after %d frames (%.2f s), %d contacts began\n", frames, frames / 60.0, began);

    int stacked = 0;
    int shown = 0;
    for (int k = 0; k < GROUPS; k++) {
        anima_vec2 low = { 0.0, 0.0 };
        anima_vec2 high = { 0.0, 0.0 };
        ok(anima_item_get_center(boxes[k][0], &low), "anima_item_get_center");
        ok(anima_item_get_center(boxes[k][1], &high), "anima_item_get_center");
        double x = 30.0 + 30.0 * (k % COLUMNS);
        if (fabs(low.y - 380.0) < 0.5 && fabs(high.y - 340.0) < 0.5 && fabs(low.x - x) < 0.01 && fabs(high.x - x) < 0.01) {
            stacked++;
        } else if (shown++ < 3) {
            printf("  group %d rests at (%.3f, %.3f) and (%.3f, %.3f)\n", k, low.x, low.y, high.x, high.y);
        }
    }
    check(failures == 0, "every call succeeded, the 100 collision behaviors included");
    check(!running, "the animator paused within 20 s");
    check(stacked == GROUPS, "each group rests as a stack of two straight below where it fell");
    check(began >= 2 * GROUPS && foreign == 0, "contacts begin only in the collision behavior of their boxes");
    anima_animator_destroy(animator);
    return finish("%d of %d groups stacked", stacked, GROUPS);
}

/*
 * workers.c: the contact solver on several threads, with the same result as on one.
 *
 * An animator's def sets how many threads solve its contacts (`workers`, default 1, the
 * calling thread included). Each colour of the contact graph is split into fixed shares of lane
 * groups that touch no common moving item, so the poses do not depend on the count. This
 * example pours 800 boxes into a box and runs 2 simulated seconds with 1, 2 and 4 workers; the
 * poses must agree to the bit. It also checks that a worker count outside 1...16 is refused.
 *
 * Built with the library's ThreadSanitizer build by `make tsan` (no data race between the
 * workers); an ordinary example otherwise. Exits 0 when every check holds, 1 otherwise.
 */
#define EXAMPLE_NAME "workers"
#include "example.h"

#include <string.h>

#define COLUMNS 40
#define ROWS 20
#define BOXES (COLUMNS * ROWS)
#define SIZE 9.0

/* Runs the pile with `workers` threads; fills poses (x, y, angle per box). */
static void run_pile(int32_t workers, double *poses)
{
    anima_animator_def def = anima_default_animator_def();
    def.has_reference_bounds = true;
    def.reference_bounds = (anima_rect){0, 0, COLUMNS * (SIZE + 1), 400};
    def.workers = workers;
    anima_animator animator;
    if (!ok(anima_animator_create(&def, &animator), "anima_animator_create")) {
        return;
    }
    int32_t reported = 0;
    /* no more threads start than there are processors */
    if (ok(anima_animator_get_workers(animator, &reported), "anima_animator_get_workers")) {
        checkf(reported >= 1 && reported <= workers, "%d worker(s) asked for, the animator has %d (1...%d)", (int)workers,
               (int)reported, (int)workers);
    }
    static anima_item items[BOXES];
    for (int k = 0; k < BOXES; k++) {
        anima_item_def item = anima_default_item_def();
        /* rows staggered by a third of a box, so the pile tumbles instead of stacking in columns */
        item.center = (anima_vec2){(k % COLUMNS) * (SIZE + 1) + SIZE / 2 + ((k / COLUMNS) % 3) * 0.3,
                                   390 - (k / COLUMNS) * (SIZE + 2) - SIZE};
        item.size = (anima_size){SIZE, SIZE};
        ok(anima_item_create(animator, &item, &items[k]), "anima_item_create");
    }
    anima_behavior gravity, collision;
    anima_gravity_def gdef = anima_default_gravity_def();
    anima_collision_def cdef = anima_default_collision_def();
    cdef.translates_reference_bounds_into_boundary = true;
    int32_t count = 0;
    if (ok(anima_gravity_create(animator, &gdef, items, BOXES, &gravity), "anima_gravity_create")
        && ok(anima_collision_create(animator, &cdef, items, BOXES, &collision), "anima_collision_create")
        && ok(anima_animator_add_behavior(animator, gravity), "anima_animator_add_behavior")
        && ok(anima_animator_add_behavior(animator, collision), "anima_animator_add_behavior")
        && advance_frames(animator, 120, 1.0 / 60.0)
        && ok(anima_animator_copy_item_poses(animator, poses, BOXES, &count), "anima_animator_copy_item_poses")) {
        checkf(count == BOXES, "the pile solved by %d worker(s) has its %d boxes", (int)workers, BOXES);
    }
    ok(anima_animator_destroy(animator), "anima_animator_destroy");
}

int main(void)
{
    static double one[BOXES * 3], several[BOXES * 3];
    run_pile(1, one);
    double lowest = 0;
    int outside = 0;   /* boxes whose centre left the container */
    for (int k = 0; k < BOXES; k++) {
        lowest = one[3 * k + 1] > lowest ? one[3 * k + 1] : lowest;
        outside += !(one[3 * k + 1] > 0 && one[3 * k + 1] < 400);
    }
    checkf(outside == 0, "every box stays in the container (%d left it)", outside);
    const int32_t counts[] = {2, 4};
    for (int c = 0; c < 2; c++) {
        run_pile(counts[c], several);
        checkf(memcmp(one, several, sizeof one) == 0, "the poses with %d workers are those with 1, to the bit",
               (int)counts[c]);
    }
    anima_animator_def def = anima_default_animator_def();
    anima_animator refused;
    def.workers = 0;
    check(anima_animator_create(&def, &refused) == ANIMA_ERR_INVALID_ARGUMENT, "workers = 0 is refused");
    check(strstr(anima_last_error_message(), "workers") != NULL, "the message names workers");
    def.workers = 17;
    check(anima_animator_create(&def, &refused) == ANIMA_ERR_INVALID_ARGUMENT, "workers = 17 is refused");
    return finish("%d boxes, poses bit-identical with 1, 2 and 4 workers (lowest centre y %.2f pt)", BOXES, lowest);
}

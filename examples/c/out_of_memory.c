/*
 * out_of_memory.c: running out of memory is an error a program can answer, not the end of it.
 *
 * First, as SQLite's tests fail the n-th malloc, it makes 40 items (and 20 values) in a fresh
 * animator once for each checked growth that takes, failing that growth
 * (anima_testing_fail_allocation): each time exactly one call returns ANIMA_ERR_OUT_OF_MEMORY,
 * made again it succeeds, and the animator ends with all 40 items at their places.
 *
 * Then an animator with a memory budget of 1 MiB (anima_animator_set_memory_budget) makes items
 * until one is refused with ANIMA_ERR_OUT_OF_MEMORY naming the budget, holds no more than it,
 * steps with gravity on its first item, and makes more once the budget is cleared.
 *
 * Then the program caps its own address space (RLIMIT_AS, as `ulimit -v` does) at what it uses plus
 * 192 MiB, then makes 5 x 5 pt items in one animator until a call fails. It checks that
 *   - the call that failed returned ANIMA_ERR_OUT_OF_MEMORY, with a message that names the call
 *     and the bytes it needed, and gave no item;
 *   - the animator that ran out still steps, and a ball under gravity in another animator made
 *     before it falls as it should (1/2 g t^2 within 2 %, g = 1000 pt/s^2, lightly damped);
 *   - with the limit lifted, the next item is made, and both animators are destroyed cleanly.
 * Exits 0 when all hold, 1 otherwise.
 */
#define _GNU_SOURCE
#define EXAMPLE_NAME "out_of_memory"
#include "example.h"

#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

/* The process's virtual size in bytes, from /proc/self/status (0 when it cannot be read). */
static size_t vm_size(void)
{
    FILE *status = fopen("/proc/self/status", "r");
    if (status == NULL) {
        return 0;
    }
    char line[256];
    size_t kib = 0;
    while (fgets(line, sizeof line, status) != NULL) {
        if (strncmp(line, "VmSize:", 7) == 0) {
            kib = strtoull(line + 7, NULL, 10);
        }
    }
    fclose(status);
    return kib * 1024;
}

/* Makes 40 items and 20 values, each call made again once when it returns OUT_OF_MEMORY; counts those in *failures. */
static bool build(anima_animator animator, int *failures, anima_item items[40])
{
    anima_item_def def = anima_default_item_def();
    def.size = (anima_size){ 24, 24 };
    for (int k = 0; k < 40; k++) {
        def.center = (anima_vec2){ 20.0 + 30.0 * (k % 10), 40.0 + 30.0 * (k / 10) };
        anima_status status = anima_item_create(animator, &def, &items[k]);
        if (status == ANIMA_ERR_OUT_OF_MEMORY) {
            (*failures)++;
            status = anima_item_create(animator, &def, &items[k]);
        }
        if (!ok(status, "anima_item_create")) {
            return false;
        }
    }
    for (int k = 0; k < 20; k++) {
        anima_value_def value_def = anima_default_value_def();
        anima_value value;
        anima_status status = anima_value_create(animator, &value_def, &value);
        if (status == ANIMA_ERR_OUT_OF_MEMORY) {
            (*failures)++;
            status = anima_value_create(animator, &value_def, &value);
        }
        if (!ok(status, "anima_value_create")) {
            return false;
        }
    }
    return true;
}

/* Fails each checked growth of the build in turn; the number of failure points, or -1. */
static int fail_each_growth(void)
{
    anima_animator_def def = anima_default_animator_def();
    anima_animator animator;
    anima_item items[40];
    uint64_t before = 0, after = 0;
    int none = 0;
    if (!ok(anima_animator_create(&def, &animator), "anima_animator_create")) {
        return -1;
    }
    ok(anima_testing_get_allocation_count(&before), "anima_testing_get_allocation_count");
    bool built = build(animator, &none, items);
    ok(anima_testing_get_allocation_count(&after), "anima_testing_get_allocation_count");
    ok(anima_animator_destroy(animator), "anima_animator_destroy");
    if (!built || !check(none == 0 && after > before, "the build asks for checked growths, and none fails unasked")) {
        return -1;
    }
    const int points = (int)(after - before);
    int exact = 0;
    for (int n = 1; n <= points; n++) {
        int failures = 0;
        if (!ok(anima_animator_create(&def, &animator), "anima_animator_create")) {
            return -1;
        }
        ok(anima_testing_fail_allocation(n), "anima_testing_fail_allocation");
        built = build(animator, &failures, items);
        ok(anima_testing_fail_allocation(0), "anima_testing_fail_allocation (disarm)");
        anima_vec2 last = { 0, 0 };
        ok(anima_item_get_center(items[39], &last), "anima_item_get_center");
        if (built && failures == 1 && last.x == 20.0 + 30.0 * 9 && last.y == 40.0 + 30.0 * 3) {
            exact++;
        }
        ok(anima_animator_destroy(animator), "anima_animator_destroy");
    }
    checkf(exact == points, "each of the %d growths failed in turn: one call refused, made again, all 40 items in place (%d of %d)",
           points, exact, points);
    return points;
}

/* The last item a fill() call asked for: zeroed before each call, so that it shows what the refused call gave. */
static anima_item last_asked;

/* Makes 5 x 5 pt items in rows of `columns`, `pitch` apart from (offset, offset), until a call fails or `limit`
 * are made; returns how many were made, with the failing status in *status and the first item in *first. */
static long fill(anima_animator animator, long limit, int columns, double pitch, double offset, anima_item *first,
                 anima_status *status)
{
    anima_item_def item_def = anima_default_item_def();
    item_def.size = (anima_size){ 5, 5 };
    long made = 0;
    *status = ANIMA_OK;
    while (made < limit) {
        item_def.center = (anima_vec2){ offset + pitch * (double)(made % columns), offset + pitch * (double)(made / columns) };
        last_asked = (anima_item){ 0 };
        *status = anima_item_create(animator, &item_def, &last_asked);
        if (*status != ANIMA_OK) {
            break;
        }
        if (made++ == 0 && first != NULL) {
            *first = last_asked;
        }
    }
    return made;
}

/* An animator with a memory budget of 1 MiB makes items until one is refused; returns how many. */
static long budgeted(void)
{
    const uint64_t budget = 1 << 20;
    anima_animator animator;
    if (!create_animator_for_view(SCREEN_WIDTH, SCREEN_HEIGHT, &animator)
        || !ok(anima_animator_set_memory_budget(animator, budget), "anima_animator_set_memory_budget")) {
        return -1;
    }
    anima_item first = { 0 };
    anima_status status = ANIMA_OK;
    const long made = fill(animator, 1000000, 50, 6.0, 5.0, &first, &status);
    char message[512];
    snprintf(message, sizeof message, "%s", anima_last_error_message());
    uint64_t held = 0, read_budget = 0;
    ok(anima_animator_get_memory_held(animator, &held), "anima_animator_get_memory_held");
    ok(anima_animator_get_memory_budget(animator, &read_budget), "anima_animator_get_memory_budget");
    printf("budget of %llu bytes: made %ld items, %llu bytes held; then: %s\n", (unsigned long long)budget, made,
           (unsigned long long)held, message);
    check(status == ANIMA_ERR_OUT_OF_MEMORY && strstr(message, "memory budget") != NULL,
          "the item past the budget was refused with ANIMA_ERR_OUT_OF_MEMORY, naming the budget");
    check(read_budget == budget && held <= budget && held > budget / 4, "what is held is within the budget");
    /* the items made step: their share of the step's storage was counted as they were made */
    anima_behavior gravity;
    anima_gravity_def gravity_def = anima_default_gravity_def();
    ok(anima_gravity_create(animator, &gravity_def, &first, 1, &gravity), "anima_gravity_create");
    ok(anima_animator_add_behavior(animator, gravity), "anima_animator_add_behavior");
    bool stepped = advance_frames(animator, 30, 1.0 / 60.0);
    anima_vec2 center = { 0, 0 };
    ok(anima_item_get_center(first, &center), "anima_item_get_center");
    check(stepped && center.y > 5, "the animator at its budget steps, and its first item falls");
    ok(anima_animator_set_memory_budget(animator, 0), "anima_animator_set_memory_budget (none)");
    anima_status more = ANIMA_OK;
    check(fill(animator, 1, 1, 0.0, 5.0, NULL, &more) == 1 && more == ANIMA_OK, "with no budget the next item is made");
    ok(anima_animator_destroy(animator), "anima_animator_destroy");
    return made;
}

int main(void)
{
    const int points = fail_each_growth();
    if (points < 0 || budgeted() < 0) {
        return 1;
    }

    anima_animator other;
    anima_item ball;
    anima_behavior gravity;
    anima_gravity_def gravity_def = anima_default_gravity_def();
    if (!create_animator_for_view(SCREEN_WIDTH, SCREEN_HEIGHT, &other) || !create_ball(other, (anima_vec2){ 160, 52 }, 64, &ball)
        || !ok(anima_gravity_create(other, &gravity_def, &ball, 1, &gravity), "anima_gravity_create")
        || !ok(anima_animator_add_behavior(other, gravity), "anima_animator_add_behavior")) {
        return 1;
    }
    anima_animator_def def = anima_default_animator_def();
    anima_animator full;
    if (!ok(anima_animator_create(&def, &full), "anima_animator_create")) {
        return 1;
    }

    const size_t room = (size_t)192 << 20;
    struct rlimit before;
    getrlimit(RLIMIT_AS, &before);
    struct rlimit capped = { vm_size() + room, before.rlim_max };
    if (!check(vm_size() > 0 && setrlimit(RLIMIT_AS, &capped) == 0, "the address space is capped")) {
        return finish("could not cap the address space");
    }

    anima_item item = { 0 };
    anima_status status = ANIMA_OK;
    const long made = fill(full, 50000000, 1000, 1.0, 0.0, NULL, &status);
    anima_item_def item_def = anima_default_item_def();
    item_def.size = (anima_size){ 5, 5 };
    char message[512];
    snprintf(message, sizeof message, "%s", anima_last_error_message());
    printf("made %ld items in %zu MiB of room; then: %s\n", made, room >> 20, message);
    check(status == ANIMA_ERR_OUT_OF_MEMORY, "the call that ran out returned ANIMA_ERR_OUT_OF_MEMORY");
    check(strstr(message, "anima_item_create") != NULL && strstr(message, "bytes") != NULL,
          "its message names the call and the bytes it needed");
    item = last_asked;
    check(item.index1 == 0, "it gave no item");
    check(made > 50000, "it ran out only after tens of thousands of items");

    /* both animators go on under the cap */
    ok(anima_animator_step(full), "anima_animator_step (the animator that ran out)");
    if (!advance_frames(other, 30, 1.0 / 60.0)) {
        return 1;
    }
    anima_vec2 center = { 0, 0 };
    ok(anima_item_get_center(ball, &center), "anima_item_get_center");
    const double t = 0.5, expected = 0.5 * 1000.0 * t * t;
    printf("the other animator's ball fell %.2f pt in %.1f s (1/2 g t^2 = %.2f)\n", center.y - 52, t, expected);
    expect_near(center.y - 52, expected, 0.02 * expected, "the other animator's ball fell as gravity says, within 2 %");

    setrlimit(RLIMIT_AS, &before);
    anima_item last;
    check(ok(anima_item_create(full, &item_def, &last), "anima_item_create (the limit lifted)"), "with the limit lifted the next item is made");
    ok(anima_animator_destroy(full), "anima_animator_destroy (full)");
    ok(anima_animator_destroy(other), "anima_animator_destroy (other)");
    return finish("%d growths failed in turn; ran out after %ld items under the cap, went on", points, made);
}

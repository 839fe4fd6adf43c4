/*
 * thread_stress.c: threads that break the threading rule on purpose, and what they must get.
 *
 *     thread_stress [calls_per_thread [threads [seed]]]      defaults: 20000 calls, 3 threads, seed 1
 *
 * The header's rule is one animator, one thread at a time. This program breaks it: 2 to 4 threads
 * make random calls on ONE animator of 200 colliding items (advance and step, item and behavior
 * creation and destruction, getters and setters, behavior membership, listings, snapshots,
 * restores, state hashes), each a fixed number of calls from its own seeded generator. What the
 * library promises for that misuse (docs/c-api.md, "Threading"), and this program checks:
 *
 *   - every call returns ANIMA_OK, or ANIMA_ERR_BUSY with the message "<function>: another thread
 *     is using this animator (...)" and its outputs untouched, or an error the other threads can
 *     cause: ANIMA_ERR_INVALID_HANDLE for an item or behavior that another thread destroyed (checked:
 *     the handle's destruction had begun when the call failed), ANIMA_ERR_BUFFER_TOO_SMALL in the
 *     second call of a two-call idiom when another thread added items in between. Anything else,
 *     and any crash or sanitizer report, is a failure;
 *   - callbacks (a step callback, contact callbacks) run on the advancing thread and call the API:
 *     those calls are never refused as BUSY, and advance from a callback keeps its own BUSY
 *     ("advance cannot be called from inside a callback");
 *   - anima_item_is_valid and anima_behavior_is_valid answer false with the BUSY message set when
 *     another thread is inside, and false without a message only for a destroyed handle;
 *   - afterwards, on one thread, the animator is consistent: its items are exactly those created
 *     and not destroyed by an OK call, each live handle valid and each destroyed one not, every pose
 *     finite after two more seconds of steps, and a snapshot restored gives the same state hash
 *     before and after both are stepped;
 *   - then, for 40 rounds, every thread races to destroy one fresh animator while the others call
 *     into it: exactly one destroy returns OK, the others BUSY or INVALID_HANDLE, and every handle
 *     of it is invalid afterwards.
 *
 * It exits 1 on the first broken promise (naming the call), and prints the counts when all hold,
 * with at least one BUSY required (with two threads on two cores they meet thousands of times).
 * `make stress` builds it with AddressSanitizer against the fuzzer's library (.build-fuzz: ASan and
 * the engine's consistency checks after every step), `make tsan` with ThreadSanitizer against the
 * TSan build; docs/reliability.md lists both. It is a test of misuse, not an example to copy: a
 * program should keep each animator on one thread (examples/c/two_threads.c shows how).
 */
#define _POSIX_C_SOURCE 200809L

#include <anima.h>

#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_THREADS 4
#define START_ITEMS 200
#define POOL_CAPACITY 16384
#define RACE_ROUNDS 40
#define RACE_ITEMS 8

static const char busy_text[] = ": another thread is using this animator (one animator, one thread at a time; docs/c-api.md, Threading)";

/* ------------------------------------------------------------------ failure */

static pthread_mutex_t report_lock = PTHREAD_MUTEX_INITIALIZER;

static void fail(const char *format, ...) __attribute__((format(printf, 1, 2), noreturn));

static void fail(const char *format, ...)
{
    pthread_mutex_lock(&report_lock);
    va_list args;
    va_start(args, format);
    fputs("thread_stress: FAILED: ", stderr);
    vfprintf(stderr, format, args);
    fprintf(stderr, " (last error: \"%s\")\n", anima_last_error_message());
    va_end(args);
    fflush(stderr);
    exit(1);
}

/* ------------------------------------------------------------------- counts */

typedef struct counts {
    unsigned long long calls, ok, busy, stale, too_small, callback_calls, valid_busy;
    unsigned long long steps_run, items_made, items_destroyed, snapshots;  /* calls that did work */
} counts;

typedef struct worker {
    int index;
    uint64_t rng;
    long calls;
    counts n;
} worker;

/* The worker whose thread is running: callbacks run on the advancing thread and count there. */
static _Thread_local worker *current;

static uint64_t next_random(worker *w)
{
    /* xorshift64* */
    w->rng ^= w->rng >> 12;
    w->rng ^= w->rng << 25;
    w->rng ^= w->rng >> 27;
    return w->rng * 2685821657736338717ULL;
}

static unsigned below(worker *w, unsigned n) { return (unsigned)(next_random(w) % n); }

/* ------------------------------------------------------------- shared scene */

/* What the threads share: the animator, its two fixed behaviors, and pools of what they created
 * (one for items, one for behaviors). `pending` counts destroy calls in progress, so that a stale
 * handle can be told from a bug: a call that got INVALID_HANDLE for a pooled handle must find it
 * destroyed or being destroyed. An entry is written under the lock before the count takes it in,
 * and never changes after, except its two counters. */
typedef union pooled_handle {
    anima_item item;
    anima_behavior behavior;
} pooled_handle;

typedef struct pool_entry {
    pooled_handle handle;
    int destroyed;
    int pending;
} pool_entry;

typedef struct pool {
    const char *kind;   /* "item" or "behavior", for messages */
    int count;
    pool_entry entries[POOL_CAPACITY];
} pool;

static anima_animator scene;
static anima_behavior gravity, collision;
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static pool items = { .kind = "item" };
static pool behaviors = { .kind = "behavior" };

/* A random entry of the pool and its handle, or -1 while the pool is empty; with `destroying`,
 * the entry is marked as being destroyed until pool_destroyed(). */
static int pool_pick(pool *p, worker *w, pooled_handle *out, int destroying)
{
    pthread_mutex_lock(&pool_lock);
    int k = p->count > 0 ? (int)below(w, (unsigned)p->count) : -1;
    if (k >= 0) {
        *out = p->entries[k].handle;
        p->entries[k].pending += destroying;
    }
    pthread_mutex_unlock(&pool_lock);
    return k;
}

/* Adds a handle to the pool; its entry, or -1 when the pool is full. */
static int pool_add(pool *p, pooled_handle handle)
{
    pthread_mutex_lock(&pool_lock);
    int k = p->count < POOL_CAPACITY ? p->count++ : -1;
    if (k >= 0) {
        p->entries[k] = (pool_entry){ handle, 0, 0 };
    }
    pthread_mutex_unlock(&pool_lock);
    return k;
}

/* Whether entry k is destroyed or being destroyed. */
static int pool_gone(pool *p, int k)
{
    pthread_mutex_lock(&pool_lock);
    int gone = p->entries[k].destroyed || p->entries[k].pending > 0;
    pthread_mutex_unlock(&pool_lock);
    return gone;
}

/* The end of a destroy call on entry k picked with `destroying`: OK marks it destroyed (twice is a bug). */
static void pool_destroyed(pool *p, int k, anima_status s)
{
    pthread_mutex_lock(&pool_lock);
    p->entries[k].pending--;
    if (s == ANIMA_OK) {
        if (p->entries[k].destroyed) {
            pthread_mutex_unlock(&pool_lock);
            fail("anima_%s_destroy: %s %d destroyed twice", p->kind, p->kind, k);
        }
        p->entries[k].destroyed = 1;
    }
    pthread_mutex_unlock(&pool_lock);
}

static int pick_item(worker *w, anima_item *out)
{
    pooled_handle h;
    int k = pool_pick(&items, w, &h, 0);
    if (k >= 0) {
        *out = h.item;
    }
    return k;
}

/* ------------------------------------------------------------------ checks */

/* After a BUSY: 10 us off the processor, so that the thread inside gets on and the calls that do
 * work (advances, snapshots) get their turn too, with four threads on two cores as well. */
static void pause_briefly(void)
{
    struct timespec pause = { 0, 10000 };
    nanosleep(&pause, NULL);
}

/* The message of a BUSY from the thread guard: "<function>: another thread is using this animator (...)". */
static int is_guard_message(const char *function)
{
    const char *m = anima_last_error_message();
    size_t n = strlen(function);
    return strncmp(m, function, n) == 0 && strcmp(m + n, busy_text) == 0;
}

/* How check() takes ANIMA_ERR_BUFFER_TOO_SMALL. */
enum { NOT_TOO_SMALL, SIZE_QUERY, GROWN_IN_BETWEEN };

/* A call on the animator itself: OK or the guard's BUSY; BUFFER_TOO_SMALL as the answer of a size
 * query (capacity 0: counted as OK), or, in the second call of a two-call idiom, because another
 * thread added items in between. */
static int check(worker *w, const char *function, anima_status s, int too_small)
{
    w->n.calls++;
    if (s == ANIMA_ERR_BUFFER_TOO_SMALL && too_small == SIZE_QUERY) {
        s = ANIMA_OK;
    }
    switch (s) {
    case ANIMA_OK:
        w->n.ok++;
        return 1;
    case ANIMA_ERR_BUSY:
        if (!is_guard_message(function)) {
            fail("%s returned BUSY without the thread guard's message", function);
        }
        w->n.busy++;
        pause_briefly();
        return 0;
    case ANIMA_ERR_BUFFER_TOO_SMALL:
        if (too_small == GROWN_IN_BETWEEN) {
            w->n.too_small++;
            return 0;
        }
        break;
    default:
        break;
    }
    fail("%s returned %s", function, anima_status_string(s));
}

/* A call on a pooled item or behavior: as check(), and INVALID_HANDLE only for one being or been destroyed. */
static int pool_check(pool *p, worker *w, const char *function, anima_status s, int k)
{
    if (s == ANIMA_ERR_INVALID_HANDLE) {
        if (!pool_gone(p, k)) {
            fail("%s: INVALID_HANDLE for %s %d, which nobody destroyed", function, p->kind, k);
        }
        w->n.calls++;
        w->n.stale++;
        return 0;
    }
    return check(w, function, s, NOT_TOO_SMALL);
}

static int check_item(worker *w, const char *function, anima_status s, int k)
{
    return pool_check(&items, w, function, s, k);
}

static int check_behavior(worker *w, const char *function, anima_status s, int k)
{
    return pool_check(&behaviors, w, function, s, k);
}

/* ---------------------------------------------------------------- callbacks */

/* At the end of every step, on the advancing thread: read a pooled item, and now and then try to
 * advance from inside (refused by the callback rule, not by the thread guard). */
static void on_step(void *user_data, anima_animator animator)
{
    (void)user_data;
    worker *w = current;
    if (w == NULL) {
        fail("a step callback ran on a thread that is not a worker");
    }
    anima_item item;
    int k = pick_item(w, &item);
    if (k >= 0) {
        anima_vec2 center;
        anima_status s = anima_item_get_center(item, &center);
        if (s == ANIMA_ERR_BUSY) {
            fail("anima_item_get_center from a step callback was refused as BUSY");
        }
        w->n.callback_calls++;
        if (check_item(w, "anima_item_get_center", s, k) && !(isfinite(center.x) && isfinite(center.y))) {
            fail("anima_item_get_center from a step callback: a centre that is not finite");
        }
    }
    if (below(w, 8) == 0) {
        anima_status s = anima_animator_advance(animator, 1.0 / 60.0);
        w->n.callback_calls++;
        const char *m = anima_last_error_message();
        if (s != ANIMA_ERR_BUSY || strstr(m, "advance cannot be called from inside a callback") == NULL) {
            fail("advance from a step callback returned %s, not the callback rule's BUSY", anima_status_string(s));
        }
    }
}

/* Contacts: the items of the event get a new alpha (a stale one, destroyed between steps, is refused). */
static void on_contact(void *user_data, const anima_contact_event *event)
{
    (void)user_data;
    worker *w = current;
    anima_status s = anima_item_set_alpha(event->item_a, 0.5 + 0.5 * (double)(w->n.callback_calls % 2));
    w->n.callback_calls++;
    if (s != ANIMA_OK && s != ANIMA_ERR_INVALID_HANDLE) {
        fail("anima_item_set_alpha from a contact callback returned %s", anima_status_string(s));
    }
}

/* ------------------------------------------------------------- operations */

static void add_item(anima_item item)
{
    pool_add(&items, (pooled_handle){ .item = item });
}

static void op_create_item(worker *w)
{
    anima_item_def def = anima_default_item_def();
    def.center = (anima_vec2){ 20.0 + below(w, 280), 20.0 + below(w, 200) };
    def.size = (anima_size){ 8.0 + below(w, 12), 8.0 + below(w, 12) };
    def.shape = below(w, 2) ? ANIMA_SHAPE_RECTANGLE : ANIMA_SHAPE_ELLIPSE;
    anima_item item;
    memset(&item, 0xA5, sizeof item);
    anima_status s = anima_item_create(scene, &def, &item);
    if (!check(w, "anima_item_create", s, NOT_TOO_SMALL)) {
        if (item.index1 != 0xA5A5A5A5u) {
            fail("anima_item_create wrote its output although it failed");
        }
        return;
    }
    /* nobody else knows the item yet: adding it is OK or BUSY */
    check(w, "anima_behavior_add_item", anima_behavior_add_item(gravity, item), NOT_TOO_SMALL);
    check(w, "anima_behavior_add_item", anima_behavior_add_item(collision, item), NOT_TOO_SMALL);
    add_item(item);
    w->n.items_made++;
}

/* Destroys a random entry of the pool (items or behaviors); returns whether the call did (OK). */
static int destroy_pooled(worker *w, pool *p)
{
    pooled_handle h;
    int k = pool_pick(p, w, &h, 1);
    if (k < 0) {
        return 0;
    }
    const int item = p == &items;
    anima_status s = item ? anima_item_destroy(h.item) : anima_behavior_destroy(h.behavior);
    pool_destroyed(p, k, s);
    return pool_check(p, w, item ? "anima_item_destroy" : "anima_behavior_destroy", s, k);
}

static void op_destroy_item(worker *w)
{
    w->n.items_destroyed += (unsigned)destroy_pooled(w, &items);
}

static void op_item_getters(worker *w, anima_item item, int k)
{
    switch (below(w, 5)) {
    case 0: {
        anima_vec2 c = { -1, -1 };
        anima_status s = anima_item_get_center(item, &c);
        if (s != ANIMA_OK && (c.x != -1 || c.y != -1)) {
            fail("anima_item_get_center wrote its output although it failed");
        }
        if (check_item(w, "anima_item_get_center", s, k) && !(isfinite(c.x) && isfinite(c.y))) {
            fail("anima_item_get_center: a centre that is not finite");
        }
        break;
    }
    case 1: {
        anima_vec2 v;
        check_item(w, "anima_item_get_linear_velocity", anima_item_get_linear_velocity(item, &v), k);
        break;
    }
    case 2: {
        double m = -1;
        if (check_item(w, "anima_item_get_mass", anima_item_get_mass(item, &m), k) && !(m > 0)) {
            fail("anima_item_get_mass: mass %g", m);
        }
        break;
    }
    case 3: {
        double a = -7;
        anima_status s = anima_item_get_alpha(item, &a);
        if (s != ANIMA_OK && a != -7) {
            fail("anima_item_get_alpha wrote its output although it failed");
        }
        check_item(w, "anima_item_get_alpha", s, k);
        break;
    }
    default: {
        bool resting;
        check_item(w, "anima_item_is_resting", anima_item_is_resting(item, &resting), k);
        break;
    }
    }
}

static void op_item_setters(worker *w, anima_item item, int k)
{
    switch (below(w, 3)) {
    case 0:
        check_item(w, "anima_item_set_center",
                   anima_item_set_center(item, (anima_vec2){ 20.0 + below(w, 280), 20.0 + below(w, 200) }), k);
        break;
    case 1:
        check_item(w, "anima_item_set_linear_velocity",
                   anima_item_set_linear_velocity(item, (anima_vec2){ (double)below(w, 400) - 200.0, -100.0 }), k);
        break;
    default:
        check_item(w, "anima_item_set_alpha", anima_item_set_alpha(item, below(w, 100) / 100.0), k);
        break;
    }
}

static void op_create_behavior(worker *w, anima_item item, int k)
{
    anima_behavior b;
    anima_status s;
    const char *function;
    if (below(w, 2)) {
        anima_push_def def = anima_default_push_def();
        def.mode = ANIMA_PUSH_INSTANTANEOUS;
        def.magnitude = 0.5;
        def.angle = -1.5707963267948966;
        function = "anima_push_create";
        s = anima_push_create(scene, &def, &item, 1, &b);
    }
    else {
        function = "anima_snap_create";
        s = anima_snap_create(scene, item, (anima_vec2){ 160, 240 }, &b);
    }
    if (!check_item(w, function, s, k)) {
        return;
    }
    int slot = pool_add(&behaviors, (pooled_handle){ .behavior = b });
    if (slot >= 0) {
        check_behavior(w, "anima_animator_add_behavior", anima_animator_add_behavior(scene, b), slot);
    }
}

static void op_destroy_behavior(worker *w)
{
    destroy_pooled(w, &behaviors);
}

static void op_membership(worker *w, anima_item item, int k)
{
    if (below(w, 2)) {
        check_item(w, "anima_behavior_add_item", anima_behavior_add_item(gravity, item), k);
    }
    else {
        check_item(w, "anima_behavior_remove_item", anima_behavior_remove_item(gravity, item), k);
    }
}

static void op_listing(worker *w)
{
    int32_t count = -1;
    if (!check(w, "anima_animator_get_items", anima_animator_get_items(scene, NULL, 0, &count), SIZE_QUERY)) {
        return;
    }
    if (count < 0) {
        fail("anima_animator_get_items: no count");
    }
    anima_item *list = malloc(sizeof *list * (size_t)(count + 1));
    if (list == NULL) {
        fail("out of memory");
    }
    int32_t capacity = count, got = -1;
    if (check(w, "anima_animator_get_items", anima_animator_get_items(scene, list, capacity, &got), GROWN_IN_BETWEEN) && got > capacity) {
        fail("anima_animator_get_items: a count of %d for a capacity of %d", got, capacity);
    }
    free(list);
}

static void op_snapshot(worker *w, int restore)
{
    int64_t size = -1;
    if (!check(w, "anima_animator_snapshot", anima_animator_snapshot(scene, NULL, 0, &size), SIZE_QUERY)) {
        return;
    }
    unsigned char *bytes = malloc((size_t)size);
    if (bytes == NULL) {
        fail("out of memory");
    }
    int64_t written = -1;
    int made = check(w, "anima_animator_snapshot", anima_animator_snapshot(scene, bytes, size, &written), GROWN_IN_BETWEEN);
    w->n.snapshots += (unsigned)made;
    if (made && restore) {
        /* the copy is this thread's alone: no other thread knows its handle */
        anima_animator copy;
        anima_status s = anima_animator_restore(bytes, written, &copy);
        if (s != ANIMA_OK) {
            fail("anima_animator_restore of a snapshot the library made returned %s", anima_status_string(s));
        }
        uint64_t h = 0;
        if (anima_animator_step(copy) != ANIMA_OK || anima_animator_state_hash(copy, &h) != ANIMA_OK
            || anima_animator_destroy(copy) != ANIMA_OK) {
            fail("a restored animator of one thread could not be stepped, hashed and destroyed");
        }
        w->n.calls += 5;
        w->n.ok += 5;
    }
    free(bytes);
}

static void op_is_valid(worker *w)
{
    anima_clear_error();
    pool *p = below(w, 2) ? &items : &behaviors;
    pooled_handle h;
    int k = pool_pick(p, w, &h, 0);
    if (k < 0) {
        return;
    }
    const char *function = p == &items ? "anima_item_is_valid" : "anima_behavior_is_valid";
    bool valid = p == &items ? anima_item_is_valid(h.item) : anima_behavior_is_valid(h.behavior);
    w->n.calls++;
    if (!valid && anima_last_error_message()[0] != '\0') {
        if (!is_guard_message(function)) {
            fail("%s: false with a message that is not the guard's", function);
        }
        w->n.valid_busy++;
    }
    else if (!valid && !pool_gone(p, k)) {
        fail("%s: false for %s %d, which nobody destroyed", function, p->kind, k);
    }
}

static void op_advance(worker *w)
{
    w->n.steps_run += (unsigned)check(w, "anima_animator_advance", anima_animator_advance(scene, 1.0 / 60.0), NOT_TOO_SMALL);
}

static void op_step(worker *w)
{
    w->n.steps_run += (unsigned)check(w, "anima_animator_step", anima_animator_step(scene), NOT_TOO_SMALL);
}

/* A snapshot, restored into a copy one time in three. */
static void op_snapshot_or_restore(worker *w)
{
    op_snapshot(w, below(w, 3) == 0);
}

static void op_state_hash(worker *w)
{
    uint64_t h;
    check(w, "anima_animator_state_hash", anima_animator_state_hash(scene, &h), NOT_TOO_SMALL);
}

static void op_step_count(worker *w)
{
    uint64_t steps;
    check(w, "anima_animator_get_step_count", anima_animator_get_step_count(scene, &steps), NOT_TOO_SMALL);
}

static void op_items_in_rect(worker *w)
{
    int32_t count;
    anima_item found[64];
    check(w, "anima_animator_items_in_rect",
          anima_animator_items_in_rect(scene, (anima_rect){ 0, 300, 320, 180 }, found, 64, &count), SIZE_QUERY);
}

static void op_is_running(worker *w)
{
    bool running;
    check(w, "anima_animator_is_running", anima_animator_is_running(scene, &running), NOT_TOO_SMALL);
}

/* The operations and how often each is drawn: a draw r of 0...99 runs the first operation whose
 * bound is above r (advance 6 %, step 4 %, create an item 8 % ...). An operation on an item
 * (on_item) gets a random pooled one and its entry, and is skipped while the pool is empty. */
static const struct {
    unsigned below;
    void (*run)(worker *w);
    void (*on_item)(worker *w, anima_item item, int k);
} operations[] = {
    { 6, op_advance, NULL },
    { 10, op_step, NULL },
    { 18, op_create_item, NULL },
    { 24, op_destroy_item, NULL },
    { 50, NULL, op_item_getters },
    { 60, NULL, op_item_setters },
    { 65, NULL, op_create_behavior },
    { 69, op_destroy_behavior, NULL },
    { 73, NULL, op_membership },
    { 77, op_listing, NULL },
    { 80, op_snapshot_or_restore, NULL },
    { 83, op_state_hash, NULL },
    { 90, op_is_valid, NULL },
    { 94, op_step_count, NULL },
    { 97, op_items_in_rect, NULL },
    { 100, op_is_running, NULL },
};

static void one_call(worker *w)
{
    unsigned r = below(w, 100);
    size_t op = 0;
    while (r >= operations[op].below) {
        op++;
    }
    if (operations[op].run != NULL) {
        operations[op].run(w);
        return;
    }
    anima_item item;
    int k = pick_item(w, &item);
    if (k >= 0) {
        operations[op].on_item(w, item, k);
    }
}

/* ------------------------------------------------------------ destroy race */

static pthread_barrier_t barrier;
static anima_animator race_animator;
static anima_item race_items[RACE_ITEMS];
static int race_destroyed[MAX_THREADS];

static void race_round(worker *w)
{
    for (int k = 0; k < 10; k++) {
        anima_item item = race_items[below(w, RACE_ITEMS)];
        anima_status s = below(w, 2) ? anima_item_set_center(item, (anima_vec2){ 50, 50 }) : anima_animator_step(race_animator);
        w->n.calls++;
        if (s == ANIMA_OK) {
            w->n.ok++;
        }
        else if (s == ANIMA_ERR_BUSY) {
            w->n.busy++;
        }
        else if (s == ANIMA_ERR_INVALID_HANDLE) {
            w->n.stale++;
        }
        else {
            fail("a call on the raced animator returned %s", anima_status_string(s));
        }
    }
    for (long tries = 0;; tries++) {
        anima_status s = anima_animator_destroy(race_animator);
        w->n.calls++;
        if (s == ANIMA_OK) {
            w->n.ok++;
            race_destroyed[w->index]++;
            return;
        }
        if (s == ANIMA_ERR_INVALID_HANDLE) {
            w->n.stale++;
            return;
        }
        if (s != ANIMA_ERR_BUSY || !is_guard_message("anima_animator_destroy")) {
            fail("anima_animator_destroy in the race returned %s", anima_status_string(s));
        }
        w->n.busy++;
        if (tries > 10000000) {
            fail("anima_animator_destroy stayed BUSY for ten million tries");
        }
        sched_yield();
    }
}

/* A call of the set-up, made on one thread: anything but OK is a failure, named by the call. */
static void must(anima_status status, const char *call)
{
    if (status != ANIMA_OK) {
        fail("%s returned %s", call, anima_status_string(status));
    }
}

/* An animator of a 320 x 480 pt reference view. */
static anima_animator make_animator(void)
{
    anima_animator_def def = anima_default_animator_def();
    def.has_reference_bounds = true;
    def.reference_bounds = (anima_rect){ 0, 0, 320, 480 };
    anima_animator animator;
    must(anima_animator_create(&def, &animator), "anima_animator_create");
    return animator;
}

/* A square item of `side` pt at center. */
static anima_item make_square(anima_animator animator, anima_vec2 center, double side, anima_shape shape)
{
    anima_item_def def = anima_default_item_def();
    def.center = center;
    def.size = (anima_size){ side, side };
    def.shape = shape;
    anima_item item;
    must(anima_item_create(animator, &def, &item), "anima_item_create");
    return item;
}

/* Gravity over `count` items, added to the animator. */
static anima_behavior add_gravity(anima_animator animator, const anima_item *items, int32_t count)
{
    anima_gravity_def def = anima_default_gravity_def();
    anima_behavior g;
    must(anima_gravity_create(animator, &def, items, count, &g), "anima_gravity_create");
    must(anima_animator_add_behavior(animator, g), "anima_animator_add_behavior");
    return g;
}

static void make_race_animator(void)
{
    race_animator = make_animator();
    for (int k = 0; k < RACE_ITEMS; k++) {
        race_items[k] = make_square(race_animator, (anima_vec2){ 30.0 + 35.0 * k, 100 }, 20, ANIMA_SHAPE_RECTANGLE);
    }
    add_gravity(race_animator, race_items, RACE_ITEMS);
}

/* ------------------------------------------------------------------ threads */

static int thread_count = 3;

static void *work(void *argument)
{
    worker *w = argument;
    current = w;
    pthread_barrier_wait(&barrier);
    for (long k = 0; k < w->calls; k++) {
        one_call(w);
    }
    pthread_barrier_wait(&barrier);   /* main phase done */
    for (int round = 0; round < RACE_ROUNDS; round++) {
        pthread_barrier_wait(&barrier);   /* the main thread made the raced animator */
        race_round(w);
        pthread_barrier_wait(&barrier);   /* the main thread checks the round */
    }
    return NULL;
}

/* ------------------------------------------------------------- set-up, end */

static void build_scene(void)
{
    scene = make_animator();
    anima_item start[START_ITEMS];
    for (int k = 0; k < START_ITEMS; k++) {
        start[k] = make_square(scene, (anima_vec2){ 15.0 + 22.0 * (k % 14), 15.0 + 22.0 * (k / 14) }, 16,
                               k % 3 == 0 ? ANIMA_SHAPE_ELLIPSE : ANIMA_SHAPE_RECTANGLE);
        add_item(start[k]);
    }
    gravity = add_gravity(scene, start, START_ITEMS);
    anima_collision_def cdef = anima_default_collision_def();
    cdef.translates_reference_bounds_into_boundary = true;
    must(anima_collision_create(scene, &cdef, start, START_ITEMS, &collision), "anima_collision_create");
    must(anima_animator_add_behavior(scene, collision), "anima_animator_add_behavior");
    must(anima_collision_set_delegate(collision, on_contact, on_contact, NULL), "anima_collision_set_delegate");
    must(anima_animator_set_step_callback(scene, on_step, NULL), "anima_animator_set_step_callback");
}

/* One thread again: the animator holds exactly what the OK calls made, and still works. */
static void check_consistent(int *live_out, uint64_t *hash_out)
{
    int live = 0;
    for (int k = 0; k < items.count; k++) {
        bool valid = anima_item_is_valid(items.entries[k].handle.item);
        if (valid == (items.entries[k].destroyed != 0)) {
            fail("item %d: is_valid %d but destroyed %d", k, valid, items.entries[k].destroyed);
        }
        live += !items.entries[k].destroyed;
    }
    for (int k = 0; k < behaviors.count; k++) {
        if (anima_behavior_is_valid(behaviors.entries[k].handle.behavior) == (behaviors.entries[k].destroyed != 0)) {
            fail("behavior %d: is_valid disagrees with what the threads did", k);
        }
    }
    int32_t count = -1;
    anima_status s = anima_animator_get_items(scene, NULL, 0, &count);
    if ((s != ANIMA_OK && s != ANIMA_ERR_BUFFER_TOO_SMALL) || count != live) {
        fail("the animator lists %d items, but %d were created and not destroyed", count, live);
    }
    /* the copy below has no callbacks: the original must not run its own either */
    if (anima_animator_set_step_callback(scene, NULL, NULL) != ANIMA_OK
        || anima_collision_set_delegate(collision, NULL, NULL, NULL) != ANIMA_OK) {
        fail("clearing the callbacks after the threads");
    }
    for (int k = 0; k < 240; k++) {
        if (anima_animator_step(scene) != ANIMA_OK) {
            fail("anima_animator_step after the threads");
        }
    }
    double *poses = malloc(sizeof *poses * 3 * (size_t)(live + 1));
    if (poses == NULL || anima_animator_copy_item_poses(scene, poses, live, &count) != ANIMA_OK || count != live) {
        fail("anima_animator_copy_item_poses after the threads");
    }
    for (int k = 0; k < 3 * live; k++) {
        if (!isfinite(poses[k])) {
            fail("a pose that is not finite after the threads");
        }
    }
    free(poses);
    int64_t size = 0;
    anima_animator_snapshot(scene, NULL, 0, &size);
    unsigned char *bytes = malloc((size_t)size);
    anima_animator copy;
    uint64_t a = 0, b = 0;
    if (bytes == NULL || anima_animator_snapshot(scene, bytes, size, &size) != ANIMA_OK
        || anima_animator_restore(bytes, size, &copy) != ANIMA_OK || anima_animator_state_hash(scene, &a) != ANIMA_OK
        || anima_animator_state_hash(copy, &b) != ANIMA_OK || a != b) {
        fail("a snapshot of the animator after the threads does not restore to the same state");
    }
    for (int k = 0; k < 60; k++) {
        if (anima_animator_step(scene) != ANIMA_OK || anima_animator_step(copy) != ANIMA_OK) {
            fail("stepping the animator and its copy");
        }
    }
    if (anima_animator_state_hash(scene, &a) != ANIMA_OK || anima_animator_state_hash(copy, &b) != ANIMA_OK || a != b) {
        fail("the animator and its restored copy differ after 60 steps");
    }
    free(bytes);
    if (anima_animator_destroy(copy) != ANIMA_OK || anima_animator_destroy(scene) != ANIMA_OK) {
        fail("anima_animator_destroy after the threads");
    }
    *live_out = live;
    *hash_out = a;
}

static long parse(const char *text, long low, long high, const char *what)
{
    char *end = NULL;
    long v = strtol(text, &end, 10);
    if (end == text || *end != '\0' || v < low || v > high) {
        fprintf(stderr, "thread_stress: %s must be %ld...%ld (got %s)\n", what, low, high, text);
        exit(64);
    }
    return v;
}

int main(int argc, char **argv)
{
    long calls = argc > 1 ? parse(argv[1], 1, 10000000, "calls_per_thread") : 20000;
    thread_count = argc > 2 ? (int)parse(argv[2], 2, MAX_THREADS, "threads") : 3;
    long seed = argc > 3 ? parse(argv[3], 0, 1L << 30, "seed") : 1;

    worker main_worker = { .index = MAX_THREADS, .rng = 1 };
    current = &main_worker;   /* the final checks step the scene on this thread: its callbacks count here */
    build_scene();
    worker workers[MAX_THREADS];
    pthread_t threads[MAX_THREADS];
    pthread_barrier_init(&barrier, NULL, (unsigned)thread_count + 1);
    for (int t = 0; t < thread_count; t++) {
        workers[t] = (worker){ .index = t, .rng = 0x9E3779B97F4A7C15ULL * (uint64_t)(seed * MAX_THREADS + t + 1), .calls = calls };
        if (pthread_create(&threads[t], NULL, work, &workers[t]) != 0) {
            fail("pthread_create");
        }
    }
    pthread_barrier_wait(&barrier);   /* start */
    pthread_barrier_wait(&barrier);   /* main phase done: the workers wait for the race */
    int live = 0;
    uint64_t hash = 0;
    check_consistent(&live, &hash);

    for (int round = 0; round < RACE_ROUNDS; round++) {
        make_race_animator();
        memset(race_destroyed, 0, sizeof race_destroyed);
        pthread_barrier_wait(&barrier);
        pthread_barrier_wait(&barrier);
        int destroys = 0;
        for (int t = 0; t < thread_count; t++) {
            destroys += race_destroyed[t];
        }
        if (destroys != 1) {
            fail("race round %d: %d destroys returned OK, not one", round, destroys);
        }
        anima_vec2 c;
        if (anima_animator_is_valid(race_animator) || anima_item_get_center(race_items[0], &c) != ANIMA_ERR_INVALID_HANDLE) {
            fail("race round %d: the destroyed animator or its item is still usable", round);
        }
    }
    for (int t = 0; t < thread_count; t++) {
        pthread_join(threads[t], NULL);
    }
    pthread_barrier_destroy(&barrier);

    counts total = {0};
    for (int t = 0; t < thread_count; t++) {
        total.calls += workers[t].n.calls;
        total.ok += workers[t].n.ok;
        total.busy += workers[t].n.busy;
        total.stale += workers[t].n.stale;
        total.too_small += workers[t].n.too_small;
        total.callback_calls += workers[t].n.callback_calls;
        total.valid_busy += workers[t].n.valid_busy;
        total.steps_run += workers[t].n.steps_run;
        total.items_made += workers[t].n.items_made;
        total.items_destroyed += workers[t].n.items_destroyed;
        total.snapshots += workers[t].n.snapshots;
    }
    if (total.busy == 0) {
        fail("no call was refused as BUSY: the threads never met, so nothing was tested");
    }
    if (total.steps_run == 0 || total.items_made == 0 || total.items_destroyed == 0 || total.snapshots == 0) {
        fail("the threads advanced %llu times, made %llu items, destroyed %llu and took %llu snapshots: each must be "
             "at least once", total.steps_run, total.items_made, total.items_destroyed, total.snapshots);
    }
    printf("thread_stress: passed: %d threads, %llu calls on one animator (%ld random operations each, then %d destroy "
           "races): %llu OK, %llu BUSY (another thread inside), %llu stale handles (destroyed by another thread), "
           "%llu buffer too small (grown in between); is_valid false for BUSY %llu times; done: %llu advances or steps, "
           "%llu items made, %llu destroyed, %llu snapshots; %llu calls from callbacks, none BUSY; afterwards %d items, "
           "consistent, a restored copy agrees (hash %016llx)\n",
           thread_count, total.calls, calls, RACE_ROUNDS, total.ok, total.busy, total.stale, total.too_small,
           total.valid_busy, total.steps_run, total.items_made, total.items_destroyed, total.snapshots,
           total.callback_calls, live, (unsigned long long)hash);
    return 0;
}

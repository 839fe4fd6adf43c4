/*
 * two_threads.c: one animator per thread, two threads at once, as the header allows.
 *
 * Two threads each build the same scene (a stack of boxes falling into a box with a contact
 * callback and a step callback) in an animator of their own and run it for 3 simulated seconds,
 * (it comes to rest before the end), while a third thread creates and destroys short-lived animators (creation and destruction are
 * thread-safe). Each thread's last-error message is its own. At the end both scenes must hold
 * bit-identical poses: the engine shares nothing mutable between animators.
 *
 * Built with the library's ThreadSanitizer build by `make tsan`; an ordinary example otherwise.
 * Exits 0 when every check holds, 1 otherwise.
 */
#include <anima.h>

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#define BOXES 24
#define FRAMES 180

typedef struct scene {
    int id;
    double poses[BOXES * 3];
    int contacts;
    int steps_seen;
    int failures;
    char first_failure[160];
} scene;

static void fail(scene *s, const char *what)
{
    if (s->failures++ == 0) {
        snprintf(s->first_failure, sizeof s->first_failure, "%s (%s)", what, anima_last_error_message());
    }
}

static void on_began(void *user_data, const anima_contact_event *event)
{
    (void)event;
    ((scene *)user_data)->contacts++;
}

static void on_step(void *user_data, anima_animator animator)
{
    (void)animator;
    ((scene *)user_data)->steps_seen++;
}

static void *run_scene(void *arg)
{
    scene *s = arg;
    anima_animator_def def = anima_default_animator_def();
    def.has_reference_bounds = true;
    def.reference_bounds = (anima_rect){0, 0, 320, 480};
    anima_animator animator;
    if (anima_animator_create(&def, &animator) != ANIMA_OK) {
        fail(s, "animator_create");
        return NULL;
    }
    anima_item items[BOXES];
    for (int k = 0; k < BOXES; k++) {
        anima_item_def item = anima_default_item_def();
        item.center = (anima_vec2){40.0 + 45.0 * (k % 6), 40.0 + 50.0 * (k / 6)};
        item.size = (anima_size){36, 36};
        item.transform.rotation = 0.05 * k;
        if (anima_item_create(animator, &item, &items[k]) != ANIMA_OK) {
            fail(s, "item_create");
        }
    }
    anima_behavior gravity, collision;
    anima_gravity_def gdef = anima_default_gravity_def();
    anima_collision_def cdef = anima_default_collision_def();
    cdef.translates_reference_bounds_into_boundary = true;
    if (anima_gravity_create(animator, &gdef, items, BOXES, &gravity) != ANIMA_OK
        || anima_collision_create(animator, &cdef, items, BOXES, &collision) != ANIMA_OK
        || anima_animator_add_behavior(animator, gravity) != ANIMA_OK
        || anima_animator_add_behavior(animator, collision) != ANIMA_OK
        || anima_collision_set_delegate(collision, on_began, NULL, s) != ANIMA_OK
        || anima_animator_set_step_callback(animator, on_step, s) != ANIMA_OK) {
        fail(s, "scene setup");
    }
    for (int frame = 0; frame < FRAMES; frame++) {
        if (anima_animator_advance(animator, 1.0 / 60.0) != ANIMA_OK) {
            fail(s, "advance");
            break;
        }
        /* a refused call on this thread leaves a message that only this thread sees */
        if (frame == FRAMES / 2 && anima_animator_advance(animator, -1.0) != ANIMA_ERR_INVALID_ARGUMENT) {
            fail(s, "a negative advance was accepted");
        }
        if (frame == FRAMES / 2 && strstr(anima_last_error_message(), "seconds") == NULL) {
            fail(s, "the last error message is not this thread's");
        }
    }
    int32_t count = 0;
    if (anima_animator_copy_item_poses(animator, s->poses, BOXES, &count) != ANIMA_OK || count != BOXES) {
        fail(s, "copy_item_poses");
    }
    if (anima_animator_destroy(animator) != ANIMA_OK) {
        fail(s, "animator_destroy");
    }
    return NULL;
}

static void *churn(void *arg)
{
    scene *s = arg;
    for (int k = 0; k < 200; k++) {
        anima_animator_def def = anima_default_animator_def();
        anima_animator a;
        anima_item item;
        if (anima_animator_create(&def, &a) != ANIMA_OK) {
            fail(s, "churn create");
            break;
        }
        anima_item_def idef = anima_default_item_def();
        if (anima_item_create(a, &idef, &item) != ANIMA_OK || anima_animator_destroy(a) != ANIMA_OK) {
            fail(s, "churn item or destroy");
        }
        if (anima_animator_is_valid(a) || anima_item_is_valid(item)) {
            fail(s, "a destroyed animator's handles are still valid");
        }
    }
    return NULL;
}

int main(void)
{
    static scene scenes[3];
    pthread_t threads[3];
    for (int k = 0; k < 3; k++) {
        scenes[k].id = k;
        if (pthread_create(&threads[k], NULL, k < 2 ? run_scene : churn, &scenes[k]) != 0) {
            printf("two_threads: cannot start thread %d\n", k);
            return 1;
        }
    }
    for (int k = 0; k < 3; k++) {
        pthread_join(threads[k], NULL);
    }
    int failures = 0;
    for (int k = 0; k < 3; k++) {
        if (scenes[k].failures) {
            printf("FAIL thread %d: %d failures, first: %s\n", k, scenes[k].failures, scenes[k].first_failure);
            failures++;
        }
    }
    if (memcmp(scenes[0].poses, scenes[1].poses, sizeof scenes[0].poses) != 0) {
        printf("FAIL the two threads' scenes differ\n");
        failures++;
    }
    if (scenes[0].contacts != scenes[1].contacts || scenes[0].steps_seen != scenes[1].steps_seen
        || scenes[0].steps_seen < 60 || scenes[0].contacts == 0) {
        printf("FAIL callbacks: contacts %d / %d, steps %d / %d\n", scenes[0].contacts,
               scenes[1].contacts, scenes[0].steps_seen, scenes[1].steps_seen);
        failures++;
    }
    if (failures) {
        return 1;
    }
    printf("two_threads: passed: 2 scenes of %d boxes on 2 threads agree bit for bit (at rest after %d steps), "
           "%d contacts each; 200 animators made and destroyed on a third\n",
           BOXES, scenes[0].steps_seen, scenes[0].contacts);
    return 0;
}

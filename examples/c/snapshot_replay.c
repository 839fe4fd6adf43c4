/*
 * snapshot_replay.c: a scene saved mid-fall and restored replays bit for bit (docs/snapshot.md).
 *
 * Five balls and a box fall in a 320 x 568 pt view onto a sloped ledge and the floor; the box
 * hangs from a spring, a collision delegate counts contacts, and one ball fades in a view
 * animation. After 0.4 s of frames the program snapshots the animator (asking for the size
 * first, then writing into a buffer of exactly that size), restores it into a second animator,
 * sets again the callback the restored one lists as detached, and advances both by the same
 * 3 s of frames. It checks that
 *   - the restored items and behaviors are found by the ids of the originals,
 *   - the restored animator lists the collision delegate as detached, and nothing once it is
 *     set again,
 *   - after every frame every item's center, rotation, velocity and alpha are bit-identical in
 *     the two animators (memcmp of the states), through the landing and the bounces,
 *   - the two animators' snapshots are byte-identical at the cut and at the end, and so are
 *     their state hashes (anima_animator_state_hash),
 *   - a truncated, a corrupted and an empty snapshot are refused with ANIMA_ERR_INVALID_ARGUMENT
 *     and a message saying why.
 * Exits 0 when all hold, 1 otherwise.
 */
#define EXAMPLE_NAME "snapshot_replay"
#include "example.h"

#include <stdlib.h>
#include <string.h>

#define ITEMS 6

static void count_contact(void *user_data, const anima_contact_event *event)
{
    (void)event;
    (*(int *)user_data)++;
}

/* The animator's snapshot in a malloc'd buffer (the two-call idiom); NULL on failure. */
static unsigned char *take_snapshot(anima_animator animator, int64_t *out_size)
{
    int64_t size = 0;
    anima_status status = anima_animator_snapshot(animator, NULL, 0, &size);
    if (status != ANIMA_ERR_BUFFER_TOO_SMALL && !ok(status, "anima_animator_snapshot (size)")) {
        return NULL;
    }
    unsigned char *bytes = malloc((size_t)size);
    if (bytes == NULL || !ok(anima_animator_snapshot(animator, bytes, size, out_size), "anima_animator_snapshot")) {
        free(bytes);
        return NULL;
    }
    return bytes;
}

static bool states(anima_animator animator, anima_item_state *out)
{
    int32_t count = 0;
    return ok(anima_animator_copy_item_states(animator, out, ITEMS, &count), "anima_animator_copy_item_states")
        && count == ITEMS;
}

/* A restore that must be refused; prints the reason. */
static void expect_refused(const unsigned char *bytes, int64_t size, const char *what, const char *words)
{
    anima_animator restored = anima_animator_null();
    anima_status status = anima_animator_restore(bytes, size, &restored);
    const char *message = anima_last_error_message();
    printf("    %s: %s\n", what, message);
    char description[160];
    snprintf(description, sizeof description, "%s is refused (invalid argument, \"%s\")", what, words);
    check(status == ANIMA_ERR_INVALID_ARGUMENT && strstr(message, words) != NULL && !anima_animator_is_valid(restored),
          description);
}

int main(void)
{
    anima_animator animator;
    if (!create_animator_for_view(SCREEN_WIDTH, SCREEN_HEIGHT, &animator)) {
        return 1;
    }
    anima_item items[ITEMS];
    for (int k = 0; k < ITEMS; k++) {
        anima_item_def def = anima_default_item_def();
        def.center = (anima_vec2){ 40.0 + 50.0 * k, 60.0 + 11.0 * k };
        def.size = (anima_size){ 36.0 + 4.0 * k, 36.0 + 4.0 * k };
        def.shape = k < ITEMS - 1 ? ANIMA_SHAPE_ELLIPSE : ANIMA_SHAPE_RECTANGLE;
        if (!ok(anima_item_create(animator, &def, &items[k]), "anima_item_create")) {
            return 1;
        }
    }
    anima_gravity_def gravity_def = anima_default_gravity_def();
    anima_collision_def collision_def = anima_default_collision_def();
    collision_def.translates_reference_bounds_into_boundary = true;
    anima_item_behavior_def bouncy = anima_default_item_behavior_def();
    bouncy.elasticity = 0.7;
    bouncy.friction = 0.3;
    anima_attachment_def spring = anima_default_attachment_def();
    spring.frequency = 1.5;
    spring.damping = 0.2;
    anima_behavior gravity, collision, properties, hanger;
    int contacts = 0;
    if (!ok(anima_gravity_create(animator, &gravity_def, items, ITEMS, &gravity), "anima_gravity_create")
        || !ok(anima_collision_create(animator, &collision_def, items, ITEMS, &collision), "anima_collision_create")
        || !ok(anima_collision_add_boundary_segment(collision, "ledge", (anima_vec2){ 0, 300 }, (anima_vec2){ 200, 360 }),
               "anima_collision_add_boundary_segment")
        || !ok(anima_collision_set_delegate(collision, count_contact, NULL, &contacts), "anima_collision_set_delegate")
        || !ok(anima_item_behavior_create(animator, &bouncy, items, 3, &properties), "anima_item_behavior_create")
        || !ok(anima_attachment_create_to_anchor(animator, &spring, items[ITEMS - 1], (anima_vec2){ 0, -10 },
                                                 (anima_vec2){ 290, 40 }, &hanger), "anima_attachment_create_to_anchor")) {
        return 1;
    }
    anima_behavior all[4] = { gravity, collision, properties, hanger };
    for (int k = 0; k < 4; k++) {
        if (!ok(anima_animator_add_behavior(animator, all[k]), "anima_animator_add_behavior")) {
            return 1;
        }
    }
    anima_animation_def fade = anima_default_animation_def();
    fade.duration = 2.0;
    if (!ok(anima_animation_begin(animator, &fade), "anima_animation_begin")
        || !ok(anima_item_set_alpha(items[0], 0.1), "anima_item_set_alpha")
        || !ok(anima_animation_commit(animator, NULL, NULL, NULL), "anima_animation_commit")) {
        return 1;
    }

    /* mid-fall: 0.4 s of frames at 90 Hz, which leaves time in the accumulator */
    if (!advance_frames(animator, 36, 1.0 / 90.0)) {
        return 1;
    }
    int64_t size = 0;
    unsigned char *bytes = take_snapshot(animator, &size);
    if (bytes == NULL) {
        return 1;
    }
    printf("snapshot at 0.4 s: %lld bytes\n", (long long)size);
    anima_animator copy;
    if (!ok(anima_animator_restore(bytes, size, &copy), "anima_animator_restore")) {
        return 1;
    }

    /* the restored objects, found by the originals' ids */
    bool found = true;
    anima_item copies[ITEMS];
    for (int k = 0; k < ITEMS; k++) {
        uint64_t id = 0;
        found = found && ok(anima_item_get_id(items[k], &id), "anima_item_get_id")
            && ok(anima_animator_find_item(copy, id, &copies[k]), "anima_animator_find_item")
            && copies[k].index1 == items[k].index1 && copies[k].generation == items[k].generation;
    }
    uint64_t collision_id = 0;
    anima_behavior copied_collision = anima_behavior_null();
    found = found && ok(anima_behavior_get_id(collision, &collision_id), "anima_behavior_get_id")
        && ok(anima_animator_find_behavior(copy, collision_id, &copied_collision), "anima_animator_find_behavior");
    check(found && copied_collision.kind == ANIMA_KIND_COLLISION, "every item and the collision behavior are found by id");

    /* the collision delegate was set: the restored animator says so until it is set again */
    anima_detached_callback detached[4];
    int32_t detached_count = 0;
    ok(anima_animator_get_detached_callbacks(copy, detached, 4, &detached_count), "anima_animator_get_detached_callbacks");
    check(detached_count == 1 && detached[0].kind == ANIMA_CALLBACK_CONTACT_BEGAN
              && detached[0].behavior.index1 == copied_collision.index1,
          "the restored animator lists the collision's began callback as detached");
    int copy_contacts = contacts;
    ok(anima_collision_set_delegate(copied_collision, count_contact, NULL, &copy_contacts), "anima_collision_set_delegate");
    ok(anima_animator_get_detached_callbacks(copy, NULL, 0, &detached_count), "anima_animator_get_detached_callbacks");
    check(detached_count == 0, "nothing is detached once the delegate is set again");

    int64_t copy_size = 0;
    unsigned char *copy_bytes = take_snapshot(copy, &copy_size);
    check(copy_bytes != NULL && copy_size == size && memcmp(copy_bytes, bytes, (size_t)size) == 0,
          "the restored animator's snapshot is the original's, byte for byte");
    free(copy_bytes);

    /* 3 s more of frames, side by side */
    int first_divergence = -1;
    for (int frame = 0; frame < 270; frame++) {
        anima_item_state a[ITEMS], b[ITEMS];
        if (!ok(anima_animator_advance(animator, 1.0 / 90.0), "anima_animator_advance")
            || !ok(anima_animator_advance(copy, 1.0 / 90.0), "anima_animator_advance") || !states(animator, a)
            || !states(copy, b)) {
            return 1;
        }
        if (first_divergence < 0 && memcmp(a, b, sizeof a) != 0) {
            first_divergence = frame;
        }
    }
    if (first_divergence >= 0) {
        printf("    first divergence at frame %d\n", first_divergence);
    }
    check(first_divergence < 0, "every frame's centers, rotations, velocities and alphas are bit-identical");
    check(contacts > 0 && copy_contacts == contacts, "both counted the same contacts after the cut");
    int64_t end_size = 0, end_copy_size = 0;
    unsigned char *end = take_snapshot(animator, &end_size);
    unsigned char *end_copy = take_snapshot(copy, &end_copy_size);
    check(end != NULL && end_copy != NULL && end_size == end_copy_size && memcmp(end, end_copy, (size_t)end_size) == 0,
          "the two snapshots are byte-identical after 3 s");
    free(end);
    free(end_copy);
    uint64_t hash = 0, copy_hash = 1;
    if (ok(anima_animator_state_hash(animator, &hash), "anima_animator_state_hash")
        && ok(anima_animator_state_hash(copy, &copy_hash), "anima_animator_state_hash")) {
        printf("state hash after 3 s: %016llx\n", (unsigned long long)hash);
    }
    check(hash == copy_hash, "the two state hashes are equal after 3 s");
    ok(anima_item_set_linear_velocity(items[1], (anima_vec2){ 0.0, 1e-9 }), "anima_item_set_linear_velocity");
    ok(anima_animator_state_hash(animator, &hash), "anima_animator_state_hash");
    check(hash != copy_hash, "a change of one velocity changes the state hash");

    /* broken snapshots */
    expect_refused(bytes, size - 1, "a snapshot one byte short", "truncated");
    bytes[size / 2] ^= 0x40;
    expect_refused(bytes, size, "a snapshot with a flipped bit", "CRC-32");
    expect_refused(bytes, 0, "no bytes at all", "truncated");
    free(bytes);

    ok(anima_animator_destroy(copy), "anima_animator_destroy");
    ok(anima_animator_destroy(animator), "anima_animator_destroy");
    if (failures > 0) {
        printf("snapshot_replay: %d check(s) failed\n", failures);
        return 1;
    }
    printf("snapshot_replay: restored mid-fall, %d contacts later both agree bit for bit\n", contacts);
    return 0;
}

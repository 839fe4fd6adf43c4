/*
 * bad_input.c: the error model of the C API, exercised with bad input of every kind.
 *
 * Every call that can fail returns an anima_status. On failure:
 *   - the status is the documented one (INVALID_ARGUMENT, INVALID_HANDLE, WRONG_KIND, ...),
 *   - anima_last_error_message() is a non-empty sentence that names the function,
 *   - out pointers are left untouched (the one exception: on BUFFER_TOO_SMALL the count says
 *     how many elements are needed),
 *   - the object keeps its previous state.
 * The program covers NULL pointers, zeroed and hand-made defs, NaN and infinities, negative and
 * zero sizes, values out of range, null, stale and forged handles, handles of the wrong kind,
 * handles of a destroyed animator, buffers too small, names that are not there, calls that are
 * not allowed from a callback, and the per-thread error message.
 * Exits 0 when every check holds, 1 otherwise.
 */
#include <anima.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

static int checks = 0;
static int failures = 0;
static int section_checks = 0;
static int section_failures = 0;
static char section_sample[320];

/* Starts a group of checks; prints the previous group's result. */
static void section(const char *name)
{
    static const char *current = NULL;
    if (current != NULL) {
        printf("%-26s %3d checks, %d failed%s%s\n", current, section_checks, section_failures,
               section_sample[0] ? "; e.g. " : "", section_sample);
    }
    current = name;
    section_checks = 0;
    section_failures = 0;
    section_sample[0] = '\0';
}

static void fail(int line, const char *format, const char *a, const char *b, const char *c)
{
    printf("FAIL (line %d): ", line);
    printf(format, a, b, c);
    printf("\n");
    failures++;
    section_failures++;
}

/*
 * Checks the status of a call, and for a failure, that the last-error message names the
 * function (the text of the call up to its first parenthesis).
 */
static void expect_status(anima_status got, anima_status want, const char *call, int line)
{
    char function[80];
    size_t length = strcspn(call, "(");
    if (length >= sizeof function) {
        length = sizeof function - 1;
    }
    memcpy(function, call, length);
    function[length] = '\0';

    checks++;
    section_checks++;
    const char *message = anima_last_error_message();
    if (message == NULL) {
        message = "(NULL)";
    }
    if (got != want) {
        char statuses[96];
        snprintf(statuses, sizeof statuses, "%s instead of %s", anima_status_string(got), anima_status_string(want));
        fail(line, "%s returned %s (message \"%s\")", call, statuses, message);
    } else if (want != ANIMA_OK && message[0] == '\0') {
        fail(line, "%s returned %s with an empty last-error message%s", call, anima_status_string(got), "");
    } else if (want != ANIMA_OK && strstr(message, function) == NULL) {
        fail(line, "%s: the message \"%s\" does not name %s", call, message, function);
    } else if (want != ANIMA_OK && section_sample[0] == '\0') {
        snprintf(section_sample, sizeof section_sample, "\"%s\"", message);
    }
}

/* Clears the last error, makes the call and checks its status and message. */
#define EXPECT(want, call)                                      \
    do {                                                        \
        anima_clear_error();                                    \
        anima_status status_ = (call);                          \
        expect_status(status_, (want), #call, __LINE__);        \
    } while (0)

static void expect_true(bool condition, const char *what, int line)
{
    checks++;
    section_checks++;
    if (!condition) {
        fail(line, "%s%s%s", what, "", "");
    }
}
#define EXPECT_TRUE(condition) expect_true((condition), #condition, __LINE__)

/* Out parameters are filled with a byte pattern before a failing call and checked after it. */
#define POISON_BYTE 0xA5
#define POISON(x) memset(&(x), POISON_BYTE, sizeof(x))

static void expect_untouched(const void *bytes, size_t size, const char *name, int line)
{
    checks++;
    section_checks++;
    for (size_t i = 0; i < size; i++) {
        if (((const unsigned char *)bytes)[i] != POISON_BYTE) {
            fail(line, "output %s was written by a failing call%s%s", name, "", "");
            return;
        }
    }
}
#define UNTOUCHED(x) expect_untouched(&(x), sizeof(x), #x, __LINE__)

/*
 * The counting rules of a bulk copy into `buffer` (an array of at least `needed` elements) when
 * the animator has `needed` elements: one too few is BUFFER_TOO_SMALL with the count set and the
 * buffer untouched; NULL with capacity 0 only counts; a negative capacity is INVALID_ARGUMENT
 * with the count untouched.
 */
#define EXPECT_COUNTING(copy, animator, buffer, needed)                          \
    do {                                                                          \
        int32_t count_ = -1;                                                      \
        POISON(buffer);                                                           \
        EXPECT(ANIMA_ERR_BUFFER_TOO_SMALL, copy(animator, buffer, (needed) - 1, &count_)); \
        EXPECT_TRUE(count_ == (needed));                                          \
        UNTOUCHED(buffer);                                                        \
        count_ = -1;                                                              \
        EXPECT(ANIMA_ERR_BUFFER_TOO_SMALL, copy(animator, NULL, 0, &count_));     \
        EXPECT_TRUE(count_ == (needed));                                          \
        POISON(count_);                                                           \
        EXPECT(ANIMA_ERR_INVALID_ARGUMENT, copy(animator, buffer, -1, &count_));  \
        UNTOUCHED(count_);                                                        \
    } while (0)

static bool same_item(anima_item a, anima_item b)
{
    return a.index1 == b.index1 && a.generation == b.generation && a.animator == b.animator && a.kind == b.kind;
}

static bool vec_equal(anima_vec2 a, anima_vec2 b)
{
    return a.x == b.x && a.y == b.y;
}

/* A screen-sized animator with one 64 x 64 pt ball at (160, 52); exits the program if that fails. */
typedef struct scene {
    anima_animator animator;
    anima_item ball;
} scene;

static scene make_scene(void)
{
    scene s;
    anima_animator_def def = anima_default_animator_def();
    def.has_reference_bounds = true;
    def.reference_bounds = (anima_rect){ 0, 0, 320, 568 };
    anima_item_def ball = anima_default_item_def();
    ball.center = (anima_vec2){ 160, 52 };
    ball.size = (anima_size){ 64, 64 };
    ball.shape = ANIMA_SHAPE_ELLIPSE;
    if (anima_animator_create(&def, &s.animator) != ANIMA_OK || anima_item_create(s.animator, &ball, &s.ball) != ANIMA_OK) {
        printf("FAIL: cannot set up a scene: %s\n", anima_last_error_message());
        exit(1);
    }
    return s;
}

/* ---------------------------------------------------------------------- */

static void check_versions_and_strings(void)
{
    section("versions and strings");
    EXPECT_TRUE(anima_version() == ANIMA_VERSION);
    char expected[32];
    snprintf(expected, sizeof expected, "%d.%d.%d", ANIMA_VERSION_MAJOR, ANIMA_VERSION_MINOR, ANIMA_VERSION_PATCH);
    EXPECT_TRUE(anima_version_string() != NULL && strcmp(anima_version_string(), expected) == 0);
    for (int code = ANIMA_OK; code <= ANIMA_ERR_INTERRUPTED; code++) {
        const char *name = anima_status_string((anima_status)code);
        EXPECT_TRUE(name != NULL && name[0] != '\0');
        for (int other = ANIMA_OK; other < code; other++) {
            EXPECT_TRUE(strcmp(name, anima_status_string((anima_status)other)) != 0);
        }
    }
    EXPECT_TRUE(anima_status_string((anima_status)42) != NULL);
    anima_clear_error();
    EXPECT_TRUE(anima_last_error_message() != NULL && anima_last_error_message()[0] == '\0');
}

static void check_null_pointers(void)
{
    section("NULL pointers");
    scene s = make_scene();
    anima_animator_def def = anima_default_animator_def();
    anima_item_def item_def = anima_default_item_def();
    anima_gravity_def gravity_def = anima_default_gravity_def();
    anima_collision_def collision_def = anima_default_collision_def();

    anima_animator animator;
    POISON(animator);
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_animator_create(NULL, &animator));
    UNTOUCHED(animator);
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_animator_create(&def, NULL));

    anima_item item;
    POISON(item);
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_item_create(s.animator, NULL, &item));
    UNTOUCHED(item);
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_item_create(s.animator, &item_def, NULL));

    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_item_get_center(s.ball, NULL));
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_item_get_mass(s.ball, NULL));
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_animator_is_running(s.animator, NULL));
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_animator_get_elapsed_time(s.animator, NULL));

    anima_behavior behavior;
    POISON(behavior);
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_gravity_create(s.animator, &gravity_def, NULL, 1, &behavior));
    UNTOUCHED(behavior);
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_gravity_create(s.animator, NULL, &s.ball, 1, &behavior));
    UNTOUCHED(behavior);
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_gravity_create(s.animator, &gravity_def, &s.ball, 1, NULL));

    anima_item items[4];
    int32_t count;
    POISON(count);
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_animator_get_items(s.animator, NULL, 4, &count));
    UNTOUCHED(count);
    POISON(items);
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_animator_get_items(s.animator, items, 4, NULL));
    UNTOUCHED(items);

    const anima_contact_event *events;
    POISON(count);
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_animator_get_contact_events(s.animator, true, NULL, &count));
    UNTOUCHED(count);
    POISON(events);
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_animator_get_contact_events(s.animator, true, &events, NULL));
    UNTOUCHED(events);

    anima_behavior collision;
    if (anima_collision_create(s.animator, &collision_def, &s.ball, 1, &collision) == ANIMA_OK) {
        EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_collision_add_boundary_segment(collision, NULL, (anima_vec2){ 0, 0 }, (anima_vec2){ 1, 0 }));
        EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_collision_get_translates_reference_bounds(collision, NULL, NULL));
        EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_collision_remove_boundary(collision, NULL));
        EXPECT(ANIMA_OK, anima_collision_set_translates_reference_bounds(collision, true, NULL));
    } else {
        fail(__LINE__, "anima_collision_create failed: %s%s%s", anima_last_error_message(), "", "");
    }

    anima_behavior properties;
    anima_item_behavior_def properties_def = anima_default_item_behavior_def();
    if (anima_item_behavior_create(s.animator, &properties_def, &s.ball, 1, &properties) == ANIMA_OK) {
        EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_item_behavior_set_properties(properties, NULL));
        EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_item_behavior_get_properties(properties, NULL));
    } else {
        fail(__LINE__, "anima_item_behavior_create failed: %s%s%s", anima_last_error_message(), "", "");
    }

    /* NULL bounds are not an error: they clear the reference bounds. */
    anima_rect bounds;
    bool has = true;
    EXPECT(ANIMA_OK, anima_animator_set_reference_bounds(s.animator, NULL));
    EXPECT(ANIMA_OK, anima_animator_get_reference_bounds(s.animator, &bounds, &has));
    EXPECT_TRUE(!has && bounds.width == 0 && bounds.height == 0);

    anima_animator_destroy(s.animator);
}

static void check_defs(void)
{
    section("zeroed and hand-made defs");
    scene s = make_scene();

    anima_animator animator;
    POISON(animator);
    anima_animator_def zero_animator = { 0 };
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_animator_create(&zero_animator, &animator));
    UNTOUCHED(animator);
    anima_animator_def hand_made = { .cookie = 1, .step_rate = 120, .substeps = 4, .rest_speed = 2,
                                     .rest_angular_speed = 0.035, .rest_time = 0.25 };
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_animator_create(&hand_made, &animator));
    UNTOUCHED(animator);

    anima_item item;
    POISON(item);
    anima_item_def zero_item = { 0 };
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_item_create(s.animator, &zero_item, &item));
    UNTOUCHED(item);
    anima_item_def hand_item = { .cookie = 7, .size = { 10, 10 }, .transform = { 0, 1, 1, 0, 0 }, .alpha = 1 };
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_item_create(s.animator, &hand_item, &item));
    UNTOUCHED(item);

    anima_behavior behavior;
    POISON(behavior);
    anima_gravity_def zero_gravity = { 0 };
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_gravity_create(s.animator, &zero_gravity, &s.ball, 1, &behavior));
    UNTOUCHED(behavior);
    anima_collision_def zero_collision = { 0 };
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_collision_create(s.animator, &zero_collision, &s.ball, 1, &behavior));
    UNTOUCHED(behavior);
    anima_item_behavior_def zero_properties = { 0 };
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_item_behavior_create(s.animator, &zero_properties, &s.ball, 1, &behavior));
    UNTOUCHED(behavior);

    /* set_properties validates the cookie too, and a failed call changes nothing. */
    anima_item_behavior_def def = anima_default_item_behavior_def();
    def.elasticity = 0.5;
    anima_behavior properties;
    if (anima_item_behavior_create(s.animator, &def, &s.ball, 1, &properties) == ANIMA_OK) {
        anima_item_behavior_def hand_properties = { .cookie = 3, .elasticity = 0.9, .density = 1, .allows_rotation = true };
        EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_item_behavior_set_properties(properties, &hand_properties));
        double elasticity = -1;
        EXPECT(ANIMA_OK, anima_item_behavior_get_elasticity(properties, &elasticity));
        EXPECT_TRUE(elasticity == 0.5);
        anima_item_behavior_def read_back;
        EXPECT(ANIMA_OK, anima_item_behavior_get_properties(properties, &read_back));
        read_back.friction = 0.25;
        EXPECT(ANIMA_OK, anima_item_behavior_set_properties(properties, &read_back));
    } else {
        fail(__LINE__, "anima_item_behavior_create failed: %s%s%s", anima_last_error_message(), "", "");
    }

    anima_animator_destroy(s.animator);
}

static void check_non_finite_and_ranges(void)
{
    section("NaN, infinity, ranges");
    scene s = make_scene();
    const anima_vec2 center = { 160, 52 };

    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_item_set_center(s.ball, (anima_vec2){ NAN, 10 }));
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_item_set_center(s.ball, (anima_vec2){ 10, INFINITY }));
    anima_vec2 now;
    EXPECT(ANIMA_OK, anima_item_get_center(s.ball, &now));
    EXPECT_TRUE(vec_equal(now, center));
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_item_set_linear_velocity(s.ball, (anima_vec2){ -INFINITY, 0 }));
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_item_set_angular_velocity(s.ball, NAN));
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_item_set_alpha(s.ball, NAN));
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_item_set_alpha(s.ball, 1.5));
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_item_set_alpha(s.ball, -0.25));
    double alpha = -1;
    EXPECT(ANIMA_OK, anima_item_get_alpha(s.ball, &alpha));
    EXPECT_TRUE(alpha == 1.0);
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_item_set_shape(s.ball, (anima_shape)7));
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_item_set_transform(s.ball, (anima_transform){ NAN, 1, 1, 0, 0 }));
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_item_set_transform(s.ball, (anima_transform){ 0, 0, 1, 0, 0 }));

    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_animator_advance(s.animator, NAN));
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_animator_advance(s.animator, INFINITY));
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_animator_advance(s.animator, -0.01));
    double elapsed = -1;
    EXPECT(ANIMA_OK, anima_animator_get_elapsed_time(s.animator, &elapsed));
    EXPECT_TRUE(elapsed == 0.0);

    anima_animator animator;
    POISON(animator);
    anima_animator_def def = anima_default_animator_def();
    def.step_rate = NAN;
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_animator_create(&def, &animator));
    def = anima_default_animator_def();
    def.step_rate = 10;
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_animator_create(&def, &animator));
    def = anima_default_animator_def();
    def.substeps = 0;
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_animator_create(&def, &animator));
    def = anima_default_animator_def();
    def.substeps = 17;
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_animator_create(&def, &animator));
    def = anima_default_animator_def();
    def.rest_speed = 0;
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_animator_create(&def, &animator));
    def = anima_default_animator_def();
    def.rest_time = -1;
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_animator_create(&def, &animator));
    def = anima_default_animator_def();
    def.has_reference_bounds = true;
    def.reference_bounds = (anima_rect){ 0, 0, 320, NAN };
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_animator_create(&def, &animator));
    UNTOUCHED(animator);

    anima_item item;
    POISON(item);
    anima_item_def item_def = anima_default_item_def();
    item_def.center = (anima_vec2){ NAN, 0 };
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_item_create(s.animator, &item_def, &item));
    item_def = anima_default_item_def();
    item_def.alpha = 2;
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_item_create(s.animator, &item_def, &item));
    UNTOUCHED(item);

    anima_behavior gravity;
    anima_gravity_def gravity_def = anima_default_gravity_def();
    if (anima_gravity_create(s.animator, &gravity_def, &s.ball, 1, &gravity) == ANIMA_OK) {
        EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_gravity_set_direction(gravity, (anima_vec2){ NAN, 1 }));
        EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_gravity_set_angle(gravity, INFINITY));
        EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_gravity_set_magnitude(gravity, NAN));
        EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_gravity_set_angle_magnitude(gravity, 1, -INFINITY));
        anima_vec2 direction;
        EXPECT(ANIMA_OK, anima_gravity_get_direction(gravity, &direction));
        EXPECT_TRUE(vec_equal(direction, (anima_vec2){ 0, 1 }));
    }
    anima_behavior behavior;
    POISON(behavior);
    gravity_def.direction = (anima_vec2){ 0, NAN };
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_gravity_create(s.animator, &gravity_def, &s.ball, 1, &behavior));
    gravity_def = anima_default_gravity_def();
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_gravity_create(s.animator, &gravity_def, &s.ball, -1, &behavior));
    UNTOUCHED(behavior);

    anima_collision_def collision_def = anima_default_collision_def();
    collision_def.reference_bounds_insets.left = NAN;
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_collision_create(s.animator, &collision_def, &s.ball, 1, &behavior));
    collision_def = anima_default_collision_def();
    collision_def.mode = (anima_collision_mode)4;
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_collision_create(s.animator, &collision_def, &s.ball, 1, &behavior));
    UNTOUCHED(behavior);
    anima_behavior collision;
    collision_def = anima_default_collision_def();
    if (anima_collision_create(s.animator, &collision_def, &s.ball, 1, &collision) == ANIMA_OK) {
        EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_collision_set_mode(collision, (anima_collision_mode)0));
        EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_collision_set_mode(collision, (anima_collision_mode)4));
        anima_insets bad_insets = { 0, INFINITY, 0, 0 };
        EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_collision_set_translates_reference_bounds(collision, true, &bad_insets));
        EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_collision_add_boundary_segment(collision, "", (anima_vec2){ 0, 0 }, (anima_vec2){ 1, 0 }));
        EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_collision_add_boundary_segment(collision, "dot", (anima_vec2){ 5, 5 }, (anima_vec2){ 5, 5 }));
        EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_collision_add_boundary_segment(collision, "nan", (anima_vec2){ NAN, 5 }, (anima_vec2){ 5, 5 }));
        /* an identifier that is not UTF-8 (a lone continuation byte, a truncated sequence) */
        EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_collision_add_boundary_segment(collision, "wall\x80", (anima_vec2){ 0, 0 }, (anima_vec2){ 1, 0 }));
        EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_collision_add_boundary_segment(collision, "caf\xc3", (anima_vec2){ 0, 0 }, (anima_vec2){ 1, 0 }));
        int32_t boundaries = -1;
        EXPECT(ANIMA_OK, anima_collision_get_boundary_count(collision, &boundaries));
        EXPECT_TRUE(boundaries == 0);
        anima_collision_mode mode;
        EXPECT(ANIMA_OK, anima_collision_get_mode(collision, &mode));
        EXPECT_TRUE(mode == ANIMA_COLLISION_MODE_EVERYTHING);
    }

    /* Item behavior properties: elasticity 0...1, friction >= 0, density > 0, resistances >= 0. */
    anima_item_behavior_def properties_def = anima_default_item_behavior_def();
    properties_def.elasticity = 1.5;
    POISON(behavior);
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_item_behavior_create(s.animator, &properties_def, &s.ball, 1, &behavior));
    UNTOUCHED(behavior);
    properties_def = anima_default_item_behavior_def();
    anima_behavior properties;
    if (anima_item_behavior_create(s.animator, &properties_def, &s.ball, 1, &properties) == ANIMA_OK) {
        EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_item_behavior_set_elasticity(properties, 1.5));
        EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_item_behavior_set_elasticity(properties, -0.1));
        EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_item_behavior_set_elasticity(properties, NAN));
        EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_item_behavior_set_friction(properties, -1));
        EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_item_behavior_set_density(properties, 0));
        EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_item_behavior_set_density(properties, INFINITY));
        EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_item_behavior_set_density(properties, 1e7)); /* 1e-6...1e6 */
        EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_item_behavior_set_resistance(properties, -0.5));
        EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_item_behavior_set_angular_resistance(properties, NAN));
        EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_item_behavior_set_charge(properties, INFINITY));
        EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_item_behavior_add_linear_velocity(properties, s.ball, (anima_vec2){ NAN, 0 }));
        EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_item_behavior_add_angular_velocity(properties, s.ball, INFINITY));
        double elasticity = -1;
        EXPECT(ANIMA_OK, anima_item_behavior_get_elasticity(properties, &elasticity));
        EXPECT_TRUE(elasticity == 0.0);
        EXPECT(ANIMA_OK, anima_item_behavior_set_elasticity(properties, 1.0));
    }

    anima_animator_destroy(s.animator);
}

static void check_sizes(void)
{
    section("negative and zero sizes");
    scene s = make_scene();

    anima_item item;
    POISON(item);
    anima_item_def def = anima_default_item_def();
    def.size = (anima_size){ 0, 64 };
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_item_create(s.animator, &def, &item));
    def.size = (anima_size){ 64, -64 };
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_item_create(s.animator, &def, &item));
    def.size = (anima_size){ INFINITY, 64 };
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_item_create(s.animator, &def, &item));
    def.size = (anima_size){ 64, 1e8 }; /* each side 0.001...1e7 pt */
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_item_create(s.animator, &def, &item));
    def.size = (anima_size){ 0.0005, 64 };
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_item_create(s.animator, &def, &item));
    UNTOUCHED(item);

    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_item_set_size(s.ball, (anima_size){ 0, 0 }));
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_item_set_size(s.ball, (anima_size){ -1, 5 }));
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_item_set_size(s.ball, (anima_size){ NAN, 5 }));
    anima_size size;
    EXPECT(ANIMA_OK, anima_item_get_size(s.ball, &size));
    EXPECT_TRUE(size.width == 64 && size.height == 64);

    anima_rect zero_width = { 0, 0, 0, 568 };
    anima_rect negative = { 0, 0, 320, -568 };
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_animator_set_reference_bounds(s.animator, &zero_width));
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_animator_set_reference_bounds(s.animator, &negative));
    anima_rect bounds;
    bool has = false;
    EXPECT(ANIMA_OK, anima_animator_get_reference_bounds(s.animator, &bounds, &has));
    EXPECT_TRUE(has && bounds.width == 320 && bounds.height == 568);

    anima_animator animator;
    POISON(animator);
    anima_animator_def animator_def = anima_default_animator_def();
    animator_def.has_reference_bounds = true;
    animator_def.reference_bounds = (anima_rect){ 0, 0, 320, 0 };
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_animator_create(&animator_def, &animator));
    UNTOUCHED(animator);

    anima_item found[2];
    int32_t count;
    POISON(found);
    POISON(count);
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_animator_items_in_rect(s.animator, (anima_rect){ 0, 0, -10, 10 }, found, 2, &count));
    UNTOUCHED(found);
    UNTOUCHED(count);

    anima_animator_destroy(s.animator);
}

static void check_stale_handles(void)
{
    section("null and stale handles");
    scene s = make_scene();
    anima_vec2 center;

    POISON(center);
    EXPECT(ANIMA_ERR_INVALID_HANDLE, anima_item_get_center(anima_item_null(), &center));
    UNTOUCHED(center);
    EXPECT(ANIMA_ERR_INVALID_HANDLE, anima_animator_advance(anima_animator_null(), 0.1));
    EXPECT(ANIMA_ERR_INVALID_HANDLE, anima_behavior_destroy(anima_behavior_null()));
    EXPECT_TRUE(!anima_item_is_valid(anima_item_null()));
    EXPECT_TRUE(!anima_animator_is_valid(anima_animator_null()));
    EXPECT_TRUE(!anima_behavior_is_valid(anima_behavior_null()));

    anima_item_def def = anima_default_item_def();
    anima_item doomed;
    if (anima_item_create(s.animator, &def, &doomed) != ANIMA_OK) {
        fail(__LINE__, "anima_item_create failed: %s%s%s", anima_last_error_message(), "", "");
        return;
    }
    EXPECT(ANIMA_OK, anima_item_destroy(doomed));
    EXPECT_TRUE(!anima_item_is_valid(doomed));
    POISON(center);
    EXPECT(ANIMA_ERR_INVALID_HANDLE, anima_item_get_center(doomed, &center));
    UNTOUCHED(center);
    EXPECT(ANIMA_ERR_INVALID_HANDLE, anima_item_set_alpha(doomed, 0.5));
    EXPECT(ANIMA_ERR_INVALID_HANDLE, anima_item_destroy(doomed));

    /* A new item may take the freed slot; the old handle stays stale all the same. */
    anima_item successor;
    EXPECT(ANIMA_OK, anima_item_create(s.animator, &def, &successor));
    EXPECT_TRUE(!same_item(successor, doomed));
    EXPECT_TRUE(!anima_item_is_valid(doomed));
    EXPECT(ANIMA_ERR_INVALID_HANDLE, anima_item_get_center(doomed, &center));
    EXPECT(ANIMA_OK, anima_item_get_center(successor, &center));

    anima_item forged = s.ball;
    forged.generation += 1;
    EXPECT(ANIMA_ERR_INVALID_HANDLE, anima_item_get_center(forged, &center));
    forged = s.ball;
    forged.index1 = 100000;
    EXPECT(ANIMA_ERR_INVALID_HANDLE, anima_item_get_center(forged, &center));
    forged = s.ball;
    forged.animator = 999;
    EXPECT(ANIMA_ERR_INVALID_HANDLE, anima_item_get_center(forged, &center));

    anima_behavior gravity;
    anima_gravity_def gravity_def = anima_default_gravity_def();
    if (anima_gravity_create(s.animator, &gravity_def, &s.ball, 1, &gravity) == ANIMA_OK) {
        EXPECT(ANIMA_OK, anima_animator_add_behavior(s.animator, gravity));
        EXPECT(ANIMA_OK, anima_behavior_destroy(gravity));
        EXPECT_TRUE(!anima_behavior_is_valid(gravity));
        anima_vec2 direction;
        POISON(direction);
        EXPECT(ANIMA_ERR_INVALID_HANDLE, anima_gravity_get_direction(gravity, &direction));
        UNTOUCHED(direction);
        EXPECT(ANIMA_ERR_INVALID_HANDLE, anima_animator_add_behavior(s.animator, gravity));
        EXPECT(ANIMA_ERR_INVALID_HANDLE, anima_behavior_add_item(gravity, s.ball));
        /* A destroyed behavior is also no longer among the animator's behaviors. */
        int32_t count = -1;
        EXPECT(ANIMA_OK, anima_animator_get_behaviors(s.animator, NULL, 0, &count));
        EXPECT_TRUE(count == 0);
    }
    anima_animator_destroy(s.animator);
}

static void check_wrong_kind(void)
{
    section("wrong kind");
    scene s = make_scene();
    anima_behavior gravity, collision, properties;
    anima_gravity_def gravity_def = anima_default_gravity_def();
    anima_collision_def collision_def = anima_default_collision_def();
    anima_item_behavior_def properties_def = anima_default_item_behavior_def();
    if (anima_gravity_create(s.animator, &gravity_def, &s.ball, 1, &gravity) != ANIMA_OK
        || anima_collision_create(s.animator, &collision_def, &s.ball, 1, &collision) != ANIMA_OK
        || anima_item_behavior_create(s.animator, &properties_def, &s.ball, 1, &properties) != ANIMA_OK) {
        fail(__LINE__, "cannot create the behaviors: %s%s%s", anima_last_error_message(), "", "");
        return;
    }

    anima_collision_mode mode;
    POISON(mode);
    EXPECT(ANIMA_ERR_WRONG_KIND, anima_collision_get_mode(gravity, &mode));
    UNTOUCHED(mode);
    EXPECT(ANIMA_ERR_WRONG_KIND, anima_collision_set_mode(gravity, ANIMA_COLLISION_MODE_ITEMS));
    EXPECT(ANIMA_ERR_WRONG_KIND, anima_collision_set_delegate(gravity, NULL, NULL, NULL));
    EXPECT(ANIMA_ERR_WRONG_KIND, anima_collision_add_boundary_segment(properties, "floor", (anima_vec2){ 0, 0 }, (anima_vec2){ 1, 0 }));
    anima_vec2 direction;
    POISON(direction);
    EXPECT(ANIMA_ERR_WRONG_KIND, anima_gravity_get_direction(collision, &direction));
    UNTOUCHED(direction);
    EXPECT(ANIMA_ERR_WRONG_KIND, anima_gravity_set_magnitude(properties, 2));
    double elasticity;
    POISON(elasticity);
    EXPECT(ANIMA_ERR_WRONG_KIND, anima_item_behavior_get_elasticity(gravity, &elasticity));
    UNTOUCHED(elasticity);
    EXPECT(ANIMA_ERR_WRONG_KIND, anima_item_behavior_set_elasticity(collision, 0.5));
    /* the per-frame anchor setter checks the kind too, and says what it wanted */
    EXPECT(ANIMA_ERR_WRONG_KIND, anima_attachment_set_anchor_point(gravity, (anima_vec2){ 1, 2 }));
    EXPECT_TRUE(strstr(anima_last_error_message(), "is a gravity behavior, not an attachment") != NULL);

    /* an attachment between two items has no anchor point to move; its anchor's attachment
       takes a finite point only, and keeps its point when refused */
    anima_attachment_def spring_def = anima_default_attachment_def();
    anima_item_def other_def = anima_default_item_def();
    other_def.center = (anima_vec2){ 260, 52 };
    anima_item other;
    anima_behavior tie, spring;
    if (anima_item_create(s.animator, &other_def, &other) == ANIMA_OK
        && anima_attachment_create_to_item(s.animator, &spring_def, s.ball, (anima_vec2){ 0, 0 }, other, (anima_vec2){ 0, 0 },
                                           &tie) == ANIMA_OK
        && anima_attachment_create_to_anchor(s.animator, &spring_def, s.ball, (anima_vec2){ 0, 0 }, (anima_vec2){ 10, 20 },
                                             &spring) == ANIMA_OK) {
        EXPECT(ANIMA_ERR_INVALID_STATE, anima_attachment_set_anchor_point(tie, (anima_vec2){ 1, 2 }));
        EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_attachment_set_anchor_point(spring, (anima_vec2){ NAN, 2 }));
        EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_attachment_set_anchor_point(spring, (anima_vec2){ 1, INFINITY }));
        anima_vec2 point;
        EXPECT(ANIMA_OK, anima_attachment_get_anchor_point(spring, &point));
        EXPECT_TRUE(vec_equal(point, (anima_vec2){ 10, 20 }));
        EXPECT(ANIMA_OK, anima_attachment_set_anchor_point(spring, (anima_vec2){ 30, 40 }));
        EXPECT(ANIMA_OK, anima_attachment_get_anchor_point(spring, &point));
        EXPECT_TRUE(vec_equal(point, (anima_vec2){ 30, 40 }));
        EXPECT(ANIMA_OK, anima_behavior_destroy(spring));
        EXPECT(ANIMA_ERR_INVALID_HANDLE, anima_attachment_set_anchor_point(spring, (anima_vec2){ 1, 2 }));
    } else {
        fail(__LINE__, "cannot create the attachments: %s%s%s", anima_last_error_message(), "", "");
    }

    anima_kind kind = ANIMA_KIND_NONE;
    EXPECT(ANIMA_OK, anima_behavior_get_kind(gravity, &kind));
    EXPECT_TRUE(kind == ANIMA_KIND_GRAVITY);
    EXPECT(ANIMA_OK, anima_behavior_get_kind(collision, &kind));
    EXPECT_TRUE(kind == ANIMA_KIND_COLLISION);
    EXPECT(ANIMA_OK, anima_gravity_get_direction(gravity, &direction));
    EXPECT_TRUE(vec_equal(direction, (anima_vec2){ 0, 1 }));

    /* A stale handle is reported as such, whatever its kind. */
    EXPECT(ANIMA_OK, anima_behavior_destroy(gravity));
    EXPECT(ANIMA_ERR_INVALID_HANDLE, anima_collision_get_mode(gravity, &mode));

    anima_animator_destroy(s.animator);
}

static void check_destroyed_animator(void)
{
    section("destroyed animator");
    scene s = make_scene();
    anima_behavior gravity;
    anima_gravity_def gravity_def = anima_default_gravity_def();
    if (anima_gravity_create(s.animator, &gravity_def, &s.ball, 1, &gravity) != ANIMA_OK) {
        fail(__LINE__, "anima_gravity_create failed: %s%s%s", anima_last_error_message(), "", "");
        return;
    }
    EXPECT(ANIMA_OK, anima_animator_add_behavior(s.animator, gravity));
    EXPECT(ANIMA_OK, anima_animator_advance(s.animator, 0.1));
    EXPECT(ANIMA_OK, anima_animator_destroy(s.animator));

    EXPECT_TRUE(!anima_animator_is_valid(s.animator));
    EXPECT_TRUE(!anima_item_is_valid(s.ball));
    EXPECT_TRUE(!anima_behavior_is_valid(gravity));
    anima_vec2 center;
    POISON(center);
    EXPECT(ANIMA_ERR_INVALID_HANDLE, anima_item_get_center(s.ball, &center));
    UNTOUCHED(center);
    EXPECT(ANIMA_ERR_INVALID_HANDLE, anima_item_set_center(s.ball, (anima_vec2){ 1, 1 }));
    EXPECT(ANIMA_ERR_INVALID_HANDLE, anima_item_destroy(s.ball));
    EXPECT(ANIMA_ERR_INVALID_HANDLE, anima_gravity_set_angle(gravity, 0));
    EXPECT(ANIMA_ERR_INVALID_HANDLE, anima_behavior_destroy(gravity));
    EXPECT(ANIMA_ERR_INVALID_HANDLE, anima_animator_advance(s.animator, 0.1));
    EXPECT(ANIMA_ERR_INVALID_HANDLE, anima_animator_destroy(s.animator));
    anima_item item;
    anima_item_def def = anima_default_item_def();
    POISON(item);
    EXPECT(ANIMA_ERR_INVALID_HANDLE, anima_item_create(s.animator, &def, &item));
    UNTOUCHED(item);

    /* A new animator (possibly in the same slot, with items in the same slots) does not revive
       the old handles. */
    scene again = make_scene();
    EXPECT_TRUE(anima_animator_is_valid(again.animator));
    EXPECT_TRUE(!anima_animator_is_valid(s.animator));
    EXPECT_TRUE(!anima_item_is_valid(s.ball));
    EXPECT(ANIMA_ERR_INVALID_HANDLE, anima_item_get_center(s.ball, &center));
    EXPECT(ANIMA_ERR_INVALID_HANDLE, anima_animator_advance(s.animator, 0.1));
    EXPECT(ANIMA_OK, anima_item_get_center(again.ball, &center));
    anima_animator_destroy(again.animator);
}

static void check_other_animator(void)
{
    section("items of another animator");
    scene a = make_scene();
    scene b = make_scene();
    anima_behavior gravity;
    anima_gravity_def gravity_def = anima_default_gravity_def();
    POISON(gravity);
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_gravity_create(a.animator, &gravity_def, &b.ball, 1, &gravity));
    UNTOUCHED(gravity);
    if (anima_gravity_create(a.animator, &gravity_def, &a.ball, 1, &gravity) == ANIMA_OK) {
        EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_behavior_add_item(gravity, b.ball));
        anima_item governed[2];
        int32_t count = -1;
        EXPECT(ANIMA_OK, anima_behavior_get_items(gravity, governed, 2, &count));
        EXPECT_TRUE(count == 1 && same_item(governed[0], a.ball));
    }
    anima_animator_destroy(a.animator);
    anima_animator_destroy(b.animator);
}

static void check_buffers(void)
{
    section("buffers too small");
    scene s = make_scene();
    anima_item_def def = anima_default_item_def();
    anima_item second, third;
    if (anima_item_create(s.animator, &def, &second) != ANIMA_OK || anima_item_create(s.animator, &def, &third) != ANIMA_OK) {
        fail(__LINE__, "anima_item_create failed: %s%s%s", anima_last_error_message(), "", "");
        return;
    }

    /* the three items' bulk copies: too small a buffer, the NULL first call, a negative capacity */
    anima_item items[3];
    int32_t count = -1;
    EXPECT_COUNTING(anima_animator_get_items, s.animator, items, 3);
    EXPECT(ANIMA_OK, anima_animator_get_items(s.animator, items, 3, &count));
    EXPECT_TRUE(count == 3 && same_item(items[0], s.ball) && same_item(items[1], second) && same_item(items[2], third));
    double poses[3 * 3];
    EXPECT_COUNTING(anima_animator_copy_item_poses, s.animator, poses, 3);
    anima_item_state states[3];
    EXPECT_COUNTING(anima_animator_copy_item_states, s.animator, states, 3);

    /* copy_item_states writes the poses of copy_item_poses, in the same order, with velocities and alpha */
    POISON(count);
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_animator_copy_item_states(s.animator, NULL, 3, &count));
    UNTOUCHED(count);
    EXPECT(ANIMA_ERR_INVALID_ARGUMENT, anima_animator_copy_item_states(s.animator, states, 3, NULL));
    UNTOUCHED(states);
    EXPECT(ANIMA_ERR_INVALID_HANDLE, anima_animator_copy_item_states(anima_animator_null(), states, 3, &count));
    UNTOUCHED(states);
    EXPECT(ANIMA_OK, anima_item_set_linear_velocity(third, (anima_vec2){ 12, -3 }));
    EXPECT(ANIMA_OK, anima_item_set_angular_velocity(third, 0.5));
    EXPECT(ANIMA_OK, anima_item_set_alpha(second, 0.25));
    double all_poses[3 * 3];
    EXPECT(ANIMA_OK, anima_animator_copy_item_poses(s.animator, all_poses, 3, &count));
    count = -1;
    EXPECT(ANIMA_OK, anima_animator_copy_item_states(s.animator, states, 3, &count));
    EXPECT_TRUE(count == 3);
    for (int k = 0; k < 3; k++) {
        EXPECT_TRUE(states[k].x == all_poses[3 * k] && states[k].y == all_poses[3 * k + 1]
                    && states[k].rotation == all_poses[3 * k + 2]);
    }
    EXPECT_TRUE(states[0].x == 160 && states[0].y == 52 && states[0].alpha == 1);
    EXPECT_TRUE(states[1].alpha == 0.25 && states[1].vx == 0 && states[1].angular_velocity == 0);
    EXPECT_TRUE(states[2].vx == 12 && states[2].vy == -3 && states[2].angular_velocity == 0.5 && states[2].alpha == 1);

    anima_behavior gravity;
    anima_gravity_def gravity_def = anima_default_gravity_def();
    const anima_item pair[2] = { s.ball, second };
    if (anima_gravity_create(s.animator, &gravity_def, pair, 2, &gravity) == ANIMA_OK) {
        EXPECT(ANIMA_OK, anima_animator_add_behavior(s.animator, gravity));
        anima_behavior behaviors[1];
        count = -1;
        EXPECT(ANIMA_ERR_BUFFER_TOO_SMALL, anima_animator_get_behaviors(s.animator, NULL, 0, &count));
        EXPECT_TRUE(count == 1);
        EXPECT(ANIMA_OK, anima_animator_get_behaviors(s.animator, behaviors, 1, &count));
        anima_item governed[1];
        POISON(governed);
        count = -1;
        EXPECT(ANIMA_ERR_BUFFER_TOO_SMALL, anima_behavior_get_items(gravity, governed, 1, &count));
        EXPECT_TRUE(count == 2);
        UNTOUCHED(governed);
    }

    anima_behavior collision;
    anima_collision_def collision_def = anima_default_collision_def();
    if (anima_collision_create(s.animator, &collision_def, &s.ball, 1, &collision) == ANIMA_OK) {
        EXPECT(ANIMA_OK, anima_collision_add_boundary_segment(collision, "floor", (anima_vec2){ 0, 500 }, (anima_vec2){ 320, 500 }));
        anima_vec2 points[2];
        POISON(points);
        count = -1;
        EXPECT(ANIMA_ERR_BUFFER_TOO_SMALL, anima_collision_get_boundary(collision, "floor", points, 1, &count));
        EXPECT_TRUE(count == 2);
        UNTOUCHED(points);
        EXPECT(ANIMA_OK, anima_collision_get_boundary(collision, "floor", points, 2, &count));
        EXPECT_TRUE(count == 2 && vec_equal(points[0], (anima_vec2){ 0, 500 }) && vec_equal(points[1], (anima_vec2){ 320, 500 }));
    }

    /* An empty animator: capacity 0 with a NULL buffer is fine. */
    anima_animator_def empty_def = anima_default_animator_def();
    anima_animator empty;
    if (anima_animator_create(&empty_def, &empty) == ANIMA_OK) {
        count = -1;
        EXPECT(ANIMA_OK, anima_animator_get_items(empty, NULL, 0, &count));
        EXPECT_TRUE(count == 0);
        anima_animator_destroy(empty);
    }
    anima_animator_destroy(s.animator);
}

static void check_not_found(void)
{
    section("not found");
    scene s = make_scene();
    anima_item_def def = anima_default_item_def();
    anima_item outsider;
    anima_behavior collision, properties;
    anima_collision_def collision_def = anima_default_collision_def();
    anima_item_behavior_def properties_def = anima_default_item_behavior_def();
    if (anima_item_create(s.animator, &def, &outsider) != ANIMA_OK
        || anima_collision_create(s.animator, &collision_def, &s.ball, 1, &collision) != ANIMA_OK
        || anima_item_behavior_create(s.animator, &properties_def, &s.ball, 1, &properties) != ANIMA_OK) {
        fail(__LINE__, "setup failed: %s%s%s", anima_last_error_message(), "", "");
        return;
    }
    anima_vec2 points[2];
    int32_t count;
    POISON(points);
    POISON(count);
    EXPECT(ANIMA_ERR_NOT_FOUND, anima_collision_get_boundary(collision, "nowhere", points, 2, &count));
    UNTOUCHED(points);
    UNTOUCHED(count);
    EXPECT(ANIMA_ERR_NOT_FOUND, anima_collision_remove_boundary(collision, "nowhere"));

    anima_vec2 velocity;
    POISON(velocity);
    EXPECT(ANIMA_ERR_NOT_FOUND, anima_item_behavior_get_linear_velocity(properties, outsider, &velocity));
    UNTOUCHED(velocity);
    EXPECT(ANIMA_ERR_NOT_FOUND, anima_item_behavior_add_linear_velocity(properties, outsider, (anima_vec2){ 10, 0 }));
    double angular;
    POISON(angular);
    EXPECT(ANIMA_ERR_NOT_FOUND, anima_item_behavior_get_angular_velocity(properties, outsider, &angular));
    UNTOUCHED(angular);
    EXPECT(ANIMA_OK, anima_item_behavior_add_linear_velocity(properties, s.ball, (anima_vec2){ 10, 0 }));
    EXPECT(ANIMA_OK, anima_item_behavior_get_linear_velocity(properties, s.ball, &velocity));
    EXPECT_TRUE(vec_equal(velocity, (anima_vec2){ 10, 0 }));

    anima_animator_destroy(s.animator);
}

/* ---------------------------------------------------------------- callbacks */

typedef struct probe {
    anima_animator animator;
    anima_item ball;
    anima_item doomed;          /* destroyed from the callback */
    bool interrupt;             /* this run only interrupts */
    bool doomed_valid_after;    /* anima_item_is_valid(doomed) right after destroying it in the callback */
    int calls;
    anima_status advance_status, step_status, destroy_status, alpha_status, destroy_item_status, interrupt_status;
    char advance_message[256], step_message[256], destroy_message[256];
} probe;

static void copy_message(char *to, size_t size)
{
    snprintf(to, size, "%s", anima_last_error_message());
}

static void probe_began(void *user_data, const anima_contact_event *event)
{
    (void)event;
    probe *p = user_data;
    if (p->calls++ > 0) {
        return;
    }
    if (p->interrupt) {
        p->interrupt_status = anima_animator_interrupt(p->animator);
        return;
    }
    anima_clear_error();
    p->advance_status = anima_animator_advance(p->animator, 0.1);
    copy_message(p->advance_message, sizeof p->advance_message);
    anima_clear_error();
    p->step_status = anima_animator_step(p->animator);
    copy_message(p->step_message, sizeof p->step_message);
    anima_clear_error();
    p->destroy_status = anima_animator_destroy(p->animator);
    copy_message(p->destroy_message, sizeof p->destroy_message);
    p->alpha_status = anima_item_set_alpha(p->ball, 0.25);
    p->destroy_item_status = anima_item_destroy(p->doomed);
    p->doomed_valid_after = anima_item_is_valid(p->doomed);
}

/* A ball falling onto the floor of the reference bounds, with probe_began as the contact callback. */
static bool make_probe_scene(probe *p)
{
    scene s = make_scene();
    p->animator = s.animator;
    p->ball = s.ball;
    anima_item_def def = anima_default_item_def();
    def.center = (anima_vec2){ 50, 50 };
    anima_behavior gravity, collision;
    anima_gravity_def gravity_def = anima_default_gravity_def();
    anima_collision_def collision_def = anima_default_collision_def();
    collision_def.translates_reference_bounds_into_boundary = true;
    return anima_item_create(s.animator, &def, &p->doomed) == ANIMA_OK
        && anima_gravity_create(s.animator, &gravity_def, &s.ball, 1, &gravity) == ANIMA_OK
        && anima_collision_create(s.animator, &collision_def, &s.ball, 1, &collision) == ANIMA_OK
        && anima_collision_set_delegate(collision, probe_began, NULL, p) == ANIMA_OK
        && anima_animator_add_behavior(s.animator, gravity) == ANIMA_OK
        && anima_animator_add_behavior(s.animator, collision) == ANIMA_OK;
}

static void expect_message_names(const char *message, const char *function, int line)
{
    checks++;
    section_checks++;
    if (message[0] == '\0' || strstr(message, function) == NULL) {
        fail(line, "the message \"%s\" does not name %s%s", message, function, "");
    }
}

static void check_callbacks(void)
{
    section("calls from callbacks");
    probe p = { 0 };
    if (!make_probe_scene(&p)) {
        fail(__LINE__, "cannot set up the callback scene: %s%s%s", anima_last_error_message(), "", "");
        return;
    }
    /* The ball reaches the floor after about 1 s. */
    EXPECT(ANIMA_OK, anima_animator_advance(p.animator, 2.0));
    EXPECT_TRUE(p.calls >= 1);
    EXPECT_TRUE(p.advance_status == ANIMA_ERR_BUSY);
    expect_message_names(p.advance_message, "anima_animator_advance", __LINE__);
    EXPECT_TRUE(p.step_status == ANIMA_ERR_BUSY);
    expect_message_names(p.step_message, "anima_animator_step", __LINE__);
    EXPECT_TRUE(p.destroy_status == ANIMA_ERR_BUSY);
    expect_message_names(p.destroy_message, "anima_animator_destroy", __LINE__);
    EXPECT_TRUE(p.alpha_status == ANIMA_OK);
    EXPECT_TRUE(p.destroy_item_status == ANIMA_OK);
    EXPECT_TRUE(!p.doomed_valid_after); /* graph edits in a callback are visible to queries at once */
    EXPECT_TRUE(anima_animator_is_valid(p.animator));
    EXPECT_TRUE(!anima_item_is_valid(p.doomed));
    double alpha = 0;
    EXPECT(ANIMA_OK, anima_item_get_alpha(p.ball, &alpha));
    EXPECT_TRUE(alpha == 0.25);
    EXPECT(ANIMA_OK, anima_animator_advance(p.animator, 0.1));
    EXPECT(ANIMA_OK, anima_animator_destroy(p.animator));

    /* An interrupt from a callback ends the advance early with ANIMA_ERR_INTERRUPTED. */
    probe q = { 0 };
    q.interrupt = true;
    if (!make_probe_scene(&q)) {
        fail(__LINE__, "cannot set up the callback scene: %s%s%s", anima_last_error_message(), "", "");
        return;
    }
    EXPECT(ANIMA_ERR_INTERRUPTED, anima_animator_advance(q.animator, 5.0));
    EXPECT_TRUE(q.interrupt_status == ANIMA_OK);
    double elapsed = 0;
    EXPECT(ANIMA_OK, anima_animator_get_elapsed_time(q.animator, &elapsed));
    EXPECT_TRUE(elapsed > 0.5 && elapsed < 1.5);
    EXPECT(ANIMA_OK, anima_animator_advance(q.animator, 0.1));
    EXPECT(ANIMA_OK, anima_animator_interrupt(q.animator)); /* outside a step: does nothing */
    EXPECT(ANIMA_OK, anima_animator_destroy(q.animator));
}

/* ------------------------------------------------------------------ threads */

typedef struct thread_result {
    char message_before[64];
    char message_after[256];
    anima_status status;
} thread_result;

static int error_in_thread(void *argument)
{
    thread_result *result = argument;
    snprintf(result->message_before, sizeof result->message_before, "%s", anima_last_error_message());
    double seconds;
    result->status = anima_animator_get_elapsed_time(anima_animator_null(), &seconds);
    snprintf(result->message_after, sizeof result->message_after, "%s", anima_last_error_message());
    return 0;
}

static int create_and_destroy(void *argument)
{
    int *errors = argument;
    anima_animator_def def = anima_default_animator_def();
    for (int i = 0; i < 200; i++) {
        anima_animator animator;
        if (anima_animator_create(&def, &animator) != ANIMA_OK || !anima_animator_is_valid(animator)
            || anima_animator_destroy(animator) != ANIMA_OK || anima_animator_is_valid(animator)) {
            (*errors)++;
        }
    }
    return 0;
}

static void check_threads(void)
{
    section("threads");
    /* The last-error message belongs to the thread that made the failing call. */
    EXPECT(ANIMA_ERR_INVALID_HANDLE, anima_item_set_alpha(anima_item_null(), 0.5));
    thread_result result = { .status = ANIMA_OK };
    thrd_t thread;
    if (thrd_create(&thread, error_in_thread, &result) == thrd_success) {
        thrd_join(thread, NULL);
        EXPECT_TRUE(result.message_before[0] == '\0');
        EXPECT_TRUE(result.status == ANIMA_ERR_INVALID_HANDLE);
        expect_message_names(result.message_after, "anima_animator_get_elapsed_time", __LINE__);
        expect_message_names(anima_last_error_message(), "anima_item_set_alpha", __LINE__);
    } else {
        fail(__LINE__, "thrd_create failed%s%s%s", "", "", "");
    }

    /* Animators may be created and destroyed from several threads at once. */
    enum { THREADS = 4 };
    thrd_t threads[THREADS];
    int errors[THREADS] = { 0 };
    for (int i = 0; i < THREADS; i++) {
        EXPECT_TRUE(thrd_create(&threads[i], create_and_destroy, &errors[i]) == thrd_success);
    }
    for (int i = 0; i < THREADS; i++) {
        thrd_join(threads[i], NULL);
        EXPECT_TRUE(errors[i] == 0);
    }
}

int main(void)
{
    check_versions_and_strings();
    check_null_pointers();
    check_defs();
    check_non_finite_and_ranges();
    check_sizes();
    check_stale_handles();
    check_wrong_kind();
    check_destroyed_animator();
    check_other_animator();
    check_buffers();
    check_not_found();
    check_callbacks();
    check_threads();
    section(NULL);

    printf("bad_input: %s: %d checks, %d failed\n", failures == 0 ? "passed" : "FAILED", checks, failures);
    return failures == 0 ? 0 : 1;
}

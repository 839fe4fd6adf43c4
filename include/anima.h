/*
 * anima.h — the C interface of Anima, a 2D dynamics and animation engine with
 * UIKit Dynamics semantics.
 *
 * Units (UIKit's): points, seconds, radians. The origin is top-left and y grows
 * downward; angle 0 points along +x and pi/2 points down, so a positive rotation
 * turns clockwise on screen. Mass = density x area / 10 000 (a 100 x 100 pt item
 * of density 1 has mass 1). Gravity magnitude 1.0 accelerates at 1000 pt/s^2.
 *
 * Objects are value handles: small structs carrying an index, a generation and
 * a kind. A zeroed handle is null. Every call validates its handles (null,
 * stale, destroyed, wrong kind, animator destroyed) and its values (NaN,
 * infinities, negative sizes, out-of-range ratios) and returns an
 * anima_status; results are written through out pointers, which are left
 * untouched on failure (except the count of an ANIMA_ERR_BUFFER_TOO_SMALL
 * error, which says how many elements are needed). anima_last_error_message()
 * then names the function and the argument.
 *
 * Threading: one animator and everything in it (items, behaviors, animations,
 * timelines) must be used from one thread at a time; different animators may run
 * on different threads at once. Creating, restoring and destroying animators is
 * thread-safe, and the last-error message is per thread. Misuse is detected, not
 * undefined: a call made while another thread is inside the same animator returns
 * ANIMA_ERR_BUSY ("<function>: another thread is using this animator ...") and
 * changes nothing, and destroying an animator another thread is inside is BUSY
 * too. Calls from a callback on the thread that runs it are that thread's own and
 * follow the callback rules below. anima_item_is_valid, anima_behavior_is_valid and
 * anima_drag_is_active answer false with that message set when another thread is
 * inside; anima_animator_is_valid answers from any thread. docs/c-api.md, Threading.
 *
 * Callbacks run after an internal step, outside the solver. Inside a callback,
 * item state may be changed, and the behavior graph may be edited (adding or
 * removing behaviors or items, destroying items and behaviors): such edits are
 * visible to queries at once and reach the physics at the next internal step;
 * advancing or destroying the animator returns ANIMA_ERR_BUSY.
 */
#ifndef ANIMA_H
#define ANIMA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- version */

#define ANIMA_VERSION_MAJOR 0
#define ANIMA_VERSION_MINOR 1
#define ANIMA_VERSION_PATCH 0
/** The version as one number: (major << 16) | (minor << 8) | patch. */
#define ANIMA_VERSION ((ANIMA_VERSION_MAJOR << 16) | (ANIMA_VERSION_MINOR << 8) | ANIMA_VERSION_PATCH)

/** The library's version, (major << 16) | (minor << 8) | patch; compare with ANIMA_VERSION. */
uint32_t anima_version(void);
/** The library's version as a static string, e.g. "0.1.0". */
const char *anima_version_string(void);

/* ----------------------------------------------------------------- status */

/** Result of every call that can fail. ANIMA_OK is 0; errors are positive. */
typedef enum anima_status {
    ANIMA_OK = 0,
    ANIMA_ERR_INVALID_ARGUMENT = 1, /* NaN, infinity, out of range, NULL pointer, bad def */
    ANIMA_ERR_INVALID_HANDLE = 2,   /* null, stale or destroyed handle, or its animator is gone */
    ANIMA_ERR_WRONG_KIND = 3,       /* a valid handle of another kind (a gravity where a collision is wanted) */
    ANIMA_ERR_OUT_OF_MEMORY = 4,    /* memory could not be had, or a capacity limit was reached; nothing was changed */
    ANIMA_ERR_BUSY = 5,             /* another thread is inside the animator, or called from a callback where that is not allowed */
    ANIMA_ERR_NOT_FOUND = 6,        /* an identifier or member that is not there */
    ANIMA_ERR_INVALID_STATE = 7,    /* the object cannot do that now (e.g. a behavior already added elsewhere) */
    ANIMA_ERR_BUFFER_TOO_SMALL = 8, /* the output array is too small; the count says how many are needed */
    ANIMA_ERR_INTERRUPTED = 9       /* advance stopped early because a callback called anima_animator_interrupt */
} anima_status;

/** A static, human name for a status, e.g. "invalid argument". */
const char *anima_status_string(anima_status status);
/** The message of the last failed call on this thread ("" if none); valid until the next call on this thread. */
const char *anima_last_error_message(void);
/** Clears this thread's last error message. */
void anima_clear_error(void);

/**
 * Fault injection, for tests of a program's out-of-memory handling (as SQLite's tests fail the
 * n-th malloc): the calling thread's n-th checked growth of the engine's storage from now fails
 * with ANIMA_ERR_OUT_OF_MEMORY as a refused malloc would (n >= 1; 0 disarms; later growths
 * succeed again). docs/reliability.md lists which storage grows through the check. Errors:
 * INVALID_ARGUMENT (n negative).
 */
anima_status anima_testing_fail_allocation(int32_t n);
/** How many checked growths the calling thread has asked for since it began (the failure points anima_testing_fail_allocation can arm). Errors: INVALID_ARGUMENT (NULL). */
anima_status anima_testing_get_allocation_count(uint64_t *out_count);

/* ------------------------------------------------------------ value types */

/** A point or vector in points (or pt/s for velocities). */
typedef struct anima_vec2 { double x; double y; } anima_vec2;
/** A size in points; both dimensions must be finite and > 0 where an item's size is meant. */
typedef struct anima_size { double width; double height; } anima_size;
/** A rectangle: origin (top-left corner) and size, in points. */
typedef struct anima_rect { double x; double y; double width; double height; } anima_rect;
/** Edge insets in points, as UIEdgeInsets; positive values move an edge inward. */
typedef struct anima_insets { double top; double left; double bottom; double right; } anima_insets;
/**
 * An item's transform, decomposed: rotation (radians, positive = clockwise on screen),
 * scale (1 = none; magnitude 1e-6...1e6, negative mirrors) and translation (points). Dynamics use rotation and scale
 * (a scaled item collides at its scaled size); translation only offsets where the item is drawn.
 */
typedef struct anima_transform { double rotation; double scale_x; double scale_y; double translation_x; double translation_y; } anima_transform;

/* ---------------------------------------------------------------- handles */

/** An animator. Zeroed = null. */
typedef struct anima_animator { uint32_t index1; uint32_t generation; } anima_animator;
/** An item in an animator. Zeroed = null. */
typedef struct anima_item { uint32_t index1; uint32_t generation; uint16_t animator; uint16_t kind; } anima_item;
/** A behavior (gravity, collision, item behavior, ...) in an animator. Zeroed = null. */
typedef struct anima_behavior { uint32_t index1; uint32_t generation; uint16_t animator; uint16_t kind; } anima_behavior;
/** An animated value in an animator (see "values"). Zeroed = null. */
typedef struct anima_value { uint32_t index1; uint32_t generation; uint16_t animator; uint16_t kind; } anima_value;

/** Kinds of object a handle can name (the `kind` field of a handle). */
typedef enum anima_kind {
    ANIMA_KIND_NONE = 0,
    ANIMA_KIND_ANIMATOR = 1,
    ANIMA_KIND_ITEM = 2,
    ANIMA_KIND_GRAVITY = 3,
    ANIMA_KIND_COLLISION = 4,
    ANIMA_KIND_ITEM_BEHAVIOR = 5,
    ANIMA_KIND_ATTACHMENT = 6,
    ANIMA_KIND_CUSTOM = 7,       /* a plain behavior: composite (children) and custom (action, rest report) */
    ANIMA_KIND_PUSH = 8,
    ANIMA_KIND_SNAP = 9,
    ANIMA_KIND_FIELD = 10,
    ANIMA_KIND_VALUE = 11        /* an animated value (anima_value) */
} anima_kind;

/** A null animator handle. */
anima_animator anima_animator_null(void);
/** A null item handle. */
anima_item anima_item_null(void);
/** A null behavior handle. */
anima_behavior anima_behavior_null(void);

/* ---------------------------------------------------------------- animator */

/** The animator's delegate: will_resume fires before it starts running again, did_pause after it comes to rest. */
typedef void (*anima_animator_event_fn)(void *user_data, anima_animator animator);

/** Creation parameters of an animator; start from anima_default_animator_def(). */
typedef struct anima_animator_def {
    uint32_t cookie;              /* set by anima_default_animator_def(); a hand-made def is rejected */
    bool has_reference_bounds;    /* default false: an abstract coordinate space with no bounds */
    anima_rect reference_bounds;  /* points; width and height > 0 when has_reference_bounds */
    double step_rate;             /* internal steps per second; default 120; 30...1000 */
    int32_t substeps;             /* solver sub-steps per internal step; default 4; 1...16 */
    double rest_speed;            /* pt/s below which an item may rest; default 2; > 0 */
    double rest_angular_speed;    /* rad/s below which an item may rest; default 0.035 (2 deg/s); > 0 */
    double rest_time;             /* s an item must stay slow to come to rest; default 0.25; 0...1e7 */
    double max_advance;           /* the longest time one anima_animator_advance may consume, s; default 60; 0.001...86400 */
    int32_t workers;              /* threads that share each step (collision, contacts, joints from 1024), the caller's included; default 1; 1...16; results are bit-identical for any count */
} anima_animator_def;

/** The default animator def: no reference bounds, 120 Hz, 4 sub-steps, rest below 2 pt/s and 2 deg/s for 0.25 s, advances of at most 60 s, one worker. */
anima_animator_def anima_default_animator_def(void);
/** Creates an animator. Errors: INVALID_ARGUMENT (NULL, hand-made def, value out of range). */
anima_status anima_animator_create(const anima_animator_def *def, anima_animator *out_animator);
/** Destroys an animator and everything in it; its handles become stale. Errors: INVALID_HANDLE, BUSY (inside its own callback). */
anima_status anima_animator_destroy(anima_animator animator);
/** True when the handle names a live animator. Never fails; callable from any thread, even while another is inside the animator. */
bool anima_animator_is_valid(anima_animator animator);
/** Sets (bounds non-NULL) or clears (NULL) the reference bounds. Errors: INVALID_HANDLE, INVALID_ARGUMENT (non-finite, width or height <= 0). */
anima_status anima_animator_set_reference_bounds(anima_animator animator, const anima_rect *bounds);
/** Reads the reference bounds; *out_has is false (and *out_bounds zero) when there are none. */
anima_status anima_animator_get_reference_bounds(anima_animator animator, anima_rect *out_bounds, bool *out_has);
/** Consumes frame time (seconds, finite, 0...max_advance of the def) through a fixed-rate accumulator; runs whole internal steps while running, so one call runs at most max_advance x step_rate steps. Errors: INVALID_HANDLE, INVALID_ARGUMENT, BUSY (from a callback), INTERRUPTED. */
anima_status anima_animator_advance(anima_animator animator, double seconds);
/** From inside a callback: ends the running advance or step after the current internal step; it returns ANIMA_ERR_INTERRUPTED and the rest of its time is dropped. Outside a step it does nothing. */
anima_status anima_animator_interrupt(anima_animator animator);
/** Runs exactly one internal step (1 / step_rate s) if the animator is running; does nothing while it is paused. Errors as advance. */
anima_status anima_animator_step(anima_animator animator);
/** The internal step length in seconds (1 / step_rate). */
anima_status anima_animator_get_step_duration(anima_animator animator, double *out_seconds);
/** True while anything moves or is active; false once everything has come to rest (paused). */
anima_status anima_animator_is_running(anima_animator animator, bool *out_running);
/** Simulated seconds the animator has spent running (paused time does not count). */
anima_status anima_animator_get_elapsed_time(anima_animator animator, double *out_seconds);
/** Number of internal steps run so far. */
anima_status anima_animator_get_step_count(anima_animator animator, uint64_t *out_steps);
/** The worker threads sharing each step, the caller's included: the def's workers, or fewer if the system refused to start a thread. */
anima_status anima_animator_get_workers(anima_animator animator, int32_t *out_workers);
/** Sets the animator's memory budget: the most bytes its storage may hold (items, values, contacts, broad phase, solver, behaviors, animations; counted as anima_animator_get_memory_held counts them); 0 (the default) for none. A call whose growth would pass it fails with OUT_OF_MEMORY and changes nothing, as when an allocation is refused; a step is refused before it changes anything, except one whose new contacts outgrow the room checked before it: it runs without them (the next step finds them) and then returns OUT_OF_MEMORY. A budget below what is held frees nothing: it refuses growth. Errors: INVALID_HANDLE, INVALID_ARGUMENT (more than INT64_MAX). */
anima_status anima_animator_set_memory_budget(anima_animator animator, uint64_t bytes);
/** The memory budget in bytes; 0 when there is none. */
anima_status anima_animator_get_memory_budget(anima_animator animator, uint64_t *out_bytes);
/** What the animator's storage holds, in bytes, as its memory budget counts it: from the room of its arrays (an item slot's share of the step's storage from when the slot is made), with a fixed share per behavior and animation; it errs high (a million falling items: 3 116 MB counted, 1 655 MB resident). */
anima_status anima_animator_get_memory_held(anima_animator animator, uint64_t *out_bytes);
/** For tests: checks the animator's structures (items, groups, behaviors' memberships, broad phase, contacts, joints, islands, values) against each other, as the library's debug builds do after every step. ANIMA_OK when they agree; INVALID_STATE naming the first cross-reference that does not (a bug in the library, worth reporting). Errors: INVALID_HANDLE, BUSY (inside a step). */
anima_status anima_testing_check_consistency(anima_animator animator);
/** Sets the step callback (NULL clears it): called at the end of every internal step, after every other callback of the step; the place for per-step work and for anima_animator_interrupt to end a long advance early. */
anima_status anima_animator_set_step_callback(anima_animator animator, anima_animator_event_fn callback, void *user_data);
/** Sets the delegate (either function may be NULL). user_data is passed back unchanged. */
anima_status anima_animator_set_delegate(anima_animator animator, anima_animator_event_fn will_resume, anima_animator_event_fn did_pause, void *user_data);
/** Adds a top-level behavior. Adding one already added at top level is ignored; one that is a child elsewhere gives INVALID_STATE. Inside callbacks it reaches the physics at the next step. */
anima_status anima_animator_add_behavior(anima_animator animator, anima_behavior behavior);
/** Removes a top-level behavior (not destroyed; it can be added again). Removing one not added is ignored. Inside callbacks it reaches the physics at the next step. */
anima_status anima_animator_remove_behavior(anima_animator animator, anima_behavior behavior);
/** Removes every top-level behavior. Inside callbacks it reaches the physics at the next step. */
anima_status anima_animator_remove_all_behaviors(anima_animator animator);
/** Copies the top-level behaviors in the order added. *out_count = how many there are; BUFFER_TOO_SMALL if capacity is less (out may be NULL when capacity is 0). */
anima_status anima_animator_get_behaviors(anima_animator animator, anima_behavior *out_behaviors, int32_t capacity, int32_t *out_count);
/** Copies the live items in creation order; counting and BUFFER_TOO_SMALL as get_behaviors. */
anima_status anima_animator_get_items(anima_animator animator, anima_item *out_items, int32_t capacity, int32_t *out_count);
/** Copies the items governed by a behavior whose collision bounds intersect rect (points; width, height >= 0); counting as get_behaviors. */
anima_status anima_animator_items_in_rect(anima_animator animator, anima_rect rect, anima_item *out_items, int32_t capacity, int32_t *out_count);
/** Takes an item's centre, bounds and transform as they are now after a change from outside (UIKit's updateItemUsingCurrentState): collision outline and mass follow; the item wakes. */
anima_status anima_animator_update_item_using_current_state(anima_animator animator, anima_item item);
/** Writes (center x, center y, rotation) of every live item in creation order into out_xyr (3 doubles per item); counting as get_behaviors, capacity in items. */
anima_status anima_animator_copy_item_poses(anima_animator animator, double *out_xyr, int32_t capacity, int32_t *out_count);
/** As copy_item_poses, at the display's time: each pose between its values at the last two internal steps by the display fraction, so a display at any refresh rate sees even motion (docs/gestures.md). */
anima_status anima_animator_copy_display_poses(anima_animator animator, double *out_xyr, int32_t capacity, int32_t *out_count);
/** The share (0...1) of an internal step by which the frame time advanced so far runs past the last step; 1 while the animator is paused. */
anima_status anima_animator_get_display_fraction(anima_animator animator, double *out_fraction);

/** The moving state of one item, as anima_animator_copy_item_states writes it: 7 doubles. */
typedef struct anima_item_state {
    double x, y;              /* center, points */
    double rotation;          /* radians, positive = clockwise on screen */
    double vx, vy;            /* linear velocity, pt/s */
    double angular_velocity;  /* rad/s, positive = clockwise on screen */
    double alpha;             /* opacity 0...1 */
} anima_item_state;

/** Writes the state of every live item in creation order (the order of copy_item_poses) into out_states; counting as get_behaviors, capacity in items. */
anima_status anima_animator_copy_item_states(anima_animator animator, anima_item_state *out_states, int32_t capacity, int32_t *out_count);

/* ------------------------------------------------------------------- items */

/** Collision bounds of an item. */
typedef enum anima_shape {
    ANIMA_SHAPE_RECTANGLE = 0, /* the bounds rectangle (default) */
    ANIMA_SHAPE_ELLIPSE = 1,   /* the ellipse inscribed in the bounds; a circle when width == height */
    ANIMA_SHAPE_PATH = 2,      /* a convex polygon set with a path (UIKit's collisionBoundingPath) */
    ANIMA_SHAPE_CAPSULE = 3,   /* the pill inscribed in the bounds: diameter the shorter side; a circle when square */
    ANIMA_SHAPE_ROUNDED_RECTANGLE = 4 /* the bounds with corners rounded by the corner radius (anima_item_set_corner_radius) */
} anima_shape;

/** The largest number of points of an item's collision path. */
#define ANIMA_MAX_PATH_POINTS 16

/** Creation parameters of an item; start from anima_default_item_def(). */
typedef struct anima_item_def {
    uint32_t cookie;             /* set by anima_default_item_def() */
    anima_vec2 center;           /* points; default (0, 0) */
    anima_size size;             /* bounds size in points; default 100 x 100; each side 0.001...1e7 */
    anima_transform transform;   /* default identity: rotation 0, scale 1, translation 0 */
    double alpha;                /* opacity 0...1; default 1 (not used by dynamics) */
    anima_shape shape;           /* default ANIMA_SHAPE_RECTANGLE; ANIMA_SHAPE_PATH needs path */
    const anima_vec2 *path;      /* convex outline, points from the centre in the item's own coordinates, counter-clockwise on screen; copied; default NULL */
    int32_t path_count;          /* 3...ANIMA_MAX_PATH_POINTS when path is given; default 0 */
    anima_vec2 linear_velocity;  /* pt/s; default (0, 0) */
    double angular_velocity;     /* rad/s; default 0 */
    void *user_data;             /* default NULL; returned by anima_item_get_user_data */
} anima_item_def;

/** The default item def: 100 x 100 pt rectangle at (0, 0), identity transform, alpha 1, at rest. */
anima_item_def anima_default_item_def(void);
/** Creates an item in an animator. It moves once a behavior governs it. Errors: INVALID_HANDLE, INVALID_ARGUMENT, OUT_OF_MEMORY (the item storage could not grow, or 2 147 483 645 items live; the animator is unchanged). */
anima_status anima_item_create(anima_animator animator, const anima_item_def *def, anima_item *out_item);
/** Destroys an item: it leaves every behavior (ended-contact events still fire) and its handle becomes stale. Inside callbacks it reaches the physics at the next step. */
anima_status anima_item_destroy(anima_item item);
/** True when the handle names a live item. Never fails; false also while another thread is inside its animator, with anima_last_error_message() set to the BUSY message (a plain false sets none). */
bool anima_item_is_valid(anima_item item);
/** The animator that owns the item. */
anima_status anima_item_get_animator(anima_item item, anima_animator *out_animator);
/** Reads the center (points). */
anima_status anima_item_get_center(anima_item item, anima_vec2 *out_center);
/** Moves the center (points, finite) and wakes the animator. */
anima_status anima_item_set_center(anima_item item, anima_vec2 center);
/** Reads the bounds size (points). */
anima_status anima_item_get_size(anima_item item, anima_size *out_size);
/** Resizes the bounds (points, each side 0.001...1e7); collision bounds and mass follow. */
anima_status anima_item_set_size(anima_item item, anima_size size);
/** Reads the transform. */
anima_status anima_item_get_transform(anima_item item, anima_transform *out_transform);
/** Sets the transform (finite; scales != 0); rotation and scale reach the collision bounds. */
anima_status anima_item_set_transform(anima_item item, anima_transform transform);
/** Reads the rotation (radians, positive = clockwise on screen). */
anima_status anima_item_get_rotation(anima_item item, double *out_radians);
/** The centre at the display's time, as anima_animator_copy_display_poses has it: what a toolkit binding draws each frame. */
anima_status anima_item_get_display_center(anima_item item, anima_vec2 *out_center);
/** The rotation (radians) at the display's time, as anima_item_get_display_center. */
anima_status anima_item_get_display_rotation(anima_item item, double *out_radians);
/** Reads alpha (0...1). */
anima_status anima_item_get_alpha(anima_item item, double *out_alpha);
/** Sets alpha (finite, 0...1). */
anima_status anima_item_set_alpha(anima_item item, double alpha);
/** Reads the collision shape. */
anima_status anima_item_get_shape(anima_item item, anima_shape *out_shape);
/** Sets the collision shape. Errors: INVALID_ARGUMENT for an unknown value, INVALID_STATE for ANIMA_SHAPE_PATH on an item with no path. */
anima_status anima_item_set_shape(anima_item item, anima_shape shape);
/** Reads the corner radius (points; default 0). */
anima_status anima_item_get_corner_radius(anima_item item, double *out_radius);
/** Sets how far an ANIMA_SHAPE_ROUNDED_RECTANGLE's corners are rounded (points, finite, 0...1e7; it rounds by at most half the shorter side, scaled by the smaller scale); any shape keeps it, and 0 is the plain rectangle. */
anima_status anima_item_set_corner_radius(anima_item item, double radius);
/** Gives the item a convex collision path (3...16 points from its centre, in its own coordinates, counter-clockwise as seen on screen with y down, no three in a line) and makes it the shape. Errors: INVALID_ARGUMENT naming the rule a point breaks (clockwise, not convex, self-intersecting, too few or many points). */
anima_status anima_item_set_path(anima_item item, const anima_vec2 *points, int32_t count);
/** Copies the item's collision path; *out_count = 0 when it has none; counting as anima_animator_get_behaviors. */
anima_status anima_item_get_path(anima_item item, anima_vec2 *out_points, int32_t capacity, int32_t *out_count);
/** Reads the linear velocity (pt/s). */
anima_status anima_item_get_linear_velocity(anima_item item, anima_vec2 *out_velocity);
/** Sets the linear velocity (pt/s, finite) and wakes the animator. */
anima_status anima_item_set_linear_velocity(anima_item item, anima_vec2 velocity);
/** Reads the angular velocity (rad/s, positive = clockwise on screen). */
anima_status anima_item_get_angular_velocity(anima_item item, double *out_velocity);
/** Sets the angular velocity (rad/s, finite) and wakes the animator. */
anima_status anima_item_set_angular_velocity(anima_item item, double velocity);
/** The mass: density x area / 10 000 (area of the scaled collision bounds), with the density in effect. */
anima_status anima_item_get_mass(anima_item item, double *out_mass);
/** True when the item has come to rest (or no behavior moves it). */
anima_status anima_item_is_resting(anima_item item, bool *out_resting);
/** Puts the item to sleep (false) or wakes it (true), Box2D's b2Body_SetAwake. A sleeping item is at rest (velocities zero) and the solver skips it, so a crowd at rest costs almost nothing, until an awake item touches it (which wakes it and, in turn, what it touches), a setter changes it, or it joins a behavior: put items to sleep after adding them to their behaviors. A part sleeps and wakes with its group. Waking also wakes the animator. Errors: BUSY inside a step's callbacks. */
anima_status anima_item_set_awake(anima_item item, bool awake);
/** Reads whether the item is awake (false while it sleeps; a part reads its group's). */
anima_status anima_item_is_awake(anima_item item, bool *out_awake);
/** Puts the item in a collision group: 0 (the default) for none, else 1...INT32_MAX. Two items of the same group other than 0 never collide, whatever behaviors they share (the bones of one rag doll; pymunk's ShapeFilter.group, Box2D's negative groupIndex); from the next step their contacts end (with ended events). Sensors' visitors and queries ignore groups. Errors: INVALID_ARGUMENT for a negative group, INVALID_STATE for a group item (give its parts one). */
anima_status anima_item_set_collision_group(anima_item item, int32_t group);
/** Reads the item's collision group (0 for none). */
anima_status anima_item_get_collision_group(anima_item item, int32_t *out_group);
/** Reads the user data pointer given at creation or by set_user_data. */
anima_status anima_item_get_user_data(anima_item item, void **out_user_data);
/** Replaces the user data pointer. */
anima_status anima_item_set_user_data(anima_item item, void *user_data);

/* --------------------------------------------------------------- behaviors */

/** Destroys a behavior: removed from its animator if added, handle becomes stale. Inside callbacks it reaches the physics at the next step. */
anima_status anima_behavior_destroy(anima_behavior behavior);
/** True when the handle names a live behavior. Never fails; false also while another thread is inside its animator, with the BUSY message set (as anima_item_is_valid). */
bool anima_behavior_is_valid(anima_behavior behavior);
/** The behavior's kind (ANIMA_KIND_GRAVITY, ...). */
anima_status anima_behavior_get_kind(anima_behavior behavior, anima_kind *out_kind);
/** The animator that owns the behavior. */
anima_status anima_behavior_get_animator(anima_behavior behavior, anima_animator *out_animator);
/** True while the behavior is in its animator's tree: added at top level, or a child of a behavior that is. */
anima_status anima_behavior_is_added(anima_behavior behavior, bool *out_added);
/** Adds an item (same animator) to the behavior; adding one already there is ignored. Errors: INVALID_HANDLE, INVALID_ARGUMENT (item of another animator). */
anima_status anima_behavior_add_item(anima_behavior behavior, anima_item item);
/** Removes an item from the behavior; removing one not there is ignored. */
anima_status anima_behavior_remove_item(anima_behavior behavior, anima_item item);
/** Copies the behavior's items in the order added; counting and BUFFER_TOO_SMALL as anima_animator_get_behaviors. */
anima_status anima_behavior_get_items(anima_behavior behavior, anima_item *out_items, int32_t capacity, int32_t *out_count);

/* --------------------------------------------------- composite and custom */

/** A behavior's action: called after every internal step while the behavior is in the animator's tree. */
typedef void (*anima_behavior_action_fn)(void *user_data, anima_behavior behavior);

/** Creates a plain behavior (ANIMA_KIND_CUSTOM): give it children (a composite behavior) and an action (a custom behavior). */
anima_status anima_behavior_create(anima_animator animator, anima_behavior *out_behavior);
/** Adds a child behavior (same animator). Re-adding a child is ignored; a behavior already in the tree elsewhere, or an ancestor, gives INVALID_STATE / INVALID_ARGUMENT. Any behavior can have children. */
anima_status anima_behavior_add_child(anima_behavior parent, anima_behavior child);
/** Removes a child behavior (ignored when it is not a child). */
anima_status anima_behavior_remove_child(anima_behavior parent, anima_behavior child);
/** Copies the child behaviors in the order added; counting as anima_animator_get_behaviors. */
anima_status anima_behavior_get_children(anima_behavior behavior, anima_behavior *out_children, int32_t capacity, int32_t *out_count);
/** The behavior's parent, or a null handle when it has none. */
anima_status anima_behavior_get_parent(anima_behavior behavior, anima_behavior *out_parent);
/** Sets (or clears, with NULL) the behavior's action; user_data is passed back unchanged. */
anima_status anima_behavior_set_action(anima_behavior behavior, anima_behavior_action_fn action, void *user_data);
/** Tells whether the behavior lets the animator pause (default true). While any behavior in the tree says false, the animator keeps running. */
anima_status anima_behavior_set_at_rest(anima_behavior behavior, bool at_rest);
/** Reads whether the behavior lets the animator pause. */
anima_status anima_behavior_get_at_rest(anima_behavior behavior, bool *out_at_rest);

/* ----------------------------------------------------------------- gravity */

/** Creation parameters of a gravity behavior; start from anima_default_gravity_def(). */
typedef struct anima_gravity_def {
    uint32_t cookie;       /* set by anima_default_gravity_def() */
    anima_vec2 direction;  /* default (0, 1); each unit is 1000 pt/s^2; finite */
} anima_gravity_def;

/** The default gravity: direction (0, 1), i.e. angle pi/2 and magnitude 1 (1000 pt/s^2 down). */
anima_gravity_def anima_default_gravity_def(void);
/** Creates a gravity behavior over items (item_count >= 0; items may be NULL when 0). Not added to the animator yet. */
anima_status anima_gravity_create(anima_animator animator, const anima_gravity_def *def, const anima_item *items, int32_t item_count, anima_behavior *out_behavior);
/** Reads the direction vector (1.0 = 1000 pt/s^2 per component). */
anima_status anima_gravity_get_direction(anima_behavior gravity, anima_vec2 *out_direction);
/** Sets the direction vector (finite); angle and magnitude follow. */
anima_status anima_gravity_set_direction(anima_behavior gravity, anima_vec2 direction);
/** Reads the angle (radians; pi/2 = down). */
anima_status anima_gravity_get_angle(anima_behavior gravity, double *out_angle);
/** Sets the angle (radians, finite), keeping the magnitude. */
anima_status anima_gravity_set_angle(anima_behavior gravity, double angle);
/** Reads the magnitude (1.0 = 1000 pt/s^2). */
anima_status anima_gravity_get_magnitude(anima_behavior gravity, double *out_magnitude);
/** Sets the magnitude (finite; negative reverses), keeping the angle; 0 also resets the angle to 0, as UIKit does. */
anima_status anima_gravity_set_magnitude(anima_behavior gravity, double magnitude);
/** Sets angle and magnitude together. */
anima_status anima_gravity_set_angle_magnitude(anima_behavior gravity, double angle, double magnitude);

/* --------------------------------------------------------------- collision */

/** What a collision behavior's items collide with (a bit set). */
typedef enum anima_collision_mode {
    ANIMA_COLLISION_MODE_ITEMS = 1,       /* with each other */
    ANIMA_COLLISION_MODE_BOUNDARIES = 2,  /* with the boundaries */
    ANIMA_COLLISION_MODE_EVERYTHING = 3   /* both (default) */
} anima_collision_mode;

/** One began or ended contact. Boundary contacts have item_b null and is_boundary true. */
typedef struct anima_contact_event {
    anima_behavior collision;         /* the collision behavior that reports it */
    anima_item item_a;                /* the first item */
    anima_item item_b;                /* the second item; null for a boundary contact */
    bool is_boundary;                 /* true for an item-boundary contact */
    const char *boundary_identifier;  /* the boundary's identifier; NULL for the reference-bounds boundary and for item pairs */
    anima_vec2 point;                 /* began: the contact point (points); ended: the last known contact point */
} anima_contact_event;

/** One hit (Box2D's contact hit event): a contact of a collision behavior's items that the solver
    pushed in a step while its surfaces approached faster than the behavior's hit threshold; made
    in the step of the impact, for sounds and haptics (a resting or sliding contact makes none). */
typedef struct anima_hit_event {
    anima_behavior collision;         /* the collision behavior that reports it */
    anima_item item_a;                /* the first item */
    anima_item item_b;                /* the second item; null for a boundary contact */
    bool is_boundary;                 /* true for an item-boundary contact */
    const char *boundary_identifier;  /* the boundary's identifier; NULL for the reference-bounds boundary and for item pairs */
    anima_vec2 point;                 /* where the fastest point touched (points), after the step's motion */
    anima_vec2 normal;                /* unit normal, from item_a toward item_b or the boundary */
    double approach_speed;            /* pt/s, above the threshold: how fast the surfaces closed at the start of the step */
    double impulse;                   /* the normal impulse of the step over the contact's points (mass x pt/s) */
} anima_hit_event;

/** A contact callback; event is valid only during the call. */
typedef void (*anima_contact_fn)(void *user_data, const anima_contact_event *event);

/** Creation parameters of a collision behavior; start from anima_default_collision_def(). */
typedef struct anima_collision_def {
    uint32_t cookie;                                  /* set by anima_default_collision_def() */
    anima_collision_mode mode;                        /* default ANIMA_COLLISION_MODE_EVERYTHING */
    bool translates_reference_bounds_into_boundary;   /* default false */
    anima_insets reference_bounds_insets;             /* default zero; finite */
} anima_collision_def;

/** The default collision def: mode everything, no reference-bounds boundary. */
anima_collision_def anima_default_collision_def(void);
/** Creates a collision behavior over items. Items in different collision behaviors do not collide with each other. */
anima_status anima_collision_create(anima_animator animator, const anima_collision_def *def, const anima_item *items, int32_t item_count, anima_behavior *out_behavior);
/** Reads the collision mode. */
anima_status anima_collision_get_mode(anima_behavior collision, anima_collision_mode *out_mode);
/** Sets the collision mode (1, 2 or 3). */
anima_status anima_collision_set_mode(anima_behavior collision, anima_collision_mode mode);
/** Turns the reference-bounds boundary on or off, inset by insets (finite; NULL = zero insets). It follows later changes of the reference bounds. */
anima_status anima_collision_set_translates_reference_bounds(anima_behavior collision, bool enabled, const anima_insets *insets);
/** Reads whether the reference-bounds boundary is on, and its insets (out_insets may be NULL). */
anima_status anima_collision_get_translates_reference_bounds(anima_behavior collision, bool *out_enabled, anima_insets *out_insets);
/** Adds (or replaces) a named straight boundary from `from` to `to` (points, finite, distinct). identifier: non-empty UTF-8, copied. */
anima_status anima_collision_add_boundary_segment(anima_behavior collision, const char *identifier, anima_vec2 from, anima_vec2 to);
/** Copies the points of a named boundary (2 for a segment); counting as anima_animator_get_behaviors. Errors: NOT_FOUND. */
anima_status anima_collision_get_boundary(anima_behavior collision, const char *identifier, anima_vec2 *out_points, int32_t capacity, int32_t *out_count);
/** The verbs of a boundary path, as in a Bezier path. */
typedef enum anima_path_verb {
    ANIMA_PATH_MOVE = 0,   /* points[0]: start (first element only) */
    ANIMA_PATH_LINE = 1,   /* points[0]: end */
    ANIMA_PATH_QUAD = 2,   /* points[0]: control, points[1]: end */
    ANIMA_PATH_CUBIC = 3,  /* points[0], points[1]: controls, points[2]: end */
    ANIMA_PATH_CLOSE = 4   /* back to the start (last element only) */
} anima_path_verb;

/** One element of a boundary path. */
typedef struct anima_path_element { anima_path_verb verb; anima_vec2 points[3]; } anima_path_element;

/** Adds (or replaces) a named boundary from one continuous path: lines and Bezier curves, flattened into pieces of 4 pt along the control polygon (at least 4 and at most 64 per curve). Errors: INVALID_ARGUMENT (no leading move, a second move, close not last, non-finite points, fewer than 2 distinct points). */
anima_status anima_collision_add_boundary_path(anima_behavior collision, const char *identifier, const anima_path_element *elements, int32_t count);
/** Removes a named boundary. Errors: NOT_FOUND. */
anima_status anima_collision_remove_boundary(anima_behavior collision, const char *identifier);
/** Removes every named boundary (not the reference-bounds boundary). */
anima_status anima_collision_remove_all_boundaries(anima_behavior collision);
/** The number of named boundaries. */
anima_status anima_collision_get_boundary_count(anima_behavior collision, int32_t *out_count);
/** The identifier of the index-th named boundary (0-based, in the order added); the string is valid until boundaries change. */
anima_status anima_collision_get_boundary_identifier(anima_behavior collision, int32_t index, const char **out_identifier);
/** Sets the contact callbacks (either may be NULL). They run after the step in which the contact began or ended. */
anima_status anima_collision_set_delegate(anima_behavior collision, anima_contact_fn began, anima_contact_fn ended, void *user_data);
/** The contact events of the last advance or step call (all its internal steps, in order); valid until the next advance, step or destroy. began is true for began events, false for ended. */
anima_status anima_animator_get_contact_events(anima_animator animator, bool began, const anima_contact_event **out_events, int32_t *out_count);

/** A contact about to be solved, asked of a pre-solve hook (Box2D's pre-solve callback, pymunk's pre_solve). */
typedef struct anima_pre_solve_contact {
    anima_behavior collision;         /* the collision behavior asking */
    anima_item item_a;                /* the first item */
    anima_item item_b;                /* the second item; null for a boundary contact */
    bool is_boundary;                 /* true for an item-boundary contact */
    const char *boundary_identifier;  /* the boundary's identifier (valid during the call); NULL for the reference-bounds boundary and for item pairs */
    anima_vec2 point;                 /* the deepest point, at the start of the step (points) */
    anima_vec2 normal;                /* unit normal, from item_a toward item_b or the boundary */
    double separation;                /* that point's separation (pt): negative when overlapping, positive for a point the solver would stop from closing */
    int32_t point_count;              /* 1 or 2 */
} anima_pre_solve_contact;

/** A pre-solve hook: true keeps the contact for this step, false ignores it (it pushes nothing, gives no friction, bounce or hit, and does not touch: no began event, a touching one ends). */
typedef bool (*anima_pre_solve_fn)(void *user_data, const anima_pre_solve_contact *contact);
/** Sets the behavior's pre-solve hook (NULL: none, the default). It runs during each step, before the solver, on the stepping thread, in contact order, for every contact of the behavior's items that has points and is about to be solved; several behaviors sharing a contact are asked in the tree's order until one refuses. It may read the animator; what it changes takes effect from the next step. Not in snapshots (listed by anima_animator_get_detached_callbacks as ANIMA_CALLBACK_PRE_SOLVE). */
anima_status anima_collision_set_pre_solve(anima_behavior collision, anima_pre_solve_fn fn, void *user_data);
/** Sets the approach speed (pt/s, 0 to 1e7) above which the behavior's contacts make hit events; INFINITY for none (the default). Box2D's default is 1 m/s, 100 pt/s. Errors: INVALID_ARGUMENT (NaN, negative, past 1e7). */
anima_status anima_collision_set_hit_threshold(anima_behavior collision, double threshold);
/** Reads the hit threshold (INFINITY when none). */
anima_status anima_collision_get_hit_threshold(anima_behavior collision, double *out_threshold);
/** The hit events of the last advance or step call (all its internal steps, in order); valid until the next advance, step or destroy. */
anima_status anima_animator_get_hit_events(anima_animator animator, const anima_hit_event **out_events, int32_t *out_count);

/* ------------------------------------------------------------------ groups */

/** Makes a group (UIKit's UIDynamicItemGroup) of 1 or more items, each live, listed once, not a group, not in a group, not a sensor: one rigid body, in their current poses. The group is an item with no shape of its own: add it, not its parts, to behaviors (adding a part is refused with INVALID_STATE; behaviors that held a part before have no effect on it while it is a part). Its mass is the parts' (the group's density on each part's area), its centre their centre of mass, its rotation 0, its size their enclosing rectangle, its inertia theirs about the centre (parallel axes), its velocity their centre of mass's. Parts collide with the group's collision behaviors and never with each other; contact, hit and sensor events name the part. A part's centre, size, transform, shape, velocities and sensor flag follow the group (their setters fail with INVALID_STATE; animations of them are without effect); its alpha is its own. A group's size, shape, scale and sensor flag are refused. Destroying a part takes it out (the centre moves to the rest's centre of mass); destroying the group frees its parts where they are, moving as they were. A pointer (anima_drag_begin) on a part holds the group. Errors: INVALID_ARGUMENT (empty, repeated, a group, a sensor, another animator's item), INVALID_STATE (already a part), BUSY inside a custom field's evaluation. */
anima_status anima_group_create(anima_animator animator, const anima_item *items, int32_t item_count, anima_item *out_group);
/** Reads whether the item is a group. */
anima_status anima_item_is_group(anima_item item, bool *out_group);
/** Copies a group's parts in the order given at creation (none for an item that is not a group); counting as anima_animator_get_behaviors. */
anima_status anima_group_get_parts(anima_item group, anima_item *out_items, int32_t capacity, int32_t *out_count);
/** The group the item is a part of, or a null handle. */
anima_status anima_item_get_group(anima_item item, anima_item *out_group);
/** A part's pose in its group's frame: its centre's offset from the group's centre (points, in the group's unturned frame) and its rotation relative to the group's (radians). Either out pointer may be NULL. Errors: INVALID_ARGUMENT for an item that is not a part. */
anima_status anima_item_get_part_pose(anima_item item, anima_vec2 *out_offset, double *out_radians);

/* ----------------------------------------------------------------- sensors */

/** An item that began or ended overlapping a sensor (for ended: possibly destroyed since, or its sensor destroyed or made ordinary). */
typedef struct anima_sensor_event {
    anima_item sensor;   /* the sensor item */
    anima_item visitor;  /* the item that entered or left it */
} anima_sensor_event;

/** Makes the item a sensor (true) or an ordinary item again (false). A sensor collides with nothing, boundaries included, and pushes nothing; after each internal step it lists its visitors: the items sharing a collision behavior (mode including items) with it whose collision shapes overlap its own (touching counts), other sensors excepted (Box2D's sensors). Its contacts end at the next step (their ended events are reported). */
anima_status anima_item_set_sensor(anima_item item, bool sensor);
/** Reads whether the item is a sensor. */
anima_status anima_item_is_sensor(anima_item item, bool *out_sensor);
/** Copies the items over a sensor after the last step, in creation order (none for an item that is not a sensor); counting as anima_animator_get_behaviors. */
anima_status anima_item_get_sensor_visitors(anima_item item, anima_item *out_items, int32_t capacity, int32_t *out_count);
/** The sensor events of the last advance or step call (all its internal steps, in order); valid until the next advance, step or destroy. began is true for items that began overlapping a sensor, false for those that stopped. */
anima_status anima_animator_get_sensor_events(anima_animator animator, bool began, const anima_sensor_event **out_events, int32_t *out_count);

/* -------------------------------------------------------------- debug draw */

/** What anima_animator_debug_draw draws (a bit set). */
typedef enum anima_debug_draw_flags {
    ANIMA_DEBUG_DRAW_SHAPES = 1,       /* every live item's collision shape: a polygon (a capsule's or rounded rectangle's tracing its outline, arcs in steps of at most pi/8), or a circle with its turn */
    ANIMA_DEBUG_DRAW_ATTACHMENTS = 2,  /* every attachment: a segment between its two points (a point for a pin) */
    ANIMA_DEBUG_DRAW_BOUNDARIES = 4,   /* every boundary segment of the collision behaviors */
    ANIMA_DEBUG_DRAW_CONTACTS = 8,     /* every touching contact's points, each with its normal (a segment 10 pt long) */
    ANIMA_DEBUG_DRAW_BOUNDS = 16,      /* every live item's bounding box, as a polygon */
    ANIMA_DEBUG_DRAW_STANDARD = 15,    /* shapes, attachments, boundaries and contacts */
    ANIMA_DEBUG_DRAW_ALL = 31
} anima_debug_draw_flags;

/** Draws a closed convex polygon (vertices counter-clockwise on screen, valid during the call); color is 0xRRGGBB. */
typedef void (*anima_debug_polygon_fn)(void *context, const anima_vec2 *vertices, int32_t count, uint32_t color);
/** Draws a circle turned by angle radians (a radius along it shows the turn). */
typedef void (*anima_debug_circle_fn)(void *context, anima_vec2 center, double radius, double angle, uint32_t color);
/** Draws a segment. */
typedef void (*anima_debug_segment_fn)(void *context, anima_vec2 from, anima_vec2 to, uint32_t color);
/** Draws a dot size points across. */
typedef void (*anima_debug_point_fn)(void *context, anima_vec2 point, double size, uint32_t color);

/** The callbacks of a debug drawing (Box2D's b2DebugDraw); start from anima_default_debug_draw(). A NULL callback skips its primitives. Colours: items awake 0xE6B31A, asleep 0x8C99B3, anchored or ungoverned 0x7F7F7F, sensors 0x33CC66; boundaries 0xCC3333, attachments 0x3399FF, contact points 0xFF8000 and normals 0xFFFFFF, bounds 0xCC66CC. */
typedef struct anima_debug_draw {
    anima_debug_polygon_fn draw_polygon;
    anima_debug_circle_fn draw_circle;
    anima_debug_segment_fn draw_segment;
    anima_debug_point_fn draw_point;
    uint32_t flags;   /* anima_debug_draw_flags; default ANIMA_DEBUG_DRAW_STANDARD */
    void *context;    /* passed to every callback */
} anima_debug_draw;

/** The default debug drawing: no callbacks, ANIMA_DEBUG_DRAW_STANDARD, no context. */
anima_debug_draw anima_default_debug_draw(void);
/** Calls draw's callbacks with the engine's state in reference coordinates: shapes (items in creation order), bounds, boundaries, attachments, contacts. The primitives are gathered before the first call, so a callback may call the library (even change or destroy the animator) without changing what this call draws. Errors: INVALID_ARGUMENT (flags outside 0...31), BUSY (during a step). */
anima_status anima_animator_debug_draw(anima_animator animator, const anima_debug_draw *draw);

/* ----------------------------------------------------------- item behavior */

/** Creation parameters of an item behavior (UIDynamicItemBehavior); start from anima_default_item_behavior_def(). */
typedef struct anima_item_behavior_def {
    uint32_t cookie;            /* set by anima_default_item_behavior_def() */
    double elasticity;          /* default 0; 0 (no bounce) ... 1 (elastic) */
    double friction;            /* default 0; >= 0 (Coulomb coefficient) */
    double density;             /* default 1; 1e-6...1e6 */
    double resistance;          /* linear damping in 1/s; default 0; >= 0 */
    double angular_resistance;  /* angular damping in 1/s; default 0; >= 0 */
    double charge;              /* default 0; finite (used by fields) */
    bool allows_rotation;       /* default true */
    bool anchored;              /* default false: an anchored item collides but does not move */
} anima_item_behavior_def;

/** The default item behavior def: elasticity 0, friction 0, density 1, resistance 0, angular resistance 0, charge 0, rotation allowed, not anchored. */
anima_item_behavior_def anima_default_item_behavior_def(void);
/** Creates an item behavior over items. With several item behaviors on an item, the last in depth-first order wins. */
anima_status anima_item_behavior_create(anima_animator animator, const anima_item_behavior_def *def, const anima_item *items, int32_t item_count, anima_behavior *out_behavior);
/** Reads all properties into a def (its cookie is set, so it can be passed back to set_properties). */
anima_status anima_item_behavior_get_properties(anima_behavior behavior, anima_item_behavior_def *out_def);
/** Sets all properties from a def (validated as in create). */
anima_status anima_item_behavior_set_properties(anima_behavior behavior, const anima_item_behavior_def *def);
/** Reads elasticity. */
anima_status anima_item_behavior_get_elasticity(anima_behavior behavior, double *out_value);
/** Sets elasticity (0...1). */
anima_status anima_item_behavior_set_elasticity(anima_behavior behavior, double value);
/** Reads friction. */
anima_status anima_item_behavior_get_friction(anima_behavior behavior, double *out_value);
/** Sets friction (finite, >= 0). */
anima_status anima_item_behavior_set_friction(anima_behavior behavior, double value);
/** Reads density. */
anima_status anima_item_behavior_get_density(anima_behavior behavior, double *out_value);
/** Sets density (1e-6...1e6). */
anima_status anima_item_behavior_set_density(anima_behavior behavior, double value);
/** Reads resistance (1/s). */
anima_status anima_item_behavior_get_resistance(anima_behavior behavior, double *out_value);
/** Sets resistance (finite, >= 0, 1/s). */
anima_status anima_item_behavior_set_resistance(anima_behavior behavior, double value);
/** Reads angular resistance (1/s). */
anima_status anima_item_behavior_get_angular_resistance(anima_behavior behavior, double *out_value);
/** Sets angular resistance (finite, >= 0, 1/s). */
anima_status anima_item_behavior_set_angular_resistance(anima_behavior behavior, double value);
/** Reads charge. */
anima_status anima_item_behavior_get_charge(anima_behavior behavior, double *out_value);
/** Sets charge (finite). */
anima_status anima_item_behavior_set_charge(anima_behavior behavior, double value);
/** Reads whether rotation is allowed. */
anima_status anima_item_behavior_get_allows_rotation(anima_behavior behavior, bool *out_value);
/** Allows or locks rotation. */
anima_status anima_item_behavior_set_allows_rotation(anima_behavior behavior, bool value);
/** Reads whether the items are anchored. */
anima_status anima_item_behavior_get_anchored(anima_behavior behavior, bool *out_value);
/** Anchors (true: collides, never moves) or frees the items. */
anima_status anima_item_behavior_set_anchored(anima_behavior behavior, bool value);
/** Adds a linear velocity (pt/s, finite) to an item of this behavior. Errors: NOT_FOUND if the item is not in the behavior. */
anima_status anima_item_behavior_add_linear_velocity(anima_behavior behavior, anima_item item, anima_vec2 velocity);
/** Reads an item's linear velocity (pt/s). Errors: NOT_FOUND if the item is not in the behavior. */
anima_status anima_item_behavior_get_linear_velocity(anima_behavior behavior, anima_item item, anima_vec2 *out_velocity);
/** Adds an angular velocity (rad/s, finite) to an item of this behavior. Errors: NOT_FOUND. */
anima_status anima_item_behavior_add_angular_velocity(anima_behavior behavior, anima_item item, double velocity);
/** Reads an item's angular velocity (rad/s). Errors: NOT_FOUND. */
anima_status anima_item_behavior_get_angular_velocity(anima_behavior behavior, anima_item item, double *out_velocity);

/* -------------------------------------------------------------- attachment */

/** What an attachment ties together (fixed at creation). */
typedef enum anima_attachment_type {
    ANIMA_ATTACHMENT_ANCHOR = 0, /* an item to a point of the reference space */
    ANIMA_ATTACHMENT_ITEMS = 1,  /* two items, at a distance */
    ANIMA_ATTACHMENT_PIN = 2,    /* two items pinned at one point: both turn about it */
    ANIMA_ATTACHMENT_FIXED = 3,  /* two items fused at a point */
    ANIMA_ATTACHMENT_LIMIT = 4,  /* two items on a rope: at most a length apart */
    ANIMA_ATTACHMENT_SLIDING = 5 /* an item sliding along an axis, without turning */
} anima_attachment_type;

/** Creation parameters of an attachment (UIAttachmentBehavior); start from anima_default_attachment_def(). */
typedef struct anima_attachment_def {
    uint32_t cookie;          /* set by anima_default_attachment_def() */
    bool has_length;          /* default false: the length is the distance between the attachment points at creation */
    double length;            /* points, 0...1e9, used when has_length */
    double frequency;         /* spring frequency in Hz; default 0 = a rigid rod; 0...1e4 */
    double damping;           /* spring damping ratio (1 = critical); default 0, as UIKit; 0...1e4 */
    double friction_torque;   /* pin only: torque resisting rotation about the pin (mass x pt^2 / s^2); default 0; >= 0 */
} anima_attachment_def;

/** The default attachment def: length from the creation geometry, rigid (frequency 0), damping 0, no friction torque. */
anima_attachment_def anima_default_attachment_def(void);
/** Ties an item (at offset from its centre, in its own coordinates) to an anchor point. A moving anchor drags the item. */
anima_status anima_attachment_create_to_anchor(anima_animator animator, const anima_attachment_def *def, anima_item item, anima_vec2 offset, anima_vec2 anchor, anima_behavior *out_behavior);
/** Ties two items at their offsets (each in its item's own coordinates). Errors: INVALID_ARGUMENT for an item attached to itself. */
anima_status anima_attachment_create_to_item(anima_animator animator, const anima_attachment_def *def, anima_item item, anima_vec2 offset, anima_item other, anima_vec2 other_offset, anima_behavior *out_behavior);
/** Pins two items together at a point of the reference space; both then turn about it (frequency and length do not apply). */
anima_status anima_attachment_create_pin(anima_animator animator, const anima_attachment_def *def, anima_item item, anima_item other, anima_vec2 anchor, anima_behavior *out_behavior);
/** Fuses two items at a point: they move and turn as one (UIKit's fixedAttachment), and items welded together (directly or through other fixed attachments) do not collide with each other. */
anima_status anima_attachment_create_fixed(anima_animator animator, anima_item item, anima_item other, anima_vec2 anchor, anima_behavior *out_behavior);
/** Ties two items by a rope at their offsets: at most the distance at creation apart (UIKit's limitAttachment). */
anima_status anima_attachment_create_limit(anima_animator animator, anima_item item, anima_vec2 offset, anima_item other, anima_vec2 other_offset, anima_behavior *out_behavior);
/** An item sliding along axis (non-zero; in the other item's own coordinates, or reference coordinates when other is null) through anchor, without turning (UIKit's slidingAttachment). */
anima_status anima_attachment_create_sliding(anima_animator animator, anima_item item, anima_item other, anima_vec2 anchor, anima_vec2 axis, anima_behavior *out_behavior);
/** Reads the attachment's type. */
anima_status anima_attachment_get_type(anima_behavior attachment, anima_attachment_type *out_type);
/** Reads the anchor point (anchor type: the point the item hangs from; pin: where it was pinned). */
anima_status anima_attachment_get_anchor_point(anima_behavior attachment, anima_vec2 *out_point);
/** Reads the attachment points as fixed at creation: each from its item's centre, in that item's own coordinates (other_offset (0, 0) without a second item); with the items' centres and rotations they give where the attachment pulls, e.g. to draw it. */
anima_status anima_attachment_get_offsets(anima_behavior attachment, anima_vec2 *out_offset, anima_vec2 *out_other_offset);
/** Moves the anchor point (anchor type only; else INVALID_STATE); the item follows its motion. */
anima_status anima_attachment_set_anchor_point(anima_behavior attachment, anima_vec2 point);
/** Reads the length (points). */
anima_status anima_attachment_get_length(anima_behavior attachment, double *out_length);
/** Sets the length (points, 0...1e9; not for a pin: INVALID_STATE). */
anima_status anima_attachment_set_length(anima_behavior attachment, double length);
/** Reads the spring frequency (Hz; 0 = rigid). */
anima_status anima_attachment_get_frequency(anima_behavior attachment, double *out_hertz);
/** Sets the spring frequency (Hz, 0...1e4; 0 = rigid). */
anima_status anima_attachment_set_frequency(anima_behavior attachment, double hertz);
/** Reads the spring damping ratio. */
anima_status anima_attachment_get_damping(anima_behavior attachment, double *out_ratio);
/** Sets the spring damping ratio (0...1e4; 1 = critical). */
anima_status anima_attachment_set_damping(anima_behavior attachment, double ratio);
/** Reads the friction torque of a pin. */
anima_status anima_attachment_get_friction_torque(anima_behavior attachment, double *out_torque);
/** Sets the friction torque of a pin (finite, >= 0). Set back to 0, the pin turns freely from the next step: the friction's last impulse is not carried over. */
anima_status anima_attachment_set_friction_torque(anima_behavior attachment, double torque);
/** Reads the largest force of a point attachment (length 0, or a pin), mass x pt/s^2; INFINITY (the default) for no bound. */
anima_status anima_attachment_get_max_force(anima_behavior attachment, double *out_force);
/** Bounds the force of a point attachment (> 0, INFINITY for none): past it the attachment stretches instead of pulling harder (Box2D's mouse joint). */
anima_status anima_attachment_set_max_force(anima_behavior attachment, double force);
/** Sets the range of a pin (relative angle, radians) or a sliding attachment (translation, points). It must contain 0; +/-INFINITY means no limit. A limit lifted lets go from the next step (the impulse that held the item at it is not carried over). Errors: INVALID_STATE for other types. */
anima_status anima_attachment_set_range(anima_behavior attachment, double lower, double upper);
/** Reads the range (infinite bounds when unlimited). */
anima_status anima_attachment_get_range(anima_behavior attachment, double *out_lower, double *out_upper);
/** Sets a limit attachment's minimum length (points, 0...its length; default 0): the rope then also pushes back when its points come closer (Box2D's distance joint's lower limit). Errors: INVALID_STATE for other types; INVALID_ARGUMENT past the length. anima_attachment_set_length refuses a length below it. */
anima_status anima_attachment_set_minimum_length(anima_behavior attachment, double length);
/** Reads a limit attachment's minimum length (0 for the other types). */
anima_status anima_attachment_get_minimum_length(anima_behavior attachment, double *out_length);
/** Sets the motor's target speed of a pin (rad/s, the first item relative to the second, within +/-1e4) or a sliding attachment (pt/s along the axis, within +/-1e7); default 0. Errors: INVALID_STATE for other types. */
anima_status anima_attachment_set_motor_speed(anima_behavior attachment, double speed);
/** Reads the motor's target speed. */
anima_status anima_attachment_get_motor_speed(anima_behavior attachment, double *out_speed);
/** Sets the largest torque (pin, mass x pt^2 / s^2) or force (sliding, mass x pt/s^2) the motor exerts to reach its speed: finite, >= 0; 0 (default) for no motor. A motor at speed 0 holds the joint still up to that force, a friction. Errors: INVALID_STATE for other types. */
anima_status anima_attachment_set_max_motor_force(anima_behavior attachment, double force);
/** Reads the motor's largest torque or force. */
anima_status anima_attachment_get_max_motor_force(anima_behavior attachment, double *out_force);
/** Reads the torque or force the motor exerted over the last step (signed like the motor's speed; 0 without a motor). */
anima_status anima_attachment_get_motor_force(anima_behavior attachment, double *out_force);
/** Sets the frequency (Hz, 0...1e4; 0, the default, for none) of a spring on a pin's angle or a sliding attachment's travel toward its rest (Box2D's revolute and prismatic springs). Distinct from anima_attachment_set_frequency, the spring along an anchor or items attachment's length. Errors: INVALID_STATE for other types. */
anima_status anima_attachment_set_joint_spring_frequency(anima_behavior attachment, double hertz);
/** Reads the joint spring's frequency (Hz). */
anima_status anima_attachment_get_joint_spring_frequency(anima_behavior attachment, double *out_hertz);
/** Sets the joint spring's damping ratio (0...1e4, 1 = critical; default 0). Errors: INVALID_STATE for types other than pin and sliding. */
anima_status anima_attachment_set_joint_spring_damping(anima_behavior attachment, double ratio);
/** Reads the joint spring's damping ratio. */
anima_status anima_attachment_get_joint_spring_damping(anima_behavior attachment, double *out_ratio);
/** Sets where the joint spring rests: radians (pin) or points (sliding) from the pose at creation, within +/-1e7; default 0. Errors: INVALID_STATE for types other than pin and sliding. */
anima_status anima_attachment_set_joint_spring_rest(anima_behavior attachment, double rest);
/** Reads where the joint spring rests. */
anima_status anima_attachment_get_joint_spring_rest(anima_behavior attachment, double *out_rest);

/* -------------------------------------------------------------------- push */

/** How a push acts. */
typedef enum anima_push_mode {
    ANIMA_PUSH_CONTINUOUS = 0,    /* a force every step while active */
    ANIMA_PUSH_INSTANTANEOUS = 1  /* a velocity change at the next step, then inactive */
} anima_push_mode;

/** Creation parameters of a push (UIPushBehavior); start from anima_default_push_def(). */
typedef struct anima_push_def {
    uint32_t cookie;          /* set by anima_default_push_def() */
    anima_push_mode mode;     /* default ANIMA_PUSH_CONTINUOUS */
    double angle;             /* radians, 0 = +x, pi/2 = down; default 0 */
    double magnitude;         /* default 0 (no push); 1.0 = 100 pt/s^2 (continuous) or 100 pt/s (instantaneous) on a mass of 1; within +/-1e6 */
    bool active;              /* default true */
} anima_push_def;

/** The default push: continuous, angle 0, magnitude 0, active. */
anima_push_def anima_default_push_def(void);
/** Creates a push over items. Force F = 100 x magnitude (mass x pt/s^2): a = F / m; an instantaneous push gives dv = 100 x magnitude / m once. */
anima_status anima_push_create(anima_animator animator, const anima_push_def *def, const anima_item *items, int32_t item_count, anima_behavior *out_behavior);
/** Reads the mode. */
anima_status anima_push_get_mode(anima_behavior push, anima_push_mode *out_mode);
/** Reads the push vector, magnitude x (cos angle, sin angle). */
anima_status anima_push_get_direction(anima_behavior push, anima_vec2 *out_direction);
/** Sets the push vector (components within +/-1e6); angle and magnitude follow. */
anima_status anima_push_set_direction(anima_behavior push, anima_vec2 direction);
/** Reads the angle (radians). */
anima_status anima_push_get_angle(anima_behavior push, double *out_angle);
/** Sets the angle (radians, finite), keeping the magnitude. */
anima_status anima_push_set_angle(anima_behavior push, double angle);
/** Reads the magnitude. */
anima_status anima_push_get_magnitude(anima_behavior push, double *out_magnitude);
/** Sets the magnitude (within +/-1e6; negative reverses), keeping the angle. */
anima_status anima_push_set_magnitude(anima_behavior push, double magnitude);
/** Sets angle and magnitude together. */
anima_status anima_push_set_angle_magnitude(anima_behavior push, double angle, double magnitude);
/** Reads whether the push is active (an instantaneous push turns inactive after acting). */
anima_status anima_push_get_active(anima_behavior push, bool *out_active);
/** Turns the push on or off; turning an instantaneous push on makes it act once more. */
anima_status anima_push_set_active(anima_behavior push, bool active);
/** Reads where the push acts on an item (offset from its centre, its own coordinates). Errors: NOT_FOUND. */
anima_status anima_push_get_target_offset(anima_behavior push, anima_item item, anima_vec2 *out_offset);
/** Sets where the push acts on an item; off centre it also turns the item (torque = r x F). Errors: NOT_FOUND. */
anima_status anima_push_set_target_offset(anima_behavior push, anima_item item, anima_vec2 offset);

/* -------------------------------------------------------------------- snap */

/** Creates a snap (UISnapBehavior): the item goes to point on a 4 Hz spring and turns upright; damping 0.5. */
anima_status anima_snap_create(anima_animator animator, anima_item item, anima_vec2 point, anima_behavior *out_behavior);
/** Reads the snap point. */
anima_status anima_snap_get_point(anima_behavior snap, anima_vec2 *out_point);
/** Moves the snap point (finite); the item follows. */
anima_status anima_snap_set_point(anima_behavior snap, anima_vec2 point);
/** Reads the damping. */
anima_status anima_snap_get_damping(anima_behavior snap, double *out_damping);
/** Sets the damping: 0 (most oscillation) ... 1 (least); default 0.5. */
anima_status anima_snap_set_damping(anima_behavior snap, double damping);

/* ------------------------------------------------------------------- field */

/** The kinds of field (UIFieldBehavior's factories). */
typedef enum anima_field_kind {
    ANIMA_FIELD_LINEAR_GRAVITY = 0, /* F = m S fall direction: direction 1 with strength 1 gives 100 pt/s^2 */
    ANIMA_FIELD_RADIAL_GRAVITY = 1, /* F = -m S fall r^, falloff 2 by default (inverse square) */
    ANIMA_FIELD_DRAG = 2,           /* F = -S fall |u| u, u = v - direction (m/s) */
    ANIMA_FIELD_VELOCITY = 3,       /* sets the velocity to 100 x direction pt/s inside the region, overriding gravity, pushes, other fields and resistance */
    ANIMA_FIELD_VORTEX = 4,         /* F = (S fall / m) (u_y, -u_x) around the position */
    ANIMA_FIELD_SPRING = 5,         /* F = -S fall r^, falloff -1 by default (Hooke: -S r) */
    ANIMA_FIELD_ELECTRIC = 6,       /* F = q S fall r^ (charge q from the item behavior) */
    ANIMA_FIELD_MAGNETIC = 7,       /* F = q S fall (v_y, -v_x): turns v at q S fall / m rad/s, applied as the exact turn per step (speed kept) */
    ANIMA_FIELD_NOISE = 8,          /* a = 100 S fall N(x, t): a smooth random field, mass ignored */
    ANIMA_FIELD_TURBULENCE = 9,     /* F = m S fall |v|^2 N(x, t) */
    ANIMA_FIELD_CUSTOM = 10         /* the force from an evaluation callback */
} anima_field_kind;

/** Where a field acts around its position. */
typedef enum anima_region_shape {
    ANIMA_REGION_INFINITE = 0,  /* everywhere (default) */
    ANIMA_REGION_RECTANGLE = 1, /* a rectangle of `size` centred on the position */
    ANIMA_REGION_CIRCLE = 2     /* a circle of `radius` centred on the position */
} anima_region_shape;

/** A field region; `inverse` turns it inside out (everywhere except the shape). */
typedef struct anima_region { anima_region_shape shape; anima_size size; double radius; bool inverse; } anima_region;

/** A custom field's evaluation: offset from the field (pt), velocity (pt/s), mass, charge, time step (s); writes a force in mass x pt/s^2 to *out_force. */
typedef void (*anima_field_fn)(void *user_data, anima_vec2 position, anima_vec2 velocity, double mass, double charge, double delta_time, anima_vec2 *out_force);

/** Creation parameters of a field; start from anima_default_field_def(kind). */
typedef struct anima_field_def {
    uint32_t cookie;          /* set by anima_default_field_def() */
    anima_field_kind kind;
    anima_vec2 position;      /* reference coordinates; default (0, 0) */
    anima_region region;      /* default infinite */
    double strength;          /* default 1; within +/-1e9 */
    double falloff;           /* default per kind: radial gravity 2, spring -1, electric and magnetic 1, others 0; -10...10 */
    double minimum_radius;    /* points; default 0.01; > 0 */
    anima_vec2 direction;     /* linear gravity, velocity, drag; default (0, 0) */
    double smoothness;        /* noise, turbulence: 0 (noisy) ... 1 (smooth); default 0 */
    double animation_speed;   /* noise, turbulence: Hz, 0 freezes; default 0 */
} anima_field_def;

/** The default def of a field kind (its default falloff). Unknown kinds give a def that create rejects. */
anima_field_def anima_default_field_def(anima_field_kind kind);
/** Creates a field over items. Forces are UIKit's (newtons on metres and kilograms, 100 pt per metre) applied as a = 100 F / m pt/s^2. */
anima_status anima_field_create(anima_animator animator, const anima_field_def *def, const anima_item *items, int32_t item_count, anima_behavior *out_behavior);
/** Reads all parameters into a def (cookie set, so it can be passed to set). */
anima_status anima_field_get(anima_behavior field, anima_field_def *out_def);
/** Sets all parameters from a def of the same kind (validated as in create). */
anima_status anima_field_set(anima_behavior field, const anima_field_def *def);
/** Sets a custom field's evaluation (NULL clears: no force). It runs inside the step: it must not advance the animator. */
anima_status anima_field_set_evaluation(anima_behavior field, anima_field_fn evaluate, void *user_data);

/* View animations, the property animator, animated values and detents: anima/animation.h. */
#include "anima/animation.h"

/* --------------------------------------------------------------- snapshots */

/*
 * A snapshot is the whole state of an animator as bytes (the format: docs/snapshot.md):
 * items, behaviors with every parameter, contacts and their warm-start impulses, sleeping
 * islands, view animations, decays and timelines, the clock and the id counters. Restoring it
 * and stepping gives, step for step, bit-identical poses to stepping the original. The
 * restored objects keep their handles' index1 and generation (and animations and timelines
 * their ids); only the animator field of an item or behavior handle changes, to the new
 * animator's: anima_item_get_id and anima_animator_find_item carry a handle across.
 * Callbacks and item user data are not in a snapshot: it records which were set, and the
 * restored animator lists them until they are set again (anima_animator_get_detached_callbacks).
 */

/** Writes the animator's snapshot into buffer; *out_size = its length in bytes. A capacity smaller than that (buffer may be NULL with capacity 0) gives BUFFER_TOO_SMALL with *out_size set and nothing written. Errors: INVALID_HANDLE, INVALID_ARGUMENT (capacity < 0), BUSY (inside a callback), INVALID_STATE (while an animation or timeline is recorded). */
anima_status anima_animator_snapshot(anima_animator animator, void *buffer, int64_t capacity, int64_t *out_size);
/** Makes a new animator from a snapshot's size bytes (read during the call only). Errors: INVALID_ARGUMENT naming the fault (truncated, corrupted: CRC-32 mismatch, not a snapshot, a newer format version, an inconsistent field), OUT_OF_MEMORY (too many animators). Never traps, whatever the bytes. */
anima_status anima_animator_restore(const void *bytes, int64_t size, anima_animator *out_animator);
/** A 64-bit digest of the animator's state (what a snapshot holds, without handle generations): equal for two animators built and stepped by the same calls, in one process or two; different when any recorded value differs. Errors: INVALID_HANDLE, BUSY, INVALID_STATE (as anima_animator_snapshot). */
anima_status anima_animator_state_hash(anima_animator animator, uint64_t *out_hash);
/** An item's stable id, (generation << 32) | index1: the same for the item restored from a snapshot. */
anima_status anima_item_get_id(anima_item item, uint64_t *out_id);
/** The live item of this animator with the given id (from anima_item_get_id, here or in the animator a snapshot came from). Errors: NOT_FOUND. */
anima_status anima_animator_find_item(anima_animator animator, uint64_t item_id, anima_item *out_item);
/** A behavior's stable id, (generation << 32) | index1: the same for the behavior restored from a snapshot. */
anima_status anima_behavior_get_id(anima_behavior behavior, uint64_t *out_id);
/** The behavior of this animator with the given id (from anima_behavior_get_id). Errors: NOT_FOUND. */
anima_status anima_animator_find_behavior(anima_animator animator, uint64_t behavior_id, anima_behavior *out_behavior);

/** A callback a snapshot recorded as set, left unset by restore; set it again with the function named. */
typedef enum anima_callback_kind {
    ANIMA_CALLBACK_WILL_RESUME = 0,      /* anima_animator_set_delegate's will_resume */
    ANIMA_CALLBACK_DID_PAUSE = 1,        /* anima_animator_set_delegate's did_pause */
    ANIMA_CALLBACK_STEP = 2,             /* anima_animator_set_step_callback */
    ANIMA_CALLBACK_ACTION = 3,           /* anima_behavior_set_action (behavior) */
    ANIMA_CALLBACK_CONTACT_BEGAN = 4,    /* anima_collision_set_delegate's began (behavior) */
    ANIMA_CALLBACK_CONTACT_ENDED = 5,    /* anima_collision_set_delegate's ended (behavior) */
    ANIMA_CALLBACK_FIELD_EVALUATION = 6, /* anima_field_set_evaluation (behavior) */
    ANIMA_CALLBACK_COMPLETION = 7,       /* anima_animation_set_completion (animation) */
    ANIMA_CALLBACK_ITEM_USER_DATA = 8,   /* anima_item_set_user_data (item) */
    ANIMA_CALLBACK_PRE_SOLVE = 9         /* anima_collision_set_pre_solve (behavior) */
} anima_callback_kind;

/** One detached callback: its kind and the object it belongs to (the other handles null, animation 0). */
typedef struct anima_detached_callback { anima_callback_kind kind; anima_item item; anima_behavior behavior; anima_animation animation; } anima_detached_callback;

/** The callbacks (and item user data) set when the snapshot this animator was restored from was made, and not set (or cleared) since, in snapshot order; a snapshot of the animator still records them as set. Counting as anima_animator_get_behaviors; none for an animator not restored. */
anima_status anima_animator_get_detached_callbacks(anima_animator animator, anima_detached_callback *out_callbacks, int32_t capacity, int32_t *out_count);

/* Spatial queries and gestures: anima/interaction.h. */
#include "anima/interaction.h"

#ifdef __cplusplus
}
#endif

#endif /* ANIMA_H */

/*
 * anima/animation.h: the animation part of Anima's C interface (view animations, the property
 * animator, animated values and detents). It is part of anima.h, which includes it where these
 * sections stand; include <anima.h>, not this file.
 */
#ifndef ANIMA_ANIMATION_H
#define ANIMA_ANIMATION_H

#ifndef ANIMA_H
#error "include <anima.h>, which includes anima/animation.h"
#endif

/* ---------------------------------------------------------- view animations */

/*
 * UIView.animate on the animator's clock. Between anima_animation_begin and anima_animation_commit,
 * anima_item_set_center / _set_size / _set_transform / _set_alpha record targets instead of changing
 * the item; commit starts one animation of all of them from their current values. Animations
 * advance with the animator's internal steps (the animator keeps running while any is active)
 * and are evaluated in closed form, so the same calls give the same values at any frame rate.
 */

/** How an animation's progress runs in time. */
typedef enum anima_curve {
    ANIMA_CURVE_EASE_IN_OUT = 0,          /* cubic-bezier(0.42, 0, 0.58, 1): UIKit's default */
    ANIMA_CURVE_EASE_IN = 1,              /* cubic-bezier(0.42, 0, 1, 1) */
    ANIMA_CURVE_EASE_OUT = 2,             /* cubic-bezier(0, 0, 0.58, 1) */
    ANIMA_CURVE_LINEAR = 3,
    ANIMA_CURVE_CUBIC_BEZIER = 4,         /* the control points in bezier[4]: x1, y1, x2, y2 with x in 0...1 */
    ANIMA_CURVE_SPRING = 5,               /* spring_mass, spring_stiffness, spring_damping; lasts until it settles */
    ANIMA_CURVE_SPRING_DAMPING_RATIO = 6, /* UIKit's usingSpringWithDamping: spring_damping_ratio, settling at duration */
    ANIMA_CURVE_SPRING_RESPONSE = 7,      /* SwiftUI's spring(response:dampingFraction:): spring_response, spring_damping_fraction */
    ANIMA_CURVE_SPRING_BOUNCE = 8,        /* SwiftUI's Spring(duration:bounce:): duration (the perceptual period) and spring_bounce */
    ANIMA_CURVE_STEPS = 9,                /* CSS steps(steps_count, steps_position) */
    /* Robert Penner's families (easings.net): in, out, in-out of each */
    ANIMA_CURVE_QUAD_IN = 10, ANIMA_CURVE_QUAD_OUT = 11, ANIMA_CURVE_QUAD_IN_OUT = 12,
    ANIMA_CURVE_CUBIC_IN = 13, ANIMA_CURVE_CUBIC_OUT = 14, ANIMA_CURVE_CUBIC_IN_OUT = 15,
    ANIMA_CURVE_QUART_IN = 16, ANIMA_CURVE_QUART_OUT = 17, ANIMA_CURVE_QUART_IN_OUT = 18,
    ANIMA_CURVE_QUINT_IN = 19, ANIMA_CURVE_QUINT_OUT = 20, ANIMA_CURVE_QUINT_IN_OUT = 21,
    ANIMA_CURVE_SINE_IN = 22, ANIMA_CURVE_SINE_OUT = 23, ANIMA_CURVE_SINE_IN_OUT = 24,
    ANIMA_CURVE_EXPO_IN = 25, ANIMA_CURVE_EXPO_OUT = 26, ANIMA_CURVE_EXPO_IN_OUT = 27,
    ANIMA_CURVE_CIRC_IN = 28, ANIMA_CURVE_CIRC_OUT = 29, ANIMA_CURVE_CIRC_IN_OUT = 30,
    ANIMA_CURVE_BACK_IN = 31, ANIMA_CURVE_BACK_OUT = 32, ANIMA_CURVE_BACK_IN_OUT = 33,
    ANIMA_CURVE_ELASTIC_IN = 34, ANIMA_CURVE_ELASTIC_OUT = 35, ANIMA_CURVE_ELASTIC_IN_OUT = 36,
    ANIMA_CURVE_BOUNCE_IN = 37, ANIMA_CURVE_BOUNCE_OUT = 38, ANIMA_CURVE_BOUNCE_IN_OUT = 39
} anima_curve;

/** Where a steps curve jumps (CSS <step-position>). */
typedef enum anima_step_position {
    ANIMA_STEPS_JUMP_END = 0,    /* default: holds 0 over the first step, jumps to 1 at the end */
    ANIMA_STEPS_JUMP_START = 1,  /* jumps at the start and after each step */
    ANIMA_STEPS_JUMP_NONE = 2,   /* holds 0 over the first step and 1 over the last (count >= 2) */
    ANIMA_STEPS_JUMP_BOTH = 3    /* jumps at both ends */
} anima_step_position;

/** Creation parameters of an animation; start from anima_default_animation_def(). */
typedef struct anima_animation_def {
    uint32_t cookie;             /* set by anima_default_animation_def() */
    double duration;             /* seconds, finite, 0...1e7; default 0.25; ignored by ANIMA_CURVE_SPRING */
    double delay;                /* seconds before it starts, finite, 0...1e7; default 0 */
    anima_curve curve;           /* default ANIMA_CURVE_EASE_IN_OUT */
    double bezier[4];            /* ANIMA_CURVE_CUBIC_BEZIER's control points; default 0.25, 0.1, 0.25, 1 (CSS ease) */
    double spring_mass;          /* ANIMA_CURVE_SPRING; default 1; > 0 */
    double spring_stiffness;     /* ANIMA_CURVE_SPRING; default 100; > 0 */
    double spring_damping;       /* ANIMA_CURVE_SPRING; default 10; > 0 (an undamped spring never settles) */
    double spring_damping_ratio; /* ANIMA_CURVE_SPRING_DAMPING_RATIO; default 0.5; > 0 */
    double spring_response;      /* ANIMA_CURVE_SPRING_RESPONSE: the undamped period in seconds; default 0.5; > 0 */
    double spring_damping_fraction; /* ANIMA_CURVE_SPRING_RESPONSE; default 0.825; > 0 */
    double spring_bounce;        /* ANIMA_CURVE_SPRING_BOUNCE; default 0 (critical); -1 < bounce < 1 */
    double spring_velocity;      /* initial spring velocity in distances per second (UIKit's initialSpringVelocity); default 0 */
    int32_t steps_count;         /* ANIMA_CURVE_STEPS; default 1; >= 1 (>= 2 for jump-none), <= 1000000 */
    anima_step_position steps_position; /* ANIMA_CURVE_STEPS; default ANIMA_STEPS_JUMP_END */
    double repeat_count;         /* passes, > 0; INFINITY repeats for ever; default 1 */
    bool autoreverses;           /* each pass runs back to the start again; default false */
    double stagger;              /* seconds between the starts of successive items, in the order first set; >= 0; default 0 */
} anima_animation_def;

/** An animation: unique within its animator, never reused; 0 is no animation. */
typedef uint64_t anima_animation;

/** Where an animation ended (UIViewAnimatingPosition). */
typedef enum anima_position {
    ANIMA_POSITION_END = 0,      /* every property at its target */
    ANIMA_POSITION_START = 1,    /* every property back at its starting value (reversed, or stopped there) */
    ANIMA_POSITION_CURRENT = 2   /* where it was when cancelled, stopped or taken over */
} anima_position;

/** Called once when an animation ends: finished is true if it ran to its end (or, reversed, back to its start), false if it was cancelled, stopped or another animation took all its properties over; position says where its properties were left. It runs in the callback phase of a step. */
typedef void (*anima_animation_completion_fn)(void *user_data, anima_animator animator, anima_animation animation, bool finished, anima_position position);

/** The default animation def: 0.25 s ease-in-out, no delay, one pass. */
anima_animation_def anima_default_animation_def(void);
/** Starts recording an animation. Errors: INVALID_HANDLE, INVALID_ARGUMENT (NULL, hand-made def, value out of range, unknown curve, a spring that never settles), INVALID_STATE (already recording). */
anima_status anima_animation_begin(anima_animator animator, const anima_animation_def *def);
/** Ends the recording and starts the animation from the current values to the recorded targets; a property already animating is taken over from where it is. completion may be NULL; out_animation may be NULL. Errors: INVALID_HANDLE, INVALID_STATE (not recording). */
anima_status anima_animation_commit(anima_animator animator, anima_animation_completion_fn completion, void *user_data, anima_animation *out_animation);
/** How a keyframe animation finds values between keyframes (UIKit's calculation modes). */
typedef enum anima_keyframe_mode {
    ANIMA_KEYFRAMES_LINEAR = 0,   /* each keyframe runs straight from the value before it over its window; holds between windows */
    ANIMA_KEYFRAMES_PACED = 1,    /* windows ignored: even speed along the polyline through the values */
    ANIMA_KEYFRAMES_CUBIC = 2,    /* a Catmull-Rom spline through the values, reached at the ends of their windows */
    ANIMA_KEYFRAMES_DISCRETE = 3, /* no motion between: each value appears at the start of its window and holds (calculationModeDiscrete) */
    ANIMA_KEYFRAMES_CUBIC_PACED = 4 /* windows ignored: the cubic spline travelled at an even speed along its length (calculationModeCubicPaced) */
} anima_keyframe_mode;

/** How one keyframe is reached over its window, in the LINEAR mode (SwiftUI's keyframe types). */
typedef enum anima_keyframe_kind {
    ANIMA_KEYFRAME_STRAIGHT = 0,  /* straight from the value before it, eased by a curve (LinearKeyframe) */
    ANIMA_KEYFRAME_CUBIC = 1,     /* along the Catmull-Rom spline through its neighbours, no corner at its ends (CubicKeyframe) */
    ANIMA_KEYFRAME_SPRING = 2,    /* on a spring of the given damping ratio built to settle at the window's end (SpringKeyframe) */
    ANIMA_KEYFRAME_MOVE = 3       /* at once, at the start of its window, then held (MoveKeyframe) */
} anima_keyframe_kind;

/** Starts recording a keyframe animation (UIView.animateKeyframes). Open each keyframe with anima_animation_add_keyframe, then set properties; values set before any keyframe span the whole duration. The def's curve maps time to relative time (a spring is refused). Errors as anima_animation_begin, and INVALID_ARGUMENT for an unknown mode. */
anima_status anima_animation_begin_keyframes(anima_animator animator, const anima_animation_def *def, anima_keyframe_mode mode);
/** Opens a keyframe window: values set next are reached over relative times start...start + duration (each in 0...1, start + duration <= 1). Errors: INVALID_STATE (not recording keyframes), INVALID_ARGUMENT. */
anima_status anima_animation_add_keyframe(anima_animator animator, double relative_start, double relative_duration);
/** anima_animation_add_keyframe with the way its values are reached: kind, the curve of a STRAIGHT keyframe (curve->curve and its fields; NULL is linear; springs refused) and the damping ratio of a SPRING one (0 < z <= 1). Errors: INVALID_STATE (not recording keyframes), INVALID_ARGUMENT (not the LINEAR mode, unknown kind, bad curve or damping ratio, window as anima_animation_add_keyframe). */
anima_status anima_animation_add_keyframe_timed(anima_animator animator, double relative_start, double relative_duration, anima_keyframe_kind kind, const anima_animation_def *curve, double damping_ratio);
/** Abandons the recording: nothing recorded changes. Errors: INVALID_HANDLE, INVALID_STATE (not recording). */
anima_status anima_animation_discard(anima_animator animator);
/** True between begin and commit. */
anima_status anima_animation_is_recording(anima_animator animator, bool *out_recording);
/** Stops an animation where it is; its completion gets false at the next step. An animation that already ended is ignored. */
anima_status anima_animation_cancel(anima_animator animator, anima_animation animation);
/** Cancels every running animation. */
anima_status anima_animation_cancel_all(anima_animator animator);
/** True while the animation runs (not ended, not cancelled). */
anima_status anima_animation_is_active(anima_animator animator, anima_animation animation, bool *out_active);
/** The number of running animations. */
anima_status anima_animation_count(anima_animator animator, int32_t *out_count);

/** An animatable property; its components, in order: CENTER x, y; SIZE width, height; TRANSFORM rotation, scale x, scale y, translation x, translation y; ALPHA alpha. */
typedef enum anima_property {
    ANIMA_PROPERTY_CENTER = 0,
    ANIMA_PROPERTY_SIZE = 1,
    ANIMA_PROPERTY_TRANSFORM = 2,
    ANIMA_PROPERTY_ALPHA = 3
} anima_property;

/** A fling: one property coasting to rest (UIScrollView's deceleration); start from anima_default_decay_def(). */
typedef struct anima_decay_def {
    uint32_t cookie;              /* set by anima_default_decay_def() */
    anima_property property;      /* default ANIMA_PROPERTY_CENTER */
    double velocity[5];           /* per component of the property, units/s, finite; default 0 */
    double deceleration_rate;     /* velocity kept per millisecond, 0 < rate < 1; default 0.998 (UIScrollView normal; fast is 0.99) */
    double time_constant;         /* seconds; > 0 replaces deceleration_rate (lambda = 1 / time_constant); default 0 (unused) */
    double snap_step;             /* > 0: the resting value of each component snaps to a multiple of it, ahead of the motion; default 0 (none) */
    bool has_bounds;              /* default false */
    double lower[5];              /* per component when has_bounds (-INFINITY for none) */
    double upper[5];              /* per component when has_bounds (INFINITY for none) */
    double bound_spring_mass;     /* the spring that catches a component at a bound; default 1 */
    double bound_spring_stiffness;/* default 246.74 (0.4 s response) */
    double bound_spring_damping;  /* default 31.42 (critical) */
    double rest_distance;         /* ends when every component is this close to where it rests, > 0; default 0.1 */
} anima_decay_def;

/** The default decay def: a centre fling at UIScrollView's normal rate, no snapping, no bounds. */
anima_decay_def anima_default_decay_def(void);
/** Starts a fling of an item's property: each component slows as e^(-lambda t) and rests at x0 + v0 / lambda (snapped if asked), or is caught by the spring at a bound with its exact velocity there. It takes the property over from running animations. Errors: INVALID_HANDLE, INVALID_ARGUMENT (NULL, hand-made def, non-finite velocity, rate outside (0, 1), bad bounds), INVALID_STATE (while recording). */
anima_status anima_animation_start_decay(anima_item item, const anima_decay_def *def, anima_animation_completion_fn completion, void *user_data, anima_animation *out_animation);

/** A timeline: animations on one time axis; unique within its animator; 0 is none. */
typedef uint64_t anima_timeline;

/** Starts recording a timeline: animations committed until anima_timeline_commit become its segments, each starting at its def's delay. A segment animating a property an earlier segment animates starts from that segment's target. Errors: INVALID_STATE (a timeline or an animation is being recorded). */
anima_status anima_timeline_begin(anima_animator animator);
/** Ends the recording; the segments are already playing from 0. Errors: INVALID_STATE (not recording a timeline, or an animation is still open). */
anima_status anima_timeline_commit(anima_animator animator, anima_timeline *out_timeline);
/** Pauses the timeline at time (0...duration s) and applies every property's value there at once. Ended segments come back, paused, to play again (completions do not run twice). Errors: NOT_FOUND, INVALID_ARGUMENT. */
anima_status anima_timeline_seek(anima_animator animator, anima_timeline timeline, double time);
/** Plays the timeline from where it is. */
anima_status anima_timeline_play(anima_animator animator, anima_timeline timeline);
/** Pauses every running segment where it is. */
anima_status anima_timeline_pause(anima_animator animator, anima_timeline timeline);
/** When the last segment ends, in seconds (INFINITY if one repeats for ever). */
anima_status anima_timeline_get_duration(anima_animator animator, anima_timeline timeline, double *out_seconds);
/** Forgets the timeline (its segments run on as ordinary animations); its id becomes unknown. */
anima_status anima_timeline_release(anima_animator animator, anima_timeline timeline);
/** Sets (or clears, with NULL) the completion of a running animation, or of one that ended and whose completion has not run yet, such as a restored animation's. Errors: NOT_FOUND. */
anima_status anima_animation_set_completion(anima_animator animator, anima_animation animation, anima_animation_completion_fn completion, void *user_data);

/* Property-animator controls (UIViewPropertyAnimator). Each takes a running animation; an id that names none gives ANIMA_ERR_NOT_FOUND. */

/** Pauses an animation where it is; a paused animation does not keep the animator running. */
anima_status anima_animation_pause(anima_animator animator, anima_animation animation);
/** Resumes a paused animation from where it is. */
anima_status anima_animation_resume(anima_animator animator, anima_animation animation);
/** Scrubs a paused animation to a share (0...1) of its active time and applies the values at once. Errors: INVALID_STATE (not paused), INVALID_ARGUMENT (outside 0...1). */
anima_status anima_animation_set_fraction_complete(anima_animator animator, anima_animation animation, double fraction);
/** The share of the active time elapsed, 0...1. */
anima_status anima_animation_get_fraction_complete(anima_animator animator, anima_animation animation, double *out_fraction);
/** Runs the animation backward toward its start (true) or forward again (false). Back at its start it ends with position START. */
anima_status anima_animation_set_reversed(anima_animator animator, anima_animation animation, bool reversed);
/** Reads whether the animation is paused and whether it runs reversed (either pointer may be NULL). */
anima_status anima_animation_get_state(anima_animator animator, anima_animation animation, bool *out_paused, bool *out_reversed);
/** Continues (and resumes) with new timing: each property runs from where it is to its destination over the remaining time x duration_factor (> 0). timing may be NULL to keep the current curve; otherwise only its curve and spring fields are used. A spring continues a moving animation at its current velocity. */
anima_status anima_animation_continue(anima_animator animator, anima_animation animation, const anima_animation_def *timing, double duration_factor);
/** Stops the animation and leaves its properties at its END, its START or where they are (CURRENT); its completion runs at the next step with finished = (position == END). */
anima_status anima_animation_stop(anima_animator animator, anima_animation animation, anima_position position);

/** The options of the animation being recorded that go beyond its def; start from anima_default_animation_options(). */
typedef struct anima_animation_options {
    uint32_t cookie;             /* set by anima_default_animation_options() */
    double rest_threshold;       /* a spring: > 0 ends it once every component stays within this distance of its target (libadwaita's epsilon), in the property's units; 0 = default (min(0.1 % of the distance, 0.1 pt or 0.001)) */
    bool clamps_spring;          /* a spring: each component ends at its first crossing of its target, never overshooting (libadwaita's clamp); one pass only; default false */
    bool scrubs_linearly;        /* paused, a new fraction moves the properties linearly (UIViewPropertyAnimator.scrubsLinearly); default true */
    bool pauses_on_completion;   /* at its end (or, reversed, its start) it pauses there, its completion waiting, instead of ending; default false */
} anima_animation_options;

/** The default options: no rest threshold, no clamp, linear scrubbing, no pause at completion. */
anima_animation_options anima_default_animation_options(void);
/** Sets the options of the animation being recorded (after anima_animation_begin or anima_animation_begin_keyframes). Errors: INVALID_HANDLE, INVALID_STATE (not recording, or adding to a running animation), INVALID_ARGUMENT (NULL, hand-made options, a threshold not finite or negative, a clamp on a spring that repeats or autoreverses). */
anima_status anima_animation_set_options(anima_animator animator, const anima_animation_options *options);
/** Adds a completion, called after the animation's own and those added before, with the same arguments (UIViewPropertyAnimator.addCompletion). Errors: NOT_FOUND (no animation awaits its completion with this id), INVALID_ARGUMENT (NULL fn). */
anima_status anima_animation_add_completion(anima_animator animator, anima_animation animation, anima_animation_completion_fn completion, void *user_data);
/** Starts recording animations to add to a running one (UIViewPropertyAnimator.addAnimations(_:delayFactor:)): set properties or values, then anima_animation_commit (its out_animation gets this id and its completion is added). Each runs from its value then to its target with the animation's timing, waiting delay_factor (0...1) x the time left and ending with the animation. Errors: NOT_FOUND, INVALID_ARGUMENT (delay factor), INVALID_STATE (recording already, or an animation that is reversed, repeats, autoreverses or has keyframes). */
anima_status anima_animation_begin_adding(anima_animator animator, anima_animation animation, double delay_factor);
/** Sets the playback rate (0 < speed <= 1000; 1 is real time) from where the animation is. */
anima_status anima_animation_set_speed(anima_animator animator, anima_animation animation, double speed);
/** The playback rate. */
anima_status anima_animation_get_speed(anima_animator animator, anima_animation animation, double *out_speed);
/** What the animation does to an item's property now: its value and rate of change per component (units/s; zeros while paused) into out_value and out_velocity (5 doubles each, either may be NULL); *out_count (may be NULL) gets the property's component count. Errors: NOT_FOUND (no running animation with this id, or it does not animate that property), INVALID_HANDLE, INVALID_ARGUMENT (unknown property). */
anima_status anima_animation_get_property_state(anima_animator animator, anima_animation animation, anima_item item, anima_property property, double *out_value, double *out_velocity, int32_t *out_count);
/** anima_animation_get_property_state for an animated value (4 doubles each). */
anima_status anima_animation_get_value_state(anima_animator animator, anima_animation animation, anima_value value, double *out_value, double *out_velocity, int32_t *out_count);
/** The velocity of whatever animation moves an item's property now (5 doubles; zeros when none does): what a spring taking it over starts with. *out_count (may be NULL) gets the component count. */
anima_status anima_item_get_animated_velocity(anima_item item, anima_property property, double *out_velocity, int32_t *out_count);
/** Reduced motion (a user's accessibility setting: gtk-enable-animations off, iOS Reduce Motion): on, every view and value animation reaches its end at the next step with its completion finished = true; the physics is unchanged. Default off. */
anima_status anima_animator_set_reduces_motion(anima_animator animator, bool reduces_motion);
/** Whether reduced motion is on. */
anima_status anima_animator_get_reduces_motion(anima_animator animator, bool *out_reduces_motion);
/** Simulated seconds per second of advance (0.001...1000; 1 = real time, 0.1 ten times slower): every animation and the physics run on it, in whole internal steps, bit-identical at any frame rate. Errors: INVALID_ARGUMENT. */
anima_status anima_animator_set_time_scale(anima_animator animator, double scale);
/** The time scale. */
anima_status anima_animator_get_time_scale(anima_animator animator, double *out_scale);

/** The timing of a def evaluated on its own (no animator): progress (0 at the start, 1 at the target) and its rate in distances per second, t seconds into one pass. Errors: INVALID_ARGUMENT (as anima_animation_begin, or t not finite). */
anima_status anima_timing_evaluate(const anima_animation_def *def, double t, double *out_progress, double *out_velocity);
/** The length of one pass in seconds: the duration for a curve, the settling time (within 0.1 % of the distance for good) for a spring. Springs can be asked before they run. */
anima_status anima_timing_duration(const anima_animation_def *def, double *out_seconds);
/** The timing as a CSS linear() easing whose stops are within max_error (1e-5...1) of the curve, written NUL-terminated into buffer; *out_length gets the length without the NUL. With a buffer too small (or NULL with capacity 0) it returns BUFFER_TOO_SMALL and *out_length says what is needed. *out_css_duration (may be NULL) gets the CSS duration the stops refer to. */
anima_status anima_timing_css_linear(const anima_animation_def *def, double max_error, char *buffer, int32_t capacity, int32_t *out_length, double *out_css_duration);

/* ------------------------------------------------------------------ values */

/*
 * An animated value: 1 to 4 numbers (a scroll offset, a sheet height, a point, a size, a rect, a
 * colour) that view animations move as they move an item's properties, on the animator's clock.
 * Between anima_animation_begin and anima_animation_commit, anima_value_set records a target;
 * every timing applies (curves, springs, keyframes, timelines, staggers, flings) and so do the
 * property-animator controls. A value of a destroyed animator, or a destroyed value, gives
 * ANIMA_ERR_INVALID_HANDLE; another handle kind gives ANIMA_ERR_WRONG_KIND.
 */

/** Where a value's components mix. The colour spaces take sRGB red, green, blue (and alpha), each 0...1, and mix as CSS Color 4 does: converted, alpha premultiplied, mixed, converted back. */
typedef enum anima_value_space {
    ANIMA_SPACE_COMPONENTS = 0,  /* the numbers as they are */
    ANIMA_SPACE_SRGB = 1,        /* a colour, mixed as its encoded sRGB components (CSS "in srgb") */
    ANIMA_SPACE_LINEAR_SRGB = 2, /* a colour, mixed in linear light (CSS "in srgb-linear") */
    ANIMA_SPACE_OKLAB = 3        /* a colour, mixed in Oklab (CSS Color 4's default): perceptually even */
} anima_value_space;

/** How to create a value; start from anima_default_value_def(). */
typedef struct anima_value_def {
    uint32_t cookie;             /* set by anima_default_value_def() */
    int32_t count;               /* components, 1...4 (a colour: 3 or 4); default 1 */
    double components[4];        /* the initial value, finite, within the bounds; default 0 */
    anima_value_space space;     /* default ANIMA_SPACE_COMPONENTS */
    double visible_change;       /* > 0: a spring rests once every component stays within min(0.1 % of its distance, this); 0 = default (0.1, or 0.001 for a colour) */
    bool has_bounds;             /* default false: -1e9...1e9 (a colour: 0...1) */
    double lower;                /* with has_bounds: every component's lower bound, finite, |x| <= 1e15 */
    double upper;                /* with has_bounds: upper bound, > lower; animations hold components within the bounds */
} anima_value_def;

/** Called in the callback phase of every step in which an animation changed the value (after behavior actions, before completions), with its components. Setting the value yourself does not call it. It may not advance, step or destroy the animator (BUSY). */
typedef void (*anima_value_fn)(void *user_data, anima_value value, const double *components, int32_t count);

/** The default value def: one component, 0, mixing as it is. */
anima_value_def anima_default_value_def(void);
/** A null value handle. */
anima_value anima_value_null(void);
/** Creates a value. Errors: INVALID_HANDLE, INVALID_ARGUMENT (NULL, hand-made def, a count outside 1...4 or a colour of fewer than 3, a component not finite or outside the bounds, bad bounds or visible change, unknown space), OUT_OF_MEMORY (1 048 576 values live, or the value storage could not grow; nothing is changed). */
anima_status anima_value_create(anima_animator animator, const anima_value_def *def, anima_value *out_value);
/** Destroys a value; animations moving it drop it (one left with nothing to move ends, not finished). Errors: INVALID_HANDLE, WRONG_KIND. */
anima_status anima_value_destroy(anima_value value);
/** True when the handle names a live value (false for a null, destroyed or stale one, or one of a destroyed animator). */
bool anima_value_is_valid(anima_value value);
/** The value's component count. */
anima_status anima_value_get_count(anima_value value, int32_t *out_count);
/** The value's components: *out_count gets the count; BUFFER_TOO_SMALL when capacity is less (out may then be NULL with capacity 0). */
anima_status anima_value_get(anima_value value, double *out_components, int32_t capacity, int32_t *out_count);
/** One component (index 0...count-1). Errors: INVALID_ARGUMENT (index out of range, NULL). */
anima_status anima_value_get_component(anima_value value, int32_t index, double *out_component);
/** Sets the components: at once (taking the value out of any animation moving it), or while recording an animation, as its target. Errors: INVALID_ARGUMENT (NULL, count not the value's, a component not finite or outside the bounds); the value is then unchanged. */
anima_status anima_value_set(anima_value value, const double *components, int32_t count);
/** The value's rate of change per component, units per second (zeros when no running animation moves it); capacity as anima_value_get. */
anima_status anima_value_get_velocity(anima_value value, double *out_velocity, int32_t capacity, int32_t *out_count);
/** The value's space and bounds (any pointer may be NULL). */
anima_status anima_value_get_info(anima_value value, anima_value_space *out_space, double *out_lower, double *out_upper);
/** Sets or clears (fn NULL) the change callback. */
anima_status anima_value_set_callback(anima_value value, anima_value_fn fn, void *user_data);
/** The live values in creation order; counting as anima_animator_get_behaviors. */
anima_status anima_animator_get_values(anima_animator animator, anima_value *out_values, int32_t capacity, int32_t *out_count);
/** Reads many values in one call: 4 doubles per value into out (capacity >= 4 x count; components past a value's count are 0). All handles are checked first; on an error nothing is written. Errors: INVALID_HANDLE (naming the index), INVALID_ARGUMENT (NULL, negative count, a value of another animator), BUFFER_TOO_SMALL. */
anima_status anima_values_read(anima_animator animator, const anima_value *values, int32_t count, double *out, int32_t capacity);
/** Starts a fling of a value (as anima_animation_start_decay; def->property is ignored, velocity[0...count-1] is used, bounds per component). A colour cannot be flung (INVALID_ARGUMENT). */
anima_status anima_value_fling(anima_value value, const anima_decay_def *def, anima_animation_completion_fn completion, void *user_data, anima_animation *out_animation);
/** The live values whose change callback a snapshot recorded as set and that are not set (or cleared) since, in creation order; counting as anima_animator_get_behaviors. */
anima_status anima_animator_get_detached_value_callbacks(anima_animator animator, anima_value *out_values, int32_t capacity, int32_t *out_count);

/* ----------------------------------------------------------------- detents */

/*
 * Resting places along one axis: a bottom sheet's heights, a drawer's offsets, a carousel's pages
 * (UISheetPresentationController's detents, Compose's AnchoredDraggable). A detent drag moves one
 * component of a value, or an item's centre along x or y, with a pointer's coordinate along that
 * axis, rubber-banded past the first and last anchor. On release the rest is the anchor nearest
 * where the motion would coast to (at the deceleration rate); a release at least
 * velocity_threshold fast moves on to the next anchor in its direction even when the coast falls
 * short. A spring then takes the target there from the pointer's velocity: an ordinary
 * animation, which a new drag, a takeover or the property-animator controls interrupt.
 */

/** How detents behave; start from anima_default_detents_def(). */
typedef struct anima_detents_def {
    uint32_t cookie;              /* set by anima_default_detents_def() */
    const double *anchors;        /* strictly increasing, finite, within +-1e9; read during the call only */
    int32_t anchors_count;        /* 1...1024 */
    double velocity_threshold;    /* units/s, >= 0; a release this fast always changes detent; default 300 */
    double deceleration_rate;     /* the projection's velocity kept per millisecond, 0 < rate < 1; default 0.998 */
    double spring_mass;           /* the settling spring; default 1 */
    double spring_stiffness;      /* default 1500 (Compose's default spring) */
    double spring_damping;        /* default 77.46 (critical: no bounce) */
    double rubber_band_dimension; /* > 0, the length the rubber band is measured against; 0 = the anchors' span, at least 100 */
    double rubber_band_constant;  /* > 0; default 0.55 (UIScrollView's) */
} anima_detents_def;

/** A detent drag of an animator: unique within it; 0 is none. */
typedef uint64_t anima_detent_drag;

/** The default detents def, without anchors (anchors NULL, anchors_count 0: set them). */
anima_detents_def anima_default_detents_def(void);
/** The anchor a release at position with velocity (units/s) rests on, and its index (either pointer may be NULL). Errors: INVALID_ARGUMENT (NULL def, hand-made def, no anchors, anchors not increasing or not finite, a bad threshold, rate, spring or rubber band, position or velocity not finite). */
anima_status anima_detents_target(const anima_detents_def *def, double position, double velocity, int32_t *out_index, double *out_anchor);
/** A pointer grabs component `component` of a value at coordinate (along the axis) at time (seconds, the pointer's clock); an animation moving the value stops where it is. Errors: INVALID_HANDLE, WRONG_KIND, INVALID_ARGUMENT (as anima_detents_target, a component out of range, a colour, NULL out_drag), INVALID_STATE (while recording). */
anima_status anima_detent_drag_begin_value(anima_value value, int32_t component, const anima_detents_def *def, double coordinate, double time, anima_detent_drag *out_drag);
/** A pointer grabs an item's centre along axis 0 (x) or 1 (y); as anima_detent_drag_begin_value. */
anima_status anima_detent_drag_begin_item(anima_item item, int32_t axis, const anima_detents_def *def, double coordinate, double time, anima_detent_drag *out_drag);
/** The pointer moved: the target follows, rubber-banded past the ends. Errors: NOT_FOUND (no such drag: ended or never begun), INVALID_ARGUMENT, INVALID_HANDLE (its target was destroyed). */
anima_status anima_detent_drag_move(anima_animator animator, anima_detent_drag drag, double coordinate, double time);
/** The pointer let go: the spring starts toward the chosen anchor from the pointer's velocity; its index, anchor and animation (any pointer may be NULL); completion (may be NULL) runs when it ends. Errors: NOT_FOUND, INVALID_ARGUMENT, INVALID_HANDLE. */
anima_status anima_detent_drag_end(anima_animator animator, anima_detent_drag drag, double time, anima_animation_completion_fn completion, void *user_data, int32_t *out_index, double *out_anchor, anima_animation *out_animation);
/** Springs a value's component onto the detents from where it is with velocity (units/s), without a drag (a fling handed over). Errors as anima_detent_drag_begin_value. */
anima_status anima_value_settle(anima_value value, int32_t component, const anima_detents_def *def, double velocity, anima_animation_completion_fn completion, void *user_data, int32_t *out_index, double *out_anchor, anima_animation *out_animation);
/** anima_value_settle for an item's centre along axis 0 (x) or 1 (y). */
anima_status anima_item_settle(anima_item item, int32_t axis, const anima_detents_def *def, double velocity, anima_animation_completion_fn completion, void *user_data, int32_t *out_index, double *out_anchor, anima_animation *out_animation);

#endif

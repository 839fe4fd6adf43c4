#include "_anima.h"

/*
 * View animations, decays and timelines, as private methods of Animator that anima.animation (Animation, Timeline,
 * Timing) calls with animation ids. The options users write (curve names, spring tuples, rates) are turned into the
 * fields of anima_animation_def and anima_decay_def by animation.py; here the fields are converted by two tables
 * and the library checks their ranges.
 */

/* anima_animation_def's fields by their C names. */
#define ANIMATION_FIELD(NAME, KIND) ANIMA_FIELD(anima_animation_def, NAME, KIND)
static const argument animation_fields[] = {
    ANIMATION_FIELD(duration, VALUE_DOUBLE),
    ANIMATION_FIELD(delay, VALUE_DOUBLE),
    ANIMATION_FIELD(curve, VALUE_CURVE),
    ANIMATION_FIELD(bezier, VALUE_BEZIER),
    ANIMATION_FIELD(spring_mass, VALUE_DOUBLE),
    ANIMATION_FIELD(spring_stiffness, VALUE_DOUBLE),
    ANIMATION_FIELD(spring_damping, VALUE_DOUBLE),
    ANIMATION_FIELD(spring_damping_ratio, VALUE_DOUBLE),
    ANIMATION_FIELD(spring_response, VALUE_DOUBLE),
    ANIMATION_FIELD(spring_damping_fraction, VALUE_DOUBLE),
    ANIMATION_FIELD(spring_bounce, VALUE_DOUBLE),
    ANIMATION_FIELD(spring_velocity, VALUE_DOUBLE),
    ANIMATION_FIELD(steps_count, VALUE_INT32),
    ANIMATION_FIELD(steps_position, VALUE_STEP_POSITION),
    ANIMATION_FIELD(repeat_count, VALUE_REAL),
    ANIMATION_FIELD(autoreverses, VALUE_BOOL),
    ANIMATION_FIELD(stagger, VALUE_DOUBLE),
    ANIMA_ARG(NULL),
};

/* anima_decay_def's fields by their C names. */
#define DECAY_FIELD(NAME, KIND) ANIMA_FIELD(anima_decay_def, NAME, KIND)
static const argument decay_fields[] = {
    DECAY_FIELD(property, VALUE_PROPERTY),
    DECAY_FIELD(velocity, VALUE_COMPONENTS),
    DECAY_FIELD(deceleration_rate, VALUE_DOUBLE),
    DECAY_FIELD(time_constant, VALUE_DOUBLE),
    DECAY_FIELD(snap_step, VALUE_DOUBLE),
    DECAY_FIELD(has_bounds, VALUE_BOOL),
    DECAY_FIELD(lower, VALUE_COMPONENTS),
    DECAY_FIELD(upper, VALUE_COMPONENTS),
    DECAY_FIELD(bound_spring_mass, VALUE_DOUBLE),
    DECAY_FIELD(bound_spring_stiffness, VALUE_DOUBLE),
    DECAY_FIELD(bound_spring_damping, VALUE_DOUBLE),
    DECAY_FIELD(rest_distance, VALUE_DOUBLE),
    ANIMA_ARG(NULL),
};

/*
 * Sets (or clears, with NULL) the completion of an animation (id), called as
 * completion(finished, position) once it ends; the animator keeps it in `completions`.
 */
static anima_status
completion_set(const target *t, anima_animation id, PyObject *completion)
{
    anima_status status = anima_animation_set_completion(
        t->animator_handle, id, completion != NULL ? trampoline_animation_done : NULL, t->animator);
    PyObject *key = status == ANIMA_OK ? PyLong_FromUnsignedLongLong(id) : NULL;
    int kept = status == ANIMA_OK ? dict_keep(&t->animator->completions, key, completion) : 0;
    Py_XDECREF(key);
    return kept < 0 ? STATUS_RAISED : status;
}

/* Ends the recording: the animation (its id in *out) starts, with its completion (NULL: none; animations added to a
 * running one keep its completion). */
static anima_status
commit(const target *t, PyObject *completion, anima_animation *out)
{
    anima_status status = anima_animation_commit(t->animator_handle, NULL, NULL, out);
    return status != ANIMA_OK || completion == NULL ? status : completion_set(t, *out, completion);
}

/* A control of one animation or timeline: NAME(ARG) calls CALL(animator, that id). */
#define ID_CONTROL(NAME, PYNAME, CALL, ARG)                                                                   \
    ANIMA_METHOD(NAME, PYNAME, OWNER_ANIMATOR, VALUE_NONE, CALL(t.animator_handle, v[0].u64),                 \
                 ANIMA_IN(ARG, VALUE_UINT64))

/* anima_animation_options's fields by their C names. */
#define OPTION_FIELD(NAME, KIND) ANIMA_FIELD(anima_animation_options, NAME, KIND)
static const argument option_fields[] = {
    OPTION_FIELD(rest_threshold, VALUE_DOUBLE),
    OPTION_FIELD(clamps_spring, VALUE_BOOL),
    OPTION_FIELD(scrubs_linearly, VALUE_BOOL),
    OPTION_FIELD(pauses_on_completion, VALUE_BOOL),
    ANIMA_ARG(NULL),
};

/* The controls of a recording and of animations, one call of the C interface each. */
ANIMA_DEF_METHOD(animator_begin_animation, "_begin_animation", OWNER_ANIMATOR, VALUE_NONE, anima_animation_def,
                 anima_default_animation_def(), animation_fields, anima_animation_begin(t.animator_handle, &def),
                 ANIMA_ARG(NULL))
ANIMA_DEF_METHOD(animator_begin_keyframes, "_begin_keyframes", OWNER_ANIMATOR, VALUE_NONE, anima_animation_def,
                 anima_default_animation_def(), animation_fields,
                 anima_animation_begin_keyframes(t.animator_handle, &def, v[0].keyframe_mode),
                 ANIMA_IN("mode", VALUE_KEYFRAME_MODE))
/* timing: whether new timing was given (without, the def is not passed and the curve is kept) */
ANIMA_DEF_METHOD(animator_continue_animation, "_continue_animation", OWNER_ANIMATOR, VALUE_NONE, anima_animation_def,
                 anima_default_animation_def(), animation_fields,
                 anima_animation_continue(t.animator_handle, v[0].u64, v[2].b ? &def : NULL, v[1].f64),
                 ANIMA_IN("animation", VALUE_UINT64), ANIMA_IN("duration_factor", VALUE_DOUBLE),
                 ANIMA_OPT("timing", VALUE_BOOL))
ANIMA_METHOD(animator_commit_animation, "_commit_animation", OWNER_ANIMATOR, VALUE_UINT64,
             commit(&t, v[0].object, &out.u64), ANIMA_IN("completion", VALUE_CALLABLE))
/* a fling of an item of this animator (anima/animation.py checks that it is) */
ANIMA_DEF_METHOD(animator_start_decay, "_start_decay", OWNER_ANIMATOR, VALUE_UINT64, anima_decay_def,
                 anima_default_decay_def(), decay_fields,
                 anima_animation_start_decay(v[0].item, &def, NULL, NULL, &out.u64), ANIMA_IN("item", VALUE_ITEM))
/* a fling of a value (anima/_value.py checks it belongs to this animator); def.property is unused */
ANIMA_DEF_METHOD(animator_fling_value, "_fling_value", OWNER_ANIMATOR, VALUE_UINT64, anima_decay_def,
                 anima_default_decay_def(), decay_fields,
                 anima_value_fling(v[0].animated, &def, NULL, NULL, &out.u64), ANIMA_IN("value", VALUE_VALUE))
ANIMA_METHOD(animator_set_completion, "_set_completion", OWNER_ANIMATOR, VALUE_NONE,
             completion_set(&t, v[0].u64, v[1].object), ANIMA_IN("animation", VALUE_UINT64),
             ANIMA_IN("completion", VALUE_CALLABLE))
ANIMA_METHOD(animator_discard_animation, "_discard_animation", OWNER_ANIMATOR, VALUE_NONE,
             anima_animation_discard(t.animator_handle), ANIMA_ARG(NULL))
ID_CONTROL(animator_cancel_animation, "_cancel_animation", anima_animation_cancel, "animation")
ANIMA_METHOD(animator_is_animation_active, "_is_animation_active", OWNER_ANIMATOR, VALUE_BOOL,
             anima_animation_is_active(t.animator_handle, v[0].u64, &out.b), ANIMA_IN("animation", VALUE_UINT64))
ID_CONTROL(animator_pause_animation, "_pause_animation", anima_animation_pause, "animation")
ANIMA_DEF_METHOD(animator_set_animation_options, "_set_animation_options", OWNER_ANIMATOR, VALUE_NONE,
                 anima_animation_options, anima_default_animation_options(), option_fields,
                 anima_animation_set_options(t.animator_handle, &def), ANIMA_ARG(NULL))
ANIMA_METHOD(animator_begin_adding, "_begin_adding", OWNER_ANIMATOR, VALUE_NONE,
             anima_animation_begin_adding(t.animator_handle, v[0].u64, v[1].f64), ANIMA_IN("animation", VALUE_UINT64),
             ANIMA_IN("delay_factor", VALUE_DOUBLE))
ANIMA_METHOD(animator_set_animation_speed, "_set_animation_speed", OWNER_ANIMATOR, VALUE_NONE,
             anima_animation_set_speed(t.animator_handle, v[0].u64, v[1].f64), ANIMA_IN("animation", VALUE_UINT64),
             ANIMA_IN("speed", VALUE_DOUBLE))
ANIMA_METHOD(animator_animation_speed, "_animation_speed", OWNER_ANIMATOR, VALUE_DOUBLE,
             anima_animation_get_speed(t.animator_handle, v[0].u64, &out.f64), ANIMA_IN("animation", VALUE_UINT64))
/* what a running animation does to a property of an item or to a value: its value, or its velocity (velocity true) */
ANIMA_METHOD(animator_animation_property_state, "_animation_property_state", OWNER_ANIMATOR, VALUE_COMPONENTS,
             anima_animation_get_property_state(t.animator_handle, v[0].u64, v[1].item, v[2].property,
                                                v[3].b ? NULL : out.doubles, v[3].b ? out.doubles : NULL, NULL),
             ANIMA_IN("animation", VALUE_UINT64), ANIMA_IN("item", VALUE_ITEM), ANIMA_IN("property", VALUE_PROPERTY),
             ANIMA_IN("velocity", VALUE_BOOL))
ANIMA_METHOD(animator_animation_value_state, "_animation_value_state", OWNER_ANIMATOR, VALUE_COMPONENTS,
             anima_animation_get_value_state(t.animator_handle, v[0].u64, v[1].animated, v[2].b ? NULL : out.doubles,
                                             v[2].b ? out.doubles : NULL, NULL),
             ANIMA_IN("animation", VALUE_UINT64), ANIMA_IN("value", VALUE_VALUE), ANIMA_IN("velocity", VALUE_BOOL))
ANIMA_METHOD(animator_animated_velocity, "_animated_velocity", OWNER_ANIMATOR, VALUE_COMPONENTS,
             anima_item_get_animated_velocity(v[0].item, v[1].property, out.doubles, NULL), ANIMA_IN("item", VALUE_ITEM),
             ANIMA_IN("property", VALUE_PROPERTY))
ID_CONTROL(animator_resume_animation, "_resume_animation", anima_animation_resume, "animation")
ANIMA_METHOD(animator_set_animation_fraction, "_set_animation_fraction", OWNER_ANIMATOR, VALUE_NONE,
             anima_animation_set_fraction_complete(t.animator_handle, v[0].u64, v[1].f64),
             ANIMA_IN("animation", VALUE_UINT64), ANIMA_IN("fraction", VALUE_DOUBLE))
ANIMA_METHOD(animator_animation_fraction, "_animation_fraction", OWNER_ANIMATOR, VALUE_DOUBLE,
             anima_animation_get_fraction_complete(t.animator_handle, v[0].u64, &out.f64),
             ANIMA_IN("animation", VALUE_UINT64))
ANIMA_METHOD(animator_set_animation_reversed, "_set_animation_reversed", OWNER_ANIMATOR, VALUE_NONE,
             anima_animation_set_reversed(t.animator_handle, v[0].u64, v[1].b),
             ANIMA_IN("animation", VALUE_UINT64), ANIMA_IN("reversed", VALUE_BOOL))
/* v[1] takes the state not asked for */
ANIMA_METHOD(animator_animation_paused, "_animation_paused", OWNER_ANIMATOR, VALUE_BOOL,
             anima_animation_get_state(t.animator_handle, v[0].u64, &out.b, &v[1].b),
             ANIMA_IN("animation", VALUE_UINT64))
ANIMA_METHOD(animator_animation_reversed, "_animation_reversed", OWNER_ANIMATOR, VALUE_BOOL,
             anima_animation_get_state(t.animator_handle, v[0].u64, &v[1].b, &out.b),
             ANIMA_IN("animation", VALUE_UINT64))
ANIMA_METHOD(animator_stop_animation, "_stop_animation", OWNER_ANIMATOR, VALUE_NONE,
             anima_animation_stop(t.animator_handle, v[0].u64, v[1].position),
             ANIMA_IN("animation", VALUE_UINT64), ANIMA_IN("position", VALUE_POSITION))
/* a keyframe with its own timing: kind as anima_keyframe_kind, its curve as an animation def's fields */
ANIMA_DEF_METHOD(animator_add_keyframe_timed, "_add_keyframe_timed", OWNER_ANIMATOR, VALUE_NONE, anima_animation_def,
                 anima_default_animation_def(), animation_fields,
                 anima_animation_add_keyframe_timed(t.animator_handle, v[0].f64, v[1].f64, (anima_keyframe_kind)v[2].i32,
                                                    v[4].b ? &def : NULL, v[3].f64),
                 ANIMA_IN("start", VALUE_DOUBLE), ANIMA_IN("duration", VALUE_DOUBLE), ANIMA_IN("kind", VALUE_INT32),
                 ANIMA_IN("damping_ratio", VALUE_DOUBLE), ANIMA_IN("has_curve", VALUE_BOOL))
ANIMA_METHOD(animator_add_keyframe, "_add_keyframe", OWNER_ANIMATOR, VALUE_NONE,
             anima_animation_add_keyframe(t.animator_handle, v[0].f64, v[1].f64),
             ANIMA_IN("relative start", VALUE_DOUBLE), ANIMA_IN("relative duration", VALUE_DOUBLE))
ANIMA_METHOD(animator_begin_timeline, "_begin_timeline", OWNER_ANIMATOR, VALUE_NONE,
             anima_timeline_begin(t.animator_handle), ANIMA_ARG(NULL))
ANIMA_METHOD(animator_commit_timeline, "_commit_timeline", OWNER_ANIMATOR, VALUE_UINT64,
             anima_timeline_commit(t.animator_handle, &out.u64), ANIMA_ARG(NULL))
ANIMA_METHOD(animator_seek_timeline, "_seek_timeline", OWNER_ANIMATOR, VALUE_NONE,
             anima_timeline_seek(t.animator_handle, v[0].u64, v[1].f64),
             ANIMA_IN("timeline", VALUE_UINT64), ANIMA_IN("time", VALUE_DOUBLE))
ID_CONTROL(animator_play_timeline, "_play_timeline", anima_timeline_play, "timeline")
ID_CONTROL(animator_pause_timeline, "_pause_timeline", anima_timeline_pause, "timeline")
ANIMA_METHOD(animator_timeline_duration, "_timeline_duration", OWNER_ANIMATOR, VALUE_DOUBLE,
             anima_timeline_get_duration(t.animator_handle, v[0].u64, &out.f64), ANIMA_IN("timeline", VALUE_UINT64))
ID_CONTROL(animator_release_timeline, "_release_timeline", anima_timeline_release, "timeline")

ANIMA_METHOD(animator_cancel_all_animations, "cancel_all_animations", OWNER_ANIMATOR, VALUE_NONE,
             anima_animation_cancel_all(t.animator_handle), ANIMA_ARG(NULL))

#define PRIVATE(NAME) ANIMA_METHOD_ROW("_" #NAME, animator_##NAME, NULL)

/* Added to Animator by the module (anima.animation wraps the private ones). */
PyMethodDef animator_animation_methods[] = {
    ANIMA_METHOD_ROW("cancel_all_animations", animator_cancel_all_animations,
                     "cancel_all_animations($self)\n--\n\n"
                     "Cancel every running view animation and fling: each stops where it is and its\n"
                     "completion gets False at the next step."),
    PRIVATE(begin_animation), PRIVATE(begin_keyframes), PRIVATE(continue_animation), PRIVATE(start_decay),
    PRIVATE(fling_value), PRIVATE(commit_animation), PRIVATE(set_animation_options), PRIVATE(begin_adding),
    PRIVATE(set_animation_speed), PRIVATE(animation_speed), PRIVATE(animation_property_state),
    PRIVATE(animation_value_state), PRIVATE(animated_velocity), PRIVATE(add_keyframe_timed), PRIVATE(set_completion),
    PRIVATE(discard_animation), PRIVATE(cancel_animation), PRIVATE(is_animation_active), PRIVATE(pause_animation),
    PRIVATE(resume_animation), PRIVATE(set_animation_fraction), PRIVATE(animation_fraction),
    PRIVATE(set_animation_reversed), PRIVATE(animation_paused), PRIVATE(animation_reversed), PRIVATE(stop_animation),
    PRIVATE(add_keyframe), PRIVATE(begin_timeline), PRIVATE(commit_timeline), PRIVATE(seek_timeline),
    PRIVATE(play_timeline), PRIVATE(pause_timeline), PRIVATE(timeline_duration), PRIVATE(release_timeline),
    {NULL, NULL, 0, NULL},
};

/* ------------------------------------------------------------ module functions: timing */

ANIMA_DEF_METHOD(module_timing_evaluate, "_timing_evaluate", OWNER_MODULE, VALUE_RANGE, anima_animation_def,
                 anima_default_animation_def(), animation_fields,
                 anima_timing_evaluate(&def, v[0].f64, &out.doubles[0], &out.doubles[1]), ANIMA_IN("t", VALUE_DOUBLE))
ANIMA_DEF_METHOD(module_timing_duration, "_timing_duration", OWNER_MODULE, VALUE_DOUBLE, anima_animation_def,
                 anima_default_animation_def(), animation_fields, anima_timing_duration(&def, &out.f64),
                 ANIMA_ARG(NULL))

/* A timing's CSS linear() text and duration as a new (str, float) in *out (the two-call idiom). */
static anima_status
css_linear(const anima_animation_def *def, double max_error, PyObject **out)
{
    int32_t length = 0;
    anima_status status = anima_timing_css_linear(def, max_error, NULL, 0, &length, NULL);
    if (status != ANIMA_OK && status != ANIMA_ERR_BUFFER_TOO_SMALL) {
        return status;
    }
    anima_clear_error();
    char *buffer = PyMem_Malloc((size_t)length + 1);
    if (buffer == NULL) {
        PyErr_NoMemory();
        return STATUS_RAISED;
    }
    double seconds = 0.0;
    status = anima_timing_css_linear(def, max_error, buffer, length + 1, &length, &seconds);
    *out = status == ANIMA_OK ? Py_BuildValue("(s#d)", buffer, (Py_ssize_t)length, seconds) : NULL;
    PyMem_Free(buffer);
    return status == ANIMA_OK && *out == NULL ? STATUS_RAISED : status;
}

ANIMA_DEF_METHOD(module_timing_css_linear, "_timing_css_linear", OWNER_MODULE, VALUE_OBJECT, anima_animation_def,
                 anima_default_animation_def(), animation_fields, css_linear(&def, v[0].f64, &out.object),
                 ANIMA_IN("max_error", VALUE_DOUBLE))

#define MODULE_FUNCTION(NAME) ANIMA_METHOD_ROW("_" #NAME, module_##NAME, NULL)

/* ------------------------------------------------------------ fault injection (anima.testing) */

ANIMA_METHOD(module_testing_fail_allocation, "_testing_fail_allocation", OWNER_MODULE, VALUE_NONE,
             anima_testing_fail_allocation(v[0].i32), ANIMA_IN("n", VALUE_INT32))
ANIMA_METHOD(module_testing_allocation_count, "_testing_allocation_count", OWNER_MODULE, VALUE_UINT64,
             anima_testing_get_allocation_count(&out.u64), ANIMA_ARG(NULL))

ANIMA_METHOD(module_testing_check_consistency, "_testing_check_consistency", OWNER_MODULE, VALUE_NONE,
             anima_testing_check_consistency(v[0].animator), ANIMA_IN("animator", VALUE_ANIMATOR))

PyMethodDef module_methods[] = {
    MODULE_FUNCTION(testing_check_consistency),
    MODULE_FUNCTION(testing_fail_allocation),
    MODULE_FUNCTION(testing_allocation_count),
    MODULE_FUNCTION(timing_evaluate),
    MODULE_FUNCTION(timing_duration),
    MODULE_FUNCTION(timing_css_linear),
    {NULL, NULL, 0, NULL},
};

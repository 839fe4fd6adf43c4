#include "_anima.h"

/*
 * View animations, decays and timelines, as private methods of Animator that
 * anima.animation (Animation, Timeline, Timing) calls with animation ids. The
 * options users write (curve names, spring tuples, rates) are turned into the
 * fields of anima_animation_def and anima_decay_def by animation.py; here the
 * fields are converted by two tables and the library checks their ranges.
 */

/* anima_animation_def's fields by their C names. */
static const argument animation_fields[] = {
    ANIMA_FIELD(anima_animation_def, duration, VALUE_DOUBLE),
    ANIMA_FIELD(anima_animation_def, delay, VALUE_DOUBLE),
    ANIMA_FIELD(anima_animation_def, curve, VALUE_CURVE),
    ANIMA_FIELD(anima_animation_def, bezier, VALUE_BEZIER),
    ANIMA_FIELD(anima_animation_def, spring_mass, VALUE_DOUBLE),
    ANIMA_FIELD(anima_animation_def, spring_stiffness, VALUE_DOUBLE),
    ANIMA_FIELD(anima_animation_def, spring_damping, VALUE_DOUBLE),
    ANIMA_FIELD(anima_animation_def, spring_damping_ratio, VALUE_DOUBLE),
    ANIMA_FIELD(anima_animation_def, spring_response, VALUE_DOUBLE),
    ANIMA_FIELD(anima_animation_def, spring_damping_fraction, VALUE_DOUBLE),
    ANIMA_FIELD(anima_animation_def, spring_bounce, VALUE_DOUBLE),
    ANIMA_FIELD(anima_animation_def, spring_velocity, VALUE_DOUBLE),
    ANIMA_FIELD(anima_animation_def, steps_count, VALUE_INT32),
    ANIMA_FIELD(anima_animation_def, steps_position, VALUE_STEP_POSITION),
    ANIMA_FIELD(anima_animation_def, repeat_count, VALUE_REAL),
    ANIMA_FIELD(anima_animation_def, autoreverses, VALUE_BOOL),
    ANIMA_FIELD(anima_animation_def, stagger, VALUE_DOUBLE),
    ANIMA_ARG(NULL),
};

/* anima_decay_def's fields by their C names. */
static const argument decay_fields[] = {
    ANIMA_FIELD(anima_decay_def, property, VALUE_PROPERTY),
    ANIMA_FIELD(anima_decay_def, velocity, VALUE_COMPONENTS),
    ANIMA_FIELD(anima_decay_def, deceleration_rate, VALUE_DOUBLE),
    ANIMA_FIELD(anima_decay_def, time_constant, VALUE_DOUBLE),
    ANIMA_FIELD(anima_decay_def, snap_step, VALUE_DOUBLE),
    ANIMA_FIELD(anima_decay_def, has_bounds, VALUE_BOOL),
    ANIMA_FIELD(anima_decay_def, lower, VALUE_COMPONENTS),
    ANIMA_FIELD(anima_decay_def, upper, VALUE_COMPONENTS),
    ANIMA_FIELD(anima_decay_def, bound_spring_mass, VALUE_DOUBLE),
    ANIMA_FIELD(anima_decay_def, bound_spring_stiffness, VALUE_DOUBLE),
    ANIMA_FIELD(anima_decay_def, bound_spring_damping, VALUE_DOUBLE),
    ANIMA_FIELD(anima_decay_def, rest_distance, VALUE_DOUBLE),
    ANIMA_ARG(NULL),
};

/*
 * A call fn(p0, ..., p[positional - 1], **fields): the positional arguments go to
 * leading[], the keywords are def fields named in `fields`, written over `def`.
 */
static int
def_call(anima_state *st, const char *fn, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames,
         Py_ssize_t positional, PyObject **leading, const argument *fields, void *def)
{
    PyObject *slots[24];
    if (nargs != positional) {
        PyErr_Format(PyExc_TypeError, "%s() takes %zd positional argument%s (%zd given)", fn, positional,
                     positional == 1 ? "" : "s", nargs);
        return -1;
    }
    for (Py_ssize_t i = 0; i < positional; i++) {
        leading[i] = args[i];
    }
    return parse_arguments(fn, args + nargs, 0, kwnames, fields, 0, 0, slots) < 0
               ? -1 : fill_def(st, fields, slots, def);
}

/* Registers the completion of a started animation (id) and returns the id. */
static PyObject *
started(anima_state *st, AnimatorObject *self, anima_status status, anima_animation id, PyObject *completion)
{
    if (check(st, self, status) < 0) {
        return NULL;
    }
    PyObject *key = PyLong_FromUnsignedLongLong(id);
    if (key != NULL && completion != Py_None && self->completions == NULL) {
        self->completions = PyDict_New();
    }
    if (key != NULL && completion != Py_None
        && (self->completions == NULL || PyDict_SetItem(self->completions, key, completion) < 0)) {
        Py_CLEAR(key);
    }
    return key;
}

/* A completion argument: a callable or None. */
static int
check_completion(PyObject *completion)
{
    if (completion != Py_None && !PyCallable_Check(completion)) {
        PyErr_Format(PyExc_TypeError, "completion must be callable or None, not %.100s",
                     Py_TYPE(completion)->tp_name);
        return -1;
    }
    return 0;
}

static PyObject *
animator_begin_animation(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    anima_state *st = STATE_OF(self);
    anima_animation_def def = anima_default_animation_def();
    if (def_call(st, "_begin_animation", args, nargs, kwnames, 0, NULL, animation_fields, &def) < 0
        || check(st, (AnimatorObject *)self, anima_animation_begin(((AnimatorObject *)self)->handle, &def)) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyObject *
animator_begin_keyframes(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    anima_state *st = STATE_OF(self);
    anima_animation_def def = anima_default_animation_def();
    PyObject *mode_obj = NULL;
    value mode;
    if (def_call(st, "_begin_keyframes", args, nargs, kwnames, 1, &mode_obj, animation_fields, &def) < 0
        || value_from_python(st, VALUE_KEYFRAME_MODE, mode_obj, "mode", &mode) < 0
        || check(st, (AnimatorObject *)self,
                 anima_animation_begin_keyframes(((AnimatorObject *)self)->handle, &def, mode.keyframe_mode)) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyObject *
animator_continue_animation(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    anima_state *st = STATE_OF(self);
    anima_animation_def def = anima_default_animation_def();
    PyObject *leading[2];
    value id, factor;
    if (def_call(st, "_continue_animation", args, nargs, kwnames, 2, leading, animation_fields, &def) < 0
        || value_from_python(st, VALUE_UINT64, leading[0], "animation", &id) < 0
        || value_from_python(st, VALUE_DOUBLE, leading[1], "duration_factor", &factor) < 0) {
        return NULL;
    }
    bool timing = kwnames != NULL && PyTuple_GET_SIZE(kwnames) > 0;
    anima_status status = anima_animation_continue(((AnimatorObject *)self)->handle, id.u64, timing ? &def : NULL,
                                                   factor.f64);
    if (check(st, (AnimatorObject *)self, status) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyObject *
animator_commit_animation(PyObject *self, PyObject *completion)
{
    AnimatorObject *animator = (AnimatorObject *)self;
    anima_animation id = 0;
    if (check_completion(completion) < 0) {
        return NULL;
    }
    anima_status status = anima_animation_commit(animator->handle,
                                                 completion != Py_None ? trampoline_animation_done : NULL, self, &id);
    return started(STATE_OF(self), animator, status, id, completion);
}

static PyObject *
animator_start_decay(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    anima_state *st = STATE_OF(self);
    anima_decay_def def = anima_default_decay_def();
    PyObject *leading[2];
    value item;
    if (def_call(st, "_start_decay", args, nargs, kwnames, 2, leading, decay_fields, &def) < 0
        || value_from_python(st, VALUE_ITEM, leading[0], "item", &item) < 0 || check_completion(leading[1]) < 0) {
        return NULL;
    }
    if (((ItemObject *)leading[0])->animator != (AnimatorObject *)self) {
        PyErr_SetString(st->invalid_argument_error, "the item belongs to another animator");
        return NULL;
    }
    anima_animation id = 0;
    anima_status status = anima_animation_start_decay(item.item, &def,
                                                      leading[1] != Py_None ? trampoline_animation_done : NULL,
                                                      self, &id);
    return started(st, (AnimatorObject *)self, status, id, leading[1]);
}

/* One call of the C interface each, on (animator, id[, value]). */
ANIMA_METHOD(animator_discard_animation, "_discard_animation", OWNER_ANIMATOR, VALUE_NONE,
             anima_animation_discard(t.animator_handle), ANIMA_ARG(NULL))
ANIMA_METHOD(animator_cancel_animation, "_cancel_animation", OWNER_ANIMATOR, VALUE_NONE,
             anima_animation_cancel(t.animator_handle, v[0].u64), ANIMA_IN("animation", VALUE_UINT64))
ANIMA_METHOD(animator_is_animation_active, "_is_animation_active", OWNER_ANIMATOR, VALUE_BOOL,
             anima_animation_is_active(t.animator_handle, v[0].u64, &out.b), ANIMA_IN("animation", VALUE_UINT64))
ANIMA_METHOD(animator_pause_animation, "_pause_animation", OWNER_ANIMATOR, VALUE_NONE,
             anima_animation_pause(t.animator_handle, v[0].u64), ANIMA_IN("animation", VALUE_UINT64))
ANIMA_METHOD(animator_resume_animation, "_resume_animation", OWNER_ANIMATOR, VALUE_NONE,
             anima_animation_resume(t.animator_handle, v[0].u64), ANIMA_IN("animation", VALUE_UINT64))
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
ANIMA_METHOD(animator_play_timeline, "_play_timeline", OWNER_ANIMATOR, VALUE_NONE,
             anima_timeline_play(t.animator_handle, v[0].u64), ANIMA_IN("timeline", VALUE_UINT64))
ANIMA_METHOD(animator_pause_timeline, "_pause_timeline", OWNER_ANIMATOR, VALUE_NONE,
             anima_timeline_pause(t.animator_handle, v[0].u64), ANIMA_IN("timeline", VALUE_UINT64))
ANIMA_METHOD(animator_timeline_duration, "_timeline_duration", OWNER_ANIMATOR, VALUE_DOUBLE,
             anima_timeline_get_duration(t.animator_handle, v[0].u64, &out.f64), ANIMA_IN("timeline", VALUE_UINT64))
ANIMA_METHOD(animator_release_timeline, "_release_timeline", OWNER_ANIMATOR, VALUE_NONE,
             anima_timeline_release(t.animator_handle, v[0].u64), ANIMA_IN("timeline", VALUE_UINT64))

ANIMA_METHOD(animator_cancel_all_animations, "cancel_all_animations", OWNER_ANIMATOR, VALUE_NONE,
             anima_animation_cancel_all(t.animator_handle), ANIMA_ARG(NULL))

PyDoc_STRVAR(animator_cancel_all_animations_doc,
"cancel_all_animations($self)\n--\n\n"
"Cancel every running view animation and fling: each stops where it is and its\n"
"completion gets False at the next step.");

#define PRIVATE(NAME) ANIMA_METHOD_ROW("_" #NAME, animator_##NAME, NULL)

/* Added to Animator by the module (anima.animation wraps the private ones). */
PyMethodDef animator_animation_methods[] = {
    ANIMA_METHOD_ROW("cancel_all_animations", animator_cancel_all_animations, animator_cancel_all_animations_doc),
    PRIVATE(begin_animation), PRIVATE(begin_keyframes), PRIVATE(continue_animation), PRIVATE(start_decay),
    {"_commit_animation", (PyCFunction)animator_commit_animation, METH_O, NULL},
    PRIVATE(discard_animation), PRIVATE(cancel_animation), PRIVATE(is_animation_active), PRIVATE(pause_animation),
    PRIVATE(resume_animation), PRIVATE(set_animation_fraction), PRIVATE(animation_fraction),
    PRIVATE(set_animation_reversed), PRIVATE(animation_paused), PRIVATE(animation_reversed), PRIVATE(stop_animation),
    PRIVATE(add_keyframe), PRIVATE(begin_timeline), PRIVATE(commit_timeline), PRIVATE(seek_timeline),
    PRIVATE(play_timeline), PRIVATE(pause_timeline), PRIVATE(timeline_duration), PRIVATE(release_timeline),
    {NULL, NULL, 0, NULL},
};

/* ------------------------------------------------------------ module functions: timing */

static PyObject *
module_timing_evaluate(PyObject *module, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    anima_state *st = PyModule_GetState(module);
    anima_animation_def def = anima_default_animation_def();
    PyObject *t_obj;
    value t;
    double progress = 0.0, velocity = 0.0;
    if (def_call(st, "_timing_evaluate", args, nargs, kwnames, 1, &t_obj, animation_fields, &def) < 0
        || value_from_python(st, VALUE_DOUBLE, t_obj, "t", &t) < 0
        || check(st, NULL, anima_timing_evaluate(&def, t.f64, &progress, &velocity)) < 0) {
        return NULL;
    }
    return Py_BuildValue("(dd)", progress, velocity);
}

static PyObject *
module_timing_duration(PyObject *module, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    anima_state *st = PyModule_GetState(module);
    anima_animation_def def = anima_default_animation_def();
    double seconds = 0.0;
    if (def_call(st, "_timing_duration", args, nargs, kwnames, 0, NULL, animation_fields, &def) < 0
        || check(st, NULL, anima_timing_duration(&def, &seconds)) < 0) {
        return NULL;
    }
    return PyFloat_FromDouble(seconds);
}

static PyObject *
module_timing_css_linear(PyObject *module, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    anima_state *st = PyModule_GetState(module);
    anima_animation_def def = anima_default_animation_def();
    PyObject *error_obj;
    value max_error;
    int32_t length = 0;
    if (def_call(st, "_timing_css_linear", args, nargs, kwnames, 1, &error_obj, animation_fields, &def) < 0
        || value_from_python(st, VALUE_DOUBLE, error_obj, "max_error", &max_error) < 0) {
        return NULL;
    }
    /* the two-call idiom: the length first, then the text */
    anima_status status = anima_timing_css_linear(&def, max_error.f64, NULL, 0, &length, NULL);
    if (status != ANIMA_ERR_BUFFER_TOO_SMALL && check(st, NULL, status) < 0) {
        return NULL;
    }
    anima_clear_error();
    char *buffer = PyMem_Malloc((size_t)length + 1);
    if (buffer == NULL) {
        return PyErr_NoMemory();
    }
    double seconds = 0.0;
    status = anima_timing_css_linear(&def, max_error.f64, buffer, length + 1, &length, &seconds);
    PyObject *result = check(st, NULL, status) < 0 ? NULL : Py_BuildValue("(s#d)", buffer, (Py_ssize_t)length, seconds);
    PyMem_Free(buffer);
    return result;
}

#define MODULE_FUNCTION(NAME) \
    {"_" #NAME, (PyCFunction)(void (*)(void))module_##NAME, METH_FASTCALL | METH_KEYWORDS, NULL}

PyMethodDef module_methods[] = {
    MODULE_FUNCTION(timing_evaluate),
    MODULE_FUNCTION(timing_duration),
    MODULE_FUNCTION(timing_css_linear),
    {NULL, NULL, 0, NULL},
};

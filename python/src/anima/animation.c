#include "_anima.h"

/* ------------------------------------------------------------ view animations */


ANIMA_DOC(animator_begin_animation_doc,
"begin_animation($self, duration=0.25, *, delay=0.0, curve='ease_in_out', spring=None,\n"
"                damping_ratio=None, response=None, damping_fraction=0.825, bounce=None,\n"
"                initial_velocity=0.0, repeat_count=1.0, autoreverses=False)\n--\n\n"
"Start recording a view animation (UIView.animate). Until commit_animation(), setting an\n"
"item's center, size, transform or alpha records a target instead of changing it.\n"
"Prefer the context manager: `with animator.animate(3.0): ball.center = (160, 284)`.\n\n"
"curve is 'ease_in_out' (UIKit's default), 'ease_in', 'ease_out', 'linear', a Penner curve\n"
"('quad', 'cubic', 'quart', 'quint', 'sine', 'expo', 'circ', 'back', 'elastic' or 'bounce'\n"
"with '_in', '_out' or '_in_out'), the control points (x1, y1, x2, y2) of a CSS cubic-bezier,\n"
"or ('steps', count[, 'jump_end' | 'jump_start' | 'jump_none' | 'jump_both']). Springs replace\n"
"the curve and are evaluated in closed form: spring=(mass, stiffness, damping) runs until it\n"
"settles; damping_ratio=z (UIKit's usingSpringWithDamping) settles at `duration`;\n"
"response=r with damping_fraction=f is SwiftUI's spring; bounce=b is Spring(duration:bounce:).\n"
"initial_velocity is the spring's start speed in distances per second (UIKit's\n"
"initialSpringVelocity). repeat_count > 0 (math.inf repeats for ever); autoreverses runs\n"
"each pass back again. Raises InvalidStateError while already recording.");

/* Penner family names in curve order: ANIMA_CURVE_QUAD_IN + 3 * family + kind. */
static const char *const penner_families[] = {"quad", "cubic", "quart", "quint", "sine", "expo", "circ",
                                              "back", "elastic", "bounce"};

/* A curve from a name, a cubic-bezier tuple (x1, y1, x2, y2) or ("steps", n[, position]). */
static int
as_curve(anima_state *st, PyObject *curve, anima_animation_def *def)
{
    if (PyUnicode_Check(curve)) {
        static const struct { const char *name; anima_curve curve; } names[] = {
            {"ease_in_out", ANIMA_CURVE_EASE_IN_OUT}, {"ease_in", ANIMA_CURVE_EASE_IN},
            {"ease_out", ANIMA_CURVE_EASE_OUT}, {"linear", ANIMA_CURVE_LINEAR},
        };
        const char *text = PyUnicode_AsUTF8(curve);
        if (text == NULL) {
            return -1;
        }
        for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
            if (strcmp(text, names[i].name) == 0) {
                def->curve = names[i].curve;
                return 0;
            }
        }
        static const char *const kinds[] = {"_in", "_out", "_in_out"};
        for (int f = 0; f < 10; f++) {
            size_t n = strlen(penner_families[f]);
            if (strncmp(text, penner_families[f], n) != 0) {
                continue;
            }
            for (int k = 0; k < 3; k++) {
                if (strcmp(text + n, kinds[k]) == 0) {
                    def->curve = (anima_curve)(ANIMA_CURVE_QUAD_IN + 3 * f + k);
                    return 0;
                }
            }
        }
        PyErr_Format(st->invalid_argument_error,
                     "unknown curve %R: use 'ease_in_out', 'ease_in', 'ease_out', 'linear', a Penner name "
                     "such as 'back_out' (quad, cubic, quart, quint, sine, expo, circ, back, elastic, bounce "
                     "with _in, _out or _in_out), (x1, y1, x2, y2) or ('steps', count[, position])", curve);
        return -1;
    }
    if (PyTuple_Check(curve) && PyTuple_GET_SIZE(curve) >= 2 && PyTuple_GET_SIZE(curve) <= 3
        && PyUnicode_Check(PyTuple_GET_ITEM(curve, 0))
        && PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(curve, 0), "steps") == 0) {
        if (as_int32(st, PyTuple_GET_ITEM(curve, 1), "steps count", &def->steps_count) < 0) {
            return -1;
        }
        def->curve = ANIMA_CURVE_STEPS;
        if (PyTuple_GET_SIZE(curve) == 3) {
            static const struct { const char *name; anima_step_position position; } positions[] = {
                {"jump_end", ANIMA_STEPS_JUMP_END}, {"jump_start", ANIMA_STEPS_JUMP_START},
                {"jump_none", ANIMA_STEPS_JUMP_NONE}, {"jump_both", ANIMA_STEPS_JUMP_BOTH},
            };
            PyObject *name = PyTuple_GET_ITEM(curve, 2);
            for (size_t i = 0; i < 4; i++) {
                if (PyUnicode_Check(name) && PyUnicode_CompareWithASCIIString(name, positions[i].name) == 0) {
                    def->steps_position = positions[i].position;
                    return 0;
                }
            }
            PyErr_Format(st->invalid_argument_error,
                         "step position must be 'jump_end', 'jump_start', 'jump_none' or 'jump_both' (got %R)", name);
            return -1;
        }
        return 0;
    }
    if (as_doubles(st, curve, "curve", "(x1, y1, x2, y2)", 4, def->bezier) < 0) {
        return -1;
    }
    def->curve = ANIMA_CURVE_CUBIC_BEZIER;
    return 0;
}

/*
 * An animation def from `duration` (may be NULL) and the keyword options of animate():
 * delay, curve, spring, damping_ratio, response, damping_fraction, bounce, initial_velocity,
 * repeat_count, autoreverses. Unknown keywords raise TypeError.
 */
static int
as_animation_def(anima_state *st, PyObject *duration, PyObject *kwds, const char *fname, anima_animation_def *def)
{
    static char *keywords[] = {"delay", "curve", "spring", "damping_ratio", "response", "damping_fraction",
                               "bounce", "initial_velocity", "repeat_count", "autoreverses", "stagger", NULL};
    PyObject *delay = NULL, *curve = NULL, *spring = Py_None, *ratio = Py_None, *response = Py_None,
             *fraction = NULL, *bounce = Py_None, *velocity = NULL, *repeat = NULL, *stagger = NULL;
    int autoreverses = 0;
    char format[64];
    snprintf(format, sizeof format, "|$OOOOOOOOOpO:%s", fname);
    PyObject *empty = PyTuple_New(0);
    if (empty == NULL) {
        return -1;
    }
    int parsed = PyArg_ParseTupleAndKeywords(empty, kwds, format, keywords, &delay, &curve, &spring, &ratio,
                                             &response, &fraction, &bounce, &velocity, &repeat, &autoreverses,
                                             &stagger);
    Py_DECREF(empty);
    if (!parsed) {
        return -1;
    }
    *def = anima_default_animation_def();
    if ((duration && as_finite(st, duration, "duration", &def->duration) < 0)
        || (delay && as_finite(st, delay, "delay", &def->delay) < 0)
        || (velocity && as_finite(st, velocity, "initial_velocity", &def->spring_velocity) < 0)
        || (fraction && as_finite(st, fraction, "damping_fraction", &def->spring_damping_fraction) < 0)
        || (stagger && as_finite(st, stagger, "stagger", &def->stagger) < 0)) {
        return -1;
    }
    if (repeat != NULL) {
        def->repeat_count = PyFloat_AsDouble(repeat);
        if (def->repeat_count == -1.0 && PyErr_Occurred()) {
            return -1;
        }
    }
    def->autoreverses = autoreverses != 0;
    if (curve != NULL && curve != Py_None && as_curve(st, curve, def) < 0) {
        return -1;
    }
    int springs = (spring != Py_None) + (ratio != Py_None) + (response != Py_None) + (bounce != Py_None);
    if (springs > 1) {
        PyErr_SetString(st->invalid_argument_error,
                        "give at most one of spring, damping_ratio, response and bounce");
        return -1;
    }
    if (spring != Py_None) {
        double constants[3];
        if (as_doubles(st, spring, "spring", "(mass, stiffness, damping)", 3, constants) < 0) {
            return -1;
        }
        def->curve = ANIMA_CURVE_SPRING;
        def->spring_mass = constants[0];
        def->spring_stiffness = constants[1];
        def->spring_damping = constants[2];
    }
    if (ratio != Py_None) {
        if (as_finite(st, ratio, "damping_ratio", &def->spring_damping_ratio) < 0) {
            return -1;
        }
        def->curve = ANIMA_CURVE_SPRING_DAMPING_RATIO;
    }
    if (response != Py_None) {
        if (as_finite(st, response, "response", &def->spring_response) < 0) {
            return -1;
        }
        def->curve = ANIMA_CURVE_SPRING_RESPONSE;
    }
    if (bounce != Py_None) {
        if (as_finite(st, bounce, "bounce", &def->spring_bounce) < 0) {
            return -1;
        }
        def->curve = ANIMA_CURVE_SPRING_BOUNCE;
    }
    if (fraction != NULL && response == Py_None) {
        PyErr_SetString(st->invalid_argument_error, "damping_fraction goes with response");
        return -1;
    }
    return 0;
}

/* Splits fn(t, /, duration=0.25, **options) style calls: pops "duration" from a copy of kwds. */
static int
split_duration(PyObject *kwds, PyObject **duration, PyObject **rest)
{
    *duration = NULL;
    *rest = NULL;
    if (kwds == NULL) {
        return 0;
    }
    *rest = PyDict_Copy(kwds);
    if (*rest == NULL) {
        return -1;
    }
    PyObject *d = PyDict_GetItemString(*rest, "duration");
    if (d != NULL) {
        Py_INCREF(d);
        *duration = d;
        if (PyDict_DelItemString(*rest, "duration") < 0) {
            Py_CLEAR(*duration);
            Py_CLEAR(*rest);
            return -1;
        }
    }
    return 0;
}

/*
 * An animation def from a call's optional positional duration (NULL if not given) and its
 * keyword options, which may also carry "duration" (but not both).
 */
static int
animation_def_from_call(anima_state *st, PyObject *duration, PyObject *kwds, const char *fname,
                        anima_animation_def *def)
{
    PyObject *given, *rest;
    if (split_duration(kwds, &given, &rest) < 0) {
        return -1;
    }
    int ok = -1;
    if (given != NULL && duration != NULL) {
        PyErr_Format(PyExc_TypeError, "%s() got multiple values for argument 'duration'", fname);
    }
    else {
        ok = as_animation_def(st, duration != NULL ? duration : given, rest, fname, def);
    }
    Py_XDECREF(given);
    Py_XDECREF(rest);
    return ok;
}

PyObject *
animator_begin_animation(AnimatorObject *self, PyObject *args, PyObject *kwds)
{
    PyObject *duration = NULL;
    if (!PyArg_UnpackTuple(args, "begin_animation", 0, 1, &duration)) {
        return NULL;
    }
    anima_state *st = STATE_OF(self);
    anima_animation_def def;
    if (st == NULL || animation_def_from_call(st, duration, kwds, "begin_animation", &def) < 0
        || check(st, self, anima_animation_begin(self->handle, &def)) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

/* ------------------------------------------------------------ module functions: timing */

PyDoc_STRVAR(module_timing_evaluate_doc,
"timing_evaluate(t, /, duration=0.25, **options)\n--\n\n"
"(progress, velocity) of a timing t seconds into one pass: progress 0 at the start and 1 at\n"
"the target, velocity in distances per second. Options as Animator.animate.");

static PyObject *
module_timing_evaluate(PyObject *module, PyObject *args, PyObject *kwds)
{
    anima_state *st = PyModule_GetState(module);
    PyObject *t_obj = NULL;
    if (!PyArg_UnpackTuple(args, "timing_evaluate", 1, 1, &t_obj)) {
        return NULL;
    }
    double t;
    if (as_finite(st, t_obj, "t", &t) < 0) {
        return NULL;
    }
    anima_animation_def def;
    int ok = animation_def_from_call(st, NULL, kwds, "timing_evaluate", &def);
    double progress = 0.0, velocity = 0.0;
    if (ok < 0 || check(st, NULL, anima_timing_evaluate(&def, t, &progress, &velocity)) < 0) {
        return NULL;
    }
    return Py_BuildValue("(dd)", progress, velocity);
}

PyDoc_STRVAR(module_timing_duration_doc,
"timing_duration(duration=0.25, **options)\n--\n\n"
"Seconds one pass lasts: the duration for a curve, the settling time (within 0.1 % of the\n"
"distance for good) for a spring. Options as Animator.animate.");

static PyObject *
module_timing_duration(PyObject *module, PyObject *args, PyObject *kwds)
{
    anima_state *st = PyModule_GetState(module);
    if (!PyArg_UnpackTuple(args, "timing_duration", 0, 0)) {
        return NULL;
    }
    anima_animation_def def;
    int ok = animation_def_from_call(st, NULL, kwds, "timing_duration", &def);
    double seconds = 0.0;
    if (ok < 0 || check(st, NULL, anima_timing_duration(&def, &seconds)) < 0) {
        return NULL;
    }
    return PyFloat_FromDouble(seconds);
}

PyDoc_STRVAR(module_timing_css_linear_doc,
"timing_css_linear(max_error=0.001, /, duration=0.25, **options)\n--\n\n"
"(css, seconds): the timing as a CSS linear() easing whose stops are within max_error of the\n"
"curve, and the CSS animation duration the stops refer to.");

static PyObject *
module_timing_css_linear(PyObject *module, PyObject *args, PyObject *kwds)
{
    anima_state *st = PyModule_GetState(module);
    PyObject *error_obj = NULL;
    if (!PyArg_UnpackTuple(args, "timing_css_linear", 0, 1, &error_obj)) {
        return NULL;
    }
    double max_error = 0.001;
    if (error_obj != NULL && as_finite(st, error_obj, "max_error", &max_error) < 0) {
        return NULL;
    }
    anima_animation_def def;
    int ok = animation_def_from_call(st, NULL, kwds, "timing_css_linear", &def);
    if (ok < 0) {
        return NULL;
    }
    int32_t length = 0;
    anima_status status = anima_timing_css_linear(&def, max_error, NULL, 0, &length, NULL);
    if (status != ANIMA_ERR_BUFFER_TOO_SMALL && check(st, NULL, status) < 0) {
        return NULL;
    }
    anima_clear_error();
    char *buffer = PyMem_Malloc((size_t)length + 1);
    if (buffer == NULL) {
        return PyErr_NoMemory();
    }
    double seconds = 0.0;
    status = anima_timing_css_linear(&def, max_error, buffer, length + 1, &length, &seconds);
    if (check(st, NULL, status) < 0) {
        PyMem_Free(buffer);
        return NULL;
    }
    PyObject *result = Py_BuildValue("(s#d)", buffer, (Py_ssize_t)length, seconds);
    PyMem_Free(buffer);
    return result;
}

PyMethodDef module_methods[] = {
    {"timing_evaluate", (PyCFunction)(void (*)(void))module_timing_evaluate, METH_VARARGS | METH_KEYWORDS,
     module_timing_evaluate_doc},
    {"timing_duration", (PyCFunction)(void (*)(void))module_timing_duration, METH_VARARGS | METH_KEYWORDS,
     module_timing_duration_doc},
    {"timing_css_linear", (PyCFunction)(void (*)(void))module_timing_css_linear, METH_VARARGS | METH_KEYWORDS,
     module_timing_css_linear_doc},
    {NULL, NULL, 0, NULL},
};

ANIMA_DOC(animator_commit_animation_doc,
"commit_animation($self, completion=None)\n--\n\n"
"End the recording and start the animation from the items' current values to the recorded\n"
"targets; returns its id (an int > 0). A property already animating is taken over from where\n"
"it is. completion(finished, position) is called once when it ends: finished is True if it\n"
"ran to its end (or, reversed, back to its start), False if it was cancelled, stopped or taken\n"
"over; position is 'end', 'start' or 'current'. It runs in the callback phase of a step,\n"
"where it may start other animations.");

PyObject *
animator_commit_animation(AnimatorObject *self, PyObject *args, PyObject *kwds)
{
    static char *keywords[] = {"completion", NULL};
    PyObject *completion = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "|O:commit_animation", keywords, &completion)) {
        return NULL;
    }
    anima_state *st = STATE_OF(self);
    if (st == NULL) {
        return NULL;
    }
    if (completion != Py_None && !PyCallable_Check(completion)) {
        PyErr_Format(PyExc_TypeError, "completion must be callable or None, not %.100s",
                     Py_TYPE(completion)->tp_name);
        return NULL;
    }
    if (completion != Py_None && self->completions == NULL) {
        self->completions = PyDict_New();
        if (self->completions == NULL) {
            return NULL;
        }
    }
    anima_animation id = 0;
    anima_status status = anima_animation_commit(self->handle, completion != Py_None ? trampoline_animation_done : NULL,
                                                 self, &id);
    if (check(st, self, status) < 0) {
        return NULL;
    }
    PyObject *key = PyLong_FromUnsignedLongLong(id);
    if (key == NULL) {
        return NULL;
    }
    if (completion != Py_None && PyDict_SetItem(self->completions, key, completion) < 0) {
        Py_DECREF(key);
        return NULL;
    }
    return key;
}

ANIMA_DOC(animator_discard_animation_doc,
"discard_animation($self)\n--\n\n"
"Abandon the recording: nothing recorded changes. Raises InvalidStateError when not recording.");

PyObject *
animator_discard_animation(AnimatorObject *self, PyObject *Py_UNUSED(ignored))
{
    anima_state *st = STATE_OF(self);
    if (st == NULL || check(st, self, anima_animation_discard(self->handle)) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

/* An animation id from a Python int; any int is accepted (unknown ids name no animation). */
static int
as_animation_id(PyObject *obj, anima_animation *out)
{
    if (!PyLong_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "an animation id must be an int, not %.100s", Py_TYPE(obj)->tp_name);
        return -1;
    }
    unsigned long long value = PyLong_AsUnsignedLongLong(obj);
    if (value == (unsigned long long)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        value = 0;   /* negative or too large: no animation has it */
    }
    *out = value;
    return 0;
}

ANIMA_DOC(animator_cancel_animation_doc,
"cancel_animation($self, animation, /)\n--\n\n"
"Stop an animation (its id) where it is; its completion gets False at the next step.\n"
"An id that names no running animation is ignored.");

PyObject *
animator_cancel_animation(AnimatorObject *self, PyObject *arg)
{
    anima_animation id;
    anima_state *st = STATE_OF(self);
    if (st == NULL || as_animation_id(arg, &id) < 0 || check(st, self, anima_animation_cancel(self->handle, id)) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

ANIMA_DOC(animator_cancel_all_animations_doc,
"cancel_all_animations($self)\n--\n\n"
"Cancel every running animation (each completion gets False at the next step).");

PyObject *
animator_cancel_all_animations(AnimatorObject *self, PyObject *Py_UNUSED(ignored))
{
    anima_state *st = STATE_OF(self);
    if (st == NULL || check(st, self, anima_animation_cancel_all(self->handle)) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

ANIMA_DOC(animator_is_animation_active_doc,
"is_animation_active($self, animation, /)\n--\n\n"
"True while the animation with this id runs (not ended, not cancelled).");

PyObject *
animator_is_animation_active(AnimatorObject *self, PyObject *arg)
{
    anima_animation id;
    bool active = false;
    anima_state *st = STATE_OF(self);
    if (st == NULL || as_animation_id(arg, &id) < 0
        || check(st, self, anima_animation_is_active(self->handle, id, &active)) < 0) {
        return NULL;
    }
    return PyBool_FromLong(active);
}

/* ------------------------------------------------ property-animator controls */

/* Parses (id, ...) for the controls below. */
static int
control_id(PyObject *const *args, Py_ssize_t nargs, Py_ssize_t expected, const char *name, anima_animation *id)
{
    if (nargs != expected) {
        PyErr_Format(PyExc_TypeError, "%s() takes %zd positional arguments (%zd given)", name, expected, nargs);
        return -1;
    }
    return as_animation_id(args[0], id);
}

PyObject *
animator_pause_animation(AnimatorObject *self, PyObject *arg)
{
    anima_animation id;
    anima_state *st = STATE_OF(self);
    if (st == NULL || as_animation_id(arg, &id) < 0 || check(st, self, anima_animation_pause(self->handle, id)) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

PyObject *
animator_resume_animation(AnimatorObject *self, PyObject *arg)
{
    anima_animation id;
    anima_state *st = STATE_OF(self);
    if (st == NULL || as_animation_id(arg, &id) < 0 || check(st, self, anima_animation_resume(self->handle, id)) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

PyObject *
animator_set_animation_fraction(AnimatorObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    anima_animation id;
    double fraction;
    anima_state *st = STATE_OF(self);
    if (st == NULL || control_id(args, nargs, 2, "set_animation_fraction", &id) < 0
        || as_finite(st, args[1], "fraction", &fraction) < 0
        || check(st, self, anima_animation_set_fraction_complete(self->handle, id, fraction)) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

PyObject *
animator_animation_fraction(AnimatorObject *self, PyObject *arg)
{
    anima_animation id;
    double fraction = 0.0;
    anima_state *st = STATE_OF(self);
    if (st == NULL || as_animation_id(arg, &id) < 0
        || check(st, self, anima_animation_get_fraction_complete(self->handle, id, &fraction)) < 0) {
        return NULL;
    }
    return PyFloat_FromDouble(fraction);
}

PyObject *
animator_set_animation_reversed(AnimatorObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    anima_animation id;
    anima_state *st = STATE_OF(self);
    if (st == NULL || control_id(args, nargs, 2, "set_animation_reversed", &id) < 0) {
        return NULL;
    }
    int reversed = PyObject_IsTrue(args[1]);
    if (reversed < 0 || check(st, self, anima_animation_set_reversed(self->handle, id, reversed != 0)) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

PyObject *
animator_animation_state(AnimatorObject *self, PyObject *arg)
{
    anima_animation id;
    bool paused = false, reversed = false;
    anima_state *st = STATE_OF(self);
    if (st == NULL || as_animation_id(arg, &id) < 0
        || check(st, self, anima_animation_get_state(self->handle, id, &paused, &reversed)) < 0) {
        return NULL;
    }
    return Py_BuildValue("(OO)", paused ? Py_True : Py_False, reversed ? Py_True : Py_False);
}

PyObject *
animator_continue_animation(AnimatorObject *self, PyObject *args, PyObject *kwds)
{
    PyObject *id_obj = NULL, *factor_obj = NULL;
    if (!PyArg_UnpackTuple(args, "continue_animation", 1, 2, &id_obj, &factor_obj)) {
        return NULL;
    }
    anima_state *st = STATE_OF(self);
    anima_animation id;
    double factor = 1.0;
    if (st == NULL || as_animation_id(id_obj, &id) < 0
        || (factor_obj != NULL && as_finite(st, factor_obj, "duration_factor", &factor) < 0)) {
        return NULL;
    }
    anima_status status;
    if (kwds == NULL || PyDict_GET_SIZE(kwds) == 0) {
        status = anima_animation_continue(self->handle, id, NULL, factor);
    }
    else {
        anima_animation_def def;
        int ok = animation_def_from_call(st, NULL, kwds, "continue_animation", &def);
        if (ok < 0) {
            return NULL;
        }
        status = anima_animation_continue(self->handle, id, &def, factor);
    }
    if (check(st, self, status) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

PyObject *
animator_stop_animation(AnimatorObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    anima_animation id;
    anima_state *st = STATE_OF(self);
    if (st == NULL || control_id(args, nargs, 2, "stop_animation", &id) < 0) {
        return NULL;
    }
    static const struct { const char *name; anima_position position; } names[] = {
        {"end", ANIMA_POSITION_END}, {"start", ANIMA_POSITION_START}, {"current", ANIMA_POSITION_CURRENT},
    };
    for (size_t i = 0; i < 3; i++) {
        if (PyUnicode_Check(args[1]) && PyUnicode_CompareWithASCIIString(args[1], names[i].name) == 0) {
            if (check(st, self, anima_animation_stop(self->handle, id, names[i].position)) < 0) {
                return NULL;
            }
            Py_RETURN_NONE;
        }
    }
    PyErr_Format(st->invalid_argument_error, "position must be 'end', 'start' or 'current' (got %R)", args[1]);
    return NULL;
}


ANIMA_DOC(animator_begin_keyframes_doc,
"begin_keyframes($self, duration=0.25, *, mode='linear', curve='linear', delay=0.0, repeat_count=1.0,\n"
"                autoreverses=False)\n--\n\n"
"Start recording a keyframe animation (UIView.animateKeyframes); open each keyframe with\n"
"add_keyframe(start, duration). mode is 'linear', 'paced' or 'cubic'. Prefer\n"
"`with animator.animate_keyframes(...) as k:` and `with k.keyframe(start, duration):`.");

PyObject *
animator_begin_keyframes(AnimatorObject *self, PyObject *args, PyObject *kwds)
{
    PyObject *duration = NULL;
    if (!PyArg_UnpackTuple(args, "begin_keyframes", 0, 1, &duration)) {
        return NULL;
    }
    anima_state *st = STATE_OF(self);
    if (st == NULL) {
        return NULL;
    }
    PyObject *rest = kwds != NULL ? PyDict_Copy(kwds) : PyDict_New();
    if (rest == NULL) {
        return NULL;
    }
    anima_keyframe_mode mode = ANIMA_KEYFRAMES_LINEAR;
    PyObject *mode_obj = PyDict_GetItemString(rest, "mode");
    if (mode_obj != NULL) {
        static const char *const names[] = {"linear", "paced", "cubic", NULL};
        bool found = false;
        for (int i = 0; i < 3; i++) {
            if (PyUnicode_Check(mode_obj) && PyUnicode_CompareWithASCIIString(mode_obj, names[i]) == 0) {
                mode = (anima_keyframe_mode)i;
                found = true;
            }
        }
        if (!found) {
            PyErr_Format(st->invalid_argument_error, "mode must be 'linear', 'paced' or 'cubic' (got %R)", mode_obj);
            Py_DECREF(rest);
            return NULL;
        }
        PyDict_DelItemString(rest, "mode");
    }
    if (PyDict_GetItemString(rest, "curve") == NULL) {
        /* keyframes run on linear time unless told otherwise */
        PyObject *linear = PyUnicode_FromString("linear");
        int set = linear == NULL ? -1 : PyDict_SetItemString(rest, "curve", linear);
        Py_XDECREF(linear);
        if (set < 0) {
            Py_DECREF(rest);
            return NULL;
        }
    }
    anima_animation_def def;
    int ok = animation_def_from_call(st, duration, rest, "begin_keyframes", &def);
    Py_DECREF(rest);
    if (ok < 0 || check(st, self, anima_animation_begin_keyframes(self->handle, &def, mode)) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

PyObject *
animator_add_keyframe(AnimatorObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    double start, duration;
    anima_state *st = STATE_OF(self);
    if (st == NULL) {
        return NULL;
    }
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError, "add_keyframe() takes 2 positional arguments (%zd given)", nargs);
        return NULL;
    }
    if (as_finite(st, args[0], "relative start", &start) < 0 || as_finite(st, args[1], "relative duration", &duration) < 0
        || check(st, self, anima_animation_add_keyframe(self->handle, start, duration)) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}


/* Up to 5 doubles from a sequence of exactly `count` numbers (finite unless allow_infinite). */
static int
as_components(anima_state *st, PyObject *obj, const char *what, Py_ssize_t count, bool allow_infinite, double *out)
{
    PyObject *seq = PySequence_Fast(obj, "");
    if (seq == NULL) {
        PyErr_Format(PyExc_TypeError, "%s must be a sequence of %zd numbers, not %.100s", what, count, Py_TYPE(obj)->tp_name);
        return -1;
    }
    if (PySequence_Fast_GET_SIZE(seq) != count) {
        PyErr_Format(st->invalid_argument_error, "%s needs %zd components for this property (got %zd)", what, count,
                     PySequence_Fast_GET_SIZE(seq));
        Py_DECREF(seq);
        return -1;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        double value = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(seq, i));
        if (value == -1.0 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        if (isnan(value) || (!allow_infinite && !isfinite(value))) {
            PyErr_Format(st->invalid_argument_error, "%s must be %s (got %R)", what,
                         allow_infinite ? "numbers, not NaN" : "finite", obj);
            Py_DECREF(seq);
            return -1;
        }
        out[i] = value;
    }
    Py_DECREF(seq);
    return 0;
}

ANIMA_DOC(animator_start_decay_doc,
"start_decay($self, item, velocity, *, property='center', rate=0.998, time_constant=None, snap=None,\n"
"            lower=None, upper=None, bound_spring=None, rest_distance=0.1, completion=None)\n--\n\n"
"Start a fling of an item's property and return its id. Each component coasts at `velocity`\n"
"(units/s) slowing as e^(-lambda t): rate is the velocity kept per millisecond ('normal' =\n"
"0.998, 'fast' = 0.99, or a number in (0, 1)), or time_constant (s) sets lambda = 1 / tau.\n"
"It rests at x0 + v0 / lambda, snapped ahead to a multiple of `snap` if given. lower/upper are\n"
"per-component bounds where bound_spring=(mass, stiffness, damping) catches the motion with its\n"
"exact velocity (default critical, 0.4 s response). completion(finished, position) as in\n"
"commit_animation.");

PyObject *
animator_start_decay(AnimatorObject *self, PyObject *args, PyObject *kwds)
{
    static char *keywords[] = {"item", "velocity", "property", "rate", "time_constant", "snap", "lower", "upper",
                               "bound_spring", "rest_distance", "completion", NULL};
    PyObject *item = NULL, *velocity = NULL, *property = NULL, *rate = NULL, *tau = Py_None, *snap = Py_None,
             *lower = Py_None, *upper = Py_None, *spring = Py_None, *rest = NULL, *completion = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OO|$OOOOOOOOO:start_decay", keywords, &item, &velocity, &property,
                                     &rate, &tau, &snap, &lower, &upper, &spring, &rest, &completion)) {
        return NULL;
    }
    anima_state *st = STATE_OF(self);
    if (st == NULL) {
        return NULL;
    }
    if (!PyObject_TypeCheck(item, st->item_type)) {
        PyErr_Format(PyExc_TypeError, "item must be an anima.Item, not %.100s", Py_TYPE(item)->tp_name);
        return NULL;
    }
    if (((ItemObject *)item)->animator != self) {
        PyErr_SetString(st->invalid_argument_error, "the item belongs to another animator");
        return NULL;
    }
    if (completion != Py_None && !PyCallable_Check(completion)) {
        PyErr_Format(PyExc_TypeError, "completion must be callable or None, not %.100s", Py_TYPE(completion)->tp_name);
        return NULL;
    }
    anima_decay_def def = anima_default_decay_def();
    static const char *const properties[] = {"center", "size", "transform", "alpha"};
    static const Py_ssize_t counts[] = {2, 2, 5, 1};
    int p = 0;
    if (property != NULL) {
        p = -1;
        for (int i = 0; i < 4; i++) {
            if (PyUnicode_Check(property) && PyUnicode_CompareWithASCIIString(property, properties[i]) == 0) {
                p = i;
            }
        }
        if (p < 0) {
            PyErr_Format(st->invalid_argument_error,
                         "property must be 'center', 'size', 'transform' or 'alpha' (got %R)", property);
            return NULL;
        }
    }
    def.property = (anima_property)p;
    if (as_components(st, velocity, "velocity", counts[p], false, def.velocity) < 0) {
        return NULL;
    }
    if (rate != NULL) {
        if (PyUnicode_Check(rate) && PyUnicode_CompareWithASCIIString(rate, "normal") == 0) {
            def.deceleration_rate = 0.998;
        }
        else if (PyUnicode_Check(rate) && PyUnicode_CompareWithASCIIString(rate, "fast") == 0) {
            def.deceleration_rate = 0.99;
        }
        else if (PyUnicode_Check(rate)) {
            PyErr_Format(st->invalid_argument_error, "rate must be 'normal', 'fast' or a number in (0, 1) (got %R)", rate);
            return NULL;
        }
        else if (as_finite(st, rate, "rate", &def.deceleration_rate) < 0) {
            return NULL;
        }
    }
    if (tau != Py_None && as_finite(st, tau, "time_constant", &def.time_constant) < 0) {
        return NULL;
    }
    if (tau != Py_None && def.time_constant == 0.0) {
        PyErr_SetString(st->invalid_argument_error, "time_constant must be > 0");
        return NULL;
    }
    if (snap != Py_None) {
        if (as_finite(st, snap, "snap", &def.snap_step) < 0) {
            return NULL;
        }
        if (def.snap_step == 0.0) {
            PyErr_SetString(st->invalid_argument_error, "snap must be > 0");
            return NULL;
        }
    }
    if (lower != Py_None || upper != Py_None) {
        def.has_bounds = true;
        if ((lower != Py_None && as_components(st, lower, "lower", counts[p], true, def.lower) < 0)
            || (upper != Py_None && as_components(st, upper, "upper", counts[p], true, def.upper) < 0)) {
            return NULL;
        }
    }
    if (spring != Py_None) {
        double constants[3];
        if (as_doubles(st, spring, "bound_spring", "(mass, stiffness, damping)", 3, constants) < 0) {
            return NULL;
        }
        def.bound_spring_mass = constants[0];
        def.bound_spring_stiffness = constants[1];
        def.bound_spring_damping = constants[2];
    }
    if (rest != NULL && as_finite(st, rest, "rest_distance", &def.rest_distance) < 0) {
        return NULL;
    }
    if (completion != Py_None && self->completions == NULL) {
        self->completions = PyDict_New();
        if (self->completions == NULL) {
            return NULL;
        }
    }
    anima_animation id = 0;
    anima_status status = anima_animation_start_decay(((ItemObject *)item)->handle, &def,
                                                      completion != Py_None ? trampoline_animation_done : NULL,
                                                      self, &id);
    if (check(st, self, status) < 0) {
        return NULL;
    }
    PyObject *key = PyLong_FromUnsignedLongLong(id);
    if (key == NULL) {
        return NULL;
    }
    if (completion != Py_None && PyDict_SetItem(self->completions, key, completion) < 0) {
        Py_DECREF(key);
        return NULL;
    }
    return key;
}


/* ------------------------------------------------------------ timelines */

PyObject *
animator_begin_timeline(AnimatorObject *self, PyObject *Py_UNUSED(ignored))
{
    anima_state *st = STATE_OF(self);
    if (st == NULL || check(st, self, anima_timeline_begin(self->handle)) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

PyObject *
animator_commit_timeline(AnimatorObject *self, PyObject *Py_UNUSED(ignored))
{
    anima_timeline id = 0;
    anima_state *st = STATE_OF(self);
    if (st == NULL || check(st, self, anima_timeline_commit(self->handle, &id)) < 0) {
        return NULL;
    }
    return PyLong_FromUnsignedLongLong(id);
}

PyObject *
animator_seek_timeline(AnimatorObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    anima_animation id;
    double time;
    anima_state *st = STATE_OF(self);
    if (st == NULL || control_id(args, nargs, 2, "seek_timeline", &id) < 0
        || as_finite(st, args[1], "time", &time) < 0
        || check(st, self, anima_timeline_seek(self->handle, id, time)) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

PyObject *
animator_play_timeline(AnimatorObject *self, PyObject *arg)
{
    anima_animation id;
    anima_state *st = STATE_OF(self);
    if (st == NULL || as_animation_id(arg, &id) < 0 || check(st, self, anima_timeline_play(self->handle, id)) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

PyObject *
animator_pause_timeline(AnimatorObject *self, PyObject *arg)
{
    anima_animation id;
    anima_state *st = STATE_OF(self);
    if (st == NULL || as_animation_id(arg, &id) < 0 || check(st, self, anima_timeline_pause(self->handle, id)) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

PyObject *
animator_timeline_duration(AnimatorObject *self, PyObject *arg)
{
    anima_animation id;
    double seconds = 0.0;
    anima_state *st = STATE_OF(self);
    if (st == NULL || as_animation_id(arg, &id) < 0
        || check(st, self, anima_timeline_get_duration(self->handle, id, &seconds)) < 0) {
        return NULL;
    }
    return PyFloat_FromDouble(seconds);
}

PyObject *
animator_release_timeline(AnimatorObject *self, PyObject *arg)
{
    anima_animation id;
    anima_state *st = STATE_OF(self);
    if (st == NULL || as_animation_id(arg, &id) < 0 || check(st, self, anima_timeline_release(self->handle, id)) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}


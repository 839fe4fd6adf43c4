#include "_anima.h"

/*
 * Detents (anima.Detents, anima/_detents.py): the target of a release as a module function, and detent drags and
 * settles as private methods of Animator. anima/_detents.py shapes the options (a rate by name, the spring as a
 * tuple) into the arguments here: anchors (a sequence of numbers), velocity_threshold, deceleration_rate, spring
 * (mass, stiffness, damping), rubber_band_dimension (0 for the default) and rubber_band_constant.
 */

/* A detents def from its Python parts; the anchors in *anchors (free with PyMem_Free). 0, or -1 with an exception. */
static int
detents_from_python(anima_state *st, PyObject *anchors_obj, double threshold, double rate, double mass, double stiffness,
                    double damping, double dimension, double constant, anima_detents_def *def, double **anchors)
{
    *def = anima_default_detents_def();
    PyObject *seq = PySequence_Tuple(anchors_obj);
    if (seq == NULL) {
        return -1;
    }
    Py_ssize_t n = PyTuple_Size(seq);
    if (n > 1024) {
        PyErr_Format(st->invalid_argument_error, "at most 1024 anchors (got %zd)", n);
        Py_DECREF(seq);
        return -1;
    }
    *anchors = PyMem_Malloc((size_t)(n > 0 ? n : 1) * sizeof(double));
    if (*anchors == NULL) {
        Py_DECREF(seq);
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        (*anchors)[i] = PyFloat_AsDouble(PyTuple_GetItem(seq, i));
        if ((*anchors)[i] == -1.0 && PyErr_Occurred()) {
            Py_DECREF(seq);
            PyMem_Free(*anchors);
            *anchors = NULL;
            return -1;
        }
    }
    Py_DECREF(seq);
    def->anchors = *anchors;
    def->anchors_count = (int32_t)n;
    def->velocity_threshold = threshold;
    def->deceleration_rate = rate;
    def->spring_mass = mass;
    def->spring_stiffness = stiffness;
    def->spring_damping = damping;
    def->rubber_band_dimension = dimension;
    def->rubber_band_constant = constant;
    return 0;
}

#define DETENT_FORMAT "Odd(ddd)dd"
#define DETENT_ARGS &anchors, &threshold, &rate, &mass, &stiffness, &damping, &dimension, &constant
#define DETENT_LOCALS                                                                                          \
    PyObject *anchors = NULL;                                                                                  \
    double threshold = 0, rate = 0, mass = 0, stiffness = 0, damping = 0, dimension = 0, constant = 0;         \
    anima_detents_def def;                                                                                     \
    double *points = NULL

/* _detents_target(anchors, threshold, rate, (m, k, c), dimension, constant, position, velocity) -> (index, anchor) */
static PyObject *
module_detents_target(PyObject *module, PyObject *args)
{
    anima_state *st = PyModule_GetState(module);
    DETENT_LOCALS;
    double position = 0, velocity = 0;
    if (!PyArg_ParseTuple(args, DETENT_FORMAT "dd:_detents_target", DETENT_ARGS, &position, &velocity)
        || detents_from_python(st, anchors, threshold, rate, mass, stiffness, damping, dimension, constant, &def, &points) < 0) {
        return NULL;
    }
    int32_t index = -1;
    double anchor = 0;
    anima_status status = anima_detents_target(&def, position, velocity, &index, &anchor);
    PyMem_Free(points);
    return check(st, NULL, status) < 0 ? NULL : Py_BuildValue("(id)", (int)index, anchor);
}

/* The handle of a Value or an Item of this animator; -1 with an exception otherwise. */
static int
detent_subject(anima_state *st, AnimatorObject *animator, PyObject *subject, bool *is_value, anima_value *value, anima_item *item)
{
    *is_value = PyObject_TypeCheck(subject, st->value_type);
    if (!*is_value && !PyObject_TypeCheck(subject, st->item_type)) {
        return raise_wrong_type("target", "an anima.Value or an anima.Item", subject);
    }
    if (((ItemObject *)subject)->animator != animator) {
        PyErr_SetString(st->invalid_argument_error, "the target belongs to another animator");
        return -1;
    }
    if (*is_value) {
        *value = ((ValueObject *)subject)->handle;
    }
    else {
        *item = ((ItemObject *)subject)->handle;
    }
    return 0;
}

/* Animator._detent_drag_begin(target, component_or_axis, anchors, ..., coordinate, time) -> drag id */
static PyObject *
animator_detent_drag_begin(PyObject *self, PyObject *args)
{
    AnimatorObject *animator = (AnimatorObject *)self;
    anima_state *st = STATE_OF(self);
    DETENT_LOCALS;
    PyObject *subject = NULL;
    int which = 0;
    double coordinate = 0, time = 0;
    bool is_value = false;
    anima_value value = anima_value_null();
    anima_item item = anima_item_null();
    if (!PyArg_ParseTuple(args, "Oi" DETENT_FORMAT "dd:_detent_drag_begin", &subject, &which, DETENT_ARGS, &coordinate, &time)
        || detent_subject(st, animator, subject, &is_value, &value, &item) < 0
        || detents_from_python(st, anchors, threshold, rate, mass, stiffness, damping, dimension, constant, &def, &points) < 0) {
        return NULL;
    }
    anima_detent_drag drag = 0;
    anima_status status = is_value ? anima_detent_drag_begin_value(value, which, &def, coordinate, time, &drag)
                                   : anima_detent_drag_begin_item(item, which, &def, coordinate, time, &drag);
    PyMem_Free(points);
    return check(st, animator, status) < 0 ? NULL : PyLong_FromUnsignedLongLong(drag);
}

/* Animator._detent_drag_move(drag, coordinate, time) */
static PyObject *
animator_detent_drag_move(PyObject *self, PyObject *args)
{
    AnimatorObject *animator = (AnimatorObject *)self;
    unsigned long long drag = 0;
    double coordinate = 0, time = 0;
    if (!PyArg_ParseTuple(args, "Kdd:_detent_drag_move", &drag, &coordinate, &time)
        || check(STATE_OF(self), animator, anima_detent_drag_move(animator->handle, drag, coordinate, time)) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

/* Animator._detent_drag_end(drag, time) -> (index, anchor, animation id) */
static PyObject *
animator_detent_drag_end(PyObject *self, PyObject *args)
{
    AnimatorObject *animator = (AnimatorObject *)self;
    unsigned long long drag = 0;
    double time = 0;
    int32_t index = -1;
    double anchor = 0;
    anima_animation animation = 0;
    if (!PyArg_ParseTuple(args, "Kd:_detent_drag_end", &drag, &time)
        || check(STATE_OF(self), animator,
                 anima_detent_drag_end(animator->handle, drag, time, NULL, NULL, &index, &anchor, &animation)) < 0) {
        return NULL;
    }
    return Py_BuildValue("(idK)", (int)index, anchor, (unsigned long long)animation);
}

/* Animator._settle(target, component_or_axis, anchors, ..., velocity) -> (index, anchor, animation id) */
static PyObject *
animator_settle(PyObject *self, PyObject *args)
{
    AnimatorObject *animator = (AnimatorObject *)self;
    anima_state *st = STATE_OF(self);
    DETENT_LOCALS;
    PyObject *subject = NULL;
    int which = 0;
    double velocity = 0;
    bool is_value = false;
    anima_value value = anima_value_null();
    anima_item item = anima_item_null();
    if (!PyArg_ParseTuple(args, "Oi" DETENT_FORMAT "d:_settle", &subject, &which, DETENT_ARGS, &velocity)
        || detent_subject(st, animator, subject, &is_value, &value, &item) < 0
        || detents_from_python(st, anchors, threshold, rate, mass, stiffness, damping, dimension, constant, &def, &points) < 0) {
        return NULL;
    }
    int32_t index = -1;
    double anchor = 0;
    anima_animation animation = 0;
    anima_status status = is_value ? anima_value_settle(value, which, &def, velocity, NULL, NULL, &index, &anchor, &animation)
                                   : anima_item_settle(item, which, &def, velocity, NULL, NULL, &index, &anchor, &animation);
    PyMem_Free(points);
    return check(st, animator, status) < 0 ? NULL : Py_BuildValue("(idK)", (int)index, anchor, (unsigned long long)animation);
}

PyMethodDef animator_detent_methods[] = {
    {"_detent_drag_begin", animator_detent_drag_begin, METH_VARARGS, NULL},
    {"_detent_drag_move", animator_detent_drag_move, METH_VARARGS, NULL},
    {"_detent_drag_end", animator_detent_drag_end, METH_VARARGS, NULL},
    {"_settle", animator_settle, METH_VARARGS, NULL},
    {NULL, NULL, 0, NULL},
};

PyMethodDef detent_functions[] = {
    {"_detents_target", module_detents_target, METH_VARARGS, NULL},
    {NULL, NULL, 0, NULL},
};

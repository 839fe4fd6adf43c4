#include "_anima.h"

/*
 * anima.Value: an animated value (anima_value), 1 to 4 numbers an animator's view animations move. Its methods
 * are written by hand rather than through binding.c's rows, which know the item and behavior handles only; they
 * use the layers below as every type does (values.c for conversions, registry.c for the one wrapper per handle,
 * callbacks.c for the change callback's trampoline).
 */

/* The value's animator and handle, or -1 with StaleHandleError for a wrapper never initialised. */
static int
value_target(ValueObject *self, anima_state **st)
{
    *st = STATE_OF(self);
    if (self->animator == NULL) {
        raise_never_initialised(*st, (PyObject *)self);
        return -1;
    }
    return 0;
}

/* One real number (any object with __float__ or __index__, as the other setters take) into *out; -1 with TypeError
 * naming `what`, or InvalidArgumentError for an int too large for a float. NaN and infinities pass: the library
 * refuses them with its own message. */
static int
component_from_python(anima_state *st, PyObject *obj, const char *what, double *out)
{
    *out = PyFloat_AsDouble(obj);
    if (*out == -1.0 && PyErr_Occurred()) {
        if (PyErr_ExceptionMatches(PyExc_OverflowError)) {
            PyErr_Format(st->invalid_argument_error, "%s must be finite (got %R)", what, obj);
            return -1;
        }
        return PyErr_ExceptionMatches(PyExc_TypeError) ? raise_wrong_type(what, "a real number", obj) : -1;
    }
    return 0;
}

/*
 * Up to 4 numbers from a number or a sequence (a tuple, a list, a numpy array; not a string, a dict, a set or an
 * iterator, as the other setters refuse them); their count, or -1 with TypeError or InvalidArgumentError.
 */
static int
components_from_python(anima_state *st, PyObject *obj, const char *what, double out[4])
{
    const char *expected = "a number or a sequence of 1 to 4 numbers";
    if (PyUnicode_Check(obj) || PyBytes_Check(obj) || PyByteArray_Check(obj)) {
        return raise_wrong_type(what, expected, obj);
    }
    PyObject *seq = PySequence_Check(obj) ? PySequence_Tuple(obj) : NULL;
    if (seq == NULL) {
        /* a number, or a sequence that is one (a 0-d numpy array) */
        if (PyErr_Occurred() && !(PyErr_ExceptionMatches(PyExc_TypeError) && PyNumber_Check(obj))) {
            return -1;
        }
        PyErr_Clear();
        if (!PyNumber_Check(obj)) {
            return raise_wrong_type(what, expected, obj);
        }
        return component_from_python(st, obj, what, &out[0]) < 0 ? -1 : 1;
    }
    Py_ssize_t n = PyTuple_Size(seq);
    if (n < 1 || n > 4) {
        PyErr_Format(st->invalid_argument_error, "%s has 1 to 4 components (got %zd)", what, n);
        Py_DECREF(seq);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        char name[96];
        PyOS_snprintf(name, sizeof name, "%s[%zd]", what, i);
        if (component_from_python(st, PyTuple_GetItem(seq, i), name, &out[i]) < 0) {
            Py_DECREF(seq);
            return -1;
        }
    }
    Py_DECREF(seq);
    return (int)n;
}

static const char *space_names[] = {"components", "srgb", "linear_srgb", "oklab"};

/* Value(animator, value=0.0, *, space='components', visible_change=None, bounds=None) */
static int
value_init(PyObject *op, PyObject *args, PyObject *kwds)
{
    ValueObject *self = (ValueObject *)op;
    anima_state *st = STATE_OF(self);
    static char *keywords[] = {"animator", "value", "space", "visible_change", "bounds", NULL};
    PyObject *animator = NULL, *initial = NULL, *space = NULL, *visible = Py_None, *bounds = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O|O$OOO:Value", keywords, &animator, &initial, &space, &visible,
                                     &bounds)) {
        return -1;
    }
    if (wrapper_check_fresh(st, op) < 0) {
        return -1;
    }
    if (!PyObject_TypeCheck(animator, st->animator_type)) {
        return raise_wrong_type("animator", "an anima.Animator", animator);
    }
    anima_value_def def = anima_default_value_def();
    if (initial != NULL) {
        int n = components_from_python(st, initial, "value", def.components);
        if (n < 0) {
            return -1;
        }
        def.count = n;
    }
    if (space != NULL && space != Py_None) {
        bool found = false;
        for (size_t i = 0; PyUnicode_Check(space) && i < Py_ARRAY_LENGTH(space_names); i++) {
            if (PyUnicode_CompareWithASCIIString(space, space_names[i]) == 0) {
                def.space = (anima_value_space)i;
                found = true;
            }
        }
        if (!found) {
            PyErr_Format(st->invalid_argument_error,
                         "space must be 'components', 'srgb', 'linear_srgb' or 'oklab' (got %R)", space);
            return -1;
        }
    }
    if (visible != Py_None) {
        value v;
        if (value_from_python(st, VALUE_DOUBLE, visible, "visible_change", &v) < 0) {
            return -1;
        }
        if (v.f64 == 0) {
            PyErr_SetString(st->invalid_argument_error, "visible_change must be > 0 (got 0.0)");
            return -1;
        }
        def.visible_change = v.f64;
    }
    if (bounds != Py_None) {
        value v;
        if (value_from_python(st, VALUE_RANGE, bounds, "bounds", &v) < 0) {
            return -1;
        }
        def.has_bounds = true;
        def.lower = v.doubles[0];
        def.upper = v.doubles[1];
    }
    AnimatorObject *owner = (AnimatorObject *)animator;
    anima_value handle = anima_value_null();
    if (check(st, owner, anima_value_create(owner->handle, &def, &handle)) < 0) {
        return -1;
    }
    if (wrapper_adopt(op, owner, &owner->value_wrappers, &handle) < 0) {
        (void)anima_value_destroy(handle);
        anima_clear_error();
        return -1;
    }
    return 0;
}

static int
value_traverse(ValueObject *self, visitproc visit, void *arg)
{
    Py_VISIT(Py_TYPE((PyObject *)self));
    Py_VISIT(self->animator);
    return 0;
}

static int
value_clear(ValueObject *self)
{
    if (self->animator != NULL) {
        registry_forget(self->animator->value_wrappers, self->handle.index1, self->handle.generation);
    }
    Py_CLEAR(self->animator);
    return 0;
}

static void
value_dealloc(PyObject *self)
{
    wrapper_dealloc(self, (inquiry)value_clear);
}

/* The value's components into out[4]; their count, or -1 with the exception raised. */
static int
value_read(ValueObject *self, anima_state *st, double out[4], bool velocity)
{
    int32_t count = 0;
    anima_status status = velocity ? anima_value_get_velocity(self->handle, out, 4, &count)
                                   : anima_value_get(self->handle, out, 4, &count);
    return check(st, self->animator, status) < 0 ? -1 : count;
}

static PyObject *
value_get_value(PyObject *op, void *closure)
{
    ValueObject *self = (ValueObject *)op;
    anima_state *st;
    double c[4];
    int n = value_target(self, &st) < 0 ? -1 : value_read(self, st, c, closure != NULL);
    return n < 0 ? NULL : value_components(c, n);
}

static PyObject *
value_get_components(PyObject *op, void *closure)
{
    (void)closure;
    ValueObject *self = (ValueObject *)op;
    anima_state *st;
    double c[4];
    int n = value_target(self, &st) < 0 ? -1 : value_read(self, st, c, false);
    if (n < 0) {
        return NULL;
    }
    return n == 1 ? Py_BuildValue("(d)", c[0]) : value_components(c, n);
}

static int
value_set_value(PyObject *op, PyObject *obj, void *closure)
{
    (void)closure;
    ValueObject *self = (ValueObject *)op;
    anima_state *st;
    if (forbid_delete(obj, "value") < 0 || value_target(self, &st) < 0) {
        return -1;
    }
    double c[4];
    int n = components_from_python(st, obj, "value", c);
    return n < 0 ? -1 : check(st, self->animator, anima_value_set(self->handle, c, n));
}

static PyObject *
value_get_count(PyObject *op, void *closure)
{
    (void)closure;
    ValueObject *self = (ValueObject *)op;
    anima_state *st;
    int32_t count = 0;
    if (value_target(self, &st) < 0 || check(st, self->animator, anima_value_get_count(self->handle, &count)) < 0) {
        return NULL;
    }
    return PyLong_FromLong(count);
}

static PyObject *
value_get_space(PyObject *op, void *closure)
{
    (void)closure;
    ValueObject *self = (ValueObject *)op;
    anima_state *st;
    anima_value_space space = ANIMA_SPACE_COMPONENTS;
    if (value_target(self, &st) < 0
        || check(st, self->animator, anima_value_get_info(self->handle, &space, NULL, NULL)) < 0) {
        return NULL;
    }
    return PyUnicode_FromString(space < Py_ARRAY_LENGTH(space_names) ? space_names[space] : "components");
}

static PyObject *
value_get_bounds(PyObject *op, void *closure)
{
    (void)closure;
    ValueObject *self = (ValueObject *)op;
    anima_state *st;
    double lower = 0, upper = 0;
    if (value_target(self, &st) < 0
        || check(st, self->animator, anima_value_get_info(self->handle, NULL, &lower, &upper)) < 0) {
        return NULL;
    }
    return Py_BuildValue("(dd)", lower, upper);
}

static PyObject *
value_is_valid(PyObject *op, void *closure)
{
    (void)closure;
    ValueObject *self = (ValueObject *)op;
    anima_clear_error();
    bool valid = anima_value_is_valid(self->handle);
    const char *message = anima_last_error_message();
    if (!valid && message != NULL && message[0] != '\0') {
        PyErr_SetString(STATE_OF(self)->busy_error, message);
        anima_clear_error();
        return NULL;
    }
    return PyBool_FromLong(valid);
}

/* The on_change callable, kept by the animator under the value's handle key (None when there is none). */
static PyObject *
value_get_on_change(PyObject *op, void *closure)
{
    (void)closure;
    ValueObject *self = (ValueObject *)op;
    anima_state *st;
    if (value_target(self, &st) < 0) {
        return NULL;
    }
    PyObject *key = handle_key(self->handle.index1, self->handle.generation);
    PyObject *found = key != NULL && self->animator->value_callbacks != NULL
                          ? PyDict_GetItemWithError(self->animator->value_callbacks, key)
                          : NULL;
    Py_XDECREF(key);
    if (found == NULL && PyErr_Occurred()) {
        return NULL;
    }
    return Py_NewRef(found != NULL ? found : Py_None);
}

static int
value_set_on_change(PyObject *op, PyObject *obj, void *closure)
{
    (void)closure;
    ValueObject *self = (ValueObject *)op;
    anima_state *st;
    if (value_target(self, &st) < 0) {
        return -1;
    }
    PyObject *callable = obj;
    if (obj == NULL) {
        callable = Py_None;
    }
    if (callable != Py_None && !PyCallable_Check(callable)) {
        return raise_wrong_type("on_change", "a callable or None", callable);
    }
    AnimatorObject *animator = self->animator;
    anima_status status = callable == Py_None ? anima_value_set_callback(self->handle, NULL, NULL)
                                              : anima_value_set_callback(self->handle, trampoline_value_changed, animator);
    if (check(st, animator, status) < 0) {
        return -1;
    }
    PyObject *key = handle_key(self->handle.index1, self->handle.generation);
    if (key == NULL) {
        return -1;
    }
    int done = 0;
    if (callable == Py_None) {
        if (animator->value_callbacks != NULL && PyDict_Contains(animator->value_callbacks, key) == 1) {
            done = PyDict_DelItem(animator->value_callbacks, key);
        }
    }
    else {
        done = dict_keep(&animator->value_callbacks, key, callable);
    }
    Py_DECREF(key);
    return done;
}

static PyObject *
value_destroy(PyObject *op, PyObject *unused)
{
    (void)unused;
    ValueObject *self = (ValueObject *)op;
    anima_state *st;
    if (value_target(self, &st) < 0 || check(st, self->animator, anima_value_destroy(self->handle)) < 0) {
        return NULL;
    }
    PyObject *key = handle_key(self->handle.index1, self->handle.generation);
    if (key != NULL && self->animator->value_callbacks != NULL && PyDict_Contains(self->animator->value_callbacks, key) == 1) {
        (void)PyDict_DelItem(self->animator->value_callbacks, key);
    }
    Py_XDECREF(key);
    if (PyErr_Occurred()) {
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyMethodDef value_methods[] = {
    {"destroy", value_destroy, METH_NOARGS,
     "destroy($self, /)\n--\n\n"
     "Destroy the value: animations moving it drop it (one left with nothing to move ends, not\n"
     "finished), and later use raises StaleHandleError."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef value_getset[] = {
    {"value", value_get_value, value_set_value,
     "The value: a float for one component, a tuple for 2 to 4. Setting it inside an animate\n"
     "block records a target; outside, it changes the value at once and takes it out of any\n"
     "animation moving it. A wrong count, NaN or a component outside the bounds raises\n"
     "InvalidArgumentError and changes nothing.",
     NULL},
    {"components", value_get_components, NULL, "The components as a tuple, even for one (read-only).", NULL},
    {"velocity", value_get_value, NULL,
     "The rate of change per component in units/s, as `value` is shaped: the velocity of the\n"
     "animation moving it now, zeros when none does (read-only).",
     (void *)1},
    {"count", value_get_count, NULL, "The number of components, 1 to 4 (read-only).", NULL},
    {"space", value_get_space, NULL,
     "Where its components mix: 'components' (as they are), or a colour space: 'srgb',\n"
     "'linear_srgb', 'oklab' (read-only).",
     NULL},
    {"bounds", value_get_bounds, NULL, "(lower, upper): every component stays within them (read-only).", NULL},
    {"on_change", value_get_on_change, value_set_on_change,
     "Called as on_change(value, new_value) in every step an animation changed the value, after\n"
     "behavior actions and before completions; None for none. Setting the value yourself does\n"
     "not call it.",
     NULL},
    {"is_valid", value_is_valid, NULL, "True until the value or its animator is destroyed (read-only).", NULL},
    {"animator", wrapper_get_animator, NULL, "The Animator that owns the value (read-only).", NULL},
    ANIMA_GETSET_END,
};

/* Animator._read_values(values): the components of a sequence of this animator's Values, 4 doubles each, as bytes. */
static PyObject *
animator_read_values(PyObject *self, PyObject *values)
{
    AnimatorObject *animator = (AnimatorObject *)self;
    anima_state *st = STATE_OF(self);
    PyObject *seq = PySequence_Tuple(values);
    if (seq == NULL) {
        return NULL;
    }
    Py_ssize_t n = PyTuple_Size(seq);
    if (n > INT32_MAX / 4) {
        Py_DECREF(seq);
        PyErr_SetString(st->invalid_argument_error, "too many values");
        return NULL;
    }
    anima_value *handles = PyMem_Malloc((size_t)(n > 0 ? n : 1) * sizeof *handles);
    PyObject *bytes = handles != NULL ? PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(4 * n * (Py_ssize_t)sizeof(double))) : NULL;
    for (Py_ssize_t i = 0; bytes != NULL && i < n; i++) {
        PyObject *v = PyTuple_GetItem(seq, i);
        if (!PyObject_TypeCheck(v, st->value_type)) {
            raise_wrong_type("values", "a sequence of anima.Value", v);
            Py_CLEAR(bytes);
        }
        else {
            handles[i] = ((ValueObject *)v)->handle;
        }
    }
    if (bytes != NULL
        && check(st, animator, anima_values_read(animator->handle, handles, (int32_t)n,
                                                 (double *)(void *)PyBytes_AsString(bytes), (int32_t)(4 * n))) < 0) {
        Py_CLEAR(bytes);
    }
    if (handles == NULL) {
        PyErr_NoMemory();
    }
    PyMem_Free(handles);
    Py_DECREF(seq);
    return bytes;
}

PyMethodDef animator_value_methods[] = {
    {"_read_values", animator_read_values, METH_O, NULL},
    {NULL, NULL, 0, NULL},
};

PyDoc_STRVAR(value_doc,
"Value(animator, value=0.0, *, space='components', visible_change=None, bounds=None)\n"
"--\n\n");

ANIMA_TYPE(value, "anima.Value", ValueObject, value_doc, {Py_tp_init, value_init}, {Py_tp_dealloc, value_dealloc},
           {Py_tp_traverse, value_traverse}, {Py_tp_clear, value_clear}, {Py_tp_hash, wrapper_hash},
           {Py_tp_richcompare, wrapper_richcompare}, ANIMA_WEAKREFS(ValueObject),);

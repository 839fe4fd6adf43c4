#include "_anima.h"

/*
 * Values between Python and C: each value kind's C size and Python form (value_infos), the names of the library's
 * enumerations, and the conversions both ways (value_from_python checks what it converts: types, NaN, infinities,
 * ranges of ints, names of enumerations). Above errors.c, below everything that converts.
 */

/* ============================================================================ real numbers, ints */

/* A double from any real number: finite, or any but NaN; names the argument on failure. */
static int
as_real(anima_state *st, PyObject *obj, const char *what, bool finite, double *out)
{
    double value = PyFloat_AsDouble(obj);
    if (value == -1.0 && PyErr_Occurred()) {
        if (PyErr_ExceptionMatches(PyExc_TypeError)) {
            (void)raise_wrong_type(what, "a real number", obj);
        }
        else if (PyErr_ExceptionMatches(PyExc_OverflowError)) {
            PyErr_Format(st->invalid_argument_error, finite ? "%s must be finite (got %R)"
                         : "%s is too large for a float (got %R); use math.inf for no limit", what, obj);
        }
        return -1;
    }
    if (finite && !isfinite(value)) {
        PyErr_Format(st->invalid_argument_error, "%s must be finite (got %R)", what, obj);
        return -1;
    }
    if (isnan(value)) {
        PyErr_Format(st->invalid_argument_error, "%s must not be NaN", what);
        return -1;
    }
    *out = value;
    return 0;
}

/* count doubles (finite, or any but NaN) from a sequence such as (x, y) or (x, y, w, h). */
static int
as_reals(anima_state *st, PyObject *obj, const char *what, const char *form, Py_ssize_t count, bool finite,
         double *out)
{
    if (PyUnicode_Check(obj) || PyBytes_Check(obj) || PyByteArray_Check(obj)
        || !PySequence_Check(obj)) {
        char expected[160];
        PyOS_snprintf(expected, sizeof expected, "a sequence of %zd numbers %s", count, form);
        return raise_wrong_type(what, expected, obj);
    }
    /* a list or a tuple, read through their functions (the PySequence_Fast macros are not in the limited API) */
    PyObject *seq = PySequence_Fast(obj, "expected a sequence");
    if (seq == NULL) {
        return -1;
    }
    bool list = PyList_Check(seq);
    Py_ssize_t size = list ? PyList_Size(seq) : PyTuple_Size(seq);
    if (size != count) {
        PyErr_Format(PyExc_TypeError, "%s must be a sequence of %zd numbers %s, got %zd", what, count, form, size);
        Py_DECREF(seq);
        return -1;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        char name[96];
        PyOS_snprintf(name, sizeof name, "%s[%zd]", what, i);
        if (as_real(st, list ? PyList_GetItem(seq, i) : PyTuple_GetItem(seq, i), name, finite, &out[i]) < 0) {
            Py_DECREF(seq);
            return -1;
        }
    }
    Py_DECREF(seq);
    return 0;
}

/* An int32 from an integer (not a float); out of range is an invalid argument. */
static int
as_int32(anima_state *st, PyObject *obj, const char *what, int32_t *out)
{
    if (!PyLong_Check(obj)) {
        return raise_wrong_type(what, "an int", obj);
    }
    int overflow = 0;
    long long value = PyLong_AsLongLongAndOverflow(obj, &overflow);
    if (value == -1 && PyErr_Occurred()) {
        return -1;
    }
    if (overflow != 0 || value < INT32_MIN || value > INT32_MAX) {
        PyErr_Format(st->invalid_argument_error, "%s is out of range (got %R)", what, obj);
        return -1;
    }
    *out = (int32_t)value;
    return 0;
}

/*
 * The points of an item's path, from anima._types.path_points, which checks them: they stay valid
 * while *bytes, the new bytes object that holds them, lives.
 */
const anima_vec2 *
path_points(anima_state *st, PyObject *path, PyObject **bytes, int32_t *count)
{
    char *data = NULL;
    Py_ssize_t size = 0;
    *bytes = PyObject_CallFunctionObjArgs(st->path_points, path, NULL);
    if (*bytes == NULL || PyBytes_AsStringAndSize(*bytes, &data, &size) < 0) {
        Py_CLEAR(*bytes);
        return NULL;
    }
    *count = (int32_t)Py_MIN(size / (Py_ssize_t)sizeof(anima_vec2), INT32_MAX);
    return (const anima_vec2 *)data;
}

/* A callable or None (made NULL; so is a deletion) assigned to `name`; -1 with TypeError for anything else. */
int
as_callable(PyObject **value, const char *name)
{
    if (*value == Py_None) {
        *value = NULL;
    }
    else if (*value != NULL && !PyCallable_Check(*value)) {
        return raise_wrong_type(name, "callable or None", *value);
    }
    return 0;
}

/* ======================================================================== the value kinds' table */

typedef struct {
    size_t size;
    const char *form;                 /* the expected Python form, for messages */
    const char *choices;              /* an enumeration's key in anima._types.CHOICES, or NULL */
    Py_ssize_t doubles;               /* a sequence of this many real numbers (0: another form) */
    bool finite;                      /* those numbers must be finite (else infinities are allowed) */
} value_info;

#define SIMPLE(TYPE, FORM) {.size = sizeof(TYPE), .form = FORM}
#define DOUBLES(COUNT, FINITE, FORM) {.size = (COUNT) * sizeof(double), .form = FORM, .doubles = COUNT, .finite = FINITE}
#define CHOICES(TYPE, KEY) {.size = sizeof(TYPE), .choices = KEY}

static const value_info value_infos[] = {
    /* sequences of real numbers */
    [VALUE_VEC2] = DOUBLES(2, true, "(x, y)"),
    [VALUE_SIZE] = DOUBLES(2, true, "(width, height)"),
    [VALUE_RANGE] = DOUBLES(2, false, "(lower, upper)"),
    [VALUE_OFFSETS] = DOUBLES(4, true, "(x, y, other_x, other_y)"),
    [VALUE_RECT] = DOUBLES(4, true, "(x, y, width, height)"),
    [VALUE_BOUNDS] = DOUBLES(4, true, "(x, y, width, height)"),
    [VALUE_INSETS] = DOUBLES(4, true, "(top, left, bottom, right)"),
    [VALUE_BEZIER] = DOUBLES(4, true, "(x1, y1, x2, y2)"),
    [VALUE_TRANSFORM] = DOUBLES(5, true, "(rotation, scale_x, scale_y, translation_x, translation_y)"),
    [VALUE_COMPONENTS] = DOUBLES(5, false, "five real numbers"),
    /* numbers, regions and the objects of the extension */
    [VALUE_DOUBLE] = SIMPLE(double, "a real number"),
    [VALUE_REAL] = SIMPLE(double, "a real number"),
    [VALUE_OPTIONAL_DOUBLE] = SIMPLE(double, "a real number or None"),
    [VALUE_BOOL] = SIMPLE(bool, "a bool"),
    [VALUE_INT32] = SIMPLE(int32_t, "an int"),
    [VALUE_UINT64] = SIMPLE(uint64_t, "an int"),
    [VALUE_REGION] = SIMPLE(anima_region, "a region"),
    [VALUE_ITEM] = SIMPLE(anima_item, "an anima.Item"),
    [VALUE_ITEM_OR_NONE] = SIMPLE(anima_item, "an anima.Item or None"),
    [VALUE_BEHAVIOR] = SIMPLE(anima_behavior, "an anima behavior"),
    [VALUE_ANIMATOR] = SIMPLE(anima_animator, "an anima.Animator"),
    [VALUE_VALUE] = SIMPLE(anima_value, "an anima.Value"),
    /* enumerations, by their names in anima._types.CHOICES */
    [VALUE_SHAPE] = CHOICES(anima_shape, "shape"),
    [VALUE_COLLISION_MODE] = CHOICES(anima_collision_mode, "collision_mode"),
    [VALUE_PUSH_MODE] = CHOICES(anima_push_mode, "push_mode"),
    [VALUE_ATTACHMENT_TYPE] = CHOICES(anima_attachment_type, "attachment_type"),
    [VALUE_POSITION] = CHOICES(anima_position, "position"),
    [VALUE_CURVE] = CHOICES(anima_curve, "curve"),
    [VALUE_STEP_POSITION] = CHOICES(anima_step_position, "step_position"),
    [VALUE_KEYFRAME_MODE] = CHOICES(anima_keyframe_mode, "keyframe_mode"),
    [VALUE_PROPERTY] = CHOICES(anima_property, "property"),
    [VALUE_FIELD_KIND] = CHOICES(anima_field_kind, "field_kind"),
    /* arguments borrowed as they are */
    [VALUE_IDENTIFIER] = SIMPLE(const char *, "a str"),
    [VALUE_CALLABLE] = SIMPLE(PyObject *, "a callable or None"),
    [VALUE_OBJECT] = SIMPLE(PyObject *, "an object"),
};

/* The structs of doubles are read and written as the union's doubles[] (no padding between doubles). */
_Static_assert(sizeof(anima_vec2) == 2 * sizeof(double) && sizeof(anima_size) == 2 * sizeof(double)
                   && sizeof(anima_rect) == 4 * sizeof(double) && sizeof(anima_insets) == 4 * sizeof(double)
                   && sizeof(anima_transform) == 5 * sizeof(double),
               "the vectors of the C interface are arrays of doubles");

size_t
value_size(value_kind kind)
{
    return value_infos[kind].size;
}

/* Keeps the names of each enumeration (a tuple of anima._types.CHOICES) in the state, by value kind. */
int
load_choices(anima_state *st)
{
    for (size_t kind = 0; kind < Py_ARRAY_LENGTH(value_infos); kind++) {
        const char *key = value_infos[kind].choices;
        PyObject *names = key != NULL ? PyDict_GetItemString(st->all_choices, key) : NULL;
        if (key != NULL && (names == NULL || !PyTuple_Check(names))) {
            PyErr_Format(PyExc_SystemError, "anima._types.CHOICES has no tuple of %s names", key);
            return -1;
        }
        replace_reference(&st->choices[kind], Py_XNewRef(names));
    }
    return 0;
}

/* The name of an enumeration value (a borrowed str), or NULL when it has none. */
PyObject *
choice_name(anima_state *st, value_kind kind, int32_t index)
{
    PyObject *names = st->choices[kind];
    PyObject *name = names != NULL && index >= 0 && index < PyTuple_Size(names) ? PyTuple_GetItem(names, index) : NULL;
    return name != Py_None ? name : NULL;
}

/* An enumeration value from one of its names ('items', 'ellipse', ...); collision modes also take ints. */
static int
as_choice(anima_state *st, value_kind kind, PyObject *obj, const char *what, int32_t *out)
{
    PyObject *names = st->choices[kind];
    if (kind == VALUE_COLLISION_MODE && PyLong_Check(obj) && !PyBool_Check(obj)) {
        return as_int32(st, obj, what, out);
    }
    for (Py_ssize_t i = 0; PyUnicode_Check(obj) && i < PyTuple_Size(names); i++) {
        PyObject *name = PyTuple_GetItem(names, i);
        if (name != Py_None && PyUnicode_Compare(obj, name) == 0) {
            *out = (int32_t)i;
            return 0;
        }
    }
    /* anima._types.choice_error words the error: a TypeError, or an InvalidArgumentError for a str */
    PyObject *error = PyObject_CallFunction(st->choice_error, "sOO", what, names, obj);
    if (error != NULL) {
        PyErr_SetObject((PyObject *)Py_TYPE(error), error);
        Py_DECREF(error);
    }
    return -1;
}

/* An enumeration's value is the union's i32, written and read back through its own member. */
_Static_assert(sizeof(anima_shape) == 4 && sizeof(anima_collision_mode) == 4 && sizeof(anima_push_mode) == 4
                   && sizeof(anima_attachment_type) == 4 && sizeof(anima_position) == 4 && sizeof(anima_curve) == 4
                   && sizeof(anima_step_position) == 4 && sizeof(anima_keyframe_mode) == 4
                   && sizeof(anima_property) == 4 && sizeof(anima_field_kind) == 4,
               "the enumerations of the C interface are 32-bit");

int
value_from_python(anima_state *st, value_kind kind, PyObject *obj, const char *what, value *out)
{
    const value_info *info = &value_infos[kind];
    if (info->choices != NULL) {
        return as_choice(st, kind, obj, what, &out->i32);
    }
    if (info->doubles > 0 && !(kind == VALUE_BOUNDS && obj == Py_None)) {
        return as_reals(st, obj, what, info->form, info->doubles, info->finite, out->doubles);
    }
    switch (kind) {
    case VALUE_DOUBLE: return as_real(st, obj, what, true, &out->f64);
    case VALUE_REAL: return as_real(st, obj, what, false, &out->f64);
    case VALUE_OPTIONAL_DOUBLE:
        out->f64 = NAN;
        return obj == Py_None ? 0 : as_real(st, obj, what, true, &out->f64);
    case VALUE_BOUNDS: /* None */
        out->rect = (anima_rect){NAN, NAN, NAN, NAN};
        return 0;
    case VALUE_BOOL: { /* any object, by Python's truth rules */
        int truth = PyObject_IsTrue(obj);
        out->b = truth > 0;
        return truth < 0 ? -1 : 0;
    }
    case VALUE_INT32: return as_int32(st, obj, what, &out->i32);
    case VALUE_UINT64:
        /* an id: any int; one out of range names nothing */
        if (!PyLong_Check(obj)) {
            return raise_wrong_type(what, "an int", obj);
        }
        out->u64 = PyLong_AsUnsignedLongLong(obj);
        if (out->u64 == (uint64_t)-1 && PyErr_Occurred()) {
            PyErr_Clear();
            out->u64 = 0;
        }
        return 0;
    case VALUE_REGION: {
        /* anima._types.region_record reads the Python forms; the record is checked again here. */
        double r[5];
        PyObject *record = PyObject_CallFunctionObjArgs(st->region_record, obj, NULL);
        int read = record != NULL ? as_reals(st, record, what, "(shape, width, height, radius, inverse)", 5, true, r)
                                  : -1;
        Py_XDECREF(record);
        if (read < 0) {
            return -1;
        }
        out->region = (anima_region){(anima_region_shape)(int)r[0], {r[1], r[2]}, r[3], r[4] != 0.0};
        return 0;
    }
    case VALUE_ITEM_OR_NONE:
        if (obj == Py_None) {
            out->item = anima_item_null();
            return 0;
        }
        /* fall through */
    case VALUE_ITEM:
    case VALUE_BEHAVIOR:
    case VALUE_ANIMATOR: {
        PyTypeObject *type = kind == VALUE_ANIMATOR ? st->animator_type
                             : kind == VALUE_BEHAVIOR ? st->behavior_type
                                                      : st->item_type;
        if (!PyObject_TypeCheck(obj, type)) {
            return raise_wrong_type(what, info->form, obj);
        }
        if (kind == VALUE_ANIMATOR) {
            out->animator = ((AnimatorObject *)obj)->handle;
        }
        else {
            /* an item's handle and a behavior's stand at the same offset (see registry.c) */
            memcpy(&out->behavior, &((BehaviorObject *)obj)->handle, sizeof out->behavior);
        }
        return 0;
    }
    case VALUE_VALUE:
        if (!PyObject_TypeCheck(obj, st->value_type)) {
            return raise_wrong_type(what, info->form, obj);
        }
        out->animated = ((ValueObject *)obj)->handle;
        return 0;
    case VALUE_IDENTIFIER: { /* UTF-8 without NUL characters, borrowed from obj */
        Py_ssize_t length = 0;
        if (!PyUnicode_Check(obj)) {
            return raise_wrong_type(what, "a str", obj);
        }
        out->identifier = PyUnicode_AsUTF8AndSize(obj, &length);
        if (out->identifier != NULL && (Py_ssize_t)strlen(out->identifier) != length) {
            PyErr_Format(st->invalid_argument_error, "%s must not contain NUL characters", what);
            out->identifier = NULL;
        }
        return out->identifier != NULL ? 0 : -1;
    }
    case VALUE_CALLABLE:
    case VALUE_OBJECT:
        out->object = obj;
        return kind == VALUE_CALLABLE ? as_callable(&out->object, what) : 0;
    default:
        PyErr_Format(PyExc_AttributeError, "%s is read-only", what);
        return -1;
    }
}

PyObject *
value_to_python(anima_state *st, value_kind kind, const value *v)
{
    const value_info *info = &value_infos[kind];
    if (info->choices != NULL) {
        PyObject *name = choice_name(st, kind, v->i32);
        return name != NULL ? Py_NewRef(name) : PyLong_FromLong(v->i32);
    }
    if ((kind == VALUE_BOUNDS && isnan(v->rect.x)) || (kind == VALUE_OPTIONAL_DOUBLE && isnan(v->f64))) {
        Py_RETURN_NONE;
    }
    if (info->doubles > 0) {
        PyObject *tuple = PyTuple_New(info->doubles);
        for (Py_ssize_t i = 0; tuple != NULL && i < info->doubles; i++) {
            PyObject *number = PyFloat_FromDouble(v->doubles[i]);
            if (number == NULL) {
                Py_CLEAR(tuple);
            }
            else if (PyTuple_SetItem(tuple, i, number) < 0) {
                Py_CLEAR(tuple);
            }
        }
        if (kind == VALUE_TRANSFORM && tuple != NULL) {
            replace_reference(&tuple, PyObject_CallObject(st->transform_type, tuple));
        }
        return tuple;
    }
    switch (kind) {
    case VALUE_DOUBLE:
    case VALUE_REAL:
    case VALUE_OPTIONAL_DOUBLE: return PyFloat_FromDouble(v->f64);
    case VALUE_BOOL: return PyBool_FromLong(v->b);
    case VALUE_INT32: return PyLong_FromLong(v->i32);
    case VALUE_UINT64: return PyLong_FromUnsignedLongLong(v->u64);
    case VALUE_IDENTIFIER:
        return PyUnicode_DecodeUTF8(v->identifier ? v->identifier : "",
                                    v->identifier ? (Py_ssize_t)strlen(v->identifier) : 0, "replace");
    case VALUE_REGION:
        return PyObject_CallFunction(st->region_form, "idddO", (int)v->region.shape, v->region.size.width,
                                     v->region.size.height, v->region.radius, v->region.inverse ? Py_True : Py_False);
    case VALUE_OBJECT: return v->object; /* a result made by the call: a new reference */
    default: Py_RETURN_NONE; /* VALUE_NONE and the kinds of arguments only */
    }
}

/* An animated value's components as Python shows them: a float for one, a tuple of floats for more. */
PyObject *
value_components(const double *components, int32_t count)
{
    if (count == 1) {
        return PyFloat_FromDouble(components[0]);
    }
    PyObject *tuple = PyTuple_New(count);
    for (int32_t i = 0; tuple != NULL && i < count; i++) {
        PyObject *x = PyFloat_FromDouble(components[i]);
        if (x == NULL || PyTuple_SetItem(tuple, i, x) < 0) {
            Py_CLEAR(tuple);
        }
    }
    return tuple;
}

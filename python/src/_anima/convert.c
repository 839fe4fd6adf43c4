#include "_anima.h"

/*
 * The functions of newer versions of the API that the extension uses where the API it is built for has them (the
 * limited API has them later than CPython): PyType_GetModuleByDef (CPython 3.11, limited API 3.13), and
 * PyErr_GetRaisedException and PyErr_SetRaisedException (3.12 in both).
 */
#if defined(Py_LIMITED_API) ? Py_LIMITED_API + 0 >= 0x030D0000 : PY_VERSION_HEX >= 0x030B0000
#define HAVE_GET_MODULE_BY_DEF 1
#else
#define HAVE_GET_MODULE_BY_DEF 0
#endif
#if defined(Py_LIMITED_API) ? Py_LIMITED_API + 0 >= 0x030C0000 : PY_VERSION_HEX >= 0x030C0000
#define HAVE_RAISED_EXCEPTION 1
#else
#define HAVE_RAISED_EXCEPTION 0
#endif

/*
 * The module state of one of this module's types (or a subclass of one). Without PyType_GetModuleByDef (the limited
 * API before 3.13), which is a few ns faster on every property and method, it is the state of the first class, from
 * type down its bases, that this module made. The classes skipped without a look at their module are those without
 * methods: classes defined in Python, which cannot have one (every type of the extension has methods).
 * PyType_GetModule's TypeError for another class without a module is cleared: call it with no exception set.
 */
anima_state *
state_of_type(PyTypeObject *type)
{
#if HAVE_GET_MODULE_BY_DEF
    PyObject *module = PyType_GetModuleByDef(type, &anima_module);
    return module != NULL ? (anima_state *)PyModule_GetState(module) : NULL;
#else
    for (PyTypeObject *t = type; t != NULL; t = (PyTypeObject *)PyType_GetSlot(t, Py_tp_base)) {
        if (PyType_GetSlot(t, Py_tp_methods) == NULL) {
            continue;
        }
        PyObject *module = PyType_GetModule(t);
        if (module == NULL) {
            PyErr_Clear();
        }
        else if (PyModule_Check(module) && PyModule_GetDef(module) == &anima_module) {
            return (anima_state *)PyModule_GetState(module);
        }
    }
    PyObject *name = type_name(type);
    if (name != NULL) {
        PyErr_Format(PyExc_TypeError, "no superclass of '%U' is a class of anima._anima", name);
        Py_DECREF(name);
    }
    return NULL;
#endif
}

/*
 * The name of a type as Python's own messages give it (its tp_name, which the limited API hides), a new reference:
 * "str", "numpy.ndarray", "anima.Item", "MyBehavior". A type made by a module from a spec (the extension's types)
 * and a static type outside builtins are named module.name; a class defined in Python by its __name__ alone. Call it
 * with no exception set: the errors of its look-ups are cleared.
 */
PyObject *
type_name(PyTypeObject *type)
{
    bool heap = (PyType_GetFlags(type) & Py_TPFLAGS_HEAPTYPE) != 0;
    PyObject *name = PyType_GetName(type);
    PyObject *module = name == NULL || (heap && PyType_GetModule(type) == NULL)
                           ? NULL
                           : PyObject_GetAttrString((PyObject *)type, "__module__");
    if (name == NULL) {
        return NULL;
    }
    PyErr_Clear(); /* a class without a module, or without __module__ */
    if (module != NULL && PyUnicode_Check(module) && PyUnicode_CompareWithASCIIString(module, "builtins") != 0) {
        replace_reference(&name, PyUnicode_FromFormat("%U.%U", module, name));
    }
    Py_XDECREF(module);
    return name;
}

/* Raises TypeError "<what> must be <expected>, not <the name of obj's type>", in place of any exception set. */
static int
raise_wrong_type(const char *what, const char *expected, PyObject *obj)
{
    PyErr_Clear();
    PyObject *name = type_name(Py_TYPE(obj));
    if (name != NULL) {
        PyErr_Format(PyExc_TypeError, "%s must be %s, not %.100U", what, expected, name);
        Py_DECREF(name);
    }
    return -1;
}

/* Takes the raised exception out of the error indicator (a new reference). */
PyObject *
take_exception(void)
{
#if HAVE_RAISED_EXCEPTION
    return PyErr_GetRaisedException();
#else
    PyObject *type, *value, *traceback;
    PyErr_Fetch(&type, &value, &traceback);
    if (type == NULL) {
        return NULL;
    }
    PyErr_NormalizeException(&type, &value, &traceback);
    if (value != NULL && traceback != NULL) {
        PyException_SetTraceback(value, traceback);
    }
    Py_XDECREF(type);
    Py_XDECREF(traceback);
    return value;
#endif
}

/* Raises exc again (steals the reference). */
void
raise_exception(PyObject *exc)
{
#if HAVE_RAISED_EXCEPTION
    PyErr_SetRaisedException(exc);
#else
    PyObject *traceback = PyException_GetTraceback(exc);
    PyObject *type = (PyObject *)Py_TYPE(exc);
    Py_INCREF(type);
    PyErr_Restore(type, exc, traceback);
#endif
}

/* Raises the exception for a failed status with the library's message. */
static void
raise_status(anima_state *st, anima_status status)
{
    const char *message = anima_last_error_message();
    if (message == NULL || message[0] == '\0') {
        message = anima_status_string(status);
    }
    if (message == NULL || message[0] == '\0') {
        message = "anima: unknown error";
    }
    bool known = status > ANIMA_OK && (size_t)status < Py_ARRAY_LENGTH(st->errors);
    PyErr_SetString(st->errors[known ? status : ANIMA_OK], message);
    anima_clear_error();
}

/* ==================================================== argument conversion */

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
static int
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

/* The getter of every callable attribute declared with ANIMA_CALLABLE: the callable, or None. */
PyObject *
callable_get(PyObject *self, void *closure)
{
    PyObject *callback = *(PyObject **)((char *)self + ((const callable_slot *)closure)->offset);
    return Py_NewRef(callback != NULL ? callback : Py_None);
}

/* The setter of every callable attribute declared with ANIMA_CALLABLE. */
int
callable_set(PyObject *self, PyObject *value, void *closure)
{
    const callable_slot *c = closure;
    PyObject **slot = (PyObject **)((char *)self + c->offset);
    anima_state *st = STATE_OF(self);
    if (st == NULL || (!c->deletable && forbid_delete(value, c->name) < 0) || as_callable(&value, c->name) < 0
        || c->install(st, self, slot, value) < 0) {
        return -1;
    }
    replace_reference(slot, Py_XNewRef(value));
    return 0;
}

/* Sets key to value in *dict (made on first use), or deletes key when value is NULL; -1 for a NULL key. */
int
dict_keep(PyObject **dict, PyObject *key, PyObject *value)
{
    if (key == NULL || (*dict == NULL && (*dict = PyDict_New()) == NULL)) {
        return -1;
    }
    if (value != NULL) {
        return PyDict_SetItem(*dict, key, value);
    }
    int present = PyDict_Contains(*dict, key);
    return present > 0 ? PyDict_DelItem(*dict, key) : present;
}

/* tp_traverse (visit given) or tp_clear (visit NULL) over count object references from first on. */
int
walk_references(PyObject **first, size_t count, visitproc visit, void *arg)
{
    for (size_t i = 0; i < count; i++) {
        if (visit == NULL) {
            Py_CLEAR(first[i]);
        }
        else {
            Py_VISIT(first[i]);
        }
    }
    return 0;
}

int
forbid_delete(PyObject *value, const char *name)
{
    if (value == NULL) {
        PyErr_Format(PyExc_AttributeError, "cannot delete %s", name);
        return -1;
    }
    return 0;
}

/*
 * Collects the arguments of a METH_FASTCALL | METH_KEYWORDS call into out[], one slot per name (names ends with a
 * NULL name); a slot stays NULL when the argument is absent. The first max_positional names may be given by
 * position; the first `required` names must be given.
 */
static int
parse_arguments(const char *function, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames,
                const argument *names, Py_ssize_t max_positional, Py_ssize_t required,
                PyObject **out)
{
    Py_ssize_t count = 0;
    while (names[count].name != NULL) {
        out[count] = NULL;
        count++;
    }
    if (nargs > max_positional) {
        PyErr_Format(PyExc_TypeError, "%s() takes at most %zd positional argument%s (%zd given)",
                     function, max_positional, max_positional == 1 ? "" : "s", nargs);
        return -1;
    }
    for (Py_ssize_t i = 0; i < nargs; i++) {
        out[i] = args[i];
    }
    Py_ssize_t nkw = kwnames == NULL ? 0 : PyTuple_Size(kwnames);
    for (Py_ssize_t k = 0; k < nkw; k++) {
        PyObject *key = PyTuple_GetItem(kwnames, k);
        Py_ssize_t slot = 0;
        while (slot < count && PyUnicode_CompareWithASCIIString(key, names[slot].name) != 0) {
            slot++;
        }
        if (slot == count) {
            PyErr_Format(PyExc_TypeError, "%s() got an unexpected keyword argument '%U'", function, key);
            return -1;
        }
        if (out[slot] != NULL) {
            PyErr_Format(PyExc_TypeError, "%s() got multiple values for argument '%s'",
                         function, names[slot].name);
            return -1;
        }
        out[slot] = args[nargs + k];
    }
    for (Py_ssize_t j = 0; j < required; j++) {
        if (out[j] == NULL) {
            PyErr_Format(PyExc_TypeError, "%s() missing required argument '%s'", function, names[j].name);
            return -1;
        }
    }
    return 0;
}

/*
 * Checks a status after a call on an animator's object. An exception stored by a callback that ran during this call
 * (outside advance) wins over the status; STATUS_RAISED has its exception set already. Returns 0 when all is well,
 * -1 with an exception set.
 */
int
check(anima_state *st, AnimatorObject *animator, anima_status status)
{
    if (animator != NULL && animator->pending != NULL && animator->advancing == 0) {
        PyObject *exc = animator->pending;
        animator->pending = NULL;
        anima_clear_error();
        raise_exception(exc);
        return -1;
    }
    if (status == ANIMA_OK) {
        return 0;
    }
    if (status != STATUS_RAISED) {
        raise_status(st, status);
    }
    return -1;
}

/* ================================================= values and property tables */

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

target
target_of(PyObject *self, owner_kind owner)
{
    target t = {.st = owner == OWNER_MODULE ? PyModule_GetState(self) : STATE_OF(self), .self = self, .owner = owner};
    if (owner == OWNER_ANIMATOR) {
        t.animator = (AnimatorObject *)self;
        t.animator_handle = t.animator->handle;
    }
    else if (owner == OWNER_ITEM) {
        t.animator = ((ItemObject *)self)->animator;
        t.item = ((ItemObject *)self)->handle;
    }
    else if (owner == OWNER_BEHAVIOR) {
        t.animator = ((BehaviorObject *)self)->animator;
        t.behavior = ((BehaviorObject *)self)->handle;
    }
    return t; /* the handles left out are zero: null handles */
}

/*
 * The value kinds of properties, with the union member and the C type T of their accessors: the
 * getter is anima_status (*)(handle, T *), the setter anima_status (*)(handle, T).
 */
#define PROPERTY_KINDS(KIND)                                                                          \
    KIND(VALUE_DOUBLE, f64, double)                                                                   \
    KIND(VALUE_REAL, f64, double)                                                                     \
    KIND(VALUE_BOOL, b, bool)                                                                         \
    KIND(VALUE_INT32, i32, int32_t)                                                                   \
    KIND(VALUE_UINT64, u64, uint64_t)                                                                 \
    KIND(VALUE_VEC2, vec2, anima_vec2)                                                                \
    KIND(VALUE_SIZE, size, anima_size)                                                                \
    KIND(VALUE_RECT, rect, anima_rect)                                                                \
    KIND(VALUE_BOUNDS, rect, anima_rect)                                                              \
    KIND(VALUE_INSETS, insets, anima_insets)                                                          \
    KIND(VALUE_TRANSFORM, transform, anima_transform)                                                 \
    KIND(VALUE_SHAPE, shape, anima_shape)                                                             \
    KIND(VALUE_COLLISION_MODE, collision_mode, anima_collision_mode)                                  \
    KIND(VALUE_PUSH_MODE, push_mode, anima_push_mode)                                                 \
    KIND(VALUE_ATTACHMENT_TYPE, attachment_type, anima_attachment_type)                               \
    KIND(VALUE_BEHAVIOR, behavior, anima_behavior)

/* Calls an accessor of the C interface with the target's handle: FN has the type anima_status (*)(handle, T). */
#define CALL_ACCESSOR(FN, T, ARG)                                                                     \
    (t->owner == OWNER_ITEM       ? ((anima_status (*)(anima_item, T))(FN))(t->item, ARG)               \
     : t->owner == OWNER_BEHAVIOR ? ((anima_status (*)(anima_behavior, T))(FN))(t->behavior, ARG)       \
                                  : ((anima_status (*)(anima_animator, T))(FN))(t->animator_handle, ARG))

/* The case of a property kind in property_call: its setter with v's member, or its getter into it. */
#define CALL_PROPERTY(KIND, MEMBER, T)                                                                \
    case KIND: return write ? CALL_ACCESSOR(p->set, T, v->MEMBER) : CALL_ACCESSOR(p->get, T *, &v->MEMBER);

/* Reads a property into *v through its getter, or (write) writes *v through its setter. */
static anima_status
property_call(const property *p, const target *t, value *v, bool write)
{
    typedef anima_status (*range_getter)(anima_behavior, double *, double *);
    typedef anima_status (*range_setter)(anima_behavior, double, double);
    typedef anima_status (*pair_getter)(anima_behavior, anima_vec2 *, anima_vec2 *);
    switch (p->kind) {
    PROPERTY_KINDS(CALL_PROPERTY)
    case VALUE_RANGE:
        return write ? ((range_setter)p->set)(t->behavior, v->doubles[0], v->doubles[1])
                     : ((range_getter)p->get)(t->behavior, &v->doubles[0], &v->doubles[1]);
    case VALUE_OFFSETS: {
        anima_vec2 first, second;
        anima_status status = write ? ANIMA_ERR_INVALID_ARGUMENT : ((pair_getter)p->get)(t->behavior, &first, &second);
        v->doubles[0] = first.x, v->doubles[1] = first.y, v->doubles[2] = second.x, v->doubles[3] = second.y;
        return status;
    }
    default: return ANIMA_ERR_INVALID_ARGUMENT;
    }
}

#undef CALL_PROPERTY
#undef CALL_ACCESSOR

/* The getter of every property declared with ANIMA_GET or ANIMA_GETSET. */
PyObject *
property_get(PyObject *self, void *closure)
{
    const property *p = closure;
    target t = target_of(self, p->owner);
    value v;
    memset(&v, 0, sizeof v);
    if (t.st == NULL || check(t.st, t.animator, property_call(p, &t, &v, false)) < 0) {
        return NULL;
    }
    /* a behavior is the live wrapper of its handle (a parent's) */
    return p->kind == VALUE_BEHAVIOR ? wrap_behavior(t.st, t.animator, v.behavior) : value_to_python(t.st, p->kind, &v);
}

/* The setter of every property declared with ANIMA_GETSET. */
int
property_set(PyObject *self, PyObject *obj, void *closure)
{
    const property *p = closure;
    target t = target_of(self, p->owner);
    value v;
    if (t.st == NULL || forbid_delete(obj, p->name) < 0 || value_from_python(t.st, p->kind, obj, p->name, &v) < 0) {
        return -1;
    }
    return check(t.st, t.animator, property_call(p, &t, &v, true));
}

/*
 * The first half of an ANIMA_METHOD: its arguments parsed, the spec's converted into v[] and the fields' left in
 * field_slots[] for fill_def, its target found. The arguments are, in order: the spec's positional rows, the fields
 * (the leading positional ones may follow those by position), then the spec's keyword-only rows.
 */
int
method_begin(PyObject *self, owner_kind owner, const char *name, const argument *spec, const argument *fields,
             PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames, value *v, PyObject **field_slots, target *t)
{
    argument rows[METHOD_MAX_ARGUMENTS + METHOD_MAX_FIELDS + 1];
    PyObject *slots[METHOD_MAX_ARGUMENTS + METHOD_MAX_FIELDS];
    Py_ssize_t count = 0, leading = 0, field_count = 0, positional = 0, required = 0;
    while (spec[count].name != NULL) {
        count++;
    }
    while (leading < count && spec[leading].positional) {
        leading++;
    }
    while (fields != NULL && fields[field_count].name != NULL) {
        field_count++;
    }
    *t = target_of(self, owner);
    if (count > METHOD_MAX_ARGUMENTS || field_count > METHOD_MAX_FIELDS
        || (owner == OWNER_NEW && spec[0].kind != VALUE_ANIMATOR)) {
        PyErr_Format(PyExc_SystemError, "%s(): the argument table does not fit ANIMA_METHOD", name);
        return -1;
    }
    if (t->st == NULL) {
        return -1;
    }
    memcpy(rows, spec, (size_t)leading * sizeof *rows);
    if (field_count > 0) {
        memcpy(rows + leading, fields, (size_t)field_count * sizeof *rows);
    }
    memcpy(rows + leading + field_count, spec + leading, (size_t)(count - leading + 1) * sizeof *rows);
    while (positional < count + field_count && rows[positional].positional) {
        positional++;
    }
    while (required < count + field_count && !rows[required].optional) {
        required++;
    }
    if (parse_arguments(name, args, nargs, kwnames, rows, positional, required, slots) < 0
        || (owner == OWNER_NEW && wrapper_check_fresh(t->st, self) < 0)) {
        return -1;
    }
    memcpy(field_slots, slots + leading, (size_t)field_count * sizeof *slots);
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *given = slots[i < leading ? i : field_count + i];
        memset(&v[i], 0, sizeof v[i]);
        if (given != NULL && value_from_python(t->st, spec[i].kind, given, spec[i].name, &v[i]) < 0) {
            return -1;
        }
    }
    if (owner == OWNER_NEW) {
        t->animator = (AnimatorObject *)slots[0];
        t->animator_handle = v[0].animator;
    }
    return 0;
}

/* The second half of an ANIMA_METHOD: the status checked, the result converted. */
PyObject *
method_end(const target *t, anima_status status, value_kind result, const value *out)
{
    if (check(t->st, t->animator, status) < 0) {
        return NULL;
    }
    return value_to_python(t->st, result, out);
}

/*
 * Converts the present arguments of a call (slots[i] for fields[i]) into the fields of
 * a def struct; fields of kind VALUE_NONE are the caller's to handle.
 */
int
fill_def(anima_state *st, const argument *fields, PyObject *const *slots, void *def)
{
    for (Py_ssize_t i = 0; fields != NULL && fields[i].name != NULL; i++) {
        if (slots[i] != NULL && fields[i].kind != VALUE_NONE && fill_field(st, &fields[i], slots[i], def) < 0) {
            return -1;
        }
    }
    return 0;
}

/* Converts one value into its field of a def struct. */
int
fill_field(anima_state *st, const argument *field, PyObject *obj, void *def)
{
    value v;
    if (value_from_python(st, field->kind, obj, field->name, &v) < 0) {
        return -1;
    }
    memcpy((char *)def + field->offset, &v, value_infos[field->kind].size);
    return 0;
}

/* tp_init of the types a _create method makes: Kind(...) is self._create(...). */
int
init_by_create(PyObject *self, PyObject *args, PyObject *kwds)
{
    PyObject *create = PyObject_GetAttrString(self, "_create");
    PyObject *result = create != NULL ? PyObject_Call(create, args, kwds) : NULL;
    Py_XDECREF(create);
    Py_XDECREF(result);
    return result != NULL ? 0 : -1;
}

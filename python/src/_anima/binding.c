#include "_anima.h"

/*
 * The binding machinery: the generic getter and setter of the property rows (ANIMA_GET, ANIMA_GETSET) and of the
 * callable attributes (ANIMA_CALLABLE), the two halves of every ANIMA_METHOD (its arguments parsed and converted,
 * its status checked and its result converted), the def tables stored by fill_def, the tp_init of the types a
 * _create method makes, and the walk over object references of tp_traverse and tp_clear. Above values.c; the rows
 * themselves are in the files of the types.
 */

/* ---------------------------------------------------------------------------------- properties */

/* The target of a property or method of self (an object of the owner's kind, or the module for OWNER_MODULE). */
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
    /* a behavior is the live wrapper of its handle (a parent's), which the row's wrap finds or makes */
    return p->kind == VALUE_BEHAVIOR && p->wrap != NULL ? p->wrap(t.st, t.animator, v.behavior)
                                                        : value_to_python(t.st, p->kind, &v);
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

/* ------------------------------------------------------------------------- callable attributes */

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

/* --------------------------------------------------------------------------------- the methods */

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
    memcpy((char *)def + field->offset, &v, value_size(field->kind));
    return 0;
}

/* ------------------------------------------------------------------------------------ the types */

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

/*
 * _anima.h: the internal header of the CPython binding of Anima's C interface (include/anima.h), shared by the C
 * files of the extension module anima._anima (docs/architecture.md, "The Python extension", describes the files).
 *
 * Every Python object here wraps one value handle of the C library. The library validates handles and values; the
 * extension converts Python arguments, checks the cheap things first (Python types, NaN and infinities), turns
 * every non-OK anima_status into an anima.AnimaError subclass, and keeps one Python wrapper per live handle so that
 * events hand back the user's own objects.
 *
 * Threading: the GIL stays held during advance, step and every other call into the library, so two Python threads
 * never run the library's code at once. They can still meet in one animator: while one thread's advance runs a
 * Python callback, the interpreter may switch to another thread, whose call on that animator the library refuses
 * with ANIMA_ERR_BUSY ("another thread is using this animator"), raised as BusyError (is_valid included). On a
 * free-threaded CPython the module keeps the GIL enabled (Py_mod_gil, module.c). docs/python.md, "Threading".
 *
 * Callbacks: the library calls the trampolines of callbacks.c from inside advance and step. The first Python
 * exception raised by a callback is stored on the animator, the library is asked to stop
 * (anima_animator_interrupt), later callbacks of that call are skipped, and the stored exception is raised when the
 * call returns. A behavior's C action is installed only when its class defines `action` or it was given an `action`
 * callable, and the animator keeps it alive while it has one; a custom field's evaluation, which the library calls
 * inside the solver, gives the Field the C action too (see trampoline_field).
 *
 * The limited API: the extension uses only CPython's limited API 3.11, so that built with
 * -DPy_LIMITED_API=0x030B0000 it is one abi3 module for CPython 3.11 and later; built without it, it is the same
 * code but for two functions of later versions of the API (see the top of errors.c). Types are opaque there: a
 * type's slots are read with PyType_GetSlot, its name for messages is type_name's (what tp_name held), the module
 * state is found by state_of_type, and tuples, lists and bytes are read through their functions, not their macros.
 */

#ifndef ANIMA_PY_INTERNAL_H
#define ANIMA_PY_INTERNAL_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#include <math.h>
#include <stdalign.h>
#include <stdint.h>
#include <string.h>

#include "anima.h"

/* The C type of a property or argument value. */
typedef enum {
    VALUE_NONE,               /* not converted: the caller takes the Python object */
    VALUE_DOUBLE,             /* double: a finite real number */
    VALUE_BOOL,               /* bool: any object, by Python's truth rules */
    VALUE_INT32,              /* int32_t: an int */
    VALUE_UINT64,             /* uint64_t (read-only) */
    VALUE_VEC2,               /* anima_vec2: (x, y) */
    VALUE_SIZE,               /* anima_size: (width, height) */
    VALUE_RECT,               /* anima_rect: (x, y, width, height) */
    VALUE_INSETS,             /* anima_insets: (top, left, bottom, right) */
    VALUE_TRANSFORM,          /* anima_transform: anima.Transform or a 5-sequence */
    VALUE_SHAPE,              /* anima_shape: 'rectangle', 'ellipse', 'path' */
    VALUE_COLLISION_MODE,     /* anima_collision_mode: 'items', 'boundaries', 'everything' or flags */
    VALUE_PUSH_MODE,          /* anima_push_mode: 'continuous', 'instantaneous' */
    VALUE_ATTACHMENT_TYPE,    /* anima_attachment_type: 'anchor', 'items', 'pin', ... */
    VALUE_POSITION,           /* anima_position: 'end', 'start', 'current' */
    VALUE_CURVE,              /* anima_curve: 'ease_in_out', ..., 'spring', ..., 'bounce_in_out' */
    VALUE_STEP_POSITION,      /* anima_step_position: 'jump_end', 'jump_start', 'jump_none', 'jump_both' */
    VALUE_KEYFRAME_MODE,      /* anima_keyframe_mode: 'linear', 'paced', 'cubic' */
    VALUE_PROPERTY,           /* anima_property: 'center', 'size', 'transform', 'alpha' */
    VALUE_REAL,               /* double: a real number, infinities allowed, not NaN */
    VALUE_BEZIER,             /* double[4]: (x1, y1, x2, y2) */
    VALUE_COMPONENTS,         /* double[5]: five real numbers, infinities allowed */
    VALUE_FIELD_KIND,         /* anima_field_kind: 'linear_gravity', 'radial_gravity', ... */
    VALUE_REGION,             /* anima_region: None, 'infinite', ('rectangle', (w, h)), ('circle', r), ('inverse', region) */
    VALUE_ITEM,               /* anima_item: an anima.Item (argument only) */
    VALUE_ITEM_OR_NONE,       /* anima_item: an anima.Item, or None for the null handle (argument only) */
    VALUE_BEHAVIOR,           /* anima_behavior: an anima.Behavior (argument only) */
    VALUE_ANIMATOR,           /* anima_animator: an anima.Animator (argument only) */
    VALUE_VALUE,              /* anima_value: an anima.Value (argument only) */
    VALUE_IDENTIFIER,         /* const char *: a str without NUL characters, borrowed (argument only) */
    VALUE_OPTIONAL_DOUBLE,    /* double: a finite real number, or None (NaN) */
    VALUE_RANGE,              /* double[2]: (lower, upper), infinities allowed */
    VALUE_OFFSETS,            /* anima_vec2[2] (read-only): an attachment's two points, as 4 doubles */
    VALUE_BOUNDS,             /* anima_rect: (x, y, width, height), or None (x NaN) */
    VALUE_CALLABLE,           /* PyObject *: a callable, borrowed, or None (NULL) (argument only) */
    VALUE_OBJECT,             /* PyObject *: any object, borrowed; as a result, a new reference the call made */
} value_kind;

typedef struct {
    /*
     * The extension's types by the anima_kind of the handles they wrap: Animator, Item, the kinds
     * of behavior and, as ANIMA_KIND_CUSTOM, the plain Behavior (the base of every kind).
     */
    union {
        PyTypeObject *types[ANIMA_KIND_VALUE + 1];
        struct {
            PyTypeObject *no_type;    /* ANIMA_KIND_NONE */
            PyTypeObject *animator_type;
            PyTypeObject *item_type;
            PyTypeObject *gravity_type;
            PyTypeObject *collision_type;
            PyTypeObject *item_behavior_type;
            PyTypeObject *attachment_type;
            PyTypeObject *behavior_type;
            PyTypeObject *push_type;
            PyTypeObject *snap_type;
            PyTypeObject *field_type;
            PyTypeObject *value_type;
        };
    };
    /* The classes of anima/_types.py; the exception classes by the anima_status they stand for. */
    union {
        PyObject *errors[ANIMA_ERR_INTERRUPTED + 1];
        struct {
            PyObject *anima_error;    /* ANIMA_OK's place: the class of any other status */
            PyObject *invalid_argument_error;
            PyObject *stale_handle_error;
            PyObject *wrong_kind_error;
            PyObject *out_of_memory_error;
            PyObject *busy_error;
            PyObject *not_found_error;
            PyObject *invalid_state_error;
            PyObject *buffer_too_small_error;    /* InvalidArgumentError */
            PyObject *interrupted_error;         /* AnimaError */
        };
    };
    PyObject *transform_type;
    PyObject *contact_event_type;
    PyObject *hit_event_type;
    PyObject *sensor_event_type;
    PyObject *pre_solve_contact_type;
    PyObject *action_name;    /* the interned str "action" */
    PyObject *region_record;  /* anima._types.region_record: a region's Python form to its record */
    PyObject *region_form;    /* anima._types.region_form: a region's record to its Python form */
    PyObject *behavior_items; /* anima._types.behavior_items: a behavior's items checked, with their animator */
    PyObject *path_points;    /* anima._types.path_points: an item's path as float64 (x, y) bytes */
    PyObject *choice_error;   /* anima._types.choice_error: the error for a name an enumeration lacks */
    PyObject *all_choices;    /* anima._types.CHOICES: the names of the enumerations */
    PyObject *choices[VALUE_OBJECT + 1];  /* the names of the enumeration of each value kind (a tuple) */
} anima_state;

/* The names of the state's types and exception classes stand at their kind's and status's index. */
_Static_assert(offsetof(anima_state, animator_type) == offsetof(anima_state, types[ANIMA_KIND_ANIMATOR])
                   && offsetof(anima_state, behavior_type) == offsetof(anima_state, types[ANIMA_KIND_CUSTOM])
                   && offsetof(anima_state, field_type) == offsetof(anima_state, types[ANIMA_KIND_FIELD])
                   && offsetof(anima_state, value_type) == offsetof(anima_state, types[ANIMA_KIND_VALUE])
                   && offsetof(anima_state, busy_error) == offsetof(anima_state, errors[ANIMA_ERR_BUSY])
                   && offsetof(anima_state, interrupted_error) == offsetof(anima_state, errors[ANIMA_ERR_INTERRUPTED]),
               "anima_state lists its types in anima_kind order and its errors in anima_status order");

typedef struct AnimatorObject {
    PyObject_HEAD
    anima_animator handle;
    bool created;             /* the C animator exists and belongs to this object */
    bool closing;             /* being destroyed: callbacks are ignored */
    bool purge_delegates;     /* a held behavior was destroyed: drop the dead ones after advance */
    int advancing;            /* depth of advance/step calls in progress */
    /* object references only from here to completions (traverse and clear walk them as an array) */
    PyObject *pending;        /* first exception raised by a callback, re-raised on return */
    PyObject *on_will_resume;
    PyObject *on_did_pause;
    PyObject *item_wrappers;      /* dict: handle key -> weakref to the Item */
    PyObject *behavior_wrappers;  /* dict: handle key -> weakref to the Behavior */
    PyObject *held;               /* dict: handle key -> behavior the library calls (see behavior_hold) */
    PyObject *value_wrappers;     /* dict: handle key -> weakref to the Value */
    PyObject *value_callbacks;    /* dict: handle key -> a value's on_change callable (value.c) */
    PyObject *completions;        /* dict: animation id -> completion callable */
    PyObject *weakreflist;
} AnimatorObject;

/*
 * The wrappers start zero-filled (PyType_GenericNew): a zero handle is the library's null
 * handle (anima_item_null() and its siblings), so a wrapper made by __new__ alone is stale.
 */
typedef struct {
    PyObject_HEAD
    AnimatorObject *animator;
    anima_item handle;
    PyObject *weakreflist;
} ItemObject;

/*
 * A behavior of any kind. Its callables are its own fields, NULL where none is set: `action`
 * (any behavior), the contact callbacks and the pre-solve hook (a collision) and the evaluation (a custom field).
 */
typedef struct {
    PyObject_HEAD
    AnimatorObject *animator;
    anima_behavior handle;
    bool overrides_action;    /* the class defines its own action method */
    PyObject *action;         /* the callable assigned to `action` */
    PyObject *on_began;       /* a collision's on_began_contact */
    PyObject *on_ended;       /* a collision's on_ended_contact */
    PyObject *evaluate;       /* a custom field's evaluation */
    PyObject *pre_solve;      /* a collision's pre_solve hook */
    PyObject *weakreflist;
} BehaviorObject;

/* An animated value: laid out as an item's wrapper (registry.c's shared slots read both). */
typedef struct {
    PyObject_HEAD
    AnimatorObject *animator;
    anima_value handle;
    PyObject *weakreflist;
} ValueObject;

/* The callables of a behavior: its fields from action to evaluate. */
#define BEHAVIOR_CALLABLES(self)                                                                          \
    &(self)->action, (offsetof(BehaviorObject, pre_solve) - offsetof(BehaviorObject, action)) / sizeof(PyObject *) + 1

/* --------------------------------------------- handle lists from the library */

typedef enum {
    LIST_ANIMATOR_ITEMS,
    LIST_ANIMATOR_BEHAVIORS,
    LIST_BEHAVIOR_CHILDREN,
    LIST_ITEMS_IN_RECT,
    LIST_BEHAVIOR_ITEMS,
    LIST_BOUNDARY_POINTS,
    LIST_ITEM_PATH,
    LIST_POSES,
    LIST_DISPLAY_POSES,
    LIST_DETACHED,
    LIST_BEGAN_CONTACTS,
    LIST_ENDED_CONTACTS,
    LIST_HIT_EVENTS,
    LIST_BEGAN_SENSOR_EVENTS,
    LIST_ENDED_SENSOR_EVENTS,
    LIST_SENSOR_VISITORS,
    LIST_GROUP_PARTS,
    LIST_SNAPSHOT,
    LIST_ANIMATOR_VALUES,
    LIST_DETACHED_VALUES,
} list_kind;

typedef struct {
    list_kind kind;
    anima_animator animator;
    anima_behavior behavior;
    anima_item item;
    anima_rect rect;
    const char *identifier;
} list_query;

/* ----------------------------------------------------------- values (values.c) */

typedef union {
    double f64;
    bool b;
    int32_t i32;
    uint64_t u64;
    anima_vec2 vec2;
    anima_size size;
    anima_rect rect;
    anima_insets insets;
    anima_transform transform;
    anima_shape shape;
    anima_collision_mode collision_mode;
    anima_push_mode push_mode;
    anima_attachment_type attachment_type;
    anima_position position;
    anima_curve curve;
    anima_step_position step_position;
    anima_keyframe_mode keyframe_mode;
    anima_property property;
    double doubles[5];
    anima_field_kind field_kind;
    anima_region region;
    anima_item item;
    anima_behavior behavior;
    anima_animator animator;
    anima_value animated;
    const char *identifier;
    PyObject *object;
} value;

/* The status of a function called by an ANIMA_METHOD that raised a Python exception itself. */
#define STATUS_RAISED ((anima_status)-1)

/*
 * Which object a property or method belongs to: it picks the handle passed to the accessors.
 * OWNER_NEW is a method that makes the C behavior of a fresh wrapper: its first argument is the
 * animator (VALUE_ANIMATOR), its call writes the new handle into t.behavior, and behavior_made
 * has the wrapper adopt it. OWNER_MODULE is a function of the module (no handle).
 */
typedef enum { OWNER_ANIMATOR, OWNER_ITEM, OWNER_BEHAVIOR, OWNER_NEW, OWNER_MODULE } owner_kind;

/* A function of the C interface, stored untyped and called through its own type. */
typedef void (*anima_function)(void);

/*
 * A property backed by C accessors: get is anima_status (*)(handle, T *) and set is
 * anima_status (*)(handle, T), with T the C type of kind; set is NULL for read-only. A behavior
 * (VALUE_BEHAVIOR) comes back as the live wrapper of its handle, which the row's wrap gives.
 */
typedef struct {
    const char *name;
    value_kind kind;
    owner_kind owner;
    anima_function get;
    anima_function set;
    PyObject *(*wrap)(anima_state *st, AnimatorObject *animator, anima_behavior handle);
} property;

/* The animator and the handle a property or method of an object reads or writes. */
typedef struct {
    anima_state *st;
    PyObject *self;
    AnimatorObject *animator;
    owner_kind owner;
    anima_animator animator_handle;
    anima_item item;
    anima_behavior behavior;
} target;

/* A PyGetSetDef row for a property: one declaration gives its name, type, accessors and docstring. */
#define ANIMA_GETSET(OWNER, KIND, NAME, GET, SET, DOC)                                              \
    {NAME, property_get, property_set, DOC,                                                         \
     (void *)&(const property){NAME, KIND, OWNER, (anima_function)(GET), (anima_function)(SET), NULL}}
#define ANIMA_GET(OWNER, KIND, NAME, GET, DOC)                                                      \
    {NAME, property_get, NULL, DOC, (void *)&(const property){NAME, KIND, OWNER, (anima_function)(GET), NULL, NULL}}
/* The row of a read-only property whose value is a behavior: its getter's handle as the registry's wrapper. */
#define ANIMA_GET_BEHAVIOR(OWNER, NAME, GET, DOC)                                                   \
    {NAME, property_get, NULL, DOC,                                                                 \
     (void *)&(const property){NAME, VALUE_BEHAVIOR, OWNER, (anima_function)(GET), NULL, wrap_behavior}}
#define ANIMA_GETSET_END {NULL, NULL, NULL, NULL, NULL}

/* An argument of a method: its keyword, its value kind and, for a def struct's field, its offset. */
typedef struct {
    const char *name;
    value_kind kind;    /* VALUE_OBJECT: the call converts it */
    size_t offset;      /* a field's place in the def, where fill_def writes it */
    bool optional;      /* may be left out (a method's value is then all zero) */
    bool positional;    /* may be given by position */
} argument;

/* The end of a table of arguments (the only row of a method without arguments). */
#define ANIMA_ARG(NAME) {NAME, VALUE_NONE, 0, false, false}
/* An argument of a method: converted to its kind, positional or keyword, required. */
#define ANIMA_IN(NAME, KIND) {NAME, KIND, 0, false, true}
/* An argument of a method that may be left out, after the required ones: zero by default. */
#define ANIMA_OPT(NAME, KIND) {NAME, KIND, 0, true, true}
/* A keyword-only argument of a method, which may be left out. */
#define ANIMA_KW(NAME, KIND) {NAME, KIND, 0, true, false}
/* A def struct's field MEMBER given as the keyword NAME (ANIMA_FIELD: of the same name). */
#define ANIMA_FIELD_AS(NAME, KIND, DEF, MEMBER) {NAME, KIND, offsetof(DEF, MEMBER), true, false}
#define ANIMA_FIELD(DEF, NAME, KIND) ANIMA_FIELD_AS(#NAME, KIND, DEF, NAME)
/* A field that may also be given by position, after the method's positional arguments. */
#define ANIMA_POSITIONAL_FIELD(DEF, NAME, KIND) {#NAME, KIND, offsetof(DEF, NAME), true, true}

/* The most arguments and def fields a method declared with ANIMA_METHOD or ANIMA_DEF_METHOD takes. */
#define METHOD_MAX_ARGUMENTS 12
#define METHOD_MAX_FIELDS 24

/*
 * A method that makes one call of the C interface: its arguments are converted by the ANIMA_IN rows into v[0],
 * v[1], ... and CALL, an expression on those, on the target t (t.item, t.behavior, t.animator_handle) and on `out`,
 * returns the status; the method returns out converted from RESULT (VALUE_NONE: None). A method without arguments
 * gives ANIMA_ARG(NULL) as its only row.
 */
#define ANIMA_METHOD(NAME, PYNAME, OWNER, RESULT, CALL, ...) \
    ANIMA_DEF_METHOD(NAME, PYNAME, OWNER, RESULT, char, 0, NULL, CALL, __VA_ARGS__)

/*
 * A behavior's methods on one of its items (UIKit's linearVelocity(for:), addLinearVelocity(_:for:), ...). The
 * method PYNAME(item) of ANIMA_ITEM_GETTER returns the value that GET(behavior, item, &value) reads, of kind KIND
 * (MEMBER: its member of `value`); the method PYNAME(item, ARGUMENT) of ANIMA_ITEM_SETTER calls SET(behavior,
 * item, value) with ARGUMENT converted to KIND.
 */
#define ANIMA_ITEM_GETTER(NAME, PYNAME, KIND, MEMBER, GET)                                                       \
    ANIMA_METHOD(NAME, PYNAME, OWNER_BEHAVIOR, KIND, GET(t.behavior, v[0].item, &out.MEMBER),                    \
                 ANIMA_IN("item", VALUE_ITEM))
#define ANIMA_ITEM_SETTER(NAME, PYNAME, ARGUMENT, KIND, MEMBER, SET)                                             \
    ANIMA_METHOD(NAME, PYNAME, OWNER_BEHAVIOR, VALUE_NONE, SET(t.behavior, v[0].item, v[1].MEMBER),              \
                 ANIMA_IN("item", VALUE_ITEM), ANIMA_IN(ARGUMENT, KIND))

/*
 * ANIMA_METHOD for a call that takes a def struct: `def`, of type DEF_TYPE, starts as DEF_INIT
 * (an expression that may read v[]) and takes the fields of the table FIELDS, keyword arguments
 * after the positional ones (see method_begin).
 */
#define ANIMA_DEF_METHOD(NAME, PYNAME, OWNER, RESULT, DEF_TYPE, DEF_INIT, FIELDS, CALL, ...)                     \
    static PyObject *NAME(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)              \
    {                                                                                                             \
        static const argument spec[] = {__VA_ARGS__, ANIMA_ARG(NULL)};                                            \
        PyObject *field_slots[METHOD_MAX_FIELDS];                                                                 \
        value v[METHOD_MAX_ARGUMENTS], out;                                                                       \
        target t;                                                                                                 \
        memset(&out, 0, sizeof out);                                                                              \
        if (method_begin(self, OWNER, PYNAME, spec, FIELDS, args, nargs, kwnames, v, field_slots, &t) < 0) {      \
            return NULL;                                                                                          \
        }                                                                                                         \
        DEF_TYPE def = DEF_INIT;                                                                                  \
        if (fill_def(t.st, FIELDS, field_slots, &def) < 0) {                                                      \
            return NULL;                                                                                          \
        }                                                                                                         \
        return method_end(&t, (CALL), RESULT, &out);                                                              \
    }

/*
 * The _create method of a kind of behavior made as Kind(items, *, <fields>, animator=None) (its
 * tp_init is init_by_create): the fields of its DEF_TYPE in the table FIELDS (ANIMA_FIELD rows) are
 * stored over DEF_INIT, then CREATE, the library's constructor for that def, makes it (see
 * behavior_create). ANIMA_BEHAVIOR_CREATE takes the rows themselves.
 */
#define ANIMA_BEHAVIOR_CREATE_WITH(NAME, PYNAME, DEF_TYPE, DEF_INIT, CREATE, FIELDS)                             \
    ANIMA_DEF_METHOD(NAME, PYNAME, OWNER_BEHAVIOR, VALUE_NONE, DEF_TYPE, DEF_INIT, FIELDS,                        \
                     behavior_create(&t, (anima_function)(CREATE), &def, v[0].object, v[1].object),               \
                     ANIMA_IN("items", VALUE_OBJECT), ANIMA_KW("animator", VALUE_OBJECT))
#define ANIMA_BEHAVIOR_CREATE(NAME, PYNAME, DEF_TYPE, DEF_INIT, CREATE, ...)                                     \
    static const argument NAME##_fields[] = {__VA_ARGS__, ANIMA_ARG(NULL)};                                       \
    ANIMA_BEHAVIOR_CREATE_WITH(NAME, PYNAME, DEF_TYPE, DEF_INIT, CREATE, NAME##_fields)

/* The PyMethodDef row of a method defined with ANIMA_METHOD. */
#define ANIMA_METHOD_ROW(PYNAME, NAME, DOC) \
    {PYNAME, (PyCFunction)(void (*)(void))(NAME), METH_FASTCALL | METH_KEYWORDS, DOC}

/*
 * The type spec VAR_spec of one of the module's classes (subclassable, garbage-collected, made by
 * PyType_GenericNew): OBJECT its instance struct, DOC its docstring (NULL for a class whose docstring and
 * __init__ are the package's), VAR_methods and VAR_getset its tables, then its other slots.
 */
#define ANIMA_TYPE(VAR, NAME, OBJECT, DOC, ...)                                                             \
    static PyType_Slot VAR##_slots[] = {{Py_tp_doc, (void *)(DOC)}, {Py_tp_new, PyType_GenericNew},       \
                                        {Py_tp_methods, VAR##_methods}, {Py_tp_getset, VAR##_getset},       \
                                        __VA_ARGS__{0, NULL}};                                              \
    PyType_Spec VAR##_spec = {NAME, (int)sizeof(OBJECT), 0,                                                 \
                              Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC, VAR##_slots}

/* The slot that gives OBJECT's instances weak references (through its weakreflist field). */
#define ANIMA_WEAKREFS(OBJECT)                                                                              \
    {Py_tp_members, (PyMemberDef[]){{"__weaklistoffset__", T_PYSSIZET, offsetof(OBJECT, weakreflist), READONLY, \
                                     NULL}, {NULL, 0, 0, 0, NULL}}}

/*
 * A behavior type (anima.Behavior or one of its kinds) and, last, any other slots ({Py_tp_init, ...},). A kind
 * without a tp_init gets its __init__ from the package (anima/_behavior.py, anima/_snap.py, anima/_attachment.py).
 */
#define ANIMA_BEHAVIOR_TYPE(VAR, NAME, DOC, ...)                                                              \
    ANIMA_TYPE(VAR, NAME, BehaviorObject, DOC, {Py_tp_dealloc, behavior_dealloc},                            \
               {Py_tp_traverse, behavior_traverse}, {Py_tp_clear, behavior_clear}, __VA_ARGS__)

/*
 * A callable attribute (on_did_pause, action, on_began_contact, evaluate, ...): the closure of
 * its PyGetSetDef row. Setting it checks the value (a callable, or None for none), has install
 * make the library call it, or stop calling it, then keeps it in the object's slot.
 */
typedef struct {
    const char *name;
    size_t offset;            /* of the object's PyObject * slot */
    int (*install)(anima_state *st, PyObject *self, PyObject **slot, PyObject *value);
    bool deletable;           /* `del` sets None */
} callable_slot;

/* The PyGetSetDef row of a callable attribute of OBJECT kept in its FIELD. */
#define ANIMA_CALLABLE(NAME, OBJECT, FIELD, INSTALL, DELETABLE, DOC)                                          \
    {NAME, callable_get, callable_set, DOC,                                                                   \
     (void *)&(const callable_slot){NAME, offsetof(OBJECT, FIELD), (INSTALL), (DELETABLE)}}

/* Py_XSETREF, which the limited API lacks: *slot takes the reference value (or NULL), then its old one is released. */
static inline void
replace_reference(PyObject **slot, PyObject *value)
{
    PyObject *old = *slot;
    *slot = value;
    Py_XDECREF(old);
}

#define STATE_OF(obj) state_of_type(Py_TYPE((PyObject *)(obj)))

/*
 * ============================================================ the files, from the bottom layer up
 *
 * Each file calls only the files of the layers below its own: errors, values, binding, the registry, the queries
 * and events, the callbacks, the types, the module. Among the types, behavior.c calls animator.c, the kinds of
 * behavior and gestures.c call behavior.c, snapshot.c calls both; none calls back. Where a lower file needs what a
 * higher one makes, the higher one hands it down as data: a row's wrap (ANIMA_GET_BEHAVIOR), a callable slot's
 * install hook, a type in the module state.
 */

/* errors.c: the module state of a type, type names, exceptions, statuses turned into exceptions */
extern struct PyModuleDef anima_module;    /* module.c's, whose identity finds the module state */
anima_state *state_of_type(PyTypeObject *type);
PyObject *type_name(PyTypeObject *type);
int raise_wrong_type(const char *what, const char *expected, PyObject *obj);
PyObject *take_exception(void);
void raise_exception(PyObject *exc);
int forbid_delete(PyObject *value, const char *name);
int check(anima_state *st, AnimatorObject *animator, anima_status status);
void raise_never_initialised(anima_state *st, PyObject *self);
int wrapper_check_fresh(anima_state *st, PyObject *self);

/* values.c: Python <-> C values */
int as_callable(PyObject **value, const char *name);
const anima_vec2 *path_points(anima_state *st, PyObject *path, PyObject **bytes, int32_t *count);
size_t value_size(value_kind kind);
int load_choices(anima_state *st);
PyObject *choice_name(anima_state *st, value_kind kind, int32_t index);
int value_from_python(anima_state *st, value_kind kind, PyObject *obj, const char *what, value *out);
PyObject *value_to_python(anima_state *st, value_kind kind, const value *v);
PyObject *value_components(const double *components, int32_t count);

/* binding.c: the property, callable and method rows, the def tables, what the types share */
target target_of(PyObject *self, owner_kind owner);
PyObject *property_get(PyObject *self, void *closure);
int property_set(PyObject *self, PyObject *value, void *closure);
PyObject *callable_get(PyObject *self, void *closure);
int callable_set(PyObject *self, PyObject *value, void *closure);
int method_begin(PyObject *self, owner_kind owner, const char *name, const argument *spec, const argument *fields,
                 PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames, value *v, PyObject **field_slots,
                 target *t);
PyObject *method_end(const target *t, anima_status status, value_kind result, const value *out);
int fill_def(anima_state *st, const argument *fields, PyObject *const *slots, void *def);
int fill_field(anima_state *st, const argument *field, PyObject *obj, void *def);
int walk_references(PyObject **first, size_t count, visitproc visit, void *arg);
int init_by_create(PyObject *self, PyObject *args, PyObject *kwds);

/* registry.c: one Python wrapper per live handle; the slots every wrapper shares */
PyObject *handle_key(uint32_t index1, uint32_t generation);
int registry_find(PyObject *map, uint32_t index1, uint32_t generation, PyObject **out);
void registry_forget(PyObject *map, uint32_t index1, uint32_t generation);
int wrapper_adopt(PyObject *obj, AnimatorObject *animator, PyObject **map, const void *handle);
PyObject *wrap_handle(AnimatorObject *animator, PyObject **map, uint32_t index1, uint32_t generation, PyTypeObject *type,
                      const void *handle);
PyObject *wrap_item(anima_state *st, AnimatorObject *animator, anima_item handle);
extern PyMethodDef animator_group_methods[];
PyTypeObject *behavior_type_for_kind(anima_state *st, uint16_t kind);
PyObject *wrap_behavior(anima_state *st, AnimatorObject *animator, anima_behavior handle);
PyObject *wrap_value(anima_state *st, AnimatorObject *animator, anima_value handle);
int dict_keep(PyObject **dict, PyObject *key, PyObject *value);
Py_hash_t wrapper_hash(PyObject *self);
PyObject *wrapper_richcompare(PyObject *a, PyObject *b, int op);
PyObject *wrapper_get_animator(PyObject *self, void *closure);
PyObject *is_valid_get(PyObject *self, void *closure);
void wrapper_dealloc(PyObject *self, inquiry clear);

/* events.c: a library contact event as an anima.ContactEvent */
PyObject *contact_event_new(anima_state *st, AnimatorObject *animator, const anima_contact_event *event);
PyObject *hit_event_new(anima_state *st, AnimatorObject *animator, const anima_hit_event *event);
int event_parties(anima_state *st, AnimatorObject *animator, anima_behavior collision_handle, anima_item item_a,
                  anima_item item_b, bool is_boundary, PyObject **parties);
PyObject *sensor_event_new(anima_state *st, AnimatorObject *animator, const anima_sensor_event *event);

/* queries.c: the library's counting queries as tuples, lists or bytes */
anima_status query_call(const target *t, list_query q, PyObject **out);
PyObject *query_get(PyObject *self, void *closure);

/* callbacks.c: the trampolines the library calls */
void trampoline_contact_ended(void *user_data, const anima_contact_event *event);
bool trampoline_pre_solve(void *user_data, const anima_pre_solve_contact *contact);
void trampoline_field(void *user_data, anima_vec2 position, anima_vec2 velocity, double mass, double charge, double delta_time, anima_vec2 *out_force);
void trampoline_contact_began(void *user_data, const anima_contact_event *event);
void trampoline_will_resume(void *user_data, anima_animator handle);
void trampoline_action(void *user_data, anima_behavior handle);
void trampoline_step(void *user_data, anima_animator handle);
void trampoline_did_pause(void *user_data, anima_animator handle);
void trampoline_animation_done(void *user_data, anima_animator handle, anima_animation animation, bool finished, anima_position position);
void trampoline_value_changed(void *user_data, anima_value handle, const double *components, int32_t count);

/*
 * The types, one file each, and the methods that other files add to them: animator.c (with animation.c's view
 * animations, snapshot.c's snapshots and gestures.c's pointer methods), item.c, behavior.c (the base of every
 * behavior, and what the kinds share) and the kinds: gravity.c, collision.c, item_behavior.c, attachment.c (with
 * gestures.c's drag methods), push.c, snap.c, field.c; gestures.c adds module functions too, animation.c the timing
 * functions.
 */
extern PyType_Spec animator_spec;
extern PyType_Spec item_spec;
extern PyType_Spec behavior_spec;
extern PyType_Spec gravity_spec;
extern PyType_Spec collision_spec;
extern PyType_Spec item_behavior_spec;
extern PyType_Spec attachment_spec;
extern PyType_Spec push_spec;
extern PyType_Spec snap_spec;
extern PyType_Spec field_spec;
extern PyType_Spec value_spec;
extern PyMethodDef module_methods[];
extern PyMethodDef animator_animation_methods[];
extern PyMethodDef animator_snapshot_methods[];
extern PyMethodDef animator_value_methods[];
extern PyMethodDef animator_detent_methods[];
extern PyMethodDef detent_functions[];
extern PyMethodDef gesture_functions[];
extern PyMethodDef animator_gesture_methods[];
/* spatial.c */
extern PyMethodDef animator_query_methods[];
extern PyMethodDef attachment_drag_methods[];

/* animator.c */
anima_status animator_adopt(AnimatorObject *self, anima_animator handle);
int animator_check_fresh(const target *t);
void animator_purge_delegates(AnimatorObject *self);

/* behavior.c */
int behavior_clear(BehaviorObject *self);
int behavior_traverse(BehaviorObject *self, visitproc visit, void *arg);
void behavior_dealloc(BehaviorObject *self);
anima_status behavior_create(const target *t, anima_function create, const void *def, PyObject *items, PyObject *animator);
anima_status behavior_made(const target *t, anima_status status);
anima_status behavior_destroyed(BehaviorObject *self, anima_status status);
AnimatorObject *behavior_animator(anima_state *st, BehaviorObject *self);
int behavior_set_c_action(anima_state *st, BehaviorObject *self, bool install);
int behavior_hold(BehaviorObject *self, bool hold);
int behavior_take_class_action(anima_state *st, BehaviorObject *self);

#endif

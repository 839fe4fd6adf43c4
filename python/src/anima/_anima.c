/*
 * _anima.c: the CPython binding of Anima's C interface (include/anima.h).
 *
 * Every Python object here wraps one value handle of the C library. The
 * library validates handles and values; this file converts Python arguments,
 * checks the cheap things first (Python types, NaN and infinities), turns
 * every non-OK anima_status into an anima.AnimaError subclass, and keeps one
 * Python wrapper per live handle so that events hand back the user's own
 * objects.
 *
 * Threading: the GIL stays held during advance and step. An animator and
 * everything in it belongs to one thread at a time, and holding the GIL
 * keeps every call into the library serialised.
 *
 * Callbacks: the library calls the trampolines below from inside
 * anima_animator_advance / anima_animator_step. The first Python exception
 * raised by a callback is stored on the animator, the library is asked to
 * stop (anima_animator_interrupt), later callbacks of that call are skipped,
 * and the stored exception is raised when the call returns. Behavior actions
 * are callbacks too: the C action is installed only for behaviors whose class
 * defines its own `action` method or that were given an `action` callable,
 * and the animator keeps those Python objects alive while they have one.
 * A custom field's evaluation is different: the library calls it inside the
 * solver, once per item and step, with the Field object as its user data.
 * The Field then gets the C action as well, which keeps it alive in the same
 * way and ends the step when its evaluation raised (see trampoline_field).
 *
 * Sections: module state and errors; argument conversion; object layouts;
 * wrapper registry; Animator; callback trampolines; Item; Behavior (base);
 * Gravity; Collision; ItemBehavior; Attachment; Push; Snap; Field;
 * ContactEvent; Poses; module.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#include <math.h>
#include <stdalign.h>
#include <stdint.h>
#include <string.h>

#include "anima.h"

/* ================================================= module state and errors */

typedef struct {
    PyTypeObject *animator_type;
    PyTypeObject *item_type;
    PyTypeObject *behavior_type;
    PyTypeObject *gravity_type;
    PyTypeObject *collision_type;
    PyTypeObject *item_behavior_type;
    PyTypeObject *attachment_type;
    PyTypeObject *push_type;
    PyTypeObject *snap_type;
    PyTypeObject *field_type;
    PyTypeObject *contact_event_type;
    PyTypeObject *poses_type;
    PyObject *anima_error;
    PyObject *invalid_argument_error;
    PyObject *stale_handle_error;
    PyObject *wrong_kind_error;
    PyObject *out_of_memory_error;
    PyObject *busy_error;
    PyObject *not_found_error;
    PyObject *invalid_state_error;
    PyObject *transform_type;
    PyObject *action_name;    /* the interned str "action" */
} anima_state;

static struct PyModuleDef anima_module;

/* The module state of one of this module's types (or a subclass of one). */
static anima_state *
state_of_type(PyTypeObject *type)
{
    PyObject *module = PyType_GetModuleByDef(type, &anima_module);
    if (module == NULL) {
        return NULL;
    }
    return (anima_state *)PyModule_GetState(module);
}

#define STATE_OF(obj) state_of_type(Py_TYPE(obj))

/* Takes the raised exception out of the error indicator (a new reference). */
static PyObject *
take_exception(void)
{
#if PY_VERSION_HEX >= 0x030C0000
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
static void
raise_exception(PyObject *exc)
{
#if PY_VERSION_HEX >= 0x030C0000
    PyErr_SetRaisedException(exc);
#else
    PyObject *traceback = PyException_GetTraceback(exc);
    PyObject *type = (PyObject *)Py_TYPE(exc);
    Py_INCREF(type);
    PyErr_Restore(type, exc, traceback);
#endif
}

/* The exception class for a status. */
static PyObject *
error_class(anima_state *st, anima_status status)
{
    switch (status) {
    case ANIMA_ERR_INVALID_ARGUMENT: return st->invalid_argument_error;
    case ANIMA_ERR_INVALID_HANDLE: return st->stale_handle_error;
    case ANIMA_ERR_WRONG_KIND: return st->wrong_kind_error;
    case ANIMA_ERR_OUT_OF_MEMORY: return st->out_of_memory_error;
    case ANIMA_ERR_BUSY: return st->busy_error;
    case ANIMA_ERR_NOT_FOUND: return st->not_found_error;
    case ANIMA_ERR_INVALID_STATE: return st->invalid_state_error;
    case ANIMA_ERR_BUFFER_TOO_SMALL: return st->invalid_argument_error;
    default: return st->anima_error;
    }
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
    PyErr_SetString(error_class(st, status), message);
    anima_clear_error();
}

/* ==================================================== argument conversion */

/* A finite double from any real number; names the argument on failure. */
static int
as_finite(anima_state *st, PyObject *obj, const char *what, double *out)
{
    double value = PyFloat_AsDouble(obj);
    if (value == -1.0 && PyErr_Occurred()) {
        if (PyErr_ExceptionMatches(PyExc_TypeError)) {
            PyErr_Format(PyExc_TypeError, "%s must be a real number, not %.100s",
                         what, Py_TYPE(obj)->tp_name);
        }
        else if (PyErr_ExceptionMatches(PyExc_OverflowError)) {
            PyErr_Format(st->invalid_argument_error, "%s must be finite (got %R)", what, obj);
        }
        return -1;
    }
    if (!isfinite(value)) {
        PyErr_Format(st->invalid_argument_error, "%s must be finite (got %R)", what, obj);
        return -1;
    }
    *out = value;
    return 0;
}

/* count finite doubles from a sequence such as (x, y) or (x, y, w, h). */
static int
as_doubles(anima_state *st, PyObject *obj, const char *what, const char *form,
           Py_ssize_t count, double *out)
{
    if (PyUnicode_Check(obj) || PyBytes_Check(obj) || PyByteArray_Check(obj)
        || !PySequence_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s must be a sequence of %zd numbers %s, not %.100s",
                     what, count, form, Py_TYPE(obj)->tp_name);
        return -1;
    }
    PyObject *seq = PySequence_Fast(obj, "expected a sequence");
    if (seq == NULL) {
        return -1;
    }
    if (PySequence_Fast_GET_SIZE(seq) != count) {
        PyErr_Format(PyExc_TypeError, "%s must be a sequence of %zd numbers %s, got %zd",
                     what, count, form, PySequence_Fast_GET_SIZE(seq));
        Py_DECREF(seq);
        return -1;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        char name[96];
        PyOS_snprintf(name, sizeof name, "%s[%zd]", what, i);
        if (as_finite(st, PySequence_Fast_GET_ITEM(seq, i), name, &out[i]) < 0) {
            Py_DECREF(seq);
            return -1;
        }
    }
    Py_DECREF(seq);
    return 0;
}

static int
as_vec2(anima_state *st, PyObject *obj, const char *what, anima_vec2 *out)
{
    double v[2];
    if (as_doubles(st, obj, what, "(x, y)", 2, v) < 0) {
        return -1;
    }
    out->x = v[0];
    out->y = v[1];
    return 0;
}

static int
as_size(anima_state *st, PyObject *obj, const char *what, anima_size *out)
{
    double v[2];
    if (as_doubles(st, obj, what, "(width, height)", 2, v) < 0) {
        return -1;
    }
    out->width = v[0];
    out->height = v[1];
    return 0;
}

static int
as_rect(anima_state *st, PyObject *obj, const char *what, anima_rect *out)
{
    double v[4];
    if (as_doubles(st, obj, what, "(x, y, width, height)", 4, v) < 0) {
        return -1;
    }
    out->x = v[0];
    out->y = v[1];
    out->width = v[2];
    out->height = v[3];
    return 0;
}

static int
as_insets(anima_state *st, PyObject *obj, const char *what, anima_insets *out)
{
    double v[4];
    if (as_doubles(st, obj, what, "(top, left, bottom, right)", 4, v) < 0) {
        return -1;
    }
    out->top = v[0];
    out->left = v[1];
    out->bottom = v[2];
    out->right = v[3];
    return 0;
}

/* A bool from any object, with Python's truth rules. */
static int
as_bool(PyObject *obj, bool *out)
{
    int truth = PyObject_IsTrue(obj);
    if (truth < 0) {
        return -1;
    }
    *out = truth != 0;
    return 0;
}

/* An int32 from an integer (not a float); out of range is an invalid argument. */
static int
as_int32(anima_state *st, PyObject *obj, const char *what, int32_t *out)
{
    if (!PyLong_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s must be an int, not %.100s", what, Py_TYPE(obj)->tp_name);
        return -1;
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

/* A UTF-8 identifier without NUL characters; borrowed from obj. */
static const char *
as_identifier(anima_state *st, PyObject *obj)
{
    if (!PyUnicode_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "identifier must be a str, not %.100s", Py_TYPE(obj)->tp_name);
        return NULL;
    }
    Py_ssize_t length = 0;
    const char *utf8 = PyUnicode_AsUTF8AndSize(obj, &length);
    if (utf8 == NULL) {
        return NULL;
    }
    if ((Py_ssize_t)strlen(utf8) != length) {
        PyErr_SetString(st->invalid_argument_error, "identifier must not contain NUL characters");
        return NULL;
    }
    return utf8;
}

static PyObject *
vec2_tuple(anima_vec2 v)
{
    return Py_BuildValue("(dd)", v.x, v.y);
}

static int
forbid_delete(PyObject *value, const char *name)
{
    if (value == NULL) {
        PyErr_Format(PyExc_AttributeError, "cannot delete %s", name);
        return -1;
    }
    return 0;
}

/*
 * Collects the arguments of a METH_FASTCALL | METH_KEYWORDS call into out[],
 * one slot per name (names is NULL-terminated); a slot stays NULL when the
 * argument is absent. The first max_positional names may be given by position;
 * the first `required` names must be given.
 */
static int
parse_arguments(const char *function, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames,
                const char *const *names, Py_ssize_t max_positional, Py_ssize_t required,
                PyObject **out)
{
    Py_ssize_t count = 0;
    while (names[count] != NULL) {
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
    Py_ssize_t nkw = kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames);
    for (Py_ssize_t k = 0; k < nkw; k++) {
        PyObject *key = PyTuple_GET_ITEM(kwnames, k);
        Py_ssize_t slot = -1;
        for (Py_ssize_t j = 0; j < count; j++) {
            if (PyUnicode_CompareWithASCIIString(key, names[j]) == 0) {
                slot = j;
                break;
            }
        }
        if (slot < 0) {
            PyErr_Format(PyExc_TypeError, "%s() got an unexpected keyword argument '%U'", function, key);
            return -1;
        }
        if (out[slot] != NULL) {
            PyErr_Format(PyExc_TypeError, "%s() got multiple values for argument '%s'",
                         function, names[slot]);
            return -1;
        }
        out[slot] = args[nargs + k];
    }
    for (Py_ssize_t j = 0; j < required; j++) {
        if (out[j] == NULL) {
            PyErr_Format(PyExc_TypeError, "%s() missing required argument '%s'", function, names[j]);
            return -1;
        }
    }
    return 0;
}

/* ======================================================= object layouts */

typedef struct AnimatorObject {
    PyObject_HEAD
    anima_animator handle;
    bool created;             /* the C animator exists and belongs to this object */
    bool closing;             /* being destroyed: callbacks are ignored */
    bool purge_delegates;     /* a collision was destroyed: drop dead delegates after advance */
    int advancing;            /* depth of advance/step calls in progress */
    PyObject *pending;        /* first exception raised by a callback, re-raised on return */
    PyObject *on_will_resume;
    PyObject *on_did_pause;
    PyObject *item_wrappers;      /* dict: handle key -> weakref to the Item */
    PyObject *behavior_wrappers;  /* dict: handle key -> weakref to the Behavior */
    PyObject *delegating;         /* set of Collision objects with contact callbacks */
    PyObject *acting;             /* dict: handle key -> behavior with an action installed */
    PyObject *completions;        /* dict: animation id -> completion callable */
    PyObject *weakreflist;
} AnimatorObject;

typedef struct {
    PyObject_HEAD
    AnimatorObject *animator;
    anima_item handle;
    PyObject *weakreflist;
} ItemObject;

typedef struct {
    PyObject_HEAD
    AnimatorObject *animator;
    anima_behavior handle;
    PyObject *action;         /* the callable assigned to `action`, or NULL */
    bool overrides_action;    /* the class defines its own action method */
    PyObject *weakreflist;
} BehaviorObject;

typedef struct {
    BehaviorObject base;
    PyObject *on_began;
    PyObject *on_ended;
} CollisionObject;

typedef struct {
    BehaviorObject base;
    PyObject *evaluate;       /* a custom field's evaluation (a callable), or NULL */
} FieldObject;

typedef struct {
    PyObject_HEAD
    PyObject *collision;
    PyObject *item;
    PyObject *other;
    PyObject *boundary_identifier;
    PyObject *point;
    char is_boundary;
} ContactEventObject;

typedef struct {
    PyObject_HEAD
    double *data;
    Py_ssize_t shape[2];
    Py_ssize_t strides[2];
} PosesObject;

/*
 * Checks a status after a call on an animator's object. An exception stored by
 * a callback that ran during this call (outside advance) wins over the status.
 * Returns 0 when all is well, -1 with an exception set.
 */
static int
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
    raise_status(st, status);
    return -1;
}

/* ======================================================= wrapper registry */

/* The registry key of a handle: generation and index (one dict per category). */
static PyObject *
handle_key(uint32_t index1, uint32_t generation)
{
    return PyLong_FromUnsignedLongLong(((unsigned long long)generation << 32) | index1);
}

/* A new reference to a weak reference's object, or NULL (no error) when it is dead. */
static PyObject *
weakref_target(PyObject *ref)
{
#if PY_VERSION_HEX >= 0x030D0000
    PyObject *obj = NULL;
    if (PyWeakref_GetRef(ref, &obj) < 0) {
        PyErr_Clear();
        return NULL;
    }
    return obj;
#else
    PyObject *obj = PyWeakref_GetObject(ref);
    if (obj == NULL) {
        PyErr_Clear();
        return NULL;
    }
    if (obj == Py_None) {
        return NULL;
    }
    Py_INCREF(obj);
    return obj;
#endif
}

/* Looks up the live wrapper registered under key: *out is a new reference or NULL. */
static int
registry_find(PyObject *map, PyObject *key, PyObject **out)
{
    *out = NULL;
    if (map == NULL) {
        return 0;
    }
    PyObject *ref = PyDict_GetItemWithError(map, key);
    if (ref == NULL) {
        return PyErr_Occurred() ? -1 : 0;
    }
    *out = weakref_target(ref);
    return 0;
}

static int
registry_add(PyObject **map, PyObject *key, PyObject *obj)
{
    if (*map == NULL) {
        *map = PyDict_New();
        if (*map == NULL) {
            return -1;
        }
    }
    PyObject *ref = PyWeakref_NewRef(obj, NULL);
    if (ref == NULL) {
        return -1;
    }
    int result = PyDict_SetItem(*map, key, ref);
    Py_DECREF(ref);
    return result;
}

/* Drops a dead entry; used by deallocators, so it keeps any pending exception. */
static void
registry_forget(PyObject *map, uint32_t index1, uint32_t generation)
{
    if (map == NULL || index1 == 0) {
        return;
    }
    PyObject *saved = PyErr_Occurred() ? take_exception() : NULL;
    PyObject *key = handle_key(index1, generation);
    if (key != NULL) {
        PyObject *ref = PyDict_GetItemWithError(map, key);
        if (ref != NULL) {
            PyObject *alive = weakref_target(ref);
            if (alive == NULL) {
                (void)PyDict_DelItem(map, key);
            }
            else {
                Py_DECREF(alive);
            }
        }
        Py_DECREF(key);
    }
    PyErr_Clear();
    if (saved != NULL) {
        raise_exception(saved);
    }
}

/* The Item for a handle of this animator: the live wrapper, or a fresh one. None for a null handle. */
static PyObject *
wrap_item(anima_state *st, AnimatorObject *animator, anima_item handle)
{
    if (handle.index1 == 0) {
        Py_RETURN_NONE;
    }
    PyObject *key = handle_key(handle.index1, handle.generation);
    if (key == NULL) {
        return NULL;
    }
    PyObject *found = NULL;
    if (registry_find(animator->item_wrappers, key, &found) < 0) {
        Py_DECREF(key);
        return NULL;
    }
    if (found != NULL) {
        Py_DECREF(key);
        return found;
    }
    ItemObject *item = (ItemObject *)st->item_type->tp_alloc(st->item_type, 0);
    if (item == NULL) {
        Py_DECREF(key);
        return NULL;
    }
    Py_INCREF(animator);
    item->animator = animator;
    item->handle = handle;
    if (registry_add(&animator->item_wrappers, key, (PyObject *)item) < 0) {
        Py_DECREF(key);
        Py_DECREF(item);
        return NULL;
    }
    Py_DECREF(key);
    return (PyObject *)item;
}

static PyTypeObject *
behavior_type_for_kind(anima_state *st, uint16_t kind)
{
    switch (kind) {
    case ANIMA_KIND_GRAVITY: return st->gravity_type;
    case ANIMA_KIND_COLLISION: return st->collision_type;
    case ANIMA_KIND_ITEM_BEHAVIOR: return st->item_behavior_type;
    case ANIMA_KIND_ATTACHMENT: return st->attachment_type;
    case ANIMA_KIND_PUSH: return st->push_type;
    case ANIMA_KIND_SNAP: return st->snap_type;
    case ANIMA_KIND_FIELD: return st->field_type;
    default: return st->behavior_type;
    }
}

/* The Behavior for a handle of this animator: the live wrapper, or a fresh one of the right type. */
static PyObject *
wrap_behavior(anima_state *st, AnimatorObject *animator, anima_behavior handle)
{
    if (handle.index1 == 0) {
        Py_RETURN_NONE;
    }
    PyObject *key = handle_key(handle.index1, handle.generation);
    if (key == NULL) {
        return NULL;
    }
    PyObject *found = NULL;
    if (registry_find(animator->behavior_wrappers, key, &found) < 0) {
        Py_DECREF(key);
        return NULL;
    }
    if (found != NULL) {
        Py_DECREF(key);
        return found;
    }
    PyTypeObject *type = behavior_type_for_kind(st, handle.kind);
    BehaviorObject *behavior = (BehaviorObject *)type->tp_alloc(type, 0);
    if (behavior == NULL) {
        Py_DECREF(key);
        return NULL;
    }
    Py_INCREF(animator);
    behavior->animator = animator;
    behavior->handle = handle;
    if (registry_add(&animator->behavior_wrappers, key, (PyObject *)behavior) < 0) {
        Py_DECREF(key);
        Py_DECREF(behavior);
        return NULL;
    }
    Py_DECREF(key);
    return (PyObject *)behavior;
}

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
} list_kind;

typedef struct {
    list_kind kind;
    anima_animator animator;
    anima_behavior behavior;
    anima_item item;
    anima_rect rect;
    const char *identifier;
} list_query;

static size_t
list_element_size(list_kind kind)
{
    switch (kind) {
    case LIST_ANIMATOR_BEHAVIORS:
    case LIST_BEHAVIOR_CHILDREN: return sizeof(anima_behavior);
    case LIST_BOUNDARY_POINTS:
    case LIST_ITEM_PATH: return sizeof(anima_vec2);
    case LIST_POSES: return 3 * sizeof(double);
    default: return sizeof(anima_item);
    }
}

static anima_status
list_query_run(const list_query *q, void *out, int32_t capacity, int32_t *count)
{
    switch (q->kind) {
    case LIST_ANIMATOR_ITEMS:
        return anima_animator_get_items(q->animator, out, capacity, count);
    case LIST_ANIMATOR_BEHAVIORS:
        return anima_animator_get_behaviors(q->animator, out, capacity, count);
    case LIST_BEHAVIOR_CHILDREN:
        return anima_behavior_get_children(q->behavior, out, capacity, count);
    case LIST_ITEMS_IN_RECT:
        return anima_animator_items_in_rect(q->animator, q->rect, out, capacity, count);
    case LIST_BEHAVIOR_ITEMS:
        return anima_behavior_get_items(q->behavior, out, capacity, count);
    case LIST_BOUNDARY_POINTS:
        return anima_collision_get_boundary(q->behavior, q->identifier, out, capacity, count);
    case LIST_ITEM_PATH:
        return anima_item_get_path(q->item, out, capacity, count);
    case LIST_POSES:
        return anima_animator_copy_item_poses(q->animator, out, capacity, count);
    }
    return ANIMA_ERR_INVALID_ARGUMENT;
}

/*
 * Runs a counting query into a PyMem buffer large enough for every element.
 * On success *out (free with PyMem_Free) holds *out_count elements.
 */
static int
fetch_list(anima_state *st, AnimatorObject *animator, const list_query *q, void **out, int32_t *out_count)
{
    size_t element = list_element_size(q->kind);
    int32_t capacity = 16;
    for (;;) {
        void *buffer = PyMem_Malloc((size_t)capacity * element);
        if (buffer == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        int32_t count = -1;
        anima_status status = list_query_run(q, buffer, capacity, &count);
        if (status == ANIMA_OK && count >= 0 && count <= capacity) {
            if (check(st, animator, status) < 0) {
                PyMem_Free(buffer);
                return -1;
            }
            *out = buffer;
            *out_count = count;
            return 0;
        }
        PyMem_Free(buffer);
        if (status != ANIMA_ERR_BUFFER_TOO_SMALL) {
            if (status == ANIMA_OK) {
                PyErr_Format(st->anima_error, "the library reported %d elements for a capacity of %d",
                             (int)count, (int)capacity);
                return -1;
            }
            check(st, animator, status);
            return -1;
        }
        anima_clear_error();
        if (count > capacity) {
            capacity = count;
        }
        else if (capacity <= INT32_MAX / 2) {
            capacity *= 2;
        }
        else {
            PyErr_NoMemory();
            return -1;
        }
    }
}

/* A tuple (or list) of the Items of a query. */
static PyObject *
items_from_query(anima_state *st, AnimatorObject *animator, const list_query *q, bool as_list)
{
    void *buffer = NULL;
    int32_t count = 0;
    if (fetch_list(st, animator, q, &buffer, &count) < 0) {
        return NULL;
    }
    anima_item *handles = buffer;
    PyObject *result = as_list ? PyList_New(count) : PyTuple_New(count);
    if (result == NULL) {
        PyMem_Free(buffer);
        return NULL;
    }
    for (int32_t i = 0; i < count; i++) {
        PyObject *item = wrap_item(st, animator, handles[i]);
        if (item == NULL) {
            PyMem_Free(buffer);
            Py_DECREF(result);
            return NULL;
        }
        if (as_list) {
            PyList_SET_ITEM(result, i, item);
        }
        else {
            PyTuple_SET_ITEM(result, i, item);
        }
    }
    PyMem_Free(buffer);
    return result;
}

/* A tuple of the Behaviors of a query. */
static PyObject *
behaviors_from_query(anima_state *st, AnimatorObject *animator, const list_query *q)
{
    void *buffer = NULL;
    int32_t count = 0;
    if (fetch_list(st, animator, q, &buffer, &count) < 0) {
        return NULL;
    }
    anima_behavior *handles = buffer;
    PyObject *result = PyTuple_New(count);
    if (result == NULL) {
        PyMem_Free(buffer);
        return NULL;
    }
    for (int32_t i = 0; i < count; i++) {
        PyObject *behavior = wrap_behavior(st, animator, handles[i]);
        if (behavior == NULL) {
            PyMem_Free(buffer);
            Py_DECREF(result);
            return NULL;
        }
        PyTuple_SET_ITEM(result, i, behavior);
    }
    PyMem_Free(buffer);
    return result;
}

/* ============================================================== Animator */

static void trampoline_will_resume(void *user_data, anima_animator animator);
static void trampoline_step(void *user_data, anima_animator animator);
static void trampoline_did_pause(void *user_data, anima_animator animator);
static void trampoline_contact_began(void *user_data, const anima_contact_event *event);
static void trampoline_contact_ended(void *user_data, const anima_contact_event *event);
static void trampoline_action(void *user_data, anima_behavior behavior);
static void trampoline_field(void *user_data, anima_vec2 position, anima_vec2 velocity, double mass, double charge,
                             double delta_time, anima_vec2 *out_force);
static PyObject *contact_event_new(anima_state *st, AnimatorObject *animator, const anima_contact_event *event);
static PyObject *poses_new(anima_state *st, double *data, Py_ssize_t count);

/* Drops a behavior's action and, for a field, its evaluation (the C behavior is gone). */
static void
behavior_drop_callables(anima_state *st, BehaviorObject *behavior)
{
    Py_CLEAR(behavior->action);
    if (st != NULL && PyObject_TypeCheck((PyObject *)behavior, st->field_type)) {
        Py_CLEAR(((FieldObject *)behavior)->evaluate);
    }
}

/*
 * Drops the contact callbacks of collisions, and the actions of behaviors (and
 * evaluations of fields), that no longer exist; the animator then stops
 * keeping those objects alive.
 */
static void
animator_purge_delegates(AnimatorObject *self)
{
    self->purge_delegates = false;
    if (self->delegating != NULL && PySet_GET_SIZE(self->delegating) > 0) {
        PyObject *snapshot = PySequence_List(self->delegating);
        if (snapshot == NULL) {
            PyErr_Clear();
            return;
        }
        for (Py_ssize_t i = 0; i < PyList_GET_SIZE(snapshot); i++) {
            CollisionObject *collision = (CollisionObject *)PyList_GET_ITEM(snapshot, i);
            if (!anima_behavior_is_valid(collision->base.handle)) {
                Py_CLEAR(collision->on_began);
                Py_CLEAR(collision->on_ended);
                if (PySet_Discard(self->delegating, (PyObject *)collision) < 0) {
                    PyErr_Clear();
                }
            }
        }
        Py_DECREF(snapshot);
    }
    if (self->acting != NULL && PyDict_GET_SIZE(self->acting) > 0) {
        anima_state *st = STATE_OF(self);
        if (st == NULL) {
            PyErr_Clear();
        }
        PyObject *snapshot = PyDict_Items(self->acting);
        if (snapshot == NULL) {
            PyErr_Clear();
            return;
        }
        for (Py_ssize_t i = 0; i < PyList_GET_SIZE(snapshot); i++) {
            PyObject *pair = PyList_GET_ITEM(snapshot, i);
            BehaviorObject *behavior = (BehaviorObject *)PyTuple_GET_ITEM(pair, 1);
            if (!anima_behavior_is_valid(behavior->handle)) {
                behavior_drop_callables(st, behavior);
                if (PyDict_DelItem(self->acting, PyTuple_GET_ITEM(pair, 0)) < 0) {
                    PyErr_Clear();
                }
            }
        }
        Py_DECREF(snapshot);
    }
}

/* Runs advance (one_step false) or step, then raises a callback's exception or the status. */
static int
animator_run(anima_state *st, AnimatorObject *self, bool one_step, double seconds)
{
    self->advancing++;
    anima_status status = one_step ? anima_animator_step(self->handle)
                                   : anima_animator_advance(self->handle, seconds);
    self->advancing--;
    if (self->advancing == 0 && self->purge_delegates) {
        animator_purge_delegates(self);
    }
    if (self->pending != NULL && self->advancing == 0) {
        PyObject *exc = self->pending;
        self->pending = NULL;
        anima_clear_error();
        raise_exception(exc);
        return -1;
    }
    if (status == ANIMA_ERR_INTERRUPTED) {
        PyErr_SetString(st->anima_error, "advance was interrupted");
        anima_clear_error();
        return -1;
    }
    return check(st, self, status);
}

static PyObject *
animator_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    (void)args;
    (void)kwds;
    AnimatorObject *self = (AnimatorObject *)type->tp_alloc(type, 0);
    if (self == NULL) {
        return NULL;
    }
    self->handle = anima_animator_null();
    return (PyObject *)self;
}

static int
animator_init(AnimatorObject *self, PyObject *args, PyObject *kwds)
{
    static char *keywords[] = {"reference_bounds", "step_rate", "substeps", "rest_speed",
                               "rest_angular_speed", "rest_time", "max_advance", "workers", NULL};
    PyObject *bounds = Py_None, *step_rate = NULL, *substeps = NULL, *rest_speed = NULL,
             *rest_angular_speed = NULL, *rest_time = NULL, *max_advance = NULL, *workers = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "|O$OOOOOOO:Animator", keywords, &bounds, &step_rate,
                                     &substeps, &rest_speed, &rest_angular_speed, &rest_time,
                                     &max_advance, &workers)) {
        return -1;
    }
    anima_state *st = STATE_OF(self);
    if (st == NULL) {
        return -1;
    }
    if (self->handle.index1 != 0) {
        /* Even after destroy(): new handles could collide with the stale wrappers it still maps. */
        PyErr_SetString(st->invalid_state_error, "Animator.__init__ called on an initialised animator");
        return -1;
    }
    anima_animator_def def = anima_default_animator_def();
    if (bounds != Py_None) {
        if (as_rect(st, bounds, "reference_bounds", &def.reference_bounds) < 0) {
            return -1;
        }
        def.has_reference_bounds = true;
    }
    if ((step_rate && as_finite(st, step_rate, "step_rate", &def.step_rate) < 0)
        || (substeps && as_int32(st, substeps, "substeps", &def.substeps) < 0)
        || (rest_speed && as_finite(st, rest_speed, "rest_speed", &def.rest_speed) < 0)
        || (rest_angular_speed
            && as_finite(st, rest_angular_speed, "rest_angular_speed", &def.rest_angular_speed) < 0)
        || (rest_time && as_finite(st, rest_time, "rest_time", &def.rest_time) < 0)
        || (max_advance && as_finite(st, max_advance, "max_advance", &def.max_advance) < 0)
        || (workers && as_int32(st, workers, "workers", &def.workers) < 0)) {
        return -1;
    }
    anima_animator handle = anima_animator_null();
    anima_status status = anima_animator_create(&def, &handle);
    if (status != ANIMA_OK) {
        raise_status(st, status);
        return -1;
    }
    self->handle = handle;
    self->created = true;
    /* Lets Ctrl-C stop a long advance between internal steps (see trampoline_step). */
    if (anima_animator_set_step_callback(handle, trampoline_step, self) != ANIMA_OK) {
        raise_status(st, ANIMA_ERR_INVALID_HANDLE);
        return -1;
    }
    return 0;
}

static int
animator_traverse(AnimatorObject *self, visitproc visit, void *arg)
{
    Py_VISIT(Py_TYPE(self));
    Py_VISIT(self->pending);
    Py_VISIT(self->on_will_resume);
    Py_VISIT(self->on_did_pause);
    Py_VISIT(self->item_wrappers);
    Py_VISIT(self->behavior_wrappers);
    Py_VISIT(self->delegating);
    Py_VISIT(self->acting);
    Py_VISIT(self->completions);
    return 0;
}

static int
animator_clear(AnimatorObject *self)
{
    Py_CLEAR(self->pending);
    Py_CLEAR(self->on_will_resume);
    Py_CLEAR(self->on_did_pause);
    Py_CLEAR(self->item_wrappers);
    Py_CLEAR(self->behavior_wrappers);
    Py_CLEAR(self->delegating);
    Py_CLEAR(self->acting);
    Py_CLEAR(self->completions);
    return 0;
}

static void
animator_dealloc(AnimatorObject *self)
{
    PyTypeObject *type = Py_TYPE(self);
    PyObject_GC_UnTrack(self);
    if (self->weakreflist != NULL) {
        PyObject_ClearWeakRefs((PyObject *)self);
    }
    if (self->created) {
        self->closing = true;
        (void)anima_animator_destroy(self->handle);
        anima_clear_error();
        self->created = false;
    }
    animator_clear(self);
    type->tp_free(self);
    Py_DECREF(type);
}

PyDoc_STRVAR(animator_advance_doc,
"advance($self, seconds, /)\n--\n\n"
"Consume `seconds` of frame time (finite, 0...max_advance). Whole internal steps of\n"
"1/step_rate s run while the animator is running; the remainder carries over\n"
"to the next call. Callbacks run during this call; an exception raised by one\n"
"stops the call after the current internal step and propagates from here, and so\n"
"does KeyboardInterrupt. Raises BusyError when called from one of this animator's\n"
"callbacks.");

static PyObject *
animator_advance(AnimatorObject *self, PyObject *arg)
{
    anima_state *st = STATE_OF(self);
    double seconds;
    if (st == NULL || as_finite(st, arg, "seconds", &seconds) < 0) {
        return NULL;
    }
    if (animator_run(st, self, false, seconds) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

PyDoc_STRVAR(animator_step_doc,
"step($self, /)\n--\n\n"
"Run exactly one internal step (1/step_rate s) if the animator is running;\n"
"nothing happens while it is paused. Errors and callbacks as advance().");

static PyObject *
animator_step(AnimatorObject *self, PyObject *Py_UNUSED(ignored))
{
    anima_state *st = STATE_OF(self);
    if (st == NULL || animator_run(st, self, true, 0.0) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

PyDoc_STRVAR(animator_run_until_rest_doc,
"run_until_rest($self, max_seconds=10.0, frame=0.016666666666666666)\n--\n\n"
"Advance frame by frame (`frame` seconds each, at least 1e-6, default 1/60) until the\n"
"animator pauses.\n"
"Returns the simulated seconds it ran (0.0 if it was already paused), or None\n"
"if it is still running after `max_seconds` of frames.");

static PyObject *
animator_run_until_rest(AnimatorObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    static const char *const names[] = {"max_seconds", "frame", NULL};
    PyObject *values[2];
    if (parse_arguments("run_until_rest", args, nargs, kwnames, names, 2, 0, values) < 0) {
        return NULL;
    }
    anima_state *st = STATE_OF(self);
    if (st == NULL) {
        return NULL;
    }
    double max_seconds = 10.0, frame = 1.0 / 60.0;
    if ((values[0] && as_finite(st, values[0], "max_seconds", &max_seconds) < 0)
        || (values[1] && as_finite(st, values[1], "frame", &frame) < 0)) {
        return NULL;
    }
    if (max_seconds < 0.0) {
        PyErr_Format(st->invalid_argument_error, "max_seconds must be >= 0 (got %R)", values[0]);
        return NULL;
    }
    /* The loop makes max_seconds / frame calls: a floor on the frame keeps that count finite
       for any finite max_seconds (a subnormal frame would never add up to it). */
    if (!(frame >= 1e-6)) {
        PyErr_Format(st->invalid_argument_error, "frame must be at least 1e-6 seconds (got %R)", values[1]);
        return NULL;
    }
    double start = 0.0;
    if (check(st, self, anima_animator_get_elapsed_time(self->handle, &start)) < 0) {
        return NULL;
    }
    for (uint64_t frames = 0;; frames++) {
        bool running = false;
        if (check(st, self, anima_animator_is_running(self->handle, &running)) < 0) {
            return NULL;
        }
        if (!running) {
            break;
        }
        if ((double)frames * frame >= max_seconds) {
            Py_RETURN_NONE;
        }
        if (animator_run(st, self, false, frame) < 0 || PyErr_CheckSignals() < 0) {
            return NULL;
        }
    }
    double end = 0.0;
    if (check(st, self, anima_animator_get_elapsed_time(self->handle, &end)) < 0) {
        return NULL;
    }
    return PyFloat_FromDouble(end - start);
}

/* The argument of add_behavior / remove_behavior. */
static BehaviorObject *
behavior_argument(anima_state *st, PyObject *obj)
{
    if (!PyObject_TypeCheck(obj, st->behavior_type)) {
        PyErr_Format(PyExc_TypeError, "expected an anima behavior, not %.100s", Py_TYPE(obj)->tp_name);
        return NULL;
    }
    return (BehaviorObject *)obj;
}

PyDoc_STRVAR(animator_add_behavior_doc,
"add_behavior($self, behavior, /)\n--\n\n"
"Add a top-level behavior (of this animator). Adding one already added is\n"
"ignored; one that is a child elsewhere raises InvalidStateError. Inside a\n"
"callback the change takes effect at the end of the internal step.");

static PyObject *
animator_add_behavior(AnimatorObject *self, PyObject *arg)
{
    anima_state *st = STATE_OF(self);
    BehaviorObject *behavior = st ? behavior_argument(st, arg) : NULL;
    if (behavior == NULL
        || check(st, self, anima_animator_add_behavior(self->handle, behavior->handle)) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

PyDoc_STRVAR(animator_remove_behavior_doc,
"remove_behavior($self, behavior, /)\n--\n\n"
"Remove a top-level behavior; it is not destroyed and can be added again.\n"
"Removing one that is not added does nothing. Deferred inside callbacks.");

static PyObject *
animator_remove_behavior(AnimatorObject *self, PyObject *arg)
{
    anima_state *st = STATE_OF(self);
    BehaviorObject *behavior = st ? behavior_argument(st, arg) : NULL;
    if (behavior == NULL
        || check(st, self, anima_animator_remove_behavior(self->handle, behavior->handle)) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

PyDoc_STRVAR(animator_remove_all_behaviors_doc,
"remove_all_behaviors($self, /)\n--\n\n"
"Remove every top-level behavior (none is destroyed). Deferred inside callbacks.");

static PyObject *
animator_remove_all_behaviors(AnimatorObject *self, PyObject *Py_UNUSED(ignored))
{
    anima_state *st = STATE_OF(self);
    if (st == NULL || check(st, self, anima_animator_remove_all_behaviors(self->handle)) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

PyDoc_STRVAR(animator_items_in_rect_doc,
"items_in_rect($self, rect, /)\n--\n\n"
"The items governed by a behavior whose collision bounds intersect\n"
"rect = (x, y, width, height) in points (width, height >= 0), as a list.");

static PyObject *
animator_items_in_rect(AnimatorObject *self, PyObject *arg)
{
    anima_state *st = STATE_OF(self);
    if (st == NULL) {
        return NULL;
    }
    list_query q = {.kind = LIST_ITEMS_IN_RECT, .animator = self->handle};
    if (as_rect(st, arg, "rect", &q.rect) < 0) {
        return NULL;
    }
    return items_from_query(st, self, &q, true);
}

PyDoc_STRVAR(animator_poses_doc,
"poses($self, /)\n--\n\n"
"A snapshot of every item's pose as a read-only Poses buffer (format 'd',\n"
"shape (n, 3): center x, center y, rotation, in creation order). It is a copy:\n"
"it does not change when the animator moves on. memoryview(poses) and\n"
"numpy.asarray(poses) read it without copying.");

static PyObject *
animator_poses(AnimatorObject *self, PyObject *Py_UNUSED(ignored))
{
    anima_state *st = STATE_OF(self);
    if (st == NULL) {
        return NULL;
    }
    list_query q = {.kind = LIST_POSES, .animator = self->handle};
    void *buffer = NULL;
    int32_t count = 0;
    if (fetch_list(st, self, &q, &buffer, &count) < 0) {
        return NULL;
    }
    return poses_new(st, buffer, count);
}

/* The C functions that copy one record per item into a caller's array of doubles. */
typedef anima_status (*item_copy_fn)(anima_animator animator, void *out, int32_t capacity, int32_t *out_count);

static anima_status
copy_item_poses(anima_animator animator, void *out, int32_t capacity, int32_t *out_count)
{
    return anima_animator_copy_item_poses(animator, out, capacity, out_count);
}

static anima_status
copy_item_states(anima_animator animator, void *out, int32_t capacity, int32_t *out_count)
{
    return anima_animator_copy_item_states(animator, out, capacity, out_count);
}

/*
 * Fills a writable, C-contiguous, aligned float64 buffer with `doubles` values per item through
 * `copy`, and returns the item count. `method` and `records` name the call and what a record is
 * in the error messages ("copy_poses_into", "poses").
 */
static PyObject *
copy_items_into(AnimatorObject *self, PyObject *arg, const char *method, const char *records,
                Py_ssize_t doubles, item_copy_fn copy)
{
    anima_state *st = STATE_OF(self);
    if (st == NULL) {
        return NULL;
    }
    if (!PyObject_CheckBuffer(arg)) {
        PyErr_Format(PyExc_TypeError, "%s() needs a writable buffer, not %.100s", method, Py_TYPE(arg)->tp_name);
        return NULL;
    }
    Py_buffer view;
    if (PyObject_GetBuffer(arg, &view, PyBUF_WRITABLE | PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0) {
        if (PyErr_ExceptionMatches(PyExc_BufferError)) {
            PyErr_Clear();
            PyErr_Format(st->invalid_argument_error, "%s() needs a writable, C-contiguous float64 buffer", method);
        }
        return NULL;
    }
    const char *format = view.format == NULL ? "B" : view.format;
    bool is_double = view.itemsize == (Py_ssize_t)sizeof(double)
                     && (strcmp(format, "d") == 0 || strcmp(format, "@d") == 0
                         || strcmp(format, "=d") == 0
#if PY_LITTLE_ENDIAN
                         || strcmp(format, "<d") == 0
#else
                         || strcmp(format, ">d") == 0
#endif
                     );
    if (!is_double) {
        PyErr_Format(st->invalid_argument_error,
                     "%s() needs a float64 buffer (format 'd'), got format '%s'", method, format);
        PyBuffer_Release(&view);
        return NULL;
    }
    if (view.len >= (Py_ssize_t)sizeof(double) && ((uintptr_t)view.buf % alignof(double)) != 0) {
        PyErr_Format(st->invalid_argument_error, "%s() needs an aligned float64 buffer", method);
        PyBuffer_Release(&view);
        return NULL;
    }
    Py_ssize_t fits = view.len / (Py_ssize_t)(doubles * (Py_ssize_t)sizeof(double));
    int32_t capacity = fits > INT32_MAX ? INT32_MAX : (int32_t)fits;
    int32_t count = -1;
    anima_status status = copy(self->handle, capacity > 0 ? view.buf : NULL, capacity, &count);
    PyBuffer_Release(&view);
    if (status == ANIMA_ERR_BUFFER_TOO_SMALL) {
        anima_clear_error();
        if (count >= 0) {
            PyErr_Format(st->invalid_argument_error, "%s(): the buffer holds %zd %s but the animator has %d items",
                         method, fits, records, (int)count);
        }
        else {
            PyErr_Format(st->invalid_argument_error, "%s(): the buffer holds only %zd %s", method, fits, records);
        }
        return NULL;
    }
    if (check(st, self, status) < 0) {
        return NULL;
    }
    return PyLong_FromLong(count);
}

PyDoc_STRVAR(animator_copy_poses_into_doc,
"copy_poses_into($self, buffer, /)\n--\n\n"
"Write every item's (x, y, rotation) into a writable, C-contiguous float64\n"
"buffer (an array('d'), a numpy array of shape (n, 3) or (3n,), ...) with no\n"
"intermediate copy. Returns the number of items written. Raises ValueError when\n"
"the buffer is too small or not float64.");

static PyObject *
animator_copy_poses_into(AnimatorObject *self, PyObject *arg)
{
    return copy_items_into(self, arg, "copy_poses_into", "poses", 3, copy_item_poses);
}

PyDoc_STRVAR(animator_copy_states_into_doc,
"copy_states_into($self, buffer, /)\n--\n\n"
"Write every item's state, 7 float64 per item in creation order (the order of\n"
"copy_poses_into): center x, y (points), rotation (radians), velocity vx, vy\n"
"(pt/s), angular velocity (rad/s) and alpha (0...1), into a writable,\n"
"C-contiguous float64 buffer (a numpy array of shape (n, 7) or (7n,), ...) with\n"
"no intermediate copy. Returns the number of items written. Raises ValueError\n"
"when the buffer is too small or not float64, TypeError for a non-buffer.");

static PyObject *
animator_copy_states_into(AnimatorObject *self, PyObject *arg)
{
    return copy_items_into(self, arg, "copy_states_into", "states", 7, copy_item_states);
}

PyDoc_STRVAR(animator_update_item_doc,
"update_item_using_current_state($self, item, /)\n--\n\n"
"Take an item's center, size and transform as they are now after a change\n"
"made from outside the dynamics (UIKit's updateItemUsingCurrentState): its\n"
"collision outline and mass follow, and it wakes a paused animator.");

static PyObject *
animator_update_item_using_current_state(AnimatorObject *self, PyObject *arg)
{
    anima_state *st = STATE_OF(self);
    if (st == NULL) {
        return NULL;
    }
    if (!PyObject_TypeCheck(arg, st->item_type)) {
        PyErr_Format(PyExc_TypeError, "item must be an anima.Item, not %.100s", Py_TYPE(arg)->tp_name);
        return NULL;
    }
    anima_item item = ((ItemObject *)arg)->handle;
    if (check(st, self, anima_animator_update_item_using_current_state(self->handle, item)) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

PyDoc_STRVAR(animator_destroy_doc,
"destroy($self, /)\n--\n\n"
"Destroy the animator and everything in it now (collection does it too).\n"
"Later use of it, its items or its behaviors raises StaleHandleError.\n"
"Raises BusyError from inside one of its callbacks.");

static PyObject *
animator_destroy(AnimatorObject *self, PyObject *Py_UNUSED(ignored))
{
    anima_state *st = STATE_OF(self);
    if (st == NULL) {
        return NULL;
    }
    anima_status status = anima_animator_destroy(self->handle);
    if (check(st, self, status) < 0) {
        return NULL;
    }
    self->created = false;
    Py_CLEAR(self->on_will_resume);
    Py_CLEAR(self->on_did_pause);
    Py_CLEAR(self->pending);
    Py_CLEAR(self->completions);
    if (self->delegating != NULL) {
        PyObject *snapshot = PySequence_List(self->delegating);
        if (snapshot == NULL) {
            return NULL;
        }
        for (Py_ssize_t i = 0; i < PyList_GET_SIZE(snapshot); i++) {
            CollisionObject *collision = (CollisionObject *)PyList_GET_ITEM(snapshot, i);
            Py_CLEAR(collision->on_began);
            Py_CLEAR(collision->on_ended);
        }
        Py_DECREF(snapshot);
        if (PySet_Clear(self->delegating) < 0) {
            return NULL;
        }
    }
    if (self->acting != NULL) {
        PyObject *snapshot = PyDict_Values(self->acting);
        if (snapshot == NULL) {
            return NULL;
        }
        PyDict_Clear(self->acting);
        for (Py_ssize_t i = 0; i < PyList_GET_SIZE(snapshot); i++) {
            behavior_drop_callables(st, (BehaviorObject *)PyList_GET_ITEM(snapshot, i));
        }
        Py_DECREF(snapshot);
    }
    Py_RETURN_NONE;
}

static PyObject *
animator_repr(AnimatorObject *self)
{
    if (!anima_animator_is_valid(self->handle)) {
        return PyUnicode_FromFormat("<%s (destroyed)>", Py_TYPE(self)->tp_name);
    }
    bool running = false;
    double elapsed = 0.0;
    int32_t items = 0, behaviors = 0;
    (void)anima_animator_is_running(self->handle, &running);
    (void)anima_animator_get_elapsed_time(self->handle, &elapsed);
    if (anima_animator_get_items(self->handle, NULL, 0, &items) != ANIMA_OK && items < 0) {
        items = 0;
    }
    if (anima_animator_get_behaviors(self->handle, NULL, 0, &behaviors) != ANIMA_OK && behaviors < 0) {
        behaviors = 0;
    }
    anima_clear_error();
    char *seconds = PyOS_double_to_string(elapsed, 'f', 3, 0, NULL);
    if (seconds == NULL) {
        return PyErr_NoMemory();
    }
    PyObject *result = PyUnicode_FromFormat("<%s %s, %d item%s, %d behavior%s, elapsed %s s>",
                                            Py_TYPE(self)->tp_name, running ? "running" : "paused",
                                            (int)items, items == 1 ? "" : "s", (int)behaviors,
                                            behaviors == 1 ? "" : "s", seconds);
    PyMem_Free(seconds);
    return result;
}

/* --------------------------------------------------------- properties */

static PyObject *
animator_get_reference_bounds(AnimatorObject *self, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    anima_rect bounds = {0, 0, 0, 0};
    bool has = false;
    if (st == NULL
        || check(st, self, anima_animator_get_reference_bounds(self->handle, &bounds, &has)) < 0) {
        return NULL;
    }
    if (!has) {
        Py_RETURN_NONE;
    }
    return Py_BuildValue("(dddd)", bounds.x, bounds.y, bounds.width, bounds.height);
}

static int
animator_set_reference_bounds(AnimatorObject *self, PyObject *value, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    if (st == NULL || forbid_delete(value, "reference_bounds") < 0) {
        return -1;
    }
    anima_rect bounds;
    if (value != Py_None && as_rect(st, value, "reference_bounds", &bounds) < 0) {
        return -1;
    }
    anima_status status =
        anima_animator_set_reference_bounds(self->handle, value == Py_None ? NULL : &bounds);
    return check(st, self, status);
}

static PyObject *
animator_get_is_running(AnimatorObject *self, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    bool running = false;
    if (st == NULL || check(st, self, anima_animator_is_running(self->handle, &running)) < 0) {
        return NULL;
    }
    return PyBool_FromLong(running);
}

static PyObject *
animator_get_is_valid(AnimatorObject *self, void *closure)
{
    (void)closure;
    return PyBool_FromLong(anima_animator_is_valid(self->handle));
}

static PyObject *
animator_get_elapsed_time(AnimatorObject *self, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    double seconds = 0.0;
    if (st == NULL || check(st, self, anima_animator_get_elapsed_time(self->handle, &seconds)) < 0) {
        return NULL;
    }
    return PyFloat_FromDouble(seconds);
}

static PyObject *
animator_get_step_duration(AnimatorObject *self, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    double seconds = 0.0;
    if (st == NULL || check(st, self, anima_animator_get_step_duration(self->handle, &seconds)) < 0) {
        return NULL;
    }
    return PyFloat_FromDouble(seconds);
}

static PyObject *
animator_get_step_count(AnimatorObject *self, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    uint64_t steps = 0;
    if (st == NULL || check(st, self, anima_animator_get_step_count(self->handle, &steps)) < 0) {
        return NULL;
    }
    return PyLong_FromUnsignedLongLong(steps);
}

static PyObject *
animator_get_workers(AnimatorObject *self, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    int32_t workers = 0;
    if (st == NULL || check(st, self, anima_animator_get_workers(self->handle, &workers)) < 0) {
        return NULL;
    }
    return PyLong_FromLong(workers);
}

static PyObject *
animator_get_items(AnimatorObject *self, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    if (st == NULL) {
        return NULL;
    }
    list_query q = {.kind = LIST_ANIMATOR_ITEMS, .animator = self->handle};
    return items_from_query(st, self, &q, false);
}

static PyObject *
animator_get_behaviors(AnimatorObject *self, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    if (st == NULL) {
        return NULL;
    }
    list_query q = {.kind = LIST_ANIMATOR_BEHAVIORS, .animator = self->handle};
    return behaviors_from_query(st, self, &q);
}

/* began_contacts (closure non-NULL) and ended_contacts. */
static PyObject *
animator_get_contacts(AnimatorObject *self, void *closure)
{
    anima_state *st = STATE_OF(self);
    if (st == NULL) {
        return NULL;
    }
    bool began = closure != NULL;
    const anima_contact_event *events = NULL;
    int32_t count = 0;
    if (check(st, self, anima_animator_get_contact_events(self->handle, began, &events, &count)) < 0) {
        return NULL;
    }
    PyObject *result = PyList_New(count);
    if (result == NULL) {
        return NULL;
    }
    for (int32_t i = 0; i < count; i++) {
        PyObject *event = contact_event_new(st, self, &events[i]);
        if (event == NULL) {
            Py_DECREF(result);
            return NULL;
        }
        PyList_SET_ITEM(result, i, event);
    }
    return result;
}

/* Installs the delegate trampolines for the callables now set. */
static int
animator_update_delegate(anima_state *st, AnimatorObject *self, PyObject *will_resume, PyObject *did_pause)
{
    anima_status status = anima_animator_set_delegate(
        self->handle, will_resume != NULL ? trampoline_will_resume : NULL,
        did_pause != NULL ? trampoline_did_pause : NULL, self);
    return check(st, self, status);
}

/* on_will_resume (closure NULL) and on_did_pause (closure non-NULL). */
static PyObject *
animator_get_callback(AnimatorObject *self, void *closure)
{
    PyObject *callback = closure != NULL ? self->on_did_pause : self->on_will_resume;
    return Py_NewRef(callback != NULL ? callback : Py_None);
}

static int
animator_set_callback(AnimatorObject *self, PyObject *value, void *closure)
{
    bool did_pause = closure != NULL;
    anima_state *st = STATE_OF(self);
    if (st == NULL) {
        return -1;
    }
    if (value == Py_None) {
        value = NULL;
    }
    if (value != NULL && !PyCallable_Check(value)) {
        PyErr_Format(PyExc_TypeError, "%s must be callable or None, not %.100s",
                     did_pause ? "on_did_pause" : "on_will_resume", Py_TYPE(value)->tp_name);
        return -1;
    }
    PyObject *will = did_pause ? self->on_will_resume : value;
    PyObject *did = did_pause ? value : self->on_did_pause;
    if (animator_update_delegate(st, self, will, did) < 0) {
        return -1;
    }
    PyObject **slot = did_pause ? &self->on_did_pause : &self->on_will_resume;
    Py_XINCREF(value);
    Py_XSETREF(*slot, value);
    return 0;
}


/* ------------------------------------------------------------ view animations */

static void trampoline_animation_done(void *user_data, anima_animator animator, anima_animation animation,
                                      bool finished, anima_position position);

PyDoc_STRVAR(animator_begin_animation_doc,
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

static PyObject *
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

static PyMethodDef module_methods[] = {
    {"timing_evaluate", (PyCFunction)(void (*)(void))module_timing_evaluate, METH_VARARGS | METH_KEYWORDS,
     module_timing_evaluate_doc},
    {"timing_duration", (PyCFunction)(void (*)(void))module_timing_duration, METH_VARARGS | METH_KEYWORDS,
     module_timing_duration_doc},
    {"timing_css_linear", (PyCFunction)(void (*)(void))module_timing_css_linear, METH_VARARGS | METH_KEYWORDS,
     module_timing_css_linear_doc},
    {NULL, NULL, 0, NULL},
};

PyDoc_STRVAR(animator_commit_animation_doc,
"commit_animation($self, completion=None)\n--\n\n"
"End the recording and start the animation from the items' current values to the recorded\n"
"targets; returns its id (an int > 0). A property already animating is taken over from where\n"
"it is. completion(finished, position) is called once when it ends: finished is True if it\n"
"ran to its end (or, reversed, back to its start), False if it was cancelled, stopped or taken\n"
"over; position is 'end', 'start' or 'current'. It runs in the callback phase of a step,\n"
"where it may start other animations.");

static PyObject *
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

PyDoc_STRVAR(animator_discard_animation_doc,
"discard_animation($self)\n--\n\n"
"Abandon the recording: nothing recorded changes. Raises InvalidStateError when not recording.");

static PyObject *
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

PyDoc_STRVAR(animator_cancel_animation_doc,
"cancel_animation($self, animation, /)\n--\n\n"
"Stop an animation (its id) where it is; its completion gets False at the next step.\n"
"An id that names no running animation is ignored.");

static PyObject *
animator_cancel_animation(AnimatorObject *self, PyObject *arg)
{
    anima_animation id;
    anima_state *st = STATE_OF(self);
    if (st == NULL || as_animation_id(arg, &id) < 0 || check(st, self, anima_animation_cancel(self->handle, id)) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

PyDoc_STRVAR(animator_cancel_all_animations_doc,
"cancel_all_animations($self)\n--\n\n"
"Cancel every running animation (each completion gets False at the next step).");

static PyObject *
animator_cancel_all_animations(AnimatorObject *self, PyObject *Py_UNUSED(ignored))
{
    anima_state *st = STATE_OF(self);
    if (st == NULL || check(st, self, anima_animation_cancel_all(self->handle)) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

PyDoc_STRVAR(animator_is_animation_active_doc,
"is_animation_active($self, animation, /)\n--\n\n"
"True while the animation with this id runs (not ended, not cancelled).");

static PyObject *
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

static PyObject *
animator_get_animation_count(AnimatorObject *self, void *Py_UNUSED(closure))
{
    int32_t count = 0;
    anima_state *st = STATE_OF(self);
    if (st == NULL || check(st, self, anima_animation_count(self->handle, &count)) < 0) {
        return NULL;
    }
    return PyLong_FromLong(count);
}

static PyObject *
animator_get_is_recording_animation(AnimatorObject *self, void *Py_UNUSED(closure))
{
    bool recording = false;
    anima_state *st = STATE_OF(self);
    if (st == NULL || check(st, self, anima_animation_is_recording(self->handle, &recording)) < 0) {
        return NULL;
    }
    return PyBool_FromLong(recording);
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

static PyObject *
animator_pause_animation(AnimatorObject *self, PyObject *arg)
{
    anima_animation id;
    anima_state *st = STATE_OF(self);
    if (st == NULL || as_animation_id(arg, &id) < 0 || check(st, self, anima_animation_pause(self->handle, id)) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyObject *
animator_resume_animation(AnimatorObject *self, PyObject *arg)
{
    anima_animation id;
    anima_state *st = STATE_OF(self);
    if (st == NULL || as_animation_id(arg, &id) < 0 || check(st, self, anima_animation_resume(self->handle, id)) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyObject *
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

static PyObject *
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

static PyObject *
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

static PyObject *
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

static PyObject *
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

static PyObject *
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


PyDoc_STRVAR(animator_begin_keyframes_doc,
"begin_keyframes($self, duration=0.25, *, mode='linear', curve='linear', delay=0.0, repeat_count=1.0,\n"
"                autoreverses=False)\n--\n\n"
"Start recording a keyframe animation (UIView.animateKeyframes); open each keyframe with\n"
"add_keyframe(start, duration). mode is 'linear', 'paced' or 'cubic'. Prefer\n"
"`with animator.animate_keyframes(...) as k:` and `with k.keyframe(start, duration):`.");

static PyObject *
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
        static const char *const names[] = {"linear", "paced", "cubic"};
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

static PyObject *
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

PyDoc_STRVAR(animator_start_decay_doc,
"start_decay($self, item, velocity, *, property='center', rate=0.998, time_constant=None, snap=None,\n"
"            lower=None, upper=None, bound_spring=None, rest_distance=0.1, completion=None)\n--\n\n"
"Start a fling of an item's property and return its id. Each component coasts at `velocity`\n"
"(units/s) slowing as e^(-lambda t): rate is the velocity kept per millisecond ('normal' =\n"
"0.998, 'fast' = 0.99, or a number in (0, 1)), or time_constant (s) sets lambda = 1 / tau.\n"
"It rests at x0 + v0 / lambda, snapped ahead to a multiple of `snap` if given. lower/upper are\n"
"per-component bounds where bound_spring=(mass, stiffness, damping) catches the motion with its\n"
"exact velocity (default critical, 0.4 s response). completion(finished, position) as in\n"
"commit_animation.");

static PyObject *
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

static PyObject *
animator_begin_timeline(AnimatorObject *self, PyObject *Py_UNUSED(ignored))
{
    anima_state *st = STATE_OF(self);
    if (st == NULL || check(st, self, anima_timeline_begin(self->handle)) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyObject *
animator_commit_timeline(AnimatorObject *self, PyObject *Py_UNUSED(ignored))
{
    anima_timeline id = 0;
    anima_state *st = STATE_OF(self);
    if (st == NULL || check(st, self, anima_timeline_commit(self->handle, &id)) < 0) {
        return NULL;
    }
    return PyLong_FromUnsignedLongLong(id);
}

static PyObject *
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

static PyObject *
animator_play_timeline(AnimatorObject *self, PyObject *arg)
{
    anima_animation id;
    anima_state *st = STATE_OF(self);
    if (st == NULL || as_animation_id(arg, &id) < 0 || check(st, self, anima_timeline_play(self->handle, id)) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyObject *
animator_pause_timeline(AnimatorObject *self, PyObject *arg)
{
    anima_animation id;
    anima_state *st = STATE_OF(self);
    if (st == NULL || as_animation_id(arg, &id) < 0 || check(st, self, anima_timeline_pause(self->handle, id)) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyObject *
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

static PyObject *
animator_release_timeline(AnimatorObject *self, PyObject *arg)
{
    anima_animation id;
    anima_state *st = STATE_OF(self);
    if (st == NULL || as_animation_id(arg, &id) < 0 || check(st, self, anima_timeline_release(self->handle, id)) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyMethodDef animator_methods[] = {
    {"advance", (PyCFunction)animator_advance, METH_O, animator_advance_doc},
    {"step", (PyCFunction)animator_step, METH_NOARGS, animator_step_doc},
    {"run_until_rest", (PyCFunction)(void (*)(void))animator_run_until_rest,
     METH_FASTCALL | METH_KEYWORDS, animator_run_until_rest_doc},
    {"add_behavior", (PyCFunction)animator_add_behavior, METH_O, animator_add_behavior_doc},
    {"remove_behavior", (PyCFunction)animator_remove_behavior, METH_O, animator_remove_behavior_doc},
    {"remove_all_behaviors", (PyCFunction)animator_remove_all_behaviors, METH_NOARGS,
     animator_remove_all_behaviors_doc},
    {"items_in_rect", (PyCFunction)animator_items_in_rect, METH_O, animator_items_in_rect_doc},
    {"poses", (PyCFunction)animator_poses, METH_NOARGS, animator_poses_doc},
    {"copy_poses_into", (PyCFunction)animator_copy_poses_into, METH_O, animator_copy_poses_into_doc},
    {"copy_states_into", (PyCFunction)animator_copy_states_into, METH_O, animator_copy_states_into_doc},
    {"update_item_using_current_state", (PyCFunction)animator_update_item_using_current_state, METH_O,
     animator_update_item_doc},
    {"destroy", (PyCFunction)animator_destroy, METH_NOARGS, animator_destroy_doc},
    {"begin_animation", (PyCFunction)(void (*)(void))animator_begin_animation, METH_VARARGS | METH_KEYWORDS,
     animator_begin_animation_doc},
    {"commit_animation", (PyCFunction)(void (*)(void))animator_commit_animation, METH_VARARGS | METH_KEYWORDS,
     animator_commit_animation_doc},
    {"discard_animation", (PyCFunction)animator_discard_animation, METH_NOARGS, animator_discard_animation_doc},
    {"cancel_animation", (PyCFunction)animator_cancel_animation, METH_O, animator_cancel_animation_doc},
    {"cancel_all_animations", (PyCFunction)animator_cancel_all_animations, METH_NOARGS,
     animator_cancel_all_animations_doc},
    {"is_animation_active", (PyCFunction)animator_is_animation_active, METH_O, animator_is_animation_active_doc},
    {"begin_timeline", (PyCFunction)animator_begin_timeline, METH_NOARGS,
     "begin_timeline($self)\n--\n\nStart recording a timeline: animations committed until commit_timeline() are its segments."},
    {"commit_timeline", (PyCFunction)animator_commit_timeline, METH_NOARGS,
     "commit_timeline($self)\n--\n\nEnd the timeline recording and return its id."},
    {"seek_timeline", (PyCFunction)(void (*)(void))animator_seek_timeline, METH_FASTCALL,
     "seek_timeline($self, timeline, time, /)\n--\n\nPause the timeline at `time` s and apply the values there."},
    {"play_timeline", (PyCFunction)animator_play_timeline, METH_O,
     "play_timeline($self, timeline, /)\n--\n\nPlay the timeline from where it is."},
    {"pause_timeline", (PyCFunction)animator_pause_timeline, METH_O,
     "pause_timeline($self, timeline, /)\n--\n\nPause the timeline where it is."},
    {"timeline_duration", (PyCFunction)animator_timeline_duration, METH_O,
     "timeline_duration($self, timeline, /)\n--\n\nWhen the timeline's last segment ends, in seconds."},
    {"release_timeline", (PyCFunction)animator_release_timeline, METH_O,
     "release_timeline($self, timeline, /)\n--\n\nForget the timeline; its segments run on as animations."},
    {"start_decay", (PyCFunction)(void (*)(void))animator_start_decay, METH_VARARGS | METH_KEYWORDS,
     animator_start_decay_doc},
    {"begin_keyframes", (PyCFunction)(void (*)(void))animator_begin_keyframes, METH_VARARGS | METH_KEYWORDS,
     animator_begin_keyframes_doc},
    {"add_keyframe", (PyCFunction)(void (*)(void))animator_add_keyframe, METH_FASTCALL,
     "add_keyframe($self, relative_start, relative_duration, /)\n--\n\n"
     "Open a keyframe window (relative times 0...1, start + duration <= 1) for the values set next."},
    {"pause_animation", (PyCFunction)animator_pause_animation, METH_O,
     "pause_animation($self, animation, /)\n--\n\nPause a running animation where it is."},
    {"resume_animation", (PyCFunction)animator_resume_animation, METH_O,
     "resume_animation($self, animation, /)\n--\n\nResume a paused animation from where it is."},
    {"set_animation_fraction", (PyCFunction)(void (*)(void))animator_set_animation_fraction, METH_FASTCALL,
     "set_animation_fraction($self, animation, fraction, /)\n--\n\nScrub a paused animation to a share (0...1) of its time."},
    {"animation_fraction", (PyCFunction)animator_animation_fraction, METH_O,
     "animation_fraction($self, animation, /)\n--\n\nThe share (0...1) of an animation's time elapsed."},
    {"set_animation_reversed", (PyCFunction)(void (*)(void))animator_set_animation_reversed, METH_FASTCALL,
     "set_animation_reversed($self, animation, reversed, /)\n--\n\nRun an animation backward (True) or forward."},
    {"animation_state", (PyCFunction)animator_animation_state, METH_O,
     "animation_state($self, animation, /)\n--\n\n(paused, reversed) of a running animation."},
    {"continue_animation", (PyCFunction)(void (*)(void))animator_continue_animation, METH_VARARGS | METH_KEYWORDS,
     "continue_animation($self, animation, duration_factor=1.0, /, **timing)\n--\n\n"
     "Continue (and resume) with new timing (options as animate; none keeps the current curve) over\n"
     "the remaining time x duration_factor. A spring continues at the current velocity."},
    {"stop_animation", (PyCFunction)(void (*)(void))animator_stop_animation, METH_FASTCALL,
     "stop_animation($self, animation, position, /)\n--\n\n"
     "Stop an animation, leaving its properties at 'end', 'start' or 'current'."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef animator_getset[] = {
    {"reference_bounds", (getter)animator_get_reference_bounds, (setter)animator_set_reference_bounds,
     "The reference bounds (x, y, width, height) in points, or None for an unbounded space.", NULL},
    {"is_running", (getter)animator_get_is_running, NULL,
     "True while anything moves or is active; False once everything has come to rest.", NULL},
    {"is_valid", (getter)animator_get_is_valid, NULL,
     "True until the animator is destroyed.", NULL},
    {"elapsed_time", (getter)animator_get_elapsed_time, NULL,
     "Simulated seconds spent running (paused time does not count).", NULL},
    {"step_duration", (getter)animator_get_step_duration, NULL,
     "The internal step length in seconds (1 / step_rate).", NULL},
    {"step_count", (getter)animator_get_step_count, NULL,
     "The number of internal steps run so far.", NULL},
    {"workers", (getter)animator_get_workers, NULL,
     "The threads solving the contacts, the stepping one included: the constructor's\n"
     "workers, or fewer (no more than the processors online).", NULL},
    {"items", (getter)animator_get_items, NULL,
     "The live items, in creation order (a tuple).", NULL},
    {"behaviors", (getter)animator_get_behaviors, NULL,
     "The top-level behaviors, in the order added (a tuple).", NULL},
    {"began_contacts", (getter)animator_get_contacts, NULL,
     "The contacts that began during the last advance() or step(), as a list of ContactEvent.",
     (void *)1},
    {"ended_contacts", (getter)animator_get_contacts, NULL,
     "The contacts that ended during the last advance() or step(), as a list of ContactEvent.", NULL},
    {"animation_count", (getter)animator_get_animation_count, NULL,
     "The number of running view animations.", NULL},
    {"is_recording_animation", (getter)animator_get_is_recording_animation, NULL,
     "True between begin_animation() and commit_animation().", NULL},
    {"on_will_resume", (getter)animator_get_callback, (setter)animator_set_callback,
     "Called as f(animator) before the animator starts running again; None to unset.", NULL},
    {"on_did_pause", (getter)animator_get_callback, (setter)animator_set_callback,
     "Called as f(animator) after everything has come to rest; None to unset.", (void *)1},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMemberDef animator_members[] = {
    {"__weaklistoffset__", T_PYSSIZET, offsetof(AnimatorObject, weakreflist), READONLY, NULL},
    {NULL, 0, 0, 0, NULL},
};

PyDoc_STRVAR(animator_doc,
"Animator(reference_bounds=None, *, step_rate=120.0, substeps=4, rest_speed=2.0,\n"
"         rest_angular_speed=0.035, rest_time=0.25, max_advance=60.0, workers=1)\n"
"--\n\n"
"Owns items and behaviors and advances time (UIDynamicAnimator).\n\n"
"reference_bounds is (x, y, width, height) in points, or None for an abstract,\n"
"unbounded space. The animator integrates at step_rate internal steps per second\n"
"(30...1000) with `substeps` solver sub-steps (1...16). An item rests once it\n"
"stays below rest_speed pt/s and rest_angular_speed rad/s for rest_time seconds;\n"
"when every item rests the animator pauses and calls on_did_pause.\n\n"
"One advance() consumes at most max_advance seconds (0.001...86400, default 60),\n"
"so no single call runs for minutes; Ctrl-C (KeyboardInterrupt) stops a long\n"
"advance or run_until_rest between internal steps, leaving the animator usable.\n\n"
"workers (1...16, default 1) threads share each step's collision and contact\n"
"solving, the calling one included; the poses are bit-identical for any count.\n\n"
"The animator is single-threaded: use it (and its items and behaviors) from one\n"
"thread at a time. The GIL stays held while it advances.");

static PyType_Slot animator_slots[] = {
    {Py_tp_doc, (void *)animator_doc},
    {Py_tp_new, animator_new},
    {Py_tp_init, animator_init},
    {Py_tp_dealloc, animator_dealloc},
    {Py_tp_traverse, animator_traverse},
    {Py_tp_clear, animator_clear},
    {Py_tp_repr, animator_repr},
    {Py_tp_methods, animator_methods},
    {Py_tp_getset, animator_getset},
    {Py_tp_members, animator_members},
    {0, NULL},
};

static PyType_Spec animator_spec = {
    .name = "anima.Animator",
    .basicsize = sizeof(AnimatorObject),
    .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    .slots = animator_slots,
};

/* ==================================================== callback trampolines */

/* Stores the first exception of this advance and asks the library to stop. */
static void
animator_store_callback_error(AnimatorObject *animator)
{
    if (animator->pending == NULL) {
        animator->pending = take_exception();
    }
    else {
        PyErr_Clear();
    }
    (void)anima_animator_interrupt(animator->handle);
}

/* True when a callback of this animator may run Python code now. */
static bool
animator_accepts_callbacks(AnimatorObject *animator)
{
    return !animator->closing && animator->pending == NULL && !PyErr_Occurred();
}

static void
animator_call_delegate(AnimatorObject *animator, bool did_pause)
{
    if (!animator_accepts_callbacks(animator)) {
        return;
    }
    PyObject *callback = did_pause ? animator->on_did_pause : animator->on_will_resume;
    if (callback == NULL) {
        return;
    }
    Py_INCREF(callback);
    Py_INCREF(animator);
    PyObject *result = PyObject_CallOneArg(callback, (PyObject *)animator);
    if (result == NULL) {
        animator_store_callback_error(animator);
    }
    else {
        Py_DECREF(result);
    }
    Py_DECREF(animator);
    Py_DECREF(callback);
}

/* After every internal step: a pending signal (Ctrl-C) raises its exception here, which ends
 * the advance after this step exactly as a callback's exception does; the animator stays
 * consistent and the rest of the advance's time is dropped. */
static void
trampoline_step(void *user_data, anima_animator handle)
{
    (void)handle;
    AnimatorObject *animator = (AnimatorObject *)user_data;
    if (animator->closing || animator->pending != NULL) {
        return;
    }
    if (PyErr_CheckSignals() < 0) {
        animator_store_callback_error(animator);
    }
}

static void
trampoline_will_resume(void *user_data, anima_animator handle)
{
    (void)handle;
    animator_call_delegate((AnimatorObject *)user_data, false);
}

static void
trampoline_did_pause(void *user_data, anima_animator handle)
{
    (void)handle;
    animator_call_delegate((AnimatorObject *)user_data, true);
}

/* An animation's completion: pops its callable and calls it with finished. */
static void
trampoline_animation_done(void *user_data, anima_animator handle, anima_animation animation, bool finished,
                          anima_position position)
{
    (void)handle;
    AnimatorObject *animator = (AnimatorObject *)user_data;
    if (animator->completions == NULL) {
        return;
    }
    PyObject *key = PyLong_FromUnsignedLongLong(animation);
    if (key == NULL) {
        animator_store_callback_error(animator);
        return;
    }
    PyObject *callback = PyDict_GetItemWithError(animator->completions, key);
    if (callback == NULL) {
        Py_DECREF(key);
        if (PyErr_Occurred()) {
            animator_store_callback_error(animator);
        }
        return;
    }
    Py_INCREF(callback);
    int removed = PyDict_DelItem(animator->completions, key);
    Py_DECREF(key);
    if (removed < 0) {
        Py_DECREF(callback);
        animator_store_callback_error(animator);
        return;
    }
    if (!animator_accepts_callbacks(animator)) {
        Py_DECREF(callback);
        return;
    }
    Py_INCREF(animator);
    const char *where = position == ANIMA_POSITION_END ? "end" : position == ANIMA_POSITION_START ? "start" : "current";
    PyObject *result = PyObject_CallFunction(callback, "Os", finished ? Py_True : Py_False, where);
    if (result == NULL) {
        animator_store_callback_error(animator);
    }
    else {
        Py_DECREF(result);
    }
    Py_DECREF(animator);
    Py_DECREF(callback);
}

static void
collision_call_delegate(AnimatorObject *animator, const anima_contact_event *event, bool began)
{
    if (!animator_accepts_callbacks(animator)) {
        return;
    }
    anima_state *st = STATE_OF(animator);
    if (st == NULL) {
        animator_store_callback_error(animator);
        return;
    }
    PyObject *key = handle_key(event->collision.index1, event->collision.generation);
    PyObject *found = NULL;
    if (key == NULL || registry_find(animator->behavior_wrappers, key, &found) < 0) {
        Py_XDECREF(key);
        animator_store_callback_error(animator);
        return;
    }
    Py_DECREF(key);
    if (found == NULL) {
        return;
    }
    if (!PyObject_TypeCheck(found, st->collision_type)) {
        Py_DECREF(found);
        return;
    }
    CollisionObject *collision = (CollisionObject *)found;
    PyObject *callback = began ? collision->on_began : collision->on_ended;
    if (callback == NULL) {
        Py_DECREF(found);
        return;
    }
    Py_INCREF(callback);
    Py_INCREF(animator);
    PyObject *contact = contact_event_new(st, animator, event);
    PyObject *result = contact != NULL ? PyObject_CallOneArg(callback, contact) : NULL;
    if (result == NULL) {
        animator_store_callback_error(animator);
    }
    else {
        Py_DECREF(result);
    }
    Py_XDECREF(contact);
    Py_DECREF(callback);
    Py_DECREF(found);
    Py_DECREF(animator);
}

static void
trampoline_contact_began(void *user_data, const anima_contact_event *event)
{
    collision_call_delegate((AnimatorObject *)user_data, event, true);
}

static void
trampoline_contact_ended(void *user_data, const anima_contact_event *event)
{
    collision_call_delegate((AnimatorObject *)user_data, event, false);
}

/*
 * A behavior's action: looks up `action` on the user's object (a method of its
 * class, or the callable assigned to it) and calls it with no arguments.
 */
static void
trampoline_action(void *user_data, anima_behavior handle)
{
    AnimatorObject *animator = (AnimatorObject *)user_data;
    if (!animator_accepts_callbacks(animator)) {
        return;
    }
    anima_state *st = STATE_OF(animator);
    if (st == NULL) {
        animator_store_callback_error(animator);
        return;
    }
    PyObject *key = handle_key(handle.index1, handle.generation);
    PyObject *found = NULL;
    if (key == NULL || registry_find(animator->behavior_wrappers, key, &found) < 0) {
        Py_XDECREF(key);
        animator_store_callback_error(animator);
        return;
    }
    Py_DECREF(key);
    if (found == NULL) {
        return;
    }
    Py_INCREF(animator);
    PyObject *callback = PyObject_GetAttr(found, st->action_name);
    PyObject *result = NULL;
    if (callback == Py_None) {
        result = Py_NewRef(Py_None);
    }
    else if (callback != NULL) {
        result = PyObject_CallNoArgs(callback);
    }
    if (result == NULL) {
        animator_store_callback_error(animator);
    }
    else {
        Py_DECREF(result);
    }
    Py_XDECREF(callback);
    Py_DECREF(found);
    Py_DECREF(animator);
}

/*
 * A custom field's evaluation: calls evaluate(position, velocity, mass,
 * charge, dt) and writes the (fx, fy) it returns. It runs inside the solver,
 * so the force stays zero when Python code may not run or fails. The library
 * takes note of anima_animator_interrupt here but ends the step only when one
 * of the step's later callbacks returns; the C action that every Field with an
 * evaluation carries (trampoline_action, which does nothing once an exception
 * is stored) is that callback, so the step still ends as for other callbacks.
 */
static void
trampoline_field(void *user_data, anima_vec2 position, anima_vec2 velocity, double mass, double charge,
                 double delta_time, anima_vec2 *out_force)
{
    FieldObject *field = (FieldObject *)user_data;
    AnimatorObject *animator = field->base.animator;
    if (animator == NULL || field->evaluate == NULL || !animator_accepts_callbacks(animator)) {
        return;
    }
    anima_state *st = STATE_OF(field);
    if (st == NULL) {
        animator_store_callback_error(animator);
        return;
    }
    Py_INCREF(field);
    Py_INCREF(animator);
    PyObject *callback = Py_NewRef(field->evaluate);
    PyObject *result = PyObject_CallFunction(callback, "(dd)(dd)ddd", position.x, position.y, velocity.x,
                                             velocity.y, mass, charge, delta_time);
    anima_vec2 force;
    if (result == NULL || as_vec2(st, result, "evaluate() result", &force) < 0) {
        animator_store_callback_error(animator);
    }
    else {
        *out_force = force;
    }
    Py_XDECREF(result);
    Py_DECREF(callback);
    Py_DECREF(animator);
    Py_DECREF(field);
}

/* ================================================================== Item */

static const char *
shape_name(anima_shape shape)
{
    switch (shape) {
    case ANIMA_SHAPE_RECTANGLE: return "rectangle";
    case ANIMA_SHAPE_ELLIPSE: return "ellipse";
    case ANIMA_SHAPE_PATH: return "path";
    }
    return "unknown";
}

static int
as_shape(anima_state *st, PyObject *obj, anima_shape *out)
{
    if (!PyUnicode_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "shape must be 'rectangle', 'ellipse' or 'path', not %.100s",
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    if (PyUnicode_CompareWithASCIIString(obj, "rectangle") == 0) {
        *out = ANIMA_SHAPE_RECTANGLE;
        return 0;
    }
    if (PyUnicode_CompareWithASCIIString(obj, "ellipse") == 0) {
        *out = ANIMA_SHAPE_ELLIPSE;
        return 0;
    }
    if (PyUnicode_CompareWithASCIIString(obj, "path") == 0) {
        *out = ANIMA_SHAPE_PATH;
        return 0;
    }
    PyErr_Format(st->invalid_argument_error, "shape must be 'rectangle', 'ellipse' or 'path' (got %R)", obj);
    return -1;
}

/*
 * The points of a collision path from a sequence of (x, y) points, into a
 * PyMem buffer (free it with PyMem_Free). Only types, NaN and infinities are
 * checked here; the number of points, winding and convexity are left to the
 * library, whose messages name the rule a path breaks.
 */
static int
as_path(anima_state *st, PyObject *obj, anima_vec2 **out, int32_t *out_count)
{
    if (PyUnicode_Check(obj) || PyBytes_Check(obj) || PyByteArray_Check(obj)
        || !PySequence_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "path must be a sequence of (x, y) points, not %.100s",
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    PyObject *seq = PySequence_Fast(obj, "path must be a sequence of (x, y) points");
    if (seq == NULL) {
        return -1;
    }
    Py_ssize_t count = PySequence_Fast_GET_SIZE(seq);
    if (count > INT32_MAX) {
        PyErr_Format(st->invalid_argument_error, "path has too many points (%zd)", count);
        Py_DECREF(seq);
        return -1;
    }
    /* PyMem_Malloc(0) gives a valid pointer, so an empty path reaches the library's count check. */
    anima_vec2 *points = PyMem_Malloc((size_t)count * sizeof(anima_vec2));
    if (points == NULL) {
        Py_DECREF(seq);
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        char name[48];
        PyOS_snprintf(name, sizeof name, "path[%zd]", i);
        if (as_vec2(st, PySequence_Fast_GET_ITEM(seq, i), name, &points[i]) < 0) {
            PyMem_Free(points);
            Py_DECREF(seq);
            return -1;
        }
    }
    Py_DECREF(seq);
    *out = points;
    *out_count = (int32_t)count;
    return 0;
}

/* The path of an item as a tuple of (x, y) tuples, or None when it has none. */
static PyObject *
item_path_tuple(anima_state *st, ItemObject *item)
{
    list_query q = {.kind = LIST_ITEM_PATH, .item = item->handle};
    void *buffer = NULL;
    int32_t count = 0;
    if (fetch_list(st, item->animator, &q, &buffer, &count) < 0) {
        return NULL;
    }
    if (count == 0) {
        PyMem_Free(buffer);
        Py_RETURN_NONE;
    }
    anima_vec2 *points = buffer;
    PyObject *result = PyTuple_New(count);
    for (int32_t i = 0; result != NULL && i < count; i++) {
        PyObject *point = vec2_tuple(points[i]);
        if (point == NULL) {
            Py_CLEAR(result);
            break;
        }
        PyTuple_SET_ITEM(result, i, point);
    }
    PyMem_Free(buffer);
    return result;
}

/* The Item argument of a method; NULL with TypeError otherwise. */
static ItemObject *
item_argument(anima_state *st, PyObject *obj, const char *what)
{
    if (!PyObject_TypeCheck(obj, st->item_type)) {
        PyErr_Format(PyExc_TypeError, "%s must be an anima.Item, not %.100s", what, Py_TYPE(obj)->tp_name);
        return NULL;
    }
    return (ItemObject *)obj;
}

static PyObject *
item_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    (void)args;
    (void)kwds;
    ItemObject *self = (ItemObject *)type->tp_alloc(type, 0);
    if (self != NULL) {
        self->handle = anima_item_null();
    }
    return (PyObject *)self;
}

static int
item_init(ItemObject *self, PyObject *args, PyObject *kwds)
{
    static char *keywords[] = {"animator", "center", "size", "shape", "path", "rotation", "scale",
                               "translation", "alpha", "velocity", "angular_velocity", NULL};
    PyObject *animator_obj, *center = NULL, *size = NULL, *shape = NULL, *path = NULL, *rotation = NULL,
             *scale = NULL, *translation = NULL, *alpha = NULL, *velocity = NULL, *angular_velocity = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O|OO$OOOOOOOO:Item", keywords, &animator_obj, &center,
                                     &size, &shape, &path, &rotation, &scale, &translation, &alpha,
                                     &velocity, &angular_velocity)) {
        return -1;
    }
    anima_state *st = STATE_OF(self);
    if (st == NULL) {
        return -1;
    }
    if (self->animator != NULL) {
        PyErr_SetString(st->invalid_state_error, "Item.__init__ called on an initialised item");
        return -1;
    }
    if (!PyObject_TypeCheck(animator_obj, st->animator_type)) {
        PyErr_Format(PyExc_TypeError, "animator must be an anima.Animator, not %.100s",
                     Py_TYPE(animator_obj)->tp_name);
        return -1;
    }
    AnimatorObject *animator = (AnimatorObject *)animator_obj;
    anima_item_def def = anima_default_item_def();
    double scale_xy[2] = {def.transform.scale_x, def.transform.scale_y};
    double translation_xy[2] = {def.transform.translation_x, def.transform.translation_y};
    if ((center && as_vec2(st, center, "center", &def.center) < 0)
        || (size && as_size(st, size, "size", &def.size) < 0)
        || (shape && as_shape(st, shape, &def.shape) < 0)
        || (rotation && as_finite(st, rotation, "rotation", &def.transform.rotation) < 0)
        || (scale && as_doubles(st, scale, "scale", "(x, y)", 2, scale_xy) < 0)
        || (translation && as_doubles(st, translation, "translation", "(x, y)", 2, translation_xy) < 0)
        || (alpha && as_finite(st, alpha, "alpha", &def.alpha) < 0)
        || (velocity && as_vec2(st, velocity, "velocity", &def.linear_velocity) < 0)
        || (angular_velocity && as_finite(st, angular_velocity, "angular_velocity", &def.angular_velocity) < 0)) {
        return -1;
    }
    def.transform.scale_x = scale_xy[0];
    def.transform.scale_y = scale_xy[1];
    def.transform.translation_x = translation_xy[0];
    def.transform.translation_y = translation_xy[1];

    /* A path makes the shape 'path'; naming another shape beside it is a contradiction. */
    if (path == Py_None) {
        path = NULL;
    }
    if (path != NULL && shape != NULL && def.shape != ANIMA_SHAPE_PATH) {
        PyErr_Format(PyExc_TypeError, "path goes with shape='path', not shape='%s'", shape_name(def.shape));
        return -1;
    }
    if (path == NULL && def.shape == ANIMA_SHAPE_PATH) {
        PyErr_SetString(st->invalid_argument_error, "shape='path' needs path=[(x, y), ...]");
        return -1;
    }
    anima_vec2 *points = NULL;
    if (path != NULL) {
        if (as_path(st, path, &points, &def.path_count) < 0) {
            return -1;
        }
        def.path = points;
        def.shape = ANIMA_SHAPE_PATH;
    }

    anima_item handle = anima_item_null();
    anima_status status = anima_item_create(animator->handle, &def, &handle);
    PyMem_Free(points);
    if (check(st, animator, status) < 0) {
        return -1;
    }
    PyObject *key = handle_key(handle.index1, handle.generation);
    if (key == NULL || registry_add(&animator->item_wrappers, key, (PyObject *)self) < 0) {
        Py_XDECREF(key);
        (void)anima_item_destroy(handle);
        anima_clear_error();
        return -1;
    }
    Py_DECREF(key);
    Py_INCREF(animator);
    self->animator = animator;
    self->handle = handle;
    return 0;
}

static int
item_traverse(ItemObject *self, visitproc visit, void *arg)
{
    Py_VISIT(Py_TYPE(self));
    Py_VISIT(self->animator);
    return 0;
}

/* Drops the animator reference (and the registry entry, whose weak reference is dead by now). */
static int
item_clear(ItemObject *self)
{
    if (self->animator != NULL) {
        registry_forget(self->animator->item_wrappers, self->handle.index1, self->handle.generation);
    }
    Py_CLEAR(self->animator);
    return 0;
}

static void
item_dealloc(ItemObject *self)
{
    PyTypeObject *type = Py_TYPE(self);
    PyObject_GC_UnTrack(self);
    if (self->weakreflist != NULL) {
        PyObject_ClearWeakRefs((PyObject *)self);
    }
    item_clear(self);
    type->tp_free(self);
    Py_DECREF(type);
}

static Py_hash_t
item_hash(ItemObject *self)
{
    Py_uhash_t hash = (Py_uhash_t)self->handle.index1 * 1000003u;
    hash ^= (Py_uhash_t)self->handle.generation * 0x9E3779B1u;
    hash ^= (Py_uhash_t)self->handle.animator << 20;
    hash ^= (Py_uhash_t)(uintptr_t)self->animator >> 4;
    if (hash == (Py_uhash_t)-1) {
        hash = (Py_uhash_t)-2;
    }
    return (Py_hash_t)hash;
}

static PyObject *
item_richcompare(PyObject *a, PyObject *b, int op)
{
    anima_state *st = STATE_OF(a);
    if (st == NULL) {
        return NULL;
    }
    if ((op != Py_EQ && op != Py_NE) || !PyObject_TypeCheck(b, st->item_type)) {
        Py_RETURN_NOTIMPLEMENTED;
    }
    ItemObject *x = (ItemObject *)a, *y = (ItemObject *)b;
    bool equal = x->animator == y->animator && x->handle.index1 == y->handle.index1
                 && x->handle.generation == y->handle.generation
                 && x->handle.animator == y->handle.animator;
    return PyBool_FromLong(op == Py_EQ ? equal : !equal);
}

static PyObject *
item_repr(ItemObject *self)
{
    anima_vec2 center;
    anima_size size;
    anima_shape shape;
    if (anima_item_get_center(self->handle, &center) != ANIMA_OK
        || anima_item_get_size(self->handle, &size) != ANIMA_OK
        || anima_item_get_shape(self->handle, &shape) != ANIMA_OK) {
        anima_clear_error();
        return PyUnicode_FromFormat("<%s (destroyed)>", Py_TYPE(self)->tp_name);
    }
    PyObject *c = Py_BuildValue("(dd)", center.x, center.y);
    PyObject *s = Py_BuildValue("(dd)", size.width, size.height);
    PyObject *result = NULL;
    if (c != NULL && s != NULL) {
        result = PyUnicode_FromFormat("<%s center=%R size=%R shape='%s'>", Py_TYPE(self)->tp_name, c, s,
                                      shape_name(shape));
    }
    Py_XDECREF(c);
    Py_XDECREF(s);
    return result;
}

PyDoc_STRVAR(item_destroy_doc,
"destroy($self, /)\n--\n\n"
"Destroy the item: it leaves every behavior (its ended-contact events still\n"
"fire) and later use raises StaleHandleError. Deferred inside callbacks.");

static PyObject *
item_destroy(ItemObject *self, PyObject *Py_UNUSED(ignored))
{
    anima_state *st = STATE_OF(self);
    if (st == NULL || check(st, self->animator, anima_item_destroy(self->handle)) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

/* -------------------------------------------------------- properties */

typedef struct {
    anima_status (*get)(anima_item, double *);
    anima_status (*set)(anima_item, double);
    const char *name;
} item_double_property;

typedef struct {
    anima_status (*get)(anima_item, anima_vec2 *);
    anima_status (*set)(anima_item, anima_vec2);
    const char *name;
} item_vec2_property;

static const item_double_property item_alpha = {anima_item_get_alpha, anima_item_set_alpha, "alpha"};
static const item_double_property item_angular_velocity = {
    anima_item_get_angular_velocity, anima_item_set_angular_velocity, "angular_velocity"};
static const item_double_property item_rotation = {anima_item_get_rotation, NULL, "rotation"};
static const item_double_property item_mass = {anima_item_get_mass, NULL, "mass"};
static const item_vec2_property item_center = {anima_item_get_center, anima_item_set_center, "center"};
static const item_vec2_property item_velocity = {
    anima_item_get_linear_velocity, anima_item_set_linear_velocity, "velocity"};

static PyObject *
item_get_double(ItemObject *self, void *closure)
{
    const item_double_property *property = closure;
    anima_state *st = STATE_OF(self);
    double value = 0.0;
    if (st == NULL || check(st, self->animator, property->get(self->handle, &value)) < 0) {
        return NULL;
    }
    return PyFloat_FromDouble(value);
}

static int
item_set_double(ItemObject *self, PyObject *value, void *closure)
{
    const item_double_property *property = closure;
    anima_state *st = STATE_OF(self);
    double v;
    if (st == NULL || forbid_delete(value, property->name) < 0
        || as_finite(st, value, property->name, &v) < 0) {
        return -1;
    }
    return check(st, self->animator, property->set(self->handle, v));
}

static PyObject *
item_get_vec2(ItemObject *self, void *closure)
{
    const item_vec2_property *property = closure;
    anima_state *st = STATE_OF(self);
    anima_vec2 value = {0, 0};
    if (st == NULL || check(st, self->animator, property->get(self->handle, &value)) < 0) {
        return NULL;
    }
    return vec2_tuple(value);
}

static int
item_set_vec2(ItemObject *self, PyObject *value, void *closure)
{
    const item_vec2_property *property = closure;
    anima_state *st = STATE_OF(self);
    anima_vec2 v;
    if (st == NULL || forbid_delete(value, property->name) < 0
        || as_vec2(st, value, property->name, &v) < 0) {
        return -1;
    }
    return check(st, self->animator, property->set(self->handle, v));
}

static PyObject *
item_get_size(ItemObject *self, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    anima_size size = {0, 0};
    if (st == NULL || check(st, self->animator, anima_item_get_size(self->handle, &size)) < 0) {
        return NULL;
    }
    return Py_BuildValue("(dd)", size.width, size.height);
}

static int
item_set_size(ItemObject *self, PyObject *value, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    anima_size size;
    if (st == NULL || forbid_delete(value, "size") < 0 || as_size(st, value, "size", &size) < 0) {
        return -1;
    }
    return check(st, self->animator, anima_item_set_size(self->handle, size));
}

static PyObject *
item_get_bounds(ItemObject *self, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    anima_size size = {0, 0};
    if (st == NULL || check(st, self->animator, anima_item_get_size(self->handle, &size)) < 0) {
        return NULL;
    }
    return Py_BuildValue("(dddd)", 0.0, 0.0, size.width, size.height);
}

static PyObject *
item_get_transform(ItemObject *self, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    anima_transform t;
    if (st == NULL || check(st, self->animator, anima_item_get_transform(self->handle, &t)) < 0) {
        return NULL;
    }
    return PyObject_CallFunction(st->transform_type, "ddddd", t.rotation, t.scale_x, t.scale_y,
                                 t.translation_x, t.translation_y);
}

static int
item_set_transform(ItemObject *self, PyObject *value, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    double v[5];
    if (st == NULL || forbid_delete(value, "transform") < 0
        || as_doubles(st, value, "transform",
                      "(rotation, scale_x, scale_y, translation_x, translation_y)", 5, v) < 0) {
        return -1;
    }
    anima_transform t = {v[0], v[1], v[2], v[3], v[4]};
    return check(st, self->animator, anima_item_set_transform(self->handle, t));
}

static PyObject *
item_get_shape(ItemObject *self, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    anima_shape shape = ANIMA_SHAPE_RECTANGLE;
    if (st == NULL || check(st, self->animator, anima_item_get_shape(self->handle, &shape)) < 0) {
        return NULL;
    }
    return PyUnicode_FromString(shape_name(shape));
}

static int
item_set_shape(ItemObject *self, PyObject *value, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    anima_shape shape;
    if (st == NULL || forbid_delete(value, "shape") < 0 || as_shape(st, value, &shape) < 0) {
        return -1;
    }
    return check(st, self->animator, anima_item_set_shape(self->handle, shape));
}

static PyObject *
item_get_path(ItemObject *self, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    if (st == NULL) {
        return NULL;
    }
    return item_path_tuple(st, self);
}

static int
item_set_path(ItemObject *self, PyObject *value, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    anima_vec2 *points = NULL;
    int32_t count = 0;
    if (st == NULL || forbid_delete(value, "path") < 0 || as_path(st, value, &points, &count) < 0) {
        return -1;
    }
    anima_status status = anima_item_set_path(self->handle, points, count);
    PyMem_Free(points);
    return check(st, self->animator, status);
}

static PyObject *
item_get_is_resting(ItemObject *self, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    bool resting = false;
    if (st == NULL || check(st, self->animator, anima_item_is_resting(self->handle, &resting)) < 0) {
        return NULL;
    }
    return PyBool_FromLong(resting);
}

static PyObject *
item_get_is_valid(ItemObject *self, void *closure)
{
    (void)closure;
    return PyBool_FromLong(anima_item_is_valid(self->handle));
}

static PyObject *
item_get_animator(ItemObject *self, void *closure)
{
    (void)closure;
    if (self->animator == NULL) {
        anima_state *st = STATE_OF(self);
        if (st != NULL) {
            PyErr_SetString(st->stale_handle_error, "the item was never initialised");
        }
        return NULL;
    }
    return Py_NewRef((PyObject *)self->animator);
}

static PyMethodDef item_methods[] = {
    {"destroy", (PyCFunction)item_destroy, METH_NOARGS, item_destroy_doc},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef item_getset[] = {
    {"center", (getter)item_get_vec2, (setter)item_set_vec2,
     "The center (x, y) in points; setting it moves the item and wakes the animator.",
     (void *)&item_center},
    {"size", (getter)item_get_size, (setter)item_set_size,
     "The bounds size (width, height) in points (> 0); collision bounds and mass follow.", NULL},
    {"bounds", (getter)item_get_bounds, NULL,
     "The bounds (0, 0, width, height), as UIDynamicItem.bounds (read-only).", NULL},
    {"transform", (getter)item_get_transform, (setter)item_set_transform,
     "The transform as anima.Transform(rotation, scale_x, scale_y, translation_x, translation_y);\n"
     "assign a Transform or any 5-sequence. Rotation and scale reach the collision bounds.", NULL},
    {"rotation", (getter)item_get_double, NULL,
     "The rotation in radians (positive = clockwise on screen; read-only).", (void *)&item_rotation},
    {"alpha", (getter)item_get_double, (setter)item_set_double,
     "Opacity 0...1 (not used by the dynamics).", (void *)&item_alpha},
    {"shape", (getter)item_get_shape, (setter)item_set_shape,
     "The collision shape: 'rectangle' (the bounds), 'ellipse' (inscribed in them) or 'path'\n"
     "(the convex outline in Item.path). Setting 'path' on an item without a path raises\n"
     "InvalidStateError.", NULL},
    {"path", (getter)item_get_path, (setter)item_set_path,
     "The convex collision outline as a tuple of (x, y) points, or None when the item has none.\n"
     "Points are from the centre in the item's own coordinates (they turn and scale with it),\n"
     "3 to 16 of them, counter-clockwise as seen on screen (y grows downward), convex, no three\n"
     "in a line. Assigning a path also makes 'path' the shape; a path the library rejects raises\n"
     "InvalidArgumentError naming the rule and leaves the item unchanged. The path is kept when\n"
     "another shape is chosen, so shape = 'path' brings it back.", NULL},
    {"velocity", (getter)item_get_vec2, (setter)item_set_vec2,
     "The linear velocity (vx, vy) in pt/s; setting it wakes the animator.", (void *)&item_velocity},
    {"angular_velocity", (getter)item_get_double, (setter)item_set_double,
     "The angular velocity in rad/s (positive = clockwise); setting it wakes the animator.",
     (void *)&item_angular_velocity},
    {"mass", (getter)item_get_double, NULL,
     "The mass: density x area / 10 000 (a 100 x 100 item of density 1 has mass 1; read-only).",
     (void *)&item_mass},
    {"is_resting", (getter)item_get_is_resting, NULL,
     "True when the item has come to rest or no behavior moves it (read-only).", NULL},
    {"is_valid", (getter)item_get_is_valid, NULL, "True until the item is destroyed (read-only).", NULL},
    {"animator", (getter)item_get_animator, NULL, "The Animator that owns the item (read-only).", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMemberDef item_members[] = {
    {"__weaklistoffset__", T_PYSSIZET, offsetof(ItemObject, weakreflist), READONLY, NULL},
    {NULL, 0, 0, 0, NULL},
};

PyDoc_STRVAR(item_doc,
"Item(animator, center=(0, 0), size=(100, 100), *, shape='rectangle', path=None,\n"
"     rotation=0.0, scale=(1.0, 1.0), translation=(0.0, 0.0), alpha=1.0,\n"
"     velocity=(0.0, 0.0), angular_velocity=0.0)\n"
"--\n\n"
"A dynamic item (UIDynamicItem) in an animator. It moves once a behavior\n"
"governs it. Units: points, seconds, radians; y grows downward.\n\n"
"path=[(x, y), ...] gives the item a convex collision outline (see Item.path)\n"
"and makes 'path' its shape; shape='path' without a path is an\n"
"InvalidArgumentError, another shape beside a path a TypeError.\n\n"
"The same item always comes back as the same Python object while that object\n"
"is alive (from animator.items, behavior.items, contact events ...).\n"
"Equality and hashing follow the underlying handle.");

static PyType_Slot item_slots[] = {
    {Py_tp_doc, (void *)item_doc},
    {Py_tp_new, item_new},
    {Py_tp_init, item_init},
    {Py_tp_dealloc, item_dealloc},
    {Py_tp_traverse, item_traverse},
    {Py_tp_clear, item_clear},
    {Py_tp_hash, item_hash},
    {Py_tp_richcompare, item_richcompare},
    {Py_tp_repr, item_repr},
    {Py_tp_methods, item_methods},
    {Py_tp_getset, item_getset},
    {Py_tp_members, item_members},
    {0, NULL},
};

static PyType_Spec item_spec = {
    .name = "anima.Item",
    .basicsize = sizeof(ItemObject),
    .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    .slots = item_slots,
};

/* ====================================================== Behavior (base) */

/*
 * The items argument of a behavior constructor: the handles (PyMem array) and
 * the animator they share (a borrowed reference). animator_obj may be NULL.
 */
static int
collect_items(anima_state *st, PyObject *items_obj, PyObject *animator_obj, anima_item **out_handles,
              int32_t *out_count, AnimatorObject **out_animator)
{
    AnimatorObject *animator = NULL;
    if (animator_obj != NULL && animator_obj != Py_None) {
        if (!PyObject_TypeCheck(animator_obj, st->animator_type)) {
            PyErr_Format(PyExc_TypeError, "animator must be an anima.Animator, not %.100s",
                         Py_TYPE(animator_obj)->tp_name);
            return -1;
        }
        animator = (AnimatorObject *)animator_obj;
    }
    if (PyUnicode_Check(items_obj) || PyObject_TypeCheck(items_obj, st->item_type)) {
        PyErr_Format(PyExc_TypeError, "items must be an iterable of anima.Item, not %.100s",
                     Py_TYPE(items_obj)->tp_name);
        return -1;
    }
    PyObject *seq = PySequence_Fast(items_obj, "items must be an iterable of anima.Item");
    if (seq == NULL) {
        return -1;
    }
    Py_ssize_t count = PySequence_Fast_GET_SIZE(seq);
    if (count > INT32_MAX) {
        Py_DECREF(seq);
        PyErr_SetString(st->invalid_argument_error, "too many items");
        return -1;
    }
    anima_item *handles = PyMem_Malloc(sizeof(anima_item) * (size_t)(count > 0 ? count : 1));
    if (handles == NULL) {
        Py_DECREF(seq);
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *obj = PySequence_Fast_GET_ITEM(seq, i);
        if (!PyObject_TypeCheck(obj, st->item_type)) {
            PyErr_Format(PyExc_TypeError, "items[%zd] must be an anima.Item, not %.100s", i,
                         Py_TYPE(obj)->tp_name);
            goto fail;
        }
        ItemObject *item = (ItemObject *)obj;
        if (item->animator == NULL) {
            PyErr_Format(st->stale_handle_error, "items[%zd] was never initialised", i);
            goto fail;
        }
        if (animator == NULL) {
            animator = item->animator;
        }
        else if (item->animator != animator) {
            PyErr_Format(st->invalid_argument_error,
                         "items[%zd] belongs to another animator (all items of a behavior must share one)", i);
            goto fail;
        }
        handles[i] = item->handle;
    }
    Py_DECREF(seq);
    if (animator == NULL) {
        PyMem_Free(handles);
        PyErr_SetString(PyExc_TypeError, "an animator= argument is needed when items is empty");
        return -1;
    }
    *out_handles = handles;
    *out_count = (int32_t)count;
    *out_animator = animator;
    return 0;

fail:
    Py_DECREF(seq);
    PyMem_Free(handles);
    return -1;
}

/* True for a field that has a Python evaluation (it then needs the C action too; see trampoline_field). */
static bool
behavior_has_evaluation(anima_state *st, BehaviorObject *self)
{
    return PyObject_TypeCheck((PyObject *)self, st->field_type) && ((FieldObject *)self)->evaluate != NULL;
}

/* 1 when a class defines its own `action` (overriding Behavior.action), 0 if not, -1 on error. */
static int
behavior_class_overrides_action(anima_state *st, PyTypeObject *type)
{
    PyObject *own = PyObject_GetAttr((PyObject *)type, st->action_name);
    if (own == NULL) {
        return -1;
    }
    PyObject *base = PyObject_GetAttr((PyObject *)st->behavior_type, st->action_name);
    if (base == NULL) {
        Py_DECREF(own);
        return -1;
    }
    int overrides = own != base && own != Py_None;
    Py_DECREF(own);
    Py_DECREF(base);
    return overrides;
}

/*
 * Installs (install true) or removes the C action of an initialised behavior.
 * While it is installed, the animator's `acting` dict keeps the object alive,
 * so that the action always reaches the user's own object.
 */
static int
behavior_set_c_action(anima_state *st, BehaviorObject *self, bool install)
{
    AnimatorObject *animator = self->animator;
    anima_status status = anima_behavior_set_action(self->handle, install ? trampoline_action : NULL,
                                                    install ? (void *)animator : NULL);
    if (check(st, animator, status) < 0) {
        return -1;
    }
    PyObject *key = handle_key(self->handle.index1, self->handle.generation);
    if (key == NULL) {
        return -1;
    }
    int result = 0;
    if (install) {
        if (animator->acting == NULL) {
            animator->acting = PyDict_New();
        }
        result = animator->acting == NULL ? -1 : PyDict_SetItem(animator->acting, key, (PyObject *)self);
    }
    else if (animator->acting != NULL && PyDict_Contains(animator->acting, key) == 1) {
        result = PyDict_DelItem(animator->acting, key);
    }
    Py_DECREF(key);
    return result;
}

/*
 * Gives a newly created C behavior to its wrapper, and installs the action of
 * a class that defines one; destroys the C behavior if that fails.
 */
static int
behavior_adopt(BehaviorObject *self, AnimatorObject *animator, anima_behavior handle)
{
    anima_state *st = STATE_OF(self);
    int overrides = st != NULL ? behavior_class_overrides_action(st, Py_TYPE(self)) : -1;
    PyObject *key = overrides >= 0 ? handle_key(handle.index1, handle.generation) : NULL;
    if (key == NULL || registry_add(&animator->behavior_wrappers, key, (PyObject *)self) < 0) {
        Py_XDECREF(key);
        (void)anima_behavior_destroy(handle);
        anima_clear_error();
        return -1;
    }
    Py_DECREF(key);
    Py_INCREF(animator);
    self->animator = animator;
    self->handle = handle;
    if (overrides) {
        self->overrides_action = true;
        if (behavior_set_c_action(st, self, true) < 0) {
            (void)anima_behavior_destroy(handle);
            anima_clear_error();
            return -1;
        }
    }
    return 0;
}

static int
behavior_check_fresh(anima_state *st, BehaviorObject *self)
{
    if (self->animator != NULL) {
        PyErr_Format(st->invalid_state_error, "%s.__init__ called on an initialised behavior",
                     Py_TYPE(self)->tp_name);
        return -1;
    }
    return 0;
}

/*
 * A new, uninitialised instance of `type` for an alternate constructor (a
 * classmethod such as Attachment.pin): made by type's __new__, without
 * calling __init__. `base` is the anima type it must be an instance of.
 */
static BehaviorObject *
behavior_blank_instance(anima_state *st, PyTypeObject *type, PyTypeObject *base)
{
    PyObject *empty = PyTuple_New(0);
    if (empty == NULL) {
        return NULL;
    }
    PyObject *obj = type->tp_new(type, empty, NULL);
    Py_DECREF(empty);
    if (obj == NULL) {
        return NULL;
    }
    if (!PyObject_TypeCheck(obj, base)) {
        PyErr_Format(PyExc_TypeError, "%.100s.__new__ did not return an %.100s", type->tp_name, base->tp_name);
        Py_DECREF(obj);
        return NULL;
    }
    if (behavior_check_fresh(st, (BehaviorObject *)obj) < 0) {
        Py_DECREF(obj);
        return NULL;
    }
    return (BehaviorObject *)obj;
}

static PyObject *
behavior_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    (void)args;
    (void)kwds;
    BehaviorObject *self = (BehaviorObject *)type->tp_alloc(type, 0);
    if (self != NULL) {
        self->handle = anima_behavior_null();
    }
    return (PyObject *)self;
}

/* True for the behavior types that have their own constructor (and their subclasses). */
static bool
behavior_type_is_specialised(anima_state *st, PyTypeObject *type)
{
    PyTypeObject *kinds[] = {st->gravity_type, st->collision_type, st->item_behavior_type,
                             st->attachment_type, st->push_type, st->snap_type, st->field_type};
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        if (PyType_IsSubtype(type, kinds[i])) {
            return true;
        }
    }
    return false;
}

static int
behavior_init(BehaviorObject *self, PyObject *args, PyObject *kwds)
{
    static char *keywords[] = {"animator", NULL};
    PyObject *animator_obj;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O:Behavior", keywords, &animator_obj)) {
        return -1;
    }
    anima_state *st = STATE_OF(self);
    if (st == NULL || behavior_check_fresh(st, self) < 0) {
        return -1;
    }
    if (behavior_type_is_specialised(st, Py_TYPE(self))) {
        PyErr_Format(PyExc_TypeError,
                     "Behavior.__init__ makes a plain behavior; initialise a %.100s with its own constructor",
                     Py_TYPE(self)->tp_name);
        return -1;
    }
    if (!PyObject_TypeCheck(animator_obj, st->animator_type)) {
        PyErr_Format(PyExc_TypeError, "animator must be an anima.Animator, not %.100s",
                     Py_TYPE(animator_obj)->tp_name);
        return -1;
    }
    AnimatorObject *animator = (AnimatorObject *)animator_obj;
    anima_behavior handle = anima_behavior_null();
    if (check(st, animator, anima_behavior_create(animator->handle, &handle)) < 0) {
        return -1;
    }
    return behavior_adopt(self, animator, handle);
}

static int
behavior_traverse(BehaviorObject *self, visitproc visit, void *arg)
{
    Py_VISIT(Py_TYPE(self));
    Py_VISIT(self->animator);
    Py_VISIT(self->action);
    return 0;
}

/* Drops the animator reference (and the registry entry, whose weak reference is dead by now). */
static int
behavior_clear(BehaviorObject *self)
{
    if (self->animator != NULL) {
        registry_forget(self->animator->behavior_wrappers, self->handle.index1, self->handle.generation);
    }
    Py_CLEAR(self->action);
    Py_CLEAR(self->animator);
    return 0;
}

static void
behavior_dealloc(BehaviorObject *self)
{
    PyTypeObject *type = Py_TYPE(self);
    PyObject_GC_UnTrack(self);
    if (self->weakreflist != NULL) {
        PyObject_ClearWeakRefs((PyObject *)self);
    }
    behavior_clear(self);
    type->tp_free(self);
    Py_DECREF(type);
}

static Py_hash_t
behavior_hash(BehaviorObject *self)
{
    Py_uhash_t hash = (Py_uhash_t)self->handle.index1 * 1000003u;
    hash ^= (Py_uhash_t)self->handle.generation * 0x9E3779B1u;
    hash ^= (Py_uhash_t)self->handle.animator << 20;
    hash ^= (Py_uhash_t)(uintptr_t)self->animator >> 4;
    if (hash == (Py_uhash_t)-1) {
        hash = (Py_uhash_t)-2;
    }
    return (Py_hash_t)hash;
}

static PyObject *
behavior_richcompare(PyObject *a, PyObject *b, int op)
{
    anima_state *st = STATE_OF(a);
    if (st == NULL) {
        return NULL;
    }
    if ((op != Py_EQ && op != Py_NE) || !PyObject_TypeCheck(b, st->behavior_type)) {
        Py_RETURN_NOTIMPLEMENTED;
    }
    BehaviorObject *x = (BehaviorObject *)a, *y = (BehaviorObject *)b;
    bool equal = x->animator == y->animator && x->handle.index1 == y->handle.index1
                 && x->handle.generation == y->handle.generation
                 && x->handle.animator == y->handle.animator && x->handle.kind == y->handle.kind;
    return PyBool_FromLong(op == Py_EQ ? equal : !equal);
}

static PyObject *
behavior_repr(BehaviorObject *self)
{
    if (!anima_behavior_is_valid(self->handle)) {
        return PyUnicode_FromFormat("<%s (destroyed)>", Py_TYPE(self)->tp_name);
    }
    int32_t items = 0, children = 0;
    bool added = false;
    if (anima_behavior_get_items(self->handle, NULL, 0, &items) != ANIMA_OK && items < 0) {
        items = 0;
    }
    if (anima_behavior_get_children(self->handle, NULL, 0, &children) != ANIMA_OK && children < 0) {
        children = 0;
    }
    (void)anima_behavior_is_added(self->handle, &added);
    anima_clear_error();
    if (children > 0) {
        return PyUnicode_FromFormat("<%s %d item%s, %d child%s%s>", Py_TYPE(self)->tp_name, (int)items,
                                    items == 1 ? "" : "s", (int)children, children == 1 ? "" : "ren",
                                    added ? ", added" : "");
    }
    return PyUnicode_FromFormat("<%s %d item%s%s>", Py_TYPE(self)->tp_name, (int)items,
                                items == 1 ? "" : "s", added ? ", added" : "");
}

PyDoc_STRVAR(behavior_add_item_doc,
"add_item($self, item, /)\n--\n\n"
"Add an item of the same animator; adding one already there does nothing.");

static PyObject *
behavior_add_item(BehaviorObject *self, PyObject *arg)
{
    anima_state *st = STATE_OF(self);
    ItemObject *item = st ? item_argument(st, arg, "item") : NULL;
    if (item == NULL || check(st, self->animator, anima_behavior_add_item(self->handle, item->handle)) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

PyDoc_STRVAR(behavior_remove_item_doc,
"remove_item($self, item, /)\n--\n\n"
"Remove an item; removing one that is not there does nothing.");

static PyObject *
behavior_remove_item(BehaviorObject *self, PyObject *arg)
{
    anima_state *st = STATE_OF(self);
    ItemObject *item = st ? item_argument(st, arg, "item") : NULL;
    if (item == NULL
        || check(st, self->animator, anima_behavior_remove_item(self->handle, item->handle)) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

PyDoc_STRVAR(behavior_destroy_doc,
"destroy($self, /)\n--\n\n"
"Destroy the behavior: it is removed from its animator (or its parent) if\n"
"added, its action is dropped, and later use raises StaleHandleError. Its\n"
"children are not destroyed. Deferred inside callbacks.");

static PyObject *
behavior_destroy(BehaviorObject *self, PyObject *Py_UNUSED(ignored))
{
    anima_state *st = STATE_OF(self);
    if (st == NULL || check(st, self->animator, anima_behavior_destroy(self->handle)) < 0) {
        return NULL;
    }
    AnimatorObject *animator = self->animator;
    if (animator != NULL
        && (PyObject_TypeCheck((PyObject *)self, st->collision_type) || self->action != NULL
            || self->overrides_action || behavior_has_evaluation(st, self))) {
        animator->purge_delegates = true;
        if (animator->advancing == 0) {
            Py_INCREF(animator);
            animator_purge_delegates(animator);
            Py_DECREF(animator);
        }
    }
    Py_RETURN_NONE;
}

PyDoc_STRVAR(behavior_add_child_doc,
"add_child($self, behavior, /)\n--\n\n"
"Add a child behavior of the same animator (UIDynamicBehavior.addChildBehavior).\n"
"A child acts while its parent is in the animator's tree. Adding a child again\n"
"does nothing; a behavior that is already in the tree elsewhere (at top level\n"
"or under another parent) raises InvalidStateError, and this behavior itself or\n"
"one of its ancestors raises InvalidArgumentError.");

static PyObject *
behavior_add_child(BehaviorObject *self, PyObject *arg)
{
    anima_state *st = STATE_OF(self);
    BehaviorObject *child = st ? behavior_argument(st, arg) : NULL;
    if (child == NULL || check(st, self->animator, anima_behavior_add_child(self->handle, child->handle)) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

PyDoc_STRVAR(behavior_remove_child_doc,
"remove_child($self, behavior, /)\n--\n\n"
"Remove a child behavior (not destroyed; it can be added again). Removing one\n"
"that is not a child of this behavior does nothing.");

static PyObject *
behavior_remove_child(BehaviorObject *self, PyObject *arg)
{
    anima_state *st = STATE_OF(self);
    BehaviorObject *child = st ? behavior_argument(st, arg) : NULL;
    if (child == NULL
        || check(st, self->animator, anima_behavior_remove_child(self->handle, child->handle)) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyObject *
behavior_get_items(BehaviorObject *self, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    if (st == NULL) {
        return NULL;
    }
    if (self->animator == NULL) {
        PyErr_SetString(st->stale_handle_error, "the behavior was never initialised");
        return NULL;
    }
    list_query q = {.kind = LIST_BEHAVIOR_ITEMS, .behavior = self->handle};
    return items_from_query(st, self->animator, &q, false);
}

/* The animator of an initialised behavior; NULL with StaleHandleError for one never initialised. */
static AnimatorObject *
behavior_animator(anima_state *st, BehaviorObject *self)
{
    if (self->animator == NULL) {
        PyErr_SetString(st->stale_handle_error, "the behavior was never initialised");
    }
    return self->animator;
}

static PyObject *
behavior_get_children(BehaviorObject *self, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    if (st == NULL || behavior_animator(st, self) == NULL) {
        return NULL;
    }
    list_query q = {.kind = LIST_BEHAVIOR_CHILDREN, .behavior = self->handle};
    return behaviors_from_query(st, self->animator, &q);
}

static PyObject *
behavior_get_parent(BehaviorObject *self, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    anima_behavior parent = anima_behavior_null();
    if (st == NULL || behavior_animator(st, self) == NULL
        || check(st, self->animator, anima_behavior_get_parent(self->handle, &parent)) < 0) {
        return NULL;
    }
    return wrap_behavior(st, self->animator, parent);
}

static PyObject *
behavior_get_action(BehaviorObject *self, void *closure)
{
    (void)closure;
    return Py_NewRef(self->action != NULL ? self->action : Py_None);
}

static int
behavior_set_action(BehaviorObject *self, PyObject *value, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    if (st == NULL) {
        return -1;
    }
    if (value == Py_None) {
        value = NULL;
    }
    if (value != NULL && !PyCallable_Check(value)) {
        PyErr_Format(PyExc_TypeError, "action must be callable or None, not %.100s", Py_TYPE(value)->tp_name);
        return -1;
    }
    if (behavior_animator(st, self) == NULL
        || behavior_set_c_action(st, self, value != NULL || self->overrides_action
                                               || behavior_has_evaluation(st, self)) < 0) {
        return -1;
    }
    Py_XINCREF(value);
    Py_XSETREF(self->action, value);
    return 0;
}

static PyObject *
behavior_get_animator(BehaviorObject *self, void *closure)
{
    (void)closure;
    if (self->animator == NULL) {
        anima_state *st = STATE_OF(self);
        if (st != NULL) {
            PyErr_SetString(st->stale_handle_error, "the behavior was never initialised");
        }
        return NULL;
    }
    return Py_NewRef((PyObject *)self->animator);
}

static PyObject *
behavior_get_is_added(BehaviorObject *self, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    bool added = false;
    if (st == NULL || check(st, self->animator, anima_behavior_is_added(self->handle, &added)) < 0) {
        return NULL;
    }
    return PyBool_FromLong(added);
}

static PyObject *
behavior_get_is_valid(BehaviorObject *self, void *closure)
{
    (void)closure;
    return PyBool_FromLong(anima_behavior_is_valid(self->handle));
}

/* Double and bool properties of behaviors, described by tables. */
typedef struct {
    anima_status (*get)(anima_behavior, double *);
    anima_status (*set)(anima_behavior, double);
    const char *name;
} behavior_double_property;

typedef struct {
    anima_status (*get)(anima_behavior, bool *);
    anima_status (*set)(anima_behavior, bool);
    const char *name;
} behavior_bool_property;

static PyObject *
behavior_get_double(BehaviorObject *self, void *closure)
{
    const behavior_double_property *property = closure;
    anima_state *st = STATE_OF(self);
    double value = 0.0;
    if (st == NULL || check(st, self->animator, property->get(self->handle, &value)) < 0) {
        return NULL;
    }
    return PyFloat_FromDouble(value);
}

static int
behavior_set_double(BehaviorObject *self, PyObject *value, void *closure)
{
    const behavior_double_property *property = closure;
    anima_state *st = STATE_OF(self);
    double v;
    if (st == NULL || forbid_delete(value, property->name) < 0
        || as_finite(st, value, property->name, &v) < 0) {
        return -1;
    }
    return check(st, self->animator, property->set(self->handle, v));
}

static PyObject *
behavior_get_bool(BehaviorObject *self, void *closure)
{
    const behavior_bool_property *property = closure;
    anima_state *st = STATE_OF(self);
    bool value = false;
    if (st == NULL || check(st, self->animator, property->get(self->handle, &value)) < 0) {
        return NULL;
    }
    return PyBool_FromLong(value);
}

static int
behavior_set_bool(BehaviorObject *self, PyObject *value, void *closure)
{
    const behavior_bool_property *property = closure;
    anima_state *st = STATE_OF(self);
    bool v;
    if (st == NULL || forbid_delete(value, property->name) < 0 || as_bool(value, &v) < 0) {
        return -1;
    }
    return check(st, self->animator, property->set(self->handle, v));
}

static const behavior_bool_property behavior_at_rest = {
    anima_behavior_get_at_rest, anima_behavior_set_at_rest, "at_rest"};

static PyMethodDef behavior_methods[] = {
    {"add_item", (PyCFunction)behavior_add_item, METH_O, behavior_add_item_doc},
    {"remove_item", (PyCFunction)behavior_remove_item, METH_O, behavior_remove_item_doc},
    {"add_child", (PyCFunction)behavior_add_child, METH_O, behavior_add_child_doc},
    {"remove_child", (PyCFunction)behavior_remove_child, METH_O, behavior_remove_child_doc},
    {"destroy", (PyCFunction)behavior_destroy, METH_NOARGS, behavior_destroy_doc},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef behavior_getset[] = {
    {"items", (getter)behavior_get_items, NULL, "The items of the behavior, in the order added (a tuple).", NULL},
    {"children", (getter)behavior_get_children, NULL,
     "The child behaviors, in the order added (a tuple).", NULL},
    {"parent", (getter)behavior_get_parent, NULL,
     "The behavior this one is a child of, or None (read-only).", NULL},
    {"at_rest", (getter)behavior_get_bool, (setter)behavior_set_bool,
     "Whether this behavior lets the animator pause (default True). While any behavior in\n"
     "the animator's tree says False, the animator keeps running; setting it to False on a\n"
     "behavior in the tree wakes a paused animator.", (void *)&behavior_at_rest},
    {"action", (getter)behavior_get_action, (setter)behavior_set_action,
     "A callable run with no arguments after every internal step while the behavior is in\n"
     "the animator's tree (UIKit's action block), or None (default). A subclass may define\n"
     "a method action(self) instead. Exceptions stop advance() and propagate from it.", NULL},
    {"animator", (getter)behavior_get_animator, NULL, "The Animator that owns the behavior (read-only).", NULL},
    {"is_added", (getter)behavior_get_is_added, NULL,
     "True while the behavior is in its animator's tree: added at top level, or a child of\n"
     "a behavior that is (read-only).", NULL},
    {"is_valid", (getter)behavior_get_is_valid, NULL, "True until the behavior is destroyed (read-only).", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMemberDef behavior_members[] = {
    {"__weaklistoffset__", T_PYSSIZET, offsetof(BehaviorObject, weakreflist), READONLY, NULL},
    {NULL, 0, 0, 0, NULL},
};

PyDoc_STRVAR(behavior_doc,
"Behavior(animator)\n"
"--\n\n"
"A plain behavior (UIDynamicBehavior), and the base class of every behavior:\n"
"Gravity, Collision, ItemBehavior, Attachment, Push, Snap. A behavior belongs\n"
"to one animator and acts while it is in the animator's tree: added with\n"
"Animator.add_behavior(), or a child of a behavior that is.\n\n"
"A plain behavior does nothing by itself. Give it children (add_child) to make\n"
"a composite behavior, or subclass it and define action(self), which runs\n"
"after every internal step, to make a custom one; while its at_rest is False\n"
"the animator keeps running. A subclass with its own __init__ calls\n"
"super().__init__(animator).");

static PyType_Slot behavior_slots[] = {
    {Py_tp_doc, (void *)behavior_doc},
    {Py_tp_new, behavior_new},
    {Py_tp_init, behavior_init},
    {Py_tp_dealloc, behavior_dealloc},
    {Py_tp_traverse, behavior_traverse},
    {Py_tp_clear, behavior_clear},
    {Py_tp_hash, behavior_hash},
    {Py_tp_richcompare, behavior_richcompare},
    {Py_tp_repr, behavior_repr},
    {Py_tp_methods, behavior_methods},
    {Py_tp_getset, behavior_getset},
    {Py_tp_members, behavior_members},
    {0, NULL},
};

static PyType_Spec behavior_spec = {
    .name = "anima.Behavior",
    .basicsize = sizeof(BehaviorObject),
    .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    .slots = behavior_slots,
};

/* =============================================================== Gravity */

static int
gravity_init(BehaviorObject *self, PyObject *args, PyObject *kwds)
{
    static char *keywords[] = {"items", "direction", "angle", "magnitude", "animator", NULL};
    PyObject *items_obj, *direction = Py_None, *angle = Py_None, *magnitude = Py_None, *animator_obj = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O|$OOOO:Gravity", keywords, &items_obj, &direction,
                                     &angle, &magnitude, &animator_obj)) {
        return -1;
    }
    anima_state *st = STATE_OF(self);
    if (st == NULL || behavior_check_fresh(st, self) < 0) {
        return -1;
    }
    anima_gravity_def def = anima_default_gravity_def();
    double angle_value = 0.0, magnitude_value = 0.0;
    if (direction != Py_None && (angle != Py_None || magnitude != Py_None)) {
        PyErr_SetString(PyExc_TypeError, "Gravity() takes direction or angle/magnitude, not both");
        return -1;
    }
    if ((direction != Py_None && as_vec2(st, direction, "direction", &def.direction) < 0)
        || (angle != Py_None && as_finite(st, angle, "angle", &angle_value) < 0)
        || (magnitude != Py_None && as_finite(st, magnitude, "magnitude", &magnitude_value) < 0)) {
        return -1;
    }
    anima_item *handles = NULL;
    int32_t count = 0;
    AnimatorObject *animator = NULL;
    if (collect_items(st, items_obj, animator_obj, &handles, &count, &animator) < 0) {
        return -1;
    }
    anima_behavior handle = anima_behavior_null();
    anima_status status = anima_gravity_create(animator->handle, &def, handles, count, &handle);
    PyMem_Free(handles);
    if (check(st, animator, status) < 0) {
        return -1;
    }
    if (angle != Py_None && magnitude != Py_None) {
        status = anima_gravity_set_angle_magnitude(handle, angle_value, magnitude_value);
    }
    else if (angle != Py_None) {
        status = anima_gravity_set_angle(handle, angle_value);
    }
    else if (magnitude != Py_None) {
        status = anima_gravity_set_magnitude(handle, magnitude_value);
    }
    if (status != ANIMA_OK) {
        raise_status(st, status);
        (void)anima_behavior_destroy(handle);
        anima_clear_error();
        return -1;
    }
    return behavior_adopt(self, animator, handle);
}

static PyObject *
gravity_get_direction(BehaviorObject *self, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    anima_vec2 direction = {0, 0};
    if (st == NULL || check(st, self->animator, anima_gravity_get_direction(self->handle, &direction)) < 0) {
        return NULL;
    }
    return vec2_tuple(direction);
}

static int
gravity_set_direction(BehaviorObject *self, PyObject *value, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    anima_vec2 direction;
    if (st == NULL || forbid_delete(value, "direction") < 0
        || as_vec2(st, value, "direction", &direction) < 0) {
        return -1;
    }
    return check(st, self->animator, anima_gravity_set_direction(self->handle, direction));
}

PyDoc_STRVAR(gravity_set_angle_doc,
"set_angle($self, angle, magnitude)\n--\n\n"
"Set the angle (radians; pi/2 = down) and the magnitude (1.0 = 1000 pt/s^2) together.");

static PyObject *
gravity_set_angle(BehaviorObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    static const char *const names[] = {"angle", "magnitude", NULL};
    PyObject *values[2];
    if (parse_arguments("set_angle", args, nargs, kwnames, names, 2, 2, values) < 0) {
        return NULL;
    }
    anima_state *st = STATE_OF(self);
    double angle, magnitude;
    if (st == NULL || as_finite(st, values[0], "angle", &angle) < 0
        || as_finite(st, values[1], "magnitude", &magnitude) < 0
        || check(st, self->animator, anima_gravity_set_angle_magnitude(self->handle, angle, magnitude)) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

static const behavior_double_property gravity_angle = {anima_gravity_get_angle, anima_gravity_set_angle, "angle"};
static const behavior_double_property gravity_magnitude = {
    anima_gravity_get_magnitude, anima_gravity_set_magnitude, "magnitude"};

static PyMethodDef gravity_methods[] = {
    {"set_angle", (PyCFunction)(void (*)(void))gravity_set_angle, METH_FASTCALL | METH_KEYWORDS,
     gravity_set_angle_doc},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef gravity_getset[] = {
    {"direction", (getter)gravity_get_direction, (setter)gravity_set_direction,
     "The gravity vector (dx, dy); each unit is 1000 pt/s^2. Default (0, 1): down.", NULL},
    {"angle", (getter)behavior_get_double, (setter)behavior_set_double,
     "The direction's angle in radians (pi/2 = down); setting it keeps the magnitude.",
     (void *)&gravity_angle},
    {"magnitude", (getter)behavior_get_double, (setter)behavior_set_double,
     "The strength (1.0 = 1000 pt/s^2; negative reverses); setting it keeps the angle,\n"
     "and 0 also resets the angle to 0, as UIKit does.", (void *)&gravity_magnitude},
    {NULL, NULL, NULL, NULL, NULL},
};

PyDoc_STRVAR(gravity_doc,
"Gravity(items, *, direction=None, angle=None, magnitude=None, animator=None)\n"
"--\n\n"
"Accelerates its items at magnitude x 1000 pt/s^2 along its direction,\n"
"whatever their mass (UIGravityBehavior). Default direction (0, 1): angle pi/2,\n"
"magnitude 1. Give either direction or angle and/or magnitude. The animator is\n"
"taken from the items; pass animator= when items is empty.");

static PyType_Slot gravity_slots[] = {
    {Py_tp_doc, (void *)gravity_doc},
    {Py_tp_new, behavior_new},
    {Py_tp_init, gravity_init},
    {Py_tp_traverse, behavior_traverse},
    {Py_tp_clear, behavior_clear},
    {Py_tp_methods, gravity_methods},
    {Py_tp_getset, gravity_getset},
    {0, NULL},
};

static PyType_Spec gravity_spec = {
    .name = "anima.Gravity",
    .basicsize = sizeof(BehaviorObject),
    .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    .slots = gravity_slots,
};

/* ============================================================= Collision */

static const char *
collision_mode_name(anima_collision_mode mode)
{
    switch (mode) {
    case ANIMA_COLLISION_MODE_ITEMS: return "items";
    case ANIMA_COLLISION_MODE_BOUNDARIES: return "boundaries";
    case ANIMA_COLLISION_MODE_EVERYTHING: return "everything";
    }
    return NULL;
}

/* A mode from 'items' / 'boundaries' / 'everything' or an int (anima.CollisionMode). */
static int
as_collision_mode(anima_state *st, PyObject *obj, anima_collision_mode *out)
{
    if (PyUnicode_Check(obj)) {
        static const anima_collision_mode modes[] = {
            ANIMA_COLLISION_MODE_ITEMS, ANIMA_COLLISION_MODE_BOUNDARIES, ANIMA_COLLISION_MODE_EVERYTHING};
        for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++) {
            if (PyUnicode_CompareWithASCIIString(obj, collision_mode_name(modes[i])) == 0) {
                *out = modes[i];
                return 0;
            }
        }
        PyErr_Format(st->invalid_argument_error,
                     "mode must be 'items', 'boundaries' or 'everything' (got %R)", obj);
        return -1;
    }
    if (PyLong_Check(obj) && !PyBool_Check(obj)) {
        int32_t value;
        if (as_int32(st, obj, "mode", &value) < 0) {
            return -1;
        }
        *out = (anima_collision_mode)value;
        return 0;
    }
    PyErr_Format(PyExc_TypeError, "mode must be a str or an anima.CollisionMode, not %.100s",
                 Py_TYPE(obj)->tp_name);
    return -1;
}

static int
collision_init(CollisionObject *self, PyObject *args, PyObject *kwds)
{
    static char *keywords[] = {"items", "mode", "translates_reference_bounds_into_boundary", "insets",
                               "animator", NULL};
    PyObject *items_obj, *mode = NULL, *translates = NULL, *insets = NULL, *animator_obj = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O|$OOOO:Collision", keywords, &items_obj, &mode,
                                     &translates, &insets, &animator_obj)) {
        return -1;
    }
    anima_state *st = STATE_OF(self);
    if (st == NULL || behavior_check_fresh(st, &self->base) < 0) {
        return -1;
    }
    anima_collision_def def = anima_default_collision_def();
    if ((mode && as_collision_mode(st, mode, &def.mode) < 0)
        || (translates && as_bool(translates, &def.translates_reference_bounds_into_boundary) < 0)
        || (insets && as_insets(st, insets, "insets", &def.reference_bounds_insets) < 0)) {
        return -1;
    }
    anima_item *handles = NULL;
    int32_t count = 0;
    AnimatorObject *animator = NULL;
    if (collect_items(st, items_obj, animator_obj, &handles, &count, &animator) < 0) {
        return -1;
    }
    anima_behavior handle = anima_behavior_null();
    anima_status status = anima_collision_create(animator->handle, &def, handles, count, &handle);
    PyMem_Free(handles);
    if (check(st, animator, status) < 0) {
        return -1;
    }
    return behavior_adopt(&self->base, animator, handle);
}

static int
collision_traverse(CollisionObject *self, visitproc visit, void *arg)
{
    Py_VISIT(self->on_began);
    Py_VISIT(self->on_ended);
    return behavior_traverse(&self->base, visit, arg);
}

static int
collision_clear(CollisionObject *self)
{
    Py_CLEAR(self->on_began);
    Py_CLEAR(self->on_ended);
    return behavior_clear(&self->base);
}

static void
collision_dealloc(CollisionObject *self)
{
    PyObject_GC_UnTrack(self);
    Py_CLEAR(self->on_began);
    Py_CLEAR(self->on_ended);
    behavior_dealloc(&self->base);
}

static PyObject *
collision_get_mode(BehaviorObject *self, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    anima_collision_mode mode = ANIMA_COLLISION_MODE_EVERYTHING;
    if (st == NULL || check(st, self->animator, anima_collision_get_mode(self->handle, &mode)) < 0) {
        return NULL;
    }
    const char *name = collision_mode_name(mode);
    if (name == NULL) {
        return PyLong_FromLong((long)mode);
    }
    return PyUnicode_FromString(name);
}

static int
collision_set_mode(BehaviorObject *self, PyObject *value, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    anima_collision_mode mode;
    if (st == NULL || forbid_delete(value, "mode") < 0 || as_collision_mode(st, value, &mode) < 0) {
        return -1;
    }
    return check(st, self->animator, anima_collision_set_mode(self->handle, mode));
}

static PyObject *
collision_get_translates(BehaviorObject *self, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    bool enabled = false;
    if (st == NULL
        || check(st, self->animator, anima_collision_get_translates_reference_bounds(self->handle, &enabled, NULL)) < 0) {
        return NULL;
    }
    return PyBool_FromLong(enabled);
}

static int
collision_set_translates(BehaviorObject *self, PyObject *value, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    bool enabled, was_enabled = false;
    anima_insets insets = {0, 0, 0, 0};
    if (st == NULL || forbid_delete(value, "translates_reference_bounds_into_boundary") < 0
        || as_bool(value, &enabled) < 0
        || check(st, self->animator,
                 anima_collision_get_translates_reference_bounds(self->handle, &was_enabled, &insets)) < 0) {
        return -1;
    }
    return check(st, self->animator, anima_collision_set_translates_reference_bounds(self->handle, enabled, &insets));
}

static PyObject *
collision_get_insets(BehaviorObject *self, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    bool enabled = false;
    anima_insets insets = {0, 0, 0, 0};
    if (st == NULL
        || check(st, self->animator,
                 anima_collision_get_translates_reference_bounds(self->handle, &enabled, &insets)) < 0) {
        return NULL;
    }
    return Py_BuildValue("(dddd)", insets.top, insets.left, insets.bottom, insets.right);
}

PyDoc_STRVAR(collision_set_translates_doc,
"set_translates_reference_bounds_into_boundary($self, insets=(0, 0, 0, 0))\n--\n\n"
"Turn the reference-bounds boundary on, inset by (top, left, bottom, right)\n"
"points (positive moves an edge inward). It follows later changes of the\n"
"animator's reference bounds.");

static PyObject *
collision_set_translates_with_insets(BehaviorObject *self, PyObject *const *args, Py_ssize_t nargs,
                                     PyObject *kwnames)
{
    static const char *const names[] = {"insets", NULL};
    PyObject *values[1];
    if (parse_arguments("set_translates_reference_bounds_into_boundary", args, nargs, kwnames, names, 1, 0,
                        values) < 0) {
        return NULL;
    }
    anima_state *st = STATE_OF(self);
    anima_insets insets = {0, 0, 0, 0};
    if (st == NULL || (values[0] && as_insets(st, values[0], "insets", &insets) < 0)
        || check(st, self->animator, anima_collision_set_translates_reference_bounds(self->handle, true, &insets)) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

PyDoc_STRVAR(collision_add_boundary_doc,
"add_boundary($self, identifier, from_point, to_point)\n--\n\n"
"Add (or replace) a named straight boundary between two distinct points.\n"
"identifier is a non-empty str.");

static PyObject *
collision_add_boundary(BehaviorObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    static const char *const names[] = {"identifier", "from_point", "to_point", NULL};
    PyObject *values[3];
    if (parse_arguments("add_boundary", args, nargs, kwnames, names, 3, 3, values) < 0) {
        return NULL;
    }
    anima_state *st = STATE_OF(self);
    if (st == NULL) {
        return NULL;
    }
    const char *identifier = as_identifier(st, values[0]);
    anima_vec2 from, to;
    if (identifier == NULL || as_vec2(st, values[1], "from_point", &from) < 0
        || as_vec2(st, values[2], "to_point", &to) < 0
        || check(st, self->animator, anima_collision_add_boundary_segment(self->handle, identifier, from, to)) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

/* The verbs of a boundary path: name, library verb, points taken, and those points for messages. */
typedef struct {
    const char *name;
    anima_path_verb verb;
    Py_ssize_t points;
    const char *form;
} path_verb_info;

static const path_verb_info path_verbs[] = {
    {"move", ANIMA_PATH_MOVE, 1, "('move', (x, y))"},
    {"line", ANIMA_PATH_LINE, 1, "('line', (x, y))"},
    {"quad", ANIMA_PATH_QUAD, 2, "('quad', (cx, cy), (x, y))"},
    {"cubic", ANIMA_PATH_CUBIC, 3, "('cubic', (c1x, c1y), (c2x, c2y), (x, y))"},
    {"close", ANIMA_PATH_CLOSE, 0, "('close',)"},
};

/* One element of a boundary path, such as ('quad', (cx, cy), (x, y)). */
static int
as_path_element(anima_state *st, PyObject *obj, Py_ssize_t index, anima_path_element *out)
{
    if (PyUnicode_Check(obj) || PyBytes_Check(obj) || PyByteArray_Check(obj) || !PySequence_Check(obj)) {
        PyErr_Format(PyExc_TypeError,
                     "path[%zd] must be a tuple such as ('line', (x, y)), not %.100s", index,
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    PyObject *seq = PySequence_Fast(obj, "a path element must be a sequence");
    if (seq == NULL) {
        return -1;
    }
    Py_ssize_t size = PySequence_Fast_GET_SIZE(seq);
    PyObject *verb = size > 0 ? PySequence_Fast_GET_ITEM(seq, 0) : NULL;
    if (verb == NULL || !PyUnicode_Check(verb)) {
        PyErr_Format(PyExc_TypeError,
                     "path[%zd] must start with a verb: 'move', 'line', 'quad', 'cubic' or 'close'", index);
        Py_DECREF(seq);
        return -1;
    }
    const path_verb_info *info = NULL;
    for (size_t i = 0; i < sizeof path_verbs / sizeof path_verbs[0]; i++) {
        if (PyUnicode_CompareWithASCIIString(verb, path_verbs[i].name) == 0) {
            info = &path_verbs[i];
            break;
        }
    }
    if (info == NULL) {
        PyErr_Format(st->invalid_argument_error,
                     "path[%zd]: unknown verb %R (expected 'move', 'line', 'quad', 'cubic' or 'close')",
                     index, verb);
        Py_DECREF(seq);
        return -1;
    }
    if (size - 1 != info->points) {
        PyErr_Format(PyExc_TypeError, "path[%zd]: '%s' takes %zd point%s, as in %s; got %zd", index,
                     info->name, info->points, info->points == 1 ? "" : "s", info->form, size - 1);
        Py_DECREF(seq);
        return -1;
    }
    memset(out, 0, sizeof *out);
    out->verb = info->verb;
    for (Py_ssize_t k = 0; k < info->points; k++) {
        char name[64];
        PyOS_snprintf(name, sizeof name, "path[%zd][%zd]", index, k + 1);
        if (as_vec2(st, PySequence_Fast_GET_ITEM(seq, k + 1), name, &out->points[k]) < 0) {
            Py_DECREF(seq);
            return -1;
        }
    }
    Py_DECREF(seq);
    return 0;
}

PyDoc_STRVAR(collision_add_boundary_path_doc,
"add_boundary_path($self, identifier, path)\n--\n\n"
"Add (or replace) a named boundary along one continuous path of lines and\n"
"Bezier curves (UICollisionBehavior's addBoundary(withIdentifier:for:)). path is\n"
"a sequence of elements: ('move', (x, y)) first, then ('line', (x, y)),\n"
"('quad', (cx, cy), (x, y)), ('cubic', (c1x, c1y), (c2x, c2y), (x, y)), and\n"
"optionally ('close',) last. Each curve is cut into straight pieces of 4 pt\n"
"or less along its control polygon, but into no fewer than 4 and no more than\n"
"64 pieces.\n"
"An unknown verb or a non-finite point raises InvalidArgumentError (a\n"
"ValueError), a malformed element TypeError; a path that does not start with\n"
"one move, has a second move, or closes before its end is refused by the\n"
"library (InvalidArgumentError).");

static PyObject *
collision_add_boundary_path(BehaviorObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    static const char *const names[] = {"identifier", "path", NULL};
    PyObject *values[2];
    if (parse_arguments("add_boundary_path", args, nargs, kwnames, names, 2, 2, values) < 0) {
        return NULL;
    }
    anima_state *st = STATE_OF(self);
    const char *identifier = st ? as_identifier(st, values[0]) : NULL;
    if (identifier == NULL) {
        return NULL;
    }
    PyObject *path = values[1];
    if (PyUnicode_Check(path) || PyBytes_Check(path) || PyByteArray_Check(path)) {
        PyErr_Format(PyExc_TypeError, "path must be a sequence of elements such as ('move', (x, y)), not %.100s",
                     Py_TYPE(path)->tp_name);
        return NULL;
    }
    PyObject *seq = PySequence_Fast(path, "path must be a sequence of elements such as ('move', (x, y))");
    if (seq == NULL) {
        return NULL;
    }
    Py_ssize_t count = PySequence_Fast_GET_SIZE(seq);
    if (count > INT32_MAX) {
        PyErr_Format(st->invalid_argument_error, "path has too many elements (%zd)", count);
        Py_DECREF(seq);
        return NULL;
    }
    /* PyMem_Malloc(0) gives a valid pointer, so an empty path reaches the library's count check. */
    anima_path_element *elements = PyMem_Malloc((size_t)count * sizeof(anima_path_element));
    if (elements == NULL) {
        Py_DECREF(seq);
        return PyErr_NoMemory();
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        if (as_path_element(st, PySequence_Fast_GET_ITEM(seq, i), i, &elements[i]) < 0) {
            PyMem_Free(elements);
            Py_DECREF(seq);
            return NULL;
        }
    }
    Py_DECREF(seq);
    anima_status status = anima_collision_add_boundary_path(self->handle, identifier, elements, (int32_t)count);
    PyMem_Free(elements);
    if (check(st, self->animator, status) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

PyDoc_STRVAR(collision_boundary_doc,
"boundary($self, identifier, /)\n--\n\n"
"The points of a named boundary as a list of (x, y) (two for a segment).\n"
"Raises NotFoundError (a KeyError) when there is no such boundary.");

static PyObject *
collision_boundary(BehaviorObject *self, PyObject *arg)
{
    anima_state *st = STATE_OF(self);
    if (st == NULL) {
        return NULL;
    }
    list_query q = {.kind = LIST_BOUNDARY_POINTS, .behavior = self->handle};
    q.identifier = as_identifier(st, arg);
    if (q.identifier == NULL) {
        return NULL;
    }
    void *buffer = NULL;
    int32_t count = 0;
    if (fetch_list(st, self->animator, &q, &buffer, &count) < 0) {
        return NULL;
    }
    anima_vec2 *points = buffer;
    PyObject *result = PyList_New(count);
    for (int32_t i = 0; result != NULL && i < count; i++) {
        PyObject *point = vec2_tuple(points[i]);
        if (point == NULL) {
            Py_CLEAR(result);
            break;
        }
        PyList_SET_ITEM(result, i, point);
    }
    PyMem_Free(buffer);
    return result;
}

PyDoc_STRVAR(collision_remove_boundary_doc,
"remove_boundary($self, identifier, /)\n--\n\n"
"Remove a named boundary. Raises NotFoundError (a KeyError) when there is none.");

static PyObject *
collision_remove_boundary(BehaviorObject *self, PyObject *arg)
{
    anima_state *st = STATE_OF(self);
    const char *identifier = st ? as_identifier(st, arg) : NULL;
    if (identifier == NULL
        || check(st, self->animator, anima_collision_remove_boundary(self->handle, identifier)) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

PyDoc_STRVAR(collision_remove_all_boundaries_doc,
"remove_all_boundaries($self, /)\n--\n\n"
"Remove every named boundary (the reference-bounds boundary stays as set).");

static PyObject *
collision_remove_all_boundaries(BehaviorObject *self, PyObject *Py_UNUSED(ignored))
{
    anima_state *st = STATE_OF(self);
    if (st == NULL || check(st, self->animator, anima_collision_remove_all_boundaries(self->handle)) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyObject *
collision_get_boundary_identifiers(BehaviorObject *self, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    int32_t count = 0;
    if (st == NULL || check(st, self->animator, anima_collision_get_boundary_count(self->handle, &count)) < 0) {
        return NULL;
    }
    PyObject *result = PyTuple_New(count < 0 ? 0 : count);
    if (result == NULL) {
        return NULL;
    }
    for (int32_t i = 0; i < count; i++) {
        const char *identifier = NULL;
        if (check(st, self->animator, anima_collision_get_boundary_identifier(self->handle, i, &identifier)) < 0) {
            Py_DECREF(result);
            return NULL;
        }
        PyObject *name = PyUnicode_DecodeUTF8(identifier ? identifier : "", identifier ? (Py_ssize_t)strlen(identifier) : 0,
                                              "replace");
        if (name == NULL) {
            Py_DECREF(result);
            return NULL;
        }
        PyTuple_SET_ITEM(result, i, name);
    }
    return result;
}

/* on_began_contact (closure non-NULL) and on_ended_contact. */
static PyObject *
collision_get_callback(CollisionObject *self, void *closure)
{
    PyObject *callback = closure != NULL ? self->on_began : self->on_ended;
    return Py_NewRef(callback != NULL ? callback : Py_None);
}

static int
collision_set_callback(CollisionObject *self, PyObject *value, void *closure)
{
    bool began = closure != NULL;
    anima_state *st = STATE_OF(self);
    if (st == NULL) {
        return -1;
    }
    if (value == Py_None) {
        value = NULL;
    }
    if (value != NULL && !PyCallable_Check(value)) {
        PyErr_Format(PyExc_TypeError, "%s must be callable or None, not %.100s",
                     began ? "on_began_contact" : "on_ended_contact", Py_TYPE(value)->tp_name);
        return -1;
    }
    AnimatorObject *animator = self->base.animator;
    if (animator == NULL) {
        PyErr_SetString(st->stale_handle_error, "the collision was never initialised");
        return -1;
    }
    PyObject *on_began = began ? value : self->on_began;
    PyObject *on_ended = began ? self->on_ended : value;
    anima_status status = anima_collision_set_delegate(self->base.handle,
                                                       on_began ? trampoline_contact_began : NULL,
                                                       on_ended ? trampoline_contact_ended : NULL, animator);
    if (check(st, animator, status) < 0) {
        return -1;
    }
    if (animator->delegating == NULL) {
        animator->delegating = PySet_New(NULL);
        if (animator->delegating == NULL) {
            return -1;
        }
    }
    if (on_began != NULL || on_ended != NULL) {
        if (PySet_Add(animator->delegating, (PyObject *)self) < 0) {
            return -1;
        }
    }
    else if (PySet_Discard(animator->delegating, (PyObject *)self) < 0) {
        return -1;
    }
    PyObject **slot = began ? &self->on_began : &self->on_ended;
    Py_XINCREF(value);
    Py_XSETREF(*slot, value);
    return 0;
}

static PyMethodDef collision_methods[] = {
    {"set_translates_reference_bounds_into_boundary",
     (PyCFunction)(void (*)(void))collision_set_translates_with_insets, METH_FASTCALL | METH_KEYWORDS,
     collision_set_translates_doc},
    {"add_boundary", (PyCFunction)(void (*)(void))collision_add_boundary, METH_FASTCALL | METH_KEYWORDS,
     collision_add_boundary_doc},
    {"add_boundary_path", (PyCFunction)(void (*)(void))collision_add_boundary_path,
     METH_FASTCALL | METH_KEYWORDS, collision_add_boundary_path_doc},
    {"boundary", (PyCFunction)collision_boundary, METH_O, collision_boundary_doc},
    {"remove_boundary", (PyCFunction)collision_remove_boundary, METH_O, collision_remove_boundary_doc},
    {"remove_all_boundaries", (PyCFunction)collision_remove_all_boundaries, METH_NOARGS,
     collision_remove_all_boundaries_doc},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef collision_getset[] = {
    {"mode", (getter)collision_get_mode, (setter)collision_set_mode,
     "What the items collide with: 'items', 'boundaries' or 'everything' (default).\n"
     "Accepts those strings or anima.CollisionMode flags.", NULL},
    {"translates_reference_bounds_into_boundary", (getter)collision_get_translates,
     (setter)collision_set_translates,
     "True when the animator's reference bounds (inset by reference_bounds_insets) are a boundary.", NULL},
    {"reference_bounds_insets", (getter)collision_get_insets, NULL,
     "The insets (top, left, bottom, right) of the reference-bounds boundary (read-only;\n"
     "set them with set_translates_reference_bounds_into_boundary()).", NULL},
    {"boundary_identifiers", (getter)collision_get_boundary_identifiers, NULL,
     "The identifiers of the named boundaries, in the order added (a tuple of str).", NULL},
    {"on_began_contact", (getter)collision_get_callback, (setter)collision_set_callback,
     "Called as f(event) with a ContactEvent after the internal step in which a contact began;\n"
     "None to unset.", (void *)1},
    {"on_ended_contact", (getter)collision_get_callback, (setter)collision_set_callback,
     "Called as f(event) with a ContactEvent after the internal step in which a contact ended;\n"
     "None to unset.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyDoc_STRVAR(collision_doc,
"Collision(items, *, mode='everything', translates_reference_bounds_into_boundary=False,\n"
"          insets=(0, 0, 0, 0), animator=None)\n"
"--\n\n"
"Makes its items collide with each other and with boundaries\n"
"(UICollisionBehavior). Items in different collision behaviors do not collide\n"
"with each other. With translates_reference_bounds_into_boundary the animator's\n"
"reference bounds, inset by insets = (top, left, bottom, right), become a boundary.");

static PyType_Slot collision_slots[] = {
    {Py_tp_doc, (void *)collision_doc},
    {Py_tp_new, behavior_new},
    {Py_tp_init, collision_init},
    {Py_tp_dealloc, collision_dealloc},
    {Py_tp_traverse, collision_traverse},
    {Py_tp_clear, collision_clear},
    {Py_tp_methods, collision_methods},
    {Py_tp_getset, collision_getset},
    {0, NULL},
};

static PyType_Spec collision_spec = {
    .name = "anima.Collision",
    .basicsize = sizeof(CollisionObject),
    .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    .slots = collision_slots,
};

/* ========================================================== ItemBehavior */

static int
item_behavior_init(BehaviorObject *self, PyObject *args, PyObject *kwds)
{
    static char *keywords[] = {"items", "elasticity", "friction", "density", "resistance",
                               "angular_resistance", "charge", "allows_rotation", "anchored", "animator", NULL};
    PyObject *items_obj, *elasticity = NULL, *friction = NULL, *density = NULL, *resistance = NULL,
             *angular_resistance = NULL, *charge = NULL, *allows_rotation = NULL, *anchored = NULL,
             *animator_obj = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O|$OOOOOOOOO:ItemBehavior", keywords, &items_obj,
                                     &elasticity, &friction, &density, &resistance, &angular_resistance,
                                     &charge, &allows_rotation, &anchored, &animator_obj)) {
        return -1;
    }
    anima_state *st = STATE_OF(self);
    if (st == NULL || behavior_check_fresh(st, self) < 0) {
        return -1;
    }
    anima_item_behavior_def def = anima_default_item_behavior_def();
    if ((elasticity && as_finite(st, elasticity, "elasticity", &def.elasticity) < 0)
        || (friction && as_finite(st, friction, "friction", &def.friction) < 0)
        || (density && as_finite(st, density, "density", &def.density) < 0)
        || (resistance && as_finite(st, resistance, "resistance", &def.resistance) < 0)
        || (angular_resistance && as_finite(st, angular_resistance, "angular_resistance", &def.angular_resistance) < 0)
        || (charge && as_finite(st, charge, "charge", &def.charge) < 0)
        || (allows_rotation && as_bool(allows_rotation, &def.allows_rotation) < 0)
        || (anchored && as_bool(anchored, &def.anchored) < 0)) {
        return -1;
    }
    anima_item *handles = NULL;
    int32_t count = 0;
    AnimatorObject *animator = NULL;
    if (collect_items(st, items_obj, animator_obj, &handles, &count, &animator) < 0) {
        return -1;
    }
    anima_behavior handle = anima_behavior_null();
    anima_status status = anima_item_behavior_create(animator->handle, &def, handles, count, &handle);
    PyMem_Free(handles);
    if (check(st, animator, status) < 0) {
        return -1;
    }
    return behavior_adopt(self, animator, handle);
}

static const behavior_double_property ib_elasticity = {
    anima_item_behavior_get_elasticity, anima_item_behavior_set_elasticity, "elasticity"};
static const behavior_double_property ib_friction = {
    anima_item_behavior_get_friction, anima_item_behavior_set_friction, "friction"};
static const behavior_double_property ib_density = {
    anima_item_behavior_get_density, anima_item_behavior_set_density, "density"};
static const behavior_double_property ib_resistance = {
    anima_item_behavior_get_resistance, anima_item_behavior_set_resistance, "resistance"};
static const behavior_double_property ib_angular_resistance = {
    anima_item_behavior_get_angular_resistance, anima_item_behavior_set_angular_resistance, "angular_resistance"};
static const behavior_double_property ib_charge = {
    anima_item_behavior_get_charge, anima_item_behavior_set_charge, "charge"};
static const behavior_bool_property ib_allows_rotation = {
    anima_item_behavior_get_allows_rotation, anima_item_behavior_set_allows_rotation, "allows_rotation"};
static const behavior_bool_property ib_anchored = {
    anima_item_behavior_get_anchored, anima_item_behavior_set_anchored, "anchored"};

/* The item argument of the per-item velocity methods. */
static ItemObject *
item_behavior_item(anima_state *st, PyObject *obj)
{
    return item_argument(st, obj, "item");
}

PyDoc_STRVAR(item_behavior_add_linear_velocity_doc,
"add_linear_velocity($self, item, velocity)\n--\n\n"
"Add velocity = (vx, vy) in pt/s to an item of this behavior.\n"
"Raises NotFoundError when the item is not in the behavior.");

static PyObject *
item_behavior_add_linear_velocity(BehaviorObject *self, PyObject *const *args, Py_ssize_t nargs,
                                  PyObject *kwnames)
{
    static const char *const names[] = {"item", "velocity", NULL};
    PyObject *values[2];
    if (parse_arguments("add_linear_velocity", args, nargs, kwnames, names, 2, 2, values) < 0) {
        return NULL;
    }
    anima_state *st = STATE_OF(self);
    ItemObject *item = st ? item_behavior_item(st, values[0]) : NULL;
    anima_vec2 velocity;
    if (item == NULL || as_vec2(st, values[1], "velocity", &velocity) < 0
        || check(st, self->animator,
                 anima_item_behavior_add_linear_velocity(self->handle, item->handle, velocity)) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

PyDoc_STRVAR(item_behavior_linear_velocity_doc,
"linear_velocity($self, item, /)\n--\n\n"
"The linear velocity (vx, vy) in pt/s of an item of this behavior.\n"
"Raises NotFoundError when the item is not in the behavior.");

static PyObject *
item_behavior_linear_velocity(BehaviorObject *self, PyObject *arg)
{
    anima_state *st = STATE_OF(self);
    ItemObject *item = st ? item_behavior_item(st, arg) : NULL;
    anima_vec2 velocity = {0, 0};
    if (item == NULL
        || check(st, self->animator,
                 anima_item_behavior_get_linear_velocity(self->handle, item->handle, &velocity)) < 0) {
        return NULL;
    }
    return vec2_tuple(velocity);
}

PyDoc_STRVAR(item_behavior_add_angular_velocity_doc,
"add_angular_velocity($self, item, velocity)\n--\n\n"
"Add an angular velocity in rad/s (positive = clockwise) to an item of this\n"
"behavior. Raises NotFoundError when the item is not in the behavior.");

static PyObject *
item_behavior_add_angular_velocity(BehaviorObject *self, PyObject *const *args, Py_ssize_t nargs,
                                   PyObject *kwnames)
{
    static const char *const names[] = {"item", "velocity", NULL};
    PyObject *values[2];
    if (parse_arguments("add_angular_velocity", args, nargs, kwnames, names, 2, 2, values) < 0) {
        return NULL;
    }
    anima_state *st = STATE_OF(self);
    ItemObject *item = st ? item_behavior_item(st, values[0]) : NULL;
    double velocity;
    if (item == NULL || as_finite(st, values[1], "velocity", &velocity) < 0
        || check(st, self->animator,
                 anima_item_behavior_add_angular_velocity(self->handle, item->handle, velocity)) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

PyDoc_STRVAR(item_behavior_angular_velocity_doc,
"angular_velocity($self, item, /)\n--\n\n"
"The angular velocity in rad/s of an item of this behavior.\n"
"Raises NotFoundError when the item is not in the behavior.");

static PyObject *
item_behavior_angular_velocity(BehaviorObject *self, PyObject *arg)
{
    anima_state *st = STATE_OF(self);
    ItemObject *item = st ? item_behavior_item(st, arg) : NULL;
    double velocity = 0.0;
    if (item == NULL
        || check(st, self->animator,
                 anima_item_behavior_get_angular_velocity(self->handle, item->handle, &velocity)) < 0) {
        return NULL;
    }
    return PyFloat_FromDouble(velocity);
}

static PyMethodDef item_behavior_methods[] = {
    {"add_linear_velocity", (PyCFunction)(void (*)(void))item_behavior_add_linear_velocity,
     METH_FASTCALL | METH_KEYWORDS, item_behavior_add_linear_velocity_doc},
    {"linear_velocity", (PyCFunction)item_behavior_linear_velocity, METH_O, item_behavior_linear_velocity_doc},
    {"add_angular_velocity", (PyCFunction)(void (*)(void))item_behavior_add_angular_velocity,
     METH_FASTCALL | METH_KEYWORDS, item_behavior_add_angular_velocity_doc},
    {"angular_velocity", (PyCFunction)item_behavior_angular_velocity, METH_O,
     item_behavior_angular_velocity_doc},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef item_behavior_getset[] = {
    {"elasticity", (getter)behavior_get_double, (setter)behavior_set_double,
     "Restitution of collisions: 0 (no bounce, default) ... 1 (elastic).", (void *)&ib_elasticity},
    {"friction", (getter)behavior_get_double, (setter)behavior_set_double,
     "Coulomb friction coefficient (>= 0, default 0).", (void *)&ib_friction},
    {"density", (getter)behavior_get_double, (setter)behavior_set_double,
     "Density (> 0, default 1); mass = density x area / 10 000.", (void *)&ib_density},
    {"resistance", (getter)behavior_get_double, (setter)behavior_set_double,
     "Linear damping in 1/s (>= 0, default 0).", (void *)&ib_resistance},
    {"angular_resistance", (getter)behavior_get_double, (setter)behavior_set_double,
     "Angular damping in 1/s (>= 0, default 0).", (void *)&ib_angular_resistance},
    {"charge", (getter)behavior_get_double, (setter)behavior_set_double,
     "Electric charge used by fields (finite, default 0).", (void *)&ib_charge},
    {"allows_rotation", (getter)behavior_get_bool, (setter)behavior_set_bool,
     "False locks the items' rotation (default True).", (void *)&ib_allows_rotation},
    {"anchored", (getter)behavior_get_bool, (setter)behavior_set_bool,
     "True: the items collide but never move (default False).", (void *)&ib_anchored},
    {NULL, NULL, NULL, NULL, NULL},
};

PyDoc_STRVAR(item_behavior_doc,
"ItemBehavior(items, *, elasticity=0.0, friction=0.0, density=1.0, resistance=0.0,\n"
"             angular_resistance=0.0, charge=0.0, allows_rotation=True, anchored=False,\n"
"             animator=None)\n"
"--\n\n"
"Physical properties of its items (UIDynamicItemBehavior). When several item\n"
"behaviors govern one item, the last one in depth-first order wins. Items that\n"
"no item behavior governs keep UIKit's implicit defaults (elasticity 0.2,\n"
"friction 0.2, damping 0.1/s).");

static PyType_Slot item_behavior_slots[] = {
    {Py_tp_doc, (void *)item_behavior_doc},
    {Py_tp_new, behavior_new},
    {Py_tp_init, item_behavior_init},
    {Py_tp_traverse, behavior_traverse},
    {Py_tp_clear, behavior_clear},
    {Py_tp_methods, item_behavior_methods},
    {Py_tp_getset, item_behavior_getset},
    {0, NULL},
};

static PyType_Spec item_behavior_spec = {
    .name = "anima.ItemBehavior",
    .basicsize = sizeof(BehaviorObject),
    .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    .slots = item_behavior_slots,
};

/* ============================================================ Attachment */

static const char *
attachment_type_name(anima_attachment_type type)
{
    switch (type) {
    case ANIMA_ATTACHMENT_ANCHOR: return "anchor";
    case ANIMA_ATTACHMENT_ITEMS: return "items";
    case ANIMA_ATTACHMENT_PIN: return "pin";
    case ANIMA_ATTACHMENT_FIXED: return "fixed";
    case ANIMA_ATTACHMENT_LIMIT: return "limit";
    case ANIMA_ATTACHMENT_SLIDING: return "sliding";
    }
    return NULL;
}

/* An initialised Item argument of an attachment constructor; NULL with an exception otherwise. */
static ItemObject *
attachment_item(anima_state *st, PyObject *obj, const char *what)
{
    ItemObject *item = item_argument(st, obj, what);
    if (item != NULL && item->animator == NULL) {
        PyErr_Format(st->stale_handle_error, "%s was never initialised", what);
        return NULL;
    }
    return item;
}

/* Both items of an attachment must belong to one animator. */
static int
attachment_same_animator(anima_state *st, ItemObject *item, ItemObject *other, const char *other_name)
{
    if (item->animator != other->animator) {
        PyErr_Format(st->invalid_argument_error,
                     "%s belongs to another animator than item (an attachment's items must share one)",
                     other_name);
        return -1;
    }
    return 0;
}

static int
attachment_init(BehaviorObject *self, PyObject *args, PyObject *kwds)
{
    static char *keywords[] = {"item", "anchor", "to", "offset", "other_offset", "length", "frequency",
                               "damping", NULL};
    PyObject *item_obj, *anchor = Py_None, *to = Py_None, *offset = NULL, *other_offset = NULL,
             *length = Py_None, *frequency = NULL, *damping = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O|O$OOOOOO:Attachment", keywords, &item_obj, &anchor, &to,
                                     &offset, &other_offset, &length, &frequency, &damping)) {
        return -1;
    }
    anima_state *st = STATE_OF(self);
    if (st == NULL || behavior_check_fresh(st, self) < 0) {
        return -1;
    }
    if (anchor != Py_None && to != Py_None) {
        PyErr_SetString(PyExc_TypeError,
                        "Attachment() takes an anchor point (anchor=) or another item (to=), not both");
        return -1;
    }
    if (anchor == Py_None && to == Py_None) {
        PyErr_SetString(PyExc_TypeError,
                        "Attachment() needs an anchor point (anchor=) or another item (to=); "
                        "use Attachment.pin() for a pin");
        return -1;
    }
    if (to == Py_None && other_offset != NULL) {
        PyErr_SetString(PyExc_TypeError, "Attachment() takes other_offset= only with to=");
        return -1;
    }
    ItemObject *item = attachment_item(st, item_obj, "item");
    ItemObject *other = NULL;
    if (item == NULL || (to != Py_None && (other = attachment_item(st, to, "to")) == NULL)) {
        return -1;
    }
    anima_attachment_def def = anima_default_attachment_def();
    anima_vec2 anchor_point = {0, 0}, offset_value = {0, 0}, other_offset_value = {0, 0};
    if ((anchor != Py_None && as_vec2(st, anchor, "anchor", &anchor_point) < 0)
        || (offset && as_vec2(st, offset, "offset", &offset_value) < 0)
        || (other_offset && as_vec2(st, other_offset, "other_offset", &other_offset_value) < 0)
        || (length != Py_None && as_finite(st, length, "length", &def.length) < 0)
        || (frequency && as_finite(st, frequency, "frequency", &def.frequency) < 0)
        || (damping && as_finite(st, damping, "damping", &def.damping) < 0)) {
        return -1;
    }
    def.has_length = length != Py_None;
    if (other != NULL && attachment_same_animator(st, item, other, "to") < 0) {
        return -1;
    }
    AnimatorObject *animator = item->animator;
    anima_behavior handle = anima_behavior_null();
    anima_status status;
    if (other == NULL) {
        status = anima_attachment_create_to_anchor(animator->handle, &def, item->handle, offset_value, anchor_point,
                                                   &handle);
    }
    else {
        status = anima_attachment_create_to_item(animator->handle, &def, item->handle, offset_value, other->handle,
                                                 other_offset_value, &handle);
    }
    if (check(st, animator, status) < 0) {
        return -1;
    }
    return behavior_adopt(self, animator, handle);
}

/* Gives the attachment made by an alternate constructor to its blank instance; steals self. */
static PyObject *
attachment_finish(anima_state *st, BehaviorObject *self, AnimatorObject *animator, anima_behavior handle,
                  anima_status status)
{
    if (check(st, animator, status) < 0 || behavior_adopt(self, animator, handle) < 0) {
        Py_DECREF(self);
        return NULL;
    }
    return (PyObject *)self;
}

PyDoc_STRVAR(attachment_pin_doc,
"pin($type, item, other, anchor, *, friction_torque=0.0)\n--\n\n"
"Pin two items of one animator together at anchor = (x, y), a point of the\n"
"reference space: each keeps the point where it was pinned, and both turn\n"
"about it like a hinge. friction_torque (>= 0, in mass x pt^2 / s^2) resists\n"
"their turning relative to each other. Returns an Attachment of type 'pin'\n"
"(an instance of the class it is called on; __init__ is not called).");

static PyObject *
attachment_pin(PyTypeObject *type, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    static const char *const names[] = {"item", "other", "anchor", "friction_torque", NULL};
    PyObject *values[4];
    if (parse_arguments("pin", args, nargs, kwnames, names, 3, 3, values) < 0) {
        return NULL;
    }
    anima_state *st = state_of_type(type);
    if (st == NULL) {
        return NULL;
    }
    ItemObject *item = attachment_item(st, values[0], "item");
    ItemObject *other = item ? attachment_item(st, values[1], "other") : NULL;
    anima_attachment_def def = anima_default_attachment_def();
    anima_vec2 anchor;
    if (other == NULL || as_vec2(st, values[2], "anchor", &anchor) < 0
        || (values[3] && as_finite(st, values[3], "friction_torque", &def.friction_torque) < 0)
        || attachment_same_animator(st, item, other, "other") < 0) {
        return NULL;
    }
    BehaviorObject *self = behavior_blank_instance(st, type, st->attachment_type);
    if (self == NULL) {
        return NULL;
    }
    AnimatorObject *animator = item->animator;
    anima_behavior handle = anima_behavior_null();
    anima_status status = anima_attachment_create_pin(animator->handle, &def, item->handle, other->handle, anchor,
                                                      &handle);
    return attachment_finish(st, self, animator, handle, status);
}

PyDoc_STRVAR(attachment_fixed_doc,
"fixed($type, item, other, anchor)\n--\n\n"
"Fuse two items of one animator at anchor = (x, y), a point of the reference\n"
"space (UIKit's fixedAttachment): they keep their relative position and angle,\n"
"moving and turning as one body, and welded items do not collide with each\n"
"other. Returns an Attachment of type 'fixed' (an instance of the class it is\n"
"called on; __init__ is not called).");

static PyObject *
attachment_fixed(PyTypeObject *type, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    static const char *const names[] = {"item", "other", "anchor", NULL};
    PyObject *values[3];
    if (parse_arguments("fixed", args, nargs, kwnames, names, 3, 3, values) < 0) {
        return NULL;
    }
    anima_state *st = state_of_type(type);
    if (st == NULL) {
        return NULL;
    }
    ItemObject *item = attachment_item(st, values[0], "item");
    ItemObject *other = item ? attachment_item(st, values[1], "other") : NULL;
    anima_vec2 anchor;
    if (other == NULL || as_vec2(st, values[2], "anchor", &anchor) < 0
        || attachment_same_animator(st, item, other, "other") < 0) {
        return NULL;
    }
    BehaviorObject *self = behavior_blank_instance(st, type, st->attachment_type);
    if (self == NULL) {
        return NULL;
    }
    AnimatorObject *animator = item->animator;
    anima_behavior handle = anima_behavior_null();
    anima_status status = anima_attachment_create_fixed(animator->handle, item->handle, other->handle, anchor, &handle);
    return attachment_finish(st, self, animator, handle, status);
}

PyDoc_STRVAR(attachment_limit_doc,
"limit($type, item, other, *, offset=(0, 0), other_offset=(0, 0))\n--\n\n"
"Tie two items of one animator together with a rope between offset on item and\n"
"other_offset on other (each from its item's centre, in the item's own\n"
"coordinates; UIKit's limitAttachment). The rope's length is the distance\n"
"between those points at creation: the items may come closer but never get\n"
"farther apart. Returns an Attachment of type 'limit' (an instance of the\n"
"class it is called on; __init__ is not called).");

static PyObject *
attachment_limit(PyTypeObject *type, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    static const char *const names[] = {"item", "other", "offset", "other_offset", NULL};
    PyObject *values[4];
    if (parse_arguments("limit", args, nargs, kwnames, names, 2, 2, values) < 0) {
        return NULL;
    }
    anima_state *st = state_of_type(type);
    if (st == NULL) {
        return NULL;
    }
    ItemObject *item = attachment_item(st, values[0], "item");
    ItemObject *other = item ? attachment_item(st, values[1], "other") : NULL;
    anima_vec2 offset = {0, 0}, other_offset = {0, 0};
    if (other == NULL || (values[2] && as_vec2(st, values[2], "offset", &offset) < 0)
        || (values[3] && as_vec2(st, values[3], "other_offset", &other_offset) < 0)
        || attachment_same_animator(st, item, other, "other") < 0) {
        return NULL;
    }
    BehaviorObject *self = behavior_blank_instance(st, type, st->attachment_type);
    if (self == NULL) {
        return NULL;
    }
    AnimatorObject *animator = item->animator;
    anima_behavior handle = anima_behavior_null();
    anima_status status = anima_attachment_create_limit(animator->handle, item->handle, offset, other->handle,
                                                        other_offset, &handle);
    return attachment_finish(st, self, animator, handle, status);
}

PyDoc_STRVAR(attachment_sliding_doc,
"sliding($type, item, anchor, axis, *, other=None)\n--\n\n"
"Let an item slide along a line through anchor = (x, y), in the direction\n"
"axis = (dx, dy) (non-zero), without turning (UIKit's slidingAttachment). With\n"
"other=None the line is fixed in the reference space; with another item of\n"
"the same animator, axis is in that item's own coordinates and the line moves\n"
"and turns with it, and the two items keep their relative angle. `range`\n"
"limits how far (in points) the item may slide from where it started.\n"
"Returns an Attachment of type 'sliding' (an instance of the class it is\n"
"called on; __init__ is not called).");

static PyObject *
attachment_sliding(PyTypeObject *type, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    static const char *const names[] = {"item", "anchor", "axis", "other", NULL};
    PyObject *values[4];
    if (parse_arguments("sliding", args, nargs, kwnames, names, 3, 3, values) < 0) {
        return NULL;
    }
    anima_state *st = state_of_type(type);
    if (st == NULL) {
        return NULL;
    }
    ItemObject *item = attachment_item(st, values[0], "item");
    ItemObject *other = NULL;
    if (item == NULL
        || (values[3] != NULL && values[3] != Py_None
            && ((other = attachment_item(st, values[3], "other")) == NULL
                || attachment_same_animator(st, item, other, "other") < 0))) {
        return NULL;
    }
    anima_vec2 anchor, axis;
    if (as_vec2(st, values[1], "anchor", &anchor) < 0 || as_vec2(st, values[2], "axis", &axis) < 0) {
        return NULL;
    }
    BehaviorObject *self = behavior_blank_instance(st, type, st->attachment_type);
    if (self == NULL) {
        return NULL;
    }
    AnimatorObject *animator = item->animator;
    anima_behavior handle = anima_behavior_null();
    anima_status status = anima_attachment_create_sliding(animator->handle, item->handle,
                                                          other != NULL ? other->handle : anima_item_null(),
                                                          anchor, axis, &handle);
    return attachment_finish(st, self, animator, handle, status);
}

static PyObject *
attachment_get_type(BehaviorObject *self, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    anima_attachment_type type = ANIMA_ATTACHMENT_ANCHOR;
    if (st == NULL || check(st, self->animator, anima_attachment_get_type(self->handle, &type)) < 0) {
        return NULL;
    }
    const char *name = attachment_type_name(type);
    if (name == NULL) {
        return PyLong_FromLong((long)type);
    }
    return PyUnicode_FromString(name);
}

static PyObject *
attachment_get_anchor_point(BehaviorObject *self, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    anima_vec2 point = {0, 0};
    if (st == NULL || check(st, self->animator, anima_attachment_get_anchor_point(self->handle, &point)) < 0) {
        return NULL;
    }
    return vec2_tuple(point);
}

static int
attachment_set_anchor_point(BehaviorObject *self, PyObject *value, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    anima_vec2 point;
    if (st == NULL || forbid_delete(value, "anchor_point") < 0
        || as_vec2(st, value, "anchor_point", &point) < 0) {
        return -1;
    }
    return check(st, self->animator, anima_attachment_set_anchor_point(self->handle, point));
}

static PyObject *
attachment_get_range(BehaviorObject *self, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    double lower = 0.0, upper = 0.0;
    if (st == NULL || check(st, self->animator, anima_attachment_get_range(self->handle, &lower, &upper)) < 0) {
        return NULL;
    }
    return Py_BuildValue("(dd)", lower, upper);
}

/* A range (lower, upper): two real numbers, infinities allowed (no limit on that side), NaN refused. */
static int
as_range(anima_state *st, PyObject *obj, double *lower, double *upper)
{
    if (PyUnicode_Check(obj) || PyBytes_Check(obj) || PyByteArray_Check(obj) || !PySequence_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "range must be a sequence of 2 numbers (lower, upper), not %.100s",
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    PyObject *seq = PySequence_Fast(obj, "range must be a sequence of 2 numbers (lower, upper)");
    if (seq == NULL) {
        return -1;
    }
    if (PySequence_Fast_GET_SIZE(seq) != 2) {
        PyErr_Format(PyExc_TypeError, "range must be a sequence of 2 numbers (lower, upper), got %zd",
                     PySequence_Fast_GET_SIZE(seq));
        Py_DECREF(seq);
        return -1;
    }
    double bounds[2];
    for (Py_ssize_t i = 0; i < 2; i++) {
        PyObject *value = PySequence_Fast_GET_ITEM(seq, i);
        bounds[i] = PyFloat_AsDouble(value);
        if (bounds[i] == -1.0 && PyErr_Occurred()) {
            if (PyErr_ExceptionMatches(PyExc_TypeError)) {
                PyErr_Format(PyExc_TypeError, "range[%zd] must be a real number, not %.100s", i,
                             Py_TYPE(value)->tp_name);
            }
            else if (PyErr_ExceptionMatches(PyExc_OverflowError)) {
                PyErr_Format(st->invalid_argument_error,
                             "range[%zd] is too large for a float (got %R); use math.inf for no limit", i, value);
            }
            Py_DECREF(seq);
            return -1;
        }
        if (isnan(bounds[i])) {
            PyErr_Format(st->invalid_argument_error, "range[%zd] must not be NaN", i);
            Py_DECREF(seq);
            return -1;
        }
    }
    Py_DECREF(seq);
    *lower = bounds[0];
    *upper = bounds[1];
    return 0;
}

static int
attachment_set_range(BehaviorObject *self, PyObject *value, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    double lower, upper;
    if (st == NULL || forbid_delete(value, "range") < 0 || as_range(st, value, &lower, &upper) < 0) {
        return -1;
    }
    return check(st, self->animator, anima_attachment_set_range(self->handle, lower, upper));
}

/*
 * "<anima.Attachment type='anchor' anchor_point=(x, y) length=... frequency=... damping=..., added>";
 * each type shows what it has, and pins and sliding attachments show a range that limits them.
 */
static PyObject *
attachment_repr(BehaviorObject *self)
{
    anima_attachment_type type = ANIMA_ATTACHMENT_ANCHOR;
    anima_vec2 anchor = {0, 0};
    double length = 0.0, frequency = 0.0, damping = 0.0, friction_torque = 0.0, lower = 0.0, upper = 0.0;
    bool added = false;
    if (anima_attachment_get_type(self->handle, &type) != ANIMA_OK
        || anima_attachment_get_anchor_point(self->handle, &anchor) != ANIMA_OK
        || anima_attachment_get_length(self->handle, &length) != ANIMA_OK
        || anima_attachment_get_frequency(self->handle, &frequency) != ANIMA_OK
        || anima_attachment_get_damping(self->handle, &damping) != ANIMA_OK
        || anima_attachment_get_friction_torque(self->handle, &friction_torque) != ANIMA_OK
        || anima_attachment_get_range(self->handle, &lower, &upper) != ANIMA_OK
        || anima_behavior_is_added(self->handle, &added) != ANIMA_OK) {
        anima_clear_error();
        return PyUnicode_FromFormat("<%s (destroyed)>", Py_TYPE(self)->tp_name);
    }
    const char *name = attachment_type_name(type);
    if (name == NULL) {
        return PyUnicode_FromFormat("<%s type=%d%s>", Py_TYPE(self)->tp_name, (int)type, added ? ", added" : "");
    }
    PyObject *point = vec2_tuple(anchor);
    PyObject *l = PyFloat_FromDouble(length);
    PyObject *f = PyFloat_FromDouble(frequency);
    PyObject *d = PyFloat_FromDouble(damping);
    PyObject *t = PyFloat_FromDouble(friction_torque);
    PyObject *range = NULL;
    if (isfinite(lower) || isfinite(upper)) {
        PyObject *bounds = Py_BuildValue("(dd)", lower, upper);
        range = bounds != NULL ? PyUnicode_FromFormat(" range=%R", bounds) : NULL;
        Py_XDECREF(bounds);
    }
    else {
        range = PyUnicode_FromString("");
    }
    PyObject *result = NULL;
    if (point != NULL && l != NULL && f != NULL && d != NULL && t != NULL && range != NULL) {
        const char *tail = added ? ", added" : "";
        const char *type_name = Py_TYPE(self)->tp_name;
        switch (type) {
        case ANIMA_ATTACHMENT_ANCHOR:
            result = PyUnicode_FromFormat("<%s type='%s' anchor_point=%R length=%R frequency=%R damping=%R%s>",
                                          type_name, name, point, l, f, d, tail);
            break;
        case ANIMA_ATTACHMENT_ITEMS:
            result = PyUnicode_FromFormat("<%s type='%s' length=%R frequency=%R damping=%R%s>",
                                          type_name, name, l, f, d, tail);
            break;
        case ANIMA_ATTACHMENT_PIN:
            result = PyUnicode_FromFormat("<%s type='%s' anchor_point=%R friction_torque=%R%U%s>",
                                          type_name, name, point, t, range, tail);
            break;
        case ANIMA_ATTACHMENT_FIXED:
            result = PyUnicode_FromFormat("<%s type='%s' anchor_point=%R%s>", type_name, name, point, tail);
            break;
        case ANIMA_ATTACHMENT_LIMIT:
            result = PyUnicode_FromFormat("<%s type='%s' length=%R%s>", type_name, name, l, tail);
            break;
        case ANIMA_ATTACHMENT_SLIDING:
            result = PyUnicode_FromFormat("<%s type='%s' anchor_point=%R%U%s>", type_name, name, point, range,
                                          tail);
            break;
        }
    }
    Py_XDECREF(point);
    Py_XDECREF(l);
    Py_XDECREF(f);
    Py_XDECREF(d);
    Py_XDECREF(t);
    Py_XDECREF(range);
    return result;
}

static const behavior_double_property attachment_length = {
    anima_attachment_get_length, anima_attachment_set_length, "length"};
static const behavior_double_property attachment_frequency = {
    anima_attachment_get_frequency, anima_attachment_set_frequency, "frequency"};
static const behavior_double_property attachment_damping = {
    anima_attachment_get_damping, anima_attachment_set_damping, "damping"};
static const behavior_double_property attachment_friction_torque = {
    anima_attachment_get_friction_torque, anima_attachment_set_friction_torque, "friction_torque"};

static PyMethodDef attachment_methods[] = {
    {"pin", (PyCFunction)(void (*)(void))attachment_pin, METH_FASTCALL | METH_KEYWORDS | METH_CLASS,
     attachment_pin_doc},
    {"fixed", (PyCFunction)(void (*)(void))attachment_fixed, METH_FASTCALL | METH_KEYWORDS | METH_CLASS,
     attachment_fixed_doc},
    {"limit", (PyCFunction)(void (*)(void))attachment_limit, METH_FASTCALL | METH_KEYWORDS | METH_CLASS,
     attachment_limit_doc},
    {"sliding", (PyCFunction)(void (*)(void))attachment_sliding, METH_FASTCALL | METH_KEYWORDS | METH_CLASS,
     attachment_sliding_doc},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef attachment_getset[] = {
    {"type", (getter)attachment_get_type, NULL,
     "What the attachment ties together, fixed at creation (read-only): 'anchor' (an item\n"
     "to a point), 'items' (two items at a distance), 'pin' (two items pinned at a point),\n"
     "'fixed' (two items fused at a point), 'limit' (two items on a rope) or 'sliding' (an\n"
     "item sliding along an axis).", NULL},
    {"anchor_point", (getter)attachment_get_anchor_point, (setter)attachment_set_anchor_point,
     "The anchor point (x, y) in the reference space. Type 'anchor': the point the item\n"
     "hangs from; moving it drags the item along. Types 'pin', 'fixed' and 'sliding': the\n"
     "point given at creation; types 'items' and 'limit': the first item's attachment point\n"
     "at creation. Setting it on an attachment that is not of type 'anchor' raises\n"
     "InvalidStateError.", NULL},
    {"length", (getter)behavior_get_double, (setter)behavior_set_double,
     "The distance kept between the attachment points, in points (0...1e9); for a rope\n"
     "(type 'limit') the most it lets them be apart. Pins, fixed and sliding attachments\n"
     "have none: 0, and setting it raises InvalidStateError.", (void *)&attachment_length},
    {"range", (getter)attachment_get_range, (setter)attachment_set_range,
     "The limits (lower, upper) of a pin's relative angle (radians) or of a sliding\n"
     "attachment's travel along its axis (points), measured from where they were made; the\n"
     "range must contain 0, and math.inf (or -math.inf) means no limit on that side (the\n"
     "default). Setting it on other types raises InvalidStateError.", NULL},
    {"frequency", (getter)behavior_get_double, (setter)behavior_set_double,
     "The spring's frequency in Hz (0...1e4); 0 (default) is a rigid rod.", (void *)&attachment_frequency},
    {"damping", (getter)behavior_get_double, (setter)behavior_set_double,
     "The spring's damping ratio (0...1e4; 1 = critical; default 0, as UIKit).", (void *)&attachment_damping},
    {"friction_torque", (getter)behavior_get_double, (setter)behavior_set_double,
     "The torque resisting rotation about a pin (>= 0, mass x pt^2 / s^2; default 0).",
     (void *)&attachment_friction_torque},
    {NULL, NULL, NULL, NULL, NULL},
};

PyDoc_STRVAR(attachment_doc,
"Attachment(item, anchor=None, *, to=None, offset=(0, 0), other_offset=(0, 0), length=None,\n"
"           frequency=0.0, damping=0.0)\n"
"--\n\n"
"Ties an item to an anchor point or to another item (UIAttachmentBehavior).\n"
"Give exactly one of anchor=(x, y), a point of the reference space, or\n"
"to=other, a second item of the same animator. offset (and other_offset, with\n"
"to=) is the attachment point on the item, from its centre, in the item's own\n"
"coordinates (it turns with the item). length=None keeps the distance between\n"
"the attachment points at creation. frequency=0 makes a rigid rod; a frequency\n"
"in Hz with a damping ratio makes a spring. The classmethods pin(), fixed(),\n"
"limit() and sliding() make the other kinds of attachment (UIKit's pin, fixed,\n"
"limit and sliding attachments). The animator is taken from the item(s).");

static PyType_Slot attachment_slots[] = {
    {Py_tp_doc, (void *)attachment_doc},
    {Py_tp_new, behavior_new},
    {Py_tp_init, attachment_init},
    {Py_tp_traverse, behavior_traverse},
    {Py_tp_clear, behavior_clear},
    {Py_tp_repr, attachment_repr},
    {Py_tp_methods, attachment_methods},
    {Py_tp_getset, attachment_getset},
    {0, NULL},
};

static PyType_Spec attachment_spec = {
    .name = "anima.Attachment",
    .basicsize = sizeof(BehaviorObject),
    .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    .slots = attachment_slots,
};

/* ================================================================== Push */

static const char *
push_mode_name(anima_push_mode mode)
{
    switch (mode) {
    case ANIMA_PUSH_CONTINUOUS: return "continuous";
    case ANIMA_PUSH_INSTANTANEOUS: return "instantaneous";
    }
    return NULL;
}

/* A push mode from 'continuous' or 'instantaneous'. */
static int
as_push_mode(anima_state *st, PyObject *obj, anima_push_mode *out)
{
    if (!PyUnicode_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "mode must be 'continuous' or 'instantaneous', not %.100s",
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    static const anima_push_mode modes[] = {ANIMA_PUSH_CONTINUOUS, ANIMA_PUSH_INSTANTANEOUS};
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++) {
        if (PyUnicode_CompareWithASCIIString(obj, push_mode_name(modes[i])) == 0) {
            *out = modes[i];
            return 0;
        }
    }
    PyErr_Format(st->invalid_argument_error, "mode must be 'continuous' or 'instantaneous' (got %R)", obj);
    return -1;
}

static int
push_init(BehaviorObject *self, PyObject *args, PyObject *kwds)
{
    static char *keywords[] = {"items", "mode", "angle", "magnitude", "active", "animator", NULL};
    PyObject *items_obj, *mode = NULL, *angle = NULL, *magnitude = NULL, *active = NULL, *animator_obj = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O|$OOOOO:Push", keywords, &items_obj, &mode, &angle,
                                     &magnitude, &active, &animator_obj)) {
        return -1;
    }
    anima_state *st = STATE_OF(self);
    if (st == NULL || behavior_check_fresh(st, self) < 0) {
        return -1;
    }
    anima_push_def def = anima_default_push_def();
    if ((mode && as_push_mode(st, mode, &def.mode) < 0)
        || (angle && as_finite(st, angle, "angle", &def.angle) < 0)
        || (magnitude && as_finite(st, magnitude, "magnitude", &def.magnitude) < 0)
        || (active && as_bool(active, &def.active) < 0)) {
        return -1;
    }
    anima_item *handles = NULL;
    int32_t count = 0;
    AnimatorObject *animator = NULL;
    if (collect_items(st, items_obj, animator_obj, &handles, &count, &animator) < 0) {
        return -1;
    }
    anima_behavior handle = anima_behavior_null();
    anima_status status = anima_push_create(animator->handle, &def, handles, count, &handle);
    PyMem_Free(handles);
    if (check(st, animator, status) < 0) {
        return -1;
    }
    return behavior_adopt(self, animator, handle);
}

static PyObject *
push_get_mode(BehaviorObject *self, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    anima_push_mode mode = ANIMA_PUSH_CONTINUOUS;
    if (st == NULL || check(st, self->animator, anima_push_get_mode(self->handle, &mode)) < 0) {
        return NULL;
    }
    const char *name = push_mode_name(mode);
    if (name == NULL) {
        return PyLong_FromLong((long)mode);
    }
    return PyUnicode_FromString(name);
}

static PyObject *
push_get_direction(BehaviorObject *self, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    anima_vec2 direction = {0, 0};
    if (st == NULL || check(st, self->animator, anima_push_get_direction(self->handle, &direction)) < 0) {
        return NULL;
    }
    return vec2_tuple(direction);
}

static int
push_set_direction(BehaviorObject *self, PyObject *value, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    anima_vec2 direction;
    if (st == NULL || forbid_delete(value, "direction") < 0
        || as_vec2(st, value, "direction", &direction) < 0) {
        return -1;
    }
    return check(st, self->animator, anima_push_set_direction(self->handle, direction));
}

PyDoc_STRVAR(push_set_angle_doc,
"set_angle($self, angle, magnitude)\n--\n\n"
"Set the angle (radians; 0 = +x, pi/2 = down) and the magnitude together\n"
"(1.0 = 100 pt/s^2 on a mass of 1; within +/-1e6, negative reverses).");

static PyObject *
push_set_angle(BehaviorObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    static const char *const names[] = {"angle", "magnitude", NULL};
    PyObject *values[2];
    if (parse_arguments("set_angle", args, nargs, kwnames, names, 2, 2, values) < 0) {
        return NULL;
    }
    anima_state *st = STATE_OF(self);
    double angle, magnitude;
    if (st == NULL || as_finite(st, values[0], "angle", &angle) < 0
        || as_finite(st, values[1], "magnitude", &magnitude) < 0
        || check(st, self->animator, anima_push_set_angle_magnitude(self->handle, angle, magnitude)) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

PyDoc_STRVAR(push_target_offset_doc,
"target_offset($self, item, /)\n--\n\n"
"Where the push acts on an item of this behavior: (x, y) from its centre, in\n"
"the item's own coordinates (default (0, 0)). Raises NotFoundError when the\n"
"item is not in the behavior.");

static PyObject *
push_target_offset(BehaviorObject *self, PyObject *arg)
{
    anima_state *st = STATE_OF(self);
    ItemObject *item = st ? item_argument(st, arg, "item") : NULL;
    anima_vec2 offset = {0, 0};
    if (item == NULL
        || check(st, self->animator, anima_push_get_target_offset(self->handle, item->handle, &offset)) < 0) {
        return NULL;
    }
    return vec2_tuple(offset);
}

PyDoc_STRVAR(push_set_target_offset_doc,
"set_target_offset($self, item, offset)\n--\n\n"
"Make the push act on an item at offset = (x, y) from its centre, in the item's\n"
"own coordinates. Off centre the push also turns the item (torque = r x F).\n"
"Raises NotFoundError when the item is not in the behavior.");

static PyObject *
push_set_target_offset(BehaviorObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    static const char *const names[] = {"item", "offset", NULL};
    PyObject *values[2];
    if (parse_arguments("set_target_offset", args, nargs, kwnames, names, 2, 2, values) < 0) {
        return NULL;
    }
    anima_state *st = STATE_OF(self);
    ItemObject *item = st ? item_argument(st, values[0], "item") : NULL;
    anima_vec2 offset;
    if (item == NULL || as_vec2(st, values[1], "offset", &offset) < 0
        || check(st, self->animator, anima_push_set_target_offset(self->handle, item->handle, offset)) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

/* "<anima.Push mode='continuous' angle=... magnitude=... active=True, 1 item, added>" */
static PyObject *
push_repr(BehaviorObject *self)
{
    anima_push_mode mode = ANIMA_PUSH_CONTINUOUS;
    double angle = 0.0, magnitude = 0.0;
    bool active = false, added = false;
    int32_t items = 0;
    if (anima_push_get_mode(self->handle, &mode) != ANIMA_OK
        || anima_push_get_angle(self->handle, &angle) != ANIMA_OK
        || anima_push_get_magnitude(self->handle, &magnitude) != ANIMA_OK
        || anima_push_get_active(self->handle, &active) != ANIMA_OK
        || anima_behavior_is_added(self->handle, &added) != ANIMA_OK) {
        anima_clear_error();
        return PyUnicode_FromFormat("<%s (destroyed)>", Py_TYPE(self)->tp_name);
    }
    /* Counting with capacity 0 reports BUFFER_TOO_SMALL when there are items; the count is still set. */
    if (anima_behavior_get_items(self->handle, NULL, 0, &items) != ANIMA_OK && items < 0) {
        items = 0;
    }
    anima_clear_error();
    const char *name = push_mode_name(mode);
    PyObject *a = PyFloat_FromDouble(angle);
    PyObject *m = PyFloat_FromDouble(magnitude);
    PyObject *result = NULL;
    if (a != NULL && m != NULL) {
        result = PyUnicode_FromFormat("<%s mode='%s' angle=%R magnitude=%R active=%s, %d item%s%s>",
                                      Py_TYPE(self)->tp_name, name != NULL ? name : "?", a, m,
                                      active ? "True" : "False", (int)items, items == 1 ? "" : "s",
                                      added ? ", added" : "");
    }
    Py_XDECREF(a);
    Py_XDECREF(m);
    return result;
}

static const behavior_double_property push_angle = {anima_push_get_angle, anima_push_set_angle, "angle"};
static const behavior_double_property push_magnitude = {
    anima_push_get_magnitude, anima_push_set_magnitude, "magnitude"};
static const behavior_bool_property push_active = {anima_push_get_active, anima_push_set_active, "active"};

static PyMethodDef push_methods[] = {
    {"set_angle", (PyCFunction)(void (*)(void))push_set_angle, METH_FASTCALL | METH_KEYWORDS,
     push_set_angle_doc},
    {"target_offset", (PyCFunction)push_target_offset, METH_O, push_target_offset_doc},
    {"set_target_offset", (PyCFunction)(void (*)(void))push_set_target_offset, METH_FASTCALL | METH_KEYWORDS,
     push_set_target_offset_doc},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef push_getset[] = {
    {"mode", (getter)push_get_mode, NULL,
     "'continuous' (a force every step while active) or 'instantaneous' (one velocity\n"
     "change, then inactive); fixed at creation (read-only).", NULL},
    {"direction", (getter)push_get_direction, (setter)push_set_direction,
     "The push vector magnitude x (cos angle, sin angle); setting it (components within\n"
     "+/-1e6) sets angle and magnitude.", NULL},
    {"angle", (getter)behavior_get_double, (setter)behavior_set_double,
     "The push's angle in radians (0 = +x, pi/2 = down); setting it keeps the magnitude.",
     (void *)&push_angle},
    {"magnitude", (getter)behavior_get_double, (setter)behavior_set_double,
     "The strength: 1.0 = a force of 100 (mass x pt/s^2), which accelerates a mass of 1 at\n"
     "100 pt/s^2 (continuous) or changes its velocity by 100 pt/s once (instantaneous).\n"
     "Within +/-1e6; negative reverses; setting it keeps the angle.", (void *)&push_magnitude},
    {"active", (getter)behavior_get_bool, (setter)behavior_set_bool,
     "Whether the push acts (default True). An instantaneous push turns inactive after\n"
     "acting; setting it to True again makes it act once more.", (void *)&push_active},
    {NULL, NULL, NULL, NULL, NULL},
};

PyDoc_STRVAR(push_doc,
"Push(items, *, mode='continuous', angle=0.0, magnitude=0.0, active=True, animator=None)\n"
"--\n\n"
"Pushes its items (UIPushBehavior) with a force F = 100 x magnitude along angle\n"
"(radians; 0 = +x, pi/2 = down), so an item of mass m accelerates at\n"
"100 x magnitude / m pt/s^2. mode='continuous' pushes at every step while\n"
"active; mode='instantaneous' changes the velocity once by 100 x magnitude / m\n"
"pt/s at the next step, then turns inactive. A target offset off an item's\n"
"centre also turns it. The animator is taken from the items; pass animator=\n"
"when items is empty.");

static PyType_Slot push_slots[] = {
    {Py_tp_doc, (void *)push_doc},
    {Py_tp_new, behavior_new},
    {Py_tp_init, push_init},
    {Py_tp_traverse, behavior_traverse},
    {Py_tp_clear, behavior_clear},
    {Py_tp_repr, push_repr},
    {Py_tp_methods, push_methods},
    {Py_tp_getset, push_getset},
    {0, NULL},
};

static PyType_Spec push_spec = {
    .name = "anima.Push",
    .basicsize = sizeof(BehaviorObject),
    .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    .slots = push_slots,
};

/* ================================================================== Snap */

static int
snap_init(BehaviorObject *self, PyObject *args, PyObject *kwds)
{
    static char *keywords[] = {"item", "point", NULL};
    PyObject *item_obj, *point_obj;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OO:Snap", keywords, &item_obj, &point_obj)) {
        return -1;
    }
    anima_state *st = STATE_OF(self);
    if (st == NULL || behavior_check_fresh(st, self) < 0) {
        return -1;
    }
    ItemObject *item = attachment_item(st, item_obj, "item");
    anima_vec2 point;
    if (item == NULL || as_vec2(st, point_obj, "point", &point) < 0) {
        return -1;
    }
    AnimatorObject *animator = item->animator;
    anima_behavior handle = anima_behavior_null();
    if (check(st, animator, anima_snap_create(animator->handle, item->handle, point, &handle)) < 0) {
        return -1;
    }
    return behavior_adopt(self, animator, handle);
}

static PyObject *
snap_get_point(BehaviorObject *self, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    anima_vec2 point = {0, 0};
    if (st == NULL || check(st, self->animator, anima_snap_get_point(self->handle, &point)) < 0) {
        return NULL;
    }
    return vec2_tuple(point);
}

static int
snap_set_point(BehaviorObject *self, PyObject *value, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    anima_vec2 point;
    if (st == NULL || forbid_delete(value, "point") < 0 || as_vec2(st, value, "point", &point) < 0) {
        return -1;
    }
    return check(st, self->animator, anima_snap_set_point(self->handle, point));
}

/* "<anima.Snap point=(x, y) damping=0.5, added>" */
static PyObject *
snap_repr(BehaviorObject *self)
{
    anima_vec2 point = {0, 0};
    double damping = 0.0;
    bool added = false;
    if (anima_snap_get_point(self->handle, &point) != ANIMA_OK
        || anima_snap_get_damping(self->handle, &damping) != ANIMA_OK
        || anima_behavior_is_added(self->handle, &added) != ANIMA_OK) {
        anima_clear_error();
        return PyUnicode_FromFormat("<%s (destroyed)>", Py_TYPE(self)->tp_name);
    }
    PyObject *p = vec2_tuple(point);
    PyObject *d = PyFloat_FromDouble(damping);
    PyObject *result = NULL;
    if (p != NULL && d != NULL) {
        result = PyUnicode_FromFormat("<%s point=%R damping=%R%s>", Py_TYPE(self)->tp_name, p, d,
                                      added ? ", added" : "");
    }
    Py_XDECREF(p);
    Py_XDECREF(d);
    return result;
}

static const behavior_double_property snap_damping = {anima_snap_get_damping, anima_snap_set_damping, "damping"};

static PyGetSetDef snap_getset[] = {
    {"point", (getter)snap_get_point, (setter)snap_set_point,
     "The point (x, y) the item snaps to; moving it wakes a paused animator and the item\n"
     "follows.", NULL},
    {"damping", (getter)behavior_get_double, (setter)behavior_set_double,
     "0 (most oscillation) ... 1 (least); default 0.5.", (void *)&snap_damping},
    {NULL, NULL, NULL, NULL, NULL},
};

PyDoc_STRVAR(snap_doc,
"Snap(item, point)\n"
"--\n\n"
"Moves an item to point = (x, y) on a 4 Hz spring and turns it upright\n"
"(UISnapBehavior); with the default damping of 0.5 it overshoots a little\n"
"and rests within about a second. The animator is taken from the item.");

static PyType_Slot snap_slots[] = {
    {Py_tp_doc, (void *)snap_doc},
    {Py_tp_new, behavior_new},
    {Py_tp_init, snap_init},
    {Py_tp_traverse, behavior_traverse},
    {Py_tp_clear, behavior_clear},
    {Py_tp_repr, snap_repr},
    {Py_tp_getset, snap_getset},
    {0, NULL},
};

static PyType_Spec snap_spec = {
    .name = "anima.Snap",
    .basicsize = sizeof(BehaviorObject),
    .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    .slots = snap_slots,
};

/* ================================================================= Field */

/* The Python names of the field kinds, indexed by anima_field_kind. */
static const char *const field_kind_names[] = {
    "linear_gravity", "radial_gravity", "drag", "velocity", "vortex", "spring",
    "electric", "magnetic", "noise", "turbulence", "custom",
};

#define FIELD_KIND_COUNT ((Py_ssize_t)(sizeof field_kind_names / sizeof field_kind_names[0]))

static const char *
field_kind_name(anima_field_kind kind)
{
    return (Py_ssize_t)kind < FIELD_KIND_COUNT ? field_kind_names[kind] : NULL;
}

/* A field kind from its name ('linear_gravity', 'radial_gravity', ...). */
static int
as_field_kind(anima_state *st, PyObject *obj, anima_field_kind *out)
{
    if (!PyUnicode_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "kind must be a str such as 'radial_gravity', not %.100s",
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    for (Py_ssize_t i = 0; i < FIELD_KIND_COUNT; i++) {
        if (PyUnicode_CompareWithASCIIString(obj, field_kind_names[i]) == 0) {
            *out = (anima_field_kind)i;
            return 0;
        }
    }
    PyErr_Format(st->invalid_argument_error,
                 "kind must be one of 'linear_gravity', 'radial_gravity', 'drag', 'velocity', 'vortex', "
                 "'spring', 'electric', 'magnetic', 'noise', 'turbulence', 'custom' (got %R)", obj);
    return -1;
}

#define REGION_FORMS "None, 'infinite', ('rectangle', (width, height)), ('circle', radius) or ('inverse', region)"

/* How deeply ('inverse', ...) may nest; each level turns the region inside out once more. */
#define REGION_MAX_DEPTH 32

/*
 * A field region from its Python form: None or 'infinite' (everywhere),
 * ('rectangle', (width, height)) or ('circle', radius) centred on the field's
 * position, or ('inverse', region) for everywhere except that region. Sizes
 * are checked for NaN and infinities here and for sign by the library.
 */
static int
as_region(anima_state *st, PyObject *obj, anima_region *out)
{
    anima_region region = {.shape = ANIMA_REGION_INFINITE, .size = {0, 0}, .radius = 0, .inverse = false};
    PyObject *current = Py_NewRef(obj);
    int result = -1;
    for (int depth = 0;; depth++) {
        if (depth > REGION_MAX_DEPTH) {
            PyErr_Format(st->invalid_argument_error, "region nests ('inverse', ...) more than %d deep",
                         REGION_MAX_DEPTH);
            break;
        }
        if (current == Py_None) {
            result = 0;
            break;
        }
        if (PyUnicode_Check(current)) {
            if (PyUnicode_CompareWithASCIIString(current, "infinite") == 0) {
                result = 0;
            }
            else {
                PyErr_Format(st->invalid_argument_error, "region must be " REGION_FORMS " (got %R)", current);
            }
            break;
        }
        if (!PyTuple_Check(current) && !PyList_Check(current)) {
            PyErr_Format(PyExc_TypeError, "region must be " REGION_FORMS ", not %.100s", Py_TYPE(current)->tp_name);
            break;
        }
        Py_ssize_t count = PySequence_Size(current);
        PyObject *shape = count > 0 ? PySequence_GetItem(current, 0) : NULL;
        if (shape == NULL || !PyUnicode_Check(shape)) {
            if (!PyErr_Occurred()) {
                PyErr_Format(PyExc_TypeError, "a region tuple starts with its shape as a str: " REGION_FORMS);
            }
            Py_XDECREF(shape);
            break;
        }
        bool rectangle = PyUnicode_CompareWithASCIIString(shape, "rectangle") == 0;
        bool circle = PyUnicode_CompareWithASCIIString(shape, "circle") == 0;
        bool inverse = PyUnicode_CompareWithASCIIString(shape, "inverse") == 0;
        if (!rectangle && !circle && !inverse) {
            PyErr_Format(st->invalid_argument_error,
                         "a region's shape must be 'rectangle', 'circle' or 'inverse' (got %R)", shape);
            Py_DECREF(shape);
            break;
        }
        if (count != 2) {
            PyErr_Format(PyExc_TypeError, "a %U region must be (%R, %s) (got %zd element%s)", shape, shape,
                         rectangle ? "(width, height)" : circle ? "radius" : "region", count, count == 1 ? "" : "s");
            Py_DECREF(shape);
            break;
        }
        Py_DECREF(shape);
        PyObject *value = PySequence_GetItem(current, 1);
        if (value == NULL) {
            break;
        }
        if (inverse) {
            region.inverse = !region.inverse;
            Py_SETREF(current, value);
            continue;
        }
        if (rectangle) {
            region.shape = ANIMA_REGION_RECTANGLE;
            result = as_size(st, value, "region size", &region.size);
        }
        else {
            region.shape = ANIMA_REGION_CIRCLE;
            result = as_finite(st, value, "region radius", &region.radius);
        }
        Py_DECREF(value);
        break;
    }
    Py_DECREF(current);
    if (result == 0) {
        *out = region;
    }
    return result;
}

/* The Python form of a region: 'infinite', ('rectangle', (w, h)), ('circle', r), or ('inverse', one of those). */
static PyObject *
region_object(const anima_region *region)
{
    PyObject *shape = NULL;
    switch (region->shape) {
    case ANIMA_REGION_INFINITE:
        shape = PyUnicode_FromString("infinite");
        break;
    case ANIMA_REGION_RECTANGLE:
        shape = Py_BuildValue("(s(dd))", "rectangle", region->size.width, region->size.height);
        break;
    case ANIMA_REGION_CIRCLE:
        shape = Py_BuildValue("(sd)", "circle", region->radius);
        break;
    default:
        shape = PyLong_FromLong((long)region->shape);
        break;
    }
    if (shape == NULL || !region->inverse) {
        return shape;
    }
    PyObject *result = Py_BuildValue("(sO)", "inverse", shape);
    Py_DECREF(shape);
    return result;
}

/* The parameters of a field that Python reads and writes one by one. */
typedef enum {
    FIELD_POSITION,
    FIELD_REGION,
    FIELD_STRENGTH,
    FIELD_FALLOFF,
    FIELD_MINIMUM_RADIUS,
    FIELD_DIRECTION,
    FIELD_SMOOTHNESS,
    FIELD_ANIMATION_SPEED,
    FIELD_PARAMETER_COUNT
} field_parameter;

static const char *const field_parameter_names[FIELD_PARAMETER_COUNT] = {
    "position", "region", "strength", "falloff", "minimum_radius", "direction", "smoothness", "animation_speed",
};

/* Writes one parameter, converted from Python, into a def. */
static int
field_def_assign(anima_state *st, anima_field_def *def, field_parameter parameter, PyObject *value)
{
    const char *name = field_parameter_names[parameter];
    switch (parameter) {
    case FIELD_POSITION: return as_vec2(st, value, name, &def->position);
    case FIELD_REGION: return as_region(st, value, &def->region);
    case FIELD_STRENGTH: return as_finite(st, value, name, &def->strength);
    case FIELD_FALLOFF: return as_finite(st, value, name, &def->falloff);
    case FIELD_MINIMUM_RADIUS: return as_finite(st, value, name, &def->minimum_radius);
    case FIELD_DIRECTION: return as_vec2(st, value, name, &def->direction);
    case FIELD_SMOOTHNESS: return as_finite(st, value, name, &def->smoothness);
    case FIELD_ANIMATION_SPEED: return as_finite(st, value, name, &def->animation_speed);
    case FIELD_PARAMETER_COUNT: break;
    }
    PyErr_SetString(PyExc_SystemError, "unknown field parameter");
    return -1;
}

/* One parameter of a def as a Python value. */
static PyObject *
field_def_value(const anima_field_def *def, field_parameter parameter)
{
    switch (parameter) {
    case FIELD_POSITION: return vec2_tuple(def->position);
    case FIELD_REGION: return region_object(&def->region);
    case FIELD_STRENGTH: return PyFloat_FromDouble(def->strength);
    case FIELD_FALLOFF: return PyFloat_FromDouble(def->falloff);
    case FIELD_MINIMUM_RADIUS: return PyFloat_FromDouble(def->minimum_radius);
    case FIELD_DIRECTION: return vec2_tuple(def->direction);
    case FIELD_SMOOTHNESS: return PyFloat_FromDouble(def->smoothness);
    case FIELD_ANIMATION_SPEED: return PyFloat_FromDouble(def->animation_speed);
    case FIELD_PARAMETER_COUNT: break;
    }
    PyErr_SetString(PyExc_SystemError, "unknown field parameter");
    return NULL;
}

/*
 * Installs (callable non-NULL) or removes a custom field's evaluation. The
 * library keeps a pointer to this object while it has one, so the field also
 * gets the C action, which makes the animator keep it alive (and ends the step
 * when the evaluation raises; see trampoline_field).
 */
static int
field_set_evaluation(anima_state *st, FieldObject *self, PyObject *callable)
{
    BehaviorObject *base = &self->base;
    anima_status status = anima_field_set_evaluation(base->handle, callable != NULL ? trampoline_field : NULL,
                                                     callable != NULL ? (void *)self : NULL);
    if (check(st, base->animator, status) < 0) {
        return -1;
    }
    bool needs_action = callable != NULL || base->action != NULL || base->overrides_action;
    if (behavior_set_c_action(st, base, needs_action) < 0) {
        /* The library must not point at this object unless the animator keeps it alive. */
        (void)anima_field_set_evaluation(base->handle, self->evaluate != NULL ? trampoline_field : NULL,
                                         self->evaluate != NULL ? (void *)self : NULL);
        anima_clear_error();
        return -1;
    }
    Py_XINCREF(callable);
    Py_XSETREF(self->evaluate, callable);
    return 0;
}

/*
 * Creates the C field of a fresh Field: a def of `kind` with the parameters
 * given (NULL or None keeps the kind's default; linear gravity points down by
 * default), over the items, with a custom field's evaluation.
 */
static int
field_build(anima_state *st, FieldObject *self, anima_field_kind kind, PyObject *items_obj,
            PyObject *const *parameters, PyObject *evaluate, PyObject *animator_obj)
{
    anima_field_def def = anima_default_field_def(kind);
    if (kind == ANIMA_FIELD_LINEAR_GRAVITY) {
        def.direction = (anima_vec2){0, 1};
    }
    for (int i = 0; i < FIELD_PARAMETER_COUNT; i++) {
        if (parameters[i] != NULL && parameters[i] != Py_None
            && field_def_assign(st, &def, (field_parameter)i, parameters[i]) < 0) {
            return -1;
        }
    }
    if (evaluate == Py_None) {
        evaluate = NULL;
    }
    if (evaluate != NULL && kind != ANIMA_FIELD_CUSTOM) {
        PyErr_Format(PyExc_TypeError, "evaluate= is only for a custom field, not a %s field", field_kind_name(kind));
        return -1;
    }
    if (evaluate != NULL && !PyCallable_Check(evaluate)) {
        PyErr_Format(PyExc_TypeError, "evaluate must be callable or None, not %.100s", Py_TYPE(evaluate)->tp_name);
        return -1;
    }
    anima_item *handles = NULL;
    int32_t count = 0;
    AnimatorObject *animator = NULL;
    if (collect_items(st, items_obj, animator_obj, &handles, &count, &animator) < 0) {
        return -1;
    }
    anima_behavior handle = anima_behavior_null();
    anima_status status = anima_field_create(animator->handle, &def, handles, count, &handle);
    PyMem_Free(handles);
    if (check(st, animator, status) < 0 || behavior_adopt(&self->base, animator, handle) < 0) {
        return -1;
    }
    if (evaluate != NULL && field_set_evaluation(st, self, evaluate) < 0) {
        (void)anima_behavior_destroy(handle);
        anima_clear_error();
        return -1;
    }
    return 0;
}

static int
field_init(FieldObject *self, PyObject *args, PyObject *kwds)
{
    static char *keywords[] = {"kind", "items", "position", "region", "strength", "falloff", "minimum_radius",
                               "direction", "smoothness", "animation_speed", "evaluate", "animator", NULL};
    PyObject *kind_obj, *items_obj, *evaluate = NULL, *animator_obj = Py_None;
    PyObject *parameters[FIELD_PARAMETER_COUNT] = {NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OO|$OOOOOOOOOO:Field", keywords, &kind_obj, &items_obj,
                                     &parameters[FIELD_POSITION], &parameters[FIELD_REGION],
                                     &parameters[FIELD_STRENGTH], &parameters[FIELD_FALLOFF],
                                     &parameters[FIELD_MINIMUM_RADIUS], &parameters[FIELD_DIRECTION],
                                     &parameters[FIELD_SMOOTHNESS], &parameters[FIELD_ANIMATION_SPEED], &evaluate,
                                     &animator_obj)) {
        return -1;
    }
    anima_state *st = STATE_OF(self);
    anima_field_kind kind;
    if (st == NULL || behavior_check_fresh(st, &self->base) < 0 || as_field_kind(st, kind_obj, &kind) < 0) {
        return -1;
    }
    return field_build(st, self, kind, items_obj, parameters, evaluate, animator_obj);
}

/*
 * The classmethods Field.linear_gravity(items, *, ...) ... Field.custom(items,
 * evaluate, *, ...): an instance of the class they are called on, made
 * without calling its __init__ (as Attachment.pin).
 */
static PyObject *
field_factory(PyTypeObject *type, anima_field_kind kind, PyObject *const *args, Py_ssize_t nargs,
              PyObject *kwnames)
{
    static const char *const names[] = {"items", "position", "region", "strength", "falloff", "minimum_radius",
                                        "direction", "smoothness", "animation_speed", "animator", NULL};
    static const char *const custom_names[] = {"items", "evaluate", "position", "region", "strength", "falloff",
                                               "minimum_radius", "direction", "smoothness", "animation_speed",
                                               "animator", NULL};
    bool custom = kind == ANIMA_FIELD_CUSTOM;
    Py_ssize_t leading = custom ? 2 : 1;
    PyObject *values[2 + FIELD_PARAMETER_COUNT + 1];
    if (parse_arguments(field_kind_name(kind), args, nargs, kwnames, custom ? custom_names : names, leading,
                        leading, values) < 0) {
        return NULL;
    }
    anima_state *st = state_of_type(type);
    if (st == NULL) {
        return NULL;
    }
    BehaviorObject *self = behavior_blank_instance(st, type, st->field_type);
    if (self == NULL) {
        return NULL;
    }
    if (field_build(st, (FieldObject *)self, kind, values[0], values + leading, custom ? values[1] : NULL,
                    values[leading + FIELD_PARAMETER_COUNT]) < 0) {
        Py_DECREF(self);
        return NULL;
    }
    return (PyObject *)self;
}

/* Makes the library forget this object's evaluation before the object goes. */
static void
field_detach_evaluation(FieldObject *self)
{
    if (self->evaluate != NULL && anima_behavior_is_valid(self->base.handle)) {
        (void)anima_field_set_evaluation(self->base.handle, NULL, NULL);
        anima_clear_error();
    }
}

static int
field_traverse(FieldObject *self, visitproc visit, void *arg)
{
    Py_VISIT(self->evaluate);
    return behavior_traverse(&self->base, visit, arg);
}

static int
field_clear(FieldObject *self)
{
    field_detach_evaluation(self);
    Py_CLEAR(self->evaluate);
    return behavior_clear(&self->base);
}

static void
field_dealloc(FieldObject *self)
{
    PyObject_GC_UnTrack(self);
    field_detach_evaluation(self);
    Py_CLEAR(self->evaluate);
    behavior_dealloc(&self->base);
}

static PyObject *
field_get_kind(FieldObject *self, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    anima_field_def def;
    if (st == NULL || check(st, self->base.animator, anima_field_get(self->base.handle, &def)) < 0) {
        return NULL;
    }
    const char *name = field_kind_name(def.kind);
    if (name == NULL) {
        return PyLong_FromLong((long)def.kind);
    }
    return PyUnicode_FromString(name);
}

/* The parameter properties; the closure is the field_parameter. */
static PyObject *
field_get_parameter(FieldObject *self, void *closure)
{
    field_parameter parameter = (field_parameter)(uintptr_t)closure;
    anima_state *st = STATE_OF(self);
    anima_field_def def;
    if (st == NULL || check(st, self->base.animator, anima_field_get(self->base.handle, &def)) < 0) {
        return NULL;
    }
    return field_def_value(&def, parameter);
}

/* Sets one parameter: the library validates the whole def, so a refused value changes nothing. */
static int
field_set_parameter(FieldObject *self, PyObject *value, void *closure)
{
    field_parameter parameter = (field_parameter)(uintptr_t)closure;
    anima_state *st = STATE_OF(self);
    anima_field_def def;
    if (st == NULL || forbid_delete(value, field_parameter_names[parameter]) < 0
        || check(st, self->base.animator, anima_field_get(self->base.handle, &def)) < 0
        || field_def_assign(st, &def, parameter, value) < 0) {
        return -1;
    }
    return check(st, self->base.animator, anima_field_set(self->base.handle, &def));
}

static PyObject *
field_get_evaluate(FieldObject *self, void *closure)
{
    (void)closure;
    return Py_NewRef(self->evaluate != NULL ? self->evaluate : Py_None);
}

static int
field_set_evaluate(FieldObject *self, PyObject *value, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    if (st == NULL || forbid_delete(value, "evaluate") < 0) {
        return -1;
    }
    if (value == Py_None) {
        value = NULL;
    }
    if (value != NULL && !PyCallable_Check(value)) {
        PyErr_Format(PyExc_TypeError, "evaluate must be callable or None, not %.100s", Py_TYPE(value)->tp_name);
        return -1;
    }
    anima_field_def def;
    if (behavior_animator(st, &self->base) == NULL
        || check(st, self->base.animator, anima_field_get(self->base.handle, &def)) < 0) {
        return -1;
    }
    if (value != NULL && def.kind != ANIMA_FIELD_CUSTOM) {
        PyErr_Format(st->invalid_state_error, "only a custom field has an evaluation (this is a %s field)",
                     field_kind_name(def.kind) != NULL ? field_kind_name(def.kind) : "?");
        return -1;
    }
    return field_set_evaluation(st, self, value);
}

/* "<anima.Field kind='radial_gravity' position=(x, y) strength=1.0 region='infinite', 1 item, added>" */
static PyObject *
field_repr(FieldObject *self)
{
    anima_field_def def;
    bool added = false;
    int32_t items = 0;
    if (anima_field_get(self->base.handle, &def) != ANIMA_OK
        || anima_behavior_is_added(self->base.handle, &added) != ANIMA_OK) {
        anima_clear_error();
        return PyUnicode_FromFormat("<%s (destroyed)>", Py_TYPE(self)->tp_name);
    }
    /* Counting with capacity 0 reports BUFFER_TOO_SMALL when there are items; the count is still set. */
    if (anima_behavior_get_items(self->base.handle, NULL, 0, &items) != ANIMA_OK && items < 0) {
        items = 0;
    }
    anima_clear_error();
    const char *name = field_kind_name(def.kind);
    PyObject *position = vec2_tuple(def.position);
    PyObject *strength = PyFloat_FromDouble(def.strength);
    PyObject *region = region_object(&def.region);
    PyObject *result = NULL;
    if (position != NULL && strength != NULL && region != NULL) {
        result = PyUnicode_FromFormat("<%s kind='%s' position=%R strength=%R region=%R, %d item%s%s>",
                                      Py_TYPE(self)->tp_name, name != NULL ? name : "?", position, strength,
                                      region, (int)items, items == 1 ? "" : "s", added ? ", added" : "");
    }
    Py_XDECREF(position);
    Py_XDECREF(strength);
    Py_XDECREF(region);
    return result;
}

/* The signature of a field classmethod; only the defaults of falloff and direction differ between kinds. */
#define FIELD_FACTORY_SIGNATURE(name, extra, falloff, direction)                                            \
    name "($type, items, " extra "*, position=(0, 0), region=None, strength=1.0, falloff=" falloff          \
    ", minimum_radius=0.01, direction=" direction ", smoothness=0.0, animation_speed=0.0, animator=None)\n" \
    "--\n\n"

#define FIELD_FACTORY_COMMON                                                              \
    "\n\nThe keyword arguments are the field's parameters (see Field); the animator is\n" \
    "taken from the items. Returns an instance of the class it is called on (its\n"        \
    "__init__ is not called)."

PyDoc_STRVAR(field_linear_gravity_doc,
FIELD_FACTORY_SIGNATURE("linear_gravity", "", "0.0", "(0, 1)")
"A uniform gravity (UIKit's linearGravityField): F = m S fall direction, so every\n"
"item accelerates at 100 x strength x direction pt/s^2 whatever its mass. The\n"
"default direction (0, 1) pulls down at 100 pt/s^2."
FIELD_FACTORY_COMMON);

PyDoc_STRVAR(field_radial_gravity_doc,
FIELD_FACTORY_SIGNATURE("radial_gravity", "", "2.0", "(0, 0)")
"Gravity toward position (UIKit's radialGravityField): F = -m S r^-falloff\n"
"along the line from position, so with the default falloff 2 an item at r points\n"
"accelerates toward it at 100 x strength x (r / 100)^-2 pt/s^2 (100 pt/s^2 at\n"
"100 pt, 25 pt/s^2 at 200 pt), whatever its mass. Negative strength repels."
FIELD_FACTORY_COMMON);

PyDoc_STRVAR(field_drag_doc,
FIELD_FACTORY_SIGNATURE("drag", "", "0.0", "(0, 0)")
"Quadratic drag (UIKit's dragField): F = -S fall |u| u with u = v - direction,\n"
"the item's velocity relative to the moving medium in m/s. An item of mass 1\n"
"moving at 300 pt/s (3 m/s) in still air slows at 900 pt/s^2; a heavier one less."
FIELD_FACTORY_COMMON);

PyDoc_STRVAR(field_velocity_doc,
FIELD_FACTORY_SIGNATURE("velocity", "", "0.0", "(0, 0)")
"A velocity field (UIKit's velocityField): at every step it sets the velocity of\n"
"the items inside its region to 100 x direction pt/s (direction in m/s), whatever\n"
"their mass; items outside the region keep theirs."
FIELD_FACTORY_COMMON);

PyDoc_STRVAR(field_vortex_doc,
FIELD_FACTORY_SIGNATURE("vortex", "", "0.0", "(0, 0)")
"A vortex around position (UIKit's vortexField): F = (S fall / m) (u_y, -u_x),\n"
"with u the unit vector from position to the item, a force along the circle\n"
"about position (counter-clockwise on screen for a positive strength)."
FIELD_FACTORY_COMMON);

PyDoc_STRVAR(field_spring_doc,
FIELD_FACTORY_SIGNATURE("spring", "", "-1.0", "(0, 0)")
"A spring toward position (UIKit's springField): F = -S r^-falloff along the\n"
"line from position, with the default falloff -1 Hooke's law F = -S r (S in N/m,\n"
"r in m). An item of mass m oscillates about position with the period\n"
"2 pi sqrt(m / S) s: pi s for strength 4 on a mass of 1."
FIELD_FACTORY_COMMON);

PyDoc_STRVAR(field_electric_doc,
FIELD_FACTORY_SIGNATURE("electric", "", "1.0", "(0, 0)")
"An electric field from a charge at position (UIKit's electricField): F = q S r^-falloff\n"
"away from position, with q the item's charge (ItemBehavior.charge). A charge of\n"
"2 at 1 m (100 pt) on a mass of 1 is pushed away at 200 pt/s^2; a charge of the\n"
"other sign is pulled; a neutral item feels nothing."
FIELD_FACTORY_COMMON);

PyDoc_STRVAR(field_magnetic_doc,
FIELD_FACTORY_SIGNATURE("magnetic", "", "1.0", "(0, 0)")
"A magnetic field (UIKit's magneticField): F = q S fall (v_y, -v_x), with q the\n"
"item's charge and v its velocity in m/s, always across the motion, so a moving\n"
"charge turns without speeding up or slowing down."
FIELD_FACTORY_COMMON);

PyDoc_STRVAR(field_noise_doc,
FIELD_FACTORY_SIGNATURE("noise", "", "0.0", "(0, 0)")
"A smooth random force field (UIKit's noiseField): a = 100 S fall N(x, t) pt/s^2,\n"
"mass ignored, where N is gradient noise with components in -1...1.\n"
"smoothness (0 = noisy ... 1 = smooth) sets how far apart the noise changes;\n"
"animation_speed (Hz) how fast it changes in time (0 freezes it). An animated\n"
"noise field keeps the animator running. The noise is the same on every run."
FIELD_FACTORY_COMMON);

PyDoc_STRVAR(field_turbulence_doc,
FIELD_FACTORY_SIGNATURE("turbulence", "", "0.0", "(0, 0)")
"Turbulence (UIKit's turbulenceField): the noise of a noise field scaled by the\n"
"square of the speed, F = m S fall |v|^2 N(x, t) with v in m/s; items at rest\n"
"feel nothing."
FIELD_FACTORY_COMMON);

PyDoc_STRVAR(field_custom_doc,
FIELD_FACTORY_SIGNATURE("custom", "evaluate, ", "0.0", "(0, 0)")
"A field computed by Python (UIKit's field(evaluationBlock:)): for every item\n"
"inside the region, at every internal step, evaluate(position, velocity, mass,\n"
"charge, dt) is called with the item's offset (x, y) from the field's position\n"
"in points, its velocity (vx, vy) in pt/s, its mass and charge, and the step dt\n"
"in seconds, and returns a force (fx, fy) in mass x pt/s^2: the item accelerates\n"
"at (fx, fy) / mass. evaluate may be None (no force) and can be replaced later.\n"
"It runs inside the solver: it should only compute the force. An exception it\n"
"raises, or a result that is not two finite numbers (TypeError, ValueError),\n"
"stops advance() as a callback's would."
FIELD_FACTORY_COMMON);

static PyObject *
field_linear_gravity(PyTypeObject *type, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    return field_factory(type, ANIMA_FIELD_LINEAR_GRAVITY, args, nargs, kwnames);
}

static PyObject *
field_radial_gravity(PyTypeObject *type, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    return field_factory(type, ANIMA_FIELD_RADIAL_GRAVITY, args, nargs, kwnames);
}

static PyObject *
field_drag(PyTypeObject *type, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    return field_factory(type, ANIMA_FIELD_DRAG, args, nargs, kwnames);
}

static PyObject *
field_velocity(PyTypeObject *type, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    return field_factory(type, ANIMA_FIELD_VELOCITY, args, nargs, kwnames);
}

static PyObject *
field_vortex(PyTypeObject *type, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    return field_factory(type, ANIMA_FIELD_VORTEX, args, nargs, kwnames);
}

static PyObject *
field_spring(PyTypeObject *type, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    return field_factory(type, ANIMA_FIELD_SPRING, args, nargs, kwnames);
}

static PyObject *
field_electric(PyTypeObject *type, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    return field_factory(type, ANIMA_FIELD_ELECTRIC, args, nargs, kwnames);
}

static PyObject *
field_magnetic(PyTypeObject *type, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    return field_factory(type, ANIMA_FIELD_MAGNETIC, args, nargs, kwnames);
}

static PyObject *
field_noise(PyTypeObject *type, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    return field_factory(type, ANIMA_FIELD_NOISE, args, nargs, kwnames);
}

static PyObject *
field_turbulence(PyTypeObject *type, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    return field_factory(type, ANIMA_FIELD_TURBULENCE, args, nargs, kwnames);
}

static PyObject *
field_custom(PyTypeObject *type, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    return field_factory(type, ANIMA_FIELD_CUSTOM, args, nargs, kwnames);
}

#define FIELD_FACTORY_ENTRY(name) \
    {#name, (PyCFunction)(void (*)(void))field_##name, METH_FASTCALL | METH_KEYWORDS | METH_CLASS, field_##name##_doc}

static PyMethodDef field_methods[] = {
    FIELD_FACTORY_ENTRY(linear_gravity),
    FIELD_FACTORY_ENTRY(radial_gravity),
    FIELD_FACTORY_ENTRY(drag),
    FIELD_FACTORY_ENTRY(velocity),
    FIELD_FACTORY_ENTRY(vortex),
    FIELD_FACTORY_ENTRY(spring),
    FIELD_FACTORY_ENTRY(electric),
    FIELD_FACTORY_ENTRY(magnetic),
    FIELD_FACTORY_ENTRY(noise),
    FIELD_FACTORY_ENTRY(turbulence),
    FIELD_FACTORY_ENTRY(custom),
    {NULL, NULL, 0, NULL},
};

#define FIELD_PARAMETER(p) ((void *)(uintptr_t)(p))

static PyGetSetDef field_getset[] = {
    {"kind", (getter)field_get_kind, NULL,
     "Which field this is, fixed at creation (read-only): 'linear_gravity', 'radial_gravity',\n"
     "'drag', 'velocity', 'vortex', 'spring', 'electric', 'magnetic', 'noise', 'turbulence'\n"
     "or 'custom'.", NULL},
    {"position", (getter)field_get_parameter, (setter)field_set_parameter,
     "The field's origin (x, y) in the reference space (default (0, 0)); radial fields act\n"
     "around it and the region is centred on it.", FIELD_PARAMETER(FIELD_POSITION)},
    {"region", (getter)field_get_parameter, (setter)field_set_parameter,
     "Where the field acts, around its position: 'infinite' (everywhere, the default; None\n"
     "is accepted too), ('rectangle', (width, height)), ('circle', radius), or\n"
     "('inverse', region) for everywhere except that region. Sizes are finite and >= 0.",
     FIELD_PARAMETER(FIELD_REGION)},
    {"strength", (getter)field_get_parameter, (setter)field_set_parameter,
     "The strength S (within +/-1e9; default 1; negative reverses the field).",
     FIELD_PARAMETER(FIELD_STRENGTH)},
    {"falloff", (getter)field_get_parameter, (setter)field_set_parameter,
     "The exponent of the distance fall-off r^-falloff, r in metres (-10...10; default 2\n"
     "for radial gravity, -1 for spring, 1 for electric and magnetic, 0 for the others).",
     FIELD_PARAMETER(FIELD_FALLOFF)},
    {"minimum_radius", (getter)field_get_parameter, (setter)field_set_parameter,
     "Distances below this (points, > 0; default 0.01) count as this in the fall-off.",
     FIELD_PARAMETER(FIELD_MINIMUM_RADIUS)},
    {"direction", (getter)field_get_parameter, (setter)field_set_parameter,
     "Linear gravity: the acceleration in m/s^2 (1 = 100 pt/s^2); velocity: the velocity\n"
     "in m/s; drag: the medium's velocity in m/s. Components within +/-1e6.",
     FIELD_PARAMETER(FIELD_DIRECTION)},
    {"smoothness", (getter)field_get_parameter, (setter)field_set_parameter,
     "Noise and turbulence: 0 (noisy, the default) ... 1 (smooth).", FIELD_PARAMETER(FIELD_SMOOTHNESS)},
    {"animation_speed", (getter)field_get_parameter, (setter)field_set_parameter,
     "Noise and turbulence: how fast the noise changes, in Hz (0...1e6; default 0 freezes\n"
     "it).", FIELD_PARAMETER(FIELD_ANIMATION_SPEED)},
    {"evaluate", (getter)field_get_evaluate, (setter)field_set_evaluate,
     "A custom field's evaluation: a callable evaluate(position, velocity, mass, charge, dt)\n"
     "returning a force (fx, fy) in mass x pt/s^2, or None (no force). Only a custom field\n"
     "takes one (others raise InvalidStateError). While it is set, the animator keeps the\n"
     "Field object alive.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyDoc_STRVAR(field_doc,
"Field(kind, items, *, position=(0, 0), region=None, strength=1.0, falloff=None,\n"
"      minimum_radius=0.01, direction=None, smoothness=0.0, animation_speed=0.0,\n"
"      evaluate=None, animator=None)\n"
"--\n\n"
"A force field acting on its items (UIFieldBehavior). Make one with the\n"
"classmethod named after UIKit's factory (Field.radial_gravity(items, ...), ...)\n"
"or with Field(kind, items, ...), kind being one of those names.\n\n"
"Units are UIKit's: strength S and forces F in newtons on metres and kilograms,\n"
"100 pt per metre. An item of mass m accelerates at 100 F / m pt/s^2. r is the\n"
"distance from the field's position in metres (at least minimum_radius) and\n"
"fall = r^-falloff. Only items inside the region feel the field.\n\n"
"The keyword arguments are the parameters, also read/write properties:\n"
"position (x, y); region ('infinite' or None, ('rectangle', (w, h)),\n"
"('circle', r), ('inverse', region)); strength; falloff (None: 2 for radial\n"
"gravity, -1 for spring, 1 for electric and magnetic, else 0); minimum_radius\n"
"(pt); direction (None: (0, 1) for linear gravity, else (0, 0)); smoothness and\n"
"animation_speed (noise, turbulence); evaluate (custom only). The animator is\n"
"taken from the items; pass animator= when items is empty.");

static PyType_Slot field_slots[] = {
    {Py_tp_doc, (void *)field_doc},
    {Py_tp_new, behavior_new},
    {Py_tp_init, field_init},
    {Py_tp_dealloc, field_dealloc},
    {Py_tp_traverse, field_traverse},
    {Py_tp_clear, field_clear},
    {Py_tp_repr, field_repr},
    {Py_tp_methods, field_methods},
    {Py_tp_getset, field_getset},
    {0, NULL},
};

static PyType_Spec field_spec = {
    .name = "anima.Field",
    .basicsize = sizeof(FieldObject),
    .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    .slots = field_slots,
};

/* ========================================================== ContactEvent */

/* A ContactEvent for one library event, with the user's own wrappers. */
static PyObject *
contact_event_new(anima_state *st, AnimatorObject *animator, const anima_contact_event *event)
{
    PyTypeObject *type = st->contact_event_type;
    ContactEventObject *self = (ContactEventObject *)type->tp_alloc(type, 0);
    if (self == NULL) {
        return NULL;
    }
    self->is_boundary = event->is_boundary ? 1 : 0;
    self->collision = wrap_behavior(st, animator, event->collision);
    self->item = self->collision ? wrap_item(st, animator, event->item_a) : NULL;
    if (self->item == NULL) {
        Py_DECREF(self);
        return NULL;
    }
    if (event->is_boundary) {
        self->other = Py_NewRef(Py_None);
    }
    else {
        self->other = wrap_item(st, animator, event->item_b);
    }
    if (event->boundary_identifier != NULL) {
        self->boundary_identifier = PyUnicode_DecodeUTF8(
            event->boundary_identifier, (Py_ssize_t)strlen(event->boundary_identifier), "replace");
    }
    else {
        self->boundary_identifier = Py_NewRef(Py_None);
    }
    self->point = vec2_tuple(event->point);
    if (self->other == NULL || self->boundary_identifier == NULL || self->point == NULL) {
        Py_DECREF(self);
        return NULL;
    }
    return (PyObject *)self;
}

static int
contact_event_traverse(ContactEventObject *self, visitproc visit, void *arg)
{
    Py_VISIT(Py_TYPE(self));
    Py_VISIT(self->collision);
    Py_VISIT(self->item);
    Py_VISIT(self->other);
    Py_VISIT(self->boundary_identifier);
    Py_VISIT(self->point);
    return 0;
}

static int
contact_event_clear(ContactEventObject *self)
{
    Py_CLEAR(self->collision);
    Py_CLEAR(self->item);
    Py_CLEAR(self->other);
    Py_CLEAR(self->boundary_identifier);
    Py_CLEAR(self->point);
    return 0;
}

static void
contact_event_dealloc(ContactEventObject *self)
{
    PyTypeObject *type = Py_TYPE(self);
    PyObject_GC_UnTrack(self);
    contact_event_clear(self);
    type->tp_free(self);
    Py_DECREF(type);
}

static PyObject *
contact_event_repr(ContactEventObject *self)
{
    if (self->is_boundary) {
        return PyUnicode_FromFormat("ContactEvent(item=%R, boundary_identifier=%R, point=%R)", self->item,
                                    self->boundary_identifier, self->point);
    }
    return PyUnicode_FromFormat("ContactEvent(item=%R, other=%R, point=%R)", self->item, self->other,
                                self->point);
}

static PyMemberDef contact_event_members[] = {
    {"collision", T_OBJECT, offsetof(ContactEventObject, collision), READONLY,
     "The Collision behavior that reports the contact."},
    {"item", T_OBJECT, offsetof(ContactEventObject, item), READONLY, "The first Item."},
    {"other", T_OBJECT, offsetof(ContactEventObject, other), READONLY,
     "The second Item, or None for a contact with a boundary."},
    {"is_boundary", T_BOOL, offsetof(ContactEventObject, is_boundary), READONLY,
     "True for a contact between an item and a boundary."},
    {"boundary_identifier", T_OBJECT, offsetof(ContactEventObject, boundary_identifier), READONLY,
     "The boundary's identifier (str), or None for the reference-bounds boundary and item pairs."},
    {"point", T_OBJECT, offsetof(ContactEventObject, point), READONLY,
     "The contact point (x, y) in points; for an ended contact, the last known one."},
    {NULL, 0, 0, 0, NULL},
};

PyDoc_STRVAR(contact_event_doc,
"A contact that began or ended between two items, or an item and a boundary.\n"
"Delivered to Collision.on_began_contact / on_ended_contact and listed by\n"
"Animator.began_contacts / ended_contacts. Created by the library only.");

static PyType_Slot contact_event_slots[] = {
    {Py_tp_doc, (void *)contact_event_doc},
    {Py_tp_dealloc, contact_event_dealloc},
    {Py_tp_traverse, contact_event_traverse},
    {Py_tp_clear, contact_event_clear},
    {Py_tp_repr, contact_event_repr},
    {Py_tp_members, contact_event_members},
    {0, NULL},
};

static PyType_Spec contact_event_spec = {
    .name = "anima.ContactEvent",
    .basicsize = sizeof(ContactEventObject),
    .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_DISALLOW_INSTANTIATION,
    .slots = contact_event_slots,
};

/* ================================================================= Poses */

/* A Poses object owning data (a PyMem array of count x 3 doubles; freed on failure). */
static PyObject *
poses_new(anima_state *st, double *data, Py_ssize_t count)
{
    PyTypeObject *type = st->poses_type;
    PosesObject *self = (PosesObject *)type->tp_alloc(type, 0);
    if (self == NULL) {
        PyMem_Free(data);
        return NULL;
    }
    self->data = data;
    self->shape[0] = count;
    self->shape[1] = 3;
    self->strides[0] = 3 * (Py_ssize_t)sizeof(double);
    self->strides[1] = (Py_ssize_t)sizeof(double);
    return (PyObject *)self;
}

static void
poses_dealloc(PosesObject *self)
{
    PyTypeObject *type = Py_TYPE(self);
    PyMem_Free(self->data);
    type->tp_free(self);
    Py_DECREF(type);
}

static int
poses_getbuffer(PosesObject *self, Py_buffer *view, int flags)
{
    if (flags & PyBUF_WRITABLE) {
        PyErr_SetString(PyExc_BufferError,
                        "Poses is read-only; use Animator.copy_poses_into() to fill a writable buffer");
        view->obj = NULL;
        return -1;
    }
    view->buf = self->data;
    view->obj = Py_NewRef((PyObject *)self);
    view->len = self->shape[0] * self->strides[0];
    view->readonly = 1;
    view->itemsize = (Py_ssize_t)sizeof(double);
    view->format = (flags & PyBUF_FORMAT) ? (char *)"d" : NULL;
    view->ndim = 2;
    view->shape = (flags & PyBUF_ND) == PyBUF_ND ? self->shape : NULL;
    view->strides = (flags & PyBUF_STRIDES) == PyBUF_STRIDES ? self->strides : NULL;
    view->suboffsets = NULL;
    view->internal = NULL;
    return 0;
}

static Py_ssize_t
poses_length(PosesObject *self)
{
    return self->shape[0];
}

static PyObject *
poses_item(PosesObject *self, Py_ssize_t index)
{
    if (index < 0 || index >= self->shape[0]) {
        PyErr_SetString(PyExc_IndexError, "pose index out of range");
        return NULL;
    }
    const double *pose = self->data + 3 * index;
    return Py_BuildValue("(ddd)", pose[0], pose[1], pose[2]);
}

PyDoc_STRVAR(poses_tolist_doc,
"tolist($self, /)\n--\n\n"
"The poses as a list of (x, y, rotation) tuples.");

static PyObject *
poses_tolist(PosesObject *self, PyObject *Py_UNUSED(ignored))
{
    PyObject *result = PyList_New(self->shape[0]);
    for (Py_ssize_t i = 0; result != NULL && i < self->shape[0]; i++) {
        PyObject *pose = poses_item(self, i);
        if (pose == NULL) {
            Py_CLEAR(result);
            break;
        }
        PyList_SET_ITEM(result, i, pose);
    }
    return result;
}

static PyObject *
poses_get_shape(PosesObject *self, void *closure)
{
    (void)closure;
    return Py_BuildValue("(nn)", self->shape[0], self->shape[1]);
}

static PyObject *
poses_repr(PosesObject *self)
{
    return PyUnicode_FromFormat("<%s shape=(%zd, 3)>", Py_TYPE(self)->tp_name, self->shape[0]);
}

static PyMethodDef poses_methods[] = {
    {"tolist", (PyCFunction)poses_tolist, METH_NOARGS, poses_tolist_doc},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef poses_getset[] = {
    {"shape", (getter)poses_get_shape, NULL, "(n, 3): one row of (x, y, rotation) per item.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyDoc_STRVAR(poses_doc,
"A read-only snapshot of item poses from Animator.poses(): a buffer of float64,\n"
"format 'd', shape (n, 3), rows (center x, center y, rotation) in item creation\n"
"order. Use memoryview(poses) or numpy.asarray(poses); len() and indexing give\n"
"rows as tuples.");

static PyType_Slot poses_slots[] = {
    {Py_tp_doc, (void *)poses_doc},
    {Py_tp_dealloc, poses_dealloc},
    {Py_tp_repr, poses_repr},
    {Py_tp_methods, poses_methods},
    {Py_tp_getset, poses_getset},
    {Py_bf_getbuffer, poses_getbuffer},
    {Py_sq_length, poses_length},
    {Py_sq_item, poses_item},
    {0, NULL},
};

static PyType_Spec poses_spec = {
    .name = "anima.Poses",
    .basicsize = sizeof(PosesObject),
    .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_DISALLOW_INSTANTIATION,
    .slots = poses_slots,
};

/* ================================================================ module */

/* Creates an exception class anima.<name> deriving from AnimaError (and builtin, if any). */
static PyObject *
add_error(PyObject *module, const char *name, const char *doc, PyObject *base, PyObject *builtin)
{
    char qualified[64];
    PyOS_snprintf(qualified, sizeof qualified, "anima.%s", name);
    PyObject *bases = builtin != NULL ? PyTuple_Pack(2, base, builtin) : PyTuple_Pack(1, base);
    PyObject *dict = PyDict_New();
    PyObject *error = NULL;
    if (bases == NULL || dict == NULL) {
        goto done;
    }
    if (builtin == PyExc_KeyError) {
        /* KeyError quotes its message; show the library's sentence as it is. */
        PyObject *plain_str = PyObject_GetAttrString(PyExc_BaseException, "__str__");
        if (plain_str == NULL || PyDict_SetItemString(dict, "__str__", plain_str) < 0) {
            Py_XDECREF(plain_str);
            goto done;
        }
        Py_DECREF(plain_str);
    }
    error = PyErr_NewExceptionWithDoc(qualified, doc, bases, dict);
    if (error != NULL && PyModule_AddObjectRef(module, name, error) < 0) {
        Py_CLEAR(error);
    }
done:
    Py_XDECREF(bases);
    Py_XDECREF(dict);
    return error;
}

static PyObject *
make_transform_type(void)
{
    PyObject *collections = PyImport_ImportModule("collections");
    if (collections == NULL) {
        return NULL;
    }
    PyObject *namedtuple = PyObject_GetAttrString(collections, "namedtuple");
    Py_DECREF(collections);
    if (namedtuple == NULL) {
        return NULL;
    }
    PyObject *args = Py_BuildValue("(s(sssss))", "Transform", "rotation", "scale_x", "scale_y",
                                   "translation_x", "translation_y");
    PyObject *kwargs = Py_BuildValue("{s:(ddddd),s:s}", "defaults", 0.0, 1.0, 1.0, 0.0, 0.0, "module", "anima");
    PyObject *type = NULL;
    if (args != NULL && kwargs != NULL) {
        type = PyObject_Call(namedtuple, args, kwargs);
    }
    Py_DECREF(namedtuple);
    Py_XDECREF(args);
    Py_XDECREF(kwargs);
    if (type == NULL) {
        return NULL;
    }
    PyObject *doc = PyUnicode_FromString(
        "Transform(rotation=0.0, scale_x=1.0, scale_y=1.0, translation_x=0.0, translation_y=0.0)\n\n"
        "An item's transform, decomposed: rotation in radians (positive = clockwise on\n"
        "screen), scale (1 = none; != 0) and translation in points. Rotation and scale\n"
        "reach the collision bounds; translation only offsets where the item is drawn.");
    if (doc == NULL || PyObject_SetAttrString(type, "__doc__", doc) < 0) {
        Py_XDECREF(doc);
        Py_DECREF(type);
        return NULL;
    }
    Py_DECREF(doc);
    return type;
}

static PyTypeObject *
add_type(PyObject *module, PyType_Spec *spec, PyTypeObject *base)
{
    PyObject *type = PyType_FromModuleAndSpec(module, spec, (PyObject *)base);
    if (type == NULL) {
        return NULL;
    }
    if (PyModule_AddType(module, (PyTypeObject *)type) < 0) {
        Py_DECREF(type);
        return NULL;
    }
    return (PyTypeObject *)type;
}

static int
anima_exec(PyObject *module)
{
    anima_state *st = PyModule_GetState(module);
    if ((st->anima_error = add_error(module, "AnimaError",
                                     "Base class of the errors reported by the Anima library.",
                                     PyExc_Exception, NULL)) == NULL
        || (st->invalid_argument_error = add_error(module, "InvalidArgumentError",
                "An argument is out of range, not finite, or otherwise invalid.",
                st->anima_error, PyExc_ValueError)) == NULL
        || (st->stale_handle_error = add_error(module, "StaleHandleError",
                "The object (or its animator) was destroyed.", st->anima_error, PyExc_ReferenceError)) == NULL
        || (st->wrong_kind_error = add_error(module, "WrongKindError",
                "A valid object of another kind was given.", st->anima_error, PyExc_TypeError)) == NULL
        || (st->out_of_memory_error = add_error(module, "OutOfMemoryError",
                "A capacity limit of the library was reached.", st->anima_error, PyExc_MemoryError)) == NULL
        || (st->busy_error = add_error(module, "BusyError",
                "The call is not allowed from inside a callback (e.g. advance()).",
                st->anima_error, PyExc_RuntimeError)) == NULL
        || (st->not_found_error = add_error(module, "NotFoundError",
                "No object with that identifier (e.g. a boundary).", st->anima_error, PyExc_KeyError)) == NULL
        || (st->invalid_state_error = add_error(module, "InvalidStateError",
                "The object cannot do that now (e.g. a behavior already added elsewhere).",
                st->anima_error, PyExc_RuntimeError)) == NULL) {
        return -1;
    }
    if ((st->animator_type = add_type(module, &animator_spec, NULL)) == NULL
        || (st->item_type = add_type(module, &item_spec, NULL)) == NULL
        || (st->behavior_type = add_type(module, &behavior_spec, NULL)) == NULL
        || (st->gravity_type = add_type(module, &gravity_spec, st->behavior_type)) == NULL
        || (st->collision_type = add_type(module, &collision_spec, st->behavior_type)) == NULL
        || (st->item_behavior_type = add_type(module, &item_behavior_spec, st->behavior_type)) == NULL
        || (st->attachment_type = add_type(module, &attachment_spec, st->behavior_type)) == NULL
        || (st->push_type = add_type(module, &push_spec, st->behavior_type)) == NULL
        || (st->snap_type = add_type(module, &snap_spec, st->behavior_type)) == NULL
        || (st->field_type = add_type(module, &field_spec, st->behavior_type)) == NULL
        || (st->contact_event_type = add_type(module, &contact_event_spec, NULL)) == NULL
        || (st->poses_type = add_type(module, &poses_spec, NULL)) == NULL) {
        return -1;
    }
    st->action_name = PyUnicode_InternFromString("action");
    if (st->action_name == NULL) {
        return -1;
    }
    st->transform_type = make_transform_type();
    if (st->transform_type == NULL || PyModule_AddObjectRef(module, "Transform", st->transform_type) < 0) {
        return -1;
    }
    uint32_t version = anima_version();
    const char *version_string = anima_version_string();
    if (PyModule_AddStringConstant(module, "__version__", version_string ? version_string : "") < 0) {
        return -1;
    }
    PyObject *info = Py_BuildValue("(III)", (unsigned)(version >> 16) & 0xFF, (unsigned)(version >> 8) & 0xFF,
                                   (unsigned)version & 0xFF);
    if (info == NULL) {
        return -1;
    }
    int added = PyModule_AddObjectRef(module, "version_info", info);
    Py_DECREF(info);
    if (added < 0) {
        return -1;
    }
    if (PyModule_AddIntConstant(module, "ANIMA_VERSION", (long)ANIMA_VERSION) < 0) {
        return -1;
    }
    return 0;
}

static int
anima_traverse(PyObject *module, visitproc visit, void *arg)
{
    anima_state *st = PyModule_GetState(module);
    Py_VISIT(st->animator_type);
    Py_VISIT(st->item_type);
    Py_VISIT(st->behavior_type);
    Py_VISIT(st->gravity_type);
    Py_VISIT(st->collision_type);
    Py_VISIT(st->item_behavior_type);
    Py_VISIT(st->attachment_type);
    Py_VISIT(st->push_type);
    Py_VISIT(st->snap_type);
    Py_VISIT(st->field_type);
    Py_VISIT(st->contact_event_type);
    Py_VISIT(st->poses_type);
    Py_VISIT(st->anima_error);
    Py_VISIT(st->invalid_argument_error);
    Py_VISIT(st->stale_handle_error);
    Py_VISIT(st->wrong_kind_error);
    Py_VISIT(st->out_of_memory_error);
    Py_VISIT(st->busy_error);
    Py_VISIT(st->not_found_error);
    Py_VISIT(st->invalid_state_error);
    Py_VISIT(st->transform_type);
    return 0;
}

static int
anima_clear(PyObject *module)
{
    anima_state *st = PyModule_GetState(module);
    Py_CLEAR(st->animator_type);
    Py_CLEAR(st->item_type);
    Py_CLEAR(st->behavior_type);
    Py_CLEAR(st->gravity_type);
    Py_CLEAR(st->collision_type);
    Py_CLEAR(st->item_behavior_type);
    Py_CLEAR(st->attachment_type);
    Py_CLEAR(st->push_type);
    Py_CLEAR(st->snap_type);
    Py_CLEAR(st->field_type);
    Py_CLEAR(st->contact_event_type);
    Py_CLEAR(st->poses_type);
    Py_CLEAR(st->anima_error);
    Py_CLEAR(st->invalid_argument_error);
    Py_CLEAR(st->stale_handle_error);
    Py_CLEAR(st->wrong_kind_error);
    Py_CLEAR(st->out_of_memory_error);
    Py_CLEAR(st->busy_error);
    Py_CLEAR(st->not_found_error);
    Py_CLEAR(st->invalid_state_error);
    Py_CLEAR(st->transform_type);
    Py_CLEAR(st->action_name);
    return 0;
}

static void
anima_free(void *module)
{
    anima_clear((PyObject *)module);
}

static PyModuleDef_Slot anima_slots[] = {
    {Py_mod_exec, anima_exec},
    {0, NULL},
};

PyDoc_STRVAR(anima_module_doc,
"The C extension of Anima, a 2D dynamics engine with UIKit Dynamics semantics.\n"
"Import the `anima` package rather than this module.");

static struct PyModuleDef anima_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "anima._anima",
    .m_doc = anima_module_doc,
    .m_size = sizeof(anima_state),
    .m_methods = module_methods,
    .m_slots = anima_slots,
    .m_traverse = anima_traverse,
    .m_clear = anima_clear,
    .m_free = anima_free,
};

PyMODINIT_FUNC
PyInit__anima(void)
{
    uint32_t version = anima_version();
    if (version != (uint32_t)ANIMA_VERSION) {
        PyErr_Format(PyExc_ImportError,
                     "anima: libanima.so is version %u.%u.%u but this extension was built for %u.%u.%u",
                     (unsigned)(version >> 16) & 0xFF, (unsigned)(version >> 8) & 0xFF, (unsigned)version & 0xFF,
                     (unsigned)ANIMA_VERSION_MAJOR, (unsigned)ANIMA_VERSION_MINOR, (unsigned)ANIMA_VERSION_PATCH);
        return NULL;
    }
    return PyModuleDef_Init(&anima_module);
}

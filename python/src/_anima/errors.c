#include "_anima.h"

/*
 * The bottom of the extension: the module state of a type, the names of types in messages, the exception taken out
 * of the error indicator and raised again, and a status of the library turned into its exception with the library's
 * last-error message (check). The other files raise their errors through these; this file calls none of theirs.
 */

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

/* ------------------------------------------------------------------ the module state, type names */

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

/* ------------------------------------------------------------------------------------ exceptions */

/* Raises TypeError "<what> must be <expected>, not <the name of obj's type>", in place of any exception set. */
int
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

/* -1 with AttributeError "cannot delete <name>" for a deletion (value NULL). */
int
forbid_delete(PyObject *value, const char *name)
{
    if (value == NULL) {
        PyErr_Format(PyExc_AttributeError, "cannot delete %s", name);
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------------ the library's statuses */

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

/* -------------------------------------------------------------------- a wrapper's initialisation */

/* Raises StaleHandleError for an Item or a Behavior (self) never initialised. */
void
raise_never_initialised(anima_state *st, PyObject *self)
{
    PyObject *name = type_name(Py_TYPE(self));
    if (name != NULL) {
        PyErr_Format(st->stale_handle_error, "this %.100U was never initialised", name);
        Py_DECREF(name);
    }
}

/* -1 with InvalidStateError for an Item or a Behavior that is initialised already. */
int
wrapper_check_fresh(anima_state *st, PyObject *self)
{
    if (((ItemObject *)self)->animator != NULL) {
        PyObject *name = type_name(Py_TYPE(self));
        if (name != NULL) {
            PyErr_Format(st->invalid_state_error, "%U.__init__ called on an initialised %s", name,
                         PyObject_TypeCheck(self, st->item_type)    ? "item"
                         : PyObject_TypeCheck(self, st->value_type) ? "value"
                                                                    : "behavior");
            Py_DECREF(name);
        }
        return -1;
    }
    return 0;
}

#include "_anima.h"

/* ================================================================ module */

/* Every object the module state holds, for traverse and clear: a field added to anima_state adds a row. */
static const size_t state_objects[] = {
    offsetof(anima_state, animator_type),
    offsetof(anima_state, item_type),
    offsetof(anima_state, behavior_type),
    offsetof(anima_state, gravity_type),
    offsetof(anima_state, collision_type),
    offsetof(anima_state, item_behavior_type),
    offsetof(anima_state, attachment_type),
    offsetof(anima_state, push_type),
    offsetof(anima_state, snap_type),
    offsetof(anima_state, field_type),
    offsetof(anima_state, contact_event_type),
    offsetof(anima_state, poses_type),
    offsetof(anima_state, anima_error),
    offsetof(anima_state, invalid_argument_error),
    offsetof(anima_state, stale_handle_error),
    offsetof(anima_state, wrong_kind_error),
    offsetof(anima_state, out_of_memory_error),
    offsetof(anima_state, busy_error),
    offsetof(anima_state, not_found_error),
    offsetof(anima_state, invalid_state_error),
    offsetof(anima_state, transform_type),
    offsetof(anima_state, action_name),
};

_Static_assert(Py_ARRAY_LENGTH(state_objects) == sizeof(anima_state) / sizeof(PyObject *),
               "state_objects must list every field of anima_state");

/* The object pointer at `offset` in the state (a type is stored there as the PyObject * it also is). */
static PyObject **
state_object(anima_state *st, size_t offset)
{
    return (PyObject **)((char *)st + offset);
}

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

/* Adds methods declared in another file than the type's own (the animator's animation controls). */
static int
add_methods(PyTypeObject *type, PyMethodDef *methods)
{
    for (PyMethodDef *m = methods; m->ml_name != NULL; m++) {
        PyObject *descriptor = PyDescr_NewMethod(type, m);
        int added = descriptor == NULL ? -1 : PyObject_SetAttrString((PyObject *)type, m->ml_name, descriptor);
        Py_XDECREF(descriptor);
        if (added < 0) {
            return -1;
        }
    }
    return 0;
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
        || add_methods(st->animator_type, animator_animation_methods) < 0
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
    for (size_t i = 0; i < Py_ARRAY_LENGTH(state_objects); i++) {
        Py_VISIT(*state_object(st, state_objects[i]));
    }
    return 0;
}

static int
anima_clear(PyObject *module)
{
    anima_state *st = PyModule_GetState(module);
    for (size_t i = 0; i < Py_ARRAY_LENGTH(state_objects); i++) {
        Py_CLEAR(*state_object(st, state_objects[i]));
    }
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

struct PyModuleDef anima_module = {
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


#include "_anima.h"

/* The classes written in Python (anima/_types.py) that the module state keeps: a row per class. */
static const struct {
    const char *name;
    size_t offset;    /* of its PyObject * in anima_state */
} python_types[] = {
    {"AnimaError", offsetof(anima_state, anima_error)},
    {"InvalidArgumentError", offsetof(anima_state, invalid_argument_error)},
    {"StaleHandleError", offsetof(anima_state, stale_handle_error)},
    {"WrongKindError", offsetof(anima_state, wrong_kind_error)},
    {"OutOfMemoryError", offsetof(anima_state, out_of_memory_error)},
    {"BusyError", offsetof(anima_state, busy_error)},
    {"NotFoundError", offsetof(anima_state, not_found_error)},
    {"InvalidStateError", offsetof(anima_state, invalid_state_error)},
    {"InvalidArgumentError", offsetof(anima_state, buffer_too_small_error)},
    {"AnimaError", offsetof(anima_state, interrupted_error)},
    {"Transform", offsetof(anima_state, transform_type)},
    {"ContactEvent", offsetof(anima_state, contact_event_type)},
    {"HitEvent", offsetof(anima_state, hit_event_type)},
    {"SensorEvent", offsetof(anima_state, sensor_event_type)},
    {"PreSolveContact", offsetof(anima_state, pre_solve_contact_type)},
    {"region_record", offsetof(anima_state, region_record)},
    {"region_form", offsetof(anima_state, region_form)},
    {"behavior_items", offsetof(anima_state, behavior_items)},
    {"path_points", offsetof(anima_state, path_points)},
    {"choice_error", offsetof(anima_state, choice_error)},
    {"CHOICES", offsetof(anima_state, all_choices)},
};

/* Every field of the module state is an object reference: traverse and clear walk it as an array. */
_Static_assert(sizeof(anima_state) % sizeof(PyObject *) == 0, "anima_state holds object references only");
#define STATE_OBJECTS(st) ((PyObject **)(st))
#define STATE_OBJECT_COUNT (sizeof(anima_state) / sizeof(PyObject *))

/* Stores the classes of anima._types in the state (the package exports them, not this module). */
static int
load_python_types(anima_state *st)
{
    PyObject *types = PyImport_ImportModule("anima._types");
    if (types == NULL) {
        return -1;
    }
    for (size_t i = 0; i < Py_ARRAY_LENGTH(python_types); i++) {
        PyObject *cls = PyObject_GetAttrString(types, python_types[i].name);
        if (cls == NULL) {
            Py_DECREF(types);
            return -1;
        }
        replace_reference((PyObject **)((char *)st + python_types[i].offset), cls);
    }
    Py_DECREF(types);
    return 0;
}

/* The extension's types, in the order they are made: a row per type, with its anima_kind and its base's. */
static const struct {
    PyType_Spec *spec;
    anima_kind kind;
    anima_kind base;    /* ANIMA_KIND_NONE: object */
} extension_types[] = {
    {&animator_spec, ANIMA_KIND_ANIMATOR, ANIMA_KIND_NONE},
    {&item_spec, ANIMA_KIND_ITEM, ANIMA_KIND_NONE},
    {&behavior_spec, ANIMA_KIND_CUSTOM, ANIMA_KIND_NONE},
    {&gravity_spec, ANIMA_KIND_GRAVITY, ANIMA_KIND_CUSTOM},
    {&collision_spec, ANIMA_KIND_COLLISION, ANIMA_KIND_CUSTOM},
    {&item_behavior_spec, ANIMA_KIND_ITEM_BEHAVIOR, ANIMA_KIND_CUSTOM},
    {&attachment_spec, ANIMA_KIND_ATTACHMENT, ANIMA_KIND_CUSTOM},
    {&push_spec, ANIMA_KIND_PUSH, ANIMA_KIND_CUSTOM},
    {&snap_spec, ANIMA_KIND_SNAP, ANIMA_KIND_CUSTOM},
    {&field_spec, ANIMA_KIND_FIELD, ANIMA_KIND_CUSTOM},
    {&value_spec, ANIMA_KIND_VALUE, ANIMA_KIND_NONE},
};

/* Makes the extension's types, keeps them in the state and adds them to the module. */
static int
add_types(PyObject *module, anima_state *st)
{
    for (size_t i = 0; i < Py_ARRAY_LENGTH(extension_types); i++) {
        PyObject *base = (PyObject *)st->types[extension_types[i].base];
        PyObject *type = PyType_FromModuleAndSpec(module, extension_types[i].spec, base);
        if (type == NULL) {
            return -1;
        }
        st->types[extension_types[i].kind] = (PyTypeObject *)type;
        if (PyModule_AddType(module, (PyTypeObject *)type) < 0) {
            return -1;
        }
    }
    return 0;
}

/*
 * Adds methods declared in another file than the type's own (the animator's animation controls, snapshots and
 * gestures).
 */
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
    if (load_python_types(st) < 0 || load_choices(st) < 0) {
        return -1;
    }
    if (add_types(module, st) < 0 || add_methods(st->animator_type, animator_animation_methods) < 0
        || add_methods(st->animator_type, animator_snapshot_methods) < 0
        || add_methods(st->animator_type, animator_value_methods) < 0
        || add_methods(st->animator_type, animator_detent_methods) < 0 || PyModule_AddFunctions(module, detent_functions) < 0
        || add_methods(st->animator_type, animator_gesture_methods) < 0
        || add_methods(st->animator_type, animator_group_methods) < 0
        || add_methods(st->animator_type, animator_query_methods) < 0
        || add_methods(st->attachment_type, attachment_drag_methods) < 0
        || PyModule_AddFunctions(module, gesture_functions) < 0) {
        return -1;
    }
    st->action_name = PyUnicode_InternFromString("action");
    if (st->action_name == NULL) {
        return -1;
    }
    /* the package reads version_info from ANIMA_VERSION, which PyInit__anima found the library's */
    const char *version_string = anima_version_string();
    if (PyModule_AddStringConstant(module, "__version__", version_string ? version_string : "") < 0
        || PyModule_AddIntConstant(module, "ANIMA_VERSION", (long)ANIMA_VERSION) < 0) {
        return -1;
    }
    return 0;
}

static int
anima_traverse(PyObject *module, visitproc visit, void *arg)
{
    return walk_references(STATE_OBJECTS(PyModule_GetState(module)), STATE_OBJECT_COUNT, visit, arg);
}

static int
anima_clear(PyObject *module)
{
    return walk_references(STATE_OBJECTS(PyModule_GetState(module)), STATE_OBJECT_COUNT, NULL, NULL);
}

static void
anima_free(void *module)
{
    anima_clear((PyObject *)module);
}

/*
 * A free-threaded CPython (3.13t and later) keeps the GIL while this module is loaded: the extension's own state (the
 * wrapper registries, an animator's held callables and pending exception) relies on it. Only builds without the
 * limited API have the slot (the stable ABI has no free-threaded form); see docs/python.md, "Threading".
 */
static PyModuleDef_Slot anima_slots[] = {
    {Py_mod_exec, anima_exec},
#ifdef Py_mod_gil
    {Py_mod_gil, Py_MOD_GIL_USED},
#endif
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


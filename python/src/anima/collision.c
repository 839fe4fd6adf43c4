#include "_anima.h"

/* ============================================================= Collision */

/* A mode from 'items' / 'boundaries' / 'everything' or an int (anima.CollisionMode). */
static int
collision_init(PyObject *self, PyObject *args, PyObject *kwds)
{
    static const argument arguments[] = {
        ANIMA_ARG("items"),
        ANIMA_FIELD(anima_collision_def, mode, VALUE_COLLISION_MODE),
        ANIMA_FIELD(anima_collision_def, translates_reference_bounds_into_boundary, VALUE_BOOL),
        {"insets", VALUE_INSETS, offsetof(anima_collision_def, reference_bounds_insets)},
        ANIMA_ARG("animator"),
        ANIMA_ARG(NULL),
    };
    anima_collision_def def = anima_default_collision_def();
    return behavior_init_with_def(self, args, kwds, "Collision", arguments, &def,
                                  (anima_function)anima_collision_create);
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
    static const argument names[] = {ANIMA_ARG("insets"), ANIMA_ARG(NULL)};
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
    static const argument names[] = {ANIMA_ARG("identifier"), ANIMA_ARG("from_point"), ANIMA_ARG("to_point"), ANIMA_ARG(NULL)};
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
    static const argument names[] = {ANIMA_ARG("identifier"), ANIMA_ARG("path"), ANIMA_ARG(NULL)};
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
    ANIMA_GETSET(OWNER_BEHAVIOR, VALUE_COLLISION_MODE, "mode", anima_collision_get_mode, anima_collision_set_mode,
                 "What the items collide with: 'items', 'boundaries' or 'everything' (default).\n"
                 "Accepts those strings or anima.CollisionMode flags."),
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

ANIMA_BEHAVIOR_TYPE(collision, "anima.Collision", CollisionObject, collision_doc, collision_methods, collision_getset,
                    collision_traverse, collision_clear, {Py_tp_init, (void *)collision_init},
                    {Py_tp_dealloc, (void *)collision_dealloc},);


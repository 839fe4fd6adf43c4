#include "_anima.h"

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
ItemObject *
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

PyType_Spec item_spec = {
    .name = "anima.Item",
    .basicsize = sizeof(ItemObject),
    .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    .slots = item_slots,
};


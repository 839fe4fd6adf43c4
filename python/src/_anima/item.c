#include "_anima.h"

/*
 * Makes the C item of a fresh Item from its def and its shape, path and corner radius (NULL: not
 * given). A path makes the shape 'path'; naming another shape beside it is a contradiction. The
 * corner radius is set once the item exists; a refused one destroys it again.
 */
static anima_status
item_make(const target *t, anima_item_def *def, PyObject *shape, PyObject *path, PyObject *corner_radius)
{
    value radius = {.f64 = 0};
    if (corner_radius != NULL && value_from_python(t->st, VALUE_DOUBLE, corner_radius, "corner_radius", &radius) < 0) {
        return STATUS_RAISED;
    }
    value named = {.shape = def->shape};
    if (shape != NULL && value_from_python(t->st, VALUE_SHAPE, shape, "shape", &named) < 0) {
        return STATUS_RAISED;
    }
    def->shape = named.shape;
    path = path == Py_None ? NULL : path;
    if (path != NULL && shape != NULL && def->shape != ANIMA_SHAPE_PATH) {
        PyErr_Format(PyExc_TypeError, "path goes with shape='path', not shape='%S'",
                     choice_name(t->st, VALUE_SHAPE, (int32_t)def->shape));
        return STATUS_RAISED;
    }
    if (path == NULL && def->shape == ANIMA_SHAPE_PATH) {
        PyErr_SetString(t->st->invalid_argument_error, "shape='path' needs path=[(x, y), ...]");
        return STATUS_RAISED;
    }
    PyObject *points = NULL;
    if (path != NULL && (def->path = path_points(t->st, path, &points, &def->path_count)) == NULL) {
        return STATUS_RAISED;
    }
    def->shape = path != NULL ? ANIMA_SHAPE_PATH : def->shape;
    anima_item handle = anima_item_null();
    anima_status status = anima_item_create(t->animator_handle, def, &handle);
    Py_XDECREF(points);
    if (status == ANIMA_OK && corner_radius != NULL
        && (status = anima_item_set_corner_radius(handle, radius.f64)) != ANIMA_OK) {
        /* the error is the corner radius's: keep its message over the destroy's */
        char message[512];
        snprintf(message, sizeof message, "%s", anima_last_error_message());
        (void)anima_item_destroy(handle);
        bool known = status > ANIMA_OK && (size_t)status < Py_ARRAY_LENGTH(t->st->errors);
        PyErr_SetString(t->st->errors[known ? status : ANIMA_OK], message);
        anima_clear_error();
        return STATUS_RAISED;
    }
    if (status == ANIMA_OK && wrapper_adopt(t->self, t->animator, &t->animator->item_wrappers, &handle) < 0) {
        (void)anima_item_destroy(handle);
        anima_clear_error();
        return STATUS_RAISED;
    }
    return status;
}

/* Item(animator, center, size, *, shape, path, <the other fields>): the fields over the library's defaults. */
static const argument item_fields[] = {
    ANIMA_POSITIONAL_FIELD(anima_item_def, center, VALUE_VEC2),
    ANIMA_POSITIONAL_FIELD(anima_item_def, size, VALUE_SIZE),
    ANIMA_FIELD_AS("rotation", VALUE_DOUBLE, anima_item_def, transform.rotation),
    ANIMA_FIELD_AS("scale", VALUE_VEC2, anima_item_def, transform.scale_x),
    ANIMA_FIELD_AS("translation", VALUE_VEC2, anima_item_def, transform.translation_x),
    ANIMA_FIELD(anima_item_def, alpha, VALUE_DOUBLE),
    ANIMA_FIELD_AS("velocity", VALUE_VEC2, anima_item_def, linear_velocity),
    ANIMA_FIELD(anima_item_def, angular_velocity, VALUE_DOUBLE),
    ANIMA_ARG(NULL),
};

ANIMA_DEF_METHOD(item_create, "Item", OWNER_NEW, VALUE_NONE, anima_item_def, anima_default_item_def(), item_fields,
                 item_make(&t, &def, v[1].object, v[2].object, v[3].object), ANIMA_IN("animator", VALUE_ANIMATOR),
                 ANIMA_KW("shape", VALUE_OBJECT), ANIMA_KW("path", VALUE_OBJECT), ANIMA_KW("corner_radius", VALUE_OBJECT))

static int
item_traverse(ItemObject *self, visitproc visit, void *arg)
{
    Py_VISIT(Py_TYPE((PyObject *)self));
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
item_dealloc(PyObject *self)
{
    wrapper_dealloc(self, (inquiry)item_clear);
}

ANIMA_METHOD(item_destroy, "destroy", OWNER_ITEM, VALUE_NONE, anima_item_destroy(t.item), ANIMA_ARG(NULL))

/* -------------------------------------------------------- properties */

/* Sets the item's path (Item.path, anima/_item.py) from the points of anima._types.path_points. */
static anima_status
item_set_path(const target *t, PyObject *path)
{
    PyObject *points = NULL;
    int32_t count = 0;
    const anima_vec2 *first = path_points(t->st, path, &points, &count);
    anima_status status = first != NULL ? anima_item_set_path(t->item, first, count) : STATUS_RAISED;
    Py_XDECREF(points);
    return status;
}

ANIMA_METHOD(item_path_set, "_set_path", OWNER_ITEM, VALUE_NONE, item_set_path(&t, v[0].object),
             ANIMA_IN("path", VALUE_OBJECT))

/* The group item is a part of, as its wrapper, or None, as a new reference in *out. */
static anima_status
item_group(const target *t, PyObject **out)
{
    anima_item group = anima_item_null();
    anima_status status = anima_item_get_group(t->item, &group);
    if (status != ANIMA_OK) {
        return status;
    }
    *out = group.index1 != 0 ? wrap_item(t->st, t->animator, group) : Py_NewRef(Py_None);
    return *out != NULL ? ANIMA_OK : STATUS_RAISED;
}

ANIMA_METHOD(item_group_get, "_group", OWNER_ITEM, VALUE_OBJECT, item_group(&t, &out.object), ANIMA_ARG(NULL))

/* A part's pose in its group's frame, ((x, y), radians), as a new reference in *out. */
static anima_status
item_part_pose(const target *t, PyObject **out)
{
    anima_vec2 offset = {0, 0};
    double radians = 0;
    anima_status status = anima_item_get_part_pose(t->item, &offset, &radians);
    if (status != ANIMA_OK) {
        return status;
    }
    *out = Py_BuildValue("((dd)d)", offset.x, offset.y, radians);
    return *out != NULL ? ANIMA_OK : STATUS_RAISED;
}

ANIMA_METHOD(item_part_pose_get, "_part_pose", OWNER_ITEM, VALUE_OBJECT, item_part_pose(&t, &out.object), ANIMA_ARG(NULL))

/* Makes a group of the items of a tuple (anima.Item each; the library checks the rest): its wrapper, as a new
 * reference in *out. */
static anima_status
group_create(const target *t, PyObject *items, PyObject **out)
{
    if (!PyTuple_Check(items)) {
        PyErr_SetString(PyExc_TypeError, "items must be a tuple of anima.Item");
        return STATUS_RAISED;
    }
    Py_ssize_t count = PyTuple_Size(items);
    if (count > INT32_MAX) {
        PyErr_SetString(PyExc_OverflowError, "too many items for a group");
        return STATUS_RAISED;
    }
    anima_item *handles = PyMem_Calloc((size_t)count + 1, sizeof(anima_item));
    if (handles == NULL) {
        PyErr_NoMemory();
        return STATUS_RAISED;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *item = PyTuple_GetItem(items, i);
        if (!PyObject_TypeCheck(item, t->st->item_type)) {
            PyErr_Format(PyExc_TypeError, "items[%zd] must be an anima.Item", i);
            PyMem_Free(handles);
            return STATUS_RAISED;
        }
        handles[i] = ((ItemObject *)item)->handle;
    }
    anima_item group = anima_item_null();
    anima_status status = anima_group_create(t->animator_handle, handles, (int32_t)count, &group);
    PyMem_Free(handles);
    if (status != ANIMA_OK) {
        return status;
    }
    *out = wrap_item(t->st, t->animator, group);
    if (*out == NULL) {
        /* no wrapper, no group: its parts go free again */
        (void)anima_item_destroy(group);
        anima_clear_error();
        return STATUS_RAISED;
    }
    return ANIMA_OK;
}

ANIMA_METHOD(animator_group_create, "_create_group", OWNER_ANIMATOR, VALUE_OBJECT,
             group_create(&t, v[0].object, &out.object), ANIMA_IN("items", VALUE_OBJECT))

/* Added to Animator by the module. */
PyMethodDef animator_group_methods[] = {
    ANIMA_METHOD_ROW("_create_group", animator_group_create, "Make a group of a tuple of items (see create_group())."),
    {NULL, NULL, 0, NULL},
};

static PyMethodDef item_methods[] = {
    ANIMA_METHOD_ROW("_group", item_group_get, NULL),
    ANIMA_METHOD_ROW("_part_pose", item_part_pose_get, NULL),
    ANIMA_METHOD_ROW("_create", item_create, NULL),
    ANIMA_METHOD_ROW("_set_path", item_path_set, NULL),
    ANIMA_METHOD_ROW("destroy", item_destroy,
                     "destroy($self, /)\n--\n\n"
                     "Destroy the item: it leaves every behavior (its ended-contact events still\n"
                     "fire) and later use raises StaleHandleError. Deferred inside callbacks."),
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef item_getset[] = {
    ANIMA_GETSET(OWNER_ITEM, VALUE_VEC2, "center", anima_item_get_center, anima_item_set_center,
                 "The center (x, y) in points; setting it moves the item and wakes the animator."),
    ANIMA_GETSET(OWNER_ITEM, VALUE_SIZE, "size", anima_item_get_size, anima_item_set_size,
                 "The bounds size (width, height) in points (> 0); collision bounds and mass follow."),
    ANIMA_GETSET(OWNER_ITEM, VALUE_TRANSFORM, "transform", anima_item_get_transform, anima_item_set_transform,
                 "The transform as anima.Transform(rotation, scale_x, scale_y, translation_x, translation_y);\n"
                 "assign a Transform or any 5-sequence. Rotation and scale reach the collision bounds."),
    ANIMA_GET(OWNER_ITEM, VALUE_DOUBLE, "rotation", anima_item_get_rotation,
              "The rotation in radians (positive = clockwise on screen; read-only)."),
    ANIMA_GET(OWNER_ITEM, VALUE_VEC2, "display_center", anima_item_get_display_center,
              "The center (x, y) at the display's time: between the last two internal steps by\n"
              "Animator.display_fraction, what a toolkit binding draws each frame (read-only)."),
    ANIMA_GET(OWNER_ITEM, VALUE_DOUBLE, "display_rotation", anima_item_get_display_rotation,
              "The rotation in radians at the display's time, as display_center (read-only)."),
    ANIMA_GETSET(OWNER_ITEM, VALUE_DOUBLE, "alpha", anima_item_get_alpha, anima_item_set_alpha,
                 "Opacity 0...1 (not used by the dynamics)."),
    ANIMA_GETSET(OWNER_ITEM, VALUE_SHAPE, "shape", anima_item_get_shape, anima_item_set_shape,
                 "The collision shape: 'rectangle' (the bounds), 'ellipse' (inscribed in them), 'path'\n"
                 "(the convex outline in Item.path), 'capsule' (the pill inscribed in the bounds) or\n"
                 "'rounded_rectangle' (the bounds with corners rounded by corner_radius). Setting 'path'\n"
                 "on an item without a path raises InvalidStateError."),
    ANIMA_GETSET(OWNER_ITEM, VALUE_DOUBLE, "corner_radius", anima_item_get_corner_radius, anima_item_set_corner_radius,
                 "How far a 'rounded_rectangle' rounds its corners, in points (0...1e7, default 0; at most\n"
                 "half the shorter side counts). Any shape keeps it; only a rounded rectangle's outline\n"
                 "and mass follow it."),
    {"_path", query_get, NULL, "The path's points, a tuple (empty for none).", (void *)LIST_ITEM_PATH},
    ANIMA_GETSET(OWNER_ITEM, VALUE_BOOL, "is_sensor", anima_item_is_sensor, anima_item_set_sensor,
                 "True for a sensor: it collides with nothing and lists in sensor_visitors the items of its\n"
                 "collision behaviors that overlap it (Animator.began_sensor_events, ended_sensor_events)."),
    ANIMA_GET(OWNER_ITEM, VALUE_BOOL, "is_group", anima_item_is_group,
              "True for a group (Animator.create_group): an item with no shape of its own whose body\n"
              "is its parts' joined."),
    {"parts", query_get, NULL,
     "A group's parts in the order given (a tuple; empty for an item that is not a group).",
     (void *)LIST_GROUP_PARTS},
    {"sensor_visitors", query_get, NULL,
     "The items over this sensor after the last step, in creation order (a list; empty for an\n"
     "item that is not a sensor).", (void *)LIST_SENSOR_VISITORS},
    ANIMA_GETSET(OWNER_ITEM, VALUE_VEC2, "velocity", anima_item_get_linear_velocity, anima_item_set_linear_velocity,
                 "The linear velocity (vx, vy) in pt/s; setting it wakes the animator."),
    ANIMA_GETSET(OWNER_ITEM, VALUE_DOUBLE, "angular_velocity", anima_item_get_angular_velocity, anima_item_set_angular_velocity,
                 "The angular velocity in rad/s (positive = clockwise); setting it wakes the animator."),
    ANIMA_GET(OWNER_ITEM, VALUE_DOUBLE, "mass", anima_item_get_mass,
              "The mass: density x area / 10 000 (a 100 x 100 item of density 1 has mass 1; read-only)."),
    ANIMA_GETSET(OWNER_ITEM, VALUE_INT32, "collision_group", anima_item_get_collision_group, anima_item_set_collision_group,
                 "The collision group: 0 (default) for none, else 1...2**31 - 1. Two items of the same group\n"
                 "other than 0 never collide, whatever collision behaviors they share (the bones of one rag\n"
                 "doll; pymunk's ShapeFilter.group). Sensors' visitors and queries ignore groups."),
    ANIMA_GETSET(OWNER_ITEM, VALUE_BOOL, "is_awake", anima_item_is_awake, anima_item_set_awake,
                 "False while the item sleeps. Setting False puts it to sleep at rest (Box2D's SetAwake):\n"
                 "the solver skips it until an awake item touches it, a setter changes it or it joins a\n"
                 "behavior, so put items to sleep after adding them to their behaviors. True wakes it."),
    ANIMA_GET(OWNER_ITEM, VALUE_BOOL, "is_resting", anima_item_is_resting,
              "True when the item has come to rest or no behavior moves it (read-only)."),
    {"is_valid", is_valid_get, NULL,
     "True until the item is destroyed (read-only). BusyError while another thread is inside its animator.",
     (void *)OWNER_ITEM},
    {"animator", wrapper_get_animator, NULL, "The Animator that owns the item (read-only).", NULL},
    ANIMA_GET(OWNER_ITEM, VALUE_UINT64, "id", anima_item_get_id,
              "The item's stable id, an int: the same for the item in a restored, copied or unpickled\n"
              "animator (Animator.find_item(id) finds it there; read-only)."),
    ANIMA_GETSET_END,
};

/* The constructor's signature, for introspection; the docstring is anima/_item.py's. */
PyDoc_STRVAR(item_doc,
"Item(animator, center=(0, 0), size=(100, 100), *, shape='rectangle', path=None,\n"
"     corner_radius=0.0, rotation=0.0, scale=(1.0, 1.0), translation=(0.0, 0.0), alpha=1.0,\n"
"     velocity=(0.0, 0.0), angular_velocity=0.0)\n"
"--\n\n");

ANIMA_TYPE(item, "anima.Item", ItemObject, item_doc, {Py_tp_init, init_by_create}, {Py_tp_dealloc, item_dealloc},
           {Py_tp_traverse, item_traverse}, {Py_tp_clear, item_clear}, {Py_tp_hash, wrapper_hash},
           {Py_tp_richcompare, wrapper_richcompare}, ANIMA_WEAKREFS(ItemObject),);


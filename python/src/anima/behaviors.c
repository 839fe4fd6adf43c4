#include "_anima.h"

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
    static const argument names[] = {ANIMA_ARG("angle"), ANIMA_ARG("magnitude"), ANIMA_ARG(NULL)};
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

PyType_Spec gravity_spec = {
    .name = "anima.Gravity",
    .basicsize = sizeof(BehaviorObject),
    .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    .slots = gravity_slots,
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
    static const argument names[] = {ANIMA_ARG("item"), ANIMA_ARG("velocity"), ANIMA_ARG(NULL)};
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
    static const argument names[] = {ANIMA_ARG("item"), ANIMA_ARG("velocity"), ANIMA_ARG(NULL)};
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

PyType_Spec item_behavior_spec = {
    .name = "anima.ItemBehavior",
    .basicsize = sizeof(BehaviorObject),
    .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    .slots = item_behavior_slots,
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
    static const argument names[] = {ANIMA_ARG("angle"), ANIMA_ARG("magnitude"), ANIMA_ARG(NULL)};
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
    static const argument names[] = {ANIMA_ARG("item"), ANIMA_ARG("offset"), ANIMA_ARG(NULL)};
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

PyType_Spec push_spec = {
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

PyType_Spec snap_spec = {
    .name = "anima.Snap",
    .basicsize = sizeof(BehaviorObject),
    .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    .slots = snap_slots,
};


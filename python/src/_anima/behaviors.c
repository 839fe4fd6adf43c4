#include "_anima.h"

/* =============================================================== Gravity */

/* Gravity(items, *, direction, animator=None); anima/_behavior.py adds angle and magnitude. */
ANIMA_BEHAVIOR_CREATE(gravity_create, "Gravity", anima_gravity_def, anima_default_gravity_def(), anima_gravity_create,
                      ANIMA_FIELD(anima_gravity_def, direction, VALUE_VEC2))

ANIMA_METHOD(gravity_set_angle, "set_angle", OWNER_BEHAVIOR, VALUE_NONE,
             anima_gravity_set_angle_magnitude(t.behavior, v[0].f64, v[1].f64),
             ANIMA_IN("angle", VALUE_DOUBLE), ANIMA_IN("magnitude", VALUE_DOUBLE))

static PyMethodDef gravity_methods[] = {
    ANIMA_METHOD_ROW("_create", gravity_create, NULL),
    ANIMA_METHOD_ROW("set_angle", gravity_set_angle,
                     "set_angle($self, angle, magnitude)\n--\n\n"
                     "Set the angle (radians; pi/2 = down) and the magnitude (1.0 = 1000 pt/s^2) together."),
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef gravity_getset[] = {
    ANIMA_GETSET(OWNER_BEHAVIOR, VALUE_VEC2, "direction", anima_gravity_get_direction, anima_gravity_set_direction,
                 "The gravity vector (dx, dy); each unit is 1000 pt/s^2. Default (0, 1): down."),
    ANIMA_GETSET(OWNER_BEHAVIOR, VALUE_DOUBLE, "angle", anima_gravity_get_angle, anima_gravity_set_angle,
                 "The direction's angle in radians (pi/2 = down); setting it keeps the magnitude."),
    ANIMA_GETSET(OWNER_BEHAVIOR, VALUE_DOUBLE, "magnitude", anima_gravity_get_magnitude, anima_gravity_set_magnitude,
                 "The strength (1.0 = 1000 pt/s^2; negative reverses); setting it keeps the angle,\n"
                 "and 0 also resets the angle to 0, as UIKit does."),
    ANIMA_GETSET_END,
};

ANIMA_BEHAVIOR_TYPE(gravity, "anima.Gravity", NULL, {Py_tp_init, init_by_create},);

/* ========================================================== ItemBehavior */

ANIMA_BEHAVIOR_CREATE(item_behavior_create, "ItemBehavior", anima_item_behavior_def,
                      anima_default_item_behavior_def(), anima_item_behavior_create,
                      ANIMA_FIELD(anima_item_behavior_def, elasticity, VALUE_DOUBLE),
                      ANIMA_FIELD(anima_item_behavior_def, friction, VALUE_DOUBLE),
                      ANIMA_FIELD(anima_item_behavior_def, density, VALUE_DOUBLE),
                      ANIMA_FIELD(anima_item_behavior_def, resistance, VALUE_DOUBLE),
                      ANIMA_FIELD(anima_item_behavior_def, angular_resistance, VALUE_DOUBLE),
                      ANIMA_FIELD(anima_item_behavior_def, charge, VALUE_DOUBLE),
                      ANIMA_FIELD(anima_item_behavior_def, allows_rotation, VALUE_BOOL),
                      ANIMA_FIELD(anima_item_behavior_def, anchored, VALUE_BOOL))

ANIMA_METHOD(item_behavior_add_linear_velocity, "add_linear_velocity", OWNER_BEHAVIOR, VALUE_NONE,
             anima_item_behavior_add_linear_velocity(t.behavior, v[0].item, v[1].vec2),
             ANIMA_IN("item", VALUE_ITEM), ANIMA_IN("velocity", VALUE_VEC2))

ANIMA_METHOD(item_behavior_linear_velocity, "linear_velocity", OWNER_BEHAVIOR, VALUE_VEC2,
             anima_item_behavior_get_linear_velocity(t.behavior, v[0].item, &out.vec2), ANIMA_IN("item", VALUE_ITEM))

ANIMA_METHOD(item_behavior_add_angular_velocity, "add_angular_velocity", OWNER_BEHAVIOR, VALUE_NONE,
             anima_item_behavior_add_angular_velocity(t.behavior, v[0].item, v[1].f64),
             ANIMA_IN("item", VALUE_ITEM), ANIMA_IN("velocity", VALUE_DOUBLE))

ANIMA_METHOD(item_behavior_angular_velocity, "angular_velocity", OWNER_BEHAVIOR, VALUE_DOUBLE,
             anima_item_behavior_get_angular_velocity(t.behavior, v[0].item, &out.f64), ANIMA_IN("item", VALUE_ITEM))

static PyMethodDef item_behavior_methods[] = {
    ANIMA_METHOD_ROW("_create", item_behavior_create, NULL),
    ANIMA_METHOD_ROW("add_linear_velocity", item_behavior_add_linear_velocity,
                     "add_linear_velocity($self, item, velocity)\n--\n\n"
                     "Add velocity = (vx, vy) in pt/s to an item of this behavior.\n"
                     "Raises NotFoundError when the item is not in the behavior."),
    ANIMA_METHOD_ROW("linear_velocity", item_behavior_linear_velocity,
                     "linear_velocity($self, item)\n--\n\n"
                     "The linear velocity (vx, vy) in pt/s of an item of this behavior.\n"
                     "Raises NotFoundError when the item is not in the behavior."),
    ANIMA_METHOD_ROW("add_angular_velocity", item_behavior_add_angular_velocity,
                     "add_angular_velocity($self, item, velocity)\n--\n\n"
                     "Add an angular velocity in rad/s (positive = clockwise) to an item of this\n"
                     "behavior. Raises NotFoundError when the item is not in the behavior."),
    ANIMA_METHOD_ROW("angular_velocity", item_behavior_angular_velocity,
                     "angular_velocity($self, item)\n--\n\n"
                     "The angular velocity in rad/s of an item of this behavior.\n"
                     "Raises NotFoundError when the item is not in the behavior."),
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef item_behavior_getset[] = {
    ANIMA_GETSET(OWNER_BEHAVIOR, VALUE_DOUBLE, "elasticity", anima_item_behavior_get_elasticity, anima_item_behavior_set_elasticity,
                 "Restitution of collisions: 0 (no bounce, default) ... 1 (elastic)."),
    ANIMA_GETSET(OWNER_BEHAVIOR, VALUE_DOUBLE, "friction", anima_item_behavior_get_friction, anima_item_behavior_set_friction,
                 "Coulomb friction coefficient (>= 0, default 0)."),
    ANIMA_GETSET(OWNER_BEHAVIOR, VALUE_DOUBLE, "density", anima_item_behavior_get_density, anima_item_behavior_set_density,
                 "Density (> 0, default 1); mass = density x area / 10 000."),
    ANIMA_GETSET(OWNER_BEHAVIOR, VALUE_DOUBLE, "resistance", anima_item_behavior_get_resistance, anima_item_behavior_set_resistance,
                 "Linear damping in 1/s (>= 0, default 0)."),
    ANIMA_GETSET(OWNER_BEHAVIOR, VALUE_DOUBLE, "angular_resistance", anima_item_behavior_get_angular_resistance, anima_item_behavior_set_angular_resistance,
                 "Angular damping in 1/s (>= 0, default 0)."),
    ANIMA_GETSET(OWNER_BEHAVIOR, VALUE_DOUBLE, "charge", anima_item_behavior_get_charge, anima_item_behavior_set_charge,
                 "Electric charge used by fields (finite, default 0)."),
    ANIMA_GETSET(OWNER_BEHAVIOR, VALUE_BOOL, "allows_rotation", anima_item_behavior_get_allows_rotation, anima_item_behavior_set_allows_rotation,
                 "False locks the items' rotation (default True)."),
    ANIMA_GETSET(OWNER_BEHAVIOR, VALUE_BOOL, "anchored", anima_item_behavior_get_anchored, anima_item_behavior_set_anchored,
                 "True: the items collide but never move (default False)."),
    ANIMA_GETSET_END,
};

/* The constructor's signature, for introspection; the docstring is anima/_behavior.py's. */
PyDoc_STRVAR(item_behavior_doc,
"ItemBehavior(items, *, elasticity=0.0, friction=0.0, density=1.0, resistance=0.0,\n"
"             angular_resistance=0.0, charge=0.0, allows_rotation=True, anchored=False,\n"
"             animator=None)\n"
"--\n\n");

ANIMA_BEHAVIOR_TYPE(item_behavior, "anima.ItemBehavior", item_behavior_doc, {Py_tp_init, init_by_create},);

/* ================================================================== Push */

ANIMA_BEHAVIOR_CREATE(push_create, "Push", anima_push_def, anima_default_push_def(), anima_push_create,
                      ANIMA_FIELD(anima_push_def, mode, VALUE_PUSH_MODE),
                      ANIMA_FIELD(anima_push_def, angle, VALUE_DOUBLE),
                      ANIMA_FIELD(anima_push_def, magnitude, VALUE_DOUBLE),
                      ANIMA_FIELD(anima_push_def, active, VALUE_BOOL))

ANIMA_METHOD(push_set_angle, "set_angle", OWNER_BEHAVIOR, VALUE_NONE,
             anima_push_set_angle_magnitude(t.behavior, v[0].f64, v[1].f64),
             ANIMA_IN("angle", VALUE_DOUBLE), ANIMA_IN("magnitude", VALUE_DOUBLE))

ANIMA_METHOD(push_target_offset, "target_offset", OWNER_BEHAVIOR, VALUE_VEC2,
             anima_push_get_target_offset(t.behavior, v[0].item, &out.vec2), ANIMA_IN("item", VALUE_ITEM))

ANIMA_METHOD(push_set_target_offset, "set_target_offset", OWNER_BEHAVIOR, VALUE_NONE,
             anima_push_set_target_offset(t.behavior, v[0].item, v[1].vec2),
             ANIMA_IN("item", VALUE_ITEM), ANIMA_IN("offset", VALUE_VEC2))

static PyMethodDef push_methods[] = {
    ANIMA_METHOD_ROW("_create", push_create, NULL),
    ANIMA_METHOD_ROW("set_angle", push_set_angle,
                     "set_angle($self, angle, magnitude)\n--\n\n"
                     "Set the angle (radians; 0 = +x, pi/2 = down) and the magnitude together\n"
                     "(1.0 = 100 pt/s^2 on a mass of 1; within +/-1e6, negative reverses)."),
    ANIMA_METHOD_ROW("target_offset", push_target_offset,
                     "target_offset($self, item)\n--\n\n"
                     "Where the push acts on an item of this behavior: (x, y) from its centre, in\n"
                     "the item's own coordinates (default (0, 0)). Raises NotFoundError when the\n"
                     "item is not in the behavior."),
    ANIMA_METHOD_ROW("set_target_offset", push_set_target_offset,
                     "set_target_offset($self, item, offset)\n--\n\n"
                     "Make the push act on an item at offset = (x, y) from its centre, in the item's\n"
                     "own coordinates. Off centre the push also turns the item (torque = r x F).\n"
                     "Raises NotFoundError when the item is not in the behavior."),
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef push_getset[] = {
    ANIMA_GET(OWNER_BEHAVIOR, VALUE_PUSH_MODE, "mode", anima_push_get_mode,
              "'continuous' (a force every step while active) or 'instantaneous' (one velocity\n"
              "change, then inactive); fixed at creation (read-only)."),
    ANIMA_GETSET(OWNER_BEHAVIOR, VALUE_VEC2, "direction", anima_push_get_direction, anima_push_set_direction,
                 "The push vector magnitude x (cos angle, sin angle); setting it (components within\n"
                 "+/-1e6) sets angle and magnitude."),
    ANIMA_GETSET(OWNER_BEHAVIOR, VALUE_DOUBLE, "angle", anima_push_get_angle, anima_push_set_angle,
                 "The push's angle in radians (0 = +x, pi/2 = down); setting it keeps the magnitude."),
    ANIMA_GETSET(OWNER_BEHAVIOR, VALUE_DOUBLE, "magnitude", anima_push_get_magnitude, anima_push_set_magnitude,
                 "The strength: 1.0 = a force of 100 (mass x pt/s^2), which accelerates a mass of 1 at\n"
                 "100 pt/s^2 (continuous) or changes its velocity by 100 pt/s once (instantaneous).\n"
                 "Within +/-1e6; negative reverses; setting it keeps the angle."),
    ANIMA_GETSET(OWNER_BEHAVIOR, VALUE_BOOL, "active", anima_push_get_active, anima_push_set_active,
                 "Whether the push acts (default True). An instantaneous push turns inactive after\n"
                 "acting; setting it to True again makes it act once more."),
    ANIMA_GETSET_END,
};

PyDoc_STRVAR(push_doc,
"Push(items, *, mode='continuous', angle=0.0, magnitude=0.0, active=True, animator=None)\n"
"--\n\n");

ANIMA_BEHAVIOR_TYPE(push, "anima.Push", push_doc, {Py_tp_init, init_by_create},);

/* ================================================================== Snap */

ANIMA_METHOD(snap_create, "_create", OWNER_NEW, VALUE_NONE,
             behavior_made(&t, anima_snap_create(t.animator_handle, v[1].item, v[2].vec2, &t.behavior)),
             ANIMA_IN("animator", VALUE_ANIMATOR), ANIMA_IN("item", VALUE_ITEM), ANIMA_IN("point", VALUE_VEC2))

static PyMethodDef snap_methods[] = {
    ANIMA_METHOD_ROW("_create", snap_create, "Make this fresh snap (the work of Snap())."),
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef snap_getset[] = {
    ANIMA_GETSET(OWNER_BEHAVIOR, VALUE_VEC2, "point", anima_snap_get_point, anima_snap_set_point,
                 "The point (x, y) the item snaps to; moving it wakes a paused animator and the item\n"
                 "follows."),
    ANIMA_GETSET(OWNER_BEHAVIOR, VALUE_DOUBLE, "damping", anima_snap_get_damping, anima_snap_set_damping,
                 "0 (most oscillation) ... 1 (least); default 0.5."),
    ANIMA_GETSET_END,
};

ANIMA_BEHAVIOR_TYPE(snap, "anima.Snap", NULL,);


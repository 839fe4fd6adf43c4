#include "_anima.h"

/*
 * Gravity (UIGravityBehavior): its items accelerate along its direction whatever their mass. anima/_gravity.py
 * writes the Python half: the constructor's angle and magnitude.
 */

/* Gravity(items, *, direction, animator=None); anima/_gravity.py adds angle and magnitude. */
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

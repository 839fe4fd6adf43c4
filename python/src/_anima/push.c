#include "_anima.h"

/*
 * Push (UIPushBehavior): a continuous or instantaneous force on its items, at an offset from their centres.
 * anima/_push.py holds the class's docstring.
 */

ANIMA_BEHAVIOR_CREATE(push_create, "Push", anima_push_def, anima_default_push_def(), anima_push_create,
                      ANIMA_FIELD(anima_push_def, mode, VALUE_PUSH_MODE),
                      ANIMA_FIELD(anima_push_def, angle, VALUE_DOUBLE),
                      ANIMA_FIELD(anima_push_def, magnitude, VALUE_DOUBLE),
                      ANIMA_FIELD(anima_push_def, active, VALUE_BOOL))

ANIMA_METHOD(push_set_angle, "set_angle", OWNER_BEHAVIOR, VALUE_NONE,
             anima_push_set_angle_magnitude(t.behavior, v[0].f64, v[1].f64),
             ANIMA_IN("angle", VALUE_DOUBLE), ANIMA_IN("magnitude", VALUE_DOUBLE))

ANIMA_ITEM_GETTER(push_target_offset, "target_offset", VALUE_VEC2, vec2, anima_push_get_target_offset)
ANIMA_ITEM_SETTER(push_set_target_offset, "set_target_offset", "offset", VALUE_VEC2, vec2, anima_push_set_target_offset)

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

#include "_anima.h"

/*
 * Makes the C attachment of a fresh wrapper. Attachment() and its classmethods (anima/_attachment.py) check which
 * arguments go together and pass every argument; `other` is None for an anchor and for a sliding line fixed in
 * space, and a length of None keeps the distance at creation.
 */
static anima_status
attachment_make(target *t, const value *v)
{
    anima_attachment_def def = anima_default_attachment_def();
    def.has_length = !isnan(v[8].f64);
    def.length = def.has_length ? v[8].f64 : 0.0;
    def.frequency = v[9].f64;
    def.damping = v[10].f64;
    def.friction_torque = v[11].f64;
    anima_animator animator = t->animator_handle;
    anima_item item = v[2].item, other = v[3].item;
    anima_behavior *out = &t->behavior;
    switch (v[1].attachment_type) {
    case ANIMA_ATTACHMENT_ANCHOR:
        return anima_attachment_create_to_anchor(animator, &def, item, v[5].vec2, v[4].vec2, out);
    case ANIMA_ATTACHMENT_ITEMS:
        return anima_attachment_create_to_item(animator, &def, item, v[5].vec2, other, v[6].vec2, out);
    case ANIMA_ATTACHMENT_PIN: return anima_attachment_create_pin(animator, &def, item, other, v[4].vec2, out);
    case ANIMA_ATTACHMENT_FIXED: return anima_attachment_create_fixed(animator, item, other, v[4].vec2, out);
    case ANIMA_ATTACHMENT_LIMIT:
        return anima_attachment_create_limit(animator, item, v[5].vec2, other, v[6].vec2, out);
    case ANIMA_ATTACHMENT_SLIDING:
        return anima_attachment_create_sliding(animator, item, other, v[4].vec2, v[7].vec2, out);
    }
    return ANIMA_ERR_INVALID_ARGUMENT;
}

ANIMA_METHOD(attachment_create, "_create", OWNER_NEW, VALUE_NONE, behavior_made(&t, attachment_make(&t, v)),
             ANIMA_IN("animator", VALUE_ANIMATOR), ANIMA_IN("type", VALUE_ATTACHMENT_TYPE),
             ANIMA_IN("item", VALUE_ITEM), ANIMA_IN("other", VALUE_ITEM_OR_NONE), ANIMA_IN("anchor", VALUE_VEC2),
             ANIMA_IN("offset", VALUE_VEC2), ANIMA_IN("other_offset", VALUE_VEC2), ANIMA_IN("axis", VALUE_VEC2),
             ANIMA_IN("length", VALUE_OPTIONAL_DOUBLE), ANIMA_IN("frequency", VALUE_DOUBLE),
             ANIMA_IN("damping", VALUE_DOUBLE), ANIMA_IN("friction_torque", VALUE_DOUBLE))

static PyMethodDef attachment_methods[] = {
    ANIMA_METHOD_ROW("_create", attachment_create, "Make this fresh attachment (see Attachment())."),
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef attachment_getset[] = {
    ANIMA_GET(OWNER_BEHAVIOR, VALUE_ATTACHMENT_TYPE, "type", anima_attachment_get_type,
     "What the attachment ties together, fixed at creation (read-only): 'anchor' (an item\n"
     "to a point), 'items' (two items at a distance), 'pin' (two items pinned at a point),\n"
     "'fixed' (two items fused at a point), 'limit' (two items on a rope) or 'sliding' (an\n"
     "item sliding along an axis)."),
    ANIMA_GETSET(OWNER_BEHAVIOR, VALUE_VEC2, "anchor_point", anima_attachment_get_anchor_point,
                 anima_attachment_set_anchor_point,
     "The anchor point (x, y) in the reference space. Type 'anchor': the point the item\n"
     "hangs from; moving it drags the item along. Types 'pin', 'fixed' and 'sliding': the\n"
     "point given at creation; types 'items' and 'limit': the first item's attachment point\n"
     "at creation. Setting it on an attachment that is not of type 'anchor' raises\n"
     "InvalidStateError."),
    ANIMA_GET(OWNER_BEHAVIOR, VALUE_OFFSETS, "_offsets", anima_attachment_get_offsets,
     "The two attachment points as (x, y, other_x, other_y); see offset and other_offset."),
    ANIMA_GETSET(OWNER_BEHAVIOR, VALUE_DOUBLE, "length", anima_attachment_get_length, anima_attachment_set_length,
                 "The distance kept between the attachment points, in points (0...1e9); for a rope\n"
                 "(type 'limit') the most it lets them be apart. Pins, fixed and sliding attachments\n"
                 "have none: 0, and setting it raises InvalidStateError."),
    ANIMA_GETSET(OWNER_BEHAVIOR, VALUE_RANGE, "range", anima_attachment_get_range, anima_attachment_set_range,
                 "The limits (lower, upper) of a pin's relative angle (radians) or of a sliding\n"
                 "attachment's travel along its axis (points), measured from where they were made; the\n"
                 "range must contain 0, and math.inf (or -math.inf) means no limit on that side (the\n"
                 "default). A limit lifted lets go from the next step. Setting it on other types raises\n"
                 "InvalidStateError."),
    ANIMA_GETSET(OWNER_BEHAVIOR, VALUE_DOUBLE, "frequency", anima_attachment_get_frequency, anima_attachment_set_frequency,
                 "The spring's frequency in Hz (0...1e4); 0 (default) is a rigid rod."),
    ANIMA_GETSET(OWNER_BEHAVIOR, VALUE_DOUBLE, "damping", anima_attachment_get_damping, anima_attachment_set_damping,
                 "The spring's damping ratio (0...1e4; 1 = critical; default 0, as UIKit)."),
    ANIMA_GETSET(OWNER_BEHAVIOR, VALUE_DOUBLE, "friction_torque", anima_attachment_get_friction_torque, anima_attachment_set_friction_torque,
                 "The torque resisting rotation about a pin (>= 0, mass x pt^2 / s^2; default 0). Set\n"
                 "back to 0, the pin turns freely from the next step."),
    ANIMA_GETSET(OWNER_BEHAVIOR, VALUE_REAL, "max_force", anima_attachment_get_max_force,
                 anima_attachment_set_max_force,
                 "The largest force of a point attachment (length 0, or a pin), in mass x pt/s^2 (> 0;\n"
                 "math.inf, the default, for no bound). Past it the attachment stretches instead of\n"
                 "pulling harder (Box2D's mouse joint); other attachments keep the value without\n"
                 "using it. A drag's attachment (Animator.begin_drag) has max_acceleration x the\n"
                 "item's mass, so a dragged item follows the pointer without being pushed through a\n"
                 "wall."),
    ANIMA_GETSET(OWNER_BEHAVIOR, VALUE_DOUBLE, "minimum_length", anima_attachment_get_minimum_length,
                 anima_attachment_set_minimum_length,
                 "A rope's shortest distance (type 'limit'), in points, 0 (the default) up to its\n"
                 "length: the rope then also pushes back when its points come closer (Box2D's\n"
                 "distance joint's lower limit). Setting it past the length raises ValueError, and on\n"
                 "other types InvalidStateError; 0 on the other types."),
    ANIMA_GETSET(OWNER_BEHAVIOR, VALUE_DOUBLE, "motor_speed", anima_attachment_get_motor_speed,
                 anima_attachment_set_motor_speed,
                 "The motor's target speed of a pin (rad/s, the first item relative to the second,\n"
                 "within +/-1e4) or a sliding attachment (pt/s along the axis, within +/-1e7); default\n"
                 "0. It drives only with max_motor_force > 0. Other types raise InvalidStateError."),
    ANIMA_GETSET(OWNER_BEHAVIOR, VALUE_DOUBLE, "max_motor_force", anima_attachment_get_max_motor_force,
                 anima_attachment_set_max_motor_force,
                 "The largest torque (pin, mass x pt^2 / s^2) or force (sliding, mass x pt/s^2) the\n"
                 "motor exerts to reach motor_speed (>= 0; 0, the default, for no motor). A motor at\n"
                 "speed 0 holds the joint still up to that force: a friction (pymunk's SimpleMotor,\n"
                 "Box2D's joint motors)."),
    ANIMA_GET(OWNER_BEHAVIOR, VALUE_DOUBLE, "motor_force", anima_attachment_get_motor_force,
     "The torque or force the motor exerted over the last step, signed like motor_speed\n"
     "(read-only; 0 without a motor). At max_motor_force the motor is at its limit."),
    ANIMA_GETSET(OWNER_BEHAVIOR, VALUE_DOUBLE, "joint_spring_frequency", anima_attachment_get_joint_spring_frequency,
                 anima_attachment_set_joint_spring_frequency,
                 "The frequency in Hz (0...1e4; 0, the default, for none) of a spring on a pin's angle\n"
                 "or a sliding attachment's travel, toward joint_spring_rest (Box2D's revolute and\n"
                 "prismatic springs, pymunk's DampedRotarySpring). Not the frequency property, which\n"
                 "is the spring along an 'anchor' or 'items' attachment's length."),
    ANIMA_GETSET(OWNER_BEHAVIOR, VALUE_DOUBLE, "joint_spring_damping", anima_attachment_get_joint_spring_damping,
                 anima_attachment_set_joint_spring_damping,
                 "The joint spring's damping ratio (0...1e4; 1 = critical; default 0)."),
    ANIMA_GETSET(OWNER_BEHAVIOR, VALUE_DOUBLE, "joint_spring_rest", anima_attachment_get_joint_spring_rest,
                 anima_attachment_set_joint_spring_rest,
                 "Where the joint spring rests: radians (pin) or points (sliding) from the pose at\n"
                 "creation, within +/-1e7; default 0."),
    ANIMA_GETSET_END,
};

ANIMA_BEHAVIOR_TYPE(attachment, "anima.Attachment", NULL,);

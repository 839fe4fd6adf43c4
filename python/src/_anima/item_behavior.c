#include "_anima.h"

/*
 * ItemBehavior (UIDynamicItemBehavior): the physical properties of its items and their velocities.
 * anima/_item_behavior.py holds the class's docstring.
 */

/*
 * An item behavior's properties, each given once as PROPERTY(name, value kind, getter, setter, docstring). They
 * are also the keywords of ItemBehavior(): the fields of anima_item_behavior_def of the same names.
 */
#define ITEM_BEHAVIOR_PROPERTIES(PROPERTY)                                                                        \
    PROPERTY(elasticity, VALUE_DOUBLE, anima_item_behavior_get_elasticity, anima_item_behavior_set_elasticity,    \
             "Restitution of collisions: 0 (no bounce, default) ... 1 (elastic).")                                \
    PROPERTY(friction, VALUE_DOUBLE, anima_item_behavior_get_friction, anima_item_behavior_set_friction,          \
             "Coulomb friction coefficient (>= 0, default 0).")                                                   \
    PROPERTY(density, VALUE_DOUBLE, anima_item_behavior_get_density, anima_item_behavior_set_density,             \
             "Density (> 0, default 1); mass = density x area / 10 000.")                                         \
    PROPERTY(resistance, VALUE_DOUBLE, anima_item_behavior_get_resistance, anima_item_behavior_set_resistance,    \
             "Linear damping in 1/s (>= 0, default 0).")                                                          \
    PROPERTY(angular_resistance, VALUE_DOUBLE, anima_item_behavior_get_angular_resistance,                        \
             anima_item_behavior_set_angular_resistance, "Angular damping in 1/s (>= 0, default 0).")             \
    PROPERTY(charge, VALUE_DOUBLE, anima_item_behavior_get_charge, anima_item_behavior_set_charge,                \
             "Electric charge used by fields (finite, default 0).")                                               \
    PROPERTY(allows_rotation, VALUE_BOOL, anima_item_behavior_get_allows_rotation,                                \
             anima_item_behavior_set_allows_rotation, "False locks the items' rotation (default True).")          \
    PROPERTY(anchored, VALUE_BOOL, anima_item_behavior_get_anchored, anima_item_behavior_set_anchored,            \
             "True: the items collide but never move (default False).")

#define ITEM_BEHAVIOR_FIELD(NAME, KIND, GET, SET, DOC) ANIMA_FIELD(anima_item_behavior_def, NAME, KIND),
static const argument item_behavior_fields[] = {ITEM_BEHAVIOR_PROPERTIES(ITEM_BEHAVIOR_FIELD) ANIMA_ARG(NULL)};

ANIMA_BEHAVIOR_CREATE_WITH(item_behavior_create, "ItemBehavior", anima_item_behavior_def,
                           anima_default_item_behavior_def(), anima_item_behavior_create, item_behavior_fields)

ANIMA_ITEM_SETTER(item_behavior_add_linear_velocity, "add_linear_velocity", "velocity", VALUE_VEC2, vec2,
                  anima_item_behavior_add_linear_velocity)
ANIMA_ITEM_GETTER(item_behavior_linear_velocity, "linear_velocity", VALUE_VEC2, vec2,
                  anima_item_behavior_get_linear_velocity)
ANIMA_ITEM_SETTER(item_behavior_add_angular_velocity, "add_angular_velocity", "velocity", VALUE_DOUBLE, f64,
                  anima_item_behavior_add_angular_velocity)
ANIMA_ITEM_GETTER(item_behavior_angular_velocity, "angular_velocity", VALUE_DOUBLE, f64,
                  anima_item_behavior_get_angular_velocity)

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

#define ITEM_BEHAVIOR_GETSET(NAME, KIND, GET, SET, DOC) ANIMA_GETSET(OWNER_BEHAVIOR, KIND, #NAME, GET, SET, DOC),
static PyGetSetDef item_behavior_getset[] = {ITEM_BEHAVIOR_PROPERTIES(ITEM_BEHAVIOR_GETSET) ANIMA_GETSET_END};

/* The constructor's signature, for introspection; the docstring is anima/_item_behavior.py's. */
PyDoc_STRVAR(item_behavior_doc,
"ItemBehavior(items, *, elasticity=0.0, friction=0.0, density=1.0, resistance=0.0,\n"
"             angular_resistance=0.0, charge=0.0, allows_rotation=True, anchored=False,\n"
"             animator=None)\n"
"--\n\n");

ANIMA_BEHAVIOR_TYPE(item_behavior, "anima.ItemBehavior", item_behavior_doc, {Py_tp_init, init_by_create},);

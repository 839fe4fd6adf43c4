#include "_anima.h"

/* ================================================================= Field */

/* The Python names of the field kinds, indexed by anima_field_kind. */
static const char *const field_kind_names[] = {
    "linear_gravity", "radial_gravity", "drag", "velocity", "vortex", "spring",
    "electric", "magnetic", "noise", "turbulence", "custom",
};

#define FIELD_KIND_COUNT ((Py_ssize_t)(sizeof field_kind_names / sizeof field_kind_names[0]))

static const char *
field_kind_name(anima_field_kind kind)
{
    return (Py_ssize_t)kind < FIELD_KIND_COUNT ? field_kind_names[kind] : NULL;
}

/* A field kind from its name ('linear_gravity', 'radial_gravity', ...). */
static int
as_field_kind(anima_state *st, PyObject *obj, anima_field_kind *out)
{
    if (!PyUnicode_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "kind must be a str such as 'radial_gravity', not %.100s",
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    for (Py_ssize_t i = 0; i < FIELD_KIND_COUNT; i++) {
        if (PyUnicode_CompareWithASCIIString(obj, field_kind_names[i]) == 0) {
            *out = (anima_field_kind)i;
            return 0;
        }
    }
    PyErr_Format(st->invalid_argument_error,
                 "kind must be one of 'linear_gravity', 'radial_gravity', 'drag', 'velocity', 'vortex', "
                 "'spring', 'electric', 'magnetic', 'noise', 'turbulence', 'custom' (got %R)", obj);
    return -1;
}

#define REGION_FORMS "None, 'infinite', ('rectangle', (width, height)), ('circle', radius) or ('inverse', region)"

/* How deeply ('inverse', ...) may nest; each level turns the region inside out once more. */
#define REGION_MAX_DEPTH 32

/*
 * A field region from its Python form: None or 'infinite' (everywhere),
 * ('rectangle', (width, height)) or ('circle', radius) centred on the field's
 * position, or ('inverse', region) for everywhere except that region. Sizes
 * are checked for NaN and infinities here and for sign by the library.
 */
static int
as_region(anima_state *st, PyObject *obj, anima_region *out)
{
    anima_region region = {.shape = ANIMA_REGION_INFINITE, .size = {0, 0}, .radius = 0, .inverse = false};
    PyObject *current = Py_NewRef(obj);
    int result = -1;
    for (int depth = 0;; depth++) {
        if (depth > REGION_MAX_DEPTH) {
            PyErr_Format(st->invalid_argument_error, "region nests ('inverse', ...) more than %d deep",
                         REGION_MAX_DEPTH);
            break;
        }
        if (current == Py_None) {
            result = 0;
            break;
        }
        if (PyUnicode_Check(current)) {
            if (PyUnicode_CompareWithASCIIString(current, "infinite") == 0) {
                result = 0;
            }
            else {
                PyErr_Format(st->invalid_argument_error, "region must be " REGION_FORMS " (got %R)", current);
            }
            break;
        }
        if (!PyTuple_Check(current) && !PyList_Check(current)) {
            PyErr_Format(PyExc_TypeError, "region must be " REGION_FORMS ", not %.100s", Py_TYPE(current)->tp_name);
            break;
        }
        Py_ssize_t count = PySequence_Size(current);
        PyObject *shape = count > 0 ? PySequence_GetItem(current, 0) : NULL;
        if (shape == NULL || !PyUnicode_Check(shape)) {
            if (!PyErr_Occurred()) {
                PyErr_Format(PyExc_TypeError, "a region tuple starts with its shape as a str: " REGION_FORMS);
            }
            Py_XDECREF(shape);
            break;
        }
        bool rectangle = PyUnicode_CompareWithASCIIString(shape, "rectangle") == 0;
        bool circle = PyUnicode_CompareWithASCIIString(shape, "circle") == 0;
        bool inverse = PyUnicode_CompareWithASCIIString(shape, "inverse") == 0;
        if (!rectangle && !circle && !inverse) {
            PyErr_Format(st->invalid_argument_error,
                         "a region's shape must be 'rectangle', 'circle' or 'inverse' (got %R)", shape);
            Py_DECREF(shape);
            break;
        }
        if (count != 2) {
            PyErr_Format(PyExc_TypeError, "a %U region must be (%R, %s) (got %zd element%s)", shape, shape,
                         rectangle ? "(width, height)" : circle ? "radius" : "region", count, count == 1 ? "" : "s");
            Py_DECREF(shape);
            break;
        }
        Py_DECREF(shape);
        PyObject *value = PySequence_GetItem(current, 1);
        if (value == NULL) {
            break;
        }
        if (inverse) {
            region.inverse = !region.inverse;
            Py_SETREF(current, value);
            continue;
        }
        if (rectangle) {
            region.shape = ANIMA_REGION_RECTANGLE;
            result = as_size(st, value, "region size", &region.size);
        }
        else {
            region.shape = ANIMA_REGION_CIRCLE;
            result = as_finite(st, value, "region radius", &region.radius);
        }
        Py_DECREF(value);
        break;
    }
    Py_DECREF(current);
    if (result == 0) {
        *out = region;
    }
    return result;
}

/* The Python form of a region: 'infinite', ('rectangle', (w, h)), ('circle', r), or ('inverse', one of those). */
static PyObject *
region_object(const anima_region *region)
{
    PyObject *shape = NULL;
    switch (region->shape) {
    case ANIMA_REGION_INFINITE:
        shape = PyUnicode_FromString("infinite");
        break;
    case ANIMA_REGION_RECTANGLE:
        shape = Py_BuildValue("(s(dd))", "rectangle", region->size.width, region->size.height);
        break;
    case ANIMA_REGION_CIRCLE:
        shape = Py_BuildValue("(sd)", "circle", region->radius);
        break;
    default:
        shape = PyLong_FromLong((long)region->shape);
        break;
    }
    if (shape == NULL || !region->inverse) {
        return shape;
    }
    PyObject *result = Py_BuildValue("(sO)", "inverse", shape);
    Py_DECREF(shape);
    return result;
}

/* The parameters of a field that Python reads and writes one by one. */
typedef enum {
    FIELD_POSITION,
    FIELD_REGION,
    FIELD_STRENGTH,
    FIELD_FALLOFF,
    FIELD_MINIMUM_RADIUS,
    FIELD_DIRECTION,
    FIELD_SMOOTHNESS,
    FIELD_ANIMATION_SPEED,
    FIELD_PARAMETER_COUNT
} field_parameter;

static const char *const field_parameter_names[FIELD_PARAMETER_COUNT] = {
    "position", "region", "strength", "falloff", "minimum_radius", "direction", "smoothness", "animation_speed",
};

/* Writes one parameter, converted from Python, into a def. */
static int
field_def_assign(anima_state *st, anima_field_def *def, field_parameter parameter, PyObject *value)
{
    const char *name = field_parameter_names[parameter];
    switch (parameter) {
    case FIELD_POSITION: return as_vec2(st, value, name, &def->position);
    case FIELD_REGION: return as_region(st, value, &def->region);
    case FIELD_STRENGTH: return as_finite(st, value, name, &def->strength);
    case FIELD_FALLOFF: return as_finite(st, value, name, &def->falloff);
    case FIELD_MINIMUM_RADIUS: return as_finite(st, value, name, &def->minimum_radius);
    case FIELD_DIRECTION: return as_vec2(st, value, name, &def->direction);
    case FIELD_SMOOTHNESS: return as_finite(st, value, name, &def->smoothness);
    case FIELD_ANIMATION_SPEED: return as_finite(st, value, name, &def->animation_speed);
    case FIELD_PARAMETER_COUNT: break;
    }
    PyErr_SetString(PyExc_SystemError, "unknown field parameter");
    return -1;
}

/* One parameter of a def as a Python value. */
static PyObject *
field_def_value(const anima_field_def *def, field_parameter parameter)
{
    switch (parameter) {
    case FIELD_POSITION: return vec2_tuple(def->position);
    case FIELD_REGION: return region_object(&def->region);
    case FIELD_STRENGTH: return PyFloat_FromDouble(def->strength);
    case FIELD_FALLOFF: return PyFloat_FromDouble(def->falloff);
    case FIELD_MINIMUM_RADIUS: return PyFloat_FromDouble(def->minimum_radius);
    case FIELD_DIRECTION: return vec2_tuple(def->direction);
    case FIELD_SMOOTHNESS: return PyFloat_FromDouble(def->smoothness);
    case FIELD_ANIMATION_SPEED: return PyFloat_FromDouble(def->animation_speed);
    case FIELD_PARAMETER_COUNT: break;
    }
    PyErr_SetString(PyExc_SystemError, "unknown field parameter");
    return NULL;
}

/*
 * Installs (callable non-NULL) or removes a custom field's evaluation. The
 * library keeps a pointer to this object while it has one, so the field also
 * gets the C action, which makes the animator keep it alive (and ends the step
 * when the evaluation raises; see trampoline_field).
 */
static int
field_set_evaluation(anima_state *st, FieldObject *self, PyObject *callable)
{
    BehaviorObject *base = &self->base;
    anima_status status = anima_field_set_evaluation(base->handle, callable != NULL ? trampoline_field : NULL,
                                                     callable != NULL ? (void *)self : NULL);
    if (check(st, base->animator, status) < 0) {
        return -1;
    }
    bool needs_action = callable != NULL || base->action != NULL || base->overrides_action;
    if (behavior_set_c_action(st, base, needs_action) < 0) {
        /* The library must not point at this object unless the animator keeps it alive. */
        (void)anima_field_set_evaluation(base->handle, self->evaluate != NULL ? trampoline_field : NULL,
                                         self->evaluate != NULL ? (void *)self : NULL);
        anima_clear_error();
        return -1;
    }
    Py_XINCREF(callable);
    Py_XSETREF(self->evaluate, callable);
    return 0;
}

/*
 * Creates the C field of a fresh Field: a def of `kind` with the parameters
 * given (NULL or None keeps the kind's default; linear gravity points down by
 * default), over the items, with a custom field's evaluation.
 */
static int
field_build(anima_state *st, FieldObject *self, anima_field_kind kind, PyObject *items_obj,
            PyObject *const *parameters, PyObject *evaluate, PyObject *animator_obj)
{
    anima_field_def def = anima_default_field_def(kind);
    if (kind == ANIMA_FIELD_LINEAR_GRAVITY) {
        def.direction = (anima_vec2){0, 1};
    }
    for (int i = 0; i < FIELD_PARAMETER_COUNT; i++) {
        if (parameters[i] != NULL && parameters[i] != Py_None
            && field_def_assign(st, &def, (field_parameter)i, parameters[i]) < 0) {
            return -1;
        }
    }
    if (evaluate == Py_None) {
        evaluate = NULL;
    }
    if (evaluate != NULL && kind != ANIMA_FIELD_CUSTOM) {
        PyErr_Format(PyExc_TypeError, "evaluate= is only for a custom field, not a %s field", field_kind_name(kind));
        return -1;
    }
    if (evaluate != NULL && !PyCallable_Check(evaluate)) {
        PyErr_Format(PyExc_TypeError, "evaluate must be callable or None, not %.100s", Py_TYPE(evaluate)->tp_name);
        return -1;
    }
    anima_item *handles = NULL;
    int32_t count = 0;
    AnimatorObject *animator = NULL;
    if (collect_items(st, items_obj, animator_obj, &handles, &count, &animator) < 0) {
        return -1;
    }
    anima_behavior handle = anima_behavior_null();
    anima_status status = anima_field_create(animator->handle, &def, handles, count, &handle);
    PyMem_Free(handles);
    if (check(st, animator, status) < 0 || behavior_adopt(&self->base, animator, handle) < 0) {
        return -1;
    }
    if (evaluate != NULL && field_set_evaluation(st, self, evaluate) < 0) {
        (void)anima_behavior_destroy(handle);
        anima_clear_error();
        return -1;
    }
    return 0;
}

static int
field_init(FieldObject *self, PyObject *args, PyObject *kwds)
{
    static char *keywords[] = {"kind", "items", "position", "region", "strength", "falloff", "minimum_radius",
                               "direction", "smoothness", "animation_speed", "evaluate", "animator", NULL};
    PyObject *kind_obj, *items_obj, *evaluate = NULL, *animator_obj = Py_None;
    PyObject *parameters[FIELD_PARAMETER_COUNT] = {NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OO|$OOOOOOOOOO:Field", keywords, &kind_obj, &items_obj,
                                     &parameters[FIELD_POSITION], &parameters[FIELD_REGION],
                                     &parameters[FIELD_STRENGTH], &parameters[FIELD_FALLOFF],
                                     &parameters[FIELD_MINIMUM_RADIUS], &parameters[FIELD_DIRECTION],
                                     &parameters[FIELD_SMOOTHNESS], &parameters[FIELD_ANIMATION_SPEED], &evaluate,
                                     &animator_obj)) {
        return -1;
    }
    anima_state *st = STATE_OF(self);
    anima_field_kind kind;
    if (st == NULL || behavior_check_fresh(st, &self->base) < 0 || as_field_kind(st, kind_obj, &kind) < 0) {
        return -1;
    }
    return field_build(st, self, kind, items_obj, parameters, evaluate, animator_obj);
}

/*
 * The classmethods Field.linear_gravity(items, *, ...) ... Field.custom(items,
 * evaluate, *, ...): an instance of the class they are called on, made
 * without calling its __init__ (as Attachment.pin).
 */
static PyObject *
field_factory(PyTypeObject *type, anima_field_kind kind, PyObject *const *args, Py_ssize_t nargs,
              PyObject *kwnames)
{
    static const argument names[] = {ANIMA_ARG("items"), ANIMA_ARG("position"), ANIMA_ARG("region"), ANIMA_ARG("strength"), ANIMA_ARG("falloff"), ANIMA_ARG("minimum_radius"), ANIMA_ARG("direction"), ANIMA_ARG("smoothness"), ANIMA_ARG("animation_speed"), ANIMA_ARG("animator"), ANIMA_ARG(NULL)};
    static const argument custom_names[] = {
        ANIMA_ARG("items"), ANIMA_ARG("evaluate"), ANIMA_ARG("position"), ANIMA_ARG("region"),
        ANIMA_ARG("strength"), ANIMA_ARG("falloff"), ANIMA_ARG("minimum_radius"), ANIMA_ARG("direction"),
        ANIMA_ARG("smoothness"), ANIMA_ARG("animation_speed"), ANIMA_ARG("animator"), ANIMA_ARG(NULL)};
    bool custom = kind == ANIMA_FIELD_CUSTOM;
    Py_ssize_t leading = custom ? 2 : 1;
    PyObject *values[2 + FIELD_PARAMETER_COUNT + 1];
    if (parse_arguments(field_kind_name(kind), args, nargs, kwnames, custom ? custom_names : names, leading,
                        leading, values) < 0) {
        return NULL;
    }
    anima_state *st = state_of_type(type);
    if (st == NULL) {
        return NULL;
    }
    BehaviorObject *self = behavior_blank_instance(st, type, st->field_type);
    if (self == NULL) {
        return NULL;
    }
    if (field_build(st, (FieldObject *)self, kind, values[0], values + leading, custom ? values[1] : NULL,
                    values[leading + FIELD_PARAMETER_COUNT]) < 0) {
        Py_DECREF(self);
        return NULL;
    }
    return (PyObject *)self;
}

/* Makes the library forget this object's evaluation before the object goes. */
static void
field_detach_evaluation(FieldObject *self)
{
    if (self->evaluate != NULL && anima_behavior_is_valid(self->base.handle)) {
        (void)anima_field_set_evaluation(self->base.handle, NULL, NULL);
        anima_clear_error();
    }
}

static int
field_traverse(FieldObject *self, visitproc visit, void *arg)
{
    Py_VISIT(self->evaluate);
    return behavior_traverse(&self->base, visit, arg);
}

static int
field_clear(FieldObject *self)
{
    field_detach_evaluation(self);
    Py_CLEAR(self->evaluate);
    return behavior_clear(&self->base);
}

static void
field_dealloc(FieldObject *self)
{
    PyObject_GC_UnTrack(self);
    field_detach_evaluation(self);
    Py_CLEAR(self->evaluate);
    behavior_dealloc(&self->base);
}

static PyObject *
field_get_kind(FieldObject *self, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    anima_field_def def;
    if (st == NULL || check(st, self->base.animator, anima_field_get(self->base.handle, &def)) < 0) {
        return NULL;
    }
    const char *name = field_kind_name(def.kind);
    if (name == NULL) {
        return PyLong_FromLong((long)def.kind);
    }
    return PyUnicode_FromString(name);
}

/* The parameter properties; the closure is the field_parameter. */
static PyObject *
field_get_parameter(FieldObject *self, void *closure)
{
    field_parameter parameter = (field_parameter)(uintptr_t)closure;
    anima_state *st = STATE_OF(self);
    anima_field_def def;
    if (st == NULL || check(st, self->base.animator, anima_field_get(self->base.handle, &def)) < 0) {
        return NULL;
    }
    return field_def_value(&def, parameter);
}

/* Sets one parameter: the library validates the whole def, so a refused value changes nothing. */
static int
field_set_parameter(FieldObject *self, PyObject *value, void *closure)
{
    field_parameter parameter = (field_parameter)(uintptr_t)closure;
    anima_state *st = STATE_OF(self);
    anima_field_def def;
    if (st == NULL || forbid_delete(value, field_parameter_names[parameter]) < 0
        || check(st, self->base.animator, anima_field_get(self->base.handle, &def)) < 0
        || field_def_assign(st, &def, parameter, value) < 0) {
        return -1;
    }
    return check(st, self->base.animator, anima_field_set(self->base.handle, &def));
}

static PyObject *
field_get_evaluate(FieldObject *self, void *closure)
{
    (void)closure;
    return Py_NewRef(self->evaluate != NULL ? self->evaluate : Py_None);
}

static int
field_set_evaluate(FieldObject *self, PyObject *value, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    if (st == NULL || forbid_delete(value, "evaluate") < 0) {
        return -1;
    }
    if (value == Py_None) {
        value = NULL;
    }
    if (value != NULL && !PyCallable_Check(value)) {
        PyErr_Format(PyExc_TypeError, "evaluate must be callable or None, not %.100s", Py_TYPE(value)->tp_name);
        return -1;
    }
    anima_field_def def;
    if (behavior_animator(st, &self->base) == NULL
        || check(st, self->base.animator, anima_field_get(self->base.handle, &def)) < 0) {
        return -1;
    }
    if (value != NULL && def.kind != ANIMA_FIELD_CUSTOM) {
        PyErr_Format(st->invalid_state_error, "only a custom field has an evaluation (this is a %s field)",
                     field_kind_name(def.kind) != NULL ? field_kind_name(def.kind) : "?");
        return -1;
    }
    return field_set_evaluation(st, self, value);
}

/* "<anima.Field kind='radial_gravity' position=(x, y) strength=1.0 region='infinite', 1 item, added>" */
static PyObject *
field_repr(FieldObject *self)
{
    anima_field_def def;
    bool added = false;
    int32_t items = 0;
    if (anima_field_get(self->base.handle, &def) != ANIMA_OK
        || anima_behavior_is_added(self->base.handle, &added) != ANIMA_OK) {
        anima_clear_error();
        return PyUnicode_FromFormat("<%s (destroyed)>", Py_TYPE(self)->tp_name);
    }
    /* Counting with capacity 0 reports BUFFER_TOO_SMALL when there are items; the count is still set. */
    if (anima_behavior_get_items(self->base.handle, NULL, 0, &items) != ANIMA_OK && items < 0) {
        items = 0;
    }
    anima_clear_error();
    const char *name = field_kind_name(def.kind);
    PyObject *position = vec2_tuple(def.position);
    PyObject *strength = PyFloat_FromDouble(def.strength);
    PyObject *region = region_object(&def.region);
    PyObject *result = NULL;
    if (position != NULL && strength != NULL && region != NULL) {
        result = PyUnicode_FromFormat("<%s kind='%s' position=%R strength=%R region=%R, %d item%s%s>",
                                      Py_TYPE(self)->tp_name, name != NULL ? name : "?", position, strength,
                                      region, (int)items, items == 1 ? "" : "s", added ? ", added" : "");
    }
    Py_XDECREF(position);
    Py_XDECREF(strength);
    Py_XDECREF(region);
    return result;
}

/* The signature of a field classmethod; only the defaults of falloff and direction differ between kinds. */
#define FIELD_FACTORY_SIGNATURE(name, extra, falloff, direction)                                            \
    name "($type, items, " extra "*, position=(0, 0), region=None, strength=1.0, falloff=" falloff          \
    ", minimum_radius=0.01, direction=" direction ", smoothness=0.0, animation_speed=0.0, animator=None)\n" \
    "--\n\n"

#define FIELD_FACTORY_COMMON                                                              \
    "\n\nThe keyword arguments are the field's parameters (see Field); the animator is\n" \
    "taken from the items. Returns an instance of the class it is called on (its\n"        \
    "__init__ is not called)."

PyDoc_STRVAR(field_linear_gravity_doc,
FIELD_FACTORY_SIGNATURE("linear_gravity", "", "0.0", "(0, 1)")
"A uniform gravity (UIKit's linearGravityField): F = m S fall direction, so every\n"
"item accelerates at 100 x strength x direction pt/s^2 whatever its mass. The\n"
"default direction (0, 1) pulls down at 100 pt/s^2."
FIELD_FACTORY_COMMON);

PyDoc_STRVAR(field_radial_gravity_doc,
FIELD_FACTORY_SIGNATURE("radial_gravity", "", "2.0", "(0, 0)")
"Gravity toward position (UIKit's radialGravityField): F = -m S r^-falloff\n"
"along the line from position, so with the default falloff 2 an item at r points\n"
"accelerates toward it at 100 x strength x (r / 100)^-2 pt/s^2 (100 pt/s^2 at\n"
"100 pt, 25 pt/s^2 at 200 pt), whatever its mass. Negative strength repels."
FIELD_FACTORY_COMMON);

PyDoc_STRVAR(field_drag_doc,
FIELD_FACTORY_SIGNATURE("drag", "", "0.0", "(0, 0)")
"Quadratic drag (UIKit's dragField): F = -S fall |u| u with u = v - direction,\n"
"the item's velocity relative to the moving medium in m/s. An item of mass 1\n"
"moving at 300 pt/s (3 m/s) in still air slows at 900 pt/s^2; a heavier one less."
FIELD_FACTORY_COMMON);

PyDoc_STRVAR(field_velocity_doc,
FIELD_FACTORY_SIGNATURE("velocity", "", "0.0", "(0, 0)")
"A velocity field (UIKit's velocityField): at every step it sets the velocity of\n"
"the items inside its region to 100 x direction pt/s (direction in m/s), whatever\n"
"their mass; items outside the region keep theirs."
FIELD_FACTORY_COMMON);

PyDoc_STRVAR(field_vortex_doc,
FIELD_FACTORY_SIGNATURE("vortex", "", "0.0", "(0, 0)")
"A vortex around position (UIKit's vortexField): F = (S fall / m) (u_y, -u_x),\n"
"with u the unit vector from position to the item, a force along the circle\n"
"about position (counter-clockwise on screen for a positive strength)."
FIELD_FACTORY_COMMON);

PyDoc_STRVAR(field_spring_doc,
FIELD_FACTORY_SIGNATURE("spring", "", "-1.0", "(0, 0)")
"A spring toward position (UIKit's springField): F = -S r^-falloff along the\n"
"line from position, with the default falloff -1 Hooke's law F = -S r (S in N/m,\n"
"r in m). An item of mass m oscillates about position with the period\n"
"2 pi sqrt(m / S) s: pi s for strength 4 on a mass of 1."
FIELD_FACTORY_COMMON);

PyDoc_STRVAR(field_electric_doc,
FIELD_FACTORY_SIGNATURE("electric", "", "1.0", "(0, 0)")
"An electric field from a charge at position (UIKit's electricField): F = q S r^-falloff\n"
"away from position, with q the item's charge (ItemBehavior.charge). A charge of\n"
"2 at 1 m (100 pt) on a mass of 1 is pushed away at 200 pt/s^2; a charge of the\n"
"other sign is pulled; a neutral item feels nothing."
FIELD_FACTORY_COMMON);

PyDoc_STRVAR(field_magnetic_doc,
FIELD_FACTORY_SIGNATURE("magnetic", "", "1.0", "(0, 0)")
"A magnetic field (UIKit's magneticField): F = q S fall (v_y, -v_x), with q the\n"
"item's charge and v its velocity in m/s, always across the motion, so a moving\n"
"charge turns without speeding up or slowing down."
FIELD_FACTORY_COMMON);

PyDoc_STRVAR(field_noise_doc,
FIELD_FACTORY_SIGNATURE("noise", "", "0.0", "(0, 0)")
"A smooth random force field (UIKit's noiseField): a = 100 S fall N(x, t) pt/s^2,\n"
"mass ignored, where N is gradient noise with components in -1...1.\n"
"smoothness (0 = noisy ... 1 = smooth) sets how far apart the noise changes;\n"
"animation_speed (Hz) how fast it changes in time (0 freezes it). An animated\n"
"noise field keeps the animator running. The noise is the same on every run."
FIELD_FACTORY_COMMON);

PyDoc_STRVAR(field_turbulence_doc,
FIELD_FACTORY_SIGNATURE("turbulence", "", "0.0", "(0, 0)")
"Turbulence (UIKit's turbulenceField): the noise of a noise field scaled by the\n"
"square of the speed, F = m S fall |v|^2 N(x, t) with v in m/s; items at rest\n"
"feel nothing."
FIELD_FACTORY_COMMON);

PyDoc_STRVAR(field_custom_doc,
FIELD_FACTORY_SIGNATURE("custom", "evaluate, ", "0.0", "(0, 0)")
"A field computed by Python (UIKit's field(evaluationBlock:)): for every item\n"
"inside the region, at every internal step, evaluate(position, velocity, mass,\n"
"charge, dt) is called with the item's offset (x, y) from the field's position\n"
"in points, its velocity (vx, vy) in pt/s, its mass and charge, and the step dt\n"
"in seconds, and returns a force (fx, fy) in mass x pt/s^2: the item accelerates\n"
"at (fx, fy) / mass. evaluate may be None (no force) and can be replaced later.\n"
"It runs inside the solver: it should only compute the force. An exception it\n"
"raises, or a result that is not two finite numbers (TypeError, ValueError),\n"
"stops advance() as a callback's would."
FIELD_FACTORY_COMMON);

static PyObject *
field_linear_gravity(PyTypeObject *type, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    return field_factory(type, ANIMA_FIELD_LINEAR_GRAVITY, args, nargs, kwnames);
}

static PyObject *
field_radial_gravity(PyTypeObject *type, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    return field_factory(type, ANIMA_FIELD_RADIAL_GRAVITY, args, nargs, kwnames);
}

static PyObject *
field_drag(PyTypeObject *type, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    return field_factory(type, ANIMA_FIELD_DRAG, args, nargs, kwnames);
}

static PyObject *
field_velocity(PyTypeObject *type, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    return field_factory(type, ANIMA_FIELD_VELOCITY, args, nargs, kwnames);
}

static PyObject *
field_vortex(PyTypeObject *type, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    return field_factory(type, ANIMA_FIELD_VORTEX, args, nargs, kwnames);
}

static PyObject *
field_spring(PyTypeObject *type, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    return field_factory(type, ANIMA_FIELD_SPRING, args, nargs, kwnames);
}

static PyObject *
field_electric(PyTypeObject *type, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    return field_factory(type, ANIMA_FIELD_ELECTRIC, args, nargs, kwnames);
}

static PyObject *
field_magnetic(PyTypeObject *type, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    return field_factory(type, ANIMA_FIELD_MAGNETIC, args, nargs, kwnames);
}

static PyObject *
field_noise(PyTypeObject *type, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    return field_factory(type, ANIMA_FIELD_NOISE, args, nargs, kwnames);
}

static PyObject *
field_turbulence(PyTypeObject *type, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    return field_factory(type, ANIMA_FIELD_TURBULENCE, args, nargs, kwnames);
}

static PyObject *
field_custom(PyTypeObject *type, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    return field_factory(type, ANIMA_FIELD_CUSTOM, args, nargs, kwnames);
}

#define FIELD_FACTORY_ENTRY(name) \
    {#name, (PyCFunction)(void (*)(void))field_##name, METH_FASTCALL | METH_KEYWORDS | METH_CLASS, field_##name##_doc}

static PyMethodDef field_methods[] = {
    FIELD_FACTORY_ENTRY(linear_gravity),
    FIELD_FACTORY_ENTRY(radial_gravity),
    FIELD_FACTORY_ENTRY(drag),
    FIELD_FACTORY_ENTRY(velocity),
    FIELD_FACTORY_ENTRY(vortex),
    FIELD_FACTORY_ENTRY(spring),
    FIELD_FACTORY_ENTRY(electric),
    FIELD_FACTORY_ENTRY(magnetic),
    FIELD_FACTORY_ENTRY(noise),
    FIELD_FACTORY_ENTRY(turbulence),
    FIELD_FACTORY_ENTRY(custom),
    {NULL, NULL, 0, NULL},
};

#define FIELD_PARAMETER(p) ((void *)(uintptr_t)(p))

static PyGetSetDef field_getset[] = {
    {"kind", (getter)field_get_kind, NULL,
     "Which field this is, fixed at creation (read-only): 'linear_gravity', 'radial_gravity',\n"
     "'drag', 'velocity', 'vortex', 'spring', 'electric', 'magnetic', 'noise', 'turbulence'\n"
     "or 'custom'.", NULL},
    {"position", (getter)field_get_parameter, (setter)field_set_parameter,
     "The field's origin (x, y) in the reference space (default (0, 0)); radial fields act\n"
     "around it and the region is centred on it.", FIELD_PARAMETER(FIELD_POSITION)},
    {"region", (getter)field_get_parameter, (setter)field_set_parameter,
     "Where the field acts, around its position: 'infinite' (everywhere, the default; None\n"
     "is accepted too), ('rectangle', (width, height)), ('circle', radius), or\n"
     "('inverse', region) for everywhere except that region. Sizes are finite and >= 0.",
     FIELD_PARAMETER(FIELD_REGION)},
    {"strength", (getter)field_get_parameter, (setter)field_set_parameter,
     "The strength S (within +/-1e9; default 1; negative reverses the field).",
     FIELD_PARAMETER(FIELD_STRENGTH)},
    {"falloff", (getter)field_get_parameter, (setter)field_set_parameter,
     "The exponent of the distance fall-off r^-falloff, r in metres (-10...10; default 2\n"
     "for radial gravity, -1 for spring, 1 for electric and magnetic, 0 for the others).",
     FIELD_PARAMETER(FIELD_FALLOFF)},
    {"minimum_radius", (getter)field_get_parameter, (setter)field_set_parameter,
     "Distances below this (points, > 0; default 0.01) count as this in the fall-off.",
     FIELD_PARAMETER(FIELD_MINIMUM_RADIUS)},
    {"direction", (getter)field_get_parameter, (setter)field_set_parameter,
     "Linear gravity: the acceleration in m/s^2 (1 = 100 pt/s^2); velocity: the velocity\n"
     "in m/s; drag: the medium's velocity in m/s. Components within +/-1e6.",
     FIELD_PARAMETER(FIELD_DIRECTION)},
    {"smoothness", (getter)field_get_parameter, (setter)field_set_parameter,
     "Noise and turbulence: 0 (noisy, the default) ... 1 (smooth).", FIELD_PARAMETER(FIELD_SMOOTHNESS)},
    {"animation_speed", (getter)field_get_parameter, (setter)field_set_parameter,
     "Noise and turbulence: how fast the noise changes, in Hz (0...1e6; default 0 freezes\n"
     "it).", FIELD_PARAMETER(FIELD_ANIMATION_SPEED)},
    {"evaluate", (getter)field_get_evaluate, (setter)field_set_evaluate,
     "A custom field's evaluation: a callable evaluate(position, velocity, mass, charge, dt)\n"
     "returning a force (fx, fy) in mass x pt/s^2, or None (no force). Only a custom field\n"
     "takes one (others raise InvalidStateError). While it is set, the animator keeps the\n"
     "Field object alive.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyDoc_STRVAR(field_doc,
"Field(kind, items, *, position=(0, 0), region=None, strength=1.0, falloff=None,\n"
"      minimum_radius=0.01, direction=None, smoothness=0.0, animation_speed=0.0,\n"
"      evaluate=None, animator=None)\n"
"--\n\n"
"A force field acting on its items (UIFieldBehavior). Make one with the\n"
"classmethod named after UIKit's factory (Field.radial_gravity(items, ...), ...)\n"
"or with Field(kind, items, ...), kind being one of those names.\n\n"
"Units are UIKit's: strength S and forces F in newtons on metres and kilograms,\n"
"100 pt per metre. An item of mass m accelerates at 100 F / m pt/s^2. r is the\n"
"distance from the field's position in metres (at least minimum_radius) and\n"
"fall = r^-falloff. Only items inside the region feel the field.\n\n"
"The keyword arguments are the parameters, also read/write properties:\n"
"position (x, y); region ('infinite' or None, ('rectangle', (w, h)),\n"
"('circle', r), ('inverse', region)); strength; falloff (None: 2 for radial\n"
"gravity, -1 for spring, 1 for electric and magnetic, else 0); minimum_radius\n"
"(pt); direction (None: (0, 1) for linear gravity, else (0, 0)); smoothness and\n"
"animation_speed (noise, turbulence); evaluate (custom only). The animator is\n"
"taken from the items; pass animator= when items is empty.");

static PyType_Slot field_slots[] = {
    {Py_tp_doc, (void *)field_doc},
    {Py_tp_new, behavior_new},
    {Py_tp_init, field_init},
    {Py_tp_dealloc, field_dealloc},
    {Py_tp_traverse, field_traverse},
    {Py_tp_clear, field_clear},
    {Py_tp_repr, field_repr},
    {Py_tp_methods, field_methods},
    {Py_tp_getset, field_getset},
    {0, NULL},
};

PyType_Spec field_spec = {
    .name = "anima.Field",
    .basicsize = sizeof(FieldObject),
    .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    .slots = field_slots,
};


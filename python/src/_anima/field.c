#include "_anima.h"

/*
 * A field's parameters, each given once as PARAMETER(name, value kind, docstring): the keywords of Field() (the
 * table field_parameters) and the properties (their getset rows, whose closure is the parameter's row there).
 */
#define FIELD_PARAMETERS(PARAMETER)                                                                               \
    PARAMETER(position, VALUE_VEC2,                                                                               \
              "The field's origin (x, y) in the reference space (default (0, 0)); radial fields act\n"            \
              "around it and the region is centred on it.")                                                       \
    PARAMETER(region, VALUE_REGION,                                                                               \
              "Where the field acts, around its position: 'infinite' (everywhere, the default; None\n"            \
              "is accepted too), ('rectangle', (width, height)), ('circle', radius), or\n"                        \
              "('inverse', region) for everywhere except that region. Sizes are finite and >= 0.")                \
    PARAMETER(strength, VALUE_DOUBLE, "The strength S (within +/-1e9; default 1; negative reverses the field).")  \
    PARAMETER(falloff, VALUE_DOUBLE,                                                                              \
              "The exponent of the distance fall-off r^-falloff, r in metres (-10...10; default 2\n"              \
              "for radial gravity, -1 for spring, 1 for electric and magnetic, 0 for the others).")               \
    PARAMETER(minimum_radius, VALUE_DOUBLE,                                                                       \
              "Distances below this (points, > 0; default 0.01) count as this in the fall-off.")                  \
    PARAMETER(direction, VALUE_VEC2,                                                                              \
              "Linear gravity: the acceleration in m/s^2 (1 = 100 pt/s^2); velocity: the velocity\n"              \
              "in m/s; drag: the medium's velocity in m/s. Components within +/-1e6.")                            \
    PARAMETER(smoothness, VALUE_DOUBLE, "Noise and turbulence: 0 (noisy, the default) ... 1 (smooth).")           \
    PARAMETER(animation_speed, VALUE_DOUBLE,                                                                      \
              "Noise and turbulence: how fast the noise changes, in Hz (0...1e6; default 0 freezes\n"             \
              "it).")

#define FIELD_PARAMETER_ARGUMENT(NAME, KIND, DOC) ANIMA_FIELD(anima_field_def, NAME, KIND),
static const argument field_parameters[] = {FIELD_PARAMETERS(FIELD_PARAMETER_ARGUMENT) ANIMA_ARG(NULL)};

/* Each parameter's row in field_parameters: FIELD_<name>. */
#define FIELD_PARAMETER_INDEX(NAME, KIND, DOC) FIELD_##NAME,
enum { FIELD_PARAMETERS(FIELD_PARAMETER_INDEX) };

/* The kind, fixed at creation: a property only. */
static const argument field_kind = ANIMA_FIELD(anima_field_def, kind, VALUE_FIELD_KIND);

/*
 * Field(kind, items, *, position=..., ..., animator=None): a def of `kind` with the parameters given over the
 * kind's defaults, over the items. anima/field.py adds the evaluation of a custom field, leaves out parameters
 * given as None and points linear gravity down by default.
 */
ANIMA_DEF_METHOD(field_create, "Field", OWNER_BEHAVIOR, VALUE_NONE, anima_field_def,
                 anima_default_field_def(v[0].field_kind), field_parameters,
                 behavior_create(&t, (anima_function)anima_field_create, &def, v[1].object, v[2].object),
                 ANIMA_IN("kind", VALUE_FIELD_KIND), ANIMA_IN("items", VALUE_OBJECT),
                 ANIMA_KW("animator", VALUE_OBJECT))

static PyMethodDef field_methods[] = {
    ANIMA_METHOD_ROW("_create", field_create, NULL),
    {NULL, NULL, 0, NULL},
};

/* The parameter properties: the closure is the parameter's row of field_parameters. */
static PyObject *
field_get_parameter(BehaviorObject *self, void *closure)
{
    const argument *row = closure;
    anima_state *st = STATE_OF(self);
    anima_field_def def;
    value v;
    if (st == NULL || check(st, self->animator, anima_field_get(self->handle, &def)) < 0) {
        return NULL;
    }
    memcpy(&v, (char *)&def + row->offset, value_size(row->kind));
    return value_to_python(st, row->kind, &v);
}

/* Sets one parameter: the library validates the whole def, so a refused value changes nothing. */
static int
field_set_parameter(BehaviorObject *self, PyObject *obj, void *closure)
{
    const argument *row = closure;
    anima_state *st = STATE_OF(self);
    anima_field_def def;
    if (st == NULL || forbid_delete(obj, row->name) < 0
        || check(st, self->animator, anima_field_get(self->handle, &def)) < 0
        || fill_field(st, row, obj, &def) < 0) {
        return -1;
    }
    return check(st, self->animator, anima_field_set(self->handle, &def));
}

/*
 * Installs (value non-NULL) or removes a custom field's evaluation. The library keeps a pointer
 * to this object while it has one, so the field also gets the C action, which makes the animator
 * keep it alive (and ends the step when the evaluation raises; see trampoline_field).
 */
static int
field_install_evaluation(anima_state *st, PyObject *obj, PyObject **slot, PyObject *value)
{
    BehaviorObject *self = (BehaviorObject *)obj;
    anima_field_def def;
    if (behavior_animator(st, self) == NULL || check(st, self->animator, anima_field_get(self->handle, &def)) < 0) {
        return -1;
    }
    if (value != NULL && def.kind != ANIMA_FIELD_CUSTOM) {
        PyErr_Format(st->invalid_state_error, "only a custom field has an evaluation (this is a %S field)",
                     choice_name(st, VALUE_FIELD_KIND, (int32_t)def.kind));
        return -1;
    }
    anima_status status = anima_field_set_evaluation(self->handle, value != NULL ? trampoline_field : NULL,
                                                     value != NULL ? (void *)self : NULL);
    if (check(st, self->animator, status) < 0) {
        return -1;
    }
    if (behavior_set_c_action(st, self, value != NULL || self->action != NULL || self->overrides_action) < 0) {
        /* The library must not point at this object unless the animator keeps it alive. */
        (void)anima_field_set_evaluation(self->handle, *slot != NULL ? trampoline_field : NULL,
                                         *slot != NULL ? (void *)self : NULL);
        anima_clear_error();
        return -1;
    }
    return 0;
}

/* The PyGetSetDef row of a field parameter (a row of FIELD_PARAMETERS). */
#define FIELD_PARAMETER_GETSET(NAME, KIND, DOC)                                                               \
    {#NAME, (getter)field_get_parameter, (setter)field_set_parameter, DOC, (void *)&field_parameters[FIELD_##NAME]},

static PyGetSetDef field_getset[] = {
    {"kind", (getter)field_get_parameter, NULL,
     "Which field this is, fixed at creation (read-only): 'linear_gravity', 'radial_gravity',\n"
     "'drag', 'velocity', 'vortex', 'spring', 'electric', 'magnetic', 'noise', 'turbulence'\n"
     "or 'custom'.", (void *)&field_kind},
    FIELD_PARAMETERS(FIELD_PARAMETER_GETSET)
    ANIMA_CALLABLE("evaluate", BehaviorObject, evaluate, field_install_evaluation, false,
                   "A custom field's evaluation: a callable evaluate(position, velocity, mass, charge, dt)\n"
                   "returning a force (fx, fy) in mass x pt/s^2, or None (no force). Only a custom field\n"
                   "takes one (others raise InvalidStateError). While it is set, the animator keeps the\n"
                   "Field object alive."),
    {NULL, NULL, NULL, NULL, NULL},
};

ANIMA_BEHAVIOR_TYPE(field, "anima.Field", NULL, {Py_tp_init, init_by_create},);


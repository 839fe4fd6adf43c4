#include "_anima.h"

/* The mode is 'items', 'boundaries', 'everything' or an int (anima.CollisionMode). */
ANIMA_BEHAVIOR_CREATE(collision_create, "Collision", anima_collision_def, anima_default_collision_def(),
                      anima_collision_create, ANIMA_FIELD(anima_collision_def, mode, VALUE_COLLISION_MODE),
                      ANIMA_FIELD(anima_collision_def, translates_reference_bounds_into_boundary, VALUE_BOOL),
                      ANIMA_FIELD_AS("insets", VALUE_INSETS, anima_collision_def, reference_bounds_insets))

/* The reference-bounds boundary through the accessor shapes of the property table. */
static anima_status
collision_get_translates(anima_behavior collision, bool *out)
{
    return anima_collision_get_translates_reference_bounds(collision, out, NULL);
}

static anima_status
collision_get_insets(anima_behavior collision, anima_insets *out)
{
    bool enabled = false;
    return anima_collision_get_translates_reference_bounds(collision, &enabled, out);
}

/* Turns the reference-bounds boundary on or off, keeping its insets. */
static anima_status
collision_set_translates(anima_behavior collision, bool enabled)
{
    anima_insets insets = {0, 0, 0, 0};
    anima_status status = collision_get_insets(collision, &insets);
    return status != ANIMA_OK ? status : anima_collision_set_translates_reference_bounds(collision, enabled, &insets);
}

ANIMA_METHOD(collision_set_translates_with_insets, "set_translates_reference_bounds_into_boundary", OWNER_BEHAVIOR,
             VALUE_NONE, anima_collision_set_translates_reference_bounds(t.behavior, true, &v[0].insets),
             ANIMA_OPT("insets", VALUE_INSETS))

ANIMA_METHOD(collision_add_boundary, "add_boundary", OWNER_BEHAVIOR, VALUE_NONE,
             anima_collision_add_boundary_segment(t.behavior, v[0].identifier, v[1].vec2, v[2].vec2),
             ANIMA_IN("identifier", VALUE_IDENTIFIER), ANIMA_IN("from_point", VALUE_VEC2),
             ANIMA_IN("to_point", VALUE_VEC2))

/*
 * Adds a boundary path from float64 records (verb, x0, y0, x1, y1, x2, y2), the form
 * anima/_collision.py turns ('quad', (cx, cy), (x, y)) and the other elements into.
 */
static anima_status
add_boundary_records(const target *t, const char *identifier, PyObject *path)
{
    char *data = NULL;
    Py_ssize_t size = 0;
    if (!PyBytes_Check(path) || PyBytes_AsStringAndSize(path, &data, &size) < 0 || size % (7 * sizeof(double)) != 0) {
        PyErr_SetString(PyExc_TypeError, "records must be the bytes of float64 records (verb, x0, y0, ..., y2)");
        return STATUS_RAISED;
    }
    const double *records = (const double *)data;
    int32_t count = (int32_t)Py_MIN(size / (Py_ssize_t)(7 * sizeof(double)), INT32_MAX);
    anima_path_element *elements = PyMem_Calloc((size_t)count + 1, sizeof(anima_path_element));
    anima_status status = elements != NULL ? ANIMA_OK : STATUS_RAISED;
    if (elements == NULL) {
        PyErr_NoMemory();
    }
    for (int32_t i = 0; status == ANIMA_OK && i < count; i++) {
        const double *record = records + 7 * i;
        if (!(record[0] >= ANIMA_PATH_MOVE && record[0] <= ANIMA_PATH_CLOSE)) {
            PyErr_Format(t->st->invalid_argument_error, "path[%d]: unknown verb", (int)i);
            status = STATUS_RAISED;
        }
        else {
            elements[i].verb = (anima_path_verb)(int)record[0];
            memcpy(elements[i].points, record + 1, sizeof elements[i].points);
        }
    }
    if (status == ANIMA_OK) {
        status = anima_collision_add_boundary_path(t->behavior, identifier, elements, count);
    }
    PyMem_Free(elements);
    return status;
}

ANIMA_METHOD(collision_add_boundary_path, "_add_boundary_path", OWNER_BEHAVIOR, VALUE_NONE,
             add_boundary_records(&t, v[0].identifier, v[1].object), ANIMA_IN("identifier", VALUE_IDENTIFIER),
             ANIMA_IN("records", VALUE_OBJECT))

ANIMA_METHOD(collision_boundary, "boundary", OWNER_BEHAVIOR, VALUE_OBJECT,
             query_call(&t, (list_query){.kind = LIST_BOUNDARY_POINTS, .identifier = v[0].identifier}, &out.object),
             ANIMA_IN("identifier", VALUE_IDENTIFIER))

ANIMA_METHOD(collision_remove_boundary, "remove_boundary", OWNER_BEHAVIOR, VALUE_NONE,
             anima_collision_remove_boundary(t.behavior, v[0].identifier), ANIMA_IN("identifier", VALUE_IDENTIFIER))

ANIMA_METHOD(collision_remove_all_boundaries, "remove_all_boundaries", OWNER_BEHAVIOR, VALUE_NONE,
             anima_collision_remove_all_boundaries(t.behavior), ANIMA_ARG(NULL))

ANIMA_METHOD(collision_boundary_identifier, "_boundary_identifier", OWNER_BEHAVIOR, VALUE_IDENTIFIER,
             anima_collision_get_boundary_identifier(t.behavior, v[0].i32, &out.identifier),
             ANIMA_IN("index", VALUE_INT32))

/* Installs the contact trampolines for the callbacks the collision has once *slot holds value. */
static int
collision_install_delegate(anima_state *st, PyObject *obj, PyObject **slot, PyObject *value)
{
    BehaviorObject *self = (BehaviorObject *)obj;
    AnimatorObject *animator = behavior_animator(st, self);
    PyObject *on_began = slot == &self->on_began ? value : self->on_began;
    PyObject *on_ended = slot == &self->on_ended ? value : self->on_ended;
    if (animator == NULL
        || check(st, animator, anima_collision_set_delegate(self->handle, on_began ? trampoline_contact_began : NULL,
                                                            on_ended ? trampoline_contact_ended : NULL, animator)) < 0) {
        return -1;
    }
    bool acting = self->action != NULL || self->overrides_action || self->evaluate != NULL;
    return behavior_hold(self, on_began != NULL || on_ended != NULL || self->pre_solve != NULL || acting);
}

/* Installs the pre-solve trampoline while the collision has a pre_solve callable. */
static int
collision_install_pre_solve(anima_state *st, PyObject *obj, PyObject **slot, PyObject *value)
{
    (void)slot;
    BehaviorObject *self = (BehaviorObject *)obj;
    AnimatorObject *animator = behavior_animator(st, self);
    if (animator == NULL || check(st, animator, anima_collision_set_pre_solve(self->handle,
                                                                              value ? trampoline_pre_solve : NULL,
                                                                              value ? (void *)self : NULL)) < 0) {
        return -1;
    }
    bool acting = self->action != NULL || self->overrides_action || self->evaluate != NULL;
    return behavior_hold(self, value != NULL || self->on_began != NULL || self->on_ended != NULL || acting);
}

static PyMethodDef collision_methods[] = {
    ANIMA_METHOD_ROW("_create", collision_create, NULL),
    ANIMA_METHOD_ROW("set_translates_reference_bounds_into_boundary", collision_set_translates_with_insets,

 "set_translates_reference_bounds_into_boundary($self, insets=(0, 0, 0, 0))\n--\n\n"
 "Turn the reference-bounds boundary on, inset by (top, left, bottom, right)\n"
 "points (positive moves an edge inward). It follows later changes of the\n"
 "animator's reference bounds."),
    ANIMA_METHOD_ROW("add_boundary", collision_add_boundary,
                     "add_boundary($self, identifier, from_point, to_point)\n--\n\n"
                     "Add (or replace) a named straight boundary between two distinct points.\n"
                     "identifier is a non-empty str."),
    ANIMA_METHOD_ROW("_add_boundary_path", collision_add_boundary_path, "Add a boundary path from its records."),
    ANIMA_METHOD_ROW("boundary", collision_boundary,
                     "boundary($self, identifier)\n--\n\n"
                     "The points of a named boundary as a list of (x, y) (two for a segment).\n"
                     "Raises NotFoundError (a KeyError) when there is no such boundary."),
    ANIMA_METHOD_ROW("remove_boundary", collision_remove_boundary,
                     "remove_boundary($self, identifier)\n--\n\n"
                     "Remove a named boundary. Raises NotFoundError (a KeyError) when there is none."),
    ANIMA_METHOD_ROW("remove_all_boundaries", collision_remove_all_boundaries,
                     "remove_all_boundaries($self, /)\n--\n\n"
                     "Remove every named boundary (the reference-bounds boundary stays as set)."),
    ANIMA_METHOD_ROW("_boundary_identifier", collision_boundary_identifier,
                     "_boundary_identifier($self, index)\n--\n\nThe identifier of the index-th named boundary."),
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef collision_getset[] = {
    ANIMA_GETSET(OWNER_BEHAVIOR, VALUE_COLLISION_MODE, "mode", anima_collision_get_mode, anima_collision_set_mode,
                 "What the items collide with: 'items', 'boundaries' or 'everything' (default).\n"
                 "Accepts those strings or anima.CollisionMode flags."),
    ANIMA_GETSET(OWNER_BEHAVIOR, VALUE_BOOL, "translates_reference_bounds_into_boundary", collision_get_translates,
                 collision_set_translates,
                 "True when the animator's reference bounds (inset by reference_bounds_insets) are a boundary."),
    ANIMA_GET(OWNER_BEHAVIOR, VALUE_INSETS, "reference_bounds_insets", collision_get_insets,
              "The insets (top, left, bottom, right) of the reference-bounds boundary (read-only;\n"
              "set them with set_translates_reference_bounds_into_boundary())."),
    ANIMA_GETSET(OWNER_BEHAVIOR, VALUE_REAL, "hit_threshold", anima_collision_get_hit_threshold,
                 anima_collision_set_hit_threshold,
                 "The approach speed (pt/s, 0 to 1e7) above which a contact of the items, pushed apart in\n"
                 "a step, makes a HitEvent in Animator.hit_events; math.inf (the default) makes none."),
    ANIMA_GET(OWNER_BEHAVIOR, VALUE_INT32, "_boundary_count", anima_collision_get_boundary_count,
              "The number of named boundaries."),
    ANIMA_CALLABLE("on_began_contact", BehaviorObject, on_began, collision_install_delegate, true,
                   "Called as f(event) with a ContactEvent after the internal step in which a contact began;\n"
                   "None to unset."),
    ANIMA_CALLABLE("pre_solve", BehaviorObject, pre_solve, collision_install_pre_solve, true,
                   "Called as f(contact) with a PreSolveContact during each step, before the solver, for every\n"
                   "contact of the items that has points; a false result ignores the contact for that step\n"
                   "(a one-way shelf). None to unset. An exception keeps the contact and ends the advance."),
    ANIMA_CALLABLE("on_ended_contact", BehaviorObject, on_ended, collision_install_delegate, true,
                   "Called as f(event) with a ContactEvent after the internal step in which a contact ended;\n"
                   "None to unset."),
    ANIMA_GETSET_END,
};

/* The constructor's signature, for introspection; the docstring is anima/_collision.py's. */
PyDoc_STRVAR(collision_doc,
"Collision(items, *, mode='everything', translates_reference_bounds_into_boundary=False,\n"
"          insets=(0, 0, 0, 0), animator=None)\n"
"--\n\n");

ANIMA_BEHAVIOR_TYPE(collision, "anima.Collision", collision_doc, {Py_tp_init, init_by_create},);


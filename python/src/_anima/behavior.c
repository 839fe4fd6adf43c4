#include "_anima.h"

/*
 * Keeps the behavior in its animator's `held` dict while the library calls into it (its C action,
 * which an evaluation needs too, or its contact delegate), so that the calls always reach the
 * user's own object; hold false lets it go.
 */
int
behavior_hold(BehaviorObject *self, bool hold)
{
    PyObject *key = handle_key(self->handle.index1, self->handle.generation);
    int result = dict_keep(&self->animator->held, key, hold ? (PyObject *)self : NULL);
    Py_XDECREF(key);
    return result;
}

/* Installs (install true) or removes the C action of an initialised behavior. */
int
behavior_set_c_action(anima_state *st, BehaviorObject *self, bool install)
{
    anima_status status = anima_behavior_set_action(self->handle, install ? trampoline_action : NULL,
                                                    install ? (void *)self->animator : NULL);
    if (check(st, self->animator, status) < 0) {
        return -1;
    }
    return behavior_hold(self, install || self->on_began != NULL || self->on_ended != NULL || self->pre_solve != NULL);
}

/* Gives a behavior whose class defines its own `action` (not Behavior's descriptor) the C action. */
int
behavior_take_class_action(anima_state *st, BehaviorObject *self)
{
    PyObject *own = PyObject_GetAttr((PyObject *)Py_TYPE((PyObject *)self), st->action_name);
    int overrides = own == NULL ? -1 : own != Py_None && !PyObject_TypeCheck(own, &PyGetSetDescr_Type);
    Py_XDECREF(own);
    if (overrides > 0) {
        self->overrides_action = true;
        return behavior_set_c_action(st, self, true);
    }
    return overrides;
}

/* Gives a newly created C behavior to its wrapper (and its class's action); destroys it if that fails. */
static int
behavior_adopt(BehaviorObject *self, AnimatorObject *animator, anima_behavior handle)
{
    anima_state *st = STATE_OF(self);
    if (st == NULL || wrapper_adopt((PyObject *)self, animator, &animator->behavior_wrappers, &handle) < 0
        || behavior_take_class_action(st, self) < 0) {
        (void)anima_behavior_destroy(handle);
        anima_clear_error();
        return -1;
    }
    return 0;
}

/*
 * Makes the C behavior of a fresh wrapper (t->self) from its items (Items of one animator, which animator, NULL or
 * None unless given, names when there are none; anima._types.behavior_items checks them) and a def, then adopts it.
 * create is the library's constructor for the def's kind: anima_status (*)(anima_animator, const <kind>_def *,
 * const anima_item *, int32_t, anima_behavior *).
 */
anima_status
behavior_create(const target *t, anima_function create, const void *def, PyObject *items, PyObject *animator)
{
    typedef anima_status (*create_function)(anima_animator, const void *, const anima_item *, int32_t,
                                            anima_behavior *);
    AnimatorObject *owner = NULL;
    PyObject *given = animator != NULL ? animator : Py_None;
    PyObject *checked = wrapper_check_fresh(t->st, t->self) < 0
                            ? NULL
                            : PyObject_CallFunctionObjArgs(t->st->behavior_items, items, given, NULL);
    if (checked == NULL || !PyArg_ParseTuple(checked, "O!O!", t->st->animator_type, &owner, &PyTuple_Type, &items)) {
        Py_XDECREF(checked);
        return STATUS_RAISED;
    }
    Py_ssize_t count = PyTuple_Size(items);
    anima_item *handles = PyMem_Calloc((size_t)count + 1, sizeof(anima_item));
    for (Py_ssize_t i = 0; handles != NULL && i < count; i++) {
        handles[i] = ((ItemObject *)PyTuple_GetItem(items, i))->handle;
    }
    anima_behavior handle = anima_behavior_null();
    anima_status status = handles == NULL ? ANIMA_ERR_OUT_OF_MEMORY
                          : ((create_function)create)(owner->handle, def, handles, (int32_t)count, &handle);
    PyMem_Free(handles);
    if (check(t->st, owner, status) < 0 || behavior_adopt((BehaviorObject *)t->self, owner, handle) < 0) {
        Py_DECREF(checked);
        return STATUS_RAISED;
    }
    Py_DECREF(checked);
    return ANIMA_OK;
}

/* The status of a call that made the C behavior of a fresh wrapper (in t->behavior), which adopts it. */
anima_status
behavior_made(const target *t, anima_status status)
{
    if (status != ANIMA_OK) {
        return status;
    }
    return behavior_adopt((BehaviorObject *)t->self, t->animator, t->behavior) < 0 ? STATUS_RAISED : ANIMA_OK;
}

ANIMA_METHOD(behavior_create_plain, "_create", OWNER_NEW, VALUE_NONE,
             behavior_made(&t, anima_behavior_create(t.animator_handle, &t.behavior)),
             ANIMA_IN("animator", VALUE_ANIMATOR))

int
behavior_traverse(BehaviorObject *self, visitproc visit, void *arg)
{
    Py_VISIT(Py_TYPE((PyObject *)self));
    Py_VISIT(self->animator);
    return walk_references(BEHAVIOR_CALLABLES(self), visit, arg);
}

/*
 * Makes the library forget the object's evaluation, if it has one, and drops the animator
 * reference (and the registry entry, whose weak reference is dead by now).
 */
int
behavior_clear(BehaviorObject *self)
{
    if (self->evaluate != NULL && anima_behavior_is_valid(self->handle)) {
        (void)anima_field_set_evaluation(self->handle, NULL, NULL);
        anima_clear_error();
    }
    if (self->pre_solve != NULL && anima_behavior_is_valid(self->handle)) {
        (void)anima_collision_set_pre_solve(self->handle, NULL, NULL);
        anima_clear_error();
    }
    if (self->animator != NULL) {
        registry_forget(self->animator->behavior_wrappers, self->handle.index1, self->handle.generation);
    }
    Py_CLEAR(self->animator);
    return walk_references(BEHAVIOR_CALLABLES(self), NULL, NULL);
}

void
behavior_dealloc(BehaviorObject *self)
{
    wrapper_dealloc((PyObject *)self, (inquiry)behavior_clear);
}

ANIMA_METHOD(behavior_add_item, "add_item", OWNER_BEHAVIOR, VALUE_NONE, anima_behavior_add_item(t.behavior, v[0].item),
             ANIMA_IN("item", VALUE_ITEM))

ANIMA_METHOD(behavior_remove_item, "remove_item", OWNER_BEHAVIOR, VALUE_NONE,
             anima_behavior_remove_item(t.behavior, v[0].item), ANIMA_IN("item", VALUE_ITEM))

/*
 * The status of a call that destroyed the behavior self (destroy(), the end of a drag): once it succeeded, the
 * animator stops keeping the object for its callables, at once or, inside advance, when advance returns.
 */
anima_status
behavior_destroyed(BehaviorObject *self, anima_status status)
{
    AnimatorObject *animator = self->animator;
    bool held = self->action != NULL || self->on_began != NULL || self->on_ended != NULL || self->evaluate != NULL
                || self->pre_solve != NULL || self->overrides_action;
    if (status == ANIMA_OK && animator != NULL && held) {
        animator->purge_delegates = true;
        if (animator->advancing == 0) {
            Py_INCREF((PyObject *)animator);
            animator_purge_delegates(animator);
            Py_DECREF((PyObject *)animator);
        }
    }
    return status;
}

ANIMA_METHOD(behavior_destroy, "destroy", OWNER_BEHAVIOR, VALUE_NONE,
             behavior_destroyed((BehaviorObject *)t.self, anima_behavior_destroy(t.behavior)), ANIMA_ARG(NULL))

ANIMA_METHOD(behavior_add_child, "add_child", OWNER_BEHAVIOR, VALUE_NONE,
             anima_behavior_add_child(t.behavior, v[0].behavior), ANIMA_IN("behavior", VALUE_BEHAVIOR))

ANIMA_METHOD(behavior_remove_child, "remove_child", OWNER_BEHAVIOR, VALUE_NONE,
             anima_behavior_remove_child(t.behavior, v[0].behavior), ANIMA_IN("behavior", VALUE_BEHAVIOR))

/* The animator of an initialised behavior; NULL with StaleHandleError for one never initialised. */
AnimatorObject *
behavior_animator(anima_state *st, BehaviorObject *self)
{
    if (self->animator == NULL) {
        PyErr_SetString(st->stale_handle_error, "the behavior was never initialised");
    }
    return self->animator;
}

/* Installs the C action while the behavior has a callable, a method or an evaluation to run. */
static int
behavior_install_action(anima_state *st, PyObject *obj, PyObject **slot, PyObject *value)
{
    (void)slot;
    BehaviorObject *self = (BehaviorObject *)obj;
    bool needed = value != NULL || self->overrides_action || self->evaluate != NULL;
    return behavior_animator(st, self) == NULL ? -1 : behavior_set_c_action(st, self, needed);
}

static PyMethodDef behavior_methods[] = {
    ANIMA_METHOD_ROW("_create", behavior_create_plain, "Make this fresh plain behavior (the work of Behavior())."),
    ANIMA_METHOD_ROW("add_item", behavior_add_item,
                     "add_item($self, item)\n--\n\n"
                     "Add an item of the same animator; adding one already there does nothing."),
    ANIMA_METHOD_ROW("remove_item", behavior_remove_item,
                     "remove_item($self, item)\n--\n\n"
                     "Remove an item; removing one that is not there does nothing."),
    ANIMA_METHOD_ROW("add_child", behavior_add_child,
                     "add_child($self, behavior)\n--\n\n"
                     "Add a child behavior of the same animator (UIDynamicBehavior.addChildBehavior).\n"
                     "A child acts while its parent is in the animator's tree. Adding a child again\n"
                     "does nothing; a behavior that is already in the tree elsewhere (at top level\n"
                     "or under another parent) raises InvalidStateError, and this behavior itself or\n"
                     "one of its ancestors raises InvalidArgumentError."),
    ANIMA_METHOD_ROW("remove_child", behavior_remove_child,
                     "remove_child($self, behavior)\n--\n\n"
                     "Remove a child behavior (not destroyed; it can be added again). Removing one\n"
                     "that is not a child of this behavior does nothing."),
    ANIMA_METHOD_ROW("destroy", behavior_destroy,
                     "destroy($self, /)\n--\n\n"
                     "Destroy the behavior: it is removed from its animator (or its parent) if\n"
                     "added, its action is dropped, and later use raises StaleHandleError. Its\n"
                     "children are not destroyed. Deferred inside callbacks."),
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef behavior_getset[] = {
    {"items", query_get, NULL, "The items of the behavior, in the order added (a tuple).",
     (void *)LIST_BEHAVIOR_ITEMS},
    {"children", query_get, NULL, "The child behaviors, in the order added (a tuple).",
     (void *)LIST_BEHAVIOR_CHILDREN},
    ANIMA_GET_BEHAVIOR(OWNER_BEHAVIOR, "parent", anima_behavior_get_parent,
                       "The behavior this one is a child of, or None (read-only)."),
    ANIMA_GET(OWNER_BEHAVIOR, VALUE_UINT64, "id", anima_behavior_get_id,
              "The behavior's stable id, an int: the same for the behavior in a restored, copied or\n"
              "unpickled animator (Animator.find_behavior(id) finds it there; read-only)."),
    ANIMA_GETSET(OWNER_BEHAVIOR, VALUE_BOOL, "at_rest", anima_behavior_get_at_rest, anima_behavior_set_at_rest,
                 "Whether this behavior lets the animator pause (default True). While any behavior in\n"
                 "the animator's tree says False, the animator keeps running; setting it to False on a\n"
                 "behavior in the tree wakes a paused animator."),
    ANIMA_CALLABLE("action", BehaviorObject, action, behavior_install_action, true,
                   "A callable run with no arguments after every internal step while the behavior is in\n"
                   "the animator's tree (UIKit's action block), or None (default). A subclass may define\n"
                   "a method action(self) instead. Exceptions stop advance() and propagate from it."),
    {"animator", wrapper_get_animator, NULL, "The Animator that owns the behavior (read-only).", NULL},
    ANIMA_GET(OWNER_BEHAVIOR, VALUE_BOOL, "is_added", anima_behavior_is_added,
     "True while the behavior is in its animator's tree: added at top level, or a child of\n"
     "a behavior that is (read-only)."),
    {"is_valid", is_valid_get, NULL,
     "True until the behavior is destroyed (read-only). BusyError while another thread is inside its animator.",
     (void *)OWNER_BEHAVIOR},
    {NULL, NULL, NULL, NULL, NULL},
};

ANIMA_BEHAVIOR_TYPE(behavior, "anima.Behavior", NULL, {Py_tp_hash, wrapper_hash},
                    {Py_tp_richcompare, wrapper_richcompare},
                    ANIMA_WEAKREFS(BehaviorObject),);

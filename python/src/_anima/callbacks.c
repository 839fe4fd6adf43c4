#include "_anima.h"

/* Stores the first exception of this advance and asks the library to stop. */
static void
animator_store_callback_error(AnimatorObject *animator)
{
    if (animator->pending == NULL) {
        animator->pending = take_exception();
    }
    else {
        PyErr_Clear();
    }
    (void)anima_animator_interrupt(animator->handle);
}

/* True when a callback of this animator may run Python code now. */
static bool
animator_accepts_callbacks(AnimatorObject *animator)
{
    return !animator->closing && animator->pending == NULL && !PyErr_Occurred();
}

/*
 * Calls callback(*args), with at most two arguments, while the animator and the callback are kept alive, and stores
 * the exception it raises. A NULL argument, which could not be made, stores that error instead. (The limited API
 * has PyObject_Vectorcall from 3.12 only; PyObject_CallFunctionObjArgs ends its arguments at the first NULL.)
 */
static void
callback_run(AnimatorObject *animator, PyObject *callback, PyObject *const *args, size_t nargs)
{
    bool made = nargs <= 2;
    for (size_t i = 0; i < nargs; i++) {
        made = made && args[i] != NULL;
    }
    Py_INCREF((PyObject *)animator);
    Py_INCREF(callback);
    PyObject *result = !made      ? NULL
                       : nargs == 0 ? PyObject_CallNoArgs(callback)
                                    : PyObject_CallFunctionObjArgs(callback, args[0], nargs > 1 ? args[1] : NULL, NULL);
    if (result == NULL) {
        animator_store_callback_error(animator);
    }
    Py_XDECREF(result);
    Py_DECREF(callback);
    Py_DECREF((PyObject *)animator);
}

/* The live wrapper of a behavior handle (a new reference), or NULL: none, or an error that is stored. */
static BehaviorObject *
animator_find_behavior(AnimatorObject *animator, anima_behavior handle)
{
    PyObject *found = NULL;
    if (registry_find(animator->behavior_wrappers, handle.index1, handle.generation, &found) < 0) {
        animator_store_callback_error(animator);
    }
    return (BehaviorObject *)found;
}

static void
animator_call_delegate(AnimatorObject *animator, bool did_pause)
{
    PyObject *callback = did_pause ? animator->on_did_pause : animator->on_will_resume;
    if (callback != NULL && animator_accepts_callbacks(animator)) {
        callback_run(animator, callback, (PyObject *[]){(PyObject *)animator}, 1);
    }
}

/* After every internal step: a pending signal (Ctrl-C) raises its exception here, which ends
 * the advance after this step exactly as a callback's exception does; the animator stays
 * consistent and the rest of the advance's time is dropped. */
void
trampoline_step(void *user_data, anima_animator handle)
{
    (void)handle;
    AnimatorObject *animator = (AnimatorObject *)user_data;
    if (!animator->closing && animator->pending == NULL && PyErr_CheckSignals() < 0) {
        animator_store_callback_error(animator);
    }
}

void
trampoline_will_resume(void *user_data, anima_animator handle)
{
    (void)handle;
    animator_call_delegate((AnimatorObject *)user_data, false);
}

void
trampoline_did_pause(void *user_data, anima_animator handle)
{
    (void)handle;
    animator_call_delegate((AnimatorObject *)user_data, true);
}

/* An animation's completion: pops its callable and calls it with finished and the position's name. */
void
trampoline_animation_done(void *user_data, anima_animator handle, anima_animation animation, bool finished,
                          anima_position position)
{
    (void)handle;
    AnimatorObject *animator = (AnimatorObject *)user_data;
    PyObject *key = animator->completions != NULL ? PyLong_FromUnsignedLongLong(animation) : NULL;
    PyObject *callback = key != NULL ? Py_XNewRef(PyDict_GetItemWithError(animator->completions, key)) : NULL;
    if (callback != NULL && PyDict_DelItem(animator->completions, key) < 0) {
        Py_CLEAR(callback);
    }
    Py_XDECREF(key);
    if (callback == NULL && PyErr_Occurred()) {
        animator_store_callback_error(animator);
    }
    if (callback != NULL && animator_accepts_callbacks(animator)) {
        anima_state *st = STATE_OF(animator);
        PyObject *where = choice_name(st, VALUE_POSITION, (int32_t)position);
        where = where != NULL ? where : choice_name(st, VALUE_POSITION, ANIMA_POSITION_CURRENT);
        callback_run(animator, callback, (PyObject *[]){finished ? Py_True : Py_False, where}, 2);
    }
    Py_XDECREF(callback);
}

static void
collision_call_delegate(AnimatorObject *animator, const anima_contact_event *event, bool began)
{
    bool accepts = animator_accepts_callbacks(animator);
    BehaviorObject *collision = accepts ? animator_find_behavior(animator, event->collision) : NULL;
    PyObject *callback = collision == NULL ? NULL : began ? collision->on_began : collision->on_ended;
    if (callback != NULL) {
        PyObject *contact = contact_event_new(STATE_OF(animator), animator, event);
        callback_run(animator, callback, &contact, 1);
        Py_XDECREF(contact);
    }
    Py_XDECREF((PyObject *)collision);
}

void
trampoline_contact_began(void *user_data, const anima_contact_event *event)
{
    collision_call_delegate((AnimatorObject *)user_data, event, true);
}

void
trampoline_contact_ended(void *user_data, const anima_contact_event *event)
{
    collision_call_delegate((AnimatorObject *)user_data, event, false);
}

/*
 * A behavior's action: looks up `action` on the user's object (a method of its
 * class, or the callable assigned to it) and calls it with no arguments.
 */
void
trampoline_action(void *user_data, anima_behavior handle)
{
    AnimatorObject *animator = (AnimatorObject *)user_data;
    anima_state *st = animator_accepts_callbacks(animator) ? STATE_OF(animator) : NULL;
    PyObject *found = st != NULL ? (PyObject *)animator_find_behavior(animator, handle) : NULL;
    PyObject *callback = found != NULL ? PyObject_GetAttr(found, st->action_name) : NULL;
    if (found != NULL && callback == NULL) {
        animator_store_callback_error(animator);
    }
    else if (callback != NULL && callback != Py_None) {
        callback_run(animator, callback, NULL, 0);
    }
    Py_XDECREF(callback);
    Py_XDECREF(found);
}

/*
 * A custom field's evaluation: calls evaluate(position, velocity, mass, charge, dt) and writes the (fx, fy) it
 * returns. It runs inside the solver, so the force stays zero when Python code may not run or fails. The library
 * takes note of anima_animator_interrupt here but ends the step only when one of the step's later callbacks
 * returns; the C action that every Field with an evaluation carries (trampoline_action, which does nothing once an
 * exception is stored) is that callback, so the step still ends as for other callbacks.
 */
void
trampoline_field(void *user_data, anima_vec2 position, anima_vec2 velocity, double mass, double charge,
                 double delta_time, anima_vec2 *out_force)
{
    BehaviorObject *field = (BehaviorObject *)user_data;
    AnimatorObject *animator = field->animator;
    if (animator == NULL || field->evaluate == NULL || !animator_accepts_callbacks(animator)) {
        return;
    }
    Py_INCREF((PyObject *)field);
    Py_INCREF((PyObject *)animator);
    PyObject *callback = Py_NewRef(field->evaluate);
    PyObject *result = PyObject_CallFunction(callback, "(dd)(dd)ddd", position.x, position.y, velocity.x,
                                             velocity.y, mass, charge, delta_time);
    value force;
    if (result == NULL || value_from_python(STATE_OF(field), VALUE_VEC2, result, "evaluate() result", &force) < 0) {
        animator_store_callback_error(animator);
    }
    else {
        *out_force = force.vec2;
    }
    Py_XDECREF(result);
    Py_DECREF(callback);
    Py_DECREF((PyObject *)animator);
    Py_DECREF((PyObject *)field);
}

/*
 * A collision's pre-solve hook: calls pre_solve(contact) with a PreSolveContact and keeps the contact unless the
 * result is false. It runs before the solver: when Python code may not run, or the call fails (its exception is
 * stored and ends the advance after this step), the contact is kept.
 */
bool
trampoline_pre_solve(void *user_data, const anima_pre_solve_contact *contact)
{
    BehaviorObject *collision = (BehaviorObject *)user_data;
    AnimatorObject *animator = collision->animator;
    if (animator == NULL || collision->pre_solve == NULL || !animator_accepts_callbacks(animator)) {
        return true;
    }
    Py_INCREF((PyObject *)collision);
    Py_INCREF((PyObject *)animator);
    PyObject *callback = Py_NewRef(collision->pre_solve);
    anima_state *st = STATE_OF(collision);
    PyObject *p[3];
    PyObject *record = NULL;
    if (event_parties(st, animator, contact->collision, contact->item_a, contact->item_b, contact->is_boundary, p) == 0) {
        record = PyObject_CallFunction(st->pre_solve_contact_type, "NNNOz(dd)(dd)di", p[0], p[1], p[2],
                                       contact->is_boundary ? Py_True : Py_False, contact->boundary_identifier,
                                       contact->point.x, contact->point.y, contact->normal.x, contact->normal.y,
                                       contact->separation, (int)contact->point_count);
    }
    PyObject *result = record != NULL ? PyObject_CallFunctionObjArgs(callback, record, NULL) : NULL;
    int keep = result != NULL ? PyObject_IsTrue(result) : -1;
    if (keep < 0) {
        animator_store_callback_error(animator);
    }
    Py_XDECREF(result);
    Py_XDECREF(record);
    Py_DECREF(callback);
    Py_DECREF((PyObject *)animator);
    Py_DECREF((PyObject *)collision);
    return keep != 0;
}

/* A value's change: its on_change callable, called with the Value and its new components. */
void
trampoline_value_changed(void *user_data, anima_value handle, const double *components, int32_t count)
{
    AnimatorObject *animator = (AnimatorObject *)user_data;
    if (!animator_accepts_callbacks(animator) || animator->value_callbacks == NULL) {
        return;
    }
    PyObject *key = handle_key(handle.index1, handle.generation);
    PyObject *callback = key != NULL ? Py_XNewRef(PyDict_GetItemWithError(animator->value_callbacks, key)) : NULL;
    Py_XDECREF(key);
    if (callback == NULL) {
        if (PyErr_Occurred()) {
            animator_store_callback_error(animator);
        }
        return;
    }
    PyObject *wrapper = wrap_value(STATE_OF(animator), animator, handle);
    PyObject *shown = wrapper != NULL ? value_components(components, count) : NULL;
    callback_run(animator, callback, (PyObject *[]){wrapper, shown}, 2);
    Py_XDECREF(shown);
    Py_XDECREF(wrapper);
    Py_DECREF(callback);
}

#include "_anima.h"

/* ==================================================== callback trampolines */

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

/* Drops a callback's result, or stores its exception. */
static void
animator_settle(AnimatorObject *animator, PyObject *result)
{
    if (result == NULL) {
        animator_store_callback_error(animator);
    }
    Py_XDECREF(result);
}

/* The live wrapper of a behavior handle (a new reference), or NULL: none, or an error that is stored. */
static PyObject *
animator_find_behavior(AnimatorObject *animator, anima_behavior handle)
{
    PyObject *key = handle_key(handle.index1, handle.generation);
    PyObject *found = NULL;
    if (key == NULL || registry_find(animator->behavior_wrappers, key, &found) < 0) {
        animator_store_callback_error(animator);
    }
    Py_XDECREF(key);
    return found;
}

/* True when a callback of this animator may run Python code now. */
static bool
animator_accepts_callbacks(AnimatorObject *animator)
{
    return !animator->closing && animator->pending == NULL && !PyErr_Occurred();
}

/* The module state for a callback that may run now; NULL when it may not (an error is stored). */
static anima_state *
callback_state(AnimatorObject *animator, PyObject *owner)
{
    if (!animator_accepts_callbacks(animator)) {
        return NULL;
    }
    anima_state *st = STATE_OF(owner);
    if (st == NULL) {
        animator_store_callback_error(animator);
    }
    return st;
}

static void
animator_call_delegate(AnimatorObject *animator, bool did_pause)
{
    if (!animator_accepts_callbacks(animator)) {
        return;
    }
    PyObject *callback = did_pause ? animator->on_did_pause : animator->on_will_resume;
    if (callback == NULL) {
        return;
    }
    Py_INCREF(callback);
    Py_INCREF(animator);
    animator_settle(animator, PyObject_CallOneArg(callback, (PyObject *)animator));
    Py_DECREF(animator);
    Py_DECREF(callback);
}

/* After every internal step: a pending signal (Ctrl-C) raises its exception here, which ends
 * the advance after this step exactly as a callback's exception does; the animator stays
 * consistent and the rest of the advance's time is dropped. */
void
trampoline_step(void *user_data, anima_animator handle)
{
    (void)handle;
    AnimatorObject *animator = (AnimatorObject *)user_data;
    if (animator->closing || animator->pending != NULL) {
        return;
    }
    if (PyErr_CheckSignals() < 0) {
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

/* An animation's completion: pops its callable and calls it with finished. */
void
trampoline_animation_done(void *user_data, anima_animator handle, anima_animation animation, bool finished,
                          anima_position position)
{
    (void)handle;
    AnimatorObject *animator = (AnimatorObject *)user_data;
    if (animator->completions == NULL) {
        return;
    }
    PyObject *key = PyLong_FromUnsignedLongLong(animation);
    PyObject *callback = key != NULL ? Py_XNewRef(PyDict_GetItemWithError(animator->completions, key)) : NULL;
    if (callback != NULL && PyDict_DelItem(animator->completions, key) < 0) {
        Py_CLEAR(callback);
    }
    Py_XDECREF(key);
    if (callback == NULL) {
        if (PyErr_Occurred()) {
            animator_store_callback_error(animator);
        }
        return;
    }
    if (!animator_accepts_callbacks(animator)) {
        Py_DECREF(callback);
        return;
    }
    Py_INCREF(animator);
    const char *where = choice_name(VALUE_POSITION, (int32_t)position);
    where = where != NULL ? where : "current";
    animator_settle(animator, PyObject_CallFunction(callback, "Os", finished ? Py_True : Py_False, where));
    Py_DECREF(animator);
    Py_DECREF(callback);
}

static void
collision_call_delegate(AnimatorObject *animator, const anima_contact_event *event, bool began)
{
    anima_state *st = callback_state(animator, (PyObject *)animator);
    if (st == NULL) {
        return;
    }
    BehaviorObject *collision = (BehaviorObject *)animator_find_behavior(animator, event->collision);
    PyObject *callback = collision == NULL ? NULL : began ? collision->on_began : collision->on_ended;
    if (callback != NULL) {
        Py_INCREF(callback);
        Py_INCREF(animator);
        PyObject *contact = contact_event_new(st, animator, event);
        animator_settle(animator, contact != NULL ? PyObject_CallOneArg(callback, contact) : NULL);
        Py_XDECREF(contact);
        Py_DECREF(callback);
        Py_DECREF(animator);
    }
    Py_XDECREF(collision);
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
    anima_state *st = callback_state(animator, (PyObject *)animator);
    if (st == NULL) {
        return;
    }
    PyObject *found = animator_find_behavior(animator, handle);
    if (found == NULL) {
        return;
    }
    Py_INCREF(animator);
    PyObject *callback = PyObject_GetAttr(found, st->action_name);
    animator_settle(animator, callback == Py_None ? Py_NewRef(Py_None)
                              : callback != NULL  ? PyObject_CallNoArgs(callback) : NULL);
    Py_XDECREF(callback);
    Py_DECREF(found);
    Py_DECREF(animator);
}

/*
 * A custom field's evaluation: calls evaluate(position, velocity, mass,
 * charge, dt) and writes the (fx, fy) it returns. It runs inside the solver,
 * so the force stays zero when Python code may not run or fails. The library
 * takes note of anima_animator_interrupt here but ends the step only when one
 * of the step's later callbacks returns; the C action that every Field with an
 * evaluation carries (trampoline_action, which does nothing once an exception
 * is stored) is that callback, so the step still ends as for other callbacks.
 */
void
trampoline_field(void *user_data, anima_vec2 position, anima_vec2 velocity, double mass, double charge,
                 double delta_time, anima_vec2 *out_force)
{
    BehaviorObject *field = (BehaviorObject *)user_data;
    AnimatorObject *animator = field->animator;
    anima_state *st = animator != NULL && field->evaluate != NULL ? callback_state(animator, (PyObject *)field) : NULL;
    if (st == NULL) {
        return;
    }
    Py_INCREF(field);
    Py_INCREF(animator);
    PyObject *callback = Py_NewRef(field->evaluate);
    PyObject *result = PyObject_CallFunction(callback, "(dd)(dd)ddd", position.x, position.y, velocity.x,
                                             velocity.y, mass, charge, delta_time);
    value force;
    if (result == NULL || value_from_python(st, VALUE_VEC2, result, "evaluate() result", &force) < 0) {
        animator_store_callback_error(animator);
    }
    else {
        *out_force = force.vec2;
    }
    Py_XDECREF(result);
    Py_DECREF(callback);
    Py_DECREF(animator);
    Py_DECREF(field);
}


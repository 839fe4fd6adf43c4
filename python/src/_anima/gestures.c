#include "_anima.h"

/*
 * Gestures (include/anima.h, "Gestures"): a pointer's velocity, momentum projection, rubber banding, the item under a
 * point and dragging an item with a pointer. anima/_gestures.py writes the public halves: VelocityTracker, Drag,
 * Animator.begin_drag and the module functions with their defaults.
 *
 * A VelocityTracker keeps the bytes of its C anima_velocity_tracker in a bytearray (its state). The functions here
 * copy them into a struct of their own, which is aligned whatever the bytearray's storage is, call the library on it
 * and copy it back only when the call succeeded: the bytes change only through the library's functions, and stay as
 * they were on failure. The library checks the struct on every call (its cookie, count, order and values), so bytes
 * from elsewhere (a pickle, a caller that wrote into them) are an InvalidArgumentError, never a crash.
 *
 * A drag is the anchor attachment the library made for it, wrapped as every attachment is; Drag holds that Attachment.
 * Ending the drag destroys the attachment, as Behavior.destroy does, so it goes through behavior_destroyed.
 */

/* ---------------------------------------------------------------- velocity tracker */

/* A view of a tracker's state, a bytes-like object of sizeof(anima_velocity_tracker) (writable when asked). */
static int
tracker_view(anima_state *st, PyObject *state, bool writable, Py_buffer *view)
{
    if (PyObject_GetBuffer(state, view, writable ? PyBUF_WRITABLE : PyBUF_SIMPLE) < 0) {
        return -1;
    }
    if (view->len != (Py_ssize_t)sizeof(anima_velocity_tracker)) {
        PyErr_Format(st->invalid_argument_error, "a velocity tracker's state is %zu bytes (got %zd)",
                     sizeof(anima_velocity_tracker), view->len);
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

/* Copies the tracker held in state into *out. */
static int
tracker_read(anima_state *st, PyObject *state, anima_velocity_tracker *out)
{
    Py_buffer view;
    if (tracker_view(st, state, false, &view) < 0) {
        return -1;
    }
    memcpy(out, view.buf, sizeof *out);
    PyBuffer_Release(&view);
    return 0;
}

/* An empty tracker's bytes (anima_default_velocity_tracker) as a new bytes object in *out. */
static anima_status
tracker_new(PyObject **out)
{
    anima_velocity_tracker tracker = anima_default_velocity_tracker();
    *out = PyBytes_FromStringAndSize((const char *)&tracker, (Py_ssize_t)sizeof tracker);
    return *out != NULL ? ANIMA_OK : STATUS_RAISED;
}

/* Adds a sample to the tracker held in state (a writable buffer), which changes only if the library accepts it. */
static anima_status
tracker_add(const target *t, PyObject *state, double time, anima_vec2 point)
{
    Py_buffer view;
    anima_velocity_tracker tracker;
    if (tracker_view(t->st, state, true, &view) < 0) {
        return STATUS_RAISED;
    }
    memcpy(&tracker, view.buf, sizeof tracker);
    anima_status status = anima_velocity_tracker_add(&tracker, time, point);
    if (status == ANIMA_OK) {
        memcpy(view.buf, &tracker, sizeof tracker);
    }
    PyBuffer_Release(&view);
    return status;
}

/* The tracked velocity at time; time NaN (None) means at the newest sample's time (any time, with no sample). */
static anima_status
tracker_velocity(const target *t, PyObject *state, double time, anima_vec2 *out)
{
    anima_velocity_tracker tracker;
    if (tracker_read(t->st, state, &tracker) < 0) {
        return STATUS_RAISED;
    }
    if (isnan(time)) {
        bool counted = tracker.count > 0 && tracker.count <= ANIMA_VELOCITY_TRACKER_CAPACITY;
        time = counted ? tracker.samples[tracker.count - 1].time : 0.0;
    }
    return anima_velocity_tracker_get_velocity(&tracker, time, out);
}

/* The samples held, oldest first, as a new tuple of (time, x, y) in *out (a count out of range reads as none). */
static anima_status
tracker_samples(const target *t, PyObject *state, PyObject **out)
{
    anima_velocity_tracker tracker;
    if (tracker_read(t->st, state, &tracker) < 0) {
        return STATUS_RAISED;
    }
    int32_t count = tracker.count >= 0 && tracker.count <= ANIMA_VELOCITY_TRACKER_CAPACITY ? tracker.count : 0;
    *out = PyTuple_New(count);
    for (int32_t i = 0; *out != NULL && i < count; i++) {
        const anima_pointer_sample *sample = &tracker.samples[i];
        PyObject *row = Py_BuildValue("(ddd)", sample->time, sample->x, sample->y);
        if (row == NULL || PyTuple_SetItem(*out, i, row) < 0) {
            Py_CLEAR(*out);
        }
    }
    return *out != NULL ? ANIMA_OK : STATUS_RAISED;
}

ANIMA_METHOD(module_velocity_tracker, "_velocity_tracker", OWNER_MODULE, VALUE_OBJECT, tracker_new(&out.object),
             ANIMA_ARG(NULL))
ANIMA_METHOD(module_velocity_tracker_add, "_velocity_tracker_add", OWNER_MODULE, VALUE_NONE,
             tracker_add(&t, v[0].object, v[1].f64, v[2].vec2), ANIMA_IN("state", VALUE_OBJECT),
             ANIMA_IN("time", VALUE_DOUBLE), ANIMA_IN("point", VALUE_VEC2))
ANIMA_METHOD(module_velocity_tracker_velocity, "_velocity_tracker_velocity", OWNER_MODULE, VALUE_VEC2,
             tracker_velocity(&t, v[0].object, v[1].f64, &out.vec2), ANIMA_IN("state", VALUE_OBJECT),
             ANIMA_IN("time", VALUE_OPTIONAL_DOUBLE))
ANIMA_METHOD(module_velocity_tracker_samples, "_velocity_tracker_samples", OWNER_MODULE, VALUE_OBJECT,
             tracker_samples(&t, v[0].object, &out.object), ANIMA_IN("state", VALUE_OBJECT))

/* ------------------------------------------------------- momentum and rubber band */

ANIMA_METHOD(module_project_momentum, "_project_momentum", OWNER_MODULE, VALUE_VEC2,
             anima_project_momentum(v[0].vec2, v[1].vec2, v[2].f64, &out.vec2), ANIMA_IN("position", VALUE_VEC2),
             ANIMA_IN("velocity", VALUE_VEC2), ANIMA_IN("rate", VALUE_DOUBLE))
ANIMA_METHOD(module_rubber_band, "_rubber_band", OWNER_MODULE, VALUE_DOUBLE,
             anima_rubber_band(v[0].f64, v[1].f64, v[2].f64, &out.f64), ANIMA_IN("offset", VALUE_DOUBLE),
             ANIMA_IN("dimension", VALUE_DOUBLE), ANIMA_IN("c", VALUE_DOUBLE))
ANIMA_METHOD(module_rubber_band_clamp, "_rubber_band_clamp", OWNER_MODULE, VALUE_DOUBLE,
             anima_rubber_band_clamp(v[0].f64, v[1].f64, v[2].f64, v[3].f64, v[4].f64, &out.f64),
             ANIMA_IN("value", VALUE_DOUBLE), ANIMA_IN("lower", VALUE_DOUBLE), ANIMA_IN("upper", VALUE_DOUBLE),
             ANIMA_IN("dimension", VALUE_DOUBLE), ANIMA_IN("c", VALUE_DOUBLE))

/* The library's drag def as a new (frequency, damping, max_acceleration) in *out: Animator.begin_drag's defaults. */
static anima_status
drag_defaults(PyObject **out)
{
    anima_drag_def def = anima_default_drag_def();
    *out = Py_BuildValue("(ddd)", def.frequency, def.damping, def.max_acceleration);
    return *out != NULL ? ANIMA_OK : STATUS_RAISED;
}

ANIMA_METHOD(module_drag_defaults, "_drag_defaults", OWNER_MODULE, VALUE_OBJECT, drag_defaults(&out.object),
             ANIMA_ARG(NULL))

#define GESTURE_FUNCTION(NAME) ANIMA_METHOD_ROW("_" #NAME, module_##NAME, NULL)

/* Added to the module (anima/_gestures.py wraps them). */
PyMethodDef gesture_functions[] = {
    GESTURE_FUNCTION(velocity_tracker),
    GESTURE_FUNCTION(velocity_tracker_add),
    GESTURE_FUNCTION(velocity_tracker_velocity),
    GESTURE_FUNCTION(velocity_tracker_samples),
    GESTURE_FUNCTION(project_momentum),
    GESTURE_FUNCTION(rubber_band),
    GESTURE_FUNCTION(rubber_band_clamp),
    GESTURE_FUNCTION(drag_defaults),
    {NULL, NULL, 0, NULL},
};

/* ------------------------------------------------------------ the item at a point */

/* The item drawn at point: its wrapper (the live one, or a fresh Item), or None, as a new reference in *out. */
static anima_status
item_at_point(const target *t, anima_vec2 point, PyObject **out)
{
    anima_item item = anima_item_null();
    bool found = false;
    anima_status status = anima_animator_item_at_point(t->animator_handle, point, &item, &found);
    if (status != ANIMA_OK) {
        return status;
    }
    *out = found ? wrap_item(t->st, t->animator, item) : Py_NewRef(Py_None);
    return *out != NULL ? ANIMA_OK : STATUS_RAISED;
}

ANIMA_METHOD(animator_item_at, "item_at", OWNER_ANIMATOR, VALUE_OBJECT, item_at_point(&t, v[0].vec2, &out.object),
             ANIMA_IN("point", VALUE_VEC2))

/* ------------------------------------------------------------------------ drags */

/* anima_drag_def's fields by their C names (the library's defaults stand for those left out). */
static const argument drag_fields[] = {
    ANIMA_FIELD(anima_drag_def, frequency, VALUE_DOUBLE),
    ANIMA_FIELD(anima_drag_def, damping, VALUE_DOUBLE),
    ANIMA_FIELD(anima_drag_def, max_acceleration, VALUE_REAL),
    ANIMA_ARG(NULL),
};

/* Begins a drag of item: the attachment the library made for it, as its Attachment, is a new reference in *out. */
static anima_status
drag_begin(const target *t, const anima_drag_def *def, anima_item item, anima_vec2 point, double time,
           PyObject **out)
{
    anima_behavior handle = anima_behavior_null();
    anima_status status = anima_drag_begin(t->animator_handle, def, item, point, time, &handle);
    if (status != ANIMA_OK) {
        return status;
    }
    *out = wrap_behavior(t->st, t->animator, handle);
    if (*out == NULL) {
        /* no wrapper, no drag: the pointer lets go at once */
        (void)anima_drag_end(handle, time, NULL);
        anima_clear_error();
        return STATUS_RAISED;
    }
    return ANIMA_OK;
}

/* _begin_drag(item, point, time, *, frequency, damping, max_acceleration): the drag's Attachment. */
ANIMA_DEF_METHOD(animator_begin_drag, "_begin_drag", OWNER_ANIMATOR, VALUE_OBJECT, anima_drag_def,
                 anima_default_drag_def(), drag_fields,
                 drag_begin(&t, &def, v[0].item, v[1].vec2, v[2].f64, &out.object), ANIMA_IN("item", VALUE_ITEM),
                 ANIMA_IN("point", VALUE_VEC2), ANIMA_IN("time", VALUE_DOUBLE))

/* Added to Animator by the module. */
PyMethodDef animator_gesture_methods[] = {
    ANIMA_METHOD_ROW("item_at", animator_item_at,
                     "item_at($self, point)\n--\n\n"
                     "The item drawn at point = (x, y) in the reference space, or None: the last created\n"
                     "of the items whose shape holds the point, tested on the shape itself (a rectangle,\n"
                     "an ellipse or the item's path) after the item's transform (translation, rotation,\n"
                     "scale). Items of alpha 0 are skipped, as UIKit's hit testing skips hidden views;\n"
                     "an item need not be governed by a behavior. Returns your own Item object while it\n"
                     "is alive.\n\n"
                     "    >>> anim = anima.Animator()\n"
                     "    >>> ball = anima.Item(anim, center=(100, 100), size=(80, 80), shape='ellipse')\n"
                     "    >>> anim.item_at((100, 130)) is ball, anim.item_at((65, 65))\n"
                     "    (True, None)"),
    ANIMA_METHOD_ROW("_begin_drag", animator_begin_drag, "Begin a drag (see begin_drag()); its Attachment."),
    {NULL, NULL, 0, NULL},
};

/* Ends the drag whose attachment self is: the library destroys the attachment, as Behavior.destroy does. */
static anima_status
drag_end(const target *t, double time, anima_vec2 *out)
{
    return behavior_destroyed((BehaviorObject *)t->self, anima_drag_end(t->behavior, time, out));
}

ANIMA_METHOD(attachment_drag_move, "_drag_move", OWNER_BEHAVIOR, VALUE_NONE,
             anima_drag_move(t.behavior, v[0].vec2, v[1].f64), ANIMA_IN("point", VALUE_VEC2),
             ANIMA_IN("time", VALUE_DOUBLE))
ANIMA_METHOD(attachment_drag_end, "_drag_end", OWNER_BEHAVIOR, VALUE_VEC2, drag_end(&t, v[0].f64, &out.vec2),
             ANIMA_IN("time", VALUE_DOUBLE))
/* The library answers false with its message set when another thread is inside the animator: BusyError, not False. */
static anima_status
drag_is_active(const target *t, bool *out)
{
    anima_clear_error();
    *out = anima_drag_is_active(t->behavior);
    const char *message = anima_last_error_message();
    return !*out && message != NULL && message[0] != '\0' ? ANIMA_ERR_BUSY : ANIMA_OK;
}

ANIMA_METHOD(attachment_drag_is_active, "_drag_is_active", OWNER_BEHAVIOR, VALUE_BOOL, drag_is_active(&t, &out.b),
             ANIMA_ARG(NULL))

/* Added to Attachment by the module (anima/_gestures.py's Drag calls them). */
PyMethodDef attachment_drag_methods[] = {
    ANIMA_METHOD_ROW("_drag_move", attachment_drag_move, "The drag's pointer moved to point at time."),
    ANIMA_METHOD_ROW("_drag_end", attachment_drag_end, "The drag's pointer let go at time: its velocity."),
    ANIMA_METHOD_ROW("_drag_is_active", attachment_drag_is_active, "Whether this is an active drag's attachment."),
    {NULL, NULL, 0, NULL},
};

#include "_anima.h"

/*
 * Drops the callables of the held behaviors whose C behavior no longer exists, or of all of them
 * (`all`, when the animator is destroyed); the animator then stops keeping those objects alive.
 * -1 with an exception when a snapshot of them cannot be made (a purge drops that error).
 */
static int
animator_drop_delegates(AnimatorObject *self, bool all)
{
    PyObject *held = self->held != NULL ? PyDict_Items(self->held) : PyList_New(0);
    for (Py_ssize_t i = 0; held != NULL && i < PyList_Size(held); i++) {
        PyObject *pair = PyList_GetItem(held, i);
        BehaviorObject *behavior = (BehaviorObject *)PyTuple_GetItem(pair, 1);
        if (all || !anima_behavior_is_valid(behavior->handle)) {
            (void)walk_references(BEHAVIOR_CALLABLES(behavior), NULL, NULL);
            (void)PyDict_DelItem(self->held, PyTuple_GetItem(pair, 0));
        }
    }
    int result = held != NULL && !PyErr_Occurred() ? 0 : -1;
    Py_XDECREF(held);
    return result;
}

/* Drops what belonged to behaviors destroyed since the last purge (see animator_drop_delegates). */
void
animator_purge_delegates(AnimatorObject *self)
{
    self->purge_delegates = false;
    PyObject *saved = PyErr_Occurred() ? take_exception() : NULL;
    (void)animator_drop_delegates(self, false);
    PyErr_Clear();
    if (saved != NULL) {
        raise_exception(saved);
    }
}

/*
 * Runs advance (one_step false) or step. A callback's exception, which interrupted it, is
 * raised by check() in place of the status (ANIMA_METHOD's method_end checks it).
 */
static anima_status
animator_run(const target *t, bool one_step, double seconds)
{
    AnimatorObject *self = t->animator;
    self->advancing++;
    anima_status status = one_step ? anima_animator_step(self->handle)
                                   : anima_animator_advance(self->handle, seconds);
    self->advancing--;
    if (self->advancing == 0 && self->purge_delegates) {
        animator_purge_delegates(self);
    }
    if (status == ANIMA_ERR_INTERRUPTED) {
        PyErr_SetString(t->st->anima_error, "advance was interrupted");
        anima_clear_error();
        return STATUS_RAISED;
    }
    return status;
}

/* Gives a fresh animator object the C animator handle, and the step callback that lets Ctrl-C stop a
 * long advance between internal steps (see trampoline_step). */
anima_status
animator_adopt(AnimatorObject *self, anima_animator handle)
{
    self->handle = handle;
    self->created = true;
    return anima_animator_set_step_callback(handle, trampoline_step, self);
}

/* -1 with InvalidStateError for an animator that has had a C animator. */
int
animator_check_fresh(const target *t)
{
    if (t->animator->handle.index1 != 0) {
        /* Even after destroy(): new handles could collide with the stale wrappers it still maps. */
        PyErr_SetString(t->st->invalid_state_error, "Animator.__init__ called on an initialised animator");
        return -1;
    }
    return 0;
}

/* What Animator() takes: the library's def, and the memory budget (NaN for none), set once the animator is made. */
typedef struct {
    anima_animator_def def;
    double memory_budget;
} animator_args;

/* -1 with InvalidArgumentError unless bytes is NaN (none) or a whole number of bytes, 1...2^53 (exact as a double). */
static int
animator_check_budget(anima_state *st, double bytes)
{
    if (!isnan(bytes) && !(bytes >= 1 && bytes <= 9007199254740992.0 && floor(bytes) == bytes)) {
        PyObject *given = PyFloat_FromDouble(bytes);
        if (given != NULL) {
            PyErr_Format(st->invalid_argument_error,
                         "memory_budget must be a whole number of bytes, 1...2**53, or None (got %R)", given);
            Py_DECREF(given);
        }
        return -1;
    }
    return 0;
}

/* Makes the C animator of a fresh Animator from its def, whose reference bounds are NaN for none. */
static anima_status
animator_make(const target *t, animator_args *args)
{
    anima_animator_def *def = &args->def;
    if (animator_check_fresh(t) < 0 || animator_check_budget(t->st, args->memory_budget) < 0) {
        return STATUS_RAISED;
    }
    def->has_reference_bounds = !isnan(def->reference_bounds.x);
    if (!def->has_reference_bounds) {
        def->reference_bounds = anima_default_animator_def().reference_bounds;
    }
    anima_animator handle = anima_animator_null();
    anima_status status = anima_animator_create(def, &handle);
    if (status == ANIMA_OK && !isnan(args->memory_budget)) {
        status = anima_animator_set_memory_budget(handle, (uint64_t)args->memory_budget);
        if (status != ANIMA_OK) {
            (void)anima_animator_destroy(handle);
            return status;
        }
    }
    return status != ANIMA_OK ? status : animator_adopt(t->animator, handle);
}

/* The library's default def with no reference bounds given (x NaN, as None gives), and no budget. */
static animator_args
animator_default_args(void)
{
    animator_args args = {.def = anima_default_animator_def(), .memory_budget = NAN};
    args.def.reference_bounds.x = NAN;
    return args;
}

/* The keywords of Animator(): the fields of anima_animator_def, reference_bounds also by position, and the budget. */
#define ANIMATOR_FIELD(NAME, KIND) ANIMA_FIELD_AS(#NAME, KIND, animator_args, def.NAME)
static const argument animator_fields[] = {
    {"reference_bounds", VALUE_BOUNDS, offsetof(animator_args, def.reference_bounds), true, true},
    ANIMATOR_FIELD(step_rate, VALUE_DOUBLE),
    ANIMATOR_FIELD(substeps, VALUE_INT32),
    ANIMATOR_FIELD(rest_speed, VALUE_DOUBLE),
    ANIMATOR_FIELD(rest_angular_speed, VALUE_DOUBLE),
    ANIMATOR_FIELD(rest_time, VALUE_DOUBLE),
    ANIMATOR_FIELD(max_advance, VALUE_DOUBLE),
    ANIMATOR_FIELD(workers, VALUE_INT32),
    ANIMA_FIELD_AS("memory_budget", VALUE_OPTIONAL_DOUBLE, animator_args, memory_budget),
    ANIMA_ARG(NULL),
};

ANIMA_DEF_METHOD(animator_create, "Animator", OWNER_ANIMATOR, VALUE_NONE, animator_args, animator_default_args(),
                 animator_fields, animator_make(&t, &def), ANIMA_ARG(NULL))

/* The object references of an animator: its fields from pending to completions. */
#define ANIMATOR_REFERENCES(self)                                                                         \
    &(self)->pending,                                                                                     \
        (offsetof(AnimatorObject, completions) - offsetof(AnimatorObject, pending)) / sizeof(PyObject *) + 1

static int
animator_traverse(AnimatorObject *self, visitproc visit, void *arg)
{
    Py_VISIT(Py_TYPE((PyObject *)self));
    return walk_references(ANIMATOR_REFERENCES(self), visit, arg);
}

static int
animator_clear(AnimatorObject *self)
{
    return walk_references(ANIMATOR_REFERENCES(self), NULL, NULL);
}

static void
animator_dealloc(AnimatorObject *self)
{
    PyObject_GC_UnTrack(self);
    if (self->created) {
        self->closing = true;
        (void)anima_animator_destroy(self->handle);
        anima_clear_error();
        self->created = false;
    }
    wrapper_dealloc((PyObject *)self, (inquiry)animator_clear);
}

ANIMA_METHOD(animator_advance, "advance", OWNER_ANIMATOR, VALUE_NONE, animator_run(&t, false, v[0].f64),
             ANIMA_IN("seconds", VALUE_DOUBLE))

ANIMA_METHOD(animator_step, "step", OWNER_ANIMATOR, VALUE_NONE, animator_run(&t, true, 0.0), ANIMA_ARG(NULL))

ANIMA_METHOD(animator_add_behavior, "add_behavior", OWNER_ANIMATOR, VALUE_NONE,
             anima_animator_add_behavior(t.animator_handle, v[0].behavior), ANIMA_IN("behavior", VALUE_BEHAVIOR))

ANIMA_METHOD(animator_remove_behavior, "remove_behavior", OWNER_ANIMATOR, VALUE_NONE,
             anima_animator_remove_behavior(t.animator_handle, v[0].behavior), ANIMA_IN("behavior", VALUE_BEHAVIOR))

ANIMA_METHOD(animator_remove_all_behaviors, "remove_all_behaviors", OWNER_ANIMATOR, VALUE_NONE,
             anima_animator_remove_all_behaviors(t.animator_handle), ANIMA_ARG(NULL))

ANIMA_METHOD(animator_items_in_rect, "items_in_rect", OWNER_ANIMATOR, VALUE_OBJECT,
             query_call(&t, (list_query){.kind = LIST_ITEMS_IN_RECT, .rect = v[0].rect}, &out.object),
             ANIMA_IN("rect", VALUE_RECT))

/* _poses_bytes: every item's (x, y, rotation) as native float64 bytes, for Animator.poses(). */
ANIMA_METHOD(animator_poses_bytes, "_poses_bytes", OWNER_ANIMATOR, VALUE_OBJECT,
             query_call(&t, (list_query){.kind = LIST_POSES}, &out.object), ANIMA_ARG(NULL))

/* _display_poses_bytes: the same at the display's time, for Animator.display_poses(). */
ANIMA_METHOD(animator_display_poses_bytes, "_display_poses_bytes", OWNER_ANIMATOR, VALUE_OBJECT,
             query_call(&t, (list_query){.kind = LIST_DISPLAY_POSES}, &out.object), ANIMA_ARG(NULL))

/* What _copy_into writes, by its `records` argument (anima/_animator.py names them): the method, the doubles per item. */
typedef enum { RECORDS_POSES, RECORDS_STATES, RECORDS_DISPLAY_POSES } item_records;

static const struct {
    const char *method;
    Py_ssize_t doubles;
    const char *noun;
} item_record_kinds[] = {
    [RECORDS_POSES] = {"copy_poses_into", 3, "poses"},
    [RECORDS_STATES] = {"copy_states_into", 7, "states"},
    [RECORDS_DISPLAY_POSES] = {"copy_display_poses_into", 3, "poses"},
};

/*
 * Writes every item's pose, state (7 doubles) or display pose into a writable, C-contiguous float64 buffer
 * (anima/_animator.py checks its format) and gives the item count.
 */
static anima_status
copy_items(const target *t, PyObject *buffer, int32_t records, int32_t *out_count)
{
    if (records < 0 || records > RECORDS_DISPLAY_POSES) {
        PyErr_Format(t->st->invalid_argument_error, "_copy_into(): no records of kind %d", (int)records);
        return STATUS_RAISED;
    }
    const char *method = item_record_kinds[records].method;
    Py_ssize_t record = item_record_kinds[records].doubles * (Py_ssize_t)sizeof(double);
    Py_buffer view;
    if (PyObject_GetBuffer(buffer, &view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0) {
        return STATUS_RAISED;
    }
    if (view.len >= (Py_ssize_t)sizeof(double) && ((uintptr_t)view.buf % alignof(double)) != 0) {
        PyErr_Format(t->st->invalid_argument_error, "%s() needs an aligned float64 buffer", method);
        PyBuffer_Release(&view);
        return STATUS_RAISED;
    }
    Py_ssize_t fits = view.len / record;
    int32_t capacity = fits > INT32_MAX ? INT32_MAX : (int32_t)fits;
    void *out = capacity > 0 ? view.buf : NULL;
    *out_count = -1;
    anima_status status;
    switch (records) {
    case RECORDS_STATES: status = anima_animator_copy_item_states(t->animator_handle, out, capacity, out_count); break;
    case RECORDS_DISPLAY_POSES:
        status = anima_animator_copy_display_poses(t->animator_handle, out, capacity, out_count);
        break;
    default: status = anima_animator_copy_item_poses(t->animator_handle, out, capacity, out_count); break;
    }
    PyBuffer_Release(&view);
    if (status != ANIMA_ERR_BUFFER_TOO_SMALL) {
        return status;
    }
    anima_clear_error();
    const char *noun = item_record_kinds[records].noun;
    if (*out_count >= 0) {
        PyErr_Format(t->st->invalid_argument_error, "%s(): the buffer holds %zd %s but the animator has %d items",
                     method, fits, noun, (int)*out_count);
    }
    else {
        PyErr_Format(t->st->invalid_argument_error, "%s(): the buffer holds only %zd %s", method, fits, noun);
    }
    return STATUS_RAISED;
}

ANIMA_METHOD(animator_copy_into, "_copy_into", OWNER_ANIMATOR, VALUE_INT32,
             copy_items(&t, v[0].object, v[1].i32, &out.i32),
             ANIMA_IN("buffer", VALUE_OBJECT), ANIMA_IN("records", VALUE_INT32))

ANIMA_METHOD(animator_update_item_using_current_state, "update_item_using_current_state", OWNER_ANIMATOR, VALUE_NONE,
             anima_animator_update_item_using_current_state(t.animator_handle, v[0].item), ANIMA_IN("item", VALUE_ITEM))

/* Destroys the animator; the callables and behaviors it kept go. */
static anima_status
animator_close(const target *t)
{
    AnimatorObject *self = t->animator;
    anima_status status = anima_animator_destroy(self->handle);
    if (status != ANIMA_OK) {
        return status;
    }
    self->created = false;
    Py_CLEAR(self->on_will_resume);
    Py_CLEAR(self->on_did_pause);
    Py_CLEAR(self->pending);
    Py_CLEAR(self->completions);
    Py_CLEAR(self->value_callbacks);
    return animator_drop_delegates(self, true) < 0 ? STATUS_RAISED : ANIMA_OK;
}

ANIMA_METHOD(animator_destroy, "destroy", OWNER_ANIMATOR, VALUE_NONE, animator_close(&t), ANIMA_ARG(NULL))

/* --------------------------------------------------------- properties */

/* The reference bounds through the accessor shapes of the property table: NaN for none. */
static anima_status
animator_get_reference_bounds(anima_animator animator, anima_rect *out)
{
    bool has = false;
    anima_status status = anima_animator_get_reference_bounds(animator, out, &has);
    if (status == ANIMA_OK && !has) {
        *out = (anima_rect){NAN, NAN, NAN, NAN};
    }
    return status;
}

static anima_status
animator_set_reference_bounds(anima_animator animator, anima_rect bounds)
{
    return anima_animator_set_reference_bounds(animator, isnan(bounds.x) ? NULL : &bounds);
}

/* A count of bytes the library gives as a uint64_t, as a double (exact up to 2^53) for a VALUE_DOUBLE property. */
static anima_status
bytes_as_double(anima_status (*get)(anima_animator, uint64_t *), anima_animator animator, double *out)
{
    uint64_t bytes = 0;
    anima_status status = get(animator, &bytes);
    *out = (double)bytes;
    return status;
}

/* The memory budget as a double: 0 for none, as in the library. */
static anima_status
animator_get_memory_budget(anima_animator animator, double *out)
{
    return bytes_as_double(anima_animator_get_memory_budget, animator, out);
}

static anima_status
animator_set_memory_budget(anima_animator animator, double bytes)
{
    /* (anima/_animator.py checks the value; one out of range here is refused by the library) */
    bool whole = bytes >= 0 && bytes <= 9007199254740992.0 && floor(bytes) == bytes;
    return anima_animator_set_memory_budget(animator, whole ? (uint64_t)bytes : UINT64_MAX);
}

static anima_status
animator_get_memory_held(anima_animator animator, double *out)
{
    return bytes_as_double(anima_animator_get_memory_held, animator, out);
}

/* Installs the delegate trampolines for the callables the animator has once *slot holds value. */
static int
animator_install_delegate(anima_state *st, PyObject *obj, PyObject **slot, PyObject *value)
{
    AnimatorObject *self = (AnimatorObject *)obj;
    PyObject *will_resume = slot == &self->on_will_resume ? value : self->on_will_resume;
    PyObject *did_pause = slot == &self->on_did_pause ? value : self->on_did_pause;
    anima_status status = anima_animator_set_delegate(
        self->handle, will_resume != NULL ? trampoline_will_resume : NULL,
        did_pause != NULL ? trampoline_did_pause : NULL, self);
    return check(st, self, status);
}

static PyMethodDef animator_methods[] = {
    ANIMA_METHOD_ROW("_create", animator_create, NULL),
    ANIMA_METHOD_ROW("advance", animator_advance,
                     "advance($self, seconds, /)\n--\n\n"
                     "Consume `seconds` of frame time (finite, 0...max_advance). Whole internal steps of\n"
                     "1/step_rate s run while the animator is running; the remainder carries over\n"
                     "to the next call. Callbacks run during this call; an exception raised by one\n"
                     "stops the call after the current internal step and propagates from here, and so\n"
                     "does KeyboardInterrupt. Raises BusyError when called from one of this animator's\n"
                     "callbacks."),
    ANIMA_METHOD_ROW("step", animator_step,
                     "step($self, /)\n--\n\n"
                     "Run exactly one internal step (1/step_rate s) if the animator is running;\n"
                     "nothing happens while it is paused. Errors and callbacks as advance()."),
    ANIMA_METHOD_ROW("add_behavior", animator_add_behavior,
                     "add_behavior($self, behavior)\n--\n\n"
                     "Add a top-level behavior (of this animator). Adding one already added is\n"
                     "ignored; one that is a child elsewhere raises InvalidStateError. Inside a\n"
                     "callback the change takes effect at the end of the internal step."),
    ANIMA_METHOD_ROW("remove_behavior", animator_remove_behavior,
                     "remove_behavior($self, behavior)\n--\n\n"
                     "Remove a top-level behavior; it is not destroyed and can be added again.\n"
                     "Removing one that is not added does nothing. Deferred inside callbacks."),
    ANIMA_METHOD_ROW("remove_all_behaviors", animator_remove_all_behaviors,
                     "remove_all_behaviors($self, /)\n--\n\n"
                     "Remove every top-level behavior (none is destroyed). Deferred inside callbacks."),
    ANIMA_METHOD_ROW("items_in_rect", animator_items_in_rect,
                     "items_in_rect($self, rect)\n--\n\n"
                     "The items governed by a behavior whose collision bounds intersect\n"
                     "rect = (x, y, width, height) in points (width, height >= 0), as a list."),
    ANIMA_METHOD_ROW("_poses_bytes", animator_poses_bytes, "Every item's pose as float64 bytes."),
    ANIMA_METHOD_ROW("_display_poses_bytes", animator_display_poses_bytes,
                     "Every item's pose at the display's time as float64 bytes."),
    ANIMA_METHOD_ROW("_copy_into", animator_copy_into, NULL),
    ANIMA_METHOD_ROW("update_item_using_current_state", animator_update_item_using_current_state,

 "update_item_using_current_state($self, item)\n--\n\n"
 "Take an item's center, size and transform as they are now after a change\n"
 "made from outside the dynamics (UIKit's updateItemUsingCurrentState): its\n"
 "collision outline and mass follow, and it wakes a paused animator."),
    ANIMA_METHOD_ROW("destroy", animator_destroy,
                     "destroy($self, /)\n--\n\n"
                     "Destroy the animator and everything in it now (collection does it too).\n"
                     "Later use of it, its items or its behaviors raises StaleHandleError.\n"
                     "Raises BusyError from inside one of its callbacks."),
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef animator_getset[] = {
    ANIMA_GETSET(OWNER_ANIMATOR, VALUE_BOUNDS, "reference_bounds", animator_get_reference_bounds,
                 animator_set_reference_bounds,
                 "The reference bounds (x, y, width, height) in points, or None for an unbounded space."),
    ANIMA_GET(OWNER_ANIMATOR, VALUE_BOOL, "is_running", anima_animator_is_running,
              "True while anything moves or is active; False once everything has come to rest."),
    {"is_valid", is_valid_get, NULL,
     "True until the animator is destroyed.", (void *)OWNER_ANIMATOR},
    ANIMA_GET(OWNER_ANIMATOR, VALUE_DOUBLE, "elapsed_time", anima_animator_get_elapsed_time,
              "Simulated seconds spent running (paused time does not count)."),
    ANIMA_GET(OWNER_ANIMATOR, VALUE_DOUBLE, "step_duration", anima_animator_get_step_duration,
              "The internal step length in seconds (1 / step_rate)."),
    ANIMA_GET(OWNER_ANIMATOR, VALUE_UINT64, "step_count", anima_animator_get_step_count,
              "The number of internal steps run so far."),
    ANIMA_GET(OWNER_ANIMATOR, VALUE_DOUBLE, "display_fraction", anima_animator_get_display_fraction,
              "Where the display's time lies between the last two internal steps, as a share of a\n"
              "step (0...1, read-only): the frame time advance() has not yet turned into a step,\n"
              "over step_duration; 1 while the animator is paused. display_poses() interpolates\n"
              "each pose by it."),
    ANIMA_GETSET(OWNER_ANIMATOR, VALUE_DOUBLE, "_memory_budget", animator_get_memory_budget,
                 animator_set_memory_budget, "The memory budget in bytes (a float), 0 for none: see memory_budget."),
    ANIMA_GET(OWNER_ANIMATOR, VALUE_DOUBLE, "_memory_held", animator_get_memory_held,
              "What the storage holds, in bytes (a float): see memory_held."),
    ANIMA_GET(OWNER_ANIMATOR, VALUE_INT32, "workers", anima_animator_get_workers,
              "The threads sharing each step, the stepping one included: the constructor's\n"
              "workers, or fewer (no more than the processors online)."),
    {"items", query_get, NULL, "The live items, in creation order (a tuple).", (void *)LIST_ANIMATOR_ITEMS},
    ANIMA_GETSET(OWNER_ANIMATOR, VALUE_BOOL, "reduces_motion", anima_animator_get_reduces_motion,
                 anima_animator_set_reduces_motion,
                 "Reduced motion (a user's accessibility setting): True makes every view and value animation\n"
                 "reach its end at the next step, its completion finished True; the physics is unchanged."),
    ANIMA_GETSET(OWNER_ANIMATOR, VALUE_DOUBLE, "time_scale", anima_animator_get_time_scale, anima_animator_set_time_scale,
                 "Simulated seconds per second of advance (0.001...1000; 1 is real time, 0.1 ten times\n"
                 "slower): every animation and the physics run on it, bit-identical at any frame rate."),
    {"values", query_get, NULL, "The live animated values (anima.Value), in creation order (a tuple).",
     (void *)LIST_ANIMATOR_VALUES},
    {"_detached_values", query_get, NULL, "The values whose on_change a restored snapshot recorded, not set since.",
     (void *)LIST_DETACHED_VALUES},
    {"behaviors", query_get, NULL, "The top-level behaviors, in the order added (a tuple).",
     (void *)LIST_ANIMATOR_BEHAVIORS},
    {"began_contacts", query_get, NULL,
     "The contacts that began during the last advance() or step(), as a list of ContactEvent.",
     (void *)LIST_BEGAN_CONTACTS},
    {"ended_contacts", query_get, NULL,
     "The contacts that ended during the last advance() or step(), as a list of ContactEvent.",
     (void *)LIST_ENDED_CONTACTS},
    {"began_sensor_events", query_get, NULL,
     "The items that began overlapping a sensor during the last advance() or step(), as a list\n"
     "of SensorEvent.", (void *)LIST_BEGAN_SENSOR_EVENTS},
    {"ended_sensor_events", query_get, NULL,
     "The items that stopped overlapping a sensor (or were destroyed, or whose sensor was) during\n"
     "the last advance() or step(), as a list of SensorEvent.", (void *)LIST_ENDED_SENSOR_EVENTS},
    {"hit_events", query_get, NULL,
     "The hits of the last advance() or step() (Collision.hit_threshold), as a list of HitEvent.",
     (void *)LIST_HIT_EVENTS},
    ANIMA_GET(OWNER_ANIMATOR, VALUE_INT32, "animation_count", anima_animation_count,
              "The number of running view animations."),
    ANIMA_GET(OWNER_ANIMATOR, VALUE_BOOL, "is_recording_animation", anima_animation_is_recording,
              "True inside an `animate` or `animate_keyframes` block, while it records targets."),
    ANIMA_CALLABLE("on_will_resume", AnimatorObject, on_will_resume, animator_install_delegate, true,
                   "Called as f(animator) before the animator starts running again; None to unset."),
    {"_detached", query_get, NULL, "The detached callbacks as (anima_callback_kind, owner).", (void *)LIST_DETACHED},
    ANIMA_CALLABLE("on_did_pause", AnimatorObject, on_did_pause, animator_install_delegate, true,
                   "Called as f(animator) after everything has come to rest; None to unset."),
    {NULL, NULL, NULL, NULL, NULL},
};

/* What the animator keeps for its callbacks (None while it keeps none), for anima/_snapshot.py. */
static PyMemberDef animator_members[] = {
    {"_completions", T_OBJECT, offsetof(AnimatorObject, completions), READONLY, "animation id -> completion"},
    {"_held", T_OBJECT, offsetof(AnimatorObject, held), READONLY, "the behaviors the library calls, by handle"},
    {"__weaklistoffset__", T_PYSSIZET, offsetof(AnimatorObject, weakreflist), READONLY, NULL},
    {NULL, 0, 0, 0, NULL},
};

/* The constructor's signature, for introspection; the docstring is anima/_animator.py's. */
PyDoc_STRVAR(animator_doc,
"Animator(reference_bounds=None, *, step_rate=120.0, substeps=4, rest_speed=2.0,\n"
"         rest_angular_speed=0.035, rest_time=0.25, max_advance=60.0, workers=1,\n"
"         memory_budget=None)\n"
"--\n\n");

ANIMA_TYPE(animator, "anima.Animator", AnimatorObject, animator_doc, {Py_tp_init, init_by_create},
           {Py_tp_dealloc, animator_dealloc}, {Py_tp_traverse, animator_traverse}, {Py_tp_clear, animator_clear},
           {Py_tp_members, animator_members},);


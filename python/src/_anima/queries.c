#include "_anima.h"

/*
 * The list queries: a counting query of the library (the items, the behaviors, a behavior's items and children, a
 * boundary's points, an item's path, the poses, the detached callbacks, the contact events, the snapshot bytes) run
 * into a buffer large enough for its answer, and that answer as a tuple or a list of Python objects (the live
 * wrappers of handles, points, ContactEvents, HitEvents) or as bytes. One table of list kinds gives each query its element
 * size, its result's form and the owner of its handle. Above registry.c and events.c.
 */

/* The Python form of a list query's result. */
typedef enum { FORM_TUPLE, FORM_LIST, FORM_BYTES } list_form;

/* Each list query: the size of its elements, the form of its result and the owner of its handle. */
static const struct {
    size_t element;
    list_form form;
    owner_kind owner;
} list_kinds[] = {
    [LIST_ANIMATOR_ITEMS] = {sizeof(anima_item), FORM_TUPLE, OWNER_ANIMATOR},
    [LIST_ANIMATOR_BEHAVIORS] = {sizeof(anima_behavior), FORM_TUPLE, OWNER_ANIMATOR},
    [LIST_BEHAVIOR_CHILDREN] = {sizeof(anima_behavior), FORM_TUPLE, OWNER_BEHAVIOR},
    [LIST_ITEMS_IN_RECT] = {sizeof(anima_item), FORM_LIST, OWNER_ANIMATOR},
    [LIST_BEHAVIOR_ITEMS] = {sizeof(anima_item), FORM_TUPLE, OWNER_BEHAVIOR},
    [LIST_BOUNDARY_POINTS] = {sizeof(anima_vec2), FORM_LIST, OWNER_BEHAVIOR},
    [LIST_ITEM_PATH] = {sizeof(anima_vec2), FORM_TUPLE, OWNER_ITEM},
    [LIST_POSES] = {3 * sizeof(double), FORM_BYTES, OWNER_ANIMATOR},
    [LIST_DISPLAY_POSES] = {3 * sizeof(double), FORM_BYTES, OWNER_ANIMATOR},
    [LIST_DETACHED] = {sizeof(anima_detached_callback), FORM_TUPLE, OWNER_ANIMATOR},
    [LIST_BEGAN_CONTACTS] = {sizeof(anima_contact_event), FORM_LIST, OWNER_ANIMATOR},
    [LIST_ENDED_CONTACTS] = {sizeof(anima_contact_event), FORM_LIST, OWNER_ANIMATOR},
    [LIST_HIT_EVENTS] = {sizeof(anima_hit_event), FORM_LIST, OWNER_ANIMATOR},
    [LIST_BEGAN_SENSOR_EVENTS] = {sizeof(anima_sensor_event), FORM_LIST, OWNER_ANIMATOR},
    [LIST_ENDED_SENSOR_EVENTS] = {sizeof(anima_sensor_event), FORM_LIST, OWNER_ANIMATOR},
    [LIST_SENSOR_VISITORS] = {sizeof(anima_item), FORM_LIST, OWNER_ITEM},
    [LIST_GROUP_PARTS] = {sizeof(anima_item), FORM_TUPLE, OWNER_ITEM},
    [LIST_SNAPSHOT] = {1, FORM_BYTES, OWNER_ANIMATOR},
    [LIST_ANIMATOR_VALUES] = {sizeof(anima_value), FORM_TUPLE, OWNER_ANIMATOR},
    [LIST_DETACHED_VALUES] = {sizeof(anima_value), FORM_TUPLE, OWNER_ANIMATOR},
};

/* An event array of the library (the contact, hit or sensor events of the last advance or step: `status` and
 * *count as the library's call left them) copied out as by a counting query. */
static anima_status
copy_events(anima_status status, const void *events, size_t size, void *out, int32_t capacity, const int32_t *count)
{
    if (status == ANIMA_OK && *count > capacity) {
        return ANIMA_ERR_BUFFER_TOO_SMALL;
    }
    if (status == ANIMA_OK && *count > 0) {
        memcpy(out, events, (size_t)*count * size);
    }
    return status;
}

static anima_status
copy_contacts(const list_query *q, void *out, int32_t capacity, int32_t *count)
{
    const anima_contact_event *events = NULL;
    anima_status status = anima_animator_get_contact_events(q->animator, q->kind == LIST_BEGAN_CONTACTS, &events, count);
    return copy_events(status, events, sizeof *events, out, capacity, count);
}

static anima_status
copy_hits(const list_query *q, void *out, int32_t capacity, int32_t *count)
{
    const anima_hit_event *events = NULL;
    anima_status status = anima_animator_get_hit_events(q->animator, &events, count);
    return copy_events(status, events, sizeof *events, out, capacity, count);
}

static anima_status
copy_sensor_events(const list_query *q, void *out, int32_t capacity, int32_t *count)
{
    const anima_sensor_event *events = NULL;
    anima_status status =
        anima_animator_get_sensor_events(q->animator, q->kind == LIST_BEGAN_SENSOR_EVENTS, &events, count);
    return copy_events(status, events, sizeof *events, out, capacity, count);
}

/* The animator's snapshot bytes, as a counting query (a snapshot is far below 2 GiB). */
static anima_status
copy_snapshot(const list_query *q, void *out, int32_t capacity, int32_t *count)
{
    int64_t size = 0;
    anima_status status = anima_animator_snapshot(q->animator, out, capacity, &size);
    *count = (int32_t)Py_MIN(size, INT32_MAX);
    return status;
}

static anima_status
list_query_run(const list_query *q, void *out, int32_t capacity, int32_t *count)
{
    switch (q->kind) {
    case LIST_ANIMATOR_ITEMS: return anima_animator_get_items(q->animator, out, capacity, count);
    case LIST_ANIMATOR_BEHAVIORS: return anima_animator_get_behaviors(q->animator, out, capacity, count);
    case LIST_BEHAVIOR_CHILDREN: return anima_behavior_get_children(q->behavior, out, capacity, count);
    case LIST_ITEMS_IN_RECT: return anima_animator_items_in_rect(q->animator, q->rect, out, capacity, count);
    case LIST_BEHAVIOR_ITEMS: return anima_behavior_get_items(q->behavior, out, capacity, count);
    case LIST_BOUNDARY_POINTS:
        return anima_collision_get_boundary(q->behavior, q->identifier, out, capacity, count);
    case LIST_ITEM_PATH: return anima_item_get_path(q->item, out, capacity, count);
    case LIST_POSES: return anima_animator_copy_item_poses(q->animator, out, capacity, count);
    case LIST_DISPLAY_POSES: return anima_animator_copy_display_poses(q->animator, out, capacity, count);
    case LIST_DETACHED: return anima_animator_get_detached_callbacks(q->animator, out, capacity, count);
    case LIST_BEGAN_CONTACTS:
    case LIST_ENDED_CONTACTS: return copy_contacts(q, out, capacity, count);
    case LIST_HIT_EVENTS: return copy_hits(q, out, capacity, count);
    case LIST_BEGAN_SENSOR_EVENTS:
    case LIST_ENDED_SENSOR_EVENTS: return copy_sensor_events(q, out, capacity, count);
    case LIST_SENSOR_VISITORS: return anima_item_get_sensor_visitors(q->item, out, capacity, count);
    case LIST_GROUP_PARTS: return anima_group_get_parts(q->item, out, capacity, count);
    case LIST_SNAPSHOT: return copy_snapshot(q, out, capacity, count);
    case LIST_ANIMATOR_VALUES: return anima_animator_get_values(q->animator, out, capacity, count);
    case LIST_DETACHED_VALUES: return anima_animator_get_detached_value_callbacks(q->animator, out, capacity, count);
    }
    return ANIMA_ERR_INVALID_ARGUMENT;
}

/*
 * Runs a counting query into a PyMem buffer large enough for every element: a first try with
 * room for a few, then one with room for the count the library asked for. On success *out
 * (free with PyMem_Free) holds *out_count elements.
 */
static int
fetch_list(anima_state *st, AnimatorObject *animator, const list_query *q, void **out, int32_t *out_count)
{
    int32_t capacity = 16, count = -1;
    anima_status status = ANIMA_ERR_BUFFER_TOO_SMALL;
    for (int attempt = 0; attempt < 2 && status == ANIMA_ERR_BUFFER_TOO_SMALL; attempt++) {
        anima_clear_error();
        capacity = count > capacity ? count : capacity;
        PyMem_Free(*out);
        *out = PyMem_Malloc((size_t)capacity * list_kinds[q->kind].element);
        if (*out == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        status = list_query_run(q, *out, capacity, &count);
    }
    if (status == ANIMA_OK && (count < 0 || count > capacity)) {
        PyErr_Format(st->anima_error, "the library reported %d elements for a capacity of %d", (int)count,
                     (int)capacity);
        status = STATUS_RAISED;
    }
    if (check(st, animator, status) < 0) {
        PyMem_Free(*out);
        return -1;
    }
    *out_count = count;
    return 0;
}

/* (kind, owner) for a detached callback: the owner is the Item, the Behavior, the animation id or the animator. */
static PyObject *
detached_tuple(anima_state *st, AnimatorObject *animator, const anima_detached_callback *c)
{
    PyObject *owner = c->item.index1 != 0       ? wrap_item(st, animator, c->item)
                      : c->behavior.index1 != 0 ? wrap_behavior(st, animator, c->behavior)
                      : c->animation != 0       ? PyLong_FromUnsignedLongLong(c->animation)
                                                : Py_NewRef((PyObject *)animator);
    PyObject *result = owner != NULL ? Py_BuildValue("(iO)", (int)c->kind, owner) : NULL;
    Py_XDECREF(owner);
    return result;
}

/* The Python object for element i of a query's buffer: an Item, a Behavior, an (x, y) point, ... */
static PyObject *
list_element(anima_state *st, AnimatorObject *animator, list_kind kind, const void *buffer, int32_t i)
{
    switch (kind) {
    case LIST_ANIMATOR_BEHAVIORS:
    case LIST_BEHAVIOR_CHILDREN: return wrap_behavior(st, animator, ((const anima_behavior *)buffer)[i]);
    case LIST_BOUNDARY_POINTS:
    case LIST_ITEM_PATH: {
        const anima_vec2 *point = &((const anima_vec2 *)buffer)[i];
        return Py_BuildValue("(dd)", point->x, point->y);
    }
    case LIST_DETACHED: return detached_tuple(st, animator, &((const anima_detached_callback *)buffer)[i]);
    case LIST_ANIMATOR_VALUES:
    case LIST_DETACHED_VALUES: return wrap_value(st, animator, ((const anima_value *)buffer)[i]);
    case LIST_BEGAN_CONTACTS:
    case LIST_ENDED_CONTACTS: return contact_event_new(st, animator, &((const anima_contact_event *)buffer)[i]);
    case LIST_HIT_EVENTS: return hit_event_new(st, animator, &((const anima_hit_event *)buffer)[i]);
    case LIST_BEGAN_SENSOR_EVENTS:
    case LIST_ENDED_SENSOR_EVENTS: return sensor_event_new(st, animator, &((const anima_sensor_event *)buffer)[i]);
    default: return wrap_item(st, animator, ((const anima_item *)buffer)[i]);
    }
}

/*
 * A list query of the target (q gives its kind and any rect or identifier) as a new reference in
 * *out: a tuple or a list of its elements, or the bytes of its records, by the kind's form.
 */
anima_status
query_call(const target *t, list_query q, PyObject **out)
{
    void *buffer = NULL;
    int32_t count = 0;
    q.animator = t->animator_handle;
    q.behavior = t->behavior;
    q.item = t->item;
    if (fetch_list(t->st, t->animator, &q, &buffer, &count) < 0) {
        return STATUS_RAISED;
    }
    list_form form = list_kinds[q.kind].form;
    Py_ssize_t size = (Py_ssize_t)(count * list_kinds[q.kind].element);
    PyObject *result = form == FORM_BYTES ? PyBytes_FromStringAndSize(buffer, size)
                       : form == FORM_LIST ? PyList_New(count)
                                           : PyTuple_New(count);
    for (int32_t i = 0; result != NULL && form != FORM_BYTES && i < count; i++) {
        PyObject *element = list_element(t->st, t->animator, q.kind, buffer, i);
        if (element == NULL) {
            Py_CLEAR(result);
        }
        else if ((form == FORM_LIST ? PyList_SetItem(result, i, element) : PyTuple_SetItem(result, i, element)) < 0) {
            Py_CLEAR(result);
        }
    }
    PyMem_Free(buffer);
    *out = result;
    return result != NULL ? ANIMA_OK : STATUS_RAISED;
}

/* The getter of a value read by a list query (items, behaviors, children, ...): the closure is its list_kind. */
PyObject *
query_get(PyObject *self, void *closure)
{
    list_kind kind = (list_kind)(intptr_t)closure;
    target t = target_of(self, list_kinds[kind].owner);
    PyObject *result = NULL;
    if (t.st != NULL && t.animator == NULL) {
        raise_never_initialised(t.st, self);
    }
    if (t.st == NULL || t.animator == NULL || query_call(&t, (list_query){.kind = kind}, &result) != ANIMA_OK) {
        return NULL;
    }
    return result;
}

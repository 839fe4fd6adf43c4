#include "_anima.h"

/* The registry key of a handle: generation and index (one dict per category). */
PyObject *
handle_key(uint32_t index1, uint32_t generation)
{
    return PyLong_FromUnsignedLongLong(((unsigned long long)generation << 32) | index1);
}

/* A new reference to a weak reference's object, or NULL (no error) when it is dead. */
static PyObject *
weakref_target(PyObject *ref)
{
    PyObject *obj = PyObject_CallNoArgs(ref); /* a weak reference called gives its object, or None */
    if (obj == NULL) {
        PyErr_Clear();
    }
    else if (obj == Py_None) {
        Py_CLEAR(obj);
    }
    return obj;
}

/* Looks up the live wrapper of a handle in a registry dict (NULL while empty): *out is a new reference or NULL. */
int
registry_find(PyObject *map, uint32_t index1, uint32_t generation, PyObject **out)
{
    PyObject *key = handle_key(index1, generation);
    PyObject *ref = key != NULL && map != NULL ? PyDict_GetItemWithError(map, key) : NULL;
    Py_XDECREF(key);
    *out = ref != NULL ? weakref_target(ref) : NULL;
    return key == NULL || PyErr_Occurred() ? -1 : 0;
}

/* Drops the dead entry of a handle; used by deallocators, so it keeps any pending exception. */
void
registry_forget(PyObject *map, uint32_t index1, uint32_t generation)
{
    if (map == NULL || index1 == 0) {
        return;
    }
    PyObject *saved = PyErr_Occurred() ? take_exception() : NULL;
    PyObject *alive = NULL;
    PyObject *key = handle_key(index1, generation);
    if (key != NULL && registry_find(map, index1, generation, &alive) == 0 && alive == NULL) {
        (void)PyDict_DelItem(map, key);
    }
    Py_XDECREF(alive);
    Py_XDECREF(key);
    PyErr_Clear();
    if (saved != NULL) {
        raise_exception(saved);
    }
}

/* An item's and a behavior's wrapper keep their animator and handle at the same offsets. */
_Static_assert(offsetof(ItemObject, animator) == offsetof(BehaviorObject, animator), "wrapper layout");
_Static_assert(offsetof(ItemObject, handle) == offsetof(BehaviorObject, handle), "wrapper layout");
_Static_assert(sizeof(anima_item) == sizeof(anima_behavior), "handle layout");

/*
 * Gives a fresh wrapper (an Item or a Behavior) its handle (an anima_item or anima_behavior)
 * and animator, and registers it in *map; -1 when that fails.
 */
int
wrapper_adopt(PyObject *obj, AnimatorObject *animator, PyObject **map, const void *handle)
{
    BehaviorObject *wrapper = (BehaviorObject *)obj;
    memcpy(&wrapper->handle, handle, sizeof wrapper->handle);
    PyObject *key = handle_key(wrapper->handle.index1, wrapper->handle.generation);
    PyObject *ref = key != NULL ? PyWeakref_NewRef(obj, NULL) : NULL;
    int added = ref == NULL || (*map == NULL && (*map = PyDict_New()) == NULL) ? -1 : PyDict_SetItem(*map, key, ref);
    Py_XDECREF(key);
    Py_XDECREF(ref);
    if (added < 0) {
        wrapper->handle = anima_behavior_null();
        return -1;
    }
    wrapper->animator = (AnimatorObject *)Py_NewRef((PyObject *)animator);
    return 0;
}

/*
 * The live wrapper of a handle (an anima_item or anima_behavior; its key in *map), or a fresh
 * object of `type`. None for a null handle (index1 0).
 */
static PyObject *
wrap_handle(AnimatorObject *animator, PyObject **map, uint32_t index1, uint32_t generation, PyTypeObject *type,
            const void *handle)
{
    if (index1 == 0) {
        Py_RETURN_NONE;
    }
    PyObject *found = NULL;
    if (registry_find(*map, index1, generation, &found) < 0 || found != NULL) {
        return found;
    }
    allocfunc alloc = (allocfunc)PyType_GetSlot(type, Py_tp_alloc);
    PyObject *object = alloc(type, 0);
    if (object != NULL && wrapper_adopt(object, animator, map, handle) < 0) {
        Py_CLEAR(object);
    }
    return object;
}

/* The Item for a handle of this animator: the live wrapper, or a fresh one. None for a null handle. */
PyObject *
wrap_item(anima_state *st, AnimatorObject *animator, anima_item handle)
{
    return wrap_handle(animator, &animator->item_wrappers, handle.index1, handle.generation, st->item_type, &handle);
}

/* The type of a behavior kind's wrappers; the plain Behavior for a kind the extension has no type of. */
static PyTypeObject *
behavior_type_for_kind(anima_state *st, uint16_t kind)
{
    bool known = kind < Py_ARRAY_LENGTH(st->types) && kind > ANIMA_KIND_ITEM;
    return known ? st->types[kind] : st->behavior_type;
}

/* The Behavior for a handle of this animator: the live wrapper, or a fresh one of the right type. */
PyObject *
wrap_behavior(anima_state *st, AnimatorObject *animator, anima_behavior handle)
{
    return wrap_handle(animator, &animator->behavior_wrappers, handle.index1, handle.generation,
                       behavior_type_for_kind(st, handle.kind), &handle);
}

/*
 * The wrapper of the item or behavior with a stable id in this animator, of class cls (a subclass
 * of Item or Behavior; the base class itself means the kind's own type). An existing wrapper of
 * another class than a subclass asked for is an InvalidStateError: one handle has one wrapper. A
 * new wrapper of a class that defines `action` gets the C action, as a constructed one does.
 */
anima_status
wrap_as(const target *t, uint64_t id, PyObject *cls_object, PyObject **out)
{
    anima_state *st = t->st;
    PyTypeObject *cls = PyType_Check(cls_object) ? (PyTypeObject *)cls_object : NULL;
    bool is_item = cls != NULL && PyType_IsSubtype(cls, st->item_type);
    if (cls == NULL || (!is_item && !PyType_IsSubtype(cls, st->behavior_type))) {
        PyObject *name = type_name(cls != NULL ? cls : Py_TYPE(cls_object));
        if (name != NULL) {
            PyErr_Format(PyExc_TypeError, "cls must be anima.Item, anima.Behavior or a subclass, not %.100U", name);
            Py_DECREF(name);
        }
        return STATUS_RAISED;
    }
    union {
        anima_item item;
        anima_behavior behavior;
    } handle = {.behavior = anima_behavior_null()};
    anima_status status = is_item ? anima_animator_find_item(t->animator_handle, id, &handle.item)
                                  : anima_animator_find_behavior(t->animator_handle, id, &handle.behavior);
    PyTypeObject *own = is_item ? st->item_type : behavior_type_for_kind(st, handle.behavior.kind);
    PyObject **map = is_item ? &t->animator->item_wrappers : &t->animator->behavior_wrappers;
    bool base = cls == st->item_type || cls == st->behavior_type;
    *out = NULL;
    if (status != ANIMA_OK || registry_find(*map, handle.item.index1, handle.item.generation, out) < 0) {
        return status != ANIMA_OK ? status : STATUS_RAISED;
    }
    if (*out != NULL && !base && Py_TYPE(*out) != cls) {
        PyObject *name = type_name(Py_TYPE(*out));
        if (name != NULL) {
            PyErr_Format(st->invalid_state_error, "the object with id %llu already has a wrapper, of class %.100U",
                         (unsigned long long)id, name);
            Py_DECREF(name);
        }
        Py_CLEAR(*out);
        return STATUS_RAISED;
    }
    if (*out == NULL && !base && !PyType_IsSubtype(cls, own)) {
        PyObject *own_name = type_name(own);
        PyObject *cls_name = own_name != NULL ? type_name(cls) : NULL;
        if (cls_name != NULL) {
            PyErr_Format(PyExc_TypeError, "the object with id %llu is an %.100U, not an %.100U",
                         (unsigned long long)id, own_name, cls_name);
        }
        Py_XDECREF(own_name);
        Py_XDECREF(cls_name);
        return STATUS_RAISED;
    }
    if (*out == NULL) {
        *out = wrap_handle(t->animator, map, handle.item.index1, handle.item.generation, base ? own : cls, &handle);
        if (*out != NULL && !is_item && behavior_take_class_action(st, (BehaviorObject *)*out) < 0) {
            Py_CLEAR(*out);
        }
    }
    return *out != NULL ? ANIMA_OK : STATUS_RAISED;
}

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
    [LIST_SNAPSHOT] = {1, FORM_BYTES, OWNER_ANIMATOR},
};

/* The contact events of the last advance or step, copied out as by a counting query. */
static anima_status
copy_contacts(const list_query *q, void *out, int32_t capacity, int32_t *count)
{
    const anima_contact_event *events = NULL;
    anima_status status = anima_animator_get_contact_events(q->animator, q->kind == LIST_BEGAN_CONTACTS, &events,
                                                            count);
    if (status == ANIMA_OK && *count > capacity) {
        return ANIMA_ERR_BUFFER_TOO_SMALL;
    }
    if (status == ANIMA_OK && *count > 0) {
        memcpy(out, events, (size_t)*count * sizeof *events);
    }
    return status;
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
    case LIST_SNAPSHOT: return copy_snapshot(q, out, capacity, count);
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
    case LIST_BEGAN_CONTACTS:
    case LIST_ENDED_CONTACTS: return contact_event_new(st, animator, &((const anima_contact_event *)buffer)[i]);
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

/* ------------------------------------------------ items and behaviors as values */

/* tp_hash of items and behaviors: from the handle and the animator. */
Py_hash_t
wrapper_hash(PyObject *self)
{
    const anima_behavior *handle = &((BehaviorObject *)self)->handle;
    Py_uhash_t hash = (Py_uhash_t)handle->index1 * 1000003u;
    hash ^= (Py_uhash_t)handle->generation * 0x9E3779B1u;
    hash ^= (Py_uhash_t)handle->animator << 20;
    hash ^= (Py_uhash_t)(uintptr_t)((BehaviorObject *)self)->animator >> 4;
    return (Py_hash_t)(hash == (Py_uhash_t)-1 ? (Py_uhash_t)-2 : hash);
}

/* tp_richcompare of items and behaviors: equal when they wrap the same handle of the same animator. */
PyObject *
wrapper_richcompare(PyObject *a, PyObject *b, int op)
{
    anima_state *st = STATE_OF(a);
    if (st == NULL) {
        return NULL;
    }
    PyTypeObject *base = PyObject_TypeCheck(a, st->item_type) ? st->item_type : st->behavior_type;
    if ((op != Py_EQ && op != Py_NE) || !PyObject_TypeCheck(b, base)) {
        Py_RETURN_NOTIMPLEMENTED;
    }
    BehaviorObject *x = (BehaviorObject *)a, *y = (BehaviorObject *)b;
    bool equal = x->animator == y->animator && memcmp(&x->handle, &y->handle, sizeof x->handle) == 0;
    return PyBool_FromLong(op == Py_EQ ? equal : !equal);
}

/* Raises StaleHandleError for an Item or a Behavior (self) never initialised. */
static void
raise_never_initialised(anima_state *st, PyObject *self)
{
    PyObject *name = type_name(Py_TYPE(self));
    if (name != NULL) {
        PyErr_Format(st->stale_handle_error, "this %.100U was never initialised", name);
        Py_DECREF(name);
    }
}

/* The `animator` of items and behaviors; StaleHandleError for a wrapper never initialised. */
PyObject *
wrapper_get_animator(PyObject *self, void *closure)
{
    (void)closure;
    AnimatorObject *animator = ((ItemObject *)self)->animator;
    anima_state *st = animator == NULL ? STATE_OF(self) : NULL;
    if (st != NULL) {
        raise_never_initialised(st, self);
    }
    return animator != NULL ? Py_NewRef((PyObject *)animator) : NULL;
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

/*
 * is_valid of animators, items and behaviors: the closure is the owner_kind. The library answers false with its
 * last-error message set when another thread is inside the animator (its BUSY): that raises BusyError, since the
 * object may well be valid.
 */
PyObject *
is_valid_get(PyObject *self, void *closure)
{
    owner_kind owner = (owner_kind)(intptr_t)closure;
    anima_clear_error();
    bool valid = owner == OWNER_ANIMATOR ? anima_animator_is_valid(((AnimatorObject *)self)->handle)
                 : owner == OWNER_ITEM   ? anima_item_is_valid(((ItemObject *)self)->handle)
                                         : anima_behavior_is_valid(((BehaviorObject *)self)->handle);
    const char *message = anima_last_error_message();
    if (!valid && message != NULL && message[0] != '\0') {
        anima_state *st = STATE_OF(self);
        PyErr_SetString(st != NULL ? st->busy_error : PyExc_RuntimeError, message);
        anima_clear_error();
        return NULL;
    }
    return PyBool_FromLong(valid);
}

/* -1 with InvalidStateError for an Item or a Behavior that is initialised already. */
int
wrapper_check_fresh(anima_state *st, PyObject *self)
{
    if (((ItemObject *)self)->animator != NULL) {
        PyObject *name = type_name(Py_TYPE(self));
        if (name != NULL) {
            PyErr_Format(st->invalid_state_error, "%U.__init__ called on an initialised %s", name,
                         PyObject_TypeCheck(self, st->item_type) ? "item" : "behavior");
            Py_DECREF(name);
        }
        return -1;
    }
    return 0;
}

/* tp_dealloc of a type (a wrapper's, the animator's) whose tp_clear is clear. */
void
wrapper_dealloc(PyObject *self, inquiry clear)
{
    PyTypeObject *type = Py_TYPE(self);
    PyObject_GC_UnTrack(self);
    PyObject_ClearWeakRefs(self);
    clear(self);
    freefunc free_object = (freefunc)PyType_GetSlot(type, Py_tp_free);
    free_object(self);
    Py_DECREF(type);
}

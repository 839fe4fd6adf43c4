#include "_anima.h"

/* ======================================================= wrapper registry */

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
#if PY_VERSION_HEX >= 0x030D0000
    PyObject *obj = NULL;
    if (PyWeakref_GetRef(ref, &obj) < 0) {
        PyErr_Clear();
        return NULL;
    }
    return obj;
#else
    PyObject *obj = PyWeakref_GetObject(ref);
    if (obj == NULL) {
        PyErr_Clear();
        return NULL;
    }
    if (obj == Py_None) {
        return NULL;
    }
    Py_INCREF(obj);
    return obj;
#endif
}

/* Looks up the live wrapper registered under key: *out is a new reference or NULL. */
int
registry_find(PyObject *map, PyObject *key, PyObject **out)
{
    *out = NULL;
    if (map == NULL) {
        return 0;
    }
    PyObject *ref = PyDict_GetItemWithError(map, key);
    if (ref == NULL) {
        return PyErr_Occurred() ? -1 : 0;
    }
    *out = weakref_target(ref);
    return 0;
}

int
registry_add(PyObject **map, PyObject *key, PyObject *obj)
{
    if (*map == NULL) {
        *map = PyDict_New();
        if (*map == NULL) {
            return -1;
        }
    }
    PyObject *ref = PyWeakref_NewRef(obj, NULL);
    if (ref == NULL) {
        return -1;
    }
    int result = PyDict_SetItem(*map, key, ref);
    Py_DECREF(ref);
    return result;
}

/* Drops a dead entry; used by deallocators, so it keeps any pending exception. */
void
registry_forget(PyObject *map, uint32_t index1, uint32_t generation)
{
    if (map == NULL || index1 == 0) {
        return;
    }
    PyObject *saved = PyErr_Occurred() ? take_exception() : NULL;
    PyObject *key = handle_key(index1, generation);
    if (key != NULL) {
        PyObject *ref = PyDict_GetItemWithError(map, key);
        if (ref != NULL) {
            PyObject *alive = weakref_target(ref);
            if (alive == NULL) {
                (void)PyDict_DelItem(map, key);
            }
            else {
                Py_DECREF(alive);
            }
        }
        Py_DECREF(key);
    }
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
    if (key == NULL || registry_add(map, key, obj) < 0) {
        Py_XDECREF(key);
        wrapper->handle = anima_behavior_null();
        return -1;
    }
    Py_DECREF(key);
    wrapper->animator = (AnimatorObject *)Py_NewRef(animator);
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
    PyObject *key = handle_key(index1, generation);
    PyObject *found = NULL;
    int lookup = key != NULL ? registry_find(*map, key, &found) : -1;
    Py_XDECREF(key);
    if (lookup < 0 || found != NULL) {
        return found;
    }
    PyObject *object = type->tp_alloc(type, 0);
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
PyObject *
wrap_as(anima_state *st, AnimatorObject *animator, uint64_t id, PyTypeObject *cls)
{
    bool is_item = PyType_IsSubtype(cls, st->item_type);
    if (!is_item && !PyType_IsSubtype(cls, st->behavior_type)) {
        PyErr_Format(PyExc_TypeError, "cls must be anima.Item, anima.Behavior or a subclass, not %.100s", cls->tp_name);
        return NULL;
    }
    anima_item item = anima_item_null();
    anima_behavior behavior = anima_behavior_null();
    anima_status status = is_item ? anima_animator_find_item(animator->handle, id, &item)
                                  : anima_animator_find_behavior(animator->handle, id, &behavior);
    if (check(st, animator, status) < 0) {
        return NULL;
    }
    PyTypeObject *own = is_item ? st->item_type : behavior_type_for_kind(st, behavior.kind);
    PyObject **map = is_item ? &animator->item_wrappers : &animator->behavior_wrappers;
    uint32_t index1 = is_item ? item.index1 : behavior.index1;
    uint32_t generation = is_item ? item.generation : behavior.generation;
    bool base = cls == st->item_type || cls == st->behavior_type;
    PyObject *key = handle_key(index1, generation);
    PyObject *wrapper = NULL;
    if (key == NULL || registry_find(*map, key, &wrapper) < 0) {
        Py_XDECREF(key);
        return NULL;
    }
    Py_DECREF(key);
    if (wrapper != NULL && !base && Py_TYPE(wrapper) != cls) {
        PyErr_Format(st->invalid_state_error, "the object with id %llu already has a wrapper, of class %.100s",
                     (unsigned long long)id, Py_TYPE(wrapper)->tp_name);
        Py_CLEAR(wrapper);
    }
    if (wrapper != NULL || PyErr_Occurred()) {
        return wrapper;
    }
    if (!base && !PyType_IsSubtype(cls, own)) {
        PyErr_Format(PyExc_TypeError, "the object with id %llu is an %.100s, not an %.100s", (unsigned long long)id,
                     own->tp_name, cls->tp_name);
        return NULL;
    }
    PyTypeObject *type = base ? own : cls;
    wrapper = wrap_handle(animator, map, index1, generation, type, is_item ? (const void *)&item : &behavior);
    int overrides = wrapper == NULL || is_item ? 0 : behavior_class_overrides_action(st, type);
    if (overrides != 0) {
        BehaviorObject *object = (BehaviorObject *)wrapper;
        if (overrides < 0 || (object->overrides_action = true, behavior_set_c_action(st, object, true) < 0)) {
            Py_CLEAR(wrapper);
        }
    }
    return wrapper;
}

static size_t
list_element_size(list_kind kind)
{
    switch (kind) {
    case LIST_ANIMATOR_BEHAVIORS:
    case LIST_BEHAVIOR_CHILDREN: return sizeof(anima_behavior);
    case LIST_BOUNDARY_POINTS:
    case LIST_ITEM_PATH: return sizeof(anima_vec2);
    case LIST_POSES: return 3 * sizeof(double);
    case LIST_DETACHED: return sizeof(anima_detached_callback);
    default: return sizeof(anima_item);
    }
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
    case LIST_DETACHED: return anima_animator_get_detached_callbacks(q->animator, out, capacity, count);
    }
    return ANIMA_ERR_INVALID_ARGUMENT;
}

/*
 * Runs a counting query into a PyMem buffer large enough for every element.
 * On success *out (free with PyMem_Free) holds *out_count elements.
 */
int
fetch_list(anima_state *st, AnimatorObject *animator, const list_query *q, void **out, int32_t *out_count)
{
    size_t element = list_element_size(q->kind);
    int32_t capacity = 16;
    for (;;) {
        void *buffer = PyMem_Malloc((size_t)capacity * element);
        if (buffer == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        int32_t count = -1;
        anima_status status = list_query_run(q, buffer, capacity, &count);
        if (status == ANIMA_OK && count >= 0 && count <= capacity) {
            if (check(st, animator, status) < 0) {
                PyMem_Free(buffer);
                return -1;
            }
            *out = buffer;
            *out_count = count;
            return 0;
        }
        PyMem_Free(buffer);
        if (status != ANIMA_ERR_BUFFER_TOO_SMALL) {
            if (status == ANIMA_OK) {
                PyErr_Format(st->anima_error, "the library reported %d elements for a capacity of %d",
                             (int)count, (int)capacity);
                return -1;
            }
            check(st, animator, status);
            return -1;
        }
        anima_clear_error();
        if (count > capacity) {
            capacity = count;
        }
        else if (capacity <= INT32_MAX / 2) {
            capacity *= 2;
        }
        else {
            PyErr_NoMemory();
            return -1;
        }
    }
}

/* The Python names of the callbacks a restored animator lists as detached (anima_callback_kind order). */
static const char *const detached_names[] = {"on_will_resume", "on_did_pause", "step", "action",
                                             "on_began_contact", "on_ended_contact", "evaluate", "completion",
                                             "user_data"};

/* (name, owner) for a detached callback: the owner is the Item, the Behavior, the animation id or the animator. */
static PyObject *
detached_tuple(anima_state *st, AnimatorObject *animator, const anima_detached_callback *c)
{
    bool known = c->kind >= 0 && (size_t)c->kind < sizeof detached_names / sizeof detached_names[0];
    PyObject *owner = c->item.index1 != 0       ? wrap_item(st, animator, c->item)
                      : c->behavior.index1 != 0 ? wrap_behavior(st, animator, c->behavior)
                      : c->animation != 0       ? PyLong_FromUnsignedLongLong(c->animation)
                                                : Py_NewRef((PyObject *)animator);
    PyObject *result = owner != NULL ? Py_BuildValue("(sO)", known ? detached_names[c->kind] : "unknown", owner) : NULL;
    Py_XDECREF(owner);
    return result;
}

/* A tuple (or list) of a query's elements: Items, Behaviors or (x, y) points, by its kind. */
PyObject *
query_result(anima_state *st, AnimatorObject *animator, const list_query *q, bool as_list)
{
    void *buffer = NULL;
    int32_t count = 0;
    if (fetch_list(st, animator, q, &buffer, &count) < 0) {
        return NULL;
    }
    PyObject *result = as_list ? PyList_New(count) : PyTuple_New(count);
    for (int32_t i = 0; result != NULL && i < count; i++) {
        PyObject *element;
        switch (q->kind) {
        case LIST_ANIMATOR_BEHAVIORS:
        case LIST_BEHAVIOR_CHILDREN: element = wrap_behavior(st, animator, ((anima_behavior *)buffer)[i]); break;
        case LIST_BOUNDARY_POINTS:
        case LIST_ITEM_PATH: element = vec2_tuple(((anima_vec2 *)buffer)[i]); break;
        case LIST_DETACHED: element = detached_tuple(st, animator, &((anima_detached_callback *)buffer)[i]); break;
        default: element = wrap_item(st, animator, ((anima_item *)buffer)[i]); break;
        }
        if (element == NULL) {
            Py_CLEAR(result);
        }
        else if (as_list) {
            PyList_SET_ITEM(result, i, element);
        }
        else {
            PyTuple_SET_ITEM(result, i, element);
        }
    }
    PyMem_Free(buffer);
    return result;
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

/* The `animator` of items and behaviors; StaleHandleError for a wrapper never initialised. */
PyObject *
wrapper_get_animator(PyObject *self, void *closure)
{
    (void)closure;
    AnimatorObject *animator = ((ItemObject *)self)->animator;
    anima_state *st = animator == NULL ? STATE_OF(self) : NULL;
    if (st != NULL) {
        PyErr_Format(st->stale_handle_error, "this %.100s was never initialised", Py_TYPE(self)->tp_name);
    }
    return animator != NULL ? Py_NewRef((PyObject *)animator) : NULL;
}

/* The getter of a tuple read by a list query (items, behaviors, children): the closure is its list_kind. */
PyObject *
query_get(PyObject *self, void *closure)
{
    list_kind kind = (list_kind)(intptr_t)closure;
    target t = target_of(self, kind == LIST_ANIMATOR_ITEMS || kind == LIST_ANIMATOR_BEHAVIORS || kind == LIST_DETACHED
                                   ? OWNER_ANIMATOR
                                   : OWNER_BEHAVIOR);
    if (t.st != NULL && t.animator == NULL) {
        PyErr_Format(t.st->stale_handle_error, "this %.100s was never initialised", Py_TYPE(self)->tp_name);
    }
    if (t.st == NULL || t.animator == NULL) {
        return NULL;
    }
    list_query q = {.kind = kind, .animator = t.animator_handle, .behavior = t.behavior};
    return query_result(t.st, t.animator, &q, false);
}

/* is_valid of animators, items and behaviors: the closure is the owner_kind. */
PyObject *
is_valid_get(PyObject *self, void *closure)
{
    owner_kind owner = (owner_kind)(intptr_t)closure;
    bool valid = owner == OWNER_ANIMATOR ? anima_animator_is_valid(((AnimatorObject *)self)->handle)
                 : owner == OWNER_ITEM   ? anima_item_is_valid(((ItemObject *)self)->handle)
                                         : anima_behavior_is_valid(((BehaviorObject *)self)->handle);
    return PyBool_FromLong(valid);
}

/* tp_dealloc of a wrapper type whose tp_clear is clear. */
void
wrapper_dealloc(PyObject *self, inquiry clear)
{
    PyTypeObject *type = Py_TYPE(self);
    PyObject_GC_UnTrack(self);
    PyObject_ClearWeakRefs(self);
    clear(self);
    type->tp_free(self);
    Py_DECREF(type);
}

#include "_anima.h"

/*
 * The registry: one Python wrapper per live handle. An animator maps the handle keys of its items and behaviors to
 * weak references to their wrappers, so that every path that hands an item or a behavior back (a property, a list
 * query, a contact event, a callback) returns the user's own object while it lives, and a fresh one of the kind's
 * type once it is gone. Below the queries, the events and the types, above binding.c; beside it, the slots that
 * every wrapper shares (its hash, comparison, animator, validity and deallocation).
 */

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

/* An item's, a value's and a behavior's wrapper keep their animator and handle at the same offsets. */
_Static_assert(offsetof(ItemObject, animator) == offsetof(BehaviorObject, animator), "wrapper layout");
_Static_assert(offsetof(ItemObject, handle) == offsetof(BehaviorObject, handle), "wrapper layout");
_Static_assert(offsetof(ValueObject, animator) == offsetof(BehaviorObject, animator), "wrapper layout");
_Static_assert(offsetof(ValueObject, handle) == offsetof(BehaviorObject, handle), "wrapper layout");
_Static_assert(sizeof(anima_item) == sizeof(anima_behavior) && sizeof(anima_value) == sizeof(anima_behavior),
               "handle layout");

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
PyObject *
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

/* The Value for a handle of this animator: the live wrapper, or a fresh one. None for a null handle. */
PyObject *
wrap_value(anima_state *st, AnimatorObject *animator, anima_value handle)
{
    return wrap_handle(animator, &animator->value_wrappers, handle.index1, handle.generation, st->value_type, &handle);
}

/* The Item for a handle of this animator: the live wrapper, or a fresh one. None for a null handle. */
PyObject *
wrap_item(anima_state *st, AnimatorObject *animator, anima_item handle)
{
    return wrap_handle(animator, &animator->item_wrappers, handle.index1, handle.generation, st->item_type, &handle);
}

/* The type of a behavior kind's wrappers; the plain Behavior for a kind the extension has no type of. */
PyTypeObject *
behavior_type_for_kind(anima_state *st, uint16_t kind)
{
    bool known = kind <= ANIMA_KIND_FIELD && kind > ANIMA_KIND_ITEM;
    return known ? st->types[kind] : st->behavior_type;
}

/* The Behavior for a handle of this animator: the live wrapper, or a fresh one of the right type. */
PyObject *
wrap_behavior(anima_state *st, AnimatorObject *animator, anima_behavior handle)
{
    return wrap_handle(animator, &animator->behavior_wrappers, handle.index1, handle.generation,
                       behavior_type_for_kind(st, handle.kind), &handle);
}

/* ------------------------------------------------------ what an animator keeps by a key */

/* Sets key to value in *dict (made on first use), or deletes key when value is NULL; -1 for a NULL key. */
int
dict_keep(PyObject **dict, PyObject *key, PyObject *value)
{
    if (key == NULL || (*dict == NULL && (*dict = PyDict_New()) == NULL)) {
        return -1;
    }
    if (value != NULL) {
        return PyDict_SetItem(*dict, key, value);
    }
    int present = PyDict_Contains(*dict, key);
    return present > 0 ? PyDict_DelItem(*dict, key) : present;
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

/* tp_richcompare of items, values and behaviors: equal when they wrap the same handle of the same animator. */
PyObject *
wrapper_richcompare(PyObject *a, PyObject *b, int op)
{
    anima_state *st = STATE_OF(a);
    if (st == NULL) {
        return NULL;
    }
    PyTypeObject *base = PyObject_TypeCheck(a, st->item_type)    ? st->item_type
                         : PyObject_TypeCheck(a, st->value_type) ? st->value_type
                                                                 : st->behavior_type;
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
        raise_never_initialised(st, self);
    }
    return animator != NULL ? Py_NewRef((PyObject *)animator) : NULL;
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

#include "_anima.h"

/*
 * Animators as values (anima/_snapshot.py writes the Python half: Animator.restore, find_item, find_behavior, pickling
 * and copying): the snapshot bytes of an animator's whole state, its digest, a fresh Animator given the animator of a
 * snapshot, and the wrapper of an item or a behavior found by its stable id, of the class a pickle names. Added to
 * Animator by the module.
 */

ANIMA_METHOD(animator_snapshot, "snapshot", OWNER_ANIMATOR, VALUE_OBJECT,
             query_call(&t, (list_query){.kind = LIST_SNAPSHOT}, &out.object), ANIMA_ARG(NULL))

ANIMA_METHOD(animator_state_hash, "state_hash", OWNER_ANIMATOR, VALUE_UINT64,
             anima_animator_state_hash(t.animator_handle, &out.u64), ANIMA_ARG(NULL))

/* Gives a fresh Animator (made by Animator.restore, anima/_snapshot.py) the animator of a snapshot. */
static anima_status
animator_restore(const target *t, PyObject *data)
{
    Py_buffer view;
    if (animator_check_fresh(t) < 0 || PyObject_GetBuffer(data, &view, PyBUF_SIMPLE) < 0) {
        return STATUS_RAISED;
    }
    anima_animator handle = anima_animator_null();
    anima_status status = anima_animator_restore(view.buf, (int64_t)view.len, &handle);
    PyBuffer_Release(&view);
    return status != ANIMA_OK ? status : animator_adopt(t->animator, handle);
}

ANIMA_METHOD(animator_restore_into, "_restore", OWNER_ANIMATOR, VALUE_NONE, animator_restore(&t, v[0].object),
             ANIMA_IN("data", VALUE_OBJECT))

/*
 * The wrapper of the item or behavior with a stable id in this animator, of class cls (a subclass
 * of Item or Behavior; the base class itself means the kind's own type). An existing wrapper of
 * another class than a subclass asked for is an InvalidStateError: one handle has one wrapper. A
 * new wrapper of a class that defines `action` gets the C action, as a constructed one does.
 */
static anima_status
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

/* _wrapper(id, cls): the Item or Behavior of this animator with a stable id, as an object of class cls. */
ANIMA_METHOD(animator_wrapper, "_wrapper", OWNER_ANIMATOR, VALUE_OBJECT,
             wrap_as(&t, v[0].u64, v[1].object, &out.object), ANIMA_IN("id", VALUE_UINT64),
             ANIMA_IN("cls", VALUE_OBJECT))

/* Added to Animator by the module (anima/_snapshot.py wraps the private ones). */
PyMethodDef animator_snapshot_methods[] = {
    ANIMA_METHOD_ROW("snapshot", animator_snapshot,
     "snapshot($self, /)\n--\n\n"
     "The animator's whole state as bytes (the format: docs/snapshot.md): items,\n"
     "behaviors with every parameter, boundaries, contacts with their warm-start\n"
     "impulses, sleeping, view animations, timelines, the clock and the step count.\n"
     "Animator.restore(data) rebuilds it, and stepping both gives bit-identical\n"
     "poses. Python callables and objects are not in the bytes: pickle and copy keep\n"
     "them. Raises BusyError inside a callback, InvalidStateError inside an animate\n"
     "or timeline block."),
    ANIMA_METHOD_ROW("state_hash", animator_state_hash,
                     "state_hash($self, /)\n--\n\n"
                     "A 64-bit digest (an int) of the animator's state: what snapshot() holds (poses,\n"
                     "velocities, contacts and their impulses, sleeping, animations, the clock, the\n"
                     "step count), without handle generations. Equal for two animators built and\n"
                     "stepped by the same calls, in this process or another, so that runs and replays\n"
                     "compare without keeping their states; different when any value differs by a bit\n"
                     "(but for a 2**-64 chance). Python objects and callbacks are not part of it.\n\n"
                     "    >>> a, b = (anima.Animator((0, 0, 320, 480)) for _ in range(2))\n"
                     "    >>> for anim in (a, b):\n"
                     "    ...     anim.add_behavior(anima.Gravity([anima.Item(anim, center=(160, 40))]))\n"
                     "    ...     anim.advance(0.5)\n"
                     "    >>> a.state_hash() == b.state_hash()\n"
                     "    True"),
    ANIMA_METHOD_ROW("_restore", animator_restore_into, "Give this fresh animator a snapshot's (see restore())."),
    ANIMA_METHOD_ROW("_wrapper", animator_wrapper, "The Item or Behavior with a stable id, of class cls."),
    {NULL, NULL, 0, NULL},
};

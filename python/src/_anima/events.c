#include "_anima.h"

/*
 * An anima.ContactEvent (a class of _types.py) for one library event, with the user's own
 * wrappers: ContactEvent(collision, item, other, is_boundary, boundary_identifier, point).
 */
PyObject *
contact_event_new(anima_state *st, AnimatorObject *animator, const anima_contact_event *event)
{
    PyObject *collision = wrap_behavior(st, animator, event->collision);
    PyObject *item = collision != NULL ? wrap_item(st, animator, event->item_a) : NULL;
    PyObject *other = item == NULL ? NULL
                      : event->is_boundary ? Py_NewRef(Py_None)
                                           : wrap_item(st, animator, event->item_b);
    if (other == NULL) {
        Py_XDECREF(collision);
        Py_XDECREF(item);
        return NULL;
    }
    return PyObject_CallFunction(st->contact_event_type, "NNNOz(dd)", collision, item, other,
                                 event->is_boundary ? Py_True : Py_False, event->boundary_identifier, event->point.x,
                                 event->point.y);
}

#include "_anima.h"

/* ========================================================== ContactEvent */

/*
 * An anima.ContactEvent (a class of _types.py) for one library event, with the user's own
 * wrappers: ContactEvent(collision, item, other, is_boundary, boundary_identifier, point).
 */
PyObject *
contact_event_new(anima_state *st, AnimatorObject *animator, const anima_contact_event *event)
{
    const char *identifier = event->boundary_identifier;
    PyObject *fields[6] = {NULL};
    PyObject *result = NULL;
    if ((fields[0] = wrap_behavior(st, animator, event->collision)) != NULL
        && (fields[1] = wrap_item(st, animator, event->item_a)) != NULL
        && (fields[2] = event->is_boundary ? Py_NewRef(Py_None) : wrap_item(st, animator, event->item_b)) != NULL
        && (fields[3] = PyBool_FromLong(event->is_boundary)) != NULL
        && (fields[4] = identifier != NULL
                ? PyUnicode_DecodeUTF8(identifier, (Py_ssize_t)strlen(identifier), "replace")
                : Py_NewRef(Py_None)) != NULL
        && (fields[5] = vec2_tuple(event->point)) != NULL) {
        result = PyObject_Vectorcall(st->contact_event_type, fields, Py_ARRAY_LENGTH(fields), NULL);
    }
    for (size_t i = 0; i < Py_ARRAY_LENGTH(fields); i++) {
        Py_XDECREF(fields[i]);
    }
    return result;
}

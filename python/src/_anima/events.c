#include "_anima.h"

/*
 * An anima.ContactEvent or anima.HitEvent (classes of _types.py) for one library event, with the
 * user's own wrappers: ContactEvent(collision, item, other, is_boundary, boundary_identifier,
 * point), HitEvent(the same, normal, approach_speed, impulse) and SensorEvent(sensor, visitor).
 */

/* The collision, the item and the other item (None for a boundary) of an event (or a pre-solve
   contact): three new references in parties, or -1 with none. */
int
event_parties(anima_state *st, AnimatorObject *animator, anima_behavior collision_handle, anima_item item_a,
              anima_item item_b, bool is_boundary, PyObject **parties)
{
    parties[0] = wrap_behavior(st, animator, collision_handle);
    parties[1] = parties[0] != NULL ? wrap_item(st, animator, item_a) : NULL;
    parties[2] = parties[1] == NULL ? NULL : is_boundary ? Py_NewRef(Py_None) : wrap_item(st, animator, item_b);
    if (parties[2] == NULL) {
        Py_XDECREF(parties[0]);
        Py_XDECREF(parties[1]);
        return -1;
    }
    return 0;
}
PyObject *
contact_event_new(anima_state *st, AnimatorObject *animator, const anima_contact_event *event)
{
    PyObject *p[3];
    if (event_parties(st, animator, event->collision, event->item_a, event->item_b, event->is_boundary, p) < 0) {
        return NULL;
    }
    return PyObject_CallFunction(st->contact_event_type, "NNNOz(dd)", p[0], p[1], p[2],
                                 event->is_boundary ? Py_True : Py_False, event->boundary_identifier, event->point.x,
                                 event->point.y);
}

PyObject *
hit_event_new(anima_state *st, AnimatorObject *animator, const anima_hit_event *event)
{
    PyObject *p[3];
    if (event_parties(st, animator, event->collision, event->item_a, event->item_b, event->is_boundary, p) < 0) {
        return NULL;
    }
    return PyObject_CallFunction(st->hit_event_type, "NNNOz(dd)(dd)dd", p[0], p[1], p[2],
                                 event->is_boundary ? Py_True : Py_False, event->boundary_identifier, event->point.x,
                                 event->point.y, event->normal.x, event->normal.y, event->approach_speed,
                                 event->impulse);
}

PyObject *
sensor_event_new(anima_state *st, AnimatorObject *animator, const anima_sensor_event *event)
{
    PyObject *sensor = wrap_item(st, animator, event->sensor);
    PyObject *visitor = sensor != NULL ? wrap_item(st, animator, event->visitor) : NULL;
    if (visitor == NULL) {
        Py_XDECREF(sensor);
        return NULL;
    }
    return PyObject_CallFunction(st->sensor_event_type, "NN", sensor, visitor);
}

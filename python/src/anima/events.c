#include "_anima.h"

/* ========================================================== ContactEvent */

/* A ContactEvent for one library event, with the user's own wrappers. */
PyObject *
contact_event_new(anima_state *st, AnimatorObject *animator, const anima_contact_event *event)
{
    PyTypeObject *type = st->contact_event_type;
    ContactEventObject *self = (ContactEventObject *)type->tp_alloc(type, 0);
    if (self == NULL) {
        return NULL;
    }
    self->is_boundary = event->is_boundary ? 1 : 0;
    self->collision = wrap_behavior(st, animator, event->collision);
    self->item = self->collision ? wrap_item(st, animator, event->item_a) : NULL;
    if (self->item == NULL) {
        Py_DECREF(self);
        return NULL;
    }
    if (event->is_boundary) {
        self->other = Py_NewRef(Py_None);
    }
    else {
        self->other = wrap_item(st, animator, event->item_b);
    }
    if (event->boundary_identifier != NULL) {
        self->boundary_identifier = PyUnicode_DecodeUTF8(
            event->boundary_identifier, (Py_ssize_t)strlen(event->boundary_identifier), "replace");
    }
    else {
        self->boundary_identifier = Py_NewRef(Py_None);
    }
    self->point = vec2_tuple(event->point);
    if (self->other == NULL || self->boundary_identifier == NULL || self->point == NULL) {
        Py_DECREF(self);
        return NULL;
    }
    return (PyObject *)self;
}

static int
contact_event_traverse(ContactEventObject *self, visitproc visit, void *arg)
{
    Py_VISIT(Py_TYPE(self));
    Py_VISIT(self->collision);
    Py_VISIT(self->item);
    Py_VISIT(self->other);
    Py_VISIT(self->boundary_identifier);
    Py_VISIT(self->point);
    return 0;
}

static int
contact_event_clear(ContactEventObject *self)
{
    Py_CLEAR(self->collision);
    Py_CLEAR(self->item);
    Py_CLEAR(self->other);
    Py_CLEAR(self->boundary_identifier);
    Py_CLEAR(self->point);
    return 0;
}

static void
contact_event_dealloc(ContactEventObject *self)
{
    PyTypeObject *type = Py_TYPE(self);
    PyObject_GC_UnTrack(self);
    contact_event_clear(self);
    type->tp_free(self);
    Py_DECREF(type);
}

static PyObject *
contact_event_repr(ContactEventObject *self)
{
    if (self->is_boundary) {
        return PyUnicode_FromFormat("ContactEvent(item=%R, boundary_identifier=%R, point=%R)", self->item,
                                    self->boundary_identifier, self->point);
    }
    return PyUnicode_FromFormat("ContactEvent(item=%R, other=%R, point=%R)", self->item, self->other,
                                self->point);
}

static PyMemberDef contact_event_members[] = {
    {"collision", T_OBJECT, offsetof(ContactEventObject, collision), READONLY,
     "The Collision behavior that reports the contact."},
    {"item", T_OBJECT, offsetof(ContactEventObject, item), READONLY, "The first Item."},
    {"other", T_OBJECT, offsetof(ContactEventObject, other), READONLY,
     "The second Item, or None for a contact with a boundary."},
    {"is_boundary", T_BOOL, offsetof(ContactEventObject, is_boundary), READONLY,
     "True for a contact between an item and a boundary."},
    {"boundary_identifier", T_OBJECT, offsetof(ContactEventObject, boundary_identifier), READONLY,
     "The boundary's identifier (str), or None for the reference-bounds boundary and item pairs."},
    {"point", T_OBJECT, offsetof(ContactEventObject, point), READONLY,
     "The contact point (x, y) in points; for an ended contact, the last known one."},
    {NULL, 0, 0, 0, NULL},
};

PyDoc_STRVAR(contact_event_doc,
"A contact that began or ended between two items, or an item and a boundary.\n"
"Delivered to Collision.on_began_contact / on_ended_contact and listed by\n"
"Animator.began_contacts / ended_contacts. Created by the library only.");

static PyType_Slot contact_event_slots[] = {
    {Py_tp_doc, (void *)contact_event_doc},
    {Py_tp_dealloc, contact_event_dealloc},
    {Py_tp_traverse, contact_event_traverse},
    {Py_tp_clear, contact_event_clear},
    {Py_tp_repr, contact_event_repr},
    {Py_tp_members, contact_event_members},
    {0, NULL},
};

PyType_Spec contact_event_spec = {
    .name = "anima.ContactEvent",
    .basicsize = sizeof(ContactEventObject),
    .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_DISALLOW_INSTANTIATION,
    .slots = contact_event_slots,
};

/* ================================================================= Poses */

/* A Poses object owning data (a PyMem array of count x 3 doubles; freed on failure). */
PyObject *
poses_new(anima_state *st, double *data, Py_ssize_t count)
{
    PyTypeObject *type = st->poses_type;
    PosesObject *self = (PosesObject *)type->tp_alloc(type, 0);
    if (self == NULL) {
        PyMem_Free(data);
        return NULL;
    }
    self->data = data;
    self->shape[0] = count;
    self->shape[1] = 3;
    self->strides[0] = 3 * (Py_ssize_t)sizeof(double);
    self->strides[1] = (Py_ssize_t)sizeof(double);
    return (PyObject *)self;
}

static void
poses_dealloc(PosesObject *self)
{
    PyTypeObject *type = Py_TYPE(self);
    PyMem_Free(self->data);
    type->tp_free(self);
    Py_DECREF(type);
}

static int
poses_getbuffer(PosesObject *self, Py_buffer *view, int flags)
{
    if (flags & PyBUF_WRITABLE) {
        PyErr_SetString(PyExc_BufferError,
                        "Poses is read-only; use Animator.copy_poses_into() to fill a writable buffer");
        view->obj = NULL;
        return -1;
    }
    view->buf = self->data;
    view->obj = Py_NewRef((PyObject *)self);
    view->len = self->shape[0] * self->strides[0];
    view->readonly = 1;
    view->itemsize = (Py_ssize_t)sizeof(double);
    view->format = (flags & PyBUF_FORMAT) ? (char *)"d" : NULL;
    view->ndim = 2;
    view->shape = (flags & PyBUF_ND) == PyBUF_ND ? self->shape : NULL;
    view->strides = (flags & PyBUF_STRIDES) == PyBUF_STRIDES ? self->strides : NULL;
    view->suboffsets = NULL;
    view->internal = NULL;
    return 0;
}

static Py_ssize_t
poses_length(PosesObject *self)
{
    return self->shape[0];
}

static PyObject *
poses_item(PosesObject *self, Py_ssize_t index)
{
    if (index < 0 || index >= self->shape[0]) {
        PyErr_SetString(PyExc_IndexError, "pose index out of range");
        return NULL;
    }
    const double *pose = self->data + 3 * index;
    return Py_BuildValue("(ddd)", pose[0], pose[1], pose[2]);
}

PyDoc_STRVAR(poses_tolist_doc,
"tolist($self, /)\n--\n\n"
"The poses as a list of (x, y, rotation) tuples.");

static PyObject *
poses_tolist(PosesObject *self, PyObject *Py_UNUSED(ignored))
{
    PyObject *result = PyList_New(self->shape[0]);
    for (Py_ssize_t i = 0; result != NULL && i < self->shape[0]; i++) {
        PyObject *pose = poses_item(self, i);
        if (pose == NULL) {
            Py_CLEAR(result);
            break;
        }
        PyList_SET_ITEM(result, i, pose);
    }
    return result;
}

static PyObject *
poses_get_shape(PosesObject *self, void *closure)
{
    (void)closure;
    return Py_BuildValue("(nn)", self->shape[0], self->shape[1]);
}

static PyObject *
poses_repr(PosesObject *self)
{
    return PyUnicode_FromFormat("<%s shape=(%zd, 3)>", Py_TYPE(self)->tp_name, self->shape[0]);
}

static PyMethodDef poses_methods[] = {
    {"tolist", (PyCFunction)poses_tolist, METH_NOARGS, poses_tolist_doc},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef poses_getset[] = {
    {"shape", (getter)poses_get_shape, NULL, "(n, 3): one row of (x, y, rotation) per item.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyDoc_STRVAR(poses_doc,
"A read-only snapshot of item poses from Animator.poses(): a buffer of float64,\n"
"format 'd', shape (n, 3), rows (center x, center y, rotation) in item creation\n"
"order. Use memoryview(poses) or numpy.asarray(poses); len() and indexing give\n"
"rows as tuples.");

static PyType_Slot poses_slots[] = {
    {Py_tp_doc, (void *)poses_doc},
    {Py_tp_dealloc, poses_dealloc},
    {Py_tp_repr, poses_repr},
    {Py_tp_methods, poses_methods},
    {Py_tp_getset, poses_getset},
    {Py_bf_getbuffer, poses_getbuffer},
    {Py_sq_length, poses_length},
    {Py_sq_item, poses_item},
    {0, NULL},
};

PyType_Spec poses_spec = {
    .name = "anima.Poses",
    .basicsize = sizeof(PosesObject),
    .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_DISALLOW_INSTANTIATION,
    .slots = poses_slots,
};


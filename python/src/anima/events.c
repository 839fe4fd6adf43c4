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


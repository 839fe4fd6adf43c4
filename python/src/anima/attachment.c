#include "_anima.h"

/* ============================================================ Attachment */

static const char *
attachment_type_name(anima_attachment_type type)
{
    switch (type) {
    case ANIMA_ATTACHMENT_ANCHOR: return "anchor";
    case ANIMA_ATTACHMENT_ITEMS: return "items";
    case ANIMA_ATTACHMENT_PIN: return "pin";
    case ANIMA_ATTACHMENT_FIXED: return "fixed";
    case ANIMA_ATTACHMENT_LIMIT: return "limit";
    case ANIMA_ATTACHMENT_SLIDING: return "sliding";
    }
    return NULL;
}

/* An initialised Item argument of an attachment constructor; NULL with an exception otherwise. */
ItemObject *
attachment_item(anima_state *st, PyObject *obj, const char *what)
{
    ItemObject *item = item_argument(st, obj, what);
    if (item != NULL && item->animator == NULL) {
        PyErr_Format(st->stale_handle_error, "%s was never initialised", what);
        return NULL;
    }
    return item;
}

/* Both items of an attachment must belong to one animator. */
static int
attachment_same_animator(anima_state *st, ItemObject *item, ItemObject *other, const char *other_name)
{
    if (item->animator != other->animator) {
        PyErr_Format(st->invalid_argument_error,
                     "%s belongs to another animator than item (an attachment's items must share one)",
                     other_name);
        return -1;
    }
    return 0;
}

static int
attachment_init(BehaviorObject *self, PyObject *args, PyObject *kwds)
{
    static char *keywords[] = {"item", "anchor", "to", "offset", "other_offset", "length", "frequency",
                               "damping", NULL};
    PyObject *item_obj, *anchor = Py_None, *to = Py_None, *offset = NULL, *other_offset = NULL,
             *length = Py_None, *frequency = NULL, *damping = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O|O$OOOOOO:Attachment", keywords, &item_obj, &anchor, &to,
                                     &offset, &other_offset, &length, &frequency, &damping)) {
        return -1;
    }
    anima_state *st = STATE_OF(self);
    if (st == NULL || behavior_check_fresh(st, self) < 0) {
        return -1;
    }
    if (anchor != Py_None && to != Py_None) {
        PyErr_SetString(PyExc_TypeError,
                        "Attachment() takes an anchor point (anchor=) or another item (to=), not both");
        return -1;
    }
    if (anchor == Py_None && to == Py_None) {
        PyErr_SetString(PyExc_TypeError,
                        "Attachment() needs an anchor point (anchor=) or another item (to=); "
                        "use Attachment.pin() for a pin");
        return -1;
    }
    if (to == Py_None && other_offset != NULL) {
        PyErr_SetString(PyExc_TypeError, "Attachment() takes other_offset= only with to=");
        return -1;
    }
    ItemObject *item = attachment_item(st, item_obj, "item");
    ItemObject *other = NULL;
    if (item == NULL || (to != Py_None && (other = attachment_item(st, to, "to")) == NULL)) {
        return -1;
    }
    anima_attachment_def def = anima_default_attachment_def();
    anima_vec2 anchor_point = {0, 0}, offset_value = {0, 0}, other_offset_value = {0, 0};
    if ((anchor != Py_None && as_vec2(st, anchor, "anchor", &anchor_point) < 0)
        || (offset && as_vec2(st, offset, "offset", &offset_value) < 0)
        || (other_offset && as_vec2(st, other_offset, "other_offset", &other_offset_value) < 0)
        || (length != Py_None && as_finite(st, length, "length", &def.length) < 0)
        || (frequency && as_finite(st, frequency, "frequency", &def.frequency) < 0)
        || (damping && as_finite(st, damping, "damping", &def.damping) < 0)) {
        return -1;
    }
    def.has_length = length != Py_None;
    if (other != NULL && attachment_same_animator(st, item, other, "to") < 0) {
        return -1;
    }
    AnimatorObject *animator = item->animator;
    anima_behavior handle = anima_behavior_null();
    anima_status status;
    if (other == NULL) {
        status = anima_attachment_create_to_anchor(animator->handle, &def, item->handle, offset_value, anchor_point,
                                                   &handle);
    }
    else {
        status = anima_attachment_create_to_item(animator->handle, &def, item->handle, offset_value, other->handle,
                                                 other_offset_value, &handle);
    }
    if (check(st, animator, status) < 0) {
        return -1;
    }
    return behavior_adopt(self, animator, handle);
}

/* Gives the attachment made by an alternate constructor to its blank instance; steals self. */
static PyObject *
attachment_finish(anima_state *st, BehaviorObject *self, AnimatorObject *animator, anima_behavior handle,
                  anima_status status)
{
    if (check(st, animator, status) < 0 || behavior_adopt(self, animator, handle) < 0) {
        Py_DECREF(self);
        return NULL;
    }
    return (PyObject *)self;
}

PyDoc_STRVAR(attachment_pin_doc,
"pin($type, item, other, anchor, *, friction_torque=0.0)\n--\n\n"
"Pin two items of one animator together at anchor = (x, y), a point of the\n"
"reference space: each keeps the point where it was pinned, and both turn\n"
"about it like a hinge. friction_torque (>= 0, in mass x pt^2 / s^2) resists\n"
"their turning relative to each other. Returns an Attachment of type 'pin'\n"
"(an instance of the class it is called on; __init__ is not called).");

static PyObject *
attachment_pin(PyTypeObject *type, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    static const argument names[] = {ANIMA_ARG("item"), ANIMA_ARG("other"), ANIMA_ARG("anchor"), ANIMA_ARG("friction_torque"), ANIMA_ARG(NULL)};
    PyObject *values[4];
    if (parse_arguments("pin", args, nargs, kwnames, names, 3, 3, values) < 0) {
        return NULL;
    }
    anima_state *st = state_of_type(type);
    if (st == NULL) {
        return NULL;
    }
    ItemObject *item = attachment_item(st, values[0], "item");
    ItemObject *other = item ? attachment_item(st, values[1], "other") : NULL;
    anima_attachment_def def = anima_default_attachment_def();
    anima_vec2 anchor;
    if (other == NULL || as_vec2(st, values[2], "anchor", &anchor) < 0
        || (values[3] && as_finite(st, values[3], "friction_torque", &def.friction_torque) < 0)
        || attachment_same_animator(st, item, other, "other") < 0) {
        return NULL;
    }
    BehaviorObject *self = behavior_blank_instance(st, type, st->attachment_type);
    if (self == NULL) {
        return NULL;
    }
    AnimatorObject *animator = item->animator;
    anima_behavior handle = anima_behavior_null();
    anima_status status = anima_attachment_create_pin(animator->handle, &def, item->handle, other->handle, anchor,
                                                      &handle);
    return attachment_finish(st, self, animator, handle, status);
}

PyDoc_STRVAR(attachment_fixed_doc,
"fixed($type, item, other, anchor)\n--\n\n"
"Fuse two items of one animator at anchor = (x, y), a point of the reference\n"
"space (UIKit's fixedAttachment): they keep their relative position and angle,\n"
"moving and turning as one body, and welded items do not collide with each\n"
"other. Returns an Attachment of type 'fixed' (an instance of the class it is\n"
"called on; __init__ is not called).");

static PyObject *
attachment_fixed(PyTypeObject *type, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    static const argument names[] = {ANIMA_ARG("item"), ANIMA_ARG("other"), ANIMA_ARG("anchor"), ANIMA_ARG(NULL)};
    PyObject *values[3];
    if (parse_arguments("fixed", args, nargs, kwnames, names, 3, 3, values) < 0) {
        return NULL;
    }
    anima_state *st = state_of_type(type);
    if (st == NULL) {
        return NULL;
    }
    ItemObject *item = attachment_item(st, values[0], "item");
    ItemObject *other = item ? attachment_item(st, values[1], "other") : NULL;
    anima_vec2 anchor;
    if (other == NULL || as_vec2(st, values[2], "anchor", &anchor) < 0
        || attachment_same_animator(st, item, other, "other") < 0) {
        return NULL;
    }
    BehaviorObject *self = behavior_blank_instance(st, type, st->attachment_type);
    if (self == NULL) {
        return NULL;
    }
    AnimatorObject *animator = item->animator;
    anima_behavior handle = anima_behavior_null();
    anima_status status = anima_attachment_create_fixed(animator->handle, item->handle, other->handle, anchor, &handle);
    return attachment_finish(st, self, animator, handle, status);
}

PyDoc_STRVAR(attachment_limit_doc,
"limit($type, item, other, *, offset=(0, 0), other_offset=(0, 0))\n--\n\n"
"Tie two items of one animator together with a rope between offset on item and\n"
"other_offset on other (each from its item's centre, in the item's own\n"
"coordinates; UIKit's limitAttachment). The rope's length is the distance\n"
"between those points at creation: the items may come closer but never get\n"
"farther apart. Returns an Attachment of type 'limit' (an instance of the\n"
"class it is called on; __init__ is not called).");

static PyObject *
attachment_limit(PyTypeObject *type, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    static const argument names[] = {ANIMA_ARG("item"), ANIMA_ARG("other"), ANIMA_ARG("offset"), ANIMA_ARG("other_offset"), ANIMA_ARG(NULL)};
    PyObject *values[4];
    if (parse_arguments("limit", args, nargs, kwnames, names, 2, 2, values) < 0) {
        return NULL;
    }
    anima_state *st = state_of_type(type);
    if (st == NULL) {
        return NULL;
    }
    ItemObject *item = attachment_item(st, values[0], "item");
    ItemObject *other = item ? attachment_item(st, values[1], "other") : NULL;
    anima_vec2 offset = {0, 0}, other_offset = {0, 0};
    if (other == NULL || (values[2] && as_vec2(st, values[2], "offset", &offset) < 0)
        || (values[3] && as_vec2(st, values[3], "other_offset", &other_offset) < 0)
        || attachment_same_animator(st, item, other, "other") < 0) {
        return NULL;
    }
    BehaviorObject *self = behavior_blank_instance(st, type, st->attachment_type);
    if (self == NULL) {
        return NULL;
    }
    AnimatorObject *animator = item->animator;
    anima_behavior handle = anima_behavior_null();
    anima_status status = anima_attachment_create_limit(animator->handle, item->handle, offset, other->handle,
                                                        other_offset, &handle);
    return attachment_finish(st, self, animator, handle, status);
}

PyDoc_STRVAR(attachment_sliding_doc,
"sliding($type, item, anchor, axis, *, other=None)\n--\n\n"
"Let an item slide along a line through anchor = (x, y), in the direction\n"
"axis = (dx, dy) (non-zero), without turning (UIKit's slidingAttachment). With\n"
"other=None the line is fixed in the reference space; with another item of\n"
"the same animator, axis is in that item's own coordinates and the line moves\n"
"and turns with it, and the two items keep their relative angle. `range`\n"
"limits how far (in points) the item may slide from where it started.\n"
"Returns an Attachment of type 'sliding' (an instance of the class it is\n"
"called on; __init__ is not called).");

static PyObject *
attachment_sliding(PyTypeObject *type, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    static const argument names[] = {ANIMA_ARG("item"), ANIMA_ARG("anchor"), ANIMA_ARG("axis"), ANIMA_ARG("other"), ANIMA_ARG(NULL)};
    PyObject *values[4];
    if (parse_arguments("sliding", args, nargs, kwnames, names, 3, 3, values) < 0) {
        return NULL;
    }
    anima_state *st = state_of_type(type);
    if (st == NULL) {
        return NULL;
    }
    ItemObject *item = attachment_item(st, values[0], "item");
    ItemObject *other = NULL;
    if (item == NULL
        || (values[3] != NULL && values[3] != Py_None
            && ((other = attachment_item(st, values[3], "other")) == NULL
                || attachment_same_animator(st, item, other, "other") < 0))) {
        return NULL;
    }
    anima_vec2 anchor, axis;
    if (as_vec2(st, values[1], "anchor", &anchor) < 0 || as_vec2(st, values[2], "axis", &axis) < 0) {
        return NULL;
    }
    BehaviorObject *self = behavior_blank_instance(st, type, st->attachment_type);
    if (self == NULL) {
        return NULL;
    }
    AnimatorObject *animator = item->animator;
    anima_behavior handle = anima_behavior_null();
    anima_status status = anima_attachment_create_sliding(animator->handle, item->handle,
                                                          other != NULL ? other->handle : anima_item_null(),
                                                          anchor, axis, &handle);
    return attachment_finish(st, self, animator, handle, status);
}

static PyObject *
attachment_get_range(BehaviorObject *self, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    double lower = 0.0, upper = 0.0;
    if (st == NULL || check(st, self->animator, anima_attachment_get_range(self->handle, &lower, &upper)) < 0) {
        return NULL;
    }
    return Py_BuildValue("(dd)", lower, upper);
}

/* A range (lower, upper): two real numbers, infinities allowed (no limit on that side), NaN refused. */
static int
as_range(anima_state *st, PyObject *obj, double *lower, double *upper)
{
    if (PyUnicode_Check(obj) || PyBytes_Check(obj) || PyByteArray_Check(obj) || !PySequence_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "range must be a sequence of 2 numbers (lower, upper), not %.100s",
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    PyObject *seq = PySequence_Fast(obj, "range must be a sequence of 2 numbers (lower, upper)");
    if (seq == NULL) {
        return -1;
    }
    if (PySequence_Fast_GET_SIZE(seq) != 2) {
        PyErr_Format(PyExc_TypeError, "range must be a sequence of 2 numbers (lower, upper), got %zd",
                     PySequence_Fast_GET_SIZE(seq));
        Py_DECREF(seq);
        return -1;
    }
    double bounds[2];
    for (Py_ssize_t i = 0; i < 2; i++) {
        PyObject *value = PySequence_Fast_GET_ITEM(seq, i);
        bounds[i] = PyFloat_AsDouble(value);
        if (bounds[i] == -1.0 && PyErr_Occurred()) {
            if (PyErr_ExceptionMatches(PyExc_TypeError)) {
                PyErr_Format(PyExc_TypeError, "range[%zd] must be a real number, not %.100s", i,
                             Py_TYPE(value)->tp_name);
            }
            else if (PyErr_ExceptionMatches(PyExc_OverflowError)) {
                PyErr_Format(st->invalid_argument_error,
                             "range[%zd] is too large for a float (got %R); use math.inf for no limit", i, value);
            }
            Py_DECREF(seq);
            return -1;
        }
        if (isnan(bounds[i])) {
            PyErr_Format(st->invalid_argument_error, "range[%zd] must not be NaN", i);
            Py_DECREF(seq);
            return -1;
        }
    }
    Py_DECREF(seq);
    *lower = bounds[0];
    *upper = bounds[1];
    return 0;
}

static int
attachment_set_range(BehaviorObject *self, PyObject *value, void *closure)
{
    (void)closure;
    anima_state *st = STATE_OF(self);
    double lower, upper;
    if (st == NULL || forbid_delete(value, "range") < 0 || as_range(st, value, &lower, &upper) < 0) {
        return -1;
    }
    return check(st, self->animator, anima_attachment_set_range(self->handle, lower, upper));
}

/*
 * "<anima.Attachment type='anchor' anchor_point=(x, y) length=... frequency=... damping=..., added>";
 * each type shows what it has, and pins and sliding attachments show a range that limits them.
 */
static PyObject *
attachment_repr(BehaviorObject *self)
{
    anima_attachment_type type = ANIMA_ATTACHMENT_ANCHOR;
    anima_vec2 anchor = {0, 0};
    double length = 0.0, frequency = 0.0, damping = 0.0, friction_torque = 0.0, lower = 0.0, upper = 0.0;
    bool added = false;
    if (anima_attachment_get_type(self->handle, &type) != ANIMA_OK
        || anima_attachment_get_anchor_point(self->handle, &anchor) != ANIMA_OK
        || anima_attachment_get_length(self->handle, &length) != ANIMA_OK
        || anima_attachment_get_frequency(self->handle, &frequency) != ANIMA_OK
        || anima_attachment_get_damping(self->handle, &damping) != ANIMA_OK
        || anima_attachment_get_friction_torque(self->handle, &friction_torque) != ANIMA_OK
        || anima_attachment_get_range(self->handle, &lower, &upper) != ANIMA_OK
        || anima_behavior_is_added(self->handle, &added) != ANIMA_OK) {
        anima_clear_error();
        return PyUnicode_FromFormat("<%s (destroyed)>", Py_TYPE(self)->tp_name);
    }
    const char *name = attachment_type_name(type);
    if (name == NULL) {
        return PyUnicode_FromFormat("<%s type=%d%s>", Py_TYPE(self)->tp_name, (int)type, added ? ", added" : "");
    }
    PyObject *point = vec2_tuple(anchor);
    PyObject *l = PyFloat_FromDouble(length);
    PyObject *f = PyFloat_FromDouble(frequency);
    PyObject *d = PyFloat_FromDouble(damping);
    PyObject *t = PyFloat_FromDouble(friction_torque);
    PyObject *range = NULL;
    if (isfinite(lower) || isfinite(upper)) {
        PyObject *bounds = Py_BuildValue("(dd)", lower, upper);
        range = bounds != NULL ? PyUnicode_FromFormat(" range=%R", bounds) : NULL;
        Py_XDECREF(bounds);
    }
    else {
        range = PyUnicode_FromString("");
    }
    PyObject *result = NULL;
    if (point != NULL && l != NULL && f != NULL && d != NULL && t != NULL && range != NULL) {
        const char *tail = added ? ", added" : "";
        const char *type_name = Py_TYPE(self)->tp_name;
        switch (type) {
        case ANIMA_ATTACHMENT_ANCHOR:
            result = PyUnicode_FromFormat("<%s type='%s' anchor_point=%R length=%R frequency=%R damping=%R%s>",
                                          type_name, name, point, l, f, d, tail);
            break;
        case ANIMA_ATTACHMENT_ITEMS:
            result = PyUnicode_FromFormat("<%s type='%s' length=%R frequency=%R damping=%R%s>",
                                          type_name, name, l, f, d, tail);
            break;
        case ANIMA_ATTACHMENT_PIN:
            result = PyUnicode_FromFormat("<%s type='%s' anchor_point=%R friction_torque=%R%U%s>",
                                          type_name, name, point, t, range, tail);
            break;
        case ANIMA_ATTACHMENT_FIXED:
            result = PyUnicode_FromFormat("<%s type='%s' anchor_point=%R%s>", type_name, name, point, tail);
            break;
        case ANIMA_ATTACHMENT_LIMIT:
            result = PyUnicode_FromFormat("<%s type='%s' length=%R%s>", type_name, name, l, tail);
            break;
        case ANIMA_ATTACHMENT_SLIDING:
            result = PyUnicode_FromFormat("<%s type='%s' anchor_point=%R%U%s>", type_name, name, point, range,
                                          tail);
            break;
        }
    }
    Py_XDECREF(point);
    Py_XDECREF(l);
    Py_XDECREF(f);
    Py_XDECREF(d);
    Py_XDECREF(t);
    Py_XDECREF(range);
    return result;
}


static PyMethodDef attachment_methods[] = {
    {"pin", (PyCFunction)(void (*)(void))attachment_pin, METH_FASTCALL | METH_KEYWORDS | METH_CLASS,
     attachment_pin_doc},
    {"fixed", (PyCFunction)(void (*)(void))attachment_fixed, METH_FASTCALL | METH_KEYWORDS | METH_CLASS,
     attachment_fixed_doc},
    {"limit", (PyCFunction)(void (*)(void))attachment_limit, METH_FASTCALL | METH_KEYWORDS | METH_CLASS,
     attachment_limit_doc},
    {"sliding", (PyCFunction)(void (*)(void))attachment_sliding, METH_FASTCALL | METH_KEYWORDS | METH_CLASS,
     attachment_sliding_doc},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef attachment_getset[] = {
    ANIMA_GET(OWNER_BEHAVIOR, VALUE_ATTACHMENT_TYPE, "type", anima_attachment_get_type,
     "What the attachment ties together, fixed at creation (read-only): 'anchor' (an item\n"
     "to a point), 'items' (two items at a distance), 'pin' (two items pinned at a point),\n"
     "'fixed' (two items fused at a point), 'limit' (two items on a rope) or 'sliding' (an\n"
     "item sliding along an axis)."),
    ANIMA_GETSET(OWNER_BEHAVIOR, VALUE_VEC2, "anchor_point", anima_attachment_get_anchor_point,
                 anima_attachment_set_anchor_point,
     "The anchor point (x, y) in the reference space. Type 'anchor': the point the item\n"
     "hangs from; moving it drags the item along. Types 'pin', 'fixed' and 'sliding': the\n"
     "point given at creation; types 'items' and 'limit': the first item's attachment point\n"
     "at creation. Setting it on an attachment that is not of type 'anchor' raises\n"
     "InvalidStateError."),
    ANIMA_GETSET(OWNER_BEHAVIOR, VALUE_DOUBLE, "length", anima_attachment_get_length, anima_attachment_set_length,
                 "The distance kept between the attachment points, in points (0...1e9); for a rope\n"
                 "(type 'limit') the most it lets them be apart. Pins, fixed and sliding attachments\n"
                 "have none: 0, and setting it raises InvalidStateError."),
    {"range", (getter)attachment_get_range, (setter)attachment_set_range,
     "The limits (lower, upper) of a pin's relative angle (radians) or of a sliding\n"
     "attachment's travel along its axis (points), measured from where they were made; the\n"
     "range must contain 0, and math.inf (or -math.inf) means no limit on that side (the\n"
     "default). Setting it on other types raises InvalidStateError.", NULL},
    ANIMA_GETSET(OWNER_BEHAVIOR, VALUE_DOUBLE, "frequency", anima_attachment_get_frequency, anima_attachment_set_frequency,
                 "The spring's frequency in Hz (0...1e4); 0 (default) is a rigid rod."),
    ANIMA_GETSET(OWNER_BEHAVIOR, VALUE_DOUBLE, "damping", anima_attachment_get_damping, anima_attachment_set_damping,
                 "The spring's damping ratio (0...1e4; 1 = critical; default 0, as UIKit)."),
    ANIMA_GETSET(OWNER_BEHAVIOR, VALUE_DOUBLE, "friction_torque", anima_attachment_get_friction_torque, anima_attachment_set_friction_torque,
                 "The torque resisting rotation about a pin (>= 0, mass x pt^2 / s^2; default 0)."),
    ANIMA_GETSET_END,
};

PyDoc_STRVAR(attachment_doc,
"Attachment(item, anchor=None, *, to=None, offset=(0, 0), other_offset=(0, 0), length=None,\n"
"           frequency=0.0, damping=0.0)\n"
"--\n\n"
"Ties an item to an anchor point or to another item (UIAttachmentBehavior).\n"
"Give exactly one of anchor=(x, y), a point of the reference space, or\n"
"to=other, a second item of the same animator. offset (and other_offset, with\n"
"to=) is the attachment point on the item, from its centre, in the item's own\n"
"coordinates (it turns with the item). length=None keeps the distance between\n"
"the attachment points at creation. frequency=0 makes a rigid rod; a frequency\n"
"in Hz with a damping ratio makes a spring. The classmethods pin(), fixed(),\n"
"limit() and sliding() make the other kinds of attachment (UIKit's pin, fixed,\n"
"limit and sliding attachments). The animator is taken from the item(s).");

ANIMA_BEHAVIOR_TYPE(attachment, "anima.Attachment", BehaviorObject, attachment_doc, attachment_init,
                    attachment_methods, attachment_getset, behavior_traverse, behavior_clear,
                    {Py_tp_repr, (void *)attachment_repr},);


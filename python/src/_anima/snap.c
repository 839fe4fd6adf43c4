#include "_anima.h"

/*
 * Snap (UISnapBehavior): an item drawn to a point on a spring. anima/_snap.py writes the constructor,
 * Snap(item, point).
 */

ANIMA_METHOD(snap_create, "_create", OWNER_NEW, VALUE_NONE,
             behavior_made(&t, anima_snap_create(t.animator_handle, v[1].item, v[2].vec2, &t.behavior)),
             ANIMA_IN("animator", VALUE_ANIMATOR), ANIMA_IN("item", VALUE_ITEM), ANIMA_IN("point", VALUE_VEC2))

static PyMethodDef snap_methods[] = {
    ANIMA_METHOD_ROW("_create", snap_create, "Make this fresh snap (the work of Snap())."),
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef snap_getset[] = {
    ANIMA_GETSET(OWNER_BEHAVIOR, VALUE_VEC2, "point", anima_snap_get_point, anima_snap_set_point,
                 "The point (x, y) the item snaps to; moving it wakes a paused animator and the item\n"
                 "follows."),
    ANIMA_GETSET(OWNER_BEHAVIOR, VALUE_DOUBLE, "damping", anima_snap_get_damping, anima_snap_set_damping,
                 "0 (most oscillation) ... 1 (least); default 0.5."),
    ANIMA_GETSET_END,
};

ANIMA_BEHAVIOR_TYPE(snap, "anima.Snap", NULL,);

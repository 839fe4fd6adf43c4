/* spatial.c: the animator's spatial queries (anima.h "Queries"): rays, the nearest item, overlaps.
 *
 * The methods here are private: anima/_queries.py gives them their public form (RayHit, PointHit,
 * keyword shapes, arrays of rays). A hit comes back as a tuple (item, (x, y), (nx, ny), fraction)
 * or (item, (x, y), distance); the item is the caller's own Item object while it lives.
 */
#include "_anima.h"

/* The query filter of `collisions` (None or an iterable of anima.Collision): their handles in a
   PyMem block the caller frees with PyMem_Free (NULL for none). STATUS_RAISED with an exception set. */
static anima_status
filter_from(const target *t, PyObject *collisions, anima_query_filter *filter, anima_behavior **handles)
{
    *filter = anima_default_query_filter();
    *handles = NULL;
    if (collisions == Py_None) {
        return ANIMA_OK;
    }
    PyObject *list = PySequence_Tuple(collisions);   /* the limited API has no PySequence_Fast macros */
    if (list == NULL) {
        return STATUS_RAISED;
    }
    Py_ssize_t n = PyTuple_Size(list);
    if (n > INT32_MAX) {
        Py_DECREF(list);
        PyErr_SetString(PyExc_OverflowError, "too many collisions");
        return STATUS_RAISED;
    }
    *handles = PyMem_Malloc(sizeof(anima_behavior) * (size_t)(n > 0 ? n : 1));
    if (*handles == NULL) {
        Py_DECREF(list);
        PyErr_NoMemory();
        return STATUS_RAISED;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        value v;
        if (value_from_python(t->st, VALUE_BEHAVIOR, PyTuple_GetItem(list, i), "collisions", &v) < 0) {
            Py_DECREF(list);
            PyMem_Free(*handles);
            *handles = NULL;
            return STATUS_RAISED;
        }
        (*handles)[i] = v.behavior;
    }
    Py_DECREF(list);
    filter->collisions = *handles;
    filter->collisions_count = (int32_t)n;
    return ANIMA_OK;
}

static PyObject *
ray_hit_tuple(const target *t, const anima_ray_hit *hit)
{
    PyObject *item = wrap_item(t->st, t->animator, hit->item);
    if (item == NULL) {
        return NULL;
    }
    return Py_BuildValue("(N(dd)(dd)d)", item, hit->point.x, hit->point.y, hit->normal.x, hit->normal.y, hit->fraction);
}

/* Calls fill with a buffer of `size`-byte records, growing it once when the library says how many
   are needed (BUFFER_TOO_SMALL); *out_block is the PyMem block holding them (NULL for none). */
typedef anima_status (*records_fn)(const void *context, void *out, int32_t capacity, int32_t *count);

static anima_status
read_records(const void *context, records_fn fill, size_t size, void **out_block, int32_t *count)
{
    int32_t capacity = 16;
    for (int attempt = 0; attempt < 2; attempt++) {
        void *block = PyMem_Malloc(size * (size_t)capacity);
        if (block == NULL) {
            PyErr_NoMemory();
            return STATUS_RAISED;
        }
        anima_status status = fill(context, block, capacity, count);
        if (status == ANIMA_ERR_BUFFER_TOO_SMALL && attempt == 0) {
            PyMem_Free(block);
            anima_clear_error();
            capacity = *count;
            continue;
        }
        if (status != ANIMA_OK) {
            PyMem_Free(block);
            return status;
        }
        *out_block = block;
        return ANIMA_OK;
    }
    return ANIMA_ERR_INVALID_STATE;   /* the count grew between two calls on one thread: cannot happen */
}

/* ------------------------------------------------------------------------------ rays */

typedef struct {
    const target *t;
    anima_vec2 start, end;
    const anima_query_filter *filter;
} ray_query;

static anima_status
fill_ray_hits(const void *context, void *out, int32_t capacity, int32_t *count)
{
    const ray_query *q = context;
    return anima_animator_ray_cast(q->t->animator_handle, q->start, q->end, q->filter, out, capacity, count);
}

/* _ray_cast(start, end, collisions): every hit, nearest first, as tuples. */
static anima_status
ray_cast(const target *t, anima_vec2 start, anima_vec2 end, PyObject *collisions, PyObject **out)
{
    anima_query_filter filter;
    anima_behavior *handles;
    anima_status status = filter_from(t, collisions, &filter, &handles);
    if (status != ANIMA_OK) {
        return status;
    }
    ray_query q = {t, start, end, &filter};
    void *block = NULL;
    int32_t count = 0;
    status = read_records(&q, fill_ray_hits, sizeof(anima_ray_hit), &block, &count);
    PyMem_Free(handles);
    if (status != ANIMA_OK) {
        return status;
    }
    const anima_ray_hit *hits = block;
    *out = PyList_New(count);
    for (int32_t i = 0; *out != NULL && i < count; i++) {
        PyObject *hit = ray_hit_tuple(t, &hits[i]);
        if (hit == NULL) {
            Py_CLEAR(*out);
        } else {
            PyList_SetItem(*out, i, hit);   /* steals hit */
        }
    }
    PyMem_Free(block);
    return *out != NULL ? ANIMA_OK : STATUS_RAISED;
}

ANIMA_METHOD(animator_ray_cast, "_ray_cast", OWNER_ANIMATOR, VALUE_OBJECT, ray_cast(&t, v[0].vec2, v[1].vec2, v[2].object, &out.object),
             ANIMA_IN("start", VALUE_VEC2), ANIMA_IN("end", VALUE_VEC2), ANIMA_IN("collisions", VALUE_OBJECT))

/* _ray_cast_closest(start, end, collisions): the nearest hit's tuple, or None. */
static anima_status
ray_cast_closest(const target *t, anima_vec2 start, anima_vec2 end, PyObject *collisions, PyObject **out)
{
    anima_query_filter filter;
    anima_behavior *handles;
    anima_status status = filter_from(t, collisions, &filter, &handles);
    if (status != ANIMA_OK) {
        return status;
    }
    anima_ray_hit hit;
    bool found = false;
    status = anima_animator_ray_cast_closest(t->animator_handle, start, end, &filter, &hit, &found);
    PyMem_Free(handles);
    if (status != ANIMA_OK) {
        return status;
    }
    *out = found ? ray_hit_tuple(t, &hit) : Py_NewRef(Py_None);
    return *out != NULL ? ANIMA_OK : STATUS_RAISED;
}

ANIMA_METHOD(animator_ray_cast_closest, "_ray_cast_closest", OWNER_ANIMATOR, VALUE_OBJECT,
             ray_cast_closest(&t, v[0].vec2, v[1].vec2, v[2].object, &out.object), ANIMA_IN("start", VALUE_VEC2),
             ANIMA_IN("end", VALUE_VEC2), ANIMA_IN("collisions", VALUE_OBJECT))

/* _ray_cast_batch(rays, collisions): rays a C-contiguous float64 buffer of (x0, y0, x1, y1) rows;
   a list with each ray's nearest hit tuple or None. */
static anima_status
ray_cast_batch(const target *t, PyObject *rays, PyObject *collisions, PyObject **out)
{
    Py_buffer view;
    if (PyObject_GetBuffer(rays, &view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        return STATUS_RAISED;
    }
    if (view.itemsize != 8 || view.format == NULL || strchr("d", view.format[strlen(view.format) - 1]) == NULL
        || view.len % (Py_ssize_t)sizeof(anima_ray) != 0 || view.len / (Py_ssize_t)sizeof(anima_ray) > INT32_MAX) {
        PyBuffer_Release(&view);
        PyErr_SetString(PyExc_ValueError, "rays must be a C-contiguous float64 buffer of (x0, y0, x1, y1) rows");
        return STATUS_RAISED;
    }
    int32_t count = (int32_t)(view.len / (Py_ssize_t)sizeof(anima_ray));
    anima_query_filter filter;
    anima_behavior *handles;
    anima_status status = filter_from(t, collisions, &filter, &handles);
    anima_ray_hit *hits = NULL;
    if (status == ANIMA_OK && (hits = PyMem_Malloc(sizeof(anima_ray_hit) * (size_t)(count > 0 ? count : 1))) == NULL) {
        PyErr_NoMemory();
        status = STATUS_RAISED;
    }
    if (status == ANIMA_OK) {
        status = anima_animator_ray_cast_closest_batch(t->animator_handle, view.buf, count, &filter, hits);
    }
    PyBuffer_Release(&view);
    PyMem_Free(handles);
    if (status != ANIMA_OK) {
        PyMem_Free(hits);
        return status;
    }
    *out = PyList_New(count);
    for (int32_t i = 0; *out != NULL && i < count; i++) {
        PyObject *hit = hits[i].item.index1 != 0 ? ray_hit_tuple(t, &hits[i]) : Py_NewRef(Py_None);
        if (hit == NULL) {
            Py_CLEAR(*out);
        } else {
            PyList_SetItem(*out, i, hit);   /* steals hit */
        }
    }
    PyMem_Free(hits);
    return *out != NULL ? ANIMA_OK : STATUS_RAISED;
}

ANIMA_METHOD(animator_ray_cast_batch, "_ray_cast_batch", OWNER_ANIMATOR, VALUE_OBJECT,
             ray_cast_batch(&t, v[0].object, v[1].object, &out.object), ANIMA_IN("rays", VALUE_OBJECT),
             ANIMA_IN("collisions", VALUE_OBJECT))

/* ------------------------------------------------------------------------------ points and shapes */

/* _nearest_item(point, max_distance, collisions): (item, (x, y), distance), or None. */
static anima_status
nearest_item(const target *t, anima_vec2 point, double max_distance, PyObject *collisions, PyObject **out)
{
    anima_query_filter filter;
    anima_behavior *handles;
    anima_status status = filter_from(t, collisions, &filter, &handles);
    if (status != ANIMA_OK) {
        return status;
    }
    anima_point_hit hit;
    bool found = false;
    status = anima_animator_nearest_item(t->animator_handle, point, max_distance, &filter, &hit, &found);
    PyMem_Free(handles);
    if (status != ANIMA_OK) {
        return status;
    }
    if (!found) {
        *out = Py_NewRef(Py_None);
        return ANIMA_OK;
    }
    PyObject *item = wrap_item(t->st, t->animator, hit.item);
    *out = item != NULL ? Py_BuildValue("(N(dd)d)", item, hit.point.x, hit.point.y, hit.distance) : NULL;
    return *out != NULL ? ANIMA_OK : STATUS_RAISED;
}

ANIMA_METHOD(animator_nearest_item, "_nearest_item", OWNER_ANIMATOR, VALUE_OBJECT,
             nearest_item(&t, v[0].vec2, v[1].f64, v[2].object, &out.object), ANIMA_IN("point", VALUE_VEC2),
             ANIMA_IN("max_distance", VALUE_REAL), ANIMA_IN("collisions", VALUE_OBJECT))

typedef struct {
    const target *t;
    const anima_query_shape *shape;
    const anima_query_filter *filter;
} overlap_query;

static anima_status
fill_overlaps(const void *context, void *out, int32_t capacity, int32_t *count)
{
    const overlap_query *q = context;
    return anima_animator_items_overlapping(q->t->animator_handle, q->shape, q->filter, out, capacity, count);
}

/* _items_overlapping(kind, center, radius, size, rotation, points, collisions): kind 0 circle, 1
   rectangle, 2 polygon (points a sequence of (x, y)); the items, in creation order. */
static anima_status
items_overlapping(const target *t, int32_t kind, anima_vec2 center, double radius, anima_size size, double rotation,
                  PyObject *points, PyObject *collisions, PyObject **out)
{
    anima_query_shape shape = anima_default_query_shape();
    shape.type = (anima_query_shape_type)kind;
    shape.center = center;
    shape.radius = radius;
    shape.size = size;
    shape.rotation = rotation;
    PyObject *bytes = NULL;
    if (points != Py_None) {
        shape.points = path_points(t->st, points, &bytes, &shape.points_count);
        if (shape.points == NULL) {
            return STATUS_RAISED;
        }
    }
    anima_query_filter filter;
    anima_behavior *handles;
    anima_status status = filter_from(t, collisions, &filter, &handles);
    void *block = NULL;
    int32_t count = 0;
    if (status == ANIMA_OK) {
        overlap_query q = {t, &shape, &filter};
        status = read_records(&q, fill_overlaps, sizeof(anima_item), &block, &count);
    }
    Py_XDECREF(bytes);
    PyMem_Free(handles);
    if (status != ANIMA_OK) {
        return status;
    }
    const anima_item *items = block;
    *out = PyList_New(count);
    for (int32_t i = 0; *out != NULL && i < count; i++) {
        PyObject *item = wrap_item(t->st, t->animator, items[i]);
        if (item == NULL) {
            Py_CLEAR(*out);
        } else {
            PyList_SetItem(*out, i, item);
        }
    }
    PyMem_Free(block);
    return *out != NULL ? ANIMA_OK : STATUS_RAISED;
}

ANIMA_METHOD(animator_items_overlapping, "_items_overlapping", OWNER_ANIMATOR, VALUE_OBJECT,
             items_overlapping(&t, v[0].i32, v[1].vec2, v[2].f64, v[3].size, v[4].f64, v[5].object, v[6].object,
                               &out.object),
             ANIMA_IN("kind", VALUE_INT32), ANIMA_IN("center", VALUE_VEC2), ANIMA_IN("radius", VALUE_REAL),
             ANIMA_IN("size", VALUE_SIZE), ANIMA_IN("rotation", VALUE_DOUBLE), ANIMA_IN("points", VALUE_OBJECT),
             ANIMA_IN("collisions", VALUE_OBJECT))

/* ------------------------------------------------------------------------ debug draw */

/* The list the debug drawing's callbacks append their tuples to; a failure stops the appends. */
typedef struct {
    PyObject *list;
    int failed;
} debug_sink;

static void
debug_append(debug_sink *sink, PyObject *entry)
{
    if (sink->failed || entry == NULL || PyList_Append(sink->list, entry) < 0) {
        sink->failed = 1;
    }
    Py_XDECREF(entry);
}

static void
debug_polygon(void *context, const anima_vec2 *vertices, int32_t count, uint32_t color)
{
    debug_sink *sink = context;
    PyObject *points = sink->failed ? NULL : PyTuple_New(count);
    for (int32_t i = 0; points != NULL && i < count; i++) {
        PyObject *p = Py_BuildValue("(dd)", vertices[i].x, vertices[i].y);
        if (p == NULL) {
            Py_CLEAR(points);
        } else {
            PyTuple_SetItem(points, i, p);
        }
    }
    debug_append(sink, points == NULL ? NULL : Py_BuildValue("(sNk)", "polygon", points, (unsigned long)color));
}

static void
debug_circle(void *context, anima_vec2 center, double radius, double angle, uint32_t color)
{
    debug_sink *sink = context;
    debug_append(sink, sink->failed ? NULL
                                    : Py_BuildValue("(s(dd)ddk)", "circle", center.x, center.y, radius, angle,
                                                    (unsigned long)color));
}

static void
debug_segment(void *context, anima_vec2 from, anima_vec2 to, uint32_t color)
{
    debug_sink *sink = context;
    debug_append(sink, sink->failed ? NULL
                                    : Py_BuildValue("(s(dd)(dd)k)", "segment", from.x, from.y, to.x, to.y,
                                                    (unsigned long)color));
}

static void
debug_point(void *context, anima_vec2 point, double size, uint32_t color)
{
    debug_sink *sink = context;
    debug_append(sink, sink->failed ? NULL
                                    : Py_BuildValue("(s(dd)dk)", "point", point.x, point.y, size, (unsigned long)color));
}

/* _debug_draw(flags): the primitives as tuples, in the library's order. */
static anima_status
debug_draw(const target *t, int32_t flags, PyObject **out)
{
    if (flags < 0) {
        PyErr_Format(t->st->invalid_argument_error, "flags must be 0...31 (got %d)", (int)flags);
        return STATUS_RAISED;
    }
    debug_sink sink = {PyList_New(0), 0};
    if (sink.list == NULL) {
        return STATUS_RAISED;
    }
    anima_debug_draw draw = anima_default_debug_draw();
    draw.draw_polygon = debug_polygon;
    draw.draw_circle = debug_circle;
    draw.draw_segment = debug_segment;
    draw.draw_point = debug_point;
    draw.flags = (uint32_t)flags;
    draw.context = &sink;
    anima_status status = anima_animator_debug_draw(t->animator_handle, &draw);
    if (status == ANIMA_OK && sink.failed) {
        status = STATUS_RAISED;   /* the exception of the append that failed is set */
    }
    if (status != ANIMA_OK) {
        Py_DECREF(sink.list);
        return status;
    }
    *out = sink.list;
    return ANIMA_OK;
}

ANIMA_METHOD(animator_debug_draw, "_debug_draw", OWNER_ANIMATOR, VALUE_OBJECT, debug_draw(&t, v[0].i32, &out.object),
             ANIMA_IN("flags", VALUE_INT32))

/* Added to Animator by the module. */
PyMethodDef animator_query_methods[] = {
    ANIMA_METHOD_ROW("_ray_cast", animator_ray_cast, "Every hit of a segment (see ray_cast())."),
    ANIMA_METHOD_ROW("_ray_cast_closest", animator_ray_cast_closest, "The nearest hit of a segment (see ray_cast_first())."),
    ANIMA_METHOD_ROW("_ray_cast_batch", animator_ray_cast_batch, "Each ray's nearest hit (see ray_cast_many())."),
    ANIMA_METHOD_ROW("_nearest_item", animator_nearest_item, "The nearest item (see nearest_item())."),
    ANIMA_METHOD_ROW("_items_overlapping", animator_items_overlapping, "Items overlapping a shape (see items_overlapping())."),
    ANIMA_METHOD_ROW("_debug_draw", animator_debug_draw, "The debug drawing's primitives (see debug_draw())."),
    {NULL, NULL, 0, NULL},
};

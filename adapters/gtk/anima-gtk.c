/*
 * anima-gtk.c: Anima on GTK 4 widgets (see anima-gtk.h).
 *
 * One driver per GtkFixed: a tick callback advances the animator and writes the bindings, one
 * GtkGestureDrag turns the primary button into anima_drag_begin / _move / _end, and a handler on
 * the widget's GtkSettings follows gtk-enable-animations. Bindings hold weak references to their
 * widgets and objects: a finalized target drops its binding.
 */
#include "anima-gtk.h"

#include <math.h>
#include <string.h>

typedef enum TargetKind { TARGET_WIDGET, TARGET_PROPERTY, TARGET_FUNC } TargetKind;

typedef struct Binding {
    AnimaGtkDriver *driver;
    TargetKind kind;
    gboolean dead;           /* unbound or its target gone; swept after the current write */
    GObject *object;         /* the widget or the property's object: a weak reference; NULL for a function */
    /* a widget's */
    anima_item item;
    AnimaGtkBindFlags flags;
    gboolean draggable;
    anima_drag_def drag_def;
    gboolean written;        /* the cache below holds what was last written */
    double x, y, degrees, scale_x, scale_y, alpha;
    int width, height, request_width, request_height;
    /* a value's */
    anima_value value;
    GParamSpec *pspec;
    AnimaGtkValueFunc func;
    gpointer user_data;
    GDestroyNotify destroy;
    double last[4];
    int count;
} Binding;

struct AnimaGtkDriver {
    anima_animator animator;
    GtkWidget *fixed;
    guint tick_id;
    GPtrArray *bindings;     /* Binding *, in the order bound */
    int writing;             /* > 0 while the bindings are walked: removal waits for the sweep */
    gint64 frame_time;
    guint64 frames;
    gboolean warned;         /* one warning per driver for a failing advance */
    gboolean restarted;      /* the next frame is the first after anima_gtk_driver_start */
    /* the drag */
    GtkGesture *gesture;
    Binding *held;
    anima_behavior drag;
    gboolean claimed;
    double start_x, start_y;
    /* the settings */
    GtkSettings *settings;
    gulong settings_handler;
    gboolean follows_settings;
    /* the application's */
    AnimaGtkFrameFunc frame_func;
    gpointer frame_data;
    AnimaGtkDragFunc drag_func;
    gpointer drag_data;
};

G_DEFINE_QUARK(anima-gtk-error-quark, anima_gtk_error)

/* The engine's last failure as a GError: the status is the code, its message the message. */
static gboolean engine_error(GError **error, anima_status status, const char *what)
{
    const char *message = anima_last_error_message();
    g_set_error(error, ANIMA_GTK_ERROR, (int)status, "%s: %s", what, message && *message ? message : anima_status_string(status));
    return FALSE;
}

static gboolean argument_error(GError **error, const char *format, const char *detail)
{
    g_set_error(error, ANIMA_GTK_ERROR, ANIMA_ERR_INVALID_ARGUMENT, format, detail);
    return FALSE;
}

static gboolean same_item(anima_item a, anima_item b)
{
    return a.index1 == b.index1 && a.generation == b.generation && a.animator == b.animator && a.kind == b.kind;
}

/* ------------------------------------------------------------------------------ bindings */

static void target_gone(gpointer data, GObject *where_it_was);

static void binding_release(Binding *b)
{
    if (b->object != NULL) {
        g_object_weak_unref(b->object, target_gone, b);
        b->object = NULL;
    }
    if (b->destroy != NULL) {
        b->destroy(b->user_data);
        b->destroy = NULL;
    }
    if (b->driver->held == b) {
        b->driver->held = NULL;    /* the drag's attachment stays until its release or the item goes */
    }
}

static void binding_free(gpointer data)
{
    Binding *b = data;
    binding_release(b);
    g_free(b);
}

static void sweep(AnimaGtkDriver *d)
{
    if (d->writing > 0) {
        return;
    }
    for (guint i = d->bindings->len; i-- > 0;) {
        Binding *b = g_ptr_array_index(d->bindings, i);
        if (b->dead) {
            g_ptr_array_remove_index(d->bindings, i);
        }
    }
}

static void drop(Binding *b)
{
    b->dead = TRUE;
    binding_release(b);
    sweep(b->driver);
}

static void target_gone(gpointer data, GObject *where_it_was)
{
    (void)where_it_was;
    Binding *b = data;
    b->object = NULL;             /* the weak reference is spent */
    drop(b);
}

static Binding *binding_new(AnimaGtkDriver *d, TargetKind kind, GObject *object)
{
    Binding *b = g_new0(Binding, 1);
    b->driver = d;
    b->kind = kind;
    b->object = object;
    if (object != NULL) {
        g_object_weak_ref(object, target_gone, b);
    }
    g_ptr_array_add(d->bindings, b);
    return b;
}

static Binding *widget_binding(AnimaGtkDriver *d, GtkWidget *widget)
{
    for (guint i = 0; i < d->bindings->len; i++) {
        Binding *b = g_ptr_array_index(d->bindings, i);
        if (!b->dead && b->kind == TARGET_WIDGET && b->object == G_OBJECT(widget)) {
            return b;
        }
    }
    return NULL;
}

/* A widget's pose: the child transform translate(centre) rotate scale translate(-size / 2). */
static void write_widget(Binding *b)
{
    AnimaGtkDriver *d = b->driver;
    GtkWidget *widget = GTK_WIDGET(b->object);
    anima_vec2 center;
    anima_size size;
    if (anima_item_get_display_center(b->item, &center) != ANIMA_OK || anima_item_get_size(b->item, &size) != ANIMA_OK) {
        drop(b);                  /* the item is gone: the widget keeps its last pose */
        return;
    }
    double radians = 0, alpha = 1;
    anima_transform t = {0, 1, 1, 0, 0};
    if (b->flags & ANIMA_GTK_BIND_ROTATION) {
        anima_item_get_display_rotation(b->item, &radians);
    }
    if (b->flags & ANIMA_GTK_BIND_SCALE) {
        anima_item_get_transform(b->item, &t);
    }
    if (b->flags & ANIMA_GTK_BIND_OPACITY) {
        anima_item_get_alpha(b->item, &alpha);
    }
    if (b->flags & ANIMA_GTK_BIND_SIZE) {
        int w = (int)fmax(1, round(size.width)), h = (int)fmax(1, round(size.height));
        if (w != b->request_width || h != b->request_height) {
            gtk_widget_set_size_request(widget, w, h);
            b->request_width = w;
            b->request_height = h;
        }
    }
    /* the size GtkFixed allocates, margins, border and padding included: the minimum size, which a
       widget's content may make larger than the item (GTK caches it, so asking each frame is cheap) */
    GtkRequisition minimum;
    gtk_widget_get_preferred_size(widget, &minimum, NULL);
    int width = minimum.width, height = minimum.height;
    double x = (b->flags & ANIMA_GTK_BIND_POSITION) ? center.x : width / 2.0;
    double y = (b->flags & ANIMA_GTK_BIND_POSITION) ? center.y : height / 2.0;
    double degrees = radians * (180.0 / G_PI);
    if (!b->written || x != b->x || y != b->y || degrees != b->degrees || t.scale_x != b->scale_x || t.scale_y != b->scale_y
        || width != b->width || height != b->height) {
        GskTransform *transform = gsk_transform_translate(NULL, &GRAPHENE_POINT_INIT((float)x, (float)y));
        transform = gsk_transform_rotate(transform, (float)degrees);
        transform = gsk_transform_scale(transform, (float)t.scale_x, (float)t.scale_y);
        transform = gsk_transform_translate(transform, &GRAPHENE_POINT_INIT(-width / 2.0f, -height / 2.0f));
        gtk_fixed_set_child_transform(GTK_FIXED(d->fixed), widget, transform);
        gsk_transform_unref(transform);
        b->x = x;
        b->y = y;
        b->degrees = degrees;
        b->scale_x = t.scale_x;
        b->scale_y = t.scale_y;
        b->width = width;
        b->height = height;
    }
    if ((b->flags & ANIMA_GTK_BIND_OPACITY) && (!b->written || alpha != b->alpha)) {
        gtk_widget_set_opacity(widget, alpha);
        b->alpha = alpha;
    }
    b->written = TRUE;
}

static double clamp(double v, double lo, double hi) { return v < lo ? lo : v > hi ? hi : v; }

/* One component into the property's type, held to the property's range. */
static void set_property(GObject *object, GParamSpec *pspec, const double *c)
{
    GValue value = G_VALUE_INIT;
    g_value_init(&value, pspec->value_type);
    switch (G_TYPE_FUNDAMENTAL(pspec->value_type)) {
    case G_TYPE_DOUBLE: {
        GParamSpecDouble *p = G_PARAM_SPEC_DOUBLE(pspec);
        g_value_set_double(&value, clamp(c[0], p->minimum, p->maximum));
        break;
    }
    case G_TYPE_FLOAT: {
        GParamSpecFloat *p = G_PARAM_SPEC_FLOAT(pspec);
        g_value_set_float(&value, (float)clamp(c[0], p->minimum, p->maximum));
        break;
    }
    case G_TYPE_INT: {
        GParamSpecInt *p = G_PARAM_SPEC_INT(pspec);
        g_value_set_int(&value, (int)clamp(round(c[0]), p->minimum, p->maximum));
        break;
    }
    case G_TYPE_UINT: {
        GParamSpecUInt *p = G_PARAM_SPEC_UINT(pspec);
        g_value_set_uint(&value, (guint)clamp(round(c[0]), p->minimum, p->maximum));
        break;
    }
    case G_TYPE_INT64: {
        GParamSpecInt64 *p = G_PARAM_SPEC_INT64(pspec);
        g_value_set_int64(&value, (gint64)clamp(round(c[0]), (double)p->minimum, (double)p->maximum));
        break;
    }
    case G_TYPE_BOOLEAN:
        g_value_set_boolean(&value, c[0] >= 0.5);
        break;
    default: {               /* GdkRGBA, checked at bind */
        GdkRGBA rgba = {(float)clamp(c[0], 0, 1), (float)clamp(c[1], 0, 1), (float)clamp(c[2], 0, 1), (float)clamp(c[3], 0, 1)};
        g_value_set_boxed(&value, &rgba);
        break;
    }
    }
    g_object_set_property(object, pspec->name, &value);
    g_value_unset(&value);
}

static void write_value(Binding *b)
{
    double c[4] = {0, 0, 0, 0};
    int32_t count = 0;
    if (anima_value_get(b->value, c, 4, &count) != ANIMA_OK) {
        drop(b);
        return;
    }
    if (b->count == count && memcmp(c, b->last, sizeof c) == 0) {
        return;
    }
    memcpy(b->last, c, sizeof c);
    b->count = count;
    if (b->kind == TARGET_PROPERTY) {
        set_property(b->object, b->pspec, c);
    } else {
        b->func(c, count, b->user_data);
    }
}

void anima_gtk_driver_write(AnimaGtkDriver *d)
{
    g_return_if_fail(d != NULL);
    d->writing++;
    for (guint i = 0; i < d->bindings->len; i++) {   /* a binding added by a callback is written too */
        Binding *b = g_ptr_array_index(d->bindings, i);
        if (b->dead) {
            continue;
        }
        if (b->kind == TARGET_WIDGET) {
            write_widget(b);
        } else {
            write_value(b);
        }
    }
    d->writing--;
    sweep(d);
}

/* ------------------------------------------------------------------------------ frames */

static gboolean tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
    (void)widget;
    AnimaGtkDriver *d = data;
    gint64 now = gdk_frame_clock_get_frame_time(clock);
    double seconds = d->frames == 0 || d->restarted ? 0 : clamp((double)(now - d->frame_time) / 1e6, 0, 0.25);
    d->restarted = FALSE;
    d->frame_time = now;
    d->frames++;
    anima_status status = anima_animator_advance(d->animator, seconds);
    if (status != ANIMA_OK && status != ANIMA_ERR_INTERRUPTED && !d->warned) {
        g_warning("anima-gtk: anima_animator_advance failed: %s", anima_last_error_message());
        d->warned = TRUE;
    }
    anima_gtk_driver_write(d);
    if (d->frame_func != NULL) {
        d->frame_func(d, now, d->frame_data);
    }
    return G_SOURCE_CONTINUE;
}

void anima_gtk_driver_stop(AnimaGtkDriver *d)
{
    g_return_if_fail(d != NULL);
    if (d->tick_id != 0) {
        gtk_widget_remove_tick_callback(d->fixed, d->tick_id);
        d->tick_id = 0;
    }
}

void anima_gtk_driver_start(AnimaGtkDriver *d)
{
    g_return_if_fail(d != NULL);
    if (d->tick_id == 0) {
        d->restarted = TRUE;
        d->tick_id = gtk_widget_add_tick_callback(d->fixed, tick, d, NULL);
    }
}

gboolean anima_gtk_driver_is_running(const AnimaGtkDriver *d)
{
    g_return_val_if_fail(d != NULL, FALSE);
    return d->tick_id != 0;
}

static void apply_settings(AnimaGtkDriver *d)
{
    gboolean enabled = TRUE;
    g_object_get(d->settings, "gtk-enable-animations", &enabled, NULL);
    anima_animator_set_reduces_motion(d->animator, !enabled);
}

static void settings_changed(GObject *settings, GParamSpec *pspec, gpointer data)
{
    (void)settings;
    (void)pspec;
    AnimaGtkDriver *d = data;
    if (d->follows_settings) {
        apply_settings(d);
    }
}

void anima_gtk_driver_set_follows_settings(AnimaGtkDriver *d, gboolean follows)
{
    g_return_if_fail(d != NULL);
    d->follows_settings = follows;
    if (follows) {
        apply_settings(d);
    }
}

/* ------------------------------------------------------------------------------ drags */

static double event_seconds(AnimaGtkDriver *d)
{
    return gtk_event_controller_get_current_event_time(GTK_EVENT_CONTROLLER(d->gesture)) / 1000.0;
}

static void report(AnimaGtkDriver *d, AnimaGtkDragPhase phase, Binding *b, anima_vec2 point, double time, anima_vec2 velocity)
{
    if (d->drag_func != NULL && b != NULL) {
        d->drag_func(d, phase, GTK_WIDGET(b->object), b->item, point, time, velocity, d->drag_data);
    }
}

/* The draggable binding of the child of the fixed that holds the widget GTK picks at (x, y). */
static Binding *draggable_at(AnimaGtkDriver *d, double x, double y)
{
    GtkWidget *w = gtk_widget_pick(d->fixed, x, y, GTK_PICK_DEFAULT);
    while (w != NULL && w != d->fixed && gtk_widget_get_parent(w) != d->fixed) {
        w = gtk_widget_get_parent(w);
    }
    if (w == NULL || w == d->fixed) {
        return NULL;
    }
    Binding *b = widget_binding(d, w);
    return b != NULL && b->draggable ? b : NULL;
}

static void drag_begin(GtkGestureDrag *gesture, double x, double y, gpointer data)
{
    AnimaGtkDriver *d = data;
    Binding *b = draggable_at(d, x, y);
    anima_behavior drag;
    double time = event_seconds(d);
    if (b == NULL || anima_drag_begin(d->animator, &b->drag_def, b->item, (anima_vec2){x, y}, time, &drag) != ANIMA_OK) {
        gtk_gesture_set_state(GTK_GESTURE(gesture), GTK_EVENT_SEQUENCE_DENIED);
        return;
    }
    d->held = b;
    d->drag = drag;
    d->claimed = FALSE;
    d->start_x = x;
    d->start_y = y;
    report(d, ANIMA_GTK_DRAG_BEGIN, b, (anima_vec2){x, y}, time, (anima_vec2){0, 0});
}

/* One pointer sample into the drag; FALSE once the drag has ended (its item was destroyed). */
static gboolean follow(AnimaGtkDriver *d, anima_vec2 point, double time)
{
    if (anima_drag_move(d->drag, point, time) != ANIMA_OK) {
        d->held = NULL;
        return FALSE;
    }
    report(d, ANIMA_GTK_DRAG_MOVE, d->held, point, time, (anima_vec2){0, 0});
    return TRUE;
}

static void drag_update(GtkGestureDrag *gesture, double dx, double dy, gpointer data)
{
    AnimaGtkDriver *d = data;
    if (d->held == NULL) {
        return;
    }
    anima_vec2 point = {d->start_x + dx, d->start_y + dy};
    double time = event_seconds(d);
    if (!d->claimed && gtk_drag_check_threshold(d->fixed, (int)d->start_x, (int)d->start_y, (int)point.x, (int)point.y)) {
        d->claimed = TRUE;        /* a drag, not a click: the button under it lets go */
        gtk_gesture_set_state(GTK_GESTURE(gesture), GTK_EVENT_SEQUENCE_CLAIMED);
    }
    /* GDK merges the motion events of one frame into the last; its history keeps the others, in
       the surface's coordinates, which differ from the fixed's by the same offset as this event's */
    GdkEvent *event = gtk_event_controller_get_current_event(GTK_EVENT_CONTROLLER(gesture));
    if (event != NULL && gdk_event_get_event_type(event) == GDK_MOTION_NOTIFY) {
        guint n = 0;
        GdkTimeCoord *history = gdk_event_get_history(event, &n);
        double ex = 0, ey = 0;
        if (history != NULL && gdk_event_get_position(event, &ex, &ey)) {
            for (guint i = 0; i < n; i++) {
                double hx = 0, hy = 0, t = history[i].time / 1000.0;
                if (t < time && (history[i].flags & GDK_AXIS_FLAG_X) && (history[i].flags & GDK_AXIS_FLAG_Y)) {
                    hx = history[i].axes[GDK_AXIS_X];
                    hy = history[i].axes[GDK_AXIS_Y];
                    if (!follow(d, (anima_vec2){point.x + hx - ex, point.y + hy - ey}, t)) {
                        g_free(history);
                        return;
                    }
                }
            }
        }
        g_free(history);
    }
    follow(d, point, time);
}

static void finish(AnimaGtkDriver *d, anima_vec2 point)
{
    Binding *b = d->held;
    if (b == NULL) {
        return;
    }
    d->held = NULL;
    double time = event_seconds(d);
    anima_vec2 velocity = {0, 0};
    if (anima_drag_end(d->drag, time, &velocity) == ANIMA_OK) {
        report(d, ANIMA_GTK_DRAG_END, b, point, time, velocity);
    }
}

static void drag_end(GtkGestureDrag *gesture, double dx, double dy, gpointer data)
{
    (void)gesture;
    AnimaGtkDriver *d = data;
    finish(d, (anima_vec2){d->start_x + dx, d->start_y + dy});
}

static void drag_cancel(GtkGesture *gesture, GdkEventSequence *sequence, gpointer data)
{
    (void)sequence;
    AnimaGtkDriver *d = data;
    double dx = 0, dy = 0;
    gtk_gesture_drag_get_offset(GTK_GESTURE_DRAG(gesture), &dx, &dy);
    finish(d, (anima_vec2){d->start_x + dx, d->start_y + dy});
}

/* ------------------------------------------------------------------------------ the driver */

AnimaGtkDriver *anima_gtk_driver_new(anima_animator animator, GtkWidget *fixed, GError **error)
{
    if (fixed == NULL || !GTK_IS_FIXED(fixed)) {
        argument_error(error, "anima_gtk_driver_new: %s", "fixed must be a GtkFixed");
        return NULL;
    }
    if (!anima_animator_is_valid(animator)) {
        engine_error(error, ANIMA_ERR_INVALID_HANDLE, "anima_gtk_driver_new: the animator");
        return NULL;
    }
    AnimaGtkDriver *d = g_new0(AnimaGtkDriver, 1);
    d->animator = animator;
    d->fixed = g_object_ref(fixed);
    d->bindings = g_ptr_array_new_with_free_func(binding_free);
    d->tick_id = gtk_widget_add_tick_callback(fixed, tick, d, NULL);
    d->gesture = gtk_gesture_drag_new();
    gtk_gesture_single_set_button(GTK_GESTURE_SINGLE(d->gesture), GDK_BUTTON_PRIMARY);
    gtk_event_controller_set_propagation_phase(GTK_EVENT_CONTROLLER(d->gesture), GTK_PHASE_CAPTURE);
    g_signal_connect(d->gesture, "drag-begin", G_CALLBACK(drag_begin), d);
    g_signal_connect(d->gesture, "drag-update", G_CALLBACK(drag_update), d);
    g_signal_connect(d->gesture, "drag-end", G_CALLBACK(drag_end), d);
    g_signal_connect(d->gesture, "cancel", G_CALLBACK(drag_cancel), d);
    g_object_ref(d->gesture);     /* the fixed owns it too; freeing the driver takes it back */
    gtk_widget_add_controller(fixed, GTK_EVENT_CONTROLLER(d->gesture));
    d->settings = g_object_ref(gtk_widget_get_settings(fixed));
    d->settings_handler = g_signal_connect(d->settings, "notify::gtk-enable-animations", G_CALLBACK(settings_changed), d);
    d->follows_settings = TRUE;
    apply_settings(d);
    return d;
}

void anima_gtk_driver_free(AnimaGtkDriver *d)
{
    if (d == NULL) {
        return;
    }
    anima_gtk_driver_stop(d);
    g_signal_handlers_disconnect_by_data(d->gesture, d);
    gtk_widget_remove_controller(d->fixed, GTK_EVENT_CONTROLLER(d->gesture));
    g_object_unref(d->gesture);
    g_signal_handler_disconnect(d->settings, d->settings_handler);
    g_object_unref(d->settings);
    d->held = NULL;
    d->writing = 0;
    g_ptr_array_unref(d->bindings);
    g_object_unref(d->fixed);
    g_free(d);
}

anima_animator anima_gtk_driver_get_animator(const AnimaGtkDriver *d)
{
    g_return_val_if_fail(d != NULL, (anima_animator){0});
    return d->animator;
}

GtkWidget *anima_gtk_driver_get_fixed(const AnimaGtkDriver *d)
{
    g_return_val_if_fail(d != NULL, NULL);
    return d->fixed;
}

gint64 anima_gtk_driver_get_frame_time(const AnimaGtkDriver *d)
{
    g_return_val_if_fail(d != NULL, 0);
    return d->frame_time;
}

guint64 anima_gtk_driver_get_frame_count(const AnimaGtkDriver *d)
{
    g_return_val_if_fail(d != NULL, 0);
    return d->frames;
}

void anima_gtk_driver_set_frame_func(AnimaGtkDriver *d, AnimaGtkFrameFunc func, gpointer user_data)
{
    g_return_if_fail(d != NULL);
    d->frame_func = func;
    d->frame_data = user_data;
}

void anima_gtk_driver_set_drag_func(AnimaGtkDriver *d, AnimaGtkDragFunc func, gpointer user_data)
{
    g_return_if_fail(d != NULL);
    d->drag_func = func;
    d->drag_data = user_data;
}

/* The item must be a live item of the driver's animator. */
static gboolean check_item(AnimaGtkDriver *d, anima_item item, const char *function, GError **error)
{
    anima_animator owner;
    anima_status status = anima_item_get_animator(item, &owner);
    if (status != ANIMA_OK) {
        return engine_error(error, status, function);
    }
    if (owner.index1 != d->animator.index1 || owner.generation != d->animator.generation) {
        return argument_error(error, "%s: the item belongs to another animator", function);
    }
    return TRUE;
}

gboolean anima_gtk_driver_bind(AnimaGtkDriver *d, GtkWidget *widget, anima_item item, AnimaGtkBindFlags flags, GError **error)
{
    g_return_val_if_fail(d != NULL, FALSE);
    if (widget == NULL || !GTK_IS_WIDGET(widget) || gtk_widget_get_parent(widget) != d->fixed) {
        return argument_error(error, "%s: widget must be a child of the driver's GtkFixed", "anima_gtk_driver_bind");
    }
    if (flags == 0 || (flags & ~(ANIMA_GTK_BIND_POSE | ANIMA_GTK_BIND_SIZE)) != 0) {
        return argument_error(error, "%s: flags must be a non-empty set of ANIMA_GTK_BIND_*", "anima_gtk_driver_bind");
    }
    if (!check_item(d, item, "anima_gtk_driver_bind", error)) {
        return FALSE;
    }
    anima_size size;
    anima_item_get_size(item, &size);
    Binding *b = widget_binding(d, widget);
    gboolean draggable = b != NULL && b->draggable;
    anima_drag_def def = b != NULL ? b->drag_def : anima_default_drag_def();
    if (b != NULL && !same_item(b->item, item)) {
        draggable = FALSE;        /* draggability belongs to the widget's old item */
    }
    if (b == NULL) {
        b = binding_new(d, TARGET_WIDGET, G_OBJECT(widget));
    }
    b->item = item;
    b->flags = flags;
    b->draggable = draggable;
    b->drag_def = def;
    b->written = FALSE;
    b->request_width = (int)fmax(1, round(size.width));
    b->request_height = (int)fmax(1, round(size.height));
    gtk_widget_set_size_request(widget, b->request_width, b->request_height);
    write_widget(b);
    return TRUE;
}

gboolean anima_gtk_driver_unbind(AnimaGtkDriver *d, GtkWidget *widget)
{
    g_return_val_if_fail(d != NULL, FALSE);
    Binding *b = widget != NULL ? widget_binding(d, widget) : NULL;
    if (b == NULL) {
        return FALSE;
    }
    drop(b);
    return TRUE;
}

gboolean anima_gtk_driver_set_draggable(AnimaGtkDriver *d, GtkWidget *widget, anima_item item, const anima_drag_def *def, GError **error)
{
    g_return_val_if_fail(d != NULL, FALSE);
    Binding *b = widget != NULL && GTK_IS_WIDGET(widget) ? widget_binding(d, widget) : NULL;
    if (b == NULL || !same_item(b->item, item)) {
        return argument_error(error, "%s: the widget must be bound to the item first (anima_gtk_driver_bind)", "anima_gtk_driver_set_draggable");
    }
    anima_drag_def chosen = def != NULL ? *def : anima_default_drag_def();
    /* an anima_drag_begin with this def and nothing to grab would not tell a bad def apart, so
       check its fields here, as anima_drag_begin does */
    if (!(chosen.frequency >= 0 && isfinite(chosen.frequency)) || !(chosen.damping >= 0 && isfinite(chosen.damping))
        || !(chosen.max_acceleration > 0)) {
        return argument_error(error, "%s: def has a frequency or damping < 0 or not finite, or a max_acceleration <= 0", "anima_gtk_driver_set_draggable");
    }
    if (chosen.cookie != anima_default_drag_def().cookie) {
        return argument_error(error, "%s: def must start from anima_default_drag_def()", "anima_gtk_driver_set_draggable");
    }
    b->drag_def = chosen;
    b->draggable = TRUE;
    return TRUE;
}

static gboolean check_value(anima_value value, int32_t *count, const char *function, GError **error)
{
    anima_status status = anima_value_get_count(value, count);
    return status == ANIMA_OK ? TRUE : engine_error(error, status, function);
}

gboolean anima_gtk_driver_bind_value(AnimaGtkDriver *d, anima_value value, GObject *object, const char *property, GError **error)
{
    static const char *function = "anima_gtk_driver_bind_value";
    g_return_val_if_fail(d != NULL, FALSE);
    int32_t count = 0;
    if (!check_value(value, &count, function, error)) {
        return FALSE;
    }
    if (object == NULL || !G_IS_OBJECT(object) || property == NULL) {
        return argument_error(error, "%s: object must be a GObject and property a name", function);
    }
    GParamSpec *pspec = g_object_class_find_property(G_OBJECT_GET_CLASS(object), property);
    if (pspec == NULL || !(pspec->flags & G_PARAM_WRITABLE) || (pspec->flags & G_PARAM_CONSTRUCT_ONLY)) {
        g_set_error(error, ANIMA_GTK_ERROR, ANIMA_ERR_NOT_FOUND, "%s: %s has no writable property '%s'", function,
                    G_OBJECT_TYPE_NAME(object), property);
        return FALSE;
    }
    GType fundamental = G_TYPE_FUNDAMENTAL(pspec->value_type);
    gboolean scalar = fundamental == G_TYPE_DOUBLE || fundamental == G_TYPE_FLOAT || fundamental == G_TYPE_INT
        || fundamental == G_TYPE_UINT || fundamental == G_TYPE_INT64 || fundamental == G_TYPE_BOOLEAN;
    gboolean colour = pspec->value_type == GDK_TYPE_RGBA;
    if (!scalar && !colour) {
        g_set_error(error, ANIMA_GTK_ERROR, ANIMA_ERR_WRONG_KIND, "%s: property '%s' is a %s; double, float, int, uint, int64, boolean or GdkRGBA are written",
                    function, property, g_type_name(pspec->value_type));
        return FALSE;
    }
    if ((scalar && count != 1) || (colour && count != 4)) {
        g_set_error(error, ANIMA_GTK_ERROR, ANIMA_ERR_INVALID_ARGUMENT, "%s: property '%s' takes a value of %d component%s (the value has %d)",
                    function, property, scalar ? 1 : 4, scalar ? "" : "s", count);
        return FALSE;
    }
    Binding *b = binding_new(d, TARGET_PROPERTY, object);
    b->value = value;
    b->pspec = pspec;
    b->count = -1;
    write_value(b);
    return TRUE;
}

gboolean anima_gtk_driver_bind_value_func(AnimaGtkDriver *d, anima_value value, AnimaGtkValueFunc func, gpointer user_data,
                                          GDestroyNotify destroy, GError **error)
{
    static const char *function = "anima_gtk_driver_bind_value_func";
    g_return_val_if_fail(d != NULL, FALSE);
    int32_t count = 0;
    if (!check_value(value, &count, function, error)) {
        return FALSE;
    }
    if (func == NULL) {
        return argument_error(error, "%s: func must not be NULL", function);
    }
    Binding *b = binding_new(d, TARGET_FUNC, NULL);
    b->value = value;
    b->func = func;
    b->user_data = user_data;
    b->destroy = destroy;
    b->count = -1;
    write_value(b);
    return TRUE;
}

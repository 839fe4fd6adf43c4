/*
 * anima-gtk.h: Anima on GTK 4 widgets.
 *
 * A driver runs an animator from a GtkFixed's frame clock and writes widgets and values from it
 * every frame:
 *
 *     AnimaGtkDriver *driver = anima_gtk_driver_new(animator, fixed, &error);
 *     anima_gtk_driver_bind(driver, button, ball, ANIMA_GTK_BIND_POSE, &error);
 *     anima_gtk_driver_set_draggable(driver, button, ball, NULL, &error);
 *
 * - The frame loop: a tick callback on the GtkFixed (gtk_widget_add_tick_callback) advances the
 *   animator by the frame clock's time since the last frame (gdk_frame_clock_get_frame_time,
 *   clamped to 0...0.25 s), then writes every binding at the display's time
 *   (anima_item_get_display_center), so motion is even at any display rate.
 * - Coordinates: the animator's reference space is the GtkFixed's, in pixels (1 pt = 1 px).
 * - Widget bindings: a child of the GtkFixed is placed by its child transform (translate to the
 *   item's centre, rotate, scale, translate back by half the widget's size), its opacity is the
 *   item's alpha, and its size request is the item's size. Only what changed is written.
 * - Value bindings: an anima_value written to a GObject property (double, float, integer,
 *   boolean, GdkRGBA) or handed to a function each frame.
 * - Drags: one GtkGestureDrag on the GtkFixed (capture phase, primary button). A press on a
 *   draggable widget's item grabs it where touched (anima_drag_begin); moves follow; the release
 *   flings it with the pointer's tracked velocity. Once the pointer has passed GTK's drag
 *   threshold the gesture claims the sequence, so a dragged button does not also activate; a
 *   plain click still reaches it.
 * - Reduced motion: the animator's reduces_motion follows the GtkSettings property
 *   gtk-enable-animations (off = reduced), now and whenever the user changes it.
 *
 * Errors are GErrors of the ANIMA_GTK_ERROR domain; their code is the anima_status the engine
 * returned (or ANIMA_ERR_INVALID_ARGUMENT for a bad widget or property) and their message says
 * what was wrong. Free the driver before destroying its animator. All calls on the GTK thread.
 *
 * Build: compile anima-gtk.c into your program, or link libanima-gtk.a:
 *     cc app.c $(pkg-config --cflags --libs anima-gtk)
 */
#ifndef ANIMA_GTK_H
#define ANIMA_GTK_H

#include <anima.h>
#include <gtk/gtk.h>

G_BEGIN_DECLS

/** The GError domain of the adapter's errors; codes are anima_status values. */
#define ANIMA_GTK_ERROR (anima_gtk_error_quark())
GQuark anima_gtk_error_quark(void);

/** A driver: one animator on one GtkFixed. */
typedef struct AnimaGtkDriver AnimaGtkDriver;

/** What a widget binding writes. */
typedef enum AnimaGtkBindFlags {
    ANIMA_GTK_BIND_POSITION = 1 << 0, /* the item's centre, as the child transform's translation */
    ANIMA_GTK_BIND_ROTATION = 1 << 1, /* its rotation (clockwise on screen, as GSK's) */
    ANIMA_GTK_BIND_SCALE = 1 << 2,    /* its transform's scale */
    ANIMA_GTK_BIND_OPACITY = 1 << 3,  /* its alpha, as the widget's opacity */
    ANIMA_GTK_BIND_SIZE = 1 << 4,     /* its size, as the size request, every frame (else once, at bind) */
    ANIMA_GTK_BIND_POSE = 0xF,        /* position, rotation, scale and opacity */
} AnimaGtkBindFlags;

/** Where a drag is. */
typedef enum AnimaGtkDragPhase {
    ANIMA_GTK_DRAG_BEGIN = 0, /* the item was grabbed */
    ANIMA_GTK_DRAG_MOVE = 1,  /* the pointer moved */
    ANIMA_GTK_DRAG_END = 2,   /* the pointer let go (or the gesture was cancelled); velocity is the fling's */
} AnimaGtkDragPhase;

/** Called after every frame's writes, with the frame clock's time in microseconds. */
typedef void (*AnimaGtkFrameFunc)(AnimaGtkDriver *driver, gint64 frame_time, gpointer user_data);
/** Called at each phase of a drag: point in the GtkFixed's coordinates, time in seconds (the event's), velocity in px/s at the end (else zero). */
typedef void (*AnimaGtkDragFunc)(AnimaGtkDriver *driver, AnimaGtkDragPhase phase, GtkWidget *widget, anima_item item, anima_vec2 point, double time, anima_vec2 velocity, gpointer user_data);
/** Called each frame with a bound value's components (count 1...4). */
typedef void (*AnimaGtkValueFunc)(const double *components, int count, gpointer user_data);

/** Drives animator from fixed's frame clock and follows its settings' gtk-enable-animations; NULL with error set for a NULL or non-GtkFixed widget or an invalid animator. */
AnimaGtkDriver *anima_gtk_driver_new(anima_animator animator, GtkWidget *fixed, GError **error);
/** Stops the frame loop and the drags, drops every binding (widgets keep their last pose) and frees the driver; NULL is ignored. */
void anima_gtk_driver_free(AnimaGtkDriver *driver);
/** The animator the driver runs. */
anima_animator anima_gtk_driver_get_animator(const AnimaGtkDriver *driver);
/** The GtkFixed the driver runs on. */
GtkWidget *anima_gtk_driver_get_fixed(const AnimaGtkDriver *driver);
/** The frame clock's time of the last frame, microseconds (0 before the first). */
gint64 anima_gtk_driver_get_frame_time(const AnimaGtkDriver *driver);
/** Frames run so far. */
guint64 anima_gtk_driver_get_frame_count(const AnimaGtkDriver *driver);

/** Binds a child of the GtkFixed to item (replacing an earlier binding of that widget); sets its size request to the item's size and writes it at once. Errors: a widget not a child of the fixed, flags 0 or unknown, an invalid item. */
gboolean anima_gtk_driver_bind(AnimaGtkDriver *driver, GtkWidget *widget, anima_item item, AnimaGtkBindFlags flags, GError **error);
/** Drops a widget's binding and its draggability; the widget keeps its last pose. FALSE when it had none. */
gboolean anima_gtk_driver_unbind(AnimaGtkDriver *driver, GtkWidget *widget);
/** Writes value to object's property each frame it changes: double, float, integer and boolean properties take a 1-component value (clamped to the property's range; booleans are value >= 0.5), GdkRGBA properties a 4-component one. Errors: unknown or read-only property, unsupported type, component count. */
gboolean anima_gtk_driver_bind_value(AnimaGtkDriver *driver, anima_value value, GObject *object, const char *property, GError **error);
/** Hands value's components to func each frame they change (and once now); destroy (may be NULL) frees user_data when the binding goes. */
gboolean anima_gtk_driver_bind_value_func(AnimaGtkDriver *driver, anima_value value, AnimaGtkValueFunc func, gpointer user_data, GDestroyNotify destroy, GError **error);
/** Lets the pointer drag widget's item (a bound widget); def NULL is anima_default_drag_def(). */
gboolean anima_gtk_driver_set_draggable(AnimaGtkDriver *driver, GtkWidget *widget, anima_item item, const anima_drag_def *def, GError **error);
/** Sets the function called after every frame (NULL clears it). */
void anima_gtk_driver_set_frame_func(AnimaGtkDriver *driver, AnimaGtkFrameFunc func, gpointer user_data);
/** Sets the function called at each phase of a drag (NULL clears it). */
void anima_gtk_driver_set_drag_func(AnimaGtkDriver *driver, AnimaGtkDragFunc func, gpointer user_data);
/** Stops the frame loop (the tick callback): frames no longer advance the animator or write the bindings until anima_gtk_driver_start. A new driver runs. */
void anima_gtk_driver_stop(AnimaGtkDriver *driver);
/** Starts the frame loop again; the first frame after it advances nothing (the time stopped is not simulated). */
void anima_gtk_driver_start(AnimaGtkDriver *driver);
/** Whether the frame loop runs. */
gboolean anima_gtk_driver_is_running(const AnimaGtkDriver *driver);
/** Writes every binding from the animator as it is now (after changing items outside a frame). */
void anima_gtk_driver_write(AnimaGtkDriver *driver);
/** Whether the driver follows gtk-enable-animations into the animator's reduced motion (default TRUE); turning it on applies the setting at once. */
void anima_gtk_driver_set_follows_settings(AnimaGtkDriver *driver, gboolean follows);

G_END_DECLS

#endif /* ANIMA_GTK_H */

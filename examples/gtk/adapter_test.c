/*
 * adapter_test.c: anima-gtk's contract, call by call, on a real GTK window (scripts/gtk_check.py
 * runs it under Xvfb before the demo's checks).
 *
 * - bad arguments give a GError with the engine's status as code and a message naming the call;
 * - a bound widget is drawn where the item is (its bounds in the GtkFixed, rotated and scaled),
 *   with the item's alpha as opacity, and its size request is the item's size;
 * - values reach double, integer, boolean and GdkRGBA properties (held to the property's range)
 *   and functions, whose destroy notify runs when the binding goes;
 * - a destroyed item or a finalized widget drops its binding, with no crash at the next frame;
 * - gtk-enable-animations drives reduced motion unless the driver is told not to follow it;
 * - the frame loop runs from the widget's frame clock and stops when the driver is freed.
 * Prints one line per group; exits 1 at the first failure.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "anima-gtk.h"

static int failures;

#define CHECK(condition, ...)                                                         \
    do {                                                                              \
        if (!(condition)) {                                                           \
            fprintf(stderr, "adapter-test: FAILED at line %d: ", __LINE__);           \
            fprintf(stderr, __VA_ARGS__);                                             \
            fputc('\n', stderr);                                                      \
            exit(1);                                                                  \
        }                                                                             \
    } while (0)

/* The error was set with this code and a message naming the call; it is cleared for the next. */
static void expect_error(GError **error, int code, const char *call)
{
    CHECK(*error != NULL, "%s: no error", call);
    CHECK((*error)->domain == ANIMA_GTK_ERROR && (*error)->code == code, "%s: code %d, wanted %d (%s)", call, (*error)->code,
          code, (*error)->message);
    CHECK(g_str_has_prefix((*error)->message, call), "%s: message '%s'", call, (*error)->message);
    g_clear_error(error);
}

static void run_frames(AnimaGtkDriver *driver, guint64 frames)
{
    guint64 until = anima_gtk_driver_get_frame_count(driver) + frames;
    gint64 deadline = g_get_monotonic_time() + 5 * G_USEC_PER_SEC;
    while (anima_gtk_driver_get_frame_count(driver) < until && g_get_monotonic_time() < deadline) {
        g_main_context_iteration(NULL, TRUE);
    }
    CHECK(anima_gtk_driver_get_frame_count(driver) >= until, "the frame clock ran %" G_GUINT64_FORMAT " frames in 5 s",
          anima_gtk_driver_get_frame_count(driver));
    while (g_main_context_iteration(NULL, FALSE)) {
    }
}

static anima_item make_item(anima_animator animator, double x, double y, double w, double h)
{
    anima_item_def def = anima_default_item_def();
    def.center = (anima_vec2){x, y};
    def.size = (anima_size){w, h};
    anima_item item;
    CHECK(anima_item_create(animator, &def, &item) == ANIMA_OK, "anima_item_create: %s", anima_last_error_message());
    return item;
}

static int value_calls, destroyed;
static double seen[4];

static void take_value(const double *components, int count, gpointer user_data)
{
    (void)user_data;
    for (int i = 0; i < count; i++) {
        seen[i] = components[i];
    }
    value_calls++;
}

static void count_destroy(gpointer user_data)
{
    (void)user_data;
    destroyed++;
}

int main(void)
{
    CHECK(gtk_init_check(), "GTK cannot open a display");
    anima_animator_def adef = anima_default_animator_def();
    anima_animator animator, other;
    CHECK(anima_animator_create(&adef, &animator) == ANIMA_OK && anima_animator_create(&adef, &other) == ANIMA_OK, "animators");
    GtkWidget *window = gtk_window_new();
    GtkWidget *fixed = gtk_fixed_new();
    gtk_widget_set_size_request(fixed, 400, 400);
    gtk_window_set_child(GTK_WINDOW(window), fixed);
    gtk_window_present(GTK_WINDOW(window));
    GError *error = NULL;

    /* ---- the driver's arguments */
    CHECK(anima_gtk_driver_new(animator, NULL, &error) == NULL, "a NULL fixed");
    expect_error(&error, ANIMA_ERR_INVALID_ARGUMENT, "anima_gtk_driver_new");
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    g_object_ref_sink(box);
    CHECK(anima_gtk_driver_new(animator, box, &error) == NULL, "a GtkBox");
    expect_error(&error, ANIMA_ERR_INVALID_ARGUMENT, "anima_gtk_driver_new");
    anima_animator gone;
    CHECK(anima_animator_create(&adef, &gone) == ANIMA_OK && anima_animator_destroy(gone) == ANIMA_OK, "a destroyed animator");
    CHECK(anima_gtk_driver_new(gone, fixed, &error) == NULL, "a destroyed animator");
    expect_error(&error, ANIMA_ERR_INVALID_HANDLE, "anima_gtk_driver_new");
    AnimaGtkDriver *driver = anima_gtk_driver_new(animator, fixed, &error);
    CHECK(driver != NULL && error == NULL, "anima_gtk_driver_new: %s", error ? error->message : "");
    CHECK(anima_gtk_driver_get_fixed(driver) == fixed && anima_gtk_driver_get_animator(driver).index1 == animator.index1,
          "the driver's getters");
    printf("adapter-test: anima_gtk_driver_new refuses NULL, a GtkBox and a destroyed animator with their status\n");

    /* ---- widget bindings */
    GtkWidget *button = gtk_button_new_with_label("B");
    gtk_widget_set_focusable(button, FALSE);
    GtkWidget *stray = gtk_button_new_with_label("not on the stage");
    g_object_ref_sink(stray);
    gtk_fixed_put(GTK_FIXED(fixed), button, 0, 0);
    anima_item item = make_item(animator, 150, 120, 80, 40), foreign = make_item(other, 0, 0, 10, 10);
    CHECK(!anima_gtk_driver_bind(driver, stray, item, ANIMA_GTK_BIND_POSE, &error), "a widget off the stage");
    expect_error(&error, ANIMA_ERR_INVALID_ARGUMENT, "anima_gtk_driver_bind");
    CHECK(!anima_gtk_driver_bind(driver, button, item, 0, &error), "flags 0");
    expect_error(&error, ANIMA_ERR_INVALID_ARGUMENT, "anima_gtk_driver_bind");
    CHECK(!anima_gtk_driver_bind(driver, button, item, (AnimaGtkBindFlags)0x100, &error), "unknown flags");
    expect_error(&error, ANIMA_ERR_INVALID_ARGUMENT, "anima_gtk_driver_bind");
    CHECK(!anima_gtk_driver_bind(driver, button, foreign, ANIMA_GTK_BIND_POSE, &error), "another animator's item");
    expect_error(&error, ANIMA_ERR_INVALID_ARGUMENT, "anima_gtk_driver_bind");
    anima_item stale = make_item(animator, 0, 0, 10, 10);
    anima_item_destroy(stale);
    CHECK(!anima_gtk_driver_bind(driver, button, stale, ANIMA_GTK_BIND_POSE, &error), "a destroyed item");
    expect_error(&error, ANIMA_ERR_INVALID_HANDLE, "anima_gtk_driver_bind");
    CHECK(anima_gtk_driver_bind(driver, button, item, ANIMA_GTK_BIND_POSE, &error), "bind: %s", error ? error->message : "");
    int rw = 0, rh = 0;
    gtk_widget_get_size_request(button, &rw, &rh);
    CHECK(rw == 80 && rh == 40, "the size request is %d x %d, not the item's 80 x 40", rw, rh);
    anima_transform t = {0.5, 1.5, 1.0, 0, 0};
    CHECK(anima_item_set_transform(item, t) == ANIMA_OK && anima_item_set_alpha(item, 0.25) == ANIMA_OK, "set transform");
    anima_gtk_driver_write(driver);
    run_frames(driver, 3);
    graphene_rect_t bounds;
    CHECK(gtk_widget_compute_bounds(button, fixed, &bounds), "compute_bounds");
    /* a 120 x 40 box (80 x 40 scaled 1.5 in x) turned by 0.5 rad: its bounds are w|cos| + h|sin| by w|sin| + h|cos| */
    double bw = 120 * cos(0.5) + 40 * sin(0.5), bh = 120 * sin(0.5) + 40 * cos(0.5);
    double cx = bounds.origin.x + bounds.size.width / 2, cy = bounds.origin.y + bounds.size.height / 2;
    CHECK(fabs(cx - 150) < 0.01 && fabs(cy - 120) < 0.01, "the widget is centred at (%.3f, %.3f), the item at (150, 120)", cx, cy);
    CHECK(fabs(bounds.size.width - bw) < 0.01 && fabs(bounds.size.height - bh) < 0.01, "bounds %.3f x %.3f, wanted %.3f x %.3f",
          bounds.size.width, bounds.size.height, bw, bh);
    /* GTK keeps opacity in 8 bits */
    CHECK(fabs(gtk_widget_get_opacity(button) - 0.25) <= 0.5 / 255, "opacity %.4f, alpha 0.25", gtk_widget_get_opacity(button));
    printf("adapter-test: a bound button is centred on its item within 0.01 px, turned and scaled as it (bounds %.2f x %.2f), "
           "its opacity the item's alpha\n", bounds.size.width, bounds.size.height);

    /* ---- value bindings */
    anima_value_def vdef = anima_default_value_def();
    anima_value scalar, colour;
    CHECK(anima_value_create(animator, &vdef, &scalar) == ANIMA_OK, "value");
    vdef.count = 4;
    CHECK(anima_value_create(animator, &vdef, &colour) == ANIMA_OK, "colour value");
    GtkWidget *bar = gtk_progress_bar_new(), *label = gtk_label_new("x");
    GtkWidget *chooser = gtk_color_chooser_widget_new();
    g_object_ref_sink(bar);
    g_object_ref_sink(label);
    g_object_ref_sink(chooser);
    const double over = 2.5;
    CHECK(anima_value_set(scalar, &over, 1) == ANIMA_OK, "value set");
    CHECK(!anima_gtk_driver_bind_value(driver, scalar, G_OBJECT(bar), "no-such-property", &error), "unknown property");
    expect_error(&error, ANIMA_ERR_NOT_FOUND, "anima_gtk_driver_bind_value");
    CHECK(!anima_gtk_driver_bind_value(driver, scalar, G_OBJECT(label), "label", &error), "a string property");
    expect_error(&error, ANIMA_ERR_WRONG_KIND, "anima_gtk_driver_bind_value");
    CHECK(!anima_gtk_driver_bind_value(driver, colour, G_OBJECT(bar), "fraction", &error), "4 components to a double");
    expect_error(&error, ANIMA_ERR_INVALID_ARGUMENT, "anima_gtk_driver_bind_value");
    CHECK(!anima_gtk_driver_bind_value(driver, scalar, G_OBJECT(chooser), "rgba", &error), "1 component to a colour");
    expect_error(&error, ANIMA_ERR_INVALID_ARGUMENT, "anima_gtk_driver_bind_value");
    CHECK(!anima_gtk_driver_bind_value_func(driver, scalar, NULL, NULL, NULL, &error), "a NULL function");
    expect_error(&error, ANIMA_ERR_INVALID_ARGUMENT, "anima_gtk_driver_bind_value_func");
    CHECK(anima_gtk_driver_bind_value(driver, scalar, G_OBJECT(bar), "fraction", &error), "fraction");
    CHECK(gtk_progress_bar_get_fraction(GTK_PROGRESS_BAR(bar)) == 1.0, "2.5 held to the fraction's 0...1: %f",
          gtk_progress_bar_get_fraction(GTK_PROGRESS_BAR(bar)));
    CHECK(anima_gtk_driver_bind_value(driver, scalar, G_OBJECT(label), "max-width-chars", &error), "an int property");
    CHECK(gtk_label_get_max_width_chars(GTK_LABEL(label)) == 3, "2.5 rounds to 3 chars: %d", gtk_label_get_max_width_chars(GTK_LABEL(label)));
    CHECK(anima_gtk_driver_bind_value(driver, scalar, G_OBJECT(label), "selectable", &error), "a boolean property");
    const double rgba[4] = {0.2, 0.4, 0.6, 0.8};
    CHECK(anima_value_set(colour, rgba, 4) == ANIMA_OK, "colour set");
    CHECK(anima_gtk_driver_bind_value(driver, colour, G_OBJECT(chooser), "rgba", &error), "a GdkRGBA property");
    CHECK(anima_gtk_driver_bind_value_func(driver, colour, take_value, NULL, count_destroy, &error), "a function");
    const double low = 0.3;
    CHECK(anima_value_set(scalar, &low, 1) == ANIMA_OK, "value set");
    run_frames(driver, 2);
    GdkRGBA shown;
    gtk_color_chooser_get_rgba(GTK_COLOR_CHOOSER(chooser), &shown);
    CHECK(fabs(gtk_progress_bar_get_fraction(GTK_PROGRESS_BAR(bar)) - 0.3) < 1e-12, "the fraction follows the value");
    CHECK(!gtk_label_get_selectable(GTK_LABEL(label)), "0.3 is false");
    CHECK(fabsf(shown.red - 0.2f) < 1e-6f && fabsf(shown.alpha - 0.8f) < 1e-6f, "the colour is (%f, .., %f)", shown.red, shown.alpha);
    CHECK(value_calls == 1 && seen[2] == 0.6, "the function ran %d times (once: the value did not change after)", value_calls);
    printf("adapter-test: values reach double (held to 0...1), int (rounded), boolean and GdkRGBA properties and a function, "
           "once per change; bad properties and counts give NOT_FOUND, WRONG_KIND, INVALID_ARGUMENT\n");

    /* ---- drags' arguments */
    anima_drag_def bad = anima_default_drag_def();
    bad.frequency = -1;
    CHECK(!anima_gtk_driver_set_draggable(driver, stray, item, NULL, &error), "an unbound widget");
    expect_error(&error, ANIMA_ERR_INVALID_ARGUMENT, "anima_gtk_driver_set_draggable");
    CHECK(!anima_gtk_driver_set_draggable(driver, button, item, &bad, &error), "a negative frequency");
    expect_error(&error, ANIMA_ERR_INVALID_ARGUMENT, "anima_gtk_driver_set_draggable");
    anima_drag_def zeroed = {0};
    zeroed.max_acceleration = 1;
    CHECK(!anima_gtk_driver_set_draggable(driver, button, item, &zeroed, &error), "a hand-made def");
    expect_error(&error, ANIMA_ERR_INVALID_ARGUMENT, "anima_gtk_driver_set_draggable");
    CHECK(anima_gtk_driver_set_draggable(driver, button, item, NULL, &error), "draggable");
    printf("adapter-test: set_draggable refuses an unbound widget, a bad and a hand-made def\n");

    /* ---- targets that go away */
    GtkWidget *doomed = gtk_button_new_with_label("gone");
    gtk_fixed_put(GTK_FIXED(fixed), doomed, 0, 0);
    anima_item doomed_item = make_item(animator, 50, 50, 20, 20), dropped = make_item(animator, 60, 60, 20, 20);
    GtkWidget *orphan = gtk_button_new_with_label("orphan");
    gtk_fixed_put(GTK_FIXED(fixed), orphan, 0, 0);
    CHECK(anima_gtk_driver_bind(driver, doomed, doomed_item, ANIMA_GTK_BIND_POSE, &error), "bind doomed");
    CHECK(anima_gtk_driver_bind(driver, orphan, dropped, ANIMA_GTK_BIND_POSE, &error), "bind orphan");
    gtk_fixed_remove(GTK_FIXED(fixed), doomed);          /* finalized: its binding goes */
    anima_item_destroy(dropped);                         /* its binding goes at the next write */
    g_object_unref(bar);                                 /* finalized: its value binding goes */
    run_frames(driver, 3);
    CHECK(!anima_gtk_driver_unbind(driver, orphan), "the destroyed item's binding is still there");
    CHECK(anima_gtk_driver_unbind(driver, button) && !anima_gtk_driver_unbind(driver, button), "unbind twice");
    printf("adapter-test: a finalized widget or object and a destroyed item drop their bindings; unbind says whether there was one\n");

    /* ---- settings */
    GtkSettings *settings = gtk_widget_get_settings(fixed);
    bool reduces = false;
    g_object_set(settings, "gtk-enable-animations", FALSE, NULL);
    anima_animator_get_reduces_motion(animator, &reduces);
    CHECK(reduces, "gtk-enable-animations off did not turn reduced motion on");
    g_object_set(settings, "gtk-enable-animations", TRUE, NULL);
    anima_animator_get_reduces_motion(animator, &reduces);
    CHECK(!reduces, "gtk-enable-animations on did not turn reduced motion off");
    anima_gtk_driver_set_follows_settings(driver, FALSE);
    g_object_set(settings, "gtk-enable-animations", FALSE, NULL);
    anima_animator_get_reduces_motion(animator, &reduces);
    CHECK(!reduces, "a driver that does not follow the settings changed reduced motion");
    anima_gtk_driver_set_follows_settings(driver, TRUE);
    anima_animator_get_reduces_motion(animator, &reduces);
    CHECK(reduces, "following the settings again did not apply them");
    g_object_set(settings, "gtk-enable-animations", TRUE, NULL);
    printf("adapter-test: gtk-enable-animations turns reduced motion on and off, unless the driver is told not to follow it\n");

    /* ---- the frame loop stops, starts again, and ends with the driver */
    guint64 frames = anima_gtk_driver_get_frame_count(driver);
    CHECK(anima_gtk_driver_is_running(driver), "a new driver runs");
    anima_gravity_def gdef = anima_default_gravity_def();
    anima_behavior gravity;              /* something to simulate while the loop is stopped */
    CHECK(anima_gravity_create(animator, &gdef, &item, 1, &gravity) == ANIMA_OK && anima_animator_add_behavior(animator, gravity) == ANIMA_OK,
          "gravity");
    run_frames(driver, 2);
    frames = anima_gtk_driver_get_frame_count(driver);
    anima_gtk_driver_stop(driver);
    for (int i = 0; i < 10; i++) {
        gtk_widget_queue_draw(fixed);
        g_usleep(20000);
        while (g_main_context_iteration(NULL, FALSE)) {
        }
    }
    CHECK(!anima_gtk_driver_is_running(driver) && anima_gtk_driver_get_frame_count(driver) == frames,
          "a stopped driver ran %" G_GUINT64_FORMAT " frames", anima_gtk_driver_get_frame_count(driver) - frames);
    double before = 0, after = 0;
    anima_animator_get_elapsed_time(animator, &before);
    anima_gtk_driver_start(driver);
    run_frames(driver, 1);
    anima_animator_get_elapsed_time(animator, &after);
    /* the 0.2 s stopped are not simulated: the first frame after start advances nothing, the next one a frame */
    CHECK(anima_gtk_driver_is_running(driver) && after - before < 0.05, "the first frame after start simulated %.3f s", after - before);
    printf("adapter-test: stopped for 0.2 s, the loop ran no frame; started again, its first frame simulated %.3f s\n", after - before);
    frames = anima_gtk_driver_get_frame_count(driver);
    gint64 frame_time = anima_gtk_driver_get_frame_time(driver);
    CHECK(frames > 5 && frame_time > 0, "frames %" G_GUINT64_FORMAT ", frame time %" G_GINT64_FORMAT, frames, frame_time);
    anima_gtk_driver_free(driver);
    CHECK(destroyed == 1, "the function's destroy notify ran %d times", destroyed);
    anima_gtk_driver_free(NULL);
    for (int i = 0; i < 20; i++) {
        g_main_context_iteration(NULL, FALSE);
    }
    printf("adapter-test: %" G_GUINT64_FORMAT " frames ran from the frame clock; freeing the driver ran the destroy notify\n", frames);
    g_object_unref(box);
    g_object_unref(stray);
    g_object_unref(label);
    g_object_unref(chooser);
    gtk_window_destroy(GTK_WINDOW(window));
    anima_animator_destroy(animator);
    anima_animator_destroy(other);
    printf("adapter-test: all passed\n");
    return failures;
}

/*
 * gtk_bindings.c: what anima-gtk's bindings cost per widget per frame, beside GTK's own cost of
 * moving the same widgets (bench/toolkits.py runs it under Xvfb).
 *
 *     gtk_bindings [WIDGETS] [FRAMES]
 *
 * WIDGETS buttons (default 1000) in a GtkFixed, each bound to an item that a repeating view
 * animation swings back and forth, so every widget moves every frame. Each frame, by hand (the
 * driver's own loop stopped): anima_animator_advance(1/60) (the step), anima_gtk_driver_write (the
 * bindings: read each item's display pose, alpha, transform; build and set the child transform),
 * and then, with no Anima in it, the same number of gtk_fixed_set_child_transform calls with
 * transforms made beforehand (GTK's own cost of moving a widget); then a frame is drawn and its
 * layout and paint are timed from the frame clock's signals. Prints one JSON object: medians over
 * the frames, in microseconds.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "anima-gtk.h"

static double now_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static int compare(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, n, sizeof *v, compare);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static double layout_start, paint_end;
static gboolean painted;

static void on_layout(GdkFrameClock *clock, gpointer data)
{
    (void)clock;
    (void)data;
    if (layout_start == 0) {
        layout_start = now_us();
    }
}

static void on_after_paint(GdkFrameClock *clock, gpointer data)
{
    (void)clock;
    (void)data;
    paint_end = now_us();
    painted = TRUE;
}

int main(int argc, char **argv)
{
    int widgets = argc > 1 ? atoi(argv[1]) : 1000, frames = argc > 2 ? atoi(argv[2]) : 300;
    if (widgets < 1 || frames < 10 || !gtk_init_check()) {
        fprintf(stderr, "usage: gtk_bindings [WIDGETS >= 1] [FRAMES >= 10], with a display\n");
        return 2;
    }
    anima_animator_def adef = anima_default_animator_def();
    anima_animator animator;
    if (anima_animator_create(&adef, &animator) != ANIMA_OK) {
        return 1;
    }
    GtkWidget *window = gtk_window_new(), *fixed = gtk_fixed_new();
    gtk_widget_set_size_request(fixed, 1000, 700);
    gtk_window_set_child(GTK_WINDOW(window), fixed);
    GError *error = NULL;
    AnimaGtkDriver *driver = anima_gtk_driver_new(animator, fixed, &error);
    if (driver == NULL) {
        fprintf(stderr, "gtk_bindings: %s\n", error->message);
        return 1;
    }
    anima_gtk_driver_stop(driver);
    GtkWidget **buttons = g_new(GtkWidget *, widgets);
    GskTransform **moves = g_new(GskTransform *, widgets * 2);
    anima_animation_def swing = anima_default_animation_def();
    swing.duration = 1.0;
    swing.repeat_count = INFINITY;
    swing.autoreverses = true;
    if (anima_animation_begin(animator, &swing) != ANIMA_OK) {
        return 1;
    }
    for (int i = 0; i < widgets; i++) {
        anima_item_def def = anima_default_item_def();
        def.center = (anima_vec2){20 + (i % 40) * 24, 20 + (i / 40) * 26 % 660};
        def.size = (anima_size){20, 20};
        anima_item item;
        if (anima_item_create(animator, &def, &item) != ANIMA_OK) {
            return 1;
        }
        buttons[i] = gtk_button_new();
        gtk_fixed_put(GTK_FIXED(fixed), buttons[i], 0, 0);
        if (!anima_gtk_driver_bind(driver, buttons[i], item, ANIMA_GTK_BIND_POSE, &error)) {
            fprintf(stderr, "gtk_bindings: %s\n", error->message);
            return 1;
        }
        anima_item_set_center(item, (anima_vec2){def.center.x + 12, def.center.y + 6});   /* recorded: the swing's target */
        for (int k = 0; k < 2; k++) {
            moves[2 * i + k] = gsk_transform_translate(NULL, &GRAPHENE_POINT_INIT((float)def.center.x + 6 * k, (float)def.center.y));
        }
    }
    if (anima_animation_commit(animator, NULL, NULL, NULL) != ANIMA_OK) {
        return 1;
    }
    gtk_window_present(GTK_WINDOW(window));
    GdkFrameClock *clock = NULL;
    while ((clock = gtk_widget_get_frame_clock(fixed)) == NULL || gtk_widget_get_width(fixed) == 0) {
        g_main_context_iteration(NULL, TRUE);
    }
    g_signal_connect(clock, "layout", G_CALLBACK(on_layout), NULL);
    g_signal_connect(clock, "after-paint", G_CALLBACK(on_after_paint), NULL);
    double *advance = g_new(double, frames), *write = g_new(double, frames), *move = g_new(double, frames), *frame = g_new(double, frames);
    for (int f = -10; f < frames; f++) {           /* 10 frames to warm up */
        double t0 = now_us();
        anima_animator_advance(animator, 1.0 / 60);
        double t1 = now_us();
        anima_gtk_driver_write(driver);
        double t2 = now_us();
        layout_start = 0;
        painted = FALSE;
        gtk_widget_queue_draw(fixed);
        while (!painted) {
            g_main_context_iteration(NULL, TRUE);
        }
        double drawn = paint_end - layout_start;
        double t3 = now_us();
        for (int i = 0; i < widgets; i++) {
            gtk_fixed_set_child_transform(GTK_FIXED(fixed), buttons[i], moves[2 * i + (f & 1)]);
        }
        double t4 = now_us();
        if (f >= 0) {
            advance[f] = t1 - t0;
            write[f] = t2 - t1;
            move[f] = t4 - t3;
            frame[f] = drawn;
        }
    }
    printf("{\"widgets\": %d, \"frames\": %d, \"advance_us\": %.2f, \"bindings_us\": %.2f, \"gtk_move_us\": %.2f, "
           "\"gtk_frame_us\": %.2f}\n", widgets, frames, median(advance, frames), median(write, frames), median(move, frames),
           median(frame, frames));
    anima_gtk_driver_free(driver);
    gtk_window_destroy(GTK_WINDOW(window));
    anima_animator_destroy(animator);
    return 0;
}

/*
 * demo.c: the seed listings on real GTK 4 widgets, moved by Anima through anima-gtk.
 *
 *     anima-gtk-demo [--scene NAME] [--log FILE] [--frames N] [--list]
 *
 * A row of buttons picks a scene; the stage below is a GtkFixed of 360 x 600 px, the animator's
 * reference space. Every widget on it is a real widget: the falling button still activates, the
 * jelly alert's OK button still works, the card and the sheet follow the pointer.
 *
 * With --log, each frame, drag, click and completion is one line of key=value pairs (the frame
 * clock's time, the pose written to each widget, the pointer's samples, the fling's velocity),
 * which scripts/gtk_check.py reads back under Xvfb. --frames N quits after N frames.
 */
#include "demo.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static const char *stylesheet =
    ".stage { background: #f4f1ea; }\n"
    ".stage button, .stage .card, .stage .sheet, .stage .dialog, .stage .dot { box-shadow: none; border: none; text-shadow: none;"
    " -gtk-icon-shadow: none; outline: none; }\n"
    ".ball, .ball:hover, .ball:active, .ball:focus { background: #d9412b; color: #ffffff; border-radius: 22px; }\n"
    ".square, .square:hover, .square:active { background: #2b6cd9; color: #ffffff; border-radius: 0; }\n"
    ".weight, .weight:hover, .weight:active { background: #2f9e5b; color: #ffffff; border-radius: 8px; }\n"
    ".card { background: #7a3fc4; color: #ffffff; border-radius: 12px; }\n"
    ".sheet { background: #e8a317; border-radius: 16px 16px 0 0; }\n"
    ".dialog { background: #fbfbfb; border-radius: 14px; padding: 12px; }\n"
    ".dialog button { background: #2b6cd9; color: #ffffff; }\n"
    ".dot { background: #555555; border-radius: 3px; }\n"
    ".anchor { background: #222222; border-radius: 4px; }\n";

static Demo demo;
static gboolean quit;

void demo_check(anima_status status, const char *what)
{
    if (status != ANIMA_OK) {
        fprintf(stderr, "anima-gtk-demo: %s failed: %s\n", what, anima_last_error_message());
        exit(1);
    }
}

void demo_check_error(GError *error, const char *what)
{
    if (error != NULL) {
        fprintf(stderr, "anima-gtk-demo: %s failed: %s\n", what, error->message);
        exit(1);
    }
}

void demo_log(Demo *d, const char *event, const char *format, ...)
{
    if (d->log == NULL) {
        return;
    }
    fprintf(d->log, "event=%s ", event);
    va_list args;
    va_start(args, format);
    vfprintf(d->log, format, args);
    va_end(args);
    fputc('\n', d->log);
    fflush(d->log);
}

double demo_time(Demo *d)
{
    return anima_gtk_driver_get_frame_time(d->driver) / 1e6;
}

Actor *demo_actor(Demo *d, const char *name, GtkWidget *widget, double x, double y, double width, double height)
{
    if (d->actor_count == MAX_ACTORS) {
        fprintf(stderr, "anima-gtk-demo: more than %d actors\n", MAX_ACTORS);
        exit(1);
    }
    anima_item_def def = anima_default_item_def();
    def.center = (anima_vec2){x, y};
    def.size = (anima_size){width, height};
    Actor *a = &d->actors[d->actor_count++];
    a->name = name;
    a->widget = widget;
    demo_check(anima_item_create(d->animator, &def, &a->item), "anima_item_create");
    gtk_fixed_put(GTK_FIXED(d->fixed), widget, 0, 0);
    GError *error = NULL;
    anima_gtk_driver_bind(d->driver, widget, a->item, ANIMA_GTK_BIND_POSE, &error);
    demo_check_error(error, "anima_gtk_driver_bind");
    return a;
}

static const char *actor_name(Demo *d, anima_item item)
{
    for (int i = 0; i < d->actor_count; i++) {
        if (d->actors[i].item.index1 == item.index1 && d->actors[i].item.generation == item.generation) {
            return d->actors[i].name;
        }
    }
    return "none";
}

/* Each frame: the frame clock's time, every actor's pose as written, and the change to rest. */
static void frame(AnimaGtkDriver *driver, gint64 frame_time, gpointer data)
{
    Demo *d = data;
    guint64 frames = anima_gtk_driver_get_frame_count(driver);
    /* where the stage's (0, 0) is in the X window (GTK may draw decorations around it), logged
       again whenever it changes: the first frames run before the window's first allocation */
    GtkNative *native = gtk_widget_get_native(d->fixed);
    double sx = 0, sy = 0, ox = 0, oy = 0;
    gtk_native_get_surface_transform(native, &sx, &sy);
    gtk_widget_translate_coordinates(d->fixed, GTK_WIDGET(native), 0, 0, &ox, &oy);
    if (frames == 1 || sx + ox != d->origin_x || sy + oy != d->origin_y) {
        d->origin_x = sx + ox;
        d->origin_y = sy + oy;
        bool reduces = false;
        anima_animator_get_reduces_motion(d->animator, &reduces);
        demo_log(d, "scene", "name=%s origin_x=%.1f origin_y=%.1f width=%d height=%d reduces_motion=%d", d->scene, d->origin_x,
                 d->origin_y, gtk_widget_get_width(d->fixed), gtk_widget_get_height(d->fixed), reduces);
    }
    if (d->frame != NULL) {
        d->frame(d);
    }
    demo_log(d, "frame", "t=%.6f n=%" G_GUINT64_FORMAT, frame_time / 1e6, frames);
    for (int i = 0; i < d->actor_count; i++) {
        anima_vec2 c;
        double r = 0;
        if (anima_item_get_display_center(d->actors[i].item, &c) == ANIMA_OK) {
            anima_item_get_display_rotation(d->actors[i].item, &r);
            demo_log(d, "pose", "name=%s t=%.6f x=%.3f y=%.3f rotation=%.5f", d->actors[i].name, frame_time / 1e6, c.x, c.y, r);
        }
    }
    bool running = false;
    anima_animator_is_running(d->animator, &running);
    if (d->running && !running) {
        demo_log(d, "rest", "t=%.6f", frame_time / 1e6);
    }
    d->running = running;
    if (d->frame_limit > 0 && frames >= d->frame_limit) {
        quit = TRUE;
    }
}

static void dragged(AnimaGtkDriver *driver, AnimaGtkDragPhase phase, GtkWidget *widget, anima_item item, anima_vec2 point,
                    double time, anima_vec2 velocity, gpointer data)
{
    (void)driver;
    (void)widget;
    Demo *d = data;
    static const char *names[] = {"press", "move", "release"};
    if (phase != ANIMA_GTK_DRAG_END) {
        demo_log(d, names[phase], "name=%s t=%.6f x=%.3f y=%.3f", actor_name(d, item), time, point.x, point.y);
        return;
    }
    anima_vec2 moving = {0, 0};
    anima_item_get_linear_velocity(item, &moving);
    demo_log(d, "release", "name=%s t=%.6f x=%.3f y=%.3f vx=%.3f vy=%.3f item_vx=%.3f item_vy=%.3f", actor_name(d, item), time,
             point.x, point.y, velocity.x, velocity.y, moving.x, moving.y);
    if (d->released != NULL) {
        d->released(d, item, moving);
    }
}

static void clear_stage(Demo *d)
{
    anima_gtk_driver_free(d->driver);
    d->driver = NULL;
    if (anima_animator_is_valid(d->animator)) {
        anima_animator_destroy(d->animator);
    }
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(d->fixed)) != NULL) {
        gtk_fixed_remove(GTK_FIXED(d->fixed), child);
    }
    GtkEventController *click = g_object_get_data(G_OBJECT(d->fixed), "scene-click");
    if (click != NULL) {
        gtk_widget_remove_controller(d->fixed, click);
        g_object_set_data(G_OBJECT(d->fixed), "scene-click", NULL);
    }
    memset(d->actors, 0, sizeof d->actors);
    d->actor_count = 0;
    d->dialog = NULL;
    d->released = NULL;
    d->frame = NULL;
    memset(&d->snap, 0, sizeof d->snap);
    d->sheet_drag = 0;
    d->running = FALSE;
}

static void show_scene(Demo *d, const Scene *scene)
{
    clear_stage(d);
    d->scene = scene->name;
    anima_animator_def def = anima_default_animator_def();
    def.has_reference_bounds = true;
    def.reference_bounds = (anima_rect){0, 0, STAGE_WIDTH, STAGE_HEIGHT};
    demo_check(anima_animator_create(&def, &d->animator), "anima_animator_create");
    GError *error = NULL;
    d->driver = anima_gtk_driver_new(d->animator, d->fixed, &error);
    demo_check_error(error, "anima_gtk_driver_new");
    anima_gtk_driver_set_frame_func(d->driver, frame, d);
    anima_gtk_driver_set_drag_func(d->driver, dragged, d);
    scene->build(d);
    d->running = TRUE;
}

static void scene_clicked(GtkButton *button, gpointer data)
{
    (void)button;
    show_scene(&demo, data);
}

static void close_request(GtkWindow *window, gpointer data)
{
    (void)window;
    (void)data;
    quit = TRUE;
}

static const Scene *find_scene(const char *name)
{
    for (int i = 0; i < demo_scene_count; i++) {
        if (strcmp(demo_scenes[i].name, name) == 0) {
            return &demo_scenes[i];
        }
    }
    return NULL;
}

int main(int argc, char **argv)
{
    const char *scene_name = "gravity", *log_path = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--list") == 0) {
            for (int k = 0; k < demo_scene_count; k++) {
                printf("%s\n", demo_scenes[k].name);
            }
            return 0;
        } else if (strcmp(argv[i], "--scene") == 0 && i + 1 < argc) {
            scene_name = argv[++i];
        } else if (strcmp(argv[i], "--log") == 0 && i + 1 < argc) {
            log_path = argv[++i];
        } else if (strcmp(argv[i], "--frames") == 0 && i + 1 < argc) {
            demo.frame_limit = strtoull(argv[++i], NULL, 10);
        } else {
            fprintf(stderr, "usage: anima-gtk-demo [--scene NAME] [--log FILE] [--frames N] [--list]\n");
            return 2;
        }
    }
    const Scene *scene = find_scene(scene_name);
    if (scene == NULL) {
        fprintf(stderr, "anima-gtk-demo: no scene '%s' (--list names them)\n", scene_name);
        return 2;
    }
    if (!gtk_init_check()) {
        fprintf(stderr, "anima-gtk-demo: GTK cannot open a display (is DISPLAY set?)\n");
        return 1;
    }
    if (log_path != NULL && (demo.log = fopen(log_path, "w")) == NULL) {
        fprintf(stderr, "anima-gtk-demo: cannot write %s\n", log_path);
        return 1;
    }
    GtkCssProvider *css = gtk_css_provider_new();
    gtk_css_provider_load_from_data(css, stylesheet, -1);
    gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(css),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);

    demo.window = gtk_window_new();
    gtk_window_set_title(GTK_WINDOW(demo.window), "Anima GTK demo");
    gtk_window_set_resizable(GTK_WINDOW(demo.window), FALSE);
    GtkWidget *column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    GtkWidget *row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 2);
    for (int i = 0; i < demo_scene_count; i++) {
        GtkWidget *button = gtk_button_new_with_label(demo_scenes[i].title);
        g_signal_connect(button, "clicked", G_CALLBACK(scene_clicked), (gpointer)&demo_scenes[i]);
        gtk_box_append(GTK_BOX(row), button);
    }
    demo.fixed = gtk_fixed_new();
    gtk_widget_add_css_class(demo.fixed, "stage");
    gtk_widget_set_size_request(demo.fixed, STAGE_WIDTH, STAGE_HEIGHT);
    /* A GtkFixed asks for room for its children where their transforms put them: in a scrolled
       window without scrollbars the stage keeps its size however far a widget flies. */
    GtkWidget *view = gtk_scrolled_window_new();
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(view), GTK_POLICY_EXTERNAL, GTK_POLICY_EXTERNAL);
    gtk_widget_set_size_request(view, STAGE_WIDTH, STAGE_HEIGHT);
    GtkWidget *viewport = gtk_viewport_new(NULL, NULL);
    gtk_viewport_set_scroll_to_focus(GTK_VIEWPORT(viewport), FALSE);
    gtk_viewport_set_child(GTK_VIEWPORT(viewport), demo.fixed);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(view), viewport);
    gtk_box_append(GTK_BOX(column), row);
    gtk_box_append(GTK_BOX(column), view);
    gtk_window_set_child(GTK_WINDOW(demo.window), column);
    g_signal_connect(demo.window, "close-request", G_CALLBACK(close_request), NULL);
    show_scene(&demo, scene);
    gtk_window_present(GTK_WINDOW(demo.window));
    while (!quit) {
        g_main_context_iteration(NULL, TRUE);
    }
    clear_stage(&demo);
    if (demo.log != NULL) {
        fclose(demo.log);
    }
    return 0;
}

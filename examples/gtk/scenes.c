/*
 * scenes.c: the GTK demo's scenes, each a seed listing on real widgets.
 *
 * gravity  the gravity-and-collision listing: a GtkButton falls, bounces on the stage's edges and
 *          still activates when clicked; it can be dragged and flung.
 * snap     UISnapBehavior: a tap on the stage snaps the square there.
 * springs  UIAttachmentBehavior with frequency and damping: two weights hang on springs from an
 *          anchor, under gravity; drag them.
 * jelly    the jelly alert (Listings 6-8 and 6-9) as a real dialog: a 3 x 3 skeleton of items on
 *          springs lands on a ledge, and the dialog squashes and wobbles with it; OK dismisses it.
 * card     a card flung to the corner its projected momentum points to (Apple's "Designing Fluid
 *          Interfaces": where the fling would coast to picks the corner, a snap takes it there).
 * sheet    a bottom sheet with three detents (peek, half, full), dragged and settled by a spring
 *          that starts at the pointer's velocity.
 * glide    a card crossing the stage at a constant 110 px/s (a linear view animation) with a
 *          GtkProgressBar's fraction bound to an animated value: the even-motion check.
 */
#include "demo.h"

#include <math.h>

static void add(Demo *d, anima_behavior behavior)
{
    demo_check(anima_animator_add_behavior(d->animator, behavior), "anima_animator_add_behavior");
}

static void draggable(Demo *d, Actor *a)
{
    GError *error = NULL;
    anima_gtk_driver_set_draggable(d->driver, a->widget, a->item, NULL, &error);
    demo_check_error(error, "anima_gtk_driver_set_draggable");
}

static GtkWidget *styled(GtkWidget *widget, const char *css_class)
{
    gtk_widget_add_css_class(widget, css_class);
    gtk_widget_set_focusable(widget, FALSE);     /* no focus ring over the colour the check looks for */
    return widget;
}

static anima_behavior gravity(Demo *d, const anima_item *items, int count)
{
    anima_gravity_def def = anima_default_gravity_def();
    anima_behavior g;
    demo_check(anima_gravity_create(d->animator, &def, items, count, &g), "anima_gravity_create");
    add(d, g);
    return g;
}

static void item_behavior(Demo *d, const anima_item *items, int count, double elasticity, double resistance, bool rotates)
{
    anima_item_behavior_def def = anima_default_item_behavior_def();
    def.elasticity = elasticity;
    def.resistance = resistance;
    def.allows_rotation = rotates;
    anima_behavior b;
    demo_check(anima_item_behavior_create(d->animator, &def, items, count, &b), "anima_item_behavior_create");
    add(d, b);
}

static void snap_to(Demo *d, anima_item item, anima_vec2 point)
{
    if (d->snap.index1 != 0) {
        anima_behavior_destroy(d->snap);
    }
    demo_check(anima_snap_create(d->animator, item, point, &d->snap), "anima_snap_create");
    add(d, d->snap);
}

/* ------------------------------------------------------------------------------ gravity */

static void ball_clicked(GtkButton *button, gpointer data)
{
    (void)button;
    Demo *d = data;
    demo_log(d, "clicked", "name=ball t=%.6f", g_get_monotonic_time() / 1e6);
}

static void build_gravity(Demo *d)
{
    GtkWidget *button = styled(gtk_button_new_with_label("Tap me"), "ball");
    g_signal_connect(button, "clicked", G_CALLBACK(ball_clicked), d);
    Actor *ball = demo_actor(d, "ball", button, 180, 80, 120, 44);
    gravity(d, &ball->item, 1);
    anima_collision_def def = anima_default_collision_def();
    def.translates_reference_bounds_into_boundary = true;
    anima_behavior collision;
    demo_check(anima_collision_create(d->animator, &def, &ball->item, 1, &collision), "anima_collision_create");
    add(d, collision);
    item_behavior(d, &ball->item, 1, 0.5, 0, false);   /* a button that stays upright */
    draggable(d, ball);
}

/* ------------------------------------------------------------------------------ snap */

static void stage_pressed(GtkGestureClick *gesture, int presses, double x, double y, gpointer data)
{
    (void)presses;
    Demo *d = data;
    GtkWidget *fixed = gtk_event_controller_get_widget(GTK_EVENT_CONTROLLER(gesture));
    if (gtk_widget_pick(fixed, x, y, GTK_PICK_DEFAULT) != fixed) {
        return;                  /* on the square, not on the stage */
    }
    demo_log(d, "tap", "t=%.6f x=%.3f y=%.3f", demo_time(d), x, y);
    snap_to(d, d->actors[0].item, (anima_vec2){x, y});
}

static void on_stage_click(Demo *d, GCallback pressed)
{
    GtkGesture *click = gtk_gesture_click_new();
    g_signal_connect(click, "pressed", pressed, d);
    gtk_widget_add_controller(d->fixed, GTK_EVENT_CONTROLLER(click));
    g_object_set_data(G_OBJECT(d->fixed), "scene-click", click);
}

static void build_snap(Demo *d)
{
    Actor *square = demo_actor(d, "square", styled(gtk_label_new("Snap"), "square"), 180, 200, 80, 80);
    snap_to(d, square->item, (anima_vec2){180, 200});
    on_stage_click(d, G_CALLBACK(stage_pressed));
}

/* ------------------------------------------------------------------------------ springs */

/* A point at offset (in the item's own coordinates) of an item, at the display's time. */
static anima_vec2 point_on(anima_item item, double ox, double oy)
{
    anima_vec2 c = {0, 0};
    double r = 0;
    anima_item_get_display_center(item, &c);
    anima_item_get_display_rotation(item, &r);
    return (anima_vec2){c.x + ox * cos(r) - oy * sin(r), c.y + ox * sin(r) + oy * cos(r)};
}

/* The springs as lines, on a drawing area under the weights. */
static void draw_springs(GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
    (void)area;
    (void)width;
    (void)height;
    Demo *d = data;
    anima_vec2 ends[4] = {{180, 90}, point_on(d->actors[0].item, 0, -30), point_on(d->actors[0].item, 0, 30),
                          point_on(d->actors[1].item, 0, -30)};
    cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
    cairo_set_line_width(cr, 2);
    for (int i = 0; i < 4; i += 2) {
        cairo_move_to(cr, ends[i].x, ends[i].y);
        cairo_line_to(cr, ends[i + 1].x, ends[i + 1].y);
    }
    cairo_stroke(cr);
}

static void redraw_springs(Demo *d)
{
    gtk_widget_queue_draw(d->dialog);
}

static void build_springs(Demo *d)
{
    const anima_vec2 anchor = {180, 90};
    d->dialog = gtk_drawing_area_new();         /* the scene's picture of its springs */
    gtk_widget_set_size_request(d->dialog, STAGE_WIDTH, STAGE_HEIGHT);
    gtk_drawing_area_set_draw_func(GTK_DRAWING_AREA(d->dialog), draw_springs, d, NULL);
    gtk_widget_set_can_target(d->dialog, FALSE);
    gtk_fixed_put(GTK_FIXED(d->fixed), d->dialog, 0, 0);
    GtkWidget *pin = styled(gtk_label_new(""), "anchor");
    gtk_widget_set_size_request(pin, 8, 8);
    gtk_fixed_put(GTK_FIXED(d->fixed), pin, anchor.x - 4, anchor.y - 4);
    Actor *upper = demo_actor(d, "upper", styled(gtk_button_new_with_label("Pull"), "weight"), 180, 250, 90, 60);
    Actor *lower = demo_actor(d, "lower", styled(gtk_button_new_with_label("Me too"), "weight"), 180, 400, 90, 60);
    anima_attachment_def def = anima_default_attachment_def();
    def.frequency = 1.2;
    def.damping = 0.3;
    anima_behavior a, b;
    demo_check(anima_attachment_create_to_anchor(d->animator, &def, upper->item, (anima_vec2){0, -30}, anchor, &a),
               "anima_attachment_create_to_anchor");
    demo_check(anima_attachment_create_to_item(d->animator, &def, lower->item, (anima_vec2){0, -30}, upper->item,
                                               (anima_vec2){0, 30}, &b), "anima_attachment_create_to_item");
    add(d, a);
    add(d, b);
    anima_item both[2] = {upper->item, lower->item};
    gravity(d, both, 2);
    item_behavior(d, both, 2, 0, 0.5, true);
    draggable(d, upper);
    draggable(d, lower);
    d->frame = redraw_springs;
}

/* ------------------------------------------------------------------------------ jelly */

#define ALERT_WIDTH 200.0
#define ALERT_HEIGHT 120.0
#define LEDGE_Y 420.0    /* the bottom row falls 275 px, as in examples/c/jelly.c */

static void dismiss(GtkButton *button, gpointer data)
{
    (void)button;
    Demo *d = data;
    demo_log(d, "clicked", "name=ok t=%.6f", g_get_monotonic_time() / 1e6);
    gtk_widget_set_visible(d->dialog, FALSE);
}

static double mean_of(Demo *d, const int tags[3], int axis)
{
    double sum = 0;
    for (int i = 0; i < 3; i++) {
        anima_vec2 c = {0, 0};
        anima_item_get_display_center(d->grid[tags[i] - 1], &c);
        sum += axis == 0 ? c.x : c.y;
    }
    return sum / 3;
}

/* The dialog spans its skeleton: centred between its outer rows and columns, stretched by their spacing. */
static void pose_dialog(Demo *d)
{
    static const int left[3] = {1, 4, 7}, right[3] = {3, 6, 9}, top[3] = {1, 2, 3}, bottom[3] = {7, 8, 9};
    double x0 = mean_of(d, left, 0), x1 = mean_of(d, right, 0), y0 = mean_of(d, top, 1), y1 = mean_of(d, bottom, 1);
    float sx = (float)fmax((x1 - x0) / ALERT_WIDTH, 0.2), sy = (float)fmax((y1 - y0) / ALERT_HEIGHT, 0.2);
    GskTransform *t = gsk_transform_translate(NULL, &GRAPHENE_POINT_INIT((float)(x0 + x1) / 2, (float)(y0 + y1) / 2));
    t = gsk_transform_scale(t, sx, sy);
    t = gsk_transform_translate(t, &GRAPHENE_POINT_INIT(-ALERT_WIDTH / 2, -ALERT_HEIGHT / 2));
    gtk_fixed_set_child_transform(GTK_FIXED(d->fixed), d->dialog, t);
    gsk_transform_unref(t);
    demo_log(d, "pose", "name=dialog t=%.6f x=%.3f y=%.3f scale_x=%.4f scale_y=%.4f", demo_time(d), (x0 + x1) / 2,
             (y0 + y1) / 2, sx, sy);
}

static void tie(Demo *d, anima_item a, anima_item b)
{
    anima_attachment_def def = anima_default_attachment_def();
    def.frequency = 30;      /* examples/c/jelly.c explains why 30 Hz, not the listing's 4 */
    def.damping = 0.5;
    anima_behavior t;
    demo_check(anima_attachment_create_to_item(d->animator, &def, a, (anima_vec2){0, 0}, b, (anima_vec2){0, 0}, &t),
               "anima_attachment_create_to_item");
    add(d, t);
}

static void build_jelly(Demo *d)
{
    d->dialog = styled(gtk_box_new(GTK_ORIENTATION_VERTICAL, 6), "dialog");
    gtk_widget_set_size_request(d->dialog, (int)ALERT_WIDTH, (int)ALERT_HEIGHT);
    GtkWidget *title = gtk_label_new(NULL);
    gtk_label_set_markup(GTK_LABEL(title), "<b>Jelly alert</b>");
    GtkWidget *ok = gtk_button_new_with_label("OK");
    g_signal_connect(ok, "clicked", G_CALLBACK(dismiss), d);
    gtk_box_append(GTK_BOX(d->dialog), title);
    gtk_box_append(GTK_BOX(d->dialog), gtk_label_new("It lands, squashes and wobbles."));
    gtk_box_append(GTK_BOX(d->dialog), ok);
    gtk_fixed_put(GTK_FIXED(d->fixed), d->dialog, 0, 0);

    anima_item_def def = anima_default_item_def();
    def.center = (anima_vec2){STAGE_WIDTH / 2.0, 20 + ALERT_HEIGHT / 2};
    def.size = (anima_size){ALERT_WIDTH, ALERT_HEIGHT};
    anima_item view;
    demo_check(anima_item_create(d->animator, &def, &view), "anima_item_create");
    anima_item all[10] = {view};
    for (int i = 0; i < 9; i++) {
        def.center = (anima_vec2){STAGE_WIDTH / 2.0 + (i % 3 - 1) * ALERT_WIDTH / 2, 20 + ALERT_HEIGHT / 2 + (i / 3 - 1) * ALERT_HEIGHT / 2};
        def.size = (anima_size){10, 10};
        demo_check(anima_item_create(d->animator, &def, &d->grid[i]), "anima_item_create");
        all[i + 1] = d->grid[i];
    }
    /* Listing 6-8: the alert's item behavior, each grid item's, its spring to the alert's centre and the ring */
    item_behavior(d, &view, 1, 0.15, 0.9, false);
    static const int next_tags[9] = {1, 2, 5, 0, 4, 8, 3, 6, 7};
    for (int i = 0; i < 9; i++) {
        item_behavior(d, &d->grid[i], 1, 0.6, 0.2, true);
        tie(d, d->grid[i], view);
        if (i != 4) {
            tie(d, d->grid[i], d->grid[next_tags[i]]);
        }
    }
    gravity(d, all, 10);
    anima_collision_def cdef = anima_default_collision_def();
    anima_behavior ledge;
    demo_check(anima_collision_create(d->animator, &cdef, d->grid, 9, &ledge), "anima_collision_create");
    demo_check(anima_collision_add_boundary_segment(ledge, "ledge", (anima_vec2){0, LEDGE_Y}, (anima_vec2){STAGE_WIDTH, LEDGE_Y}),
               "anima_collision_add_boundary_segment");
    add(d, ledge);
    d->frame = pose_dialog;
    pose_dialog(d);
}

/* ------------------------------------------------------------------------------ card */

static void card_released(Demo *d, anima_item item, anima_vec2 velocity)
{
    anima_vec2 center = {0, 0}, coast = {0, 0};
    anima_item_get_center(item, &center);
    demo_check(anima_project_momentum(center, velocity, 0.99, &coast), "anima_project_momentum");
    const double inset_x = 16 + 70, inset_y = 16 + 45;
    anima_vec2 corner = {coast.x < STAGE_WIDTH / 2.0 ? inset_x : STAGE_WIDTH - inset_x,
                         coast.y < STAGE_HEIGHT / 2.0 ? inset_y : STAGE_HEIGHT - inset_y};
    demo_log(d, "target", "name=card coast_x=%.1f coast_y=%.1f x=%.1f y=%.1f", coast.x, coast.y, corner.x, corner.y);
    snap_to(d, item, corner);
}

static void build_card(Demo *d)
{
    Actor *card = demo_actor(d, "card", styled(gtk_label_new("Fling me to a corner"), "card"), 180, 300, 140, 90);
    snap_to(d, card->item, (anima_vec2){180, 300});
    item_behavior(d, &card->item, 1, 0, 0, false);
    draggable(d, card);
    d->released = card_released;
}

/* ------------------------------------------------------------------------------ sheet */

static const double sheet_anchors[3] = {STAGE_HEIGHT / 2.0 + 60, STAGE_HEIGHT / 2.0 + 300, STAGE_HEIGHT / 2.0 + 500};

static anima_detents_def sheet_detents(void)
{
    anima_detents_def def = anima_default_detents_def();
    def.anchors = sheet_anchors;
    def.anchors_count = 3;
    return def;
}

static void settled(void *user_data, anima_animator animator, anima_animation animation, bool finished, anima_position position)
{
    (void)animator;
    (void)animation;
    (void)position;
    Demo *d = user_data;
    demo_log(d, "settled", "name=sheet finished=%d", finished);
}

static void sheet_begin(GtkGestureDrag *gesture, double x, double y, gpointer data)
{
    Demo *d = data;
    GtkWidget *hit = gtk_widget_pick(d->fixed, x, y, GTK_PICK_DEFAULT);
    while (hit != NULL && hit != d->actors[0].widget) {
        hit = gtk_widget_get_parent(hit);
    }
    double time = gtk_event_controller_get_current_event_time(GTK_EVENT_CONTROLLER(gesture)) / 1000.0;
    anima_detents_def def = sheet_detents();
    if (hit == NULL || anima_detent_drag_begin_item(d->actors[0].item, 1, &def, y, time, &d->sheet_drag) != ANIMA_OK) {
        gtk_gesture_set_state(GTK_GESTURE(gesture), GTK_EVENT_SEQUENCE_DENIED);
        return;
    }
    gtk_gesture_set_state(GTK_GESTURE(gesture), GTK_EVENT_SEQUENCE_CLAIMED);
    demo_log(d, "press", "name=sheet t=%.6f x=%.3f y=%.3f", time, x, y);
}

static void sheet_update(GtkGestureDrag *gesture, double dx, double dy, gpointer data)
{
    Demo *d = data;
    double x = 0, y = 0;
    gtk_gesture_drag_get_start_point(gesture, &x, &y);
    double time = gtk_event_controller_get_current_event_time(GTK_EVENT_CONTROLLER(gesture)) / 1000.0;
    if (d->sheet_drag != 0 && anima_detent_drag_move(d->animator, d->sheet_drag, y + dy, time) == ANIMA_OK) {
        demo_log(d, "move", "name=sheet t=%.6f x=%.3f y=%.3f", time, x + dx, y + dy);
    }
}

static void sheet_end(GtkGestureDrag *gesture, double dx, double dy, gpointer data)
{
    (void)dx;
    (void)dy;
    Demo *d = data;
    if (d->sheet_drag == 0) {
        return;
    }
    double time = gtk_event_controller_get_current_event_time(GTK_EVENT_CONTROLLER(gesture)) / 1000.0;
    int32_t index = -1;
    double anchor = 0;
    anima_animation settle = 0;
    demo_check(anima_detent_drag_end(d->animator, d->sheet_drag, time, settled, d, &index, &anchor, &settle), "anima_detent_drag_end");
    d->sheet_drag = 0;
    demo_log(d, "release", "name=sheet t=%.6f detent=%d anchor=%.1f", time, index, anchor);
}

static void build_sheet(Demo *d)
{
    GtkWidget *sheet = styled(gtk_box_new(GTK_ORIENTATION_VERTICAL, 8), "sheet");
    gtk_box_append(GTK_BOX(sheet), gtk_label_new("Pull the sheet up or down"));
    GtkWidget *levels = gtk_level_bar_new_for_interval(0, 1);
    gtk_box_append(GTK_BOX(sheet), levels);
    demo_actor(d, "sheet", sheet, STAGE_WIDTH / 2.0, sheet_anchors[2], STAGE_WIDTH, STAGE_HEIGHT);
    GtkGesture *drag = gtk_gesture_drag_new();
    g_signal_connect(drag, "drag-begin", G_CALLBACK(sheet_begin), d);
    g_signal_connect(drag, "drag-update", G_CALLBACK(sheet_update), d);
    g_signal_connect(drag, "drag-end", G_CALLBACK(sheet_end), d);
    gtk_widget_add_controller(d->fixed, GTK_EVENT_CONTROLLER(drag));
    g_object_set_data(G_OBJECT(d->fixed), "scene-click", drag);
}

/* ------------------------------------------------------------------------------ glide */

static void glided(void *user_data, anima_animator animator, anima_animation animation, bool finished, anima_position position)
{
    (void)animator;
    (void)animation;
    (void)position;
    Demo *d = user_data;
    demo_log(d, "completion", "name=glide t=%.6f finished=%d", demo_time(d), finished);
}

/* What the bound GtkProgressBar shows beside the value the animator holds. */
static void log_fraction(Demo *d)
{
    double value = 0;
    anima_value_get_component(d->value, 0, &value);
    demo_log(d, "value", "name=progress t=%.6f value=%.6f fraction=%.6f", demo_time(d), value,
             gtk_progress_bar_get_fraction(GTK_PROGRESS_BAR(d->bar)));
}

static void build_glide(Demo *d)
{
    Actor *card = demo_actor(d, "card", styled(gtk_label_new("110 px/s"), "card"), 70, 200, 120, 80);
    GtkWidget *bar = gtk_progress_bar_new();
    gtk_widget_set_size_request(bar, 240, 12);
    gtk_fixed_put(GTK_FIXED(d->fixed), bar, 60, 320);
    anima_value_def vdef = anima_default_value_def();
    anima_value progress;
    demo_check(anima_value_create(d->animator, &vdef, &progress), "anima_value_create");
    GError *error = NULL;
    anima_gtk_driver_bind_value(d->driver, progress, G_OBJECT(bar), "fraction", &error);
    demo_check_error(error, "anima_gtk_driver_bind_value");

    anima_animation_def def = anima_default_animation_def();
    def.curve = ANIMA_CURVE_LINEAR;
    def.duration = 2.0;
    def.delay = 0.5;         /* the window's first frames are not part of the glide */
    demo_check(anima_animation_begin(d->animator, &def), "anima_animation_begin");
    demo_check(anima_item_set_center(card->item, (anima_vec2){290, 200}), "anima_item_set_center");
    const double full = 1;
    demo_check(anima_value_set(progress, &full, 1), "anima_value_set");
    demo_check(anima_animation_commit(d->animator, glided, d, NULL), "anima_animation_commit");
    d->value = progress;
    d->bar = bar;
    d->frame = log_fraction;
}

const Scene demo_scenes[] = {
    {"gravity", "Gravity", build_gravity},
    {"snap", "Snap", build_snap},
    {"springs", "Springs", build_springs},
    {"jelly", "Jelly", build_jelly},
    {"card", "Card", build_card},
    {"sheet", "Sheet", build_sheet},
    {"glide", "Glide", build_glide},
};
const int demo_scene_count = (int)(sizeof demo_scenes / sizeof demo_scenes[0]);

/*
 * demo.h: what the GTK demo's shell (demo.c) and its scenes (scenes.c) share.
 */
#ifndef ANIMA_GTK_DEMO_H
#define ANIMA_GTK_DEMO_H

#include <stdio.h>

#include "anima-gtk.h"

#define STAGE_WIDTH 360
#define STAGE_HEIGHT 600
#define MAX_ACTORS 12

/* A widget the scene moves, with the name the log gives it. */
typedef struct Actor {
    const char *name;
    GtkWidget *widget;
    anima_item item;
} Actor;

typedef struct Demo {
    GtkWidget *window;
    GtkWidget *fixed;             /* the stage: the animator's reference space, STAGE_WIDTH x STAGE_HEIGHT px */
    anima_animator animator;
    AnimaGtkDriver *driver;
    FILE *log;
    const char *scene;
    guint64 frame_limit;          /* quit after this many frames (0: never) */
    gboolean running;             /* the animator's state at the last frame */
    double origin_x, origin_y;    /* the stage's origin in the X window, as last logged */
    Actor actors[MAX_ACTORS];
    int actor_count;
    /* the scenes' own */
    anima_behavior snap;          /* snap and card: the snap that holds the square or card */
    anima_item grid[9];           /* jelly: the skeleton */
    GtkWidget *dialog;            /* jelly: the alert, posed from its skeleton; springs: the springs' drawing */
    anima_detent_drag sheet_drag; /* sheet: the detent drag while the pointer holds the sheet */
    anima_value value;            /* glide: the progress value */
    GtkWidget *bar;               /* glide: the GtkProgressBar bound to it */
    void (*released)(struct Demo *demo, anima_item item, anima_vec2 velocity); /* after a fling's release */
    void (*frame)(struct Demo *demo);   /* after the driver's writes, each frame */
} Demo;

/* The scenes, in the order of the demo's buttons. */
typedef struct Scene {
    const char *name;
    const char *title;
    void (*build)(Demo *demo);
} Scene;

extern const Scene demo_scenes[];
extern const int demo_scene_count;

/* demo.c: one log line (key=value ...), prefixed with event=<event>. */
void demo_log(Demo *demo, const char *event, const char *format, ...) G_GNUC_PRINTF(3, 4);
/* demo.c: an engine call that must succeed (the demo prints the message and exits otherwise). */
void demo_check(anima_status status, const char *what);
/* demo.c: a GError that must not be set. */
void demo_check_error(GError *error, const char *what);
/* demo.c: a widget on the stage, bound to a new item of the given centre and size, named for the log. */
Actor *demo_actor(Demo *demo, const char *name, GtkWidget *widget, double x, double y, double width, double height);
/* demo.c: the seconds of the frame clock's last frame. */
double demo_time(Demo *demo);

#endif

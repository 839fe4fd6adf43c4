/*
 * app.h: the samples application's state, shared by main.c (the loop, input, the log) and
 * overlay.c (the overlay and the scene list).
 */
#ifndef SAMPLES_APP_H
#define SAMPLES_APP_H

#include "contacts.h"
#include "draw.h"
#include "grab.h"
#include "scene_draw.h"
#include "scenes.h"

#include <SDL.h>
#include <anima.h>
#include <stdbool.h>
#include <stdint.h>

#define VIEW_WIDTH 320
#define VIEW_HEIGHT 568
#define PANEL_WIDTH 200
#define FRAME_SECONDS (1.0 / 60.0)
#define LONGEST_FRAME (1.0 / 15.0)   /* a slower frame advances this much at most */
#define SLOW_MOTION 0.25
#define AFTER_RELEASE_FRAMES 30      /* frames logged after a release (event=after) */

typedef enum pointer_owner { POINTER_NONE, POINTER_GRAB, POINTER_SCENE } pointer_owner;

typedef struct options {
    const char *scene;
    long frames;                /* > 0: headless */
    const char *screenshot;
    const char *log;
    int window_scale;
    bool debug;
    bool vsync;
    bool list;
} options;

typedef struct app {
    options opt;
    sample s;
    int scene_index;
    draw d;
    SDL_Window *window;
    SDL_Renderer *renderer;
    SDL_Surface *surface;       /* headless target */
    SDL_Rect view;              /* pixels of the scene view */
    SDL_Rect panel;             /* pixels of the scene list */
    bool paused;
    bool slow;
    bool debug;
    bool step_once;
    bool quit;
    grab g;
    contacts c;
    pointer_owner owner;
    pointer_tracker scene_tracker;   /* the pointer while the scene handles it */
    anima_vec2 pointer;
    double advance_ms;          /* time in anima_animator_advance per frame, smoothed */
    double step_ms;             /* per internal step, smoothed */
    double steps_per_frame;
    uint64_t frame;
    uint64_t start_ticks;
    anima_item flying;          /* the item last let go, logged for a few frames */
    int flying_frames;
    scene_stats stats;
    bool animator_running;
} app;

/* Colours of the application's own drawing. */
extern const color background;
extern const color view_background;

/* Draws the overlay (top left of the view: scene, timings, counts, state, error). */
void overlay_draw(app *a);
/* Draws the scene list and the keys, right of the view. */
void panel_draw(app *a);
/* The scene listed at a window pixel of the panel, or -1. */
int panel_row_at(const app *a, double px, double py);

#endif

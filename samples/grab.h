/*
 * grab.h: grabbing items with the pointer, and the pointer's velocity.
 *
 * Everything the samples do with a pointer on items goes through this interface, so that it can
 * switch to the engine's gesture API (anima_animator_item_at_point, anima_drag_*,
 * anima_velocity_tracker_*) in this file pair alone. Until then:
 *   - picking: anima_animator_items_in_rect with a 1 x 1 pt rect around the point, then the
 *     item's own shape (rectangle, ellipse or path, turned and scaled) tested here;
 *   - grabbing: UIKit's pan recipe, an anchor attachment from the touched point of the item (its
 *     own coordinates) to the pointer, a spring of GRAB_FREQUENCY Hz and GRAB_DAMPING, length 0;
 *   - letting go: the attachment is destroyed and the item gets the pointer's velocity;
 *   - the velocity: a least-squares line fit over the last 100 ms of samples (Android's
 *     VelocityTracker horizon), restarted after a 40 ms gap (the pointer had stopped).
 */
#ifndef SAMPLES_GRAB_H
#define SAMPLES_GRAB_H

#include "scenes.h"

#include <anima.h>
#include <stdbool.h>

#define GRAB_FREQUENCY 8.0          /* Hz */
#define GRAB_DAMPING 1.0            /* damping ratio */
#define TRACKER_CAPACITY 64
#define TRACKER_HORIZON 0.100       /* s: samples older than this at the time asked do not count */
#define TRACKER_STOPPED_GAP 0.040   /* s: a gap this long between samples restarts the history */

/* Timestamped pointer samples (points, seconds). */
typedef struct pointer_tracker {
    anima_vec2 points[TRACKER_CAPACITY];
    double times[TRACKER_CAPACITY];
    int count;              /* samples held, at most TRACKER_CAPACITY */
    int newest;             /* index of the newest sample */
} pointer_tracker;

void tracker_reset(pointer_tracker *t);
void tracker_add(pointer_tracker *t, anima_vec2 point, double time);
/* The velocity (pt/s) at `time`: the slope of the least-squares line through the samples of the
   last TRACKER_HORIZON s; (0, 0) with fewer than two such samples. */
anima_vec2 tracker_velocity(const pointer_tracker *t, double time);

typedef struct grab {
    bool active;
    anima_item item;
    anima_behavior attachment;
    anima_vec2 offset;          /* the touched point, item coordinates */
    anima_vec2 pointer;         /* where the pointer is, points */
    pointer_tracker tracker;
} grab;

/* Finds the topmost item whose shape contains point (points); *found false when none. */
bool grab_pick(sample *s, anima_vec2 point, anima_item *out_item, bool *found);
/* Presses at point: grabs the item there, if any (*grabbed says whether), after telling the scene
   (its grabbed hook). */
bool grab_begin(grab *g, sample *s, anima_vec2 point, double time, bool *grabbed);
/* Moves the pointer; the item follows. Does nothing when no item is held. */
bool grab_move(grab *g, sample *s, anima_vec2 point, double time);
/* Lets go at point: the item leaves with the pointer's velocity, written to *out_velocity. */
bool grab_end(grab *g, sample *s, anima_vec2 point, double time, anima_vec2 *out_velocity);
/* Forgets the grab without touching the item (its animator is going away). */
void grab_cancel(grab *g);
/* The touched point of the held item, where it is now (points). */
bool grab_item_point(const grab *g, sample *s, anima_vec2 *out_point);

#endif

/*
 * grab.h: grabbing items with the pointer, and the pointer's velocity.
 *
 * Everything the samples do with a pointer on items goes through this interface, on the engine's
 * gesture API (docs/gestures.md):
 *   - picking: anima_animator_item_at_point (the item's own shape, turned and scaled; the last
 *     created on top; alpha 0 skipped);
 *   - grabbing: anima_drag_begin / _move / _end, UIKit's pan recipe (an anchor attachment of
 *     length 0 from the touched point to the pointer, rigid, its force bounded at the engine's
 *     default 300 000 pt/s^2 x mass); a grab interrupts the item's view animations and snaps
 *     without a jump;
 *   - the velocity: anima_velocity_tracker, a least-squares fit over the last 100 ms (Android's
 *     VelocityTracker), for pointers the scenes handle themselves (the fluid card).
 */
#ifndef SAMPLES_GRAB_H
#define SAMPLES_GRAB_H

#include "scenes.h"

#include <anima.h>
#include <stdbool.h>

/* Timestamped pointer samples (points, seconds). */
typedef struct pointer_tracker {
    anima_velocity_tracker tracker;
    anima_vec2 last;            /* the newest point added */
    bool empty;
} pointer_tracker;

void tracker_reset(pointer_tracker *t);
anima_status tracker_add(pointer_tracker *t, anima_vec2 point, double time);
/* The velocity (pt/s) at `time`: (0, 0) with fewer than two recent samples. */
anima_status tracker_velocity(const pointer_tracker *t, double time, anima_vec2 *out_velocity);

typedef struct grab {
    bool active;
    anima_item item;
    anima_behavior drag;        /* the drag's attachment */
    anima_vec2 offset;          /* the touched point, item coordinates (for drawing and the log) */
    anima_vec2 pointer;         /* where the pointer is, points */
} grab;

/* Finds the item drawn at point (points); *found false when none. */
bool grab_pick(sample *s, anima_vec2 point, anima_item *out_item, bool *found);
/* Presses at point: grabs the item there, if any (*grabbed says whether), after telling the scene
   (its grabbed hook). */
bool grab_begin(grab *g, sample *s, anima_vec2 point, double time, bool *grabbed);
/* Moves the pointer; the item follows. Does nothing when no item is held. */
bool grab_move(grab *g, sample *s, anima_vec2 point, double time);
/* Lets go at point: the item leaves with the pointer's velocity, written to *out_velocity
   ((0, 0) when nothing was held). */
bool grab_end(grab *g, sample *s, anima_vec2 point, double time, anima_vec2 *out_velocity);
/* Forgets the grab without touching the item (its animator is going away). */
void grab_cancel(grab *g);
/* The touched point of the held item, where it is now (points). */
bool grab_item_point(const grab *g, sample *s, anima_vec2 *out_point);

#endif

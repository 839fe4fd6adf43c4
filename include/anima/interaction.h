/*
 * anima/interaction.h: the part of Anima's C interface that a pointer and a UI's logic ask of the
 * scene (spatial queries and gestures). It is part of anima.h, which includes it where these
 * sections stand; include <anima.h>, not this file.
 */
#ifndef ANIMA_INTERACTION_H
#define ANIMA_INTERACTION_H

#ifndef ANIMA_H
#error "include <anima.h>, which includes anima/interaction.h"
#endif

/* ------------------------------------------------------------------------------------------------
 * Queries (docs/queries.md): what a segment crosses, the item nearest a point, the items a shape
 * overlaps, on the broad phase and the items' collision shapes (items no behavior governs are not
 * considered).
 * ---------------------------------------------------------------------------------------------- */

/** Which items a query considers; start from anima_default_query_filter(). */
typedef struct anima_query_filter {
    uint32_t cookie;                 /* set by anima_default_query_filter() */
    const anima_behavior *collisions; /* collision behaviors whose items are considered; read during the call only */
    int32_t collisions_count;        /* default 0: every item a behavior governs */
} anima_query_filter;

/** Where a segment enters an item's collision shape. */
typedef struct anima_ray_hit {
    anima_item item;     /* the item hit (null when a batch's ray hit nothing) */
    anima_vec2 point;    /* the entry point, reference coordinates */
    anima_vec2 normal;   /* the shape's outward unit normal there */
    double fraction;     /* along the segment, 0 (start) ... 1 (end) */
} anima_ray_hit;

/** One segment of a batch. */
typedef struct anima_ray { anima_vec2 start; anima_vec2 end; } anima_ray;

/** The point of an item's collision shape nearest a query point. */
typedef struct anima_point_hit {
    anima_item item;     /* the item */
    anima_vec2 point;    /* the nearest point of its outline */
    double distance;     /* points; negative inside the shape */
} anima_point_hit;

/** The kind of a query shape. */
typedef enum anima_query_shape_type {
    ANIMA_QUERY_CIRCLE = 0,    /* center, radius */
    ANIMA_QUERY_RECTANGLE = 1, /* center, size, rotation */
    ANIMA_QUERY_POLYGON = 2    /* points: convex, 3...16, either winding */
} anima_query_shape_type;

/** A shape to find overlapping items with, reference coordinates; start from anima_default_query_shape(). */
typedef struct anima_query_shape {
    uint32_t cookie;             /* set by anima_default_query_shape() */
    anima_query_shape_type type; /* default ANIMA_QUERY_CIRCLE */
    anima_vec2 center;           /* circle, rectangle; default (0, 0) */
    double radius;               /* circle, >= 0; default 0 (a point) */
    anima_size size;             /* rectangle, each side >= 0; default 0 x 0 */
    double rotation;             /* rectangle, radians, clockwise on screen; default 0 */
    const anima_vec2 *points;    /* polygon; read during the call only */
    int32_t points_count;        /* polygon, 3...16; default 0 */
} anima_query_shape;

/** The default query filter: every item a behavior governs. */
anima_query_filter anima_default_query_filter(void);
/** The default query shape: a circle of radius 0 at (0, 0). */
anima_query_shape anima_default_query_shape(void);
/** Every item whose shape the segment start...end enters, nearest first (ties in creation order); one it starts inside is not reported (as Box2D). filter may be NULL. Counting and BUFFER_TOO_SMALL as anima_animator_get_behaviors. Errors: INVALID_ARGUMENT (not finite, a filter's collision of another animator or not a collision behavior), INVALID_HANDLE. */
anima_status anima_animator_ray_cast(anima_animator animator, anima_vec2 start, anima_vec2 end, const anima_query_filter *filter, anima_ray_hit *out_hits, int32_t capacity, int32_t *out_count);
/** The nearest hit of anima_animator_ray_cast; *out_found false (and *out_hit zero) when there is none. */
anima_status anima_animator_ray_cast_closest(anima_animator animator, anima_vec2 start, anima_vec2 end, const anima_query_filter *filter, anima_ray_hit *out_hit, bool *out_found);
/** anima_animator_ray_cast_closest for ray_count rays at once: out_hits[i] for rays[i], a null item where it hit nothing. */
anima_status anima_animator_ray_cast_closest_batch(anima_animator animator, const anima_ray *rays, int32_t ray_count, const anima_query_filter *filter, anima_ray_hit *out_hits);
/** The item whose shape is nearest point within max_distance (0...1e9 pt), with the nearest point of its outline and the signed distance (negative inside: the deepest wins); ties go to the first created; *out_found false when none is that near. */
anima_status anima_animator_nearest_item(anima_animator animator, anima_vec2 point, double max_distance, const anima_query_filter *filter, anima_point_hit *out_hit, bool *out_found);
/** The items whose shapes overlap shape (touching counts), in creation order; counting as anima_animator_get_behaviors. Errors: INVALID_ARGUMENT (a hand-made shape, a negative radius or size, a polygon that is not convex or has too few or many points). */
anima_status anima_animator_items_overlapping(anima_animator animator, const anima_query_shape *shape, const anima_query_filter *filter, anima_item *out_items, int32_t capacity, int32_t *out_count);

/* ------------------------------------------------------------------------------------------------
 * Gestures (docs/gestures.md): a pointer's velocity, momentum projection, rubber banding, the item
 * under a point, and dragging an item with a pointer.
 * ---------------------------------------------------------------------------------------------- */

/** The most samples a velocity tracker keeps. */
#define ANIMA_VELOCITY_TRACKER_CAPACITY 20

/** One pointer sample: time in seconds (any origin), position in points. */
typedef struct anima_pointer_sample { double time; double x; double y; } anima_pointer_sample;

/** A pointer's recent samples, oldest first: a value the caller owns; read it, change it only through the functions below. */
typedef struct anima_velocity_tracker {
    uint32_t cookie;             /* set by anima_default_velocity_tracker() */
    int32_t count;               /* samples held, 0...ANIMA_VELOCITY_TRACKER_CAPACITY */
    anima_pointer_sample samples[ANIMA_VELOCITY_TRACKER_CAPACITY];
} anima_velocity_tracker;

/** An empty velocity tracker. */
anima_velocity_tracker anima_default_velocity_tracker(void);
/** Adds a sample (finite time and point). A sample older than the newest is put in time order, one with an equal time replaces it, and one more than 40 ms after the newest starts a new gesture. */
anima_status anima_velocity_tracker_add(anima_velocity_tracker *tracker, double time, anima_vec2 point);
/** The velocity (pt/s) at time: least squares over the samples of the last 100 ms (Android's VelocityTracker); (0, 0) with fewer than 2 samples or when the newest is more than 40 ms older than time. */
anima_status anima_velocity_tracker_get_velocity(const anima_velocity_tracker *tracker, double time, anima_vec2 *out_velocity);
/** Where a motion from position with velocity (pt/s) comes to rest under UIScrollView deceleration of rate (per ms, 0 < rate < 1; 0.998 normal): position + velocity / (-1000 ln rate). */
anima_status anima_project_momentum(anima_vec2 position, anima_vec2 velocity, double rate, anima_vec2 *out_position);
/** UIScrollView's rubber band: an offset past an edge shows as (1 - 1 / (|offset| c / dimension + 1)) dimension, with offset's sign; dimension and c finite and > 0 (Apple's c: 0.55). */
anima_status anima_rubber_band(double offset, double dimension, double c, double *out_offset);
/** value held to lower...upper with rubber-banded overflow: unchanged inside, an end plus anima_rubber_band of the excess outside. */
anima_status anima_rubber_band_clamp(double value, double lower, double upper, double dimension, double c, double *out_value);

/** The item drawn at point (reference coordinates): the last created whose shape (rectangle, ellipse or path, after its transform) holds it, alpha > 0; *out_found false and out_item null when none. */
anima_status anima_animator_item_at_point(anima_animator animator, anima_vec2 point, anima_item *out_item, bool *out_found);

/** How a pointer holds an item. */
typedef struct anima_drag_def {
    uint32_t cookie;             /* set by anima_default_drag_def() */
    double frequency;            /* Hz; default 0: the touched point rides the pointer rigidly (UIKit's pan recipe) */
    double damping;              /* damping ratio of the spring when frequency > 0; default 1 */
    double max_acceleration;     /* pt/s^2; the attachment's max force is this x the item's mass; default 300000 (300 x gravity 1.0); > 0 or INFINITY */
} anima_drag_def;

/** The default drag def: rigid, damping 1, max acceleration 300000 pt/s^2. */
anima_drag_def anima_default_drag_def(void);
/** A pointer grabs item at point (reference coordinates) at time (s): an anchor attachment of length 0 from that point of the item to the pointer is added to the animator and returned as *out_drag. Running view animations drop the item's centre and transform where they are; its snaps let go while it is held. */
anima_status anima_drag_begin(anima_animator animator, const anima_drag_def *def, anima_item item, anima_vec2 point, double time, anima_behavior *out_drag);
/** The pointer moved to point at time: the anchor follows, the sample is kept. Errors: INVALID_STATE once the drag has ended (its attachment removed or its item destroyed). */
anima_status anima_drag_move(anima_behavior drag, anima_vec2 point, double time);
/** The pointer let go at time: the attachment is destroyed (the handle becomes stale) and the item leaves with the pointer's tracked velocity, written to out_velocity (may be NULL). */
anima_status anima_drag_end(anima_behavior drag, double time, anima_vec2 *out_velocity);
/** Whether a behavior handle is an active drag's attachment; false also while another thread is inside its animator, with the BUSY message set (as anima_item_is_valid). */
bool anima_drag_is_active(anima_behavior drag);

#endif /* ANIMA_INTERACTION_H */

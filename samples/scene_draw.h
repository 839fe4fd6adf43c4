/*
 * scene_draw.h: draws a sample's animator: every item as its shape (rectangle, ellipse or path,
 * turned and scaled, alpha respected), the named collision boundaries, and in debug mode the item
 * outlines, resting (sleeping) items in grey, attachments, contacts and the reference bounds.
 */
#ifndef SAMPLES_SCENE_DRAW_H
#define SAMPLES_SCENE_DRAW_H

#include "contacts.h"
#include "draw.h"
#include "grab.h"
#include "scenes.h"

typedef struct scene_stats {
    int32_t items;
    int32_t awake;          /* items not resting */
    int32_t behaviors;      /* in the whole tree */
} scene_stats;

/* Reads what a frame draws: the items, their states and display-time poses
   (anima_animator_copy_display_poses), the behavior tree. Call it before the scene's drawing hooks
   and scene_draw. */
bool scene_draw_prepare(sample *s);
/* An item's centre and rotation at the display's time, as scene_draw shows it (rotation may be NULL). */
bool scene_draw_pose(sample *s, anima_item item, anima_vec2 *out_center, double *out_rotation);
/* Draws the scene; false with s->error when an anima call fails. */
bool scene_draw(sample *s, draw *d, const contacts *c, const grab *g, bool debug, scene_stats *stats);
/* Releases the buffers scene_draw keeps between frames. */
void scene_draw_free(void);

#endif

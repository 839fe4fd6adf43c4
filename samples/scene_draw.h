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

/* Draws the scene; false with s->error when an anima call fails. */
bool scene_draw(sample *s, draw *d, const contacts *c, const grab *g, bool debug, scene_stats *stats);
/* Releases the buffers scene_draw keeps between frames. */
void scene_draw_free(void);

#endif

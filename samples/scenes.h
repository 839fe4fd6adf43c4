/*
 * scenes.h: the samples' scenes. A scene_def is a row of the scene table: a name, a build
 * function, and optional hooks for the frame, the pointer, the wheel, the keys and drawing.
 * A sample is one running scene: its animator, its camera and its own state.
 *
 * Every hook returns false after recording an error in the sample (sample_check / sample_fail):
 * the application then shows the message (window) or exits non-zero with it (headless).
 */
#ifndef SAMPLES_SCENES_H
#define SAMPLES_SCENES_H

#include "draw.h"

#include <anima.h>
#include <stdbool.h>
#include <stddef.h>

/* The reference view of the book's listings, 320 x 568 pt (an iPhone 5 held upright): the
   default camera, and the reference bounds of most scenes. */
#define SCREEN_WIDTH 320.0
#define SCREEN_HEIGHT 568.0
extern const anima_rect SCREEN_BOUNDS;   /* { 0, 0, SCREEN_WIDTH, SCREEN_HEIGHT } */

/* Keys a scene can be told about (besides the application's own keys). */
enum { SAMPLE_KEY_LEFT = 1, SAMPLE_KEY_RIGHT, SAMPLE_KEY_UP, SAMPLE_KEY_DOWN };

#define SAMPLE_MAX_STYLES 64
#define SAMPLE_MAX_ATTACHMENT_NOTES 64

typedef struct sample sample;

typedef struct scene_def {
    const char *name;       /* lowercase with underscores: the --scene name */
    const char *summary;    /* one line for the overlay: what it shows and what the pointer does */
    bool (*build)(sample *s);                                  /* required: the animator and its contents */
    bool (*update)(sample *s, double dt);                      /* every frame, before the advance */
    bool (*tap)(sample *s, anima_vec2 point);                  /* a press on empty space */
    bool (*scroll)(sample *s, double dx, double dy);           /* mouse wheel, in notches */
    bool (*key)(sample *s, int key, bool down);                /* SAMPLE_KEY_* */
    bool (*grabbed)(sample *s, anima_item item);               /* an item is about to be grabbed */
    /* The scene's own pointer handling, tried before the grab: press sets *taken when it takes
       the pointer, and then gets move and release (with the pointer's velocity, pt/s). */
    bool (*press)(sample *s, anima_vec2 point, double time, bool *taken);
    bool (*move)(sample *s, anima_vec2 point, double time);
    bool (*release)(sample *s, anima_vec2 point, double time, anima_vec2 velocity);
    void (*draw_under)(sample *s, draw *d);                    /* before the items */
    void (*draw_over)(sample *s, draw *d);                     /* after the items */
    void (*info)(sample *s, char *text, size_t size);          /* an extra overlay line */
} scene_def;

/* How one item is drawn, when a scene says so. */
typedef struct item_style {
    uint64_t item_id;
    color fill;
    bool hidden;            /* drawn only as an outline in debug mode */
} item_style;

/* An attachment's item offsets as the scene made them (the C API has no getter for them). */
typedef struct attachment_note {
    uint64_t behavior_id;
    anima_vec2 offset;      /* on the first item, its own coordinates */
    anima_vec2 other_offset;/* on the second item */
} attachment_note;

struct sample {
    const scene_def *def;
    anima_animator animator;
    anima_rect camera;            /* the points the view shows; build sets it, update may move it */
    void *state;                  /* the scene's own, from sample_new_state in build; freed by sample_destroy */
    bool failed;
    char error[768];
    anima_item scene_held;        /* the item the scene's own pointer handling moves (for the log) */
    item_style styles[SAMPLE_MAX_STYLES];
    int style_count;
    attachment_note notes[SAMPLE_MAX_ATTACHMENT_NOTES];
    int note_count;
};

/* The table. */
int scene_count(void);
const scene_def *scene_at(int index);
/* The index of a scene by name, or -1. */
int scene_find(const char *name);

/* Builds a scene into a zeroed sample; false with s->error on failure (the sample is then
   destroyed and can be built again). */
bool sample_build(sample *s, const scene_def *def);
/* Destroys the animator and frees the scene's state. Safe on a failed or empty sample. */
void sample_destroy(sample *s);

/* Records a failed anima call: "function: status name: last error message". Returns status == OK. */
bool sample_check(sample *s, anima_status status, const char *call);
#define CHECK(s, call) sample_check((s), (call), #call)
/* Records any other failure; always returns false. */
bool sample_fail(sample *s, const char *format, ...) __attribute__((format(printf, 2, 3)));

/* Allocates the scene's state, `size` zeroed bytes, as s->state (sample_destroy frees it);
   NULL after recording "out of memory". */
void *sample_new_state(sample *s, size_t size);

/* Creates s->animator with reference bounds (or none when bounds is NULL) and points the camera
   at camera. */
bool sample_create_animator(sample *s, const anima_rect *bounds, anima_rect camera);
/* Creates an item: a rectangle, an ellipse, or a path shape with `path`. */
bool sample_item(sample *s, anima_vec2 center, anima_size size, anima_shape shape, anima_item *out);
/* Gives an item a fill colour, or hides it (outline in debug mode only). */
bool sample_style(sample *s, anima_item item, color fill, bool hidden);
const item_style *sample_find_style(const sample *s, uint64_t item_id);
/* Records the offsets of an attachment the scene made, for debug drawing. */
bool sample_note_attachment(sample *s, anima_behavior attachment, anima_vec2 offset, anima_vec2 other_offset);
const attachment_note *sample_find_note(const sample *s, uint64_t behavior_id);
/* Adds a behavior to the animator. */
bool sample_add(sample *s, anima_behavior behavior);
/* Creates gravity of the default direction and magnitude over `count` items (not added yet). */
bool sample_gravity(sample *s, const anima_item *items, int32_t count, anima_behavior *out);
/* Creates a collision behavior over `count` items, with the reference bounds as a boundary when
   `bounds` (not added yet). */
bool sample_collision(sample *s, const anima_item *items, int32_t count, bool bounds, anima_behavior *out);

/* Whether two handles name the same object. */
bool same_item(anima_item a, anima_item b);
bool same_behavior(anima_behavior a, anima_behavior b);

/* The scenes, in the order of the table (scenes.c). */
extern const scene_def scene_gravity, scene_gravity_collision, scene_item_properties, scene_snap, scene_push,
    scene_spring_attachment, scene_bouncing_spring_behavior, scene_view_animation;      /* scenes_seeds.c */
extern const scene_def scene_resizable_behavior, scene_transform_tween_behavior,
    scene_custom_dynamic_item;                                                         /* scenes_custom.c */
extern const scene_def scene_jelly, scene_spinners, scene_device_gravity;             /* scenes_interfaces.c */
extern const scene_def scene_pyramid, scene_tumbler, scene_pile;                      /* scenes_bench.c */
extern const scene_def scene_fluid_card;                                               /* scenes_fluid.c */

/* Colours shared by the scenes. */
extern const color COLOR_BLUE;       /* the book's blueBall */
extern const color COLOR_ORANGE;
extern const color COLOR_GREEN;
extern const color COLOR_GREY;

#endif

/*
 * scenes.c: the scene table (the seed listings, the bench scenes, the fluid card) and the helpers
 * the scene files share.
 */
#include "scenes.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const color COLOR_BLUE = { 52, 120, 246, 255 };
const color COLOR_ORANGE = { 246, 150, 52, 255 };
const color COLOR_GREEN = { 80, 190, 110, 255 };
const color COLOR_GREY = { 150, 150, 160, 255 };

const anima_rect SCREEN_BOUNDS = { 0.0, 0.0, SCREEN_WIDTH, SCREEN_HEIGHT };

static const scene_def *const table[] = {
    &scene_gravity, &scene_gravity_collision, &scene_item_properties, &scene_snap, &scene_push,
    &scene_spring_attachment, &scene_bouncing_spring_behavior, &scene_resizable_behavior,
    &scene_transform_tween_behavior, &scene_custom_dynamic_item, &scene_jelly, &scene_spinners,
    &scene_device_gravity, &scene_view_animation, &scene_pyramid, &scene_tumbler, &scene_pile, &scene_fluid_card,
};

int scene_count(void)
{
    return (int)(sizeof table / sizeof table[0]);
}

const scene_def *scene_at(int index)
{
    return index >= 0 && index < scene_count() ? table[index] : NULL;
}

int scene_find(const char *name)
{
    for (int k = 0; k < scene_count(); k++) {
        if (strcmp(scene_at(k)->name, name) == 0) {
            return k;
        }
    }
    return -1;
}

bool sample_check(sample *s, anima_status status, const char *call)
{
    if (status == ANIMA_OK) {
        return true;
    }
    if (!s->failed) {
        /* the function's name: the call's text up to its '(' */
        int n = 0;
        while (call[n] != '\0' && call[n] != '(' && n < 80) {
            n++;
        }
        snprintf(s->error, sizeof s->error, "%s: %.*s failed: %s: %s", s->def != NULL ? s->def->name : "?", n, call,
                 anima_status_string(status), anima_last_error_message());
        s->failed = true;
    }
    return false;
}

bool sample_fail(sample *s, const char *format, ...)
{
    if (!s->failed) {
        int n = snprintf(s->error, sizeof s->error, "%s: ", s->def != NULL ? s->def->name : "?");
        va_list args;
        va_start(args, format);
        vsnprintf(s->error + n, sizeof s->error - (size_t)n, format, args);
        va_end(args);
        s->failed = true;
    }
    return false;
}

void *sample_new_state(sample *s, size_t size)
{
    s->state = calloc(1, size);
    if (s->state == NULL) {
        sample_fail(s, "out of memory");
    }
    return s->state;
}

bool sample_build(sample *s, const scene_def *def)
{
    memset(s, 0, sizeof *s);
    s->def = def;
    s->camera = SCREEN_BOUNDS;
    if (!def->build(s)) {
        char error[sizeof s->error];
        memcpy(error, s->error, sizeof error);
        if (!s->failed) {
            snprintf(error, sizeof error, "%s: build failed", def->name);
        }
        sample_destroy(s);
        s->def = def;
        s->camera = SCREEN_BOUNDS;
        s->failed = true;
        memcpy(s->error, error, sizeof error);
        return false;
    }
    return true;
}

void sample_destroy(sample *s)
{
    if (anima_animator_is_valid(s->animator)) {
        anima_animator_destroy(s->animator);
    }
    free(s->state);
    memset(s, 0, sizeof *s);
}

bool sample_create_animator(sample *s, const anima_rect *bounds, anima_rect camera)
{
    anima_animator_def def = anima_default_animator_def();
    if (bounds != NULL) {
        def.has_reference_bounds = true;
        def.reference_bounds = *bounds;
    }
    s->camera = camera;
    return CHECK(s, anima_animator_create(&def, &s->animator));
}

bool sample_item(sample *s, anima_vec2 center, anima_size size, anima_shape shape, anima_item *out)
{
    anima_item_def def = anima_default_item_def();
    def.center = center;
    def.size = size;
    def.shape = shape;
    return CHECK(s, anima_item_create(s->animator, &def, out));
}

/* Where an item's style is in s->styles, or -1. */
static int style_index(const sample *s, uint64_t item_id)
{
    for (int k = 0; k < s->style_count; k++) {
        if (s->styles[k].item_id == item_id) {
            return k;
        }
    }
    return -1;
}

bool sample_style(sample *s, anima_item item, color fill, bool hidden)
{
    uint64_t id = 0;
    if (!CHECK(s, anima_item_get_id(item, &id))) {
        return false;
    }
    int k = style_index(s, id);
    if (k < 0) {
        if (s->style_count == SAMPLE_MAX_STYLES) {
            return sample_fail(s, "too many item styles (at most %d)", SAMPLE_MAX_STYLES);
        }
        k = s->style_count++;
    }
    s->styles[k] = (item_style){ id, fill, hidden };
    return true;
}

const item_style *sample_find_style(const sample *s, uint64_t item_id)
{
    const int k = style_index(s, item_id);
    return k >= 0 ? &s->styles[k] : NULL;
}

bool sample_note_attachment(sample *s, anima_behavior attachment, anima_vec2 offset, anima_vec2 other_offset)
{
    uint64_t id = 0;
    if (!CHECK(s, anima_behavior_get_id(attachment, &id))) {
        return false;
    }
    if (s->note_count == SAMPLE_MAX_ATTACHMENT_NOTES) {
        return true;   /* drawn to the centres instead */
    }
    s->notes[s->note_count++] = (attachment_note){ id, offset, other_offset };
    return true;
}

const attachment_note *sample_find_note(const sample *s, uint64_t behavior_id)
{
    for (int k = 0; k < s->note_count; k++) {
        if (s->notes[k].behavior_id == behavior_id) {
            return &s->notes[k];
        }
    }
    return NULL;
}

bool sample_add(sample *s, anima_behavior behavior)
{
    return CHECK(s, anima_animator_add_behavior(s->animator, behavior));
}

bool sample_gravity(sample *s, const anima_item *items, int32_t count, anima_behavior *out)
{
    anima_gravity_def def = anima_default_gravity_def();
    return CHECK(s, anima_gravity_create(s->animator, &def, items, count, out));
}

bool sample_collision(sample *s, const anima_item *items, int32_t count, bool bounds, anima_behavior *out)
{
    anima_collision_def def = anima_default_collision_def();
    def.translates_reference_bounds_into_boundary = bounds;
    return CHECK(s, anima_collision_create(s->animator, &def, items, count, out));
}

bool same_item(anima_item a, anima_item b)
{
    return a.index1 == b.index1 && a.generation == b.generation && a.animator == b.animator && a.kind == b.kind;
}

bool same_behavior(anima_behavior a, anima_behavior b)
{
    return a.index1 == b.index1 && a.generation == b.generation && a.animator == b.animator && a.kind == b.kind;
}

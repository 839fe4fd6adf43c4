/*
 * draw.c: shapes through the camera, text with the built-in font, screenshots.
 */
#include "draw.h"

#include "font.h"
#include "png.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define ELLIPSE_SEGMENTS 40
#define MAX_POLYGON 64

bool draw_init(draw *d, SDL_Renderer *renderer, int text_scale)
{
    memset(d, 0, sizeof *d);
    d->renderer = renderer;
    d->text_scale = text_scale < 1 ? 1 : text_scale;
    d->scale = 1.0;
    const int glyphs = FONT_LAST - FONT_FIRST + 1;
    SDL_Surface *atlas = SDL_CreateRGBSurfaceWithFormat(0, glyphs * FONT_WIDTH, FONT_HEIGHT, 32, SDL_PIXELFORMAT_ARGB8888);
    if (atlas == NULL) {
        return false;
    }
    SDL_LockSurface(atlas);
    for (int g = 0; g < glyphs; g++) {
        const uint8_t *rows = font_glyph(FONT_FIRST + g);
        for (int y = 0; y < FONT_HEIGHT; y++) {
            uint32_t *line = (uint32_t *)((uint8_t *)atlas->pixels + y * atlas->pitch);
            for (int x = 0; x < FONT_WIDTH; x++) {
                const bool lit = (rows[y] >> (FONT_WIDTH - 1 - x)) & 1;
                line[g * FONT_WIDTH + x] = lit ? 0xFFFFFFFFu : 0x00FFFFFFu;
            }
        }
    }
    SDL_UnlockSurface(atlas);
    d->font = SDL_CreateTextureFromSurface(renderer, atlas);
    SDL_FreeSurface(atlas);
    if (d->font == NULL) {
        return false;
    }
    SDL_SetTextureBlendMode(d->font, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND);
    return true;
}

void draw_destroy(draw *d)
{
    if (d->font != NULL) {
        SDL_DestroyTexture(d->font);
        d->font = NULL;
    }
}

void draw_set_camera(draw *d, anima_rect camera, SDL_Rect viewport)
{
    if (!(camera.width > 0.0 && camera.height > 0.0 && isfinite(camera.x) && isfinite(camera.y))) {
        camera = (anima_rect){ 0.0, 0.0, viewport.w, viewport.h };
    }
    const double sx = viewport.w / camera.width, sy = viewport.h / camera.height;
    d->scale = fmin(sx, sy);
    d->viewport = viewport;
    d->origin_x = viewport.x + (viewport.w - camera.width * d->scale) / 2 - camera.x * d->scale;
    d->origin_y = viewport.y + (viewport.h - camera.height * d->scale) / 2 - camera.y * d->scale;
}

anima_vec2 draw_to_pixels(const draw *d, anima_vec2 point)
{
    return (anima_vec2){ d->origin_x + point.x * d->scale, d->origin_y + point.y * d->scale };
}

anima_vec2 draw_to_points(const draw *d, double pixel_x, double pixel_y)
{
    return (anima_vec2){ (pixel_x - d->origin_x) / d->scale, (pixel_y - d->origin_y) / d->scale };
}

static SDL_Color sdl_color(color c)
{
    return (SDL_Color){ c.r, c.g, c.b, c.a };
}

void draw_fill_polygon(draw *d, const anima_vec2 *points, int count, color c)
{
    if (count < 3) {
        return;
    }
    if (count > MAX_POLYGON) {
        count = MAX_POLYGON;
    }
    SDL_Vertex vertices[MAX_POLYGON];
    int indices[3 * (MAX_POLYGON - 2)];
    for (int k = 0; k < count; k++) {
        const anima_vec2 p = draw_to_pixels(d, points[k]);
        vertices[k] = (SDL_Vertex){ { (float)p.x, (float)p.y }, sdl_color(c), { 0.0f, 0.0f } };
    }
    for (int k = 0; k < count - 2; k++) {
        indices[3 * k] = 0;
        indices[3 * k + 1] = k + 1;
        indices[3 * k + 2] = k + 2;
    }
    SDL_RenderGeometry(d->renderer, NULL, vertices, count, indices, 3 * (count - 2));
}

void draw_polygon(draw *d, const anima_vec2 *points, int count, color c)
{
    if (count < 2) {
        return;
    }
    if (count > MAX_POLYGON) {
        count = MAX_POLYGON;
    }
    SDL_FPoint pixels[MAX_POLYGON + 1];
    for (int k = 0; k < count; k++) {
        const anima_vec2 p = draw_to_pixels(d, points[k]);
        pixels[k] = (SDL_FPoint){ (float)p.x, (float)p.y };
    }
    pixels[count] = pixels[0];
    SDL_SetRenderDrawColor(d->renderer, c.r, c.g, c.b, c.a);
    SDL_RenderDrawLinesF(d->renderer, pixels, count + 1);
}

void draw_segment(draw *d, anima_vec2 a, anima_vec2 b, color c)
{
    const anima_vec2 pa = draw_to_pixels(d, a), pb = draw_to_pixels(d, b);
    SDL_SetRenderDrawColor(d->renderer, c.r, c.g, c.b, c.a);
    SDL_RenderDrawLineF(d->renderer, (float)pa.x, (float)pa.y, (float)pb.x, (float)pb.y);
}

static void ellipse_points(anima_vec2 center, double rx, double ry, double rotation, anima_vec2 out[ELLIPSE_SEGMENTS])
{
    const double cr = cos(rotation), sr = sin(rotation);
    for (int k = 0; k < ELLIPSE_SEGMENTS; k++) {
        const double a = 2.0 * M_PI * k / ELLIPSE_SEGMENTS;
        const double u = rx * cos(a), v = ry * sin(a);
        out[k] = (anima_vec2){ center.x + cr * u - sr * v, center.y + sr * u + cr * v };
    }
}

void draw_fill_ellipse(draw *d, anima_vec2 center, double rx, double ry, double rotation, color c)
{
    anima_vec2 points[ELLIPSE_SEGMENTS];
    ellipse_points(center, rx, ry, rotation, points);
    draw_fill_polygon(d, points, ELLIPSE_SEGMENTS, c);
}

void draw_ellipse(draw *d, anima_vec2 center, double rx, double ry, double rotation, color c)
{
    anima_vec2 points[ELLIPSE_SEGMENTS];
    ellipse_points(center, rx, ry, rotation, points);
    draw_polygon(d, points, ELLIPSE_SEGMENTS, c);
}

void draw_dot(draw *d, anima_vec2 point, int pixels, color c)
{
    const anima_vec2 p = draw_to_pixels(d, point);
    const SDL_FRect r = { (float)(p.x - pixels / 2.0), (float)(p.y - pixels / 2.0), (float)pixels, (float)pixels };
    SDL_SetRenderDrawColor(d->renderer, c.r, c.g, c.b, c.a);
    SDL_RenderFillRectF(d->renderer, &r);
}

void draw_fill_rect_pixels(draw *d, int x, int y, int w, int h, color c)
{
    const SDL_Rect r = { x, y, w, h };
    SDL_SetRenderDrawColor(d->renderer, c.r, c.g, c.b, c.a);
    SDL_RenderFillRect(d->renderer, &r);
}

int draw_text(draw *d, int x, int y, color c, const char *text)
{
    const int s = d->text_scale;
    int pen_x = x, pen_y = y, widest = 0;
    SDL_SetTextureColorMod(d->font, c.r, c.g, c.b);
    SDL_SetTextureAlphaMod(d->font, c.a);
    for (const char *p = text; *p != '\0'; p++) {
        if (*p == '\n') {
            pen_x = x;
            pen_y += FONT_LINE * s;
            continue;
        }
        int ch = (unsigned char)*p;
        if (ch < FONT_FIRST || ch > FONT_LAST) {
            ch = '?';
        }
        if (ch != ' ') {
            const SDL_Rect source = { (ch - FONT_FIRST) * FONT_WIDTH, 0, FONT_WIDTH, FONT_HEIGHT };
            const SDL_Rect target = { pen_x, pen_y, FONT_WIDTH * s, FONT_HEIGHT * s };
            SDL_RenderCopy(d->renderer, d->font, &source, &target);
        }
        pen_x += FONT_ADVANCE * s;
        if (pen_x - x > widest) {
            widest = pen_x - x;
        }
    }
    return widest;
}

int draw_text_width(const draw *d, const char *text)
{
    int widest = 0, line = 0;
    for (const char *p = text; *p != '\0'; p++) {
        line = *p == '\n' ? 0 : line + FONT_ADVANCE * d->text_scale;
        if (line > widest) {
            widest = line;
        }
    }
    return widest;
}

static bool ends_with(const char *s, const char *suffix)
{
    const size_t n = strlen(s), m = strlen(suffix);
    return n >= m && SDL_strcasecmp(s + n - m, suffix) == 0;
}

bool draw_screenshot(draw *d, const char *path, char *error, size_t error_size)
{
    int w = 0, h = 0;
    if (SDL_GetRendererOutputSize(d->renderer, &w, &h) != 0) {
        snprintf(error, error_size, "screenshot: SDL_GetRendererOutputSize: %s", SDL_GetError());
        return false;
    }
    SDL_Surface *shot = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    if (shot == NULL) {
        snprintf(error, error_size, "screenshot: SDL_CreateRGBSurfaceWithFormat: %s", SDL_GetError());
        return false;
    }
    bool done = false;
    if (SDL_RenderReadPixels(d->renderer, NULL, SDL_PIXELFORMAT_ARGB8888, shot->pixels, shot->pitch) != 0) {
        snprintf(error, error_size, "screenshot: SDL_RenderReadPixels: %s", SDL_GetError());
    } else if (ends_with(path, ".png")) {
        done = png_write_argb(path, (const uint32_t *)shot->pixels, w, h, shot->pitch, error, error_size);
    } else if (SDL_SaveBMP(shot, path) != 0) {
        snprintf(error, error_size, "screenshot: cannot write %s: %s", path, SDL_GetError());
    } else {
        done = true;
    }
    SDL_FreeSurface(shot);
    return done;
}

/*
 * draw.h: drawing for the samples: filled and outlined shapes in scene points (through a camera
 * that maps a rectangle of points onto a rectangle of pixels), text in window pixels with the
 * built-in 5 x 7 font, and screenshots (BMP, or PNG by the file's extension).
 */
#ifndef SAMPLES_DRAW_H
#define SAMPLES_DRAW_H

#include <anima.h>
#include <SDL.h>
#include <stdbool.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

typedef struct color { uint8_t r, g, b, a; } color;

typedef struct draw {
    SDL_Renderer *renderer;
    SDL_Texture *font;        /* the glyph atlas, white on transparent */
    int text_scale;           /* pixels per font pixel */
    double scale;             /* pixels per point */
    double origin_x;          /* pixel of point x = 0 */
    double origin_y;          /* pixel of point y = 0 */
    SDL_Rect viewport;        /* the pixels the camera maps onto */
} draw;

/* Makes the font atlas for a renderer. Returns false (with SDL_GetError) on failure. */
bool draw_init(draw *d, SDL_Renderer *renderer, int text_scale);
void draw_destroy(draw *d);

/* Shows the points of `camera` in `viewport`: a uniform scale that fits, centred. */
void draw_set_camera(draw *d, anima_rect camera, SDL_Rect viewport);
/* Points to pixels and back, through the camera. */
anima_vec2 draw_to_pixels(const draw *d, anima_vec2 point);
anima_vec2 draw_to_points(const draw *d, double pixel_x, double pixel_y);

/* Shapes in points. Polygons must be convex for the fills. */
void draw_fill_polygon(draw *d, const anima_vec2 *points, int count, color c);
void draw_polygon(draw *d, const anima_vec2 *points, int count, color c);
void draw_segment(draw *d, anima_vec2 a, anima_vec2 b, color c);
/* An ellipse of radii rx, ry about center, turned by rotation (radians, clockwise on screen). */
void draw_fill_ellipse(draw *d, anima_vec2 center, double rx, double ry, double rotation, color c);
void draw_ellipse(draw *d, anima_vec2 center, double rx, double ry, double rotation, color c);
/* A square dot of `pixels` pixels centred on a point. */
void draw_dot(draw *d, anima_vec2 point, int pixels, color c);

/* Window pixels. */
void draw_fill_rect_pixels(draw *d, int x, int y, int w, int h, color c);
/* Draws text at a pixel position (top-left); '\n' starts a new line. Returns the width in pixels. */
int draw_text(draw *d, int x, int y, color c, const char *text);
/* The width in pixels of the longest line of text. */
int draw_text_width(const draw *d, const char *text);

/* Writes the renderer's target (a window or a surface) to a file: .png writes a PNG, anything
   else a BMP. Returns false with a message in error. */
bool draw_screenshot(draw *d, const char *path, char *error, size_t error_size);

#endif

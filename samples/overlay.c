/*
 * overlay.c: the overlay (top left of the view) and the scene list with the keys (right of it),
 * drawn with the built-in font.
 */
#include "app.h"

#include <stdio.h>

#define PANEL_TOP 30        /* first row of the list, font pixels below the panel's top */
#define PANEL_ROW 12        /* font pixels from one row to the next */

const color background = { 24, 26, 32, 255 };
const color view_background = { 36, 38, 46, 255 };
static const color text_color = { 230, 230, 235, 255 };
static const color dim_text = { 150, 150, 160, 255 };
static const color error_color = { 255, 110, 110, 255 };
static const color highlight = { 70, 110, 200, 255 };

void overlay_draw(app *a)
{
    draw *d = &a->d;
    const int s = d->text_scale;
    char text[1024];
    const char *state = a->s.failed ? "ERROR" : a->paused ? "PAUSED" : a->slow ? "SLOW x0.25" : "playing";
    snprintf(text, sizeof text,
             "%s (%d/%d)\n"
             "step %.3f ms, %.1f steps: %.2f ms/frame\n"
             "items %d  awake %d  contacts %d\n"
             "%s%s  animator %s",
             a->s.def != NULL ? a->s.def->name : "?", a->scene_index + 1, scene_count(), a->step_ms, a->steps_per_frame,
             a->advance_ms, (int)a->stats.items, (int)a->stats.awake, (int)a->c.count, state, a->debug ? "  debug" : "",
             a->animator_running ? "running" : "at rest");
    char info[256] = "";
    if (!a->s.failed && a->s.def != NULL && a->s.def->info != NULL && anima_animator_is_valid(a->s.animator)) {
        a->s.def->info(&a->s, info, sizeof info);
    }
    const int lines = 4 + (info[0] != '\0' ? 1 : 0);
    const int width = draw_text_width(d, text) + 8 * s;
    draw_fill_rect_pixels(d, a->view.x, a->view.y, width > a->view.w ? a->view.w : width, (lines * 10 + 6) * s,
                          (color){ 0, 0, 0, 150 });
    draw_text(d, a->view.x + 4 * s, a->view.y + 4 * s, text_color, text);
    if (info[0] != '\0') {
        draw_text(d, a->view.x + 4 * s, a->view.y + (4 + 40) * s, (color){ 250, 210, 120, 255 }, info);
    }
    if (a->s.def != NULL) {
        const int y = a->view.y + a->view.h - 14 * s;
        draw_fill_rect_pixels(d, a->view.x, y - 3 * s, a->view.w, 14 * s, (color){ 0, 0, 0, 120 });
        draw_text(d, a->view.x + 4 * s, y, dim_text, a->s.def->summary);
    }
    if (a->s.failed) {
        /* wrap the message to the view's width */
        const int per_line = (a->view.w - 8 * s) / (6 * s);
        char wrapped[sizeof a->s.error * 2];
        int n = 0, column = 0;
        for (const char *p = a->s.error; *p != '\0' && n < (int)sizeof wrapped - 2; p++) {
            if (column == per_line) {
                wrapped[n++] = '\n';
                column = 0;
            }
            wrapped[n++] = *p;
            column++;
        }
        wrapped[n] = '\0';
        draw_fill_rect_pixels(d, a->view.x, a->view.y + 60 * s, a->view.w, 70 * s, (color){ 60, 0, 0, 220 });
        draw_text(d, a->view.x + 4 * s, a->view.y + 64 * s, error_color, wrapped);
    }
}

void panel_draw(app *a)
{
    draw *d = &a->d;
    const int s = d->text_scale;
    const int x = a->panel.x + 8 * s;
    draw_fill_rect_pixels(d, a->panel.x, a->panel.y, a->panel.w, a->panel.h, background);
    draw_text(d, x, a->panel.y + 10 * s, text_color, "Anima samples");
    for (int k = 0; k < scene_count(); k++) {
        const int y = a->panel.y + PANEL_TOP * s + k * PANEL_ROW * s;
        if (k == a->scene_index) {
            draw_fill_rect_pixels(d, a->panel.x + 2 * s, y - 2 * s, a->panel.w - 4 * s, 11 * s, highlight);
        }
        char line[64];
        if (k < 9) {
            snprintf(line, sizeof line, "%d %s", k + 1, scene_at(k)->name);
        } else {
            snprintf(line, sizeof line, "  %s", scene_at(k)->name);
        }
        draw_text(d, x, y, k == a->scene_index ? text_color : dim_text, line);
    }
    const int y = a->panel.y + PANEL_TOP * s + scene_count() * PANEL_ROW * s + PANEL_ROW * s;
    draw_text(d, x, y, dim_text,
              "mouse  grab and throw\n"
              "space  pause / resume\n"
              "s      single step\n"
              "m      slow motion x0.25\n"
              "r      reset the scene\n"
              "n p    next / previous\n"
              "Tab    next (shift: prev)\n"
              "1..9   pick a scene\n"
              "d      debug drawing\n"
              "arrows tilt (device_gravity)\n"
              "wheel  scroll (spinners)\n"
              "Esc q  quit");
}

int panel_row_at(const app *a, double px, double py)
{
    const int s = a->d.text_scale;
    if (px < a->panel.x) {
        return -1;
    }
    const double row = (py - a->panel.y - (PANEL_TOP - 2) * s) / (PANEL_ROW * s);
    return row >= 0.0 && row < scene_count() ? (int)row : -1;
}

/*
 * main.c: anima-samples, the live samples of Anima: a window with a scene list, every item
 * grabbable with the mouse, pause / single step / slow motion / reset / next scene keys, debug
 * drawing and a performance overlay; and a headless mode for tests and docs.
 *
 *   anima-samples [--scene NAME] [--window-scale K] [--debug] [--vsync] [--log FILE]
 *   anima-samples --scene NAME --frames N [--screenshot FILE.bmp|FILE.png] [--log FILE] [--debug]
 *   anima-samples --list
 *
 * The view shows a scene's camera rectangle (320 x 568 pt for most scenes) at K pixels per point
 * (K = 1 by default), at the window's top-left corner: window pixel = scene point x K.
 */
#include "app.h"
#include "event_log.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double now_seconds(const app *a)
{
    return (double)(SDL_GetPerformanceCounter() - a->start_ticks) / (double)SDL_GetPerformanceFrequency();
}

static double sim_time(const app *a)
{
    double t = 0.0;
    if (anima_animator_is_valid(a->s.animator)) {
        anima_animator_get_elapsed_time(a->s.animator, &t);
    }
    return t;
}

#define LOG(a, event, ...) event_log_write((a)->frame, now_seconds(a), sim_time(a), (event), __VA_ARGS__)

static uint64_t item_id(anima_item item)
{
    uint64_t id = 0;
    anima_item_get_id(item, &id);
    return id;
}

static void report_failure(app *a)
{
    if (a->s.failed) {
        LOG(a, "error", "message=\"%s\"", a->s.error);
    }
}

/* ------------------------------------------------------------------ scenes */

static void update_camera(app *a)
{
    draw_set_camera(&a->d, a->s.camera, a->view);
}

static void load_scene(app *a, int index)
{
    grab_cancel(&a->g);
    a->owner = POINTER_NONE;
    a->flying_frames = 0;
    sample_destroy(&a->s);
    contacts_clear(&a->c);
    a->scene_index = (index % scene_count() + scene_count()) % scene_count();
    a->advance_ms = a->step_ms = a->steps_per_frame = 0.0;
    const bool built = sample_build(&a->s, scene_at(a->scene_index));
    a->animator_running = false;
    if (built) {
        anima_animator_is_running(a->s.animator, &a->animator_running);
    }
    update_camera(a);
    const anima_rect cam = a->s.camera;
    LOG(a, "scene", "name=%s index=%d scale=%.4f origin_x=%.2f origin_y=%.2f camera=%.1f,%.1f,%.1f,%.1f view=%d,%d,%d,%d",
        scene_at(a->scene_index)->name, a->scene_index, a->d.scale, a->d.origin_x, a->d.origin_y, cam.x, cam.y,
        cam.width, cam.height, a->view.x, a->view.y, a->view.w, a->view.h);
    if (!built) {
        report_failure(a);
    }
}

/* When the animator comes to rest: where the items are (the first LOGGED_ITEMS of them). */
static void log_rest(app *a)
{
    enum { LOGGED_ITEMS = 16 };
    if (!event_log_enabled()) {
        return;
    }
    anima_item items[LOGGED_ITEMS];
    int32_t count = 0;
    const anima_status status = anima_animator_get_items(a->s.animator, items, LOGGED_ITEMS, &count);
    if (status != ANIMA_OK && status != ANIMA_ERR_BUFFER_TOO_SMALL) {
        return;
    }
    char text[LOGGED_ITEMS * 48] = "";
    size_t n = 0;
    for (int32_t k = 0; k < count && k < LOGGED_ITEMS && status == ANIMA_OK; k++) {
        anima_vec2 c;
        if (anima_item_get_center(items[k], &c) == ANIMA_OK) {
            n += (size_t)snprintf(text + n, sizeof text - n, "%s%llu:%.2f:%.2f", n > 0 ? "," : "",
                                  (unsigned long long)item_id(items[k]), c.x, c.y);
        }
    }
    LOG(a, "rest", "count=%d items=%s", (int)count, n > 0 ? text : "-");
}

/* One frame of the simulation: the scene's update, the advance, the contacts, the log. */
static void simulate(app *a, double dt)
{
    if (a->s.failed || !anima_animator_is_valid(a->s.animator)) {
        return;
    }
    if (a->paused && !a->step_once) {
        return;
    }
    double seconds = a->step_once ? FRAME_SECONDS : fmin(dt, LONGEST_FRAME) * (a->slow ? SLOW_MOTION : 1.0);
    a->step_once = false;
    if (a->s.def->update != NULL && !a->s.def->update(&a->s, seconds)) {
        report_failure(a);
        return;
    }
    uint64_t steps_before = 0, steps_after = 0;
    anima_animator_get_step_count(a->s.animator, &steps_before);
    const uint64_t t0 = SDL_GetPerformanceCounter();
    const anima_status status = anima_animator_advance(a->s.animator, seconds);
    const double ms = 1000.0 * (double)(SDL_GetPerformanceCounter() - t0) / (double)SDL_GetPerformanceFrequency();
    if (!sample_check(&a->s, status, "anima_animator_advance") || a->s.failed) {
        report_failure(a);
        return;
    }
    anima_animator_get_step_count(a->s.animator, &steps_after);
    const double steps = (double)(steps_after - steps_before);
    a->advance_ms = 0.9 * a->advance_ms + 0.1 * ms;
    a->steps_per_frame = 0.9 * a->steps_per_frame + 0.1 * steps;
    if (steps > 0) {
        a->step_ms = a->step_ms == 0.0 ? ms / steps : 0.9 * a->step_ms + 0.1 * ms / steps;
    }
    if (!sample_check(&a->s, contacts_update(&a->c, a->s.animator), "anima_animator_get_contact_events")) {
        report_failure(a);
        return;
    }
    const bool was_running = a->animator_running;
    anima_animator_is_running(a->s.animator, &a->animator_running);
    if (was_running && !a->animator_running) {
        log_rest(a);
    }
}

/* Per-frame log lines: the held item, and the item just let go. */
static void log_frame(app *a)
{
    if (!event_log_enabled() || !anima_animator_is_valid(a->s.animator)) {
        return;
    }
    anima_vec2 c;
    if (a->owner == POINTER_GRAB && a->g.active && anima_item_get_center(a->g.item, &c) == ANIMA_OK) {
        anima_vec2 p = c;
        grab_item_point(&a->g, &a->s, &p);
        LOG(a, "held", "item=%llu cx=%.2f cy=%.2f gx=%.2f gy=%.2f pointer_x=%.2f pointer_y=%.2f",
            (unsigned long long)item_id(a->g.item), c.x, c.y, p.x, p.y, a->pointer.x, a->pointer.y);
    } else if (a->owner == POINTER_SCENE && anima_item_is_valid(a->s.scene_held)
               && anima_item_get_center(a->s.scene_held, &c) == ANIMA_OK) {
        LOG(a, "held", "item=%llu cx=%.2f cy=%.2f gx=%.2f gy=%.2f pointer_x=%.2f pointer_y=%.2f",
            (unsigned long long)item_id(a->s.scene_held), c.x, c.y, c.x, c.y, a->pointer.x, a->pointer.y);
    }
    if (a->flying_frames > 0 && anima_item_is_valid(a->flying)) {
        anima_vec2 v;
        if (anima_item_get_center(a->flying, &c) == ANIMA_OK && anima_item_get_linear_velocity(a->flying, &v) == ANIMA_OK) {
            LOG(a, "after", "item=%llu cx=%.2f cy=%.2f vx=%.2f vy=%.2f", (unsigned long long)item_id(a->flying), c.x, c.y,
                v.x, v.y);
        }
        a->flying_frames--;
    }
}

/* ------------------------------------------------------------------ pointer */

/* Gives the scene's velocity tracker a pointer sample (while the scene handles the pointer). */
static bool track_scene_pointer(app *a, anima_vec2 p, double t)
{
    return sample_check(&a->s, tracker_add(&a->scene_tracker, p, t), "anima_velocity_tracker_add");
}

/* A move or release of a held pointer: false when nothing holds it; else where it is now in
   points (also kept as a->pointer) and when. */
static bool held_pointer_at(app *a, double px, double py, anima_vec2 *p, double *t)
{
    if (a->owner == POINTER_NONE) {
        return false;
    }
    *t = now_seconds(a);
    *p = draw_to_points(&a->d, px, py);
    a->pointer = *p;
    return true;
}

static void pointer_down(app *a, double px, double py)
{
    const double t = now_seconds(a);
    a->flying_frames = 0;
    if (px >= a->panel.x) {
        const int row = panel_row_at(a, px, py);
        if (row >= 0) {
            load_scene(a, row);
        }
        return;
    }
    if (a->s.failed || !anima_animator_is_valid(a->s.animator)) {
        return;
    }
    const anima_vec2 p = draw_to_points(&a->d, px, py);
    a->pointer = p;
    a->owner = POINTER_NONE;
    bool taken = false;
    if (a->s.def->press != NULL && !a->s.def->press(&a->s, p, t, &taken)) {
        report_failure(a);
        return;
    }
    if (taken) {
        a->owner = POINTER_SCENE;
        tracker_reset(&a->scene_tracker);
        if (!track_scene_pointer(a, p, t)) {
            report_failure(a);
            return;
        }
        LOG(a, "press", "x=%.2f y=%.2f item=%llu target=scene", p.x, p.y, (unsigned long long)item_id(a->s.scene_held));
        return;
    }
    bool grabbed = false;
    if (!grab_begin(&a->g, &a->s, p, t, &grabbed)) {
        report_failure(a);
        return;
    }
    if (grabbed) {
        a->owner = POINTER_GRAB;
        LOG(a, "press", "x=%.2f y=%.2f item=%llu target=grab", p.x, p.y, (unsigned long long)item_id(a->g.item));
        return;
    }
    LOG(a, "press", "x=%.2f y=%.2f item=none target=%s", p.x, p.y, a->s.def->tap != NULL ? "tap" : "none");
    if (a->s.def->tap != NULL) {
        LOG(a, "tap", "x=%.2f y=%.2f", p.x, p.y);
        if (!a->s.def->tap(&a->s, p)) {
            report_failure(a);
        }
    }
}

static void pointer_move(app *a, double px, double py)
{
    anima_vec2 p;
    double t;
    if (!held_pointer_at(a, px, py, &p, &t)) {
        return;
    }
    LOG(a, "move", "x=%.2f y=%.2f", p.x, p.y);
    bool good = true;
    if (a->owner == POINTER_GRAB) {
        good = grab_move(&a->g, &a->s, p, t);
    } else if (a->owner == POINTER_SCENE) {
        good = track_scene_pointer(a, p, t) && (a->s.def->move == NULL || a->s.def->move(&a->s, p, t));
    }
    if (!good) {
        report_failure(a);
    }
}

/* Lets go of the pointer at p: the grab throws its item, or the scene gets its release with the
   tracker's velocity. *v: the pointer's velocity, pt/s. */
static bool release_held(app *a, anima_vec2 p, double t, anima_vec2 *v)
{
    if (a->owner == POINTER_GRAB) {
        return grab_end(&a->g, &a->s, p, t, v);
    }
    const bool moved = p.x != a->scene_tracker.last.x || p.y != a->scene_tracker.last.y;
    return (!moved || track_scene_pointer(a, p, t))
        && sample_check(&a->s, tracker_velocity(&a->scene_tracker, t, v), "anima_velocity_tracker_get_velocity")
        && (a->s.def->release == NULL || a->s.def->release(&a->s, p, t, *v));
}

static void pointer_up(app *a, double px, double py)
{
    anima_vec2 p;
    double t;
    if (!held_pointer_at(a, px, py, &p, &t)) {
        return;
    }
    const anima_item item = a->owner == POINTER_GRAB ? a->g.item : a->s.scene_held;
    anima_vec2 v = { 0.0, 0.0 };
    const bool good = release_held(a, p, t, &v);
    a->owner = POINTER_NONE;
    if (!good) {
        report_failure(a);
        return;
    }
    anima_vec2 item_v = { 0.0, 0.0 };
    if (anima_item_is_valid(item)) {
        anima_item_get_linear_velocity(item, &item_v);
        a->flying = item;
        a->flying_frames = AFTER_RELEASE_FRAMES;
    }
    LOG(a, "release", "x=%.2f y=%.2f vx=%.2f vy=%.2f item=%llu item_vx=%.2f item_vy=%.2f", p.x, p.y, v.x, v.y,
        (unsigned long long)item_id(item), item_v.x, item_v.y);
}

/* ------------------------------------------------------------------ drawing */

static void render(app *a)
{
    draw *d = &a->d;
    SDL_SetRenderDrawColor(a->renderer, background.r, background.g, background.b, 255);
    SDL_RenderClear(a->renderer);
    draw_fill_rect_pixels(d, a->view.x, a->view.y, a->view.w, a->view.h, view_background);
    update_camera(a);
    SDL_RenderSetClipRect(a->renderer, &a->view);
    if (anima_animator_is_valid(a->s.animator)) {
        const bool was_failed = a->s.failed;
        scene_draw_prepare(&a->s);
        if (a->s.def->draw_under != NULL) {
            a->s.def->draw_under(&a->s, d);
        }
        scene_draw(&a->s, d, &a->c, &a->g, a->debug, &a->stats);
        if (a->s.def->draw_over != NULL) {
            a->s.def->draw_over(&a->s, d);
        }
        if (!was_failed && a->s.failed) {
            report_failure(a);
        }
        anima_vec2 p;
        if (a->g.active && grab_item_point(&a->g, &a->s, &p)) {
            draw_segment(d, p, a->pointer, (color){ 255, 255, 255, 200 });
            draw_dot(d, a->pointer, 5, (color){ 255, 255, 255, 255 });
        }
    }
    overlay_draw(a);
    SDL_RenderSetClipRect(a->renderer, NULL);
    panel_draw(a);
}

/* ------------------------------------------------------------------ keys */

static void key_down(app *a, const SDL_KeyboardEvent *key)
{
    const SDL_Keycode k = key->keysym.sym;
    const char *name = SDL_GetKeyName(k);
    LOG(a, "key", "key=\"%s\"", name);
    switch (k) {
    case SDLK_ESCAPE:
    case SDLK_q: a->quit = true; return;
    case SDLK_SPACE: a->paused = !a->paused; return;
    case SDLK_s: a->paused = true; a->step_once = true; return;
    case SDLK_m: a->slow = !a->slow; return;
    case SDLK_r: load_scene(a, a->scene_index); return;
    case SDLK_d: a->debug = !a->debug; return;
    case SDLK_n: load_scene(a, a->scene_index + 1); return;
    case SDLK_p: load_scene(a, a->scene_index - 1); return;
    case SDLK_TAB: load_scene(a, a->scene_index + ((key->keysym.mod & KMOD_SHIFT) ? -1 : 1)); return;
    default: break;
    }
    if (k >= SDLK_1 && k <= SDLK_9) {
        if (k - SDLK_1 < scene_count()) {
            load_scene(a, k - SDLK_1);
        }
        return;
    }
    int scene_key = 0;
    switch (k) {
    case SDLK_LEFT: scene_key = SAMPLE_KEY_LEFT; break;
    case SDLK_RIGHT: scene_key = SAMPLE_KEY_RIGHT; break;
    case SDLK_UP: scene_key = SAMPLE_KEY_UP; break;
    case SDLK_DOWN: scene_key = SAMPLE_KEY_DOWN; break;
    default: break;
    }
    if (scene_key != 0 && a->s.def != NULL && a->s.def->key != NULL && !a->s.failed
        && !a->s.def->key(&a->s, scene_key, true)) {
        report_failure(a);
    }
}

static void handle_event(app *a, const SDL_Event *e)
{
    switch (e->type) {
    case SDL_QUIT: a->quit = true; break;
    case SDL_KEYDOWN: key_down(a, &e->key); break;
    case SDL_MOUSEBUTTONDOWN:
        if (e->button.button == SDL_BUTTON_LEFT) {
            SDL_CaptureMouse(SDL_TRUE);
            pointer_down(a, e->button.x, e->button.y);
        }
        break;
    case SDL_MOUSEMOTION: pointer_move(a, e->motion.x, e->motion.y); break;
    case SDL_MOUSEBUTTONUP:
        if (e->button.button == SDL_BUTTON_LEFT) {
            SDL_CaptureMouse(SDL_FALSE);
            pointer_up(a, e->button.x, e->button.y);
        }
        break;
    case SDL_MOUSEWHEEL:
        if (a->s.def != NULL && a->s.def->scroll != NULL && !a->s.failed) {
            const double dx = e->wheel.preciseX, dy = e->wheel.preciseY;
            LOG(a, "scroll", "dx=%.2f dy=%.2f", dx, dy);
            if (!a->s.def->scroll(&a->s, dx, dy)) {
                report_failure(a);
            }
        }
        break;
    default: break;
    }
}

/* ------------------------------------------------------------------ modes */

static int run_window(app *a)
{
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        fprintf(stderr, "anima-samples: SDL_Init: %s\n", SDL_GetError());
        return 1;
    }
    a->window = SDL_CreateWindow("Anima samples", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                 a->view.w + a->panel.w, a->view.h, 0);
    if (a->window == NULL) {
        fprintf(stderr, "anima-samples: SDL_CreateWindow: %s\n", SDL_GetError());
        SDL_Quit();
        return 1;
    }
    a->renderer = SDL_CreateRenderer(a->window, -1, SDL_RENDERER_ACCELERATED | (a->opt.vsync ? SDL_RENDERER_PRESENTVSYNC : 0));
    if (a->renderer == NULL) {
        a->renderer = SDL_CreateRenderer(a->window, -1, SDL_RENDERER_SOFTWARE);
    }
    if (a->renderer == NULL || !draw_init(&a->d, a->renderer, a->opt.window_scale)) {
        fprintf(stderr, "anima-samples: cannot draw: %s\n", SDL_GetError());
        SDL_Quit();
        return 1;
    }
    load_scene(a, a->scene_index);
    double last = now_seconds(a);
    double next_frame = last;
    while (!a->quit) {
        SDL_Event e;
        const double wait = next_frame - now_seconds(a);
        if (wait > 0.0005 && SDL_WaitEventTimeout(&e, (int)ceil(wait * 1000.0)) == 1) {
            handle_event(a, &e);   /* handled as it comes, so pointer samples get their own times */
        }
        while (SDL_PollEvent(&e) == 1) {
            handle_event(a, &e);
        }
        const double now = now_seconds(a);
        if (now < next_frame || a->quit) {
            continue;
        }
        next_frame = fmax(next_frame + FRAME_SECONDS, now + 0.25 * FRAME_SECONDS);
        const double dt = now - last;
        last = now;
        simulate(a, dt);
        log_frame(a);
        render(a);
        SDL_RenderPresent(a->renderer);
        a->frame++;
    }
    sample_destroy(&a->s);
    draw_destroy(&a->d);
    SDL_DestroyRenderer(a->renderer);
    SDL_DestroyWindow(a->window);
    SDL_Quit();
    return 0;
}

static int run_headless(app *a)
{
    /* A software renderer on a surface: no window, no video driver, no X server. */
    a->surface = SDL_CreateRGBSurfaceWithFormat(0, a->view.w + a->panel.w, a->view.h, 32, SDL_PIXELFORMAT_ARGB8888);
    a->renderer = a->surface != NULL ? SDL_CreateSoftwareRenderer(a->surface) : NULL;
    if (a->renderer == NULL || !draw_init(&a->d, a->renderer, a->opt.window_scale)) {
        fprintf(stderr, "anima-samples: cannot draw offscreen: %s\n", SDL_GetError());
        return 1;
    }
    load_scene(a, a->scene_index);
    for (long f = 0; f < a->opt.frames && !a->s.failed; f++) {
        simulate(a, FRAME_SECONDS);
        log_frame(a);
        a->frame++;
    }
    int status = 0;
    if (!a->s.failed) {
        render(a);
    }
    if (a->s.failed) {
        fprintf(stderr, "anima-samples: %s\n", a->s.error);
        status = 1;
    } else {
        printf("%s: %ld frames, %.3f s simulated, %d items (%d awake), %d contacts, animator %s\n", a->s.def->name,
               a->opt.frames, sim_time(a), (int)a->stats.items, (int)a->stats.awake, (int)a->c.count,
               a->animator_running ? "running" : "at rest");
        if (a->opt.screenshot != NULL) {
            char error[512];
            if (!draw_screenshot(&a->d, a->opt.screenshot, error, sizeof error)) {
                fprintf(stderr, "anima-samples: %s\n", error);
                status = 1;
            } else {
                printf("screenshot: %s (%d x %d)\n", a->opt.screenshot, a->surface->w, a->surface->h);
            }
        }
    }
    sample_destroy(&a->s);
    draw_destroy(&a->d);
    SDL_DestroyRenderer(a->renderer);
    SDL_FreeSurface(a->surface);
    return status;
}

static void usage(FILE *out)
{
    fprintf(out,
            "usage: anima-samples [--scene NAME] [--window-scale K] [--debug] [--vsync] [--log FILE]\n"
            "       anima-samples --scene NAME --frames N [--screenshot FILE.bmp|FILE.png] [--log FILE] [--debug]\n"
            "       anima-samples --list\n"
            "With --frames, runs N frames of 1/60 s with no window and exits (0, or 1 on any error).\n");
}

static bool parse(int argc, char **argv, options *o)
{
    *o = (options){ .window_scale = 1 };
    for (int k = 1; k < argc; k++) {
        const char *arg = argv[k];
        const char *value = k + 1 < argc ? argv[k + 1] : NULL;
        if (strcmp(arg, "--list") == 0) {
            o->list = true;
        } else if (strcmp(arg, "--debug") == 0) {
            o->debug = true;
        } else if (strcmp(arg, "--vsync") == 0) {
            o->vsync = true;
        } else if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            usage(stdout);
            exit(0);
        } else if (value == NULL) {
            fprintf(stderr, "anima-samples: %s needs a value\n", arg);
            return false;
        } else if (strcmp(arg, "--scene") == 0) {
            o->scene = argv[++k];
        } else if (strcmp(arg, "--frames") == 0) {
            char *end = NULL;
            o->frames = strtol(argv[++k], &end, 10);
            if (*end != '\0' || o->frames <= 0) {
                fprintf(stderr, "anima-samples: --frames needs a positive number (got %s)\n", argv[k]);
                return false;
            }
        } else if (strcmp(arg, "--screenshot") == 0) {
            o->screenshot = argv[++k];
        } else if (strcmp(arg, "--log") == 0) {
            o->log = argv[++k];
        } else if (strcmp(arg, "--window-scale") == 0) {
            char *end = NULL;
            o->window_scale = (int)strtol(argv[++k], &end, 10);
            if (*end != '\0' || o->window_scale < 1 || o->window_scale > 4) {
                fprintf(stderr, "anima-samples: --window-scale takes 1, 2, 3 or 4 (got %s)\n", argv[k]);
                return false;
            }
        } else {
            fprintf(stderr, "anima-samples: unknown argument %s\n", arg);
            return false;
        }
    }
    if (o->screenshot != NULL && o->frames == 0) {
        fprintf(stderr, "anima-samples: --screenshot needs --frames (headless mode)\n");
        return false;
    }
    return true;
}

int main(int argc, char **argv)
{
    static app a;
    if (!parse(argc, argv, &a.opt)) {
        usage(stderr);
        return 2;
    }
    if (a.opt.list) {
        for (int k = 0; k < scene_count(); k++) {
            printf("%s\n", scene_at(k)->name);
        }
        return 0;
    }
    a.scene_index = 0;
    if (a.opt.scene != NULL && (a.scene_index = scene_find(a.opt.scene)) < 0) {
        fprintf(stderr, "anima-samples: no scene named '%s' (--list shows them)\n", a.opt.scene);
        return 2;
    }
    if (a.opt.log != NULL && !event_log_open(a.opt.log)) {
        fprintf(stderr, "anima-samples: cannot write the log %s\n", a.opt.log);
        return 2;
    }
    a.start_ticks = SDL_GetPerformanceCounter();
    a.debug = a.opt.debug;
    const int k = a.opt.window_scale;
    a.view = (SDL_Rect){ 0, 0, VIEW_WIDTH * k, VIEW_HEIGHT * k };
    a.panel = (SDL_Rect){ VIEW_WIDTH * k, 0, PANEL_WIDTH * k, VIEW_HEIGHT * k };
    tracker_reset(&a.scene_tracker);
    event_log_write(0, 0.0, 0.0, "start", "version=%s mode=%s window_scale=%d units=points",
                    anima_version_string(), a.opt.frames > 0 ? "headless" : "window", k);
    const int status = a.opt.frames > 0 ? run_headless(&a) : run_window(&a);
    contacts_free(&a.c);
    scene_draw_free();
    event_log_close();
    return status;
}

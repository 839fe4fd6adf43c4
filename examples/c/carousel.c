/*
 * carousel.c: a horizontal carousel of pages of different widths (320, 200 and 280 pt) that
 * rests only with a page's left edge at the screen's, like a paging scroll view whose
 * targetContentOffset picks the page.
 *
 * The strip is an item 800 pt wide whose centre x is its offset + 400; the detents are the centre
 * positions that put each page at the left edge: offsets 0, -320 and -520, centres 400, 80 and
 * -120. The program checks that
 *   - a short, slow drag left (40 pt at 100 pt/s) springs back to the first page;
 *   - a flick left at 900 pt/s from the first page coasts past the second (projected -40 - 450)
 *     and rests on the third, -520, within 0.5 s;
 *   - a flick right at 400 pt/s from the third page, 20 pt, which would coast to -300 (still
 *     nearer -320), moves one page back: over the 300 pt/s threshold a flick always changes page;
 *   - anima_detents_target gives the same pages for the same releases without an animator.
 * Exits 0 when all hold, 1 otherwise.
 */
#define EXAMPLE_NAME "carousel"
#include "example.h"

/* the strip's centre x with the third, second and first page at the left edge (offsets -520, -320, 0) */
static const double pages[3] = { -120, 80, 400 };

static double offset(anima_item strip)
{
    anima_vec2 c = { NAN, NAN };
    ok(anima_item_get_center(strip, &c), "anima_item_get_center");
    return c.x - 400;
}

/* A finger moving dx pt along x over `seconds` (100 Hz samples and frames); returns the drag's end time. */
static double swipe(anima_animator animator, anima_detent_drag drag, double x0, double dx, double seconds, double clock)
{
    const int samples = (int)(seconds * 100 + 0.5);
    for (int k = 1; k <= samples; k++) {
        clock += 0.01;
        ok(anima_detent_drag_move(animator, drag, x0 + dx * k / samples, clock), "anima_detent_drag_move");
        ok(anima_animator_advance(animator, 0.01), "anima_animator_advance");
    }
    return clock;
}

static double rest(anima_animator animator)
{
    bool running = true;
    int frames = 0;
    while (running && frames < 1200) {
        ok(anima_animator_advance(animator, 1.0 / 120), "anima_animator_advance");
        anima_animator_is_running(animator, &running);
        frames++;
    }
    return frames / 120.0;
}

/* One gesture: a drag by dx over `seconds` from wherever the strip is; the page it rests on. */
static int gesture(anima_animator animator, anima_item strip, const anima_detents_def *detents, double dx, double seconds,
                   double *clock, double *took)
{
    anima_detent_drag drag = 0;
    ok(anima_detent_drag_begin_item(strip, 0, detents, 200, *clock, &drag), "anima_detent_drag_begin_item");
    *clock = swipe(animator, drag, 200, dx, seconds, *clock);
    int32_t index = -1;
    ok(anima_detent_drag_end(animator, drag, *clock, NULL, NULL, &index, NULL, NULL), "anima_detent_drag_end");
    *took = rest(animator);
    return index;
}

int main(void)
{
    anima_animator animator;
    if (!create_animator_for_view(SCREEN_WIDTH, SCREEN_HEIGHT, &animator)) {
        return 1;
    }
    anima_item_def strip_def = anima_default_item_def();
    strip_def.center = (anima_vec2){ 400, 284 };
    strip_def.size = (anima_size){ 800, 200 };
    anima_item strip;
    ok(anima_item_create(animator, &strip_def, &strip), "anima_item_create");
    anima_detents_def detents = anima_default_detents_def();
    detents.anchors = pages;
    detents.anchors_count = 3;
    double clock = 0, took = 0;

    int page = gesture(animator, strip, &detents, -40, 0.4, &clock, &took);
    printf("slow 40 pt drag: rests at %.0f (index %d) after %.2f s\n", offset(strip), page, took);
    check(page == 2 && offset(strip) == 0, "a short, slow drag springs back to the first page");

    page = gesture(animator, strip, &detents, -45, 0.05, &clock, &took);
    printf("flick left at 900 pt/s: rests at %.0f after %.2f s\n", offset(strip), took);
    check(page == 0 && offset(strip) == -520 && took < 0.5, "a flick left coasts past the second page to the third");

    page = gesture(animator, strip, &detents, 20, 0.05, &clock, &took);
    printf("flick right at 400 pt/s: rests at %.0f after %.2f s\n", offset(strip), took);
    check(page == 1 && offset(strip) == -320, "over the threshold a flick always changes page: back to the second");

    int32_t a = -1, b = -1, c = -1;
    ok(anima_detents_target(&detents, 360, -100, &a, NULL), "anima_detents_target");
    ok(anima_detents_target(&detents, 355, -900, &b, NULL), "anima_detents_target");
    ok(anima_detents_target(&detents, -100, 400, &c, NULL), "anima_detents_target");
    check(a == 2 && b == 0 && c == 1, "anima_detents_target picks the same pages without an animator");

    anima_animator_destroy(animator);
    return finish("back to the first page, a flick to the third, one page back; targets without an animator");
}

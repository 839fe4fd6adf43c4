/*
 * bottom_sheet.c: a bottom sheet with three detents (UISheetPresentationController's large,
 * medium and closed), dragged by a finger and flung between them.
 *
 * The sheet's top edge is an animated value: 100 pt (large), 350 pt (medium) or 700 pt (closed)
 * on a 568 + 132 pt tall stage. The program plays three gestures through the detent-drag calls
 * and checks that
 *   - a slow drag from closed up to 420 pt, released at 150 pt/s (under the 300 pt/s threshold),
 *     settles on medium, the anchor nearest where the motion would coast to (420 - 75 = 345);
 *   - a quick flick up from medium at about 1600 pt/s settles on large within 0.6 s, the spring
 *     leaving at the finger's velocity;
 *   - dragging past large shows the rubber band: 100 pt past the edge shows as 50.4 pt
 *     (UIScrollView's (1 - 1 / (x c / d + 1)) d with c = 0.55, d = 600), and the sheet springs
 *     back to large on release;
 *   - a new touch during a settle holds the sheet where it is (the settle ends unfinished);
 *   - a detent list that is not increasing, or empty, is refused.
 * Exits 0 when all hold, 1 otherwise.
 */
#define EXAMPLE_NAME "bottom_sheet"
#include "example.h"

static const double anchors[3] = { 100, 350, 700 };   /* large, medium, closed */
static const char *names[3] = { "large", "medium", "closed" };

static double top(anima_value sheet)
{
    double y = NAN;
    ok(anima_value_get_component(sheet, 0, &y), "anima_value_get_component");
    return y;
}

/* A finger from y0 to y1 over `seconds`, sampled at 100 Hz, with frames of the same rate. */
static void swipe(anima_animator animator, anima_detent_drag drag, double y0, double y1, double seconds, double *clock)
{
    const int samples = (int)(seconds * 100 + 0.5);
    for (int k = 1; k <= samples; k++) {
        *clock += 0.01;
        ok(anima_detent_drag_move(animator, drag, y0 + (y1 - y0) * k / samples, *clock), "anima_detent_drag_move");
        ok(anima_animator_advance(animator, 0.01), "anima_animator_advance");
    }
}

/* Frames until the animator rests; the seconds it took. */
static double settle(anima_animator animator)
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

int main(void)
{
    anima_animator animator;
    if (!create_animator_for_view(SCREEN_WIDTH, SCREEN_HEIGHT, &animator)) {
        return 1;
    }
    anima_value_def sheet_def = anima_default_value_def();
    sheet_def.components[0] = 700;
    anima_value sheet;
    ok(anima_value_create(animator, &sheet_def, &sheet), "anima_value_create");
    anima_detents_def detents = anima_default_detents_def();
    detents.anchors = anchors;
    detents.anchors_count = 3;
    double clock = 0;

    /* a slow drag up to 420 pt, released at 150 pt/s */
    anima_detent_drag drag = 0;
    ok(anima_detent_drag_begin_value(sheet, 0, &detents, 650, clock, &drag), "anima_detent_drag_begin_value");
    swipe(animator, drag, 650, 400, 1.0, &clock);          /* 250 pt/s, the sheet at 450 */
    swipe(animator, drag, 400, 370, 0.2, &clock);          /* 150 pt/s at the end, the sheet at 420 */
    int32_t index = -1;
    double anchor = 0;
    anima_animation spring = 0;
    ok(anima_detent_drag_end(animator, drag, clock, NULL, NULL, &index, &anchor, &spring), "anima_detent_drag_end");
    double took = settle(animator);
    printf("slow release at 420 pt: %s (%.0f pt), settled in %.2f s\n", index >= 0 ? names[index] : "?", anchor, took);
    check(index == 1 && top(sheet) == 350, "a slow release settles on the nearest detent to its coast: medium");

    /* a quick flick up from medium */
    ok(anima_detent_drag_begin_value(sheet, 0, &detents, 300, clock, &drag), "anima_detent_drag_begin_value (flick)");
    swipe(animator, drag, 300, 220, 0.05, &clock);         /* 1600 pt/s up */
    ok(anima_detent_drag_end(animator, drag, clock, NULL, NULL, &index, &anchor, &spring), "anima_detent_drag_end (flick)");
    double velocity[4] = { 0 };
    ok(anima_animation_get_value_state(animator, spring, sheet, NULL, velocity, NULL), "anima_animation_get_value_state");
    took = settle(animator);
    printf("flick up at %.0f pt/s: %s, settled in %.2f s\n", velocity[0], index >= 0 ? names[index] : "?", took);
    check(index == 0 && top(sheet) == 100 && velocity[0] < -1500 && took < 0.6,
          "a flick moves on to large, the spring leaving at the finger's velocity, within 0.6 s");

    /* past large: the rubber band, then back */
    ok(anima_detent_drag_begin_value(sheet, 0, &detents, 300, clock, &drag), "anima_detent_drag_begin_value (band)");
    swipe(animator, drag, 300, 200, 0.5, &clock);
    const double band = (1 - 1 / (100 * 0.55 / 600 + 1)) * 600;
    expect_near(top(sheet), 100 - band, 1e-9, "100 pt past large, the sheet shows the rubber band");
    clock += 0.1;                                          /* the finger rests 100 ms, then lifts */
    ok(anima_detent_drag_end(animator, drag, clock, NULL, NULL, &index, &anchor, &spring), "anima_detent_drag_end (band)");
    settle(animator);
    check(index == 0 && top(sheet) == 100, "released past the end, it springs back to large");

    /* a touch during a settle holds the sheet */
    bool finished = true;
    int ended = 0;
    ok(anima_value_settle(sheet, 0, &detents, 2500, NULL, NULL, &index, NULL, &spring), "anima_value_settle");
    for (int k = 0; k < 8; k++) {
        ok(anima_animator_advance(animator, 1.0 / 120), "anima_animator_advance");
    }
    const double caught = top(sheet);
    ok(anima_detent_drag_begin_value(sheet, 0, &detents, 500, clock, &drag), "anima_detent_drag_begin_value (catch)");
    ok(anima_animator_advance(animator, 1.0 / 120), "anima_animator_advance");
    anima_animation_is_active(animator, spring, &finished);
    ended = !finished;
    checkf(top(sheet) == caught && ended, "caught mid-settle at %.1f pt, the sheet stays there", caught);
    ok(anima_detent_drag_end(animator, drag, clock + 0.2, NULL, NULL, &index, NULL, NULL), "anima_detent_drag_end (catch)");
    settle(animator);
    printf("let go where it was caught: %s\n", names[index]);

    /* bad detent lists */
    const double unsorted[3] = { 350, 100, 700 };
    anima_detents_def bad = detents;
    bad.anchors = unsorted;
    anima_status status = anima_detent_drag_begin_value(sheet, 0, &bad, 0, clock, &drag);
    checkf(status == ANIMA_ERR_INVALID_ARGUMENT, "unsorted detents: %s", anima_last_error_message());
    bad.anchors_count = 0;
    status = anima_detents_target(&bad, 0, 0, &index, &anchor);
    checkf(status == ANIMA_ERR_INVALID_ARGUMENT, "no detents: %s", anima_last_error_message());

    anima_animator_destroy(animator);
    return finish("slow release to medium, flick to large, rubber band past large, a touch holds a settle, bad lists refused");
}

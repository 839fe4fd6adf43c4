/*
 * pills.c: pills and chips as capsules, a tray as a rounded rectangle (docs/behaviors/collision.md,
 * "Capsules and rounded rectangles").
 *
 * On a 320 x 568 pt screen whose edges are a boundary, an anchored 240 x 40 pt tray at (160, 500)
 * with corners rounded by 20 pt, three 56 x 30 pt chips (ANIMA_SHAPE_CAPSULE) dropped onto it
 * tilted by 0.3, -0.25 and 0.2 rad, and a 30 pt ball dropped at x = 268, over the tray's rounded
 * corner (its flat top ends at x = 260). Checks:
 *   - every chip comes to rest lying flat (within 1e-3 rad) on the tray, its centre at y = 465 (the
 *     tray's top 480 less the chip's radius 15) within 0.05 pt;
 *   - the ball meets the rounded corner, rolls off it and lies on the floor (y = 553) after 4 s;
 *     with a plain rectangle for the tray the same ball rests on its top at y = 465;
 *   - the tray's mass is its rounded area (240 x 40 - (4 - pi) 20^2) / 10 000;
 *   - a tap inside the tray's bounds but beyond its rounded corner, at (42, 482), finds no item,
 *     and one at its middle finds the tray;
 *   - a negative corner radius is refused with ANIMA_ERR_INVALID_ARGUMENT and changes nothing.
 * Prints the figures and exits 0 when all hold, 1 otherwise.
 */
#define EXAMPLE_NAME "pills"
#include "example.h"

#include <math.h>

static const double pi = 3.14159265358979323846;

typedef struct { anima_animator animator; anima_item tray, chips[3], ball; } pills_scene;

static void scene(pills_scene *s, anima_shape tray_shape)
{
    create_animator_for_view(SCREEN_WIDTH, SCREEN_HEIGHT, &s->animator);
    anima_item_def def = anima_default_item_def();
    def.center = (anima_vec2){160, 500};
    def.size = (anima_size){240, 40};
    def.shape = tray_shape;
    ok(anima_item_create(s->animator, &def, &s->tray), "anima_item_create");
    ok(anima_item_set_corner_radius(s->tray, 20), "anima_item_set_corner_radius");
    const double tilts[3] = {0.3, -0.25, 0.2};
    for (int i = 0; i < 3; i++) {
        anima_item_def chip = anima_default_item_def();
        chip.center = (anima_vec2){95 + 65 * i, 200 + 40 * i};
        chip.size = (anima_size){56, 30};
        chip.shape = ANIMA_SHAPE_CAPSULE;
        chip.transform.rotation = tilts[i];
        ok(anima_item_create(s->animator, &chip, &s->chips[i]), "anima_item_create");
    }
    create_ball(s->animator, (anima_vec2){268, 150}, 30, &s->ball);
    anima_item falling[4] = {s->chips[0], s->chips[1], s->chips[2], s->ball};
    anima_item all[5] = {s->tray, s->chips[0], s->chips[1], s->chips[2], s->ball};
    anima_item_behavior_def held = anima_default_item_behavior_def();
    held.anchored = true;
    anima_behavior b;
    ok(anima_item_behavior_create(s->animator, &held, &s->tray, 1, &b), "anima_item_behavior_create");
    ok(anima_animator_add_behavior(s->animator, b), "anima_animator_add_behavior");
    anima_gravity_def g = anima_default_gravity_def();
    ok(anima_gravity_create(s->animator, &g, falling, 4, &b), "anima_gravity_create");
    ok(anima_animator_add_behavior(s->animator, b), "anima_animator_add_behavior");
    anima_collision_def cdef = anima_default_collision_def();
    cdef.translates_reference_bounds_into_boundary = true;
    ok(anima_collision_create(s->animator, &cdef, all, 5, &b), "anima_collision_create");
    ok(anima_animator_add_behavior(s->animator, b), "anima_animator_add_behavior");
}

/* The angle folded into -pi/2 ... pi/2: a chip lying either way round. */
static double folded(double angle)
{
    double x = fmod(angle + pi / 2, pi);
    return (x < 0 ? x + pi : x) - pi / 2;
}

int main(void)
{
    pills_scene s;
    scene(&s, ANIMA_SHAPE_ROUNDED_RECTANGLE);
    advance_frames(s.animator, 240, 1.0 / 60.0);
    for (int i = 0; i < 3; i++) {
        anima_vec2 c;
        double angle;
        ok(anima_item_get_center(s.chips[i], &c), "anima_item_get_center");
        ok(anima_item_get_rotation(s.chips[i], &angle), "anima_item_get_rotation");
        printf("chip %d rests at (%.3f, %.4f) pt, turned %.2e rad from flat\n", i, c.x, c.y, folded(angle));
        checkf(fabs(c.y - 465) < 0.05, "chip %d lies on the tray's top (y = %.4f)", i, c.y);
        checkf(fabs(folded(angle)) < 1e-3, "chip %d lies flat (%.2e rad)", i, folded(angle));
    }
    anima_vec2 ball;
    ok(anima_item_get_center(s.ball, &ball), "anima_item_get_center");
    printf("rounded tray: the ball is on the floor at (%.1f, %.3f) pt after 4 s\n", ball.x, ball.y);
    checkf(fabs(ball.y - 553) < 0.1, "the ball rolled off the rounded corner to the floor (y = %.3f)", ball.y);

    double mass = 0, expected = (240.0 * 40 - (4 - pi) * 400) / 10000;
    ok(anima_item_get_mass(s.tray, &mass), "anima_item_get_mass");
    printf("the tray's mass: %.6f (its rounded area / 10 000: %.6f)\n", mass, expected);
    expect_near(mass, expected, 1e-12, "the tray weighs its rounded area");

    anima_item found;
    bool hit = true;
    ok(anima_animator_item_at_point(s.animator, (anima_vec2){42, 482}, &found, &hit), "anima_animator_item_at_point");
    check(!hit, "a tap beyond the tray's rounded corner finds nothing");
    ok(anima_animator_item_at_point(s.animator, (anima_vec2){160, 500}, &found, &hit), "anima_animator_item_at_point");
    check(hit && same_item(found, s.tray), "a tap on the tray's middle finds it");

    double radius = 0;
    check(anima_item_set_corner_radius(s.tray, -1) == ANIMA_ERR_INVALID_ARGUMENT, "a negative corner radius is refused");
    printf("refused: %s\n", anima_last_error_message());
    ok(anima_item_get_corner_radius(s.tray, &radius), "anima_item_get_corner_radius");
    expect_near(radius, 20, 0, "the refused radius changed nothing");
    anima_animator_destroy(s.animator);

    scene(&s, ANIMA_SHAPE_RECTANGLE);
    advance_frames(s.animator, 240, 1.0 / 60.0);
    ok(anima_item_get_center(s.ball, &ball), "anima_item_get_center");
    printf("sharp tray: the ball rests on its top at (%.1f, %.3f) pt\n", ball.x, ball.y);
    checkf(fabs(ball.y - 465) < 0.1, "over a sharp corner the ball stays on the top (y = %.3f)", ball.y);
    anima_animator_destroy(s.animator);
    return finish("%s", failures == 0 ? "the chips lie flat on the rounded tray and the ball rolled off its corner" : "see above");
}

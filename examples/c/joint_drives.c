/*
 * joint_drives.c: the motors and springs a UI's controls are made of (docs/behaviors/attachment.md).
 *
 * Three controls, each in its own 320 x 568 pt animator, checked against the physics:
 *   - a knob with detents: a 100 pt dial of mass 1 (I = m r^2 / 2 = 1250 mass x pt^2) pinned at
 *     its centre to an anchored base. Its pin has a motor at speed 0 with 300 of torque (a
 *     friction) and a 2 Hz joint spring whose rest the program moves, before each step, to the
 *     detent (a multiple of 30 degrees) nearest the dial's angle. Flicked at 9 rad/s, the dial
 *     clicks through detents and stops on one, within 1.5e-3 rad;
 *   - a driven spinner: the same dial with a motor at 2 pi rad/s and 5000 of torque speeds up at
 *     T / I = 4 rad/s^2 (the motor at its limit), then holds one turn a second with no torque;
 *   - a sprung drawer: a 40 x 40 box of mass 1 on a horizontal sliding attachment, a 3 Hz joint
 *     spring resting at 0 and damped critically; pulled out 150 pt and let go, it closes and
 *     stays shut, never overshooting past 0 by more than 0.5 pt;
 *   - a lift: the box on a vertical line under gravity, its motor at -100 pt/s with 1500 of
 *     force, rises at 100 pt/s while the motor pulls m g = 1000;
 *   - a rope with a minimum length: two balls on a 100 pt rope of minimum length 60, one thrown
 *     at the other, stay between 60 and 100 pt apart.
 * Bad input: NaN, a negative force, a motor on an item-to-item attachment, a minimum past the
 * length. Prints the figures and exits 0 when all hold, 1 otherwise.
 */
#define EXAMPLE_NAME "joint_drives"
#include "example.h"

#include <math.h>

static const double pi = 3.14159265358979323846;

/* A 100 pt dial of mass 1 pinned at its centre to an anchored 20 pt base at (160, 284). */
static bool make_dial(anima_animator *animator, anima_item *dial, anima_behavior *pin)
{
    if (!create_animator_for_view(SCREEN_WIDTH, SCREEN_HEIGHT, animator)) { return false; }
    anima_item base;
    anima_item_def def = anima_default_item_def();
    def.center = (anima_vec2){160, 284};
    def.size = (anima_size){20, 20};
    ok(anima_item_create(*animator, &def, &base), "anima_item_create");
    def.size = (anima_size){100, 100};
    def.shape = ANIMA_SHAPE_ELLIPSE;
    ok(anima_item_create(*animator, &def, dial), "anima_item_create");
    anima_item_behavior_def held = anima_default_item_behavior_def();
    held.anchored = true;
    anima_item_behavior_def heavy = anima_default_item_behavior_def();
    heavy.density = 4 / pi;   /* a 1 m^2 ... pi / 4 m^2 disc: mass 1 */
    anima_behavior b;
    ok(anima_item_behavior_create(*animator, &held, &base, 1, &b), "anima_item_behavior_create");
    ok(anima_animator_add_behavior(*animator, b), "anima_animator_add_behavior");
    ok(anima_item_behavior_create(*animator, &heavy, dial, 1, &b), "anima_item_behavior_create");
    ok(anima_animator_add_behavior(*animator, b), "anima_animator_add_behavior");
    anima_attachment_def pdef = anima_default_attachment_def();
    if (!ok(anima_attachment_create_pin(*animator, &pdef, *dial, base, (anima_vec2){160, 284}, pin), "anima_attachment_create_pin")) {
        return false;
    }
    return ok(anima_animator_add_behavior(*animator, *pin), "anima_animator_add_behavior");
}

/* A 40 x 40 box of mass 1 at (160, 284) sliding along axis through its centre. */
static bool make_slider(anima_vec2 axis, bool gravity, anima_animator *animator, anima_item *box, anima_behavior *slide)
{
    if (!create_animator_for_view(SCREEN_WIDTH, SCREEN_HEIGHT, animator)) { return false; }
    anima_item_def def = anima_default_item_def();
    def.center = (anima_vec2){160, 284};
    def.size = (anima_size){40, 40};
    ok(anima_item_create(*animator, &def, box), "anima_item_create");
    anima_item_behavior_def heavy = anima_default_item_behavior_def();
    heavy.density = 1 / 0.16;
    anima_behavior b;
    ok(anima_item_behavior_create(*animator, &heavy, box, 1, &b), "anima_item_behavior_create");
    ok(anima_animator_add_behavior(*animator, b), "anima_animator_add_behavior");
    if (gravity) {
        anima_gravity_def g = anima_default_gravity_def();
        ok(anima_gravity_create(*animator, &g, box, 1, &b), "anima_gravity_create");
        ok(anima_animator_add_behavior(*animator, b), "anima_animator_add_behavior");
    }
    anima_item none = {0};
    if (!ok(anima_attachment_create_sliding(*animator, *box, none, (anima_vec2){160, 284}, axis, slide), "anima_attachment_create_sliding")) {
        return false;
    }
    return ok(anima_animator_add_behavior(*animator, *slide), "anima_animator_add_behavior");
}

static void knob_with_detents(void)
{
    anima_animator animator;
    anima_item dial;
    anima_behavior pin;
    if (!make_dial(&animator, &dial, &pin)) { return; }
    const double detent = pi / 6;
    ok(anima_attachment_set_max_motor_force(pin, 300), "anima_attachment_set_max_motor_force");
    ok(anima_attachment_set_joint_spring_frequency(pin, 2), "anima_attachment_set_joint_spring_frequency");
    ok(anima_attachment_set_joint_spring_damping(pin, 0.1), "anima_attachment_set_joint_spring_damping");
    ok(anima_item_set_angular_velocity(dial, 9), "anima_item_set_angular_velocity");
    double step = 0, angle = 0, spin = 0;
    ok(anima_animator_get_step_duration(animator, &step), "anima_animator_get_step_duration");
    for (int k = 0; k < (int)(4 / step + 0.5); k++) {
        ok(anima_item_get_rotation(dial, &angle), "anima_item_get_rotation");
        ok(anima_attachment_set_joint_spring_rest(pin, round(angle / detent) * detent), "anima_attachment_set_joint_spring_rest");
        ok(anima_animator_step(animator), "anima_animator_step");
    }
    ok(anima_item_get_rotation(dial, &angle), "anima_item_get_rotation");
    ok(anima_item_get_angular_velocity(dial, &spin), "anima_item_get_angular_velocity");
    double nearest = round(angle / detent) * detent;
    printf("knob: flicked at 9 rad/s, stopped at %.5f rad, detent %d (%.5f rad), spin %.2e rad/s\n",
           angle, (int)round(angle / detent), nearest, spin);
    checkf(nearest >= 2 * detent, "the flick turned the knob past its first detents (stopped at detent %d)", (int)round(angle / detent));
    expect_near(angle, nearest, 1.5e-3, "the knob rests on a detent");
    expect_near(spin, 0, 1e-3, "the knob is still");
    anima_animator_destroy(animator);
}

static void driven_spinner(void)
{
    anima_animator animator;
    anima_item dial;
    anima_behavior pin;
    if (!make_dial(&animator, &dial, &pin)) { return; }
    ok(anima_attachment_set_motor_speed(pin, 2 * pi), "anima_attachment_set_motor_speed");
    ok(anima_attachment_set_max_motor_force(pin, 5000), "anima_attachment_set_max_motor_force");
    double w = 0, torque = 0;
    ok(anima_animator_advance(animator, 1), "anima_animator_advance");
    ok(anima_item_get_angular_velocity(dial, &w), "anima_item_get_angular_velocity");
    ok(anima_attachment_get_motor_force(pin, &torque), "anima_attachment_get_motor_force");
    printf("spinner: after 1 s %.9f rad/s under %.3f of torque (T / I = 4 rad/s^2)\n", w, torque);
    expect_near(w, 4, 1e-9, "the motor accelerates the dial at T / I");
    expect_near(torque, 5000, 1e-6, "the motor is at its limit");
    ok(anima_animator_advance(animator, 1), "anima_animator_advance");
    ok(anima_item_get_angular_velocity(dial, &w), "anima_item_get_angular_velocity");
    ok(anima_attachment_get_motor_force(pin, &torque), "anima_attachment_get_motor_force");
    printf("spinner: after 2 s %.9f rad/s under %.3g of torque\n", w, torque);
    expect_near(w, 2 * pi, 1e-9, "the motor holds one turn a second");
    expect_near(torque, 0, 1e-6, "a free dial needs no torque to keep turning");
    anima_animator_destroy(animator);
}

static void sprung_drawer(void)
{
    anima_animator animator;
    anima_item box;
    anima_behavior slide;
    if (!make_slider((anima_vec2){1, 0}, false, &animator, &box, &slide)) { return; }
    ok(anima_attachment_set_joint_spring_frequency(slide, 3), "anima_attachment_set_joint_spring_frequency");
    ok(anima_attachment_set_joint_spring_damping(slide, 1), "anima_attachment_set_joint_spring_damping");
    ok(anima_item_set_center(box, (anima_vec2){310, 284}), "anima_item_set_center");   /* pulled out 150 pt */
    double least = 1e9;
    anima_vec2 c = {0, 0};
    for (int frame = 0; frame < 120; frame++) {
        ok(anima_animator_advance(animator, 1.0 / 60), "anima_animator_advance");
        ok(anima_item_get_center(box, &c), "anima_item_get_center");
        if (c.x - 160 < least) { least = c.x - 160; }
    }
    printf("drawer: pulled out 150 pt, closed to %.4f pt after 2 s; its least opening %.4f pt (below 0: past shut)\n", c.x - 160, least);
    expect_near(c.x, 160, 0.1, "the drawer closes");
    check(least > -0.5, "a critically damped drawer does not overshoot");
    anima_animator_destroy(animator);
}

static void lift(void)
{
    anima_animator animator;
    anima_item box;
    anima_behavior slide;
    if (!make_slider((anima_vec2){0, 1}, true, &animator, &box, &slide)) { return; }
    ok(anima_attachment_set_motor_speed(slide, -100), "anima_attachment_set_motor_speed");
    ok(anima_attachment_set_max_motor_force(slide, 1500), "anima_attachment_set_max_motor_force");
    ok(anima_animator_advance(animator, 1), "anima_animator_advance");
    anima_vec2 v = {0, 0};
    double force = 0;
    ok(anima_item_get_linear_velocity(box, &v), "anima_item_get_linear_velocity");
    ok(anima_attachment_get_motor_force(slide, &force), "anima_attachment_get_motor_force");
    printf("lift: rising at (%.6f, %.6f) pt/s with a motor force of %.4f (m g = 1000)\n", v.x, v.y, force);
    expect_near(v.y, -100, 1e-6, "the lift rises at its motor's speed");
    expect_near(force, -1000, 1e-3, "holding a constant speed takes the weight");
    anima_animator_destroy(animator);
}

static void rope(void)
{
    anima_animator animator;
    if (!create_animator_for_view(SCREEN_WIDTH, SCREEN_HEIGHT, &animator)) { return; }
    anima_item left, right;
    create_ball(animator, (anima_vec2){100, 284}, 20, &left);
    create_ball(animator, (anima_vec2){200, 284}, 20, &right);
    anima_item pair[2] = {left, right};
    anima_item_behavior_def free_def = anima_default_item_behavior_def();
    anima_behavior b, line;
    ok(anima_item_behavior_create(animator, &free_def, pair, 2, &b), "anima_item_behavior_create");
    ok(anima_animator_add_behavior(animator, b), "anima_animator_add_behavior");
    ok(anima_attachment_create_limit(animator, left, (anima_vec2){0, 0}, right, (anima_vec2){0, 0}, &line), "anima_attachment_create_limit");
    ok(anima_attachment_set_minimum_length(line, 60), "anima_attachment_set_minimum_length");
    ok(anima_animator_add_behavior(animator, line), "anima_animator_add_behavior");
    ok(anima_item_set_linear_velocity(right, (anima_vec2){-200, 0}), "anima_item_set_linear_velocity");
    double shortest = 1e9, longest = 0;
    for (int frame = 0; frame < 120; frame++) {
        ok(anima_animator_advance(animator, 1.0 / 60), "anima_animator_advance");
        anima_vec2 a = {0, 0}, c = {0, 0};
        ok(anima_item_get_center(left, &a), "anima_item_get_center");
        ok(anima_item_get_center(right, &c), "anima_item_get_center");
        double d = hypot(c.x - a.x, c.y - a.y);
        if (d < shortest) { shortest = d; }
        if (d > longest) { longest = d; }
    }
    printf("rope: thrown together, the balls stayed %.3f ... %.3f pt apart (minimum 60, length 100)\n", shortest, longest);
    check(shortest > 59.5 && longest < 100.5, "the rope keeps the balls between its minimum and its length");
    anima_animator_destroy(animator);
}

static void bad_input(void)
{
    anima_animator animator;
    anima_item dial;
    anima_behavior pin;
    if (!make_dial(&animator, &dial, &pin)) { return; }
    check(anima_attachment_set_motor_speed(pin, NAN) == ANIMA_ERR_INVALID_ARGUMENT, "a NaN motor speed is refused");
    check(anima_attachment_set_max_motor_force(pin, -1) == ANIMA_ERR_INVALID_ARGUMENT, "a negative motor force is refused");
    check(anima_attachment_set_joint_spring_rest(pin, INFINITY) == ANIMA_ERR_INVALID_ARGUMENT, "an infinite rest is refused");
    check(anima_attachment_set_minimum_length(pin, 1) == ANIMA_ERR_INVALID_STATE, "a pin has no minimum length");
    check(anima_attachment_get_motor_force(pin, NULL) == ANIMA_ERR_INVALID_ARGUMENT, "a NULL output is refused");
    anima_item other;
    create_ball(animator, (anima_vec2){300, 100}, 20, &other);
    anima_attachment_def def = anima_default_attachment_def();
    anima_behavior rod, rope;
    ok(anima_attachment_create_to_item(animator, &def, dial, (anima_vec2){0, 0}, other, (anima_vec2){0, 0}, &rod), "anima_attachment_create_to_item");
    check(anima_attachment_set_motor_speed(rod, 1) == ANIMA_ERR_INVALID_STATE, "an items attachment has no motor");
    check(anima_attachment_set_joint_spring_frequency(rod, 1) == ANIMA_ERR_INVALID_STATE, "an items attachment has no joint spring");
    ok(anima_attachment_create_limit(animator, dial, (anima_vec2){0, 0}, other, (anima_vec2){0, 0}, &rope), "anima_attachment_create_limit");
    double length = 0, minimum = -1;
    ok(anima_attachment_get_length(rope, &length), "anima_attachment_get_length");
    check(anima_attachment_set_minimum_length(rope, length + 1) == ANIMA_ERR_INVALID_ARGUMENT, "a minimum past the length is refused");
    ok(anima_attachment_get_minimum_length(rope, &minimum), "anima_attachment_get_minimum_length");
    check(minimum == 0, "a refused minimum leaves it at 0");
    printf("bad input: refused with the documented codes\n");
    anima_behavior_destroy(rod);
    anima_behavior_destroy(rope);
    anima_animator_destroy(animator);
}

int main(void)
{
    knob_with_detents();
    driven_spinner();
    sprung_drawer();
    lift();
    rope();
    bad_input();
    return finish("%s", failures == 0 ? "a knob, a spinner, a drawer, a lift and a rope behave as their physics says" : "see above");
}

/*
 * badge_group.c: a card with its badge as one rigid body, UIKit's UIDynamicItemGroup
 * (docs/behaviors/groups.md).
 *
 * On a 320 x 568 pt screen whose edges are a boundary, a 200 x 120 pt card at (160, 200) turned
 * by 0.25 rad and a 40 pt round badge over its top-right corner are made one group, and gravity
 * and one collision behavior take the group. Checks:
 *   - the group weighs the card and the badge (2.4 + pi 0.04) and its centre is their centre of
 *     mass;
 *   - in every frame of the fall, the landing and the rest, the badge keeps its place on the
 *     card: the distance between their centres stays sqrt(100^2 + 60^2) pt within 1e-9 pt and
 *     the card stays turned 0.25 rad from the badge within 1e-12 rad;
 *   - the card lands on a corner, falls flat and rests on the floor: centre y = 508 (568 less
 *     half its height) within 0.6 pt, flat within 1e-3 rad, and the animator pauses;
 *   - the badge never touches the card (parts of a group do not collide), and the floor's
 *     contacts name the card, the part that touched;
 *   - a tap on the badge finds the badge, whose group is the group; adding the badge to a
 *     behavior or moving it is refused with ANIMA_ERR_INVALID_STATE;
 *   - destroying the group frees both parts where they lie.
 * Prints the figures and exits 0 when all hold, 1 otherwise.
 */
#define EXAMPLE_NAME "badge_group"
#include "example.h"

#include <math.h>

static const double pi = 3.14159265358979323846;

static double distance(anima_vec2 p, anima_vec2 q) { return hypot(p.x - q.x, p.y - q.y); }

/* The angle folded into -pi/2 ... pi/2: a card lying either way up. */
static double folded(double angle)
{
    double x = fmod(angle + pi / 2, pi);
    return (x < 0 ? x + pi : x) - pi / 2;
}

int main(void)
{
    anima_animator animator;
    create_animator_for_view(SCREEN_WIDTH, SCREEN_HEIGHT, &animator);
    const double tilt = 0.25;
    anima_item_def def = anima_default_item_def();
    def.center = (anima_vec2){160, 200};
    def.size = (anima_size){200, 120};
    def.transform.rotation = tilt;
    anima_item card, badge, group;
    ok(anima_item_create(animator, &def, &card), "anima_item_create");
    /* the card's top-right corner, (100, -60) in its own frame, turned with it */
    anima_vec2 corner = {160 + 100 * cos(tilt) + 60 * sin(tilt), 200 + 100 * sin(tilt) - 60 * cos(tilt)};
    create_ball(animator, corner, 40, &badge);
    anima_item parts[2] = {card, badge};
    ok(anima_group_create(animator, parts, 2, &group), "anima_group_create");

    anima_behavior b;
    anima_gravity_def g = anima_default_gravity_def();
    ok(anima_gravity_create(animator, &g, &group, 1, &b), "anima_gravity_create");
    ok(anima_animator_add_behavior(animator, b), "anima_animator_add_behavior");
    anima_collision_def cdef = anima_default_collision_def();
    cdef.translates_reference_bounds_into_boundary = true;
    ok(anima_collision_create(animator, &cdef, &group, 1, &b), "anima_collision_create");
    ok(anima_animator_add_behavior(animator, b), "anima_animator_add_behavior");

    double mass = 0, card_mass = 200.0 * 120 / 10000, badge_mass = pi * 400 / 10000;
    ok(anima_item_get_mass(group, &mass), "anima_item_get_mass");
    printf("the group weighs %.6f (card %.4f + badge %.6f)\n", mass, card_mass, badge_mass);
    expect_near(mass, card_mass + badge_mass, 1e-12, "the group weighs its parts");
    anima_vec2 centre;
    ok(anima_item_get_center(group, &centre), "anima_item_get_center");
    double cx = (card_mass * 160 + badge_mass * corner.x) / (card_mass + badge_mass);
    double cy = (card_mass * 200 + badge_mass * corner.y) / (card_mass + badge_mass);
    printf("its centre (%.4f, %.4f) is the parts' centre of mass (%.4f, %.4f)\n", centre.x, centre.y, cx, cy);
    check(distance(centre, (anima_vec2){cx, cy}) < 1e-9, "the group's centre is its parts' centre of mass");

    const double span = hypot(100, 60);
    double worst_span = 0, worst_turn = 0;
    bool paused = false, parts_touched = false, floor_named_card = false;
    int frames = 0;
    for (; frames < 600 && !paused; frames++) {
        ok(anima_animator_advance(animator, 1.0 / 60), "anima_animator_advance");
        anima_vec2 pc, pb;
        double ac, ab;
        anima_item_get_center(card, &pc);
        anima_item_get_center(badge, &pb);
        anima_item_get_rotation(card, &ac);
        anima_item_get_rotation(badge, &ab);
        worst_span = fmax(worst_span, fabs(distance(pc, pb) - span));
        worst_turn = fmax(worst_turn, fabs(ac - ab - tilt));
        const anima_contact_event *events;
        int32_t count = 0;
        ok(anima_animator_get_contact_events(animator, true, &events, &count), "anima_animator_get_contact_events");
        for (int32_t k = 0; k < count; k++) {
            if ((same_item(events[k].item_a, card) && same_item(events[k].item_b, badge))
                || (same_item(events[k].item_a, badge) && same_item(events[k].item_b, card))) parts_touched = true;
            if (events[k].is_boundary && same_item(events[k].item_a, card)) floor_named_card = true;
        }
        bool running = true;
        anima_animator_is_running(animator, &running);
        paused = !running;
    }
    printf("badge to card: %.9f pt apart at worst off %.2e pt, turned apart at worst %.2e rad, over %d frames\n",
           span, worst_span, worst_turn, frames);
    check(worst_span < 1e-9, "the badge keeps its distance from the card in every frame");
    check(worst_turn < 1e-12, "the badge keeps its rotation on the card in every frame");
    check(!parts_touched, "the parts of the group never touched each other");
    check(floor_named_card, "the floor's contact names the card, the part that touched");

    anima_vec2 rest;
    double angle = 0;
    ok(anima_item_get_center(card, &rest), "anima_item_get_center");
    ok(anima_item_get_rotation(card, &angle), "anima_item_get_rotation");
    printf("the card rests at (%.3f, %.4f) pt, %.2e rad from flat, paused after %.2f s\n", rest.x, rest.y, folded(angle),
           frames / 60.0);
    check(paused, "the animator paused");
    checkf(fabs(rest.y - 508) < 0.6, "the card lies on the floor (y = %.4f)", rest.y);
    checkf(fabs(folded(angle)) < 1e-3, "the card lies flat (%.2e rad)", folded(angle));

    anima_vec2 at;
    ok(anima_item_get_center(badge, &at), "anima_item_get_center");
    anima_item found, owner;
    bool hit = false;
    ok(anima_animator_item_at_point(animator, at, &found, &hit), "anima_animator_item_at_point");
    ok(anima_item_get_group(badge, &owner), "anima_item_get_group");
    check(hit && same_item(found, badge) && same_item(owner, group), "a tap on the badge finds it, and its group");
    check(anima_gravity_create(animator, &g, &badge, 1, &b) == ANIMA_ERR_INVALID_STATE, "a part joins no behavior");
    printf("refused: %s\n", anima_last_error_message());
    check(anima_item_set_center(badge, (anima_vec2){10, 10}) == ANIMA_ERR_INVALID_STATE, "a part is not moved alone");
    printf("refused: %s\n", anima_last_error_message());

    ok(anima_item_destroy(group), "anima_item_destroy");
    anima_vec2 freed;
    ok(anima_item_get_group(badge, &owner), "anima_item_get_group");
    ok(anima_item_get_center(card, &freed), "anima_item_get_center");
    check(!anima_item_is_valid(owner) && distance(freed, rest) < 1e-9, "the freed parts stay where they lay");
    ok(anima_item_set_center(badge, (anima_vec2){40, 40}), "anima_item_set_center");
    anima_animator_destroy(animator);
    return finish("%s", failures == 0 ? "the card and its badge fell, landed and rested as one body" : "see above");
}

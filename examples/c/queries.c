/*
 * queries.c: what a UI asks of the physics (docs/queries.md): the items a dragged card is dropped
 * on, the button a touch just missed, what a swipe crosses first.
 *
 * A 320 x 568 pt view holds a 4 x 3 grid of 60 x 40 pt cards, 20 pt apart (centres at x = 50,
 * 130, 210, 290 and y = 100, 160, 220), under one collision behavior, and a round 30 pt badge
 * under another; no gravity. The program checks:
 *   - a drop zone: anima_animator_items_overlapping with a rectangle over the middle two columns of
 *     the first two rows gives exactly those four cards, in creation order; a circle and a polygon
 *     over one card give that card; the filter keeps to the badge's behavior;
 *   - hit slop: a touch 8 pt below a card's edge finds it with anima_animator_nearest_item within
 *     20 pt (distance 8, nearest point on the edge) and nothing within 5; a touch inside reads a
 *     negative distance, the depth to the nearest edge;
 *   - a swipe: anima_animator_ray_cast along the first row meets its four cards in order at
 *     fractions (20 + 80 k) / 320, each with the normal (-1, 0); the closest hit and a batch of
 *     rays agree with it; a ray that starts inside a card does not report that card;
 *   - bad input: NaN, a hand-made filter or shape, a filter's collision of another animator, a
 *     polygon that crosses itself, a NULL output, a buffer too small (which reports the count).
 * Prints the figures and exits 0 when all hold, 1 otherwise.
 */
#define EXAMPLE_NAME "queries"
#include "example.h"

#define COLUMNS 4
#define ROWS 3

static double column_x(int c) { return 50 + 80 * c; }
static double row_y(int r) { return 100 + 60 * r; }

int main(void)
{
    anima_animator animator;
    if (!create_animator_for_view(SCREEN_WIDTH, SCREEN_HEIGHT, &animator)) {
        return finish("could not create the animator");
    }
    anima_item cards[ROWS * COLUMNS];
    anima_item_def def = anima_default_item_def();
    def.size = (anima_size){60, 40};
    for (int r = 0; r < ROWS; r++) {
        for (int c = 0; c < COLUMNS; c++) {
            def.center = (anima_vec2){column_x(c), row_y(r)};
            ok(anima_item_create(animator, &def, &cards[r * COLUMNS + c]), "anima_item_create");
        }
    }
    anima_item badge;
    create_ball(animator, (anima_vec2){160, 400}, 30, &badge);
    anima_collision_def cdef = anima_default_collision_def();
    anima_behavior card_collision, badge_collision;
    ok(anima_collision_create(animator, &cdef, cards, ROWS * COLUMNS, &card_collision), "anima_collision_create");
    ok(anima_collision_create(animator, &cdef, &badge, 1, &badge_collision), "anima_collision_create");
    ok(anima_animator_add_behavior(animator, card_collision), "anima_animator_add_behavior");
    ok(anima_animator_add_behavior(animator, badge_collision), "anima_animator_add_behavior");

    printf("a drop zone:\n");
    anima_query_shape zone = anima_default_query_shape();
    zone.type = ANIMA_QUERY_RECTANGLE;
    zone.center = (anima_vec2){170, 130};
    zone.size = (anima_size){100, 70};     /* from x 120 to 220, y 95 to 165: columns 1 and 2, rows 0 and 1 */
    anima_item found[16];
    int32_t count = 0;
    ok(anima_animator_items_overlapping(animator, &zone, NULL, found, 16, &count), "anima_animator_items_overlapping");
    checkf(count == 4 && same_item(found[0], cards[1]) && same_item(found[1], cards[2]) && same_item(found[2], cards[5])
               && same_item(found[3], cards[6]),
           "the zone holds the four cards under it, in creation order (%d found)", count);
    anima_query_shape circle = anima_default_query_shape();
    circle.center = (anima_vec2){50, 100};
    circle.radius = 5;
    ok(anima_animator_items_overlapping(animator, &circle, NULL, found, 16, &count), "anima_animator_items_overlapping");
    check(count == 1 && same_item(found[0], cards[0]), "a circle inside the first card finds it alone");
    const anima_vec2 triangle[3] = {{270, 150}, {300, 150}, {285, 175}};   /* the last card of row 1, clockwise on screen */
    anima_query_shape polygon = anima_default_query_shape();
    polygon.type = ANIMA_QUERY_POLYGON;
    polygon.points = triangle;
    polygon.points_count = 3;
    ok(anima_animator_items_overlapping(animator, &polygon, NULL, found, 16, &count), "anima_animator_items_overlapping");
    check(count == 1 && same_item(found[0], cards[7]), "a triangle over a card finds it, in either winding");
    anima_query_filter only_badge = anima_default_query_filter();
    only_badge.collisions = &badge_collision;
    only_badge.collisions_count = 1;
    circle.center = (anima_vec2){160, 300};
    circle.radius = 200;
    ok(anima_animator_items_overlapping(animator, &circle, &only_badge, found, 16, &count), "anima_animator_items_overlapping");
    check(count == 1 && same_item(found[0], badge), "the filter keeps to the badge's collision behavior");

    printf("hit slop:\n");
    anima_point_hit near;
    bool hit = false;
    ok(anima_animator_nearest_item(animator, (anima_vec2){140, 128}, 20, NULL, &near, &hit), "anima_animator_nearest_item");
    check(hit && same_item(near.item, cards[1]), "a touch 8 pt below the second card finds it within 20 pt");
    expect_near(near.distance, 8, 1e-12, "its distance, pt");
    expect_near(near.point.y, 120, 1e-12, "the nearest point is on the card's bottom edge, y");
    ok(anima_animator_nearest_item(animator, (anima_vec2){140, 128}, 5, NULL, &near, &hit), "anima_animator_nearest_item");
    check(!hit, "nothing within 5 pt");
    ok(anima_animator_nearest_item(animator, (anima_vec2){60, 105}, 0, NULL, &near, &hit), "anima_animator_nearest_item");
    check(hit && same_item(near.item, cards[0]), "a touch inside the first card finds it");
    expect_near(near.distance, -15, 1e-12, "inside, the distance is minus the depth to the nearest edge (bottom, 15 pt)");

    printf("a swipe:\n");
    anima_ray_hit hits[16];
    ok(anima_animator_ray_cast(animator, (anima_vec2){0, 100}, (anima_vec2){320, 100}, NULL, hits, 16, &count),
       "anima_animator_ray_cast");
    bool in_order = count == 4;
    for (int k = 0; in_order && k < 4; k++) {
        in_order = same_item(hits[k].item, cards[k]) && fabs(hits[k].fraction - (20 + 80 * k) / 320.0) < 1e-12
                   && hits[k].normal.x == -1 && hits[k].normal.y == 0;
    }
    checkf(in_order, "the swipe meets the row's 4 cards in order at (20 + 80 k) / 320, normal (-1, 0) (%d hits)", count);
    anima_ray_hit first;
    ok(anima_animator_ray_cast_closest(animator, (anima_vec2){0, 100}, (anima_vec2){320, 100}, NULL, &first, &hit),
       "anima_animator_ray_cast_closest");
    check(hit && same_item(first.item, cards[0]) && first.point.x == 20, "the closest hit is the first card, at x = 20");
    const anima_ray rays[3] = {{{0, 100}, {320, 100}}, {{330, 160}, {0, 160}}, {{0, 40}, {320, 40}}};
    anima_ray_hit batch[3];
    ok(anima_animator_ray_cast_closest_batch(animator, rays, 3, NULL, batch), "anima_animator_ray_cast_closest_batch");
    check(same_item(batch[0].item, cards[0]) && same_item(batch[1].item, cards[7]) && batch[2].item.index1 == 0,
          "a batch: each ray's nearest card, a null item for the ray above the grid");
    ok(anima_animator_ray_cast(animator, (anima_vec2){50, 100}, (anima_vec2){320, 100}, NULL, hits, 16, &count),
       "anima_animator_ray_cast");
    check(count == 3 && same_item(hits[0].item, cards[1]), "a ray from inside the first card does not report it");

    printf("bad input:\n");
    check(anima_animator_ray_cast(animator, (anima_vec2){NAN, 0}, (anima_vec2){1, 1}, NULL, hits, 16, &count)
              == ANIMA_ERR_INVALID_ARGUMENT, "a NaN start is refused");
    anima_query_filter forged = {0};
    check(anima_animator_ray_cast(animator, (anima_vec2){0, 0}, (anima_vec2){1, 1}, &forged, hits, 16, &count)
              == ANIMA_ERR_INVALID_ARGUMENT, "a hand-made filter is refused");
    anima_animator other;
    anima_behavior foreign;
    create_animator_for_view(100, 100, &other);
    ok(anima_collision_create(other, &cdef, NULL, 0, &foreign), "anima_collision_create");
    anima_query_filter wrong = anima_default_query_filter();
    wrong.collisions = &foreign;
    wrong.collisions_count = 1;
    check(anima_animator_nearest_item(animator, (anima_vec2){0, 0}, 10, &wrong, &near, &hit) == ANIMA_ERR_INVALID_ARGUMENT,
          "a filter's collision of another animator is refused");
    const anima_vec2 bow[4] = {{0, 0}, {10, 0}, {0, 10}, {10, 10}};
    polygon.points = bow;
    polygon.points_count = 4;
    check(anima_animator_items_overlapping(animator, &polygon, NULL, found, 16, &count) == ANIMA_ERR_INVALID_ARGUMENT,
          "a polygon that crosses itself is refused");
    check(anima_animator_ray_cast_closest(animator, (anima_vec2){0, 0}, (anima_vec2){1, 1}, NULL, NULL, &hit)
              == ANIMA_ERR_INVALID_ARGUMENT, "a NULL output is refused");
    const anima_status small = anima_animator_ray_cast(animator, (anima_vec2){0, 100}, (anima_vec2){320, 100}, NULL, hits, 2, &count);
    checkf(small == ANIMA_ERR_BUFFER_TOO_SMALL && count == 4, "a buffer of 2 is too small and the count says 4 (%d)", count);

    anima_animator_destroy(other);
    anima_animator_destroy(animator);
    return finish("a drop zone held 4 cards; hit slop found a card 8 pt away; a swipe crossed 4 cards in order");
}

/*
 * debug_draw.c: seeing the engine's state from C (docs/debug-draw.md).
 *
 * A scene of a turned box (anchored), a ball swinging on a rod from an anchor, and a second ball
 * resting on the floor of a 320 x 568 pt screen whose edges are a boundary. One
 * anima_animator_debug_draw call hands the program its primitives; the program draws them as
 * the lines of an SVG file (build/debug_draw.svg, or the path in argv[1]) and checks them:
 *   - the box's polygon is its corners turned by 30 degrees about its centre (to 1e-9 pt);
 *   - each ball is a circle of radius 20 at its centre; the resting one in the asleep colour;
 *   - the four boundary segments, the rod from the swinging ball to its anchor;
 *   - the resting ball's contact: a point on the floor and a normal 10 pt long pointing up;
 *   - a callback that destroys the animator mid-drawing: the call still hands over every
 *     primitive and returns ANIMA_OK, and the handle is stale afterwards.
 * Prints the figures and exits 0 when all hold, 1 otherwise.
 */
#define EXAMPLE_NAME "debug_draw"
#include "example.h"

#include <math.h>

typedef struct {
    FILE *svg;
    int polygons, circles, segments, points;
    anima_vec2 box[4];
    int box_count;
    anima_vec2 circle_center[2];
    uint32_t circle_color[2];
    anima_vec2 contact_point, normal_end;
    int boundary_segments, rods;
    anima_animator destroy_on_first;   /* destroyed by the first callback when not null */
} canvas;

static void color_hex(uint32_t color, char out[8]) { snprintf(out, 8, "#%06x", (unsigned)(color & 0xFFFFFF)); }

static void on_polygon(void *context, const anima_vec2 *v, int32_t count, uint32_t color)
{
    canvas *c = context;
    if (c->destroy_on_first.index1 != 0) {
        anima_animator_destroy(c->destroy_on_first);
        c->destroy_on_first = (anima_animator){0};
    }
    char hex[8];
    color_hex(color, hex);
    if (c->svg) {
        fprintf(c->svg, "<polygon fill=\"none\" stroke=\"%s\" points=\"", hex);
        for (int32_t i = 0; i < count; i++) { fprintf(c->svg, "%.2f,%.2f ", v[i].x, v[i].y); }
        fprintf(c->svg, "\"/>\n");
    }
    if (c->polygons == 0 && count == 4) {
        for (int i = 0; i < 4; i++) { c->box[i] = v[i]; }
        c->box_count = 4;
    }
    c->polygons++;
}

static void on_circle(void *context, anima_vec2 center, double radius, double angle, uint32_t color)
{
    canvas *c = context;
    char hex[8];
    color_hex(color, hex);
    if (c->svg) {
        fprintf(c->svg, "<circle fill=\"none\" stroke=\"%s\" cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\"/>\n", hex, center.x, center.y, radius);
        fprintf(c->svg, "<line stroke=\"%s\" x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\"/>\n", hex, center.x, center.y,
                center.x + radius * cos(angle), center.y + radius * sin(angle));
    }
    if (c->circles < 2) {
        c->circle_center[c->circles] = center;
        c->circle_color[c->circles] = color;
        check(radius == 20, "a ball is drawn with its radius, 20 pt");
    }
    c->circles++;
}

static void on_segment(void *context, anima_vec2 from, anima_vec2 to, uint32_t color)
{
    canvas *c = context;
    char hex[8];
    color_hex(color, hex);
    if (c->svg) {
        fprintf(c->svg, "<line stroke=\"%s\" x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\"/>\n", hex, from.x, from.y, to.x, to.y);
    }
    if (color == 0xCC3333) { c->boundary_segments++; }
    if (color == 0x3399FF) {
        c->rods++;
        expect_near(to.x, 200, 1e-9, "the rod ends at its anchor (x)");
        expect_near(to.y, 300, 1e-9, "the rod ends at its anchor (y)");
    }
    if (color == 0xFFFFFF) { c->normal_end = to; }
    c->segments++;
}

static void on_point(void *context, anima_vec2 p, double size, uint32_t color)
{
    canvas *c = context;
    char hex[8];
    color_hex(color, hex);
    if (c->svg) { fprintf(c->svg, "<circle fill=\"%s\" cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\"/>\n", hex, p.x, p.y, size / 2); }
    c->contact_point = p;
    c->points++;
}

static bool make_scene(anima_animator *animator, anima_item *box, anima_item *swinging, anima_item *resting)
{
    if (!create_animator_for_view(SCREEN_WIDTH, SCREEN_HEIGHT, animator)) { return false; }
    anima_item_def def = anima_default_item_def();
    def.center = (anima_vec2){100, 100};
    def.size = (anima_size){40, 20};
    def.transform.rotation = 3.14159265358979323846 / 6;
    ok(anima_item_create(*animator, &def, box), "anima_item_create");
    create_ball(*animator, (anima_vec2){200, 400}, 40, swinging);
    create_ball(*animator, (anima_vec2){80, 500}, 40, resting);
    anima_item_behavior_def held = anima_default_item_behavior_def();
    held.anchored = true;
    anima_behavior b;
    ok(anima_item_behavior_create(*animator, &held, box, 1, &b), "anima_item_behavior_create");
    ok(anima_animator_add_behavior(*animator, b), "anima_animator_add_behavior");
    anima_item balls[2] = {*swinging, *resting};
    anima_gravity_def g = anima_default_gravity_def();
    ok(anima_gravity_create(*animator, &g, balls, 2, &b), "anima_gravity_create");
    ok(anima_animator_add_behavior(*animator, b), "anima_animator_add_behavior");
    anima_item all[3] = {*box, *swinging, *resting};
    anima_collision_def cdef = anima_default_collision_def();
    cdef.translates_reference_bounds_into_boundary = true;
    ok(anima_collision_create(*animator, &cdef, all, 3, &b), "anima_collision_create");
    ok(anima_animator_add_behavior(*animator, b), "anima_animator_add_behavior");
    anima_attachment_def rod = anima_default_attachment_def();
    ok(anima_attachment_create_to_anchor(*animator, &rod, *swinging, (anima_vec2){0, 0}, (anima_vec2){200, 300}, &b),
       "anima_attachment_create_to_anchor");
    ok(anima_animator_add_behavior(*animator, b), "anima_animator_add_behavior");
    ok(anima_item_set_linear_velocity(*swinging, (anima_vec2){300, 0}), "anima_item_set_linear_velocity");
    return advance_frames(*animator, 90, 1.0 / 60.0);
}

int main(int argc, char **argv)
{
    anima_animator animator;
    anima_item box, swinging, resting;
    if (!make_scene(&animator, &box, &swinging, &resting)) { return finish("no scene"); }
    const char *path = argc > 1 ? argv[1] : "build/debug_draw.svg";
    canvas c = {0};
    c.svg = fopen(path, "w");
    if (c.svg) { fprintf(c.svg, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"320\" height=\"568\">\n"); }
    anima_debug_draw draw = anima_default_debug_draw();
    check(draw.flags == ANIMA_DEBUG_DRAW_STANDARD && draw.draw_polygon == NULL, "the default drawing: standard flags, no callbacks");
    draw.draw_polygon = on_polygon;
    draw.draw_circle = on_circle;
    draw.draw_segment = on_segment;
    draw.draw_point = on_point;
    draw.context = &c;
    ok(anima_animator_debug_draw(animator, &draw), "anima_animator_debug_draw");
    if (c.svg) {
        fprintf(c.svg, "</svg>\n");
        fclose(c.svg);
        printf("drew %s: %d polygons, %d circles, %d segments, %d points\n", path, c.polygons, c.circles, c.segments, c.points);
    }

    const double angle = 3.14159265358979323846 / 6, cs = cos(angle), sn = sin(angle);
    const double local[4][2] = {{-20, -10}, {20, -10}, {20, 10}, {-20, 10}};
    double worst = 0;
    for (int i = 0; i < 4 && c.box_count == 4; i++) {
        double x = 100 + cs * local[i][0] - sn * local[i][1], y = 100 + sn * local[i][0] + cs * local[i][1];
        worst = fmax(worst, hypot(c.box[i].x - x, c.box[i].y - y));
    }
    checkf(c.box_count == 4 && worst < 1e-9, "the box is its corners turned by 30 degrees (worst %.2e pt)", worst);
    anima_vec2 at = {0, 0};
    ok(anima_item_get_center(swinging, &at), "anima_item_get_center");
    check(c.circles == 2 && c.circle_center[0].x == at.x && c.circle_center[0].y == at.y, "the swinging ball is drawn at its centre");
    check(c.circle_color[0] == 0xE6B31A && c.circle_color[1] == 0x8C99B3, "awake in gold, asleep in slate");
    checkf(c.boundary_segments == 4 && c.rods == 1, "four boundary segments and one rod (%d, %d)", c.boundary_segments, c.rods);
    printf("the resting ball's contact at (%.3f, %.3f), its normal to (%.3f, %.3f)\n", c.contact_point.x, c.contact_point.y,
           c.normal_end.x, c.normal_end.y);
    checkf(c.points == 1, "one contact point, the resting ball's (%d)", c.points);
    expect_near(c.contact_point.y, SCREEN_HEIGHT, 1.0, "the contact is on the floor");
    expect_near(c.contact_point.y - c.normal_end.y, 10, 1e-9, "its normal points up, 10 pt long");

    /* bad input, then a callback that destroys the animator */
    draw.flags = 32;
    check(anima_animator_debug_draw(animator, &draw) == ANIMA_ERR_INVALID_ARGUMENT, "flags past 31 are refused");
    check(anima_animator_debug_draw(animator, NULL) == ANIMA_ERR_INVALID_ARGUMENT, "a NULL drawing is refused");
    draw.flags = ANIMA_DEBUG_DRAW_ALL;
    canvas again = {0};
    again.destroy_on_first = animator;
    draw.context = &again;
    check(anima_animator_debug_draw(animator, &draw) == ANIMA_OK, "a callback may destroy the animator mid-drawing");
    checkf(again.polygons == 4 && again.circles == 2, "every primitive was still handed over (%d polygons, %d circles)",
           again.polygons, again.circles);
    check(!anima_animator_is_valid(animator), "the animator is gone after the call");
    return finish("%s", failures == 0 ? "the scene was drawn where it is" : "see above");
}

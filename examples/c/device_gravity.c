/*
 * device_gravity.c: gravity that follows the device's accelerometer, replayed from a recording,
 * over items kept in the view by its bounds (Listing 6-4 and the snippets after it).
 *
 *     [_motionManager startAccelerometerUpdatesToQueue:[[NSOperationQueue alloc] init]
 *         withHandler:^(CMAccelerometerData *data, NSError *error)
 *         {
 *             CGVector vector = CGVectorMake(data.acceleration.x, -(data.acceleration.y + 0.5));
 *             ...
 *         }];
 *
 *     _deviceGravityBehavior = [[UIGravityBehavior alloc] initWithItems:@[]];
 *     ...
 *         strongSelf.deviceGravityBehavior.gravityDirection = vector;
 *
 *     _boundaryBehavior = [[UICollisionBehavior alloc] initWithItems:@[]];
 *     _boundaryBehavior.translatesReferenceBoundsIntoBoundary = YES;
 *     _boundaryBehavior.collisionMode = UICollisionBehaviorModeBoundaries;
 *
 * The recording, examples/data/accelerometer.csv (columns t, x, y, z in g, 60 samples a second
 * for 8 s, written by examples/data/make_accelerometer.py), is of a device held upright
 * (0...1.8 s), rolled 50 degrees to the left (held 2.3...3.5 s), over to the right (held
 * 4.3...5.3 s), then laid face up (6.0...8.0 s). Each sample sets the gravity direction to the
 * listing's vector (x, -(y + 0.5)), each unit being 1000 pt/s^2: upright (0, 0.5), half a g down;
 * tilted left (-0.77, 0.14); tilted right (0.77, 0.14); face up (0, -0.5), up the screen, which is
 * what the listing's + 0.5 does to a device lying on a table.
 *
 * Five 40 x 40 pt items (centres x = 60, 110, ..., 260, y = 200) in a 320 x 568 pt reference view
 * are added, as the snippets say, to both the gravity behavior and a collision behavior whose
 * boundary is the reference bounds. The recording is replayed twice, one frame (1/60 s) per
 * sample: with collision mode everything (the items also collide with each other) and with mode
 * boundaries (they pass through each other). The program checks, in both runs, that
 *   - every item stays inside the reference bounds at every frame (its four turned corners
 *     within 1 pt of them: no tunnelling);
 *   - the items gather where the gravity points: at the end of each held pose (bottom when
 *     upright, left, right, top when face up) their mean centre is in that half of the view and
 *     one of them lies against that edge (within 1 pt). Not every centre need be in that half:
 *     tilted by 50 degrees the gravity still points a little down, so the items colliding with
 *     each other lie in a row on the floor, pressed against the wall, and a row of five 40 pt
 *     items is 200 pt long, more than half the view's width;
 * and that in mode boundaries two items overlap (by more than 10 pt) at some point, while in mode
 * everything no two ever overlap by more than 1 pt (the depth of overlap of two turned squares,
 * by separating axes). Exits 0 when all hold, 1 otherwise. An argument names another recording.
 */
#define EXAMPLE_NAME "device_gravity"
#include "example.h"

#include <string.h>

#define ITEM_COUNT 5
#define SIDE 40.0
#define RATE 60.0
#define MAX_SAMPLES 4096
#define DEFAULT_RECORDING "examples/data/accelerometer.csv"

typedef struct sample { double t, x, y, z; } sample;

typedef enum side { SIDE_BOTTOM, SIDE_LEFT, SIDE_RIGHT, SIDE_TOP } side;
static const char *const side_names[] = { "bottom", "left", "right", "top" };

/* The end of each held pose of the recording, and where the gravity then points. */
typedef struct checkpoint { double t; const char *pose; side expected; } checkpoint;
static const checkpoint checkpoints[] = {
    { 1.8, "upright", SIDE_BOTTOM },
    { 3.5, "tilted left", SIDE_LEFT },
    { 5.3, "tilted right", SIDE_RIGHT },
    { 8.0, "face up", SIDE_TOP },
};
#define CHECKPOINT_COUNT ((int)(sizeof checkpoints / sizeof checkpoints[0]))

typedef struct run_result {
    double worst_outside;                 /* pt an item's corner went past the bounds, at worst */
    double worst_overlap;                 /* deepest overlap of two items, pt */
    double worst_overlap_at;              /* s */
    side gravity_side[CHECKPOINT_COUNT];  /* where the gravity pointed at each checkpoint */
    anima_vec2 centers[CHECKPOINT_COUNT][ITEM_COUNT];
    double rotations[CHECKPOINT_COUNT][ITEM_COUNT];
} run_result;

/* Reads "t,x,y,z" rows after a "t,x,y,z" header; the samples must be 1/60 s apart. */
static int load_recording(const char *path, sample *out, int capacity)
{
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        return -1;
    }
    char line[256];
    int count = 0;
    bool good = fgets(line, sizeof line, f) != NULL && strncmp(line, "t,x,y,z", 7) == 0;
    while (good && fgets(line, sizeof line, f) != NULL) {
        sample s;
        if (line[0] == '\n' || line[0] == '\0') {
            continue;
        }
        good = count < capacity && sscanf(line, "%lf,%lf,%lf,%lf", &s.t, &s.x, &s.y, &s.z) == 4
            && fabs(s.t - count / RATE) < 1e-4;
        if (good) {
            out[count++] = s;
        }
    }
    fclose(f);
    if (!good) {
        fprintf(stderr, "device_gravity: %s: not a t,x,y,z recording at %g samples a second (row %d)\n", path, RATE,
                count + 1);
        return -1;
    }
    return count;
}

/* The recording named on the command line, or examples/data/accelerometer.csv from the
   repository's root or from beside this source file. */
static int load(int argc, char **argv, sample *out, const char **used)
{
    if (argc > 1) {
        *used = argv[1];
        return load_recording(argv[1], out, MAX_SAMPLES);
    }
    *used = DEFAULT_RECORDING;
    int n = load_recording(DEFAULT_RECORDING, out, MAX_SAMPLES);
    if (n < 0) {
        static char path[1024];
        const char *source = __FILE__;
        const char *slash = strrchr(source, '/');
        const int dir = slash != NULL ? (int)(slash - source) : 0;
        snprintf(path, sizeof path, "%.*s%s../data/accelerometer.csv", dir, source, slash != NULL ? "/" : "");
        *used = path;
        n = load_recording(path, out, MAX_SAMPLES);
    }
    if (n < 0) {
        fprintf(stderr, "device_gravity: cannot read %s (run from the repository's root, or name the file)\n", *used);
    }
    return n;
}

/* Listing 6-4: the vector posted for an accelerometer sample. */
static anima_vec2 motion_vector(const sample *s)
{
    return (anima_vec2){ s->x, -(s->y + 0.5) };
}

static side side_of(anima_vec2 gravity)
{
    if (fabs(gravity.x) > fabs(gravity.y)) {
        return gravity.x < 0 ? SIDE_LEFT : SIDE_RIGHT;
    }
    return gravity.y < 0 ? SIDE_TOP : SIDE_BOTTOM;
}

static bool in_half(anima_vec2 c, side s)
{
    switch (s) {
    case SIDE_BOTTOM: return c.y > SCREEN_HEIGHT / 2;
    case SIDE_LEFT: return c.x < SCREEN_WIDTH / 2;
    case SIDE_RIGHT: return c.x > SCREEN_WIDTH / 2;
    case SIDE_TOP: return c.y < SCREEN_HEIGHT / 2;
    }
    return false;
}

/* How far (pt) a turned square is from one edge of the view (negative when past it). */
static double gap_to_edge(anima_vec2 c, double rotation, side s)
{
    const double reach = SIDE / 2 * (fabs(cos(rotation)) + fabs(sin(rotation)));   /* half its extent along x or y */
    switch (s) {
    case SIDE_BOTTOM: return SCREEN_HEIGHT - (c.y + reach);
    case SIDE_LEFT: return c.x - reach;
    case SIDE_RIGHT: return SCREEN_WIDTH - (c.x + reach);
    case SIDE_TOP: return c.y - reach;
    }
    return INFINITY;
}

/* How far (pt) a turned square reaches past the bounds; 0 when inside. */
static double outside(anima_vec2 c, double rotation)
{
    const double h = SIDE / 2, cs = cos(rotation), sn = sin(rotation);
    double worst = 0.0;
    for (int k = 0; k < 4; k++) {
        const double u = (k & 1) ? h : -h, v = (k & 2) ? h : -h;
        const double x = c.x + cs * u - sn * v, y = c.y + sn * u + cs * v;
        worst = fmax(worst, fmax(fmax(-x, x - SCREEN_WIDTH), fmax(-y, y - SCREEN_HEIGHT)));
    }
    return worst;
}

/* Depth of overlap of two turned squares (separating axes); <= 0 when apart. */
static double overlap(anima_vec2 a, double ra, anima_vec2 b, double rb)
{
    const double h = SIDE / 2;
    const anima_vec2 axes[4] = { { cos(ra), sin(ra) }, { -sin(ra), cos(ra) }, { cos(rb), sin(rb) }, { -sin(rb), cos(rb) } };
    double depth = INFINITY;
    for (int k = 0; k < 4; k++) {
        const anima_vec2 u = axes[k];
        const double reach_a = h * (fabs(u.x * cos(ra) + u.y * sin(ra)) + fabs(-u.x * sin(ra) + u.y * cos(ra)));
        const double reach_b = h * (fabs(u.x * cos(rb) + u.y * sin(rb)) + fabs(-u.x * sin(rb) + u.y * cos(rb)));
        const double distance = fabs(u.x * (b.x - a.x) + u.y * (b.y - a.y));
        depth = fmin(depth, reach_a + reach_b - distance);
    }
    return depth;
}

/* Replays the recording over a fresh animator with the given collision mode. */
static bool replay(const sample *samples, int count, anima_collision_mode mode, run_result *r)
{
    anima_animator animator;
    if (!create_animator_for_view(SCREEN_WIDTH, SCREEN_HEIGHT, &animator)) {
        return false;
    }

    /* The behaviors, made empty as in the snippets; the views are added to both. */
    anima_gravity_def gravity_def = anima_default_gravity_def();
    anima_collision_def collision_def = anima_default_collision_def();
    collision_def.translates_reference_bounds_into_boundary = true;
    collision_def.mode = mode;
    anima_behavior device_gravity, boundary;
    if (!ok(anima_gravity_create(animator, &gravity_def, NULL, 0, &device_gravity), "anima_gravity_create")
        || !ok(anima_collision_create(animator, &collision_def, NULL, 0, &boundary), "anima_collision_create")) {
        return false;
    }
    anima_item items[ITEM_COUNT];
    for (int i = 0; i < ITEM_COUNT; i++) {
        anima_item_def item_def = anima_default_item_def();
        item_def.center = (anima_vec2){ 60.0 + 50.0 * i, 200.0 };
        item_def.size = (anima_size){ SIDE, SIDE };
        if (!ok(anima_item_create(animator, &item_def, &items[i]), "anima_item_create")
            || !ok(anima_behavior_add_item(device_gravity, items[i]), "anima_behavior_add_item")
            || !ok(anima_behavior_add_item(boundary, items[i]), "anima_behavior_add_item")) {
            return false;
        }
    }
    if (!ok(anima_animator_add_behavior(animator, device_gravity), "anima_animator_add_behavior")
        || !ok(anima_animator_add_behavior(animator, boundary), "anima_animator_add_behavior")) {
        return false;
    }

    r->worst_outside = 0.0;
    r->worst_overlap = -INFINITY;
    r->worst_overlap_at = 0.0;
    int next_checkpoint = 0;
    anima_vec2 gravity = { 0.0, 1.0 };
    for (int n = 0; n < count; n++) {
        /* The motion update, then one frame. */
        gravity = motion_vector(&samples[n]);
        if (!ok(anima_gravity_set_direction(device_gravity, gravity), "anima_gravity_set_direction")
            || !ok(anima_animator_advance(animator, 1.0 / RATE), "anima_animator_advance")) {
            return false;
        }
        const double t = (n + 1) / RATE;
        anima_vec2 c[ITEM_COUNT];
        double rotation[ITEM_COUNT];
        for (int i = 0; i < ITEM_COUNT; i++) {
            ok(anima_item_get_center(items[i], &c[i]), "anima_item_get_center");
            ok(anima_item_get_rotation(items[i], &rotation[i]), "anima_item_get_rotation");
            r->worst_outside = fmax(r->worst_outside, outside(c[i], rotation[i]));
        }
        for (int i = 0; i < ITEM_COUNT; i++) {
            for (int k = i + 1; k < ITEM_COUNT; k++) {
                const double depth = overlap(c[i], rotation[i], c[k], rotation[k]);
                if (depth > r->worst_overlap) {
                    r->worst_overlap = depth;
                    r->worst_overlap_at = t;
                }
            }
        }
        while (next_checkpoint < CHECKPOINT_COUNT && t >= checkpoints[next_checkpoint].t - 1e-9) {
            r->gravity_side[next_checkpoint] = side_of(gravity);
            memcpy(r->centers[next_checkpoint], c, sizeof c);
            memcpy(r->rotations[next_checkpoint], rotation, sizeof rotation);
            next_checkpoint++;
        }
    }
    return next_checkpoint == CHECKPOINT_COUNT && ok(anima_animator_destroy(animator), "anima_animator_destroy");
}

static void report(const char *mode_name, const run_result *r)
{
    printf("mode %s: at worst %.3f pt outside the bounds; deepest overlap of two items %.2f pt (t = %.2f s)\n",
           mode_name, r->worst_outside, fmax(r->worst_overlap, 0.0), r->worst_overlap_at);
    checkf(r->worst_outside <= 1.0, "%s: every item stays inside the reference bounds (within 1 pt) at every frame",
           mode_name);

    for (int k = 0; k < CHECKPOINT_COUNT; k++) {
        const side s = checkpoints[k].expected;
        double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY, nearest = INFINITY;
        anima_vec2 mean = { 0.0, 0.0 };
        for (int i = 0; i < ITEM_COUNT; i++) {
            const anima_vec2 c = r->centers[k][i];
            x0 = fmin(x0, c.x);
            x1 = fmax(x1, c.x);
            y0 = fmin(y0, c.y);
            y1 = fmax(y1, c.y);
            mean.x += c.x / ITEM_COUNT;
            mean.y += c.y / ITEM_COUNT;
            nearest = fmin(nearest, gap_to_edge(c, r->rotations[k][i], s));
        }
        printf("  t = %.1f s, %s, gravity to the %s: centres x %.1f...%.1f, y %.1f...%.1f, mean (%.1f, %.1f); "
               "%.2f pt from the %s edge\n",
               checkpoints[k].t, checkpoints[k].pose, side_names[r->gravity_side[k]], x0, x1, y0, y1, mean.x, mean.y,
               fabs(nearest) < 0.005 ? 0.0 : nearest, side_names[s]);
        checkf(r->gravity_side[k] == s && in_half(mean, s) && fabs(nearest) <= 1.0,
               "%s: %s, the gravity points to the %s; the items gather there (mean centre in that half, one against "
               "that edge)",
               mode_name, checkpoints[k].pose, side_names[s]);
    }
}

int main(int argc, char **argv)
{
    static sample samples[MAX_SAMPLES];
    const char *path = NULL;
    const int count = load(argc, argv, samples, &path);
    if (count < 0) {
        return 1;
    }
    double smallest = INFINITY, largest = 0.0;
    for (int n = 0; n < count; n++) {
        const double g = sqrt(samples[n].x * samples[n].x + samples[n].y * samples[n].y + samples[n].z * samples[n].z);
        smallest = fmin(smallest, g);
        largest = fmax(largest, g);
    }
    printf("%s: %d samples over %.2f s, |a| %.3f...%.3f g\n", path, count, count / RATE, smallest, largest);
    if (count / RATE < checkpoints[CHECKPOINT_COUNT - 1].t - 1e-9) {
        fprintf(stderr, "device_gravity: the recording is shorter than %.1f s\n", checkpoints[CHECKPOINT_COUNT - 1].t);
        return 1;
    }

    run_result everything = { 0 }, boundaries = { 0 };
    if (!replay(samples, count, ANIMA_COLLISION_MODE_EVERYTHING, &everything)
        || !replay(samples, count, ANIMA_COLLISION_MODE_BOUNDARIES, &boundaries)) {
        return 1;
    }
    report("everything", &everything);
    check(everything.worst_overlap <= 1.0, "everything: no two items ever overlap by more than 1 pt");
    report("boundaries", &boundaries);
    check(boundaries.worst_overlap > 10.0, "boundaries: items pass through each other (overlap by more than 10 pt)");

    return finish("%.2f / %.2f pt at worst outside the bounds; overlap at most %.2f pt (everything), %.1f pt (boundaries)",
                  everything.worst_outside, boundaries.worst_outside, fmax(everything.worst_overlap, 0.0),
                  boundaries.worst_overlap);
}

/* Times GPGOAP (https://github.com/stolk/GPGOAP) and motive on GPGOAP's own soldier example in
 * one process, batch against batch (issue 33, item 2). Built by `scripts/peer-gpgoap` against
 * a GPGOAP checkout the caller provides and motive's static library: no GPGOAP code is kept
 * in this repository.
 *
 * Why in one process: this project's VMs run a process at one of two speeds for seconds at a
 * time (a soldier call took 0.18 or 0.33 us for the same binary), so a ratio of two figures
 * taken by two processes, even a minute apart, measured the machine's mood as much as the
 * planners (2.0-5.1x over eight rounds). Here each pair of batches runs back to back, in
 * alternating order, and the figure is the median of the pairs' ratios.
 *
 * Both planners are built once; each timed call is one plan from the same start to the same
 * goal. GPGOAP: one `astar_plan`. motive: what `benches/goap.rs`'s `searched` row times, one
 * `motive_goap_plan_into` for the same NPC in a reset arena, the binding reused and the
 * search run (the expansion limit alternates between two values above what it needs, so the
 * last search's outcome is not taken). The soldier is `motive::sim::goap_examples::soldier`,
 * here as a JSON domain: seven actions of cost 1 but `detonatebomb` (5); two soldiers far
 * apart, each perceiving only itself, so that each plans over its own seven actions as GPGOAP
 * does. Prints each planner's plan, then the median us of thread CPU per plan of each and the
 * median ratio over the pairs. */
#include "goap.h"
#include "astar.h"

#include <motive.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* GPGOAP's cost setter has two published forms: `goap_set_cost(ap, action, cost)`, declared
 * as such (`scripts/peer-gpgoap` then defines GPGOAP_COST_BY_ACTION), and an earlier one whose
 * goap.h declares `goap_set_costs` while goap.c defines `goap_set_cost` with an atom name. */
#ifdef GPGOAP_COST_BY_ACTION
#define SET_COST(ap, action, cost) goap_set_cost((ap), (action), (cost))
#else
extern bool goap_set_cost(actionplanner_t *ap, const char *actionname, const char *atomname, int cost);
#define SET_COST(ap, action, cost) goap_set_cost((ap), (action), "", (cost))
#endif

/* Pairs of batches, calls per batch (about 4 ms of motive, 14 ms of GPGOAP each). */
enum { PAIRS = 101, CALLS = 20000, MAX_STEPS = 16 };

static const char soldier_json[] =
    "{ \"attributes\": ["
    "  {\"name\": \"armedwithgun\", \"type\": \"bool\"}, {\"name\": \"enemyvisible\", \"type\": \"bool\"},"
    "  {\"name\": \"nearenemy\", \"type\": \"bool\"}, {\"name\": \"weaponloaded\", \"type\": \"bool\"},"
    "  {\"name\": \"enemylinedup\", \"type\": \"bool\"}, {\"name\": \"enemyalive\", \"type\": \"bool\"},"
    "  {\"name\": \"armedwithbomb\", \"type\": \"bool\"}, {\"name\": \"alive\", \"type\": \"bool\"} ],"
    "  \"actions\": ["
    "  {\"name\": \"scout\", \"cost\": 1,"
    "   \"preconditions\": [{\"key\": \"armedwithgun\", \"op\": \"==\", \"value\": true}],"
    "   \"effects\": [{\"key\": \"enemyvisible\", \"set\": true}]},"
    "  {\"name\": \"approach\", \"cost\": 1,"
    "   \"preconditions\": [{\"key\": \"enemyvisible\", \"op\": \"==\", \"value\": true}],"
    "   \"effects\": [{\"key\": \"nearenemy\", \"set\": true}]},"
    "  {\"name\": \"aim\", \"cost\": 1,"
    "   \"preconditions\": [{\"key\": \"enemyvisible\", \"op\": \"==\", \"value\": true},"
    "                     {\"key\": \"weaponloaded\", \"op\": \"==\", \"value\": true}],"
    "   \"effects\": [{\"key\": \"enemylinedup\", \"set\": true}]},"
    "  {\"name\": \"shoot\", \"cost\": 1,"
    "   \"preconditions\": [{\"key\": \"enemylinedup\", \"op\": \"==\", \"value\": true}],"
    "   \"effects\": [{\"key\": \"enemyalive\", \"set\": false}]},"
    "  {\"name\": \"load\", \"cost\": 1,"
    "   \"preconditions\": [{\"key\": \"armedwithgun\", \"op\": \"==\", \"value\": true}],"
    "   \"effects\": [{\"key\": \"weaponloaded\", \"set\": true}]},"
    "  {\"name\": \"detonatebomb\", \"cost\": 5,"
    "   \"preconditions\": [{\"key\": \"armedwithbomb\", \"op\": \"==\", \"value\": true},"
    "                     {\"key\": \"nearenemy\", \"op\": \"==\", \"value\": true}],"
    "   \"effects\": [{\"key\": \"alive\", \"set\": false}, {\"key\": \"enemyalive\", \"set\": false}]},"
    "  {\"name\": \"flee\", \"cost\": 1,"
    "   \"preconditions\": [{\"key\": \"enemyvisible\", \"op\": \"==\", \"value\": true}],"
    "   \"effects\": [{\"key\": \"nearenemy\", \"set\": false}]} ],"
    "  \"goap_goals\": [ {\"name\": \"enemy_dead_and_alive\", \"priority\": 0, \"relevance\": 1,"
    "   \"requirements\": [{\"key\": \"enemyalive\", \"op\": \"==\", \"value\": false},"
    "                    {\"key\": \"alive\", \"op\": \"==\", \"value\": true}]} ],"
    "  \"archetypes\": [ {\"name\": \"soldier\", \"brain\": \"goap\","
    "   \"consumes\": [\"scout\", \"approach\", \"aim\", \"shoot\", \"load\", \"detonatebomb\", \"flee\"],"
    "   \"supplies\": [\"scout\", \"approach\", \"aim\", \"shoot\", \"load\", \"detonatebomb\", \"flee\"],"
    "   \"goap_goals\": [\"enemy_dead_and_alive\"], \"think\": {\"perception_range\": 0},"
    "   \"state\": {\"enemyvisible\": false, \"armedwithgun\": true, \"weaponloaded\": false,"
    "             \"enemylinedup\": false, \"enemyalive\": true, \"armedwithbomb\": true,"
    "             \"nearenemy\": false, \"alive\": true}} ] }";

static double cpu_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void soldier(actionplanner_t *ap, worldstate_t *start, worldstate_t *goal)
{
    goap_actionplanner_clear(ap);
    goap_set_pre(ap, "scout", "armedwithgun", true);
    goap_set_pst(ap, "scout", "enemyvisible", true);
    goap_set_pre(ap, "approach", "enemyvisible", true);
    goap_set_pst(ap, "approach", "nearenemy", true);
    goap_set_pre(ap, "aim", "enemyvisible", true);
    goap_set_pre(ap, "aim", "weaponloaded", true);
    goap_set_pst(ap, "aim", "enemylinedup", true);
    goap_set_pre(ap, "shoot", "enemylinedup", true);
    goap_set_pst(ap, "shoot", "enemyalive", false);
    goap_set_pre(ap, "load", "armedwithgun", true);
    goap_set_pst(ap, "load", "weaponloaded", true);
    goap_set_pre(ap, "detonatebomb", "armedwithbomb", true);
    goap_set_pre(ap, "detonatebomb", "nearenemy", true);
    goap_set_pst(ap, "detonatebomb", "alive", false);
    goap_set_pst(ap, "detonatebomb", "enemyalive", false);
    goap_set_pre(ap, "flee", "enemyvisible", true);
    goap_set_pst(ap, "flee", "nearenemy", false);
    SET_COST(ap, "detonatebomb", 5);

    goap_worldstate_clear(start);
    goap_worldstate_set(ap, start, "enemyvisible", false);
    goap_worldstate_set(ap, start, "armedwithgun", true);
    goap_worldstate_set(ap, start, "weaponloaded", false);
    goap_worldstate_set(ap, start, "enemylinedup", false);
    goap_worldstate_set(ap, start, "enemyalive", true);
    goap_worldstate_set(ap, start, "armedwithbomb", true);
    goap_worldstate_set(ap, start, "nearenemy", false);
    goap_worldstate_set(ap, start, "alive", true);

    goap_worldstate_clear(goal);
    goap_worldstate_set(ap, goal, "enemyalive", false);
    goap_worldstate_set(ap, goal, "alive", true);
}

/* motive's soldier: a world of two soldiers far apart, the arena planning for the first. */
struct motive_soldier {
    motive_domain *domain;
    motive_world *world;
    motive_arena *arena;
    motive_npc npc;
    motive_goap_goal_id goal;
};

static int fail(const char *what)
{
    char message[512];
    size_t length = 0;
    motive_last_error_message(message, sizeof message, &length);
    fprintf(stderr, "%s failed: %s\n", what, message);
    return 0;
}

static int motive_soldier_create(struct motive_soldier *s)
{
    motive_world_def def = motive_world_def_default();
    motive_archetype_id archetype;
    motive_npc other;
    const motive_vec3 here = {0.0f, 0.0f, 0.0f}, far = {100.0f, 0.0f, 0.0f};
    if (motive_domain_load_json(soldier_json, strlen(soldier_json), NULL, &s->domain) != MOTIVE_STATUS_OK)
        return fail("loading the soldier domain");
    if (motive_domain_find_archetype(s->domain, "soldier", &archetype) != MOTIVE_STATUS_OK ||
        motive_domain_find_goap_goal(s->domain, "enemy_dead_and_alive", &s->goal) != MOTIVE_STATUS_OK)
        return fail("finding the soldier's archetype and goal");
    if (motive_world_create(s->domain, &def, &s->world) != MOTIVE_STATUS_OK ||
        motive_npc_spawn(s->world, archetype, here, &s->npc) != MOTIVE_STATUS_OK ||
        motive_npc_spawn(s->world, archetype, far, &other) != MOTIVE_STATUS_OK ||
        motive_arena_create(1 << 16, &s->arena) != MOTIVE_STATUS_OK)
        return fail("making the soldiers' world");
    return 1;
}

/* One plan in the reset arena, at most `limit` expansions. */
static motive_goap_plan_view motive_soldier_plan(const struct motive_soldier *s, uint32_t limit)
{
    motive_goap_plan_view view;
    motive_arena_reset(s->arena);
    if (motive_goap_plan_into(s->world, s->npc, s->goal, s->arena, limit, &view) != MOTIVE_STATUS_OK) {
        fail("motive_goap_plan_into");
        exit(1);
    }
    return view;
}

static int by_value(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *values, int count)
{
    qsort(values, (size_t)count, sizeof *values, by_value);
    return values[count / 2];
}

/* Seconds of thread CPU for CALLS plans of GPGOAP; 0 if a plan changed. */
static double time_gpgoap(actionplanner_t *ap, worldstate_t start, worldstate_t goal)
{
    worldstate_t states[MAX_STEPS];
    const char *plan[MAX_STEPS];
    long total = 0;
    const double before = cpu_seconds();
    for (int call = 0; call < CALLS; ++call) {
        int steps = MAX_STEPS;
        total += astar_plan(ap, start, goal, plan, states, &steps);
    }
    const double seconds = cpu_seconds() - before;
    return total == 4L * CALLS ? seconds : 0.0;
}

/* Seconds of thread CPU for CALLS plans of motive; 0 if a plan changed. */
static double time_motive(const struct motive_soldier *s)
{
    double total = 0.0;
    const double before = cpu_seconds();
    for (int call = 0; call < CALLS; ++call) {
        const motive_goap_plan_view view = motive_soldier_plan(s, call % 2 ? 99999 : 100000);
        total += view.cost * (double)(view.count == 4);
    }
    const double seconds = cpu_seconds() - before;
    return total == 4.0 * CALLS ? seconds : 0.0;
}

int main(void)
{
    static actionplanner_t ap;
    static double gpgoap_us[PAIRS], motive_us[PAIRS], ratios[PAIRS];
    worldstate_t start, goal, states[MAX_STEPS];
    const char *plan[MAX_STEPS];
    struct motive_soldier s;
    soldier(&ap, &start, &goal);

    int steps = MAX_STEPS;
    const int cost = astar_plan(&ap, start, goal, plan, states, &steps);
    printf("GPGOAP soldier: cost %d, %d steps:", cost, steps);
    for (int i = 0; i < steps; ++i) {
        printf(" %s", plan[i]);
    }
    printf("\n");
    if (cost != 4 || steps != 4) {
        fprintf(stderr, "expected a plan of 4 steps costing 4\n");
        return 1;
    }
    if (!motive_soldier_create(&s)) {
        return 1;
    }
    const motive_goap_plan_view view = motive_soldier_plan(&s, 0);
    printf("motive soldier: cost %g, %zu steps:", view.cost, view.count);
    for (size_t i = 0; i < view.count; ++i) {
        char name[65];
        size_t length = 0;
        if (motive_domain_name(s.domain, MOTIVE_DEFINITION_KIND_ACTION, view.steps[i].action, name,
                               sizeof name, &length) != MOTIVE_STATUS_OK)
            return !fail("naming a planned action");
        printf(" %s", name);
    }
    printf(" (%u expanded, %u generated)\n", view.expanded, view.generated);
    /* The search of benches/goap.rs's soldier row, which that bench checks against the Rust
     * API's: the same problem, not one where the soldier binds the other's actions too. */
    if (view.cost != 4.0 || view.count != 4 || view.expanded != 4 || view.generated != 5) {
        fprintf(stderr, "expected a plan of 4 steps costing 4, 4 expanded and 5 generated\n");
        return 1;
    }
    for (int pair = 0; pair < PAIRS; ++pair) {
        /* Alternating which runs first, so that neither always follows the other. */
        double g, m;
        if (pair % 2) {
            g = time_gpgoap(&ap, start, goal);
            m = time_motive(&s);
        } else {
            m = time_motive(&s);
            g = time_gpgoap(&ap, start, goal);
        }
        if (g <= 0.0 || m <= 0.0) {
            fprintf(stderr, "a plan changed while timing\n");
            return 1;
        }
        gpgoap_us[pair] = g * 1e6 / CALLS;
        motive_us[pair] = m * 1e6 / CALLS;
        ratios[pair] = g / m;
    }
    const double g = median(gpgoap_us, PAIRS), m = median(motive_us, PAIRS);
    const double r = median(ratios, PAIRS);
    printf("median of %d pairs of %d plans each: GPGOAP %.3f us, motive %.3f us per plan (thread CPU); "
           "GPGOAP / motive = %.2fx (pairs' ratios %.2f-%.2fx)\n",
           PAIRS, CALLS, g, m, r, ratios[0], ratios[PAIRS - 1]);
    motive_arena_destroy(s.arena);
    motive_world_destroy(s.world);
    motive_domain_destroy(s.domain);
    return 0;
}

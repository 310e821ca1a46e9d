/* Times GPGOAP (https://github.com/stolk/GPGOAP) on its own soldier example, for a comparison
 * with motive's `motive_goap_plan_into` on the same machine in the same minutes (issue 33,
 * item 2). Built by `scripts/peer-gpgoap` against a GPGOAP checkout the caller provides: no
 * GPGOAP code is kept in this repository.
 *
 * The planner is built once, as `benches/goap.rs` binds motive's soldier once; each timed call
 * is one `astar_plan` from the same start to the same goal, as motive's `searched` row runs a
 * search per call. The soldier is `benches/goap.rs`'s: seven actions of cost 1, but
 * `detonatebomb` of cost 5. Prints the plan, then µs of thread CPU per plan in each round. */
#include "goap.h"
#include "astar.h"

#include <stdio.h>
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

enum { ROUNDS = 7, CALLS = 500000, MAX_STEPS = 16 };

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

int main(void)
{
    static actionplanner_t ap;
    worldstate_t start, goal, states[MAX_STEPS];
    const char *plan[MAX_STEPS];
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
    for (int round = 0; round < ROUNDS; ++round) {
        long total = 0;
        const double before = cpu_seconds();
        for (int call = 0; call < CALLS; ++call) {
            steps = MAX_STEPS;
            total += astar_plan(&ap, start, goal, plan, states, &steps);
        }
        const double seconds = cpu_seconds() - before;
        if (total != 4L * CALLS) {
            fprintf(stderr, "a plan changed while timing\n");
            return 1;
        }
        printf("round %d: %.3f us per plan (thread CPU)\n", round, seconds * 1e6 / CALLS);
    }
    return 0;
}

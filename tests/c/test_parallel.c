/*
 * Parallel think through the C ABI: an engine's job system thinks ranges of each tick on
 * several pthreads between motive_world_tick_begin and motive_world_tick_end, and the events
 * equal motive_world_tick's on a twin world, field by field; so do motive's own think threads
 * (motive_world_set_think_threads). Calls refused while a tick is open, or without one.
 */
#include <pthread.h>
#include <string.h>

#include "fixtures.h"
#include "motive_test.h"
#include "suites.h"

#define SCENARIOS MOTIVE_TEST_DATA "/../../scenarios/"
#define THREADS 3
#define TICKS 80
#define EVENTS 8192

/* One pthread's share of a tick's jobs. */
typedef struct range_job {
    motive_world *world;
    size_t first, count;
    motive_status status;
} range_job;

static void *think_range(void *arg) {
    range_job *job = arg;
    job->status = motive_world_think_range(job->world, job->first, job->count);
    return NULL;
}

/* One tick through the engine's path: THREADS pthreads think uneven ranges covering all jobs
 * but the last quarter, which the commits decide; the calls refused while the tick is open. */
/* The engine-path world, and the NPC of the last action it requested (NULL before any). */
static const motive_world *engine_world;
static motive_npc watched;

static bool engine_tick(motive_world *world, double dt) {
    size_t jobs = 0, covered, first = 0, t;
    double time = 0.0;
    pthread_t threads[THREADS];
    range_job ranges[THREADS];
    bool ok = true, valid_before, valid_open;
    ENSURE_STATUS_OR_RETURN(motive_world_tick_end(world), MOTIVE_STATUS_NO_TICK, false);
    ENSURE_STATUS_OR_RETURN(motive_world_think_range(world, 0, 0), MOTIVE_STATUS_NO_TICK, false);
    engine_world = world;
    valid_before = motive_npc_is_valid(world, watched);
    ENSURE_STATUS_OR_RETURN(motive_world_tick_begin(world, dt, &jobs), MOTIVE_STATUS_OK, false);
    /* A query that only reads answers while the tick is open: a live NPC is not taken for
     * gone. */
    valid_open = motive_npc_is_valid(world, watched);
    ENSURE_STATUS_OR_RETURN(motive_world_tick(world, dt), MOTIVE_STATUS_TICK_OPEN, false);
    ENSURE_STATUS_OR_RETURN(motive_world_time(world, &time), MOTIVE_STATUS_TICK_OPEN, false);
    ENSURE_STATUS_OR_RETURN(motive_world_tick_begin(world, dt, &jobs), MOTIVE_STATUS_TICK_OPEN,
                            false);
    ENSURE_STATUS_OR_RETURN(motive_world_think_range(world, jobs, 1),
                            MOTIVE_STATUS_INVALID_ARGUMENT, false);
    covered = jobs - jobs / 4;
    for (t = 0; t < THREADS; t++) {
        /* Thread t takes a share growing with t: 1/6, 2/6, 3/6 of what is covered. */
        size_t share = t + 1 < THREADS ? covered * (t + 1) / 6 : covered - first;
        ranges[t].world = world;
        ranges[t].first = first;
        ranges[t].count = share;
        ranges[t].status = MOTIVE_STATUS_PANIC;
        first += share;
        ENSURE_OR_RETURN(pthread_create(&threads[t], NULL, think_range, &ranges[t]) == 0, false);
    }
    for (t = 0; t < THREADS; t++) {
        pthread_join(threads[t], NULL);
        ok = ok && ranges[t].status == MOTIVE_STATUS_OK;
    }
    ENSURE_OR_RETURN(ok, false);
    if (covered > 0) {
        ENSURE_STATUS_OR_RETURN(motive_world_think_range(world, 0, 1),
                                MOTIVE_STATUS_INVALID_ARGUMENT, false);
    }
    ENSURE_STATUS_OR_RETURN(motive_world_tick_end(world), MOTIVE_STATUS_OK, false);
    ENSURE_OR_RETURN(valid_open == valid_before || valid_open == motive_npc_is_valid(world, watched),
                     false);
    return true;
}

/* Drains `world`'s events into `out` (at most EVENTS), reporting every request as succeeded
 * so that the NPCs go on deciding; the count. */
static size_t drain(motive_world *world, motive_event *out) {
    size_t count = 0, i;
    ENSURE_STATUS_OR_RETURN(motive_world_poll_events(world, out, EVENTS, &count), MOTIVE_STATUS_OK,
                            (size_t)-1);
    for (i = 0; i < count; i++) {
        if (out[i].kind == MOTIVE_EVENT_KIND_ACTION_REQUESTED) {
            /* A report the world refuses (the NPC moved on) changes nothing in either twin. */
            (void)motive_npc_report_action(world, motive_entity_as_npc(out[i].npc), out[i].request,
                                           MOTIVE_ACTION_OUTCOME_SUCCEEDED);
            if (world == engine_world) {
                watched = motive_entity_as_npc(out[i].npc);
            }
        }
    }
    return count;
}

/* Runs `copies` of the hospital's `variant` on twin worlds, one by motive_world_tick, the other through
 * the engine path (or, with `own_threads`, by motive_world_tick on that many threads), and
 * compares their events every tick. */
static void compare_twins(const char *variant, uint32_t copies, uint32_t own_threads) {
    static motive_event a[EVENTS], b[EVENTS];
    motive_scenario *scenario = NULL;
    motive_world *reference = NULL, *parallel = NULL;
    motive_sim *sim_a = NULL, *sim_b = NULL;
    size_t na, nb, i, events = 0;
    int tick;
    ENSURE_OK(motive_scenario_load_file(SCENARIOS "hospital.json", NULL, &scenario));
    ENSURE_OK(motive_scenario_instantiate(scenario, variant, copies, 5, &reference, &sim_a));
    ENSURE_OK(motive_scenario_instantiate(scenario, variant, copies, 5, &parallel, &sim_b));
    motive_scenario_destroy(scenario);
    if (own_threads > 0) {
        ENSURE_OK(motive_world_set_think_threads(parallel, own_threads));
    }
    for (tick = 0; tick < TICKS; tick++) {
        ENSURE_OK(motive_world_tick(reference, 0.05));
        if (own_threads > 0) {
            ENSURE_OK(motive_world_tick(parallel, 0.05));
        } else {
            ENSURE(engine_tick(parallel, 0.05));
        }
        na = drain(reference, a);
        nb = drain(parallel, b);
        ENSURE(na == nb && na < EVENTS);
        for (i = 0; i < na; i++) {
            ENSURE(event_equal(&a[i], &b[i]));
        }
        events += na;
    }
    ENSURE(events > 0);
    {
        /* The reference decided nothing ahead; the twin did, unless its NPCs think at their
         * turn (GOAP), and what it decided again at the turn is among what it checked. */
        motive_parallel_stats none, stats;
        const bool ahead = strcmp(variant, "goap") != 0;
        ENSURE_OK(motive_world_parallel_stats(reference, &none));
        ENSURE(none.phases == 0 && none.decided_ahead == 0 && none.checked == 0 && none.stale == 0);
        ENSURE_OK(motive_world_parallel_stats(parallel, &stats));
        /* Every tick_begin with thinks due counts as a phase, GOAP's too. */
        ENSURE(stats.phases > 0);
        ENSURE(ahead ? stats.decided_ahead > 0 : stats.decided_ahead == 0);
        ENSURE(stats.checked <= stats.decided_ahead && stats.stale <= stats.checked);
        ENSURE_STATUS(motive_world_parallel_stats(NULL, &stats), MOTIVE_STATUS_NULL_ARGUMENT);
        ENSURE_STATUS(motive_world_parallel_stats(parallel, NULL), MOTIVE_STATUS_NULL_ARGUMENT);
    }
    motive_sim_destroy(sim_a);
    motive_sim_destroy(sim_b);
    motive_world_destroy(reference);
    motive_world_destroy(parallel);
}

static void test_engine_threads_think_ranges_as_one_tick(void) {
    compare_twins("ubc", 20, 0);
    compare_twins("goap", 20, 0);
}

/* 72 copies: enough due thinks each tick (288) for motive to start its threads
 * (PARALLEL_MIN_JOBS, 256). */
static void test_motives_own_threads_think_as_one(void) {
    compare_twins("ubc", 72, 4);
}

static void test_think_threads_are_bounded(void) {
    motive_scenario *scenario = NULL;
    motive_world *world = NULL;
    motive_sim *sim = NULL;
    ENSURE_OK(motive_scenario_load_file(SCENARIOS "hospital.json", NULL, &scenario));
    ENSURE_OK(motive_scenario_instantiate(scenario, "ubc", 1, 1, &world, &sim));
    motive_scenario_destroy(scenario);
    uint32_t threads = 0;
    ENSURE_OK(motive_world_think_threads(world, &threads));
    ENSURE(threads == 1);
    ENSURE_STATUS(motive_world_set_think_threads(world, MOTIVE_MAX_THINK_THREADS + 1),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("MOTIVE_MAX_THINK_THREADS");
    ENSURE_OK(motive_world_think_threads(world, &threads));
    ENSURE(threads == 1); /* a refused count changes nothing */
    ENSURE_OK(motive_world_set_think_threads(world, MOTIVE_MAX_THINK_THREADS));
    ENSURE_OK(motive_world_think_threads(world, &threads));
    ENSURE(threads == MOTIVE_MAX_THINK_THREADS);
    ENSURE_OK(motive_world_set_think_threads(world, 0));
    ENSURE_OK(motive_world_think_threads(world, &threads));
    ENSURE(threads == 1); /* 0 means the calling thread only */
    ENSURE_STATUS(motive_world_set_think_threads(NULL, 2), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_world_think_threads(NULL, &threads), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_world_think_threads(world, NULL), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_world_tick_begin(world, 0.05, NULL), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_world_think_range(NULL, 0, 0), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_world_tick_end(NULL), MOTIVE_STATUS_NULL_ARGUMENT);
    motive_sim_destroy(sim);
    motive_world_destroy(world);
}

void run_parallel_tests(void) {
    RUN_TEST(test_engine_threads_think_ranges_as_one_tick);
    RUN_TEST(test_motives_own_threads_think_as_one);
    RUN_TEST(test_think_threads_are_bounded);
}

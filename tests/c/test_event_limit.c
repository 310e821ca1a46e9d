/*
 * The bounded event queue through the C ABI, as a C tool that never polls meets it: a world
 * keeps at most its event limit pending, drops the oldest past it and counts them, and what it
 * keeps is the newest stretch of what a polled twin handed out, byte for byte; dropping changes
 * nothing else (the twins go on alike). Limits out of range are refused and change nothing.
 */
#include <stdint.h>

#include "fixtures.h"
#include "motive_test.h"
#include "suites.h"

#define SCENARIOS MOTIVE_TEST_DATA "/../../scenarios/"
#define LIMIT 16
#define TICKS 200
#define MOST_EVENTS 65536

/* Two worlds of the hospital's UBC variant, same seed. */
static bool twins(motive_world **a, motive_sim **sim_a, motive_world **b, motive_sim **sim_b) {
    motive_scenario *scenario = NULL;
    ENSURE_STATUS_OR_RETURN(motive_scenario_load_file(SCENARIOS "hospital.json", NULL, &scenario),
                            MOTIVE_STATUS_OK, false);
    const bool made =
        motive_scenario_instantiate(scenario, "ubc", 2, 9, a, sim_a) == MOTIVE_STATUS_OK &&
        motive_scenario_instantiate(scenario, "ubc", 2, 9, b, sim_b) == MOTIVE_STATUS_OK;
    motive_scenario_destroy(scenario);
    ENSURE_OR_RETURN(made, false);
    return true;
}

/* Appends `world`'s pending events to `all` (holding `*count`, at most MOST_EVENTS). */
static bool poll_all(motive_world *world, motive_event *all, size_t *count) {
    size_t moved = 0;
    ENSURE_STATUS_OR_RETURN(
        motive_world_poll_events(world, all + *count, MOST_EVENTS - *count, &moved),
        MOTIVE_STATUS_OK, false);
    *count += moved;
    ENSURE_OR_RETURN(*count < MOST_EVENTS, false);
    return true;
}

static void test_a_world_nobody_polls_keeps_the_newest_events(void) {
    static motive_event all[MOST_EVENTS], kept[MOST_EVENTS];
    motive_world *polled = NULL, *unpolled = NULL;
    motive_sim *sim_a = NULL, *sim_b = NULL;
    size_t total = 0, count = 0, i;
    uint64_t dropped = 1;
    uint32_t limit = 0;
    int tick;
    ENSURE(twins(&polled, &sim_a, &unpolled, &sim_b));
    ENSURE_OK(motive_world_event_limit(unpolled, &limit));
    ENSURE(limit == MOTIVE_DEFAULT_EVENT_LIMIT);
    ENSURE_OK(motive_world_set_event_limit(unpolled, LIMIT));
    ENSURE_OK(motive_world_event_limit(unpolled, &limit));
    ENSURE(limit == LIMIT);
    /* Neither reports a request (the engine-ended ones time out alike): the polled twin only
     * reads, so both worlds run the same. */
    for (tick = 0; tick < TICKS; tick++) {
        ENSURE_OK(motive_world_tick(polled, 0.5));
        ENSURE_OK(motive_world_tick(unpolled, 0.5));
        ENSURE(poll_all(polled, all, &total));
    }
    ENSURE(total > 4 * LIMIT);
    ENSURE_OK(motive_world_dropped_events(unpolled, &dropped));
    ENSURE(dropped == total - LIMIT);
    ENSURE_OK(motive_world_dropped_events(polled, &dropped));
    ENSURE(dropped == 0);
    ENSURE(poll_all(unpolled, kept, &count));
    ENSURE(count == LIMIT);
    for (i = 0; i < LIMIT; i++) {
        ENSURE(event_equal(&kept[i], &all[total - LIMIT + i]));
    }
    /* Dropping changed nothing but what was read: the next tick's events are the same. */
    ENSURE_OK(motive_world_tick(polled, 0.5));
    ENSURE_OK(motive_world_tick(unpolled, 0.5));
    count = total = 0;
    ENSURE(poll_all(polled, all, &total));
    ENSURE(poll_all(unpolled, kept, &count));
    ENSURE(count == (total < LIMIT ? total : LIMIT));
    for (i = 0; i < count; i++) {
        ENSURE(event_equal(&kept[i], &all[total - count + i]));
    }
    motive_sim_destroy(sim_a);
    motive_sim_destroy(sim_b);
    motive_world_destroy(polled);
    motive_world_destroy(unpolled);
}

static void test_event_limits_out_of_range_change_nothing(void) {
    static motive_event all[MOST_EVENTS];
    motive_world *a = NULL, *b = NULL;
    motive_sim *sim_a = NULL, *sim_b = NULL;
    motive_event events[4];
    size_t count = 0, total = 0;
    uint32_t limit = 0;
    uint64_t dropped = 1;
    ENSURE(twins(&a, &sim_a, &b, &sim_b));
    ENSURE_OK(motive_world_tick(a, 0.5));
    ENSURE_STATUS(motive_world_set_event_limit(a, 0), MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("event limit");
    ENSURE_STATUS(motive_world_set_event_limit(a, MOTIVE_MAX_EVENT_LIMIT + 1),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("MOTIVE_MAX_EVENT_LIMIT");
    ENSURE_OK(motive_world_event_limit(a, &limit));
    ENSURE(limit == MOTIVE_DEFAULT_EVENT_LIMIT);
    ENSURE_OK(motive_world_dropped_events(a, &dropped));
    ENSURE(dropped == 0);
    ENSURE_OK(motive_world_set_event_limit(a, MOTIVE_MAX_EVENT_LIMIT));
    /* Lowering the limit below what is pending drops the oldest at once, counted: the twin keeps
     * the last of the first tick's events. */
    ENSURE_OK(motive_world_tick(b, 0.5));
    ENSURE(poll_all(a, all, &total));
    ENSURE(total > 1);
    ENSURE_OK(motive_world_set_event_limit(b, 1));
    ENSURE_OK(motive_world_dropped_events(b, &dropped));
    ENSURE(dropped == total - 1);
    ENSURE_OK(motive_world_poll_events(b, events, 4, &count));
    ENSURE(count == 1);
    ENSURE(event_equal(&events[0], &all[total - 1]));
    ENSURE_STATUS(motive_world_set_event_limit(NULL, 8), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_world_event_limit(NULL, &limit), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_world_event_limit(a, NULL), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_world_dropped_events(NULL, &dropped), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_world_dropped_events(a, NULL), MOTIVE_STATUS_NULL_ARGUMENT);
    motive_sim_destroy(sim_a);
    motive_sim_destroy(sim_b);
    motive_world_destroy(a);
    motive_world_destroy(b);
}

void run_event_limit_tests(void) {
    RUN_TEST(test_a_world_nobody_polls_keeps_the_newest_events);
    RUN_TEST(test_event_limits_out_of_range_change_nothing);
}

/*
 * Non-finite and out-of-range numbers: tick with NaN, infinities or a negative dt, NaN or
 * infinite positions (create and move), and NaN or infinite number and position facts. Each
 * is MOTIVE_STATUS_INVALID_ARGUMENT, leaves the world as it was, and the world stays usable.
 */
#include <math.h>

#include "fixtures.h"
#include "motive_test.h"
#include "suites.h"

static void test_bad_tick_keeps_the_clock(void) {
    static const double bad[] = {NAN, INFINITY, -INFINITY, -1.0, -1e-300};
    fixture f;
    size_t i;
    ENSURE(fixture_init(&f, 0));
    ENSURE_OK(motive_world_tick(f.world, 0.25));
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ENSURE_STATUS(motive_world_tick(f.world, bad[i]), MOTIVE_STATUS_INVALID_ARGUMENT);
        ENSURE_LAST_ERROR_CONTAINS("dt");
        ENSURE(world_time_is(f.world, 0.25));
    }
    ENSURE(!motive_world_is_poisoned(f.world));
    ENSURE_OK(motive_world_tick(f.world, 0.5));
    ENSURE(world_time_is(f.world, 0.75));
    fixture_free(&f);
}

static void test_non_finite_creation_positions_are_rejected(void) {
    fixture f;
    motive_npc_def npc_def = motive_npc_def_default();
    motive_object_def object_def = motive_object_def_default();
    ENSURE(fixture_init(&f, 0));
    npc_def.position = vec3(NAN, 0.0f, 0.0f);
    object_def.position = vec3(0.0f, 0.0f, -INFINITY);
    ENSURE(creates_are_rejected(&f, &npc_def, &object_def));
    ENSURE_LAST_ERROR_CONTAINS("finite");
    fixture_free(&f);
}

static void test_non_finite_move_is_rejected(void) {
    fixture f;
    motive_npc npc;
    ENSURE(fixture_init(&f, 0));
    ENSURE(fixture_npc(&f, 1.0f, 2.0f, 3.0f, &npc));
    ENSURE_STATUS(motive_entity_set_position(f.world, motive_npc_entity(npc),
                                             vec3(4.0f, NAN, 6.0f)),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_STATUS(motive_entity_set_position(f.world, motive_npc_entity(npc),
                                             vec3(INFINITY, 5.0f, 6.0f)),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE(position_is(f.world, motive_npc_entity(npc), vec3(1.0f, 2.0f, 3.0f)));
    fixture_free(&f);
}

static void test_non_finite_facts_keep_the_old_value(void) {
    static const double bad[] = {NAN, INFINITY, -INFINITY};
    fixture f;
    motive_entity e;
    motive_value health = value_number(40.0);
    motive_value home = value_position(vec3(1.0f, 2.0f, 3.0f));
    motive_value value;
    size_t i;
    ENSURE(fixture_init_with_entities(&f));
    e = motive_npc_entity(f.npc);
    ENSURE_OK(motive_entity_set_fact(f.world, e, FIXTURE_HEALTH, &health));
    ENSURE_OK(motive_entity_set_fact(f.world, e, FIXTURE_HOME, &home));
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        value = value_number(bad[i]);
        ENSURE_STATUS(motive_entity_set_fact(f.world, e, FIXTURE_HEALTH, &value),
                      MOTIVE_STATUS_INVALID_ARGUMENT);
        value = value_position(vec3(0.0f, (float)bad[i], 0.0f));
        ENSURE_STATUS(motive_entity_set_fact(f.world, e, FIXTURE_HOME, &value),
                      MOTIVE_STATUS_INVALID_ARGUMENT);
    }
    ENSURE(fact_is(f.world, e, FIXTURE_HEALTH, health));
    ENSURE(fact_is(f.world, e, FIXTURE_HOME, home));
    fixture_free(&f);
}

void run_number_tests(void) {
    RUN_TEST(test_bad_tick_keeps_the_clock);
    RUN_TEST(test_non_finite_creation_positions_are_rejected);
    RUN_TEST(test_non_finite_move_is_rejected);
    RUN_TEST(test_non_finite_facts_keep_the_old_value);
}

/*
 * The panic firewall (needs a library built with --features test-hooks and this file compiled
 * with -DMOTIVE_TEST_HOOKS): motive_debug_panic returns MOTIVE_STATUS_PANIC instead of
 * unwinding into C, poisons only its own world (every later call on it is
 * MOTIVE_STATUS_POISONED and writes nothing; destroy still frees it), and other worlds keep
 * working.
 */
#include <stdio.h>

#include "fixtures.h"
#include "motive_test.h"
#include "suites.h"

#if defined(MOTIVE_TEST_HOOKS)

/* Panics inside f's world; Rust prints the panic to stderr, so say that it is expected. */
static bool panic_in(fixture *f) {
    fprintf(stderr, "(the panic message below is expected: test_poison.c panics on purpose)\n");
    fflush(stderr);
    ENSURE_STATUS_OR_RETURN(motive_debug_panic(f->world), MOTIVE_STATUS_PANIC, false);
    return true;
}

static void test_debug_panic_null_world(void) {
    ENSURE_STATUS(motive_debug_panic(NULL), MOTIVE_STATUS_NULL_ARGUMENT);
}

static void test_panic_poisons_the_world(void) {
    fixture sick;
    motive_npc_def npc_def = motive_npc_def_default();
    motive_object_def object_def = motive_object_def_default();
    motive_value value = value_number(1.0);
    motive_value read;
    double time;
    uint64_t seed;
    uint32_t kind;
    motive_vec3 position;
    motive_npc new_npc;
    motive_object new_object;
    ENSURE(fixture_init_with_entities(&sick));
    ENSURE(!motive_world_is_poisoned(sick.world));
    ENSURE(panic_in(&sick));
    ENSURE_LAST_ERROR_CONTAINS("motive_debug_panic");
    ENSURE(motive_world_is_poisoned(sick.world));

    SENTINEL(time);
    SENTINEL(seed);
    SENTINEL(kind);
    SENTINEL(position);
    SENTINEL(read);
    SENTINEL(new_npc);
    SENTINEL(new_object);
    ENSURE_STATUS(motive_world_tick(sick.world, 1.0), MOTIVE_STATUS_POISONED);
    ENSURE_LAST_ERROR_CONTAINS("poisoned");
    ENSURE_STATUS(motive_world_time(sick.world, &time), MOTIVE_STATUS_POISONED);
    ENSURE_STATUS(motive_world_seed(sick.world, &seed), MOTIVE_STATUS_POISONED);
    ENSURE_STATUS(motive_npc_create(sick.world, &npc_def, &new_npc), MOTIVE_STATUS_POISONED);
    ENSURE_STATUS(motive_object_create(sick.world, &object_def, &new_object),
                  MOTIVE_STATUS_POISONED);
    ENSURE_STATUS(motive_entity_get_kind(sick.world, motive_npc_entity(sick.npc), &kind),
                  MOTIVE_STATUS_POISONED);
    ENSURE_STATUS(motive_entity_position(sick.world, motive_npc_entity(sick.npc), &position),
                  MOTIVE_STATUS_POISONED);
    ENSURE_STATUS(motive_entity_get_fact(sick.world, motive_npc_entity(sick.npc), FIXTURE_HEALTH,
                                         &read),
                  MOTIVE_STATUS_POISONED);
    ENSURE_UNTOUCHED(time);
    ENSURE_UNTOUCHED(seed);
    ENSURE_UNTOUCHED(kind);
    ENSURE_UNTOUCHED(position);
    ENSURE_UNTOUCHED(read);
    ENSURE_UNTOUCHED(new_npc);
    ENSURE_UNTOUCHED(new_object);
    ENSURE_STATUS(motive_entity_set_position(sick.world, motive_npc_entity(sick.npc),
                                             vec3(1.0f, 1.0f, 1.0f)),
                  MOTIVE_STATUS_POISONED);
    ENSURE_STATUS(motive_entity_set_fact(sick.world, motive_npc_entity(sick.npc), FIXTURE_HEALTH,
                                         &value),
                  MOTIVE_STATUS_POISONED);
    ENSURE_STATUS(motive_npc_destroy(sick.world, sick.npc), MOTIVE_STATUS_POISONED);
    ENSURE_STATUS(motive_object_destroy(sick.world, sick.object), MOTIVE_STATUS_POISONED);
    ENSURE_STATUS(motive_debug_panic(sick.world), MOTIVE_STATUS_POISONED);
    ENSURE(!motive_npc_is_valid(sick.world, sick.npc));
    ENSURE(!motive_object_is_valid(sick.world, sick.object));
    ENSURE(motive_world_is_poisoned(sick.world));
    /* Destroy still frees a poisoned world (LeakSanitizer checks this in the sanitizer runs). */
    fixture_free(&sick);
}

static void test_other_worlds_keep_working(void) {
    fixture sick;
    fixture healthy;
    motive_npc after;
    motive_value health = value_number(99.0);
    ENSURE(fixture_init(&sick, 0));
    ENSURE(fixture_init_with_entities(&healthy));
    ENSURE_OK(motive_world_tick(healthy.world, 0.5));
    ENSURE(panic_in(&sick));
    ENSURE(motive_world_is_poisoned(sick.world));
    ENSURE(!motive_world_is_poisoned(healthy.world));
    ENSURE_OK(motive_world_tick(healthy.world, 0.25));
    ENSURE(world_time_is(healthy.world, 0.75));
    ENSURE(motive_npc_is_valid(healthy.world, healthy.npc));
    ENSURE(fixture_npc(&healthy, 1.0f, 2.0f, 3.0f, &after));
    ENSURE(after.index1 == 3);
    ENSURE_OK(motive_entity_set_fact(healthy.world, motive_npc_entity(after), FIXTURE_HEALTH,
                                     &health));
    ENSURE(fact_is(healthy.world, motive_npc_entity(after), FIXTURE_HEALTH, health));
    /* A world created after the panic is healthy too. */
    fixture_free(&sick);
    ENSURE(fixture_init(&sick, 0));
    ENSURE(!motive_world_is_poisoned(sick.world));
    ENSURE_OK(motive_world_tick(sick.world, 1.0));
    ENSURE(world_time_is(sick.world, 1.0));
    fixture_free(&sick);
    fixture_free(&healthy);
}

void run_poison_tests(void) {
    RUN_TEST(test_debug_panic_null_world);
    RUN_TEST(test_panic_poisons_the_world);
    RUN_TEST(test_other_worlds_keep_working);
}

#else

/* The suite is always meant to cover the firewall: without the hooks, say so and fail. */
static void test_poison_tests_need_test_hooks(void) {
    ENSURE(!"compiled without -DMOTIVE_TEST_HOOKS: the panic firewall is not tested");
}

void run_poison_tests(void) {
    RUN_TEST(test_poison_tests_need_test_hooks);
}

#endif /* MOTIVE_TEST_HOOKS */

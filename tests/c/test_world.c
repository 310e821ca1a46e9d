/*
 * Lifecycle of the owned objects: domain builders, domains and worlds (create, build, destroy,
 * destroy(NULL), destroying the domain first), definition defaults and their struct_size
 * check, the world's seed and its clock.
 */
#include "fixtures.h"
#include "motive_test.h"
#include "suites.h"

static void test_builder_builds_independent_domains(void) {
    motive_domain_builder *builder;
    motive_domain *first;
    motive_domain *second;
    motive_attribute id;
    SENTINEL(builder);
    ENSURE_OK(motive_domain_builder_create(&builder));
    ENSURE(!motive_test_is_sentinel(&builder, sizeof builder) && builder != NULL);
    ENSURE_OK(
        motive_domain_builder_add_attribute(builder, "hunger", MOTIVE_VALUE_TYPE_NUMBER, &id));
    ENSURE(id == 0);
    ENSURE_OK(motive_domain_builder_add_attribute(builder, "armed", MOTIVE_VALUE_TYPE_BOOL, &id));
    ENSURE(id == 1);
    ENSURE_OK(motive_domain_builder_build(builder, &first));
    /* The builder is unchanged by build and may keep defining. */
    ENSURE_OK(motive_domain_builder_add_attribute(builder, "enemy", MOTIVE_VALUE_TYPE_ENTITY, &id));
    ENSURE(id == 2);
    ENSURE_OK(motive_domain_builder_build(builder, &second));
    /* Domains a builder built outlive it. */
    motive_domain_builder_destroy(builder);

    ENSURE_OK(motive_domain_find_attribute(first, "armed", &id));
    ENSURE(id == 1);
    SENTINEL(id);
    ENSURE_STATUS(motive_domain_find_attribute(first, "enemy", &id), MOTIVE_STATUS_NOT_FOUND);
    ENSURE_UNTOUCHED(id);
    ENSURE_OK(motive_domain_find_attribute(second, "enemy", &id));
    ENSURE(id == 2);
    ENSURE_OK(motive_domain_find_attribute(second, "hunger", &id));
    ENSURE(id == 0);
    motive_domain_destroy(first);
    motive_domain_destroy(second);
}

static void test_destroy_null_does_nothing(void) {
    char before[256];
    char after[256];
    /* Leave a known message behind: a no-op must neither crash nor record an error. */
    ENSURE_STATUS(motive_world_tick(NULL, 1.0), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE(motive_test_contains(motive_test_last_error(before, sizeof before), "world"));
    motive_world_destroy(NULL);
    motive_domain_destroy(NULL);
    motive_domain_builder_destroy(NULL);
    ENSURE_STR_EQ(motive_test_last_error(after, sizeof after), before);
}

static void test_definition_defaults(void) {
    motive_world_def world = motive_world_def_default();
    motive_npc_def npc = motive_npc_def_default();
    motive_object_def object = motive_object_def_default();
    ENSURE(world.struct_size == sizeof(motive_world_def));
    ENSURE(world.entity_capacity == 64);
    ENSURE(world.seed == 0);
    ENSURE(npc.struct_size == sizeof(motive_npc_def));
    ENSURE(vec3_equal(npc.position, vec3(0.0f, 0.0f, 0.0f)));
    ENSURE(object.struct_size == sizeof(motive_object_def));
    ENSURE(vec3_equal(object.position, vec3(0.0f, 0.0f, 0.0f)));
}

static void test_world_keeps_its_seed_and_starts_at_time_zero(void) {
    fixture seeded;
    fixture unseeded;
    uint64_t seed;
    ENSURE(fixture_init(&seeded, UINT64_C(0xFEEDFACECAFEBEEF)));
    ENSURE(fixture_init(&unseeded, 0));
    ENSURE_OK(motive_world_seed(seeded.world, &seed));
    ENSURE(seed == UINT64_C(0xFEEDFACECAFEBEEF));
    ENSURE_OK(motive_world_seed(unseeded.world, &seed));
    ENSURE(seed == 0);
    ENSURE(world_time_is(seeded.world, 0.0));
    ENSURE(!motive_world_is_poisoned(seeded.world));
    fixture_free(&seeded);
    fixture_free(&unseeded);
}

static void test_entity_capacity_is_only_a_hint(void) {
    fixture f;
    motive_world_def def = motive_world_def_default();
    motive_world *small;
    motive_world *empty;
    ENSURE(fixture_init(&f, 1));
    def.entity_capacity = 1;
    ENSURE_OK(motive_world_create(f.domain, &def, &small));
    ENSURE(next_npc_index1(small) == 1);
    ENSURE(next_npc_index1(small) == 2);
    ENSURE(next_npc_index1(small) == 3);
    def.entity_capacity = 0;
    ENSURE_OK(motive_world_create(f.domain, &def, &empty));
    ENSURE(next_npc_index1(empty) == 1);
    motive_world_destroy(small);
    motive_world_destroy(empty);
    fixture_free(&f);
}

static void test_world_outlives_its_domain_handle(void) {
    fixture f;
    motive_npc npc;
    motive_value health = value_number(12.5);
    motive_value wrong_type = value_bool(true);
    ENSURE(fixture_init(&f, 3));
    motive_domain_destroy(f.domain);
    f.domain = NULL;
    ENSURE(fixture_npc(&f, 1.0f, 2.0f, 3.0f, &npc));
    ENSURE_OK(motive_entity_set_fact(f.world, motive_npc_entity(npc), FIXTURE_HEALTH, &health));
    ENSURE(fact_is(f.world, motive_npc_entity(npc), FIXTURE_HEALTH, health));
    /* The world still knows the attribute's declared type. */
    ENSURE_STATUS(motive_entity_set_fact(f.world, motive_npc_entity(npc), FIXTURE_HEALTH,
                                         &wrong_type),
                  MOTIVE_STATUS_TYPE_MISMATCH);
    ENSURE_OK(motive_world_tick(f.world, 2.0));
    ENSURE(world_time_is(f.world, 2.0));
    fixture_free(&f);
}

static void test_tick_advances_the_clock(void) {
    fixture f;
    ENSURE(fixture_init(&f, 0));
    ENSURE_OK(motive_world_tick(f.world, 0.25));
    ENSURE_OK(motive_world_tick(f.world, 0.5));
    ENSURE(world_time_is(f.world, 0.75));
    /* 0 is allowed and changes nothing. */
    ENSURE_OK(motive_world_tick(f.world, 0.0));
    ENSURE(world_time_is(f.world, 0.75));
    fixture_free(&f);
}

static void test_world_def_size_is_checked(void) {
    fixture f;
    const uint32_t sizes[] = {0, (uint32_t)sizeof(motive_world_def) - 1,
                              (uint32_t)sizeof(motive_world_def) + 8, 0xFFFFFFFFu};
    size_t i;
    ENSURE(fixture_init(&f, 0));
    for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        motive_world_def def = motive_world_def_default();
        motive_world *world;
        def.struct_size = sizes[i];
        SENTINEL(world);
        ENSURE_STATUS(motive_world_create(f.domain, &def, &world), MOTIVE_STATUS_INVALID_ARGUMENT);
        ENSURE_UNTOUCHED(world);
        ENSURE_LAST_ERROR_CONTAINS("struct_size");
    }
    fixture_free(&f);
}

static void test_entity_def_sizes_are_checked(void) {
    fixture f;
    motive_npc_def npc_def = motive_npc_def_default();
    motive_object_def object_def = motive_object_def_default();
    ENSURE(fixture_init(&f, 0));
    npc_def.struct_size = sizeof(motive_npc_def) + 4;
    object_def.struct_size = sizeof(motive_object_def) - 4;
    ENSURE(creates_are_rejected(&f, &npc_def, &object_def));
    ENSURE_LAST_ERROR_CONTAINS("struct_size");
    fixture_free(&f);
}

void run_world_tests(void) {
    RUN_TEST(test_builder_builds_independent_domains);
    RUN_TEST(test_destroy_null_does_nothing);
    RUN_TEST(test_definition_defaults);
    RUN_TEST(test_world_keeps_its_seed_and_starts_at_time_zero);
    RUN_TEST(test_entity_capacity_is_only_a_hint);
    RUN_TEST(test_world_outlives_its_domain_handle);
    RUN_TEST(test_tick_advances_the_clock);
    RUN_TEST(test_world_def_size_is_checked);
    RUN_TEST(test_entity_def_sizes_are_checked);
}

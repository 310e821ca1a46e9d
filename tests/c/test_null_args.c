/*
 * NULL pointer arguments: every function that takes a pointer returns
 * MOTIVE_STATUS_NULL_ARGUMENT for a NULL one (boolean queries return false), names the
 * argument in the last error, writes no output and changes nothing.
 */
#include "fixtures.h"
#include "motive_test.h"
#include "suites.h"

static void test_null_builder_arguments(void) {
    motive_domain_builder *builder;
    motive_domain *domain;
    motive_attribute id;
    ENSURE_STATUS(motive_domain_builder_create(NULL), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("out_builder");
    ENSURE_OK(motive_domain_builder_create(&builder));
    SENTINEL(id);
    ENSURE_STATUS(motive_domain_builder_add_attribute(NULL, "a", MOTIVE_VALUE_TYPE_BOOL, &id),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("builder");
    ENSURE_STATUS(motive_domain_builder_add_attribute(builder, NULL, MOTIVE_VALUE_TYPE_BOOL, &id),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("name");
    ENSURE_UNTOUCHED(id);
    ENSURE_STATUS(motive_domain_builder_add_attribute(builder, "a", MOTIVE_VALUE_TYPE_BOOL, NULL),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("out_attribute");
    /* The call without an out pointer did not define "a" anyway. */
    ENSURE_OK(motive_domain_builder_add_attribute(builder, "a", MOTIVE_VALUE_TYPE_BOOL, &id));
    ENSURE(id == 0);
    SENTINEL(domain);
    ENSURE_STATUS(motive_domain_builder_build(NULL, &domain), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_UNTOUCHED(domain);
    ENSURE_STATUS(motive_domain_builder_build(builder, NULL), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("out_domain");
    motive_domain_builder_destroy(builder);
}

static void test_null_domain_and_world_create_arguments(void) {
    fixture f;
    motive_world_def def = motive_world_def_default();
    motive_world *world;
    motive_attribute id;
    ENSURE(fixture_init(&f, 0));
    SENTINEL(id);
    ENSURE_STATUS(motive_domain_find_attribute(NULL, "alive", &id), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_domain_find_attribute(f.domain, NULL, &id), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("name");
    ENSURE_UNTOUCHED(id);
    ENSURE_STATUS(motive_domain_find_attribute(f.domain, "alive", NULL),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    SENTINEL(world);
    ENSURE_STATUS(motive_world_create(NULL, &def, &world), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("domain");
    ENSURE_STATUS(motive_world_create(f.domain, NULL, &world), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("def");
    ENSURE_UNTOUCHED(world);
    ENSURE_STATUS(motive_world_create(f.domain, &def, NULL), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("out_world");
    fixture_free(&f);
}

static void test_null_world_arguments(void) {
    motive_npc_def npc_def = motive_npc_def_default();
    motive_object_def object_def = motive_object_def_default();
    motive_npc npc;
    motive_object object;
    motive_entity entity = {1, 1, 1};
    motive_value value = value_number(1.0);
    double time;
    uint64_t seed;
    uint32_t kind;
    motive_vec3 position;
    motive_value read;
    SENTINEL(time);
    SENTINEL(seed);
    SENTINEL(npc);
    SENTINEL(object);
    SENTINEL(kind);
    SENTINEL(position);
    SENTINEL(read);
    ENSURE_STATUS(motive_world_tick(NULL, 0.5), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("world");
    ENSURE_STATUS(motive_world_time(NULL, &time), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_world_seed(NULL, &seed), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_npc_create(NULL, &npc_def, &npc), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_object_create(NULL, &object_def, &object), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_entity_get_kind(NULL, entity, &kind), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_entity_position(NULL, entity, &position), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_entity_get_fact(NULL, entity, FIXTURE_HEALTH, &read),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_UNTOUCHED(time);
    ENSURE_UNTOUCHED(seed);
    ENSURE_UNTOUCHED(npc);
    ENSURE_UNTOUCHED(object);
    ENSURE_UNTOUCHED(kind);
    ENSURE_UNTOUCHED(position);
    ENSURE_UNTOUCHED(read);
    npc = motive_npc_from_u64(UINT64_C(0x0001000100000001));
    object = motive_object_from_u64(UINT64_C(0x0001000100000001));
    ENSURE_STATUS(motive_npc_destroy(NULL, npc), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_object_destroy(NULL, object), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_entity_set_position(NULL, entity, vec3(0.0f, 0.0f, 0.0f)),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_entity_set_fact(NULL, entity, FIXTURE_HEALTH, &value),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("world");
    ENSURE(!motive_npc_is_valid(NULL, npc));
    ENSURE(!motive_object_is_valid(NULL, object));
    ENSURE(!motive_world_is_poisoned(NULL));
}

static void test_null_out_pointers_on_a_live_world(void) {
    fixture f;
    motive_npc_def npc_def = motive_npc_def_default();
    motive_object_def object_def = motive_object_def_default();
    motive_npc created;
    motive_entity e;
    ENSURE(fixture_init_with_entities(&f));
    e = motive_npc_entity(f.npc);
    ENSURE_STATUS(motive_world_time(f.world, NULL), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("out_seconds");
    ENSURE_STATUS(motive_world_seed(f.world, NULL), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("out_seed");
    SENTINEL(created);
    ENSURE_STATUS(motive_npc_create(f.world, NULL, &created), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("def");
    ENSURE_UNTOUCHED(created);
    ENSURE_STATUS(motive_npc_create(f.world, &npc_def, NULL), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("out_npc");
    ENSURE_STATUS(motive_object_create(f.world, NULL, NULL), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_object_create(f.world, &object_def, NULL), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("out_object");
    ENSURE_STATUS(motive_entity_get_kind(f.world, e, NULL), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("out_kind");
    ENSURE_STATUS(motive_entity_position(f.world, e, NULL), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("out_position");
    ENSURE_STATUS(motive_entity_set_fact(f.world, e, FIXTURE_HEALTH, NULL),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("value");
    ENSURE_STATUS(motive_entity_get_fact(f.world, e, FIXTURE_HEALTH, NULL),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("out_value");
    /* None of the failed creates used up a slot: the fixture's entities hold 1 and 2. */
    ENSURE(next_npc_index1(f.world) == 3);
    fixture_free(&f);
}

void run_null_argument_tests(void) {
    RUN_TEST(test_null_builder_arguments);
    RUN_TEST(test_null_domain_and_world_create_arguments);
    RUN_TEST(test_null_world_arguments);
    RUN_TEST(test_null_out_pointers_on_a_live_world);
}

/*
 * Attributes and facts: defining and finding attributes (names, duplicates, value types), and
 * writing and reading typed facts (bool, number, entity reference, position) with type
 * checks, unknown attributes, unset facts and references to destroyed or null entities.
 */
#include "fixtures.h"
#include "motive_test.h"
#include "suites.h"

/* Sets `value` as `attribute` on `entity` and checks that reading it back gives the same. */
static bool set_and_read_back(motive_world *world, motive_entity entity,
                              motive_attribute attribute, motive_value value) {
    ENSURE_STATUS_OR_RETURN(motive_entity_set_fact(world, entity, attribute, &value),
                            MOTIVE_STATUS_OK, false);
    return fact_is(world, entity, attribute, value);
}

static void test_facts_of_every_type_round_trip(void) {
    fixture f;
    motive_entity e;
    ENSURE(fixture_init_with_entities(&f));
    e = motive_npc_entity(f.npc);
    ENSURE(set_and_read_back(f.world, e, FIXTURE_ALIVE, value_bool(true)));
    ENSURE(set_and_read_back(f.world, e, FIXTURE_ALIVE, value_bool(false)));
    ENSURE(set_and_read_back(f.world, e, FIXTURE_HEALTH, value_number(-40.125)));
    ENSURE(set_and_read_back(f.world, e, FIXTURE_TARGET,
                             value_entity(motive_object_entity(f.object))));
    ENSURE(set_and_read_back(f.world, e, FIXTURE_HOME, value_position(vec3(1.5f, -2.0f, 3.25f))));
    /* Facts of other types were not disturbed by later writes. */
    ENSURE(fact_is(f.world, e, FIXTURE_ALIVE, value_bool(false)));
    ENSURE(fact_is(f.world, e, FIXTURE_HEALTH, value_number(-40.125)));
    /* Objects hold facts too. */
    ENSURE(set_and_read_back(f.world, motive_object_entity(f.object), FIXTURE_HEALTH,
                             value_number(3.0)));
    fixture_free(&f);
}

static void test_any_nonzero_bool_byte_reads_as_true(void) {
    fixture f;
    motive_value value = value_bool(false);
    ENSURE(fixture_init_with_entities(&f));
    /* Store the byte 2 without reading it back as a C bool (that would be undefined). */
    memset(&value.data, 0, sizeof value.data);
    ((unsigned char *)&value.data)[0] = 2;
    ENSURE_OK(motive_entity_set_fact(f.world, motive_npc_entity(f.npc), FIXTURE_ALIVE, &value));
    ENSURE(fact_is(f.world, motive_npc_entity(f.npc), FIXTURE_ALIVE, value_bool(true)));
    fixture_free(&f);
}

static void test_wrong_value_type_is_a_type_mismatch(void) {
    fixture f;
    motive_entity e;
    motive_value number = value_number(1.0);
    motive_value boolean = value_bool(true);
    motive_value position = value_position(vec3(1.0f, 1.0f, 1.0f));
    ENSURE(fixture_init_with_entities(&f));
    e = motive_npc_entity(f.npc);
    ENSURE(set_and_read_back(f.world, e, FIXTURE_ALIVE, value_bool(false)));
    ENSURE_STATUS(motive_entity_set_fact(f.world, e, FIXTURE_ALIVE, &number),
                  MOTIVE_STATUS_TYPE_MISMATCH);
    ENSURE_LAST_ERROR_CONTAINS("alive");
    ENSURE_STATUS(motive_entity_set_fact(f.world, e, FIXTURE_HEALTH, &boolean),
                  MOTIVE_STATUS_TYPE_MISMATCH);
    ENSURE_STATUS(motive_entity_set_fact(f.world, e, FIXTURE_TARGET, &position),
                  MOTIVE_STATUS_TYPE_MISMATCH);
    ENSURE(fact_is(f.world, e, FIXTURE_ALIVE, value_bool(false)));
    fixture_free(&f);
}

static void test_unknown_value_type_is_invalid(void) {
    fixture f;
    motive_value value = value_number(1.0);
    motive_value zeroed;
    motive_attribute id;
    motive_domain_builder *builder;
    ENSURE(fixture_init_with_entities(&f));
    ENSURE(set_and_read_back(f.world, motive_npc_entity(f.npc), FIXTURE_HEALTH, value_number(2.0)));
    memset(&zeroed, 0, sizeof zeroed);
    ENSURE_STATUS(motive_entity_set_fact(f.world, motive_npc_entity(f.npc), FIXTURE_HEALTH,
                                         &zeroed),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    value.type = 99;
    ENSURE_STATUS(motive_entity_set_fact(f.world, motive_npc_entity(f.npc), FIXTURE_HEALTH, &value),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE(fact_is(f.world, motive_npc_entity(f.npc), FIXTURE_HEALTH, value_number(2.0)));
    /* Attributes cannot declare such types either. */
    ENSURE_OK(motive_domain_builder_create(&builder));
    SENTINEL(id);
    ENSURE_STATUS(motive_domain_builder_add_attribute(builder, "x", 0, &id),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_STATUS(motive_domain_builder_add_attribute(builder, "x", 99, &id),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_UNTOUCHED(id);
    /* Neither failure defined "x". */
    ENSURE_OK(motive_domain_builder_add_attribute(builder, "x", MOTIVE_VALUE_TYPE_BOOL, &id));
    ENSURE(id == 0);
    motive_domain_builder_destroy(builder);
    fixture_free(&f);
}

static void test_unknown_attribute_and_unset_fact_are_not_found(void) {
    fixture f;
    motive_value value = value_number(1.0);
    motive_value read;
    ENSURE(fixture_init_with_entities(&f));
    ENSURE_STATUS(motive_entity_set_fact(f.world, motive_npc_entity(f.npc), FIXTURE_ATTRIBUTE_COUNT,
                                         &value),
                  MOTIVE_STATUS_NOT_FOUND);
    ENSURE_STATUS(motive_entity_set_fact(f.world, motive_npc_entity(f.npc), 0xFFFFFFFFu, &value),
                  MOTIVE_STATUS_NOT_FOUND);
    SENTINEL(read);
    ENSURE_STATUS(motive_entity_get_fact(f.world, motive_npc_entity(f.npc), FIXTURE_ATTRIBUTE_COUNT,
                                         &read),
                  MOTIVE_STATUS_NOT_FOUND);
    ENSURE_UNTOUCHED(read);
    ENSURE_STATUS(motive_entity_get_fact(f.world, motive_npc_entity(f.npc), FIXTURE_HEALTH, &read),
                  MOTIVE_STATUS_NOT_FOUND);
    ENSURE_UNTOUCHED(read);
    ENSURE_LAST_ERROR_CONTAINS("health");
    fixture_free(&f);
}

static void test_entity_references_must_be_live_or_null(void) {
    fixture f;
    motive_entity e;
    motive_entity null_entity = {0, 0, 0};
    motive_value reference;
    ENSURE(fixture_init_with_entities(&f));
    e = motive_npc_entity(f.npc);
    ENSURE(set_and_read_back(f.world, e, FIXTURE_TARGET,
                             value_entity(motive_object_entity(f.object))));
    ENSURE(set_and_read_back(f.world, e, FIXTURE_TARGET, value_entity(null_entity)));
    ENSURE(set_and_read_back(f.world, e, FIXTURE_TARGET, value_entity(motive_npc_entity(f.npc))));
    ENSURE_OK(motive_object_destroy(f.world, f.object));
    reference = value_entity(motive_object_entity(f.object));
    ENSURE_STATUS(motive_entity_set_fact(f.world, e, FIXTURE_TARGET, &reference),
                  MOTIVE_STATUS_STALE_HANDLE);
    ENSURE(fact_is(f.world, e, FIXTURE_TARGET, value_entity(motive_npc_entity(f.npc))));
    fixture_free(&f);
}

static void test_find_attribute(void) {
    fixture f;
    motive_attribute id;
    ENSURE(fixture_init(&f, 0));
    ENSURE_OK(motive_domain_find_attribute(f.domain, "alive", &id));
    ENSURE(id == FIXTURE_ALIVE);
    ENSURE_OK(motive_domain_find_attribute(f.domain, "home", &id));
    ENSURE(id == FIXTURE_HOME);
    SENTINEL(id);
    ENSURE_STATUS(motive_domain_find_attribute(f.domain, "mana", &id), MOTIVE_STATUS_NOT_FOUND);
    ENSURE_UNTOUCHED(id);
    ENSURE_LAST_ERROR_CONTAINS("mana");
    /* Lookups are exact: no case folding, no prefixes. */
    ENSURE_STATUS(motive_domain_find_attribute(f.domain, "Alive", &id), MOTIVE_STATUS_NOT_FOUND);
    ENSURE_STATUS(motive_domain_find_attribute(f.domain, "aliv", &id), MOTIVE_STATUS_NOT_FOUND);
    ENSURE_UNTOUCHED(id);
    fixture_free(&f);
}

static void test_duplicate_attribute_name_already_exists(void) {
    motive_domain_builder *builder;
    motive_attribute id;
    ENSURE_OK(motive_domain_builder_create(&builder));
    ENSURE_OK(
        motive_domain_builder_add_attribute(builder, "health", MOTIVE_VALUE_TYPE_NUMBER, &id));
    SENTINEL(id);
    ENSURE_STATUS(motive_domain_builder_add_attribute(builder, "health", MOTIVE_VALUE_TYPE_NUMBER,
                                                      &id),
                  MOTIVE_STATUS_ALREADY_EXISTS);
    ENSURE_STATUS(motive_domain_builder_add_attribute(builder, "health", MOTIVE_VALUE_TYPE_BOOL,
                                                      &id),
                  MOTIVE_STATUS_ALREADY_EXISTS);
    ENSURE_UNTOUCHED(id);
    ENSURE_LAST_ERROR_CONTAINS("health");
    /* The rejected definitions took no id. */
    ENSURE_OK(motive_domain_builder_add_attribute(builder, "mana", MOTIVE_VALUE_TYPE_NUMBER, &id));
    ENSURE(id == 1);
    motive_domain_builder_destroy(builder);
}

static void test_attribute_names_must_be_identifiers(void) {
    static const char *const invalid[] = {
        "1abc", "", "has space", "-dash", ".dot", "a/b", "\xc3\xa9t\xc3\xa9", /* "été" */
        "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", /* 65 bytes */
    };
    static const char *const valid[] = {
        "_x", "A1", "target.dead", "mana-max",
        "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", /* 64 bytes */
    };
    motive_domain_builder *builder;
    motive_attribute id;
    size_t i;
    ENSURE_OK(motive_domain_builder_create(&builder));
    SENTINEL(id);
    for (i = 0; i < sizeof invalid / sizeof invalid[0]; i++) {
        ENSURE_STATUS(motive_domain_builder_add_attribute(builder, invalid[i],
                                                          MOTIVE_VALUE_TYPE_BOOL, &id),
                      MOTIVE_STATUS_INVALID_ARGUMENT);
        ENSURE_UNTOUCHED(id);
    }
    for (i = 0; i < sizeof valid / sizeof valid[0]; i++) {
        ENSURE_OK(motive_domain_builder_add_attribute(builder, valid[i], MOTIVE_VALUE_TYPE_BOOL,
                                                      &id));
        ENSURE(id == i);
    }
    motive_domain_builder_destroy(builder);
}

static void test_names_must_be_utf8(void) {
    fixture f;
    motive_domain_builder *builder;
    motive_attribute id;
    ENSURE(fixture_init(&f, 0));
    ENSURE_OK(motive_domain_builder_create(&builder));
    SENTINEL(id);
    ENSURE_STATUS(motive_domain_builder_add_attribute(builder, "\xff", MOTIVE_VALUE_TYPE_BOOL, &id),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("UTF-8");
    ENSURE_STATUS(motive_domain_builder_add_attribute(builder, "ab\xc3", MOTIVE_VALUE_TYPE_BOOL,
                                                      &id),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_STATUS(motive_domain_find_attribute(f.domain, "\xff", &id),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("UTF-8");
    ENSURE_UNTOUCHED(id);
    motive_domain_builder_destroy(builder);
    fixture_free(&f);
}

void run_fact_tests(void) {
    RUN_TEST(test_facts_of_every_type_round_trip);
    RUN_TEST(test_any_nonzero_bool_byte_reads_as_true);
    RUN_TEST(test_wrong_value_type_is_a_type_mismatch);
    RUN_TEST(test_unknown_value_type_is_invalid);
    RUN_TEST(test_unknown_attribute_and_unset_fact_are_not_found);
    RUN_TEST(test_entity_references_must_be_live_or_null);
    RUN_TEST(test_find_attribute);
    RUN_TEST(test_duplicate_attribute_name_already_exists);
    RUN_TEST(test_attribute_names_must_be_identifiers);
    RUN_TEST(test_names_must_be_utf8);
}

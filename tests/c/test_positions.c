/*
 * Where entities are and what they are: creating at a position, reading it back, moving, and
 * motive_entity_kind for NPCs, objects and destroyed entities.
 */
#include "fixtures.h"
#include "motive_test.h"
#include "suites.h"

static void test_entities_start_where_their_definition_says(void) {
    fixture f;
    motive_npc npc;
    motive_object object;
    motive_vec3 position;
    ENSURE(fixture_init(&f, 0));
    ENSURE(fixture_npc(&f, 1.5f, -2.25f, 1000.0f, &npc));
    ENSURE(fixture_object(&f, -0.5f, 0.0f, 3.75f, &object));
    ENSURE_OK(motive_entity_position(f.world, motive_npc_entity(npc), &position));
    ENSURE(vec3_equal(position, vec3(1.5f, -2.25f, 1000.0f)));
    ENSURE_OK(motive_entity_position(f.world, motive_object_entity(object), &position));
    ENSURE(vec3_equal(position, vec3(-0.5f, 0.0f, 3.75f)));
    fixture_free(&f);
}

static void test_set_position_moves_an_entity(void) {
    fixture f;
    motive_npc npc;
    motive_object object;
    motive_vec3 position;
    ENSURE(fixture_init(&f, 0));
    ENSURE(fixture_npc(&f, 0.0f, 0.0f, 0.0f, &npc));
    ENSURE(fixture_object(&f, 0.0f, 0.0f, 0.0f, &object));
    ENSURE_OK(motive_entity_set_position(f.world, motive_npc_entity(npc), vec3(4.0f, 5.0f, 6.0f)));
    ENSURE_OK(motive_entity_position(f.world, motive_npc_entity(npc), &position));
    ENSURE(vec3_equal(position, vec3(4.0f, 5.0f, 6.0f)));
    /* Moving one entity leaves the other where it was. */
    ENSURE_OK(motive_entity_position(f.world, motive_object_entity(object), &position));
    ENSURE(vec3_equal(position, vec3(0.0f, 0.0f, 0.0f)));
    ENSURE_OK(motive_entity_set_position(f.world, motive_object_entity(object),
                                         vec3(-7.0f, 0.125f, 8.0f)));
    ENSURE_OK(motive_entity_position(f.world, motive_object_entity(object), &position));
    ENSURE(vec3_equal(position, vec3(-7.0f, 0.125f, 8.0f)));
    fixture_free(&f);
}

static void test_entity_kind_reports_npc_or_object(void) {
    fixture f;
    motive_npc npc;
    motive_object object;
    uint32_t kind; /* the C type of a motive_entity_kind */
    ENSURE(fixture_init(&f, 0));
    ENSURE(fixture_npc(&f, 0.0f, 0.0f, 0.0f, &npc));
    ENSURE(fixture_object(&f, 0.0f, 0.0f, 0.0f, &object));
    ENSURE_OK(motive_entity_kind(f.world, motive_npc_entity(npc), &kind));
    ENSURE(kind == MOTIVE_ENTITY_KIND_NPC);
    ENSURE_OK(motive_entity_kind(f.world, motive_object_entity(object), &kind));
    ENSURE(kind == MOTIVE_ENTITY_KIND_OBJECT);
    ENSURE_OK(motive_npc_destroy(f.world, npc));
    SENTINEL(kind);
    ENSURE_STATUS(motive_entity_kind(f.world, motive_npc_entity(npc), &kind),
                  MOTIVE_STATUS_STALE_HANDLE);
    ENSURE_UNTOUCHED(kind);
    fixture_free(&f);
}

static void test_destroyed_entity_cannot_move(void) {
    fixture f;
    motive_object object;
    ENSURE(fixture_init(&f, 0));
    ENSURE(fixture_object(&f, 0.0f, 0.0f, 0.0f, &object));
    ENSURE_OK(motive_object_destroy(f.world, object));
    ENSURE_STATUS(motive_entity_set_position(f.world, motive_object_entity(object),
                                             vec3(1.0f, 1.0f, 1.0f)),
                  MOTIVE_STATUS_STALE_HANDLE);
    fixture_free(&f);
}

void run_position_tests(void) {
    RUN_TEST(test_entities_start_where_their_definition_says);
    RUN_TEST(test_set_position_moves_an_entity);
    RUN_TEST(test_entity_kind_reports_npc_or_object);
    RUN_TEST(test_destroyed_entity_cannot_move);
}

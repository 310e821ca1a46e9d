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
    ENSURE(fixture_init(&f, 0));
    ENSURE(fixture_npc(&f, 1.5f, -2.25f, 1000.0f, &npc));
    ENSURE(fixture_object(&f, -0.5f, 0.0f, 3.75f, &object));
    ENSURE(position_is(f.world, motive_npc_entity(npc), vec3(1.5f, -2.25f, 1000.0f)));
    ENSURE(position_is(f.world, motive_object_entity(object), vec3(-0.5f, 0.0f, 3.75f)));
    fixture_free(&f);
}

static void test_set_position_moves_an_entity(void) {
    fixture f;
    motive_entity npc;
    motive_entity object;
    ENSURE(fixture_init_with_entities(&f));
    npc = motive_npc_entity(f.npc);
    object = motive_object_entity(f.object);
    ENSURE_OK(motive_entity_set_position(f.world, npc, vec3(4.0f, 5.0f, 6.0f)));
    ENSURE(position_is(f.world, npc, vec3(4.0f, 5.0f, 6.0f)));
    /* Moving one entity leaves the other where it was. */
    ENSURE(position_is(f.world, object, vec3(0.0f, 0.0f, 0.0f)));
    ENSURE_OK(motive_entity_set_position(f.world, object, vec3(-7.0f, 0.125f, 8.0f)));
    ENSURE(position_is(f.world, object, vec3(-7.0f, 0.125f, 8.0f)));
    ENSURE(position_is(f.world, npc, vec3(4.0f, 5.0f, 6.0f)));
    fixture_free(&f);
}

static void test_entity_kind_reports_npc_or_object(void) {
    fixture f;
    uint32_t kind; /* the C type of a motive_entity_kind */
    ENSURE(fixture_init_with_entities(&f));
    ENSURE_OK(motive_entity_get_kind(f.world, motive_npc_entity(f.npc), &kind));
    ENSURE(kind == MOTIVE_ENTITY_KIND_NPC);
    ENSURE_OK(motive_entity_get_kind(f.world, motive_object_entity(f.object), &kind));
    ENSURE(kind == MOTIVE_ENTITY_KIND_OBJECT);
    ENSURE_OK(motive_npc_destroy(f.world, f.npc));
    SENTINEL(kind);
    ENSURE_STATUS(motive_entity_get_kind(f.world, motive_npc_entity(f.npc), &kind),
                  MOTIVE_STATUS_STALE_HANDLE);
    ENSURE_UNTOUCHED(kind);
    fixture_free(&f);
}

static void test_destroyed_entity_cannot_move(void) {
    fixture f;
    ENSURE(fixture_init_with_entities(&f));
    ENSURE_OK(motive_object_destroy(f.world, f.object));
    ENSURE_STATUS(motive_entity_set_position(f.world, motive_object_entity(f.object),
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

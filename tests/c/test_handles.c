/*
 * Entity handle validity: live and destroyed handles, recycled slots (the old handle stays
 * stale), kind confusion (an NPC handle used as an object), null and never-issued handles,
 * and handles used on a world that did not issue them.
 */
#include "fixtures.h"
#include "motive_test.h"
#include "suites.h"

static void test_handles_are_valid_until_destroyed(void) {
    fixture f;
    ENSURE(fixture_init_with_entities(&f));
    ENSURE(f.npc.index1 == 1 && f.object.index1 == 2);
    ENSURE(motive_npc_is_valid(f.world, f.npc));
    ENSURE(motive_object_is_valid(f.world, f.object));
    ENSURE_OK(motive_npc_destroy(f.world, f.npc));
    ENSURE(!motive_npc_is_valid(f.world, f.npc));
    ENSURE(motive_object_is_valid(f.world, f.object));
    ENSURE_OK(motive_object_destroy(f.world, f.object));
    ENSURE(!motive_object_is_valid(f.world, f.object));
    ENSURE_STATUS(motive_object_destroy(f.world, f.object), MOTIVE_STATUS_STALE_HANDLE);
    fixture_free(&f);
}

static void test_recycled_slot_keeps_old_handle_stale(void) {
    fixture f;
    motive_npc old_npc;
    motive_npc new_npc;
    motive_entity old_entity;
    motive_entity new_entity;
    motive_value value = value_number(7.0);
    motive_value read;
    motive_vec3 position;
    ENSURE(fixture_init_with_entities(&f));
    old_npc = f.npc;
    old_entity = motive_npc_entity(old_npc);
    ENSURE_OK(motive_entity_set_fact(f.world, old_entity, FIXTURE_HEALTH, &value));
    ENSURE_OK(motive_npc_destroy(f.world, old_npc));
    ENSURE(fixture_npc(&f, 0.0f, 0.0f, 0.0f, &new_npc));
    new_entity = motive_npc_entity(new_npc);
    ENSURE(new_npc.index1 == old_npc.index1);
    ENSURE(new_npc.generation != old_npc.generation);
    ENSURE(new_npc.world == old_npc.world);

    ENSURE(!motive_npc_is_valid(f.world, old_npc));
    ENSURE(motive_npc_is_valid(f.world, new_npc));
    ENSURE_STATUS(motive_npc_destroy(f.world, old_npc), MOTIVE_STATUS_STALE_HANDLE);
    ENSURE_STATUS(motive_entity_set_fact(f.world, old_entity, FIXTURE_HEALTH, &value),
                  MOTIVE_STATUS_STALE_HANDLE);
    SENTINEL(read);
    ENSURE_STATUS(motive_entity_get_fact(f.world, old_entity, FIXTURE_HEALTH, &read),
                  MOTIVE_STATUS_STALE_HANDLE);
    ENSURE_UNTOUCHED(read);
    SENTINEL(position);
    ENSURE_STATUS(motive_entity_position(f.world, old_entity, &position),
                  MOTIVE_STATUS_STALE_HANDLE);
    ENSURE_UNTOUCHED(position);

    /* The new NPC works, did not inherit the old one's facts, and survived the stale destroy. */
    ENSURE(motive_npc_is_valid(f.world, new_npc));
    ENSURE_STATUS(motive_entity_get_fact(f.world, new_entity, FIXTURE_HEALTH, &read),
                  MOTIVE_STATUS_NOT_FOUND);
    ENSURE_OK(motive_entity_set_fact(f.world, new_entity, FIXTURE_HEALTH, &value));
    ENSURE(fact_is(f.world, new_entity, FIXTURE_HEALTH, value));
    ENSURE_OK(motive_npc_destroy(f.world, new_npc));
    fixture_free(&f);
}

static void test_npc_handle_is_not_an_object_handle(void) {
    fixture f;
    motive_object npc_as_object;
    motive_npc object_as_npc;
    ENSURE(fixture_init_with_entities(&f));
    npc_as_object = motive_entity_as_object(motive_npc_entity(f.npc));
    object_as_npc = motive_entity_as_npc(motive_object_entity(f.object));
    ENSURE(!motive_object_is_valid(f.world, npc_as_object));
    ENSURE(!motive_npc_is_valid(f.world, object_as_npc));
    ENSURE_STATUS(motive_object_destroy(f.world, npc_as_object), MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_STATUS(motive_npc_destroy(f.world, object_as_npc), MOTIVE_STATUS_INVALID_ARGUMENT);
    /* The rejected destroys changed nothing. */
    ENSURE(motive_npc_is_valid(f.world, f.npc));
    ENSURE(motive_object_is_valid(f.world, f.object));
    fixture_free(&f);
}

static void test_null_handle_is_never_valid(void) {
    fixture f;
    motive_npc null_npc = {0, 0, 0};
    motive_object null_object = {0, 0, 0};
    motive_entity null_entity = {0, 0, 0};
    motive_vec3 position;
    ENSURE(fixture_init(&f, 0));
    ENSURE(!motive_npc_is_valid(f.world, null_npc));
    ENSURE(!motive_object_is_valid(f.world, null_object));
    /* The header only promises an error for null handles; motive reports an invalid argument. */
    ENSURE_STATUS(motive_npc_destroy(f.world, null_npc), MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_STATUS(motive_object_destroy(f.world, null_object), MOTIVE_STATUS_INVALID_ARGUMENT);
    SENTINEL(position);
    ENSURE_STATUS(motive_entity_position(f.world, null_entity, &position),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_UNTOUCHED(position);
    fixture_free(&f);
}

static void test_never_issued_handle_is_stale(void) {
    fixture f;
    motive_npc never;
    motive_npc future;
    motive_value read;
    ENSURE(fixture_init_with_entities(&f));
    never = f.npc;
    never.index1 = 999;
    future = f.npc;
    future.generation = (uint16_t)(f.npc.generation + 5);
    ENSURE(!motive_npc_is_valid(f.world, never));
    ENSURE(!motive_npc_is_valid(f.world, future));
    ENSURE_STATUS(motive_npc_destroy(f.world, never), MOTIVE_STATUS_STALE_HANDLE);
    ENSURE_STATUS(motive_npc_destroy(f.world, future), MOTIVE_STATUS_STALE_HANDLE);
    SENTINEL(read);
    ENSURE_STATUS(motive_entity_get_fact(f.world, motive_npc_entity(never), FIXTURE_HEALTH, &read),
                  MOTIVE_STATUS_STALE_HANDLE);
    ENSURE_UNTOUCHED(read);
    ENSURE(motive_npc_is_valid(f.world, f.npc));
    fixture_free(&f);
}

static void test_handle_from_another_world_is_rejected(void) {
    fixture a;
    fixture b;
    motive_npc a_npc;
    motive_npc b_npc;
    motive_entity a_entity;
    motive_value health = value_number(50.0);
    motive_value read;
    motive_vec3 position;
    ENSURE(fixture_init(&a, 0));
    ENSURE(fixture_init(&b, 0));
    ENSURE(fixture_npc(&a, 1.0f, 1.0f, 1.0f, &a_npc));
    ENSURE(fixture_npc(&b, 2.0f, 2.0f, 2.0f, &b_npc));
    a_entity = motive_npc_entity(a_npc);
    /* Same slot and generation in both worlds: only the world serial tells them apart. */
    ENSURE(a_npc.index1 == b_npc.index1 && a_npc.generation == b_npc.generation);
    ENSURE(a_npc.world != b_npc.world);
    ENSURE_OK(motive_entity_set_fact(b.world, motive_npc_entity(b_npc), FIXTURE_HEALTH, &health));

    ENSURE(!motive_npc_is_valid(b.world, a_npc));
    ENSURE_STATUS(motive_npc_destroy(b.world, a_npc), MOTIVE_STATUS_WRONG_WORLD);
    ENSURE_STATUS(motive_entity_set_fact(b.world, a_entity, FIXTURE_HEALTH, &health),
                  MOTIVE_STATUS_WRONG_WORLD);
    SENTINEL(position);
    ENSURE_STATUS(motive_entity_position(b.world, a_entity, &position), MOTIVE_STATUS_WRONG_WORLD);
    ENSURE_UNTOUCHED(position);
    ENSURE_STATUS(motive_entity_set_position(b.world, a_entity, vec3(9.0f, 9.0f, 9.0f)),
                  MOTIVE_STATUS_WRONG_WORLD);
    read = value_entity(a_entity);
    ENSURE_STATUS(motive_entity_set_fact(b.world, motive_npc_entity(b_npc), FIXTURE_TARGET, &read),
                  MOTIVE_STATUS_WRONG_WORLD);

    /* World B is unchanged: its NPC is alive, unmoved, with its fact, and no slot was used. */
    ENSURE(motive_npc_is_valid(b.world, b_npc));
    ENSURE(position_is(b.world, motive_npc_entity(b_npc), vec3(2.0f, 2.0f, 2.0f)));
    ENSURE(fact_is(b.world, motive_npc_entity(b_npc), FIXTURE_HEALTH, health));
    ENSURE_STATUS(motive_entity_get_fact(b.world, motive_npc_entity(b_npc), FIXTURE_TARGET, &read),
                  MOTIVE_STATUS_NOT_FOUND);
    ENSURE(next_npc_index1(b.world) == 2);
    /* And world A still has its NPC, where it was. */
    ENSURE(motive_npc_is_valid(a.world, a_npc));
    ENSURE(position_is(a.world, a_entity, vec3(1.0f, 1.0f, 1.0f)));
    fixture_free(&a);
    fixture_free(&b);
}

void run_handle_tests(void) {
    RUN_TEST(test_handles_are_valid_until_destroyed);
    RUN_TEST(test_recycled_slot_keeps_old_handle_stale);
    RUN_TEST(test_npc_handle_is_not_an_object_handle);
    RUN_TEST(test_null_handle_is_never_valid);
    RUN_TEST(test_never_issued_handle_is_stale);
    RUN_TEST(test_handle_from_another_world_is_rejected);
}

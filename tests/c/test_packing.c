/*
 * Handle values: packing into uint64_t (bits 0-31 index1, 32-47 generation, 48-63 world;
 * null is 0) and back for all three handle types, and the conversions between entity, NPC
 * and object handles, which keep every field.
 */
#include "fixtures.h"
#include "motive_test.h"
#include "suites.h"

static const uint64_t PACKED = UINT64_C(0x1234ABCDDEADBEEF);

static void test_documented_bit_layout(void) {
    motive_entity entity = {0xDEADBEEFu, 0xABCD, 0x1234};
    motive_npc npc = {0xDEADBEEFu, 0xABCD, 0x1234};
    motive_object object = {0xDEADBEEFu, 0xABCD, 0x1234};
    motive_entity index_only = {1, 0, 0};
    motive_entity generation_only = {0, 1, 0};
    motive_entity world_only = {0, 0, 1};
    ENSURE(motive_entity_to_u64(entity) == PACKED);
    ENSURE(motive_npc_to_u64(npc) == PACKED);
    ENSURE(motive_object_to_u64(object) == PACKED);
    ENSURE(motive_entity_to_u64(index_only) == UINT64_C(1));
    ENSURE(motive_entity_to_u64(generation_only) == UINT64_C(1) << 32);
    ENSURE(motive_entity_to_u64(world_only) == UINT64_C(1) << 48);
}

static void test_unpacking_reverses_packing(void) {
    motive_entity entity = motive_entity_from_u64(PACKED);
    motive_npc npc = motive_npc_from_u64(PACKED);
    motive_object object = motive_object_from_u64(PACKED);
    motive_entity max = motive_entity_from_u64(UINT64_MAX);
    ENSURE(entity.index1 == 0xDEADBEEFu && entity.generation == 0xABCD && entity.world == 0x1234);
    ENSURE(npc.index1 == 0xDEADBEEFu && npc.generation == 0xABCD && npc.world == 0x1234);
    ENSURE(object.index1 == 0xDEADBEEFu && object.generation == 0xABCD && object.world == 0x1234);
    ENSURE(max.index1 == 0xFFFFFFFFu && max.generation == 0xFFFF && max.world == 0xFFFF);
    ENSURE(motive_entity_to_u64(max) == UINT64_MAX);
}

static void test_null_packs_to_zero(void) {
    motive_entity null_entity = {0, 0, 0};
    motive_npc null_npc = {0, 0, 0};
    motive_object null_object = {0, 0, 0};
    motive_entity entity = motive_entity_from_u64(0);
    motive_npc npc = motive_npc_from_u64(0);
    motive_object object = motive_object_from_u64(0);
    ENSURE(motive_entity_to_u64(null_entity) == 0);
    ENSURE(motive_npc_to_u64(null_npc) == 0);
    ENSURE(motive_object_to_u64(null_object) == 0);
    ENSURE(entity.index1 == 0 && entity.generation == 0 && entity.world == 0);
    ENSURE(npc.index1 == 0 && npc.generation == 0 && npc.world == 0);
    ENSURE(object.index1 == 0 && object.generation == 0 && object.world == 0);
}

static void test_live_handles_round_trip(void) {
    fixture f;
    motive_npc npc_back;
    motive_object object_back;
    motive_entity entity_back;
    ENSURE(fixture_init_with_entities(&f));
    npc_back = motive_npc_from_u64(motive_npc_to_u64(f.npc));
    object_back = motive_object_from_u64(motive_object_to_u64(f.object));
    entity_back = motive_entity_from_u64(motive_entity_to_u64(motive_object_entity(f.object)));
    ENSURE(npc_back.index1 == f.npc.index1 && npc_back.generation == f.npc.generation &&
           npc_back.world == f.npc.world);
    ENSURE(entity_equal(motive_object_entity(object_back), motive_object_entity(f.object)));
    ENSURE(entity_equal(entity_back, motive_object_entity(f.object)));
    ENSURE(motive_npc_is_valid(f.world, npc_back));
    ENSURE(motive_object_is_valid(f.world, object_back));
    ENSURE(motive_object_is_valid(f.world, motive_entity_as_object(entity_back)));
    /* All three packings of one handle agree. */
    ENSURE(motive_entity_to_u64(motive_npc_entity(f.npc)) == motive_npc_to_u64(f.npc));
    ENSURE(motive_entity_to_u64(motive_object_entity(f.object)) == motive_object_to_u64(f.object));
    fixture_free(&f);
}

static void test_conversions_keep_every_field(void) {
    motive_npc npc = {0xDEADBEEFu, 0xABCD, 0x1234};
    motive_object object = {0xDEADBEEFu, 0xABCD, 0x1234};
    motive_entity from_npc = motive_npc_entity(npc);
    motive_entity from_object = motive_object_entity(object);
    motive_npc as_npc = motive_entity_as_npc(from_object);
    motive_object as_object = motive_entity_as_object(from_npc);
    ENSURE(motive_entity_to_u64(from_npc) == PACKED);
    ENSURE(motive_entity_to_u64(from_object) == PACKED);
    ENSURE(motive_npc_to_u64(as_npc) == PACKED);
    ENSURE(motive_object_to_u64(as_object) == PACKED);
}

void run_packing_tests(void) {
    RUN_TEST(test_documented_bit_layout);
    RUN_TEST(test_unpacking_reverses_packing);
    RUN_TEST(test_null_packs_to_zero);
    RUN_TEST(test_live_handles_round_trip);
    RUN_TEST(test_conversions_keep_every_field);
}

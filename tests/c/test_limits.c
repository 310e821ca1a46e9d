/*
 * Limits of worlds: entity_capacity hints above the documented maximum (2^24), and world
 * serials (the 16 bits in every handle that tell worlds apart) over more world creations than
 * there are serials, while one world stays alive.
 */
#include "fixtures.h"
#include "motive_test.h"
#include "suites.h"

static void test_capacity_hint_above_the_maximum_is_invalid(void) {
    static const uint32_t too_big[] = {(1u << 24) + 1u, 0xFFFFFFFFu};
    fixture f;
    size_t i;
    ENSURE(fixture_init(&f, 0));
    for (i = 0; i < sizeof too_big / sizeof too_big[0]; i++) {
        motive_world_def def = motive_world_def_default();
        motive_world *world = (motive_world *)&f; /* sentinel: must stay untouched */
        def.entity_capacity = too_big[i];
        ENSURE_STATUS(motive_world_create(f.domain, &def, &world), MOTIVE_STATUS_INVALID_ARGUMENT);
        ENSURE(world == (motive_world *)&f);
    }
    fixture_free(&f);
}

static void test_world_serials_never_collide_while_alive(void) {
    fixture a;
    motive_world_def def = motive_world_def_default();
    motive_vec3 position;
    bool foreign = true;
    uint32_t status = MOTIVE_STATUS_WRONG_WORLD;
    uint32_t i;
    ENSURE(fixture_init_with_entities(&a));
    /* Enough worlds for every 16-bit serial to come round again while world A is alive; stops
     * at the first world that takes A's handle for its own. */
    for (i = 0; foreign && status == MOTIVE_STATUS_WRONG_WORLD && i <= 0x10000u; i++) {
        motive_world *other;
        ENSURE_OK(motive_world_create(a.domain, &def, &other));
        /* Same slot and generation as A's NPC: only the serial can tell them apart. */
        ENSURE(next_npc_index1(other) == a.npc.index1);
        foreign = !motive_npc_is_valid(other, a.npc);
        SENTINEL(position);
        status = motive_entity_position(other, motive_npc_entity(a.npc), &position);
        motive_world_destroy(other);
    }
    fixture_free(&a);
    ENSURE(foreign && "world A's NPC handle is foreign to every other live world");
    ENSURE_STATUS(status, MOTIVE_STATUS_WRONG_WORLD);
    ENSURE_UNTOUCHED(position);
}

void run_limit_tests(void) {
    RUN_TEST(test_capacity_hint_above_the_maximum_is_invalid);
    RUN_TEST(test_world_serials_never_collide_while_alive);
}

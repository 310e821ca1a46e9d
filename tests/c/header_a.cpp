/*
 * Header check (C++17), part 1 of 3: motive.h included twice in one translation unit, used
 * from C++. Linking against the C library proves the declarations have C linkage
 * (extern "C"); the static_asserts check that the enums have uint32_t underneath, as the C
 * ABI passes them.
 */
#include "motive.h"
#include "motive.h"

#include <cstdint>
#include <type_traits>

static_assert(std::is_same<std::underlying_type<motive_status>::type, uint32_t>::value,
              "motive_status is a uint32_t in C");
static_assert(std::is_same<std::underlying_type<motive_value_type>::type, uint32_t>::value,
              "motive_value_type is a uint32_t in C");
static_assert(sizeof(motive_npc) == 8 && sizeof(motive_entity) == 8, "handles are 8 bytes");

uint64_t header_a();

// Packs a made-up NPC handle once two calls have returned what the header promises.
uint64_t header_a() {
    motive_npc npc = {7, 3, 2};
    motive_world_def def = motive_world_def_default();
    motive_status status = motive_world_tick(nullptr, 1.0);
    if (def.struct_size != sizeof(motive_world_def) || status != MOTIVE_STATUS_NULL_ARGUMENT) {
        return 0;
    }
    return motive_npc_to_u64(npc);
}

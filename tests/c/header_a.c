/*
 * Header check (C99), part 1 of 3: motive.h included twice in one translation unit (the
 * include guard must make the second include a no-op), using handle, definition and status
 * types. header_main.c links this with header_b.c, so any definition in the header would
 * collide at link time.
 */
#include "motive.h"
#include "motive.h"

uint64_t header_a(void);

/* Packs a made-up NPC handle once two calls have returned what the header promises. */
uint64_t header_a(void) {
    motive_npc npc = {7, 3, 2};
    motive_world_def def = motive_world_def_default();
    motive_status status = motive_world_tick(NULL, 1.0);
    if (def.struct_size != sizeof(motive_world_def) || status != MOTIVE_STATUS_NULL_ARGUMENT) {
        return 0;
    }
    return motive_npc_to_u64(npc);
}

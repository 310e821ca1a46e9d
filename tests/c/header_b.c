/*
 * Header check (C99), part 2 of 3: motive.h included twice again, using value, position,
 * entity and enum types.
 */
#include <string.h>

#include "motive.h"
#include "motive.h"

uint32_t header_b(void);

/* The type tag of a null entity value once the status and ABI calls agree with the header. */
uint32_t header_b(void) {
    motive_value value;
    motive_entity null_entity = {0, 0, 0};
    motive_vec3 origin = {0.0f, 0.0f, 0.0f};
    memset(&value, 0, sizeof value);
    value.type = MOTIVE_VALUE_TYPE_ENTITY;
    value.data.entity = null_entity;
    if (motive_abi_version() != MOTIVE_ABI_VERSION || origin.x != 0.0f ||
        strcmp(motive_status_str(MOTIVE_STATUS_PANIC), "MOTIVE_STATUS_PANIC") != 0) {
        return 0;
    }
    return value.type;
}

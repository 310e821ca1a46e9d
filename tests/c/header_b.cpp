/*
 * Header check (C++17), part 2 of 3: motive.h included twice again, using value and enum
 * types. In C++ the function motive_entity_kind hides the enum of the same name, so the enum
 * is spelled "enum motive_entity_kind".
 */
#include "motive.h"
#include "motive.h"

#include <cstdint>
#include <cstring>
#include <type_traits>

static_assert(std::is_same<std::underlying_type<enum motive_entity_kind>::type, uint32_t>::value,
              "motive_entity_kind is a uint32_t in C");

uint32_t header_b();

// The type tag of a null entity value once the status, kind and ABI calls agree with the header.
uint32_t header_b() {
    motive_value value;
    std::memset(&value, 0, sizeof value);
    value.type = MOTIVE_VALUE_TYPE_ENTITY;
    value.data.entity = motive_entity{0, 0, 0};
    enum motive_entity_kind kind = MOTIVE_ENTITY_KIND_OBJECT;
    motive_status status = motive_entity_get_kind(nullptr, value.data.entity, &kind);
    if (status != MOTIVE_STATUS_NULL_ARGUMENT || kind != MOTIVE_ENTITY_KIND_OBJECT ||
        motive_abi_version() != MOTIVE_ABI_VERSION ||
        std::strcmp(motive_status_str(MOTIVE_STATUS_PANIC), "MOTIVE_STATUS_PANIC") != 0) {
        return 0;
    }
    return value.type;
}

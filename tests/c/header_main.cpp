/*
 * Header check (C++17), part 3 of 3: calls the functions of header_a.cpp and header_b.cpp and
 * prints "c-header (c++17): 1 passed, 0 failed" when both return what they should.
 */
#include <cstdint>
#include <cstdio>

#include "motive.h"

uint64_t header_a();
uint32_t header_b();

int main() {
    bool ok = header_a() == (UINT64_C(7) | UINT64_C(3) << 32 | UINT64_C(2) << 48) &&
              header_b() == MOTIVE_VALUE_TYPE_ENTITY;
    std::printf("c-header (c++17): %d passed, %d failed\n", ok ? 1 : 0, ok ? 0 : 1);
    return ok ? 0 : 1;
}

/*
 * Header check (C99), part 3 of 3: calls the functions of header_a.c and header_b.c and
 * prints "c-header (c99): 1 passed, 0 failed" when both return what they should.
 */
#include <stdio.h>

#include "motive.h"

uint64_t header_a(void);
uint32_t header_b(void);

int main(void) {
    int ok = header_a() == (UINT64_C(7) | UINT64_C(3) << 32 | UINT64_C(2) << 48) &&
             header_b() == MOTIVE_VALUE_TYPE_ENTITY;
    printf("c-header (c99): %d passed, %d failed\n", ok, !ok);
    return ok ? 0 : 1;
}

/*
 * Versions: the library's ABI version and version string agree with the header's
 * MOTIVE_ABI_VERSION and MOTIVE_VERSION_* macros.
 */
#include <stdio.h>

#include "motive_test.h"
#include "suites.h"

static void test_abi_version_matches_header(void) {
    ENSURE(motive_abi_version() == MOTIVE_ABI_VERSION);
}

static void test_version_string_matches_header(void) {
    char from_parts[64];
    snprintf(from_parts, sizeof from_parts, "%d.%d.%d", MOTIVE_VERSION_MAJOR, MOTIVE_VERSION_MINOR,
             MOTIVE_VERSION_PATCH);
    ENSURE_STR_EQ(motive_version(), MOTIVE_VERSION_STRING);
    ENSURE_STR_EQ(motive_version(), from_parts);
}

void run_version_tests(void) {
    RUN_TEST(test_abi_version_matches_header);
    RUN_TEST(test_version_string_matches_header);
}

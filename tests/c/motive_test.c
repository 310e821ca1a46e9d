/* The test runner's state and reporting (see motive_test.h). */
#include "motive_test.h"

#include <stdio.h>

int motive_test_check_failures = 0;
int motive_test_passed = 0;
int motive_test_failed = 0;

static void print_last_error(void) {
    char buffer[512];
    fprintf(stderr, "    last error: \"%s\"\n", motive_test_last_error(buffer, sizeof buffer));
}

void motive_test_fail(const char *file, int line, const char *what) {
    motive_test_check_failures++;
    fprintf(stderr, "  %s:%d: check failed: %s\n", file, line, what);
    print_last_error();
}

void motive_test_fail_status(const char *file, int line, const char *call, uint32_t actual,
                             uint32_t expected) {
    motive_test_check_failures++;
    fprintf(stderr, "  %s:%d: %s\n    returned %s (%lu), expected %s (%lu)\n", file, line, call,
            motive_status_str(actual), (unsigned long)actual, motive_status_str(expected),
            (unsigned long)expected);
    print_last_error();
}

void motive_test_fail_str(const char *file, int line, const char *what, const char *actual,
                          const char *relation, const char *expected) {
    motive_test_check_failures++;
    fprintf(stderr, "  %s:%d: %s\n    got \"%s\", expected%s \"%s\"\n", file, line, what,
            actual == NULL ? "(NULL)" : actual, relation, expected);
}

void motive_test_run(const char *name, void (*test)(void)) {
    motive_test_check_failures = 0;
    test();
    if (motive_test_check_failures == 0) {
        motive_test_passed++;
        printf("  ok    %s\n", name);
    } else {
        motive_test_failed++;
        printf("  FAIL  %s\n", name);
    }
    fflush(stdout);
}

int motive_test_summary(const char *variant) {
    printf("c-abi (%s): %d passed, %d failed\n", variant, motive_test_passed,
           motive_test_failed);
    fflush(stdout);
    return motive_test_failed == 0 ? 0 : 1;
}

const char *motive_test_last_error(char *buffer, size_t capacity) {
    size_t length = 0;
    if (motive_last_error_message(buffer, capacity, &length) != MOTIVE_STATUS_OK) {
        return "(message longer than the runner's buffer)";
    }
    return buffer;
}

bool motive_test_is_sentinel(const void *bytes, size_t size) {
    const unsigned char *p = (const unsigned char *)bytes;
    size_t i;
    for (i = 0; i < size; i++) {
        if (p[i] != MOTIVE_TEST_SENTINEL_BYTE) {
            return false;
        }
    }
    return true;
}

bool motive_test_contains(const char *haystack, const char *needle) {
    return haystack != NULL && strstr(haystack, needle) != NULL;
}

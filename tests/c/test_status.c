/*
 * Status codes: motive_status_str names every enumerator after itself and any other value
 * "MOTIVE_STATUS_UNKNOWN"; motive_status_is_error is false only for OK and IN_PROGRESS.
 */
#include "motive_test.h"
#include "suites.h"

/* Each enumerator with its own spelling, so the expected name cannot drift from the header. */
#define STATUS_ENTRY(status) {status, #status}
static const struct {
    uint32_t code;
    const char *name;
} statuses[] = {
    STATUS_ENTRY(MOTIVE_STATUS_OK),
    STATUS_ENTRY(MOTIVE_STATUS_IN_PROGRESS),
    STATUS_ENTRY(MOTIVE_STATUS_NULL_ARGUMENT),
    STATUS_ENTRY(MOTIVE_STATUS_INVALID_ARGUMENT),
    STATUS_ENTRY(MOTIVE_STATUS_TYPE_MISMATCH),
    STATUS_ENTRY(MOTIVE_STATUS_BUFFER_TOO_SMALL),
    STATUS_ENTRY(MOTIVE_STATUS_STALE_HANDLE),
    STATUS_ENTRY(MOTIVE_STATUS_WRONG_WORLD),
    STATUS_ENTRY(MOTIVE_STATUS_NOT_FOUND),
    STATUS_ENTRY(MOTIVE_STATUS_ALREADY_EXISTS),
    STATUS_ENTRY(MOTIVE_STATUS_BUDGET_EXHAUSTED),
    STATUS_ENTRY(MOTIVE_STATUS_NO_PLAN),
    STATUS_ENTRY(MOTIVE_STATUS_PARSE_ERROR),
    STATUS_ENTRY(MOTIVE_STATUS_WORLD_LOCKED),
    STATUS_ENTRY(MOTIVE_STATUS_POISONED),
    STATUS_ENTRY(MOTIVE_STATUS_PANIC),
    STATUS_ENTRY(MOTIVE_STATUS_TICK_OPEN),
    STATUS_ENTRY(MOTIVE_STATUS_NO_TICK),
};
#define STATUS_COUNT (sizeof statuses / sizeof statuses[0])

static void test_every_status_names_itself(void) {
    size_t i;
    ENSURE_STR_EQ(motive_status_str(MOTIVE_STATUS_STALE_HANDLE), "MOTIVE_STATUS_STALE_HANDLE");
    for (i = 0; i < STATUS_COUNT; i++) {
        ENSURE_STR_EQ(motive_status_str(statuses[i].code), statuses[i].name);
    }
}

static void test_unknown_codes_name_unknown(void) {
    static const uint32_t unknown[] = {2, 7, 99, 104, 199, 204, 302, 401, 505, 0xFFFFFFFFu};
    size_t i;
    for (i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        ENSURE_STR_EQ(motive_status_str(unknown[i]), "MOTIVE_STATUS_UNKNOWN");
    }
}

static void test_status_is_error(void) {
    size_t i;
    for (i = 0; i < STATUS_COUNT; i++) {
        bool expected = statuses[i].code != MOTIVE_STATUS_OK &&
                        statuses[i].code != MOTIVE_STATUS_IN_PROGRESS;
        ENSURE(motive_status_is_error(statuses[i].code) == expected);
    }
    ENSURE(!motive_status_is_error(MOTIVE_STATUS_OK));
    ENSURE(!motive_status_is_error(MOTIVE_STATUS_IN_PROGRESS));
    ENSURE(motive_status_is_error(MOTIVE_STATUS_STALE_HANDLE));
    /* Unknown codes are failures too. */
    ENSURE(motive_status_is_error(7));
    ENSURE(motive_status_is_error(0xFFFFFFFFu));
}

void run_status_tests(void) {
    RUN_TEST(test_every_status_names_itself);
    RUN_TEST(test_unknown_codes_name_unknown);
    RUN_TEST(test_status_is_error);
}

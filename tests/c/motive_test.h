/*
 * A tiny test runner for the motive C ABI suite (in the style of Box2D's test macros).
 *
 * A test is a `static void test_x(void)` run by RUN_TEST(test_x). ENSURE* macros check one
 * condition each; on failure they print where and why, count the failure and return from the
 * test function (later checks in it would only repeat the damage). RUN_TEST counts a test as
 * passed when none of its checks failed. The counters live in motive_test.c.
 */
#ifndef MOTIVE_TEST_H
#define MOTIVE_TEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "motive.h"

/* Failed checks in the running test, and test functions passed / failed so far. */
extern int motive_test_check_failures;
extern int motive_test_passed;
extern int motive_test_failed;

/* Byte every output is pre-filled with, to prove that failing calls write nothing. */
#define MOTIVE_TEST_SENTINEL_BYTE 0xA5

void motive_test_fail(const char *file, int line, const char *what);
void motive_test_fail_status(const char *file, int line, const char *call, uint32_t actual,
                             uint32_t expected);
/* Prints: <what>: got "<actual>", expected<relation> "<expected>". */
void motive_test_fail_str(const char *file, int line, const char *what, const char *actual,
                          const char *relation, const char *expected);
void motive_test_run(const char *name, void (*test)(void));
/* Prints "c-abi (<variant>): N passed, M failed"; returns the process exit code. */
int motive_test_summary(const char *variant);

/* The calling thread's last error message, read into `buffer` (a placeholder text when it
 * does not fit). */
const char *motive_test_last_error(char *buffer, size_t capacity);
bool motive_test_is_sentinel(const void *bytes, size_t size);
bool motive_test_contains(const char *haystack, const char *needle);

#define RUN_TEST(test) motive_test_run(#test, test)

/* The macros below stringize their argument themselves, so that failures print the call
 * as written (NULL, not its expansion). */

#define ENSURE_IMPL(cond, text, ret)                                                        \
    do {                                                                                    \
        if (!(cond)) {                                                                      \
            motive_test_fail(__FILE__, __LINE__, text);                                     \
            return ret;                                                                     \
        }                                                                                   \
    } while (0)

/* Checks `cond`; on failure returns `ret` (empty for void functions). */
#define ENSURE(cond) ENSURE_IMPL(cond, #cond, )
#define ENSURE_OR_RETURN(cond, ret) ENSURE_IMPL(cond, #cond, ret)

#define ENSURE_STATUS_IMPL(call, text, expected, ret)                                       \
    do {                                                                                    \
        uint32_t ensure_actual_ = (uint32_t)(call);                                         \
        uint32_t ensure_expected_ = (uint32_t)(expected);                                   \
        if (ensure_actual_ != ensure_expected_) {                                           \
            motive_test_fail_status(__FILE__, __LINE__, text, ensure_actual_,               \
                                    ensure_expected_);                                      \
            return ret;                                                                     \
        }                                                                                   \
    } while (0)

/* Checks that `call` returns exactly `expected`; on failure returns `ret`. */
#define ENSURE_STATUS(call, expected) ENSURE_STATUS_IMPL(call, #call, expected, )
#define ENSURE_STATUS_OR_RETURN(call, expected, ret) ENSURE_STATUS_IMPL(call, #call, expected, ret)
#define ENSURE_OK(call) ENSURE_STATUS_IMPL(call, #call, MOTIVE_STATUS_OK, )

/* Checks that two NUL-terminated strings are equal, printing both on failure. */
#define ENSURE_STR_EQ(actual, expected)                                                     \
    do {                                                                                    \
        const char *ensure_a_ = (actual);                                                   \
        const char *ensure_e_ = (expected);                                                 \
        if (ensure_a_ == NULL || strcmp(ensure_a_, ensure_e_) != 0) {                       \
            motive_test_fail_str(__FILE__, __LINE__, #actual, ensure_a_, "", ensure_e_);    \
            return;                                                                         \
        }                                                                                   \
    } while (0)

/* Checks that the thread's last error message contains `needle`. */
#define ENSURE_LAST_ERROR_CONTAINS(needle)                                                  \
    do {                                                                                    \
        char ensure_buf_[512];                                                              \
        const char *ensure_msg_ = motive_test_last_error(ensure_buf_, sizeof ensure_buf_);  \
        if (!motive_test_contains(ensure_msg_, (needle))) {                                 \
            motive_test_fail_str(__FILE__, __LINE__, "the last error message", ensure_msg_, \
                                 " to contain", (needle));                                  \
            return;                                                                         \
        }                                                                                   \
    } while (0)

/* Pre-fills an output variable with the sentinel, and checks that it is still untouched. */
#define SENTINEL(var) memset(&(var), MOTIVE_TEST_SENTINEL_BYTE, sizeof(var))
#define ENSURE_UNTOUCHED(var) ENSURE(motive_test_is_sentinel(&(var), sizeof(var)))

#endif /* MOTIVE_TEST_H */

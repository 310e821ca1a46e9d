/*
 * motive_last_error_message: what the message says (the handle, the argument), the length
 * query and BUFFER_TOO_SMALL protocol, NULL out_length, that successful calls and the query
 * itself leave the message alone, and that each thread has its own message.
 */
#include <pthread.h>
#include <stdio.h>

#include "fixtures.h"
#include "motive_test.h"
#include "suites.h"

static void test_stale_handle_message_names_the_handle(void) {
    fixture f;
    char handle[64];
    ENSURE(fixture_init_with_entities(&f));
    ENSURE_OK(motive_npc_destroy(f.world, f.npc));
    ENSURE_STATUS(motive_npc_destroy(f.world, f.npc), MOTIVE_STATUS_STALE_HANDLE);
    /* Messages print handles as {index1:generation@world}. */
    snprintf(handle, sizeof handle, "{%lu:%lu@%lu}", (unsigned long)f.npc.index1,
             (unsigned long)f.npc.generation, (unsigned long)f.npc.world);
    ENSURE_LAST_ERROR_CONTAINS(handle);
    ENSURE_LAST_ERROR_CONTAINS("destroyed");
    fixture_free(&f);
}

static void test_null_out_pointer_message_names_the_argument(void) {
    fixture f;
    motive_npc_def def = motive_npc_def_default();
    ENSURE(fixture_init(&f, 0));
    ENSURE_STATUS(motive_npc_create(f.world, &def, NULL), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("out_npc");
    fixture_free(&f);
}

static void test_length_query_and_buffer_too_small(void) {
    char expected[256];
    char buffer[256];
    size_t length;
    size_t full;
    ENSURE_STATUS(motive_world_tick(NULL, 1.0), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_OK(motive_last_error_message(expected, sizeof expected, &full));
    ENSURE(full == strlen(expected) && full > 0);

    /* (NULL, 0, &length) asks for the length. */
    SENTINEL(length);
    ENSURE_STATUS(motive_last_error_message(NULL, 0, &length), MOTIVE_STATUS_BUFFER_TOO_SMALL);
    ENSURE(length == full);

    /* Room for the text but not its NUL is too small: the length is reported, the buffer kept. */
    SENTINEL(buffer);
    SENTINEL(length);
    ENSURE_STATUS(motive_last_error_message(buffer, full, &length),
                  MOTIVE_STATUS_BUFFER_TOO_SMALL);
    ENSURE(length == full);
    ENSURE_UNTOUCHED(buffer);
    ENSURE_STATUS(motive_last_error_message(buffer, 1, &length), MOTIVE_STATUS_BUFFER_TOO_SMALL);
    ENSURE_UNTOUCHED(buffer);

    /* Exactly enough room: the text and a NUL, nothing past them. */
    SENTINEL(length);
    ENSURE_OK(motive_last_error_message(buffer, full + 1, &length));
    ENSURE(length == full);
    ENSURE_STR_EQ(buffer, expected);
    ENSURE(motive_test_is_sentinel(buffer + full + 1, sizeof buffer - full - 1));
}

static void test_null_out_length_is_a_null_argument(void) {
    char before[256];
    char after[256];
    char buffer[8];
    ENSURE_STATUS(motive_domain_builder_create(NULL), MOTIVE_STATUS_NULL_ARGUMENT);
    motive_test_last_error(before, sizeof before);
    SENTINEL(buffer);
    ENSURE_STATUS(motive_last_error_message(buffer, sizeof buffer, NULL),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_UNTOUCHED(buffer);
    /* A NULL buffer with a capacity is a NULL argument too. */
    ENSURE_STATUS(motive_last_error_message(NULL, 16, NULL), MOTIVE_STATUS_NULL_ARGUMENT);
    /* Failing queries do not replace the message they were asked for. */
    ENSURE_STR_EQ(motive_test_last_error(after, sizeof after), before);
    ENSURE_LAST_ERROR_CONTAINS("out_builder");
}

static void test_success_keeps_the_message(void) {
    fixture f;
    char before[256];
    char after[256];
    double time;
    ENSURE(fixture_init(&f, 0));
    ENSURE_STATUS(motive_world_tick(f.world, -1.0), MOTIVE_STATUS_INVALID_ARGUMENT);
    motive_test_last_error(before, sizeof before);
    ENSURE(motive_test_contains(before, "dt"));
    ENSURE_OK(motive_world_tick(f.world, 1.0));
    ENSURE_OK(motive_world_time(f.world, &time));
    ENSURE(time == 1.0);
    ENSURE(!motive_npc_is_valid(f.world, motive_npc_from_u64(0)));
    ENSURE_STR_EQ(motive_test_last_error(after, sizeof after), before);
    fixture_free(&f);
}

/* What the second thread saw, checked on the main thread. */
typedef struct thread_report {
    uint32_t fresh_query;
    size_t fresh_length;
    uint32_t own_failure;
    char own_message[128];
} thread_report;

static void *other_thread(void *arg) {
    thread_report *report = (thread_report *)arg;
    size_t length;
    report->fresh_query = motive_last_error_message(NULL, 0, &report->fresh_length);
    report->own_failure = motive_domain_builder_create(NULL);
    if (motive_last_error_message(report->own_message, sizeof report->own_message, &length) !=
        MOTIVE_STATUS_OK) {
        report->own_message[0] = '\0';
    }
    return NULL;
}

static void test_each_thread_has_its_own_message(void) {
    pthread_t thread;
    thread_report report;
    char before[256];
    char after[256];
    ENSURE_STATUS(motive_world_tick(NULL, 1.0), MOTIVE_STATUS_NULL_ARGUMENT);
    motive_test_last_error(before, sizeof before);
    memset(&report, 0, sizeof report);
    report.fresh_length = 12345;
    ENSURE(pthread_create(&thread, NULL, other_thread, &report) == 0);
    ENSURE(pthread_join(thread, NULL) == 0);
    /* A thread on which nothing failed has an empty message. */
    ENSURE_STATUS(report.fresh_query, MOTIVE_STATUS_BUFFER_TOO_SMALL);
    ENSURE(report.fresh_length == 0);
    ENSURE_STATUS(report.own_failure, MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE(motive_test_contains(report.own_message, "out_builder"));
    /* Its failure did not touch this thread's message. */
    ENSURE_STR_EQ(motive_test_last_error(after, sizeof after), before);
}

void run_last_error_tests(void) {
    RUN_TEST(test_stale_handle_message_names_the_handle);
    RUN_TEST(test_null_out_pointer_message_names_the_argument);
    RUN_TEST(test_length_query_and_buffer_too_small);
    RUN_TEST(test_null_out_length_is_a_null_argument);
    RUN_TEST(test_success_keeps_the_message);
    RUN_TEST(test_each_thread_has_its_own_message);
}

/*
 * Refused documents through the C ABI (issue 32): text that is not UTF-8 and a key written
 * twice are diagnostics at a JSON Pointer like any other error; a huge name gives a capped
 * message; a file without end (/dev/zero) is refused after MOTIVE_MAX_DOCUMENT_BYTES, not read
 * until memory runs out. Nothing is written to the output of a refused load.
 */
#include <stdlib.h>
#include <string.h>

#include "motive_test.h"
#include "suites.h"

/* The first diagnostic of the last load into `diagnostics`, or a blank one. */
static motive_diagnostic first(const motive_diagnostics *diagnostics) {
    motive_diagnostic d = {MOTIVE_SEVERITY_WARNING, "", ""};
    if (motive_diagnostics_get(diagnostics, 0, &d) != MOTIVE_STATUS_OK) {
        d.path = "(none)";
    }
    return d;
}

static void test_text_that_is_not_utf8_is_a_located_diagnostic(void) {
    static const char latin1[] = "{ \"name\": \"caf\xe9\" }";
    motive_diagnostics *diagnostics = NULL;
    motive_domain *domain;
    motive_scenario *scenario;
    motive_diagnostic d;
    memset(&domain, MOTIVE_TEST_SENTINEL_BYTE, sizeof domain);
    memset(&scenario, MOTIVE_TEST_SENTINEL_BYTE, sizeof scenario);
    ENSURE_OK(motive_diagnostics_create(&diagnostics));
    ENSURE_STATUS(motive_domain_load_json(latin1, strlen(latin1), diagnostics, &domain),
                  MOTIVE_STATUS_PARSE_ERROR);
    ENSURE_UNTOUCHED(domain);
    ENSURE(motive_diagnostics_count(diagnostics) == 1);
    d = first(diagnostics);
    ENSURE(d.severity == MOTIVE_SEVERITY_ERROR);
    ENSURE_STR_EQ(d.path, "");
    ENSURE(motive_test_contains(d.message, "byte 14 (line 1, column 15)"));
    ENSURE_LAST_ERROR_CONTAINS("not UTF-8");
    ENSURE_STATUS(motive_scenario_load_json(latin1, strlen(latin1), diagnostics, &scenario),
                  MOTIVE_STATUS_PARSE_ERROR);
    ENSURE_UNTOUCHED(scenario);
    ENSURE(motive_test_contains(first(diagnostics).message, "not UTF-8"));
    motive_diagnostics_destroy(diagnostics);
}

static void test_a_key_written_twice_is_an_error_at_the_second(void) {
    static const char twice[] =
        "{ \"attributes\": [ { \"name\": \"a\", \"type\": \"bool\", \"type\": \"number\" } ] }";
    motive_diagnostics *diagnostics = NULL;
    motive_domain *domain;
    motive_diagnostic d;
    memset(&domain, MOTIVE_TEST_SENTINEL_BYTE, sizeof domain);
    ENSURE_OK(motive_diagnostics_create(&diagnostics));
    ENSURE_STATUS(motive_domain_load_json(twice, strlen(twice), diagnostics, &domain),
                  MOTIVE_STATUS_PARSE_ERROR);
    ENSURE_UNTOUCHED(domain);
    d = first(diagnostics);
    ENSURE_STR_EQ(d.path, "/attributes/0/type");
    ENSURE(motive_test_contains(d.message, "duplicate key \"type\""));
    motive_diagnostics_destroy(diagnostics);
}

static void test_a_huge_name_gives_a_short_message(void) {
    static const char head[] = "{ \"attributes\": [ { \"name\": \"a\", \"type\": \"bool\", \"";
    static const char tail[] = "\": 1 } ] }";
    const size_t name_length = 1000000;
    size_t length = 0;
    char *text = malloc(sizeof head + name_length + sizeof tail);
    motive_diagnostics *diagnostics = NULL;
    motive_domain *domain = NULL;
    motive_diagnostic d;
    ENSURE(text != NULL);
    memcpy(text, head, sizeof head - 1);
    memset(text + sizeof head - 1, 'x', name_length);
    memcpy(text + sizeof head - 1 + name_length, tail, sizeof tail);
    ENSURE_OK(motive_diagnostics_create(&diagnostics));
    ENSURE_STATUS(motive_domain_load_json(text, strlen(text), diagnostics, &domain),
                  MOTIVE_STATUS_PARSE_ERROR);
    free(text);
    d = first(diagnostics);
    ENSURE(motive_test_contains(d.message, "unknown field"));
    ENSURE(strlen(d.message) < 200);
    ENSURE(motive_test_contains(d.message, "xxx\xe2\x80\xa6\""));
    ENSURE_STATUS(motive_last_error_message(NULL, 0, &length), MOTIVE_STATUS_BUFFER_TOO_SMALL);
    ENSURE(length < 400);
    motive_diagnostics_destroy(diagnostics);
}

static void test_a_file_without_end_is_refused_after_the_maximum(void) {
#if defined(__unix__)
    motive_diagnostics *diagnostics = NULL;
    motive_domain *domain;
    motive_scenario *scenario;
    memset(&domain, MOTIVE_TEST_SENTINEL_BYTE, sizeof domain);
    memset(&scenario, MOTIVE_TEST_SENTINEL_BYTE, sizeof scenario);
    ENSURE(MOTIVE_MAX_DOCUMENT_BYTES == 64 * 1024 * 1024);
    ENSURE_OK(motive_diagnostics_create(&diagnostics));
    ENSURE_STATUS(motive_domain_load_file("/dev/zero", diagnostics, &domain),
                  MOTIVE_STATUS_PARSE_ERROR);
    ENSURE_UNTOUCHED(domain);
    ENSURE(motive_diagnostics_count(diagnostics) == 1);
    ENSURE_STR_EQ(first(diagnostics).path, "");
    ENSURE(motive_test_contains(first(diagnostics).message, "larger than the 67108864 bytes"));
    ENSURE_STATUS(motive_scenario_load_file("/dev/zero", diagnostics, &scenario),
                  MOTIVE_STATUS_PARSE_ERROR);
    ENSURE_UNTOUCHED(scenario);
    ENSURE(motive_test_contains(first(diagnostics).message, "cannot read /dev/zero"));
    motive_diagnostics_destroy(diagnostics);
#endif
}

void run_document_error_tests(void) {
    RUN_TEST(test_text_that_is_not_utf8_is_a_located_diagnostic);
    RUN_TEST(test_a_key_written_twice_is_an_error_at_the_second);
    RUN_TEST(test_a_huge_name_gives_a_short_message);
    RUN_TEST(test_a_file_without_end_is_refused_after_the_maximum);
}

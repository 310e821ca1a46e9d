/*
 * JSON domains through the C ABI: loading from a string and from a file, every error and lint
 * warning in a caller-owned diagnostics list with its JSON Pointer, and nothing written to the
 * output on failure. MOTIVE_TEST_DATA is the folder of tests/data (set by scripts/test-c).
 */
#include <stdio.h>
#include <string.h>

#include "motive_test.h"
#include "suites.h"

/* A small domain: hunger, an eat action on a table, a resident that wants to be fed. */
static const char good_domain[] =
    "{ \"attributes\": [ { \"name\": \"hunger\", \"type\": \"number\", \"min\": 0, \"max\": 100 } ],"
    "  \"goals\": [ { \"name\": \"eat\", \"conditions\": [ { \"key\": \"hunger\", \"curve\": "
    "{ \"type\": \"linear\", \"max\": 100 } } ] } ],"
    "  \"drives\": [ { \"name\": \"food\", \"generators\": [ { \"goal\": \"eat\" } ] } ],"
    "  \"actions\": [ { \"name\": \"eat\", \"effects\": [ { \"key\": \"hunger\", \"add\": 50 } ] } ],"
    "  \"archetypes\": [ { \"name\": \"table\", \"supplies\": [\"eat\"] },"
    "                   { \"name\": \"resident\", \"consumes\": [\"eat\"], \"drives\": [\"food\"] } ] }";

/* The same domain with two mistakes: a misspelt attribute and a misspelt field. */
static const char bad_domain[] =
    "{ \"attributes\": [ { \"name\": \"hunger\", \"type\": \"number\" } ],"
    "  \"actions\": [ { \"name\": \"eat\", \"effects\": [ { \"key\": \"hungr\", \"add\": 50 } ] },"
    "                { \"name\": \"nap\", \"duraton\": \"engine\" } ] }";

static void test_a_domain_loads_from_a_string(void) {
    motive_diagnostics *diagnostics = NULL;
    motive_domain *domain = NULL;
    motive_attribute hunger;
    motive_world *world = NULL;
    motive_world_def def = motive_world_def_default();
    ENSURE_OK(motive_diagnostics_create(&diagnostics));
    ENSURE_OK(motive_domain_load_json(good_domain, strlen(good_domain), diagnostics, &domain));
    ENSURE(motive_diagnostics_count(diagnostics) == 0);
    ENSURE_OK(motive_domain_find_attribute(domain, "hunger", &hunger));
    ENSURE(hunger == 0);
    ENSURE_OK(motive_world_create(domain, &def, &world));
    motive_world_destroy(world);
    motive_domain_destroy(domain);
    motive_diagnostics_destroy(diagnostics);
}

static void test_errors_come_all_at_once_with_their_pointers(void) {
    motive_diagnostics *diagnostics = NULL;
    motive_domain *domain;
    motive_diagnostic d;
    char buffer[512];
    memset(&domain, MOTIVE_TEST_SENTINEL_BYTE, sizeof domain);
    ENSURE_OK(motive_diagnostics_create(&diagnostics));
    ENSURE_STATUS(motive_domain_load_json(bad_domain, strlen(bad_domain), diagnostics, &domain),
                  MOTIVE_STATUS_PARSE_ERROR);
    ENSURE_UNTOUCHED(domain);
    ENSURE(motive_test_contains(motive_test_last_error(buffer, sizeof buffer), "(and 1 more error)"));
    ENSURE(motive_diagnostics_count(diagnostics) == 2);
    ENSURE_OK(motive_diagnostics_get(diagnostics, 0, &d));
    ENSURE(d.severity == MOTIVE_SEVERITY_ERROR);
    ENSURE_STR_EQ(d.path, "/actions/0/effects/0/key");
    ENSURE_STR_EQ(d.message, "unknown attribute \"hungr\" (did you mean \"hunger\"?)");
    ENSURE_OK(motive_diagnostics_get(diagnostics, 1, &d));
    ENSURE_STR_EQ(d.path, "/actions/1/duraton");
    ENSURE_STR_EQ(d.message, "unknown field \"duraton\" (did you mean \"duration\"?)");
    ENSURE_STATUS(motive_diagnostics_get(diagnostics, 2, &d), MOTIVE_STATUS_NOT_FOUND);
    /* Reloading the list replaces what it held. */
    ENSURE_OK(motive_domain_load_json(good_domain, strlen(good_domain), diagnostics, &domain));
    ENSURE(motive_diagnostics_count(diagnostics) == 0);
    motive_domain_destroy(domain);
    motive_diagnostics_destroy(diagnostics);
}

static void test_syntax_errors_and_bad_arguments(void) {
    motive_domain *domain = NULL;
    motive_diagnostics *diagnostics = NULL;
    motive_diagnostic d;
    static const char not_utf8[] = {'{', (char)0xff, '}'};
    ENSURE_OK(motive_diagnostics_create(&diagnostics));
    ENSURE_STATUS(motive_domain_load_json("{ \"attributes\": [", 17, diagnostics, &domain),
                  MOTIVE_STATUS_PARSE_ERROR);
    ENSURE_OK(motive_diagnostics_get(diagnostics, 0, &d));
    ENSURE_STR_EQ(d.path, "/attributes");
    ENSURE(motive_test_contains(d.message, "line 1, column 17"));
    ENSURE_STATUS(motive_domain_load_json(not_utf8, sizeof not_utf8, NULL, &domain),
                  MOTIVE_STATUS_PARSE_ERROR);
    ENSURE_STATUS(motive_domain_load_json(NULL, 3, NULL, &domain), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_domain_load_json(good_domain, strlen(good_domain), NULL, NULL),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_domain_load_file(NULL, NULL, &domain), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE(motive_diagnostics_count(NULL) == 0);
    ENSURE_STATUS(motive_diagnostics_get(NULL, 0, &d), MOTIVE_STATUS_NULL_ARGUMENT);
    motive_diagnostics_destroy(NULL);
    motive_diagnostics_destroy(diagnostics);
}

static void test_a_domain_loads_from_a_file(void) {
    motive_diagnostics *diagnostics = NULL;
    motive_domain *domain = NULL;
    motive_attribute portions;
    motive_diagnostic d;
    ENSURE_OK(motive_diagnostics_create(&diagnostics));
    ENSURE_OK(motive_domain_load_file(MOTIVE_TEST_DATA "/kitchen.json", diagnostics, &domain));
    ENSURE(motive_diagnostics_count(diagnostics) == 0);
    ENSURE_OK(motive_domain_find_attribute(domain, "portions", &portions));
    motive_domain_destroy(domain);
    ENSURE_STATUS(motive_domain_load_file(MOTIVE_TEST_DATA "/no-such-file.json", diagnostics,
                                          &domain),
                  MOTIVE_STATUS_PARSE_ERROR);
    ENSURE_OK(motive_diagnostics_get(diagnostics, 0, &d));
    ENSURE(motive_test_contains(d.message, "cannot read"));
    motive_diagnostics_destroy(diagnostics);
}

void run_domain_json_tests(void) {
    RUN_TEST(test_a_domain_loads_from_a_string);
    RUN_TEST(test_errors_come_all_at_once_with_their_pointers);
    RUN_TEST(test_syntax_errors_and_bad_arguments);
    RUN_TEST(test_a_domain_loads_from_a_file);
}

/*
 * Scenarios and the headless simulator through the C ABI: the household run of
 * tests/data/household_run.golden (the Rust simulator's run, recorded by tests/sim_golden.rs)
 * reproduced bit for bit, and the refusals: bad documents, unknown variants, a world that is
 * not the simulator's, names that do not fit or do not exist.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "motive_test.h"
#include "suites.h"

#define GOLDEN MOTIVE_TEST_DATA "/household_run.golden"
#define SCENARIOS MOTIVE_TEST_DATA "/../../scenarios/"
#define TEXT_CAPACITY 8192

/* The golden file without its comment lines, into `out`; false when it cannot be read. */
static bool read_golden(char *out, size_t capacity) {
    char line[256];
    size_t used = 0;
    FILE *file = fopen(GOLDEN, "r");
    if (file == NULL) {
        return false;
    }
    out[0] = '\0';
    while (fgets(line, sizeof line, file) != NULL) {
        size_t n = strlen(line);
        if (line[0] == '#' || used + n >= capacity) {
            continue;
        }
        memcpy(out + used, line, n + 1);
        used += n;
    }
    fclose(file);
    return true;
}

/* The value of the golden line starting with `key ` (as text), or NULL. */
static const char *golden_field(const char *golden, const char *key, char *value, size_t capacity) {
    const char *at = golden;
    size_t key_length = strlen(key);
    while (at != NULL && *at != '\0') {
        if (strncmp(at, key, key_length) == 0 && at[key_length] == ' ') {
            size_t n = strcspn(at + key_length + 1, "\n");
            if (n >= capacity) {
                return NULL;
            }
            memcpy(value, at + key_length + 1, n);
            value[n] = '\0';
            return value;
        }
        at = strchr(at, '\n');
        at = at != NULL ? at + 1 : NULL;
    }
    return NULL;
}

/* Appends a formatted line to `text` (of TEXT_CAPACITY bytes). */
#define APPEND(text, ...)                                                                   \
    snprintf((text) + strlen(text), TEXT_CAPACITY - strlen(text), __VA_ARGS__)

/* The run's lines, as tests/sim_golden.rs writes them, from the simulator and its world. */
static bool describe_run(const motive_sim *sim, const motive_world *world, const char *golden,
                         char *text) {
    char field[64];
    motive_sim_stats stats;
    motive_entity entities[64];
    size_t count = 0;
    ENSURE_OR_RETURN(motive_sim_get_stats(sim, &stats) == MOTIVE_STATUS_OK, false);
    ENSURE_OR_RETURN(motive_sim_entities(sim, entities, 64, &count) == MOTIVE_STATUS_OK, false);
    text[0] = '\0';
    APPEND(text, "scenario %s\nvariant -\n", golden_field(golden, "scenario", field, sizeof field));
    APPEND(text, "copies %s\n", golden_field(golden, "copies", field, sizeof field));
    APPEND(text, "seed %s\n", golden_field(golden, "seed", field, sizeof field));
    APPEND(text, "seconds %s\n", golden_field(golden, "seconds", field, sizeof field));
    APPEND(text, "stat ticks %llu\n", (unsigned long long)stats.ticks);
    APPEND(text, "stat decisions %llu\n", (unsigned long long)stats.decisions);
    APPEND(text, "stat plans_adopted %llu\n", (unsigned long long)stats.plans_adopted);
    APPEND(text, "stat actions_requested %llu\n", (unsigned long long)stats.actions_requested);
    APPEND(text, "stat actions_performed %llu\n", (unsigned long long)stats.actions_performed);
    APPEND(text, "stat actions_failed %llu\n", (unsigned long long)stats.actions_failed);
    APPEND(text, "stat needs_satisfied %llu\n", (unsigned long long)stats.needs_satisfied);
    APPEND(text, "stat spawned %llu\n", (unsigned long long)stats.spawned);
    for (size_t i = 0; i < count; i++) {
        char name[64];
        size_t length, drive_count = 0;
        motive_drive_state drives[16];
        /* Smart objects have no mind: their drive query fails, and they have no lines. */
        if (motive_npc_drives(world, motive_entity_as_npc(entities[i]), drives, 16,
                              &drive_count) != MOTIVE_STATUS_OK) {
            continue;
        }
        ENSURE_OR_RETURN(motive_sim_entity_name(sim, entities[i], name, sizeof name, &length) ==
                             MOTIVE_STATUS_OK,
                         false);
        for (size_t d = 0; d < drive_count; d++) {
            uint64_t bits;
            memcpy(&bits, &drives[d].satisfaction, sizeof bits);
            APPEND(text, "drive %s %zu 0x%016llx\n", name, d, (unsigned long long)bits);
        }
    }
    return true;
}

static void test_the_household_run_matches_the_rust_run(void) {
    static char golden[TEXT_CAPACITY], ours[TEXT_CAPACITY];
    char path[512], field[64];
    motive_scenario *scenario = NULL;
    motive_world *world = NULL;
    motive_sim *sim = NULL;
    ENSURE(read_golden(golden, sizeof golden));
    ENSURE(golden_field(golden, "scenario", field, sizeof field) != NULL);
    snprintf(path, sizeof path, "%s%s", SCENARIOS, field);
    ENSURE_OK(motive_scenario_load_file(path, NULL, &scenario));
    ENSURE_OK(motive_scenario_instantiate(
        scenario, NULL, (uint32_t)strtoul(golden_field(golden, "copies", field, sizeof field), NULL, 10),
        strtoull(golden_field(golden, "seed", field, sizeof field), NULL, 10), &world, &sim));
    /* The scenario may go before the world and simulator made from it. */
    motive_scenario_destroy(scenario);
    ENSURE_OK(motive_sim_run(sim, world, strtod(golden_field(golden, "seconds", field, sizeof field), NULL)));
    ENSURE(describe_run(sim, world, golden, ours));
    ENSURE_STR_EQ(ours, golden);
    motive_sim_destroy(sim);
    motive_world_destroy(world);
}

static void test_a_simulator_steps_only_its_own_world(void) {
    motive_scenario *scenario = NULL;
    motive_world *first = NULL, *second = NULL;
    motive_sim *first_sim = NULL, *second_sim = NULL;
    motive_sim_stats stats;
    double step = 0.0;
    ENSURE_OK(motive_scenario_load_file(SCENARIOS "household.json", NULL, &scenario));
    ENSURE_OK(motive_scenario_instantiate(scenario, NULL, 1, 1, &first, &first_sim));
    ENSURE_OK(motive_scenario_instantiate(scenario, NULL, 1, 1, &second, &second_sim));
    ENSURE_STATUS(motive_sim_step(first_sim, second, 0.05), MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("not the one this simulator was made with");
    ENSURE_STATUS(motive_sim_step(first_sim, first, -1.0), MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_OK(motive_sim_get_stats(first_sim, &stats));
    ENSURE(stats.ticks == 0);
    /* After the refusals the pair still works. */
    ENSURE_OK(motive_sim_step_length(first_sim, &step));
    ENSURE(step > 0.0);
    ENSURE_OK(motive_sim_step(first_sim, first, step));
    ENSURE_OK(motive_sim_get_stats(first_sim, &stats));
    ENSURE(stats.ticks == 1);
    ENSURE_STATUS(motive_sim_step(NULL, first, step), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_sim_step(first_sim, NULL, step), MOTIVE_STATUS_NULL_ARGUMENT);
    motive_sim_destroy(first_sim);
    motive_sim_destroy(second_sim);
    motive_world_destroy(first);
    motive_world_destroy(second);
    motive_scenario_destroy(scenario);
}

static void test_variants_and_names(void) {
    motive_scenario *scenario = NULL;
    motive_world *world = NULL;
    motive_sim *sim = NULL;
    motive_entity entities[128], stranger = {0, 0, 0};
    size_t count = 0, length = 0;
    char name[32], tiny[4];
    uint64_t seed = 0;
    ENSURE_OK(motive_scenario_load_file(SCENARIOS "hospital.json", NULL, &scenario));
    ENSURE_OK(motive_scenario_seed(scenario, &seed));
    SENTINEL(world);
    SENTINEL(sim);
    ENSURE_STATUS(motive_scenario_instantiate(scenario, "ubk", 1, seed, &world, &sim),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("did you mean \"ubc\"");
    ENSURE_UNTOUCHED(world);
    ENSURE_UNTOUCHED(sim);
    ENSURE_OK(motive_scenario_instantiate(scenario, "ubc", 2, seed, &world, &sim));
    ENSURE_STATUS(motive_sim_entities(sim, NULL, 0, &count), MOTIVE_STATUS_BUFFER_TOO_SMALL);
    ENSURE(count > 2 && count <= 128);
    ENSURE_OK(motive_sim_entities(sim, entities, 128, &count));
    ENSURE_OK(motive_sim_entity_name(sim, entities[count - 1], name, sizeof name, &length));
    ENSURE(motive_test_contains(name, "@2"));
    ENSURE(length == strlen(name));
    SENTINEL(tiny);
    ENSURE_STATUS(motive_sim_entity_name(sim, entities[0], tiny, sizeof tiny, &length),
                  MOTIVE_STATUS_BUFFER_TOO_SMALL);
    ENSURE_UNTOUCHED(tiny);
    ENSURE(length >= sizeof tiny);
    ENSURE_STATUS(motive_sim_entity_name(sim, stranger, name, sizeof name, &length),
                  MOTIVE_STATUS_NOT_FOUND);
    motive_sim_destroy(sim);
    motive_world_destroy(world);
    motive_scenario_destroy(scenario);
}

static void test_bad_scenarios_are_diagnosed(void) {
    static const char not_a_scenario[] = "{\"domain\": {\"attributes\": []}, \"entities\": 3}";
    motive_diagnostics *diagnostics = NULL;
    motive_scenario *scenario = NULL;
    motive_diagnostic first;
    ENSURE_OK(motive_diagnostics_create(&diagnostics));
    SENTINEL(scenario);
    ENSURE_STATUS(motive_scenario_load_json(not_a_scenario, sizeof not_a_scenario - 1, diagnostics,
                                            &scenario),
                  MOTIVE_STATUS_PARSE_ERROR);
    ENSURE_UNTOUCHED(scenario);
    ENSURE(motive_diagnostics_count(diagnostics) >= 1);
    ENSURE_OK(motive_diagnostics_get(diagnostics, 0, &first));
    ENSURE_STR_EQ(first.path, "/entities");
    ENSURE_STATUS(motive_scenario_load_file(SCENARIOS "no-such.json", diagnostics, &scenario),
                  MOTIVE_STATUS_PARSE_ERROR);
    ENSURE_STATUS(motive_scenario_load_json("{", 1, NULL, &scenario), MOTIVE_STATUS_PARSE_ERROR);
    ENSURE_STATUS(motive_scenario_load_json("\xff", 1, NULL, &scenario),
                  MOTIVE_STATUS_PARSE_ERROR);
    ENSURE_STATUS(motive_scenario_load_json(NULL, 0, NULL, &scenario), MOTIVE_STATUS_NULL_ARGUMENT);
    motive_diagnostics_destroy(diagnostics);
}

void run_sim_tests(void) {
    RUN_TEST(test_the_household_run_matches_the_rust_run);
    RUN_TEST(test_a_simulator_steps_only_its_own_world);
    RUN_TEST(test_variants_and_names);
    RUN_TEST(test_bad_scenarios_are_diagnosed);
}

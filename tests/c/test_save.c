/*
 * Saving and loading through the C ABI, as a C tool does it: the hospital run for 10 s, world
 * and simulator saved (size query first), run on to 20 s and saved again; everything destroyed,
 * the first saves loaded and run to 20 s: the second save is the same bytes. Then the refusals:
 * a truncated save, a flipped byte, another domain, a buffer too small.
 */
#include <stdlib.h>
#include <string.h>

#include "motive_test.h"
#include "suites.h"

#define SCENARIOS MOTIVE_TEST_DATA "/../../scenarios/"

/* The world's save in a new malloc'd buffer (size in `*size`), or NULL. */
static unsigned char *save_world(motive_world *world, size_t *size) {
    unsigned char *bytes;
    if (motive_world_save(world, NULL, 0, size) != MOTIVE_STATUS_BUFFER_TOO_SMALL) {
        return NULL;
    }
    bytes = malloc(*size);
    if (bytes != NULL && motive_world_save(world, bytes, *size, size) != MOTIVE_STATUS_OK) {
        free(bytes);
        return NULL;
    }
    return bytes;
}

static unsigned char *save_sim(const motive_sim *sim, size_t *size) {
    unsigned char *bytes;
    if (motive_sim_save(sim, NULL, 0, size) != MOTIVE_STATUS_BUFFER_TOO_SMALL) {
        return NULL;
    }
    bytes = malloc(*size);
    if (bytes != NULL && motive_sim_save(sim, bytes, *size, size) != MOTIVE_STATUS_OK) {
        free(bytes);
        return NULL;
    }
    return bytes;
}

static void test_a_loaded_hospital_continues_exactly(void) {
    motive_scenario *scenario = NULL;
    motive_domain *domain = NULL, *other = NULL;
    motive_scenario *household = NULL;
    motive_world *world = NULL, *loaded = NULL;
    motive_sim *sim = NULL, *loaded_sim = NULL;
    unsigned char *at_10, *sim_at_10, *at_20, *again_at_20, tiny[8];
    size_t size_10 = 0, sim_size = 0, size_20 = 0, again_size = 0, size = 0;
    ENSURE_OK(motive_scenario_load_file(SCENARIOS "hospital.json", NULL, &scenario));
    ENSURE_OK(motive_scenario_domain(scenario, &domain));
    ENSURE_OK(motive_scenario_instantiate(scenario, NULL, 1, 7, &world, &sim));
    ENSURE_OK(motive_sim_run(sim, world, 10.0));
    at_10 = save_world(world, &size_10);
    sim_at_10 = save_sim(sim, &sim_size);
    ENSURE(at_10 != NULL && sim_at_10 != NULL && size_10 > 100);
    ENSURE_STATUS(motive_world_save(world, tiny, sizeof tiny, &size), MOTIVE_STATUS_BUFFER_TOO_SMALL);
    ENSURE(size == size_10);
    ENSURE_OK(motive_sim_run(sim, world, 10.0));
    at_20 = save_world(world, &size_20);
    ENSURE(at_20 != NULL);
    motive_sim_destroy(sim);
    motive_world_destroy(world);

    ENSURE_OK(motive_world_load(domain, at_10, size_10, &loaded));
    ENSURE_OK(motive_sim_load(loaded, sim_at_10, sim_size, &loaded_sim));
    ENSURE_OK(motive_sim_run(loaded_sim, loaded, 10.0));
    again_at_20 = save_world(loaded, &again_size);
    ENSURE(again_at_20 != NULL && again_size == size_20);
    ENSURE(again_at_20 != NULL && memcmp(again_at_20, at_20, size_20) == 0);

    /* Refusals create nothing. */
    motive_world *refused = NULL;
    SENTINEL(refused);
    ENSURE_STATUS(motive_world_load(domain, at_10, size_10 - 1, &refused),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("not a valid save");
    ENSURE_UNTOUCHED(refused);
    at_10[size_10 / 2] ^= 0x10;
    ENSURE_STATUS(motive_world_load(domain, at_10, size_10, &refused),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("checksum");
    at_10[size_10 / 2] ^= 0x10;
    ENSURE_OK(motive_scenario_load_file(SCENARIOS "household.json", NULL, &household));
    ENSURE_OK(motive_scenario_domain(household, &other));
    ENSURE_STATUS(motive_world_load(other, at_10, size_10, &refused), MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("another domain");
    ENSURE_STATUS(motive_world_load(domain, NULL, 4, &refused), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_UNTOUCHED(refused);

    free(at_10);
    free(sim_at_10);
    free(at_20);
    free(again_at_20);
    motive_sim_destroy(loaded_sim);
    motive_world_destroy(loaded);
    motive_domain_destroy(other);
    motive_domain_destroy(domain);
    motive_scenario_destroy(household);
    motive_scenario_destroy(scenario);
}

void run_save_tests(void) {
    RUN_TEST(test_a_loaded_hospital_continues_exactly);
}

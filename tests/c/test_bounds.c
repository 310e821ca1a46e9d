/*
 * Every quantity a caller or a document chooses has a documented range (issue 32), checked
 * through the C ABI as an independent client found them: a memory capacity of UINT32_MAX
 * (aborted allocating 64 GB at spawn), a spawn rule every 1e-9 s (the first step never
 * returned), a step of 1e-300 s (the run never returned), two ticks of DBL_MAX (the clock
 * became infinite) and drives weighted DBL_MAX (utilities of NaN). Each is refused with
 * MOTIVE_STATUS_INVALID_ARGUMENT (MOTIVE_STATUS_PARSE_ERROR from a document) naming its
 * MOTIVE_MAX_* limit, and the world stays usable.
 */
#include <float.h>
#include <stdio.h>
#include <string.h>

#include "fixtures.h"
#include "motive_test.h"
#include "suites.h"

#define SCENARIO_CAPACITY 2048

/* A scenario of one diner who eats from its own supply, with the fields under test as text. */
typedef struct scenario_fields {
    const char *weight;
    const char *memory_capacity;
    const char *step;
    const char *seconds;
    const char *every;
    const char *max_alive;
} scenario_fields;

static const scenario_fields DEFAULTS = {"1", "256", "0.1", "10", "5", "2"};

static void scenario_text(char *text, const scenario_fields *f) {
    snprintf(text, SCENARIO_CAPACITY,
             "{\"domain\": {"
             "\"attributes\": [{\"name\": \"hunger\", \"type\": \"number\", \"min\": 0, \"max\": 100}],"
             "\"goals\": [{\"name\": \"eat\", \"conditions\": [{\"key\": \"hunger\", "
             "\"change\": \"increase\", \"curve\": {\"type\": \"linear\", \"max\": 100}}]}],"
             "\"drives\": [{\"name\": \"food\", \"weight\": %s, \"generators\": [{\"goal\": \"eat\"}]},"
             " {\"name\": \"more_food\", \"weight\": %s, \"generators\": [{\"goal\": \"eat\"}]}],"
             "\"actions\": [{\"name\": \"eat\", \"effects\": [{\"key\": \"hunger\", \"add\": 10}],"
             " \"duration\": {\"seconds\": 1}}],"
             "\"archetypes\": [{\"name\": \"diner\", \"brain\": \"udgoap\", \"consumes\": [\"eat\"],"
             " \"supplies\": [\"eat\"], \"drives\": [\"food\", \"more_food\"],"
             " \"needs\": [{\"key\": \"hunger\", \"rate\": 1}], \"state\": {\"hunger\": 20},"
             " \"think\": {\"memory_capacity\": %s}}]},"
             "\"simulation\": {\"step\": %s, \"seconds\": %s, \"spawns\": [{\"archetype\": \"diner\","
             " \"at\": [0, 0, 0], \"every\": %s, \"max_alive\": %s}]},"
             "\"entities\": [{\"name\": \"diner\", \"archetype\": \"diner\"}]}",
             f->weight, f->weight, f->memory_capacity, f->step, f->seconds, f->every,
             f->max_alive);
}

static motive_status load(const scenario_fields *f, motive_scenario **out) {
    char text[SCENARIO_CAPACITY];
    scenario_text(text, f);
    return motive_scenario_load_json(text, strlen(text), NULL, out);
}

/* Loads `f` and instantiates one copy; false (reported) on failure. */
static bool instantiate(const scenario_fields *f, motive_world **world, motive_sim **sim) {
    motive_scenario *scenario = NULL;
    ENSURE_STATUS_OR_RETURN(load(f, &scenario), MOTIVE_STATUS_OK, false);
    ENSURE_STATUS_OR_RETURN(motive_scenario_instantiate(scenario, NULL, 1, 7, world, sim),
                            MOTIVE_STATUS_OK, false);
    motive_scenario_destroy(scenario);
    return true;
}

/* The document with `f` is refused, the error naming `limit`; nothing is written. */
static bool refused(const scenario_fields *f, const char *limit) {
    motive_scenario *scenario = NULL;
    SENTINEL(scenario);
    ENSURE_STATUS_OR_RETURN(load(f, &scenario), MOTIVE_STATUS_PARSE_ERROR, false);
    ENSURE_OR_RETURN(motive_test_is_sentinel(&scenario, sizeof scenario), false);
    {
        char buffer[1024];
        const char *message = motive_test_last_error(buffer, sizeof buffer);
        ENSURE_OR_RETURN(motive_test_contains(message, limit), false);
    }
    return true;
}

/* The world still steps, its clock moving and finite. */
static bool usable(motive_world *world, motive_sim *sim) {
    double before = 0.0, after = 0.0;
    ENSURE_STATUS_OR_RETURN(motive_world_time(world, &before), MOTIVE_STATUS_OK, false);
    ENSURE_STATUS_OR_RETURN(motive_sim_step(sim, world, 0.1), MOTIVE_STATUS_OK, false);
    ENSURE_STATUS_OR_RETURN(motive_world_time(world, &after), MOTIVE_STATUS_OK, false);
    ENSURE_OR_RETURN(after > before && after <= DBL_MAX, false);
    return true;
}

/* Every candidate utility and drive satisfaction of the first entity's (the diner's) last
 * decision is in [0, 1], and it decided. */
static bool explained_in_unit_range(motive_world *world, motive_sim *sim) {
    motive_entity entities[4];
    motive_candidate candidates[64];
    double satisfactions[128];
    size_t count = 0, candidate_count = 0, i;
    motive_npc diner;
    ENSURE_STATUS_OR_RETURN(motive_sim_entities(sim, entities, 4, &count), MOTIVE_STATUS_OK,
                            false);
    diner = motive_entity_as_npc(entities[0]);
    ENSURE_STATUS_OR_RETURN(motive_npc_explain_candidates(world, diner, candidates, 64,
                                                          &candidate_count),
                            MOTIVE_STATUS_OK, false);
    ENSURE_OR_RETURN(candidate_count > 0, false);
    for (i = 0; i < candidate_count; i++) {
        ENSURE_OR_RETURN(candidates[i].utility >= 0.0 && candidates[i].utility <= 1.0, false);
    }
    ENSURE_STATUS_OR_RETURN(motive_npc_explain_satisfactions(world, diner, satisfactions, 128,
                                                             &count),
                            MOTIVE_STATUS_OK, false);
    for (i = 0; i < count; i++) {
        ENSURE_OR_RETURN(satisfactions[i] >= 0.0 && satisfactions[i] <= 1.0, false);
    }
    return true;
}

static void test_a_memory_capacity_past_the_limit_is_refused(void) {
    motive_domain_builder *builder = NULL;
    motive_archetype_id archetype;
    motive_think_settings settings = motive_think_settings_default();
    scenario_fields f = DEFAULTS;
    char capacity[32];
    motive_world *world = NULL;
    motive_sim *sim = NULL;

    ENSURE_OK(motive_domain_builder_create(&builder));
    ENSURE_OK(motive_domain_builder_add_archetype(builder, "npc", &archetype));
    settings.memory_capacity = UINT32_MAX;
    ENSURE_STATUS(motive_domain_builder_set_think_settings(builder, archetype, &settings),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("MOTIVE_MAX_MEMORY_CAPACITY");
    settings.memory_capacity = MOTIVE_MAX_MEMORY_CAPACITY;
    ENSURE_OK(motive_domain_builder_set_think_settings(builder, archetype, &settings));
    settings.max_expansions = MOTIVE_MAX_PLAN_EXPANSIONS + 1u;
    ENSURE_STATUS(motive_domain_builder_set_think_settings(builder, archetype, &settings),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("MOTIVE_MAX_PLAN_EXPANSIONS");
    settings.max_expansions = MOTIVE_MAX_PLAN_EXPANSIONS;
    settings.perception_limit = MOTIVE_MAX_PERCEPTION_LIMIT + 1u;
    ENSURE_STATUS(motive_domain_builder_set_think_settings(builder, archetype, &settings),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("MOTIVE_MAX_PERCEPTION_LIMIT");
    settings.perception_limit = MOTIVE_MAX_PERCEPTION_LIMIT;
    ENSURE_OK(motive_domain_builder_set_think_settings(builder, archetype, &settings));
    motive_domain_builder_destroy(builder);

    f.memory_capacity = "4294967295";
    ENSURE(refused(&f, "MOTIVE_MAX_MEMORY_CAPACITY"));
    snprintf(capacity, sizeof capacity, "%u", (unsigned)MOTIVE_MAX_MEMORY_CAPACITY);
    f.memory_capacity = capacity;
    ENSURE(instantiate(&f, &world, &sim));
    ENSURE(usable(world, sim));
    motive_sim_destroy(sim);
    motive_world_destroy(world);
}

static void test_a_tiny_spawn_period_spawns_a_bounded_number_a_step(void) {
    scenario_fields f = DEFAULTS;
    char max_alive[32];
    motive_world *world = NULL;
    motive_sim *sim = NULL;
    motive_sim_stats stats;
    f.every = "1e-9";
    f.max_alive = "4294967295";
    ENSURE(refused(&f, "MOTIVE_MAX_SPAWN_ALIVE"));
    snprintf(max_alive, sizeof max_alive, "%u", (unsigned)MOTIVE_MAX_SPAWN_ALIVE);
    f.max_alive = max_alive;
    ENSURE(instantiate(&f, &world, &sim));
    ENSURE_OK(motive_sim_step(sim, world, 0.1));
    ENSURE_OK(motive_sim_get_stats(sim, &stats));
    ENSURE(stats.spawned == MOTIVE_MAX_SPAWN_CATCH_UP);
    motive_sim_destroy(sim);
    motive_world_destroy(world);
}

static void test_a_run_of_too_many_ticks_is_refused(void) {
    scenario_fields f = DEFAULTS;
    motive_world *world = NULL;
    motive_sim *sim = NULL;
    double time = -1.0;
    f.step = "1e-300";
    ENSURE(refused(&f, "MOTIVE_MAX_RUN_TICKS"));
    /* No run of its own: the document loads, and the caller's run is what is refused. */
    f.seconds = "0";
    ENSURE(instantiate(&f, &world, &sim));
    ENSURE_STATUS(motive_sim_run(sim, world, 60.0), MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("MOTIVE_MAX_RUN_TICKS");
    ENSURE_OK(motive_world_time(world, &time));
    ENSURE(time == 0.0);
    ENSURE(usable(world, sim));
    motive_sim_destroy(sim);
    motive_world_destroy(world);
}

static void test_a_tick_that_would_overflow_the_clock_is_refused(void) {
    motive_world *world = NULL;
    motive_sim *sim = NULL;
    ENSURE(instantiate(&DEFAULTS, &world, &sim));
    ENSURE_OK(motive_world_tick(world, DBL_MAX));
    ENSURE(world_time_is(world, DBL_MAX));
    ENSURE_STATUS(motive_world_tick(world, DBL_MAX), MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_STATUS(motive_sim_step(sim, world, DBL_MAX), MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE(world_time_is(world, DBL_MAX));
    ENSURE_OK(motive_world_tick(world, 0.0));
    ENSURE_OK(motive_sim_step(sim, world, 0.0));
    motive_sim_destroy(sim);
    motive_world_destroy(world);
}

static void test_a_weight_past_the_limit_is_refused(void) {
    motive_domain_builder *builder = NULL;
    motive_drive_id drive;
    scenario_fields f = DEFAULTS;
    char weight[64];
    motive_world *world = NULL;
    motive_sim *sim = NULL;
    ENSURE_OK(motive_domain_builder_create(&builder));
    ENSURE_STATUS(motive_domain_builder_add_drive(builder, "greed", DBL_MAX, &drive),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("MOTIVE_MAX_WEIGHT");
    ENSURE_OK(motive_domain_builder_add_drive(builder, "greed", MOTIVE_MAX_WEIGHT, &drive));
    motive_domain_builder_destroy(builder);

    f.weight = "1.7976931348623157e308";
    ENSURE(refused(&f, "MOTIVE_MAX_WEIGHT"));
    /* Two drives at the largest weight: the diner decides with a utility in [0, 1]. */
    snprintf(weight, sizeof weight, "%.17g", MOTIVE_MAX_WEIGHT);
    f.weight = weight;
    ENSURE(instantiate(&f, &world, &sim));
    ENSURE_OK(motive_sim_run(sim, world, 2.0));
    ENSURE(explained_in_unit_range(world, sim));
    motive_sim_destroy(sim);
    motive_world_destroy(world);
}

static void test_too_many_copies_are_refused(void) {
    motive_scenario *scenario = NULL;
    motive_world *world = NULL;
    motive_sim *sim = NULL;
    ENSURE_OK(load(&DEFAULTS, &scenario));
    SENTINEL(world);
    ENSURE_STATUS(motive_scenario_instantiate(scenario, NULL, UINT32_MAX, 7, &world, &sim),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("MOTIVE_MAX_ENTITY_CAPACITY_HINT");
    ENSURE_UNTOUCHED(world);
    motive_scenario_destroy(scenario);
}

/* Defines the definition called `name` (an attribute or an archetype) in `builder`. */
typedef motive_status (*add_definition)(motive_domain_builder *builder, const char *name,
                                        uint32_t *out_id);

static motive_status add_attribute(motive_domain_builder *builder, const char *name,
                                   uint32_t *out_id) {
    return motive_domain_builder_add_attribute(builder, name, MOTIVE_VALUE_TYPE_NUMBER, out_id);
}

static motive_status add_archetype(motive_domain_builder *builder, const char *name,
                                   uint32_t *out_id) {
    return motive_domain_builder_add_archetype(builder, name, out_id);
}

/* `limit` definitions are taken, with ids 0 to limit - 1; the next is refused naming
 * `limit_name`, and its id is not written. */
static void check_definitions_past_their_limit(add_definition add, uint32_t limit,
                                               const char *limit_name) {
    motive_domain_builder *builder = NULL;
    uint32_t id = 0;
    char name[32];
    uint32_t i;
    ENSURE_OK(motive_domain_builder_create(&builder));
    for (i = 0; i < limit; i++) {
        snprintf(name, sizeof name, "a%u", (unsigned)i);
        ENSURE_OK(add(builder, name, &id));
    }
    ENSURE(id == limit - 1u);
    SENTINEL(id);
    ENSURE_STATUS(add(builder, "one_more", &id), MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS(limit_name);
    ENSURE_UNTOUCHED(id);
    motive_domain_builder_destroy(builder);
}

static void test_attributes_past_the_limit_are_refused(void) {
    check_definitions_past_their_limit(add_attribute, MOTIVE_MAX_ATTRIBUTES,
                                       "MOTIVE_MAX_ATTRIBUTES");
}

static void test_archetypes_past_the_limit_are_refused(void) {
    check_definitions_past_their_limit(add_archetype, MOTIVE_MAX_ARCHETYPES,
                                       "MOTIVE_MAX_ARCHETYPES");
}

void run_bound_tests(void) {
    RUN_TEST(test_a_memory_capacity_past_the_limit_is_refused);
    RUN_TEST(test_attributes_past_the_limit_are_refused);
    RUN_TEST(test_archetypes_past_the_limit_are_refused);
    RUN_TEST(test_a_tiny_spawn_period_spawns_a_bounded_number_a_step);
    RUN_TEST(test_a_run_of_too_many_ticks_is_refused);
    RUN_TEST(test_a_tick_that_would_overflow_the_clock_is_refused);
    RUN_TEST(test_a_weight_past_the_limit_is_refused);
    RUN_TEST(test_too_many_copies_are_refused);
}

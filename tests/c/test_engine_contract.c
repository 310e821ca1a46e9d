/*
 * The engine contract through the C ABI, on the path an engine's components take: a resident
 * spawned by archetype name alone (motive_npc_spawn) acts, because its archetype carries its
 * starting state; every request says who ends it (motive_event.ended_by) and by when; an
 * engine action nobody reports fails with ACTION_TIMED_OUT at the timeout; names by id.
 */
#include <math.h>
#include <string.h>

#include "motive.h"
#include "motive_test.h"
#include "suites.h"

#define SCENARIOS MOTIVE_TEST_DATA "/../../scenarios/"

/* The household's furniture and no resident: the scenario's world with its resident
 * destroyed, and the resident spawned again by archetype name where it stood. */
static int furnished(motive_scenario **scenario, motive_domain **domain, motive_world **world,
                     motive_sim **sim, const char *archetype, motive_npc *resident) {
    motive_entity entities[32];
    size_t count = 0, length = 0;
    char name[32];
    motive_vec3 at = {0, 0, 0};
    motive_archetype_id kind = 0;
    ENSURE_STATUS_OR_RETURN(motive_scenario_load_file(SCENARIOS "household.json", NULL, scenario), MOTIVE_STATUS_OK, 0);
    ENSURE_STATUS_OR_RETURN(motive_scenario_domain(*scenario, domain), MOTIVE_STATUS_OK, 0);
    ENSURE_STATUS_OR_RETURN(motive_scenario_instantiate(*scenario, NULL, 1, 1, world, sim), MOTIVE_STATUS_OK, 0);
    ENSURE_STATUS_OR_RETURN(motive_sim_entities(*sim, entities, 32, &count), MOTIVE_STATUS_OK, 0);
    for (size_t i = 0; i < count; i++) {
        ENSURE_STATUS_OR_RETURN(motive_sim_entity_name(*sim, entities[i], name, sizeof name, &length), MOTIVE_STATUS_OK, 0);
        if (strcmp(name, "resident") == 0) {
            ENSURE_STATUS_OR_RETURN(motive_entity_position(*world, entities[i], &at), MOTIVE_STATUS_OK, 0);
            ENSURE_STATUS_OR_RETURN(motive_npc_destroy(*world, motive_entity_as_npc(entities[i])), MOTIVE_STATUS_OK, 0);
        }
    }
    ENSURE_STATUS_OR_RETURN(motive_domain_find_archetype(*domain, archetype, &kind), MOTIVE_STATUS_OK, 0);
    ENSURE_STATUS_OR_RETURN(motive_npc_spawn(*world, kind, at, resident), MOTIVE_STATUS_OK, 0);
    return 1;
}

static void close_all(motive_scenario *scenario, motive_domain *domain, motive_world *world,
                      motive_sim *sim) {
    motive_sim_destroy(sim);
    motive_world_destroy(world);
    motive_domain_destroy(domain);
    motive_scenario_destroy(scenario);
}

/* Ticks at 20 Hz for `seconds`, reporting every engine-ended request done (an engine that
 * walks instantly) unless `silent`. Counts requests by who ends them, and timeouts. */
typedef struct {
    int requested[4];
    int timed_out;
    double first_request, first_timeout;
    int non_goto_requests;
} Tally;

static int drive(motive_world *world, motive_domain *domain, motive_npc npc, double seconds,
                 int silent, Tally *t) {
    motive_event events[64];
    size_t count = 0;
    motive_action_id go = 0;
    double time = 0.0;
    ENSURE_STATUS_OR_RETURN(motive_domain_find_action(domain, "goto", &go), MOTIVE_STATUS_OK, 0);
    for (int frame = 0; frame < (int)(seconds * 20); frame++) {
        ENSURE_STATUS_OR_RETURN(motive_world_tick(world, 0.05), MOTIVE_STATUS_OK, 0);
        time += 0.05;
        ENSURE_STATUS_OR_RETURN(motive_world_poll_events(world, events, 64, &count), MOTIVE_STATUS_OK, 0);
        for (size_t i = 0; i < count; i++) {
            const motive_event *e = &events[i];
            if (e->npc.index1 != motive_npc_entity(npc).index1) {
                continue;
            }
            if (e->kind == MOTIVE_EVENT_KIND_ACTION_REQUESTED) {
                ENSURE_OR_RETURN(e->ended_by >= 1 && e->ended_by <= 3, 0);
                t->requested[e->ended_by]++;
                t->non_goto_requests += e->action != go;
                if (t->first_request < 0) {
                    t->first_request = time;
                }
                if (!silent && e->ended_by == MOTIVE_ACTION_END_ENGINE) {
                    ENSURE_STATUS_OR_RETURN(motive_npc_report_action(world, npc, e->request,
                                                                     MOTIVE_ACTION_OUTCOME_SUCCEEDED),
                                            MOTIVE_STATUS_OK, 0);
                }
            } else if (e->kind == MOTIVE_EVENT_KIND_ACTION_TIMED_OUT) {
                t->timed_out++;
                if (t->first_timeout < 0) {
                    t->first_timeout = time;
                }
            } else {
                ENSURE_OR_RETURN(e->action == MOTIVE_NO_ID || e->ended_by != MOTIVE_ACTION_END_NONE, 0);
            }
        }
    }
    return 1;
}

static void test_a_resident_spawned_by_archetype_name_acts(void) {
    const char *kinds[] = {"resident", "goap_resident"};
    for (int k = 0; k < 2; k++) {
        motive_scenario *scenario = NULL;
        motive_domain *domain = NULL;
        motive_world *world = NULL;
        motive_sim *sim = NULL;
        motive_npc npc;
        Tally t = {{0, 0, 0, 0}, 0, -1.0, -1.0, 0};
        ENSURE(furnished(&scenario, &domain, &world, &sim, kinds[k], &npc));
        ENSURE(drive(world, domain, npc, 60.0, 0, &t));
        ENSURE(t.non_goto_requests >= 2);
        ENSURE(t.requested[MOTIVE_ACTION_END_ENGINE] >= 2);
        ENSURE(t.requested[MOTIVE_ACTION_END_TIMER] + t.requested[MOTIVE_ACTION_END_UNTIL_FULL] >= 1);
        ENSURE(t.timed_out == 0);
        uint32_t brain = 99;
        ENSURE_OK(motive_npc_brain(world, npc, &brain));
        ENSURE(brain == (k == 0 ? MOTIVE_BRAIN_UDGOAP : MOTIVE_BRAIN_GOAP));
        ENSURE_STATUS(motive_npc_brain(world, npc, NULL), MOTIVE_STATUS_NULL_ARGUMENT);
        close_all(scenario, domain, world, sim);
    }
}

static void test_unreported_engine_actions_time_out(void) {
    motive_scenario *scenario = NULL;
    motive_domain *domain = NULL;
    motive_world *world = NULL;
    motive_sim *sim = NULL;
    motive_npc npc;
    Tally t = {{0, 0, 0, 0}, 0, -1.0, -1.0, 0};
    ENSURE(furnished(&scenario, &domain, &world, &sim, "resident", &npc));
    ENSURE_STATUS(motive_world_set_engine_action_timeout(world, 0.0), MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_STATUS(motive_world_set_engine_action_timeout(world, NAN), MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_STATUS(motive_world_set_engine_action_timeout(NULL, 1.0), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_OK(motive_world_set_engine_action_timeout(world, 2.0));
    ENSURE(drive(world, domain, npc, 6.0, 1, &t));
    ENSURE(t.first_request >= 0.0);
    ENSURE(t.timed_out >= 1);
    ENSURE(fabs(t.first_timeout - t.first_request - 2.0) < 0.051);
    close_all(scenario, domain, world, sim);
}

static void test_names_by_id(void) {
    motive_scenario *scenario = NULL;
    motive_domain *domain = NULL;
    motive_action_id go = 0;
    char name[65], tiny[3];
    size_t length = 0;
    ENSURE_OK(motive_scenario_load_file(SCENARIOS "household.json", NULL, &scenario));
    ENSURE_OK(motive_scenario_domain(scenario, &domain));
    ENSURE_OK(motive_domain_find_action(domain, "goto", &go));
    ENSURE_OK(motive_domain_name(domain, MOTIVE_DEFINITION_KIND_ACTION, go, name, sizeof name, &length));
    ENSURE_STR_EQ(name, "goto");
    ENSURE(length == 4);
    ENSURE_STATUS(motive_domain_name(domain, MOTIVE_DEFINITION_KIND_ACTION, go, NULL, 0, &length),
                  MOTIVE_STATUS_BUFFER_TOO_SMALL);
    ENSURE(length == 4);
    SENTINEL(tiny);
    ENSURE_STATUS(motive_domain_name(domain, MOTIVE_DEFINITION_KIND_ACTION, go, tiny, sizeof tiny, &length),
                  MOTIVE_STATUS_BUFFER_TOO_SMALL);
    ENSURE_UNTOUCHED(tiny);
    ENSURE_OK(motive_domain_name(domain, MOTIVE_DEFINITION_KIND_DRIVE, 0, name, sizeof name, &length));
    ENSURE_STR_EQ(name, "entertainment");
    uint32_t drives = 0;
    ENSURE_OK(motive_domain_count(domain, MOTIVE_DEFINITION_KIND_DRIVE, &drives));
    ENSURE(drives == 7);
    ENSURE_STATUS(motive_domain_name(domain, MOTIVE_DEFINITION_KIND_DRIVE, drives, name, sizeof name, &length),
                  MOTIVE_STATUS_NOT_FOUND);
    ENSURE_STATUS(motive_domain_count(domain, 99, &drives), MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_STATUS(motive_domain_count(domain, MOTIVE_DEFINITION_KIND_DRIVE, NULL), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_domain_name(domain, MOTIVE_DEFINITION_KIND_ACTION, 9999, name, sizeof name, &length),
                  MOTIVE_STATUS_NOT_FOUND);
    ENSURE_STATUS(motive_domain_name(domain, 99, 0, name, sizeof name, &length),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_STATUS(motive_domain_name(NULL, MOTIVE_DEFINITION_KIND_ACTION, go, name, sizeof name, &length),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_domain_name(domain, MOTIVE_DEFINITION_KIND_ACTION, go, name, sizeof name, NULL),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    motive_domain_destroy(domain);
    motive_scenario_destroy(scenario);
}

static void test_an_archetype_starts_its_entities_holding_themselves(void) {
    motive_domain_builder *b = NULL;
    motive_domain *domain = NULL;
    motive_world *world = NULL;
    motive_attribute home = 0, count = 0;
    motive_archetype_id owner = 0;
    motive_action_id act = 0;
    motive_npc npc;
    motive_value value;
    motive_world_def def = motive_world_def_default();
    motive_vec3 at = {0, 0, 0};
    ENSURE_OK(motive_domain_builder_create(&b));
    ENSURE_OK(motive_domain_builder_add_attribute(b, "home", MOTIVE_VALUE_TYPE_ENTITY, &home));
    ENSURE_OK(motive_domain_builder_add_attribute(b, "count", MOTIVE_VALUE_TYPE_NUMBER, &count));
    ENSURE_OK(motive_domain_builder_add_action(b, "act", &act));
    ENSURE_OK(motive_domain_builder_add_archetype(b, "owner", &owner));
    ENSURE_OK(motive_domain_builder_add_consumed_action(b, owner, act));
    ENSURE_STATUS(motive_domain_builder_set_archetype_state_self(b, owner, count),
                  MOTIVE_STATUS_TYPE_MISMATCH);
    ENSURE_STATUS(motive_domain_builder_set_archetype_state_self(NULL, owner, home),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_OK(motive_domain_builder_set_archetype_state_self(b, owner, home));
    ENSURE_OK(motive_domain_builder_build(b, &domain));
    ENSURE_OK(motive_world_create(domain, &def, &world));
    ENSURE_OK(motive_npc_spawn(world, owner, at, &npc));
    ENSURE_OK(motive_entity_get_fact(world, motive_npc_entity(npc), home, &value));
    ENSURE(value.type == MOTIVE_VALUE_TYPE_ENTITY);
    ENSURE(value.data.entity.index1 == motive_npc_entity(npc).index1);
    motive_world_destroy(world);
    motive_domain_destroy(domain);
    motive_domain_builder_destroy(b);
}

void run_engine_contract_tests(void) {
    RUN_TEST(test_an_archetype_starts_its_entities_holding_themselves);
    RUN_TEST(test_a_resident_spawned_by_archetype_name_acts);
    RUN_TEST(test_unreported_engine_actions_time_out);
    RUN_TEST(test_names_by_id);
}

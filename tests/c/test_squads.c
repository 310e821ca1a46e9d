/*
 * Squads through the C ABI, as a C tool uses them: scenarios/room_clearing.json loaded and run in
 * the headless simulator, the squad found by name, its members, an officer's superior, the
 * roster of its latest order; then the refusals: a second superior, a squad of a non-squad
 * archetype, an order with a bad bias, a stale squad handle.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "motive_test.h"
#include "suites.h"

#define SCENARIOS MOTIVE_TEST_DATA "/../../scenarios/"

/* The entity the simulator names `name`, or the null handle. */
static motive_entity named(const motive_sim *sim, const char *name) {
    motive_entity entities[64], none = {0, 0, 0};
    size_t count = 0, length = 0;
    char found[32];
    if (motive_sim_entities(sim, entities, 64, &count) != MOTIVE_STATUS_OK) {
        return none;
    }
    for (size_t i = 0; i < count; i++) {
        if (motive_sim_entity_name(sim, entities[i], found, sizeof found, &length) ==
                MOTIVE_STATUS_OK &&
            strcmp(found, name) == 0) {
            return entities[i];
        }
    }
    return none;
}

static void test_room_clearing_through_the_c_abi(void) {
    motive_scenario *scenario = NULL;
    motive_domain *domain = NULL;
    motive_world *world = NULL;
    motive_sim *sim = NULL;
    motive_entity members[8], officer, corner;
    motive_roster_entry roster[8];
    motive_squad_order order;
    motive_squad squad, superior, other;
    motive_attribute at = 0, room_clear = 0;
    motive_archetype_id officer_archetype = 0, team = 0;
    motive_value value;
    uint32_t kind = 0;
    size_t count = 0;
    char name[16];
    ENSURE_OK(motive_scenario_load_file(SCENARIOS "room_clearing.json", NULL, &scenario));
    ENSURE_OK(motive_scenario_domain(scenario, &domain));
    ENSURE_OK(motive_scenario_instantiate(scenario, NULL, 1, 3, &world, &sim));
    ENSURE_OK(motive_domain_find_attribute(domain, "at", &at));
    ENSURE_OK(motive_domain_find_attribute(domain, "room_clear", &room_clear));
    ENSURE_OK(motive_domain_find_archetype(domain, "officer", &officer_archetype));
    ENSURE_OK(motive_domain_find_archetype(domain, "swat_team", &team));
    squad = motive_entity_as_squad(named(sim, "alpha"));
    ENSURE(motive_squad_is_valid(world, squad));
    ENSURE_OK(motive_entity_get_kind(world, motive_squad_entity(squad), &kind));
    ENSURE(kind == MOTIVE_ENTITY_KIND_SQUAD);
    ENSURE_STATUS(motive_squad_get_order(world, squad, &order), MOTIVE_STATUS_NOT_FOUND);

    ENSURE_OK(motive_sim_run(sim, world, 60.0));

    ENSURE_STATUS(motive_squad_members(world, squad, NULL, 0, &count),
                  MOTIVE_STATUS_BUFFER_TOO_SMALL);
    ENSURE(count == 4);
    ENSURE_OK(motive_squad_members(world, squad, members, 8, &count));
    for (size_t i = 0; i < count; i++) {
        snprintf(name, sizeof name, "corner_%u", (unsigned)(i + 1));
        corner = named(sim, name);
        ENSURE_OK(motive_entity_get_fact(world, members[i], at, &value));
        ENSURE(value.type == MOTIVE_VALUE_TYPE_ENTITY);
        ENSURE(value.data.entity.index1 == corner.index1);
        ENSURE_OK(motive_entity_superior(world, members[i], &superior));
        ENSURE(superior.index1 == squad.index1 && superior.generation == squad.generation);
    }
    ENSURE_OK(motive_entity_get_fact(world, motive_squad_entity(squad), room_clear, &value));
    ENSURE(value.type == MOTIVE_VALUE_TYPE_BOOL && value.data.boolean);
    ENSURE_OK(motive_squad_get_order(world, squad, &order));
    ENSURE(!order.active && order.entries == 4);
    ENSURE_OK(motive_squad_roster(world, squad, roster, 8, &count));
    ENSURE(count == 4);
    for (size_t i = 0; i < count; i++) {
        ENSURE(roster[i].report == MOTIVE_REPORT_COMPLETED);
        ENSURE(roster[i].awaited && roster[i].bias == 1.0);
        ENSURE(roster[i].member.index1 == members[i].index1);
    }

    /* Refusals leave everything as it was. */
    officer = members[0];
    ENSURE_STATUS(motive_squad_report(world, officer, 0, 9), MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_STATUS(motive_squad_report(world, officer, roster[0].goal, MOTIVE_REPORT_FAILED),
                  MOTIVE_STATUS_NOT_FOUND); /* the order ended */
    ENSURE_OK(motive_squad_create(world, team, &other));
    ENSURE_STATUS(motive_squad_add_member(world, other, officer), MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("leaves that squad first");
    ENSURE_STATUS(motive_squad_add_member(world, squad, motive_squad_entity(squad)),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_STATUS(motive_squad_remove_member(world, other, officer), MOTIVE_STATUS_NOT_FOUND);
    ENSURE_STATUS(motive_squad_create(world, officer_archetype, &superior),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_OK(motive_squad_add_member(world, other, motive_squad_entity(squad)));
    ENSURE_OK(motive_entity_superior(world, motive_squad_entity(squad), &superior));
    ENSURE(superior.index1 == other.index1);
    ENSURE_OK(motive_squad_interrupt(world, other));
    ENSURE_OK(motive_world_tick(world, 0.1));
    ENSURE_OK(motive_squad_destroy(world, other));
    ENSURE(!motive_squad_is_valid(world, other));
    ENSURE_STATUS(motive_squad_members(world, other, members, 8, &count), MOTIVE_STATUS_STALE_HANDLE);
    ENSURE_OK(motive_entity_superior(world, motive_squad_entity(squad), &superior));
    ENSURE(superior.index1 == 0);
    ENSURE_OK(motive_squad_members(world, squad, members, 8, &count));
    ENSURE(count == 4);

    motive_sim_destroy(sim);
    motive_world_destroy(world);
    motive_domain_destroy(domain);
    motive_scenario_destroy(scenario);
}

static void test_orders_are_checked_when_authored(void) {
    motive_domain_builder *builder = NULL;
    motive_action_id order = 0;
    motive_goap_goal_id goal = 0;
    motive_archetype_id team = 0;
    uint32_t positions[2] = {0, 1};
    motive_recommendation recommendation;
    motive_relevance relevance;
    ENSURE_OK(motive_domain_builder_create(&builder));
    memset(&recommendation, 0, sizeof recommendation);
    memset(&relevance, 0, sizeof relevance);
    ENSURE_OK(motive_domain_builder_add_action(builder, "order", &order));
    ENSURE_OK(motive_domain_builder_add_archetype(builder, "team", &team));
    relevance.kind = MOTIVE_RELEVANCE_KIND_FIXED;
    relevance.value = 1.0;
    ENSURE_OK(motive_domain_builder_add_goap_goal(builder, "goal", 1, &relevance, &goal));
    recommendation.goal = goal;
    recommendation.bias = NAN;
    recommendation.required = true;
    ENSURE_STATUS(motive_domain_builder_set_action_order(builder, order, &recommendation, 1, 30.0),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("finite");
    recommendation.bias = 0.5;
    ENSURE_STATUS(motive_domain_builder_set_action_order(builder, order, &recommendation, 0, 30.0),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_STATUS(motive_domain_builder_set_action_order(builder, order, &recommendation, 1, 0.0),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_STATUS(motive_domain_builder_set_action_order(builder, order, NULL, 1, 30.0),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    recommendation.positions = positions;
    recommendation.position_count = 2;
    ENSURE_OK(motive_domain_builder_set_action_order(builder, order, &recommendation, 1, 30.0));
    ENSURE_OK(motive_domain_builder_set_archetype_squad(builder, team, MOTIVE_NO_ID, MOTIVE_NO_ID));
    ENSURE_OK(motive_domain_builder_set_archetype_autonomous(builder, team, false));
    motive_domain_builder_destroy(builder);
}

void run_squad_tests(void) {
    RUN_TEST(test_room_clearing_through_the_c_abi);
    RUN_TEST(test_orders_are_checked_when_authored);
}

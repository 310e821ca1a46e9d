/*
 * Defining a whole domain through the C API: the wizard domain of src/sim/wizard.rs builds,
 * its definitions get dense ids in definition order, the motive_domain_find_* lookups return
 * them, and every curve shape, duration, hint, need and think setting is accepted when valid.
 */
#include "fixtures.h"
#include "motive_test.h"
#include "suites.h"
#include "wizard.h"

typedef motive_status (*find_fn)(const motive_domain *, const char *, uint32_t *);

/* Checks that `find` maps `name` to `expected` in `domain`. */
static bool finds(find_fn find, const motive_domain *domain, const char *name,
                  uint32_t expected) {
    uint32_t id;
    SENTINEL(id);
    ENSURE_STATUS_OR_RETURN(find(domain, name, &id), MOTIVE_STATUS_OK, false);
    ENSURE_OR_RETURN(id == expected, false);
    return true;
}

/* Checks that `find` knows no `name` in `domain`, writes nothing and says which name. */
static bool finds_nothing(find_fn find, const motive_domain *domain, const char *name) {
    uint32_t id;
    SENTINEL(id);
    ENSURE_STATUS_OR_RETURN(find(domain, name, &id), MOTIVE_STATUS_NOT_FOUND, false);
    ENSURE_OR_RETURN(motive_test_is_sentinel(&id, sizeof id), false);
    {
        char buffer[256];
        ENSURE_OR_RETURN(
            motive_test_contains(motive_test_last_error(buffer, sizeof buffer), name), false);
    }
    return true;
}

static void test_wizard_domain_builds_with_dense_ids(void) {
    motive_domain_builder *b;
    wizard_ids w;
    ENSURE(wizard_builder(&b, &w));
    ENSURE(w.health == 0 && w.mana == 1 && w.team == 2 && w.damage == 3);
    ENSURE(w.heal_amount == 4 && w.mana_amount == 5);
    ENSURE(w.kill_enemy == 0 && w.maximize_health_goal == 1 && w.maximize_mana_goal == 2);
    ENSURE(w.kill_all_enemies == 0 && w.maximize_health == 1 && w.maximize_mana == 2);
    ENSURE(w.nearby_enemy_damage == 0);
    ENSURE(w.melee == 0 && w.slash == 1 && w.charge == 2 && w.lightning == 3);
    ENSURE(w.go_to == 4 && w.drink == 5);
    ENSURE(w.wizard == 0 && w.goblin == 1 && w.potion == 2);
    ENSURE(builds(b));
    motive_domain_builder_destroy(b);
}

static void test_find_returns_the_ids_of_the_built_domain(void) {
    motive_domain_builder *b;
    motive_domain *d;
    wizard_ids w;
    ENSURE(wizard_builder(&b, &w));
    ENSURE_OK(motive_domain_builder_build(b, &d));
    motive_domain_builder_destroy(b);
    ENSURE(finds(motive_domain_find_attribute, d, "mana_amount", w.mana_amount));
    ENSURE(finds(motive_domain_find_goal, d, "kill_enemy", w.kill_enemy));
    ENSURE(finds(motive_domain_find_goal, d, "maximize_mana", w.maximize_mana_goal));
    ENSURE(finds(motive_domain_find_drive, d, "kill_all_enemies", w.kill_all_enemies));
    ENSURE(finds(motive_domain_find_drive, d, "maximize_health", w.maximize_health));
    ENSURE(finds(motive_domain_find_world_effect, d, "nearby_enemy_damage",
                 w.nearby_enemy_damage));
    ENSURE(finds(motive_domain_find_action, d, "goto", w.go_to));
    ENSURE(finds(motive_domain_find_action, d, "drink", w.drink));
    ENSURE(finds(motive_domain_find_archetype, d, "goblin", w.goblin));
    ENSURE(finds(motive_domain_find_archetype, d, "potion", w.potion));
    /* Each kind of definition has its own names. */
    ENSURE(finds_nothing(motive_domain_find_goal, d, "kill_all_enemies"));
    ENSURE(finds_nothing(motive_domain_find_drive, d, "kill_enemy"));
    ENSURE(finds_nothing(motive_domain_find_world_effect, d, "melee"));
    ENSURE(finds_nothing(motive_domain_find_action, d, "wizard"));
    ENSURE(finds_nothing(motive_domain_find_archetype, d, "Wizard"));
    motive_domain_destroy(d);
}

static void test_worlds_run_on_the_wizard_domain(void) {
    motive_domain_builder *b;
    motive_domain *d;
    motive_world *world;
    motive_world_def def = motive_world_def_default();
    motive_npc_def npc_def = motive_npc_def_default();
    motive_npc wizard;
    motive_value health = value_number(80.0);
    wizard_ids w;
    ENSURE(wizard_builder(&b, &w));
    ENSURE_OK(motive_domain_builder_build(b, &d));
    motive_domain_builder_destroy(b);
    ENSURE_OK(motive_world_create(d, &def, &world));
    motive_domain_destroy(d);
    ENSURE_OK(motive_npc_create(world, &npc_def, &wizard));
    ENSURE_OK(motive_entity_set_fact(world, motive_npc_entity(wizard), w.health, &health));
    ENSURE_OK(motive_world_tick(world, 0.5));
    ENSURE(fact_is(world, motive_npc_entity(wizard), w.health, value_number(80.0)));
    motive_world_destroy(world);
}

static void test_every_curve_shape_is_accepted(void) {
    const motive_curve_point steps[3] = {{0.2, 0.0}, {0.5, 1.0}, {1.0, 0.5}};
    motive_curve power = motive_curve_linear(10.0);
    motive_curve logistic = motive_curve_linear(1.0);
    motive_curve piecewise = motive_curve_linear(100.0);
    motive_curve falling = motive_curve_linear(0.0);
    motive_domain_builder *b;
    wizard_ids w;
    motive_goal_id goal;
    motive_goal_condition condition;
    motive_condition graded;
    ENSURE(wizard_builder(&b, &w));
    power.shape = MOTIVE_CURVE_SHAPE_POWER;
    power.exponent = 2.0;
    logistic.shape = MOTIVE_CURVE_SHAPE_LOGISTIC;
    logistic.steepness = -10.0;
    logistic.midpoint = 0.5;
    piecewise.shape = MOTIVE_CURVE_SHAPE_PIECEWISE_LINEAR;
    piecewise.points = steps;
    piecewise.point_count = 3;
    /* A reversed range inverts the axis. */
    falling.min = 100.0;
    ENSURE_OK(motive_domain_builder_add_goal(b, "shaped", 0.5, &goal));
    condition = goal_condition(MOTIVE_ROLE_CONSUMER, w.mana, MOTIVE_CHANGE_INCREASE, power);
    ENSURE_OK(motive_domain_builder_add_goal_condition(b, goal, &condition));
    condition.curve = logistic;
    ENSURE_OK(motive_domain_builder_add_goal_condition(b, goal, &condition));
    condition.curve = piecewise;
    ENSURE_OK(motive_domain_builder_add_goal_condition(b, goal, &condition));
    condition.curve = falling;
    condition.change = MOTIVE_CHANGE_DECREASE;
    ENSURE_OK(motive_domain_builder_add_goal_condition(b, goal, &condition));
    /* Score conditions take the same curves, piecewise points included. */
    graded = condition_score(MOTIVE_ROLE_CONSUMER, w.health, piecewise);
    ENSURE_OK(motive_domain_builder_add_death_condition(b, w.goblin, &graded));
    ENSURE(builds(b));
    motive_domain_builder_destroy(b);
}

static void test_durations_hints_needs_and_think_settings(void) {
    motive_domain_builder *b;
    wizard_ids w;
    motive_action_id rest;
    motive_think_settings think = motive_think_settings_default();
    ENSURE(think.struct_size == sizeof(motive_think_settings));
    ENSURE(think.think_interval == 0.2 && think.max_depth == 8);
    ENSURE(think.memory_capacity == 256 && think.max_expansions == 256);
    ENSURE(think.perception_range > 1e308 && think.perception_limit == 256);
    ENSURE(wizard_builder(&b, &w));
    ENSURE_OK(motive_domain_builder_add_action(b, "rest", &rest));
    ENSURE_OK(motive_domain_builder_set_action_duration(b, rest, MOTIVE_DURATION_KIND_SECONDS,
                                                        2.5, 0));
    ENSURE_OK(motive_domain_builder_set_action_duration(
        b, rest, MOTIVE_DURATION_KIND_UNTIL_FULL, 0.0, w.mana));
    ENSURE_OK(motive_domain_builder_set_action_duration(b, w.drink, MOTIVE_DURATION_KIND_ENGINE,
                                                        0.0, 0));
    ENSURE_OK(motive_domain_builder_set_action_hints(b, w.melee, 1.5, 42));
    ENSURE_OK(motive_domain_builder_add_need(b, w.wizard, w.mana, 0.5));
    ENSURE_OK(motive_domain_builder_add_need(b, w.goblin, w.health, 0.0));
    ENSURE_OK(motive_domain_builder_set_think_settings(b, w.wizard, &think));
    think.think_interval = 0.05;
    think.perception_range = 30.0;
    think.memory_capacity = 1;
    think.perception_limit = MOTIVE_MAX_PERCEPTION_LIMIT;
    think.max_expansions = 1;
    think.max_depth = MOTIVE_MAX_PLAN_DEPTH;
    ENSURE_OK(motive_domain_builder_set_think_settings(b, w.goblin, &think));
    ENSURE_OK(motive_domain_builder_set_top_level(b, w.goblin, MOTIVE_TOP_LEVEL_KIND_LINEAR, 0));
    ENSURE(builds(b));
    motive_domain_builder_destroy(b);
}

static void test_adding_a_link_twice_adds_it_once_and_is_ok(void) {
    motive_domain_builder *b;
    wizard_ids w;
    ENSURE(wizard_builder(&b, &w));
    ENSURE_OK(motive_domain_builder_add_supplied_action(b, w.potion, w.drink));
    ENSURE_OK(motive_domain_builder_add_consumed_action(b, w.wizard, w.drink));
    ENSURE_OK(motive_domain_builder_add_internal_drive(b, w.wizard, w.maximize_mana));
    ENSURE_OK(motive_domain_builder_add_action_world_effect(b, w.go_to, w.nearby_enemy_damage));
    ENSURE(builds(b));
    motive_domain_builder_destroy(b);
}

static void test_a_generator_may_have_no_conditions(void) {
    motive_domain_builder *b;
    wizard_ids w;
    ENSURE(wizard_builder(&b, &w));
    ENSURE_OK(motive_domain_builder_add_goal_generator(b, w.maximize_mana,
                                                       MOTIVE_TRIGGER_SCOPE_CONSUMER, NULL, 0,
                                                       w.maximize_mana_goal));
    ENSURE(builds(b));
    motive_domain_builder_destroy(b);
}

static void test_set_effects_and_drive_removal(void) {
    motive_domain_builder *b;
    wizard_ids w;
    motive_attribute ordered;
    motive_effect give_order;
    motive_condition obeyed;
    ENSURE(wizard_builder(&b, &w));
    ENSURE_OK(motive_domain_builder_add_attribute(b, "ordered", MOTIVE_VALUE_TYPE_BOOL, &ordered));
    give_order = effect_change(MOTIVE_ROLE_SUPPLIER, MOTIVE_EFFECT_OP_SET, ordered,
                               operand_constant(value_bool(true)));
    ENSURE_OK(motive_domain_builder_add_effect(b, w.melee, &give_order));
    obeyed = condition_compare(MOTIVE_ROLE_CONSUMER, ordered, MOTIVE_CMP_OP_EQ,
                               operand_constant(value_bool(false)));
    ENSURE_OK(motive_domain_builder_add_drive_removal(b, w.kill_all_enemies, &obeyed));
    ENSURE(builds(b));
    motive_domain_builder_destroy(b);
}

void run_definition_tests(void) {
    RUN_TEST(test_wizard_domain_builds_with_dense_ids);
    RUN_TEST(test_find_returns_the_ids_of_the_built_domain);
    RUN_TEST(test_worlds_run_on_the_wizard_domain);
    RUN_TEST(test_every_curve_shape_is_accepted);
    RUN_TEST(test_durations_hints_needs_and_think_settings);
    RUN_TEST(test_adding_a_link_twice_adds_it_once_and_is_ok);
    RUN_TEST(test_a_generator_may_have_no_conditions);
    RUN_TEST(test_set_effects_and_drive_removal);
}

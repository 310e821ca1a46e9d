/*
 * Rejected definitions: unknown enum values, wrong types, unknown ids, duplicate and malformed
 * names, non-finite or out-of-range numbers, malformed curves, roles not bound where they are
 * used, a veto drive the archetype lacks, bad think settings and NULL pointers. Each is
 * rejected with its status and a message, writes no id, and leaves the builder as it was: it
 * still builds, and the next definition gets the id the rejected one would have had.
 */
#include <math.h>

#include "fixtures.h"
#include "motive_test.h"
#include "suites.h"
#include "wizard.h"

static void test_unknown_enum_values_are_invalid(void) {
    motive_domain_builder *b;
    wizard_ids w;
    motive_condition c;
    motive_goal_condition g;
    motive_effect e;
    motive_attribute id;
    ENSURE(wizard_builder(&b, &w));
    c = condition_compare(7, w.mana, MOTIVE_CMP_OP_GE, operand_number(1.0));
    ENSURE_REJECTED(motive_domain_builder_add_precondition(b, w.melee, &c),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("role is 7, not a motive_role");
    c = condition_compare(MOTIVE_ROLE_CONSUMER, w.mana, 99, operand_number(1.0));
    ENSURE_REJECTED(motive_domain_builder_add_precondition(b, w.melee, &c),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("op is 99, not a motive_cmp_op");
    c.op = MOTIVE_CMP_OP_GE;
    c.kind = 3;
    ENSURE_REJECTED(motive_domain_builder_add_precondition(b, w.melee, &c),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("motive_condition_kind");
    c = condition_compare(MOTIVE_ROLE_CONSUMER, w.mana, MOTIVE_CMP_OP_GE, operand_number(1.0));
    c.rhs.kind = 3;
    ENSURE_REJECTED(motive_domain_builder_add_precondition(b, w.melee, &c),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("motive_operand_kind");
    c.rhs = operand_attribute(9, w.mana);
    ENSURE_REJECTED(motive_domain_builder_add_precondition(b, w.melee, &c),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("rhs: role is 9");
    c.rhs = operand_number(1.0);
    c.rhs.constant.type = 0;
    ENSURE_REJECTED(motive_domain_builder_add_precondition(b, w.melee, &c),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("motive_value_type");
    c = condition_within(MOTIVE_ROLE_CONSUMER, 3, 1.0);
    ENSURE_REJECTED(motive_domain_builder_add_precondition(b, w.melee, &c),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("of_role");
    c = condition_score(MOTIVE_ROLE_CONSUMER, w.mana, motive_curve_linear(100.0));
    c.curve.shape = 4;
    ENSURE_REJECTED(motive_domain_builder_add_precondition(b, w.melee, &c),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("motive_curve_shape");
    g = goal_condition(MOTIVE_ROLE_CONSUMER, w.mana, 4, motive_curve_linear(100.0));
    ENSURE_REJECTED(motive_domain_builder_add_goal_condition(b, w.maximize_mana_goal, &g),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("motive_change");
    e = effect_change(MOTIVE_ROLE_CONSUMER, 5, w.mana, operand_number(1.0));
    ENSURE_REJECTED(motive_domain_builder_add_effect(b, w.melee, &e),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("motive_effect_op");
    e = effect_move_to(MOTIVE_ROLE_CONSUMER, 3);
    ENSURE_REJECTED(motive_domain_builder_add_effect(b, w.melee, &e),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("destination_role");
    ENSURE_REJECTED(motive_domain_builder_add_goal_generator(b, w.maximize_mana, 2, NULL, 0,
                                                             w.maximize_mana_goal),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("motive_trigger_scope");
    ENSURE_REJECTED(motive_domain_builder_set_action_duration(b, w.drink, 3, 1.0, w.mana),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("motive_duration_kind");
    ENSURE_REJECTED(motive_domain_builder_set_top_level(b, w.wizard, 2, w.maximize_health),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("motive_top_level_kind");
    SENTINEL(id);
    ENSURE_REJECTED(motive_domain_builder_add_attribute(b, "x", 5, &id),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_UNTOUCHED(id);
    /* Fields a kind does not read are not checked: a within condition ignores op and rhs. */
    c = condition_within(MOTIVE_ROLE_CONSUMER, MOTIVE_ROLE_SUPPLIER, 1.0);
    c.op = 99;
    c.rhs.kind = 99;
    c.curve.shape = 99;
    ENSURE_OK(motive_domain_builder_add_precondition(b, w.melee, &c));
    ENSURE(builds(b));
    motive_domain_builder_destroy(b);
}

static void test_wrong_types_are_type_mismatches(void) {
    motive_domain_builder *b;
    wizard_ids w;
    motive_attribute hostile;
    motive_condition c;
    motive_goal_condition g;
    motive_effect e;
    ENSURE(wizard_builder(&b, &w));
    ENSURE_OK(motive_domain_builder_add_attribute(b, "hostile", MOTIVE_VALUE_TYPE_BOOL, &hostile));
    c = condition_compare(MOTIVE_ROLE_CONSUMER, w.health, MOTIVE_CMP_OP_EQ,
                          operand_constant(value_bool(true)));
    ENSURE_REJECTED(motive_domain_builder_add_precondition(b, w.melee, &c),
                    MOTIVE_STATUS_TYPE_MISMATCH);
    c = condition_compare(MOTIVE_ROLE_CONSUMER, hostile, MOTIVE_CMP_OP_EQ, operand_number(1.0));
    ENSURE_REJECTED(motive_domain_builder_add_precondition(b, w.melee, &c),
                    MOTIVE_STATUS_TYPE_MISMATCH);
    c.rhs = operand_attribute(MOTIVE_ROLE_SUPPLIER, w.team);
    ENSURE_REJECTED(motive_domain_builder_add_goal_removal(b, w.kill_enemy, &c),
                    MOTIVE_STATUS_TYPE_MISMATCH);
    /* Ordering a bool is an operator its type does not have: an invalid argument (core's
     * condition validation), with the attribute named. */
    c = condition_compare(MOTIVE_ROLE_CONSUMER, hostile, MOTIVE_CMP_OP_LT,
                          operand_constant(value_bool(true)));
    ENSURE_REJECTED(motive_domain_builder_add_precondition(b, w.melee, &c),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("hostile");
    c = condition_score(MOTIVE_ROLE_CONSUMER, hostile, motive_curve_linear(1.0));
    ENSURE_REJECTED(motive_domain_builder_add_death_condition(b, w.wizard, &c),
                    MOTIVE_STATUS_TYPE_MISMATCH);
    ENSURE_LAST_ERROR_CONTAINS("hostile");
    g = goal_condition(MOTIVE_ROLE_CONSUMER, hostile, MOTIVE_CHANGE_INCREASE,
                       motive_curve_linear(1.0));
    ENSURE_REJECTED(motive_domain_builder_add_goal_condition(b, w.kill_enemy, &g),
                    MOTIVE_STATUS_TYPE_MISMATCH);
    e = effect_change(MOTIVE_ROLE_CONSUMER, MOTIVE_EFFECT_OP_ADD, hostile, operand_number(1.0));
    ENSURE_REJECTED(motive_domain_builder_add_effect(b, w.drink, &e), MOTIVE_STATUS_TYPE_MISMATCH);
    e = effect_change(MOTIVE_ROLE_CONSUMER, MOTIVE_EFFECT_OP_ADD, w.health,
                      operand_attribute(MOTIVE_ROLE_SUPPLIER, hostile));
    ENSURE_REJECTED(motive_domain_builder_add_effect(b, w.drink, &e), MOTIVE_STATUS_TYPE_MISMATCH);
    e = effect_change(MOTIVE_ROLE_OTHER, MOTIVE_EFFECT_OP_SET, w.health,
                      operand_constant(value_bool(false)));
    ENSURE_REJECTED(motive_domain_builder_add_world_effect_effect(b, w.nearby_enemy_damage, &e),
                    MOTIVE_STATUS_TYPE_MISMATCH);
    ENSURE_REJECTED(motive_domain_builder_set_attribute_range(b, hostile, 0.0, 1.0),
                    MOTIVE_STATUS_TYPE_MISMATCH);
    ENSURE_REJECTED(motive_domain_builder_add_need(b, w.wizard, hostile, 1.0),
                    MOTIVE_STATUS_TYPE_MISMATCH);
    ENSURE_LAST_ERROR_CONTAINS("hostile");
    motive_domain_builder_destroy(b);
}

static void test_unknown_ids_are_not_found(void) {
    const uint32_t unknown = 99;
    const motive_think_settings think = motive_think_settings_default();
    motive_domain_builder *b;
    wizard_ids w;
    motive_condition c;
    motive_goal_condition g;
    motive_effect e;
    ENSURE(wizard_builder(&b, &w));
    c = condition_compare(MOTIVE_ROLE_CONSUMER, w.mana, MOTIVE_CMP_OP_GE, operand_number(1.0));
    g = goal_condition(MOTIVE_ROLE_CONSUMER, w.mana, MOTIVE_CHANGE_INCREASE,
                       motive_curve_linear(100.0));
    e = effect_change(MOTIVE_ROLE_CONSUMER, MOTIVE_EFFECT_OP_ADD, w.mana, operand_number(1.0));
    ENSURE_REJECTED(motive_domain_builder_set_attribute_range(b, unknown, 0.0, 1.0),
                    MOTIVE_STATUS_NOT_FOUND);
    ENSURE_LAST_ERROR_CONTAINS("attribute id 99");
    ENSURE_REJECTED(motive_domain_builder_add_goal_condition(b, unknown, &g),
                    MOTIVE_STATUS_NOT_FOUND);
    ENSURE_LAST_ERROR_CONTAINS("goal id 99");
    ENSURE_REJECTED(motive_domain_builder_add_goal_removal(b, unknown, &c), MOTIVE_STATUS_NOT_FOUND);
    ENSURE_REJECTED(motive_domain_builder_add_goal_generator(
                        b, unknown, MOTIVE_TRIGGER_SCOPE_CONSUMER, &c, 1, w.kill_enemy),
                    MOTIVE_STATUS_NOT_FOUND);
    ENSURE_REJECTED(motive_domain_builder_add_goal_generator(
                        b, w.maximize_mana, MOTIVE_TRIGGER_SCOPE_CONSUMER, &c, 1, unknown),
                    MOTIVE_STATUS_NOT_FOUND);
    ENSURE_REJECTED(motive_domain_builder_add_drive_removal(b, unknown, &c),
                    MOTIVE_STATUS_NOT_FOUND);
    ENSURE_REJECTED(motive_domain_builder_add_world_effect_filter(b, unknown, &c),
                    MOTIVE_STATUS_NOT_FOUND);
    ENSURE_REJECTED(motive_domain_builder_add_world_effect_effect(b, unknown, &e),
                    MOTIVE_STATUS_NOT_FOUND);
    ENSURE_REJECTED(motive_domain_builder_add_precondition(b, unknown, &c),
                    MOTIVE_STATUS_NOT_FOUND);
    ENSURE_LAST_ERROR_CONTAINS("action id 99");
    ENSURE_REJECTED(motive_domain_builder_add_effect(b, unknown, &e), MOTIVE_STATUS_NOT_FOUND);
    ENSURE_REJECTED(motive_domain_builder_add_action_world_effect(b, unknown,
                                                                  w.nearby_enemy_damage),
                    MOTIVE_STATUS_NOT_FOUND);
    ENSURE_REJECTED(motive_domain_builder_add_action_world_effect(b, w.go_to, unknown),
                    MOTIVE_STATUS_NOT_FOUND);
    ENSURE_LAST_ERROR_CONTAINS("world effect id 99");
    ENSURE_REJECTED(motive_domain_builder_set_action_duration(
                        b, unknown, MOTIVE_DURATION_KIND_SECONDS, 1.0, 0),
                    MOTIVE_STATUS_NOT_FOUND);
    ENSURE_REJECTED(motive_domain_builder_set_action_duration(
                        b, w.drink, MOTIVE_DURATION_KIND_UNTIL_FULL, 0.0, unknown),
                    MOTIVE_STATUS_NOT_FOUND);
    ENSURE_REJECTED(motive_domain_builder_set_action_hints(b, unknown, 1.0, 0),
                    MOTIVE_STATUS_NOT_FOUND);
    ENSURE_REJECTED(motive_domain_builder_add_supplied_action(b, unknown, w.drink),
                    MOTIVE_STATUS_NOT_FOUND);
    ENSURE_LAST_ERROR_CONTAINS("archetype id 99");
    ENSURE_REJECTED(motive_domain_builder_add_supplied_action(b, w.potion, unknown),
                    MOTIVE_STATUS_NOT_FOUND);
    ENSURE_REJECTED(motive_domain_builder_add_consumed_action(b, w.wizard, unknown),
                    MOTIVE_STATUS_NOT_FOUND);
    ENSURE_REJECTED(motive_domain_builder_add_internal_drive(b, w.wizard, unknown),
                    MOTIVE_STATUS_NOT_FOUND);
    ENSURE_LAST_ERROR_CONTAINS("drive id 99");
    ENSURE_REJECTED(motive_domain_builder_set_top_level(b, unknown, MOTIVE_TOP_LEVEL_KIND_LINEAR,
                                                        0),
                    MOTIVE_STATUS_NOT_FOUND);
    ENSURE_REJECTED(motive_domain_builder_add_death_condition(b, unknown, &c),
                    MOTIVE_STATUS_NOT_FOUND);
    ENSURE_REJECTED(motive_domain_builder_add_need(b, unknown, w.mana, 1.0),
                    MOTIVE_STATUS_NOT_FOUND);
    ENSURE_REJECTED(motive_domain_builder_add_need(b, w.wizard, unknown, 1.0),
                    MOTIVE_STATUS_NOT_FOUND);
    ENSURE_REJECTED(motive_domain_builder_set_think_settings(b, unknown, &think),
                    MOTIVE_STATUS_NOT_FOUND);
    /* Unknown attributes inside conditions and effects. */
    c.attribute = unknown;
    ENSURE_REJECTED(motive_domain_builder_add_precondition(b, w.melee, &c),
                    MOTIVE_STATUS_NOT_FOUND);
    c = condition_compare(MOTIVE_ROLE_CONSUMER, w.mana, MOTIVE_CMP_OP_GE,
                          operand_attribute(MOTIVE_ROLE_SUPPLIER, unknown));
    ENSURE_REJECTED(motive_domain_builder_add_precondition(b, w.melee, &c),
                    MOTIVE_STATUS_NOT_FOUND);
    e.attribute = unknown;
    ENSURE_REJECTED(motive_domain_builder_add_effect(b, w.melee, &e), MOTIVE_STATUS_NOT_FOUND);
    motive_domain_builder_destroy(b);
}

static void test_duplicate_and_malformed_names(void) {
    motive_domain_builder *b;
    wizard_ids w;
    uint32_t id;
    ENSURE(wizard_builder(&b, &w));
    SENTINEL(id);
    ENSURE_REJECTED(motive_domain_builder_add_goal(b, "kill_enemy", 1.0, &id),
                    MOTIVE_STATUS_ALREADY_EXISTS);
    ENSURE_LAST_ERROR_CONTAINS("kill_enemy");
    ENSURE_REJECTED(motive_domain_builder_add_drive(b, "maximize_mana", 1.0, &id),
                    MOTIVE_STATUS_ALREADY_EXISTS);
    ENSURE_REJECTED(motive_domain_builder_add_world_effect(b, "nearby_enemy_damage", 1.0, &id),
                    MOTIVE_STATUS_ALREADY_EXISTS);
    ENSURE_REJECTED(motive_domain_builder_add_action(b, "goto", &id), MOTIVE_STATUS_ALREADY_EXISTS);
    ENSURE_REJECTED(motive_domain_builder_add_archetype(b, "potion", &id),
                    MOTIVE_STATUS_ALREADY_EXISTS);
    ENSURE_REJECTED(motive_domain_builder_add_attribute(b, "mana", MOTIVE_VALUE_TYPE_NUMBER, &id),
                    MOTIVE_STATUS_ALREADY_EXISTS);
    ENSURE_REJECTED(motive_domain_builder_add_action(b, "go to", &id),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_REJECTED(motive_domain_builder_add_goal(b, "", 1.0, &id),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_REJECTED(motive_domain_builder_add_archetype(b, "2nd", &id),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("2nd");
    ENSURE_UNTOUCHED(id);
    /* No rejected call used up an id. */
    ENSURE_OK(motive_domain_builder_add_action(b, "sneak", &id));
    ENSURE(id == w.drink + 1);
    ENSURE_OK(motive_domain_builder_add_archetype(b, "troll", &id));
    ENSURE(id == w.potion + 1);
    ENSURE_OK(motive_domain_builder_add_world_effect(b, "fire", 1.0, &id));
    ENSURE(id == w.nearby_enemy_damage + 1);
    motive_domain_builder_destroy(b);
}

static void test_bad_numbers_are_invalid(void) {
    static const double bad_weights[] = {0.0, -1.0, NAN, INFINITY};
    static const double bad_distances[] = {-1.0, NAN, INFINITY};
    motive_domain_builder *b;
    wizard_ids w;
    motive_condition c;
    motive_effect e;
    uint32_t id;
    size_t i;
    ENSURE(wizard_builder(&b, &w));
    SENTINEL(id);
    for (i = 0; i < sizeof bad_weights / sizeof bad_weights[0]; i++) {
        ENSURE_REJECTED(motive_domain_builder_add_goal(b, "g", bad_weights[i], &id),
                        MOTIVE_STATUS_INVALID_ARGUMENT);
        ENSURE_LAST_ERROR_CONTAINS("weight");
        ENSURE_REJECTED(motive_domain_builder_add_drive(b, "d", bad_weights[i], &id),
                        MOTIVE_STATUS_INVALID_ARGUMENT);
    }
    for (i = 0; i < sizeof bad_distances / sizeof bad_distances[0]; i++) {
        c = condition_within(MOTIVE_ROLE_CONSUMER, MOTIVE_ROLE_SUPPLIER, bad_distances[i]);
        ENSURE_REJECTED(motive_domain_builder_add_precondition(b, w.melee, &c),
                        MOTIVE_STATUS_INVALID_ARGUMENT);
        ENSURE_LAST_ERROR_CONTAINS("distance");
        ENSURE_REJECTED(motive_domain_builder_add_world_effect(b, "w", bad_distances[i], &id),
                        MOTIVE_STATUS_INVALID_ARGUMENT);
        ENSURE_REJECTED(motive_domain_builder_set_action_hints(b, w.melee, bad_distances[i], 0),
                        MOTIVE_STATUS_INVALID_ARGUMENT);
        ENSURE_REJECTED(motive_domain_builder_add_need(b, w.wizard, w.mana, bad_distances[i]),
                        MOTIVE_STATUS_INVALID_ARGUMENT);
    }
    ENSURE_UNTOUCHED(id);
    ENSURE_REJECTED(motive_domain_builder_set_attribute_range(b, w.team, 5.0, 5.0),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_REJECTED(motive_domain_builder_set_attribute_range(b, w.team, 10.0, 0.0),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_REJECTED(motive_domain_builder_set_attribute_range(b, w.team, NAN, 1.0),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    c = condition_compare(MOTIVE_ROLE_CONSUMER, w.mana, MOTIVE_CMP_OP_GE, operand_number(NAN));
    ENSURE_REJECTED(motive_domain_builder_add_precondition(b, w.lightning, &c),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    e = effect_change(MOTIVE_ROLE_CONSUMER, MOTIVE_EFFECT_OP_ADD, w.mana, operand_number(-5.0));
    ENSURE_REJECTED(motive_domain_builder_add_effect(b, w.drink, &e),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("-5");
    ENSURE_REJECTED(motive_domain_builder_set_action_duration(
                        b, w.drink, MOTIVE_DURATION_KIND_SECONDS, 0.0, 0),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_REJECTED(motive_domain_builder_set_action_duration(
                        b, w.drink, MOTIVE_DURATION_KIND_SECONDS, NAN, 0),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    /* 'Until full' needs an attribute with a range; team has none. */
    ENSURE_REJECTED(motive_domain_builder_set_action_duration(
                        b, w.drink, MOTIVE_DURATION_KIND_UNTIL_FULL, 0.0, w.team),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("team");
    motive_domain_builder_destroy(b);
}

/* Checks that a goal condition over mana with `curve` is rejected with `status`. */
static bool curve_is_rejected(motive_domain_builder *b, const wizard_ids *w, motive_curve curve,
                              uint32_t status) {
    const motive_goal_condition g =
        goal_condition(MOTIVE_ROLE_CONSUMER, w->mana, MOTIVE_CHANGE_INCREASE, curve);
    const motive_condition c = condition_score(MOTIVE_ROLE_CONSUMER, w->mana, curve);
    ENSURE_STATUS_OR_RETURN(
        motive_domain_builder_add_goal_condition(b, w->maximize_mana_goal, &g), status, false);
    ENSURE_STATUS_OR_RETURN(motive_domain_builder_add_death_condition(b, w->wizard, &c), status,
                            false);
    return builds(b);
}

static void test_bad_curves_are_invalid(void) {
    const motive_curve_point unsorted[2] = {{0.5, 0.0}, {0.5, 1.0}};
    const motive_curve_point not_finite[2] = {{0.0, 0.0}, {1.0, NAN}};
    motive_domain_builder *b;
    wizard_ids w;
    motive_curve curve;
    ENSURE(wizard_builder(&b, &w));
    ENSURE(curve_is_rejected(b, &w, motive_curve_linear(0.0), MOTIVE_STATUS_INVALID_ARGUMENT));
    ENSURE_LAST_ERROR_CONTAINS("range");
    curve = motive_curve_linear(100.0);
    curve.min = NAN;
    ENSURE(curve_is_rejected(b, &w, curve, MOTIVE_STATUS_INVALID_ARGUMENT));
    curve = motive_curve_linear(100.0);
    curve.slope = INFINITY;
    ENSURE(curve_is_rejected(b, &w, curve, MOTIVE_STATUS_INVALID_ARGUMENT));
    curve.shape = MOTIVE_CURVE_SHAPE_POWER;
    curve.slope = 1.0;
    curve.exponent = 0.0;
    ENSURE(curve_is_rejected(b, &w, curve, MOTIVE_STATUS_INVALID_ARGUMENT));
    curve.shape = MOTIVE_CURVE_SHAPE_LOGISTIC;
    curve.steepness = 0.0;
    ENSURE(curve_is_rejected(b, &w, curve, MOTIVE_STATUS_INVALID_ARGUMENT));
    curve.shape = MOTIVE_CURVE_SHAPE_PIECEWISE_LINEAR;
    curve.points = NULL;
    curve.point_count = 0;
    ENSURE(curve_is_rejected(b, &w, curve, MOTIVE_STATUS_INVALID_ARGUMENT));
    curve.points = unsorted;
    curve.point_count = 2;
    ENSURE(curve_is_rejected(b, &w, curve, MOTIVE_STATUS_INVALID_ARGUMENT));
    ENSURE_LAST_ERROR_CONTAINS("curve");
    curve.points = not_finite;
    ENSURE(curve_is_rejected(b, &w, curve, MOTIVE_STATUS_INVALID_ARGUMENT));
    curve.points = NULL;
    ENSURE(curve_is_rejected(b, &w, curve, MOTIVE_STATUS_NULL_ARGUMENT));
    ENSURE_LAST_ERROR_CONTAINS("points");
    motive_domain_builder_destroy(b);
}

static void test_roles_and_changes_must_fit_where_used(void) {
    motive_domain_builder *b;
    wizard_ids w;
    motive_condition c;
    motive_goal_condition g;
    motive_effect e;
    ENSURE(wizard_builder(&b, &w));
    /* Only world effects bind MOTIVE_ROLE_OTHER. */
    c = condition_compare(MOTIVE_ROLE_OTHER, w.mana, MOTIVE_CMP_OP_GE, operand_number(1.0));
    ENSURE_REJECTED(motive_domain_builder_add_precondition(b, w.melee, &c),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("other");
    ENSURE_REJECTED(motive_domain_builder_add_goal_removal(b, w.kill_enemy, &c),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    e = effect_move_to(MOTIVE_ROLE_CONSUMER, MOTIVE_ROLE_OTHER);
    ENSURE_REJECTED(motive_domain_builder_add_effect(b, w.go_to, &e),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    e = effect_end(MOTIVE_ROLE_OTHER);
    ENSURE_REJECTED(motive_domain_builder_add_effect(b, w.drink, &e),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    /* Death and drive removal concern the NPC alone. */
    c = condition_compare(MOTIVE_ROLE_SUPPLIER, w.health, MOTIVE_CMP_OP_LE, operand_number(0.0));
    ENSURE_REJECTED(motive_domain_builder_add_death_condition(b, w.wizard, &c),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_REJECTED(motive_domain_builder_add_drive_removal(b, w.maximize_mana, &c),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    g = goal_condition(MOTIVE_ROLE_OTHER, w.mana, MOTIVE_CHANGE_INCREASE,
                       motive_curve_linear(100.0));
    ENSURE_REJECTED(motive_domain_builder_add_goal_condition(b, w.maximize_mana_goal, &g),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    /* A goal condition makes progress by an increase or a decrease, nothing else. */
    g.role = MOTIVE_ROLE_CONSUMER;
    g.change = MOTIVE_CHANGE_CHANGE;
    ENSURE_REJECTED(motive_domain_builder_add_goal_condition(b, w.maximize_mana_goal, &g),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    g.change = MOTIVE_CHANGE_ENDED;
    ENSURE_REJECTED(motive_domain_builder_add_goal_condition(b, w.maximize_mana_goal, &g),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    motive_domain_builder_destroy(b);
}

static void test_veto_drive_must_be_an_internal_drive(void) {
    motive_domain_builder *b;
    wizard_ids w;
    ENSURE(wizard_builder(&b, &w));
    /* The goblin's only drive is kill_all_enemies. */
    ENSURE_REJECTED(motive_domain_builder_set_top_level(
                        b, w.goblin, MOTIVE_TOP_LEVEL_KIND_LINEAR_WITH_BAD_DEATH,
                        w.maximize_health),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("maximize_health");
    ENSURE_REJECTED(motive_domain_builder_set_top_level(
                        b, w.goblin, MOTIVE_TOP_LEVEL_KIND_LINEAR_WITH_BAD_DEATH, 99),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_OK(motive_domain_builder_set_top_level(
        b, w.goblin, MOTIVE_TOP_LEVEL_KIND_LINEAR_WITH_BAD_DEATH, w.kill_all_enemies));
    ENSURE(builds(b));
    motive_domain_builder_destroy(b);
}

static void test_a_goal_without_conditions_fails_the_build(void) {
    motive_domain_builder *b;
    motive_domain *domain;
    wizard_ids w;
    motive_goal_id idle;
    const motive_goal_condition rested = goal_condition(
        MOTIVE_ROLE_CONSUMER, 1, MOTIVE_CHANGE_INCREASE, motive_curve_linear(100.0));
    ENSURE(wizard_builder(&b, &w));
    ENSURE_OK(motive_domain_builder_add_goal(b, "idle", 1.0, &idle));
    SENTINEL(domain);
    ENSURE_STATUS(motive_domain_builder_build(b, &domain), MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_UNTOUCHED(domain);
    ENSURE_LAST_ERROR_CONTAINS("idle");
    ENSURE_OK(motive_domain_builder_add_goal_condition(b, idle, &rested));
    ENSURE(builds(b));
    motive_domain_builder_destroy(b);
}

static void test_think_settings_are_checked(void) {
    motive_domain_builder *b;
    wizard_ids w;
    motive_think_settings think;
    ENSURE(wizard_builder(&b, &w));
    think = motive_think_settings_default();
    think.struct_size = sizeof think - 8;
    ENSURE_REJECTED(motive_domain_builder_set_think_settings(b, w.wizard, &think),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("struct_size");
    think = motive_think_settings_default();
    think.max_depth = MOTIVE_MAX_PLAN_DEPTH + 1;
    ENSURE_REJECTED(motive_domain_builder_set_think_settings(b, w.wizard, &think),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("max depth");
    think.max_depth = 0;
    ENSURE_REJECTED(motive_domain_builder_set_think_settings(b, w.wizard, &think),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    think = motive_think_settings_default();
    think.memory_capacity = 0;
    ENSURE_REJECTED(motive_domain_builder_set_think_settings(b, w.wizard, &think),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    think = motive_think_settings_default();
    think.perception_limit = 0;
    ENSURE_REJECTED(motive_domain_builder_set_think_settings(b, w.wizard, &think),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("perception limit");
    think = motive_think_settings_default();
    think.max_expansions = 0;
    ENSURE_REJECTED(motive_domain_builder_set_think_settings(b, w.wizard, &think),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    think = motive_think_settings_default();
    think.think_interval = NAN;
    ENSURE_REJECTED(motive_domain_builder_set_think_settings(b, w.wizard, &think),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    think = motive_think_settings_default();
    think.perception_range = -1.0;
    ENSURE_REJECTED(motive_domain_builder_set_think_settings(b, w.wizard, &think),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    motive_domain_builder_destroy(b);
}

static void test_generator_errors_name_the_condition(void) {
    motive_domain_builder *b;
    wizard_ids w;
    motive_condition conditions[2];
    ENSURE(wizard_builder(&b, &w));
    conditions[0] = condition_compare(MOTIVE_ROLE_CONSUMER, w.mana, MOTIVE_CMP_OP_LT,
                                      operand_number(100.0));
    conditions[1] = conditions[0];
    conditions[1].role = 7;
    ENSURE_REJECTED(motive_domain_builder_add_goal_generator(b, w.maximize_mana,
                                                             MOTIVE_TRIGGER_SCOPE_CONSUMER,
                                                             conditions, 2, w.maximize_mana_goal),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("conditions[1]: role is 7");
    ENSURE_REJECTED(motive_domain_builder_add_goal_generator(b, w.maximize_mana,
                                                             MOTIVE_TRIGGER_SCOPE_CONSUMER, NULL,
                                                             2, w.maximize_mana_goal),
                    MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("conditions");
    motive_domain_builder_destroy(b);
}

static void test_null_builder_is_a_null_argument(void) {
    const motive_condition c =
        condition_within(MOTIVE_ROLE_CONSUMER, MOTIVE_ROLE_SUPPLIER, 1.0);
    const motive_goal_condition g = goal_condition(MOTIVE_ROLE_CONSUMER, 0, MOTIVE_CHANGE_INCREASE,
                                                   motive_curve_linear(1.0));
    const motive_effect e = effect_end(MOTIVE_ROLE_SUPPLIER);
    const motive_think_settings think = motive_think_settings_default();
    uint32_t id;
    SENTINEL(id);
    ENSURE_STATUS(motive_domain_builder_set_attribute_range(NULL, 0, 0.0, 1.0),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("builder");
    ENSURE_STATUS(motive_domain_builder_add_goal(NULL, "g", 1.0, &id), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_domain_builder_add_goal_condition(NULL, 0, &g),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_domain_builder_add_goal_removal(NULL, 0, &c), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_domain_builder_add_drive(NULL, "d", 1.0, &id), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_domain_builder_add_goal_generator(NULL, 0, MOTIVE_TRIGGER_SCOPE_KNOWN,
                                                           &c, 1, 0),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_domain_builder_add_drive_removal(NULL, 0, &c),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_domain_builder_add_world_effect(NULL, "w", 1.0, &id),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_domain_builder_add_world_effect_filter(NULL, 0, &c),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_domain_builder_add_world_effect_effect(NULL, 0, &e),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_domain_builder_add_action(NULL, "a", &id), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_domain_builder_add_precondition(NULL, 0, &c), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_domain_builder_add_effect(NULL, 0, &e), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_domain_builder_add_action_world_effect(NULL, 0, 0),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_domain_builder_set_action_duration(NULL, 0, MOTIVE_DURATION_KIND_ENGINE,
                                                            0.0, 0),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_domain_builder_set_action_hints(NULL, 0, 0.0, 0),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_domain_builder_add_archetype(NULL, "r", &id), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_domain_builder_add_supplied_action(NULL, 0, 0),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_domain_builder_add_consumed_action(NULL, 0, 0),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_domain_builder_add_internal_drive(NULL, 0, 0),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_domain_builder_set_top_level(NULL, 0, MOTIVE_TOP_LEVEL_KIND_LINEAR, 0),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_domain_builder_add_death_condition(NULL, 0, &c),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_domain_builder_add_need(NULL, 0, 0, 1.0), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_domain_builder_set_think_settings(NULL, 0, &think),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("builder");
    ENSURE_UNTOUCHED(id);
}

static void test_null_names_definitions_and_outputs_are_null_arguments(void) {
    motive_domain_builder *b;
    wizard_ids w;
    uint32_t id;
    ENSURE(wizard_builder(&b, &w));
    SENTINEL(id);
    ENSURE_REJECTED(motive_domain_builder_add_goal(b, NULL, 1.0, &id), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("name");
    ENSURE_REJECTED(motive_domain_builder_add_drive(b, NULL, 1.0, &id),
                    MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_REJECTED(motive_domain_builder_add_world_effect(b, NULL, 1.0, &id),
                    MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_REJECTED(motive_domain_builder_add_action(b, NULL, &id), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_REJECTED(motive_domain_builder_add_archetype(b, NULL, &id), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_UNTOUCHED(id);
    ENSURE_REJECTED(motive_domain_builder_add_goal(b, "g", 1.0, NULL), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("out_goal");
    ENSURE_REJECTED(motive_domain_builder_add_drive(b, "d", 1.0, NULL),
                    MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("out_drive");
    ENSURE_REJECTED(motive_domain_builder_add_world_effect(b, "w", 1.0, NULL),
                    MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("out_world_effect");
    ENSURE_REJECTED(motive_domain_builder_add_action(b, "a", NULL), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("out_action");
    ENSURE_REJECTED(motive_domain_builder_add_archetype(b, "r", NULL), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("out_archetype");
    ENSURE_REJECTED(motive_domain_builder_add_goal_condition(b, w.kill_enemy, NULL),
                    MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("condition");
    ENSURE_REJECTED(motive_domain_builder_add_goal_removal(b, w.kill_enemy, NULL),
                    MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_REJECTED(motive_domain_builder_add_drive_removal(b, w.maximize_mana, NULL),
                    MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_REJECTED(motive_domain_builder_add_world_effect_filter(b, w.nearby_enemy_damage, NULL),
                    MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_REJECTED(motive_domain_builder_add_world_effect_effect(b, w.nearby_enemy_damage, NULL),
                    MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("effect");
    ENSURE_REJECTED(motive_domain_builder_add_precondition(b, w.melee, NULL),
                    MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_REJECTED(motive_domain_builder_add_effect(b, w.melee, NULL),
                    MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_REJECTED(motive_domain_builder_add_death_condition(b, w.wizard, NULL),
                    MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_REJECTED(motive_domain_builder_set_think_settings(b, w.wizard, NULL),
                    MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("settings");
    /* The calls without an out pointer defined nothing: the names are still free. */
    ENSURE_OK(motive_domain_builder_add_goal(b, "g", 1.0, &id));
    ENSURE(id == w.maximize_mana_goal + 1);
    ENSURE_OK(motive_domain_builder_add_action(b, "a", &id));
    ENSURE(id == w.drink + 1);
    motive_domain_builder_destroy(b);
}

static void test_null_find_arguments(void) {
    motive_domain_builder *b;
    motive_domain *d;
    wizard_ids w;
    uint32_t id;
    ENSURE(wizard_builder(&b, &w));
    ENSURE_OK(motive_domain_builder_build(b, &d));
    motive_domain_builder_destroy(b);
    SENTINEL(id);
    ENSURE_STATUS(motive_domain_find_goal(NULL, "kill_enemy", &id), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("domain");
    ENSURE_STATUS(motive_domain_find_drive(d, NULL, &id), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("name");
    ENSURE_STATUS(motive_domain_find_world_effect(NULL, "nearby_enemy_damage", &id),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_domain_find_action(d, NULL, &id), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_domain_find_archetype(NULL, "wizard", &id), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_UNTOUCHED(id);
    ENSURE_STATUS(motive_domain_find_goal(d, "kill_enemy", NULL), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("out_goal");
    ENSURE_STATUS(motive_domain_find_drive(d, "maximize_mana", NULL), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("out_drive");
    ENSURE_STATUS(motive_domain_find_world_effect(d, "nearby_enemy_damage", NULL),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("out_world_effect");
    ENSURE_STATUS(motive_domain_find_action(d, "goto", NULL), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("out_action");
    ENSURE_STATUS(motive_domain_find_archetype(d, "wizard", NULL), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("out_archetype");
    motive_domain_destroy(d);
}

void run_definition_error_tests(void) {
    RUN_TEST(test_unknown_enum_values_are_invalid);
    RUN_TEST(test_wrong_types_are_type_mismatches);
    RUN_TEST(test_unknown_ids_are_not_found);
    RUN_TEST(test_duplicate_and_malformed_names);
    RUN_TEST(test_bad_numbers_are_invalid);
    RUN_TEST(test_bad_curves_are_invalid);
    RUN_TEST(test_roles_and_changes_must_fit_where_used);
    RUN_TEST(test_veto_drive_must_be_an_internal_drive);
    RUN_TEST(test_a_goal_without_conditions_fails_the_build);
    RUN_TEST(test_think_settings_are_checked);
    RUN_TEST(test_generator_errors_name_the_condition);
    RUN_TEST(test_null_builder_is_a_null_argument);
    RUN_TEST(test_null_names_definitions_and_outputs_are_null_arguments);
    RUN_TEST(test_null_find_arguments);
}

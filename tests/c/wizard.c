/* The wizard domain through the C API (see wizard.h and src/sim/wizard.rs). */
#include "wizard.h"

#include <string.h>

#include "fixtures.h"
#include "motive_test.h"

/* Checks that a definition call succeeds; on failure reports it and returns false. */
#define DEFINE(call) ENSURE_STATUS_OR_RETURN(call, MOTIVE_STATUS_OK, false)

/* Distances src/sim/wizard.rs chooses where the thesis gives none. */
static const double MELEE_REACH = 2.0;
static const double DRINK_REACH = 1.0;

motive_operand operand_constant(motive_value value) {
    motive_operand operand;
    memset(&operand, 0, sizeof operand);
    operand.kind = MOTIVE_OPERAND_KIND_CONSTANT;
    operand.constant = value;
    return operand;
}

motive_operand operand_number(double number) {
    return operand_constant(value_number(number));
}

motive_operand operand_attribute(uint32_t role, motive_attribute attribute) {
    motive_operand operand;
    memset(&operand, 0, sizeof operand);
    operand.kind = MOTIVE_OPERAND_KIND_ATTRIBUTE;
    operand.role = role;
    operand.attribute = attribute;
    return operand;
}

static motive_condition condition_of_kind(uint32_t kind, uint32_t role) {
    motive_condition condition;
    memset(&condition, 0, sizeof condition);
    condition.kind = kind;
    condition.role = role;
    return condition;
}

motive_condition condition_compare(uint32_t role, motive_attribute attribute, uint32_t op,
                                   motive_operand rhs) {
    motive_condition condition = condition_of_kind(MOTIVE_CONDITION_KIND_COMPARE, role);
    condition.attribute = attribute;
    condition.op = op;
    condition.rhs = rhs;
    return condition;
}

motive_condition condition_within(uint32_t role, uint32_t of_role, double distance) {
    motive_condition condition = condition_of_kind(MOTIVE_CONDITION_KIND_WITHIN, role);
    condition.of_role = of_role;
    condition.distance = distance;
    return condition;
}

motive_condition condition_score(uint32_t role, motive_attribute attribute, motive_curve curve) {
    motive_condition condition = condition_of_kind(MOTIVE_CONDITION_KIND_SCORE, role);
    condition.attribute = attribute;
    condition.curve = curve;
    return condition;
}

static motive_effect effect_of_op(uint32_t role, uint32_t op) {
    motive_effect effect;
    memset(&effect, 0, sizeof effect);
    effect.role = role;
    effect.op = op;
    return effect;
}

motive_effect effect_change(uint32_t role, uint32_t op, motive_attribute attribute,
                            motive_operand amount) {
    motive_effect effect = effect_of_op(role, op);
    effect.attribute = attribute;
    effect.amount = amount;
    return effect;
}

motive_effect effect_move_to(uint32_t role, uint32_t destination_role) {
    motive_effect effect = effect_of_op(role, MOTIVE_EFFECT_OP_MOVE_TO);
    effect.destination_role = destination_role;
    return effect;
}

motive_effect effect_end(uint32_t role) {
    return effect_of_op(role, MOTIVE_EFFECT_OP_END);
}

motive_goal_condition goal_condition(uint32_t role, motive_attribute attribute, uint32_t change,
                                     motive_curve curve) {
    motive_goal_condition condition;
    memset(&condition, 0, sizeof condition);
    condition.role = role;
    condition.attribute = attribute;
    condition.change = change;
    condition.curve = curve;
    return condition;
}

/* Builds `builder` into *out_domain; on failure reports it and returns false. */
static bool builds_into(const motive_domain_builder *builder, motive_domain **out_domain) {
    DEFINE(motive_domain_builder_build(builder, out_domain));
    return true;
}

bool builds(const motive_domain_builder *builder) {
    motive_domain *domain = NULL;
    ENSURE_STATUS_OR_RETURN(motive_domain_builder_build(builder, &domain), MOTIVE_STATUS_OK,
                            false);
    motive_domain_destroy(domain);
    return true;
}

/* Health and mana 0-100; team, damage and a potion's amounts unbounded. */
static bool define_attributes(motive_domain_builder *b, wizard_ids *ids) {
    DEFINE(motive_domain_builder_add_attribute(b, "health", MOTIVE_VALUE_TYPE_NUMBER,
                                               &ids->health));
    DEFINE(motive_domain_builder_set_attribute_range(b, ids->health, 0.0, 100.0));
    DEFINE(motive_domain_builder_add_attribute(b, "mana", MOTIVE_VALUE_TYPE_NUMBER, &ids->mana));
    DEFINE(motive_domain_builder_set_attribute_range(b, ids->mana, 0.0, 100.0));
    DEFINE(motive_domain_builder_add_attribute(b, "team", MOTIVE_VALUE_TYPE_NUMBER, &ids->team));
    DEFINE(motive_domain_builder_add_attribute(b, "damage", MOTIVE_VALUE_TYPE_NUMBER,
                                               &ids->damage));
    DEFINE(motive_domain_builder_add_attribute(b, "heal_amount", MOTIVE_VALUE_TYPE_NUMBER,
                                               &ids->heal_amount));
    DEFINE(motive_domain_builder_add_attribute(b, "mana_amount", MOTIVE_VALUE_TYPE_NUMBER,
                                               &ids->mana_amount));
    return true;
}

/* maximize_<attribute>: weight 1, linear over 0-100, removed once the attribute is full. */
static bool define_maximize_goal(motive_domain_builder *b, const char *name,
                                 motive_attribute attribute, motive_goal_id *out_goal) {
    const motive_goal_condition more = goal_condition(MOTIVE_ROLE_CONSUMER, attribute,
                                                      MOTIVE_CHANGE_INCREASE,
                                                      motive_curve_linear(100.0));
    const motive_condition full = condition_compare(MOTIVE_ROLE_CONSUMER, attribute,
                                                    MOTIVE_CMP_OP_GE, operand_number(100.0));
    DEFINE(motive_domain_builder_add_goal(b, name, 1.0, out_goal));
    DEFINE(motive_domain_builder_add_goal_condition(b, *out_goal, &more));
    DEFINE(motive_domain_builder_add_goal_removal(b, *out_goal, &full));
    return true;
}

/* kill_enemy: weight 2, inverse-linear over the goblin's 30 health, removed once it is dead. */
static bool define_goals(motive_domain_builder *b, wizard_ids *ids) {
    const motive_goal_condition hurt = goal_condition(MOTIVE_ROLE_SUPPLIER, ids->health,
                                                      MOTIVE_CHANGE_DECREASE,
                                                      motive_curve_inverse_linear(30.0));
    const motive_condition dead = condition_compare(MOTIVE_ROLE_SUPPLIER, ids->health,
                                                    MOTIVE_CMP_OP_LE, operand_number(0.0));
    DEFINE(motive_domain_builder_add_goal(b, "kill_enemy", 2.0, &ids->kill_enemy));
    DEFINE(motive_domain_builder_add_goal_condition(b, ids->kill_enemy, &hurt));
    DEFINE(motive_domain_builder_add_goal_removal(b, ids->kill_enemy, &dead));
    return define_maximize_goal(b, "maximize_health", ids->health, &ids->maximize_health_goal) &&
           define_maximize_goal(b, "maximize_mana", ids->mana, &ids->maximize_mana_goal);
}

/* A drive of weight 1 whose one generator gives the consumer `goal` while `attribute` < 100. */
static bool define_maximize_drive(motive_domain_builder *b, const char *name,
                                  motive_attribute attribute, motive_goal_id goal,
                                  motive_drive_id *out_drive) {
    const motive_condition below_full = condition_compare(
        MOTIVE_ROLE_CONSUMER, attribute, MOTIVE_CMP_OP_LT, operand_number(100.0));
    DEFINE(motive_domain_builder_add_drive(b, name, 1.0, out_drive));
    DEFINE(motive_domain_builder_add_goal_generator(b, *out_drive, MOTIVE_TRIGGER_SCOPE_CONSUMER,
                                                    &below_full, 1, goal));
    return true;
}

/* kill_all_enemies gives kill_enemy for every known living entity of another team. */
static bool define_drives(motive_domain_builder *b, wizard_ids *ids) {
    const motive_condition living_enemy[2] = {
        condition_compare(MOTIVE_ROLE_SUPPLIER, ids->team, MOTIVE_CMP_OP_NE,
                          operand_attribute(MOTIVE_ROLE_CONSUMER, ids->team)),
        condition_compare(MOTIVE_ROLE_SUPPLIER, ids->health, MOTIVE_CMP_OP_GT,
                          operand_number(0.0)),
    };
    DEFINE(motive_domain_builder_add_drive(b, "kill_all_enemies", 1.0, &ids->kill_all_enemies));
    DEFINE(motive_domain_builder_add_goal_generator(b, ids->kill_all_enemies,
                                                    MOTIVE_TRIGGER_SCOPE_KNOWN, living_enemy, 2,
                                                    ids->kill_enemy));
    return define_maximize_drive(b, "maximize_health", ids->health, ids->maximize_health_goal,
                                 &ids->maximize_health) &&
           define_maximize_drive(b, "maximize_mana", ids->mana, ids->maximize_mana_goal,
                                 &ids->maximize_mana);
}

/* nearby_enemy_damage: living enemies within reach strike the consumer for their damage. */
static bool define_world_effect(motive_domain_builder *b, wizard_ids *ids) {
    const motive_condition enemy = condition_compare(
        MOTIVE_ROLE_OTHER, ids->team, MOTIVE_CMP_OP_NE,
        operand_attribute(MOTIVE_ROLE_CONSUMER, ids->team));
    const motive_condition alive = condition_compare(MOTIVE_ROLE_OTHER, ids->health,
                                                     MOTIVE_CMP_OP_GT, operand_number(0.0));
    const motive_effect strike =
        effect_change(MOTIVE_ROLE_CONSUMER, MOTIVE_EFFECT_OP_SUBTRACT, ids->health,
                      operand_attribute(MOTIVE_ROLE_OTHER, ids->damage));
    DEFINE(motive_domain_builder_add_world_effect(b, "nearby_enemy_damage", MELEE_REACH,
                                                  &ids->nearby_enemy_damage));
    DEFINE(motive_domain_builder_add_world_effect_filter(b, ids->nearby_enemy_damage, &enemy));
    DEFINE(motive_domain_builder_add_world_effect_filter(b, ids->nearby_enemy_damage, &alive));
    DEFINE(motive_domain_builder_add_world_effect_effect(b, ids->nearby_enemy_damage, &strike));
    return true;
}

/* An attack: within melee reach, the supplier loses `amount` health. */
static bool define_attack(motive_domain_builder *b, const wizard_ids *ids, const char *name,
                          double amount, motive_action_id *out_action) {
    const motive_condition in_reach =
        condition_within(MOTIVE_ROLE_CONSUMER, MOTIVE_ROLE_SUPPLIER, MELEE_REACH);
    const motive_effect hit = effect_change(MOTIVE_ROLE_SUPPLIER, MOTIVE_EFFECT_OP_SUBTRACT,
                                            ids->health, operand_number(amount));
    DEFINE(motive_domain_builder_add_action(b, name, out_action));
    DEFINE(motive_domain_builder_add_precondition(b, *out_action, &in_reach));
    DEFINE(motive_domain_builder_add_effect(b, *out_action, &hit));
    return true;
}

static bool define_lightning(motive_domain_builder *b, wizard_ids *ids) {
    const motive_condition enough_mana = condition_compare(
        MOTIVE_ROLE_CONSUMER, ids->mana, MOTIVE_CMP_OP_GE, operand_number(20.0));
    const motive_effect cost = effect_change(MOTIVE_ROLE_CONSUMER, MOTIVE_EFFECT_OP_SUBTRACT,
                                             ids->mana, operand_number(20.0));
    const motive_effect kill = effect_change(MOTIVE_ROLE_SUPPLIER, MOTIVE_EFFECT_OP_SUBTRACT,
                                             ids->health, operand_number(100.0));
    DEFINE(motive_domain_builder_add_action(b, "lightning", &ids->lightning));
    DEFINE(motive_domain_builder_add_precondition(b, ids->lightning, &enough_mana));
    DEFINE(motive_domain_builder_add_effect(b, ids->lightning, &cost));
    DEFINE(motive_domain_builder_add_effect(b, ids->lightning, &kill));
    return true;
}

/* goto moves next to the supplier, then nearby enemies strike; drink adds a potion's amounts
 * and ends it. */
static bool define_goto_and_drink(motive_domain_builder *b, wizard_ids *ids) {
    const motive_effect walk = effect_move_to(MOTIVE_ROLE_CONSUMER, MOTIVE_ROLE_SUPPLIER);
    const motive_condition at_potion =
        condition_within(MOTIVE_ROLE_CONSUMER, MOTIVE_ROLE_SUPPLIER, DRINK_REACH);
    const motive_effect heal =
        effect_change(MOTIVE_ROLE_CONSUMER, MOTIVE_EFFECT_OP_ADD, ids->health,
                      operand_attribute(MOTIVE_ROLE_SUPPLIER, ids->heal_amount));
    const motive_effect refill =
        effect_change(MOTIVE_ROLE_CONSUMER, MOTIVE_EFFECT_OP_ADD, ids->mana,
                      operand_attribute(MOTIVE_ROLE_SUPPLIER, ids->mana_amount));
    const motive_effect empty = effect_end(MOTIVE_ROLE_SUPPLIER);
    DEFINE(motive_domain_builder_add_action(b, "goto", &ids->go_to));
    DEFINE(motive_domain_builder_add_effect(b, ids->go_to, &walk));
    DEFINE(motive_domain_builder_add_action_world_effect(b, ids->go_to, ids->nearby_enemy_damage));
    DEFINE(motive_domain_builder_add_action(b, "drink", &ids->drink));
    DEFINE(motive_domain_builder_add_precondition(b, ids->drink, &at_potion));
    DEFINE(motive_domain_builder_add_effect(b, ids->drink, &heal));
    DEFINE(motive_domain_builder_add_effect(b, ids->drink, &refill));
    DEFINE(motive_domain_builder_add_effect(b, ids->drink, &empty));
    return true;
}

static bool define_actions(motive_domain_builder *b, wizard_ids *ids) {
    return define_attack(b, ids, "melee", 30.0, &ids->melee) &&
           define_attack(b, ids, "slash", 10.0, &ids->slash) &&
           define_attack(b, ids, "charge", 30.0, &ids->charge) && define_lightning(b, ids) &&
           define_goto_and_drink(b, ids);
}

/* Adds each of `count` actions as supplied (or consumed) by `archetype`. */
static bool add_actions(motive_domain_builder *b, motive_archetype_id archetype, bool supplied,
                        const motive_action_id *actions, size_t count) {
    size_t i;
    for (i = 0; i < count; i++) {
        DEFINE(supplied ? motive_domain_builder_add_supplied_action(b, archetype, actions[i])
                        : motive_domain_builder_add_consumed_action(b, archetype, actions[i]));
    }
    return true;
}

static bool define_wizard(motive_domain_builder *b, wizard_ids *ids,
                          const motive_condition *dead) {
    const motive_action_id consumes[4] = {ids->melee, ids->lightning, ids->go_to, ids->drink};
    const motive_action_id supplies[4] = {ids->melee, ids->slash, ids->charge, ids->go_to};
    const motive_drive_id drives[3] = {ids->kill_all_enemies, ids->maximize_health,
                                       ids->maximize_mana};
    size_t i;
    DEFINE(motive_domain_builder_add_archetype(b, "wizard", &ids->wizard));
    ENSURE_OR_RETURN(add_actions(b, ids->wizard, false, consumes, 4), false);
    ENSURE_OR_RETURN(add_actions(b, ids->wizard, true, supplies, 4), false);
    for (i = 0; i < 3; i++) {
        DEFINE(motive_domain_builder_add_internal_drive(b, ids->wizard, drives[i]));
    }
    DEFINE(motive_domain_builder_set_top_level(b, ids->wizard,
                                               MOTIVE_TOP_LEVEL_KIND_LINEAR_WITH_BAD_DEATH,
                                               ids->maximize_health));
    DEFINE(motive_domain_builder_add_death_condition(b, ids->wizard, dead));
    return true;
}

static bool define_archetypes(motive_domain_builder *b, wizard_ids *ids) {
    const motive_condition dead = condition_compare(MOTIVE_ROLE_CONSUMER, ids->health,
                                                    MOTIVE_CMP_OP_LE, operand_number(0.0));
    const motive_action_id goblin_supplies[3] = {ids->melee, ids->lightning, ids->go_to};
    const motive_action_id goblin_consumes[3] = {ids->slash, ids->charge, ids->go_to};
    const motive_action_id potion_supplies[2] = {ids->drink, ids->go_to};
    ENSURE_OR_RETURN(define_wizard(b, ids, &dead), false);
    DEFINE(motive_domain_builder_add_archetype(b, "goblin", &ids->goblin));
    ENSURE_OR_RETURN(add_actions(b, ids->goblin, true, goblin_supplies, 3), false);
    ENSURE_OR_RETURN(add_actions(b, ids->goblin, false, goblin_consumes, 3), false);
    DEFINE(motive_domain_builder_add_internal_drive(b, ids->goblin, ids->kill_all_enemies));
    DEFINE(motive_domain_builder_add_death_condition(b, ids->goblin, &dead));
    DEFINE(motive_domain_builder_add_archetype(b, "potion", &ids->potion));
    ENSURE_OR_RETURN(add_actions(b, ids->potion, true, potion_supplies, 2), false);
    return true;
}

bool wizard_builder(motive_domain_builder **out_builder, wizard_ids *ids) {
    motive_domain_builder *b = NULL;
    bool defined;
    DEFINE(motive_domain_builder_create(&b));
    defined = define_attributes(b, ids) && define_goals(b, ids) && define_drives(b, ids) &&
              define_world_effect(b, ids) && define_actions(b, ids) &&
              define_archetypes(b, ids);
    if (!defined) {
        motive_domain_builder_destroy(b);
        return false;
    }
    *out_builder = b;
    return true;
}

/* Sets the number facts `attributes[i] = values[i]` on `entity`. */
static bool set_numbers(motive_world *world, motive_entity entity,
                        const motive_attribute *attributes, const double *values, size_t count) {
    size_t i;
    for (i = 0; i < count; i++) {
        const motive_value value = value_number(values[i]);
        DEFINE(motive_entity_set_fact(world, entity, attributes[i], &value));
    }
    return true;
}

static bool spawn_appendix_a(wizard_world *w) {
    const wizard_ids *ids = &w->ids;
    const motive_attribute wizard_facts[3] = {ids->health, ids->mana, ids->team};
    const double wizard_values[3] = {15.0, 0.0, 0.0};
    const motive_attribute potion_facts[2] = {ids->heal_amount, ids->mana_amount};
    const double potion_values[2] = {0.0, 40.0};
    const motive_attribute goblin_facts[3] = {ids->health, ids->team, ids->damage};
    const double goblin_values[3] = {30.0, 1.0, 30.0};
    DEFINE(motive_npc_spawn(w->world, ids->wizard, vec3(0.0f, 0.0f, -10.0f), &w->wizard));
    ENSURE_OR_RETURN(set_numbers(w->world, motive_npc_entity(w->wizard), wizard_facts,
                                 wizard_values, 3),
                     false);
    DEFINE(motive_object_spawn(w->world, ids->potion, vec3(0.0f, 0.0f, 10.0f), &w->potion));
    ENSURE_OR_RETURN(set_numbers(w->world, motive_object_entity(w->potion), potion_facts,
                                 potion_values, 2),
                     false);
    DEFINE(motive_npc_spawn(w->world, ids->goblin, vec3(0.0f, 0.0f, 20.0f), &w->goblin));
    ENSURE_OR_RETURN(set_numbers(w->world, motive_npc_entity(w->goblin), goblin_facts,
                                 goblin_values, 3),
                     false);
    return true;
}

/* Creates the world and spawns the Appendix A entities in it. */
static bool create_appendix_a(wizard_world *w) {
    const motive_world_def def = motive_world_def_default();
    DEFINE(motive_world_create(w->domain, &def, &w->world));
    return spawn_appendix_a(w);
}

bool wizard_world_init(wizard_world *w) {
    motive_domain_builder *b = NULL;
    bool built;
    memset(w, 0, sizeof *w);
    ENSURE_OR_RETURN(wizard_builder(&b, &w->ids), false);
    built = builds_into(b, &w->domain);
    motive_domain_builder_destroy(b);
    if (!built || !create_appendix_a(w)) {
        wizard_world_free(w);
        return false;
    }
    return true;
}

void wizard_world_free(wizard_world *w) {
    motive_world_destroy(w->world);
    motive_domain_destroy(w->domain);
    w->world = NULL;
    w->domain = NULL;
}

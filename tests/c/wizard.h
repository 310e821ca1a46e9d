/*
 * The wizard domain of src/sim/wizard.rs (the thesis's worked example), defined through the C
 * API alone, constructors for the definition structs it is made of, and the Appendix A world
 * spawned from it.
 */
#ifndef MOTIVE_WIZARD_H
#define MOTIVE_WIZARD_H

#include <stdbool.h>
#include <stdint.h>

#include "motive.h"

/* The ids the wizard domain's definitions got, in definition order as src/sim/wizard.rs. */
typedef struct wizard_ids {
    motive_attribute health, mana, team, damage, heal_amount, mana_amount;
    motive_goal_id kill_enemy, maximize_health_goal, maximize_mana_goal;
    motive_drive_id kill_all_enemies, maximize_health, maximize_mana;
    motive_world_effect_id nearby_enemy_damage;
    motive_action_id melee, slash, charge, lightning, go_to, drink;
    motive_archetype_id wizard, goblin, potion;
} wizard_ids;

/* Creates a builder in *out_builder holding every wizard definition and writes their ids; the
 * caller destroys the builder. On failure reports the failing call and returns false. */
bool wizard_builder(motive_domain_builder **out_builder, wizard_ids *ids);
/* Builds `builder` into a domain and destroys it at once: true when the build succeeds. */
bool builds(const motive_domain_builder *builder);
/* Checks that `call` fails with `status` and that the builder `b` in scope still builds: a
 * rejected definition changes nothing. Needs motive_test.h. */
#define ENSURE_REJECTED(call, status)                                                        \
    do {                                                                                     \
        ENSURE_STATUS(call, status);                                                         \
        ENSURE(builds(b));                                                                   \
    } while (0)

/* The Appendix A world of WizardDomain::appendix_a (src/sim/wizard.rs, Table A.1), spawned
 * through the C API: the wizard at (0,0,-10) with health 15, mana 0, team 0; a potion at
 * (0,0,10) with heal_amount 0, mana_amount 40; a goblin at (0,0,20) with health 30, team 1,
 * damage 30. Spawned in that order, so their index1 are 1, 2 and 3. No one has thought yet. */
typedef struct wizard_world {
    motive_domain *domain;
    motive_world *world;
    wizard_ids ids;
    motive_npc wizard;
    motive_object potion;
    motive_npc goblin;
} wizard_world;

/* Builds the domain, a world with the default definition and the three entities. On failure
 * reports the failing call, frees what it made and returns false. */
bool wizard_world_init(wizard_world *w);
/* Destroys the world and the domain. */
void wizard_world_free(wizard_world *w);

/* Operands: a constant value, a number constant, or `attribute` of the entity playing `role`. */
motive_operand operand_constant(motive_value value);
motive_operand operand_number(double number);
motive_operand operand_attribute(uint32_t role, motive_attribute attribute);

/* Conditions of each kind; the fields the kind does not read are zero. */
motive_condition condition_compare(uint32_t role, motive_attribute attribute, uint32_t op,
                                   motive_operand rhs);
motive_condition condition_within(uint32_t role, uint32_t of_role, double distance);
motive_condition condition_score(uint32_t role, motive_attribute attribute, motive_curve curve);

/* Effects of each operation; the fields the operation does not read are zero. */
motive_effect effect_change(uint32_t role, uint32_t op, motive_attribute attribute,
                            motive_operand amount);
motive_effect effect_move_to(uint32_t role, uint32_t destination_role);
motive_effect effect_end(uint32_t role);

motive_goal_condition goal_condition(uint32_t role, motive_attribute attribute, uint32_t change,
                                     motive_curve curve);

#endif /* MOTIVE_WIZARD_H */

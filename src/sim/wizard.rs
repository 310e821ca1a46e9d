//! The wizard domain of the thesis's worked examples: Appendix A (000_16db0c300c7e0e65.txt:1881-2045),
//! the elixir (:779) and the duel (:1274-1280).
//!
//! Numbers the thesis gives: maximum health and mana 100, goblin health 30, melee 30 damage,
//! potion +40 mana, lightning needs and costs 20 mana (:1931, :1980, :1994). Numbers it does not
//! give are ours and marked here: melee reach 2 and drinking reach 1 (distances), lightning
//! damage 100 (it "kills his target", :1893).

use std::sync::Arc;

use crate::core::model::action::ActionId;
use crate::core::model::archetype::{ArchetypeId, TopLevel};
use crate::core::model::condition::{CmpOp, Condition, Operand, Role};
use crate::core::model::curve::Curve;
use crate::core::model::domain::{AttributeId, Domain, DomainBuilder};
use crate::core::model::drive::{DriveId, GoalGenerator, TriggerScope};
use crate::core::model::effect::{Change, Effect, EffectOp};
use crate::core::model::goal::GoalCondition;
use crate::core::{Entity, Result, Value, ValueType, Vec3, World};

/// The ids of the wizard domain.
#[derive(Clone, Debug)]
pub struct WizardDomain {
    /// The built domain.
    pub domain: Arc<Domain>,
    /// Health, 0–100.
    pub health: AttributeId,
    /// Mana, 0–100.
    pub mana: AttributeId,
    /// Team number: a different team is an enemy.
    pub team: AttributeId,
    /// Damage an entity deals to a consumer that walks into its reach.
    pub damage: AttributeId,
    /// Health a potion restores.
    pub heal_amount: AttributeId,
    /// Mana a potion restores.
    pub mana_amount: AttributeId,
    /// `melee`: 30 damage at reach.
    pub melee: ActionId,
    /// `slash`: the goblin's 10-damage attack (duel).
    pub slash: ActionId,
    /// `charge`: the goblin's 30-damage attack (duel).
    pub charge: ActionId,
    /// `lightning`: needs and costs 20 mana, kills at any range.
    pub lightning: ActionId,
    /// `goto`: moves next to the supplier; nearby enemies strike.
    pub goto: ActionId,
    /// `drink`: adds the potion's amounts, ends the potion.
    pub drink: ActionId,
    /// `kill_all_enemies`.
    pub kill_all_enemies: DriveId,
    /// `maximize_health`.
    pub maximize_health: DriveId,
    /// `maximize_mana`.
    pub maximize_mana: DriveId,
    /// The wizard.
    pub wizard: ArchetypeId,
    /// The goblin (an NPC that supplies melee, lightning and goto and can slash or charge).
    pub goblin: ArchetypeId,
    /// Any potion (health, mana or elixir, by its amounts).
    pub potion: ArchetypeId,
}

impl WizardDomain {
    /// Builds the domain.
    pub fn new() -> Result<Self> {
        // Ours; the thesis says "within melee distance" and "within potion distance" (:1909, :1913).
        const MELEE_REACH: f64 = 2.0;
        const DRINK_REACH: f64 = 1.0;
        let mut b = DomainBuilder::new();
        let health = b.add_attribute("health", ValueType::Number)?;
        b.set_attribute_range(health, 0.0, 100.0)?;
        let mana = b.add_attribute("mana", ValueType::Number)?;
        b.set_attribute_range(mana, 0.0, 100.0)?;
        let team = b.add_attribute("team", ValueType::Number)?;
        let damage = b.add_attribute("damage", ValueType::Number)?;
        let heal_amount = b.add_attribute("heal_amount", ValueType::Number)?;
        let mana_amount = b.add_attribute("mana_amount", ValueType::Number)?;
        let num = |n: f64| Operand::Constant(Value::Number(n));
        let compare = |role, attribute, op, rhs| Condition::Compare {
            role,
            attribute,
            op,
            rhs,
        };
        let enemy = compare(
            Role::Supplier,
            team,
            CmpOp::Ne,
            Operand::Attribute(Role::Consumer, team),
        );
        let alive = |role| compare(role, health, CmpOp::Gt, num(0.0));
        let effect = |role, op| Effect { role, op };

        // Goals (:1935-1949): kill_enemy weight 2 inverse-linear over the goblin's 30 health;
        // maximize_health / _mana weight 1, linear over 0–100.
        let kill_enemy = b.add_goal("kill_enemy", 2.0)?;
        b.add_goal_condition(
            kill_enemy,
            GoalCondition {
                role: Role::Supplier,
                attribute: health,
                change: Change::Decrease,
                curve: Curve::inverse_linear(30.0)?,
            },
        )?;
        b.add_goal_removal(
            kill_enemy,
            compare(Role::Supplier, health, CmpOp::Le, num(0.0)),
        )?;
        let mut maximize = |name: &str, attribute| -> Result<_> {
            let goal = b.add_goal(name, 1.0)?;
            b.add_goal_condition(goal, GoalCondition::maximize_own(attribute, 100.0)?)?;
            b.add_goal_removal(
                goal,
                compare(Role::Consumer, attribute, CmpOp::Ge, num(100.0)),
            )?;
            Ok(goal)
        };
        let max_health_goal = maximize("maximize_health", health)?;
        let max_mana_goal = maximize("maximize_mana", mana)?;

        // Drives (:1899-1903), all weight 1, with their generators (:1933-1945).
        let kill_all_enemies = b.add_drive("kill_all_enemies", 1.0)?;
        b.add_goal_generator(
            kill_all_enemies,
            GoalGenerator {
                scope: TriggerScope::Known,
                conditions: vec![enemy.clone(), alive(Role::Supplier)],
                goal: kill_enemy,
            },
        )?;
        let maximize_health = b.add_drive("maximize_health", 1.0)?;
        b.add_goal_generator(
            maximize_health,
            GoalGenerator {
                scope: TriggerScope::Consumer,
                conditions: vec![compare(Role::Consumer, health, CmpOp::Lt, num(100.0))],
                goal: max_health_goal,
            },
        )?;
        let maximize_mana = b.add_drive("maximize_mana", 1.0)?;
        b.add_goal_generator(
            maximize_mana,
            GoalGenerator {
                scope: TriggerScope::Consumer,
                conditions: vec![compare(Role::Consumer, mana, CmpOp::Lt, num(100.0))],
                goal: max_mana_goal,
            },
        )?;

        // nearby_enemy_damage (:2014): living enemies within reach strike the consumer.
        let nearby = b.add_world_effect("nearby_enemy_damage", MELEE_REACH)?;
        b.add_world_effect_filter(
            nearby,
            compare(
                Role::Other,
                team,
                CmpOp::Ne,
                Operand::Attribute(Role::Consumer, team),
            ),
        )?;
        b.add_world_effect_filter(nearby, alive(Role::Other))?;
        b.add_world_effect_effect(
            nearby,
            effect(
                Role::Consumer,
                EffectOp::Subtract(health, Operand::Attribute(Role::Other, damage)),
            ),
        )?;

        let in_reach = |distance| Condition::Within {
            role: Role::Consumer,
            of: Role::Supplier,
            distance,
        };
        let mut attack = |name: &str, amount: f64| -> Result<ActionId> {
            let id = b.add_action(name)?;
            b.add_precondition(id, in_reach(MELEE_REACH))?;
            b.add_effect(
                id,
                effect(Role::Supplier, EffectOp::Subtract(health, num(amount))),
            )?;
            Ok(id)
        };
        let melee = attack("melee", 30.0)?;
        let slash = attack("slash", 10.0)?;
        let charge = attack("charge", 30.0)?;
        let lightning = b.add_action("lightning")?;
        b.add_precondition(
            lightning,
            compare(Role::Consumer, mana, CmpOp::Ge, num(20.0)),
        )?;
        b.add_effect(
            lightning,
            effect(Role::Consumer, EffectOp::Subtract(mana, num(20.0))),
        )?;
        b.add_effect(
            lightning,
            effect(Role::Supplier, EffectOp::Subtract(health, num(100.0))),
        )?;
        let goto = b.add_action("goto")?;
        b.add_effect(
            goto,
            effect(Role::Consumer, EffectOp::MoveTo(Role::Supplier)),
        )?;
        b.add_action_world_effect(goto, nearby)?;
        let drink = b.add_action("drink")?;
        b.add_precondition(drink, in_reach(DRINK_REACH))?;
        b.add_effect(
            drink,
            effect(
                Role::Consumer,
                EffectOp::Add(health, Operand::Attribute(Role::Supplier, heal_amount)),
            ),
        )?;
        b.add_effect(
            drink,
            effect(
                Role::Consumer,
                EffectOp::Add(mana, Operand::Attribute(Role::Supplier, mana_amount)),
            ),
        )?;
        b.add_effect(drink, effect(Role::Supplier, EffectOp::End))?;

        let dead = compare(Role::Consumer, health, CmpOp::Le, num(0.0));
        let wizard = b.add_archetype("wizard")?;
        for action in [melee, lightning, goto, drink] {
            b.add_consumed_action(wizard, action)?;
        }
        b.add_supplied_action(wizard, melee)?;
        b.add_supplied_action(wizard, slash)?;
        b.add_supplied_action(wizard, charge)?;
        b.add_supplied_action(wizard, goto)?;
        for drive in [kill_all_enemies, maximize_health, maximize_mana] {
            b.add_internal_drive(wizard, drive)?;
        }
        b.set_top_level(
            wizard,
            TopLevel::LinearWithBadDeath {
                veto: maximize_health,
            },
        )?;
        b.add_death_condition(wizard, dead.clone())?;

        let goblin = b.add_archetype("goblin")?;
        for action in [melee, lightning, goto] {
            b.add_supplied_action(goblin, action)?;
        }
        for action in [slash, charge, goto] {
            b.add_consumed_action(goblin, action)?;
        }
        b.add_internal_drive(goblin, kill_all_enemies)?;
        b.add_death_condition(goblin, dead)?;

        let potion = b.add_archetype("potion")?;
        b.add_supplied_action(potion, drink)?;
        b.add_supplied_action(potion, goto)?;

        Ok(WizardDomain {
            domain: b.build()?,
            health,
            mana,
            team,
            damage,
            heal_amount,
            mana_amount,
            melee,
            slash,
            charge,
            lightning,
            goto,
            drink,
            kill_all_enemies,
            maximize_health,
            maximize_mana,
            wizard,
            goblin,
            potion,
        })
    }

    /// Spawns an entity of `archetype` at `(0, 0, z)` with numeric `facts`.
    pub fn spawn(
        &self,
        world: &mut World,
        archetype: ArchetypeId,
        z: f32,
        facts: &[(AttributeId, f64)],
    ) -> Result<Entity> {
        let entity = world.spawn(archetype, Vec3::new(0.0, 0.0, z))?;
        for &(attribute, value) in facts {
            world.set_fact(entity, attribute, Value::Number(value))?;
        }
        Ok(entity)
    }

    /// Table A.1 (:1923-1931): the wizard at (0,0,−10) with 15 health and 0 mana, a 40-mana
    /// potion at (0,0,10) and a goblin at (0,0,20) with 30 health that deals 30 damage (:2014).
    /// Returns (wizard, potion, goblin).
    pub fn appendix_a(&self, world: &mut World) -> Result<(Entity, Entity, Entity)> {
        let wizard = self.spawn(
            world,
            self.wizard,
            -10.0,
            &[(self.health, 15.0), (self.mana, 0.0), (self.team, 0.0)],
        )?;
        let potion = self.spawn(
            world,
            self.potion,
            10.0,
            &[(self.heal_amount, 0.0), (self.mana_amount, 40.0)],
        )?;
        let goblin = self.spawn(
            world,
            self.goblin,
            20.0,
            &[(self.health, 30.0), (self.team, 1.0), (self.damage, 30.0)],
        )?;
        Ok((wizard, potion, goblin))
    }
}

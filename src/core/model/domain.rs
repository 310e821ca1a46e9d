//! The domain: authored definitions, immutable once built and shared by any number of worlds.
//!
//! Names are interned into dense ids when the domain is built; everything after that (worlds,
//! planners) works on ids only.

use crate::core::model::perception::Relevance;
use std::sync::Arc;

use crate::core::model::action::{
    ActionDef, ActionDuration, ActionId, ExecutionHints, ACTION_ROLES,
};
use crate::core::model::archetype::{
    ArchetypeDef, ArchetypeId, Need, ThinkSettings, TopLevel, SELF_ROLES,
};
use crate::core::model::bt::BtTree;
use crate::core::model::condition::{check_distance, check_role, Condition};
use crate::core::model::drive::{DriveDef, DriveId, GoalGenerator, TRIGGER_ROLES};
use crate::core::model::effect::{Change, Effect};
use crate::core::model::error::{Error, ErrorKind, Result};
use crate::core::model::goal::{GoalCondition, GoalDef, GoalId, GOAL_ROLES};
use crate::core::model::goap::{GoapGoalDef, SymbolLayout};
use crate::core::model::limits::{at_most, MAX_ARCHETYPES, MAX_ATTRIBUTES, MAX_WEIGHT};
use crate::core::model::name_table::NameTable;
use crate::core::model::player_style::AdaptationSettings;
use crate::core::model::ubc::{UbcGoalDef, UbcPlanDef};
use crate::core::model::value::{Value, ValueType};
use crate::core::model::world_effect::{WorldEffectDef, WorldEffectId, WORLD_EFFECT_ROLES};

/// Dense id of an attribute: its index in the domain's attribute table.
#[derive(
    serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord,
)]
pub struct AttributeId(pub u32);

impl AttributeId {
    /// Reserved id under which memories and keys hold an entity's position; never issued to an
    /// authored attribute.
    pub const POSITION: AttributeId = AttributeId(u32::MAX);
}

/// An attribute definition: a name and the type of every value it takes.
#[derive(Clone, Debug, PartialEq)]
pub struct AttributeDef {
    /// Unique name, a valid identifier (see [`check_name`]).
    pub name: String,
    /// Type of its values.
    pub value_type: ValueType,
    /// Bounds of a numeric attribute, if set: effects clamp to it.
    pub range: Option<(f64, f64)>,
    /// A change the engine writes (`World::set_fact`) is significant (a sensor interrupt,
    /// P:329 of 004_bdde6381c6c06595.txt): the NPC or squad it concerns re-selects its goal
    /// and replans on the next tick, a squad with everything under it.
    pub significant: bool,
}

/// Checks that `name` is an identifier: an ASCII letter or `_`, then letters, digits, `_`, `-`
/// or `.`, at most 64 bytes. Identifiers keep JSON paths, error messages and C# / C++ names
/// unambiguous.
pub fn check_name(what: &str, name: &str) -> Result<()> {
    let mut chars = name.chars();
    let first_ok = chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_');
    let rest_ok = chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'));
    if first_ok && rest_ok && name.len() <= 64 {
        Ok(())
    } else {
        Err(Error::invalid(format!(
            "{what} name {name:?} is not an identifier (a letter or '_', then letters, digits, '_', '-' or '.', at most 64 bytes)"
        )))
    }
}

/// Collects definitions; [`DomainBuilder::build`] checks and freezes them into a [`Domain`].
///
/// Definitions are added piece by piece (an action, then its preconditions, then its effects) so
/// that the C ABI and the JSON loader share one path. Every call validates what it adds and a
/// rejected call changes nothing. A definition may only refer to definitions added before it.
#[derive(Clone, Debug)]
pub struct DomainBuilder {
    pub(crate) domain: Domain,
}

impl Default for DomainBuilder {
    fn default() -> Self {
        DomainBuilder {
            domain: Domain {
                attributes: NameTable::new("attribute"),
                goals: NameTable::new("goal"),
                drives: NameTable::new("drive"),
                world_effects: NameTable::new("world effect"),
                actions: NameTable::new("action"),
                archetypes: NameTable::new("archetype"),
                goap_goals: NameTable::new("goap goal"),
                ubc_goals: NameTable::new("ubc goal"),
                ubc_plans: NameTable::new("ubc plan"),
                hints: NameTable::new("hint"),
                bt_callbacks: NameTable::new("behaviour-tree callback"),
                bt_trees: NameTable::new("behaviour tree"),
                player_styles: NameTable::new("play style"),
                player_actions: NameTable::new("player action"),
                adaptation: AdaptationSettings::default(),
                tags: NameTable::new("tag"),
                annotations: NameTable::new("ambiance annotation"),
                symbols: SymbolLayout::default(),
                relevance: Relevance::default(),
                fingerprint: 0,
            },
        }
    }
}

impl DomainBuilder {
    /// An empty builder.
    pub fn new() -> Self {
        Self::default()
    }

    /// The definitions so far, for lookups while authoring.
    pub fn domain(&self) -> &Domain {
        &self.domain
    }

    /// Defines an attribute; its id is the number of attributes defined before it, of which
    /// there are at most [`MAX_ATTRIBUTES`].
    pub fn add_attribute(&mut self, name: &str, value_type: ValueType) -> Result<AttributeId> {
        at_most(
            "attributes",
            self.domain.attributes.len() as u32 + 1,
            MAX_ATTRIBUTES,
            "MOTIVE_MAX_ATTRIBUTES",
        )?;
        let def = AttributeDef {
            name: name.to_owned(),
            value_type,
            range: None,
            significant: false,
        };
        let id = self.domain.attributes.add(name, def).map(AttributeId)?;
        self.domain.symbols = SymbolLayout::new(self.domain.attributes.items());
        Ok(id)
    }

    /// Bounds a numeric attribute to `[min, max]`: effects clamp to it, and needs and
    /// `until full` actions use its maximum.
    pub fn set_attribute_range(
        &mut self,
        attribute: AttributeId,
        min: f64,
        max: f64,
    ) -> Result<()> {
        self.domain.expect_number(attribute)?;
        if !(min.is_finite() && max.is_finite() && min < max) {
            return Err(Error::invalid(format!(
                "an attribute range needs finite min < max, got [{min}, {max}]"
            )));
        }
        self.domain.attributes.get_mut(attribute.0)?.range = Some((min, max));
        Ok(())
    }

    /// Marks `attribute` significant ([`AttributeDef::significant`]) or not.
    pub fn set_attribute_significant(
        &mut self,
        attribute: AttributeId,
        significant: bool,
    ) -> Result<()> {
        self.domain.attributes.get_mut(attribute.0)?.significant = significant;
        Ok(())
    }

    /// Defines a goal of `weight` (> 0, at most [`MAX_WEIGHT`]); add its conditions next.
    pub fn add_goal(&mut self, name: &str, weight: f64) -> Result<GoalId> {
        check_weight(weight)?;
        let def = GoalDef {
            weight,
            conditions: Vec::new(),
            removal: Vec::new(),
        };
        self.domain.goals.add(name, def).map(GoalId)
    }

    /// Adds a condition to `goal`: its change must be an increase or a decrease of a number.
    pub fn add_goal_condition(&mut self, goal: GoalId, condition: GoalCondition) -> Result<()> {
        check_role(condition.role, GOAL_ROLES)?;
        self.domain.expect_number(condition.attribute)?;
        if !matches!(condition.change, Change::Increase | Change::Decrease) {
            return Err(Error::invalid(
                "a goal condition wants an increase or a decrease of its attribute",
            ));
        }
        self.domain
            .goals
            .get_mut(goal.0)?
            .conditions
            .push(condition);
        Ok(())
    }

    /// Adds a removal trigger to `goal` (roles: consumer and the goal's subject, supplier).
    pub fn add_goal_removal(&mut self, goal: GoalId, condition: Condition) -> Result<()> {
        condition.validate(&self.domain, GOAL_ROLES)?;
        self.domain.goals.get_mut(goal.0)?.removal.push(condition);
        Ok(())
    }

    /// Defines a drive of `weight` (> 0, at most [`MAX_WEIGHT`]).
    pub fn add_drive(&mut self, name: &str, weight: f64) -> Result<DriveId> {
        check_weight(weight)?;
        let def = DriveDef {
            weight,
            generators: Vec::new(),
            removal: Vec::new(),
        };
        self.domain.drives.add(name, def).map(DriveId)
    }

    /// Adds a trigger-goal pair to `drive`.
    pub fn add_goal_generator(&mut self, drive: DriveId, generator: GoalGenerator) -> Result<()> {
        self.domain.goals.get(generator.goal.0)?;
        for condition in &generator.conditions {
            condition.validate(&self.domain, TRIGGER_ROLES)?;
        }
        self.domain
            .drives
            .get_mut(drive.0)?
            .generators
            .push(generator);
        Ok(())
    }

    /// Adds a removal trigger to `drive` (role: consumer only).
    pub fn add_drive_removal(&mut self, drive: DriveId, condition: Condition) -> Result<()> {
        condition.validate(&self.domain, SELF_ROLES)?;
        self.domain.drives.get_mut(drive.0)?.removal.push(condition);
        Ok(())
    }

    /// Defines a world-effect generator triggered by entities within `within` of the consumer.
    pub fn add_world_effect(&mut self, name: &str, within: f64) -> Result<WorldEffectId> {
        check_distance(within)?;
        let def = WorldEffectDef {
            within,
            filter: Vec::new(),
            effects: Vec::new(),
        };
        self.domain.world_effects.add(name, def).map(WorldEffectId)
    }

    /// Adds a filter condition to a world effect.
    pub fn add_world_effect_filter(
        &mut self,
        id: WorldEffectId,
        condition: Condition,
    ) -> Result<()> {
        condition.validate(&self.domain, WORLD_EFFECT_ROLES)?;
        self.domain
            .world_effects
            .get_mut(id.0)?
            .filter
            .push(condition);
        Ok(())
    }

    /// Adds an effect to a world effect.
    pub fn add_world_effect_effect(&mut self, id: WorldEffectId, effect: Effect) -> Result<()> {
        effect.validate(&self.domain, WORLD_EFFECT_ROLES)?;
        self.domain
            .world_effects
            .get_mut(id.0)?
            .effects
            .push(effect);
        Ok(())
    }

    /// Defines an action with no preconditions or effects, performed by the engine.
    pub fn add_action(&mut self, name: &str) -> Result<ActionId> {
        self.domain
            .actions
            .add(name, ActionDef::default())
            .map(ActionId)
    }

    /// Adds a precondition to `action`.
    pub fn add_precondition(&mut self, action: ActionId, condition: Condition) -> Result<()> {
        condition.validate(&self.domain, ACTION_ROLES)?;
        self.domain
            .actions
            .get_mut(action.0)?
            .preconditions
            .push(condition);
        Ok(())
    }

    /// Adds an effect to `action`.
    pub fn add_effect(&mut self, action: ActionId, effect: Effect) -> Result<()> {
        effect.validate(&self.domain, ACTION_ROLES)?;
        self.domain.actions.get_mut(action.0)?.effects.push(effect);
        Ok(())
    }

    /// Makes `action` check `world_effect` after it is simulated.
    pub fn add_action_world_effect(
        &mut self,
        action: ActionId,
        world_effect: WorldEffectId,
    ) -> Result<()> {
        self.domain.world_effects.get(world_effect.0)?;
        let def = self.domain.actions.get_mut(action.0)?;
        if !def.world_effects.contains(&world_effect) {
            def.world_effects.push(world_effect);
        }
        Ok(())
    }

    /// Sets the seconds after which an unreported engine-ended `action` fails
    /// ([`ActionDef::engine_timeout`]): finite and > 0, or infinite for never.
    pub fn set_action_timeout(&mut self, action: ActionId, seconds: f64) -> Result<()> {
        check_timeout(seconds)?;
        self.domain.actions.get_mut(action.0)?.engine_timeout = Some(seconds);
        Ok(())
    }

    /// Sets how long `action` runs.
    pub fn set_action_duration(
        &mut self,
        action: ActionId,
        duration: ActionDuration,
    ) -> Result<()> {
        match duration {
            ActionDuration::Engine => {}
            ActionDuration::Seconds(s) if s.is_finite() && s > 0.0 => {}
            ActionDuration::Seconds(s) => {
                return Err(Error::invalid(format!(
                    "an action's duration must be finite and > 0 seconds, got {s}"
                )))
            }
            ActionDuration::UntilFull(attribute) => {
                if self.domain.attribute(attribute)?.range.is_none() {
                    return Err(Error::invalid(format!(
                        "'until full' needs attribute {:?} to have a range",
                        self.domain.attributes.name(attribute.0)
                    )));
                }
            }
        }
        let def = self.domain.actions.get_mut(action.0)?;
        if def.order.is_some() && duration != ActionDuration::Engine {
            return Err(Error::invalid(
                "an order has no duration: motive ends it when the members report",
            ));
        }
        def.duration = duration;
        Ok(())
    }

    /// Sets the execution hints of `action`.
    pub fn set_action_hints(&mut self, action: ActionId, hints: ExecutionHints) -> Result<()> {
        check_distance(hints.stand_off)?;
        self.domain.actions.get_mut(action.0)?.hints = hints;
        Ok(())
    }

    /// Defines an archetype that supplies and consumes nothing and has no drives; there are at
    /// most [`MAX_ARCHETYPES`].
    pub fn add_archetype(&mut self, name: &str) -> Result<ArchetypeId> {
        at_most(
            "archetypes",
            self.domain.archetypes.len() as u32 + 1,
            MAX_ARCHETYPES,
            "MOTIVE_MAX_ARCHETYPES",
        )?;
        self.domain
            .archetypes
            .add(name, ArchetypeDef::default())
            .map(ArchetypeId)
    }

    /// Lets `archetype`'s entities supply `action`.
    pub fn add_supplied_action(&mut self, archetype: ArchetypeId, action: ActionId) -> Result<()> {
        self.domain.actions.get(action.0)?;
        push_unique(
            &mut self.domain.archetypes.get_mut(archetype.0)?.supplies,
            action,
        );
        Ok(())
    }

    /// Lets `archetype`'s NPCs consume (perform) `action`.
    pub fn add_consumed_action(&mut self, archetype: ArchetypeId, action: ActionId) -> Result<()> {
        self.domain.actions.get(action.0)?;
        push_unique(
            &mut self.domain.archetypes.get_mut(archetype.0)?.consumes,
            action,
        );
        Ok(())
    }

    /// Gives `archetype`'s NPCs the internal drive `drive`.
    pub fn add_internal_drive(&mut self, archetype: ArchetypeId, drive: DriveId) -> Result<()> {
        self.domain.drives.get(drive.0)?;
        push_unique(
            &mut self.domain.archetypes.get_mut(archetype.0)?.drives,
            drive,
        );
        Ok(())
    }

    /// Sets the top-level utility; a vetoing drive must already be one of its internal drives.
    pub fn set_top_level(&mut self, archetype: ArchetypeId, top_level: TopLevel) -> Result<()> {
        let def = self.domain.archetypes.get(archetype.0)?;
        if let TopLevel::LinearWithBadDeath { veto } = top_level {
            if !def.drives.contains(&veto) {
                return Err(Error::invalid(format!(
                    "the veto drive {:?} is not an internal drive of archetype {:?}",
                    self.domain.drives.name(veto.0),
                    self.domain.archetypes.name(archetype.0)
                )));
            }
        }
        self.domain.archetypes.get_mut(archetype.0)?.top_level = top_level;
        Ok(())
    }

    /// Adds a death condition (role: consumer only).
    pub fn add_death_condition(
        &mut self,
        archetype: ArchetypeId,
        condition: Condition,
    ) -> Result<()> {
        condition.validate(&self.domain, SELF_ROLES)?;
        self.domain
            .archetypes
            .get_mut(archetype.0)?
            .death
            .push(condition);
        Ok(())
    }

    /// Adds a decaying need.
    pub fn add_need(&mut self, archetype: ArchetypeId, need: Need) -> Result<()> {
        self.domain.expect_number(need.attribute)?;
        if !(need.rate.is_finite() && need.rate >= 0.0) {
            return Err(Error::invalid(format!(
                "a need's rate must be finite and >= 0 per second, got {}",
                need.rate
            )));
        }
        self.domain
            .archetypes
            .get_mut(archetype.0)?
            .needs
            .push(need);
        Ok(())
    }

    /// Sets thinking and planning limits, each in its range ([`ThinkSettings::fault`]: memory
    /// capacity at most `MAX_MEMORY_CAPACITY`, expansions at most `MAX_PLAN_EXPANSIONS`, depth
    /// at most `MAX_PLAN_DEPTH`).
    pub fn set_think_settings(
        &mut self,
        archetype: ArchetypeId,
        think: ThinkSettings,
    ) -> Result<()> {
        if let Some((_, error)) = think.fault() {
            return Err(error);
        }
        self.domain.archetypes.get_mut(archetype.0)?.think = think;
        Ok(())
    }

    /// What `build` requires of goal `goal` once every definition is in: a condition. Callers
    /// that know where the goal was written (the JSON loader) check it there first.
    pub fn check_goal(&self, goal: GoalId) -> Result<()> {
        let def = self.domain.goals.get(goal.0)?;
        if def.conditions.is_empty() {
            return Err(Error::invalid(format!(
                "goal {:?} has no condition",
                self.domain.goals.name(goal.0)
            )));
        }
        Ok(())
    }

    /// What `build` requires of archetype `archetype` once every definition is in: one brain at
    /// most, a brain for a squad, orders only for squads, a UBC goal for predefined plans.
    pub fn check_archetype(&self, archetype: ArchetypeId) -> Result<()> {
        let id = archetype.0;
        let archetype = self.domain.archetypes.get(id)?;
        let brains = [
            (!archetype.drives.is_empty(), "drives (UDGOAP)"),
            (archetype.uses_goap(), "GOAP goals"),
            (archetype.uses_ubc(), "predefined plans (UBC)"),
            (archetype.uses_bt(), "behaviour trees"),
        ];
        let given: Vec<&str> = brains.iter().filter(|b| b.0).map(|b| b.1).collect();
        if given.len() > 1 {
            return Err(Error::invalid(format!(
                "archetype {:?} has {}: give it one brain",
                self.domain.archetypes.name(id),
                given.join(" and ")
            )));
        }
        if archetype.squad.is_some() && !archetype.thinks() {
            return Err(Error::invalid(format!(
                "squad archetype {:?} has no brain: give it GOAP goals (or another brain)",
                self.domain.archetypes.name(id)
            )));
        }
        let order = archetype
            .consumes
            .iter()
            .find(|&&a| self.domain.actions.items()[a.0 as usize].order.is_some());
        if let (Some(order), None) = (order, &archetype.squad) {
            return Err(Error::invalid(format!(
                "archetype {:?} consumes order {:?} but is not a squad's: only squads order",
                self.domain.archetypes.name(id),
                self.domain.actions.name(order.0)
            )));
        }
        if archetype.uses_ubc() && archetype.ubc.goals.is_empty() {
            return Err(Error::invalid(format!(
                "archetype {:?} has predefined plans but no UBC goal to rate them by",
                self.domain.archetypes.name(id)
            )));
        }
        Ok(())
    }

    /// Checks what only a whole domain can show ([`Self::check_goal`] and
    /// [`Self::check_archetype`] of every definition) and freezes the definitions. The builder
    /// keeps them and can build again.
    pub fn build(&self) -> Result<Arc<Domain>> {
        for id in 0..self.domain.goals.len() as u32 {
            self.check_goal(GoalId(id))?;
        }
        for id in 0..self.domain.archetypes.len() as u32 {
            self.check_archetype(ArchetypeId(id))?;
        }
        let mut builder = self.clone();
        // A domain that named no play style has PaSSAGE's five, whether or not anything used
        // them while it was built: the engine may give a group adaptive trees at run time.
        builder.styles_in_use();
        let mut domain = builder.domain;
        // A squad is the target of its own orders (it has no body to walk anywhere).
        for id in 0..domain.archetypes.len() as u32 {
            let archetype = &domain.archetypes.items()[id as usize];
            if archetype.squad.is_none() {
                continue;
            }
            let orders: Vec<ActionId> = archetype
                .consumes
                .iter()
                .copied()
                .filter(|a| domain.actions.items()[a.0 as usize].order.is_some())
                .collect();
            let archetype = domain.archetypes.get_mut(id)?;
            for order in orders {
                push_unique(&mut archetype.supplies, order);
            }
        }
        domain.relevance = Relevance::of(&domain);
        // Every definition, in a form with no unordered container (tables are vectors and
        // B-tree maps), so equal domains hash equal in every process.
        domain.fingerprint = crate::core::model::fnv::fnv1a(format!("{domain:?}").as_bytes());
        Ok(Arc::new(domain))
    }
}

fn push_unique<T: PartialEq>(list: &mut Vec<T>, item: T) {
    if !list.contains(&item) {
        list.push(item);
    }
}

/// A goal's, a drive's or a UBC goal's weight: > 0 and at most [`MAX_WEIGHT`].
pub(crate) fn check_weight(weight: f64) -> Result<()> {
    if !(weight.is_finite() && weight > 0.0) {
        return Err(Error::invalid(format!(
            "a weight must be finite and > 0, got {weight}"
        )));
    }
    at_most("weight", weight, MAX_WEIGHT, "MOTIVE_MAX_WEIGHT")
}

/// Immutable definitions shared (through `Arc`) by worlds and threads without locks.
#[derive(Clone, Debug)]
pub struct Domain {
    attributes: NameTable<AttributeDef>,
    goals: NameTable<GoalDef>,
    drives: NameTable<DriveDef>,
    world_effects: NameTable<WorldEffectDef>,
    actions: NameTable<ActionDef>,
    pub(crate) archetypes: NameTable<ArchetypeDef>,
    pub(crate) goap_goals: NameTable<GoapGoalDef>,
    pub(crate) ubc_goals: NameTable<UbcGoalDef>,
    pub(crate) ubc_plans: NameTable<UbcPlanDef>,
    pub(crate) hints: NameTable<()>,
    pub(crate) bt_callbacks: NameTable<()>,
    pub(crate) bt_trees: NameTable<Arc<BtTree>>,
    pub(crate) player_styles: NameTable<()>,
    /// Per player action: the distribution of styles it shows.
    pub(crate) player_actions: NameTable<Vec<f64>>,
    pub(crate) adaptation: AdaptationSettings,
    pub(crate) tags: NameTable<()>,
    pub(crate) annotations: NameTable<()>,
    symbols: SymbolLayout,
    relevance: Relevance,
    /// A hash of every definition, set when built: a save names the domain it belongs to.
    fingerprint: u64,
}

impl Domain {
    /// The attribute called `name`.
    pub fn find_attribute(&self, name: &str) -> Option<AttributeId> {
        self.attributes.find(name).map(AttributeId)
    }

    /// The definition of `id`, or a not-found error naming it.
    pub fn attribute(&self, id: AttributeId) -> Result<&AttributeDef> {
        self.attributes.get(id.0)
    }

    /// The attributes' table: names and definitions by id.
    pub fn attribute_table(&self) -> &NameTable<AttributeDef> {
        &self.attributes
    }

    /// All attribute definitions, indexed by id.
    pub fn attributes(&self) -> &[AttributeDef] {
        self.attributes.items()
    }

    /// Checks `value` may be stored in `attribute`: the attribute's type, and finite.
    pub fn check_value(&self, attribute: AttributeId, value: Value) -> Result<()> {
        let def = self.attribute(attribute)?;
        if def.value_type != value.value_type() {
            return Err(Error::new(
                ErrorKind::TypeMismatch,
                format!(
                    "attribute {:?} holds {} values, not {}",
                    def.name,
                    def.value_type.name(),
                    value.value_type().name()
                ),
            ));
        }
        value.check_finite()?;
        Ok(())
    }

    /// Checks `id` is a numeric attribute.
    pub fn expect_number(&self, id: AttributeId) -> Result<()> {
        let def = self.attribute(id)?;
        if def.value_type == ValueType::Number {
            Ok(())
        } else {
            Err(Error::new(
                ErrorKind::TypeMismatch,
                format!(
                    "attribute {:?} holds {} values, not numbers",
                    def.name,
                    def.value_type.name()
                ),
            ))
        }
    }

    /// `value` clamped to the range of `attribute`, if it has one, and to the finite numbers
    /// otherwise: effects and needs accumulate through here, and a fact stays finite however
    /// large its amounts, rates or ticks (an overflow saturates at ±`f64::MAX`).
    // Inline: a running action's accruing effects clamp every tick.
    #[inline]
    pub fn clamp(&self, attribute: AttributeId, value: f64) -> f64 {
        let (min, max) = self.bounds(attribute);
        value.clamp(min, max)
    }

    /// The bounds [`Domain::clamp`] holds `attribute` to: its range, or the whole of `f64`
    /// when it has none (or is unknown).
    #[inline]
    pub(crate) fn bounds(&self, attribute: AttributeId) -> (f64, f64) {
        let def = self.attributes.items().get(attribute.0 as usize);
        def.and_then(|d| d.range).unwrap_or((f64::MIN, f64::MAX))
    }

    /// Goal definitions.
    pub fn goals(&self) -> &NameTable<GoalDef> {
        &self.goals
    }

    /// Drive definitions.
    pub fn drives(&self) -> &NameTable<DriveDef> {
        &self.drives
    }

    /// World-effect generators.
    pub fn world_effects(&self) -> &NameTable<WorldEffectDef> {
        &self.world_effects
    }

    /// Action definitions.
    pub fn actions(&self) -> &NameTable<ActionDef> {
        &self.actions
    }

    /// Archetypes.
    pub fn archetypes(&self) -> &NameTable<ArchetypeDef> {
        &self.archetypes
    }

    /// The action `id` (which the domain issued).
    pub fn action(&self, id: ActionId) -> &ActionDef {
        &self.actions.items()[id.0 as usize]
    }

    /// The archetype `id` (which the domain issued).
    pub fn archetype(&self, id: ArchetypeId) -> &ArchetypeDef {
        &self.archetypes.items()[id.0 as usize]
    }

    pub(crate) fn actions_mut(&mut self) -> &mut NameTable<ActionDef> {
        &mut self.actions
    }

    /// GOAP goal definitions.
    pub fn goap_goals(&self) -> &NameTable<GoapGoalDef> {
        &self.goap_goals
    }

    /// UBC goals, by name.
    pub fn ubc_goals(&self) -> &NameTable<UbcGoalDef> {
        &self.ubc_goals
    }

    /// UBC predefined plans, by name.
    pub fn ubc_plans(&self) -> &NameTable<UbcPlanDef> {
        &self.ubc_plans
    }

    /// Hint names, interned ([`crate::core::model::bt::HintId`]).
    pub fn hints(&self) -> &NameTable<()> {
        &self.hints
    }

    /// Names of the engine callbacks behaviour trees call and ask, interned
    /// ([`crate::core::model::bt::BtCallbackId`]).
    pub fn bt_callbacks(&self) -> &NameTable<()> {
        &self.bt_callbacks
    }

    /// Play styles ([`crate::core::model::player_style::StyleId`]).
    pub fn player_styles(&self) -> &NameTable<()> {
        &self.player_styles
    }

    /// Player actions with the distribution of styles each shows.
    pub fn player_actions(&self) -> &NameTable<Vec<f64>> {
        &self.player_actions
    }

    /// How the player model learns and how readily NPCs change layers.
    pub fn adaptation(&self) -> AdaptationSettings {
        self.adaptation
    }

    /// Behaviour trees ([`crate::core::model::bt::BtTreeId`]).
    pub fn bt_trees(&self) -> &NameTable<Arc<BtTree>> {
        &self.bt_trees
    }

    /// Tags, by name.
    pub fn tags(&self) -> &NameTable<()> {
        &self.tags
    }

    /// Ambiance annotations, by name.
    pub fn annotations(&self) -> &NameTable<()> {
        &self.annotations
    }

    /// Where each attribute lives in a GOAP symbolic state.
    pub fn symbols(&self) -> &SymbolLayout {
        &self.symbols
    }

    /// A hash of every definition: a save records it and loading checks it (equal domains,
    /// built from the same definitions in the same order, hash equal in every process).
    pub fn fingerprint(&self) -> u64 {
        self.fingerprint
    }

    /// Which perceived entities matter to which archetypes (`model/perception.rs`).
    pub fn relevance(&self) -> &Relevance {
        &self.relevance
    }
}

/// An engine-action timeout: finite and > 0 seconds, or infinite (never).
pub(crate) fn check_timeout(seconds: f64) -> Result<()> {
    if seconds > 0.0 && !seconds.is_nan() {
        Ok(())
    } else {
        Err(Error::invalid(format!(
            "an engine action's timeout must be > 0 seconds (or infinite: never), got {seconds}"
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attributes_get_dense_ids_and_names_are_unique() {
        let mut b = DomainBuilder::new();
        assert_eq!(
            b.add_attribute("health", ValueType::Number),
            Ok(AttributeId(0))
        );
        assert_eq!(
            b.add_attribute("alive", ValueType::Bool),
            Ok(AttributeId(1))
        );
        let dup = b.add_attribute("health", ValueType::Bool).unwrap_err();
        assert_eq!(dup.kind, ErrorKind::AlreadyExists);
        let domain = b.build().unwrap();
        assert_eq!(domain.find_attribute("alive"), Some(AttributeId(1)));
        assert_eq!(domain.find_attribute("mana"), None);
        assert_eq!(
            domain.attribute(AttributeId(2)).unwrap_err().kind,
            ErrorKind::NotFound
        );
    }

    #[test]
    fn names_must_be_identifiers() {
        for bad in ["", "1st", "has space", "é", "a/b", &"x".repeat(65)] {
            assert!(check_name("attribute", bad).is_err(), "{bad:?}");
        }
        for good in ["_x", "health", "target.dead", "mana-max", "A1"] {
            assert!(check_name("attribute", good).is_ok(), "{good:?}");
        }
    }
}

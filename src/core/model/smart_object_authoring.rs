//! Defining smart objects: tags, slots, starting state, per-object hints and claim priority.
//! Same rules as the rest of [`DomainBuilder`]: every call validates what it adds, and a
//! rejected call changes nothing.

use crate::core::model::action::{ActionId, ExecutionHints, ACTION_ROLES};
use crate::core::model::archetype::ArchetypeId;
use crate::core::model::condition::check_distance;
use crate::core::model::domain::{AttributeId, DomainBuilder};
use crate::core::model::error::{Error, Result};
use crate::core::model::limits::check_cost_range;
use crate::core::model::outcome::OutcomeTable;
use crate::core::model::smart_object::{ClaimPriority, Contention, JointAction, SlotDef, TagId};
use crate::core::model::value::Value;

impl DomainBuilder {
    /// Defines a tag.
    pub fn add_tag(&mut self, name: &str) -> Result<TagId> {
        self.domain.tags.add(name, ()).map(TagId)
    }

    /// Gives `archetype`'s entities `tag`.
    pub fn add_archetype_tag(&mut self, archetype: ArchetypeId, tag: TagId) -> Result<()> {
        self.domain.tags.get(tag.0)?;
        let tags = &mut self.domain.archetypes.get_mut(archetype.0)?.tags;
        if !tags.contains(&tag) {
            tags.push(tag);
        }
        Ok(())
    }

    /// Adds a slot to `archetype`; returns its index. Offset and facing must be finite; the
    /// filter may name only archetypes and tags already defined.
    pub fn add_slot(&mut self, archetype: ArchetypeId, slot: SlotDef) -> Result<u32> {
        for (what, v) in [("offset", slot.offset), ("facing", slot.facing)] {
            if !v.is_finite() {
                return Err(Error::invalid(format!(
                    "a slot's {what} must be finite, got {v:?}"
                )));
            }
        }
        for a in &slot.users.archetypes {
            self.domain.archetypes.get(a.0)?;
        }
        for t in &slot.users.tags {
            self.domain.tags.get(t.0)?;
        }
        let slots = &mut self.domain.archetypes.get_mut(archetype.0)?.slots;
        slots.push(slot);
        Ok(slots.len() as u32 - 1)
    }

    /// Sets a fact `archetype`'s entities start with. Values must match the attribute's type
    /// and be finite; entity references must be null (no entity exists at design time).
    pub fn set_archetype_state(
        &mut self,
        archetype: ArchetypeId,
        attribute: AttributeId,
        value: Value,
    ) -> Result<()> {
        self.domain.check_value(attribute, value)?;
        if matches!(value, Value::Entity(e) if !e.is_null()) {
            return Err(Error::invalid(
                "a starting state may only hold a null entity reference",
            ));
        }
        // Kept sorted by attribute: one canonical state, whatever order it was given in.
        let def = self.domain.archetypes.get_mut(archetype.0)?;
        def.state_self.retain(|&a| a != attribute);
        match def.state.binary_search_by_key(&attribute, |(a, _)| *a) {
            Ok(at) => def.state[at].1 = value,
            Err(at) => def.state.insert(at, (attribute, value)),
        }
        Ok(())
    }

    /// Sets `archetype`'s starting state of `attribute` (an entity attribute) to the entity
    /// itself: each entity spawned from it starts holding its own handle there (an owner, a
    /// home), which no constant can name. Replaces a constant starting value.
    pub fn set_archetype_state_self(
        &mut self,
        archetype: ArchetypeId,
        attribute: AttributeId,
    ) -> Result<()> {
        self.domain.check_value(
            attribute,
            Value::Entity(crate::core::model::entity::Entity::NULL),
        )?;
        let def = self.domain.archetypes.get_mut(archetype.0)?;
        def.state.retain(|(a, _)| *a != attribute);
        if let Err(at) = def.state_self.binary_search(&attribute) {
            def.state_self.insert(at, attribute);
        }
        Ok(())
    }

    /// Sets how `action` is performed on `archetype`'s entities, which must supply it.
    pub fn set_archetype_hints(
        &mut self,
        archetype: ArchetypeId,
        action: ActionId,
        hints: ExecutionHints,
    ) -> Result<()> {
        check_distance(hints.stand_off)?;
        self.check_supplies(archetype, action)?;
        let def = self.domain.archetypes.get_mut(archetype.0)?;
        match def.hints.iter_mut().find(|(a, _)| *a == action) {
            Some(entry) => entry.1 = hints,
            None => def.hints.push((action, hints)),
        }
        Ok(())
    }

    /// Makes `joint.action`, which `archetype` supplies, a joint action of its entities (or
    /// redefines it). The archetype needs a required slot (who else would the users wait for?);
    /// the timeout must be finite and > 0; there may be a chance per number of optional slots
    /// filled (0 to all of them), each in [0, 1].
    pub fn set_joint_action(&mut self, archetype: ArchetypeId, joint: JointAction) -> Result<()> {
        self.check_supplies(archetype, joint.action)?;
        if !(joint.timeout.is_finite() && joint.timeout > 0.0) {
            return Err(Error::invalid(format!(
                "a joint action's timeout must be finite and > 0, got {}",
                joint.timeout
            )));
        }
        let def = self.domain.archetypes.get(archetype.0)?;
        let optional = def.slots.iter().filter(|s| !s.required).count();
        if def.slots.iter().all(|s| !s.required) {
            return Err(Error::invalid(format!(
                "archetype {:?} has no required slot: add one before making a joint action",
                self.domain.archetypes.name(archetype.0)
            )));
        }
        if joint.chance.len() > optional + 1 {
            return Err(Error::invalid(format!(
                "{} chances given for 0 to {optional} optional users",
                joint.chance.len()
            )));
        }
        if let Some(bad) = joint.chance.iter().find(|p| !(0.0..=1.0).contains(*p)) {
            return Err(Error::invalid(format!(
                "a joint action's chance must be in [0, 1], got {bad}"
            )));
        }
        let list = &mut self.domain.archetypes.get_mut(archetype.0)?.joint;
        match list.iter_mut().find(|j| j.action == joint.action) {
            Some(entry) => *entry = joint,
            None => list.push(joint),
        }
        Ok(())
    }

    /// Fails unless `archetype` supplies `action` (both defined).
    fn check_supplies(&self, archetype: ArchetypeId, action: ActionId) -> Result<()> {
        self.domain.actions().get(action.0)?;
        if self
            .domain
            .archetypes
            .get(archetype.0)?
            .supplies
            .contains(&action)
        {
            return Ok(());
        }
        Err(Error::invalid(format!(
            "archetype {:?} does not supply action {:?}",
            self.domain.archetypes.name(archetype.0),
            self.domain.actions().name(action.0)
        )))
    }

    /// Gives `action` probabilistic outcomes; each outcome's effects follow the same rules as
    /// the action's own.
    pub fn set_action_outcomes(&mut self, action: ActionId, table: OutcomeTable) -> Result<()> {
        for outcome in table.outcomes() {
            for effect in &outcome.effects {
                effect.validate(self.domain(), ACTION_ROLES)?;
            }
        }
        self.domain.actions_mut().get_mut(action.0)?.outcomes = Some(table);
        Ok(())
    }

    /// Sets how `archetype`'s NPCs' planners treat objects with no slot open to them; a
    /// penalty's cost must be finite and ≥ 0, its utility factor in [0, 1].
    pub fn set_contention(&mut self, archetype: ArchetypeId, contention: Contention) -> Result<()> {
        if let Contention::Penalty {
            cost,
            utility_factor,
        } = contention
        {
            check_cost_range("a contention penalty's cost", cost, 0.0)?;
            if !(0.0..=1.0).contains(&utility_factor) {
                return Err(Error::invalid(format!(
                    "a contention penalty's utility factor must be in [0, 1], got {utility_factor}"
                )));
            }
        }
        self.domain.archetypes.get_mut(archetype.0)?.contention = contention;
        Ok(())
    }

    /// Sets the priority of `archetype`'s NPCs' claims.
    pub fn set_claim_priority(
        &mut self,
        archetype: ArchetypeId,
        priority: ClaimPriority,
    ) -> Result<()> {
        self.domain.archetypes.get_mut(archetype.0)?.claim_priority = priority;
        Ok(())
    }
}

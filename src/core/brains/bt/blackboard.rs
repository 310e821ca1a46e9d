//! A behaviour-tree NPC's blackboard (L1161, L4782-4890): typed entries keyed by the domain's
//! attributes, at most one per attribute, so its size is bounded by the domain. Flag nodes write
//! bool entries (their own or broadcast); the engine writes any type (a target to attack, a
//! place to guard), and action leaves can take their target from an entity entry.

use crate::core::brains::{not_deciding, Brain, BrainState};
use crate::core::model::domain::AttributeId;
use crate::core::model::entity::Entity;
use crate::core::model::error::{Error, ErrorKind, Result};
use crate::core::model::fact_set::{Fact, FactSet};
use crate::core::model::value::{Value, ValueType};
use crate::core::world::describe;
use crate::core::World;

impl World {
    /// Writes `key = value` on `npc`'s blackboard, stamped with the world's time. The value's
    /// type must be the attribute's, numbers and positions finite, entity references null or
    /// live in this world; on any error the blackboard is unchanged.
    pub fn set_bt_blackboard(&mut self, npc: Entity, key: AttributeId, value: Value) -> Result<()> {
        self.domain.check_value(key, value)?;
        if let Value::Entity(target) = value {
            if !target.is_null() {
                self.record(target, None)?;
            }
        }
        let time = self.time;
        let mind = self.mind_mut(npc)?;
        let BrainState::Bt(bt) = &mut mind.brain else {
            return Err(not_deciding(npc, mind, Brain::Bt));
        };
        bt.blackboard.set(Fact {
            attribute: key,
            value,
            time,
        });
        Ok(())
    }

    /// The entry for `key` on `npc`'s blackboard; not-found when there is none.
    pub fn bt_blackboard(&self, npc: Entity, key: AttributeId) -> Result<Fact> {
        let name = &self.domain.attribute(key)?.name;
        let bt = self.bt_mind(npc)?;
        bt.blackboard.get(key).copied().ok_or_else(|| {
            Error::new(
                ErrorKind::NotFound,
                format!("npc {} has no {name:?} on its blackboard", describe(npc)),
            )
        })
    }

    /// Whether `flag` (a bool attribute of the domain) is set on `npc`'s blackboard: an entry
    /// holding true.
    pub fn bt_flag(&self, npc: Entity, flag: AttributeId) -> Result<bool> {
        let def = self.domain.attribute(flag)?;
        if def.value_type != ValueType::Bool {
            return Err(Error::invalid(format!(
                "a flag is a bool attribute, and {:?} is a {} attribute",
                def.name,
                def.value_type.name()
            )));
        }
        Ok(is_set(&self.bt_mind(npc)?.blackboard, flag))
    }

    /// Removes the entry for `key` from `npc`'s blackboard, if it has one.
    pub fn remove_bt_blackboard(&mut self, npc: Entity, key: AttributeId) -> Result<()> {
        self.domain.attribute(key)?;
        let mind = self.mind_mut(npc)?;
        let BrainState::Bt(bt) = &mut mind.brain else {
            return Err(not_deciding(npc, mind, Brain::Bt));
        };
        bt.blackboard.remove(key);
        Ok(())
    }
}

/// Whether `flag` is set on `blackboard` (a bool entry holding true).
pub(crate) fn is_set(blackboard: &FactSet, flag: AttributeId) -> bool {
    blackboard
        .get(flag)
        .is_some_and(|fact| fact.value == Value::Bool(true))
}

/// Sets `flag` on `blackboard`, or removes it for `false` (L4852-4866).
pub(crate) fn write_flag(blackboard: &mut FactSet, flag: AttributeId, value: bool, time: f64) {
    match value {
        true => blackboard.set(Fact {
            attribute: flag,
            value: Value::Bool(true),
            time,
        }),
        false => {
            blackboard.remove(flag);
        }
    }
}

/// The live entity at `key` on `blackboard`, if it holds one.
pub(crate) fn target_at(blackboard: &FactSet, key: AttributeId) -> Option<Entity> {
    match blackboard.get(key)?.value {
        Value::Entity(target) if !target.is_null() => Some(target),
        _ => None,
    }
}

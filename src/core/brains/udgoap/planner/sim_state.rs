//! The simulated world of one plan state: the NPC's facts with the plan's effects applied.
//!
//! The thesis rejects a sandbox copy of the world as too costly per NPC (000_16db0c300c7e0e65.txt:1206-1210);
//! this is the cheap version it asks for: one flat copy of the values the NPC knows, reused
//! for every simulation, plus the entities the plan has ended.

use bumpalo::collections::Vec as ArenaVec;

use crate::core::brains::udgoap::fact_key::FactKeys;
use crate::core::model::condition::FactView;
use crate::core::model::domain::AttributeId;
use crate::core::model::effect::FactStore;
use crate::core::model::entity::Entity;
use crate::core::model::value::Value;
use crate::core::model::vec3::Vec3;

/// Known facts (sorted keys, values being simulated), the indices written, and ended
/// entities.
pub(crate) struct SimState<'s, 'a> {
    pub keys: FactKeys<'s>,
    pub values: &'s mut [Value],
    /// Indices of `values` written, so a simulation restores (and fingerprints) only those.
    pub dirty: &'s mut ArenaVec<'a, u32>,
    pub ended: &'s mut ArenaVec<'a, Entity>,
}

impl SimState<'_, '_> {
    fn index(&self, entity: Entity, attribute: AttributeId) -> Option<usize> {
        if self.ended.contains(&entity) {
            return None;
        }
        self.keys.find(entity, attribute)
    }
}

impl FactView for SimState<'_, '_> {
    fn value(&self, entity: Entity, attribute: AttributeId) -> Option<Value> {
        self.index(entity, attribute).map(|i| self.values[i])
    }
}

impl FactStore for SimState<'_, '_> {
    /// Simulation can only change facts the NPC knows: keys map to known facts
    /// (Algorithm 5, :1177-1198).
    fn set_value(&mut self, entity: Entity, attribute: AttributeId, value: Value) {
        if let Some(i) = self.index(entity, attribute) {
            self.values[i] = value;
            self.dirty.push(i as u32);
        }
    }

    fn set_position(&mut self, entity: Entity, position: Vec3) {
        self.set_value(entity, AttributeId::POSITION, Value::Position(position));
    }

    fn end(&mut self, entity: Entity) {
        if !self.ended.contains(&entity) {
            self.ended.push(entity);
        }
    }
}

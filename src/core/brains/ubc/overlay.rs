//! The state one plan ahead: the world's facts with a plan's writes laid over them.
//!
//! A predefined plan touches a handful of facts (the nurse, the cabinet, one patient), so the
//! writes are a short list searched linearly, and the buffers are reused from rating to
//! rating: rating allocates nothing once warm.

use crate::core::model::condition::FactView;
use crate::core::model::domain::AttributeId;
use crate::core::model::effect::FactStore;
use crate::core::model::entity::Entity;
use crate::core::model::value::Value;
use crate::core::model::vec3::Vec3;
use crate::core::world::buffer_room::{Buffers, Room};

/// Reusable buffers of an [`Overlay`].
#[derive(Clone, Debug, Default)]
pub struct OverlayBuffers {
    /// Written facts, newest last; [`AttributeId::POSITION`] holds positions.
    pub writes: Vec<(Entity, AttributeId, Value)>,
    /// Entities the plan ends.
    pub ended: Vec<Entity>,
}

impl Buffers for OverlayBuffers {
    fn each_buffer(&mut self, each: &mut dyn FnMut(&mut dyn Room)) {
        each(&mut self.writes);
        each(&mut self.ended);
    }
}

/// Writes over `base`.
pub struct Overlay<'a, V: FactView> {
    /// The facts before the plan.
    pub base: &'a V,
    /// What the plan changed.
    pub buffers: &'a mut OverlayBuffers,
}

impl<'a, V: FactView> Overlay<'a, V> {
    /// An overlay with no writes over `base`, reusing `buffers`.
    pub fn new(base: &'a V, buffers: &'a mut OverlayBuffers) -> Self {
        buffers.writes.clear();
        buffers.ended.clear();
        Overlay { base, buffers }
    }

    fn written(&self, entity: Entity, attribute: AttributeId) -> Option<&Value> {
        self.buffers
            .writes
            .iter()
            .rev()
            .find(|(e, a, _)| *e == entity && *a == attribute)
            .map(|w| &w.2)
    }
}

impl<V: FactView> FactView for Overlay<'_, V> {
    fn value(&self, entity: Entity, attribute: AttributeId) -> Option<Value> {
        if self.buffers.ended.contains(&entity) {
            return None;
        }
        match self.written(entity, attribute) {
            Some(value) => Some(*value),
            None => self.base.value(entity, attribute),
        }
    }

    fn number(&self, entity: Entity, attribute: AttributeId) -> Option<f64> {
        if self.buffers.ended.contains(&entity) {
            return None;
        }
        match self.written(entity, attribute) {
            Some(value) => value.number(),
            None => self.base.number(entity, attribute),
        }
    }

    fn position(&self, entity: Entity) -> Option<Vec3> {
        if self.buffers.ended.contains(&entity) {
            return None;
        }
        match self.written(entity, AttributeId::POSITION) {
            Some(Value::Position(p)) => Some(*p),
            _ => self.base.position(entity),
        }
    }
}

impl<V: FactView> FactStore for Overlay<'_, V> {
    /// As on the world, a write creates the fact (`goto` sets `at` on an NPC that had none);
    /// adds and subtracts never reach here for an unknown fact ([`crate::core::model::effect::Effect::apply`]).
    fn set_value(&mut self, entity: Entity, attribute: AttributeId, value: Value) {
        if !self.buffers.ended.contains(&entity) {
            self.buffers.writes.push((entity, attribute, value));
        }
    }

    fn set_position(&mut self, entity: Entity, position: Vec3) {
        self.set_value(entity, AttributeId::POSITION, Value::Position(position));
    }

    fn end(&mut self, entity: Entity) {
        if !self.buffers.ended.contains(&entity) {
            self.buffers.ended.push(entity);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::model::domain::DomainBuilder;
    use crate::core::model::value::ValueType;
    use crate::core::EntityKind;
    use crate::core::{World, WorldConfig};

    #[test]
    fn reads_see_the_newest_write_then_the_base_and_nothing_of_an_ended_entity() {
        let mut b = DomainBuilder::new();
        let money = b.add_attribute("money", ValueType::Number).unwrap();
        let style = b.add_attribute("style", ValueType::Number).unwrap();
        let mut world = World::new(b.build().unwrap(), WorldConfig::default()).unwrap();
        let npc = world
            .create(EntityKind::Npc, Vec3::new(1.0, 0.0, 2.0))
            .unwrap();
        world.set_fact(npc, money, Value::Number(100.0)).unwrap();
        let mut buffers = OverlayBuffers::default();
        let mut overlay = Overlay::new(&world, &mut buffers);
        assert_eq!(overlay.value(npc, money), Some(Value::Number(100.0)));
        overlay.set_value(npc, money, Value::Number(50.0));
        overlay.set_value(npc, money, Value::Number(20.0));
        overlay.set_position(npc, Vec3::new(5.0, 0.0, 5.0));
        assert_eq!(overlay.value(npc, money), Some(Value::Number(20.0)));
        assert_eq!(overlay.number(npc, money), Some(20.0));
        assert_eq!(overlay.position(npc), Some(Vec3::new(5.0, 0.0, 5.0)));
        // A position written is no number; an unwritten fact is the base's.
        assert_eq!(overlay.number(npc, AttributeId::POSITION), None);
        assert_eq!(world.value(npc, money), Some(Value::Number(100.0)));
        // A fact the entity did not have is created, as on the world.
        assert_eq!(overlay.value(npc, style), None);
        overlay.set_value(npc, style, Value::Number(1.0));
        assert_eq!(overlay.value(npc, style), Some(Value::Number(1.0)));
        overlay.end(npc);
        assert_eq!(overlay.value(npc, money), None);
        assert_eq!(overlay.number(npc, money), None);
        assert_eq!(overlay.position(npc), None);
        overlay.set_value(npc, money, Value::Number(7.0));
        assert_eq!(
            overlay.value(npc, money),
            None,
            "an ended entity has no facts"
        );
        // Reusing the buffers starts from the base again.
        let overlay = Overlay::new(&world, &mut buffers);
        assert_eq!(overlay.value(npc, money), Some(Value::Number(100.0)));
        assert_eq!(overlay.number(npc, money), Some(100.0));
        assert_eq!(overlay.value(npc, style), None);
        assert_eq!(overlay.number(npc, style), None);
    }
}

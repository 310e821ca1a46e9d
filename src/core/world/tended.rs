//! Which entities the per-tick passes visit: those they have work for. Every tick decays needs
//! and advances running actions (`actions.rs`), then lists the due thinks and re-indexes the
//! NPCs' positions (`schedule.rs`). An entity with no needs, no mind and no body that walks (a
//! bed, a cabinet, a prop) gives neither pass anything to do, yet a pass over every slot read
//! its record each tick: in a ward cluttered with 10,000 props per copy, those passes were
//! two thirds of the time per decision (perf, `motive bench --objects 10000`).
//!
//! So the world keeps the slots of the entities the passes tend ([`World::tended`], a
//! [`SlotSet`](crate::core::model::slot_set::SlotSet)) and the passes walk those, in slot
//! order as before: the same entities do the same work in the same order, and results are
//! unchanged. When most slots are tended, the passes walk every slot instead (the few others
//! have nothing to do): walking the set then cost more than it skipped (`bench-ab`, UBC at
//! 50,000 NPCs, 48 of every 53 hospital entities tended: 0.92 µs per decision through the set,
//! 0.73 walking every slot, 0.79 before either). Whether an entity is tended is fixed when it
//! is spawned or created (minds come only with a spawn and an entity's archetype never
//! changes), dropped when it is destroyed, and recomputed for every entity on a load. A tick
//! that must re-index the objects (one was created, moved or destroyed) walks every slot once,
//! for that.

use crate::core::model::domain::Domain;
use crate::core::model::entity::{Entity, EntityKind};
use crate::core::model::slot_set::SlotSet;
use crate::core::world::brains::Brains;
use crate::core::world::{EntityRecord, World};

impl<B: Brains> World<B> {
    /// Whether the per-tick passes have work for `record`: needs that decay, a mind (thinks to
    /// schedule, an action that may advance or time out), or an NPC's body to re-index.
    fn is_tended(domain: &Domain, record: &EntityRecord<B>) -> bool {
        record.mind.is_some()
            || record.kind() == EntityKind::Npc
            || record
                .archetype()
                .is_some_and(|a| !domain.archetype(a).needs.is_empty())
    }

    /// Tends `entity` (live) if the passes have work for it, as it now is: called once it
    /// is made, and again once a spawn gives it its mind.
    pub(crate) fn tend(&mut self, entity: Entity) {
        let Some(key) = entity.key_in(self.serial()) else {
            return;
        };
        if let Ok(record) = self.entities.get(key) {
            if Self::is_tended(&self.domain, record) {
                self.tended.insert(key.index);
            } else {
                self.tended.remove(key.index);
            }
        }
    }

    /// Tends every entity the passes have work for, and no other (after a load).
    pub(crate) fn tend_all(&mut self) {
        self.tended = Default::default();
        for (key, record) in self.entities.iter() {
            if Self::is_tended(&self.domain, record) {
                self.tended.insert(key.index);
            }
        }
    }

    /// Whether the per-tick passes walk every slot: most are tended (module documentation).
    pub(crate) fn mostly_tended(&self) -> bool {
        u64::from(self.tended.len()) * 2 >= u64::from(self.entities.slot_count())
    }
}

/// The next slot a per-tick pass visits, at or after `index` and below `end`: the next one in
/// `tended`, or `index` itself when the pass walks `every` slot.
#[inline]
pub(crate) fn next_visited(tended: &SlotSet, index: u32, end: u32, every: bool) -> Option<u32> {
    let next = if every {
        Some(index)
    } else {
        tended.next_from(index)
    };
    next.filter(|&slot| slot < end)
}

#[cfg(test)]
mod tests {
    use crate::core::model::entity::EntityKind;
    use crate::core::model::vec3::Vec3;
    use crate::core::World;
    use crate::domain::shipped_instance;
    use crate::sim::Simulator;

    /// The tended slots are exactly the entities with needs, a mind or an NPC's body: in the
    /// hospital as spawned, after a run, after destroying and creating entities, and after a
    /// load (which recomputes them).
    #[test]
    fn the_tended_slots_are_the_entities_the_passes_have_work_for() {
        let mut instance = shipped_instance("hospital.json", None, 1);
        let expected = |world: &World| -> Vec<u32> {
            world
                .entities
                .iter()
                .filter(|(_, r)| World::is_tended(&world.domain, r))
                .map(|(key, _)| key.index)
                .collect()
        };
        let tended = |world: &World| -> Vec<u32> {
            (0..world.entities.slot_count())
                .filter(|&i| world.tended.contains(i))
                .collect()
        };
        let world = &mut instance.world;
        let all = world.entities.len();
        assert_eq!(tended(world), expected(world));
        // The cabinet, the backup, the trolley, the desk and the rest area of each copy.
        let untended = all - tended(world).len();
        assert!(
            untended > 0 && untended % 5 == 0,
            "{untended} of {all} left out"
        );
        let mut simulator = Simulator::new(instance.rules.clone(), world).unwrap();
        simulator.run(world, 5.0, &mut ()).unwrap();
        let npc = world.entities().find(|&e| world.mind(e).is_ok()).unwrap();
        let bed = world
            .entities()
            .find(|&e| !world.tended.contains(e.index1 - 1))
            .unwrap();
        world.destroy(npc, EntityKind::Npc).unwrap();
        world.destroy(bed, world.kind(bed).unwrap()).unwrap();
        world.create(EntityKind::Npc, Vec3::default()).unwrap();
        world.create(EntityKind::Object, Vec3::default()).unwrap();
        assert_eq!(tended(world), expected(world));
        let loaded = World::load(world.domain().clone(), &world.save().unwrap()).unwrap();
        assert_eq!(tended(&loaded), expected(&loaded));
        assert_eq!(tended(&loaded), tended(world));
        // The hospital's passes walk every slot; a ward full of props walks the set.
        assert!(world.mostly_tended());
        for _ in 0..all {
            world.create(EntityKind::Object, Vec3::default()).unwrap();
        }
        assert!(!world.mostly_tended());
        assert_eq!(tended(world), expected(world));
        simulator.run(world, 1.0, &mut ()).unwrap();
    }
}

//! Walking what an NPC perceives with each entity's data asked for ahead of the walk.
//!
//! Sensing (UDGOAP), candidate gathering (UBC) and target gathering (GOAP) read every
//! perceived entity in slot order: its record, its facts, and for a smart object its slots'
//! claims (pricing). In a large world each is a cache miss at an address known only once the
//! record is loaded, so the walk asks for the record a few entities ahead and for the facts and
//! claims of one whose record was asked for a few entities before, as a pipeline. Hints only:
//! what is read is unchanged.
//!
//! Measured (`scripts/bench-ab`, medians of the same minutes, AMD EPYC VM): asking for the
//! claims too took UDGOAP's pricing from 5 % of a 5,008-NPC tick, nearly all of it waiting on
//! those buffers; asking for the first records before the walk, which it would otherwise reach
//! before their loads began, about 3 % more (asking for every record as the range query finds
//! it was slower). UBC and GOAP, which walked without hints: UBC at 20,000 NPCs 0.536 → 0.519
//! µs per decision, GOAP at 14,000 0.632 → 0.599, nothing at 32 NPCs.

use crate::core::model::smart_object::SlotState;
use crate::core::world::brains::Brains;
use crate::core::world::World;

/// How many entities ahead of the walk a perceived entity's record is asked for.
const RECORD_AHEAD: usize = 6;
/// How many entities ahead of the walk a perceived entity's facts and slots' claims are asked
/// for: their addresses are in its record, asked for [`RECORD_AHEAD`] entities ahead.
const FACTS_AHEAD: usize = 3;

impl<B: Brains> World<B> {
    /// Calls `visit` with each of `perceived` (slot indices, as [`World::perceivable`] lists
    /// them) in order, having asked for its record, facts and slots' claims ahead.
    #[inline]
    pub(crate) fn walk_perceived(&self, perceived: &[u32], mut visit: impl FnMut(u32)) {
        for &slot in perceived.iter().take(RECORD_AHEAD + 1) {
            self.entities.prefetch_at(slot);
        }
        for (at, &slot) in perceived.iter().enumerate() {
            self.prefetch_perceived(&perceived[at + 1..]);
            visit(slot);
        }
    }

    /// Starts loading what the walk reads `next`: the record [`RECORD_AHEAD`] on, and the
    /// facts and slots' claims of the one [`FACTS_AHEAD`] on.
    #[inline]
    fn prefetch_perceived(&self, next: &[u32]) {
        if let Some(&slot) = next.get(RECORD_AHEAD) {
            self.entities.prefetch_at(slot);
        }
        if let Some((_, record)) = next.get(FACTS_AHEAD).and_then(|&s| self.entities.get_at(s)) {
            record.facts.prefetch();
            crate::prefetch::thin(&record.slots, std::mem::size_of::<SlotState>());
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::domain::shipped_instance;

    /// The walk visits exactly the slots given, in their order, whatever their number against
    /// the pipeline's distances and whether they hold a live entity, are free or lie past the
    /// world's slots (hints at those must be harmless).
    #[test]
    fn visits_every_slot_given_in_order() {
        let instance = shipped_instance("hospital.json", Some(32), 1);
        let world = &instance.world;
        let slots = world.entities.slot_count();
        let lists: [Vec<u32>; 5] = [
            vec![],
            vec![3],
            (0..super::RECORD_AHEAD as u32).collect(),
            (0..slots).rev().collect(),
            vec![slots, 0, u32::MAX, slots + 7, 1, 1, 2],
        ];
        for list in lists {
            let mut visited = Vec::new();
            world.walk_perceived(&list, |slot| visited.push(slot));
            assert_eq!(visited, list);
        }
    }
}

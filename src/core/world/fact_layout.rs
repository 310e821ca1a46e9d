//! Where the entities' facts lie in memory: in slot order, one buffer after the other, so that
//! the per-tick pass (`advance_npcs`: every entity's needs decay each tick) streams through
//! them as it streams through the records, instead of missing the cache once per entity.
//!
//! A spawned entity's facts grow buffer by buffer as its facts are set, each reallocation
//! somewhere else on the heap, among the minds and plans spawned with it: in a world of tens of
//! thousands, the pass then waits on a cache miss per entity. So after spawns (or a load) the
//! next tick copies every entity's facts, in slot order, into fresh buffers of the same
//! capacity (facts added later fit as before: no allocation a tick that was not there),
//! allocated while the old ones are still held, so that each lands after the previous
//! one wherever the allocator carves fresh memory in sequence (glibc, jemalloc and mimalloc
//! all do for same-sized small blocks), and then frees the old ones. Results are unchanged:
//! only addresses move. Measured (`scripts/bench-ab`, quick windows, 8-12 rounds, the same
//! minutes; exact-size copies, see `FactSet::relocated`): UBC at 20,000 NPCs 0.799 → 0.633 µs
//! per decision, at 50,000 0.936 → 0.801; GOAP at 14,000 0.950 → 0.771.
//!
//! The copy costs an allocation per entity, so it waits until the entities whose facts were
//! allocated since the last layout are a quarter of the live ones: each spawn pays for at most
//! four copies, and a world that spawns nothing allocates nothing for it.

use crate::core::model::fact_set::FactSet;
use crate::core::world::brains::Brains;
use crate::core::world::World;

/// The layout is redone once the entities spawned (or loaded) since the last one are at
/// least this fraction of the live ones: 1 / `RELAYOUT_SHARE`.
const RELAYOUT_SHARE: usize = 4;

impl<B: Brains> World<B> {
    /// Lays the facts out in slot order if enough entities were spawned or loaded since they
    /// last were (module documentation).
    pub(crate) fn lay_out_facts_if_scattered(&mut self) {
        let live = self.entities.len();
        if self.scattered_facts == 0 || self.scattered_facts * RELAYOUT_SHARE < live {
            return;
        }
        self.scattered_facts = 0;
        // Every old buffer is held until the last new one is made: a buffer freed earlier
        // would be reused by the next copy, out of order.
        let mut old: Vec<FactSet> = Vec::with_capacity(live);
        for index in 0..self.entities.slot_count() {
            if let Some((_, record)) = self.entities.get_at_mut(index) {
                let packed = record.facts.relocated();
                old.push(std::mem::replace(&mut record.facts, packed));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::domain::shipped_instance;
    use crate::sim::Simulator;

    /// The hospital, spawned and laid out: every entity's facts are what they were, and their
    /// buffers lie back to back in slot order (nearly all: an allocator may hand back a freed
    /// block first). Ticks with no spawn lay nothing out again.
    #[test]
    fn facts_lie_in_slot_order_after_the_first_tick() {
        let mut instance = shipped_instance("hospital.json", Some(2000), 1);
        let world = &mut instance.world;
        let facts = |world: &crate::core::World| -> Vec<_> {
            world
                .entities
                .iter()
                .map(|(_, r)| {
                    (
                        r.facts.as_slice().to_vec(),
                        r.facts.as_slice().as_ptr() as usize,
                    )
                })
                .collect()
        };
        let before = facts(world);
        assert!(world.scattered_facts >= world.entities.len());
        world.lay_out_facts_if_scattered();
        let after = facts(world);
        assert_eq!(world.scattered_facts, 0);
        assert_eq!(before.len(), after.len());
        for ((was, _), (is, _)) in before.iter().zip(&after) {
            assert_eq!(was, is, "facts changed by their layout");
        }
        // Neighbours in slot order lie back to back: the next buffer starts within an
        // allocator's header of where this one's capacity ends.
        let buffers: Vec<(usize, usize)> = world
            .entities
            .iter()
            .filter(|(_, r)| !r.facts.is_empty())
            .map(|(_, r)| {
                (
                    r.facts.as_slice().as_ptr() as usize,
                    r.facts.capacity_bytes(),
                )
            })
            .collect();
        let adjacent = buffers
            .windows(2)
            .filter(|w| w[1].0 > w[0].0 && w[1].0 - w[0].0 <= w[0].1 + 32)
            .count();
        assert!(
            adjacent * 10 >= (buffers.len() - 1) * 9,
            "{adjacent} of {} neighbours back to back",
            buffers.len() - 1
        );
        let mut simulator = Simulator::new(instance.rules.clone(), world).unwrap();
        let laid_out: Vec<usize> = facts(world).iter().map(|&(_, at)| at).collect();
        for _ in 0..2 {
            simulator.step(world, instance.rules.step, &mut ()).unwrap();
        }
        let kept = facts(world)
            .iter()
            .zip(&laid_out)
            .filter(|((_, at), was)| at == *was)
            .count();
        assert!(
            kept * 10 >= laid_out.len() * 9,
            "ticks without spawns moved the facts ({kept} of {} kept)",
            laid_out.len()
        );
    }
}

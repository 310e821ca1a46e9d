//! Where the entities' facts and minds lie in memory: in slot order, one after the other, so
//! that the per-tick pass (`advance_npcs`: every entity's needs decay, every timed action
//! advances, each tick) streams through them as it streams through the records, and the
//! thinks, which run in slot order too, find the next NPC's mind where the last one's ended,
//! instead of missing the cache once per entity at an address no prefetcher can guess.
//!
//! A spawned entity's facts grow buffer by buffer as its facts are set, each reallocation
//! somewhere else on the heap, and an NPC's mind is allocated among its plan, claims and
//! brain: in a world of tens of thousands, the pass then waits on a cache miss per entity. So
//! after spawns (or a load) the next tick copies every entity's facts, in slot order, into
//! fresh buffers of the same capacity (facts added later fit as before: no allocation a tick
//! that was not there), and moves every mind into a fresh box, allocated while the old ones
//! are still held, so that each lands after the previous one wherever the allocator carves
//! fresh memory in sequence (glibc, jemalloc and mimalloc all do for same-sized small
//! blocks), and then frees the old ones. Results are unchanged: only addresses move.
//! Measured (`scripts/bench-ab`, quick windows, the same minutes): the facts (exact-size
//! copies, see `FactSet::relocated`), UBC at 20,000 NPCs 0.799 → 0.633 µs per decision, at
//! 50,000 0.936 → 0.801, GOAP at 14,000 0.950 → 0.771 (Intel Xeon VM); the minds, UBC at
//! 50,000 0.680 → 0.619, GOAP at 50,000 0.872 → 0.808, UDGOAP at 5,008 3.578 → 3.517, UBC
//! at 32 unchanged (AMD EPYC VM). A mind's own buffers (its plan, its brain's state) stay
//! where they are: the pass reads only the mind's running action. Measured 2026-11-26
//! (`scripts/bench-ab`, GOAP at 50,000 NPCs, 6 rounds): allocating each mind's plan, claims,
//! brain box and brain vectors right after the mind, so that a think finds its NPC's state
//! together, spread the minds apart and cost 11 % (0.798 → 0.884 µs: the per-tick pass,
//! which loads every ticking NPC's mind each tick, reads minds far more often than thinks
//! read brains); laying the brains out in slot order in a region of their own, the minds
//! left packed, gained nothing (0.750 → 0.766). Nor did a 64-byte-aligned mind with its
//! running action first, so that the pass reads one line of it rather than two: the larger
//! minds cost more than the line saved (UBC at 50,000 NPCs 0.570-0.647 → 0.598-0.666 µs,
//! four pairs). What a think pays at scale beyond its misses is page walks (README, "Pages").
//!
//! The copies cost an allocation per entity, so they wait until the entities allocated since
//! the last layout are a quarter of the live ones: each spawn pays for at most four copies,
//! and a world that spawns nothing allocates nothing for it.

use crate::core::model::fact_set::FactSet;
use crate::core::world::brains::Brains;
use crate::core::world::{Mind, World};

/// The layout is redone once the entities spawned (or loaded) since the last one are at
/// least this fraction of the live ones: 1 / `RELAYOUT_SHARE`.
const RELAYOUT_SHARE: usize = 4;

impl<B: Brains> World<B> {
    /// Lays the facts and minds out in slot order if enough entities were spawned or loaded
    /// since they last were (module documentation).
    pub(crate) fn lay_out_if_scattered(&mut self) {
        let live = self.entities.len();
        if self.scattered == 0 || self.scattered * RELAYOUT_SHARE < live {
            return;
        }
        self.scattered = 0;
        // Every old buffer is held until the last new one is made: a buffer freed earlier
        // would be reused by the next copy, out of order.
        let mut old: Vec<FactSet> = Vec::with_capacity(live);
        for index in 0..self.entities.slot_count() {
            if let Some((_, record)) = self.entities.get_at_mut(index) {
                let packed = record.facts.relocated();
                old.push(std::mem::replace(&mut record.facts, packed));
            }
        }
        self.lay_out_minds();
    }

    /// Moves every mind, in slot order, into a fresh box, each old box left holding an empty
    /// mind until the last fresh one is made (a box freed earlier would be the next one made).
    fn lay_out_minds(&mut self) {
        let mut old = Vec::with_capacity(self.npc_count);
        for index in 0..self.entities.slot_count() {
            if let Some(mind) = self
                .entities
                .get_at_mut(index)
                .and_then(|(_, r)| r.mind.as_mut())
            {
                // An empty plan and brain state allocate nothing.
                let mut fresh = Box::new(Mind::new(B::default(), 0));
                std::mem::swap(&mut *fresh, &mut **mind);
                old.push(std::mem::replace(mind, fresh));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::core::brains::BrainState;
    use crate::core::world::Mind;
    use crate::domain::shipped_instance;
    use crate::sim::Simulator;

    /// How many of `buffers` (address, bytes), in slot order, start within an allocator's
    /// header of where the one before ended.
    fn back_to_back(buffers: &[(usize, usize)]) -> usize {
        buffers
            .windows(2)
            .filter(|w| w[1].0 > w[0].0 && w[1].0 - w[0].0 <= w[0].1 + 32)
            .count()
    }

    /// The hospital, spawned and laid out: the world saves the same bytes, and the facts'
    /// buffers and the minds lie back to back in slot order (nearly all: an allocator may hand
    /// back a freed block first). Ticks with no spawn lay nothing out again.
    #[test]
    fn facts_and_minds_lie_in_slot_order_after_the_first_tick() {
        let mut instance = shipped_instance("hospital.json", Some(2000), 1);
        let world = &mut instance.world;
        let addresses = |world: &crate::core::World| -> Vec<(usize, usize)> {
            world
                .entities
                .iter()
                .map(|(_, r)| {
                    let mind = r.mind.as_deref().map_or(0, |m| m as *const _ as usize);
                    (r.facts.as_slice().as_ptr() as usize, mind)
                })
                .collect()
        };
        let saved = world.save().unwrap();
        let scattered = addresses(world);
        assert!(world.scattered >= world.entities.len());
        world.lay_out_if_scattered();
        assert_eq!(world.scattered, 0);
        assert_eq!(world.save().unwrap(), saved, "the layout changed the world");
        let laid_out = addresses(world);
        let facts: Vec<(usize, usize)> = world
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
        let minds: Vec<(usize, usize)> = laid_out
            .iter()
            .filter(|&&(_, mind)| mind != 0)
            .map(|&(_, mind)| (mind, std::mem::size_of::<Mind<BrainState>>()))
            .collect();
        for (what, buffers) in [("facts", &facts), ("minds", &minds)] {
            let adjacent = back_to_back(buffers);
            assert!(
                adjacent * 10 >= (buffers.len() - 1) * 9,
                "{adjacent} of {} neighbours' {what} back to back",
                buffers.len() - 1
            );
        }
        let moved =
            |a: &[(usize, usize)], b: &[(usize, usize)], part: fn(&(usize, usize)) -> usize| {
                a.iter().zip(b).filter(|(x, y)| part(x) != part(y)).count()
            };
        assert!(
            moved(&scattered, &laid_out, |a| a.1) * 10 >= minds.len() * 9,
            "minds not moved"
        );
        let mut simulator = Simulator::new(instance.rules.clone(), world).unwrap();
        for _ in 0..2 {
            simulator.step(world, instance.rules.step, &mut ()).unwrap();
        }
        let kept = addresses(world);
        for (what, part) in [
            ("facts", (|a: &(usize, usize)| a.0) as fn(&_) -> _),
            ("minds", |a| a.1),
        ] {
            assert!(
                moved(&laid_out, &kept, part) * 10 <= laid_out.len(),
                "ticks without spawns moved the {what}"
            );
        }
    }
}

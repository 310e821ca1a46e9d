//! The slots of the entities an NPC perceives: at most its limit of them, the nearest
//! ([`Nearest`]), put in ascending order.
//!
//! A range query finds slots cell by cell, so they come as short sorted runs. An NPC's
//! surroundings were mostly spawned together, so its slots are dense within their span: a
//! bitmap over the span orders them in a few passes, where a comparison sort of a few dozen
//! slots costs several compares and branches each. Sparse slots (a wide span for few
//! entities) are sorted.

use std::ops::Deref;

use crate::core::world::buffer_room::{Buffers, Room};
use crate::core::world::nearest::Nearest;

/// Slot indices gathered by a query, the selection that bounds them and the bitmap that orders
/// them; reused from query to query, so nothing allocates once the buffers have grown.
#[derive(Clone, Debug, Default)]
pub(crate) struct Perceived {
    nearest: Nearest,
    slots: Vec<u32>,
    bits: Vec<u64>,
}

impl Perceived {
    /// Forgets the slots, keeping the buffers, and starts gathering at most `limit` of them.
    pub(crate) fn start(&mut self, limit: u32) {
        self.clear();
        self.nearest.start(limit);
    }

    /// Offers the entity in `slot`, `squared` away (not NaN); `passes` tells whether it can
    /// matter at all ([`Nearest::offer`]). Each slot at most once. The test is taken by
    /// reference: a query's closure by value was three words stored per entity offered, for
    /// a test that runs only when the selection overflows.
    #[inline]
    pub(crate) fn offer(&mut self, slot: u32, squared: f64, passes: &impl Fn(u32) -> bool) {
        self.nearest.offer(slot, squared, passes);
    }

    /// Ends gathering: the nearest offered slots that pass, and `me` (not offered) when some,
    /// in ascending order.
    pub(crate) fn finish(&mut self, passes: &impl Fn(u32) -> bool, me: Option<u32>) {
        // Copied in one go (the selection's length is known), then spanned in a pass of its
        // own: pushed one at a time with the span kept in the struct, each slot cost a
        // capacity test and three stores (callgrind, hospital udgoap).
        self.slots.extend(self.nearest.finish(passes).chain(me));
        self.sort();
    }

    /// Forgets the slots, keeping the buffers.
    fn clear(&mut self) {
        self.slots.clear();
    }

    /// Puts the slots in ascending order.
    fn sort(&mut self) {
        // One slot (an NPC that perceives only itself) is in order: no bitmap to clear.
        if self.slots.len() < 2 {
            return;
        }
        let (low, high) = self.slots.iter().fold((u32::MAX, 0), |(low, high), &slot| {
            (low.min(slot), high.max(slot))
        });
        let words = ((high - low) / 64 + 1) as usize;
        // A word per 64 slots of span: worth it while that is no more than a couple per slot.
        if words > 2 * self.slots.len() {
            self.slots.sort_unstable();
            return;
        }
        self.bits.clear();
        self.bits.resize(words, 0);
        // Slots come in runs (a cell's entries), mostly within one word: the word being filled
        // stays in a register, where an OR into memory per slot would wait on the last one.
        let (mut word_index, mut word) = (0, 0u64);
        for &slot in &self.slots {
            let offset = slot - low;
            let index = (offset / 64) as usize;
            if index != word_index {
                self.bits[word_index] |= word;
                (word_index, word) = (index, 0);
            }
            word |= 1 << (offset % 64);
        }
        self.bits[word_index] |= word;
        // Written over the slots in place: the bitmap holds a bit per slot (one fewer per
        // slot offered twice, which the list then drops), so no push, with its capacity
        // test, is needed.
        let mut sorted = self.slots.iter_mut();
        for (word_index, &word) in self.bits.iter().enumerate() {
            let base = low + word_index as u32 * 64;
            let mut word = word;
            while word != 0 {
                if let Some(out) = sorted.next() {
                    *out = base + word.trailing_zeros();
                }
                word &= word - 1;
            }
        }
        let unwritten = sorted.len();
        self.slots.truncate(self.slots.len() - unwritten);
    }
}

impl Buffers for Perceived {
    fn each_buffer(&mut self, each: &mut dyn FnMut(&mut dyn Room)) {
        self.nearest.each_buffer(each);
        each(&mut self.slots);
        each(&mut self.bits);
    }
}

impl Deref for Perceived {
    type Target = [u32];

    fn deref(&self) -> &[u32] {
        &self.slots
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::model::rng::WorldRng;

    /// Dense and sparse sets of unique slots, against a plain sort.
    #[test]
    fn orders_like_a_sort() {
        let mut rng = WorldRng::new(7);
        let mut perceived = Perceived::default();
        for round in 0..2_000 {
            let count = rng.below(80);
            // Spans from a few words to far more than the slots: both orderings.
            let span = 1 + rng.below(if round % 2 == 0 { 256 } else { 1 << 20 }) as u32;
            let base = rng.below(u32::MAX as usize - span as usize) as u32;
            let mut slots: Vec<u32> = Vec::new();
            while slots.len() < count.min(span as usize) {
                let slot = base + rng.below(span as usize) as u32;
                if !slots.contains(&slot) {
                    slots.push(slot);
                }
            }
            perceived.start(u32::MAX);
            for (i, &slot) in slots.iter().enumerate() {
                perceived.offer(slot, i as f64, &|_| true);
            }
            perceived.finish(&|_| true, None);
            slots.sort_unstable();
            assert_eq!(&*perceived, &slots[..], "round {round}");
        }
    }

    /// Ordering writes the list over itself: a slot offered twice (against the contract)
    /// leaves no stale entry behind, only the slot once, as the bitmap holds it.
    #[test]
    fn a_slot_offered_twice_is_ordered_once() {
        let mut perceived = Perceived::default();
        perceived.start(u32::MAX);
        for slot in [9, 3, 9, 4] {
            perceived.offer(slot, 0.0, &|_| true);
        }
        perceived.finish(&|_| true, Some(3));
        assert_eq!(&*perceived, &[3, 4, 9]);
    }
}

//! The `limit` nearest of the entities a range query visits, found without sorting them all:
//! what bounds a think's perception (`think.perception_limit`) when a crowd is in range.
//!
//! **Order.** Nearest first by squared distance (compared before the square root, so two
//! distances that round to the same `f64` still order exactly), equal ones in slot order: the
//! selection depends only on the world's state, never on the index's cells or the order a
//! query visits entries in, so replays and lockstep stay deterministic.
//!
//! **Cost.** Candidates go into a buffer of at most `2 × limit`; when it fills, a partial
//! selection (`select_nth_unstable_by`, linear) keeps the `limit` nearest, and the farthest of
//! them becomes a cutoff that refuses any candidate not nearer at once, with one comparison.
//! Each shrink follows at least `limit` pushes, so a query of `n` candidates costs O(n) and the
//! buffer never outgrows `2 × limit`; it allocates nothing once it has grown.
//!
//! **Interest, lazily.** Whether a candidate can matter to the NPC (`model/perception.rs`)
//! takes reading its record, which the range test does not. The test runs only when the buffer
//! shrinks, on candidates not yet tested: a query that finds no more than `limit` candidates
//! (every shipped scenario's) reads no record here, and its caller tests them as before.

use std::cmp::Ordering;

use crate::core::world::buffer_room::{Buffers, Room};

/// A candidate: its squared distance and its slot.
type Candidate = (f64, u32);

/// The order of the selection: squared distance, then slot.
fn nearer(a: &Candidate, b: &Candidate) -> Ordering {
    a.0.total_cmp(&b.0).then(a.1.cmp(&b.1))
}

/// A selection of the `limit` nearest candidates that pass the caller's test, reused from
/// query to query; see the module documentation.
#[derive(Clone, Debug, Default)]
pub(crate) struct Nearest {
    /// Candidates kept so far; the first `tested` passed the test.
    kept: Vec<Candidate>,
    tested: usize,
    limit: usize,
    /// The farthest of `limit` kept candidates that passed: nothing not nearer can be kept.
    cutoff: Option<Candidate>,
}

impl Buffers for Nearest {
    fn each_buffer(&mut self, each: &mut dyn FnMut(&mut dyn Room)) {
        each(&mut self.kept);
    }
}

impl Nearest {
    /// Starts a selection of at most `limit` candidates, forgetting the last one's.
    pub(crate) fn start(&mut self, limit: u32) {
        self.kept.clear();
        self.tested = 0;
        self.limit = limit as usize;
        self.cutoff = None;
    }

    /// Offers the candidate in `slot`, `squared` away (not NaN); `passes` tells whether a
    /// slot can be kept at all.
    #[inline]
    pub(crate) fn offer(&mut self, slot: u32, squared: f64, passes: &impl Fn(u32) -> bool) {
        let candidate = (squared, slot);
        if self
            .cutoff
            .is_some_and(|cutoff| nearer(&candidate, &cutoff) != Ordering::Less)
        {
            return;
        }
        self.kept.push(candidate);
        if self.kept.len() >= 2 * self.limit {
            self.shrink(passes);
        }
    }

    /// Ends the selection: the slots of the kept candidates, in no particular order, at most
    /// `limit`: the nearest that pass, and, when fewer were offered, some not yet tested (the
    /// caller tests what it reads, so testing them here would be paid twice).
    pub(crate) fn finish(
        &mut self,
        passes: &impl Fn(u32) -> bool,
    ) -> impl Iterator<Item = u32> + '_ {
        if self.kept.len() > self.limit {
            self.shrink(passes);
        }
        self.kept.iter().map(|&(_, slot)| slot)
    }

    /// Drops the untested candidates that fail `passes`, then all but the `limit` nearest.
    fn shrink(&mut self, passes: &impl Fn(u32) -> bool) {
        let mut write = self.tested;
        for read in self.tested..self.kept.len() {
            let candidate = self.kept[read];
            if passes(candidate.1) {
                self.kept[write] = candidate;
                write += 1;
            }
        }
        self.kept.truncate(write);
        self.tested = write;
        if self.limit == 0 {
            self.kept.clear();
            self.tested = 0;
            return;
        }
        if self.kept.len() < self.limit {
            return;
        }
        if self.kept.len() > self.limit {
            self.kept.select_nth_unstable_by(self.limit - 1, nearer);
            self.kept.truncate(self.limit);
            self.tested = self.limit;
        }
        self.cutoff = self.kept.iter().copied().max_by(nearer);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// What sorting every candidate that passes decides: the `limit` nearest, by slot.
    fn brute_force(
        candidates: &[Candidate],
        limit: usize,
        passes: impl Fn(u32) -> bool,
    ) -> Vec<u32> {
        let mut passing: Vec<Candidate> =
            candidates.iter().copied().filter(|c| passes(c.1)).collect();
        passing.sort_by(nearer);
        let mut slots: Vec<u32> = passing.iter().take(limit).map(|c| c.1).collect();
        slots.sort_unstable();
        slots
    }

    fn selected(
        nearest: &mut Nearest,
        candidates: &[Candidate],
        limit: u32,
        passes: impl Fn(u32) -> bool + Copy,
    ) -> Vec<u32> {
        nearest.start(limit);
        for &(squared, slot) in candidates {
            nearest.offer(slot, squared, &passes);
        }
        let mut slots: Vec<u32> = nearest.finish(&passes).collect();
        assert!(
            slots.len() <= limit as usize,
            "{} kept of {limit}",
            slots.len()
        );
        // What a caller uses: those it finds pass.
        slots.retain(|&slot| passes(slot));
        slots.sort_unstable();
        slots
    }

    /// Distinct slots with squared distances drawn from few values (many ties), any values,
    /// zeros and infinities, in any order.
    fn candidates() -> impl Strategy<Value = Vec<Candidate>> {
        let squared = prop_oneof![
            (0u32..6).prop_map(f64::from),
            0.0..1e6f64,
            Just(f64::INFINITY),
            Just(0.0),
        ];
        proptest::collection::vec(squared, 0..300).prop_flat_map(|distances| {
            let n = distances.len();
            (
                Just(distances),
                Just((0..n as u32).map(|s| s * 7 + 3).collect::<Vec<_>>()).prop_shuffle(),
            )
                .prop_map(|(distances, slots)| distances.into_iter().zip(slots).collect())
        })
    }

    proptest! {
        #[test]
        fn keeps_the_nearest_that_pass_as_sorting_all_would(
            candidates in candidates(),
            limit in prop_oneof![0u32..4, 1u32..40, Just(300u32)],
            modulus in 1u32..5,
        ) {
            let passes = |slot: u32| slot % modulus != 1;
            let mut nearest = Nearest::default();
            let got = selected(&mut nearest, &candidates, limit, passes);
            let expected = brute_force(&candidates, limit as usize, passes);
            prop_assert_eq!(&got, &expected);
        }
    }

    #[test]
    fn a_crowd_at_one_spot_keeps_the_lowest_slots() {
        let crowd: Vec<Candidate> = (0..10_000u32).rev().map(|slot| (0.0, slot)).collect();
        let mut nearest = Nearest::default();
        assert_eq!(selected(&mut nearest, &crowd, 3, |_| true), [0, 1, 2]);
    }

    #[test]
    fn tests_a_candidate_at_most_once_per_shrink_and_none_when_few() {
        let calls = std::cell::Cell::new(0);
        let passes = |_: u32| {
            calls.set(calls.get() + 1);
            true
        };
        let few: Vec<Candidate> = (0..8u32).map(|slot| (f64::from(slot), slot)).collect();
        let mut nearest = Nearest::default();
        nearest.start(8);
        for &(squared, slot) in &few {
            nearest.offer(slot, squared, &passes);
        }
        assert_eq!(nearest.finish(&passes).count(), 8);
        assert_eq!(
            calls.get(),
            0,
            "no more candidates than the limit: none tested"
        );
        // Far ones first, so every shrink lowers the cutoff: each is tested once.
        nearest.start(8);
        for slot in (0..1000u32).rev() {
            nearest.offer(slot, f64::from(slot), &passes);
        }
        assert_eq!(nearest.finish(&passes).collect::<Vec<_>>().len(), 8);
        assert!(calls.get() <= 1000, "{} tests", calls.get());
    }
}

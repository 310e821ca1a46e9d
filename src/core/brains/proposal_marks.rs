//! How long the buffers of decisions taken ahead have grown, world-wide.
//!
//! A phase's proposals are reused by position in the due list (`core/world/think_ahead.rs`),
//! so each position meets a different NPC's decision every tick. Grown one push at a time,
//! every one of them would reach the largest decision on its own, an allocation at a time, long
//! after the world settled: a 2,000-NPC UDGOAP hospital on two threads still made about 590
//! allocations in 10 s after 30 s of warm-up (`tests/no_alloc_think_threads.rs`). Instead the
//! deciding threads raise a world-wide mark per kind of buffer (to a power of two) when a
//! decision needs more than any before it, and the committing thread gives every position room
//! for the marks when the next phase opens (`Jobs::open`, only after a rise or when positions
//! are added): each position grows a few times at most, and a settled world's phases allocate
//! nothing. A mark is read before it is raised, so a settled one's cache line stays shared
//! between the threads.
//!
//! The cost is memory: every position holds room for the world's largest decision, as every
//! UDGOAP mind's explanation does already (`udgoap/think.rs`, `start_record`), and positions
//! number up to twice the largest due list (`Jobs::open` adds them by doubling). Each kind is
//! bounded by a world limit (a plan's depth, `Explanation::MAX_CANDIDATES` and the drives per
//! candidate, the perception limit for what is priced), so the worst case is finite, but a
//! world with one unusual decision keeps its room in every position: only worlds on more than
//! one think thread pay it.

use std::sync::atomic::{AtomicUsize, Ordering};

use crate::core::brains::proposal::Proposal;

/// The longest one kind of proposal buffer has been.
#[derive(Default, Debug)]
struct Mark(AtomicUsize);

impl Mark {
    /// Raises the mark to hold `len`: to the power of two at or above it, so that a mark
    /// creeping up an element at a time (a UBC NPC pricing one more object) does not make every
    /// position grow again each time. True when it rose.
    fn reach(&self, len: usize) -> bool {
        len > self.0.load(Ordering::Relaxed)
            && self.0.fetch_max(len.next_power_of_two(), Ordering::Relaxed) < len
    }

    /// Gives `buffer` room for the mark's elements.
    fn room<T>(&self, buffer: &mut Vec<T>) {
        let mark = self.0.load(Ordering::Relaxed);
        if buffer.capacity() < mark {
            buffer.reserve_exact(mark - buffer.len());
        }
    }
}

/// The marks of every buffer of a [`Proposal`].
#[derive(Default, Debug)]
pub(crate) struct ProposalMarks {
    /// Counts the decisions that raised at least one mark: jobs given room at an older count may
    /// need more.
    rises: AtomicUsize,
    ubc_ratings: Mark,
    ubc_suppliers: Mark,
    ubc_priced: Mark,
    udgoap_plan: Mark,
    udgoap_candidates: Mark,
    udgoap_satisfactions: Mark,
    udgoap_priced: Mark,
}

impl ProposalMarks {
    /// Gives `proposal`'s buffers room for the marks (a phase opening).
    pub(crate) fn room(&self, proposal: &mut Proposal) {
        let (ubc, udgoap) = (&mut proposal.ubc, &mut proposal.udgoap);
        self.ubc_ratings.room(&mut ubc.ratings);
        self.ubc_suppliers.room(&mut ubc.suppliers);
        self.ubc_priced.room(&mut ubc.priced);
        self.udgoap_plan.room(&mut udgoap.plan);
        self.udgoap_candidates.room(&mut udgoap.candidates);
        self.udgoap_satisfactions.room(&mut udgoap.satisfactions);
        self.udgoap_priced.room(&mut udgoap.priced);
    }

    /// Raises the marks to what `proposal`'s decision needed (a deciding thread).
    pub(crate) fn reach(&self, proposal: &Proposal) {
        let (ubc, udgoap) = (&proposal.ubc, &proposal.udgoap);
        let rose = [
            self.ubc_ratings.reach(ubc.ratings.len()),
            self.ubc_suppliers.reach(ubc.suppliers.len()),
            self.ubc_priced.reach(ubc.priced.len()),
            self.udgoap_plan.reach(udgoap.plan.len()),
            self.udgoap_candidates.reach(udgoap.candidates.len()),
            self.udgoap_satisfactions.reach(udgoap.satisfactions.len()),
            self.udgoap_priced.reach(udgoap.priced.len()),
        ];
        if rose.contains(&true) {
            self.rises.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// How many decisions raised a mark: room given at an older count may be too little.
    pub(crate) fn rises(&self) -> usize {
        self.rises.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A buffer given room grows to the mark in one step and keeps it; a mark only rises, to a
    /// power of two, and its rises are counted.
    #[test]
    fn buffers_grow_to_the_mark_at_once_and_marks_only_rise() {
        let marks = ProposalMarks::default();
        let mut first = Proposal::default();
        first.udgoap.satisfactions.extend([0.5; 40]);
        first
            .ubc
            .suppliers
            .push(crate::core::model::entity::Entity {
                index1: 1,
                generation: 0,
                world: 1,
            });
        marks.reach(&first);
        assert_eq!(marks.rises(), 1);
        let mut smaller = Proposal::default();
        smaller.udgoap.satisfactions.extend([0.5; 3]);
        marks.reach(&smaller);
        assert_eq!(marks.rises(), 1, "a smaller decision raises nothing");
        let mut fresh = Proposal::default();
        marks.room(&mut fresh);
        assert_eq!(
            fresh.udgoap.satisfactions.capacity(),
            64,
            "the power of two above 40"
        );
        assert!(fresh.ubc.suppliers.capacity() >= 1);
        assert_eq!(fresh.udgoap.candidates.capacity(), 0, "no mark, no room");
        let before = fresh.udgoap.satisfactions.as_ptr();
        fresh.udgoap.satisfactions.extend([1.0; 64]);
        assert_eq!(
            fresh.udgoap.satisfactions.as_ptr(),
            before,
            "no reallocation"
        );
    }
}

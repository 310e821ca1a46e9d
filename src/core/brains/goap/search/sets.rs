//! How the A* loop of [`GoapSearch`](super::GoapSearch) lists, regresses, surveys and
//! compares its sets: [`Lists`], the general sets of [`crate::core::brains::goap::regression`],
//! or [`OneWord`] when the layout's booleans fit one word and neither the goal nor any bound
//! action touches a number or an entity reference (GPGOAP's soldier, the chains). The loop is
//! monomorphised over the two, so the one-word search compiles without list code: a set is
//! two words, regressed by masks, and its candidate instances come from per-bit masks
//! instead of linked lists and stamps.
//!
//! Both give the same sets, hashes, estimates and candidates in the same order, so the search
//! expands and generates the same nodes in the same order, and a search saved in one may be
//! resumed in the other (checked on random boolean problems in `search/tests.rs`).

use crate::core::brains::goap::regression::{survey_one_word, Rejected, Stored, Survey};

use crate::core::model::entity::Entity;

use super::{marks_fit, Changers, Workspace, NONE, PASSED};

/// A way of keeping the search's sets (see the module documentation).
pub(super) trait Sets {
    /// Lists in `ws.candidates` the instances that change a slot set `set` requires, each
    /// once: the changers of its bits by bit, then of its numbers, exclusions and entity
    /// references by slot, each slot's in instance order. An instance whose regression the
    /// set surely rejects may be listed marked [`PASSED`]. The layout has
    /// `words` words of booleans and `numbers` number slots.
    fn list(ws: &mut Workspace, set: Stored, words: usize, numbers: u32);

    /// Whether [`Sets::list`] may mark an instance [`PASSED`]: a search over sets that never
    /// does tests no candidate for the mark.
    const MARKS: bool;

    /// Makes the pools' draft the kept set `parent` regressed through `instance`.
    fn regress(ws: &mut Workspace, parent: Stored, instance: u32) -> Result<(), Rejected>;

    /// The draft's hash and estimate; `None` when no plan can finish it.
    fn survey(ws: &Workspace) -> Option<Survey>;

    /// Whether the kept set `set` equals the draft.
    fn same_as_draft(ws: &Workspace, set: Stored) -> bool;
}

/// Sets of any kind, as the pools keep them.
pub(super) struct Lists;

// Inlined, as they were before the loop was generic: out of line, the general search is
// slower (chain16+32 through the ABI, 96 instances, 1.7 -> 2.0 µs).
impl Sets for Lists {
    const MARKS: bool = true;

    #[inline]
    fn list(ws: &mut Workspace, set: Stored, words: usize, numbers: u32) {
        list_general::<true>(ws, set, words, numbers);
    }

    fn regress(ws: &mut Workspace, parent: Stored, instance: u32) -> Result<(), Rejected> {
        ws.sets
            .draft_regressed(parent, &ws.edits, instance as usize)
    }

    #[inline]
    fn survey(ws: &Workspace) -> Option<Survey> {
        ws.sets.draft().survey(&ws.start, &ws.reach)
    }

    // Out of line: rare (a hash match), and it would crowd the probe loop's registers.
    #[inline(never)]
    fn same_as_draft(ws: &Workspace, set: Stored) -> bool {
        ws.sets.get(set) == ws.sets.draft()
    }
}

/// [`Sets::list`] for general sets: with `PASS_CONFLICTS`, the instances it can tell a set
/// rejects are listed marked [`PASSED`].
#[inline(always)]
fn list_general<const PASS_CONFLICTS: bool>(
    ws: &mut Workspace,
    set: Stored,
    words: usize,
    numbers: u32,
) {
    let Workspace {
        bound,
        sets,
        changers,
        seen,
        candidates,
        edits,
        ..
    } = ws;
    // A new stamp marks no instance as tried yet.
    seen[0] = seen[0].wrapping_add(1);
    if seen[0] == 0 {
        seen.iter_mut().for_each(|s| *s = 0);
        seen[0] = 1;
    }
    candidates.clear();
    let stamp = seen[0];
    let marked = marks_fit(bound.instances.len());
    let mut list = |slot: u32, required: Option<(u32, Entity)>| match required {
        // A set requiring `slot == value` rejects every instance that sets the slot to
        // another entity (in the hospital, every walk of a nurse but the one to the target
        // of the step it regresses through): those regressions were over half of a
        // hospital search's instructions (callgrind, 2,000 GOAP NPCs). A check of the
        // bits an instance sets, listed through any slot, cost more than it saved.
        Some((entity_slot, value)) if PASS_CONFLICTS && marked => {
            list_changers(changers, seen, candidates, stamp, slot, |instance| {
                edits.sets_entity_otherwise(instance as usize, entity_slot, value)
            })
        }
        _ => list_changers(changers, seen, candidates, stamp, slot, |_| false),
    };
    let view = sets.get(set);
    for (word, &care) in view.bits[..words].iter().enumerate() {
        let mut care = care;
        while care != 0 {
            list(word as u32 * 64 + care.trailing_zeros(), None);
            care &= care - 1;
        }
    }
    let bits = 64 * words as u32;
    for r in view.numbers {
        list(bits + r.slot, None);
    }
    for x in view.excluded {
        list(bits + x.slot, None);
    }
    let entities = bits + numbers;
    for r in view.entities {
        list(entities + r.slot, r.equal.then_some((r.slot, r.value)));
    }
}

/// General sets listing every changer, none passed over: what the search over [`Lists`] must
/// match, counters included (`search/tests.rs`).
#[cfg(test)]
pub(super) struct EveryChanger;

#[cfg(test)]
impl Sets for EveryChanger {
    const MARKS: bool = false;

    fn list(ws: &mut Workspace, set: Stored, words: usize, numbers: u32) {
        list_general::<false>(ws, set, words, numbers);
    }

    fn regress(ws: &mut Workspace, parent: Stored, instance: u32) -> Result<(), Rejected> {
        Lists::regress(ws, parent, instance)
    }

    fn survey(ws: &Workspace) -> Option<Survey> {
        Lists::survey(ws)
    }

    fn same_as_draft(ws: &Workspace, set: Stored) -> bool {
        Lists::same_as_draft(ws, set)
    }
}

/// Lists in `candidates` the changers of `slot` not marked with `stamp` in `seen` yet, in
/// instance order, marking them; those `conflicts` names with [`PASSED`]: the search passes
/// over them as over a rejected regression, which is what theirs would be.
#[inline(always)]
fn list_changers(
    changers: &Changers,
    seen: &mut [u32],
    candidates: &mut Vec<u32>,
    stamp: u32,
    slot: u32,
    conflicts: impl Fn(u32) -> bool,
) {
    let mut link = changers.first[slot as usize];
    while link != NONE {
        let (instance, next) = changers.links[link as usize];
        link = next;
        let mark = &mut seen[instance as usize + 1];
        if *mark != stamp {
            *mark = stamp;
            let passed = conflicts(instance);
            candidates.push(if passed { instance | PASSED } else { instance });
        }
    }
}

/// Sets that are one word of booleans and nothing else, regressed through instances that
/// only change and require booleans of that word, at most 64 of them (see
/// `GoapSearch::restart`).
pub(super) struct OneWord;

impl Sets for OneWord {
    const MARKS: bool = false;

    #[inline]
    fn list(ws: &mut Workspace, set: Stored, _words: usize, _numbers: u32) {
        let (mut care, _) = ws.sets.word(set);
        let by_bit = &ws.changers.by_bit;
        ws.candidates.clear();
        let mut listed = 0u64;
        while care != 0 {
            let mut new = by_bit[care.trailing_zeros() as usize] & !listed;
            listed |= new;
            while new != 0 {
                ws.candidates.push(new.trailing_zeros());
                new &= new - 1;
            }
            care &= care - 1;
        }
    }

    // Always: a call per successor tried, about ten a soldier's search, cost more than the
    // masks it runs (callgrind, the soldier through the ABI).
    #[inline(always)]
    fn regress(ws: &mut Workspace, parent: Stored, instance: u32) -> Result<(), Rejected> {
        ws.sets
            .draft_regressed_word(parent, &ws.edits, instance as usize)
    }

    #[inline]
    fn survey(ws: &Workspace) -> Option<Survey> {
        let (care, value) = ws.sets.draft_word();
        survey_one_word(care, value, ws.start.bools[0], &ws.reach)
    }

    #[inline]
    fn same_as_draft(ws: &Workspace, set: Stored) -> bool {
        ws.sets.word(set) == ws.sets.draft_word()
    }
}

//! Per-NPC decision history (issue 30; Pittman's debugger, P:299-301 of
//! 004_bdde6381c6c06595.txt): a fixed-size ring of snapshots per NPC, taken on decisions and
//! on events rather than at fixed intervals (Pittman's own lesson: intervals miss brief
//! events), so a designer can ask "why did it do that a minute ago?" and step back through
//! what it decided.
//!
//! Off by default: then recording costs one branch at each decision and event. On, each NPC's
//! ring is reserved at its first record and its entries' buffers are reused as the ring wraps,
//! so a steady-state tick allocates nothing. The history is a debugging aid: a save leaves it
//! out.

use crate::core::model::action::ActionId;
use crate::core::model::entity::Entity;
use crate::core::model::error::{Error, Result};
use crate::core::world::event::EventKind;
use crate::core::world::Step;

/// Most entries one NPC's ring may keep.
pub const MAX_HISTORY_ENTRIES: u32 = 4096;

/// What an entry records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moment {
    /// The NPC's brain chose a plan (possibly empty: it found none).
    Decision,
    /// An event about the NPC (an action requested, finished, failed, a claim lost, ...).
    Event(EventKind),
}

/// One snapshot: when, what happened, and the NPC's plan and brain at that moment.
#[derive(Clone, Debug, PartialEq)]
pub struct HistoryEntry {
    /// World time.
    pub time: f64,
    /// A decision or an event.
    pub moment: Moment,
    /// The event's action (events about an action).
    pub action: Option<ActionId>,
    /// The event's target (or null).
    pub target: Entity,
    /// The plan from this moment on.
    pub plan: Vec<Step>,
    /// The goal pursued, as its brain names it (a GOAP goal's id, a UDGOAP goal's id); `None`
    /// when the brain names none.
    pub goal: Option<u32>,
    /// The brain's scores at the decision, in its own terms: GOAP each goal's relevance with
    /// bias (archetype order), UDGOAP each drive's satisfaction (its drive order), UBC each
    /// plan's gain (NaN for a plan no target allowed); empty for events and behaviour trees.
    pub scores: Vec<f64>,
    /// The plans the brain weighed before it chose (UDGOAP's candidates in the order its
    /// search rated them, the best [`MAX_HISTORY_CANDIDATES`] with the chosen one); empty for
    /// the other brains, whose alternatives are their scores.
    pub candidates: Vec<HistoryCandidate>,
}

/// Most candidates an entry keeps: the best rated, the chosen one always among them, so an
/// entry's buffers are reserved once and never grow.
pub const MAX_HISTORY_CANDIDATES: usize = 16;

/// Adds `candidate` to `kept` (at most [`MAX_HISTORY_CANDIDATES`]), dropping the worst rated
/// one that was not chosen when full; the order of the rest is kept.
pub(crate) fn keep_best(kept: &mut Vec<HistoryCandidate>, candidate: HistoryCandidate) {
    kept.push(candidate);
    if kept.len() > MAX_HISTORY_CANDIDATES {
        let worst = kept
            .iter()
            .enumerate()
            .filter(|(_, c)| !c.chosen)
            .min_by(|a, b| a.1.utility.total_cmp(&b.1.utility))
            .map(|(i, _)| i);
        if let Some(worst) = worst {
            kept.remove(worst);
        }
    }
}

/// A plan a brain weighed at a decision.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HistoryCandidate {
    /// The step it adds to the plan it extends (the search builds plans a step at a time, not
    /// always at the end); `None` for the empty plan (doing nothing).
    pub step: Option<Step>,
    /// Steps in the plan.
    pub depth: u32,
    /// Its rating (UDGOAP: the top-level utility after it).
    pub utility: f64,
    /// Whether it is the plan chosen.
    pub chosen: bool,
}

/// One NPC's ring.
#[derive(Debug, Default)]
struct Ring {
    /// The NPC the ring belongs to (a slot's next entity starts the ring afresh, reusing its
    /// entries' buffers).
    owner: Entity,
    /// Entries and their buffers; the first `len` are the NPC's.
    entries: Vec<HistoryEntry>,
    len: usize,
    /// Where the next entry goes once the ring is full.
    next: usize,
}

/// Every NPC's ring, by slot index.
#[derive(Debug, Default)]
pub(crate) struct History {
    /// Entries per NPC; 0 means off.
    capacity: u32,
    rings: Vec<Ring>,
}

impl History {
    /// Whether history is being recorded.
    pub(crate) fn on(&self) -> bool {
        self.capacity > 0
    }

    /// Keeps the last `capacity` entries per NPC from now on (0 turns history off and drops
    /// what was kept).
    pub(crate) fn set_capacity(&mut self, capacity: u32) -> Result<()> {
        if capacity > MAX_HISTORY_ENTRIES {
            return Err(Error::invalid(format!(
                "a history keeps at most {MAX_HISTORY_ENTRIES} entries per NPC, not {capacity}"
            )));
        }
        self.capacity = capacity;
        self.rings.clear();
        Ok(())
    }

    /// The next entry of `npc`'s ring to fill, its buffers kept for reuse.
    pub(crate) fn next_entry(&mut self, npc: Entity) -> Option<&mut HistoryEntry> {
        let slot = npc.index1.checked_sub(1)? as usize;
        if self.rings.len() <= slot {
            self.rings.resize_with(slot + 1, Ring::default);
        }
        let capacity = self.capacity as usize;
        let ring = &mut self.rings[slot];
        if ring.owner != npc {
            ring.owner = npc;
            ring.len = 0;
            ring.next = 0;
        }
        if ring.len < capacity {
            if ring.entries.len() == ring.len {
                ring.entries.reserve_exact(capacity - ring.len);
                ring.entries.push(HistoryEntry {
                    time: 0.0,
                    moment: Moment::Decision,
                    action: None,
                    target: Entity::NULL,
                    // Room for most plans and brains: later growth is rare and stops.
                    plan: Vec::with_capacity(8),
                    goal: None,
                    scores: Vec::with_capacity(8),
                    candidates: Vec::with_capacity(MAX_HISTORY_CANDIDATES + 1),
                });
            }
            ring.len += 1;
            return ring.entries.get_mut(ring.len - 1);
        }
        let at = ring.next;
        ring.next = (at + 1) % capacity;
        ring.entries.get_mut(at)
    }

    /// `npc`'s entries, oldest first.
    pub(crate) fn entries(&self, npc: Entity) -> impl Iterator<Item = &HistoryEntry> {
        let ring = npc
            .index1
            .checked_sub(1)
            .and_then(|slot| self.rings.get(slot as usize))
            .filter(|r| r.owner == npc);
        let (newer, older) = match ring {
            Some(r) => r.entries[..r.len].split_at(r.next.min(r.len)),
            None => (&[][..], &[][..]),
        };
        older.iter().chain(newer)
    }
}

impl<B: crate::core::world::Brains> crate::core::world::World<B> {
    /// Keeps the last `entries` decisions and events of every NPC (and squad) from now on,
    /// at most [`MAX_HISTORY_ENTRIES`]; 0 (the default) turns history off and forgets it.
    pub fn set_history(&mut self, entries: u32) -> Result<()> {
        self.history.set_capacity(entries)
    }

    /// `npc`'s recorded history, oldest first (empty while history is off).
    pub fn history(&self, npc: Entity) -> Result<impl Iterator<Item = &HistoryEntry>> {
        self.mind(npc)?;
        Ok(self.history.entries(npc))
    }

    /// Records `npc`'s decision: its new plan and its brain's goal and scores.
    pub(crate) fn record_decision(&mut self, npc: Entity, mind: &crate::core::world::Mind<B>) {
        let time = self.time;
        if let Some(entry) = self.history.next_entry(npc) {
            entry.time = time;
            entry.moment = Moment::Decision;
            entry.action = None;
            entry.target = Entity::NULL;
            entry.plan.clear();
            entry.plan.extend_from_slice(&mind.plan);
            entry.scores.clear();
            entry.candidates.clear();
            entry.goal = mind
                .brain
                .snapshot(&mut entry.scores, &mut entry.candidates);
        }
    }

    /// Records an event about `npc`.
    pub(crate) fn record_event(
        &mut self,
        npc: Entity,
        kind: EventKind,
        action: Option<ActionId>,
        target: Entity,
    ) {
        let time = self.time;
        if let Some(entry) = self.history.next_entry(npc) {
            entry.time = time;
            entry.moment = Moment::Event(kind);
            entry.action = action;
            entry.target = target;
            entry.plan.clear();
            entry.scores.clear();
            entry.candidates.clear();
            entry.goal = None;
        }
    }
}

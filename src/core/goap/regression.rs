//! Regression sets: what must hold before the rest of a plan runs. A set is a bitset pair for
//! booleans (which bits matter, and their values) plus short sorted lists of number and entity
//! requirements, stored in flat pools so that a search node is a few offsets.

use std::cmp::Ordering;

use crate::core::condition::CmpOp;
use crate::core::entity::Entity;

use super::bind::{Change, Test};
use super::layout::{bit_of, SymbolicState};

/// A requirement on a number: `numbers[slot] op value`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NumberReq {
    /// The slot.
    pub slot: u32,
    /// The comparison.
    pub op: CmpOp,
    /// The right-hand side.
    pub value: f64,
}

/// A requirement on an entity reference: `entities[slot] == value`, or `!=` when not `equal`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EntityReq {
    /// The slot.
    pub slot: u32,
    /// Equality or inequality.
    pub equal: bool,
    /// The right-hand side.
    pub value: Entity,
}

/// A regression set under construction; its buffers are reused for every successor.
#[derive(Clone, Debug, Default)]
pub struct Draft {
    /// Which bits are required (first `words` words) and their values (next `words`).
    pub bits: Vec<u64>,
    /// Number requirements, sorted by slot after [`Draft::normalise`].
    pub numbers: Vec<NumberReq>,
    /// Entity requirements, sorted by slot after [`Draft::normalise`].
    pub entities: Vec<EntityReq>,
    words: usize,
    kept: Vec<NumberReq>,
    /// Requirements were added since the set was loaded: only then can the lists be out of
    /// canonical form (regression keeps a canonical set canonical: it removes requirements, or
    /// shifts all of a slot's bounds by the same amount).
    numbers_added: bool,
    entities_added: bool,
}

/// Why a draft cannot become a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rejected {
    /// The action serves no requirement of the set.
    Irrelevant,
    /// The action or its preconditions contradict the set.
    Conflict,
}

impl Draft {
    /// Loads a set: `bits` is `2 * words` long.
    pub fn load(&mut self, bits: &[u64], numbers: &[NumberReq], entities: &[EntityReq]) {
        self.words = bits.len() / 2;
        self.bits.clear();
        self.bits.extend_from_slice(bits);
        self.numbers.clear();
        self.numbers.extend_from_slice(numbers);
        self.entities.clear();
        self.entities.extend_from_slice(entities);
        self.numbers_added = false;
        self.entities_added = false;
    }

    /// Empties the set for `words` words of booleans.
    pub fn clear(&mut self, words: usize) {
        self.words = words;
        self.bits.clear();
        self.bits.resize(2 * words, 0);
        self.numbers.clear();
        self.entities.clear();
        self.numbers_added = false;
        self.entities_added = false;
    }

    /// Regresses the set through an action's `changes` (the last change of a slot wins, so
    /// they are undone last first): requirements a change satisfies are dropped, additions
    /// shift number bounds, contradicted requirements reject the action, and an action that
    /// serves nothing is irrelevant.
    pub fn regress(&mut self, changes: &[Change]) -> Result<(), Rejected> {
        let mut relevant = false;
        for change in changes.iter().rev() {
            match *change {
                Change::Bool { bit, value } => {
                    let (word, mask) = bit_of(bit);
                    if self.bits[word] & mask != 0 {
                        if (self.bits[self.words + word] & mask != 0) != value {
                            return Err(Rejected::Conflict);
                        }
                        self.bits[word] &= !mask;
                        self.bits[self.words + word] &= !mask;
                        relevant = true;
                    }
                }
                Change::SetNumber { slot, value } => {
                    let mut conflict = false;
                    self.numbers.retain(|r| {
                        if r.slot != slot {
                            return true;
                        }
                        conflict |= !r.op.apply(value, r.value);
                        relevant = true;
                        false
                    });
                    if conflict {
                        return Err(Rejected::Conflict);
                    }
                }
                Change::AddNumber { slot, amount } => {
                    for r in self.numbers.iter_mut().filter(|r| r.slot == slot) {
                        relevant |= match r.op {
                            CmpOp::Gt | CmpOp::Ge => amount > 0.0,
                            CmpOp::Lt | CmpOp::Le => amount < 0.0,
                            CmpOp::Eq | CmpOp::Ne => amount != 0.0,
                        };
                        r.value -= amount;
                    }
                }
                Change::SetEntity { slot, value } => {
                    let mut conflict = false;
                    self.entities.retain(|r| {
                        if r.slot != slot {
                            return true;
                        }
                        conflict |= (value == r.value) != r.equal;
                        relevant = true;
                        false
                    });
                    if conflict {
                        return Err(Rejected::Conflict);
                    }
                }
            }
        }
        if relevant {
            Ok(())
        } else {
            Err(Rejected::Irrelevant)
        }
    }

    /// Adds requirements (an action's preconditions, or a goal); a boolean required both ways
    /// is a conflict.
    pub fn require(&mut self, tests: &[Test]) -> Result<(), Rejected> {
        for test in tests {
            match *test {
                Test::Bool { bit, value } => {
                    let (word, mask) = bit_of(bit);
                    let want = if value { mask } else { 0 };
                    if self.bits[word] & mask != 0 && self.bits[self.words + word] & mask != want {
                        return Err(Rejected::Conflict);
                    }
                    self.bits[word] |= mask;
                    self.bits[self.words + word] |= want;
                }
                Test::Number { slot, op, value } => {
                    self.numbers.push(NumberReq { slot, op, value });
                    self.numbers_added = true;
                }
                Test::Entity { slot, equal, value } => {
                    self.entities.push(EntityReq { slot, equal, value });
                    self.entities_added = true;
                }
            }
        }
        Ok(())
    }

    /// Puts the set in canonical form and rejects sets no state can satisfy (two different
    /// required entities, or number requirements on one slot with no common value). Canonical:
    /// lists sorted and deduplicated, and per number slot only what is not implied — the `==`
    /// requirement when there is one, else the tightest lower and upper bounds and the `!=`
    /// values between them — so that equal sets compare equal and duplicates are found.
    pub fn normalise(&mut self) -> Result<(), Rejected> {
        if self.entities_added {
            self.normalise_entities()?;
        }
        if self.numbers_added {
            self.normalise_numbers()?;
        }
        Ok(())
    }

    fn normalise_entities(&mut self) -> Result<(), Rejected> {
        self.entities
            .sort_unstable_by_key(|r| (r.slot, !r.equal, r.value.to_bits()));
        self.entities.dedup();
        for group in self.entities.chunk_by(|a, b| a.slot == b.slot) {
            if let Some(eq) = group.iter().find(|r| r.equal) {
                if group.iter().any(|r| (r.value == eq.value) != r.equal) {
                    return Err(Rejected::Conflict);
                }
            }
        }
        Ok(())
    }

    fn normalise_numbers(&mut self) -> Result<(), Rejected> {
        self.numbers.sort_unstable_by(number_order);
        self.numbers
            .dedup_by(|a, b| number_order(a, b) == Ordering::Equal);
        let mut kept = std::mem::take(&mut self.kept);
        kept.clear();
        for group in self.numbers.chunk_by(|a, b| a.slot == b.slot) {
            if !tighten(group, &mut kept) {
                self.kept = kept;
                return Err(Rejected::Conflict);
            }
        }
        std::mem::swap(&mut self.numbers, &mut kept);
        self.kept = kept;
        Ok(())
    }

    /// How far the set is from `start`, for the heuristic: `None` when a requirement fails
    /// and no bound action changes its slot (no plan can finish this set).
    pub fn estimate(&self, start: &SymbolicState, reach: &Reach) -> Option<Estimate> {
        let mut e = Estimate::default();
        let mut slot_needs = |slot: usize, steps: u32| -> Option<()> {
            let cheapest = reach.cheapest[slot];
            if !cheapest.is_finite() || steps == u32::MAX {
                return None;
            }
            e.unsatisfied += 1;
            e.steps += steps;
            e.dearest = e.dearest.max(cheapest);
            Some(())
        };
        for word in 0..self.words {
            let wrong = self.bits[self.words + word] ^ start.bools[word];
            let mut missing = self.bits[word] & wrong;
            while missing != 0 {
                slot_needs(word * 64 + missing.trailing_zeros() as usize, 1)?;
                missing &= missing - 1;
            }
        }
        let numbers = 64 * self.words;
        for group in self.numbers.chunk_by(|a, b| a.slot == b.slot) {
            let slot = group[0].slot as usize;
            let now = start.numbers[slot];
            let steps = group
                .iter()
                .filter(|r| !r.op.apply(now, r.value))
                .map(|r| reach.steps(slot, r, now))
                .max();
            if let Some(steps) = steps {
                slot_needs(numbers + slot, steps)?;
            }
        }
        let entities = numbers + start.numbers.len();
        for group in self.entities.chunk_by(|a, b| a.slot == b.slot) {
            let slot = group[0].slot as usize;
            let now = start.entities[slot];
            if group.iter().any(|r| (now == r.value) != r.equal) {
                slot_needs(entities + slot, 1)?;
            }
        }
        Some(e)
    }
}

/// What the bound actions can change, per slot (bits, then numbers, then entity references).
#[derive(Clone, Debug, Default)]
pub struct Reach {
    /// The cheapest action changing each slot; infinite when none does.
    pub cheapest: Vec<f64>,
    /// Per number slot, the most one action adds or subtracts.
    pub stride: Vec<f64>,
    /// Per number slot, whether an action sets it.
    pub settable: Vec<bool>,
}

impl Reach {
    /// Fewest actions that can make `r` hold from `now` on number slot `slot` (which it does
    /// not): 1 when an action sets the slot, else the distance over the largest stride,
    /// rounded up, and at least 1; `u32::MAX` when nothing can.
    fn steps(&self, slot: usize, r: &NumberReq, now: f64) -> u32 {
        if self.settable[slot] {
            return 1;
        }
        let stride = self.stride[slot];
        let distance = match r.op {
            CmpOp::Gt | CmpOp::Ge => r.value - now,
            CmpOp::Lt | CmpOp::Le => now - r.value,
            CmpOp::Eq => (r.value - now).abs(),
            CmpOp::Ne => 0.0,
        };
        if stride <= 0.0 || distance.is_nan() {
            return u32::MAX;
        }
        ((distance / stride).ceil() as u32).max(1)
    }
}

/// How far a set is from the start state.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Estimate {
    /// Slots with a requirement that fails now.
    pub unsatisfied: u32,
    /// Fewest changes they need: one per boolean or entity slot, and per number slot the
    /// fewest actions that can move it far enough.
    pub steps: u32,
    /// The dearest of the cheapest actions changing each such slot: every one of them is in
    /// any plan that finishes the set.
    pub dearest: f64,
}

fn number_order(a: &NumberReq, b: &NumberReq) -> Ordering {
    (a.slot, a.op as u8)
        .cmp(&(b.slot, b.op as u8))
        .then(a.value.total_cmp(&b.value))
}

/// Appends to `kept` what `group` (the requirements on one number slot, sorted) needs that
/// is not implied by the rest; false when no number satisfies them all.
fn tighten(group: &[NumberReq], kept: &mut Vec<NumberReq>) -> bool {
    if let Some(eq) = group.iter().find(|r| r.op == CmpOp::Eq) {
        kept.push(*eq);
        return group.iter().all(|r| r.op.apply(eq.value, r.value));
    }
    let mut low: Option<NumberReq> = None;
    let mut high: Option<NumberReq> = None;
    for r in group {
        match r.op {
            CmpOp::Gt | CmpOp::Ge => {
                if low
                    .is_none_or(|l| r.value > l.value || (r.value == l.value && r.op == CmpOp::Gt))
                {
                    low = Some(*r);
                }
            }
            CmpOp::Lt | CmpOp::Le => {
                if high
                    .is_none_or(|h| r.value < h.value || (r.value == h.value && r.op == CmpOp::Lt))
                {
                    high = Some(*r);
                }
            }
            CmpOp::Eq | CmpOp::Ne => {}
        }
    }
    let within = |v: f64| {
        low.is_none_or(|l| l.op.apply(v, l.value)) && high.is_none_or(|h| h.op.apply(v, h.value))
    };
    if let (Some(l), Some(h)) = (low, high) {
        let pinned = l.value == h.value && l.op == CmpOp::Ge && h.op == CmpOp::Le;
        if l.value > h.value
            || (l.value == h.value && !pinned)
            || (pinned
                && group
                    .iter()
                    .any(|r| r.op == CmpOp::Ne && r.value == l.value))
        {
            return false;
        }
    }
    kept.extend(low);
    kept.extend(high);
    // `!=` a value outside the bounds is implied by them.
    kept.extend(
        group
            .iter()
            .filter(|r| r.op == CmpOp::Ne && within(r.value)),
    );
    true
}

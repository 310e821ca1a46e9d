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
    }

    /// Empties the set for `words` words of booleans.
    pub fn clear(&mut self, words: usize) {
        self.words = words;
        self.bits.clear();
        self.bits.resize(2 * words, 0);
        self.numbers.clear();
        self.entities.clear();
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
                    self.numbers.push(NumberReq { slot, op, value })
                }
                Test::Entity { slot, equal, value } => {
                    self.entities.push(EntityReq { slot, equal, value })
                }
            }
        }
        Ok(())
    }

    /// Sorts and deduplicates the lists and rejects sets no state can satisfy: two different
    /// required entities, or number requirements on one slot with no common value.
    pub fn normalise(&mut self) -> Result<(), Rejected> {
        self.numbers.sort_unstable_by(number_order);
        self.numbers
            .dedup_by(|a, b| number_order(a, b) == Ordering::Equal);
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
        for group in self.numbers.chunk_by(|a, b| a.slot == b.slot) {
            if !satisfiable(group) {
                return Err(Rejected::Conflict);
            }
        }
        Ok(())
    }

    /// Requirements that do not hold in `start`, counting each slot once: every such slot
    /// needs at least one action that changes it.
    pub fn unsatisfied_slots(&self, start: &SymbolicState) -> u32 {
        let mut count = 0;
        for word in 0..self.words {
            let wrong = self.bits[self.words + word] ^ start.bools[word];
            count += (self.bits[word] & wrong).count_ones();
        }
        count += count_slots(
            self.numbers
                .iter()
                .filter(|r| !r.op.apply(start.numbers[r.slot as usize], r.value))
                .map(|r| r.slot),
        );
        count += count_slots(
            self.entities
                .iter()
                .filter(|r| (start.entities[r.slot as usize] == r.value) != r.equal)
                .map(|r| r.slot),
        );
        count
    }
}

/// Distinct values of a sorted sequence.
fn count_slots(slots: impl Iterator<Item = u32>) -> u32 {
    let mut last = None;
    let mut count = 0;
    for slot in slots {
        if last != Some(slot) {
            count += 1;
            last = Some(slot);
        }
    }
    count
}

fn number_order(a: &NumberReq, b: &NumberReq) -> Ordering {
    (a.slot, a.op as u8)
        .cmp(&(b.slot, b.op as u8))
        .then(a.value.total_cmp(&b.value))
}

/// Whether some number satisfies every requirement of `group` (one slot).
fn satisfiable(group: &[NumberReq]) -> bool {
    if let Some(eq) = group.iter().find(|r| r.op == CmpOp::Eq) {
        return group.iter().all(|r| r.op.apply(eq.value, r.value));
    }
    // The tightest lower and upper bounds, each with whether it is strict.
    let mut low = (f64::NEG_INFINITY, false);
    let mut high = (f64::INFINITY, false);
    for r in group {
        match r.op {
            CmpOp::Gt | CmpOp::Ge => {
                let strict = r.op == CmpOp::Gt;
                if r.value > low.0 || (r.value == low.0 && strict) {
                    low = (r.value, strict);
                }
            }
            CmpOp::Lt | CmpOp::Le => {
                let strict = r.op == CmpOp::Lt;
                if r.value < high.0 || (r.value == high.0 && strict) {
                    high = (r.value, strict);
                }
            }
            CmpOp::Eq | CmpOp::Ne => {}
        }
    }
    // `!=` removes a single point, which matters only when the bounds pin one value.
    low.0 < high.0
        || (low.0 == high.0
            && !low.1
            && !high.1
            && !group.iter().any(|r| r.op == CmpOp::Ne && r.value == low.0))
}

//! Regression sets: what must hold before the rest of a plan runs. A set is a bitset pair for
//! booleans (which bits matter, and their values) plus short lists sorted by slot: one interval
//! per constrained number, the values a number must not take, and the entity references
//! required or ruled out. They are stored in flat pools, so a search node is a few offsets.
//!
//! Every operation keeps a set in **canonical form** — per number slot one interval holding
//! the tightest bounds, exclusions only for values inside it; per entity slot one required
//! entity, or else the sorted entities ruled out — so equal sets are equal lists and duplicate
//! detection is a plain comparison, with no sorting per node.
//!
//! **Regression** (a set through an action: what must hold before the action so that the set
//! holds after it). Each bound action is compiled once per search into an [`Edits`] entry:
//! its changes and preconditions as operations in the order regression applies them, those
//! on numbers and entity references sorted by slot. A successor is built where it will be
//! stored, at the end of the pools ([`SetPool`]'s *draft*): the parent's lists are copied
//! there and edited in one walk, a cursor per list following the edit's slots, rather than
//! searched once per change and precondition (a bit needs no search). Keeping it is then
//! moving the pools' ends past it; a rejected one is overwritten by the next. Hashing and the
//! heuristic's estimate are one more pass over the result ([`SetView::survey`]).
//!
//! An edit whose boolean operations all fall in the first word (every problem of at most 64
//! booleans, such as GPGOAP's soldier) also keeps them as four masks, applied in a few word
//! operations with the same result; with one word of booleans the draft's bits are then
//! regressed from the parent's straight into place.

use crate::core::model::condition::CmpOp;
use crate::core::model::entity::Entity;

use crate::core::brains::goap::bind::{Change, Test};
use crate::core::brains::goap::span;
use crate::core::model::goap::layout::{bit_of, SymbolicState};

/// The values a number slot may take: `low..high`, each end open or closed, either infinite.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq)]
pub struct Interval {
    /// The slot.
    pub slot: u32,
    /// Whether `low` itself is ruled out (a `>` bound).
    pub low_open: bool,
    /// Whether `high` itself is ruled out (a `<` bound).
    pub high_open: bool,
    /// The lower bound; `-∞` when there is none.
    pub low: f64,
    /// The upper bound; `+∞` when there is none.
    pub high: f64,
}

impl Interval {
    fn unbounded(slot: u32) -> Self {
        Interval {
            slot,
            low_open: false,
            high_open: false,
            low: f64::NEG_INFINITY,
            high: f64::INFINITY,
        }
    }

    /// Whether `v` lies inside; never for NaN (an unknown number meets no bound).
    pub fn contains(&self, v: f64) -> bool {
        let above = v > self.low || (!self.low_open && v == self.low);
        let below = v < self.high || (!self.high_open && v == self.high);
        above && below
    }

    /// How far `v` is from the interval: `None` inside, NaN for NaN (which is outside). One
    /// pass of comparisons where `contains` and then a distance would take two.
    fn gap(&self, v: f64) -> Option<f64> {
        if v < self.low || (v == self.low && self.low_open) {
            Some(self.low - v)
        } else if v > self.high || (v == self.high && self.high_open) {
            Some(v - self.high)
        } else if v.is_nan() {
            Some(f64::NAN)
        } else {
            None
        }
    }

    /// Narrows the interval by `op value` (`!=` is not an interval: the caller keeps it);
    /// false when nothing is left.
    fn narrow(&mut self, op: CmpOp, value: f64) -> bool {
        if matches!(op, CmpOp::Gt | CmpOp::Ge | CmpOp::Eq) {
            let open = op == CmpOp::Gt;
            if value > self.low || (value == self.low && open) {
                self.low = value;
                self.low_open = open;
            }
        }
        if matches!(op, CmpOp::Lt | CmpOp::Le | CmpOp::Eq) {
            let open = op == CmpOp::Lt;
            if value < self.high || (value == self.high && open) {
                self.high = value;
                self.high_open = open;
            }
        }
        self.low < self.high || (self.low == self.high && !self.low_open && !self.high_open)
    }

    fn shift(&mut self, amount: f64) {
        self.low -= amount;
        self.high -= amount;
    }
}

/// A value a number slot must not take (a `!=` requirement).
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq)]
pub struct Excluded {
    /// The slot.
    pub slot: u32,
    /// The ruled-out value.
    pub value: f64,
}

/// A requirement on an entity reference: `entities[slot] == value`, or `!=` when not `equal`.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub struct EntityReq {
    /// The slot.
    pub slot: u32,
    /// Equality or inequality.
    pub equal: bool,
    /// The right-hand side.
    pub value: Entity,
}

/// Why a successor set cannot be built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rejected {
    /// The action serves no requirement of the set.
    Irrelevant,
    /// The action or its preconditions contradict the set.
    Conflict,
}

/// The flat lists of a set, as a node stores them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SetView<'a> {
    /// `2 * words` words: which bits are required, then their values.
    pub bits: &'a [u64],
    /// Number intervals.
    pub numbers: &'a [Interval],
    /// Ruled-out number values.
    pub excluded: &'a [Excluded],
    /// Entity requirements.
    pub entities: &'a [EntityReq],
}

/// Where a stored set's lists are in a [`SetPool`].
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stored {
    bits: u32,
    numbers: (u32, u32),
    excluded: (u32, u32),
    entities: (u32, u32),
}

/// Where the kept sets end in each pool: the draft starts there.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, Default)]
struct Ends {
    bits: usize,
    numbers: usize,
    excluded: usize,
    entities: usize,
}

/// Flat pools holding every set of a search back to back, so storing one allocates nothing
/// once the pools have grown.
///
/// The set being built, the *draft*, is the pools' tail, after the kept sets: a successor is
/// built where it will be stored, and then kept (which only moves the ends past it) or left
/// to be overwritten by the next draft.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, Default)]
pub struct SetPool {
    /// Words of booleans per set.
    words: usize,
    bits: Vec<u64>,
    numbers: Vec<Interval>,
    excluded: Vec<Excluded>,
    entities: Vec<EntityReq>,
    kept: Ends,
}

impl SetPool {
    /// Forgets every set, keeping the memory, for sets of `words` words of booleans; the
    /// draft is the empty set.
    pub fn clear(&mut self, words: usize) {
        self.words = words;
        self.kept = Ends::default();
        self.numbers.clear();
        self.excluded.clear();
        self.entities.clear();
        self.bits.clear();
        self.bits.resize(2 * words, 0);
    }

    /// Keeps the draft as a set: the next draft starts after it.
    pub fn keep(&mut self) -> Stored {
        let kept = self.kept;
        self.kept = Ends {
            bits: self.bits.len(),
            numbers: self.numbers.len(),
            excluded: self.excluded.len(),
            entities: self.entities.len(),
        };
        let span = |from: usize, to: usize| (from as u32, to as u32);
        Stored {
            bits: kept.bits as u32,
            numbers: span(kept.numbers, self.kept.numbers),
            excluded: span(kept.excluded, self.kept.excluded),
            entities: span(kept.entities, self.kept.entities),
        }
    }

    /// A kept set.
    #[inline]
    pub fn get(&self, at: Stored) -> SetView<'_> {
        let slice = |(from, to): (u32, u32)| from as usize..to as usize;
        let bits = at.bits as usize;
        SetView {
            bits: &self.bits[bits..bits + 2 * self.words],
            numbers: &self.numbers[slice(at.numbers)],
            excluded: &self.excluded[slice(at.excluded)],
            entities: &self.entities[slice(at.entities)],
        }
    }

    /// The draft: the set being built.
    #[inline]
    pub fn draft(&self) -> SetView<'_> {
        SetView {
            bits: &self.bits[self.kept.bits..],
            numbers: &self.numbers[self.kept.numbers..],
            excluded: &self.excluded[self.kept.excluded..],
            entities: &self.entities[self.kept.entities..],
        }
    }

    /// Bytes the pools hold.
    pub fn bytes(&self) -> usize {
        self.bits.capacity() * 8
            + self.numbers.capacity() * std::mem::size_of::<Interval>()
            + self.excluded.capacity() * std::mem::size_of::<Excluded>()
            + self.entities.capacity() * std::mem::size_of::<EntityReq>()
    }

    /// Makes the draft the empty set with edit `index` of `edits` applied: a goal's
    /// requirements.
    pub fn draft_edit(&mut self, edits: &Edits, index: usize) -> Result<(), Rejected> {
        self.drop_draft();
        let edit = &edits.edits[index];
        // A one-word search's goal: its masks regress the empty set, no lists to walk (as
        // below, a contradiction leaves the empty set's zeros). A fifth of a soldier's call
        // through the ABI built its goal by the general path (callgrind).
        if let Some(word) = edit.word.filter(|_| self.words == 1 && edit.only_word()) {
            let regressed = word.regress(0, 0);
            let (care, value) = regressed.map_or((0, 0), |(care, value, _)| (care, value));
            self.bits.extend_from_slice(&[care, value]);
            return regressed.map(|_| ());
        }
        self.edit_empty_draft(edits, edit)
    }

    /// Makes the empty draft the empty set with `edit` applied, operation list by list: any
    /// edit, and what the one-word goal's masks must equal.
    fn edit_empty_draft(&mut self, edits: &Edits, edit: &Edit) -> Result<(), Rejected> {
        self.bits.resize(self.kept.bits + 2 * self.words, 0);
        self.apply_bools(edits, edit)?;
        self.apply_lists(edits, edit).map(|_| ())
    }

    /// Makes the draft the kept set `parent` regressed through the action of edit `index`
    /// of `edits`: requirements its changes satisfy are dropped, additions shift number
    /// bounds, and its preconditions are merged into each slot's canonical entry. An action
    /// that contradicts the set, or serves none of its requirements, is rejected.
    // Always: the general search's hot path (the one-word one reaches it only through a cold
    // call, `draft_regressed_out_of_line`).
    #[inline(always)]
    pub fn draft_regressed(
        &mut self,
        parent: Stored,
        edits: &Edits,
        index: usize,
    ) -> Result<(), Rejected> {
        self.drop_draft();
        let edit = &edits.edits[index];
        let mut relevant = match &edit.word {
            // One word: regressed from the parent's straight into the draft, rather than
            // copied there and then edited (a copy, and loads that wait for it).
            Some(word) if self.words == 1 => {
                let at = parent.bits as usize;
                let (care, value, relevant) = word.regress(self.bits[at], self.bits[at + 1])?;
                self.bits.push(care);
                self.bits.push(value);
                relevant
            }
            _ => {
                let bits = (parent.bits, parent.bits + 2 * self.words as u32);
                copy_within(&mut self.bits, bits);
                self.apply_bools(edits, edit)?
            }
        };
        copy_within(&mut self.numbers, parent.numbers);
        copy_within(&mut self.excluded, parent.excluded);
        copy_within(&mut self.entities, parent.entities);
        relevant |= self.apply_lists(edits, edit)?;
        match relevant {
            true => Ok(()),
            false => Err(Rejected::Irrelevant),
        }
    }

    /// [`draft_regressed`](SetPool::draft_regressed) for sets of one word of booleans and
    /// nothing else, through an edit that only has operations on that word (see
    /// [`Edits::one_word`]): the draft is two words, regressed by masks.
    #[inline(always)]
    pub fn draft_regressed_word(
        &mut self,
        parent: Stored,
        edits: &Edits,
        index: usize,
    ) -> Result<(), Rejected> {
        let Some(word) = &edits.edits[index].word else {
            return self.draft_regressed_out_of_line(parent, edits, index);
        };
        self.bits.truncate(self.kept.bits);
        let (care, value) = self.word(parent);
        match word.regress(care, value)? {
            (care, value, true) => {
                self.bits.extend_from_slice(&[care, value]);
                Ok(())
            }
            _ => Err(Rejected::Irrelevant),
        }
    }

    /// [`draft_regressed`](SetPool::draft_regressed) out of line: the one-word regression's
    /// fallback, which its searches never take ([`Edits::one_word`]), kept out of the code it
    /// would otherwise bloat beyond inlining into the search's loop.
    #[cold]
    #[inline(never)]
    fn draft_regressed_out_of_line(
        &mut self,
        parent: Stored,
        edits: &Edits,
        index: usize,
    ) -> Result<(), Rejected> {
        self.draft_regressed(parent, edits, index)
    }

    /// The first word of booleans of a kept set: which bits it requires, and their values.
    #[inline]
    pub fn word(&self, at: Stored) -> (u64, u64) {
        let at = at.bits as usize;
        (self.bits[at], self.bits[at + self.words])
    }

    /// The first word of booleans of the draft, as [`word`](SetPool::word).
    #[inline]
    pub fn draft_word(&self) -> (u64, u64) {
        let at = self.kept.bits;
        (self.bits[at], self.bits[at + self.words])
    }

    fn drop_draft(&mut self) {
        self.bits.truncate(self.kept.bits);
        self.numbers.truncate(self.kept.numbers);
        self.excluded.truncate(self.kept.excluded);
        self.entities.truncate(self.kept.entities);
    }

    /// Applies an edit's boolean operations to the draft: as masks when they all fall in the
    /// first word, else one by one. Whether a change served a requirement, or a contradiction.
    fn apply_bools(&mut self, edits: &Edits, edit: &Edit) -> Result<bool, Rejected> {
        let Some(word) = edit.word.filter(|_| self.words > 0) else {
            let span = edit.bools.0 as usize..edit.bools.1 as usize;
            return self.apply_bool_ops(&edits.bool_ops[span]);
        };
        let (care, values) = (self.kept.bits, self.kept.bits + self.words);
        let relevant;
        (self.bits[care], self.bits[values], relevant) =
            word.regress(self.bits[care], self.bits[values])?;
        Ok(relevant)
    }

    /// Applies an edit's number and entity operations to the draft in one pass: they are
    /// sorted by slot, as the draft's lists are, so each list is walked once with a cursor
    /// instead of searched per change and precondition. Whether a change served a
    /// requirement, or a contradiction.
    fn apply_lists(&mut self, edits: &Edits, edit: &Edit) -> Result<bool, Rejected> {
        let span = |(from, to): (u32, u32)| from as usize..to as usize;
        let mut relevant = false;
        if edit.numbers.0 < edit.numbers.1 {
            relevant |= self.apply_numbers(&edits.number_ops[span(edit.numbers)])?;
        }
        if edit.entities.0 < edit.entities.1 {
            relevant |= self.apply_entities(&edits.entity_ops[span(edit.entities)])?;
        }
        Ok(relevant)
    }

    fn apply_bool_ops(&mut self, ops: &[(u32, BoolOp)]) -> Result<bool, Rejected> {
        let mut relevant = false;
        let (kept, words) = (self.kept.bits, self.words);
        for &(bit, op) in ops {
            let (word, mask) = bit_of(bit);
            let (care, values) = (kept + word, kept + words + word);
            match op {
                BoolOp::Set(value) => {
                    if self.bits[care] & mask != 0 {
                        if (self.bits[values] & mask != 0) != value {
                            return Err(Rejected::Conflict);
                        }
                        self.bits[care] &= !mask;
                        self.bits[values] &= !mask;
                        relevant = true;
                    }
                }
                BoolOp::Require(value) => {
                    let want = if value { mask } else { 0 };
                    if self.bits[care] & mask != 0 && self.bits[values] & mask != want {
                        return Err(Rejected::Conflict);
                    }
                    self.bits[care] |= mask;
                    self.bits[values] |= want;
                }
            }
        }
        Ok(relevant)
    }

    fn apply_numbers(&mut self, ops: &[(u32, NumberOp)]) -> Result<bool, Rejected> {
        let mut relevant = false;
        // The slot being edited: its interval is `numbers[n]` when `interval`, its exclusions
        // `excluded[x..end]`.
        let (mut slot, mut n, mut interval) = (u32::MAX, self.kept.numbers, false);
        let (mut x, mut end) = (self.kept.excluded, self.kept.excluded);
        for &(next, op) in ops {
            if next != slot {
                slot = next;
                n = skip(&self.numbers, n, |r| r.slot < slot);
                interval = self.numbers.get(n).is_some_and(|r| r.slot == slot);
                x = skip(&self.excluded, end, |r| r.slot < slot);
                end = skip(&self.excluded, x, |r| r.slot == slot);
            }
            match op {
                NumberOp::Set(value) => {
                    if interval {
                        if !self.numbers[n].contains(value) {
                            return Err(Rejected::Conflict);
                        }
                        self.numbers.remove(n);
                        interval = false;
                        relevant = true;
                    }
                    if end > x {
                        if self.excluded[x..end].iter().any(|r| r.value == value) {
                            return Err(Rejected::Conflict);
                        }
                        self.excluded.drain(x..end);
                        end = x;
                        relevant = true;
                    }
                }
                NumberOp::Add(amount) => {
                    if interval {
                        let r = &mut self.numbers[n];
                        relevant |= (amount > 0.0 && r.low.is_finite())
                            || (amount < 0.0 && r.high.is_finite());
                        r.shift(amount);
                    }
                    for r in &mut self.excluded[x..end] {
                        relevant |= amount != 0.0;
                        r.value -= amount;
                    }
                }
                NumberOp::Require(CmpOp::Ne, value) => {
                    let r = if interval {
                        Some(self.numbers[n])
                    } else {
                        None
                    };
                    if r.is_none_or(|r| r.contains(value)) {
                        let at = x + self.excluded[x..end].partition_point(|r| r.value < value);
                        if at == end || self.excluded[at].value != value {
                            self.excluded.insert(at, Excluded { slot, value });
                            end += 1;
                        }
                        if r.is_some_and(|r| r.low == r.high) {
                            return Err(Rejected::Conflict);
                        }
                    }
                }
                NumberOp::Require(op, value) => {
                    if !interval {
                        self.numbers.insert(n, Interval::unbounded(slot));
                        interval = true;
                    }
                    let r = &mut self.numbers[n];
                    if !r.narrow(op, value) {
                        return Err(Rejected::Conflict);
                    }
                    if end == x {
                        continue;
                    }
                    let r = *r;
                    // Exclusions the narrower interval leaves out are implied; one at a
                    // single point left is a contradiction.
                    let mut kept = x;
                    for k in x..end {
                        let excluded = self.excluded[k];
                        if r.contains(excluded.value) {
                            if r.low == r.high {
                                return Err(Rejected::Conflict);
                            }
                            self.excluded[kept] = excluded;
                            kept += 1;
                        }
                    }
                    self.excluded.drain(kept..end);
                    end = kept;
                }
            }
        }
        Ok(relevant)
    }

    #[inline(never)] // Entity requirements are rarer: kept out of the common path's code.
    fn apply_entities(&mut self, ops: &[(u32, EntityOp)]) -> Result<bool, Rejected> {
        let mut relevant = false;
        // The slot being edited: its requirements (one `==`, or the `!=`s by value) are
        // `entities[e..end]`.
        let (mut slot, mut e, mut end) = (u32::MAX, self.kept.entities, self.kept.entities);
        for &(next, op) in ops {
            if next != slot {
                slot = next;
                e = skip(&self.entities, end, |r| r.slot < slot);
                end = skip(&self.entities, e, |r| r.slot == slot);
            }
            match op {
                EntityOp::Set(value) => {
                    if end > e {
                        if self.entities[e..end]
                            .iter()
                            .any(|r| (value == r.value) != r.equal)
                        {
                            return Err(Rejected::Conflict);
                        }
                        self.entities.drain(e..end);
                        end = e;
                        relevant = true;
                    }
                }
                EntityOp::Require(equal, value) => {
                    let group = &self.entities[e..end];
                    if let Some(eq) = group.first().filter(|r| r.equal) {
                        if (eq.value == value) != equal {
                            return Err(Rejected::Conflict);
                        }
                        continue;
                    }
                    let at = e + group.partition_point(|r| r.value.to_bits() < value.to_bits());
                    let listed = at < end && self.entities[at].value == value;
                    let req = EntityReq { slot, equal, value };
                    if equal {
                        if listed {
                            return Err(Rejected::Conflict);
                        }
                        // The `==` replaces the slot's `!=`s.
                        self.entities.splice(e..end, [req]);
                        end = e + 1;
                    } else if !listed {
                        self.entities.insert(at, req);
                        end += 1;
                    }
                }
            }
        }
        Ok(relevant)
    }
}

/// Appends `pool[from..to]` to the pool; the lists are often empty, and then cost no copy.
fn copy_within<T: Copy>(pool: &mut Vec<T>, (from, to): (u32, u32)) {
    if from < to {
        pool.extend_from_within(from as usize..to as usize);
    }
}

/// The first index from `from` on whose item fails `skip` (or the pool's length).
fn skip<T>(pool: &[T], mut from: usize, skip: impl Fn(&T) -> bool) -> usize {
    while from < pool.len() && skip(&pool[from]) {
        from += 1;
    }
    from
}

/// What an action does to a number slot when a set is regressed through it.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq)]
enum NumberOp {
    /// A change setting the slot.
    Set(f64),
    /// A change adding to the slot.
    Add(f64),
    /// A precondition on the slot.
    Require(CmpOp, f64),
}

/// What an action does to an entity slot when a set is regressed through it.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq)]
enum EntityOp {
    /// A change setting the slot.
    Set(Entity),
    /// A precondition `==` (or `!=` when false) on the slot.
    Require(bool, Entity),
}

/// What an action does to a bit when a set is regressed through it.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq)]
enum BoolOp {
    /// A change setting the bit to this value.
    Set(bool),
    /// A precondition that the bit have this value.
    Require(bool),
}

/// Where one edit's parts are in [`Edits`].
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, Default)]
struct Edit {
    bools: (u32, u32),
    numbers: (u32, u32),
    entities: (u32, u32),
    /// Its boolean operations as masks, when they all fall in the first word (absent from
    /// searches saved before they were kept: those apply the operations one by one).
    #[serde(default)]
    word: Option<WordEdit>,
}

impl Edit {
    /// Whether it only has operations on booleans, all in the first word.
    fn only_word(&self) -> bool {
        self.word.is_some()
            && self.numbers.0 == self.numbers.1
            && self.entities.0 == self.entities.1
    }
}

/// An edit's boolean operations on the first word of a set, as masks: what its changes set
/// (the last change of a bit wins, as regression applies them last first), then what its
/// preconditions require.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, Default)]
struct WordEdit {
    set_care: u64,
    set_value: u64,
    require_care: u64,
    require_value: u64,
    /// False when two preconditions require a bit with different values: the edit then
    /// conflicts with every set.
    consistent: bool,
}

impl WordEdit {
    /// The set (`care`, `value`) of the first word regressed through the edit, and whether
    /// a change served a requirement; or a contradiction.
    #[inline]
    fn regress(&self, care: u64, value: u64) -> Result<(u64, u64, bool), Rejected> {
        let relevant = care & self.set_care != 0;
        if care & self.set_care & (value ^ self.set_value) != 0 {
            return Err(Rejected::Conflict);
        }
        let (care, value) = (care & !self.set_care, value & !self.set_care);
        if !self.consistent || care & self.require_care & (value ^ self.require_value) != 0 {
            return Err(Rejected::Conflict);
        }
        Ok((
            care | self.require_care,
            value | self.require_value,
            relevant,
        ))
    }

    /// The masks of `ops` (changes last first, then preconditions, as `Edits::push` lists
    /// them), or `None` when one falls outside the first word.
    fn of(ops: &[(u32, BoolOp)]) -> Option<Self> {
        let mut edit = WordEdit {
            consistent: true,
            ..WordEdit::default()
        };
        for &(bit, op) in ops {
            let (0, mask) = bit_of(bit) else {
                return None;
            };
            match op {
                // Last first: the first seen of a bit is its last change, which wins.
                BoolOp::Set(value) if edit.set_care & mask == 0 => {
                    edit.set_care |= mask;
                    edit.set_value |= if value { mask } else { 0 };
                }
                BoolOp::Set(_) => {}
                BoolOp::Require(value) => {
                    let want = if value { mask } else { 0 };
                    if edit.require_care & mask != 0 && edit.require_value & mask != want {
                        edit.consistent = false;
                    }
                    edit.require_care |= mask;
                    edit.require_value |= want;
                }
            }
        }
        Some(edit)
    }
}

/// Actions compiled for regression, once per search (see the module documentation): per
/// action, its changes and preconditions as operations in the order regression applies them
/// (the changes last first, as the last change of a slot wins, then the preconditions), the
/// number and entity ones sorted by slot (keeping that order within a slot).
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, Default)]
pub struct Edits {
    edits: Vec<Edit>,
    /// Per edit, its boolean operations: bits are words of a bitset, found without a search.
    bool_ops: Vec<(u32, BoolOp)>,
    /// Per edit, its number operations by slot, each slot's in order.
    number_ops: Vec<(u32, NumberOp)>,
    /// Per edit, its entity operations by slot, each slot's in order.
    entity_ops: Vec<(u32, EntityOp)>,
}

impl Edits {
    /// Whether every edit from the `from`th on only has operations on booleans, all in the
    /// first word: regressing a set of one word through them leaves it one word.
    pub fn one_word(&self, from: usize) -> bool {
        self.edits
            .get(from..)
            .is_some_and(|edits| edits.iter().all(Edit::only_word))
    }

    /// Forgets every edit, keeping the memory.
    pub fn clear(&mut self) {
        self.edits.clear();
        self.bool_ops.clear();
        self.number_ops.clear();
        self.entity_ops.clear();
    }

    /// Whether edit `index` sets entity slot `slot` to another entity than `value`: its first
    /// setting of the slot decides, as in [`SetPool::draft_regressed`], which rejects it as a
    /// conflict on any set requiring `slot == value`, whatever else it does (the slot's
    /// preconditions before that setting either conflict too or leave the requirement be).
    #[inline]
    pub fn sets_entity_otherwise(&self, index: usize, slot: u32, value: Entity) -> bool {
        let (from, to) = self.edits[index].entities;
        self.entity_ops[from as usize..to as usize]
            .iter()
            .filter(|&&(s, _)| s == slot)
            .find_map(|&(_, op)| match op {
                EntityOp::Set(set) => Some(set),
                EntityOp::Require(..) => None,
            })
            .is_some_and(|set| set != value)
    }

    /// Forgets the edits from the `len`th on, keeping the memory.
    pub fn truncate(&mut self, len: usize) {
        if let Some(first) = self.edits.get(len) {
            self.bool_ops.truncate(first.bools.0 as usize);
            self.number_ops.truncate(first.numbers.0 as usize);
            self.entity_ops.truncate(first.entities.0 as usize);
            self.edits.truncate(len);
        }
    }

    /// Compiles edit `at` again from `changes` and `tests`, in place: true when they compile
    /// to as many operations of each kind as it has, with its boolean ones in the first word
    /// exactly when its were (the same slots, other values: an action bound again on the same
    /// target); false, with the edits as they were, when they do not (compile them all).
    pub fn rewrite(&mut self, at: usize, changes: &[Change], tests: &[Test]) -> bool {
        let len = self.edits.len();
        self.push(changes, tests);
        let (old, new) = (self.edits[at], self.edits[len]);
        let fits = span::len(old.bools) == span::len(new.bools)
            && span::len(old.numbers) == span::len(new.numbers)
            && span::len(old.entities) == span::len(new.entities)
            && old.word.is_some() == new.word.is_some();
        if fits {
            span::copy_over(&mut self.bool_ops, new.bools, old.bools);
            span::copy_over(&mut self.number_ops, new.numbers, old.numbers);
            span::copy_over(&mut self.entity_ops, new.entities, old.entities);
            self.edits[at].word = new.word;
        }
        self.truncate(len);
        fits
    }

    /// Compiles an action's `changes` and preconditions `tests` (or a goal's requirements,
    /// with no changes); its index is the number of edits before it.
    pub fn push(&mut self, changes: &[Change], tests: &[Test]) {
        let (bools, numbers, entities) = (
            self.bool_ops.len(),
            self.number_ops.len(),
            self.entity_ops.len(),
        );
        // Changes last first, then tests, as regression applies them: inserting each by slot
        // after those of its slot keeps that order within each slot.
        for change in changes.iter().rev() {
            match *change {
                Change::Bool { bit, value } => self.bool_ops.push((bit, BoolOp::Set(value))),
                Change::SetNumber { slot, value } => {
                    insert_by_slot(&mut self.number_ops, numbers, slot, NumberOp::Set(value));
                }
                Change::AddNumber { slot, amount } => {
                    insert_by_slot(&mut self.number_ops, numbers, slot, NumberOp::Add(amount));
                }
                Change::SetEntity { slot, value } => {
                    insert_by_slot(&mut self.entity_ops, entities, slot, EntityOp::Set(value));
                }
            }
        }
        for test in tests {
            match *test {
                Test::Bool { bit, value } => self.bool_ops.push((bit, BoolOp::Require(value))),
                // `+ 0.0` turns `-0.0` into `0.0`, so equal sets hash alike.
                Test::Number { slot, op, value } => {
                    let op = NumberOp::Require(op, value + 0.0);
                    insert_by_slot(&mut self.number_ops, numbers, slot, op);
                }
                Test::Entity { slot, equal, value } => {
                    let op = EntityOp::Require(equal, value);
                    insert_by_slot(&mut self.entity_ops, entities, slot, op);
                }
            }
        }
        let span = |from: usize, to: usize| (from as u32, to as u32);
        self.edits.push(Edit {
            bools: span(bools, self.bool_ops.len()),
            numbers: span(numbers, self.number_ops.len()),
            entities: span(entities, self.entity_ops.len()),
            word: WordEdit::of(&self.bool_ops[bools..]),
        });
    }
}

/// Inserts `op` on `slot` into `ops[from..]`, sorted by slot, after the ops of its slot.
fn insert_by_slot<Op: Copy>(ops: &mut Vec<(u32, Op)>, from: usize, slot: u32, op: Op) {
    ops.push((slot, op));
    // Actions have a few ops: a few swaps beat a search and a `Vec::insert`.
    let mut k = ops.len() - 1;
    while k > from && ops[k - 1].0 > slot {
        ops.swap(k - 1, k);
        k -= 1;
    }
}

impl SetView<'_> {
    /// The set's hash, and how far it is from the start state for the heuristic, in one pass
    /// over its lists: `None` when a requirement fails and no bound action changes its slot
    /// (no plan can finish this set).
    #[inline]
    pub fn survey(&self, start: &SymbolicState, reach: &Reach) -> Option<Survey> {
        let mut e = Estimate::default();
        let mut h = Mix::default();
        let (care, values) = self.bits.split_at(self.bits.len() / 2);
        for (word, ((&care, &value), &now)) in care.iter().zip(values).zip(&start.bools).enumerate()
        {
            survey_word(&mut h, &mut e, (care, value, now), &reach.bits[word * 64..])?;
        }
        for r in self.numbers {
            // The slot goes in with the low bound, and the bounds' openness is left out: equal
            // sets are confirmed anyway.
            h.add(r.low.to_bits() ^ u64::from(r.slot));
            h.add(r.high.to_bits());
            let slot = &reach.numbers[r.slot as usize];
            if let Some(gap) = r.gap(slot.now) {
                e.add(slot.cheapest, slot.steps(gap))?;
            }
        }
        for x in self.excluded {
            h.add(u64::from(x.slot));
            h.add(x.value.to_bits());
            // Only a value inside the slot's interval is excluded, so a slot whose interval
            // fails was counted above.
            let slot = &reach.numbers[x.slot as usize];
            if slot.now == x.value {
                e.add(slot.cheapest, 1)?;
            }
        }
        for group in self.entities.chunk_by(|a, b| a.slot == b.slot) {
            let slot = group[0].slot as usize;
            let now = start.entities[slot];
            let mut fails = false;
            for r in group {
                h.add(u64::from(r.slot) << 1 | u64::from(r.equal));
                // Without the serial: hashes saved with a search meet hashes made after a load
                // under another serial.
                h.add(r.value.bits_in_world());
                fails |= (now == r.value) != r.equal;
            }
            if fails {
                e.add(reach.entities[slot], 1)?;
            }
        }
        Some(Survey {
            hash: h.0,
            estimate: e,
        })
    }
}

/// [`SetView::survey`] of a set that is one word of booleans (`care`, `value`) and nothing
/// else, against the start state's first word `now`: the same hash and estimate.
#[inline]
pub fn survey_one_word(care: u64, value: u64, now: u64, reach: &Reach) -> Option<Survey> {
    let (mut h, mut e) = (Mix::default(), Estimate::default());
    survey_word(&mut h, &mut e, (care, value, now), &reach.bits)?;
    Some(Survey {
        hash: h.0,
        estimate: e,
    })
}

/// Hashes one word of a set's booleans into `h` and counts into `e` the bits it requires that
/// fail in the start state's word `now`, each changed at best by an action of cost
/// `reach[bit]` (`None` when nothing changes one).
#[inline]
fn survey_word(
    h: &mut Mix,
    e: &mut Estimate,
    (care, value, now): (u64, u64, u64),
    reach: &[f64],
) -> Option<()> {
    h.add(care);
    h.add(value);
    // No test per bit for a bit that nothing changes, as `Estimate::add` makes (it
    // mispredicts): such a bit is infinitely dear, so one test after the loop finds it.
    let (mut dearest, mut count) = (e.dearest, 0);
    let mut missing = care & (value ^ now);
    while missing != 0 {
        dearest = dearer(dearest, reach[missing.trailing_zeros() as usize]);
        count += 1;
        missing &= missing - 1;
    }
    e.add_single_changes(count, dearest)
}

/// What [`SetView::survey`] finds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Survey {
    /// A hash of the set's lists, for duplicate detection: equal sets hash alike.
    pub hash: u64,
    /// How far the set is from the start state.
    pub estimate: Estimate,
}

/// A multiply-rotate mix (the FxHash step): fast, deterministic, and only used to spread
/// table slots; equal sets are confirmed by comparing their contents.
#[derive(Default)]
struct Mix(u64);

impl Mix {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// What [`SetView::survey`] needs to know of the bound actions, per slot (with the start
/// state's numbers, so that an interval's test reads one record).
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, Default)]
pub struct Reach {
    /// Per bit, the cheapest action changing it; infinite when none does.
    pub bits: Vec<f64>,
    /// Per number slot.
    pub numbers: Vec<NumberReach>,
    /// Per entity slot, the cheapest action changing it; infinite when none does.
    pub entities: Vec<f64>,
}

/// What [`SetView::survey`] reads for an interval, in one place.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq)]
pub struct NumberReach {
    /// The slot's value in the start state.
    pub now: f64,
    /// The cheapest action changing the slot; infinite when none does.
    pub cheapest: f64,
    /// The most one action adds or subtracts: infinite when an action sets the slot (one
    /// step reaches any value), 0 when none changes it.
    pub stride: f64,
}

impl NumberReach {
    /// Fewest actions that can move the slot by `distance` into a requirement it fails: the
    /// distance over the stride, rounded up, and at least 1 (so 1 when an action sets the
    /// slot); `u32::MAX` when nothing can (or the number is unknown).
    fn steps(&self, distance: f64) -> u32 {
        let steps = distance / self.stride;
        // One comparison fails NaN too, and the infinite quotient of a zero stride.
        if steps < f64::from(u32::MAX) {
            // `ceil` without a libm call: the truncation, plus one when it dropped a fraction.
            let whole = steps as u32;
            (whole + u32::from(f64::from(whole) < steps)).max(1)
        } else {
            u32::MAX
        }
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

/// The dearer of two costs. Not `f64::max`: neither is NaN, so a plain comparison does.
#[inline(always)]
fn dearer(a: f64, b: f64) -> f64 {
    if b > a {
        b
    } else {
        a
    }
}

impl Estimate {
    /// Counts a failing slot whose cheapest changer costs `cheapest` and that needs `steps`
    /// changes; `None` when nothing changes it.
    fn add(&mut self, cheapest: f64, steps: u32) -> Option<()> {
        if cheapest == f64::INFINITY || steps == u32::MAX {
            return None;
        }
        self.unsatisfied += 1;
        self.steps += steps;
        self.dearest = dearer(self.dearest, cheapest);
        Some(())
    }

    /// Counts `count` failing slots that need one change each, `dearest` being the dearest of
    /// their cheapest changers and of the estimate's own; `None` when it is infinite (nothing
    /// changes one of them).
    fn add_single_changes(&mut self, count: u32, dearest: f64) -> Option<()> {
        if dearest == f64::INFINITY {
            return None;
        }
        self.unsatisfied += count;
        self.steps += count;
        self.dearest = dearest;
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn number(slot: u32, op: CmpOp, value: f64) -> Test {
        Test::Number { slot, op, value }
    }

    fn add(slot: u32, amount: f64) -> Change {
        Change::AddNumber { slot, amount }
    }

    fn set(slot: u32, value: f64) -> Change {
        Change::SetNumber { slot, value }
    }

    /// A pool holding the goal set of `tests` (one word of booleans).
    fn goal(tests: &[Test]) -> Result<(SetPool, Stored), Rejected> {
        let mut pool = SetPool::default();
        pool.clear(1);
        let mut edits = Edits::default();
        edits.push(&[], tests);
        pool.draft_edit(&edits, 0)?;
        let at = pool.keep();
        Ok((pool, at))
    }

    /// Regresses set `at` through an action and keeps the result.
    fn regress(
        pool: &mut SetPool,
        at: Stored,
        changes: &[Change],
        tests: &[Test],
    ) -> Result<Stored, Rejected> {
        let mut edits = Edits::default();
        edits.push(changes, tests);
        pool.draft_regressed(at, &edits, 0)?;
        Ok(pool.keep())
    }

    /// An action's changes and tests over fixed slots (bits of the first word, and of the
    /// second when `wide`; numbers; an entity), with the values `v` picks: actions bound again
    /// on the same target.
    fn action(v: [u8; 8], wide: bool) -> (Vec<Change>, Vec<Test>) {
        let far = if wide { 64 } else { 0 };
        let entity = Entity::from_bits(u64::from(v[7] % 3) + 1);
        let changes = vec![
            Change::Bool {
                bit: far + 6,
                value: v[0] % 2 == 0,
            },
            add(1, f64::from(v[1])),
            Change::Bool {
                bit: 3,
                value: v[2] % 2 == 0,
            },
            Change::SetEntity {
                slot: 0,
                value: entity,
            },
        ];
        let tests = vec![
            Test::Bool {
                bit: 5,
                value: v[3] % 2 == 0,
            },
            number(0, CmpOp::Lt, f64::from(v[4])),
            Test::Bool {
                bit: far + 7,
                value: v[5] % 2 == 0,
            },
            Test::Entity {
                slot: 0,
                equal: v[6] % 2 == 0,
                value: entity,
            },
        ];
        (changes, tests)
    }

    proptest::proptest! {
        /// Edit `at` compiled again in place is what compiling every edit afresh gives.
        #[test]
        fn an_edit_rewritten_in_place_is_compiled_afresh(
            values in proptest::collection::vec(proptest::prelude::any::<[u8; 8]>(), 1..5),
            again in proptest::prelude::any::<[u8; 8]>(),
            at in 0usize..5,
            wide in proptest::prelude::any::<bool>(),
        ) {
            let at = at % values.len();
            let compiled = |values: &[[u8; 8]]| {
                let mut edits = Edits::default();
                for v in values {
                    let (changes, tests) = action(*v, wide);
                    edits.push(&changes, &tests);
                }
                edits
            };
            let mut rewritten = compiled(&values);
            let (changes, tests) = action(again, wide);
            proptest::prop_assert!(rewritten.rewrite(at, &changes, &tests));
            let mut fresh = values.clone();
            fresh[at] = again;
            proptest::prop_assert_eq!(format!("{rewritten:?}"), format!("{:?}", compiled(&fresh)));
        }
    }

    #[test]
    fn an_edit_with_other_operations_is_not_rewritten() {
        let mut edits = Edits::default();
        let (changes, tests) = action([0; 8], false);
        edits.push(&changes, &tests);
        let before = format!("{edits:?}");
        assert!(!edits.rewrite(0, &changes[1..], &tests));
        assert!(!edits.rewrite(0, &changes, &tests[..1]));
        assert_eq!(format!("{edits:?}"), before, "left as it was");
    }

    #[test]
    fn requirements_in_any_order_give_the_same_canonical_set() {
        use CmpOp::*;
        let tests = [
            number(2, Ge, 3.0),
            number(0, Lt, 9.0),
            number(2, Ne, 5.0),
            number(2, Gt, 3.0),
            number(2, Ne, 1.0),
            number(2, Le, 8.0),
            number(0, Ge, -2.0),
            number(2, Ne, 4.0),
        ];
        let mut orders = vec![tests.to_vec()];
        orders.push(tests.iter().rev().copied().collect());
        let mut rotated = tests.to_vec();
        rotated.rotate_left(3);
        orders.push(rotated);
        let sets: Vec<(SetPool, Stored)> = orders.iter().map(|t| goal(t).unwrap()).collect();
        let first = sets[0].0.get(sets[0].1);
        for (pool, at) in &sets {
            assert_eq!(pool.get(*at), first);
        }
        let slot2 = first.numbers[1];
        assert_eq!(
            (slot2.low, slot2.low_open, slot2.high, slot2.high_open),
            (3.0, true, 8.0, false)
        );
        // 1 lies outside (3, 8]: implied, not kept.
        let excluded: Vec<f64> = first.excluded.iter().map(|x| x.value).collect();
        assert_eq!(excluded, [4.0, 5.0]);
    }

    #[test]
    fn contradictions_are_conflicts() {
        use CmpOp::*;
        let cases: &[&[Test]] = &[
            &[number(0, Gt, 3.0), number(0, Lt, 3.0)],
            &[number(0, Ge, 3.0), number(0, Lt, 3.0)],
            &[number(0, Eq, 3.0), number(0, Eq, 4.0)],
            &[number(0, Eq, 3.0), number(0, Ne, 3.0)],
            &[number(0, Ne, 3.0), number(0, Ge, 3.0), number(0, Le, 3.0)],
            &[
                Test::Bool {
                    bit: 5,
                    value: true,
                },
                Test::Bool {
                    bit: 5,
                    value: false,
                },
            ],
        ];
        for tests in cases {
            assert_eq!(goal(tests).err(), Some(Rejected::Conflict), "{tests:?}");
        }
        assert!(goal(&[number(0, Ge, 3.0), number(0, Le, 3.0)]).is_ok());
        assert!(goal(&[number(0, Ne, 3.0), number(0, Ge, 2.0), number(0, Le, 4.0)]).is_ok());
    }

    #[test]
    fn regression_shifts_and_discharges_number_requirements() {
        use CmpOp::*;
        let (mut pool, d) =
            goal(&[number(0, Ge, 50.0), number(0, Ne, 60.0), number(1, Eq, 7.0)]).unwrap();
        let d = regress(&mut pool, d, &[add(0, 10.0)], &[]).unwrap();
        let view = pool.get(d);
        assert_eq!((view.numbers[0].low, view.excluded[0].value), (40.0, 50.0));
        assert!(
            regress(&mut pool, d, &[add(0, -10.0)], &[]).is_ok(),
            "an add to a slot with an exclusion changes whether it holds"
        );
        // Subtracting moves away from a lower bound: it serves nothing.
        let (mut bounded, b) = goal(&[number(0, Ge, 50.0)]).unwrap();
        assert_eq!(
            regress(&mut bounded, b, &[add(0, -10.0)], &[]),
            Err(Rejected::Irrelevant)
        );
        assert_eq!(
            regress(&mut pool, d, &[set(1, 6.0)], &[]),
            Err(Rejected::Conflict)
        );
        let d = regress(&mut pool, d, &[set(1, 7.0)], &[]).unwrap();
        assert_eq!(pool.get(d).numbers.len(), 1);
        assert_eq!(
            regress(&mut pool, d, &[set(0, 50.0)], &[]),
            Err(Rejected::Conflict),
            "50 is excluded"
        );
        let d = regress(&mut pool, d, &[set(0, 45.0)], &[]).unwrap();
        assert!(pool.get(d).numbers.is_empty() && pool.get(d).excluded.is_empty());
    }

    #[test]
    fn changes_are_undone_last_first_and_preconditions_merged_after() {
        use CmpOp::*;
        let (mut pool, g) = goal(&[number(0, Eq, 6.0), number(3, Le, 2.0)]).unwrap();
        // `= 5` then `+ 1` makes 6: undoing the add first leaves 5, which the set meets.
        let d = regress(&mut pool, g, &[set(0, 5.0), add(0, 1.0)], &[]).unwrap();
        assert_eq!(pool.get(d).numbers.len(), 1);
        // The other way round makes 5: no set with 6 is reached.
        assert_eq!(
            regress(&mut pool, g, &[add(0, 1.0), set(0, 5.0)], &[]),
            Err(Rejected::Conflict)
        );
        // A precondition on the slot the action sets applies before it: kept whole.
        let d = regress(&mut pool, g, &[set(0, 6.0)], &[number(0, Ge, 1.0)]).unwrap();
        let view = pool.get(d);
        assert_eq!(
            (
                view.numbers[0].slot,
                view.numbers[0].low,
                view.numbers[1].slot
            ),
            (0, 1.0, 3)
        );
        // Preconditions on slots before, between and after the set's are merged in order.
        let d = regress(
            &mut pool,
            d,
            &[add(3, -1.0)],
            &[number(4, Ne, 0.0), number(2, Gt, 1.0), number(0, Le, 9.0)],
        )
        .unwrap();
        let slots: Vec<u32> = pool.get(d).numbers.iter().map(|r| r.slot).collect();
        assert_eq!(slots, [0, 2, 3]);
        assert_eq!(pool.get(d).numbers[2].high, 3.0);
        assert_eq!(
            pool.get(d).excluded,
            [Excluded {
                slot: 4,
                value: 0.0
            }]
        );
    }

    #[test]
    fn bits_are_discharged_by_the_last_change_and_required_after() {
        let bit = |bit, value| Test::Bool { bit, value };
        let change = |bit, value| Change::Bool { bit, value };
        let (mut pool, g) = goal(&[bit(1, true), bit(70 % 64, false)]).unwrap();
        // Set then cleared: the action leaves bit 1 false, against the set.
        assert_eq!(
            regress(&mut pool, g, &[change(1, true), change(1, false)], &[]),
            Err(Rejected::Conflict)
        );
        let d = regress(
            &mut pool,
            g,
            &[change(1, false), change(1, true)],
            &[bit(2, true)],
        )
        .unwrap();
        assert_eq!(pool.get(d).bits, [1 << 2 | 1 << 6, 1 << 2]);
        assert_eq!(
            regress(&mut pool, g, &[change(3, true)], &[]),
            Err(Rejected::Irrelevant)
        );
        assert_eq!(
            regress(&mut pool, g, &[change(1, true)], &[bit(6, true)]),
            Err(Rejected::Conflict)
        );
    }

    #[test]
    fn entity_requirements_keep_one_equal_or_sorted_exclusions() {
        let (a, b, c) = (
            Entity::from_bits(3),
            Entity::from_bits(1),
            Entity::from_bits(2),
        );
        let ent = |equal, value| Test::Entity {
            slot: 0,
            equal,
            value,
        };
        let (pool, d) =
            goal(&[ent(false, a), ent(false, b), ent(false, a), ent(false, c)]).unwrap();
        let values: Vec<Entity> = pool.get(d).entities.iter().map(|r| r.value).collect();
        assert_eq!(values, [b, c, a]);
        let (pool, d) = goal(&[ent(false, a), ent(true, b), ent(false, c)]).unwrap();
        assert_eq!(
            pool.get(d).entities,
            [EntityReq {
                slot: 0,
                equal: true,
                value: b
            }]
        );
        assert_eq!(
            goal(&[ent(false, a), ent(true, a)]).err(),
            Some(Rejected::Conflict)
        );
        assert_eq!(
            goal(&[ent(true, b), ent(true, a)]).err(),
            Some(Rejected::Conflict)
        );
        let (mut pool, d) = goal(&[ent(false, a), ent(false, b)]).unwrap();
        let to = |value| Change::SetEntity { slot: 0, value };
        assert_eq!(
            regress(&mut pool, d, &[to(a)], &[]),
            Err(Rejected::Conflict)
        );
        let d = regress(&mut pool, d, &[to(c)], &[]).unwrap();
        assert!(pool.get(d).entities.is_empty());
    }

    proptest::proptest! {
        /// An edit's masks regress a set exactly as its operations one by one do: the same
        /// set, relevance or rejection (bits 0..6 of a word, so operations collide often).
        #[test]
        fn word_masks_apply_as_the_operations_do(
            care in 0u64..64,
            value in 0u64..64,
            changes in proptest::collection::vec((0u32..6, proptest::bool::ANY), 0..4),
            tests in proptest::collection::vec((0u32..6, proptest::bool::ANY), 0..4),
        ) {
            let changes: Vec<_> = changes
                .into_iter()
                .map(|(bit, value)| Change::Bool { bit, value })
                .collect();
            let tests: Vec<_> = tests
                .into_iter()
                .map(|(bit, value)| Test::Bool { bit, value })
                .collect();
            let mut edits = Edits::default();
            edits.push(&changes, &tests);
            let value = value & care;
            let masked = edits.edits[0].word.unwrap().regress(care, value);
            let mut pool = SetPool::default();
            pool.clear(1);
            pool.bits.copy_from_slice(&[care, value]);
            let one_by_one = pool.apply_bool_ops(&edits.bool_ops);
            proptest::prop_assert_eq!(masked.map(|m| m.2), one_by_one);
            if let Ok((care, value, _)) = masked {
                proptest::prop_assert_eq!(pool.bits, vec![care, value]);
            }
        }
    }

    proptest::proptest! {
        /// A one-word goal drafted by its masks is the goal drafted operation by operation:
        /// the same draft (the empty set's zeros where its requirements contradict), kept
        /// sets before it untouched, the same outcome.
        #[test]
        fn a_one_word_goal_drafts_as_its_operations_do(
            kept in proptest::collection::vec((0u32..6, proptest::bool::ANY), 0..3),
            tests in proptest::collection::vec((0u32..6, proptest::bool::ANY), 1..5),
        ) {
            let bools = |literals: Vec<(u32, bool)>| -> Vec<Test> {
                literals
                    .into_iter()
                    .map(|(bit, value)| Test::Bool { bit, value })
                    .collect()
            };
            let mut edits = Edits::default();
            edits.push(&[], &bools(kept));
            edits.push(&[], &bools(tests));
            proptest::prop_assert!(edits.edits[1].only_word());
            let mut by_masks = SetPool::default();
            by_masks.clear(1);
            if by_masks.draft_edit(&edits, 0).is_ok() {
                by_masks.keep();
            }
            let mut by_operations = by_masks.clone();
            let drafted = by_masks.draft_edit(&edits, 1);
            by_operations.drop_draft();
            let applied = by_operations.edit_empty_draft(&edits, &edits.edits[1]);
            proptest::prop_assert_eq!(drafted, applied);
            proptest::prop_assert_eq!(&by_masks.bits, &by_operations.bits);
            proptest::prop_assert_eq!(by_masks.kept.bits, by_operations.kept.bits);
        }
    }

    #[test]
    fn gap_agrees_with_contains() {
        let values = [f64::NEG_INFINITY, -1.0, 0.0, 0.5, 1.0, 2.0, f64::INFINITY];
        for (low, high) in [
            (0.0, 1.0),
            (1.0, 1.0),
            (f64::NEG_INFINITY, 1.0),
            (0.0, f64::INFINITY),
        ] {
            for (low_open, high_open) in
                [(false, false), (true, false), (false, true), (true, true)]
            {
                let r = Interval {
                    slot: 0,
                    low_open,
                    high_open,
                    low,
                    high,
                };
                for v in values.into_iter().chain([f64::NAN]) {
                    let gap = r.gap(v);
                    assert_eq!(gap.is_none(), r.contains(v), "{r:?} {v}");
                    if let Some(gap) = gap.filter(|g| !g.is_nan()) {
                        let distance = if v <= low { low - v } else { v - high };
                        assert_eq!(gap, distance, "{r:?} {v}");
                    }
                }
            }
        }
    }

    #[test]
    fn steps_round_up_without_libm() {
        let slot = |stride| NumberReach {
            now: 0.0,
            cheapest: 1.0,
            stride,
        };
        assert_eq!(slot(10.0).steps(20.0), 2);
        assert_eq!(slot(10.0).steps(20.5), 3);
        assert_eq!(slot(10.0).steps(0.0), 1);
        assert_eq!(slot(10.0).steps(f64::NAN), u32::MAX);
        assert_eq!(slot(0.0).steps(5.0), u32::MAX, "nothing changes the slot");
        assert_eq!(
            slot(f64::INFINITY).steps(1e300),
            1,
            "an action sets the slot"
        );
    }

    #[test]
    fn an_unkept_draft_is_dropped_by_the_next() {
        use CmpOp::*;
        let (mut pool, first) = goal(&[number(0, Ge, 50.0), number(0, Ne, 60.0)]).unwrap();
        let mut edits = Edits::default();
        edits.push(&[set(0, 55.0)], &[]);
        edits.push(&[add(0, 1.0)], &[number(1, Eq, 2.0)]);
        pool.draft_regressed(first, &edits, 0).unwrap();
        assert!(pool.draft().numbers.is_empty() && pool.draft().excluded.is_empty());
        pool.draft_regressed(first, &edits, 1).unwrap();
        let second = pool.keep();
        assert_eq!(pool.get(first).numbers.len(), 1);
        assert_eq!(pool.get(second).numbers.len(), 2);
        assert_eq!(pool.get(second).excluded[0].value, 59.0);
    }
}

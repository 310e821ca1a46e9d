//! Regression sets: what must hold before the rest of a plan runs. A set is a bitset pair for
//! booleans (which bits matter, and their values) plus short lists sorted by slot: one interval
//! per constrained number, the values a number must not take, and the entity references
//! required or ruled out. They are stored in flat pools, so a search node is a few offsets.
//!
//! Every operation keeps a set in **canonical form** — per number slot one interval holding
//! the tightest bounds, exclusions only for values inside it; per entity slot one required
//! entity, or else the sorted entities ruled out — so equal sets are equal lists and duplicate
//! detection is a plain comparison, with no sorting per node.

use crate::core::condition::CmpOp;
use crate::core::entity::Entity;

use super::bind::{Change, Test};
use super::layout::{bit_of, SymbolicState};

/// The values a number slot may take: `low..high`, each end open or closed, either infinite.
#[derive(Clone, Copy, Debug, PartialEq)]
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

    /// How far `v` (outside) is from the interval; NaN for NaN.
    fn distance(&self, v: f64) -> f64 {
        if v <= self.low {
            self.low - v
        } else if v >= self.high {
            v - self.high
        } else {
            f64::NAN
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
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Excluded {
    /// The slot.
    pub slot: u32,
    /// The ruled-out value.
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
    /// One interval per constrained number slot, by slot.
    pub numbers: Vec<Interval>,
    /// Ruled-out number values inside their slot's interval, by slot and value.
    pub excluded: Vec<Excluded>,
    /// Entity requirements by slot: one `==`, or the `!=`s by value.
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

/// The flat lists of a set, as a node stores them.
#[derive(Clone, Copy, Debug)]
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
#[derive(Clone, Copy, Debug, Default)]
pub struct Stored {
    bits: u32,
    numbers: (u32, u32),
    excluded: (u32, u32),
    entities: (u32, u32),
}

/// Flat pools holding every set of a search back to back, so storing one allocates nothing
/// once the pools have grown.
#[derive(Clone, Debug, Default)]
pub struct SetPool {
    bits: Vec<u64>,
    numbers: Vec<Interval>,
    excluded: Vec<Excluded>,
    entities: Vec<EntityReq>,
}

impl SetPool {
    /// Forgets every set, keeping the memory.
    pub fn clear(&mut self) {
        self.bits.clear();
        self.numbers.clear();
        self.excluded.clear();
        self.entities.clear();
    }

    /// Appends a set.
    pub fn store(&mut self, set: SetView<'_>) -> Stored {
        fn append<T: Copy>(pool: &mut Vec<T>, items: &[T]) -> (u32, u32) {
            let start = pool.len() as u32;
            if !items.is_empty() {
                pool.extend(items.iter().copied());
            }
            (start, pool.len() as u32)
        }
        let bits = append(&mut self.bits, set.bits).0;
        Stored {
            bits,
            numbers: append(&mut self.numbers, set.numbers),
            excluded: append(&mut self.excluded, set.excluded),
            entities: append(&mut self.entities, set.entities),
        }
    }

    /// A stored set, for `words` words of booleans.
    pub fn get(&self, at: Stored, words: usize) -> SetView<'_> {
        let slice = |(from, to): (u32, u32)| from as usize..to as usize;
        SetView {
            bits: &self.bits[at.bits as usize..at.bits as usize + 2 * words],
            numbers: &self.numbers[slice(at.numbers)],
            excluded: &self.excluded[slice(at.excluded)],
            entities: &self.entities[slice(at.entities)],
        }
    }

    /// Bytes the pools hold.
    pub fn bytes(&self) -> usize {
        self.bits.capacity() * 8
            + self.numbers.capacity() * std::mem::size_of::<Interval>()
            + self.excluded.capacity() * std::mem::size_of::<Excluded>()
            + self.entities.capacity() * std::mem::size_of::<EntityReq>()
    }
}

impl SetView<'_> {
    /// Every number slot the set constrains (a slot may repeat).
    pub fn number_slots(&self) -> impl Iterator<Item = u32> + '_ {
        let intervals = self.numbers.iter().map(|r| r.slot);
        intervals.chain(self.excluded.iter().map(|r| r.slot))
    }
}

impl Draft {
    /// Loads a set in canonical form.
    pub fn load(&mut self, set: SetView<'_>) {
        self.words = set.bits.len() / 2;
        copy(&mut self.bits, set.bits);
        copy(&mut self.numbers, set.numbers);
        copy(&mut self.excluded, set.excluded);
        copy(&mut self.entities, set.entities);
    }

    /// Empties the set for `words` words of booleans.
    pub fn clear(&mut self, words: usize) {
        self.words = words;
        self.bits.clear();
        self.bits.resize(2 * words, 0);
        self.numbers.clear();
        self.excluded.clear();
        self.entities.clear();
    }

    /// The set as flat lists.
    pub fn view(&self) -> SetView<'_> {
        SetView {
            bits: &self.bits,
            numbers: &self.numbers,
            excluded: &self.excluded,
            entities: &self.entities,
        }
    }

    /// Regresses the set through an action's `changes` (the last change of a slot wins, so
    /// they are undone last first): requirements a change satisfies are dropped, additions
    /// shift number bounds, contradicted requirements reject the action, and an action that
    /// serves nothing is irrelevant. Shifting a slot's interval and exclusions together keeps
    /// the set canonical.
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
                    if let Ok(k) = find(&self.numbers, slot, |r| r.slot) {
                        if !self.numbers[k].contains(value) {
                            return Err(Rejected::Conflict);
                        }
                        self.numbers.remove(k);
                        relevant = true;
                    }
                    let (from, to) = range(&self.excluded, slot, |r| r.slot);
                    if from < to {
                        if self.excluded[from..to].iter().any(|r| r.value == value) {
                            return Err(Rejected::Conflict);
                        }
                        self.excluded.drain(from..to);
                        relevant = true;
                    }
                }
                Change::AddNumber { slot, amount } => {
                    if let Ok(k) = find(&self.numbers, slot, |r| r.slot) {
                        let r = &mut self.numbers[k];
                        relevant |= (amount > 0.0 && r.low.is_finite())
                            || (amount < 0.0 && r.high.is_finite());
                        r.shift(amount);
                    }
                    let (from, to) = range(&self.excluded, slot, |r| r.slot);
                    for r in &mut self.excluded[from..to] {
                        relevant |= amount != 0.0;
                        r.value -= amount;
                    }
                }
                Change::SetEntity { slot, value } => {
                    let (from, to) = range(&self.entities, slot, |r| r.slot);
                    if from < to {
                        if self.entities[from..to]
                            .iter()
                            .any(|r| (value == r.value) != r.equal)
                        {
                            return Err(Rejected::Conflict);
                        }
                        self.entities.drain(from..to);
                        relevant = true;
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

    /// Adds requirements (an action's preconditions, or a goal), merging each into its slot's
    /// canonical entry; a requirement no value can meet together with the set's is a conflict.
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
                // `+ 0.0` turns `-0.0` into `0.0`, so equal sets hash alike.
                Test::Number { slot, op, value } => self.require_number(slot, op, value + 0.0)?,
                Test::Entity { slot, equal, value } => self.require_entity(slot, equal, value)?,
            }
        }
        Ok(())
    }

    fn require_number(&mut self, slot: u32, op: CmpOp, value: f64) -> Result<(), Rejected> {
        let (from, to) = range(&self.excluded, slot, |r| r.slot);
        let interval = find(&self.numbers, slot, |r| r.slot);
        if op == CmpOp::Ne {
            let inside = interval.map_or(true, |k| self.numbers[k].contains(value));
            if inside {
                let at = from + self.excluded[from..to].partition_point(|r| r.value < value);
                if self
                    .excluded
                    .get(at)
                    .is_none_or(|r| r.slot != slot || r.value != value)
                {
                    self.excluded.insert(at, Excluded { slot, value });
                }
                if interval.is_ok_and(|k| self.numbers[k].low == self.numbers[k].high) {
                    return Err(Rejected::Conflict);
                }
            }
            return Ok(());
        }
        let k = match interval {
            Ok(k) => k,
            Err(k) => {
                self.numbers.insert(k, Interval::unbounded(slot));
                k
            }
        };
        let r = &mut self.numbers[k];
        if !r.narrow(op, value) {
            return Err(Rejected::Conflict);
        }
        let r = *r;
        // Exclusions the narrower interval leaves out are implied; one at a single point left
        // is a contradiction.
        let mut kept = from;
        for k in from..to {
            let x = self.excluded[k];
            if r.contains(x.value) {
                if r.low == r.high {
                    return Err(Rejected::Conflict);
                }
                self.excluded[kept] = x;
                kept += 1;
            }
        }
        self.excluded.drain(kept..to);
        Ok(())
    }

    fn require_entity(&mut self, slot: u32, equal: bool, value: Entity) -> Result<(), Rejected> {
        let (from, to) = range(&self.entities, slot, |r| r.slot);
        let group = &self.entities[from..to];
        if let Some(eq) = group.first().filter(|r| r.equal) {
            return if (eq.value == value) == equal {
                Ok(())
            } else {
                Err(Rejected::Conflict)
            };
        }
        let at = from + group.partition_point(|r| r.value.to_bits() < value.to_bits());
        let listed = self
            .entities
            .get(at)
            .is_some_and(|r| r.slot == slot && r.value == value);
        let req = EntityReq { slot, equal, value };
        if equal {
            if listed {
                return Err(Rejected::Conflict);
            }
            self.entities.splice(from..to, [req]);
        } else if !listed {
            self.entities.insert(at, req);
        }
        Ok(())
    }

    /// How far the set is from `start`, for the heuristic: `None` when a requirement fails
    /// and no bound action changes its slot (no plan can finish this set).
    pub fn estimate(&self, start: &SymbolicState, reach: &Reach) -> Option<Estimate> {
        let mut e = Estimate::default();
        let (care, values) = self.bits.split_at(self.words);
        for (word, ((&care, &value), &now)) in care.iter().zip(values).zip(&start.bools).enumerate()
        {
            let mut missing = care & (value ^ now);
            while missing != 0 {
                e.add(
                    reach.cheapest[word * 64 + missing.trailing_zeros() as usize],
                    1,
                )?;
                missing &= missing - 1;
            }
        }
        let numbers = 64 * self.words;
        for r in &self.numbers {
            let now = start.numbers[r.slot as usize];
            if !r.contains(now) {
                let steps = reach.steps(r.slot, r.distance(now));
                e.add(reach.cheapest[numbers + r.slot as usize], steps)?;
            }
        }
        for x in &self.excluded {
            // Only a value inside the slot's interval is excluded, so a slot whose interval
            // fails was counted above.
            if start.numbers[x.slot as usize] == x.value {
                e.add(reach.cheapest[numbers + x.slot as usize], 1)?;
            }
        }
        let entities = numbers + start.numbers.len();
        for group in self.entities.chunk_by(|a, b| a.slot == b.slot) {
            let slot = group[0].slot as usize;
            let now = start.entities[slot];
            if group.iter().any(|r| (now == r.value) != r.equal) {
                e.add(reach.cheapest[entities + slot], 1)?;
            }
        }
        Some(e)
    }
}

/// Replaces `list`'s items with `items`; the lists are short and often empty, so a loop
/// beats `extend_from_slice`'s call to `memcpy`.
fn copy<T: Copy>(list: &mut Vec<T>, items: &[T]) {
    list.clear();
    if !items.is_empty() {
        list.reserve(items.len());
        list.extend(items.iter().copied());
    }
}

/// Where `slot`'s entry is in a list sorted by slot (or where it would go).
fn find<T>(list: &[T], slot: u32, slot_of: impl Fn(&T) -> u32) -> Result<usize, usize> {
    list.binary_search_by_key(&slot, slot_of)
}

/// The range of `slot`'s entries in a list sorted by slot.
fn range<T>(list: &[T], slot: u32, slot_of: impl Fn(&T) -> u32) -> (usize, usize) {
    if list.is_empty() {
        // The common case (`!=` and entity requirements are rare): skip the searches.
        return (0, 0);
    }
    let from = list.partition_point(|r| slot_of(r) < slot);
    let to = from + list[from..].partition_point(|r| slot_of(r) == slot);
    (from, to)
}

/// What the bound actions can change, per slot (bits, then numbers, then entity references).
#[derive(Clone, Debug, Default)]
pub struct Reach {
    /// The cheapest action changing each slot; infinite when none does.
    pub cheapest: Vec<f64>,
    /// Per number slot, the most one action adds or subtracts: infinite when an action sets
    /// the slot (one step reaches any value), 0 when none changes it.
    pub stride: Vec<f64>,
}

impl Reach {
    /// Fewest actions that can move number slot `slot` by `distance` into a requirement it
    /// fails: the distance over the stride, rounded up, and at least 1 (so 1 when an action
    /// sets the slot); `u32::MAX` when nothing can (or the number is unknown).
    fn steps(&self, slot: u32, distance: f64) -> u32 {
        let steps = distance / self.stride[slot as usize];
        // Catches NaN too, and the infinite quotient of a zero stride.
        if steps.is_nan() || steps >= f64::from(u32::MAX) {
            return u32::MAX;
        }
        // `ceil` without a libm call: the truncation, plus one when it dropped a fraction.
        let whole = steps as u32;
        (whole + u32::from(f64::from(whole) < steps)).max(1)
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

impl Estimate {
    /// Counts a failing slot whose cheapest changer costs `cheapest` and that needs `steps`
    /// changes; `None` when nothing changes it.
    fn add(&mut self, cheapest: f64, steps: u32) -> Option<()> {
        if cheapest == f64::INFINITY || steps == u32::MAX {
            return None;
        }
        self.unsatisfied += 1;
        self.steps += steps;
        self.dearest = self.dearest.max(cheapest);
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn number(slot: u32, op: CmpOp, value: f64) -> Test {
        Test::Number { slot, op, value }
    }

    fn draft(tests: &[Test]) -> Result<Draft, Rejected> {
        let mut d = Draft::default();
        d.clear(1);
        d.require(tests)?;
        Ok(d)
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
        let sets: Vec<Draft> = orders.iter().map(|t| draft(t).unwrap()).collect();
        for d in &sets {
            assert_eq!(d.numbers, sets[0].numbers);
            assert_eq!(d.excluded, sets[0].excluded);
        }
        let slot2 = sets[0].numbers[1];
        assert_eq!(
            (slot2.low, slot2.low_open, slot2.high, slot2.high_open),
            (3.0, true, 8.0, false)
        );
        // 1 lies outside (3, 8]: implied, not kept.
        let excluded: Vec<f64> = sets[0].excluded.iter().map(|x| x.value).collect();
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
        ];
        for tests in cases {
            assert_eq!(draft(tests).err(), Some(Rejected::Conflict), "{tests:?}");
        }
        assert!(draft(&[number(0, Ge, 3.0), number(0, Le, 3.0)]).is_ok());
        assert!(draft(&[number(0, Ne, 3.0), number(0, Ge, 2.0), number(0, Le, 4.0)]).is_ok());
    }

    #[test]
    fn regression_shifts_and_discharges_number_requirements() {
        use CmpOp::*;
        let mut d = draft(&[number(0, Ge, 50.0), number(0, Ne, 60.0), number(1, Eq, 7.0)]).unwrap();
        d.regress(&[Change::AddNumber {
            slot: 0,
            amount: 10.0,
        }])
        .unwrap();
        assert_eq!((d.numbers[0].low, d.excluded[0].value), (40.0, 50.0));
        // Subtracting moves away from a lower bound: it serves nothing.
        let mut away = d.clone();
        assert_eq!(
            away.regress(&[Change::AddNumber {
                slot: 0,
                amount: -10.0
            }]),
            Ok(()),
            "an add to a slot with an exclusion changes whether it holds"
        );
        let mut bounded = draft(&[number(0, Ge, 50.0)]).unwrap();
        assert_eq!(
            bounded.regress(&[Change::AddNumber {
                slot: 0,
                amount: -10.0
            }]),
            Err(Rejected::Irrelevant)
        );
        assert_eq!(
            d.clone().regress(&[Change::SetNumber {
                slot: 1,
                value: 6.0
            }]),
            Err(Rejected::Conflict)
        );
        d.regress(&[Change::SetNumber {
            slot: 1,
            value: 7.0,
        }])
        .unwrap();
        assert_eq!(d.numbers.len(), 1);
        assert_eq!(
            d.clone().regress(&[Change::SetNumber {
                slot: 0,
                value: 50.0
            }]),
            Err(Rejected::Conflict),
            "50 is excluded"
        );
        d.regress(&[Change::SetNumber {
            slot: 0,
            value: 45.0,
        }])
        .unwrap();
        assert!(d.numbers.is_empty() && d.excluded.is_empty());
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
        let d = draft(&[ent(false, a), ent(false, b), ent(false, a), ent(false, c)]).unwrap();
        let values: Vec<Entity> = d.entities.iter().map(|r| r.value).collect();
        assert_eq!(values, [b, c, a]);
        let d = draft(&[ent(false, a), ent(true, b), ent(false, c)]).unwrap();
        assert_eq!(
            d.entities,
            [EntityReq {
                slot: 0,
                equal: true,
                value: b
            }]
        );
        assert_eq!(
            draft(&[ent(false, a), ent(true, a)]).err(),
            Some(Rejected::Conflict)
        );
        assert_eq!(
            draft(&[ent(true, b), ent(true, a)]).err(),
            Some(Rejected::Conflict)
        );
    }

    #[test]
    fn steps_round_up_without_libm() {
        let reach = Reach {
            cheapest: vec![1.0; 3],
            stride: vec![10.0, 0.0, f64::INFINITY],
        };
        assert_eq!(reach.steps(0, 20.0), 2);
        assert_eq!(reach.steps(0, 20.5), 3);
        assert_eq!(reach.steps(0, 0.0), 1);
        assert_eq!(reach.steps(0, f64::NAN), u32::MAX);
        assert_eq!(reach.steps(1, 5.0), u32::MAX, "nothing changes slot 1");
        assert_eq!(reach.steps(2, 1e300), 1, "an action sets slot 2");
    }
}

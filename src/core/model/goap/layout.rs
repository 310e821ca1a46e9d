//! The compact symbolic state GOAP plans over: every boolean attribute is a bit, every number
//! and entity attribute a slot, assigned densely when the domain is built (Pittman's
//! enumerated world-state keys, P:237 of 004_bdde6381c6c06595.txt). There is no cap on the
//! number of keys: the bitset has as many 64-bit words as it needs.

use crate::core::model::condition::FactView;
use crate::core::model::domain::AttributeDef;
use crate::core::model::entity::Entity;
use crate::core::model::fact_set::Fact;
use crate::core::model::value::{Value, ValueType};
use crate::core::AttributeId;

/// Where an attribute lives in a [`SymbolicState`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// Bit `n` of the boolean bitset.
    Bool(u32),
    /// Index `n` of the numbers.
    Number(u32),
    /// Index `n` of the entity references.
    Entity(u32),
    /// A position: not symbolic (GOAP reasons about places with entity keys such as
    /// `at_node`; distances only shape costs and context preconditions).
    None,
}

/// The slot of every attribute, fixed when the domain is built.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SymbolLayout {
    slots: Vec<Slot>,
    bools: u32,
    numbers: u32,
    entities: u32,
}

impl SymbolLayout {
    /// Assigns slots to `attributes` in definition order.
    pub fn new(attributes: &[AttributeDef]) -> Self {
        let mut layout = SymbolLayout::default();
        for def in attributes {
            let slot = match def.value_type {
                ValueType::Bool => Slot::Bool(bump(&mut layout.bools)),
                ValueType::Number => Slot::Number(bump(&mut layout.numbers)),
                ValueType::Entity => Slot::Entity(bump(&mut layout.entities)),
                ValueType::Position => Slot::None,
            };
            layout.slots.push(slot);
        }
        layout
    }

    /// The slot of `attribute` (`Slot::None` for positions and unknown ids).
    pub fn slot(&self, attribute: AttributeId) -> Slot {
        self.slots
            .get(attribute.0 as usize)
            .copied()
            .unwrap_or(Slot::None)
    }

    /// 64-bit words a boolean bitset needs.
    pub fn bool_words(&self) -> usize {
        self.bools.div_ceil(64) as usize
    }

    /// Number of numeric slots.
    pub fn numbers(&self) -> usize {
        self.numbers as usize
    }

    /// Number of entity slots.
    pub fn entities(&self) -> usize {
        self.entities as usize
    }
}

fn bump(counter: &mut u32) -> u32 {
    *counter += 1;
    *counter - 1
}

/// One NPC's symbolic world state: its own facts, packed. What it does not know reads as
/// false, NaN (no comparison holds; the planner must make it true) and the null entity.
#[derive(serde::Serialize, serde::Deserialize, Debug, Default, PartialEq)]
pub struct SymbolicState {
    /// Boolean facts, bit `n` of word `n / 64`.
    pub bools: Vec<u64>,
    /// Numeric facts.
    pub numbers: Vec<f64>,
    /// Entity facts.
    pub entities: Vec<Entity>,
}

impl Clone for SymbolicState {
    fn clone(&self) -> Self {
        SymbolicState {
            bools: self.bools.clone(),
            numbers: self.numbers.clone(),
            entities: self.entities.clone(),
        }
    }

    /// Copies into `self`'s buffers: a search copies its start state into a reused workspace
    /// every time it begins, and the derived `clone_from` would allocate new ones.
    fn clone_from(&mut self, source: &Self) {
        self.bools.clone_from(&source.bools);
        self.numbers.clone_from(&source.numbers);
        self.entities.clone_from(&source.entities);
    }
}

impl SymbolicState {
    /// Sizes the state for `layout`, everything unknown, reusing its buffers.
    pub fn reset(&mut self, layout: &SymbolLayout) {
        self.bools.clear();
        self.bools.resize(layout.bool_words(), 0);
        self.numbers.clear();
        self.numbers.resize(layout.numbers(), f64::NAN);
        self.entities.clear();
        self.entities.resize(layout.entities(), Entity::NULL);
    }

    /// Packs `npc`'s facts from `view` (the world's truth, which the engine's sensors write).
    pub fn capture(&mut self, layout: &SymbolLayout, view: &impl FactView, npc: Entity) {
        self.reset(layout);
        for (index, &slot) in layout.slots.iter().enumerate() {
            if let Some(value) = view.value(npc, AttributeId(index as u32)) {
                self.set(slot, value);
            }
        }
    }

    /// Packs an entity's `facts` (one per attribute, as a fact set holds them): what
    /// [`capture`](SymbolicState::capture) reads one attribute at a time, in one walk over
    /// the facts the entity has.
    pub fn capture_facts(&mut self, layout: &SymbolLayout, facts: &[Fact]) {
        self.reset(layout);
        // The first word's booleans are gathered in a register and stored once: set one by
        // one in memory, each waits for the last one's store. Each attribute has one fact
        // and the word starts cleared, so or-ing its bits in is setting them.
        let mut first = 0;
        for fact in facts {
            match (layout.slots.get(fact.attribute.0 as usize), fact.value) {
                (Some(&Slot::Bool(bit)), Value::Bool(b)) if bit < 64 => {
                    first |= u64::from(b) << bit;
                }
                (Some(&slot), value) => self.set(slot, value),
                (None, _) => {}
            }
        }
        if let Some(word) = self.bools.first_mut() {
            *word |= first;
        }
    }

    /// Writes `value` to `slot`; a value of another type is ignored.
    pub fn set(&mut self, slot: Slot, value: Value) {
        match (slot, value) {
            (Slot::Bool(bit), Value::Bool(b)) => {
                // Without a branch on the value: capturing a state's facts mispredicts it.
                let (word, mask) = bit_of(bit);
                let w = &mut self.bools[word];
                *w = (*w & !mask) | (mask * u64::from(b));
            }
            (Slot::Number(i), Value::Number(n)) => self.numbers[i as usize] = n,
            (Slot::Entity(i), Value::Entity(e)) => self.entities[i as usize] = e,
            _ => {}
        }
    }

    /// The boolean at `bit`.
    pub fn bool(&self, bit: u32) -> bool {
        let (word, mask) = bit_of(bit);
        self.bools[word] & mask != 0
    }
}

/// Word index and mask of bit `bit`.
pub(crate) fn bit_of(bit: u32) -> (usize, u64) {
    ((bit / 64) as usize, 1u64 << (bit % 64))
}

//! A memory as a save holds it: each fact's (entity, attribute) pair, value and time, as they
//! were before memory packed its facts ([`super::packed_fact`]), so saves kept their format.

use crate::core::brains::udgoap::memory::Memory;
use crate::core::model::domain::AttributeId;
use crate::core::model::entity::Entity;
use crate::core::model::limits::{MAX_ATTRIBUTES, MAX_MEMORY_CAPACITY};
use crate::core::model::value::Value;

/// A memory's facts, by (entity, attribute), unpacked.
#[derive(serde::Serialize, serde::Deserialize)]
pub(crate) struct SavedMemory {
    /// (entity, attribute id) of each fact, ascending.
    pub(crate) keys: Vec<(Entity, u32)>,
    /// Each fact's value.
    pub(crate) values: Vec<Value>,
    /// Each fact's time.
    pub(crate) times: Vec<f64>,
    /// Most facts held.
    pub(crate) capacity: usize,
    /// The hint of where sensing goes next.
    pub(crate) next: usize,
}

impl From<Memory> for SavedMemory {
    fn from(memory: Memory) -> Self {
        memory.saved()
    }
}

impl TryFrom<SavedMemory> for Memory {
    type Error = String;

    /// Refuses a memory that packing cannot hold: facts out of order, of several worlds, or
    /// of an attribute past [`MAX_ATTRIBUTES`], or more facts than a capacity allows.
    fn try_from(saved: SavedMemory) -> Result<Self, String> {
        let facts = saved.keys.len();
        if saved.values.len() != facts || saved.times.len() != facts {
            return Err("a saved memory's keys, values and times differ in length".into());
        }
        if !(1..=MAX_MEMORY_CAPACITY as usize).contains(&saved.capacity) || facts > saved.capacity {
            return Err(format!(
                "a saved memory holds {facts} facts of a capacity of {}",
                saved.capacity
            ));
        }
        let world = saved.keys.first().map_or(0, |(e, _)| e.world);
        let fits = |&(e, a): &(Entity, u32)| {
            e.world == world && (a < MAX_ATTRIBUTES || AttributeId(a) == AttributeId::POSITION)
        };
        let sorted = saved.keys.windows(2).all(|w| w[0] < w[1]);
        if !(sorted && saved.keys.iter().all(fits)) {
            return Err("a saved memory's facts are out of order or out of range".into());
        }
        Ok(Memory::from_saved(&saved, world))
    }
}

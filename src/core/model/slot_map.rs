//! A generational slot map: dense `u32` indices, 16-bit generations, no hashing.
//!
//! Keys are `{index, generation}`. Removing a value bumps its slot's generation, so old keys
//! stop resolving. A slot whose generation would wrap is retired instead of reused: a stale key
//! can never alias a later value (the ABA problem), at the cost of one dead slot per 65,535
//! reuses of the same slot. We keep our own rather than the `slotmap` crate because the
//! 16-bit generation is what lets a handle plus its world serial pack into a `u64`.

use crate::core::model::error::Error;

/// A key into a [`SlotMap`]: a slot index and the generation it was issued at (never 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SlotKey {
    /// Zero-based slot index.
    pub index: u32,
    /// Generation of the slot when the key was issued; 1 or more.
    pub generation: u16,
}

/// A slot: its generation and value. Aligned to a cache line, so that a value of up to 56
/// bytes and its generation are one line, read at random in one load (the entity map's
/// records, issue 33); a larger value takes whole lines. The other maps (behaviour-tree
/// groups, ambiance areas) hold few values.
#[derive(serde::Serialize, serde::Deserialize)]
#[repr(align(64))]
struct Slot<T> {
    generation: u16,
    value: Option<T>,
}

/// Why a key does not resolve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyError {
    /// No slot with that index was ever issued, or the generation is 0.
    Unknown,
    /// The slot exists but its value was removed (and maybe replaced) since the key was issued.
    Stale,
}

/// Values addressed by generational keys.
#[derive(serde::Serialize, serde::Deserialize)]
pub struct SlotMap<T> {
    slots: Vec<Slot<T>>,
    free: Vec<u32>,
    len: usize,
}

impl<T> Default for SlotMap<T> {
    fn default() -> Self {
        SlotMap {
            slots: Vec::new(),
            free: Vec::new(),
            len: 0,
        }
    }
}

impl<T> SlotMap<T> {
    /// Heap bytes one value takes in a map: its slot and, once removed, its place on the free
    /// list (what [`crate::core::brains::memory_bound`] counts per entity).
    pub(crate) const fn bytes_per_value() -> usize {
        std::mem::size_of::<Slot<T>>() + std::mem::size_of::<u32>()
    }

    /// An empty map with room for `capacity` values before it reallocates; an error (not an
    /// abort) when that memory cannot be had.
    pub fn with_capacity(capacity: usize) -> crate::core::model::error::Result<Self> {
        let mut map = SlotMap::default();
        map.slots
            .try_reserve_exact(capacity)
            .and_then(|()| map.free.try_reserve_exact(capacity))
            .map_err(|e| Error::invalid(format!("cannot reserve {capacity} slots: {e}")))?;
        Ok(map)
    }

    /// Number of live values.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when no value is live.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Stores `value` and returns its key. `None` only when all 2^32 indices are used up.
    pub fn insert(&mut self, value: T) -> Option<SlotKey> {
        // LIFO reuse keeps the live set compact in memory.
        let key = if let Some(index) = self.free.pop() {
            let slot = &mut self.slots[index as usize];
            slot.value = Some(value);
            SlotKey {
                index,
                generation: slot.generation,
            }
        } else {
            let index = u32::try_from(self.slots.len()).ok()?;
            self.slots.push(Slot {
                generation: 1,
                value: Some(value),
            });
            SlotKey {
                index,
                generation: 1,
            }
        };
        self.len += 1;
        Some(key)
    }

    fn slot(&self, key: SlotKey) -> Result<&Slot<T>, KeyError> {
        let slot = self
            .slots
            .get(key.index as usize)
            .ok_or(KeyError::Unknown)?;
        if key.generation == 0 || key.generation > slot.generation {
            Err(KeyError::Unknown)
        } else if key.generation < slot.generation || slot.value.is_none() {
            Err(KeyError::Stale)
        } else {
            Ok(slot)
        }
    }

    /// The value behind `key`, or why there is none.
    pub fn get(&self, key: SlotKey) -> Result<&T, KeyError> {
        self.slot(key)
            .map(|slot| slot.value.as_ref().expect("checked live"))
    }

    /// The value behind `key`, mutably, or why there is none.
    pub fn get_mut(&mut self, key: SlotKey) -> Result<&mut T, KeyError> {
        self.slot(key)?;
        Ok(self.slots[key.index as usize]
            .value
            .as_mut()
            .expect("checked live"))
    }

    /// Removes and returns the value behind `key`; its key and all copies become stale.
    pub fn remove(&mut self, key: SlotKey) -> Result<T, KeyError> {
        self.slot(key)?;
        Ok(self.vacate(key.index).expect("checked live"))
    }

    /// Removes every value for which `keep` is false, as [`SlotMap::remove`] would.
    pub fn retain(&mut self, mut keep: impl FnMut(&T) -> bool) {
        for index in 0..self.slot_count() {
            if self.slots[index as usize]
                .value
                .as_ref()
                .is_some_and(|value| !keep(value))
            {
                self.vacate(index);
            }
        }
    }

    /// Takes the value out of slot `index`, if any, and retires or frees the slot.
    fn vacate(&mut self, index: u32) -> Option<T> {
        let slot = &mut self.slots[index as usize];
        let value = slot.value.take()?;
        self.len -= 1;
        if slot.generation < u16::MAX {
            slot.generation += 1;
            self.free.push(index);
        }
        Some(value)
    }

    /// Whether the map is one its own operations could have made: its count is its live
    /// values, every generation is at least 1, and the free list names distinct empty slots
    /// that may be reused. A decoded map is checked before use: a free list naming a live slot
    /// made the next insert overwrite it.
    pub fn is_consistent(&self) -> bool {
        let live = self.slots.iter().filter(|s| s.value.is_some()).count();
        let mut listed = vec![false; self.slots.len()];
        live == self.len
            && self.slots.iter().all(|s| s.generation >= 1)
            && self.free.iter().all(|&index| {
                let Some(slot) = self.slots.get(index as usize) else {
                    return false;
                };
                let first = !std::mem::replace(&mut listed[index as usize], true);
                first && slot.value.is_none() && slot.generation < u16::MAX
            })
    }

    /// Number of slots ever issued: an exclusive bound on indices for [`SlotMap::get_at_mut`].
    pub fn slot_count(&self) -> u32 {
        self.slots.len() as u32
    }

    /// The live value in slot `index` with its key, if any.
    pub fn get_at(&self, index: u32) -> Option<(SlotKey, &T)> {
        let slot = self.slots.get(index as usize)?;
        let generation = slot.generation;
        slot.value
            .as_ref()
            .map(|value| (SlotKey { index, generation }, value))
    }

    /// Starts loading all of slot `index` ([`crate::prefetch`]); nothing for an index never
    /// issued. All of it, not its first line: a slot larger than a line has whether it is live
    /// at its end, which a hint for the first line alone left to miss when the slot was read
    /// a few entities later (perf: a third of sensing's samples in a 5,008-NPC hospital, when
    /// an entity's slot was 72 bytes; it is one aligned line now).
    pub(crate) fn prefetch_at(&self, index: u32) {
        if let Some(slot) = self.slots.get(index as usize) {
            crate::prefetch::value(slot);
        }
    }

    /// The live value in slot `index` with its key, if any: lets a caller visit every value
    /// by index while also using other parts of its own state.
    pub fn get_at_mut(&mut self, index: u32) -> Option<(SlotKey, &mut T)> {
        let slot = self.slots.get_mut(index as usize)?;
        let generation = slot.generation;
        slot.value
            .as_mut()
            .map(|value| (SlotKey { index, generation }, value))
    }

    /// Live values, mutably, in index order.
    pub fn values_mut(&mut self) -> impl Iterator<Item = &mut T> {
        self.slots.iter_mut().filter_map(|slot| slot.value.as_mut())
    }

    /// Live values with their keys, in index order (deterministic).
    pub fn iter(&self) -> impl Iterator<Item = (SlotKey, &T)> {
        self.slots.iter().enumerate().filter_map(|(index, slot)| {
            slot.value.as_ref().map(|value| {
                (
                    SlotKey {
                        index: index as u32,
                        generation: slot.generation,
                    },
                    value,
                )
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A value of 56 bytes (with a niche for `Option`, as an entity's record has) and its
    /// generation share one line, whichever slot it is in.
    #[test]
    fn a_slot_of_up_to_56_bytes_is_one_aligned_cache_line() {
        type Value = [std::num::NonZeroU64; 7];
        assert_eq!(std::mem::size_of::<Slot<Value>>(), 64);
        let mut map = SlotMap::default();
        let keys: Vec<SlotKey> = (1..10u64)
            .map(|i| {
                map.insert([std::num::NonZeroU64::new(i).unwrap(); 7])
                    .unwrap()
            })
            .collect();
        for key in keys {
            let start = map.get(key).unwrap() as *const Value as usize;
            assert_eq!(
                start / 64,
                (start + 55) / 64,
                "slot {} straddles two lines",
                key.index
            );
        }
    }

    #[test]
    fn removed_keys_go_stale_and_slots_are_reused_with_a_new_generation() {
        let mut map = SlotMap::default();
        let a = map.insert("a").unwrap();
        map.remove(a).unwrap();
        let b = map.insert("b").unwrap();
        assert_eq!(a.index, b.index);
        assert_eq!(b.generation, a.generation + 1);
        assert_eq!(map.get(a), Err(KeyError::Stale));
        assert_eq!(map.get(b), Ok(&"b"));
        assert_eq!(map.remove(a), Err(KeyError::Stale));
        assert_eq!(map.len(), 1);
    }

    #[test]
    fn unknown_keys_are_told_apart_from_stale_ones() {
        let mut map = SlotMap::default();
        let a = map.insert(1).unwrap();
        let beyond = SlotKey {
            index: 7,
            generation: 1,
        };
        let future = SlotKey {
            index: a.index,
            generation: 9,
        };
        let zero = SlotKey {
            index: a.index,
            generation: 0,
        };
        assert_eq!(map.get(beyond), Err(KeyError::Unknown));
        assert_eq!(map.get(future), Err(KeyError::Unknown));
        assert_eq!(map.get(zero), Err(KeyError::Unknown));
    }

    #[test]
    fn a_slot_whose_generation_saturates_is_retired_not_reused() {
        let mut map = SlotMap::default();
        let first = map.insert(0u32).unwrap();
        let mut key = first;
        for _ in 1..u16::MAX {
            map.remove(key).unwrap();
            key = map.insert(0).unwrap();
            assert_eq!(key.index, first.index);
        }
        assert_eq!(key.generation, u16::MAX);
        map.remove(key).unwrap();
        let fresh = map.insert(0).unwrap();
        assert_ne!(fresh.index, first.index, "saturated slot must retire");
        assert_eq!(map.get(first), Err(KeyError::Stale));
        assert_eq!(map.get(key), Err(KeyError::Stale));
    }

    #[test]
    fn retain_removes_like_remove() {
        let mut map = SlotMap::default();
        let keys: Vec<_> = (0..4).map(|i| map.insert(i).unwrap()).collect();
        map.retain(|v| v % 2 == 0);
        assert_eq!(map.len(), 2);
        assert_eq!(map.get(keys[1]), Err(KeyError::Stale));
        assert_eq!(map.get(keys[2]), Ok(&2));
        let reused = map.insert(9).unwrap();
        assert_eq!(reused.index, keys[3].index, "freed slots are reused");
        assert_eq!(reused.generation, keys[3].generation + 1);
        map.values_mut().for_each(|v| *v += 1);
        let seen: Vec<_> = map.iter().map(|(_, v)| *v).collect();
        assert_eq!(seen, vec![1, 3, 10]);
    }

    #[test]
    fn iteration_is_in_index_order_and_skips_holes() {
        let mut map = SlotMap::default();
        let keys: Vec<_> = (0..5).map(|i| map.insert(i).unwrap()).collect();
        map.remove(keys[1]).unwrap();
        map.remove(keys[3]).unwrap();
        let seen: Vec<_> = map.iter().map(|(_, v)| *v).collect();
        assert_eq!(seen, vec![0, 2, 4]);
    }
}

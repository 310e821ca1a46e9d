//! A set of slot indices ([`super::slot_map::SlotMap`]), as one bit per slot: the slots a
//! world's per-tick passes visit, walked in ascending order by [`SlotSet::next_from`].
//!
//! Hand-written rather than a bitset crate's: a pass changes the world while it walks the
//! set (an effect may spawn an entity), so it asks for the next member from where it stands,
//! re-reading the set each time, where a crate's iterator would borrow it for the whole walk.

/// Slot indices, one bit each in 64-bit words. Grows (allocating) only when a slot beyond
/// every word so far is inserted, which happens when an entity is spawned, never in a tick
/// that spawns nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct SlotSet {
    words: Vec<u64>,
    /// Members.
    len: u32,
}

impl SlotSet {
    /// Adds slot `index`.
    pub(crate) fn insert(&mut self, index: u32) {
        let word = (index / 64) as usize;
        if word >= self.words.len() {
            self.words.resize(word + 1, 0);
        }
        let bit = 1 << (index % 64);
        self.len += u32::from(self.words[word] & bit == 0);
        self.words[word] |= bit;
    }

    /// Removes slot `index` (nothing when it is not in the set).
    pub(crate) fn remove(&mut self, index: u32) {
        if let Some(word) = self.words.get_mut((index / 64) as usize) {
            let bit = 1 << (index % 64);
            self.len -= u32::from(*word & bit != 0);
            *word &= !bit;
        }
    }

    /// How many slots are in the set.
    pub(crate) fn len(&self) -> u32 {
        self.len
    }

    /// Whether slot `index` is in the set.
    #[cfg(test)]
    pub(crate) fn contains(&self, index: u32) -> bool {
        self.words
            .get((index / 64) as usize)
            .is_some_and(|word| word & (1 << (index % 64)) != 0)
    }

    /// The least member at or after `index`, if any.
    #[inline]
    pub(crate) fn next_from(&self, index: u32) -> Option<u32> {
        let mut word = (index / 64) as usize;
        // The members of the first word at or after `index`.
        let mut bits = self.words.get(word)? & (u64::MAX << (index % 64));
        loop {
            if bits != 0 {
                return Some(word as u32 * 64 + bits.trailing_zeros());
            }
            word += 1;
            bits = *self.words.get(word)?;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::SlotSet;
    use std::collections::BTreeSet;

    /// Random inserts and removals across word boundaries: membership and the walk from every
    /// index agree with an ordered set.
    #[test]
    fn it_walks_its_members_in_order_as_an_ordered_set_would() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |below: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % below) as u32
        };
        let mut set = SlotSet::default();
        let mut reference = BTreeSet::new();
        for _ in 0..2_000 {
            let index = next(300);
            if next(3) == 0 {
                set.remove(index);
                reference.remove(&index);
            } else {
                set.insert(index);
                reference.insert(index);
            }
            for from in [0, index, index + 1, next(330)] {
                assert_eq!(
                    set.next_from(from),
                    reference.range(from..).next().copied(),
                    "from {from}"
                );
            }
            assert_eq!(set.contains(index), reference.contains(&index));
            assert_eq!(set.len() as usize, reference.len());
        }
        for index in reference {
            set.remove(index);
        }
        assert_eq!(set.next_from(0), None);
    }
}

//! The NPCs that decided since the last tick began ([`World::decided_in_last_tick`]), each
//! listed once, in the order they first decided.
//!
//! An NPC may decide twice before the list is cleared: a GOAP NPC at its think and again when
//! its plan request is served after the thinks, or an NPC an engine makes think with
//! `think_now` between two ticks, twice. Checking only the last entry let such an NPC in twice
//! whenever another decided in between; a search of the list would cost a tick O(n²). A bit
//! per entity slot says who is listed, all cleared with the list, so noting costs O(1) and a
//! settled world allocates nothing.

use crate::core::model::entity::Entity;

/// The deciders' list and who is on it.
#[derive(Debug, Default)]
pub(crate) struct Deciders {
    list: Vec<Entity>,
    /// Bit `i` of word `i / 64`: the entity in slot `i` is listed.
    listed: Vec<u64>,
}

impl Deciders {
    /// Lists `npc`, in entity slot `slot`, unless it is listed already.
    pub(crate) fn note(&mut self, npc: Entity, slot: u32) {
        let (word, bit) = (slot as usize / 64, 1u64 << (slot % 64));
        if word >= self.listed.len() {
            self.listed.resize(word + 1, 0);
        }
        if self.listed[word] & bit == 0 {
            self.listed[word] |= bit;
            self.list.push(npc);
        }
    }

    /// Empties the list, keeping room for `npcs` entries (every NPC decides at most once a
    /// tick: room now, not when a rare tick first decides for more of them than any before).
    pub(crate) fn clear(&mut self, npcs: usize) {
        self.list.clear();
        // A bit per slot: 6 KB for 50,000 entities, less than a pass over the list.
        self.listed.fill(0);
        self.list.reserve(npcs);
    }

    /// The NPCs listed, in the order they first decided.
    pub(crate) fn as_slice(&self) -> &[Entity] {
        &self.list
    }
}

#[cfg(test)]
mod tests {
    use super::Deciders;
    use crate::core::model::entity::Entity;
    use crate::core::model::slot_map::SlotKey;

    /// Noted in any order, each NPC is listed once, at its first decision; a cleared list
    /// takes them all again.
    #[test]
    fn each_decider_is_listed_once_in_first_order() {
        let npc = |index: u32| {
            Entity::from_key(
                SlotKey {
                    index,
                    generation: 1,
                },
                3,
            )
        };
        let mut deciders = Deciders::default();
        for slot in [5, 70, 5, 200, 70, 5, 0] {
            deciders.note(npc(slot), slot);
        }
        assert_eq!(deciders.as_slice(), [npc(5), npc(70), npc(200), npc(0)]);
        deciders.clear(4);
        assert!(deciders.as_slice().is_empty());
        deciders.note(npc(70), 70);
        deciders.note(npc(5), 5);
        deciders.note(npc(70), 70);
        assert_eq!(deciders.as_slice(), [npc(70), npc(5)]);
    }
}

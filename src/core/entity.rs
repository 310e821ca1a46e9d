//! Entity handles: small values naming an NPC or smart object in one world.

use super::slot_map::SlotKey;

/// A handle to an entity: `{index + 1, generation, world serial}`; all zero is the null handle.
///
/// The index is stored one-based so that the all-zero value is never a live entity. Handles are
/// checked on every use: a destroyed, recycled or other-world handle is an error, never a
/// different entity. They pack losslessly into a `u64` (see [`Entity::to_bits`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Entity {
    /// Slot index plus one; 0 only in the null handle.
    pub index1: u32,
    /// Generation of the slot when the entity was created.
    pub generation: u16,
    /// Serial of the world that created it.
    pub world: u16,
}

impl Entity {
    /// The null handle, naming no entity.
    pub const NULL: Entity = Entity {
        index1: 0,
        generation: 0,
        world: 0,
    };

    pub(crate) fn from_key(key: SlotKey, world: u16) -> Self {
        Entity {
            index1: key.index + 1,
            generation: key.generation,
            world,
        }
    }

    /// The slot key this handle names, if it is not null.
    pub(crate) fn key(self) -> Option<SlotKey> {
        Some(SlotKey {
            index: self.index1.checked_sub(1)?,
            generation: self.generation,
        })
    }

    /// The slot key this handle names in the world with serial `world`: `None` for the null
    /// handle and for handles of other worlds.
    pub(crate) fn key_in(self, world: u16) -> Option<SlotKey> {
        self.key().filter(|_| self.world == world)
    }

    /// True for the null handle.
    pub fn is_null(self) -> bool {
        self == Entity::NULL
    }

    /// Packs the handle into a `u64`: bits 0–31 index + 1, 32–47 generation, 48–63 world.
    pub fn to_bits(self) -> u64 {
        u64::from(self.index1) | u64::from(self.generation) << 32 | u64::from(self.world) << 48
    }

    /// Unpacks a value made by [`Entity::to_bits`].
    pub fn from_bits(bits: u64) -> Self {
        Entity {
            index1: bits as u32,
            generation: (bits >> 32) as u16,
            world: (bits >> 48) as u16,
        }
    }
}

/// What an entity is. NPCs also supply actions, as smart objects do; objects never consume.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntityKind {
    /// A non-player character: has a mind, consumes actions.
    Npc,
    /// A smart object: supplies actions, owns slots.
    Object,
}

impl EntityKind {
    /// Lower-case name for messages.
    pub fn name(self) -> &'static str {
        match self {
            EntityKind::Npc => "npc",
            EntityKind::Object => "object",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_round_trip_and_null_is_zero() {
        let e = Entity {
            index1: 0xDEAD_BEEF,
            generation: 0xABCD,
            world: 0x1234,
        };
        assert_eq!(e.to_bits(), 0x1234_ABCD_DEAD_BEEF);
        assert_eq!(Entity::from_bits(e.to_bits()), e);
        assert_eq!(Entity::NULL.to_bits(), 0);
        assert!(Entity::from_bits(0).is_null());
        assert_eq!(Entity::NULL.key(), None);
    }
}

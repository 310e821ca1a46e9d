//! Entity handles: small values naming an NPC or smart object in one world.

use crate::core::model::slot_map::SlotKey;

/// A handle to an entity: `{index + 1, generation, world serial}`; all zero is the null handle.
///
/// The index is stored one-based so that the all-zero value is never a live entity. Handles are
/// checked on every use: a destroyed, recycled or other-world handle is an error, never a
/// different entity. They pack losslessly into a `u64` (see [`Entity::to_bits`]). They compare,
/// order and hash as integers (ordered by index, then generation, then world): one compare,
/// where comparing field by field cost sensing and goal updates a branch per field.
#[derive(Clone, Copy, Debug, Default)]
pub struct Entity {
    /// Slot index plus one; 0 only in the null handle.
    pub index1: u32,
    /// Generation of the slot when the entity was created.
    pub generation: u16,
    /// Serial of the world that created it.
    pub world: u16,
}

impl PartialEq for Entity {
    fn eq(&self, other: &Self) -> bool {
        self.to_bits() == other.to_bits()
    }
}

impl Eq for Entity {}

impl std::hash::Hash for Entity {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.to_bits());
    }
}

impl Ord for Entity {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.order_bits().cmp(&other.order_bits())
    }
}

impl PartialOrd for Entity {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
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

    /// The handle's index and generation as a `u64`, without its world: what a world hashes
    /// of the handles it keeps in saved state (search tables), so that the hashes still match
    /// after the save is loaded under another serial.
    pub(crate) fn bits_in_world(self) -> u64 {
        u64::from(self.index1) | u64::from(self.generation) << 32
    }

    /// The handle as a `u64` that orders as (index, generation, world) do.
    fn order_bits(self) -> u64 {
        u64::from(self.index1) << 32 | u64::from(self.generation) << 16 | u64::from(self.world)
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
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntityKind {
    /// A non-player character: has a mind, consumes actions.
    Npc,
    /// A smart object: supplies actions, owns slots.
    Object,
    /// A squad: no body, a mind over its own facts, members it commands (`world/squads.rs`).
    Squad,
}

impl EntityKind {
    /// Lower-case name for messages.
    pub fn name(self) -> &'static str {
        match self {
            EntityKind::Npc => "npc",
            EntityKind::Object => "object",
            EntityKind::Squad => "squad",
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

    /// A load that panics half-way leaves the thread's loading serial as it found it.
    #[test]
    fn a_panicking_load_puts_the_loading_serial_back() {
        let decode =
            || postcard::from_bytes::<Entity>(&postcard::to_allocvec(&(1u32, 2u16)).unwrap());
        let outer = loading_into(7, || {
            let panicked = std::panic::catch_unwind(|| loading_into(9, || panic!("corrupt")));
            assert!(panicked.is_err());
            decode().unwrap().world
        });
        assert_eq!(outer, 7);
        assert_eq!(decode().unwrap().world, 0);
    }

    /// Handles compare and order as their (index, generation, world) fields do, which the
    /// memory's and planner's sorted keys rely on.
    #[test]
    fn handles_order_by_index_then_generation_then_world() {
        let values = [0, 1, 2, 0xFFFF];
        let mut handles = Vec::new();
        for index1 in [0, 1, 2, u32::MAX] {
            for generation in values {
                for world in values {
                    handles.push(Entity {
                        index1,
                        generation,
                        world,
                    });
                }
            }
        }
        let fields = |e: &Entity| (e.index1, e.generation, e.world);
        for a in &handles {
            for b in &handles {
                assert_eq!(a.cmp(b), fields(a).cmp(&fields(b)), "{a:?} {b:?}");
                assert_eq!(a == b, fields(a) == fields(b));
            }
        }
    }
}

thread_local! {
    /// The serial of the world being loaded on this thread (`World::load`): handles in a save
    /// are written without their world, and take the loading world's.
    static LOADING_SERIAL: std::cell::Cell<u16> = const { std::cell::Cell::new(0) };
}

/// Runs `body` with handles deserialised on this thread belonging to the world of `serial`.
pub(crate) fn loading_into<R>(serial: u16, body: impl FnOnce() -> R) -> R {
    /// Puts the thread's previous serial back when dropped, so also when `body` panics (the C
    /// boundary catches the panic, and the thread goes on loading other worlds).
    struct Restore(u16);
    impl Drop for Restore {
        fn drop(&mut self) {
            LOADING_SERIAL.with(|s| s.set(self.0));
        }
    }
    let _restore = Restore(LOADING_SERIAL.with(|s| s.replace(serial)));
    body()
}

impl serde::Serialize for Entity {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serde::Serialize::serialize(&(self.index1, self.generation), serializer)
    }
}

impl<'de> serde::Deserialize<'de> for Entity {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let (index1, generation): (u32, u16) = serde::Deserialize::deserialize(deserializer)?;
        let world = match index1 {
            0 => 0,
            _ => LOADING_SERIAL.with(|s| s.get()),
        };
        Ok(Entity {
            index1,
            generation,
            world,
        })
    }
}

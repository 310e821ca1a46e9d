//! Definition structs: each starts with its own size and comes from a `*_def_default()`, so
//! later versions can add fields without breaking callers compiled against older headers.

use super::guard::guard_value;
use super::vec3::motive_vec3;

/// How to create a world. Get one from `motive_world_def_default()`, then change fields.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct motive_world_def {
    /// `sizeof(motive_world_def)`, set by `motive_world_def_default()`; checked by
    /// `motive_world_create`.
    pub struct_size: u32,
    /// How many entities to reserve room for (a hint: the world grows past it). Default 64; at
    /// most 16,777,216 (2^24), above which creation fails with `MOTIVE_STATUS_INVALID_ARGUMENT`.
    pub entity_capacity: u32,
    /// Seed of every random draw: same seed and inputs, same results. Default 0.
    pub seed: u64,
    /// Most plan-state expansions all thinks of one tick may use; 0 (the default) means no
    /// limit. A think that does not fit waits for the next tick, first in line.
    pub plan_budget_per_tick: u32,
}

/// How to create an NPC. Get one from `motive_npc_def_default()`, then change fields.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct motive_npc_def {
    /// `sizeof(motive_npc_def)`, set by `motive_npc_def_default()`; checked on use.
    pub struct_size: u32,
    /// Where the NPC starts; must be finite. Default (0, 0, 0).
    pub position: motive_vec3,
}

/// How to create a smart object. Get one from `motive_object_def_default()`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct motive_object_def {
    /// `sizeof(motive_object_def)`, set by `motive_object_def_default()`; checked on use.
    pub struct_size: u32,
    /// Where the object is; must be finite. Default (0, 0, 0).
    pub position: motive_vec3,
}

/// A world definition with every field at its default. Thread-safe.
#[no_mangle]
pub extern "C" fn motive_world_def_default() -> motive_world_def {
    let def = motive_world_def {
        struct_size: size_of::<motive_world_def>() as u32,
        entity_capacity: 64,
        seed: 0,
        plan_budget_per_tick: 0,
    };
    guard_value(def, || def)
}

/// An NPC definition with every field at its default. Thread-safe.
#[no_mangle]
pub extern "C" fn motive_npc_def_default() -> motive_npc_def {
    let def = motive_npc_def {
        struct_size: size_of::<motive_npc_def>() as u32,
        position: motive_vec3::default(),
    };
    guard_value(def, || def)
}

/// A smart-object definition with every field at its default. Thread-safe.
#[no_mangle]
pub extern "C" fn motive_object_def_default() -> motive_object_def {
    let def = motive_object_def {
        struct_size: size_of::<motive_object_def>() as u32,
        position: motive_vec3::default(),
    };
    guard_value(def, || def)
}

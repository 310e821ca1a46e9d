//! `motive_think_settings`: how an archetype's NPCs think and plan, a size-checked definition
//! struct like the `motive_*_def`s.

use super::guard::guard_value;
use crate::core::model::archetype::ThinkSettings;

/// How an archetype's NPCs think and plan. Get one from `motive_think_settings_default()`,
/// then change fields; `motive_domain_builder_set_think_settings` checks it.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct motive_think_settings {
    /// `sizeof(motive_think_settings)`, set by `motive_think_settings_default()`; checked on use.
    pub struct_size: u32,
    /// Seconds of world time between thinks, finite and > 0; NPCs are staggered across it.
    /// Default 0.2.
    pub think_interval: f64,
    /// Entities farther than this are not perceived; ≥ 0, may be infinite. Default infinity.
    pub perception_range: f64,
    /// Most facts an NPC remembers, 1 to `MOTIVE_MAX_MEMORY_CAPACITY` (taken as facts arrive);
    /// the oldest are forgotten first. Default 256.
    pub memory_capacity: u32,
    /// Most plan states one plan may expand before it gives up, 1 to
    /// `MOTIVE_MAX_PLAN_EXPANSIONS`. Default 256.
    pub max_expansions: u32,
    /// Most actions in one plan, 1 to `MOTIVE_MAX_PLAN_DEPTH`. Default 8.
    pub max_depth: u32,
    /// Most entities one think perceives besides the NPC itself, 1 to
    /// `MOTIVE_MAX_PERCEPTION_LIMIT`: of those within range that can matter to it, the nearest
    /// (equal distances in slot order). Default 256.
    // Last: the struct's size is unchanged (it fills what was padding), so the fields before it
    // keep their offsets.
    pub perception_limit: u32,
}

impl From<motive_think_settings> for ThinkSettings {
    fn from(s: motive_think_settings) -> Self {
        ThinkSettings {
            think_interval: s.think_interval,
            perception_range: s.perception_range,
            perception_limit: s.perception_limit,
            memory_capacity: s.memory_capacity,
            max_expansions: s.max_expansions,
            max_depth: s.max_depth,
        }
    }
}

/// Think settings with every field at its default. Thread-safe.
#[no_mangle]
pub extern "C" fn motive_think_settings_default() -> motive_think_settings {
    let core = ThinkSettings::default();
    let settings = motive_think_settings {
        struct_size: size_of::<motive_think_settings>() as u32,
        think_interval: core.think_interval,
        perception_range: core.perception_range,
        perception_limit: core.perception_limit,
        memory_capacity: core.memory_capacity,
        max_expansions: core.max_expansions,
        max_depth: core.max_depth,
    };
    guard_value(settings, || settings)
}

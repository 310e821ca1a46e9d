//! The `MOTIVE_MAX_*` limits a C caller needs: the header needs literals, so each repeats a
//! bound of the core or the simulator (`src/core/model/limits.rs`, `src/sim/limits.rs`), and
//! an assertion keeps the two equal. A value past a limit is `MOTIVE_STATUS_INVALID_ARGUMENT`
//! naming it, never an abort or a hang (issue 32); `docs/domain-format.md` ("Limits") lists
//! every range.

use crate::core::model::limits as core;
use crate::sim::limits as sim;

/// The largest `entity_capacity` hint a world accepts: a hint is memory reserved up front, and a
/// typo (or `UINT32_MAX`) must be an error, not an out-of-memory abort. Also the most entities
/// `motive_scenario_instantiate` may make (copies × entities per copy).
pub const MOTIVE_MAX_ENTITY_CAPACITY_HINT: u32 = 1 << 24;
const _: () = assert!(MOTIVE_MAX_ENTITY_CAPACITY_HINT == core::MAX_ENTITY_CAPACITY_HINT);

/// Largest `motive_think_settings.max_depth`: the most actions one plan may hold.
pub const MOTIVE_MAX_PLAN_DEPTH: u32 = 32;
const _: () = assert!(MOTIVE_MAX_PLAN_DEPTH == core::MAX_PLAN_DEPTH);

/// Largest `motive_think_settings.memory_capacity`: the most facts one NPC remembers (memory
/// grows as facts arrive, at most 32 bytes a fact).
pub const MOTIVE_MAX_MEMORY_CAPACITY: u32 = 65535;
const _: () = assert!(MOTIVE_MAX_MEMORY_CAPACITY == core::MAX_MEMORY_CAPACITY);

/// Most attributes a domain declares (`motive_domain_builder_add_attribute` refuses more): a
/// UDGOAP memory packs a fact's attribute into 14 bits.
pub const MOTIVE_MAX_ATTRIBUTES: u32 = 16383;
const _: () = assert!(MOTIVE_MAX_ATTRIBUTES == core::MAX_ATTRIBUTES);

/// Most archetypes a domain declares (`motive_domain_builder_add_archetype` refuses more): the
/// perception tables hold a bit per pair of archetypes, and an entity's record packs its
/// archetype into 16 bits.
pub const MOTIVE_MAX_ARCHETYPES: u32 = 16383;
const _: () = assert!(MOTIVE_MAX_ARCHETYPES == core::MAX_ARCHETYPES);

/// Largest `motive_think_settings.perception_limit`: the most entities one think perceives
/// besides the NPC itself.
pub const MOTIVE_MAX_PERCEPTION_LIMIT: u32 = 1 << 16;
const _: () = assert!(MOTIVE_MAX_PERCEPTION_LIMIT == core::MAX_PERCEPTION_LIMIT);

/// Most threads `motive_world_set_think_threads` accepts.
pub const MOTIVE_MAX_THINK_THREADS: u32 = 64;
const _: () = assert!(MOTIVE_MAX_THINK_THREADS == core::MAX_THINK_THREADS);

/// Most events `motive_world_set_event_limit` lets a world keep pending until polled.
pub const MOTIVE_MAX_EVENT_LIMIT: u32 = 1 << 24;
const _: () = assert!(MOTIVE_MAX_EVENT_LIMIT == core::MAX_EVENT_LIMIT);

/// Largest `motive_think_settings.max_expansions`, and the largest `max_expansions` a direct
/// plan (`motive_npc_plan_into`, `motive_arena_goap_begin`, `motive_arena_goap_plan`) accepts:
/// the most plan states one search may expand.
pub const MOTIVE_MAX_PLAN_EXPANSIONS: u32 = 1 << 20;
const _: () = assert!(MOTIVE_MAX_PLAN_EXPANSIONS == core::MAX_PLAN_EXPANSIONS);

/// Largest weight of a goal, a drive or a UBC goal (weights are > 0): sums of weights stay
/// finite, so utilities and satisfactions stay in [0, 1].
pub const MOTIVE_MAX_WEIGHT: f64 = 1e6;
const _: () = assert!(MOTIVE_MAX_WEIGHT == core::MAX_WEIGHT);

/// Largest GOAP cost: an action's cost, cost per distance and maximum distance cost, and a
/// contention penalty's cost (so that a plan's summed cost stays finite).
pub const MOTIVE_MAX_COST: f64 = 1e9;
const _: () = assert!(MOTIVE_MAX_COST == core::MAX_COST);

/// Most ticks one `motive_sim_run` may take (`seconds / step`), and so the longest default run
/// a scenario's `simulation` section may ask for.
pub const MOTIVE_MAX_RUN_TICKS: u32 = 1 << 24;
const _: () = assert!(MOTIVE_MAX_RUN_TICKS == sim::MAX_RUN_TICKS);

/// Most periods of one spawn rule a simulator step catches up (a step longer than many periods
/// spawns at most this many of the rule's entities; the periods missed beyond are dropped).
pub const MOTIVE_MAX_SPAWN_CATCH_UP: u32 = 1 << 10;
const _: () = assert!(MOTIVE_MAX_SPAWN_CATCH_UP == sim::MAX_SPAWN_CATCH_UP);

/// Largest `max_alive` of a scenario's spawn rule.
pub const MOTIVE_MAX_SPAWN_ALIVE: u32 = 1 << 24;
const _: () = assert!(MOTIVE_MAX_SPAWN_ALIVE == sim::MAX_SPAWN_ALIVE);

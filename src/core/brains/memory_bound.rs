//! The most heap one entity of an archetype can hold under the domain's declared limits
//! (memory capacity, plan depth, expansions, drives and their generators, goals, plans, trees,
//! slots, attributes): what a game budgets per NPC, shown by `motive validate` and held
//! against measured use by `tests/memory_bound.rs`.
//!
//! Counted per entity: its record in the world's slot map and spatial index, its facts and
//! slots, and for an NPC its share of the schedule and the event buffer, its mind (plan,
//! claims) and its brain's state (for GOAP with the boxed search it may hold in flight, the
//! key of the binding a workspace keeps, `BindCache::MAX_BYTES`, and the outcome of its last
//! search: at most one workspace per NPC), each vector at the capacity growth can give it
//! (twice what it holds: vectors double). Not counted: what every world holds once whatever its population
//! (the domain, the planners' scratch: one UDGOAP arena, one GOAP workspace per search in
//! flight) and what callers add at run time beyond the declared limits (external drives,
//! behaviour-tree layers pushed through the API, history).

use std::mem::size_of;

use crate::core::brains::bt::TreeRun;
use crate::core::brains::goap::bind_cache::BindCache;
use crate::core::brains::goap::mind::GoapMind;
use crate::core::brains::goap::{GoapSearch, GoapStep, Test};
use crate::core::brains::mind_limits::MindLimits;
use crate::core::brains::ubc::UbcRating;
use crate::core::brains::udgoap::memory::Memory;
use crate::core::brains::udgoap::mind::{Candidate, DriveState, GoalState, UdgoapMind};
use crate::core::brains::{Brain, BrainState};
use crate::core::model::action::ActionId;
use crate::core::model::archetype::ArchetypeId;
use crate::core::model::bt::HintState;
use crate::core::model::domain::Domain;
use crate::core::model::entity::Entity;
use crate::core::model::fact_set::Fact;
use crate::core::model::slot_map::SlotMap;
use crate::core::model::smart_object::{Claim, SlotState};
use crate::core::world::event::Event;
use crate::core::world::spatial_index::SpatialIndex;
use crate::core::world::{EntityRecord, Mind, Step};

/// Events one NPC may leave in the world's buffer within a tick (a request, a report, a
/// claim, a decision): the buffer's share per NPC.
const EVENTS_PER_NPC: usize = 4;

/// The most heap one entity of an archetype holds, by part, in bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MemoryBound {
    /// The brain deciding for its NPCs; `None` for a smart object.
    pub brain: Option<Brain>,
    /// Its record in the world's slot map and spatial index, its facts and its slots.
    pub entity: usize,
    /// An NPC's share of the schedule and the event buffer, its mind, plan and claims.
    pub mind: usize,
    /// Its brain's own state.
    pub brain_state: usize,
}

impl MemoryBound {
    /// The bound of `archetype` in `domain`.
    pub fn of(domain: &Domain, archetype: ArchetypeId) -> Self {
        let def = domain.archetype(archetype);
        let entity = 2 * SlotMap::<EntityRecord<BrainState>>::bytes_per_value()
            + 2 * SpatialIndex::BYTES_PER_ENTRY
            + grown(domain.attributes().len(), size_of::<Fact>())
            + def.slots.len() * size_of::<SlotState>();
        if !def.thinks() {
            return MemoryBound {
                entity,
                ..MemoryBound::default()
            };
        }
        let limits = MindLimits::of(domain, archetype);
        let mind = grown(1, size_of::<(f64, Entity)>() + size_of::<Entity>())
            + grown(EVENTS_PER_NPC, size_of::<Event>())
            + size_of::<Mind<BrainState>>()
            + grown(limits.plan_steps, size_of::<Step>() + size_of::<Claim>());
        let (brain, brain_state) = if def.uses_goap() {
            let goals = limits.goap_goals;
            let state = size_of::<GoapMind>()
                + goals * (2 * size_of::<f64>() + size_of::<bool>())
                + grown(goals, size_of::<u32>())
                + grown(limits.failed_actions, size_of::<ActionId>())
                + BindCache::MAX_BYTES
                + size_of::<GoapSearch>()
                + replay_bytes(domain, &limits);
            (Brain::Goap, state)
        } else if def.uses_ubc() {
            (Brain::Ubc, def.ubc.plans.len() * size_of::<UbcRating>())
        } else if def.uses_bt() {
            (Brain::Bt, bt_state(domain, archetype, &limits))
        } else {
            (Brain::Udgoap, udgoap_state(&limits))
        };
        MemoryBound {
            brain: Some(brain),
            entity,
            mind,
            brain_state,
        }
    }

    /// The whole bound, in bytes.
    pub fn total(&self) -> usize {
        self.entity + self.mind + self.brain_state
    }
}

/// A UDGOAP brain's state: its memory grown to capacity, its drives and goals, the last
/// decision's candidates with a satisfaction per drive each.
fn udgoap_state(limits: &MindLimits) -> usize {
    size_of::<UdgoapMind>()
        + Memory::most_bytes(limits.memory_facts)
        + grown(limits.drives, size_of::<DriveState>())
        + grown(limits.goals, size_of::<GoalState>())
        + grown(limits.candidates, size_of::<Candidate>())
        + grown(limits.candidates * limits.drives, size_of::<f64>())
}

/// A behaviour-tree brain's state: a run of each declared layer (the base trees and one
/// adaptive layer) sized by the largest of their trees, the blackboard, the hints sent, and a
/// UDGOAP memory when a tree plans for a UDGOAP goal.
fn bt_state(domain: &Domain, archetype: ArchetypeId, limits: &MindLimits) -> usize {
    let def = domain.archetype(archetype);
    let trees = domain.bt_trees().items();
    let layers = limits.layers;
    let largest_run = def
        .bt
        .iter()
        .chain(def.adaptive.iter().map(|(tree, _)| tree))
        .map(|t| TreeRun::bytes_for(&trees[t.0 as usize]))
        .max()
        .unwrap_or(0);
    let planner = if limits.memory_facts > 0 {
        size_of::<Box<UdgoapMind>>() + udgoap_state(limits)
    } else {
        0
    };
    grown(layers, size_of::<TreeRun>() + size_of::<bool>())
        + layers * largest_run
        + grown(domain.attributes().len(), size_of::<Fact>())
        + grown(domain.hints().len(), size_of::<(u32, HintState)>())
        + planner
}

/// The most a GOAP workspace keeps of its last search for a repeat (`goap/replay.rs`): its
/// start state (the workspace's own copy, which the repeat compares with), the longest goal's
/// tests and a plan.
fn replay_bytes(domain: &Domain, limits: &MindLimits) -> usize {
    let layout = domain.symbols();
    let goal = domain
        .goap_goals()
        .items()
        .iter()
        .map(|g| g.requirements.len())
        .max()
        .unwrap_or(0);
    grown(layout.bool_words(), size_of::<u64>())
        + grown(layout.numbers(), size_of::<f64>())
        + grown(layout.entities(), size_of::<Entity>())
        + grown(goal, size_of::<Test>())
        + grown(limits.plan_steps, size_of::<GoapStep>())
}

/// Bytes of a vector grown to `len` elements of `size` (see [`most_capacity`]).
fn grown(len: usize, size: usize) -> usize {
    most_capacity(len) * size
}

/// The room a vector grown one push (or reserve) at a time to `len` elements may have: its
/// capacity doubles, so it may reach twice what it holds, and is never below the 4 elements of
/// a first allocation. What the bound counts, and what `World::check_mind_limits` holds every
/// mind's vectors to.
pub(crate) fn most_capacity(len: usize) -> usize {
    match len {
        0 => 0,
        _ => (2 * len).max(4),
    }
}

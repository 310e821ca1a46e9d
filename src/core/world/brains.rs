//! What the world asks of the brains that decide for its NPCs. The world schedules thinks and
//! executes plans; everything a brain keeps and does is behind this trait, so that the world
//! never names a brain (`brains/` implements it, once, for the enum of every brain).
//!
//! Dispatch stays static: the world is generic over its brains and is only ever instantiated
//! with [`crate::core::brains::BrainState`] (`crate::core::World`).

use crate::core::model::action::ActionId;
use crate::core::model::archetype::{ArchetypeDef, ArchetypeId};
use crate::core::model::domain::Domain;
use crate::core::model::entity::Entity;
use crate::core::model::fact_set::Fact;
use crate::core::model::goap::GoapGoalId;
use crate::core::world::mind::Mind;
use crate::core::world::World;

/// How the NPCs of an archetype decide ahead of their turn (`think_ahead.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Speculation {
    /// At their turn only.
    Never,
    /// Reading only, the mind left in its record ([`Brains::decide`]).
    ReadOnly,
    /// With the mind taken out of its record for the phase, writing what no one else writes
    /// before the NPC's turn ([`Brains::decide_in_place`]).
    InPlace,
}

/// The brains a world's NPCs think with: the per-NPC brain state, and what it must do for the
/// world. Its default is a state that holds nothing on the heap, which a mind holds while the
/// world moves it (`heap_layout.rs`).
pub trait Brains:
    Sized + Default + Send + Sync + serde::Serialize + serde::de::DeserializeOwned
{
    /// What the brains keep world-wide: buffers every think reuses, planning queues, engine
    /// callbacks. Made once with the world; saved with it (`save.rs`), scratch and callbacks
    /// left out.
    type Shared: Default + Send + Sync + serde::Serialize + serde::de::DeserializeOwned;

    /// Buffers one thread's decisions taken ahead reuse (`think_ahead.rs`).
    type Scratch: Default + Send + Sync;

    /// A decision taken ahead of its turn, against the think phase's starting state, with what
    /// it read; committed at the think's turn if that still holds (`think_ahead.rs`).
    type Proposal: Default + Send + Sync;

    /// The brain state of a new NPC of `def`, an archetype whose NPCs think
    /// ([`ArchetypeDef::thinks`]).
    fn new_mind(domain: &Domain, def: &ArchetypeDef) -> Self;

    /// The most steps a plan of an NPC of `archetype` holds (its planner's depth, its longest
    /// predefined plan): what its mind reserves at spawn.
    fn plan_steps(domain: &Domain, archetype: ArchetypeId) -> usize;

    /// What one think of an NPC of `def` may spend of the tick's expansion budget
    /// (`WorldConfig::plan_budget_per_tick`); a think that does not fit waits for the next tick.
    fn think_cost(domain: &Domain, def: &ArchetypeDef) -> u32;

    /// World time of the mind's last decision; `None` before its first.
    fn last_decision(&self) -> Option<f64>;

    /// Whether and how NPCs of `def` decide ahead ([`Brains::decide`],
    /// [`Brains::decide_in_place`]): a world whose due thinks have none starts no think
    /// threads.
    fn speculation(def: &ArchetypeDef) -> Speculation;

    /// Whether a think of an NPC of `def` may write facts (a squad's order writes its
    /// members'): the minds that would decide ahead in place after it in a phase decide at
    /// their turn instead, since what they sense may change before it.
    fn fences(def: &ArchetypeDef) -> bool;

    /// Gives `proposal`'s buffers room for the longest any decision of the world has needed
    /// (`core/brains/proposal_marks.rs`): proposals are reused by position, and so given room
    /// at once, a settled world's phases allocate nothing.
    fn room_for_marks(shared: &Self::Shared, proposal: &mut Self::Proposal);

    /// Raises the world's marks to what `proposal`'s decision needed (a deciding thread).
    fn reach_marks(shared: &Self::Shared, proposal: &Self::Proposal);

    /// How many times a mark has risen: proposals given room before need it again.
    fn marks_risen(shared: &Self::Shared) -> usize;

    /// Before a phase decides ahead: brings each thread's buffers of `pool` to the state the
    /// committing thread's are in (`shared`), where a decision's record depends on it, and
    /// gives every set room for the largest decision any has met, so that none grows in a
    /// settled world (`buffer_room.rs`).
    fn open_phase(shared: &mut Self::Shared, pool: &mut [Self::Scratch]);

    /// Decides ahead for `npc` of `archetype`, reading only, into `proposal`; false when its
    /// brain decides only at its turn, or has nothing to decide now (then `proposal` is left
    /// as it is). Runs on any of the world's think threads, while others do the same.
    fn decide(
        world: &World<Self>,
        npc: Entity,
        archetype: ArchetypeId,
        mind: &Mind<Self>,
        scratch: &mut Self::Scratch,
        proposal: &mut Self::Proposal,
    ) -> bool;

    /// Decides ahead for `npc` of `archetype` whose `mind` is out of its record for the phase
    /// ([`Speculation::InPlace`]): the part of its think that only the NPC's own turn would
    /// otherwise write to its mind is written now, the rest goes to `proposal`; false when its
    /// brain decides nothing ahead. Runs on any of the world's think threads.
    fn decide_in_place(
        world: &World<Self>,
        npc: Entity,
        archetype: ArchetypeId,
        mind: &mut Mind<Self>,
        scratch: &mut Self::Scratch,
        proposal: &mut Self::Proposal,
    ) -> bool;

    /// One think of `npc`, whose mind is taken out of its record for the call; its next think
    /// is already scheduled. `ahead` is what [`Brains::decide`] proposed at the start of the
    /// phase: the think commits it if its reads still hold at this point, or decides anew, so
    /// that the result is the same either way.
    fn think(
        world: &mut World<Self>,
        npc: Entity,
        archetype: ArchetypeId,
        mind: &mut Mind<Self>,
        ahead: Option<&mut Self::Proposal>,
    );

    /// Runs after a tick's due thinks, within what is left of its budget (GOAP's planning
    /// queue).
    fn after_thinks(world: &mut World<Self>);

    /// `npc` is about to be destroyed, its mind still whole: the brain stops what it started
    /// (a behaviour tree's engine callbacks hear it).
    fn leaving(world: &mut World<Self>, npc: Entity, mind: &mut Mind<Self>);

    /// Starts loading what a think of this brain reads first (`src/prefetch.rs`); the struct
    /// itself is loaded, and what [`Brains::prefetch_far`] asked for requested, already.
    /// `idle`: the NPC performs no action, so the think may plan and read what planning reads.
    fn prefetch(&self, idle: bool);

    /// Starts loading, one think earlier than [`Brains::prefetch`], what that prefetch reads
    /// to find its addresses (a brain whose state is a chain of buffers); the struct itself is
    /// loaded or requested already.
    fn prefetch_far(&self);

    /// `npc` reached `target` and found its next step invalid there: what it learns on arrival
    /// before it replans.
    fn arrived(world: &World<Self>, npc: Entity, target: Entity, mind: &mut Mind<Self>);

    /// The running `action` ended badly (failed or timed out, not cancelled).
    fn action_failed(&mut self, action: ActionId);

    /// A significant fact changed for this unit, or its superior was interrupted (P:329):
    /// a brain that takes interrupts re-selects its goal and replans at its next think; false
    /// for a brain that takes none.
    fn interrupt(&mut self) -> bool;

    /// The brain's view of its last decision for the history (`history.rs`): the goal it
    /// pursues, if it names one, with its scores appended to `scores` in its own terms and
    /// the plans it weighed to `candidates`.
    fn snapshot(
        &self,
        scores: &mut Vec<f64>,
        candidates: &mut Vec<crate::core::world::history::HistoryCandidate>,
    ) -> Option<u32>;

    /// A superior recommends `goal` with `bias` (0 withdraws it) to this unit of `def`
    /// (P:325): a brain that weighs goals adds it to the goal's relevance; the others ignore
    /// it.
    fn recommend(&mut self, def: &ArchetypeDef, goal: GoapGoalId, bias: f64);

    /// A superior handed this unit a target (`target.value`, an entity, under
    /// `target.attribute`), already written to its facts: a brain that reads a store of its
    /// own (a behaviour tree's blackboard, whose action leaves take their targets there) gets
    /// it too.
    fn given_target(&mut self, target: Fact);

    /// Whether this mind, decoded from a save, is one the brain could have made for an NPC of
    /// `def` at time `now`: the archetype's brain, and every id and length within the domain's.
    /// [`World::load`] refuses a save otherwise, so that corrupted bytes that pass the
    /// checksum cannot make a later think panic.
    fn fits(&self, domain: &Domain, def: &ArchetypeDef, now: f64) -> bool;

    /// Whether the world-wide state, decoded from a save, is one the brains could have made
    /// over `domain` at time `now` (as [`Brains::fits`] for a mind).
    fn shared_fits(shared: &Self::Shared, domain: &Domain, now: f64) -> bool;
}

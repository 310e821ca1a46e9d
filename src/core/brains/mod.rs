//! The brains: one folder per decision model, each over the same facts, actions, smart
//! objects, claims and execution protocol. [`BrainState`] is the per-NPC state of whichever
//! brain decides for an NPC (its variant *is* the brain), and the one place where thinking,
//! explaining, interrupting and arrival dispatch to a brain ([`Brains`]).
//!
//! Adding a brain: a folder here, a variant of [`BrainState`] and [`Brain`], its arms in the
//! `Brains` impl below, its definitions and authoring calls under `model/`, its ABI file
//! (docs/architecture.md has the checklist).

pub mod bt;
pub mod goap;
pub mod memory_bound;
pub mod mind_limits;
mod proposal;
mod proposal_marks;
mod search_status;
mod shared;
pub mod ubc;
pub mod udgoap;

pub use proposal::Proposal;
pub use search_status::{SearchStats, SearchStatus, StopReason};
pub use shared::{Shared, ThinkScratch};

use crate::core::model::action::ActionId;
use crate::core::model::archetype::{ArchetypeDef, ArchetypeId};
use crate::core::model::bt::BtNode;
use crate::core::model::domain::Domain;
use crate::core::model::entity::Entity;
use crate::core::model::error::{Error, Result};
use crate::core::model::fact_set::Fact;
use crate::core::model::goap::GoapGoalId;
use crate::core::world::buffer_room::share_room;
use crate::core::world::{describe, Brains, Speculation};
use crate::core::{Mind, World};

use bt::{BtMind, TreeRun};
use goap::mind::{GoapDecision, GoapMind};
use ubc::UbcMind;
use udgoap::focus::Focus;
use udgoap::mind::UdgoapMind;

/// Which brain decides for an NPC: it follows from the archetype (drives, GOAP goals or
/// predefined plans).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Brain {
    /// Drive-based utility planning (Sloan 2015).
    Udgoap,
    /// Goal-oriented action planning (Pittman 2007).
    Goap,
    /// Utility-based control over predefined plans (Sloan et al. 2011).
    Ubc,
    /// Hinted-execution behaviour trees (Ocio 2010).
    Bt,
}

impl Brain {
    /// The brain that decides for NPCs of `def`: behaviour trees, GOAP goals or predefined
    /// plans when it has them (the domain refuses an archetype with two), else drives.
    pub fn of(def: &ArchetypeDef) -> Brain {
        if def.uses_bt() {
            Brain::Bt
        } else if def.uses_goap() {
            Brain::Goap
        } else if def.uses_ubc() {
            Brain::Ubc
        } else {
            Brain::Udgoap
        }
    }

    /// The brain's usual short name: `UDGOAP`, `GOAP`, `UBC`, `BT`.
    pub fn name(self) -> &'static str {
        match self {
            Brain::Udgoap => "UDGOAP",
            Brain::Goap => "GOAP",
            Brain::Ubc => "UBC",
            Brain::Bt => "BT",
        }
    }
}

/// The state of the brain that decides for one NPC, chosen by its archetype (drives, GOAP goals
/// or predefined plans; the domain refuses an archetype with two).
// UDGOAP's state stays inline although it is the largest variant (288 bytes): it is the brain
// whose thinks are most frequent, and a box would add a pointer chase to each. The whole mind
// is boxed in its entity record already, so the room costs memory only (a UBC mind is 392
// bytes where it could be 160), never the entity table's density.
#[allow(clippy::large_enum_variant)]
#[derive(serde::Serialize, serde::Deserialize)]
pub enum BrainState {
    /// Drive-based utility planning: memory, drives, goals, the last decision's candidates.
    /// Boxed, as GOAP's: its state is the largest, and every other brain's NPC would carry
    /// its room (and load it, a think ahead).
    Udgoap(Box<UdgoapMind>),
    /// Goal-oriented action planning: relevance, bias, the search in flight. Boxed: its search
    /// state is large, and the other brains' NPCs should not carry its room.
    Goap(Box<GoapMind>),
    /// Utility-based control: the last rating of the predefined plans.
    Ubc(UbcMind),
    /// Hinted behaviour trees: the layer stack and the action leaf performing.
    Bt(BtMind),
}

impl BrainState {
    /// Which brain this is.
    pub fn kind(&self) -> Brain {
        match self {
            BrainState::Udgoap(_) => Brain::Udgoap,
            BrainState::Goap(_) => Brain::Goap,
            BrainState::Ubc(_) => Brain::Ubc,
            BrainState::Bt(_) => Brain::Bt,
        }
    }

    /// The UDGOAP state, when UDGOAP decides.
    pub fn udgoap(&self) -> Option<&UdgoapMind> {
        match self {
            BrainState::Udgoap(mind) => Some(mind),
            _ => None,
        }
    }

    /// The GOAP state, when GOAP decides.
    pub fn goap(&self) -> Option<&GoapMind> {
        match self {
            BrainState::Goap(mind) => Some(mind),
            _ => None,
        }
    }

    /// The GOAP state, mutable, when GOAP decides.
    pub fn goap_mut(&mut self) -> Option<&mut GoapMind> {
        match self {
            BrainState::Goap(mind) => Some(mind),
            _ => None,
        }
    }

    /// The UBC state, when UBC decides.
    pub fn ubc(&self) -> Option<&UbcMind> {
        match self {
            BrainState::Ubc(mind) => Some(mind),
            _ => None,
        }
    }

    /// The UBC state, mutable, when UBC decides.
    pub fn ubc_mut(&mut self) -> Option<&mut UbcMind> {
        match self {
            BrainState::Ubc(mind) => Some(mind),
            _ => None,
        }
    }

    /// The behaviour-tree state, when behaviour trees decide.
    pub fn bt(&self) -> Option<&BtMind> {
        match self {
            BrainState::Bt(mind) => Some(mind),
            _ => None,
        }
    }

    /// World time of the last decision, whatever the brain (a GOAP request served, a UBC
    /// rating of its plans, a UDGOAP search); `None` before the first.
    pub fn last_decision(&self) -> Option<f64> {
        match self {
            BrainState::Udgoap(udgoap) => udgoap.last_decision(),
            BrainState::Goap(goap) => {
                (goap.decision != GoapDecision::default()).then_some(goap.decision.time)
            }
            BrainState::Ubc(ubc) => (!ubc.ratings.is_empty() || ubc.fell_back).then_some(ubc.time),
            BrainState::Bt(bt) => bt.stepped,
        }
    }
}

// The think threads share the world (`world/think_ahead.rs`): nothing in it may be `Cell`-like.
const _: () = {
    fn is_sync<T: Sync>() {}
    let _ = is_sync::<World>;
};

/// A state that holds nothing on the heap: what a mind holds while the world moves it.
impl Default for BrainState {
    fn default() -> Self {
        BrainState::Ubc(UbcMind::default())
    }
}

impl Brains for BrainState {
    type Shared = Shared;
    type Scratch = ThinkScratch;
    type Proposal = Proposal;

    fn fits(&self, domain: &Domain, def: &ArchetypeDef, now: f64) -> bool {
        self.kind() == Brain::of(def)
            && match self {
                BrainState::Bt(bt) => bt.fits(domain, def, now),
                BrainState::Goap(goap) => goap.fits(domain, def),
                BrainState::Ubc(ubc) => ubc.fits(domain, def),
                BrainState::Udgoap(udgoap) => udgoap.fits(domain),
            }
    }

    fn shared_fits(shared: &Shared, domain: &Domain, now: f64) -> bool {
        shared
            .bt_groups
            .fit(domain.player_styles().len().max(1), now)
    }

    fn new_mind(domain: &Domain, def: &ArchetypeDef) -> Self {
        match Brain::of(def) {
            Brain::Bt => {
                let mut bt = BtMind::default();
                for tree in &def.bt {
                    let tree = domain.bt_trees().items()[tree.0 as usize].clone();
                    // The domain allows no more layers than a stack holds.
                    bt.layers.push(TreeRun::new(tree));
                }
                BrainState::Bt(bt)
            }
            Brain::Goap => BrainState::Goap(Box::new(GoapMind::new(def.goap_goals.len()))),
            Brain::Ubc => BrainState::Ubc(UbcMind::new(def.ubc.plans.len())),
            Brain::Udgoap => BrainState::Udgoap(Box::new(UdgoapMind::new(
                def.think.memory_capacity,
                &def.drives,
            ))),
        }
    }

    fn plan_steps(domain: &Domain, archetype: ArchetypeId) -> usize {
        mind_limits::MindLimits::of(domain, archetype).plan_steps
    }

    /// A UDGOAP think may spend its archetype's whole expansion limit; a GOAP think only queues
    /// a request (its search is budgeted by the queue); a UBC think rates each predefined plan
    /// once; a behaviour-tree think steps its layers once, and may plan if its base tree has a
    /// plan leaf.
    fn think_cost(domain: &Domain, def: &ArchetypeDef) -> u32 {
        if def.uses_bt() {
            let base = &domain.bt_trees().items()[def.bt[0].0 as usize];
            let plans = base.nodes().iter().any(|n| matches!(n, BtNode::Plan(_)));
            1 + if plans { def.think.max_expansions } else { 0 }
        } else if def.uses_goap() {
            0
        } else if def.uses_ubc() {
            def.ubc.plans.len() as u32
        } else {
            def.think.max_expansions
        }
    }

    /// UBC decides ahead reading only; UDGOAP in place, since it senses into its own memory;
    /// GOAP and behaviour trees at their turn (docs/parallel-think.md, stages 1 and 2).
    fn speculation(def: &ArchetypeDef) -> Speculation {
        if def.uses_bt() || def.uses_goap() {
            Speculation::Never
        } else if def.uses_ubc() {
            Speculation::ReadOnly
        } else {
            Speculation::InPlace
        }
    }

    /// A squad's think may start an order, which writes its members' facts
    /// (`world/orders.rs`); a GOAP squad's starts in the planning queue, after the thinks.
    fn fences(def: &ArchetypeDef) -> bool {
        def.squad.is_some() && !def.uses_goap()
    }

    fn room_for_marks(shared: &Shared, proposal: &mut Proposal) {
        shared.marks.room(proposal);
    }

    fn reach_marks(shared: &Shared, proposal: &Proposal) {
        shared.marks.reach(proposal);
    }

    fn marks_risen(shared: &Shared) -> usize {
        shared.marks.rises()
    }

    /// A UDGOAP search reports its arena's bytes: each thread's arena gets the committer's
    /// chunk. Every other buffer gets the room of the roomiest thread's ([`share_room`]).
    fn open_phase(shared: &mut Shared, pool: &mut [ThinkScratch]) {
        let bytes = shared.scratch.udgoap.arena_bytes();
        for scratch in pool.iter_mut() {
            scratch.udgoap.match_arena(bytes);
        }
        share_room(&mut shared.scratch, pool);
    }

    fn decide(
        world: &World,
        npc: Entity,
        archetype: ArchetypeId,
        mind: &Mind,
        scratch: &mut ThinkScratch,
        proposal: &mut Proposal,
    ) -> bool {
        match mind.brain {
            BrainState::Ubc(_) if ubc::think::idle(mind) => {
                world.ubc_decide_ahead(npc, archetype, scratch, &mut proposal.ubc)
            }
            _ => false,
        }
    }

    fn decide_in_place(
        world: &World,
        npc: Entity,
        archetype: ArchetypeId,
        mind: &mut Mind,
        scratch: &mut ThinkScratch,
        proposal: &mut Proposal,
    ) -> bool {
        world.udgoap_decide_ahead(npc, archetype, mind, scratch, &mut proposal.udgoap)
    }

    fn think(
        world: &mut World,
        npc: Entity,
        archetype: ArchetypeId,
        mind: &mut Mind,
        ahead: Option<&mut Proposal>,
    ) {
        match mind.brain {
            BrainState::Udgoap(_) => {
                world.udgoap_think(npc, archetype, mind, ahead.map(|ahead| &ahead.udgoap))
            }
            BrainState::Goap(_) => {
                world.fail_if_target_gone(npc, mind);
                world.goap_think(npc, archetype, mind);
            }
            BrainState::Ubc(_) => {
                world.fail_if_target_gone(npc, mind);
                match ahead {
                    Some(ahead) => world.ubc_commit(npc, archetype, mind, &ahead.ubc),
                    None => world.ubc_think(npc, archetype, mind),
                }
            }
            BrainState::Bt(_) => {
                world.fail_if_target_gone(npc, mind);
                world.bt_think(npc, archetype, mind);
            }
        }
    }

    fn last_decision(&self) -> Option<f64> {
        BrainState::last_decision(self)
    }

    fn after_thinks(world: &mut World) {
        world.run_goap_queue();
        world.step_bt_groups();
    }

    fn prefetch(&self, idle: bool) {
        match self {
            BrainState::Udgoap(udgoap) => udgoap.prefetch(idle),
            BrainState::Bt(bt) => bt.layers.prefetch(),
            BrainState::Goap(goap) => goap.prefetch(),
            BrainState::Ubc(_) => {}
        }
    }

    fn prefetch_far(&self) {
        match self {
            BrainState::Udgoap(udgoap) => crate::prefetch::value(&**udgoap),
            BrainState::Bt(bt) => bt.layers.prefetch_far(),
            BrainState::Goap(goap) => goap.prefetch_far(),
            BrainState::Ubc(_) => {}
        }
    }

    /// A behaviour-tree NPC stops its layers, so that its running call leaves hear `Stop`.
    fn leaving(world: &mut World, npc: Entity, mind: &mut Mind) {
        if let BrainState::Bt(_) = mind.brain {
            world.bt_host(npc, mind, |layers, host| layers.clear(host));
        }
    }

    /// UDGOAP replans from memory, so it learns what it finds there; the other brains read the
    /// world.
    fn arrived(world: &World, npc: Entity, target: Entity, mind: &mut Mind) {
        if let BrainState::Udgoap(udgoap) = &mut mind.brain {
            world.perceive(npc, udgoap);
            world.perceive(target, udgoap);
        }
    }

    /// GOAP: each goal's relevance with bias; UDGOAP: each drive's satisfaction and its
    /// candidate plans; UBC: each plan's gain (NaN when no target allowed it); behaviour
    /// trees: none.
    fn snapshot(
        &self,
        scores: &mut Vec<f64>,
        candidates: &mut Vec<crate::core::world::history::HistoryCandidate>,
    ) -> Option<u32> {
        match self {
            BrainState::Goap(goap) => {
                scores.extend_from_slice(&goap.relevance);
                goap.goal.map(|g| g.0)
            }
            BrainState::Udgoap(udgoap) => {
                scores.extend(udgoap.drives.iter().map(|d| d.satisfaction));
                let e = &udgoap.explanation;
                for c in &e.candidates {
                    crate::core::world::history::keep_best(
                        candidates,
                        crate::core::world::history::HistoryCandidate {
                            step: c.step(),
                            depth: c.depth(),
                            utility: c.utility(),
                            chosen: e.chosen == Some(c.id()),
                        },
                    );
                }
                e.focus.map(|f| f.goal.0)
            }
            BrainState::Ubc(ubc) => {
                scores.extend(ubc.ratings.iter().map(|r| r.gain.unwrap_or(f64::NAN)));
                None
            }
            BrainState::Bt(_) => None,
        }
    }

    /// Only GOAP re-selects goals on an interrupt.
    fn interrupt(&mut self) -> bool {
        match self {
            BrainState::Goap(goap) => {
                goap.interrupted = true;
                true
            }
            BrainState::Udgoap(_) | BrainState::Ubc(_) | BrainState::Bt(_) => false,
        }
    }

    /// A GOAP unit adds the bias to the goal's relevance; when it recommends a goal the unit
    /// does not pursue, the unit re-selects at its next think (`goap/think.rs`).
    fn recommend(&mut self, def: &ArchetypeDef, goal: GoapGoalId, bias: f64) {
        if let BrainState::Goap(goap) = self {
            if let Some(i) = def.goap_goals.iter().position(|&g| g == goal) {
                goap.bias[i] = bias;
                goap.reselect |= bias > 0.0 && goap.goal != Some(goal);
            }
        }
    }

    /// A behaviour tree's action leaves find their targets on its blackboard.
    fn given_target(&mut self, target: Fact) {
        if let BrainState::Bt(bt) = self {
            bt.blackboard.set(target);
        }
    }

    /// A GOAP NPC leaves the action out at its next plan for the same goal (S:105 of
    /// 003_a22f8616c585d8bb.txt).
    fn action_failed(&mut self, action: ActionId) {
        if let BrainState::Goap(goap) = self {
            if !goap.failed.contains(&action) {
                goap.failed.push(action);
            }
        }
    }
}

impl Mind {
    /// The goal the current UDGOAP plan pursues (see [`Focus`]); `None` when the NPC has no
    /// plan left, its plan gains no goal, or another brain decides.
    pub fn current_goal(&self) -> Option<Focus> {
        if self.remaining_plan().is_empty() {
            return None;
        }
        self.brain
            .udgoap()
            .and_then(|udgoap| udgoap.explanation.focus)
    }
}

impl World {
    /// Thinks for `npc` now, whatever its schedule: sense, update drives and goals, and plan if
    /// it is not performing an action. A GOAP NPC's plan request is served at once, with no
    /// budget.
    pub fn think_now(&mut self, npc: Entity) -> Result<()> {
        self.mind(npc)?;
        self.think(npc);
        if self.brains.goap.dequeue(npc) {
            let saved = std::mem::replace(&mut self.budget_left, u32::MAX);
            self.serve_request(npc);
            self.budget_left = saved;
        }
        Ok(())
    }

    /// Marks a significant fact change for `npc` (a sensor interrupt, P:329 of
    /// 004_bdde6381c6c06595.txt): at its next think a GOAP NPC re-selects its goal and replans,
    /// cancelling the running action. Interrupting a squad cascades down its hierarchy: every
    /// unit under it thinks on the next tick, the GOAP ones re-selecting. Another brain's NPC
    /// takes no interrupt: an error.
    pub fn interrupt(&mut self, npc: Entity) -> Result<()> {
        let mind = self.mind_mut(npc)?;
        if mind.command.is_some() {
            self.interrupt_hierarchy(npc);
            return Ok(());
        }
        if mind.brain.interrupt() {
            Ok(())
        } else {
            Err(not_deciding(npc, mind, Brain::Goap))
        }
    }

    /// Sets the additive relevance bias of `goal` for `npc` (a superior's recommendation, P:325;
    /// may be negative). A goal the NPC does not have is unaffected. Only GOAP weighs goals by
    /// relevance: another brain's NPC is an error.
    pub fn set_goal_bias(&mut self, npc: Entity, goal: GoapGoalId, bias: f64) -> Result<()> {
        if !bias.is_finite() {
            return Err(Error::invalid(format!("a bias must be finite, got {bias}")));
        }
        self.domain.goap_goals().get(goal.0)?;
        let index = self.archetype(npc)?.and_then(|a| {
            let goals = &self.domain.archetype(a).goap_goals;
            goals.iter().position(|&g| g == goal)
        });
        let mind = self.mind_mut(npc)?;
        match &mut mind.brain {
            BrainState::Goap(goap) => {
                if let Some(i) = index {
                    goap.bias[i] = bias;
                }
                Ok(())
            }
            BrainState::Udgoap(_) | BrainState::Ubc(_) | BrainState::Bt(_) => {
                Err(not_deciding(npc, mind, Brain::Goap))
            }
        }
    }

    /// The UDGOAP state of `npc`; an error when another brain decides for it.
    pub fn udgoap_mind(&self, npc: Entity) -> Result<&UdgoapMind> {
        let mind = self.mind(npc)?;
        mind.brain
            .udgoap()
            .ok_or_else(|| not_deciding(npc, mind, Brain::Udgoap))
    }

    /// The GOAP state of `npc`; an error when another brain decides for it.
    pub fn goap_mind(&self, npc: Entity) -> Result<&GoapMind> {
        let mind = self.mind(npc)?;
        mind.brain
            .goap()
            .ok_or_else(|| not_deciding(npc, mind, Brain::Goap))
    }

    /// The UBC state of `npc`; an error when another brain decides for it.
    pub fn ubc_mind(&self, npc: Entity) -> Result<&UbcMind> {
        let mind = self.mind(npc)?;
        mind.brain
            .ubc()
            .ok_or_else(|| not_deciding(npc, mind, Brain::Ubc))
    }
}

/// The error for asking `npc` for the state of `wanted`, a brain that does not decide for it.
pub(crate) fn not_deciding(npc: Entity, mind: &Mind, wanted: Brain) -> Error {
    Error::invalid(format!(
        "npc {} is decided for by {}, not {}",
        describe(npc),
        mind.brain.kind().name(),
        wanted.name()
    ))
}

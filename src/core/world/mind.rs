//! What every NPC that thinks carries, whatever its brain: the plan and the step it is on, the
//! action it performs, the slots it holds, and its brain's own state. The world executes plans
//! through these fields alone (requests, reports, claims, joint actions); what the brain keeps
//! is opaque to it but for the hooks of [`Brains`](crate::core::world::Brains).

use crate::core::model::entity::Entity;
use crate::core::model::smart_object::Claim;
use crate::core::world::brains::Brains;
use crate::core::world::squads::Command;
use crate::core::world::Step;

/// Per-NPC state: what every brain shares, and `brain`, the state of the one that decides.
#[derive(serde::Serialize, serde::Deserialize)]
pub struct Mind<B> {
    /// The current plan, in execution order.
    pub plan: Vec<Step>,
    /// Index of the next step of `plan` to start.
    pub next_step: usize,
    /// The step being performed.
    pub running: Option<Running>,
    /// Slots held for the plan.
    pub claims: Vec<Claim>,
    /// The plan is new: it claims its slots before its first step starts.
    pub claims_pending: bool,
    /// The squad this NPC (or squad) is a member of; null when none.
    pub superior: Entity,
    /// A squad's members and orders (`squads.rs`); `None` for an NPC.
    pub command: Option<Box<Command>>,
    /// The state of the brain that decides for the NPC: its variant is the brain.
    pub brain: B,
}

impl<B> Mind<B> {
    /// A mind with no plan, deciding by `brain`, with room for plans of up to `plan_steps`
    /// steps and their claims (one per step at most): allocated once at spawn, so that the
    /// first long plan of each of 14,000 NPCs does not grow its buffers tick after tick
    /// (issue 33).
    pub fn new(brain: B, plan_steps: usize) -> Self {
        Mind {
            plan: Vec::with_capacity(plan_steps),
            next_step: 0,
            running: None,
            claims: Vec::with_capacity(plan_steps),
            claims_pending: false,
            superior: Entity::NULL,
            command: None,
            brain,
        }
    }

    /// The steps not yet finished: the running step (if any) first, then those not started.
    pub fn remaining_plan(&self) -> &[Step] {
        &self.plan[self.next_step.min(self.plan.len())..]
    }
}

impl<B: Brains> Mind<B> {
    /// Starts loading what its brain's think reads first ([`Brains::prefetch`]), planning's
    /// part only when it performs no action: the one place the think pipelines (the calling
    /// thread's and the deciding threads') tell an idle NPC from a busy one.
    pub(crate) fn prefetch_brain(&self) {
        self.brain.prefetch(self.running.is_none());
    }
}

/// The action an NPC is performing.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq)]
pub struct Running {
    /// What and on whom.
    pub step: Step,
    /// The request id the engine echoes.
    pub request: u32,
    /// Seconds it has run (while waiting: seconds it has waited).
    pub elapsed: f64,
    /// How the NPC takes part in it.
    pub part: Part,
    /// World time after which motive fails it unreported, for an action the engine ends
    /// performed alone or led (`engine_timeout.rs`); infinite otherwise.
    pub deadline: f64,
}

/// How an NPC takes part in the action it is performing: alone, or as one of the users of a
/// joint action ([`crate::core::model::smart_object::JointAction`]).
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// It performs the action by itself.
    Alone,
    /// It waits in its slot for the required slots of a joint action to fill.
    Waiting,
    /// It performs a joint action with helpers: its timer and its report end the performance
    /// for everyone, and the action's effects on the object apply once, through it.
    Leading,
    /// It helps `leader` perform a joint action; its reports are the leader's.
    Helping(Entity),
}

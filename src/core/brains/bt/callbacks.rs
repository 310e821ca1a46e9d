//! The engine's own conditions and actions for behaviour trees, for what data cannot express
//! (a line of sight, an animation, a dialogue): the domain names them
//! ([`crate::core::model::bt::BtCallbackId`]), the engine registers one function of each kind
//! per world, and the leaves call it with the id.
//!
//! They run on the thread that ticks the world (or calls `think_now`), while it thinks, so
//! never on two threads at once for one world.

use std::sync::Arc;

use crate::core::model::bt::BtCallbackId;
use crate::core::model::entity::Entity;
use crate::core::World;

use super::status::Status;

/// Why an action callback is called.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CallPhase {
    /// The leaf starts: `Error` refuses the start (an error of the tree, L2530-2540); anything
    /// else starts it.
    Start,
    /// A tick of the started leaf: its status.
    Step,
    /// The leaf is left, finished or abandoned (its branch was left, the tree restarted): the
    /// engine stops what it started. The answer is ignored.
    Stop,
}

/// Does the engine's condition `id` hold for `npc`?
pub type ConditionCallback = Arc<dyn Fn(Entity, BtCallbackId) -> bool + Send + Sync>;

/// The engine's action `id` for `npc`, in a phase: its status.
pub type ActionCallback = Arc<dyn Fn(Entity, BtCallbackId, CallPhase) -> Status + Send + Sync>;

/// The callbacks a world's behaviour trees use; none is required.
#[derive(Clone, Default)]
pub struct BtCallbacks {
    /// Callback conditions (`ask` tests).
    pub condition: Option<ConditionCallback>,
    /// Callback actions (`call` leaves).
    pub action: Option<ActionCallback>,
}

impl World {
    /// Sets the callbacks behaviour trees call (replacing any).
    pub fn set_bt_callbacks(&mut self, callbacks: BtCallbacks) {
        self.brains.bt_callbacks = callbacks;
    }

    /// The behaviour-tree callbacks set now.
    pub fn bt_callbacks(&self) -> &BtCallbacks {
        &self.brains.bt_callbacks
    }

    /// The condition callback's answer for `npc` and `id`; false without a callback.
    pub(crate) fn ask_bt_callback(&self, npc: Entity, id: BtCallbackId) -> bool {
        self.brains
            .bt_callbacks
            .condition
            .as_ref()
            .is_some_and(|f| f(npc, id))
    }

    /// The action callback's status for `npc`, `id` and `phase`. Without a callback the leaf
    /// starts and fails at its first step, as an action leaf with no supplier does.
    pub(crate) fn call_bt_callback(
        &self,
        npc: Entity,
        id: BtCallbackId,
        phase: CallPhase,
    ) -> Status {
        match &self.brains.bt_callbacks.action {
            Some(f) => f(npc, id, phase),
            None if phase == CallPhase::Start => Status::InProgress,
            None => Status::Failed,
        }
    }
}

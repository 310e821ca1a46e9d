//! What a running tree asks of the world around it: its leaves act, test facts and hint the
//! layer below. The brain implements it over a motive world; tests implement it with scripts.

use crate::core::model::action::ActionId;
use crate::core::model::bt::PlanGoal;
use crate::core::model::bt::{BtCallbackId, FlagScope, HintId, HintState};
use crate::core::model::condition::Condition;
use crate::core::model::domain::AttributeId;

use super::callbacks::CallPhase;
use super::status::Status;

/// The world as a tree's leaves see it.
pub trait BtHost {
    /// World time, for timed loops.
    fn now(&self) -> f64;
    /// Action leaf `node` starts performing `action` on the nearest supplier, or on the entity
    /// at blackboard key `target`; false when it cannot (another leaf's action running), which
    /// is an error of the start. No suitable target is no error: the leaf fails at its step.
    fn start_action(&mut self, node: u32, action: ActionId, target: Option<AttributeId>) -> bool;
    /// Plan leaf `node` plans for `goal` and starts performing the plan; false when it cannot
    /// (another leaf's action running). No plan is no error: the leaf fails at its step.
    fn start_plan(&mut self, node: u32, goal: PlanGoal) -> bool;
    /// How leaf `node`'s action (or plan) stands.
    fn step_action(&mut self, node: u32) -> Status;
    /// Leaf `node`'s action is abandoned (its branch was left, or the tree restarted).
    fn stop_action(&mut self, node: u32);
    /// Callback leaf `node`'s engine action `callback`, in `phase`: how it stands (at `Start`,
    /// `Error` refuses the start; at `Stop` the answer is ignored).
    fn call(&mut self, node: u32, callback: BtCallbackId, phase: CallPhase) -> Status;
    /// The engine's condition callback's answer for `callback` (false without one).
    fn ask(&mut self, callback: BtCallbackId) -> bool;
    /// Whether a motive condition holds for the NPC.
    fn holds(&mut self, condition: &Condition) -> bool;
    /// A hint node sends `hint` in `state` to the layer below.
    fn send_hint(&mut self, hint: HintId, state: HintState);
    /// Whether `flag` is set on the NPC's blackboard.
    fn flag(&mut self, flag: AttributeId) -> bool;
    /// A flag node sets (or, with `false`, removes) `flag` on the blackboards of `scope`.
    fn set_flag(&mut self, flag: AttributeId, value: bool, scope: FlagScope);
}

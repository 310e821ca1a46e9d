//! Predefined plans: fixed action sequences rated and performed as one unit (S:142 of
//! 003_a22f8616c585d8bb.txt, "similar to a hierarchical task network").

use crate::core::model::action::ActionId;

/// Dense id of a predefined plan.
#[derive(
    serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord,
)]
pub struct UbcPlanId(pub u32);

/// Which entity a step is performed on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepTarget {
    /// The plan's target: every entity supplying this step's action is a candidate, and the
    /// plan is rated against the best one (the hungriest patient, S:147).
    Target,
    /// The NPC itself.
    Own,
    /// The nearest entity supplying the step's action whose own preconditions hold now (the
    /// medicine cabinet).
    Nearest,
    /// The entity of the next step (a `goto` in front of what is done there).
    Next,
}

impl StepTarget {
    /// The word the JSON format and messages use.
    pub fn name(self) -> &'static str {
        match self {
            StepTarget::Target => "target",
            StepTarget::Own => "self",
            StepTarget::Nearest => "nearest",
            StepTarget::Next => "next",
        }
    }
}

/// One step: an action and where it is performed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UbcStep {
    /// The action.
    pub action: ActionId,
    /// Its supplier.
    pub on: StepTarget,
}

/// A predefined plan.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct UbcPlanDef {
    /// Its steps, in order.
    pub steps: Vec<UbcStep>,
}

impl UbcPlanDef {
    /// The action whose suppliers are the plan's candidate targets: the first step on the
    /// target, if any.
    pub fn target_action(&self) -> Option<ActionId> {
        self.steps
            .iter()
            .find(|s| s.on == StepTarget::Target)
            .map(|s| s.action)
    }
}

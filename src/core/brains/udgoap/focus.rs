//! Which goal a UDGOAP plan pursues. The planner maximises one utility over all drives, so a
//! plan has no goal of its own; its focus is the goal whose completeness gain adds the most to
//! that utility, which is what a designer asks when watching an NPC ("what is it doing this
//! for?").

use crate::core::brains::udgoap::mind::{DriveState, GoalState};
use crate::core::model::domain::Domain;
use crate::core::model::drive::DriveId;
use crate::core::model::entity::Entity;
use crate::core::model::goal::GoalId;

/// The goal a plan serves most, with its completeness before and after the plan.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq)]
pub struct Focus {
    /// The goal definition.
    pub goal: GoalId,
    /// The drive it belongs to.
    pub drive: DriveId,
    /// The entity the goal is bound to.
    pub subject: Entity,
    /// Completeness when the plan was made, in [0, 1].
    pub before: f64,
    /// Completeness the plan's simulated outcome reaches, in [0, 1].
    pub after: f64,
}

/// The goal with the largest contribution to top-level utility gained by the plan:
/// `W_d · (w_g / Σ_{g'∈d} w_g') · (after_g − before_g)`, the goal's share of
/// `U = Σ W_d·S_d / Σ W_d` without the constant `1 / Σ W_d`. `after` holds each goal's
/// completeness after the plan, in `goals` order. Ties go to the earlier goal; `None` when no
/// goal gains (an empty plan, or one that only prevents losses).
pub fn pick_focus(
    domain: &Domain,
    drives: &[DriveState],
    goals: &[GoalState],
    after: &[f64],
) -> Option<Focus> {
    let goal_weight = |g: &GoalState| domain.goals().items()[g.goal.0 as usize].weight;
    let mut best: Option<(f64, Focus)> = None;
    for (goal, &after) in goals.iter().zip(after) {
        let drive = drives[goal.drive as usize].drive;
        let drive_weight = domain.drives().items()[drive.0 as usize].weight;
        let siblings: f64 = goals
            .iter()
            .filter(|g| g.drive == goal.drive)
            .map(goal_weight)
            .sum();
        if siblings <= 0.0 {
            continue;
        }
        let gain = drive_weight * goal_weight(goal) / siblings * (after - goal.completeness);
        if gain > 0.0 && !matches!(best, Some((b, _)) if b >= gain) {
            let focus = Focus {
                goal: goal.goal,
                drive,
                subject: goal.subject,
                before: goal.completeness,
                after,
            };
            best = Some((gain, focus));
        }
    }
    best.map(|(_, focus)| focus)
}

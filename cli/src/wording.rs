//! How the CLI words an NPC's decisions, the same in summaries, traces and explanations.

use motive::core::brains::BrainState;
use motive::core::world::Step;
use motive::core::Mind;
use motive::core::World;

use crate::roster::Roster;

/// `goto(bed) -> sleep_in_bed(bed)`; `(nothing)` for no steps.
pub fn plan(world: &World, roster: &Roster, steps: &[Step]) -> String {
    if steps.is_empty() {
        return "(nothing)".to_owned();
    }
    let actions = world.domain().actions();
    steps
        .iter()
        .map(|s| {
            let target = roster.name(world, s.supplier);
            format!("{}({target})", actions.name(s.action.0))
        })
        .collect::<Vec<_>>()
        .join(" -> ")
}

/// The goal the NPC's last decision pursues: a UDGOAP plan's focus, a GOAP plan's goal, a UBC
/// NPC's chosen predefined plan.
pub fn goal(world: &World, mind: &Mind) -> Option<String> {
    let domain = world.domain();
    match &mind.brain {
        BrainState::Ubc(ubc) => ubc
            .chosen_rating()
            .map(|r| domain.ubc_plans().name(r.plan.0).to_owned()),
        BrainState::Goap(goap) => goap
            .decision
            .goal
            .map(|g| domain.goap_goals().name(g.0).to_owned()),
        BrainState::Bt(_) => None,
        BrainState::Udgoap(udgoap) => udgoap
            .explanation
            .focus
            .map(|f| domain.goals().name(f.goal.0).to_owned()),
    }
}

/// Which brain decides for the NPC.
pub fn brain(mind: &Mind) -> &'static str {
    mind.brain.kind().name()
}

/// `, T:1473` after a published figure; nothing when its source is not given.
pub fn source(source: &str) -> String {
    match source {
        "" => String::new(),
        source => format!(", {source}"),
    }
}

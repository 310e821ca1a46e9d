//! `motive explain --from S --to S`: an NPC's decisions and events in a window of its
//! history, one line each, with the plan chosen at each decision and what its brain weighed.

use std::fmt::Write;

use motive::core::brains::BrainState;
use motive::core::world::history::Moment;
use motive::core::{Entity, World};

use crate::roster::Roster;
use crate::wording;

/// The entries of `npc`'s history between `from` and `to` (inclusive), as text.
pub fn window(world: &World, roster: &Roster, npc: Entity, from: f64, to: f64) -> String {
    let mut out = format!(
        "{} from {from:.2} s to {to:.2} s:\n",
        roster.name(world, npc)
    );
    let Ok(history) = world.history(npc) else {
        return out;
    };
    let brain = world.mind(npc).map(|m| &m.brain).ok();
    let domain = world.domain();
    let mut listed = 0;
    for entry in history.filter(|e| e.time >= from && e.time <= to) {
        listed += 1;
        match entry.moment {
            Moment::Event(kind) => {
                let action = entry.action.map_or(String::new(), |a| {
                    format!(" {}", domain.actions().name(a.0))
                });
                let target = if entry.target.is_null() {
                    String::new()
                } else {
                    format!(" on {}", roster.name(world, entry.target))
                };
                let _ = writeln!(out, "  {:>8.2} s  {kind:?}{action}{target}", entry.time);
            }
            Moment::Decision => {
                let goal = match (brain, entry.goal) {
                    (Some(BrainState::Goap(_)), Some(g)) => domain.goap_goals().name(g).to_owned(),
                    (Some(BrainState::Udgoap(_)), Some(g)) => domain.goals().name(g).to_owned(),
                    _ => "none".to_owned(),
                };
                let plan = wording::plan(world, roster, &entry.plan);
                let weighed = match entry.candidates.len() {
                    0 => String::new(),
                    n => format!(" [{n} candidate plans weighed]"),
                };
                let _ = writeln!(
                    out,
                    "  {:>8.2} s  decided: goal {goal}; plan {plan}{}{weighed}",
                    entry.time,
                    scores(world, npc, brain, &entry.scores)
                );
            }
        }
    }
    if listed == 0 {
        let _ = writeln!(out, "  nothing recorded in this window");
    }
    out
}

/// What the brain weighed, named: GOAP goals' relevance, UDGOAP drives' satisfaction, UBC
/// plans' gains.
fn scores(world: &World, npc: Entity, brain: Option<&BrainState>, scores: &[f64]) -> String {
    let domain = world.domain();
    let Ok(Some(archetype)) = world.archetype(npc) else {
        return String::new();
    };
    let def = domain.archetype(archetype);
    let named: Vec<String> = match brain {
        Some(BrainState::Goap(_)) => def
            .goap_goals
            .iter()
            .zip(scores)
            .map(|(g, s)| format!("{} {s:.2}", domain.goap_goals().name(g.0)))
            .collect(),
        Some(BrainState::Udgoap(u)) => u
            .drives
            .iter()
            .zip(scores)
            .map(|(d, s)| format!("{} {s:.2}", domain.drives().name(d.drive.0)))
            .collect(),
        Some(BrainState::Ubc(_)) => def
            .ubc
            .plans
            .iter()
            .zip(scores)
            .map(|(p, s)| format!("{} {s:.2}", domain.ubc_plans().name(p.0)))
            .collect(),
        _ => Vec::new(),
    };
    match named.is_empty() {
        true => String::new(),
        false => format!(" (weighed: {})", named.join(", ")),
    }
}

//! Why an NPC does what it does, in words: in full for `explain`, in two lines for `run`'s
//! summary. UDGOAP: drives, goals, the candidate plans of the last decision with their
//! utilities, the chosen plan and its focus goal. GOAP: the goals with relevance and priority
//! and why each was or was not pursued, the plan with its costs. UBC: every predefined plan
//! with its best target and the utility it adds. All: what the NPC is doing and the claims it
//! lost.

use std::fmt::Write;

use motive::core::brains::goap::mind::GoapMind;
use motive::core::brains::ubc::UbcMind;
use motive::core::brains::udgoap::mind::{Candidate, Explanation, UdgoapMind};
use motive::core::brains::BrainState;

use crate::bt_explanation;
use motive::core::brains::SearchStatus;
use motive::core::model::action::ActionDuration;
use motive::core::model::condition::Bindings;
use motive::core::Mind;
use motive::core::{Entity, EntityKind, Value, World};

use crate::candidate_plan::candidate_plan;
use crate::claim_log::LostClaim;
use crate::roster::Roster;
use crate::squad_explanation;
use crate::wording;

/// Candidates listed by `explain`.
const CANDIDATES_SHOWN: usize = 10;

/// The full explanation of `npc` at `world`'s time; `lost` are the claims it lost.
pub fn full(world: &World, roster: &Roster, npc: Entity, lost: &[&LostClaim]) -> String {
    let Ok(mind) = world.mind(npc) else {
        return format!("{} has no mind to explain\n", roster.name(world, npc));
    };
    let mut out = heading(world, roster, npc, mind);
    let position = world.position(npc).unwrap_or_default();
    let _ = writeln!(
        out,
        " at {:.2} s, standing at ({:.1}, {:.1}, {:.1})",
        world.time(),
        position.x,
        position.y,
        position.z
    );
    match &mind.brain {
        BrainState::Goap(goap) => explain_goap(&mut out, world, roster, npc, mind, goap),
        BrainState::Ubc(ubc) => explain_ubc(&mut out, world, roster, npc, ubc),
        BrainState::Udgoap(udgoap) => explain_udgoap(&mut out, world, roster, mind, udgoap),
        BrainState::Bt(bt) => bt_explanation::explain(&mut out, world, bt),
    }
    squad_explanation::explain(&mut out, world, roster, npc);
    doing_now(&mut out, world, roster, mind);
    let _ = writeln!(out, "\nclaims lost:");
    if lost.is_empty() {
        let _ = writeln!(out, "  none");
    }
    for claim in lost {
        let how = if claim.taken {
            "taken by a claim of higher priority"
        } else {
            "the object was destroyed"
        };
        let _ = writeln!(
            out,
            "  {:>8.2} s  slot {} of {}: {how}",
            claim.time, claim.slot, claim.object
        );
    }
    out
}

/// Two lines on `npc`'s last decision, for the end of a run.
pub fn brief(world: &World, roster: &Roster, npc: Entity) -> String {
    let Ok(mind) = world.mind(npc) else {
        return String::new();
    };
    let mut out = heading(world, roster, npc, mind);
    let plan = wording::plan(world, roster, mind.remaining_plan());
    match &mind.brain {
        BrainState::Ubc(ubc) => {
            let _ = write!(
                out,
                "\nlast decision at {:.2} s: {}; plan left: {plan}\n",
                ubc.time,
                ubc_outcome(world, roster, ubc)
            );
            return out;
        }
        BrainState::Bt(bt) => {
            let top = bt.layers.runs().next();
            let layer = top.map_or("none".to_owned(), |r| {
                bt_explanation::tree_name(world, r.tree())
            });
            let _ = write!(
                out,
                "\n{} layers, the highest {layer}; plan left: {plan}",
                bt.layers.len()
            );
        }
        BrainState::Goap(goap) => {
            let decision = &goap.decision;
            let goal = wording::goal(world, mind).unwrap_or_else(|| "none".to_owned());
            let _ = write!(
                out,
                "\nlast decision at {:.2} s: goal {goal} (plan cost {:.2}); plan left: {plan}",
                decision.time, decision.cost
            );
        }
        BrainState::Udgoap(udgoap) => {
            let drives: Vec<String> = udgoap
                .drives
                .iter()
                .map(|d| {
                    let name = world.domain().drives().name(d.drive.0);
                    format!("{name} {:.2}", d.satisfaction)
                })
                .collect();
            let ex = &udgoap.explanation;
            let _ = write!(
                out,
                ": drives {}\nlast decision at {:.2} s: {} candidates, {} expanded; plan left: {plan}",
                drives.join(", "),
                ex.time,
                ex.candidates.len(),
                ex.stats.expanded
            );
            if let Some(focus) = ex.focus {
                let goal = world.domain().goals().name(focus.goal.0);
                let _ = write!(
                    out,
                    ", for {goal} ({:.2} -> {:.2})",
                    focus.before, focus.after
                );
            }
        }
    }
    out.push('\n');
    out
}

/// `npc 3 resident@3 (resident, UDGOAP)`.
fn heading(world: &World, roster: &Roster, npc: Entity, mind: &Mind) -> String {
    let archetype = match world.archetype(npc) {
        Ok(Some(a)) => world.domain().archetypes().name(a.0).to_owned(),
        _ => "no archetype".to_owned(),
    };
    // Squads are not numbered: only NPCs are, in spawn order.
    let who = match (world.kind(npc), roster.number(npc)) {
        (Ok(EntityKind::Squad), _) => "squad".to_owned(),
        (_, number) => format!("npc {}", number.unwrap_or(0)),
    };
    format!(
        "{who} {} ({archetype}, {})",
        roster.name(world, npc),
        wording::brain(mind)
    )
}

fn explain_udgoap(
    out: &mut String,
    world: &World,
    roster: &Roster,
    mind: &Mind,
    udgoap: &UdgoapMind,
) {
    let domain = world.domain();
    if udgoap.explanation.status.is_none() {
        // Before its first think an NPC has no goals, and a drive without goals reads as
        // satisfied: numbers that would contradict its facts (T:1445's drives start at 0).
        let _ = writeln!(
            out,
            "\nno think yet: drives and goals are first weighed at the NPC's first think"
        );
        return;
    }
    let _ = writeln!(out, "\ndrives (satisfaction at the last think):");
    for drive in &udgoap.drives {
        let def = &domain.drives().items()[drive.drive.0 as usize];
        let external = if drive.external { ", external" } else { "" };
        let _ = writeln!(
            out,
            "  {:<24} {:>5.2}  (weight {:.2}{external})",
            domain.drives().name(drive.drive.0),
            drive.satisfaction,
            def.weight
        );
    }
    let _ = writeln!(out, "\ngoals (completeness at the last think):");
    if udgoap.goals.is_empty() {
        let _ = writeln!(out, "  none");
    }
    for goal in &udgoap.goals {
        let drive = udgoap.drives[goal.drive as usize].drive;
        let _ = writeln!(
            out,
            "  {:<24} {:>5.2}  (drive {}, on {})",
            domain.goals().name(goal.goal.0),
            goal.completeness,
            domain.drives().name(drive.0),
            roster.name(world, goal.subject)
        );
    }
    let ex = &udgoap.explanation;
    let Some(status) = ex.status else {
        let _ = writeln!(out, "\nno decision yet");
        return;
    };
    let _ = writeln!(
        out,
        "\nlast decision at {:.2} s: {}; {} states expanded, {} generated, {} duplicates dropped",
        ex.time,
        status_text(status),
        ex.stats.expanded,
        ex.stats.generated,
        ex.stats.duplicates
    );
    candidates(out, world, roster, ex);
    let plan = wording::plan(world, roster, &mind.plan);
    let _ = writeln!(out, "\nchosen plan: {plan}");
    match ex.focus {
        Some(focus) => {
            let _ = writeln!(
                out,
                "  for goal {} (drive {}): completeness {:.2} -> {:.2}",
                domain.goals().name(focus.goal.0),
                domain.drives().name(focus.drive.0),
                focus.before,
                focus.after
            );
        }
        None => {
            let _ = writeln!(out, "  it raises no goal's completeness");
        }
    }
}

/// The best candidates of `ex` that can run (complete plans, and doing nothing), by utility,
/// each with its plan. Candidates with a failing precondition are steps of the search toward
/// those, rated as if they ran: they are counted, not listed.
fn candidates(out: &mut String, world: &World, roster: &Roster, ex: &Explanation) {
    let runnable = |c: &Candidate| c.complete() || c.parent().is_none();
    let mut ranked: Vec<usize> = (0..ex.candidates.len())
        .filter(|&i| runnable(&ex.candidates[i]))
        .collect();
    let chosen_first = |c: &Candidate| ex.chosen != Some(c.id());
    ranked.sort_by(|&a, &b| {
        let (a, b) = (&ex.candidates[a], &ex.candidates[b]);
        b.utility()
            .total_cmp(&a.utility())
            .then(chosen_first(a).cmp(&chosen_first(b)))
            .then(a.id().cmp(&b.id()))
    });
    let _ = writeln!(
        out,
        "candidates that can run ({} best of {}, by utility; * chosen):",
        ranked.len().min(CANDIDATES_SHOWN),
        ranked.len()
    );
    let _ = writeln!(out, "    utility  plan");
    for &i in ranked.iter().take(CANDIDATES_SHOWN) {
        let candidate = &ex.candidates[i];
        let mark = if ex.chosen == Some(candidate.id()) {
            '*'
        } else {
            ' '
        };
        let plan = wording::plan(world, roster, &candidate_plan(&ex.candidates, i));
        let _ = writeln!(out, "  {mark} {:>7.4}  {plan}", candidate.utility());
    }
    let partial = ex.candidates.len() - ranked.len();
    if partial > 0 {
        let _ = writeln!(
            out,
            "  ({partial} more candidates of the {} recorded had a precondition failing or died: steps toward these)",
            ex.candidates.len()
        );
    }
}

/// The plan a UBC decision chose, in words.
fn ubc_outcome(world: &World, roster: &Roster, ubc: &UbcMind) -> String {
    match (ubc.chosen_rating(), ubc.fell_back) {
        (Some(r), _) => {
            let at = match r.target == Entity::NULL {
                true => String::new(),
                false => format!(" at {}", roster.name(world, r.target)),
            };
            format!(
                "{}{at} (utility {:+.3})",
                world.domain().ubc_plans().name(r.plan.0),
                r.gain.unwrap_or(0.0)
            )
        }
        (None, true) => "no plan would raise utility: the fallback action".to_owned(),
        (None, false) => "no plan could be used".to_owned(),
    }
}

fn explain_ubc(out: &mut String, world: &World, roster: &Roster, npc: Entity, ubc: &UbcMind) {
    let domain = world.domain();
    needs(out, world, npc);
    let _ = writeln!(out, "\ngoals (weight, whose attribute):");
    if let Ok(Some(a)) = world.archetype(npc) {
        for &(goal, weight) in &domain.archetype(a).ubc.goals {
            let def = &domain.ubc_goals().items()[goal.0 as usize];
            let key = &domain.attributes()[def.attribute.0 as usize].name;
            let _ = writeln!(
                out,
                "  {:<24} {weight:>5.2}  {:?} {key}",
                domain.ubc_goals().name(goal.0),
                def.scope
            );
        }
    }
    let _ = writeln!(
        out,
        "\npredefined plans at the last decision, each at its best target (utility added):"
    );
    for (i, r) in ubc.ratings.iter().enumerate() {
        let name = domain.ubc_plans().name(r.plan.0);
        let mark = if ubc.chosen == Some(i) { '*' } else { ' ' };
        let rated = match r.gain {
            Some(g) => format!("{:<20} {g:+.3}", roster.name(world, r.target)),
            None => "cannot be used: a step's preconditions fail at every target".to_owned(),
        };
        let _ = writeln!(out, "  {mark} {name:<24} {rated}");
    }
    let _ = writeln!(
        out,
        "\nlast decision at {:.2} s: {}",
        ubc.time,
        ubc_outcome(world, roster, ubc)
    );
}

fn explain_goap(
    out: &mut String,
    world: &World,
    roster: &Roster,
    npc: Entity,
    mind: &Mind,
    goap: &GoapMind,
) {
    let domain = world.domain();
    needs(out, world, npc);
    let goals = match world.archetype(npc) {
        Ok(Some(a)) => domain.archetype(a).goap_goals.as_slice(),
        _ => &[],
    };
    let decision = &goap.decision;
    let chosen = decision.goal;
    let tried = &goap.order[..(decision.tried as usize).min(goap.order.len())];
    let _ = writeln!(
        out,
        "\ngoals at the last think (relevance with bias, priority):"
    );
    let bindings = Bindings::pair(npc, npc);
    for (i, &goal) in goals.iter().enumerate() {
        let name = domain.goap_goals().name(goal.0);
        let def = &domain.goap_goals().items()[goal.0 as usize];
        let priority = def.priority;
        // Facts may change after the think within the same tick (a superior's order writes
        // them): say so rather than show a verdict the world no longer bears out.
        let holds_now = def.requirements.iter().all(|c| c.holds(world, &bindings));
        let since = match (goap.satisfied[i], holds_now) {
            (true, false) => " (at the think; not any more: it will replan)",
            (false, true) if Some(goal) != chosen => " (at the think; it holds now)",
            _ => "",
        };
        let why = if Some(goal) == chosen {
            "pursued".to_owned()
        } else if goap.satisfied[i] {
            "already satisfied".to_owned()
        } else if goap.relevance[i] <= 0.0 {
            "not relevant now".to_owned()
        } else if tried.contains(&(i as u32)) {
            "no plan found".to_owned()
        } else {
            match chosen {
                Some(c) => format!("ranked below {}", domain.goap_goals().name(c.0)),
                None => "not tried".to_owned(),
            }
        };
        let mark = if Some(goal) == chosen { '*' } else { ' ' };
        let _ = writeln!(
            out,
            "  {mark} {name:<24} relevance {:>5.2}  priority {priority:>3}  {why}{since}",
            goap.relevance[i]
        );
    }
    let tried_goals = match decision.tried {
        1 => "after trying 1 goal".to_owned(),
        n => format!("after trying {n} goals"),
    };
    // A think that tried no goal found every goal satisfied or irrelevant: saying "no goal
    // had a plan" beside "already satisfied" would contradict the goal list above.
    let outcome = match (chosen, decision.fallback, decision.tried) {
        (Some(goal), _, _) => format!(
            "plan for {} {tried_goals}",
            domain.goap_goals().name(goal.0)
        ),
        (None, true, 0) => "nothing to pursue (every goal satisfied or not relevant): the \
                            fallback action"
            .to_owned(),
        (None, true, _) => format!("no goal had a plan {tried_goals}: the fallback action"),
        (None, false, 0) => "nothing to pursue (every goal satisfied or not relevant)".to_owned(),
        (None, false, _) => format!("no goal had a plan {tried_goals}"),
    };
    let _ = writeln!(
        out,
        "\nlast decision at {:.2} s: {outcome}; {} nodes expanded, {} generated",
        decision.time, decision.stats.expanded, decision.stats.generated
    );
    let _ = writeln!(
        out,
        "plan (total cost {:.2}, with distance and ambiance; base cost per step):",
        decision.cost
    );
    if mind.plan.is_empty() {
        let _ = writeln!(out, "  (nothing)");
    }
    for (k, step) in mind.plan.iter().enumerate() {
        let base = domain.action(step.action).planning.cost;
        let text = wording::plan(world, roster, std::slice::from_ref(step));
        let done = if k < mind.next_step { "  (done)" } else { "" };
        let _ = writeln!(out, "  {}. {text:<36} {base:>6.2}{done}", k + 1);
    }
}

/// A GOAP NPC's numeric needs: what it plans to keep up.
fn needs(out: &mut String, world: &World, npc: Entity) {
    let Ok(Some(archetype)) = world.archetype(npc) else {
        return;
    };
    let domain = world.domain();
    let values: Vec<String> = domain
        .archetype(archetype)
        .needs
        .iter()
        .filter_map(|need| match world.fact(npc, need.attribute).ok()?.value {
            Value::Number(n) => Some(format!(
                "{} {n:.1}",
                domain.attributes()[need.attribute.0 as usize].name
            )),
            _ => None,
        })
        .collect();
    if !values.is_empty() {
        let _ = writeln!(out, "\nneeds: {}", values.join(", "));
    }
}

fn doing_now(out: &mut String, world: &World, roster: &Roster, mind: &Mind) {
    let now = match mind.running {
        Some(running) => {
            let step = wording::plan(world, roster, std::slice::from_ref(&running.step));
            // motive times its own actions only; the engine's are timed by the engine.
            match world.domain().action(running.step.action).duration {
                ActionDuration::Engine => step,
                _ => format!("{step}, for {:.1} s so far", running.elapsed),
            }
        }
        None => "nothing".to_owned(),
    };
    let _ = writeln!(out, "\ndoing now: {now}");
}

fn status_text(status: SearchStatus) -> String {
    match status {
        SearchStatus::Found => "plan found".to_owned(),
        SearchStatus::InProgress => "still searching".to_owned(),
        SearchStatus::NoPlan(reason) => format!("no plan ({reason:?})"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use motive::core::{Vec3, WorldConfig};
    use motive::sim::goap_examples::soldier;
    use motive::sim::{SimRules, Simulator};

    #[test]
    fn a_goap_soldier_is_explained_by_its_goal_and_costed_plan() {
        let soldier = soldier().unwrap();
        let mut world = World::new(soldier.domain.clone(), WorldConfig::default()).unwrap();
        let npc = soldier.spawn(&mut world, Vec3::default()).unwrap();
        let rules = SimRules {
            action_seconds: 1.0,
            ..SimRules::new(&soldier.domain)
        };
        let mut simulator = Simulator::new(rules, &world).unwrap();
        // Scout, load, aim and shoot take a second each: mid-plan at 2.5 s.
        simulator.run(&mut world, 2.5, &mut ()).unwrap();
        let roster = Roster::new(&world, &[(npc, "private".to_owned())]);
        let text = full(&world, &roster, npc, &[]);
        for expected in [
            "npc 1 private (soldier, GOAP)",
            "* enemy_dead_and_alive",
            "pursued",
            "plan for enemy_dead_and_alive after trying 1 goal",
            "plan (total cost 4.00",
            "scout(private)",
            "shoot(private)",
            "(done)",
            "doing now: aim(private)",
        ] {
            assert!(
                text.contains(expected),
                "{expected:?} missing from:\n{text}"
            );
        }
        simulator.run(&mut world, 5.0, &mut ()).unwrap();
        let text = full(&world, &roster, npc, &[]);
        assert!(text.contains("already satisfied"), "{text}");
        assert!(text.contains("nothing to pursue"), "{text}");
    }
}

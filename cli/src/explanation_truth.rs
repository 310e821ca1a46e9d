//! `explain` is true at every moment and never contradicts itself (issue 31): every shipped
//! scenario, as written and as each variant, runs the way `motive explain` runs it, and the
//! full explanation of every NPC that just decided (every fifth decision, so each scenario
//! is checked at hundreds of moments) is held against the NPC's state in the world, not
//! against the mind records the explanation is rendered from.

use motive::core::brains::BrainState;
use motive::core::model::condition::Bindings;
use motive::core::{Entity, World};
use motive::sim::Observer;

use crate::explanation;
use crate::loaded_run;
use crate::roster::Roster;
use crate::wording;

/// Explains NPCs as they decide and collects every untruth found.
struct Checker {
    roster: Roster,
    decisions: u64,
    checked: u64,
    problems: Vec<String>,
}

impl Observer for Checker {
    fn spawned(&mut self, world: &World, entity: Entity) {
        self.roster.add_spawned(world, entity);
    }

    fn decided(&mut self, world: &World, npc: Entity) {
        self.decisions += 1;
        if !self.decisions.is_multiple_of(5) {
            return;
        }
        self.checked += 1;
        let text = explanation::full(world, &self.roster, npc, &[]);
        for problem in untruths(world, &self.roster, npc, &text) {
            let who = self.roster.name(world, npc);
            self.problems
                .push(format!("{who} at {:.2} s: {problem}\n{text}", world.time()));
        }
    }
}

/// What is false or self-contradicting in `text`, the explanation of `npc` just after it
/// decided.
fn untruths(world: &World, roster: &Roster, npc: Entity, text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mind = world.mind(npc).expect("a deciding NPC has a mind");
    let mut claim = |holds: bool, what: String| {
        if !holds {
            found.push(what);
        }
    };
    let p = world.position(npc).unwrap();
    let at = format!("standing at ({:.1}, {:.1}, {:.1})", p.x, p.y, p.z);
    claim(text.contains(&at), format!("position: says not {at}"));
    let doing = match mind.running {
        Some(running) => wording::plan(world, roster, std::slice::from_ref(&running.step)),
        None => "nothing".to_owned(),
    };
    claim(
        text.contains(&format!("doing now: {doing}")),
        format!("doing now: should be {doing}"),
    );
    // Contradictions seen before (issue 31): a plan of total cost 0 beside a step that costs
    // 1, "no goal had a plan" after trying none, placeholders after a decision.
    claim(
        !text.contains("after trying 0 goals"),
        "no goal had a plan, after trying none".into(),
    );
    claim(
        !text.contains("no decision yet"),
        "a decision was made".into(),
    );
    if !mind.plan.is_empty() && text.contains("plan (total cost") {
        claim(
            !text.contains("plan (total cost 0.00"),
            "a plan with steps costs nothing".into(),
        );
    }
    if let BrainState::Goap(goap) = &mind.brain {
        let archetype = world.archetype(npc).unwrap().unwrap();
        let goals = &world.domain().archetype(archetype).goap_goals;
        let bindings = Bindings::pair(npc, npc);
        for (i, &goal) in goals.iter().enumerate() {
            let def = &world.domain().goap_goals().items()[goal.0 as usize];
            let name = world.domain().goap_goals().name(goal.0);
            let line = text
                .lines()
                .find(|l| l.split_whitespace().any(|w| w == name) && l.contains("relevance"))
                .unwrap_or_default()
                .to_owned();
            // Judged from the world's facts, not the mind's record: the NPC knows its own.
            let holds = def.requirements.iter().all(|c| c.holds(world, &bindings));
            let says_holds = if line.contains("(at the think;") {
                line.ends_with("it holds now)")
            } else {
                line.ends_with("already satisfied")
            };
            if goap.relevance[i] > 0.0 && Some(goal) != goap.decision.goal {
                claim(
                    says_holds == holds,
                    format!("goal {name}: says {line:?}, holds {holds}"),
                );
            }
            if line.ends_with("pursued") {
                claim(!holds, format!("goal {name} is pursued although it holds"));
                claim(
                    !text.contains("no goal had a plan"),
                    "a goal is pursued, yet no goal had a plan".into(),
                );
            }
        }
    }
    found
}

#[test]
fn every_explanation_of_every_shipped_scenario_is_true() {
    let folder = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../scenarios"));
    let mut files: Vec<_> = std::fs::read_dir(folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    let mut checked = 0;
    for file in &files {
        let scenario = motive::domain::load_scenario_file(file).unwrap().value;
        let variants = std::iter::once(None).chain(scenario.variant_names().map(Some));
        for variant in variants {
            let mut run = loaded_run::load(Some(file), variant, None, Some(1)).unwrap();
            let mut checker = Checker {
                roster: Roster::new(&run.world, &run.names),
                decisions: 0,
                checked: 0,
                problems: Vec::new(),
            };
            // A minute of each is enough to meet every kind of decision the scenario makes.
            let seconds = run.rules.seconds.min(60.0);
            run.simulate(seconds, &mut checker).unwrap();
            let name = file.file_name().unwrap().to_string_lossy();
            assert!(checker.checked > 0, "{name} {variant:?}: nobody decided");
            let first = checker.problems.first().cloned().unwrap_or_default();
            assert!(
                checker.problems.is_empty(),
                "{name} {variant:?}: {} untrue explanations; the first:\n{first}",
                checker.problems.len()
            );
            checked += checker.checked;
        }
    }
    assert!(checked > 1000, "{checked} explanations checked");
}

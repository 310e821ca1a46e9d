//! A scenario run as the tests compare runs: every event, the NPCs that decided each tick and
//! what a UDGOAP decider explains (a [`Trace`]), the simulator's statistics and the saved
//! state, with nothing of the world's serial or the wall clock in them. Shared by
//! `parallel_think.rs` (a world on several threads runs as on one) and `run_fingerprints.rs`
//! (every shipped scenario runs as it ran when its fingerprint was recorded).

use std::fmt::Write;

use motive::core::world::collect_in_advance::CollectStats;
use motive::core::world::event::Event;
use motive::core::world::save::SAVE_HEADER_BYTES;
use motive::core::world::think_ahead::{ParallelStats, SpeculationCheck};
use motive::core::{Entity, World};
use motive::domain::{load_scenario_file, Scenario};
use motive::sim::{Observer, SimStats, Simulator};

/// Every event field by field (`Debug` prints doubles exactly), and after each tick the NPCs
/// that decided and the expansions spent.
#[derive(Default)]
pub struct Trace(pub String);

impl Observer for Trace {
    fn event(&mut self, _world: &World, event: &Event) {
        let Event {
            kind,
            npc,
            action,
            target,
            request,
            hints,
            slot,
            outcome,
            ended_by,
            seconds,
        } = *event;
        writeln!(
            self.0,
            "{kind:?} {} {action:?} {} {request} {hints:?} {slot} {outcome} {ended_by:?} {seconds:?}",
            id(npc),
            id(target)
        )
        .unwrap();
    }

    fn after_step(&mut self, world: &World, _stats: &SimStats) {
        let decided: Vec<String> = world
            .decided_in_last_tick()
            .iter()
            .map(|&e| id(e))
            .collect();
        writeln!(
            self.0,
            "tick {:?} decided {decided:?} expansions {}",
            world.time(),
            world.last_tick_expansions()
        )
        .unwrap();
        // What a UDGOAP decider explains: its stats (the arena's bytes among them), and its
        // candidates, hashed, since later decisions overwrite them before the end's state.
        for &npc in world.decided_in_last_tick() {
            if let Ok(mind) = world.udgoap_mind(npc) {
                let e = &mind.explanation;
                let mut hasher = std::collections::hash_map::DefaultHasher::new();
                std::hash::Hash::hash(
                    &without_serials(&format!("{:?}{:?}", e.candidates, e.satisfactions)),
                    &mut hasher,
                );
                let candidates = std::hash::Hasher::finish(&hasher);
                writeln!(
                    self.0,
                    "  {} {:?} {:?} {:?} {:?} {candidates:x}",
                    id(npc),
                    e.status,
                    e.stats,
                    e.chosen,
                    e.focus
                        .map(|f| (f.goal, f.drive, id(f.subject), f.before, f.after))
                )
                .unwrap();
            }
        }
    }
}

/// An entity without its world's serial, which differs between the two worlds compared: how
/// a [`Trace`] names it.
pub fn id(entity: Entity) -> String {
    format!("{}:{}", entity.index1, entity.generation)
}

/// `text` without the world serials of the entities it prints, which differ between the two
/// worlds compared.
fn without_serials(text: &str) -> String {
    let mut parts = text.split("world: ");
    let mut out = parts.next().unwrap_or_default().to_owned();
    for part in parts {
        out.push_str(part.trim_start_matches(|c: char| c.is_ascii_digit()));
    }
    out
}

/// What a run produced: its trace, its statistics and its saved state.
pub struct Run {
    /// The [`Trace`].
    pub trace: String,
    /// The simulator's statistics, but the wall-clock time.
    pub stats: String,
    /// The saved world, without its header.
    pub state: Vec<u8>,
    /// What the world decided ahead.
    pub parallel: ParallelStats,
    /// How its ticks collected their due thinks.
    pub collect: CollectStats,
}

/// Runs `scenario` with `seed` for `seconds` on `threads` think threads, every phase deciding
/// ahead however few thinks are due.
pub fn run(
    scenario: &Scenario,
    npcs: u32,
    seed: u64,
    seconds: f64,
    threads: u32,
    check: SpeculationCheck,
) -> Run {
    run_configured(scenario, npcs, seed, seconds, |world| {
        world.set_think_threads(threads).unwrap();
        world.set_parallel_min_jobs(1);
        world.set_speculation_check(check);
    })
}

/// Runs `scenario` with `seed` for `seconds`, its world first set up by `configure`.
pub fn run_configured(
    scenario: &Scenario,
    npcs: u32,
    seed: u64,
    seconds: f64,
    configure: impl FnOnce(&mut World),
) -> Run {
    run_steered(scenario, npcs, seed, seconds, configure, |_, _| {})
}

/// [`run_configured`], with the game's hand in it: `before_step(world, n)` before the `n`th
/// step (from 0), as a game changes the world between frames.
pub fn run_steered(
    scenario: &Scenario,
    npcs: u32,
    seed: u64,
    seconds: f64,
    configure: impl FnOnce(&mut World),
    mut before_step: impl FnMut(&mut World, u64),
) -> Run {
    let mut instance = scenario.instantiate(Some(npcs), Some(seed)).unwrap();
    let world = &mut instance.world;
    configure(world);
    let mut sim = Simulator::new(instance.rules.clone(), world).unwrap();
    let mut trace = Trace::default();
    for step in 0..steps(seconds, instance.rules.step) {
        before_step(world, step);
        sim.step(world, instance.rules.step, &mut trace).unwrap();
    }
    Run {
        trace: trace.0,
        // Everything but the wall-clock time.
        stats: format!(
            "{:?}",
            SimStats {
                tick_wall: Default::default(),
                ..*sim.stats()
            }
        ),
        state: world.save().unwrap()[SAVE_HEADER_BYTES..].to_vec(),
        parallel: world.parallel_stats(),
        collect: world.collect_stats(),
    }
}

/// Steps of `step` seconds in `seconds`.
pub fn steps(seconds: f64, step: f64) -> u64 {
    (seconds / step).round() as u64
}

/// Every shipped scenario, as written and in each of its variants, named `file variant` (`-`
/// for as written), in file order.
pub fn shipped() -> Vec<(String, Scenario)> {
    let dir = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios"));
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".json"))
        .collect();
    names.sort();
    let mut all = Vec::new();
    for name in names {
        let scenario = load_scenario_file(&dir.join(&name)).unwrap().value;
        let variants: Vec<String> = scenario.variant_names().map(str::to_owned).collect();
        for variant in variants {
            let varied = scenario.with_variant(&variant).unwrap();
            all.push((format!("{name} {variant}"), varied));
        }
        all.push((format!("{name} -"), scenario));
    }
    all
}

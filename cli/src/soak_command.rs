//! `motive soak`: scenarios run for minutes or hours of game time under a misbehaving engine
//! and a game that destroys, replaces and moves entities (`motive::sim::soak`), with a line per
//! interval: the population, what was created and destroyed, the engine's reports, the
//! invariants checked and the heap live. It fails at the first breach, or when, after the
//! warm-up, the heap's later peaks outgrow its earlier ones by more than the tolerance.

use std::error::Error;
use std::path::Path;
use std::time::Instant;

use clap::Args;
use motive::domain::{load_scenario, load_scenario_file, Loaded, Scenario};
use motive::sim::soak::{HeapTrend, IntervalReport, Soak, SoakRules, SoakWorld};

use crate::bench::heap;
use crate::run_options::{self, positive_seconds};

/// The scenarios a soak runs unless told otherwise: every brain, squads, a behaviour-tree
/// group and an arena that resets at a death.
const DEFAULT_MIX: [(&str, &str, Option<&str>); 7] = [
    (
        "hospital",
        include_str!("../../scenarios/hospital.json"),
        None,
    ),
    (
        "hospital",
        include_str!("../../scenarios/hospital.json"),
        Some("ubc"),
    ),
    (
        "guard_hebt",
        include_str!("../../scenarios/guard_hebt.json"),
        Some("planner"),
    ),
    (
        "adaptive_guards",
        include_str!("../../scenarios/adaptive_guards.json"),
        None,
    ),
    (
        "guard_watch",
        include_str!("../../scenarios/guard_watch.json"),
        None,
    ),
    (
        "squad_drill",
        include_str!("../../scenarios/squad_drill.json"),
        None,
    ),
    (
        "wizard_arena",
        include_str!("../../scenarios/wizard_arena.json"),
        None,
    ),
];

/// Growth of the heap's steady high-water mark always allowed (allocator noise in small runs),
/// beside `--heap-growth`.
const HEAP_SLACK: isize = 256 << 10;

/// Arguments of `motive soak`.
#[derive(Args)]
pub struct SoakArgs {
    /// Scenario files, each optionally `FILE:VARIANT`; the NPCs are shared among them
    /// [default: the hospital (mixed brains, and its `ubc` variant), guard_hebt's `planner`,
    /// adaptive_guards, guard_watch, squad_drill and wizard_arena, embedded].
    #[arg(value_name = "SCENARIO")]
    scenarios: Vec<String>,
    /// NPCs in all, shared evenly among the scenarios (whole copies of each, counting the NPCs
    /// its spawn rules keep alive at most).
    #[arg(long, value_name = "N", default_value_t = 500,
          value_parser = clap::value_parser!(u32).range(1..))]
    npcs: u32,
    /// Simulated hours to run (instead of --minutes).
    #[arg(long, value_name = "H", value_parser = positive_seconds, conflicts_with = "minutes")]
    hours: Option<f64>,
    /// Simulated minutes to run.
    #[arg(long, value_name = "M", default_value_t = 10.0, value_parser = positive_seconds)]
    minutes: f64,
    /// Simulated seconds between checks [default: a tenth of the run, at most 10 minutes].
    #[arg(long, value_name = "SECONDS", value_parser = positive_seconds)]
    interval: Option<f64>,
    /// Simulated seconds of warm-up, whose heap is noted but not judged: buffers grow to the
    /// largest decision and search, supplies run out, queues fill [default: a fifth of the
    /// run, in whole intervals].
    #[arg(long, value_name = "SECONDS", value_parser = positive_seconds)]
    warm_up: Option<f64>,
    /// Growth allowed of the heap's high-water mark over the later half of the steady
    /// intervals, over the earlier half's, in percent. The heap swings with the load; a leak
    /// raises every later peak.
    #[arg(long, value_name = "PERCENT", default_value_t = 10.0)]
    heap_growth: f64,
    /// Seed of every world (the chaos and the game's draws follow from it).
    #[arg(long, value_name = "K", default_value_t = 1)]
    seed: u64,
    /// Threads each world's ticks think on, the soak's included (1 to 64): the chaos then
    /// meets thinks decided ahead, in ticks with enough of them due (256).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = run_options::think_threads())]
    think_threads: u32,
}

/// Runs the soak, printing a line per interval; an error at the first breach.
pub fn execute(args: SoakArgs) -> Result<(), Box<dyn Error>> {
    let seconds = args.hours.map_or(args.minutes * 60.0, |h| h * 3600.0);
    let interval = args
        .interval
        .unwrap_or((seconds / 10.0).min(600.0))
        .min(seconds);
    let before = heap::live_bytes();
    let worlds = load_worlds(&args)?;
    let census: Vec<String> = (worlds.iter())
        .map(|w| format!("{} {}", w.name, w.world.npc_count()))
        .collect();
    let rules = SoakRules::default();
    let mut soak = Soak::new(worlds, rules)?;
    println!(
        "soak: {} NPCs, {:.2} h of game time, checks every {interval} s, seed {}, {} think thread(s)",
        args.npcs,
        seconds / 3600.0,
        args.seed,
        args.think_threads
    );
    println!("worlds (NPCs at the start): {}", census.join(", "));
    println!(
        "chaos: reports lost {:.0} %, held {:.0} % (up to {} s), failed {:.0} %; engine timeout {} s; \
         entities replaced {} and moved {} per entity and second",
        rules.chaos.lose * 100.0,
        rules.chaos.delay * 100.0,
        rules.chaos.max_delay,
        rules.chaos.fail * 100.0,
        rules.engine_timeout,
        rules.havoc.replace,
        rules.havoc.moves
    );
    let warm_up = args.warm_up.unwrap_or(seconds / 5.0);
    let warm_up_intervals = (warm_up / interval - 1e-9).ceil().max(0.0) as usize;
    println!(
        "heap: warm-up {} interval(s); then the later half's peak within {} % of the earlier half's",
        warm_up_intervals, args.heap_growth
    );
    let mut trend = HeapTrend::new(warm_up_intervals, args.heap_growth / 100.0, HEAP_SLACK);
    let started = Instant::now();
    let mut done = 0.0;
    while done < seconds - 1e-9 {
        let length = interval.min(seconds - done);
        let report = soak.run_interval(length)?;
        done += length;
        let bytes = heap::live_bytes() - before;
        let verdict = trend.note(bytes);
        println!(
            "{}",
            line(&report, bytes, &trend, started.elapsed().as_secs_f64())
        );
        verdict?;
    }
    println!(
        "soak: every check held; heap at most {} in the warm-up, {} after it (from {})",
        megabytes(trend.warm_up_peak()),
        megabytes(trend.steady_peak()),
        megabytes(trend.baseline().unwrap_or(0))
    );
    Ok(())
}

/// Every scenario of the mix instantiated for its share of the NPCs, named for the messages.
fn load_worlds(args: &SoakArgs) -> Result<Vec<SoakWorld>, Box<dyn Error>> {
    let mix: Vec<(String, Scenario, Option<String>)> = if args.scenarios.is_empty() {
        DEFAULT_MIX
            .iter()
            .map(|&(name, text, variant)| {
                let Loaded { value, .. } = load_scenario(text, None)?;
                Ok((name.to_owned(), value, variant.map(str::to_owned)))
            })
            .collect::<Result<_, Box<dyn Error>>>()?
    } else {
        args.scenarios
            .iter()
            .map(|spec| {
                let (file, variant) = match spec.rsplit_once(':') {
                    Some((file, variant)) => (file, Some(variant.to_owned())),
                    None => (spec.as_str(), None),
                };
                let Loaded { value, warnings } = load_scenario_file(Path::new(file))?;
                for warning in &warnings {
                    eprintln!("motive: {file}: {warning}");
                }
                Ok((file.to_owned(), value, variant))
            })
            .collect::<Result<_, Box<dyn Error>>>()?
    };
    let share = (args.npcs / mix.len() as u32).max(1);
    mix.into_iter()
        .map(|(name, scenario, variant)| {
            let (name, scenario) = match variant {
                Some(variant) => (
                    format!("{name}:{variant}"),
                    scenario.with_variant(&variant)?,
                ),
                None => (name, scenario),
            };
            // Copies enough for the share, spawned NPCs counted (the wizard arena's antlions).
            let copies = match scenario.most_npcs_per_copy() as u32 {
                0 => 1,
                per => share.div_ceil(per),
            };
            let mut instance = scenario.instantiate_copies(copies, Some(args.seed))?;
            instance.world.set_think_threads(args.think_threads)?;
            Ok(SoakWorld {
                name,
                world: instance.world,
                rules: instance.rules,
            })
        })
        .collect()
}

/// One interval's line: game time, population, churn, the engine's reports, the audit, the
/// heap and its change since the first steady interval (none in the warm-up), wall time.
fn line(report: &IntervalReport, bytes: isize, trend: &HeapTrend, wall: f64) -> String {
    let s = &report.stats;
    let change = match trend.baseline() {
        Some(b) => format!("{:+.2} %", (bytes - b) as f64 / b as f64 * 100.0),
        None => "warm-up".to_owned(),
    };
    format!(
        "{:>9}  npcs {} objects {}  created {} destroyed {}  performed {} failed {} held {} lost {} stale {}  \
         checked {} entities {} minds {} engine actions  ahead {}  heap {} ({change})  wall {wall:.1} s",
        clock(report.time),
        report.npcs,
        report.objects,
        report.created,
        report.destroyed,
        s.actions_performed,
        s.actions_failed,
        s.reports_held,
        s.reports_lost,
        s.stale_reports,
        report.audit.entities,
        report.audit.npcs,
        report.audit.engine_actions,
        report.decided_ahead,
        megabytes(bytes),
    )
}

/// Game time as h:mm:ss.
fn clock(seconds: f64) -> String {
    let s = seconds.round() as u64;
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

fn megabytes(bytes: isize) -> String {
    format!("{:.2} MB", bytes as f64 / 1e6)
}

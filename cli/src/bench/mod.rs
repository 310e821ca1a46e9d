//! `motive bench`: the decision systems of Sloan et al. 2011 on their hospital, measured as the
//! thesis measures them (Khoo and Zubek's time per NPC decision and NPCs in 10 % of a core),
//! then swept over NPCs, objects, actions and threads, with memory and allocations.

mod chart;
mod controllers;
mod fresh_processes;
mod fsm;
mod fsm_tuning;
mod guards;
pub mod heap;
mod hospital;
mod huge_pages;
mod machine_ceiling;
mod median;
mod need_watch;
mod on_cpu;
mod ordering;
mod performing;
mod population;
mod protocol;
mod report;
mod rounds;
mod saves;
mod squads;
mod sweep;
mod think_threads;
mod window;

use std::collections::HashMap;
use std::error::Error;
use std::io::IsTerminal;
use std::path::PathBuf;

use clap::builder::PossibleValuesParser;
use clap::Args;

use crate::run_options;
use controllers::CONTROLLERS;
use fresh_processes::Points;
use protocol::{Pending, Protocol};
use report::Row;

/// Where the CSV goes when `--csv` is not given.
const DEFAULT_CSV: &str = "target/motive-bench.csv";

/// `motive bench`'s arguments.
#[derive(Args)]
pub struct BenchArgs {
    /// One short run per point (1 s warm-up, 10 s window) instead of five full ones: a lighter
    /// span of the shift, about a quarter cheaper per decision; quote full runs for targets.
    #[arg(long)]
    quick: bool,
    /// Controllers to measure [default: all].
    #[arg(long, value_name = "LIST", value_delimiter = ',', value_parser = controller_labels())]
    controllers: Vec<String>,
    /// NPC counts of the NPC sweep (thinking NPCs; whole copies of the hospital, 16 each);
    /// `--npcs` alone skips the axis.
    #[arg(long, value_name = "LIST", value_delimiter = ',', num_args = 0.., default_values_t = [32, 1_000, 10_000, 50_000], value_parser = clap::value_parser!(u32).range(1..))]
    npcs: Vec<u32>,
    /// Thread counts of the NPC sweep: the population split into that many worlds, each
    /// stepped on its own thread.
    #[arg(long, value_name = "LIST", value_delimiter = ',', num_args = 0.., default_values_t = [1, 2], value_parser = clap::value_parser!(u32).range(1..=64))]
    threads: Vec<u32>,
    /// Irrelevant smart objects added per copy, at the base point (32 NPCs); `--objects`
    /// alone skips the axis.
    #[arg(long, value_name = "LIST", value_delimiter = ',', num_args = 0.., default_values_t = [16, 1_000, 10_000], value_parser = clap::value_parser!(u32).range(1..))]
    objects: Vec<u32>,
    /// Irrelevant actions added to every thinking archetype, at the base point; `--actions`
    /// alone skips the axis.
    #[arg(long, value_name = "LIST", value_delimiter = ',', num_args = 0.., default_values_t = [4, 12, 36], value_parser = clap::value_parser!(u32).range(1..))]
    actions: Vec<u32>,
    /// Runs per point, at least (see --min-thinks), at most 64; with three or more the best and
    /// worst are dropped, with eight or more the best and worst quarter [default: 5, 1 with
    /// --quick]. With --think-threads: rounds, each measuring every thread count once
    /// [default: 3, 1 with --quick].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=i64::from(protocol::MAX_RUNS)))]
    runs: Option<u32>,
    /// Simulated seconds before the measured window [default: 5, 1 with --quick].
    #[arg(long, value_name = "SECONDS", value_parser = run_options::seconds)]
    warmup: Option<f64>,
    /// Simulated seconds of the measured window, the same at every point (the paper's 4
    /// minutes are 240) [default: 60, 10 with --quick].
    #[arg(long, value_name = "SECONDS", value_parser = run_options::positive_seconds)]
    seconds: Option<f64>,
    /// Fewest NPC thinks a point measures over its runs: a small population, whose window
    /// holds few thinks (32 NPCs think 1,600 times in --quick's 10 s), takes more runs, up to
    /// 64, so that its figure is not one short window's luck.
    #[arg(long, value_name = "N", default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    min_thinks: u64,
    /// Seed of the first run; run k uses seed + k.
    #[arg(long, value_name = "K", default_value_t = 1)]
    seed: u64,
    /// Where to write the CSV.
    #[arg(long, value_name = "FILE", default_value = DEFAULT_CSV)]
    csv: PathBuf,
    /// Also write an SVG chart of CPU µs per decision against NPC count.
    #[arg(long, value_name = "FILE")]
    plot: Option<PathBuf>,
    /// Also measure each brain at its target population (ubc 20,000, goap 14,000, udgoap
    /// 5,000 NPCs, one thread) and say whether that many fit in 10 % of a core.
    #[arg(long)]
    targets: bool,
    /// Measure hinted behaviour trees instead: Ocio's guards with 0, 1 and 3 hint layers at
    /// each `--npcs` count, and the cost of a hint change.
    #[arg(long)]
    bt: bool,
    /// Measure squads instead: this many squads of four drilling room clearing
    /// (scenarios/squad_drill.json), µs per squad and per member think, allocations per step.
    #[arg(long, value_name = "N", num_args = 1.., value_delimiter = ',')]
    squads: Vec<u32>,
    /// Measure saving and loading instead: the hospital at each population given (NPCs),
    /// bytes per NPC, ms per save and load, MB/s.
    #[arg(long, value_name = "NPCS", num_args = 1.., value_delimiter = ',')]
    saves: Vec<u32>,
    /// Measure parallel think instead: each brain's hospital at each `--npcs` count in one
    /// world, thinking on each of these thread counts (`WorldConfig::think_threads`); tick and
    /// process-CPU µs per decision, the speedup over one thread (the median of `--runs`
    /// rounds' paired speedups, with their range), the on-CPU share.
    #[arg(long, value_name = "LIST", num_args = 1.., value_delimiter = ',', value_parser = clap::value_parser!(u32).range(1..=64))]
    think_threads: Vec<u32>,
    /// Run on 2 MB pages (Linux, glibc): runs the bench again with malloc's tunables asking for
    /// transparent huge pages, as an engine or server on Linux would set them; the page size
    /// is stated with the machine either way.
    #[arg(long)]
    huge_pages: bool,
    /// Processes that measure the base point (32 NPCs), this one included: the others are
    /// fresh ones, run between the rounds with the same protocol and seeds; the scaling
    /// verdict and the targets' "× base" divide by the median of their figures (a world that
    /// fits in the caches costs ±20 % from one process to the next on a shared VM). 1 measures
    /// it here alone.
    #[arg(long, value_name = "N", default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=i64::from(fresh_processes::MAX_PROCESSES)))]
    base_processes: u32,
    /// Processes that measure the target points (`--targets`), this one included, as
    /// `--base-processes` does the base point: each target's verdict is taken on the median of
    /// their figures (UDGOAP at 5,008 NPCs read 3.28-4.21 µs in six processes in a row). 1
    /// measures them here alone.
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=i64::from(fresh_processes::MAX_PROCESSES)))]
    target_processes: u32,
}

fn controller_labels() -> PossibleValuesParser {
    PossibleValuesParser::new(CONTROLLERS.iter().map(|c| c.label))
}

/// Runs `args`.
pub fn execute(args: BenchArgs) -> Result<(), Box<dyn Error>> {
    huge_pages::run_again_if_asked(args.huge_pages)?;
    if args.bt {
        return guards::run(&args.npcs, args.quick);
    }
    if !args.saves.is_empty() {
        return saves::run(&args.saves);
    }
    if !args.squads.is_empty() {
        return squads::run(&args.squads, args.quick);
    }
    if !args.think_threads.is_empty() {
        let controllers = controllers::chosen(&args.controllers);
        return think_threads::run(
            &controllers,
            &args.npcs,
            &args.think_threads,
            args.quick,
            args.seed,
            args.runs.unwrap_or(if args.quick { 1 } else { 3 }),
        );
    }
    let protocol = Protocol {
        runs: args.runs.unwrap_or(if args.quick { 1 } else { 5 }),
        warmup: args.warmup.unwrap_or(if args.quick { 1.0 } else { 5.0 }),
        seconds: args.seconds.unwrap_or(if args.quick { 10.0 } else { 60.0 }),
        min_thinks: args.min_thinks as f64,
        seed: args.seed,
    };
    let controllers = controllers::chosen(&args.controllers);
    // Each point with the controllers measured there: every controller at every sweep point,
    // then each at its target.
    let sweep = sweep::points(&args.npcs, &args.threads, &args.objects, &args.actions);
    let mut groups: Vec<_> = sweep.iter().map(|&p| (p, controllers.clone())).collect();
    if args.targets {
        groups.extend(
            controllers
                .iter()
                .filter_map(|&c| Some((sweep::target(c.target?), vec![c]))),
        );
    }
    if groups.is_empty() {
        return Err("nothing to measure: every axis was skipped".into());
    }
    // Written at once, so that a bad path fails before a long run.
    let plot_file = args
        .plot
        .as_deref()
        .map(|p| std::fs::File::create(p).map_err(|e| format!("{}: {e}", p.display())))
        .transpose()?;
    // Everything is loaded and checked before anything is measured.
    let mut jobs = Vec::new();
    for (point, group) in groups {
        let mut doc = hospital::document();
        hospital::add_clutter(&mut doc, point.extra_objects)?;
        hospital::add_chores(&mut doc, point.extra_actions)?;
        for controller in group {
            let prepared = controller.prepare(&doc)?;
            let worlds = protocol::split(&prepared, point.npcs, point.threads)?;
            jobs.push((controller, point, prepared, worlds));
        }
    }
    // The base and target points again in fresh processes, spread between the rounds
    // (`fresh_processes.rs`): each kind with its controllers and its number of processes.
    let fresh: Vec<(Points, Vec<&str>, u32)> = [
        (Points::Base, args.base_processes),
        (Points::Targets, args.target_processes),
    ]
    .into_iter()
    .filter_map(|(points, processes)| {
        let labels: Vec<&str> = jobs
            .iter()
            .filter(|(_, point, _, _)| Points::of(point) == Some(points))
            .map(|(controller, _, _, _)| controller.label)
            .collect();
        (!labels.is_empty() && processes > 1).then_some((points, labels, processes - 1))
    })
    .collect();
    let runs = match protocol.runs {
        1 => "1 run per point".to_string(),
        n if n >= 3 => format!("{n} runs per point, the best and worst dropped"),
        n => format!("{n} runs per point"),
    };
    let elsewhere_note: String = fresh
        .iter()
        .map(|(points, _, children)| {
            format!(
                "; {} also in {children} fresh process(es) between the rounds",
                points.name()
            )
        })
        .collect();
    println!(
        "motive bench: the hospital of Sloan et al. 2011; {runs}, taken in rounds (run k of every point in round k, the points' order alternating){elsewhere_note}; {} s warm-up; the same {} s window at every point",
        protocol.warmup, protocol.seconds
    );
    println!(
        "machine: {}; pages: {}",
        crate::machine::describe(),
        huge_pages::describe(None)
    );
    println!("NPCs are thinking NPCs only (nurses, doctors, visitors): patients and objects make no decisions. µs/dec = controller wall time ÷ (NPCs × thinks per NPC at 0.2 s), threads summed; wall µs = the slowest thread's; cpu µs = µs/dec × each thread's on-CPU share (the machine's other work left out), which NPCs in 10% uses; alloc/t = allocations per step in the window (buffers still growing to their high-water marks count).");
    for c in &controllers {
        println!("  {:<10} {}", c.label, c.about);
    }
    println!();
    protocol::prime()?;
    let show_progress = std::io::stderr().is_terminal();
    let mut pending: Vec<Pending> = jobs
        .iter()
        .map(|(_, _, prepared, worlds)| Pending::new(prepared, worlds, &protocol))
        .collect();
    let mut elsewhere: Vec<(Points, HashMap<String, f64>)> = Vec::new();
    // Run k of every point in round k (`rounds.rs`).
    let rounds = pending.iter().map(Pending::run_count).max().unwrap_or(0);
    for round in 0..rounds {
        for i in rounds::order(jobs.len(), round) {
            if round >= pending[i].run_count() {
                continue;
            }
            let (controller, point, prepared, worlds) = &jobs[i];
            if show_progress {
                eprintln!(
                    "measuring {} at {} NPCs, +{} objects, +{} actions, {} thread(s): round {} of {rounds}",
                    controller.label,
                    point.npcs,
                    point.extra_objects,
                    point.extra_actions,
                    point.threads,
                    round + 1
                );
            }
            pending[i].run(prepared, worlds, &protocol, round)?;
        }
        for (points, labels, children) in &fresh {
            for child in 0..*children {
                if fresh_processes::after_round(child, *children, rounds) == round + 1 {
                    if show_progress {
                        eprintln!(
                            "measuring {} in a fresh process: {} of {children}",
                            points.name(),
                            child + 1
                        );
                    }
                    let figures = fresh_processes::measure(*points, labels, &protocol, child)?;
                    elsewhere.push((*points, figures));
                }
            }
        }
    }
    let rows: Vec<Row> = jobs
        .into_iter()
        .zip(pending)
        .map(|((controller, point, prepared, _), pending)| {
            let measured = pending.measured(&prepared);
            let mut processes = vec![measured.budget_us()];
            let again = Points::of(&point);
            processes.extend(
                elsewhere
                    .iter()
                    .filter(|(points, _)| Some(*points) == again)
                    .filter_map(|(_, figures)| figures.get(controller.label)),
            );
            Row {
                controller,
                point,
                measured,
                processes,
            }
        })
        .collect();
    report::print_table(&rows);
    report::print_table_4_1(&rows);
    report::print_scaling(&rows);
    report::print_targets(&rows);
    report::write_csv(&args.csv, &rows)?;
    let huge = rows.iter().filter_map(|r| r.measured.huge_page_bytes).max();
    println!("\npages: {}", huge_pages::describe(huge));
    println!("csv: {}", args.csv.display());
    if let (Some(mut file), Some(path)) = (plot_file, args.plot.as_deref()) {
        use std::io::Write;
        file.write_all(chart::render(&rows).as_bytes())?;
        println!("plot: {}", path.display());
    }
    Ok(())
}

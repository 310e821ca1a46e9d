//! `motive`: run NPC scenarios headless from the command line.

mod default_scenario;

use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};
use motive::sim::{SimRules, Simulator};

/// Drive-based NPC decision making, headless.
#[derive(Parser)]
#[command(name = "motive", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the embedded default scenario and print a summary.
    Run {
        /// Number of households (one resident NPC each).
        #[arg(long, default_value_t = 32)]
        npcs: u32,
        /// Simulated seconds to run.
        #[arg(long, default_value_t = 180.0)]
        seconds: f64,
        /// World seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Simulation step in seconds.
        #[arg(long, default_value_t = 0.05)]
        step: f64,
    },
}

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Run {
            npcs,
            seconds,
            seed,
            step,
        } => {
            let mut scenario = match default_scenario::build(npcs, seed) {
                Ok(scenario) => scenario,
                Err(error) => return fail(&error),
            };
            let rules = SimRules {
                step,
                ..SimRules::new(&scenario.household.domain)
            };
            let mut engine = match Simulator::new(rules, &scenario.world) {
                Ok(engine) => engine,
                Err(error) => return fail(&error),
            };
            let started = Instant::now();
            match engine.run(&mut scenario.world, seconds, &mut ()) {
                Ok(summary) => {
                    let wall = started.elapsed();
                    println!(
                        "motive {} — default scenario: the household (thesis ch. 5), UDGOAP",
                        motive::ffi::version::crate_version()
                    );
                    println!("{:<20} {:>12}", "seed", seed);
                    println!("{:<20} {:>12}", "npcs", summary.npcs);
                    println!("{:<20} {:>12}", "smart objects", summary.objects);
                    println!("{:<20} {:>12}", "ticks", summary.ticks);
                    println!("{:<20} {:>12.2}", "simulated s", summary.simulated_seconds);
                    println!("{:<20} {:>12.3}", "wall ms", wall.as_secs_f64() * 1e3);
                    let lowest: Vec<f64> = scenario
                        .residents
                        .iter()
                        .filter_map(|&r| scenario.household.lowest_drive(&scenario.world, r).ok())
                        .collect();
                    let satisfied = lowest.iter().filter(|&&l| l > 90.0).count();
                    println!(
                        "{:<20} {:>12}",
                        "all drives > 90",
                        format!("{satisfied}/{}", lowest.len())
                    );
                    if let Some(&first) = scenario.residents.first() {
                        explain(&scenario, first);
                    }
                    ExitCode::SUCCESS
                }
                Err(error) => fail(&error),
            }
        }
    }
}

/// Prints the first resident's drives and its last decision: why it does what it does.
fn explain(scenario: &default_scenario::Scenario, resident: motive::core::Entity) {
    let domain = &scenario.household.domain;
    let Ok(mind) = scenario.world.mind(resident) else {
        return;
    };
    println!();
    println!("resident 1 drives:");
    for drive in &mind.drives {
        println!(
            "  {:<18} {:>6.2}",
            domain.drives().name(drive.drive.0),
            drive.satisfaction
        );
    }
    let ex = &mind.explanation;
    println!(
        "last decision at {:.1} s: {} candidates, {} expanded, {} duplicates dropped",
        ex.time,
        ex.candidates.len(),
        ex.stats.expanded,
        ex.stats.duplicates
    );
    let plan: Vec<&str> = mind
        .plan
        .iter()
        .map(|s| domain.actions().name(s.action.0))
        .collect();
    println!("plan: {}", plan.join(" -> "));
    if let Some(focus) = ex.focus {
        println!(
            "for: {} ({:.2} -> {:.2})",
            domain.goals().name(focus.goal.0),
            focus.before,
            focus.after
        );
    }
}

fn fail(error: &motive::core::Error) -> ExitCode {
    eprintln!("motive: {error}");
    ExitCode::FAILURE
}

//! `motive`: run NPC scenarios headless from the command line.

mod default_scenario;

use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};
use motive::sim::run_fixed_step;

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
        /// Number of NPCs to spawn.
        #[arg(long, default_value_t = 32)]
        npcs: u32,
        /// Simulated seconds to run.
        #[arg(long, default_value_t = 60.0)]
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
            let mut world = match default_scenario::build(npcs, seed) {
                Ok(world) => world,
                Err(error) => return fail(&error),
            };
            let started = Instant::now();
            match run_fixed_step(&mut world, seconds, step) {
                Ok(summary) => {
                    let wall = started.elapsed();
                    println!(
                        "motive {} — default scenario",
                        motive::ffi::version::crate_version()
                    );
                    println!("{:<20} {:>12}", "seed", seed);
                    println!("{:<20} {:>12}", "npcs", summary.npcs);
                    println!("{:<20} {:>12}", "smart objects", summary.objects);
                    println!("{:<20} {:>12}", "ticks", summary.ticks);
                    println!("{:<20} {:>12.2}", "simulated s", summary.simulated_seconds);
                    println!("{:<20} {:>12.3}", "wall ms", wall.as_secs_f64() * 1e3);
                    ExitCode::SUCCESS
                }
                Err(error) => fail(&error),
            }
        }
    }
}

fn fail(error: &motive::core::Error) -> ExitCode {
    eprintln!("motive: {error}");
    ExitCode::FAILURE
}

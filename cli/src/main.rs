//! `motive`: run NPC scenarios headless from the command line, record what they do, and
//! explain why they do it.

mod bench;
mod bt_explanation;
mod candidate_plan;
mod claim_log;
mod compare_command;
mod drive_samples;
mod explain_command;
mod explanation;
#[cfg(test)]
mod explanation_truth;
mod history_listing;
mod loaded_run;
mod machine;
mod memory_budget;
mod npc_levels;
mod progress;
mod recorder;
mod roster;
mod run_command;
mod run_options;
mod run_save;
mod sample_clock;
mod soak_command;
mod squad_explanation;
mod summary;
mod svg_chart;
mod trace;
mod trace_counters;
mod trace_repeats;
mod validate_command;
mod wording;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Drive-based NPC decision making, headless.
#[derive(Parser)]
#[command(name = "motive", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Counts heap bytes and allocations for `bench`.
#[global_allocator]
static HEAP: bench::heap::Counting = bench::heap::Counting;

#[derive(Subcommand)]
enum Command {
    /// Run a scenario and print a summary; optionally record a trace and a drive chart.
    Run(run_command::RunArgs),
    /// Run a scenario as several variants and compare their measures of success side by side,
    /// with the figures the scenario cites (the household's udgoap,goap is thesis Table 5.2).
    Compare(compare_command::CompareArgs),
    /// Run a scenario to a moment and explain why one NPC chose what it chose.
    Explain(explain_command::ExplainArgs),
    /// Check domain or scenario files: every error and lint warning of each; exit code 1 when
    /// any has errors.
    Validate(validate_command::ValidateArgs),
    /// Measure FSM and motive's brains on the hospital: µs per NPC decision, NPCs in 10 % of a
    /// core, memory and allocations, swept over NPCs, objects, actions and threads.
    Bench(bench::BenchArgs),
    /// Run scenarios for minutes or hours of game time under a misbehaving engine and game,
    /// checking the invariants and that memory stays flat at every interval.
    Soak(soak_command::SoakArgs),
}

fn main() -> ExitCode {
    end_quietly_on_a_closed_pipe();
    let result = match Cli::parse().command {
        Command::Run(args) => run_command::execute(args),
        Command::Compare(args) => compare_command::execute(args),
        Command::Explain(args) => explain_command::execute(args),
        Command::Validate(args) => validate_command::execute(args),
        Command::Bench(args) => bench::execute(args),
        Command::Soak(args) => soak_command::execute(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("motive: {error}");
            ExitCode::FAILURE
        }
    }
}

/// Lets `motive … | head` end as Unix tools do, silently at the first write to the closed
/// pipe: Rust starts programs ignoring SIGPIPE, and every print to a closed pipe then panics.
fn end_quietly_on_a_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: `signal` with SIG_DFL installs no handler, only the default disposition, and runs
    // first thing in `main`, before any other thread exists to race with it.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

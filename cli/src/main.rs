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
    /// Run scenarios for hours of game time under chaos, checking invariants and flat memory
    ///
    /// The engine misbehaves (reports lost, held back, failed) and the game destroys, replaces
    /// and moves entities; at every interval the invariants are checked and the heap noted.
    /// `cargo test` runs a short soak (cli/tests/soak.rs: 140 NPCs, five minutes of game
    /// time, seconds of wall time). The long one is on demand, on a release build; 10,000 NPCs
    /// for an hour of game time take some minutes of wall time:
    ///
    ///     cargo run --release -p motive-cli -- soak --npcs 10000 --hours 1
    ///
    /// Memory is judged after the warm-up (--warm-up): the heap may swing with the load, but
    /// the later half of the steady intervals must not peak higher than the earlier half by
    /// more than --heap-growth.
    #[command(verbatim_doc_comment)]
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

//! `motive explain`: runs a scenario to a moment, then explains why one NPC chose what it
//! chose.

use std::error::Error;

use clap::Args;
use motive::sim::Measurement;

use crate::claim_log::{ClaimLog, LostClaim};
use crate::explanation;
use crate::history_listing;
use crate::progress::Progress;
use crate::recorder::Recorder;
use crate::roster::Roster;
use crate::run_options::{self, RunOptions};
use motive::core::world::history::MAX_HISTORY_ENTRIES;

/// `motive explain`'s own arguments.
#[derive(Args)]
pub struct ExplainArgs {
    #[command(flatten)]
    options: RunOptions,
    /// The NPC: its number in spawn order (from 1, as trace tracks show it) or its name; a
    /// squad by its name.
    #[arg(long, value_name = "ID")]
    npc: String,
    /// Simulated seconds to run before explaining.
    #[arg(long, value_name = "SECONDS", value_parser = run_options::seconds, required_unless_present = "to", conflicts_with_all = ["from", "to"])]
    at: Option<f64>,
    /// List the NPC's decisions and events from this moment (with --to) instead of explaining
    /// the last one [default: 0].
    #[arg(long, value_name = "SECONDS", value_parser = run_options::seconds, requires = "to")]
    from: Option<f64>,
    /// Run to this moment and list the decisions and events of the window (history on).
    #[arg(long, value_name = "SECONDS", value_parser = run_options::seconds)]
    to: Option<f64>,
}

/// Runs `args`.
pub fn execute(args: ExplainArgs) -> Result<(), Box<dyn Error>> {
    let mut run = args.options.load()?;
    let until = args.to.or(args.at).expect("clap requires one");
    let window = args.to.map(|to| (args.from.unwrap_or(0.0), to));
    if window.is_some() {
        run.world.set_history(MAX_HISTORY_ENTRIES)?;
    }
    let start = run.world.time();
    let mut recorder = Recorder {
        roster: Roster::new(&run.world, &run.names),
        trace: None,
        drives: None,
        claims: Some(ClaimLog::default()),
        measures: Measurement::new(run.measures.clone(), &run.world),
        progress: Progress::new(start, until),
    };
    let ran = run.simulate(until, &mut recorder);
    recorder.progress.finish();
    ran?;
    let roster = &recorder.roster;
    let world = &run.world;
    let npc = roster.find(&args.npc).ok_or_else(|| {
        format!(
            "no NPC {:?}: NPCs are numbered 1 to {} in spawn order, or named as in the scenario",
            args.npc,
            roster.npcs().len()
        )
    })?;
    if !world.is_alive(npc) {
        return Err(format!(
            "NPC {:?} no longer exists at {:.2} s",
            args.npc,
            world.time()
        )
        .into());
    }
    if let Some((from, to)) = window {
        print!("{}", history_listing::window(world, roster, npc, from, to));
        return Ok(());
    }
    let claims = recorder.claims.as_ref().expect("recorded above");
    let lost: Vec<&LostClaim> = claims.lost.iter().filter(|c| c.npc == npc).collect();
    print!("{}", explanation::full(world, roster, npc, &lost));
    Ok(())
}

//! `motive explain`: runs a scenario to a moment, then explains why one NPC chose what it
//! chose.

use std::error::Error;

use clap::Args;

use crate::claim_log::{ClaimLog, LostClaim};
use crate::explanation;
use crate::progress::Progress;
use crate::recorder::Recorder;
use crate::roster::Roster;
use crate::run_options::{self, RunOptions};

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
    #[arg(long, value_name = "SECONDS", value_parser = run_options::seconds)]
    at: f64,
}

/// Runs `args`.
pub fn execute(args: ExplainArgs) -> Result<(), Box<dyn Error>> {
    let mut run = args.options.load()?;
    let start = run.world.time();
    let mut recorder = Recorder {
        roster: Roster::new(&run.world, &run.names),
        trace: None,
        drives: None,
        claims: Some(ClaimLog::default()),
        progress: Progress::new(start, args.at),
    };
    let ran = run.simulate(args.at, &mut recorder);
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
    let claims = recorder.claims.as_ref().expect("recorded above");
    let lost: Vec<&LostClaim> = claims.lost.iter().filter(|c| c.npc == npc).collect();
    print!("{}", explanation::full(world, roster, npc, &lost));
    Ok(())
}

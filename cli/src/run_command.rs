//! `motive run`: runs a scenario, optionally recording a trace and a drive chart, and prints
//! a summary.

use std::error::Error;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;

use clap::Args;
use motive::sim::Measurement;

use crate::drive_samples::{self, DriveSamples};
use crate::progress::Progress;
use crate::recorder::Recorder;
use crate::roster::Roster;
use crate::run_options::{self, RunOptions};
use crate::run_save;
use crate::trace::{self, Trace};
use crate::{summary, svg_chart};

/// `motive run`'s own arguments.
#[derive(Args)]
pub struct RunArgs {
    #[command(flatten)]
    options: RunOptions,
    /// Simulated seconds to run [default: the scenario's].
    #[arg(long, value_name = "SECONDS", value_parser = run_options::seconds)]
    seconds: Option<f64>,
    /// Write a Chrome Trace Event file (open it in Perfetto or chrome://tracing).
    #[arg(long, value_name = "FILE")]
    trace: Option<PathBuf>,
    /// NPCs given a track in the trace: the first ones in spawn order.
    #[arg(long, value_name = "N", default_value_t = trace::DEFAULT_TRACKS)]
    trace_npcs: usize,
    /// Write an SVG chart over time, a panel per NPC: its numeric needs on their attributes'
    /// range (whatever its brain), else its UDGOAP drive satisfaction (0–1); a dead NPC's lines
    /// end. NPCs with neither get no panel; when none has any, the chart says so.
    #[arg(long, value_name = "FILE")]
    plot: Option<PathBuf>,
    /// NPCs charted by --plot: the first ones in spawn order with needs or drives.
    #[arg(long, value_name = "N", default_value_t = drive_samples::DEFAULT_PANELS)]
    plot_npcs: usize,
    /// Save the run (world and simulator) to the --save file after this many simulated
    /// seconds, then go on.
    #[arg(long, value_name = "SECONDS", value_parser = run_options::seconds, requires = "save")]
    save_at: Option<f64>,
    /// Where --save-at writes the run.
    #[arg(long, value_name = "FILE", requires = "save_at")]
    save: Option<PathBuf>,
    /// Continue a run saved with --save (the same scenario, variant and NPC count): --seconds
    /// more of it.
    #[arg(long, value_name = "FILE")]
    load: Option<PathBuf>,
}

/// Runs `args`.
pub fn execute(args: RunArgs) -> Result<(), Box<dyn Error>> {
    let mut run = args.options.load()?;
    let mut measurement = None;
    if let Some(path) = &args.load {
        let saved = run_save::load(path, &run.world, run.measures.clone())?;
        // The fresh world still holds the saved serial: the loaded one names the same
        // entities under another.
        for (entity, _) in &mut run.names {
            *entity = saved.world.rebase(*entity);
        }
        run.world = saved.world;
        args.options.think_on_threads(&mut run.world)?;
        run.simulator = Some(saved.simulator);
        measurement = Some(saved.measurement);
    }
    let seconds = args.seconds.unwrap_or(run.rules.seconds);
    // Created before the run, so that a bad path fails at once, not after a long run.
    let trace_file = args.trace.as_deref().map(create).transpose()?;
    let plot_file = args.plot.as_deref().map(create).transpose()?;
    let start = run.world.time();
    let mut recorder = Recorder {
        roster: Roster::new(&run.world, &run.names),
        trace: trace_file
            .is_some()
            .then(|| Trace::new(args.trace_npcs, start)),
        drives: plot_file
            .is_some()
            .then(|| DriveSamples::new(args.plot_npcs, start)),
        claims: None,
        measures: measurement.unwrap_or_else(|| Measurement::new(run.measures.clone(), &run.world)),
        progress: Progress::new(start, seconds),
    };
    let ran = match (args.save_at, &args.save) {
        (Some(at), Some(path)) if at < seconds => {
            run.simulate(at, &mut recorder).and_then(|first| {
                let simulator = run
                    .simulator
                    .as_ref()
                    .expect("simulate keeps its simulator");
                let bytes = run_save::save(path, &mut run.world, simulator, &recorder.measures)?;
                eprintln!(
                    "motive: saved the run at {at:.2} s to {} ({bytes} bytes)",
                    path.display()
                );
                let rest = run.simulate(seconds - at, &mut recorder)?;
                let mut summary = rest.summary;
                summary.ticks += first.summary.ticks;
                Ok(crate::loaded_run::Ran {
                    wall: first.wall + rest.wall,
                    summary,
                    ..rest
                })
            })
        }
        (Some(at), _) => {
            Err(format!("--save-at {at} is not before the run's end ({seconds} s)").into())
        }
        _ => run.simulate(seconds, &mut recorder),
    };
    recorder.progress.finish();
    let ran = ran?;
    let Recorder {
        roster,
        trace,
        drives,
        measures,
        ..
    } = recorder;
    let world = &run.world;
    let measured = summary::Measured {
        measurement: &measures,
        variant: run.variant.as_deref(),
    };
    summary::print(&run.title, world, &roster, &ran, &measured);
    if let (Some(trace), Some(file)) = (trace, trace_file) {
        let mut out = BufWriter::new(file);
        trace.write(world, &roster, &run.title, &mut out)?;
        out.flush()?;
        let tracks = roster.npcs().len().min(args.trace_npcs);
        let path = args
            .trace
            .as_deref()
            .expect("a file means a path")
            .display();
        println!("\ntrace: {path} ({tracks} NPC tracks)");
    }
    if let (Some(mut drives), Some(mut file)) = (drives, plot_file) {
        drives.finish(world, &roster);
        let heading = drives.heading(&run.title, roster.npcs().len());
        let chart = svg_chart::render(&heading, &drives.chart_panels(), drive_samples::NOTHING);
        file.write_all(chart.as_bytes())?;
        let path = args.plot.as_deref().expect("a file means a path").display();
        match drives.panels().len() {
            0 => println!("plot: {path} ({})", drive_samples::NOTHING),
            1 => println!("plot: {path} (1 NPC panel)"),
            charted => println!("plot: {path} ({charted} NPC panels)"),
        }
    }
    Ok(())
}

fn create(path: &std::path::Path) -> Result<File, Box<dyn Error>> {
    File::create(path).map_err(|e| format!("{}: {e}", path.display()).into())
}

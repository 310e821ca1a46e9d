//! `motive compare SCENARIO --variants a,b`: runs the same scenario as each variant and prints
//! the runs side by side — each of the scenario's measures of success with the figure the
//! scenario cites for it, the ratio of each run to the first, measured and published — then
//! the simulator's counters. The household's `--variants udgoap,goap` is thesis Table 5.2.

use std::error::Error;
use std::path::PathBuf;

use clap::Args;
use motive::sim::measure::AS_WRITTEN;
use motive::sim::{Measure, MeasureValue, Measurement};

use crate::loaded_run::{self, Ran};
use crate::run_options;
use crate::summary::unit_suffix;
use crate::wording;

/// Most variants one comparison runs.
const MAX_VARIANTS: usize = 8;

/// `motive compare`'s arguments.
#[derive(Args)]
pub struct CompareArgs {
    /// Scenario file [default: the embedded household of thesis ch. 5].
    #[arg(value_name = "SCENARIO")]
    scenario: Option<PathBuf>,
    /// The variants to run, comma-separated, in column order (`as_written` for the scenario
    /// as written); ratios are to the first.
    #[arg(long, value_name = "A,B,...", value_delimiter = ',', required = true)]
    variants: Vec<String>,
    /// NPCs to run [default: the scenario's; the embedded household runs 32].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    npcs: Option<u32>,
    /// World seed [default: the scenario's].
    #[arg(long, value_name = "K")]
    seed: Option<u64>,
    /// Simulated seconds per run [default: the scenario's].
    #[arg(long, value_name = "SECONDS", value_parser = run_options::seconds)]
    seconds: Option<f64>,
}

/// One variant's run.
struct Column {
    name: String,
    measures: Vec<Measure>,
    values: Vec<MeasureValue>,
    ran: Ran,
}

/// Runs every variant and prints the comparison.
pub fn execute(args: CompareArgs) -> Result<(), Box<dyn Error>> {
    if args.variants.len() > MAX_VARIANTS {
        return Err(format!(
            "{} variants; a comparison runs at most {MAX_VARIANTS}",
            args.variants.len()
        )
        .into());
    }
    let mut title = String::new();
    let mut columns = Vec::with_capacity(args.variants.len());
    for name in &args.variants {
        let variant = (name != AS_WRITTEN).then_some(name.as_str());
        let mut run = loaded_run::load(args.scenario.as_deref(), variant, args.npcs, args.seed)?;
        let seconds = args.seconds.unwrap_or(run.rules.seconds);
        let mut measurement = Measurement::new(run.measures.clone(), &run.world);
        let ran = run.simulate(seconds, &mut measurement)?;
        if title.is_empty() {
            title = run.title.split(", variant").next().unwrap_or("").to_owned();
        }
        columns.push(Column {
            name: name.clone(),
            values: measurement.values(&run.world),
            measures: run.measures,
            ran,
        });
    }
    print!("{}", table(&title, &columns));
    Ok(())
}

/// The comparison as text.
fn table(title: &str, columns: &[Column]) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let _ = writeln!(out, "motive compare — {title}\n");
    let row = |out: &mut String, label: &str, cells: Vec<String>| {
        let _ = write!(out, "{label:<34}");
        for cell in cells {
            let _ = write!(out, " {cell:>14}");
        }
        let _ = writeln!(out);
    };
    row(
        &mut out,
        "",
        columns.iter().map(|c| c.name.clone()).collect(),
    );
    let first = &columns[0];
    for (m, measure) in first.measures.iter().enumerate() {
        let unit = unit_suffix(measure.kind.unit());
        let headline = |c: &Column| c.values[m].headline;
        let published = |c: &Column| c.measures[m].published_for(variant(&c.name));
        row(
            &mut out,
            &measure.name,
            columns.iter().map(|c| figure(headline(c), &unit)).collect(),
        );
        row(
            &mut out,
            &format!("  published{}", wording::source(&measure.source)),
            columns
                .iter()
                .map(|c| figure(published(c), &unit))
                .collect(),
        );
        let ratio = |value: &dyn Fn(&Column) -> Option<f64>| -> Vec<String> {
            columns
                .iter()
                .map(|c| match (value(c), value(first)) {
                    (Some(v), Some(base)) if base != 0.0 => format!("{:.2}", v / base),
                    _ => "-".to_owned(),
                })
                .collect()
        };
        row(
            &mut out,
            &format!("  ratio to {}", first.name),
            ratio(&headline),
        );
        let published_ratio = format!("  published ratio to {}", first.name);
        row(&mut out, &published_ratio, ratio(&published));
        for c in columns {
            let _ = writeln!(out, "  {}: {}", c.name, c.values[m].text);
        }
    }
    let counters: [Counter; 5] = [
        ("decisions", |r| r.stats.decisions.to_string()),
        ("plans", |r| r.stats.plans_adopted.to_string()),
        ("tick µs per decision made", |r| {
            r.stats
                .micros_per_decision()
                .map_or_else(|| "-".to_owned(), |us| format!("{us:.2}"))
        }),
        ("actions performed", |r| {
            r.stats.actions_performed.to_string()
        }),
        ("needs satisfied", |r| r.stats.needs_satisfied.to_string()),
    ];
    for (label, value) in counters {
        row(
            &mut out,
            label,
            columns.iter().map(|c| value(&c.ran)).collect(),
        );
    }
    out
}

/// A counter row: its label and how a run shows it.
type Counter = (&'static str, fn(&Ran) -> String);

/// The variant a column ran: `None` for the scenario as written.
fn variant(name: &str) -> Option<&str> {
    (name != AS_WRITTEN).then_some(name)
}

/// A headline value with its unit, or `-`.
fn figure(value: Option<f64>, unit: &str) -> String {
    value.map_or_else(|| "-".to_owned(), |v| format!("{v:.1}{unit}"))
}

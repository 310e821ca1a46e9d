//! The table `run` ends with, the scenario's measures of success, then the first NPC's last
//! decision in brief.

use motive::core::World;
use motive::sim::Measurement;

use crate::explanation;
use crate::loaded_run::Ran;
use crate::roster::Roster;
use crate::wording;

/// A run's measures of success and what to hold them against.
pub struct Measured<'a> {
    /// What was measured.
    pub measurement: &'a Measurement,
    /// The variant run (`None`: the scenario as written), whose published figures apply.
    pub variant: Option<&'a str>,
}

/// Prints the summary of a run of `title` to stdout.
pub fn print(title: &str, world: &World, roster: &Roster, ran: &Ran, measured: &Measured) {
    let (summary, stats) = (&ran.summary, &ran.stats);
    let per_decision = stats
        .micros_per_decision()
        .map_or_else(|| "-".to_owned(), |us| format!("{us:.2}"));
    let threads = world.think_threads();
    let mut rows = vec![
        ("seed", world.seed().to_string()),
        ("NPCs", summary.npcs.to_string()),
        ("smart objects", summary.objects.to_string()),
        ("ticks", summary.ticks.to_string()),
        ("simulated s", format!("{:.2}", summary.simulated_seconds)),
        ("decisions", stats.decisions.to_string()),
        ("plans", stats.plans_adopted.to_string()),
        ("think threads", threads.to_string()),
    ];
    if threads > 1 {
        // Whether the threads engaged: a tick decides ahead only with enough due thinks that
        // can (UDGOAP NPCs, UBC NPCs with nothing running).
        let ahead = world.parallel_stats();
        let decided = format!("{} ({} again)", ahead.decided_ahead, ahead.stale);
        rows.push(("thinks decided ahead", decided));
    }
    rows.extend([
        ("tick µs per decision made", per_decision),
        ("actions performed", stats.actions_performed.to_string()),
        ("actions failed", stats.actions_failed.to_string()),
        ("needs satisfied", stats.needs_satisfied.to_string()),
        ("wall ms", format!("{:.3}", ran.wall.as_secs_f64() * 1e3)),
        ("machine", crate::machine::describe()),
    ]);
    println!("motive {} — {title}", motive::ffi::version::crate_version());
    for (label, value) in rows {
        println!("{label:<26} {value:>12}");
    }
    print_measures(world, measured);
    if let Some(&first) = roster.npcs().first() {
        println!();
        print!("{}", explanation::brief(world, roster, first));
    }
}

/// The scenario's measures, each with its published figure when the scenario gives one for
/// the variant run.
fn print_measures(world: &World, measured: &Measured) {
    let measures = measured.measurement.measures();
    if measures.is_empty() {
        return;
    }
    println!("\nthe scenario's measures of success:");
    let values = measured.measurement.values(world);
    for (measure, value) in measures.iter().zip(values) {
        let published = match measure.published_for(measured.variant) {
            Some(figure) => format!(
                "  (published {figure}{}{})",
                unit_suffix(measure.kind.unit()),
                wording::source(&measure.source)
            ),
            None => String::new(),
        };
        println!("  {:<32} {}{published}", measure.name, value.text);
    }
}

/// ` s` for seconds, nothing for a count.
pub fn unit_suffix(unit: &str) -> String {
    match unit {
        "" => String::new(),
        unit => format!(" {unit}"),
    }
}

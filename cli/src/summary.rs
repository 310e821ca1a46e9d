//! The table `run` ends with, then the first NPC's last decision in brief.

use motive::core::World;

use crate::explanation;
use crate::loaded_run::Ran;
use crate::roster::Roster;

/// Prints the summary of a run of `title` to stdout.
pub fn print(title: &str, world: &World, roster: &Roster, ran: &Ran) {
    let (summary, stats) = (&ran.summary, &ran.stats);
    let per_decision = stats
        .micros_per_decision()
        .map_or_else(|| "-".to_owned(), |us| format!("{us:.2}"));
    let rows = [
        ("seed", world.seed().to_string()),
        ("NPCs", summary.npcs.to_string()),
        ("smart objects", summary.objects.to_string()),
        ("ticks", summary.ticks.to_string()),
        ("simulated s", format!("{:.2}", summary.simulated_seconds)),
        ("decisions", stats.decisions.to_string()),
        ("plans", stats.plans_adopted.to_string()),
        ("µs per decision", per_decision),
        ("actions performed", stats.actions_performed.to_string()),
        ("actions failed", stats.actions_failed.to_string()),
        ("needs satisfied", stats.needs_satisfied.to_string()),
        ("wall ms", format!("{:.3}", ran.wall.as_secs_f64() * 1e3)),
    ];
    println!("motive {} — {title}", motive::ffi::version::crate_version());
    for (label, value) in rows {
        println!("{label:<20} {value:>12}");
    }
    if let Some(&first) = roster.npcs().first() {
        println!();
        print!("{}", explanation::brief(world, roster, first));
    }
}

//! What `motive bench` prints and writes: the table (one row per controller and sweep point),
//! Table 4.1 of the thesis beside our base point with its ordering as measured, and the same
//! rows as CSV.

use std::error::Error;
use std::path::Path;

use super::controllers::{Controller, Drive, CONTROLLERS};
use super::median::{median, range};
use super::ordering::{self, Timed};
use super::protocol::{npcs_in_ten_percent, paired_ratio, Measured};
use super::sweep::{Axis, Point, BASE_NPCS};

/// The think interval of the measure: every character of the hospital thinks every 0.2 s
/// (S:155), and Khoo and Zubek's budget is per 200 ms.
pub const THINK_INTERVAL: f64 = 0.2;

/// Table 4.1 of the thesis (T:1364-1371): system, "time taken (ms)", "max no. of NPCs" in 10 %
/// of the CPU, and the label of our controller of that kind.
const TABLE_4_1: [(&str, f64, f64, &str); 3] = [
    ("FSM", 5.0, 400.0, "fsm"),
    ("Utility-based", 10.0, 200.0, "ubc"),
    ("GOAP", 14.0, 142.0, "goap"),
];

/// One measured row.
pub struct Row {
    /// Which controller.
    pub controller: Controller,
    /// Where in the sweep.
    pub point: Point,
    /// What it measured.
    pub measured: Measured,
    /// The point's figure ([`Measured::budget_us`]) in each process that measured it: this
    /// one's first, then the fresh processes' of `--base-processes` (the base point) or
    /// `--target-processes` (the target points); this one's alone at any other point.
    pub processes: Vec<f64>,
}

/// CSV columns, in order.
pub const COLUMNS: [&str; 25] = [
    "controller",
    "sweep",
    "npcs",
    "extra_objects",
    "extra_actions",
    "threads",
    "runs",
    "window_s",
    "startup_ms",
    "warmup_us_per_decision",
    "us_per_decision",
    "own_think_us_per_decision",
    "wall_us_per_decision",
    "cpu_us_per_decision",
    "on_cpu_share",
    "npcs_in_10pct",
    "start_bytes_per_npc",
    "bytes_per_npc",
    "domain_bytes",
    "allocs_per_tick",
    "needs_serviced",
    "needs",
    "lowest_need",
    "processes",
    "process_median_us",
];

impl Row {
    /// Its CSV fields, in [`COLUMNS`] order (empty for a measure it has none of).
    fn fields(&self) -> [String; 25] {
        let (p, m) = (&self.point, &self.measured);
        let number = |v: f64| {
            if v.is_finite() {
                format!("{v:.4}")
            } else {
                String::new()
            }
        };
        [
            self.controller.label.to_owned(),
            p.axis.name().to_owned(),
            m.npcs.to_string(),
            p.extra_objects.to_string(),
            p.extra_actions.to_string(),
            p.threads.to_string(),
            m.runs.to_string(),
            number(m.window),
            number(m.startup_ms),
            number(m.warmup_us),
            number(m.us),
            number(m.own_think_us),
            number(m.wall_us),
            number(m.cpu_us),
            number(m.on_cpu),
            format!("{:.0}", m.npcs_in_ten_percent(THINK_INTERVAL)),
            format!("{:.0}", m.start_bytes_per_npc),
            format!("{:.0}", m.bytes_per_npc),
            m.domain_bytes.to_string(),
            number(m.allocs_per_tick),
            m.needs.serviced.to_string(),
            m.needs.needs.to_string(),
            number(m.needs.lowest),
            self.processes.len().to_string(),
            number(self.across_processes()),
        ]
    }

    /// True at the base point: the hospital as shipped, 32 NPCs, one thread.
    fn is_base(&self) -> bool {
        self.point.is_base()
    }

    /// The figure verdicts on this point are taken on: the median of its processes' figures
    /// (`fresh_processes.rs`), which is its own figure when one process measured it.
    fn across_processes(&self) -> f64 {
        median(&self.processes)
    }
}

/// Writes `rows` as CSV to `path`, creating its directory.
pub fn write_csv(path: &Path, rows: &[Row]) -> Result<(), Box<dyn Error>> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let mut out = csv::Writer::from_path(path).map_err(|e| format!("{}: {e}", path.display()))?;
    out.write_record(COLUMNS)?;
    for row in rows {
        out.write_record(row.fields())?;
    }
    out.flush()?;
    Ok(())
}

/// Prints the table of `rows`.
pub fn print_table(rows: &[Row]) {
    println!(
        "{:<10} {:<8} {:>7} {:>6} {:>5} {:>3} {:>9} {:>9} {:>9} {:>6} {:>11} {:>9} {:>9} {:>7} {:>7} {:>7} {:>8} {:>6}",
        "controller",
        "sweep",
        "NPCs",
        "+objs",
        "+acts",
        "thr",
        "µs/dec",
        "wall µs",
        "cpu µs",
        "on-CPU",
        "NPCs in 10%",
        "start ms",
        "warm µs",
        "B/NPC",
        "domain",
        "alloc/t",
        "serviced",
        "lowest",
    );
    for row in rows {
        let (p, m) = (&row.point, &row.measured);
        println!(
            "{:<10} {:<8} {:>7} {:>6} {:>5} {:>3} {:>9} {:>9} {:>9} {:>6} {:>11} {:>9} {:>9} {:>7} {:>7} {:>7} {:>8} {:>6}",
            row.controller.label,
            p.axis.name(),
            m.npcs,
            p.extra_objects,
            p.extra_actions,
            p.threads,
            fixed(m.us, 3),
            fixed(m.wall_us, 3),
            fixed(m.cpu_us, 3),
            fixed(m.on_cpu * 100.0, 0) + "%",
            fixed(m.npcs_in_ten_percent(THINK_INTERVAL), 0),
            fixed(m.startup_ms, 1),
            fixed(m.warmup_us, 3),
            fixed(m.bytes_per_npc, 0),
            format!("{:.1}K", m.domain_bytes as f64 / 1024.0),
            fixed(m.allocs_per_tick, 2),
            format!("{}/{}", m.needs.serviced, m.needs.needs),
            fixed(m.needs.lowest, 1),
        );
    }
}

/// `value` with `decimals` decimals; a dash for a measure there is none of (NaN, infinite).
fn fixed(value: f64, decimals: usize) -> String {
    if value.is_finite() {
        format!("{value:.decimals$}")
    } else {
        "—".into()
    }
}

/// `value` rounded to the `decimals` it is printed with, so that a verdict beside a figure
/// agrees with the figure the reader sees.
fn as_printed(value: f64, decimals: usize) -> f64 {
    fixed(value, decimals).parse().unwrap_or(value)
}

/// `value` as a ratio ("1.25×"), or "—" when not finite.
fn times(value: f64, decimals: usize) -> String {
    match fixed(value, decimals) {
        shown if value.is_finite() => shown + "×",
        dash => dash,
    }
}

/// Prints, for each target measured (`--targets`), whether the brain fits its target
/// population in 10 % of one core.
pub fn print_targets(rows: &[Row]) {
    let targets: Vec<&Row> = rows
        .iter()
        .filter(|r| r.point.axis == Axis::Target)
        .collect();
    if targets.is_empty() {
        return;
    }
    println!(
        "\nTargets (issues 7 and 33): each brain at its target population, one thread, thinking at 5 Hz; met with a margin of at least {TARGET_MARGIN}× (this machine's drift); cpu µs = the median of the target point's figures in this process and the fresh ones (--target-processes), with their range, on which NPCs in 10 % and the verdict are taken; × thesis is NPCs in 10 % over Table 4.1's count, here at the target population; × base is cpu µs over the base point's ({BASE_NPCS} NPCs, when measured in this run, its median likewise):"
    );
    println!(
        "{:<10} {:>8} {:>8} {:>10} {:>9} {:>13} {:>12} {:>8} {:>9} {:>8}   verdict",
        "controller",
        "target",
        "NPCs",
        "cpu µs",
        "processes",
        "range",
        "NPCs in 10%",
        "margin",
        "× thesis",
        "× base"
    );
    for row in targets {
        let label = row.controller.label;
        let target = row.controller.target.unwrap_or(row.point.npcs);
        let cpu_us = row.across_processes();
        let fit = npcs_in_ten_percent(cpu_us, THINK_INTERVAL);
        let (low, high) = range(&row.processes);
        let thesis = TABLE_4_1
            .iter()
            .find(|t| t.3 == label)
            .map_or(f64::NAN, |t| fit / t.2);
        let base = rows
            .iter()
            .find(|r| r.is_base() && r.controller.label == label)
            .map_or(f64::NAN, |b| cpu_us / b.across_processes());
        println!(
            "{:<10} {:>8} {:>8} {:>10} {:>9} {:>13} {:>12} {:>8} {:>9} {:>8}   {}",
            label,
            target,
            row.measured.npcs,
            fixed(cpu_us, 3),
            row.processes.len(),
            format!("{}–{}", fixed(low, 3), fixed(high, 3)),
            fixed(fit, 0),
            times(fit / f64::from(target), 2),
            times(thesis, 0),
            times(base, 2),
            verdict(target, fit)
        );
    }
}

/// The most a decision may cost at the largest population, over its cost at the base point,
/// for the brain to scale flat (issue 33: data laid out for the per-tick passes).
const FLAT_SCALING: f64 = 1.3;

/// Prints, for each brain measured at the base point and at a larger population on one
/// thread, its cost per decision at the largest of them over its cost at the base point.
pub fn print_scaling(rows: &[Row]) {
    let one_thread = |r: &&Row| r.point.axis == Axis::Npcs && r.point.threads == 1;
    let mut lines = Vec::new();
    for base in rows.iter().filter(|r| r.is_base()) {
        let label = base.controller.label;
        let largest = rows
            .iter()
            .filter(one_thread)
            .filter(|r| r.controller.label == label && r.point.npcs > BASE_NPCS)
            .max_by_key(|r| r.point.npcs);
        if let Some(largest) = largest {
            // Judged as printed, so that "1.30×" never reads "grows" beside "flat within 1.3×".
            let base_us = base.across_processes();
            let ratio = as_printed(largest.measured.budget_us() / base_us, 2);
            let (low, high) = range(&base.processes);
            let verdict = if ratio <= FLAT_SCALING {
                "flat"
            } else {
                "grows"
            };
            let (paired, pairs) = paired_ratio(&largest.measured, &base.measured);
            lines.push(format!(
                "{label:<10} {:>8} {:>10} {:>9} {:>9} {:>13} {:>8} {:>8} {pairs:>6}   {verdict}",
                largest.measured.npcs,
                fixed(largest.measured.budget_us(), 3),
                fixed(base_us, 3),
                base.processes.len(),
                format!("{}–{}", fixed(low, 3), fixed(high, 3)),
                times(ratio, 2),
                times(paired, 2)
            ));
        }
    }
    if lines.is_empty() {
        return;
    }
    println!(
        "\nScaling: cpu µs per decision at the largest population over the base point's ({BASE_NPCS} NPCs), one thread; flat within {FLAT_SCALING}×; base µs = the median of the base point's figures in this process and the fresh ones (--base-processes), with their range; paired = the median over the rounds both points ran in, in this process, of their runs' ratio (runs of one round are minutes apart at most), rounds = how many:"
    );
    println!(
        "{:<10} {:>8} {:>10} {:>9} {:>9} {:>13} {:>8} {:>8} {:>6}   verdict",
        "controller",
        "NPCs",
        "cpu µs",
        "base µs",
        "processes",
        "range",
        "× base",
        "paired",
        "rounds"
    );
    for line in lines {
        println!("{line}");
    }
}

/// The margin over a target that counts as meeting it: this VM's speed drifts by 15 % within
/// minutes and more under load, so a target met by less is met only in a lucky minute (issue
/// 33).
const TARGET_MARGIN: f64 = 1.3;

/// Whether `fit` NPCs in 10 % of a core meet a target of `target` with [`TARGET_MARGIN`].
fn verdict(target: u32, fit: f64) -> String {
    let target = f64::from(target);
    // Judged as the fit and the margin are printed beside it, as the scaling verdict is.
    if as_printed(fit / target, 2) >= TARGET_MARGIN {
        "met".into()
    } else if as_printed(fit, 0) >= target {
        format!("met, but within the {TARGET_MARGIN}× margin")
    } else if fit.is_finite() {
        // Floored: a miss never reads "100 %".
        format!(
            "missed: {:.0} % of the target",
            (100.0 * fit / target).floor()
        )
    } else {
        "not measured".into()
    }
}

/// Prints Table 4.1 beside our base point, the ordering measured beside the thesis's, and the
/// table's unit caveat.
pub fn print_table_4_1(rows: &[Row]) {
    println!("\nTable 4.1 of Sloan's thesis (32 NPCs, Core 2 6600, Lua in Half-Life 2) beside our base point (32 NPCs, 1 thread):");
    println!(
        "{:<14} {:>9} {:>12} {:>12}   {:<10} {:>10} {:>12} {:>10}",
        "system",
        "thesis ms",
        "thesis NPCs",
        "read as µs",
        "ours",
        "µs/dec",
        "NPCs in 10%",
        "× thesis"
    );
    for (system, ms, npcs, label) in TABLE_4_1 {
        // The NPC count is self-consistent only with a decision of 0.1 × 200 ms ÷ NPCs.
        let read_as_us = 0.1 * THINK_INTERVAL * 1e6 / npcs;
        let ours = rows
            .iter()
            .find(|r| r.is_base() && r.controller.label == label);
        let (us, fit, ratio) = match ours {
            Some(row) => {
                let fit = row.measured.npcs_in_ten_percent(THINK_INTERVAL);
                (
                    fixed(row.measured.cpu_us, 3),
                    fixed(fit, 0),
                    times(fit / npcs, 0),
                )
            }
            None => ("—".into(), "—".into(), "not measured".into()),
        };
        println!(
            "{system:<14} {ms:>9} {npcs:>12} {read_as_us:>12.0}   {label:<10} {us:>10} {fit:>12} {ratio:>10}"
        );
    }
    print_ordering(rows);
    println!(
        "The table's units disagree: 5 ms ÷ 200 ms = 0.025 is a fraction (2.5 %), but its NPC counts (10 ÷ 0.025 = 400) read it as a percent. Taken literally, 5 ms per decision fits 4 NPCs in 10 % of a core; the counts hold only if a decision costs 50 / 100 / 140 µs (\"read as µs\"). We report µs per decision directly."
    );
}

/// Prints Table 4.1's ordering beside the one measured at our base point (CPU µs per decision,
/// as the table above), with the FSM's own think.
fn print_ordering(rows: &[Row]) {
    let base = |label: &str| {
        rows.iter()
            .find(|r| r.is_base() && r.controller.label == label)
    };
    let timed = |label: &str, us: f64| Timed {
        system: label.to_uppercase(),
        us,
    };
    let thesis: Vec<Timed> = TABLE_4_1
        .iter()
        .map(|&(_, ms, _, label)| timed(label, ms))
        .collect();
    let measured: Vec<Timed> = TABLE_4_1
        .iter()
        .map(|&(_, _, _, label)| {
            timed(
                label,
                base(label).map_or(f64::NAN, |r| r.measured.budget_us()),
            )
        })
        .collect();
    let fsm = CONTROLLERS
        .iter()
        .find(|c| matches!(c.drive, Drive::Fsm))
        .map_or("fsm", |c| c.label);
    let fsm_own = base(fsm).map_or(f64::NAN, |r| r.measured.own_think_budget_us());
    for line in ordering::lines(&thesis, &measured, &fsm.to_uppercase(), fsm_own) {
        println!("{line}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_target_is_met_at_or_above_it() {
        assert_eq!(verdict(5_000, 6_500.0), "met");
        assert_eq!(verdict(5_000, 5_000.0), "met, but within the 1.3× margin");
        assert_eq!(verdict(5_000, 3_500.0), "missed: 70 % of the target");
        assert_eq!(verdict(5_000, f64::NAN), "not measured");
    }

    /// A margin printed as "1.30×" is met and one printed "1.29×" is not: the verdict never
    /// contradicts the figure beside it (a CI run printed "1.30× grows" under "flat within 1.3×").
    #[test]
    fn a_verdict_judges_the_figure_as_printed() {
        assert_eq!(verdict(5_000, 6_498.0), "met", "1.2996 prints 1.30");
        assert_eq!(
            verdict(5_000, 6_470.0),
            "met, but within the 1.3× margin",
            "1.294 prints 1.29"
        );
        assert_eq!(verdict(5_000, 4_999.6), "met, but within the 1.3× margin");
        assert_eq!(verdict(5_000, 4_999.4), "missed: 99 % of the target");
        assert_eq!(as_printed(1.3004, 2), 1.3);
        assert!(as_printed(f64::NAN, 2).is_nan());
    }
}

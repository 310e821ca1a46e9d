//! The base point measured again in fresh processes (`--base-processes`).
//!
//! The base point (32 NPCs) is a world small enough to live in a core's caches, and on this
//! kind of machine (a VM on a shared host) its cost depends on the process measuring it: in
//! eight processes of `bench --quick --npcs 32 --objects 16 --actions 4` (2026-11-26, AMD EPYC
//! VM) the three points of one process agreed within 5-15 %, while the base point ranged
//! 0.409-0.575 µs per decision between processes; two full runs (points in rounds over ten
//! minutes, so not the minute's drift) printed 0.453 and 0.578 µs. The 50,000-NPC point, a
//! world the size of main memory, moved 3 % between processes. So the one figure the scaling
//! ratio divides by was one process's luck, and the verdict with it.
//!
//! So a run that measures the base point also runs it in fresh processes, the same protocol
//! and seeds (the same simulated work), spread between its rounds so that they sample the same
//! minutes, and reports the median of every process's figure beside its own: the scaling
//! verdict and the targets' "× base" divide by that median.

use std::collections::HashMap;
use std::error::Error;
use std::path::{Path, PathBuf};
use std::process::Command;

use super::protocol::Protocol;
use super::sweep::BASE_NPCS;

/// Most processes `--base-processes` may ask for: each takes about a second of a full run.
pub const MAX_PROCESSES: u32 = 16;

/// After which round (1 for the first) the `child`-th extra process (from 0) runs, so that
/// `children` of them spread evenly over `rounds` rounds: never before the first round, all
/// after it when there is one round.
pub fn after_round(child: u32, children: u32, rounds: u32) -> u32 {
    ((child + 1) * rounds / (children + 1)).max(1)
}

/// Measures the base point of each of `controllers` in a fresh process of this binary, with
/// `protocol`; the figure of each (cpu µs per decision, or wall µs where the CPU share is
/// unknown), by label.
pub fn measure(
    controllers: &[&str],
    protocol: &Protocol,
    child: u32,
) -> Result<HashMap<String, f64>, Box<dyn Error>> {
    let csv = std::env::temp_dir().join(format!(
        "motive-bench-base-{}-{child}.csv",
        std::process::id()
    ));
    let result = run_child(controllers, protocol, &csv).and_then(|()| figures(&csv));
    // Left behind only if it could not be removed: a temporary file either way.
    let _ = std::fs::remove_file(&csv);
    result
}

/// Runs the bench on the base point alone, writing its CSV to `csv`.
fn run_child(controllers: &[&str], protocol: &Protocol, csv: &Path) -> Result<(), Box<dyn Error>> {
    let base = BASE_NPCS.to_string();
    let output = Command::new(std::env::current_exe()?)
        .args(["bench", "--controllers", &controllers.join(",")])
        .args(["--npcs", &base, "--threads", "1", "--objects", "--actions"])
        .args(["--runs", &protocol.runs.to_string()])
        .args(["--warmup", &protocol.warmup.to_string()])
        .args(["--seconds", &protocol.seconds.to_string()])
        .args(["--min-thinks", &protocol.min_thinks.to_string()])
        .args(["--seed", &protocol.seed.to_string()])
        .args(["--base-processes", "1", "--csv"])
        .arg(PathBuf::from(csv))
        .output()
        .map_err(|e| format!("--base-processes: could not start a process: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "--base-processes: a process measuring the base point failed: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        )
        .into());
    }
    Ok(())
}

/// The base point's figure of each controller in the bench CSV at `csv`.
fn figures(csv: &Path) -> Result<HashMap<String, f64>, Box<dyn Error>> {
    let mut reader = csv::Reader::from_path(csv).map_err(|e| format!("{}: {e}", csv.display()))?;
    let headers = reader.headers()?.clone();
    let column = |name: &str| {
        headers
            .iter()
            .position(|h| h == name)
            .ok_or_else(|| format!("{}: no column {name}", csv.display()))
    };
    let (controller, cpu, wall) = (
        column("controller")?,
        column("cpu_us_per_decision")?,
        column("us_per_decision")?,
    );
    let mut figures = HashMap::new();
    for record in reader.records() {
        let record = record?;
        let number = |i: usize| record.get(i).and_then(|f| f.parse::<f64>().ok());
        let figure = number(cpu)
            .or_else(|| number(wall))
            .ok_or_else(|| format!("{}: a row without a figure", csv.display()))?;
        figures.insert(record[controller].to_owned(), figure);
    }
    Ok(figures)
}

#[cfg(test)]
mod tests {
    use super::after_round;

    #[test]
    fn extra_processes_spread_over_the_rounds() {
        let rounds = |children: u32, rounds: u32| -> Vec<u32> {
            (0..children)
                .map(|c| after_round(c, children, rounds))
                .collect()
        };
        // The full protocol: four extra processes between five rounds.
        assert_eq!(rounds(4, 5), [1, 2, 3, 4]);
        // One round (--quick, a large point): all after it.
        assert_eq!(rounds(4, 1), [1, 1, 1, 1]);
        // Many rounds (a small point's extra runs): spread, none after the last.
        assert_eq!(rounds(4, 64), [12, 25, 38, 51]);
        assert_eq!(rounds(2, 11), [3, 7]);
        assert!(rounds(0, 5).is_empty());
    }
}

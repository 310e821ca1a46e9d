//! Points measured again in fresh processes (`--base-processes`, `--target-processes`).
//!
//! The base point (32 NPCs) is a world small enough to live in a core's caches, and on this
//! kind of machine (a VM on a shared host) its cost depends on the process measuring it: in
//! eight processes of `bench --quick --npcs 32 --objects 16 --actions 4` (2026-11-26, AMD EPYC
//! VM) the three points of one process agreed within 5-15 %, while the base point ranged
//! 0.409-0.575 µs per decision between processes; two full runs (points in rounds over ten
//! minutes, so not the minute's drift) printed 0.453 and 0.578 µs. The 50,000-NPC point, a
//! world the size of main memory, moved 3 % between processes. So the one figure the scaling
//! ratio divides by was one process's luck, and the verdict with it. The target points spread
//! too: UDGOAP at 5,008 NPCs (a world near the size of the shared cache) read 3.283-4.209 µs
//! in six `--quick` processes in a row (median 3.573), so a target verdict taken from one
//! process was as much luck (2026-11-26).
//!
//! Not the host's minute: ten processes alternating between the two vCPUs (`taskset`) a
//! fifth of a second apart gave fast and slow figures on either; nor the address layout or the
//! pages: `setarch -R`, malloc's single arena and 2 MB pages each left the spread as it was
//! (UBC, 32 NPCs, 0.35-0.67 µs; 2026-11-26). The cause is the process's, and unknown.
//!
//! So a run that measures these points also runs them in fresh processes, the same protocol
//! and seeds (the same simulated work), spread between its rounds so that they sample the same
//! minutes, and reports the median of every process's figure beside its own: the scaling
//! verdict and the targets' "× base" divide by the base point's median, and the targets'
//! verdicts are taken on theirs.

use std::collections::HashMap;
use std::error::Error;
use std::path::{Path, PathBuf};
use std::process::Command;

use super::protocol::Protocol;
use super::sweep::{Axis, Point, BASE_NPCS};

/// Most processes `--base-processes` or `--target-processes` may ask for: a base process
/// takes about a second of a full run, a target process one to two minutes.
pub const MAX_PROCESSES: u32 = 16;

/// Which points a fresh process measures again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Points {
    /// The base point (32 NPCs, one thread, the hospital as shipped).
    Base,
    /// Each controller's target population (`--targets`).
    Targets,
}

impl Points {
    /// The kind of `point`, if fresh processes measure it again.
    pub fn of(point: &Point) -> Option<Points> {
        if point.is_base() {
            Some(Points::Base)
        } else if point.axis == Axis::Target {
            Some(Points::Targets)
        } else {
            None
        }
    }

    /// The bench's options that measure these points alone.
    fn args(self) -> Vec<String> {
        match self {
            Points::Base => vec![
                "--npcs".to_owned(),
                BASE_NPCS.to_string(),
                "--threads".to_owned(),
                "1".to_owned(),
            ],
            Points::Targets => vec!["--npcs".to_owned(), "--targets".to_owned()],
        }
    }

    /// What the progress line and errors call them.
    pub fn name(self) -> &'static str {
        match self {
            Points::Base => "the base point",
            Points::Targets => "the target points",
        }
    }
}

/// After which round (1 for the first) the `child`-th extra process (from 0) runs, so that
/// `children` of them spread evenly over `rounds` rounds: never before the first round, all
/// after it when there is one round.
pub fn after_round(child: u32, children: u32, rounds: u32) -> u32 {
    ((child + 1) * rounds / (children + 1)).max(1)
}

/// Measures `points` of each of `controllers` in a fresh process of this binary, with
/// `protocol`; the figure of each (cpu µs per decision, or wall µs where the CPU share is
/// unknown), by label.
pub fn measure(
    points: Points,
    controllers: &[&str],
    protocol: &Protocol,
    child: u32,
) -> Result<HashMap<String, f64>, Box<dyn Error>> {
    let csv = std::env::temp_dir().join(format!(
        "motive-bench-{points:?}-{}-{child}.csv",
        std::process::id()
    ));
    let result = run_child(points, controllers, protocol, &csv).and_then(|()| figures(&csv));
    // Left behind only if it could not be removed: a temporary file either way.
    let _ = std::fs::remove_file(&csv);
    result
}

/// Runs the bench on `points` alone, in one process, writing its CSV to `csv`.
fn run_child(
    points: Points,
    controllers: &[&str],
    protocol: &Protocol,
    csv: &Path,
) -> Result<(), Box<dyn Error>> {
    let output = Command::new(std::env::current_exe()?)
        .args(["bench", "--controllers", &controllers.join(",")])
        .args(points.args())
        .args(["--objects", "--actions"])
        .args(["--runs", &protocol.runs.to_string()])
        .args(["--warmup", &protocol.warmup.to_string()])
        .args(["--seconds", &protocol.seconds.to_string()])
        .args(["--min-thinks", &protocol.min_thinks.to_string()])
        .args(["--seed", &protocol.seed.to_string()])
        .args(["--base-processes", "1", "--target-processes", "1", "--csv"])
        .arg(PathBuf::from(csv))
        .output()
        .map_err(|e| format!("a fresh process measuring {}: {e}", points.name()))?;
    if !output.status.success() {
        return Err(format!(
            "a fresh process measuring {} failed: {}",
            points.name(),
            String::from_utf8_lossy(&output.stderr).trim()
        )
        .into());
    }
    Ok(())
}

/// The figure of each controller in the bench CSV at `csv`, which holds one point of each.
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

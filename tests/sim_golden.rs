//! The reference run the language bindings reproduce through the C ABI: the household
//! scenario, two copies, seed 7, 60 simulated seconds, run by the Rust simulator directly.
//! `tests/data/household_run.golden` records it (its format is in its header); the C, C++ and
//! C# suites run the same scenario through `motive_scenario_*` / `motive_sim_*` and must
//! produce the same lines, doubles bit for bit. `MOTIVE_BLESS=1 cargo test --test sim_golden`
//! rewrites the file after an intended change of behaviour.

#[path = "common/golden_file.rs"]
mod golden_file;

use std::fmt::Write;
use std::path::Path;

use motive::domain::load_scenario_file;
use motive::sim::Simulator;

use golden_file::assert_golden;

const SCENARIO: &str = "household.json";
const COPIES: u32 = 2;
const SEED: u64 = 7;
const SECONDS: f64 = 60.0;

const HEADER: &str = "\
# The household run every binding reproduces (tests/sim_golden.rs; MOTIVE_BLESS=1 rewrites it).
# Lines: the run's parameters; `stat NAME N` for each motive_sim_stats field in its order;
# `drive ENTITY INDEX BITS` for each NPC the scenario spawned (spawn order) and each of its
# drives (motive_npc_drives order): the satisfaction as the hex IEEE-754 bits of the double.
";

/// The lines of the run, as the bindings write them.
fn run_lines() -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let scenario = load_scenario_file(&root.join("scenarios").join(SCENARIO))
        .unwrap()
        .value;
    let mut instance = scenario.instantiate_copies(COPIES, Some(SEED)).unwrap();
    let mut sim = Simulator::new(instance.rules.clone(), &instance.world).unwrap();
    sim.run(&mut instance.world, SECONDS, &mut ()).unwrap();

    let s = sim.stats();
    let mut out = String::from(HEADER);
    writeln!(
        out,
        "scenario {SCENARIO}\nvariant -\ncopies {COPIES}\nseed {SEED}"
    )
    .unwrap();
    writeln!(out, "seconds {SECONDS}").unwrap();
    for (name, value) in [
        ("ticks", s.ticks),
        ("decisions", s.decisions),
        ("plans_adopted", s.plans_adopted),
        ("actions_requested", s.actions_requested),
        ("actions_performed", s.actions_performed),
        ("actions_failed", s.actions_failed),
        ("needs_satisfied", s.needs_satisfied),
        ("spawned", s.spawned),
    ] {
        writeln!(out, "stat {name} {value}").unwrap();
    }
    for (entity, name) in &instance.names {
        let Ok(mind) = instance.world.udgoap_mind(*entity) else {
            continue;
        };
        for (i, drive) in mind.drives.iter().enumerate() {
            writeln!(
                out,
                "drive {name} {i} {:#018x}",
                drive.satisfaction.to_bits()
            )
            .unwrap();
        }
    }
    out
}

#[test]
fn the_household_run_matches_its_golden_file() {
    assert_golden(
        "household_run.golden",
        &run_lines(),
        "the household run changed",
    );
}

#[test]
fn the_household_run_is_a_real_run() {
    // The golden file is only a useful reference if the run did something: every resident
    // decided, acted and raised its drives from the scenario's start.
    let lines = run_lines();
    let stat = |name: &str| -> u64 {
        let prefix = format!("stat {name} ");
        let line = lines.lines().find(|l| l.starts_with(&prefix)).unwrap();
        line[prefix.len()..].parse().unwrap()
    };
    assert_eq!(stat("ticks"), 1200);
    assert!(stat("decisions") >= 2 * COPIES as u64);
    assert!(stat("actions_performed") > 10);
    let drives: Vec<f64> = lines
        .lines()
        .filter_map(|l| l.strip_prefix("drive "))
        .map(|l| {
            let bits = l.rsplit(' ').next().unwrap().trim_start_matches("0x");
            f64::from_bits(u64::from_str_radix(bits, 16).unwrap())
        })
        .collect();
    assert_eq!(
        drives.len(),
        7 * COPIES as usize,
        "seven drives per resident"
    );
    assert!(drives.iter().any(|&d| d > 0.5), "{drives:?}");
}

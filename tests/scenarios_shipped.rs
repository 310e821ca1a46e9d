//! The scenarios shipped in `scenarios/`: each loads without errors or lint warnings.

use motive::domain::{load_scenario_file, Diagnostic};

fn path(name: &str) -> std::path::PathBuf {
    std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios")).join(name)
}

#[test]
fn every_shipped_scenario_loads_clean() {
    // Every file in the folder, so that a new scenario cannot ship unchecked.
    let mut names: Vec<String> = std::fs::read_dir(path(""))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".json"))
        .collect();
    names.sort();
    assert!(names.len() >= 9, "{names:?}");
    for name in &names {
        match load_scenario_file(&path(name)) {
            Ok(loaded) => {
                let w: Vec<String> = loaded.warnings.iter().map(Diagnostic::to_string).collect();
                assert!(w.is_empty(), "{name}: {w:#?}");
            }
            Err(e) => {
                let all: Vec<String> = e.diagnostics.iter().map(Diagnostic::to_string).collect();
                panic!("{name}: {all:#?}");
            }
        }
    }
}

/// The JSON household is the Rust household (`src/sim/household.rs`): same domain (both
/// residents, definition for definition), same layout, and so the same run, fact for fact, for
/// the same seed.
#[test]
fn the_json_household_runs_exactly_as_the_rust_one() {
    use motive::core::{Vec3, World, WorldConfig};
    use motive::sim::household::HouseholdDomain;
    use motive::sim::Simulator;

    let scenario = load_scenario_file(&path("household.json")).unwrap().value;
    let mut json = scenario.instantiate(None, Some(5)).unwrap();
    let h = HouseholdDomain::new().unwrap();
    // `Domain` has no `PartialEq`; its `Debug` shows every definition, names and ids included.
    assert_eq!(
        format!("{:?}", json.world.domain()),
        format!("{:?}", h.domain)
    );
    let config = WorldConfig {
        seed: 5,
        ..WorldConfig::default()
    };
    let mut rust = World::new(h.domain.clone(), config).unwrap();
    let resident = h.furnish(&mut rust, Vec3::default(), 0.0).unwrap();
    let json_resident = json.names.last().unwrap().0;
    assert_eq!(json.names.len(), 13);
    let mut a = Simulator::new(json.rules.clone(), &rust).unwrap();
    let mut b = Simulator::new(json.rules.clone(), &json.world).unwrap();
    let facts = |w: &World, e| {
        h.drives
            .iter()
            .map(|&d| w.fact(e, d).unwrap().value)
            .collect::<Vec<_>>()
    };
    for tick in 0..2400 {
        a.step(&mut rust, 0.05, &mut ()).unwrap();
        b.step(&mut json.world, 0.05, &mut ()).unwrap();
        if tick % 100 == 99 {
            assert_eq!(
                facts(&rust, resident),
                facts(&json.world, json_resident),
                "tick {tick}"
            );
            assert_eq!(
                rust.position(resident).unwrap(),
                json.world.position(json_resident).unwrap()
            );
        }
    }
    assert!(
        h.lowest_drive(&rust, resident).unwrap() > 0.0,
        "the run did something"
    );
}

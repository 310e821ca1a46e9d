//! The household experiment (thesis ch. 5, 000_16db0c300c7e0e65.txt:1385-1509) in the headless
//! simulator: from every drive at 0, a UDGOAP resident brings all seven above 90.

use motive::core::{Vec3, World, WorldConfig};
use motive::sim::household::HouseholdDomain;
use motive::sim::{SimRules, Simulator};

#[test]
fn a_udgoap_resident_brings_all_seven_drives_above_90() {
    let h = HouseholdDomain::new().unwrap();
    let mut world = World::new(h.domain.clone(), WorldConfig::default()).unwrap();
    let resident = h.furnish(&mut world, Vec3::default(), 0.0).unwrap();
    let mut engine = Simulator::new(SimRules::new(&h.domain), &world).unwrap();
    let step = 0.05;
    let limit = 3600.0;
    let mut performed = std::collections::BTreeSet::new();
    while h.lowest_drive(&world, resident).unwrap() <= 90.0 {
        assert!(
            world.time() < limit,
            "still below 90 after {limit} s: {:?}",
            drives(&h, &world, resident)
        );
        if let Some(step) = world.mind(resident).unwrap().running {
            performed.insert(step.step.action);
        }
        engine.step(&mut world, step, &mut ()).unwrap();
    }
    // Recorded, not asserted: the thesis measured 118 s for UDGOAP with its own numbers
    // (Table 5.2, :1471-1473); ours are in src/sim/household.rs.
    println!(
        "household: all drives above 90 after {:.1} simulated seconds, using {} kinds of action",
        world.time(),
        performed.len()
    );
    assert!(
        performed.len() >= 8,
        "drives need many different actions: {performed:?}"
    );
    let stats = engine.stats();
    assert_eq!(
        stats.stale_reports, 0,
        "every report answers a live request"
    );
    assert!(stats.needs_satisfied > 0 && stats.needs_satisfied <= stats.actions_performed);
    assert!(stats.plans_adopted > 0 && stats.plans_adopted <= stats.decisions);
}

fn drives(h: &HouseholdDomain, world: &World, resident: motive::core::Entity) -> Vec<f64> {
    h.drives
        .iter()
        .map(|a| match world.fact(resident, *a).unwrap().value {
            motive::core::Value::Number(n) => n,
            _ => f64::NAN,
        })
        .collect()
}

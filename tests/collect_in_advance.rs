//! The due thinks and the NPCs' spatial tier collected by the advance pass
//! (`src/core/world/collect_in_advance.rs`) give the run that a second pass over the entities
//! gives, byte for byte: on every shipped scenario and variant, with two seeds; and the shipped
//! runs take each of its ways (a collection kept, a collection dropped because a later
//! entity's advance changed one collected before it, a tick that does not try).

#[path = "common/same_run.rs"]
mod same_run;
#[path = "common/traced_run.rs"]
mod traced_run;

use motive::core::world::collect_in_advance::CollectStats;
use motive::core::world::think_ahead::{ParallelStats, SpeculationCheck};
use same_run::assert_same;
use traced_run::{run, run_configured, shipped};

#[test]
fn every_shipped_scenario_runs_alike_with_and_without_collecting_in_the_advance_pass() {
    let mut total = CollectStats::default();
    for (name, scenario) in shipped() {
        for seed in [1, 42] {
            let what = format!("{name}, seed {seed}");
            let second_pass = run_configured(&scenario, 64, seed, 10.0, |world| {
                world.set_collect_in_advance(false);
            });
            assert_eq!(
                (second_pass.collect.collected, second_pass.collect.dropped),
                (0, 0),
                "{what}: collecting was off"
            );
            let in_advance = run(&scenario, 64, seed, 10.0, 1, SpeculationCheck::Trust);
            assert_eq!(
                in_advance.parallel,
                ParallelStats::default(),
                "{what}: one thread"
            );
            assert_same(&second_pass, &in_advance, &what);
            let ticks = |stats: CollectStats| stats.collected + stats.dropped + stats.passes;
            assert_eq!(
                ticks(in_advance.collect),
                ticks(second_pass.collect),
                "{what}"
            );
            total.collected += in_advance.collect.collected;
            total.dropped += in_advance.collect.dropped;
            total.passes += in_advance.collect.passes;
        }
    }
    assert!(total.collected > 0, "{total:?}");
    assert!(total.dropped > 0, "{total:?}");
    assert!(total.passes > 0, "{total:?}");
    // Most ticks collect in the advance pass.
    assert!(total.collected > total.dropped + total.passes, "{total:?}");
}

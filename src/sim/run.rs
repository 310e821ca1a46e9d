//! Fixed-step runs of a world.

use crate::core::{Result, World};
use crate::sim::rules::check_ticks;

/// What a run did, for the CLI's summary and for tests.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RunSummary {
    /// Ticks performed.
    pub ticks: u64,
    /// World time at the end, in seconds.
    pub simulated_seconds: f64,
    /// Live NPCs at the end.
    pub npcs: usize,
    /// Live smart objects at the end.
    pub objects: usize,
}

/// Ticks `world` at `step` seconds until `seconds` of world time have passed (the last step is
/// shortened to land on the end), in at most
/// [`MAX_RUN_TICKS`](crate::sim::limits::MAX_RUN_TICKS) ticks. A remainder below a
/// millionth of a step is rounding error from summing steps, not a tick of its own. A step the
/// clock cannot resolve at its time (it would not move) is an error before that tick. `advance`
/// performs one step: `World::tick`, or [`super::Simulator::step`], which also plays the
/// engine's part.
pub fn run_fixed_step(
    world: &mut World,
    seconds: f64,
    step: f64,
    mut advance: impl FnMut(&mut World, f64) -> Result<()>,
) -> Result<RunSummary> {
    if !(step.is_finite() && step > 0.0 && seconds.is_finite() && seconds >= 0.0) {
        return Err(crate::core::Error::invalid(format!(
            "a run needs a finite step > 0 and finite seconds >= 0, got step {step}, seconds {seconds}"
        )));
    }
    check_ticks(seconds, step)?;
    let end = world.time() + seconds;
    let mut ticks = 0;
    while end - world.time() > step * 1e-6 {
        let now = world.time();
        let dt = step.min(end - now);
        if now + dt == now {
            return Err(crate::core::Error::invalid(format!(
                "a step of {dt} s does not move the clock at {now} s: the run would not end"
            )));
        }
        advance(world, dt)?;
        ticks += 1;
    }
    Ok(RunSummary {
        ticks,
        simulated_seconds: world.time(),
        npcs: world.npc_count(),
        objects: world.object_count(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{DomainBuilder, EntityKind, Vec3, WorldConfig};

    #[test]
    fn runs_land_exactly_on_the_end_and_count_entities() {
        let mut world = World::new(
            DomainBuilder::new().build().unwrap(),
            WorldConfig::default(),
        )
        .unwrap();
        world.create(EntityKind::Npc, Vec3::default()).unwrap();
        world.create(EntityKind::Object, Vec3::default()).unwrap();
        let summary = run_fixed_step(&mut world, 1.0, 0.3, World::tick).unwrap();
        assert_eq!(summary.ticks, 4);
        assert_eq!(summary.simulated_seconds, 1.0);
        assert_eq!((summary.npcs, summary.objects), (1, 1));
        assert!(run_fixed_step(&mut world, 1.0, 0.0, World::tick).is_err());
        let minute = run_fixed_step(&mut world, 60.0, 0.05, World::tick).unwrap();
        assert_eq!(minute.ticks, 1200, "float drift adds no sliver tick");
    }
}

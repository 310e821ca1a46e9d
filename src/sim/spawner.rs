//! Carrying out spawn rules: each brings in an entity every so often while fewer than its
//! maximum of the ones it spawned are in the world.

use crate::core::{Entity, Result, World};

use super::limits::MAX_SPAWN_CATCH_UP;
use super::rules::SpawnRule;

/// A spawn rule's progress.
#[derive(serde::Serialize, serde::Deserialize, Debug)]
struct Schedule {
    /// World time of the next spawn.
    next: f64,
    /// What it spawned that may still be alive.
    alive: Vec<Entity>,
}

/// The spawn rules' schedules, in rule order.
#[derive(serde::Serialize, serde::Deserialize, Debug)]
pub(super) struct Spawner {
    schedules: Vec<Schedule>,
}

impl Spawner {
    /// Schedules for `rules`, starting at world time `start`.
    pub(super) fn new(rules: &[SpawnRule], start: f64) -> Self {
        let schedules = rules
            .iter()
            .map(|rule| Schedule {
                next: start + rule.every,
                // Bounded, so a huge max_alive reserves nothing silly; past it the list grows.
                alive: Vec::with_capacity(rule.max_alive.min(1024) as usize),
            })
            .collect();
        Spawner { schedules }
    }

    /// Spawns what is due by `world`'s time, calling `spawned` for each new entity. A rule that
    /// fell several periods behind (a step longer than its period) catches up, within its
    /// maximum, for at most [`MAX_SPAWN_CATCH_UP`] periods; the periods missed beyond are
    /// dropped and its next spawn is a period from now.
    pub(super) fn run(
        &mut self,
        rules: &[SpawnRule],
        world: &mut World,
        mut spawned: impl FnMut(&World, Entity),
    ) -> Result<()> {
        let now = world.time();
        for (rule, schedule) in rules.iter().zip(&mut self.schedules) {
            let mut periods = 0;
            while schedule.next <= now + 1e-9 {
                periods += 1;
                if periods > MAX_SPAWN_CATCH_UP {
                    // Also ends a period too small to move the schedule at this time.
                    schedule.next = now + rule.every;
                    break;
                }
                schedule.next += rule.every;
                // The dead are removed by the simulator before spawning (`deaths.rs`).
                schedule.alive.retain(|&e| world.is_alive(e));
                if schedule.alive.len() >= rule.max_alive as usize {
                    continue;
                }
                let entity = world.spawn(rule.archetype, rule.at)?;
                for &(attribute, value) in &rule.facts {
                    world.set_fact(entity, attribute, value)?;
                }
                schedule.alive.push(entity);
                spawned(world, entity);
            }
        }
        Ok(())
    }

    /// Removes everything the rules spawned that is still in `world`, calling `cleared` for
    /// each just before, and starts every schedule over from `world`'s time: an arena reset
    /// (T:1526).
    pub(super) fn clear(
        &mut self,
        rules: &[SpawnRule],
        world: &mut World,
        mut cleared: impl FnMut(&World, Entity),
    ) -> Result<()> {
        for (rule, schedule) in rules.iter().zip(&mut self.schedules) {
            for entity in schedule.alive.drain(..) {
                if let Ok(kind) = world.kind(entity) {
                    cleared(world, entity);
                    world.destroy(entity, kind)?;
                }
            }
            schedule.next = world.time() + rule.every;
        }
        Ok(())
    }
}

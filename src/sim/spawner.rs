//! Carrying out spawn rules: each brings in an entity every so often while fewer than its
//! maximum of the ones it spawned are alive (a dead one no longer counts against it).

use crate::core::{Entity, Result, World};

use super::life::lives;
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
    /// maximum.
    pub(super) fn run(
        &mut self,
        rules: &[SpawnRule],
        world: &mut World,
        mut spawned: impl FnMut(&World, Entity),
    ) -> Result<()> {
        let now = world.time();
        for (rule, schedule) in rules.iter().zip(&mut self.schedules) {
            while schedule.next <= now + 1e-9 {
                schedule.next += rule.every;
                schedule.alive.retain(|&e| lives(world, e));
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
}

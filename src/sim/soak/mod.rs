//! A soak: worlds run for hours of game time through the paths a game takes (scenarios, the
//! simulator walking and performing), under a misbehaving engine (reports held back, failed,
//! lost: `chaos.rs`) and a game that destroys, replaces and moves entities mid-action
//! (`havoc.rs`), with the invariants checked at every interval (`audit.rs`) and the heap
//! watched for growth (`heap_trend.rs`). `motive soak` and `tests/soak.rs` run it; the caller
//! measures the heap, since only a binary can install a counting allocator.

mod audit;
mod havoc;
mod heap_trend;

pub use audit::Audit;
pub use havoc::HavocRules;
pub use heap_trend::HeapTrend;

use crate::core::{Error, Result, World};
use crate::sim::{ChaosRules, SimRules, SimStats, Simulator};

use havoc::Havoc;

/// How a soak misbehaves.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SoakRules {
    /// The engine's reports.
    pub chaos: ChaosRules,
    /// The game's interference.
    pub havoc: HavocRules,
    /// The world's engine-action timeout (`World::set_engine_action_timeout`), which recovers
    /// lost reports.
    pub engine_timeout: f64,
}

impl Default for SoakRules {
    /// 1 % of reports lost, 5 % held back up to 5 s, 5 % failed; [`HavocRules::default`];
    /// a 20 s engine timeout.
    fn default() -> Self {
        SoakRules {
            chaos: ChaosRules {
                lose: 0.01,
                delay: 0.05,
                max_delay: 5.0,
                fail: 0.05,
            },
            havoc: HavocRules::default(),
            engine_timeout: 20.0,
        }
    }
}

/// A world to soak: a scenario's instance, named for messages.
pub struct SoakWorld {
    /// Its name (the scenario's, with its variant).
    pub name: String,
    /// The world, at its start.
    pub world: World,
    /// How the simulator plays the engine's part in it.
    pub rules: SimRules,
}

/// One world of a soak: a scenario's instance and the engine and game around it.
struct Soaked {
    name: String,
    world: World,
    simulator: Simulator,
    havoc: Havoc,
    /// Live entities the world started with.
    initial: u64,
}

/// Worlds soaking together, interval by interval.
pub struct Soak {
    worlds: Vec<Soaked>,
}

/// What an interval did, over every world.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct IntervalReport {
    /// World time at its end, in seconds.
    pub time: f64,
    /// Live NPCs at its end.
    pub npcs: usize,
    /// Live objects.
    pub objects: usize,
    /// Entities created and destroyed since the start (the game's and the rules' spawns,
    /// replacements, deaths).
    pub created: u64,
    /// See [`IntervalReport::created`].
    pub destroyed: u64,
    /// The simulators' counters since the start, added up.
    pub stats: SimStats,
    /// Thinks the worlds' threads decided ahead of their turn since the start, added up (none
    /// on one thread).
    pub decided_ahead: u64,
    /// What the audit checked.
    pub audit: Audit,
}

impl Soak {
    /// Soaks `worlds` by `rules`.
    pub fn new(worlds: Vec<SoakWorld>, rules: SoakRules) -> Result<Self> {
        let worlds = worlds
            .into_iter()
            .map(|soak_world| {
                let SoakWorld {
                    name,
                    mut world,
                    rules: sim_rules,
                } = soak_world;
                world.set_engine_action_timeout(rules.engine_timeout)?;
                let spawned = sim_rules.spawns.iter().map(|s| s.archetype).collect();
                let mut simulator = Simulator::new(sim_rules, &world)?;
                simulator.set_chaos(rules.chaos, &world)?;
                Ok(Soaked {
                    havoc: Havoc::new(&world, rules.havoc, spawned),
                    initial: world.entities().count() as u64,
                    name,
                    world,
                    simulator,
                })
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(Soak { worlds })
    }

    /// Runs every world for `seconds` more, then audits them; an audit's breach is an error
    /// naming the world and the time.
    pub fn run_interval(&mut self, seconds: f64) -> Result<IntervalReport> {
        let mut report = IntervalReport::default();
        for soaked in &mut self.worlds {
            let Soaked {
                world,
                simulator,
                havoc,
                ..
            } = soaked;
            let step = simulator.rules().step;
            crate::sim::run_fixed_step(world, seconds, step, |world, dt| {
                havoc.before_step(world, dt)?;
                simulator.step(world, dt, havoc)
            })?;
            let audit =
                audit::audit(world, simulator, soaked.initial, havoc).map_err(|breach| {
                    Error::invalid(format!(
                        "{} at {:.1} s: {breach}",
                        soaked.name,
                        soaked.world.time()
                    ))
                })?;
            report.time = soaked.world.time();
            report.npcs += soaked.world.npc_count();
            report.objects += soaked.world.object_count();
            report.created += soaked.havoc.created;
            report.destroyed += soaked.havoc.destroyed;
            report.stats.add(soaked.simulator.stats());
            report.decided_ahead += soaked.world.parallel_stats().decided_ahead;
            report.audit.add(&audit);
        }
        Ok(report)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::world::save::SAVE_HEADER_BYTES;
    use crate::core::world::think_ahead::SpeculationCheck;
    use crate::core::Value;
    use crate::domain::{load_scenario_file, shipped_instance};

    /// A soak of `file` (in `variant`, when some) with `seed`, its world thinking on `threads`
    /// threads checked by `check`, deciding ahead however few thinks are due; the game and
    /// the engine interfere far more than by default, so that a short soak meets every kind of
    /// interference often.
    fn soak_on(
        file: &str,
        variant: Option<&str>,
        seed: u64,
        threads: u32,
        check: SpeculationCheck,
    ) -> Soak {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenarios")
            .join(file);
        let mut scenario = load_scenario_file(&path).unwrap().value;
        if let Some(variant) = variant {
            scenario = scenario.with_variant(variant).unwrap();
        }
        let mut instance = scenario.instantiate(Some(48), Some(seed)).unwrap();
        instance.world.set_think_threads(threads).unwrap();
        instance.world.set_parallel_min_jobs(1);
        instance.world.set_speculation_check(check);
        let rules = SoakRules {
            havoc: HavocRules {
                replace: 0.02,
                moves: 0.1,
                shove: 3.0,
            },
            engine_timeout: 4.0,
            ..SoakRules::default()
        };
        let soaked = SoakWorld {
            name: format!("{file} {variant:?}"),
            world: instance.world,
            rules: instance.rules,
        };
        Soak::new(vec![soaked], rules).unwrap()
    }

    /// What an interval left behind that does not depend on the thread count: its report but
    /// for the thinks decided ahead and the wall-clock time, and the world's saved state.
    fn outcome(soak: &mut Soak, seconds: f64) -> (IntervalReport, Vec<u8>) {
        let report = soak.run_interval(seconds).unwrap();
        let report = IntervalReport {
            decided_ahead: 0,
            stats: SimStats {
                tick_wall: Default::default(),
                ..report.stats
            },
            ..report
        };
        let state = soak.worlds[0].world.save().unwrap()[SAVE_HEADER_BYTES..].to_vec();
        (report, state)
    }

    /// A soaked world thinks on several threads as on one: after every interval the same
    /// report and the same saved state, byte for byte. The identity test of
    /// `tests/parallel_think.rs` runs the plain simulator; here the game destroys, replaces and
    /// moves entities mid-action and mid-claim, and the engine loses, holds back and fails
    /// reports, so phases decide ahead from states the plain simulator never reaches (a target
    /// gone between ticks, a claim's holder replaced, an engine action timed out), in the
    /// orders the seeds draw. `Verify` decides each adopted proposal again and compares.
    #[test]
    fn a_soaked_world_thinks_on_several_threads_as_on_one() {
        let mut decided_ahead = 0;
        let mut destroyed = 0;
        for (file, variant) in [
            ("hospital.json", Some("ubc")),
            ("hospital.json", Some("udgoap")),
            ("hospital.json", Some("goap")),
            ("household.json", None),
            ("hospital.json", None),
            ("wizard_arena.json", None),
        ] {
            for seed in [3, 11] {
                let mut one = soak_on(file, variant, seed, 1, SpeculationCheck::Trust);
                let mut many = [
                    soak_on(file, variant, seed, 2, SpeculationCheck::Verify),
                    soak_on(file, variant, seed, 3, SpeculationCheck::Trust),
                ];
                for interval in 0..4 {
                    let reference = outcome(&mut one, 5.0);
                    for soak in &mut many {
                        let what = format!("{file} {variant:?}, seed {seed}, interval {interval}");
                        let (report, state) = outcome(soak, 5.0);
                        assert_eq!(report, reference.0, "{what}: the report");
                        assert!(state == reference.1, "{what}: the saved state differs");
                    }
                }
                decided_ahead += (many.iter())
                    .map(|soak| soak.worlds[0].world.parallel_stats().decided_ahead)
                    .sum::<u64>();
                destroyed += one.worlds[0].havoc.destroyed;
            }
        }
        assert!(decided_ahead > 0, "some thinks were decided ahead");
        assert!(destroyed > 0, "the game destroyed entities");
    }

    /// The wizard dies mid-soak: the reset removes what the rules spawned, the soak is told of
    /// each, and the count of entities still adds up.
    #[test]
    fn an_arena_reset_mid_soak_keeps_the_count_of_entities() {
        let instance = shipped_instance("wizard_arena.json", None, 1);
        let soaked = SoakWorld {
            name: "wizard_arena".to_owned(),
            world: instance.world,
            rules: instance.rules,
        };
        let mut soak = Soak::new(vec![soaked], SoakRules::default()).unwrap();
        soak.run_interval(40.0).unwrap();
        let world = &mut soak.worlds[0].world;
        let arena = world.entities().count();
        // Found by its archetype: the game may have replaced the first.
        let wizard_archetype = world.domain().archetypes().find("wizard").unwrap();
        let wizard = (world.entities())
            .find(|&e| world.archetype(e).unwrap().map(|a| a.0) == Some(wizard_archetype))
            .unwrap();
        assert!(arena > 1, "antlions came");
        let health = world.domain().find_attribute("health").unwrap();
        world.set_fact(wizard, health, Value::Number(0.0)).unwrap();
        let before = soak.run_interval(0.0).unwrap().destroyed;
        let after = soak.run_interval(0.05).unwrap();
        assert_eq!(after.objects + after.npcs, 1, "the wizard alone, reset");
        assert!(after.destroyed - before >= arena as u64 - 1);
        soak.run_interval(60.0).unwrap();
    }
}

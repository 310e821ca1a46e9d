//! A population under test: a world and what drives its characters, stepped as the headless
//! engine steps it, with the controller's time kept apart from the engine's. For motive's
//! brains the controller is `World::tick` (sensing, deciding, planning, timed actions), timed
//! by the simulator; for the FSMs it is the FSMs' thinking plus `World::tick` (needs decay, the
//! spatial index), which is timed apart from their own think too. Walking, and the simulator's
//! reports, are the engine's.

use std::time::{Duration, Instant};

use motive::core::World;
use motive::domain::Instance;
use motive::sim::Simulator;

use super::fsm::Fsm;

/// A world and its controller.
pub trait Population {
    /// Advances `dt` seconds: the engine's part, then the controller's.
    fn step(&mut self, dt: f64) -> Result<(), String>;
    /// Wall time the controller has taken so far.
    fn controller_time(&self) -> Duration;
    /// Wall time of the controller's own decisions so far, without `World::tick`'s
    /// bookkeeping; `None` for brains, which decide inside `World::tick`, where it cannot be
    /// timed apart from outside the library.
    fn own_think_time(&self) -> Option<Duration>;
    /// The world.
    fn world(&self) -> &World;
    /// The world, to configure it.
    fn world_mut(&mut self) -> &mut World;
}

/// motive's brains, with the headless simulator as the engine.
pub struct Brains {
    world: World,
    simulator: Simulator,
}

impl Brains {
    /// The brains of `instance`.
    pub fn new(instance: Instance) -> Result<Self, String> {
        let simulator =
            Simulator::new(instance.rules, &instance.world).map_err(|e| e.to_string())?;
        Ok(Brains {
            world: instance.world,
            simulator,
        })
    }
}

impl Population for Brains {
    fn step(&mut self, dt: f64) -> Result<(), String> {
        let world = &mut self.world;
        self.simulator
            .step(world, dt, &mut ())
            .map_err(|e| e.to_string())
    }

    fn controller_time(&self) -> Duration {
        self.simulator.stats().tick_wall
    }

    fn own_think_time(&self) -> Option<Duration> {
        None
    }

    fn world(&self) -> &World {
        &self.world
    }

    fn world_mut(&mut self) -> &mut World {
        &mut self.world
    }
}

/// The hand-written FSMs, walking their own characters.
pub struct Fsms {
    world: World,
    fsm: Fsm,
    controller: Duration,
    own_think: Duration,
}

impl Fsms {
    /// FSMs for the characters of `instance`, walking at its rules' speed.
    pub fn new(instance: Instance) -> Result<Self, String> {
        let fsm = Fsm::new(&instance.world, instance.rules.speed)?;
        Ok(Fsms {
            world: instance.world,
            fsm,
            controller: Duration::ZERO,
            own_think: Duration::ZERO,
        })
    }
}

impl Population for Fsms {
    fn step(&mut self, dt: f64) -> Result<(), String> {
        self.fsm.walk(&mut self.world, dt);
        let started = Instant::now();
        self.world.tick(dt).map_err(|e| e.to_string())?;
        let ticked = Instant::now();
        self.fsm.think(&mut self.world);
        let done = Instant::now();
        self.controller += done - started;
        self.own_think += done - ticked;
        Ok(())
    }

    fn controller_time(&self) -> Duration {
        self.controller
    }

    fn own_think_time(&self) -> Option<Duration> {
        Some(self.own_think)
    }

    fn world(&self) -> &World {
        &self.world
    }

    fn world_mut(&mut self) -> &mut World {
        &mut self.world
    }
}

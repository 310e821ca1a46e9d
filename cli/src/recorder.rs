//! What the CLI records while the simulator runs: one observer holding the roster and the
//! recordings a command asked for.

use motive::core::world::event::Event;
use motive::core::{Entity, World};
use motive::sim::{Ending, Measurement, Observer, Performed, SimStats};

use crate::claim_log::ClaimLog;
use crate::drive_samples::DriveSamples;
use crate::progress::Progress;
use crate::roster::Roster;
use crate::trace::Trace;

/// The roster and the recordings of one run; `None` for those not asked for.
pub struct Recorder {
    /// Who is who, spawned NPCs included.
    pub roster: Roster,
    /// `--trace`.
    pub trace: Option<Trace>,
    /// `--plot`.
    pub drives: Option<DriveSamples>,
    /// `explain`'s lost claims.
    pub claims: Option<ClaimLog>,
    /// The scenario's measures of success.
    pub measures: Measurement,
    /// The progress bar.
    pub progress: Progress,
}

impl Observer for Recorder {
    fn died(&mut self, world: &World, entity: Entity, ending: Ending) {
        self.measures.died(world, entity, ending);
    }

    fn cleared(&mut self, world: &World, entity: Entity) {
        self.measures.cleared(world, entity);
    }

    fn decided(&mut self, world: &World, npc: Entity) {
        if let Some(trace) = &mut self.trace {
            trace.decided(world, &self.roster, npc);
        }
    }

    fn event(&mut self, world: &World, event: &Event) {
        self.measures.event(world, event);
        if let Some(trace) = &mut self.trace {
            trace.event(world, &self.roster, event);
        }
        if let Some(claims) = &mut self.claims {
            claims.event(world, &self.roster, event);
        }
    }

    fn performed(&mut self, world: &World, performed: &Performed) {
        self.measures.performed(world, performed);
        if let Some(trace) = &mut self.trace {
            trace.performed(world, &self.roster, performed);
        }
    }

    fn spawned(&mut self, world: &World, entity: Entity) {
        self.roster.add_spawned(world, entity);
        self.measures.spawned(world, entity);
    }

    fn after_step(&mut self, world: &World, stats: &SimStats) {
        self.measures.after_step(world, stats);
        if let Some(trace) = &mut self.trace {
            trace.after_step(world, &self.roster);
        }
        if let Some(drives) = &mut self.drives {
            drives.after_step(world, &self.roster);
        }
        self.progress.update(world.time());
    }
}

//! Engine-ended actions that are never reported: motive fails them after a timeout (the
//! action's own, else the world's), with `ActionTimedOut`, so an engine that drops a request
//! never leaves an NPC waiting forever.
//!
//! The deadline sits in the entity's record, beside what the per-tick pass reads anyway, so
//! checking it costs one comparison per NPC per tick and never loads a mind.

use crate::core::model::action::{ActionDuration, ActionId};
use crate::core::model::domain::check_timeout;
use crate::core::model::entity::Entity;
use crate::core::model::error::Result;
use crate::core::world::brains::Brains;
use crate::core::world::event::EventKind;
use crate::core::world::mind::{Mind, Part};
use crate::core::world::World;

/// When an engine-ended action must be reported by, per NPC record.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Deadline {
    /// World time after which the running engine action fails; infinite when none runs.
    pub(crate) at: f64,
    /// The request it is for (0: none), so that a deadline is set once per request.
    pub(crate) request: u32,
}

impl Default for Deadline {
    fn default() -> Self {
        Deadline {
            at: f64::INFINITY,
            request: 0,
        }
    }
}

impl<B: Brains> World<B> {
    /// Sets the seconds an engine-ended action may go unreported before motive fails it, for
    /// actions that set none themselves: finite and > 0, or infinite for never. Applies to
    /// requests made from now on. The default is
    /// [`crate::core::model::action::DEFAULT_ENGINE_TIMEOUT`].
    pub fn set_engine_action_timeout(&mut self, seconds: f64) -> Result<()> {
        check_timeout(seconds)?;
        self.engine_timeout = seconds;
        Ok(())
    }

    /// The world's timeout for engine-ended actions that set none.
    pub fn engine_action_timeout(&self) -> f64 {
        self.engine_timeout
    }

    /// Seconds after its request that `action`, if the engine ends it, fails unreported.
    pub(crate) fn timeout_of(&self, action: ActionId) -> f64 {
        self.domain
            .action(action)
            .engine_timeout
            .unwrap_or(self.engine_timeout)
    }

    /// The deadline `mind`'s running action gives, `previous` being the record's: a new one
    /// when an engine-ended action the NPC performs (alone or leading) was requested since.
    pub(crate) fn deadline_of(&self, mind: &Mind<B>, previous: Deadline) -> Deadline {
        let engine = mind.running.filter(|r| {
            matches!(r.part, Part::Alone | Part::Leading)
                && self.domain.action(r.step.action).duration == ActionDuration::Engine
        });
        match engine {
            None => Deadline::default(),
            Some(r) if r.request == previous.request => previous,
            Some(r) => Deadline {
                at: self.time + self.timeout_of(r.step.action),
                request: r.request,
            },
        }
    }

    /// Fails `npc`'s running engine action: its deadline passed without a report.
    pub(crate) fn time_out_running(&mut self, npc: Entity) {
        let _ = self.with_mind(npc, |world, mind| {
            world.stop_running(npc, mind, EventKind::ActionTimedOut);
            Ok(())
        });
    }
}

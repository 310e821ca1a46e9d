//! Engine-ended actions that are never reported: motive fails them after a timeout (the
//! action's own, else the world's), with `ActionTimedOut`, so an engine that drops a request
//! never leaves an NPC waiting forever.
//!
//! The deadline is set when the request is made (on the running action) and mirrored in the
//! entity's record whenever the mind goes back in, beside what the per-tick pass reads anyway,
//! so checking it costs one comparison per NPC per tick and never loads a mind.

use crate::core::model::action::{ActionDuration, ActionId};
use crate::core::model::domain::check_timeout;
use crate::core::model::entity::Entity;
use crate::core::model::error::Result;
use crate::core::world::brains::Brains;
use crate::core::world::event::EventKind;
use crate::core::world::mind::{Mind, Part};
use crate::core::world::World;

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

    /// The deadline of a request of `action` made now: the timeout from now when the engine
    /// ends it, never when motive does.
    pub(crate) fn deadline_for(&self, action: ActionId) -> f64 {
        match self.domain.action(action).duration {
            ActionDuration::Engine => self.time + self.timeout_of(action),
            _ => f64::INFINITY,
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

/// The deadline the record keeps for `mind`: its running action's, when it performs it alone or
/// leads it (a helper follows its leader); infinite otherwise.
pub(crate) fn deadline_of<B: Brains>(mind: &Mind<B>) -> f64 {
    mind.running
        .filter(|r| matches!(r.part, Part::Alone | Part::Leading))
        .map_or(f64::INFINITY, |r| r.deadline)
}

//! What a simulation did, counted as it runs.

use std::time::Duration;

/// Counters of a [`super::Simulator`] since it was made. Actions are counted per NPC taking
/// part: a joint action performed by three users counts three times.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, Default, PartialEq)]
pub struct SimStats {
    /// Steps run.
    pub ticks: u64,
    /// Thinks that produced a decision: UDGOAP plans and GOAP decisions, "no plan" included.
    pub decisions: u64,
    /// Decisions after which the NPC holds a plan at the end of the tick: a plan found invalid
    /// at its first step does not count.
    pub plans_adopted: u64,
    /// `ActionRequested` events: actions started, engine-performed or timed.
    pub actions_requested: u64,
    /// Actions that ended well: timed actions that finished and engine actions the simulator
    /// reported as succeeded.
    pub actions_performed: u64,
    /// Actions that ended badly: `ActionFailed` (a failure drawn by the simulator, a target
    /// gone, a joint action that did not work) and `ActionTimedOut` events.
    pub actions_failed: u64,
    /// Performed actions that serve one of the performer's needs: by the action's definition,
    /// an effect on the performer that adds to one of its archetype's needs or moves one of its
    /// own attributes the way a goal of its archetype's drives wants (up for a maximising
    /// goal, down for a minimising one). Judged from the definition, not the values: an action
    /// that adds to a need already full still counts.
    pub needs_satisfied: u64,
    /// Entities spawned by spawn rules.
    pub spawned: u64,
    /// Reports the world refused (the NPC no longer performed the request). The simulator
    /// drops performances the world ended, so this stays 0 unless its bookkeeping is wrong.
    pub stale_reports: u64,
    /// Reports a misbehaving engine held back (`chaos.rs`).
    pub reports_held: u64,
    /// Reports a misbehaving engine never sent: motive timed their actions out.
    pub reports_lost: u64,
    /// Wall-clock time spent inside `World::tick` (sensing, deciding, planning, timed actions).
    /// A figure of this process, not of the run: a save leaves it out (0 when loaded).
    #[serde(skip)]
    pub tick_wall: Duration,
}

impl SimStats {
    /// Adds `other`'s counts to these (the simulators of several worlds together).
    pub fn add(&mut self, other: &SimStats) {
        self.ticks += other.ticks;
        self.decisions += other.decisions;
        self.plans_adopted += other.plans_adopted;
        self.actions_requested += other.actions_requested;
        self.actions_performed += other.actions_performed;
        self.actions_failed += other.actions_failed;
        self.needs_satisfied += other.needs_satisfied;
        self.spawned += other.spawned;
        self.stale_reports += other.stale_reports;
        self.reports_held += other.reports_held;
        self.reports_lost += other.reports_lost;
        self.tick_wall += other.tick_wall;
    }

    /// Wall-clock microseconds inside `World::tick` per decision; `None` before the first.
    pub fn micros_per_decision(&self) -> Option<f64> {
        (self.decisions > 0).then(|| self.tick_wall.as_secs_f64() * 1e6 / self.decisions as f64)
    }
}

//! A misbehaving engine: reports that come late, say failure, or never come, as a game's do
//! when its animations stall, its navigation gives up or its messages get lost. The
//! [`super::Simulator`] consults it when a performance is due (off unless
//! [`super::Simulator::set_chaos`] turned it on); motive must recover from each (a lost report
//! by the world's engine-action timeout, `World::set_engine_action_timeout`).
//!
//! It draws from its own stream, so turning it on leaves the simulator's failure draws and the
//! world's outcomes where they were, and a seed replays the same chaos.

use crate::core::model::rng::WorldRng;
use crate::core::{Error, Result};

/// Mixed into the world's seed for the chaos stream ("CHAOSENG"), apart from the simulator's.
const SEED_SALT: u64 = 0x4348_414f_5345_4e47;

/// How badly the engine behaves: chances per due report, each in [0, 1].
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, Default, PartialEq)]
pub struct ChaosRules {
    /// The report is never sent: motive times the action out.
    pub lose: f64,
    /// The report is held back for up to [`ChaosRules::max_delay`] seconds (uniform).
    pub delay: f64,
    /// Longest delay, in seconds (finite, ≥ 0).
    pub max_delay: f64,
    /// The report says failure whatever happened (beside the action's own failure chance).
    pub fail: f64,
}

impl ChaosRules {
    /// Checks every chance is in [0, 1] and the delay finite and not negative.
    pub fn validate(&self) -> Result<()> {
        for (name, chance) in [
            ("lose", self.lose),
            ("delay", self.delay),
            ("fail", self.fail),
        ] {
            if !(0.0..=1.0).contains(&chance) {
                return Err(Error::invalid(format!(
                    "chaos {name} must be in [0, 1], got {chance}"
                )));
            }
        }
        if !(self.max_delay.is_finite() && self.max_delay >= 0.0) {
            return Err(Error::invalid(format!(
                "chaos max_delay must be finite and >= 0, got {}",
                self.max_delay
            )));
        }
        Ok(())
    }
}

/// What the engine does with a report that fell due.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Fate {
    /// Sends it; `fail` forces a failure.
    Send {
        /// Report failure whatever happened.
        fail: bool,
    },
    /// Sends it no earlier than this world time.
    Hold(f64),
    /// Never sends it.
    Lose,
}

/// The rules and their random stream.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug)]
pub(super) struct Chaos {
    rules: ChaosRules,
    rng: WorldRng,
}

impl Chaos {
    /// Chaos by `rules`, its stream seeded from the world's `seed`.
    pub(super) fn new(rules: ChaosRules, seed: u64) -> Result<Self> {
        rules.validate()?;
        Ok(Chaos {
            rules,
            rng: WorldRng::new(seed ^ SEED_SALT),
        })
    }

    /// The fate of a report due at `now`; `held` says it was held back once already, and is
    /// sent now (a failure still possible) rather than held again.
    pub(super) fn fate(&mut self, now: f64, held: bool) -> Fate {
        let rules = self.rules;
        if !held {
            if self.rng.unit() < rules.lose {
                return Fate::Lose;
            }
            if self.rng.unit() < rules.delay {
                return Fate::Hold(now + self.rng.unit() * rules.max_delay);
            }
        }
        Fate::Send {
            fail: self.rng.unit() < rules.fail,
        }
    }
}

//! A scripted player: the simulator reports player actions on a schedule, as an engine reports
//! what its player does, so that scenarios show NPCs adapting to a player whose style changes
//! (`brains/bt/adapt.rs`).

use super::limits::MAX_SPAWN_CATCH_UP;
use crate::core::model::player_style::PlayerActionId;
use crate::core::{Result, World};

/// Reports `action` every `every` seconds from `from` until `until` (simulated seconds).
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq)]
pub struct PlayerRule {
    /// What the player does.
    pub action: PlayerActionId,
    /// When it starts (finite, ≥ 0).
    pub from: f64,
    /// When it stops (≥ `from`; may be infinite).
    pub until: f64,
    /// Seconds between two reports (finite, ≥ the simulation's step, so at most one report a
    /// rule per step).
    pub every: f64,
}

/// When each rule reports next.
#[derive(serde::Serialize, serde::Deserialize, Debug)]
pub(crate) struct ScriptedPlayer {
    next: Vec<f64>,
}

impl ScriptedPlayer {
    /// A player following `rules`, starting now.
    pub(crate) fn new(rules: &[PlayerRule], now: f64) -> Self {
        ScriptedPlayer {
            next: rules.iter().map(|r| r.from.max(now)).collect(),
        }
    }

    /// Reports, rule by rule, every action due by the world's time: a rule that fell several
    /// periods behind (a step longer than its period, or the world ticked without the
    /// simulator) catches up for at most [`MAX_SPAWN_CATCH_UP`] periods, as a spawn rule
    /// does, and its next report is a period from now. Unbounded, a step of 1e17 s made the
    /// next step report for ever (past 2^53 periods the schedule no longer moves).
    pub(crate) fn run(&mut self, rules: &[PlayerRule], world: &mut World) -> Result<()> {
        let now = world.time();
        for (next, rule) in self.next.iter_mut().zip(rules) {
            let mut periods = 0;
            while *next <= now && *next < rule.until {
                periods += 1;
                if periods > MAX_SPAWN_CATCH_UP {
                    *next = now + rule.every;
                    break;
                }
                world.report_player_action(rule.action)?;
                *next += rule.every;
            }
        }
        Ok(())
    }
}

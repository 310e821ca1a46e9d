//! Drive definitions: lasting wants that generate goals (000_16db0c300c7e0e65.txt:843-873).

use crate::core::model::condition::{Condition, Role};
use crate::core::model::goal::GoalId;

/// Dense id of a drive definition.
#[derive(
    serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord,
)]
pub struct DriveId(pub u32);

/// The roles a trigger may name: the NPC (consumer) and the candidate subject (supplier).
pub const TRIGGER_ROLES: &[Role] = &[Role::Consumer, Role::Supplier];

/// Which entities a trigger tests as the subject of the goal it generates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TriggerScope {
    /// The NPC itself (`self_below_max_health`).
    Consumer,
    /// Every other entity the NPC knows (`enemy_spotted`).
    Known,
}

/// A trigger-goal pair: when every condition holds for a subject, the drive gets the goal bound
/// to that subject, unless it already has it (:861-867).
#[derive(Clone, Debug, PartialEq)]
pub struct GoalGenerator {
    /// Which subjects to test.
    pub scope: TriggerScope,
    /// Conditions over consumer and subject; all must hold. None fires for every subject.
    pub conditions: Vec<Condition>,
    /// The goal to create.
    pub goal: GoalId,
}

/// A drive definition.
#[derive(Clone, Debug, PartialEq)]
pub struct DriveDef {
    /// Importance in the top-level utility.
    pub weight: f64,
    /// Trigger-goal pairs.
    pub generators: Vec<GoalGenerator>,
    /// The drive (with all its goals) is removed when any of these holds for the NPC; used by
    /// external drives such as orders (:924-928).
    pub removal: Vec<Condition>,
}

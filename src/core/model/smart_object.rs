//! What a smart-object archetype says about how it is used: tags, slots and who may take them
//! (Sloan's smart objects, 000_16db0c300c7e0e65.txt:737-751, :955-963; the book's affordances
//! with slots, ch. 2 of the AI-for-games book, digest item 17; Unreal's Smart Objects, which
//! claim slots with priorities).

use crate::core::model::action::ActionId;
use crate::core::model::archetype::ArchetypeId;
use crate::core::model::entity::Entity;
use crate::core::model::vec3::Vec3;

/// Dense id of a tag (`chair`, `loud`, `guard`): archetypes carry tags, slot filters ask for them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TagId(pub u32);

/// Which NPCs may use a slot: all of `archetypes` (any when empty) and every tag of `tags`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct UserFilter {
    /// Allowed NPC archetypes; empty allows every archetype.
    pub archetypes: Vec<ArchetypeId>,
    /// Tags the NPC's archetype must all carry.
    pub tags: Vec<TagId>,
}

impl UserFilter {
    /// Whether an NPC of `archetype`, whose archetype carries `tags`, may use the slot.
    pub fn admits(&self, archetype: ArchetypeId, tags: &[TagId]) -> bool {
        (self.archetypes.is_empty() || self.archetypes.contains(&archetype))
            && self.tags.iter().all(|t| tags.contains(t))
    }
}

/// A place where one NPC uses the object: the position and facing are relative to the object
/// (the engine applies the object's rotation; motive keeps positions only).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SlotDef {
    /// Where the user stands, relative to the object's position.
    pub offset: Vec3,
    /// The direction the user faces, relative to the object (zero: face the object).
    pub facing: Vec3,
    /// A multi-user action on the object starts only once every required slot is in use
    /// (the rusty lever: three slots, two required).
    pub required: bool,
    /// Who may take it.
    pub users: UserFilter,
}

/// How strongly an NPC holds its claims. A claim of higher priority takes a slot that is
/// claimed at lower priority but not yet in use; a slot in use is never taken.
#[derive(
    serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord,
)]
pub struct ClaimPriority(pub u8);

impl ClaimPriority {
    /// Takes only free slots and is taken from by any other priority above it.
    pub const LOW: ClaimPriority = ClaimPriority(64);
    /// The default.
    pub const NORMAL: ClaimPriority = ClaimPriority(128);
    /// Takes slots from normal and low claims.
    pub const HIGH: ClaimPriority = ClaimPriority(192);
}

impl Default for ClaimPriority {
    fn default() -> Self {
        ClaimPriority::NORMAL
    }
}

/// How an NPC's planners treat an object none of whose slots is open to it (all claimed by
/// others, or in use).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum Contention {
    /// It is not a candidate: the NPC plans around it (the default).
    #[default]
    Exclude,
    /// It stays a candidate at a price: each GOAP action on it costs `cost` (finite, ≥ 0) more,
    /// and a UDGOAP plan that uses it counts `utility_factor` (in [0, 1]) of its utility gain.
    /// A busy café may still be worth the walk. The NPC claims a slot when the step that uses
    /// the object starts; if none is open by then, the plan is invalid and it replans.
    Penalty {
        /// Added to the cost of each GOAP action on the object.
        cost: f64,
        /// The share of a UDGOAP plan's utility gain that counts.
        utility_factor: f64,
    },
}

/// The run-time state of one slot of one object.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, Default, PartialEq)]
pub struct SlotState {
    /// The NPC holding it; null when free.
    pub holder: Entity,
    /// The holder's priority.
    pub priority: ClaimPriority,
    /// The holder is performing an action at it: nobody may take it.
    pub in_use: bool,
}

impl SlotState {
    /// Whether an NPC of priority `priority` may have the slot now: free, already its own, or
    /// claimed at lower priority and not in use.
    pub fn open_to(&self, npc: Entity, priority: ClaimPriority) -> bool {
        self.holder.is_null() || self.holder == npc || (!self.in_use && self.priority < priority)
    }
}

/// A slot an NPC holds for its plan.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Claim {
    /// The object.
    pub object: Entity,
    /// Index of the slot in the object's archetype.
    pub slot: u32,
    /// The last plan step that uses it: the claim ends when that step ends.
    pub last_step: u32,
}

/// An action of an object performed by several users together: the rusty lever that takes two
/// to pull and goes better with three (001_3e3461db8de0826f.txt:907-909). Users wait in their
/// slots; the action starts when every required slot has a user waiting, and each waiting user
/// gives up after `timeout` seconds.
#[derive(Clone, Debug, PartialEq)]
pub struct JointAction {
    /// The action, which the object's archetype supplies.
    pub action: ActionId,
    /// Seconds a user waits in its slot for the required slots to fill, > 0.
    pub timeout: f64,
    /// Chance that a performance works, in [0, 1], by the number of optional slots filled: `[0]`
    /// with only the required slots, `[k]` with k optional users, the last entry for more.
    /// Empty: it always works. The rusty lever is `[0.6, 0.9]` (the seed gives 60% for two
    /// users and says only that a third "improves the chance", :909).
    pub chance: Vec<f64>,
}

impl JointAction {
    /// The chance that a performance with `optional` optional users works.
    pub fn chance_with(&self, optional: usize) -> f64 {
        match self.chance.len() {
            0 => 1.0,
            n => self.chance[optional.min(n - 1)],
        }
    }
}

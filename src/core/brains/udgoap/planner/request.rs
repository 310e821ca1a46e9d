//! What a planning call needs: the NPC, what it knows, what it wants and who supplies actions.

use crate::core::brains::udgoap::memory::Memory;
use crate::core::brains::udgoap::utility::TopLevelUtility;
use crate::core::model::archetype::ArchetypeId;
use crate::core::model::condition::Bindings;
use crate::core::model::entity::Entity;
use crate::core::model::goal::GoalId;

/// A candidate supplier: an entity the NPC knows, its archetype, and how much a plan that uses
/// it may count of its utility gain.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Supplier {
    /// The entity.
    pub entity: Entity,
    /// What it supplies comes from its archetype.
    pub archetype: ArchetypeId,
    /// In [0, 1]: 1, or the NPC's contention factor when none of its slots is open to the NPC
    /// ([`crate::core::model::smart_object::Contention::Penalty`]). A plan's gain counts the least
    /// factor among the suppliers it uses.
    pub utility_factor: f64,
}

/// A goal instance: a goal definition bound to a subject, counted in one drive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoundGoal {
    /// The definition.
    pub goal: GoalId,
    /// Index of its drive in [`PlanRequest::drive_weights`].
    pub drive: u32,
    /// The entity it is about (the supplier role of its conditions).
    pub subject: Entity,
}

impl BoundGoal {
    /// The roles its conditions name, for `consumer`: the NPC, and the subject as supplier.
    pub fn bindings(&self, consumer: Entity) -> Bindings {
        Bindings::pair(consumer, self.subject)
    }
}

/// Everything a plan depends on. The search copies it into its arena, so the request may
/// borrow short-lived buffers.
#[derive(Clone, Copy, Debug)]
pub struct PlanRequest<'r> {
    /// The planning NPC's archetype: its consumable actions, death conditions and limits.
    pub archetype: ArchetypeId,
    /// The planning NPC.
    pub consumer: Entity,
    /// What it knows.
    pub facts: &'r Memory,
    /// Entities it may use as suppliers, in a deterministic order.
    pub suppliers: &'r [Supplier],
    /// All its goals (the soft goals of every plan state).
    pub goals: &'r [BoundGoal],
    /// The weight of each of its drives.
    pub drive_weights: &'r [f64],
    /// How drive satisfactions become one utility.
    pub top_level: TopLevelUtility,
    /// Most states expanded before giving up.
    pub max_expansions: u32,
    /// Most actions in a plan.
    pub max_depth: u32,
}

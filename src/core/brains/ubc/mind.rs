//! Per-NPC state of the UBC brain: the last decision, kept to explain it.

use crate::core::model::archetype::ArchetypeDef;
use crate::core::model::domain::Domain;
use crate::core::model::entity::Entity;

use crate::core::model::ubc::plan::UbcPlanId;

/// How one predefined plan rated at the last decision.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq)]
pub struct UbcRating {
    /// The plan.
    pub plan: UbcPlanId,
    /// Its best target; null for a plan without one, or when no candidate could be used.
    pub target: Entity,
    /// The weighted utility the plan adds at that target (S:126: +90 for the first watch);
    /// `None` when no candidate target let every step's preconditions hold.
    pub gain: Option<f64>,
}

/// The UBC brain's state.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, Default, PartialEq)]
pub struct UbcMind {
    /// World time of the last decision.
    pub time: f64,
    /// Every plan of the archetype, in its order, as rated then.
    pub ratings: Vec<UbcRating>,
    /// The index in `ratings` of the plan performed; `None` when none was (no plan applied, or
    /// the fallback won).
    pub chosen: Option<usize>,
    /// The archetype's fallback action was performed instead of a plan.
    pub fell_back: bool,
}

impl UbcMind {
    /// A mind with room for `plans` ratings, so deciding never allocates.
    pub fn new(plans: usize) -> Self {
        UbcMind {
            ratings: Vec::with_capacity(plans),
            ..UbcMind::default()
        }
    }

    /// Whether a decoded mind fits its archetype `def` in `domain` (`World::load`): at most a
    /// rating per plan of the archetype, each of a plan of the domain, and the chosen one among
    /// them.
    pub(crate) fn fits(&self, domain: &Domain, def: &ArchetypeDef) -> bool {
        self.ratings.len() <= def.ubc.plans.len()
            && self
                .ratings
                .iter()
                .all(|r| (r.plan.0 as usize) < domain.ubc_plans().len())
            && self.chosen.is_none_or(|i| i < self.ratings.len())
    }

    /// The rating of the plan performed, if one was.
    pub fn chosen_rating(&self) -> Option<&UbcRating> {
        self.chosen.map(|i| &self.ratings[i])
    }
}

//! Per-NPC state of the behaviour-tree brain: its layer stack and the action leaf performing.

use crate::core::brains::udgoap::mind::UdgoapMind;
use crate::core::model::archetype::ArchetypeDef;
use crate::core::model::domain::Domain;
use crate::core::model::fact_set::FactSet;

use super::layers::Layers;

/// How an action or plan leaf's start went.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LeafStart {
    /// Its steps were handed to the world: it lasts while they are performed.
    Performing,
    /// No supplier, no target or no plan: it fails at its step.
    Failed,
    /// The goal needed no step: it succeeds at its step.
    Done,
}

/// The action leaf whose motive action the NPC performs now.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ActionLeaf {
    /// The leaf's node in the base tree (the only layer that acts).
    pub(crate) node: u32,
    /// How its start went.
    pub(crate) start: LeafStart,
}

/// The behaviour-tree brain's state.
#[derive(serde::Serialize, serde::Deserialize, Default)]
pub struct BtMind {
    /// The trees, highest layer first.
    pub layers: Layers,
    /// What the NPC keeps for itself and what others told it, typed entries by attribute: flags
    /// set by flag nodes, its own or broadcast (L1161, L4782-4890), and what the engine wrote.
    pub blackboard: FactSet,
    /// The leaf holding the NPC's action, if one does.
    pub(crate) action: Option<ActionLeaf>,
    /// Which of its archetype's adaptive layers is pushed, if one is.
    pub adaptive: Option<usize>,
    /// World time of the last step of the layers; `None` before the first.
    pub stepped: Option<f64>,
    /// What UDGOAP plan leaves plan from: the NPC's memory of what it perceived, made at its
    /// first such plan (sized by its archetype's memory capacity).
    pub planner: Option<Box<UdgoapMind>>,
}

impl BtMind {
    /// Whether a decoded mind fits its archetype `def` in `domain` at time `now`
    /// (`World::load`): its layers fit their trees, its adaptive layer is one of the
    /// archetype's, its action leaf a node of its base tree, its planner's memory the domain's.
    pub(crate) fn fits(&self, domain: &Domain, def: &ArchetypeDef, now: f64) -> bool {
        let base_nodes = self
            .layers
            .runs()
            .last()
            .map_or(0, |r| r.tree().nodes().len());
        self.layers.fit(now)
            && self.adaptive.is_none_or(|i| i < def.adaptive.len())
            && self
                .action
                .is_none_or(|leaf| (leaf.node as usize) < base_nodes)
            && self.planner.as_deref().is_none_or(|p| p.fits(domain))
    }
}

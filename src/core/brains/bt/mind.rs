//! Per-NPC state of the behaviour-tree brain: its layer stack and the action leaf performing.

use crate::core::model::fact_set::FactSet;

use super::layers::Layers;

/// The action leaf whose motive action the NPC performs now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ActionLeaf {
    /// The leaf's node in the base tree (the only layer that acts).
    pub(crate) node: u32,
    /// A supplier was found and the action requested; false makes the leaf fail.
    pub(crate) requested: bool,
}

/// The behaviour-tree brain's state.
#[derive(Default)]
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
}

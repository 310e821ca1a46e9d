//! Hinted-execution behaviour trees (Ocio 2010, 002_37948445dded21f3.txt; digest
//! `../shared/spec/002_ocio_thesis.md`), as authored: trees of composites, filters, conditions
//! and leaves in one flat table, selectors whose named branches expose hints, and hint nodes
//! with which a higher layer re-orders the tree below it. Running them is `brains/bt/`.

mod authoring;
mod builder;
mod condition_tree;
mod node;
mod tree;

pub use authoring::BtTreeId;
pub use builder::BtBuilder;
pub use condition_tree::{BtTest, TestExpr};
pub use node::{BtCallbackId, BtNode, ConditionMode, FlagScope, HintId, HintState, PlanGoal};
pub use tree::{BtTree, MAX_LAYERS, MAX_TREE_DEPTH, MAX_TREE_NODES};

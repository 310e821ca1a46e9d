//! What a node's step returns (L1174-1176).

/// A node's result for one step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Done, and it worked.
    Succeeded,
    /// Done, and it did not.
    Failed,
    /// Not done: step it again next tick.
    InProgress,
    /// Something that should not happen (a child that could not start): the layer stack is
    /// cleared (L2530-2540).
    Error,
}

//! What saving and loading a world need beside the state itself: the domain the state's
//! references point into. Behaviour trees are shared definitions (`Arc<BtTree>`): a save
//! writes a tree as its id in the domain, and a load takes the domain's own `Arc` back, so a
//! loaded world shares its trees exactly as the saved one did.

use std::cell::RefCell;
use std::sync::Arc;

use serde::{de::Error as _, ser::Error as _, Deserialize, Deserializer, Serialize, Serializer};

use crate::core::model::bt::BtTree;
use crate::core::model::domain::Domain;

thread_local! {
    /// The domain of the world being saved or loaded on this thread.
    static DOMAIN: RefCell<Option<Arc<Domain>>> = const { RefCell::new(None) };
}

/// Runs `body` with `domain` as the one saved or loaded trees belong to.
pub(crate) fn with_domain<R>(domain: &Arc<Domain>, body: impl FnOnce() -> R) -> R {
    let before = DOMAIN.with(|d| d.replace(Some(domain.clone())));
    let result = body();
    DOMAIN.with(|d| *d.borrow_mut() = before);
    result
}

fn tree_id(tree: &Arc<BtTree>) -> Option<u32> {
    DOMAIN.with(|d| {
        let d = d.borrow();
        let trees = d.as_ref()?.bt_trees().items();
        trees
            .iter()
            .position(|t| Arc::ptr_eq(t, tree))
            .map(|i| i as u32)
    })
}

fn tree_of(id: u32) -> Option<Arc<BtTree>> {
    DOMAIN.with(|d| {
        let d = d.borrow();
        d.as_ref()?.bt_trees().items().get(id as usize).cloned()
    })
}

/// `#[serde(with)]` for one tree: its id in the domain.
pub(crate) mod tree_ref {
    use super::*;

    /// Writes `tree` as its id.
    pub(crate) fn serialize<S: Serializer>(tree: &Arc<BtTree>, s: S) -> Result<S::Ok, S::Error> {
        tree_id(tree)
            .ok_or_else(|| S::Error::custom("a behaviour tree is not the domain's"))?
            .serialize(s)
    }

    /// Reads an id back as the domain's tree.
    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Arc<BtTree>, D::Error> {
        let id = u32::deserialize(d)?;
        tree_of(id).ok_or_else(|| D::Error::custom(format!("no behaviour tree {id} in the domain")))
    }
}

/// `#[serde(with)]` for trees paired with data (a group's adaptive trees and the styles each
/// serves).
pub(crate) mod tree_refs {
    use super::*;

    /// Writes each tree as its id, beside its data.
    pub(crate) fn serialize<S: Serializer, T: Serialize>(
        trees: &[(Arc<BtTree>, T)],
        s: S,
    ) -> Result<S::Ok, S::Error> {
        let mut ids = Vec::with_capacity(trees.len());
        for (tree, data) in trees {
            let id = tree_id(tree)
                .ok_or_else(|| S::Error::custom("a behaviour tree is not the domain's"))?;
            ids.push((id, data));
        }
        ids.serialize(s)
    }

    /// Reads ids back as the domain's trees.
    pub(crate) fn deserialize<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
        d: D,
    ) -> Result<Vec<(Arc<BtTree>, T)>, D::Error> {
        let ids: Vec<(u32, T)> = Vec::deserialize(d)?;
        ids.into_iter()
            .map(|(id, data)| {
                tree_of(id).map(|tree| (tree, data)).ok_or_else(|| {
                    D::Error::custom(format!("no behaviour tree {id} in the domain"))
                })
            })
            .collect()
    }
}

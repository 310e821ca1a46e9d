//! Lint for behaviour trees' hints across the domain: hints are interned on first mention, so a
//! misspelt one is a new hint, not an error. A hint that a tree sends but no tree exposes, or
//! that a hint condition tests but no tree sends, changes nothing; each is reported at its
//! tree, with the nearest hint of the other side as a suggestion.

use super::loading::Loading;
use super::suggest;
use crate::core::model::bt::{BtTest, HintId};
use crate::core::Domain;

/// Warns about hints sent that no tree exposes, and hints tested that no tree sends.
pub(super) fn unmatched_hints(loading: &mut Loading, domain: &Domain) {
    let trees = domain.bt_trees();
    let mut sent: Vec<HintId> = Vec::new();
    let mut exposed: Vec<HintId> = Vec::new();
    for tree in trees.items() {
        sent.extend(tree.sent_hints());
        exposed.extend_from_slice(tree.exposed());
    }
    let name = |h: HintId| domain.hints().name(h.0);
    for (id, tree) in trees.items().iter().enumerate() {
        let Some(path) = loading.paths.bt_trees.get(&(id as u32)).cloned() else {
            continue;
        };
        for hint in tree.sent_hints() {
            if !exposed.contains(&hint) {
                let near = suggest::closest(name(hint), exposed.iter().map(|&h| name(h)));
                let message = format!(
                    "tree {:?} sends hint {:?}, which no tree exposes (no named branch, no hint \
                     condition): it changes nothing{}",
                    trees.name(id as u32),
                    name(hint),
                    did_you_mean(near)
                );
                loading.ctx.warn(&path, message);
            }
        }
        let mut tested: Vec<HintId> = tree
            .tests()
            .iter()
            .filter_map(|t| match t {
                BtTest::Hint(h) => Some(*h),
                _ => None,
            })
            .collect();
        tested.sort_unstable();
        tested.dedup();
        for hint in tested.into_iter().filter(|h| !sent.contains(h)) {
            let near = suggest::closest(name(hint), sent.iter().map(|&h| name(h)));
            let message = format!(
                "tree {:?} tests hint {:?}, which no tree sends: the test never holds{}",
                trees.name(id as u32),
                name(hint),
                did_you_mean(near)
            );
            loading.ctx.warn(&path, message);
        }
    }
}

/// "; did you mean X?" when there is a near name.
fn did_you_mean(near: Option<&str>) -> String {
    near.map_or(String::new(), |n| format!("; did you mean {n:?}?"))
}

//! Changing a behaviour-tree NPC's layers while the game runs (002_37948445dded21f3.txt:
//! 3927-3998): push a high-level tree, pop the top one, swap it for another, clear them, read
//! the hints.

use crate::core::brains::{not_deciding, Brain, BrainState};
use crate::core::model::bt::{BtTree, BtTreeId, HintId, HintState};
use crate::core::model::entity::Entity;
use crate::core::model::error::{Error, ErrorKind, Result};
use crate::core::world::describe;
use crate::core::World;

use super::mind::BtMind;
use super::run::TreeRun;
use super::MAX_LAYERS;

impl World {
    /// The behaviour-tree state of `npc`; an error when another brain decides for it.
    pub fn bt_mind(&self, npc: Entity) -> Result<&BtMind> {
        let mind = self.mind(npc)?;
        mind.brain
            .bt()
            .ok_or_else(|| not_deciding(npc, mind, Brain::Bt))
    }

    /// Pushes `tree` on top of `npc`'s layers: from its next think it hints the layer that was
    /// on top. Only a tree that does not act can go above another (L2402); at most
    /// [`MAX_LAYERS`] layers. A refused push changes nothing.
    pub fn push_bt_layer(&mut self, npc: Entity, tree: BtTreeId) -> Result<()> {
        let name = self.domain.bt_trees().name(tree.0).to_owned();
        let tree = self.domain.bt_trees().get(tree.0)?.clone();
        let base = self.bt_mind(npc)?.layers.is_empty();
        match base {
            true => self.check_base(npc, &name, &tree)?,
            false if !tree.hints_only() => return Err(acts_above(&name)),
            false => {}
        }
        let mind = self.mind_mut(npc)?;
        let BrainState::Bt(bt) = &mut mind.brain else {
            return Err(not_deciding(npc, mind, Brain::Bt));
        };
        if !bt.layers.push(TreeRun::new(tree)) {
            return Err(Error::invalid(format!(
                "npc {} has {MAX_LAYERS} behaviour-tree layers already",
                describe(npc)
            )));
        }
        Ok(())
    }

    /// Removes `npc`'s top layer; the layer below loses the hints it had from it and restarts.
    /// Not-found when the NPC has no layer.
    pub fn pop_bt_layer(&mut self, npc: Entity) -> Result<()> {
        match self.with_bt_layers(npc, |layers, host| layers.pop(host))? {
            true => Ok(()),
            false => Err(Error::new(
                ErrorKind::NotFound,
                format!("npc {} has no behaviour-tree layer", describe(npc)),
            )),
        }
    }

    /// Replaces `npc`'s top layer by `tree` in one step (an adaptive or scripted change of
    /// mind): the layer below loses the old layer's hints and takes the new one's from its next
    /// think. Above another layer `tree` may only hint; an NPC with one layer swaps its base
    /// tree. Not-found with no layer; a refused swap changes nothing.
    pub fn swap_bt_layer(&mut self, npc: Entity, tree: BtTreeId) -> Result<()> {
        let name = self.domain.bt_trees().name(tree.0).to_owned();
        let tree = self.domain.bt_trees().get(tree.0)?.clone();
        let layers = self.bt_mind(npc)?.layers.len();
        if layers == 0 {
            return Err(Error::new(
                ErrorKind::NotFound,
                format!("npc {} has no behaviour-tree layer to swap", describe(npc)),
            ));
        }
        match layers {
            1 => self.check_base(npc, &name, &tree)?,
            _ if !tree.hints_only() => return Err(acts_above(&name)),
            _ => {}
        }
        self.with_bt_layers(npc, |stack, host| {
            stack.swap_top(TreeRun::new(tree), host);
        })
    }

    /// Checks that `tree` (called `name`) can be `npc`'s base layer: it performs only actions
    /// its archetype consumes.
    fn check_base(&self, npc: Entity, name: &str, tree: &BtTree) -> Result<()> {
        let Some(archetype) = self.archetype(npc)? else {
            return Ok(());
        };
        let consumes = &self.domain.archetype(archetype).consumes;
        match tree.unconsumed_action(consumes) {
            Some(action) => Err(Error::invalid(format!(
                "behaviour tree {name:?} performs {:?}, which npc {} does not consume",
                self.domain.actions().name(action.0),
                describe(npc)
            ))),
            None => Ok(()),
        }
    }

    /// Removes every layer of `npc`: it does nothing until a tree is pushed.
    pub fn clear_bt_layers(&mut self, npc: Entity) -> Result<()> {
        self.with_bt_layers(npc, |layers, host| layers.clear(host))
    }

    /// The state of `hint` in `npc`'s layer `level` (0 the highest); Neutral where the tree does
    /// not expose it.
    pub fn bt_hint(&self, npc: Entity, level: usize, hint: HintId) -> Result<HintState> {
        self.domain.hints().get(hint.0)?;
        let bt = self.bt_mind(npc)?;
        let run = bt.layers.runs().nth(level).ok_or_else(|| {
            Error::new(
                ErrorKind::NotFound,
                format!(
                    "npc {} has {} layers, no layer {level}",
                    describe(npc),
                    bt.layers.len()
                ),
            )
        })?;
        Ok(run.hint(hint))
    }
}

/// The refusal of an acting tree above another layer (L2402).
fn acts_above(name: &str) -> Error {
    Error::invalid(format!(
        "behaviour tree {name:?} acts: it can only be a base layer, not go above one"
    ))
}

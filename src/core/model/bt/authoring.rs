//! Defining what the behaviour-tree brain needs: hint names, trees, and an archetype's layers.

use std::sync::Arc;

use crate::core::model::archetype::ArchetypeId;
use crate::core::model::domain::DomainBuilder;
use crate::core::model::error::{Error, Result};
use crate::core::model::player_style::{style_distribution, StyleId};

use crate::core::model::condition::Role;
use crate::core::model::domain::AttributeId;
use crate::core::model::value::ValueType;

use super::condition_tree::BtTest;
use super::node::{BtCallbackId, BtNode, HintId, PlanGoal};
use super::tree::{BtTree, MAX_LAYERS};

/// The roles a tree's conditions may name: the NPC, as consumer and as supplier.
const BT_ROLES: &[Role] = &[Role::Consumer, Role::Supplier];

/// A behaviour tree of the domain, by dense id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BtTreeId(pub u32);

impl DomainBuilder {
    /// The id of the hint called `name`, interned on first use: trees and the engine speak of
    /// hints by id (the thesis hashes names, and its hash collides, L3738-3747).
    pub fn hint(&mut self, name: &str) -> Result<HintId> {
        match self.domain.hints.find(name) {
            Some(id) => Ok(HintId(id)),
            None => self.domain.hints.add(name, ()).map(HintId),
        }
    }

    /// The id of the engine callback called `name`, interned on first use: action-callback
    /// leaves and callback conditions name it, and the engine's callbacks receive the id.
    pub fn bt_callback(&mut self, name: &str) -> Result<BtCallbackId> {
        match self.domain.bt_callbacks.find(name) {
            Some(id) => Ok(BtCallbackId(id)),
            None => self.domain.bt_callbacks.add(name, ()).map(BtCallbackId),
        }
    }

    /// Adds the tree `tree` called `name`. Its action leaves must name actions of the domain
    /// (and a blackboard target an entity attribute), its hints and callbacks ones of the
    /// domain.
    pub fn add_bt_tree(&mut self, name: &str, tree: BtTree) -> Result<BtTreeId> {
        for node in tree.nodes() {
            match *node {
                BtNode::Action { action, target } => {
                    self.domain.actions().get(action.0)?;
                    if let Some(key) = target {
                        self.check_typed(key, ValueType::Entity, "an action's target")?;
                    }
                }
                BtNode::Call(callback) => {
                    self.domain.bt_callbacks.get(callback.0)?;
                }
                BtNode::Hint { hint, .. } => {
                    self.domain.hints.get(hint.0)?;
                }
                BtNode::Flag { flag, .. } => self.check_flag(flag)?,
                BtNode::Plan(PlanGoal::Goap(goal)) => {
                    self.domain.goap_goals.get(goal.0)?;
                }
                BtNode::Plan(PlanGoal::Udgoap(goal)) => {
                    self.domain.goals().get(goal.0)?;
                }
                _ => {}
            }
        }
        for hint in tree.exposed() {
            self.domain.hints.get(hint.0)?;
        }
        for test in tree.tests() {
            match test {
                BtTest::Flag(flag) => self.check_flag(*flag)?,
                BtTest::Ask(callback) => {
                    self.domain.bt_callbacks.get(callback.0)?;
                }
                BtTest::Fact(condition) => condition.validate(&self.domain, BT_ROLES)?,
                _ => {}
            }
        }
        self.domain.bt_trees.add(name, Arc::new(tree)).map(BtTreeId)
    }

    /// A flag must be a bool attribute.
    fn check_flag(&self, flag: AttributeId) -> Result<()> {
        self.check_typed(flag, ValueType::Bool, "a flag")
    }

    /// `key` must be an attribute of type `expected` to serve as `what`.
    fn check_typed(&self, key: AttributeId, expected: ValueType, what: &str) -> Result<()> {
        let def = self.domain.attribute(key)?;
        match def.value_type {
            found if found == expected => Ok(()),
            other => Err(Error::invalid(format!(
                "{what} is a {} attribute, and {:?} is a {} attribute",
                expected.name(),
                def.name,
                other.name()
            ))),
        }
    }

    /// Gives `archetype`'s NPCs the layers `layers`, the base tree first: they are driven by
    /// behaviour trees. The base tree's actions must be ones the archetype consumes; the layers
    /// above it may only hint (L2402, L2870).
    pub fn set_archetype_bt(&mut self, archetype: ArchetypeId, layers: &[BtTreeId]) -> Result<()> {
        let arch = self.domain.archetypes.get(archetype.0)?;
        // An NPC's stack holds them all, and its adaptive layer above them.
        let room = MAX_LAYERS - usize::from(!arch.adaptive.is_empty());
        if layers.len() > room {
            return Err(Error::invalid(format!(
                "{} behaviour-tree layers: an NPC's stack holds at most {MAX_LAYERS}{}",
                layers.len(),
                if room < MAX_LAYERS {
                    ", one of them its adaptive layer"
                } else {
                    ""
                }
            )));
        }
        let name = |id: BtTreeId| self.domain.bt_trees.name(id.0).to_owned();
        for (level, &id) in layers.iter().enumerate() {
            let tree = self.domain.bt_trees.get(id.0)?;
            if level > 0 && !tree.hints_only() {
                return Err(Error::invalid(format!(
                    "behaviour tree {:?} acts, so it can only be the base layer: the layers \
                     above it hint",
                    name(id)
                )));
            }
            if let Some(action) = tree.unconsumed_action(&arch.consumes) {
                return Err(Error::invalid(format!(
                    "behaviour tree {:?} performs {:?}, which archetype {:?} does not consume",
                    name(id),
                    self.domain.actions().name(action.0),
                    self.domain.archetypes.name(archetype.0)
                )));
            }
        }
        self.domain.archetypes.get_mut(archetype.0)?.bt = layers.to_vec();
        Ok(())
    }

    /// Lets the player model push `tree` on `archetype`'s NPCs when the player's style fits the
    /// styles it serves (PaSSAGE's expected utility, 001_3e3461db8de0826f.txt:2401-2407). The
    /// archetype must be driven by behaviour trees, and `tree` may only hint.
    pub fn add_archetype_adaptive_layer(
        &mut self,
        archetype: ArchetypeId,
        tree: BtTreeId,
        serves: &[(StyleId, f64)],
    ) -> Result<()> {
        // The styles are settled only once the layer is in (`add_player_action`).
        let serves = style_distribution(self.style_count(), serves)?;
        let name = self.domain.bt_trees.name(tree.0).to_owned();
        if !self.domain.bt_trees.get(tree.0)?.hints_only() {
            return Err(Error::invalid(format!(
                "behaviour tree {name:?} acts: an adaptive layer goes above the base tree, so it \
                 may only hint"
            )));
        }
        let arch = self.domain.archetypes.get_mut(archetype.0)?;
        if !arch.uses_bt() {
            return Err(Error::invalid(
                "adaptive layers go on an archetype driven by behaviour trees: give it its base \
                 tree first",
            ));
        }
        if arch.adaptive.iter().any(|(t, _)| *t == tree) {
            return Err(Error::invalid(format!(
                "{name:?} is an adaptive layer already"
            )));
        }
        if arch.bt.len() >= MAX_LAYERS {
            return Err(Error::invalid(format!(
                "no room for an adaptive layer above {} behaviour-tree layers: an NPC's stack \
                 holds at most {MAX_LAYERS}",
                arch.bt.len()
            )));
        }
        arch.adaptive.push((tree, serves));
        self.styles_in_use();
        Ok(())
    }
}

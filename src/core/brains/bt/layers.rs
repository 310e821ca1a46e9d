//! A stack of trees, the highest first, each hinting only the one below it (the multi-level
//! controller, L2404-2603; digest §1.5). Stepped top-down, so that a lower tree is re-ordered
//! before it runs in the same tick (L2471).

use std::sync::Arc;

use crate::core::model::action::ActionId;
use crate::core::model::bt::PlanGoal;
use crate::core::model::bt::{BtCallbackId, BtTree, FlagScope, HintId, HintState};
use crate::core::model::condition::Condition;
use crate::core::model::domain::AttributeId;

use super::callbacks::CallPhase;
use super::host::BtHost;
use super::run::TreeRun;
use super::status::Status;

pub use crate::core::model::bt::MAX_LAYERS;

/// One layer: a running tree, or a finished one waiting for the layers above it to finish
/// (L2489-2515).
#[derive(serde::Serialize, serde::Deserialize)]
struct Layer {
    run: TreeRun,
    finished: bool,
}

/// An NPC's stack of trees; index 0 is the highest layer, the last the base tree that acts.
#[derive(serde::Serialize, serde::Deserialize, Default)]
pub struct Layers {
    layers: Vec<Layer>,
    /// Hints sent by the layer being stepped, applied to the one below before it steps.
    sent: Vec<(HintId, HintState)>,
}

/// The host a layer steps with: its hint nodes' hints are collected for the layer below.
struct Upper<'a, H> {
    host: &'a mut H,
    sent: &'a mut Vec<(HintId, HintState)>,
}

impl<H: BtHost> BtHost for Upper<'_, H> {
    fn now(&self) -> f64 {
        self.host.now()
    }
    fn start_action(&mut self, node: u32, action: ActionId, target: Option<AttributeId>) -> bool {
        self.host.start_action(node, action, target)
    }
    fn start_plan(&mut self, node: u32, goal: PlanGoal) -> bool {
        self.host.start_plan(node, goal)
    }
    fn step_action(&mut self, node: u32) -> Status {
        self.host.step_action(node)
    }
    fn stop_action(&mut self, node: u32) {
        self.host.stop_action(node)
    }
    fn call(&mut self, node: u32, callback: BtCallbackId, phase: CallPhase) -> Status {
        self.host.call(node, callback, phase)
    }
    fn ask(&mut self, callback: BtCallbackId) -> bool {
        self.host.ask(callback)
    }
    fn holds(&mut self, condition: &Condition) -> bool {
        self.host.holds(condition)
    }
    fn send_hint(&mut self, hint: HintId, state: HintState) {
        self.sent.push((hint, state));
    }
    fn flag(&mut self, flag: AttributeId) -> bool {
        self.host.flag(flag)
    }
    fn set_flag(&mut self, flag: AttributeId, value: bool, scope: FlagScope) {
        self.host.set_flag(flag, value, scope)
    }
}

impl Layers {
    /// The layers, highest first.
    pub fn runs(&self) -> impl ExactSizeIterator<Item = &TreeRun> {
        self.layers.iter().map(|l| &l.run)
    }

    /// Number of layers.
    pub fn len(&self) -> usize {
        self.layers.len()
    }

    /// True with no layer.
    pub fn is_empty(&self) -> bool {
        self.layers.is_empty()
    }

    /// Starts loading the layers' table: what [`Layers::prefetch`] reads a think later.
    pub(crate) fn prefetch_far(&self) {
        crate::prefetch::all(&self.layers);
    }

    /// Starts loading each layer's running state, which a step reads first.
    pub(crate) fn prefetch(&self) {
        for layer in &self.layers {
            layer.run.prefetch();
        }
    }

    /// Whether a decoded stack is one the brain could have made: at most [`MAX_LAYERS`],
    /// each run fitting its tree ([`TreeRun::fits_tree`]).
    pub(crate) fn fit(&self, now: f64) -> bool {
        self.layers.len() <= MAX_LAYERS && self.layers.iter().all(|l| l.run.fits_tree(now))
    }

    /// Where a layer running `tree` (the same tree, not an equal one) lies, counted from the
    /// top, if one does.
    pub fn position_of(&self, tree: &Arc<BtTree>) -> Option<usize> {
        self.layers
            .iter()
            .position(|layer| Arc::ptr_eq(layer.run.tree(), tree))
    }

    /// Pushes `run` on top: it hints the layer that was on top (L2423-2455). False when the
    /// stack is full ([`MAX_LAYERS`]).
    pub fn push(&mut self, run: TreeRun) -> bool {
        if self.layers.len() >= MAX_LAYERS {
            return false;
        }
        self.layers.insert(
            0,
            Layer {
                run,
                finished: false,
            },
        );
        true
    }

    /// Sets `hint` to `state` in the top layer (a group's hint, from above the stack); the layer
    /// re-orders and restarts when that changes it.
    pub fn hint_top(&mut self, hint: HintId, state: HintState, host: &mut impl BtHost) {
        if let Some(top) = self.layers.first_mut() {
            top.run.set_hint(hint, state, host);
        }
    }

    /// Removes the top layer, stopping it and clearing the hints it gave the layer below.
    pub fn pop(&mut self, host: &mut impl BtHost) -> bool {
        if self.layers.is_empty() {
            return false;
        }
        let mut top = self.layers.remove(0);
        top.run.stop_all(host);
        if let Some(below) = self.layers.first_mut() {
            below.run.clear_hints(host);
        }
        true
    }

    /// Replaces the top layer by `run`, stopping it and clearing the hints it gave the layer
    /// below; `run`'s tree hints that layer from its first step. False with no layer.
    pub fn swap_top(&mut self, run: TreeRun, host: &mut impl BtHost) -> bool {
        let Some(top) = self.layers.first_mut() else {
            return false;
        };
        top.run.stop_all(host);
        *top = Layer {
            run,
            finished: false,
        };
        if let Some(below) = self.layers.get_mut(1) {
            below.run.clear_hints(host);
        }
        true
    }

    /// Stops and removes every layer.
    pub fn clear(&mut self, host: &mut impl BtHost) {
        for layer in &mut self.layers {
            layer.run.stop_all(host);
        }
        self.layers.clear();
    }

    /// One tick, top-down (L2483-2603): a finished layer on top is dropped, a finished one
    /// below waits; a layer that ends clears the hints of the one below; an error clears the
    /// stack. Returns false when no layer is left.
    pub fn step(&mut self, host: &mut impl BtHost) -> bool {
        let mut at = 0;
        while at < self.layers.len() {
            if self.layers[at].finished {
                if at == 0 {
                    self.layers.remove(0);
                } else {
                    at += 1;
                }
                continue;
            }
            let mut sent = std::mem::take(&mut self.sent);
            sent.clear();
            let status = self.layers[at].run.step(&mut Upper {
                host,
                sent: &mut sent,
            });
            if let Some(below) = self.layers.get_mut(at + 1) {
                for &(hint, state) in &sent {
                    below.run.set_hint(hint, state, host);
                }
            }
            self.sent = sent;
            match status {
                Status::Error => {
                    self.clear(host);
                    return false;
                }
                Status::InProgress => at += 1,
                Status::Succeeded | Status::Failed => {
                    self.layers[at].finished = true;
                    at += 1;
                    if let Some(below) = self.layers.get_mut(at) {
                        below.run.clear_hints(host);
                    }
                }
            }
        }
        !self.layers.is_empty()
    }
}

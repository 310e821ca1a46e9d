//! The binding of the last problem a [`Workspace`](crate::core::brains::goap::Workspace)
//! planned, kept so that the next search for the same NPC and targets skips it (issue 33).
//!
//! Binding depends only on the domain, the NPC, its position, its actions, their ambiance cost
//! deltas, the actions left out, the candidate targets (entity, archetype, position,
//! contention price) and the facts it reads through the [`FactView`]. The cache keeps all of
//! these as they were at the last binding — the facts as the list of reads binding made and
//! what each returned — and the next search reuses the instances when they are all equal: a
//! handful of comparisons (none per instance) instead of resolving every action again. Any
//! difference (a fact changed, someone moved, a slot was claimed, a target was destroyed or
//! left perception) binds afresh, so a cached search finds what a fresh one would, bit for bit
//! (`tests/goap_bind_cache.rs` checks it against fresh binds under random changes).
//!
//! The engine's context callback is not cached: its documented contract is that it is asked
//! whenever an action that asks for it is bound, and its answer may change with anything the
//! engine knows (a line of sight). The cache binds those instances without it and asks it for
//! each of them on every search, in the order binding would; the compiled search data is
//! rebuilt only when an answer differs from the last search's.
//!
//! The cache is derived state: it is never saved (a loaded workspace starts without one and
//! binds on its first search), and it holds the domain only weakly, so a workspace outliving its
//! world keeps no definitions alive, and a domain at a reused address never matches.

use std::cell::RefCell;
use std::sync::{Arc, Weak};

use crate::core::brains::goap::bind::{BindInput, Bound, Target};
use crate::core::model::action::ActionId;
use crate::core::model::condition::FactView;
use crate::core::model::domain::{AttributeId, Domain};
use crate::core::model::entity::Entity;
use crate::core::model::value::Value;
use crate::core::model::vec3::Vec3;

/// One read binding made through the fact view, with what it returned.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Read {
    Value(Entity, AttributeId, Option<Value>),
    Position(Entity, Option<Vec3>),
}

impl Read {
    /// Whether `view` still returns what this read did.
    fn still_holds(&self, view: &impl FactView) -> bool {
        match *self {
            Read::Value(entity, attribute, value) => view.value(entity, attribute) == value,
            Read::Position(entity, position) => view.position(entity) == position,
        }
    }
}

/// A fact view that lists every read made through it.
struct Recording<'v, V: FactView> {
    view: &'v V,
    reads: RefCell<Vec<Read>>,
}

impl<V: FactView> FactView for Recording<'_, V> {
    fn value(&self, entity: Entity, attribute: AttributeId) -> Option<Value> {
        let value = self.view.value(entity, attribute);
        self.reads
            .borrow_mut()
            .push(Read::Value(entity, attribute, value));
        value
    }

    fn position(&self, entity: Entity) -> Option<Vec3> {
        let position = self.view.position(entity);
        self.reads
            .borrow_mut()
            .push(Read::Position(entity, position));
        position
    }
}

/// The last binding and everything it was made from (see the module documentation).
#[derive(Default)]
pub struct BindCache {
    /// The domain bound in; dangling (matching nothing) before the first binding.
    domain: Weak<Domain>,
    npc: Entity,
    position: Option<Vec3>,
    actions: Vec<ActionId>,
    cost_deltas: Vec<f64>,
    excluded: Vec<ActionId>,
    targets: Vec<Target>,
    /// Whether an engine check was given (the instances that ask for one are then listed in
    /// `asks`).
    checked: bool,
    reads: Vec<Read>,
    /// Every instance bound, the engine's checks not applied.
    candidates: Bound,
    /// The candidates whose action asks the engine, in binding order.
    asks: Vec<u32>,
    /// The engine's answers for `asks` at the last search.
    answers: Vec<bool>,
    /// What the search compiled from the instances (see `GoapSearch::begin`); valid while
    /// `valid` is.
    pub(crate) compiled: Compiled,
    /// Whether the workspace's instances and compiled data match this cache.
    valid: bool,
}

/// Figures the search derives from the instances, kept with them.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Compiled {
    /// The most effects of any instance (at least 1).
    pub max_changes: u32,
    /// The cheapest instance's cost (1 when there is none).
    pub min_cost: f64,
}

impl BindCache {
    /// Brings `bound` to what binding `input` gives, binding again only if an input changed;
    /// asks the engine for every instance that asks for it. True when `bound` changed (what
    /// was compiled from it must be compiled again, and then given to [`BindCache::compiled`]).
    pub fn refresh<V: FactView>(&mut self, input: &BindInput<'_, V>, bound: &mut Bound) -> bool {
        let rebound = !(self.valid && self.matches(input));
        if rebound {
            self.bind(input);
        }
        let mut changed = rebound;
        if let Some(check) = input.engine_check {
            // Asked for each instance, in binding order, as on a fresh binding.
            for (k, &i) in self.asks.iter().enumerate() {
                let instance = self.candidates.instances[i as usize];
                let allowed = check(input.npc, instance.action, instance.target);
                changed |= self.answers[k] != allowed;
                self.answers[k] = allowed;
            }
        }
        if changed {
            self.keep_allowed(bound);
        }
        self.valid = true;
        changed
    }

    /// Forgets the binding: the next search binds afresh (when the workspace's instances no
    /// longer match it).
    pub fn invalidate(&mut self) {
        self.valid = false;
    }

    /// Whether every input of the last binding is unchanged.
    fn matches<V: FactView>(&self, input: &BindInput<'_, V>) -> bool {
        std::ptr::eq(self.domain.as_ptr(), Arc::as_ptr(input.domain))
            && self.npc == input.npc
            && self.position == input.position
            && self.checked == input.engine_check.is_some()
            && self.actions == input.actions
            && self.cost_deltas == input.cost_deltas
            && self.excluded == input.excluded
            && self.targets == input.targets
            && self.reads.iter().all(|r| r.still_holds(input.view))
    }

    /// Binds `input` into the candidates, recording its key and reads.
    fn bind<V: FactView>(&mut self, input: &BindInput<'_, V>) {
        self.domain = Arc::downgrade(input.domain);
        self.npc = input.npc;
        self.position = input.position;
        self.checked = input.engine_check.is_some();
        self.actions.clear();
        self.actions.extend_from_slice(input.actions);
        self.cost_deltas.clear();
        self.cost_deltas.extend_from_slice(input.cost_deltas);
        self.excluded.clear();
        self.excluded.extend_from_slice(input.excluded);
        self.targets.clear();
        self.targets.extend_from_slice(input.targets);
        let mut reads = std::mem::take(&mut self.reads);
        reads.clear();
        let recording = Recording {
            view: input.view,
            reads: RefCell::new(reads),
        };
        let recorded = BindInput {
            domain: input.domain,
            npc: input.npc,
            position: input.position,
            actions: input.actions,
            cost_deltas: input.cost_deltas,
            excluded: input.excluded,
            targets: input.targets,
            view: &recording,
            engine_check: input.engine_check,
        };
        self.candidates.bind_candidates(&recorded, &mut self.asks);
        self.reads = recording.reads.into_inner();
        self.answers.clear();
        // Unasked yet: every answer counts as a change on the first search.
        self.answers.resize(self.asks.len(), false);
    }

    /// Copies into `bound` the candidates the engine allowed.
    fn keep_allowed(&self, bound: &mut Bound) {
        let mut asked = self.asks.iter().zip(&self.answers).peekable();
        bound.keep_from(&self.candidates, |i| match asked.peek() {
            Some(&(&k, &allowed)) if k == i => {
                asked.next();
                allowed
            }
            _ => true,
        });
    }
}

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
//! A binding that asked the engine's context callback is not kept: the callback's documented
//! contract is that it is asked whenever an action that asks for it is bound, and its answer
//! may change with anything the engine knows (a line of sight), so such NPCs bind on every
//! search, as before.
//!
//! **Memory.** A binding is kept only when it is small: at most [`MAX_ACTIONS`] actions,
//! [`MAX_TARGETS`] targets and [`MAX_READS`] fact reads (larger ones bind on every search); the
//! instances themselves are the workspace's. So the cache holds at most [`BindCache::MAX_BYTES`],
//! counted per GOAP NPC in `MemoryBound` (a workspace per search in flight, at most one per
//! NPC), and once its vectors have grown it allocates nothing.
//!
//! The cache is derived state: it is never saved (a loaded workspace starts without one and
//! binds on its first search), and it holds the domain only weakly, so a workspace outliving its
//! world keeps no definitions alive, and a domain at a reused address never matches.

use std::cell::{Cell, RefCell};
use std::mem::size_of;
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

/// Most actions a kept binding has.
pub const MAX_ACTIONS: usize = 64;
/// Most targets a kept binding has.
pub const MAX_TARGETS: usize = 32;
/// Most fact reads a kept binding made.
pub const MAX_READS: usize = 64;

/// A fact view that lists the reads made through it, the first [`MAX_READS`] of them.
struct Recording<'v, V: FactView> {
    view: &'v V,
    reads: RefCell<Vec<Read>>,
    /// More reads were made than listed.
    overflow: Cell<bool>,
}

impl<V: FactView> Recording<'_, V> {
    fn note(&self, read: Read) {
        let mut reads = self.reads.borrow_mut();
        if reads.len() < MAX_READS {
            reads.push(read);
        } else {
            self.overflow.set(true);
        }
    }
}

impl<V: FactView> FactView for Recording<'_, V> {
    fn value(&self, entity: Entity, attribute: AttributeId) -> Option<Value> {
        let value = self.view.value(entity, attribute);
        self.note(Read::Value(entity, attribute, value));
        value
    }

    fn position(&self, entity: Entity) -> Option<Vec3> {
        let position = self.view.position(entity);
        self.note(Read::Position(entity, position));
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
    /// Whether the engine's context callback was given: a binding made without it, which
    /// asked nothing, must not stand once it is set (an action it vetoes stayed bound).
    engine_check: bool,
    reads: Vec<Read>,
    /// What the search compiled from the instances (see `GoapSearch::restart`); valid while
    /// `valid` is.
    pub(crate) compiled: Compiled,
    /// Whether the workspace's instances and compiled data are those of this key.
    valid: bool,
}

/// Figures the search derives from the instances, kept with them.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Compiled {
    /// The most effects of any instance (at least 1).
    pub max_changes: u32,
    /// The cheapest instance's cost (1 when there is none).
    pub min_cost: f64,
    /// Whether regressing a set of one word of booleans through any instance leaves it one
    /// word: the search may then keep its sets as two words (see `GoapSearch::restart`).
    pub one_word: bool,
}

impl BindCache {
    /// The most heap a cache holds: each vector at its limit, doubled as growth may give it
    /// (the actions left out are among the actions).
    pub const MAX_BYTES: usize = 2
        * (2 * MAX_ACTIONS * size_of::<ActionId>()
            + MAX_ACTIONS * size_of::<f64>()
            + MAX_TARGETS * size_of::<Target>()
            + MAX_READS * size_of::<Read>());

    /// Brings `bound` to what binding `input` gives, binding again unless the kept binding has
    /// the same inputs. True when `bound` changed (what was compiled from it must be compiled
    /// again, and then given to `compiled`).
    pub fn refresh<V: FactView>(&mut self, input: &BindInput<'_, V>, bound: &mut Bound) -> bool {
        if self.valid && self.matches(input) {
            return false;
        }
        self.valid = false;
        let small = input.actions.len() <= MAX_ACTIONS
            && input.excluded.len() <= MAX_ACTIONS
            && input.targets.len() <= MAX_TARGETS;
        if !small {
            bound.bind(input);
            return true;
        }
        let mut reads = std::mem::take(&mut self.reads);
        reads.clear();
        let recording = Recording {
            view: input.view,
            reads: RefCell::new(reads),
            overflow: Cell::new(false),
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
        let asked = bound.bind(&recorded);
        self.reads = recording.reads.into_inner();
        if !asked && !recording.overflow.get() {
            self.keep_key(input);
        }
        true
    }

    /// Forgets the binding: the next search binds afresh.
    pub fn invalidate(&mut self) {
        self.valid = false;
    }

    /// Whether the workspace's binding is kept: inputs equal to its key would reuse it.
    pub fn is_kept(&self) -> bool {
        self.valid
    }

    /// Whether every input of the last binding is unchanged.
    fn matches<V: FactView>(&self, input: &BindInput<'_, V>) -> bool {
        std::ptr::eq(self.domain.as_ptr(), Arc::as_ptr(input.domain))
            && self.npc == input.npc
            && self.position == input.position
            && self.actions == input.actions
            && self.cost_deltas == input.cost_deltas
            && self.excluded == input.excluded
            && self.targets == input.targets
            && self.engine_check == input.engine_check.is_some()
            && self.reads.iter().all(|r| r.still_holds(input.view))
    }

    /// Keeps `input` as the key of the binding just made (its reads are already kept).
    fn keep_key<V: FactView>(&mut self, input: &BindInput<'_, V>) {
        self.domain = Arc::downgrade(input.domain);
        self.npc = input.npc;
        self.position = input.position;
        self.actions.clear();
        self.actions.extend_from_slice(input.actions);
        self.cost_deltas.clear();
        self.cost_deltas.extend_from_slice(input.cost_deltas);
        self.excluded.clear();
        self.excluded.extend_from_slice(input.excluded);
        self.targets.clear();
        self.targets.extend_from_slice(input.targets);
        self.engine_check = input.engine_check.is_some();
        self.valid = true;
    }
}

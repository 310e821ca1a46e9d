//! The binding of the last problem a [`Workspace`](crate::core::brains::goap::Workspace)
//! planned, kept so that the next search skips what did not change (issue 33: binding once
//! per archetype and target set, updated when facts change).
//!
//! Binding depends only on the domain, the NPC, its position, its actions, their ambiance cost
//! deltas, the actions left out, the candidate targets (entity, archetype, position,
//! contention price) and the facts it reads through the [`FactView`]. The cache keeps all of
//! these as they were at the last binding — the facts as the list of reads binding made and
//! what each returned — and the next search compares them, in two parts:
//!
//! - **Which instances there are, and their tests and changes**: the domain, actions, actions
//!   left out, targets' entities and archetypes, and the reads. The NPC itself is a role, not
//!   a key: another NPC whose targets and reads correspond entity for entity, the kept NPC
//!   standing for it (`BindCache::relate`), binds the same instances but for the targets that
//!   were the kept NPC, which become it. Soldiers of one archetype planning in turn over the
//!   actions they supply themselves bind once. A binding whose values name its NPC (an entity
//!   test or change, a fact read returning it) stands for that NPC only.
//! - **Their costs**: the NPC's and the targets' positions, the contention prices and the
//!   ambiance deltas. When only these differ, the costs are computed again, one per instance
//!   (`Bound::recost`), and so is what the search derives from them; nothing is resolved.
//!
//! - **The steps whose reads changed**: binding walks the actions and targets in order, and
//!   the cache marks which reads each step (an action on a target) made. When the same NPC's
//!   reads differ, only the steps whose reads differ are resolved again, in place
//!   (`Bound::rebind_step`), while each still makes an instance exactly when it did, with as
//!   many tests and changes: a patient's need moving binds one step, not the NPC's every
//!   action (issue 33: what stays per call is proportional to what changed). From the first
//!   step that now binds otherwise, the walk is bound again (`Bound::walk_from`), the
//!   instances of the steps before it standing.
//!
//! Any other difference (a slot was claimed or freed, a target was destroyed or left
//! perception, another NPC whose reads differ) binds afresh, so a cached search finds what a
//! fresh one would, bit for bit (`tests/goap_bind_cache.rs` checks it against fresh binds under
//! random changes, with NPCs taking turns in one workspace).
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

use crate::core::brains::goap::bind::{BindInput, Bound, Change, Target, Test, WalkStep};
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
    /// Whether reading it again through `view` returns what it returned.
    fn reads_alike(&self, view: &impl FactView) -> bool {
        match *self {
            Read::Value(e, attribute, value) => view.value(e, attribute) == value,
            Read::Position(e, position) => view.position(e) == position,
        }
    }
}

/// Where one step of binding's walk made fact reads: the step, and its reads,
/// `reads[start..end]` of the cache's.
#[derive(Clone, Copy, Debug)]
struct Marked {
    step: WalkStep,
    start: usize,
    end: usize,
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

impl<'v, V: FactView> Recording<'v, V> {
    /// Records the reads made through `view` into `reads`, after those it holds (at most
    /// [`MAX_READS`] in all).
    fn over(view: &'v V, reads: Vec<Read>) -> Self {
        Recording {
            view,
            reads: RefCell::new(reads),
            overflow: Cell::new(false),
        }
    }

    /// How many reads are recorded so far.
    fn read_count(&self) -> usize {
        self.reads.borrow().len()
    }

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
    /// The steps of the walk that made the reads, in walk order, covering them all.
    marks: Vec<Marked>,
    /// The reads of a step bound again, kept for their memory.
    fresh_reads: Vec<Read>,
    /// The instances the last patch bound again, in walk order (at most one per mark).
    patched: Vec<usize>,
    /// Whether the binding names its NPC among its values (a test or change of an entity
    /// slot, or a fact read): it then stands for that NPC only.
    names_npc: bool,
    /// What the search compiled from the instances (see `GoapSearch::restart`); valid while
    /// `valid` is.
    pub(crate) compiled: Compiled,
    /// Whether the workspace's instances and compiled data are those of this key.
    valid: bool,
    stats: BindStats,
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

/// How a workspace's searches came by their instances, counted since it was made (derived
/// state, never saved): what the binding cache saved, for benchmarks and for an engine
/// judging how it shares workspaces between NPCs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BindStats {
    /// Searches that bound afresh: every step of binding's walk, or those from the first
    /// whose changed fact reads make it bind otherwise.
    pub bound: u64,
    /// Searches that took the last binding, handed to another NPC or with costs computed
    /// again (see the module documentation).
    pub adjusted: u64,
    /// Searches that took the last binding with the steps whose fact reads changed bound
    /// again (see the module documentation).
    pub patched: u64,
    /// Searches that took the last binding as it was (also when the caller knew it unchanged
    /// and nothing was compared).
    pub kept: u64,
    /// Steps of binding's walk (an action on a target) bound again because a fact they read
    /// changed, in the searches counted `patched`: what the changed facts cost.
    pub steps_rebound: u64,
}

/// What [`BindCache::refresh`] did to the workspace's binding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Refresh {
    /// Nothing: the kept binding is this problem's, as it was.
    Same,
    /// The kept instances stand, brought to this problem: their targets to another NPC of the
    /// same binding (see [`BindCache::relate`]) and, when `recosted`, their costs to new
    /// positions, contention prices or ambiance deltas (what is compiled from the costs must
    /// be compiled again).
    Adjusted {
        /// Whether a cost changed.
        recosted: bool,
    },
    /// The kept instances stand but for those of the steps whose fact reads changed, bound
    /// again in place ([`BindCache::patched`]; and, when they moved, every cost computed
    /// again): their tests and changes, and what is compiled from costs and changes, must be
    /// compiled again.
    Patched,
    /// Bound afresh, all of the walk or from a step on: everything compiled from the instances
    /// must be compiled again.
    Rebound,
}

impl BindCache {
    /// The most heap a cache holds: each vector at its limit, doubled as growth may give it
    /// (the actions left out are among the actions).
    pub const MAX_BYTES: usize = 2
        * (2 * MAX_ACTIONS * size_of::<ActionId>()
            + MAX_ACTIONS * size_of::<f64>()
            + MAX_TARGETS * size_of::<Target>()
            + 2 * MAX_READS * size_of::<Read>()
            + MAX_READS * (size_of::<Marked>() + size_of::<usize>()));

    /// Brings `bound` to what binding `input` gives: the kept instances as they are, or
    /// adjusted when only the NPC (see [`relate`](BindCache::relate)) or the costs' inputs
    /// differ, or bound again.
    pub(crate) fn refresh<V: FactView>(
        &mut self,
        input: &BindInput<'_, V>,
        bound: &mut Bound,
    ) -> Refresh {
        let refresh = self.bring(input, bound);
        self.count(refresh);
        refresh
    }

    /// Counts a search that took the kept binding without comparing its inputs (the caller
    /// knew them unchanged: `GoapSearch::rerun`).
    pub(crate) fn reused(&mut self) {
        self.count(Refresh::Same);
    }

    /// Counts a search that came by its instances as `refresh` says.
    fn count(&mut self, refresh: Refresh) {
        let count = match refresh {
            Refresh::Same => &mut self.stats.kept,
            Refresh::Adjusted { .. } => &mut self.stats.adjusted,
            Refresh::Patched => &mut self.stats.patched,
            Refresh::Rebound => &mut self.stats.bound,
        };
        *count = count.saturating_add(1);
    }

    /// How the searches so far came by their instances.
    pub fn stats(&self) -> BindStats {
        self.stats
    }

    /// [`refresh`](BindCache::refresh), uncounted.
    fn bring<V: FactView>(&mut self, input: &BindInput<'_, V>, bound: &mut Bound) -> Refresh {
        if self.valid && self.same_walk(input) {
            let Some(unlike) = self.unlike_read(input) else {
                return self.adjust(input, bound);
            };
            // A fact read changed: the steps that read it are bound again, in place, when
            // they bind as they did (proportional to what changed, issue 33); from the first
            // that does not, the walk is bound again, the steps before it standing.
            if self.npc == input.npc {
                match self.patch(input, bound, unlike) {
                    Ok(()) => {
                        if !self.same_costs(input) {
                            bound.recost(input);
                            self.keep_costs(input);
                        }
                        return Refresh::Patched;
                    }
                    Err(m) => {
                        let from = self.marks[m];
                        self.reads.truncate(from.start);
                        self.marks.truncate(m);
                        return self.walk(input, bound, from.step);
                    }
                }
            }
        }
        self.valid = false;
        let small = input.actions.len() <= MAX_ACTIONS
            && input.excluded.len() <= MAX_ACTIONS
            && input.targets.len() <= MAX_TARGETS;
        if !small {
            bound.bind(input);
            return Refresh::Rebound;
        }
        self.reads.clear();
        self.marks.clear();
        self.walk(input, bound, WalkStep::FIRST)
    }

    /// Binds `input`'s walk from step `from` on, the kept reads and marks being those of the
    /// steps before it (whose instances stand), recording what the rest read; keeps the
    /// binding when it may be kept.
    fn walk<V: FactView>(
        &mut self,
        input: &BindInput<'_, V>,
        bound: &mut Bound,
        from: WalkStep,
    ) -> Refresh {
        self.valid = false;
        // The instances that stand have the kept costs: brought to `input`'s once walked.
        let costs_moved = from != WalkStep::FIRST && !self.same_costs(input);
        let recording = Recording::over(input.view, std::mem::take(&mut self.reads));
        let mut marks = std::mem::take(&mut self.marks);
        let asked = bound.walk_from(&input.through(&recording), from, |step| {
            let (start, end) = (marks.last().map_or(0, |m| m.end), recording.read_count());
            if end > start {
                marks.push(Marked { step, start, end });
            }
        });
        self.marks = marks;
        self.reads = recording.reads.into_inner();
        if costs_moved {
            bound.recost(input);
        }
        if !asked && !recording.overflow.get() {
            self.keep_key(input, bound);
        }
        Refresh::Rebound
    }

    /// The kept binding brought to `input`, whose instances it gives but for their targets and
    /// costs.
    fn adjust<V: FactView>(&mut self, input: &BindInput<'_, V>, bound: &mut Bound) -> Refresh {
        let costs_moved = !self.same_costs(input);
        let retargeted = self.npc != input.npc;
        if retargeted {
            self.retarget(input.npc, bound);
        }
        // A cost's inputs may move and leave it be: an NPC's distance to itself.
        let recosted = costs_moved && bound.recost(input);
        if costs_moved || retargeted {
            self.keep_costs(input);
        }
        match retargeted || recosted {
            false => Refresh::Same,
            true => Refresh::Adjusted { recosted },
        }
    }

    /// Binds again, in place, every step of the kept walk whose fact reads now read otherwise,
    /// for the same NPC, and keeps what they read now, the reads before `unlike` known to read
    /// alike: done when each bound as it had (see [`Bound::rebind_step`]) and the reads still
    /// fit [`MAX_READS`]. Otherwise the index of the first mark whose step did not: `bound`,
    /// the reads and the marks before it stand, as binding `input` gives them.
    fn patch<V: FactView>(
        &mut self,
        input: &BindInput<'_, V>,
        bound: &mut Bound,
        unlike: usize,
    ) -> Result<(), usize> {
        self.patched.clear();
        let mut rebound = 0;
        // The steps before the one that made read `unlike` read alike: not compared again.
        let from = self.marks.partition_point(|m| m.end <= unlike);
        for m in from..self.marks.len() {
            let Marked { step, start, end } = self.marks[m];
            if self.reads[start..end]
                .iter()
                .all(|r| r.reads_alike(input.view))
            {
                continue;
            }
            self.fresh_reads.clear();
            let recording = Recording::over(input.view, std::mem::take(&mut self.fresh_reads));
            let fits = bound.rebind_step(&input.through(&recording), step);
            let overflow = recording.overflow.get();
            let mut fresh = recording.reads.into_inner();
            let count = fresh.len();
            if !fits || overflow || self.reads.len() - (end - start) + count > MAX_READS {
                self.fresh_reads = fresh;
                return Err(m);
            }
            self.reads.splice(start..end, fresh.drain(..));
            self.fresh_reads = fresh;
            self.marks[m].end = start + count;
            for later in &mut self.marks[m + 1..] {
                later.start = later.start + count - (end - start);
                later.end = later.end + count - (end - start);
            }
            self.patched.extend(step.instance());
            rebound += 1;
        }
        // Counted only for a patch that stands: a failed one is counted as a fresh bind.
        self.stats.steps_rebound = self.stats.steps_rebound.saturating_add(rebound);
        self.names_npc = self.names(input.npc, bound);
        Ok(())
    }

    /// The instances bound again, in place, by the last refresh that answered
    /// [`Refresh::Patched`]: theirs are the only tests and changes that differ.
    pub(crate) fn patched(&self) -> &[usize] {
        &self.patched
    }

    /// Forgets the binding: the next search binds afresh.
    pub fn invalidate(&mut self) {
        self.valid = false;
    }

    /// Whether the workspace's binding is kept: inputs equal to its key would reuse it.
    pub fn is_kept(&self) -> bool {
        self.valid
    }

    /// What entity `kept`, of the kept binding, stands for when `npc` plans: the kept NPC
    /// stands for `npc`, any other entity for itself, and `npc` itself (met as another entity
    /// than the kept NPC) for nothing. A binding is made of roles and facts, not of whose
    /// turn it is: two NPCs whose targets and reads correspond this way bind alike, but for
    /// the entity each instance names as its target. So soldiers of one archetype taking
    /// turns in one arena bind once (issue 33), unless the binding names the NPC among its
    /// values (`names_npc`).
    fn relate(&self, kept: Entity, npc: Entity) -> Option<Entity> {
        if kept == self.npc {
            Some(npc)
        } else if kept == npc {
            None
        } else {
            Some(kept)
        }
    }

    /// Whether binding `input` walks the kept binding's steps: the same definitions, actions,
    /// actions left out, engine check and targets (entities through
    /// [`relate`](BindCache::relate), archetypes), and a binding that names its NPC only for
    /// that NPC. With no [`unlike_read`](BindCache::unlike_read) too it gives the kept
    /// instances, but for their targets and costs.
    fn same_walk<V: FactView>(&self, input: &BindInput<'_, V>) -> bool {
        let npc = input.npc;
        std::ptr::eq(self.domain.as_ptr(), Arc::as_ptr(input.domain))
            && (self.npc == npc || !self.names_npc)
            && self.actions == input.actions
            && self.excluded == input.excluded
            && self.engine_check == input.engine_check.is_some()
            && self.targets.len() == input.targets.len()
            && self.targets.iter().zip(input.targets).all(|(kept, now)| {
                kept.archetype == now.archetype && self.relate(kept.entity, npc) == Some(now.entity)
            })
    }

    /// The first fact read of the kept binding that does not read alike for `input` (entities
    /// through [`relate`](BindCache::relate)), by its index; `None` when every one does.
    fn unlike_read<V: FactView>(&self, input: &BindInput<'_, V>) -> Option<usize> {
        let npc = input.npc;
        let same_npc = self.npc == npc;
        let entity = |e: Option<Value>| matches!(e, Some(Value::Entity(e)) if e == npc);
        self.reads.iter().position(|read| match *read {
            Read::Value(e, attribute, value) => {
                // A value naming the NPC planning now may decide a condition on a role
                // (`owner == consumer`) otherwise for it than for the kept one.
                (!same_npc && entity(value))
                    || self
                        .relate(e, npc)
                        .is_none_or(|e| input.view.value(e, attribute) != value)
            }
            Read::Position(e, position) => self
                .relate(e, npc)
                .is_none_or(|e| input.view.position(e) != position),
        })
    }

    /// Whether the instances' costs are `input`'s: the same ambiance deltas and contention
    /// prices, and the same distance to each target. A target that is the NPC itself, where
    /// it stands, is at distance 0 wherever that is; another target is at the same distance
    /// when it and the NPC stand where they stood.
    fn same_costs<V: FactView>(&self, input: &BindInput<'_, V>) -> bool {
        let at_self = |target: &Target, npc: Entity, position: Option<Vec3>| {
            target.entity == npc
                && target.position == position
                && position.is_some_and(|p| p.is_finite())
        };
        self.cost_deltas == input.cost_deltas
            && self.targets.iter().zip(input.targets).all(|(kept, now)| {
                kept.extra_cost == now.extra_cost
                    && ((at_self(kept, self.npc, self.position)
                        && at_self(now, input.npc, input.position))
                        || (kept.position == now.position && self.position == input.position))
            })
    }

    /// Hands the kept binding, and `bound`'s instances, from the kept NPC to `npc` (see
    /// [`relate`](BindCache::relate)).
    fn retarget(&mut self, npc: Entity, bound: &mut Bound) {
        let kept = self.npc;
        for instance in bound.instances.iter_mut().filter(|i| i.target == kept) {
            instance.target = npc;
        }
        for read in &mut self.reads {
            let (Read::Value(e, ..) | Read::Position(e, _)) = read;
            if *e == kept {
                *e = npc;
            }
        }
        self.npc = npc;
    }

    /// Keeps `input`'s inputs of the costs as the key's.
    fn keep_costs<V: FactView>(&mut self, input: &BindInput<'_, V>) {
        self.position = input.position;
        self.cost_deltas.clear();
        self.cost_deltas.extend_from_slice(input.cost_deltas);
        self.targets.clear();
        self.targets.extend_from_slice(input.targets);
    }

    /// Keeps `input` as the key of `bound`, the binding just made (its reads are already
    /// kept).
    fn keep_key<V: FactView>(&mut self, input: &BindInput<'_, V>, bound: &Bound) {
        let npc = input.npc;
        self.domain = Arc::downgrade(input.domain);
        self.npc = npc;
        self.actions.clear();
        self.actions.extend_from_slice(input.actions);
        self.excluded.clear();
        self.excluded.extend_from_slice(input.excluded);
        self.engine_check = input.engine_check.is_some();
        self.keep_costs(input);
        self.names_npc = self.names(npc, bound);
        // Binding a step again may read more than it did: room for the most reads a kept
        // binding holds, once, so that no later search grows them (steady state allocates
        // nothing, issue 33; counted in `MAX_BYTES`).
        self.reads.reserve(MAX_READS - self.reads.len());
        self.fresh_reads.reserve(MAX_READS - self.fresh_reads.len());
        self.patched.reserve(MAX_READS - self.patched.len());
        self.valid = true;
    }

    /// Whether `bound`, bound for `npc`, names it among its values: an entity test or change,
    /// or a fact read returning it.
    fn names(&self, npc: Entity, bound: &Bound) -> bool {
        bound
            .tests
            .iter()
            .any(|t| matches!(*t, Test::Entity { value, .. } if value == npc))
            || bound
                .changes
                .iter()
                .any(|c| matches!(*c, Change::SetEntity { value, .. } if value == npc))
            || self
                .reads
                .iter()
                .any(|r| matches!(*r, Read::Value(_, _, Some(Value::Entity(e))) if e == npc))
    }
}

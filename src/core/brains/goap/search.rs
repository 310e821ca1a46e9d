//! Regressive A* (Pittman, P:235 and P:287 of 004_bdde6381c6c06595.txt): from the goal's
//! requirements back to the NPC's current state, pushing only bound actions whose effects serve
//! a requirement of the node, with duplicate detection and a resumable, budgeted loop.
//!
//! **Heuristic.** `h = max(⌈S / E⌉ · c_min, c_max)`. For every slot (bit, number, entity
//! reference) with a requirement the current state does not meet, some action of the plan must
//! change it: `S` adds up, per such slot, the fewest actions that can — 1 for a boolean or an
//! entity, and for a number 1 if an action sets it, else the distance over the largest change
//! one action makes, rounded up; `E` is the most effects any bound action has, `c_min` the
//! cheapest bound action and `c_max` the largest, over those slots, of the cheapest action
//! changing the slot. Each action removes at most one step from each of at most `E` slots, so
//! at least `⌈S / E⌉` actions remain, and the action that changes the `c_max` slot is among
//! them: the heuristic is admissible and consistent (an action lowers `S` by at most `E`, and a
//! slot leaves the `c_max` term only through an action that costs at least as much), so the
//! first plan popped is optimal (checked against brute force in `tests/goap_properties.rs`).
//! With one effect per action and unit costs it is Pittman's "number of unsatisfied
//! properties"; his plain count overestimates when an action has several effects (GPGOAP
//! issue #9), which is why we divide by `E`. A set with a failing requirement that no bound
//! action can change is dropped at once: no plan can finish it.
//!
//! **Lazy expansion.** A node's successors are generated one at a time, and the expansion
//! stops at the first one stored with the node's own `f`: by consistency no successor has a
//! lower `f`, so that one is among the best, and the node goes back on the open list with its
//! `f` as a bound for the successors it has not generated yet (A* stays optimal, as in partial
//! expansion A*). Expanding it again goes on where it stopped, and counts as an expansion.
//! When the heuristic is exact along the plan, as on the `long_plan` benchmark, every node of
//! the path stops at its first successor and the siblings are never built. The open list is a
//! binary heap whose least key waits outside it (`Open`): diving, the next node to expand
//! is the one just pushed, which then never enters the heap.
//!
//! **Successors** are built in the set pools by compiled edits, in one walk over the parent
//! (see [`crate::core::brains::goap::regression`]); instances are listed per slot they change, so an expansion
//! tries only those that change a slot the node requires, each once.
//!
//! **One word.** When the layout's booleans fit one word and neither the goal nor any bound
//! action touches a number or an entity reference, the loop runs monomorphised over sets of
//! two words, without list code ([`sets`]), finding the same nodes in the same order.
//!
//! **Memory.** Everything lives in a [`Workspace`] of reusable buffers that the search owns and
//! gives back: after the first searches of a given size, a search allocates nothing, and a
//! search can be stored and resumed next frame, moved to another thread, or dropped.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::core::brains::{SearchStats, SearchStatus, StopReason};
use crate::core::model::action::ActionId;
use crate::core::model::condition::FactView;
use crate::core::model::entity::Entity;

use crate::core::brains::goap::bind::{BindInput, Bound, Change, Test};
use crate::core::brains::goap::bind_cache::{BindCache, BindStats, Compiled, Refresh};
use crate::core::brains::goap::regression::{
    Edits, Estimate, NumberReach, Reach, SetPool, Stored, Survey,
};
use crate::core::brains::goap::replay::Replay;
use crate::core::model::goap::layout::{SymbolLayout, SymbolicState};

mod sets;
#[cfg(test)]
mod tests;
use sets::{Lists, OneWord, Sets};

/// What a GOAP search plans for.
pub struct GoapProblem<'p, V: FactView> {
    /// The NPC, its actions and targets, and the world's facts for binding.
    pub bind: BindInput<'p, V>,
    /// The NPC's symbolic state now.
    pub start: &'p SymbolicState,
    /// The goal's requirements.
    pub goal: &'p [Test],
    /// Most nodes to expand (the search then fails with `ExpansionLimit`).
    pub max_expansions: u32,
    /// Most actions in a plan.
    pub max_depth: u32,
}

/// One step of a GOAP plan.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq)]
pub struct GoapStep {
    /// The action.
    pub action: ActionId,
    /// Its target (the entity that supplies it).
    pub target: Entity,
    /// Its bound cost.
    pub cost: f64,
}

#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug)]
struct Node {
    parent: u32,
    instance: u32,
    g: f64,
    depth: u32,
    unsatisfied: u32,
    superseded: bool,
    hash: u64,
    set: Stored,
    /// How many of its candidate instances earlier expansions tried, from the last listed
    /// (see `GoapSearch::expand`).
    tried: u32,
}

/// Reusable buffers of a GOAP search. Keep one per thread (or per in-flight search) and hand
/// it back to every new search.
#[derive(serde::Serialize, serde::Deserialize, Default)]
pub struct Workspace {
    bound: Bound,
    /// How `bound` and what is compiled from it were made, to reuse them for the same problem
    /// (derived state, never saved: a loaded workspace binds afresh).
    #[serde(skip)]
    cache: BindCache,
    /// How the last search from these instances ended, and from what (derived state, never
    /// saved: a loaded search runs).
    #[serde(skip)]
    replay: Replay,
    start: SymbolicState,
    changers: Changers,
    /// `seen[0]` counts expansions over general sets; `seen[1 + i]` is the last of them that
    /// listed instance `i`, so an instance relevant to several slots of a node is tried once.
    seen: Vec<u32>,
    /// Table entries with another stamp are empty, so a new search need not clear the table.
    stamp: u32,
    reach: Reach,
    nodes: Vec<Node>,
    /// Every node's set; the set being built is the pools' draft.
    sets: SetPool,
    /// Every instance compiled for regression (in instance order), then the goal.
    edits: Edits,
    /// Keys of the nodes to expand (see `open_key`).
    open: Open,
    table: Vec<(u32, u32)>,
    /// The instances to try on the node being expanded, some marked [`PASSED`].
    #[serde(serialize_with = "unmarked")]
    candidates: Vec<u32>,
    plan: Vec<GoapStep>,
}

impl Workspace {
    /// How this workspace's searches came by their instances: bound afresh, or the last
    /// binding taken as it was or adjusted (see
    /// [`bind_cache`](crate::core::brains::goap::bind_cache)).
    pub fn bind_stats(&self) -> BindStats {
        self.cache.stats()
    }

    /// Makes the next search bind its actions afresh, as if the workspace were new: what the
    /// binding cache saves is measured (and checked) against this.
    pub fn forget_binding(&mut self) {
        self.cache.invalidate();
    }
}

/// A resumable regressive A* search.
#[derive(serde::Serialize, serde::Deserialize)]
pub struct GoapSearch {
    ws: Workspace,
    words: usize,
    numbers: u32,
    stamp: u32,
    status: SearchStatus,
    stats: SearchStats,
    max_expansions: u32,
    max_depth: u32,
    max_changes: u32,
    min_cost: f64,
    cost: f64,
    /// Whether the workspace holds how a search from the same inputs ended, for the first
    /// step to take (see [`crate::core::brains::goap::replay`]); never saved.
    #[serde(skip)]
    replay: bool,
    /// Whether every set of the search is one word of booleans (see [`sets`]); a search
    /// saved before this was kept resumes with the general sets, which find the same.
    #[serde(default)]
    one_word: bool,
}

impl GoapSearch {
    /// How the searches begun in this search's workspace came by their instances
    /// ([`Workspace::bind_stats`]).
    pub fn bind_stats(&self) -> BindStats {
        self.ws.bind_stats()
    }

    /// Binds the problem's actions, builds the goal node and returns a search ready to
    /// [`step`](GoapSearch::step), in `ws`'s buffers.
    pub fn begin<V: FactView>(problem: &GoapProblem<'_, V>, ws: Workspace) -> Self {
        let mut search = GoapSearch::idle(ws);
        search.restart(problem);
        search
    }

    /// A search that has ended without a plan and holds `ws`'s buffers, to be
    /// [`restart`](GoapSearch::restart)ed.
    pub fn idle(ws: Workspace) -> Self {
        GoapSearch {
            ws,
            words: 0,
            numbers: 0,
            stamp: 0,
            status: SearchStatus::NoPlan(StopReason::Exhausted),
            stats: SearchStats::default(),
            max_expansions: 0,
            max_depth: 0,
            max_changes: 1,
            min_cost: 1.0,
            cost: 0.0,
            replay: false,
            one_word: false,
        }
    }

    /// Ends this search and begins one for `problem` in its buffers, in place: what
    /// [`begin`](GoapSearch::begin) does, without moving the workspace.
    pub fn restart<V: FactView>(&mut self, problem: &GoapProblem<'_, V>) {
        let ws = &mut self.ws;
        let layout = problem.bind.domain.symbols();
        let (words, numbers) = (layout.bool_words(), layout.numbers() as u32);
        let refresh = ws.cache.refresh(&problem.bind, &mut ws.bound);
        let rebound = matches!(refresh, Refresh::Rebound | Refresh::Patched);
        match refresh {
            Refresh::Patched if recompile_patched(ws) => {
                ws.cache.compiled.min_cost = compile_costs(ws, layout);
            }
            Refresh::Rebound | Refresh::Patched => ws.cache.compiled = compile(ws, layout),
            Refresh::Adjusted { recosted: true } => {
                ws.cache.compiled.min_cost = compile_costs(ws, layout);
            }
            Refresh::Adjusted { recosted: false } | Refresh::Same => {}
        }
        let limits = (problem.max_expansions, problem.max_depth);
        // Instances adjusted to another NPC or other costs search alike but plan other steps.
        let kept = ws.replay.begin(
            refresh != Refresh::Same,
            &mut ws.start,
            problem.start,
            problem.goal,
            limits,
        );
        let goal = ws.bound.instances.len();
        // The edits are the instances' then the last search's goal: with the same instances
        // and the same goal, they stay (costs and targets are not in them).
        if rebound || !kept.goal {
            ws.edits.truncate(goal);
            ws.edits.push(&[], problem.goal);
        }
        self.start_over((words, numbers), limits, kept.outcome);
    }

    /// [`restart`](GoapSearch::restart) for the problem this search last restarted from,
    /// which the caller knows unchanged, with the limits `(max_expansions, max_depth)`:
    /// neither the binding's inputs nor the start and goal are compared again. False, doing
    /// nothing, when the binding was not kept (see
    /// [`BindCache`](crate::core::brains::goap::bind_cache)): then restart.
    pub fn rerun(&mut self, limits: (u32, u32)) -> bool {
        if !self.ws.cache.is_kept() {
            return false;
        }
        self.ws.cache.reused();
        let replay = self.ws.replay.again(limits);
        self.start_over((self.words, self.numbers), limits, replay);
        true
    }

    /// Begins the search over the workspace's compiled instances towards its goal (the last
    /// edit), for sets of `words` words of booleans and `numbers` number slots, within
    /// `(max_expansions, max_depth)`; `replay`: the first step may take the outcome kept.
    fn start_over(&mut self, (words, numbers): (usize, u32), limits: (u32, u32), replay: bool) {
        let ws = &mut self.ws;
        self.replay = replay;
        let goal = ws.bound.instances.len();
        // The start state's numbers, where the heuristic reads them.
        for (i, reach) in ws.reach.numbers.iter_mut().enumerate() {
            reach.now = ws.start.numbers.get(i).copied().unwrap_or(f64::NAN);
        }
        let Compiled {
            max_changes,
            min_cost,
            one_word,
        } = ws.cache.compiled;
        self.one_word = one_word && ws.start.bools.len() == 1 && ws.edits.one_word(goal);
        // Sized, not cleared: a mark is only ever compared with a stamp newer than every
        // mark (`Lists::list` clears them all when the stamps wrap), so old ones never match.
        if ws.seen.len() != ws.bound.instances.len() + 1 {
            ws.seen.clear();
            ws.seen.resize(ws.bound.instances.len() + 1, 0);
        }
        ws.nodes.clear();
        ws.sets.clear(words);
        ws.open.clear();
        ws.plan.clear();
        ws.stamp = ws.stamp.wrapping_add(1);
        if ws.stamp == 0 {
            ws.table.iter_mut().for_each(|e| *e = (0, 0));
            ws.stamp = 1;
        }
        self.stamp = ws.stamp;
        (self.words, self.numbers) = (words, numbers);
        self.status = SearchStatus::InProgress;
        self.stats = SearchStats::default();
        (self.max_expansions, self.max_depth) = limits;
        (self.max_changes, self.min_cost, self.cost) = (max_changes, min_cost, 0.0);
        let ws = &mut self.ws;
        if ws
            .sets
            .draft_edit(&ws.edits, ws.bound.instances.len())
            .is_ok()
        {
            // The goal's set is built as a general one, which it is in either kind.
            if self.one_word {
                self.push::<OneWord>(NONE, NONE, 0.0, 0);
            } else {
                self.push::<Lists>(NONE, NONE, 0.0, 0);
            }
        } else {
            self.status = SearchStatus::NoPlan(StopReason::Exhausted);
        }
        self.measure();
    }

    /// Expands at most `budget` nodes; returns where the search stands. A node that satisfies
    /// the current state ends the search when popped, even with no budget left. Calling it
    /// after the search ended returns the same status.
    pub fn step(&mut self, budget: u32) -> SearchStatus {
        self.step_over::<Lists>(budget)
    }

    /// [`step`](GoapSearch::step) listing every changer of the slots a set requires, none
    /// passed over: the reference the tests hold [`Lists`]' listing to.
    #[cfg(test)]
    fn step_listing_every_changer(&mut self, budget: u32) -> SearchStatus {
        self.step_over::<sets::EveryChanger>(budget)
    }

    /// [`step`](GoapSearch::step), with general sets listed as `L` lists them.
    #[inline(always)]
    fn step_over<L: Sets>(&mut self, budget: u32) -> SearchStatus {
        if std::mem::take(&mut self.replay) && self.take_outcome(budget) {
            return self.status;
        }
        let began = self.status;
        if self.one_word {
            self.run::<OneWord>(budget);
        } else {
            self.run::<L>(budget);
        }
        self.measure();
        if began == SearchStatus::InProgress && self.status != SearchStatus::InProgress {
            let ws = &mut self.ws;
            ws.replay.end(self.status, self.stats, self.cost, &ws.plan);
        }
        self.status
    }

    /// The A* loop of [`step`](GoapSearch::step), over sets kept as `S` keeps them.
    fn run<S: Sets>(&mut self, mut budget: u32) {
        while self.status == SearchStatus::InProgress {
            let Some(key) = self.ws.open.pop() else {
                self.status = SearchStatus::NoPlan(StopReason::Exhausted);
                break;
            };
            let id = !(key as u32);
            let node = self.ws.nodes[id as usize];
            if node.superseded {
                continue;
            }
            if node.unsatisfied == 0 {
                self.extract(id);
                self.status = SearchStatus::Found;
                break;
            }
            if self.stats.expanded >= self.max_expansions {
                self.status = SearchStatus::NoPlan(StopReason::ExpansionLimit);
                break;
            }
            if budget == 0 {
                self.ws.open.push(key);
                break;
            }
            budget -= 1;
            self.stats.expanded += 1;
            self.expand::<S>(id, key);
        }
    }

    /// Ends the search as the last one from the same inputs did, if `budget` expansions
    /// would have let it (see [`crate::core::brains::goap::replay`]); whether it did.
    fn take_outcome(&mut self, budget: u32) -> bool {
        let Some(outcome) = self.ws.replay.outcome(budget) else {
            return false;
        };
        (self.status, self.stats, self.cost) = (outcome.status, outcome.stats, outcome.cost);
        self.ws.plan.clear();
        self.ws.plan.extend_from_slice(&outcome.plan);
        self.measure();
        true
    }

    /// Where the search stands.
    pub fn status(&self) -> SearchStatus {
        self.status
    }

    /// Counters so far; `peak_bytes` is what the workspace holds.
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// The plan in execution order; empty unless the status is `Found` (and for a goal that
    /// already holds).
    pub fn plan(&self) -> &[GoapStep] {
        &self.ws.plan
    }

    /// The plan's total cost.
    pub fn cost(&self) -> f64 {
        self.cost
    }

    /// Ends the search and gives its buffers back for the next one.
    pub fn into_workspace(self) -> Workspace {
        self.ws
    }

    /// The buffers the search holds.
    pub(crate) fn workspace(&self) -> &Workspace {
        &self.ws
    }

    /// Generates the successors of node `id`, popped with open-list key `key`, through the
    /// instances that change a slot it requires; stops at the first stored successor as
    /// cheap as the node itself and puts the node back on the open list, to go on with the
    /// others if it is popped again.
    ///
    /// The heuristic is consistent, so no successor's `f` is below the node's: a successor
    /// with the node's `f` is among its best, and the node's `f` bounds the ones not yet
    /// generated, which keeps A* optimal. When the search dives (as with an exact heuristic,
    /// where every action of an optimal plan keeps `f`), the siblings of the nodes on the path
    /// are then never built: each expansion generates one successor rather than all.
    fn expand<S: Sets>(&mut self, id: u32, key: u128) {
        let node = &self.ws.nodes[id as usize];
        if node.depth >= self.max_depth {
            return;
        }
        let (set, g, depth, tried) = (node.set, node.g, node.depth + 1, node.tried);
        // Listed before any is tried, as generating successors appends to the pools the set
        // lives in.
        S::list(&mut self.ws, set, self.words, self.numbers);
        // Last listed first: the order in which the open list would pop equal siblings
        // (newest first), had they all been generated.
        let bound = open_f(key);
        let left = self.ws.candidates.len() - tried as usize;
        let marked = S::MARKS && marks_fit(self.ws.bound.instances.len());
        for k in (0..left).rev() {
            let instance = self.ws.candidates[k];
            // Listed as one whose regression would be rejected (`Sets::list`): passed over
            // in its place, so that `tried` counts as if it had been tried. The last one
            // regresses all the same: the pools then keep the draft it leaves, which a saved
            // search holds, byte for byte as when every candidate was tried.
            if marked && instance & PASSED != 0 {
                if k == 0 {
                    let _ = S::regress(&mut self.ws, set, instance & !PASSED);
                }
                continue;
            }
            let f = self.generate::<S>(id, set, g, depth, instance);
            if f <= bound && k > 0 {
                self.ws.nodes[id as usize].tried += (left - k) as u32;
                self.ws.open.push(key);
                return;
            }
        }
    }

    /// Regresses the set `set` of node `parent` (of cost `g` so far) through `instance` into
    /// a successor at depth `depth`; the successor's `f` if it was stored, else infinity.
    fn generate<S: Sets>(
        &mut self,
        parent: u32,
        set: Stored,
        g: f64,
        depth: u32,
        instance: u32,
    ) -> f64 {
        if S::regress(&mut self.ws, set, instance).is_err() {
            return f64::INFINITY;
        }
        self.stats.generated += 1;
        let cost = self.ws.bound.instances[instance as usize].cost;
        self.push::<S>(parent, instance, g + cost, depth)
    }

    /// Stores the draft as a node unless a node with an equal set is known at no greater cost
    /// and no greater depth. Cost alone is not enough under the depth limit: a cheaper but
    /// deeper path to a set may have too few actions left to reach the start, where a dearer,
    /// shallower one would not. So nodes with equal sets are kept while neither dominates the
    /// other on (cost, depth), and the new node supersedes those it dominates.
    ///
    /// Returns the node's `f` if it was stored, else infinity.
    fn push<S: Sets>(&mut self, parent: u32, instance: u32, g: f64, depth: u32) -> f64 {
        let Some(Survey { hash, estimate }) = S::survey(&self.ws) else {
            return f64::INFINITY;
        };
        let id = self.ws.nodes.len() as u32;
        let index = match self.probe::<S>(hash, g, depth) {
            Probe::Dominated => {
                self.stats.duplicates += 1;
                return f64::INFINITY;
            }
            Probe::Replace(index) => {
                self.stats.duplicates += 1;
                index
            }
            Probe::Empty(index) if self.ws.nodes.len() * 2 < self.ws.table.len() => index,
            Probe::Empty(_) => {
                grow_table(&mut self.ws, self.stamp);
                self.empty_slot(hash)
            }
        };
        self.ws.table[index] = (self.stamp, id);
        let h = self.heuristic(&estimate);
        let ws = &mut self.ws;
        let node = Node {
            parent,
            instance,
            g,
            depth,
            unsatisfied: estimate.unsatisfied,
            superseded: false,
            hash,
            set: ws.sets.keep(),
            tried: 0,
        };
        ws.nodes.push(node);
        let key = open_key(g + h, h, id);
        ws.open.push(key);
        open_f(key)
    }

    /// `max(⌈steps / E⌉ · c_min, dearest)`: both parts are admissible and consistent (see the
    /// module documentation), so their maximum is too.
    fn heuristic(&self, e: &Estimate) -> f64 {
        // Most actions have one effect, or two (GPGOAP's soldier): then no division, whose
        // latency is on the path to the heap key.
        let steps = match self.max_changes {
            1 => e.steps,
            2 => e.steps.div_ceil(2),
            e_max => e.steps.div_ceil(e_max),
        };
        let actions = f64::from(steps) * self.min_cost;
        // Not `f64::max`: neither is NaN, so a plain comparison does.
        if actions > e.dearest {
            actions
        } else {
            e.dearest
        }
    }

    /// Looks the draft up among the live nodes with an equal set: `Dominated` when one costs no
    /// more at no greater depth; otherwise those the draft dominates are superseded and the
    /// first one's slot is `Replace`d, or else the draft goes to the `Empty` slot at the end of
    /// the probe. Live nodes of equal sets never dominate one another, so nothing is
    /// superseded when the answer is `Dominated`.
    fn probe<S: Sets>(&mut self, hash: u64, g: f64, depth: u32) -> Probe {
        if self.ws.table.is_empty() {
            return Probe::Empty(0);
        }
        let mask = self.ws.table.len() - 1;
        let mut index = hash as usize & mask;
        let mut replace = None;
        loop {
            let (stamp, id) = self.ws.table[index];
            if stamp != self.stamp {
                return replace.map_or(Probe::Empty(index), Probe::Replace);
            }
            let node = &self.ws.nodes[id as usize];
            if !node.superseded && node.hash == hash && S::same_as_draft(&self.ws, node.set) {
                if node.g <= g && node.depth <= depth {
                    return Probe::Dominated;
                }
                if g <= node.g && depth <= node.depth {
                    self.ws.nodes[id as usize].superseded = true;
                    replace.get_or_insert(index);
                }
            }
            index = (index + 1) & mask;
        }
    }

    /// The first empty table slot on the draft's probe sequence.
    fn empty_slot(&self, hash: u64) -> usize {
        let mask = self.ws.table.len() - 1;
        let mut index = hash as usize & mask;
        while self.ws.table[index].0 == self.stamp {
            index = (index + 1) & mask;
        }
        index
    }

    /// Walks from the node that holds now back to the goal: each node's action runs before
    /// its parent's, so the walk is in execution order.
    #[inline(never)] // Once per search: kept out of the loop's code.
    fn extract(&mut self, mut id: u32) {
        let Workspace {
            nodes, bound, plan, ..
        } = &mut self.ws;
        self.cost = nodes[id as usize].g;
        // By reference: a node copied whole per step was half of this walk. `NONE` lies past
        // every node and instance.
        while let Some(node) = nodes.get(id as usize) {
            if let Some(inst) = bound.instances.get(node.instance as usize) {
                plan.push(GoapStep {
                    action: inst.action,
                    target: inst.target,
                    cost: inst.cost,
                });
            }
            id = node.parent;
        }
        debug_assert_eq!(id, NONE, "a parent past the nodes");
    }

    fn measure(&mut self) {
        let ws = &self.ws;
        self.stats.peak_bytes = ws.nodes.capacity() * std::mem::size_of::<Node>()
            + ws.sets.bytes()
            + ws.open.bytes()
            + ws.table.capacity() * 8;
    }
}

/// Where a new node goes in the table, if anywhere.
enum Probe {
    /// A live node of an equal set costs no more at no greater depth.
    Dominated,
    /// Over a node the new one supersedes.
    Replace(usize),
    /// In this empty slot.
    Empty(usize),
}

/// For every slot (bits, then numbers, then entity references), the instances that change
/// it, in instance order: a list per slot, linked through `links` and built in one pass (no
/// counting per slot, which would cost a pass over every bit of the layout).
#[derive(serde::Serialize, serde::Deserialize, Default)]
struct Changers {
    /// Each slot's first link, or [`NONE`].
    first: Vec<u32>,
    /// Each slot's last link, or [`NONE`].
    last: Vec<u32>,
    /// (instance, next link of its slot).
    links: Vec<(u32, u32)>,
    /// Per bit of the first word, the first 64 instances changing it, as a mask (for
    /// [`OneWord`] sets; absent from searches saved before it was kept, which use the lists).
    #[serde(default)]
    by_bit: Vec<u64>,
}

impl Changers {
    fn clear(&mut self, slots: usize) {
        self.first.clear();
        self.first.resize(slots, NONE);
        self.last.clear();
        self.last.resize(slots, NONE);
        self.links.clear();
        self.by_bit.clear();
        self.by_bit.resize(64, 0);
    }

    /// Appends `instance` to the changers of `slot`; instances come in order.
    fn add(&mut self, slot: usize, instance: u32) {
        if slot < 64 && instance < 64 {
            self.by_bit[slot] |= 1 << instance;
        }
        let last = self.last[slot];
        if last != NONE && self.links[last as usize].0 == instance {
            // An instance changing a slot twice is listed once.
            return;
        }
        let link = self.links.len() as u32;
        self.links.push((instance, NONE));
        match last {
            NONE => self.first[slot] = link,
            last => self.links[last as usize].1 = link,
        }
        self.last[slot] = link;
    }
}

/// No link, node or instance.
const NONE: u32 = u32::MAX;

/// Marks a candidate instance whose regression the node's set surely rejects
/// ([`Sets::list`]): the search passes over it.
const PASSED: u32 = 1 << 31;

/// Whether candidates among `instances` instances may be marked [`PASSED`]: when every
/// instance's number lies below the mark (always, short of 2^31 instances; past that every
/// candidate is tried).
#[inline]
fn marks_fit(instances: usize) -> bool {
    instances <= PASSED as usize
}

/// The candidates as listed, unmarked: a save holds what trying each would have listed, and a
/// loaded search lists its candidates again at its next expansion.
fn unmarked<S: serde::Serializer>(candidates: &[u32], serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_seq(candidates.iter().map(|&i| i & !PASSED))
}

/// Compiles the workspace's instances, in one pass, for the search: for regression (its
/// edits, the goal not yet among them), indexed by the slots they change, and measured for the
/// heuristic (its reach, the start's numbers left to the caller).
fn compile(ws: &mut Workspace, layout: &SymbolLayout) -> Compiled {
    let words = layout.bool_words();
    let (bits, numbers) = (64 * words as u32, layout.numbers() as u32);
    let slots = bits as usize + layout.numbers() + layout.entities();
    ws.changers.clear(slots);
    ws.edits.clear();
    let mut max_changes = 1;
    let instances = ws.bound.instances.len();
    for (i, inst) in ws.bound.instances.iter().enumerate() {
        let (changes, tests) = ws.bound.parts(inst);
        ws.edits.push(changes, tests);
        max_changes = max_changes.max(changes.len() as u32);
        for change in changes {
            let slot = match *change {
                Change::Bool { bit, .. } => bit,
                Change::SetNumber { slot, .. } | Change::AddNumber { slot, .. } => bits + slot,
                Change::SetEntity { slot, .. } => bits + numbers + slot,
            };
            ws.changers.add(slot as usize, i as u32);
        }
    }
    Compiled {
        max_changes,
        min_cost: compile_costs(ws, layout),
        // `Changers::by_bit` holds at most 64 instances.
        one_word: words == 1 && instances <= 64 && ws.edits.one_word(0),
    }
}

/// Compiles again, in place, the edits of the instances the binding cache bound again: true
/// when each fits ([`Edits::rewrite`]; an instance bound again changes no slot, so which
/// instances change which slot, and the other edits, stand), false when everything must be
/// compiled.
fn recompile_patched(ws: &mut Workspace) -> bool {
    ws.cache.patched().iter().all(|&i| {
        let (changes, tests) = ws.bound.parts(&ws.bound.instances[i]);
        ws.edits.rewrite(i, changes, tests)
    })
}

/// Compiles what the search derives from the instances' costs: the workspace's [`Reach`],
/// and the cheapest cost (returned; 1 when there is no instance).
fn compile_costs(ws: &mut Workspace, layout: &SymbolLayout) -> f64 {
    clear_reach(&mut ws.reach, layout);
    let mut min_cost = f64::INFINITY;
    for inst in &ws.bound.instances {
        let (changes, _) = ws.bound.parts(inst);
        min_cost = min_cost.min(inst.cost);
        for change in changes {
            reach_through(&mut ws.reach, change, changes, inst.cost);
        }
    }
    if min_cost.is_finite() {
        min_cost
    } else {
        1.0
    }
}

/// Sizes the workspace's [`Reach`] for `layout`, with nothing reaching anything yet (and no
/// start state's numbers: the caller sets them).
fn clear_reach(reach: &mut Reach, layout: &SymbolLayout) {
    let unreached = NumberReach {
        now: f64::NAN,
        cheapest: f64::INFINITY,
        stride: 0.0,
    };
    reach.bits.clear();
    reach.bits.resize(64 * layout.bool_words(), f64::INFINITY);
    reach.numbers.clear();
    reach.numbers.resize(layout.numbers(), unreached);
    reach.entities.clear();
    reach.entities.resize(layout.entities(), f64::INFINITY);
}

/// Accounts in `reach` for `change`, one of an instance's `changes`, of cost `cost`: the
/// cheapest action changing its slot, and for a number the largest change one action makes
/// (infinite when one sets it).
fn reach_through(reach: &mut Reach, change: &Change, changes: &[Change], cost: f64) {
    let cheapest = match *change {
        Change::Bool { bit, .. } => &mut reach.bits[bit as usize],
        Change::SetNumber { slot, .. } => {
            let number = &mut reach.numbers[slot as usize];
            number.stride = f64::INFINITY;
            &mut number.cheapest
        }
        Change::AddNumber { slot, .. } => {
            // Every add of this action to the slot counts: one action may add twice.
            let stride: f64 = changes
                .iter()
                .filter_map(|c| match *c {
                    Change::AddNumber { slot: s, amount } if s == slot => Some(amount.abs()),
                    _ => None,
                })
                .sum();
            let number = &mut reach.numbers[slot as usize];
            number.stride = number.stride.max(stride);
            &mut number.cheapest
        }
        Change::SetEntity { slot, .. } => &mut reach.entities[slot as usize],
    };
    *cheapest = cheapest.min(cost);
}

/// The open list: a binary heap of [`open_key`]s whose least key waits outside it. When the
/// search dives, as it does with a close heuristic, the successor expanded next is the least
/// pushed since the last pop, and then it never enters the heap: one comparison instead of a
/// push and a pop, each a walk along the heap.
#[derive(serde::Serialize, serde::Deserialize, Default)]
struct Open {
    heap: BinaryHeap<Reverse<u128>>,
    least: Option<u128>,
}

impl Open {
    fn clear(&mut self) {
        self.heap.clear();
        self.least = None;
    }

    #[inline]
    fn push(&mut self, key: u128) {
        match self.least {
            Some(least) if least <= key => self.heap.push(Reverse(key)),
            Some(least) => {
                self.heap.push(Reverse(least));
                self.least = Some(key);
            }
            None => self.least = Some(key),
        }
    }

    /// The least key.
    // Inline, the heap's walk out of line: a dive takes the key waiting outside the heap,
    // and the call's saves and restores cost more than that (callgrind, the soldier).
    #[inline]
    fn pop(&mut self) -> Option<u128> {
        match (self.least, self.heap.peek()) {
            (Some(least), Some(&Reverse(top))) if top < least => self.pop_heap(),
            (Some(least), _) => {
                self.least = None;
                Some(least)
            }
            (None, _) => self.pop_heap(),
        }
    }

    /// The heap's least key, taken out of it.
    #[inline(never)]
    fn pop_heap(&mut self) -> Option<u128> {
        self.heap.pop().map(|k| k.0)
    }

    fn bytes(&self) -> usize {
        self.heap.capacity() * std::mem::size_of::<u128>()
    }
}

/// The heap key of a node: lowest `f` first; among equal `f`, lowest `h` (furthest along),
/// then newest. With an exact heuristic the search then dives straight to the start instead
/// of expanding every reordering of the same plan (any order among equal `f` keeps A*
/// optimal, so `h` may be rounded to `f32` to fit). One `u128` compares faster than a tuple:
/// the bits of non-negative floats order as the floats do.
fn open_key(f: f64, h: f64, id: u32) -> u128 {
    u128::from(f.to_bits()) << 64 | u128::from((h as f32).to_bits()) << 32 | u128::from(!id)
}

/// The `f` of an [`open_key`].
fn open_f(key: u128) -> f64 {
    f64::from_bits((key >> 64) as u64)
}

/// Doubles the table and reinserts the live entries.
#[inline(never)] // Rare: kept out of the push path's code.
fn grow_table(ws: &mut Workspace, stamp: u32) {
    let size = (ws.table.len() * 2).max(64);
    ws.table.clear();
    ws.table.resize(size, (0, 0));
    let mask = size - 1;
    for (id, node) in ws.nodes.iter().enumerate() {
        if node.superseded {
            continue;
        }
        let mut index = node.hash as usize & mask;
        while ws.table[index].0 == stamp {
            index = (index + 1) & mask;
        }
        ws.table[index] = (stamp, id as u32);
    }
}

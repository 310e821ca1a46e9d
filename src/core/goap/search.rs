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
//! **Memory.** Everything lives in a [`Workspace`] of reusable buffers that the search owns and
//! gives back: after the first searches of a given size, a search allocates nothing, and a
//! search can be stored and resumed next frame, moved to another thread, or dropped.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::core::action::ActionId;
use crate::core::condition::FactView;
use crate::core::entity::Entity;
use crate::core::planner::{SearchStats, SearchStatus, StopReason};

use super::bind::{BindInput, Bound, Change, Test};
use super::layout::SymbolicState;
use super::regression::{Draft, Estimate, Reach, Rejected, SetPool, Stored};

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
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GoapStep {
    /// The action.
    pub action: ActionId,
    /// Its target (the entity that supplies it).
    pub target: Entity,
    /// Its bound cost.
    pub cost: f64,
}

#[derive(Clone, Copy, Debug)]
struct Node {
    parent: u32,
    instance: u32,
    g: f64,
    depth: u32,
    unsatisfied: u32,
    superseded: bool,
    hash: u64,
    set: Stored,
}

const NO_NODE: u32 = u32::MAX;

/// Reusable buffers of a GOAP search. Keep one per thread (or per in-flight search) and hand
/// it back to every new search.
#[derive(Default)]
pub struct Workspace {
    bound: Bound,
    start: SymbolicState,
    /// For every slot (bits, then numbers, then entity references), the instances that change
    /// it: `relevant[first[slot]..first[slot + 1]]`.
    first: Vec<u32>,
    relevant: Vec<u32>,
    pairs: Vec<(u32, u32)>,
    /// `seen[0]` counts expansions; `seen[1 + i]` is the last expansion that tried instance
    /// `i`, so an instance relevant to several slots of a node is tried once.
    seen: Vec<u32>,
    /// Table entries with another stamp are empty, so a new search need not clear the table.
    stamp: u32,
    reach: Reach,
    nodes: Vec<Node>,
    sets: SetPool,
    open: BinaryHeap<Reverse<(u64, u64, u32)>>,
    table: Vec<(u32, u32)>,
    draft: Draft,
    /// The slots a node being expanded requires.
    slots: Vec<u32>,
    plan: Vec<GoapStep>,
}

/// A resumable regressive A* search.
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
}

impl GoapSearch {
    /// Binds the problem's actions, builds the goal node and returns a search ready to
    /// [`step`](GoapSearch::step), in `ws`'s buffers.
    pub fn begin<V: FactView>(problem: &GoapProblem<'_, V>, mut ws: Workspace) -> Self {
        let layout = problem.bind.domain.symbols();
        ws.bound.bind(&problem.bind);
        ws.start.clone_from(problem.start);
        let words = layout.bool_words();
        let numbers = layout.numbers() as u32;
        let slots = 64 * words + layout.numbers() + layout.entities();
        index_changes(&mut ws, slots, 64 * words as u32, numbers);
        measure_reach(&mut ws, slots, 64 * words as u32, numbers);
        ws.seen.clear();
        ws.seen.resize(ws.bound.instances.len() + 1, 0);
        ws.nodes.clear();
        ws.sets.clear();
        ws.open.clear();
        ws.plan.clear();
        let max_changes = ws
            .bound
            .instances
            .iter()
            .map(|i| i.changes.1 - i.changes.0)
            .max()
            .unwrap_or(1)
            .max(1);
        let min_cost = ws
            .bound
            .instances
            .iter()
            .map(|i| i.cost)
            .fold(f64::INFINITY, f64::min);
        ws.stamp = ws.stamp.wrapping_add(1);
        if ws.stamp == 0 {
            ws.table.iter_mut().for_each(|e| *e = (0, 0));
            ws.stamp = 1;
        }
        let stamp = ws.stamp;
        let mut search = GoapSearch {
            ws,
            words,
            numbers,
            stamp,
            status: SearchStatus::InProgress,
            stats: SearchStats::default(),
            max_expansions: problem.max_expansions,
            max_depth: problem.max_depth,
            max_changes,
            min_cost: if min_cost.is_finite() { min_cost } else { 1.0 },
            cost: 0.0,
        };
        let ws = &mut search.ws;
        ws.draft.clear(words);
        if ws.draft.require(problem.goal).is_ok() {
            search.push(NO_NODE, NO_NODE, 0.0, 0);
        } else {
            search.status = SearchStatus::NoPlan(StopReason::Exhausted);
        }
        search.measure();
        search
    }

    /// Expands at most `budget` nodes; returns where the search stands. A node that satisfies
    /// the current state ends the search when popped, even with no budget left. Calling it
    /// after the search ended returns the same status.
    pub fn step(&mut self, mut budget: u32) -> SearchStatus {
        while self.status == SearchStatus::InProgress {
            let Some(Reverse((f, order, newest))) = self.ws.open.pop() else {
                self.status = SearchStatus::NoPlan(StopReason::Exhausted);
                break;
            };
            let id = !newest;
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
                self.ws.open.push(Reverse((f, order, newest)));
                break;
            }
            budget -= 1;
            self.stats.expanded += 1;
            self.expand(id);
        }
        self.measure();
        self.status
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

    fn expand(&mut self, id: u32) {
        let node = self.ws.nodes[id as usize];
        if node.depth >= self.max_depth {
            return;
        }
        self.stamp_seen();
        // Every slot the node requires, bits first: the instances that change it. The slots are
        // listed first, as generating successors appends to the pools the set lives in.
        let ws = &mut self.ws;
        let mut scratch = std::mem::take(&mut ws.slots);
        scratch.clear();
        let set = ws.sets.get(node.set, self.words);
        for (word, &care) in set.bits[..self.words].iter().enumerate() {
            let mut care = care;
            while care != 0 {
                scratch.push(word as u32 * 64 + care.trailing_zeros());
                care &= care - 1;
            }
        }
        let bits = 64 * self.words as u32;
        scratch.extend(set.number_slots().map(|slot| bits + slot));
        let entities = bits + self.numbers;
        scratch.extend(set.entities.iter().map(|r| entities + r.slot));
        for &slot in &scratch {
            self.expand_slot(id, slot);
        }
        self.ws.slots = scratch;
    }

    fn expand_slot(&mut self, parent: u32, slot: u32) {
        let (from, to) = (
            self.ws.first[slot as usize],
            self.ws.first[slot as usize + 1],
        );
        let seen = self.ws.seen[0];
        for k in from..to {
            let instance = self.ws.relevant[k as usize];
            if instance == u32::MAX {
                // The unused tail of the slot's range (an instance that changes it twice).
                break;
            }
            let mark = &mut self.ws.seen[instance as usize + 1];
            if *mark == seen {
                continue;
            }
            *mark = seen;
            self.generate(parent, instance);
        }
    }

    fn stamp_seen(&mut self) {
        let seen = &mut self.ws.seen;
        seen[0] = seen[0].wrapping_add(1);
        if seen[0] == 0 {
            seen.iter_mut().for_each(|s| *s = 0);
            seen[0] = 1;
        }
    }

    fn generate(&mut self, parent: u32, instance: u32) {
        let node = self.ws.nodes[parent as usize];
        let inst = self.ws.bound.instances[instance as usize];
        let ws = &mut self.ws;
        ws.draft.load(ws.sets.get(node.set, self.words));
        let changes: &[Change] =
            &ws.bound.changes[inst.changes.0 as usize..inst.changes.1 as usize];
        let tests: &[Test] = &ws.bound.tests[inst.tests.0 as usize..inst.tests.1 as usize];
        let outcome: Result<(), Rejected> = ws
            .draft
            .regress(changes)
            .and_then(|_| ws.draft.require(tests));
        if outcome.is_err() {
            return;
        }
        self.stats.generated += 1;
        self.push(parent, instance, node.g + inst.cost, node.depth + 1);
    }

    /// Stores the draft as a node unless a node with an equal set is known at no greater cost
    /// and no greater depth. Cost alone is not enough under the depth limit: a cheaper but
    /// deeper path to a set may have too few actions left to reach the start, where a dearer,
    /// shallower one would not. So nodes with equal sets are kept while neither dominates the
    /// other on (cost, depth), and the new node supersedes those it dominates.
    fn push(&mut self, parent: u32, instance: u32, g: f64, depth: u32) {
        let Some(estimate) = self.ws.draft.estimate(&self.ws.start, &self.ws.reach) else {
            return;
        };
        let hash = draft_hash(&self.ws.draft);
        let id = self.ws.nodes.len() as u32;
        let index = match self.probe(hash, g, depth) {
            Probe::Dominated => {
                self.stats.duplicates += 1;
                return;
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
        let ws = &mut self.ws;
        ws.table[index] = (self.stamp, id);
        let unsatisfied = estimate.unsatisfied;
        let h = self.heuristic(&estimate);
        let ws = &mut self.ws;
        let node = Node {
            parent,
            instance,
            g,
            depth,
            unsatisfied,
            superseded: false,
            hash,
            set: ws.sets.store(ws.draft.view()),
        };
        ws.nodes.push(node);
        // Lowest f first; among equal f, lowest h (furthest along), then newest: with an exact
        // heuristic the search then dives straight to the start instead of expanding every
        // reordering of the same plan (any order among equal f keeps A* optimal).
        ws.open.push(Reverse(((g + h).to_bits(), h.to_bits(), !id)));
    }

    /// `max(⌈steps / E⌉ · c_min, dearest)`: both parts are admissible and consistent (see the
    /// module documentation), so their maximum is too.
    fn heuristic(&self, e: &Estimate) -> f64 {
        let actions = e.steps.div_ceil(self.max_changes) as f64 * self.min_cost;
        actions.max(e.dearest)
    }

    /// Looks the draft up among the live nodes with an equal set: `Dominated` when one costs no
    /// more at no greater depth; otherwise those the draft dominates are superseded and the
    /// first one's slot is `Replace`d, or else the draft goes to the `Empty` slot at the end of
    /// the probe. Live nodes of equal sets never dominate one another, so nothing is
    /// superseded when the answer is `Dominated`.
    fn probe(&mut self, hash: u64, g: f64, depth: u32) -> Probe {
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
            if !node.superseded && node.hash == hash && self.same_as_draft(node) {
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

    fn same_as_draft(&self, node: &Node) -> bool {
        let (set, draft) = (self.ws.sets.get(node.set, self.words), self.ws.draft.view());
        set.bits == draft.bits
            && set.numbers == draft.numbers
            && set.excluded == draft.excluded
            && set.entities == draft.entities
    }

    /// Walks from the node that holds now back to the goal: each node's action runs before
    /// its parent's, so the walk is in execution order.
    fn extract(&mut self, mut id: u32) {
        self.cost = self.ws.nodes[id as usize].g;
        while id != NO_NODE {
            let node = self.ws.nodes[id as usize];
            if node.instance != NO_NODE {
                let inst = self.ws.bound.instances[node.instance as usize];
                self.ws.plan.push(GoapStep {
                    action: inst.action,
                    target: inst.target,
                    cost: inst.cost,
                });
            }
            id = node.parent;
        }
    }

    fn measure(&mut self) {
        let ws = &self.ws;
        self.stats.peak_bytes = ws.nodes.capacity() * std::mem::size_of::<Node>()
            + ws.sets.bytes()
            + ws.open.capacity() * 16
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

/// Builds the slot → instances index over every bound change, instances in order: a counting
/// sort (count per slot, prefix sums, then fill), so binding costs no comparison sort.
fn index_changes(ws: &mut Workspace, slots: usize, bits: u32, numbers: u32) {
    let slot_of = |change: &Change| match *change {
        Change::Bool { bit, .. } => bit,
        Change::SetNumber { slot, .. } | Change::AddNumber { slot, .. } => bits + slot,
        Change::SetEntity { slot, .. } => bits + numbers + slot,
    };
    ws.first.clear();
    ws.first.resize(slots + 1, 0);
    for inst in &ws.bound.instances {
        for change in &ws.bound.changes[inst.changes.0 as usize..inst.changes.1 as usize] {
            ws.first[slot_of(change) as usize + 1] += 1;
        }
    }
    for k in 1..ws.first.len() {
        ws.first[k] += ws.first[k - 1];
    }
    // `pairs[slot].0` is where the next instance of `slot` goes; `.1` the last one written
    // (plus one), so an instance changing a slot twice is listed once.
    ws.pairs.clear();
    ws.pairs
        .extend(ws.first[..slots].iter().map(|&start| (start, 0)));
    ws.relevant.clear();
    ws.relevant.resize(ws.first[slots] as usize, u32::MAX);
    for (i, inst) in ws.bound.instances.iter().enumerate() {
        for change in &ws.bound.changes[inst.changes.0 as usize..inst.changes.1 as usize] {
            let cursor = &mut ws.pairs[slot_of(change) as usize];
            if cursor.1 != i as u32 + 1 {
                ws.relevant[cursor.0 as usize] = i as u32;
                cursor.0 += 1;
                cursor.1 = i as u32 + 1;
            }
        }
    }
}

/// Fills the workspace's [`Reach`]: per slot the cheapest bound action changing it, and per
/// number slot the largest change one action makes (infinite when one sets it).
fn measure_reach(ws: &mut Workspace, slots: usize, bits: u32, numbers: u32) {
    let reach = &mut ws.reach;
    reach.cheapest.clear();
    reach.cheapest.resize(slots, f64::INFINITY);
    reach.stride.clear();
    reach.stride.resize(numbers as usize, 0.0);
    for inst in &ws.bound.instances {
        let changes = &ws.bound.changes[inst.changes.0 as usize..inst.changes.1 as usize];
        for change in changes {
            let slot = match *change {
                Change::Bool { bit, .. } => bit as usize,
                Change::SetNumber { slot, .. } => {
                    reach.stride[slot as usize] = f64::INFINITY;
                    (bits + slot) as usize
                }
                Change::AddNumber { slot, .. } => {
                    // Every add of this action to the slot counts: one action may add twice.
                    let stride: f64 = changes
                        .iter()
                        .filter_map(|c| match *c {
                            Change::AddNumber { slot: s, amount } if s == slot => {
                                Some(amount.abs())
                            }
                            _ => None,
                        })
                        .sum();
                    let best = &mut reach.stride[slot as usize];
                    *best = best.max(stride);
                    (bits + slot) as usize
                }
                Change::SetEntity { slot, .. } => (bits + numbers + slot) as usize,
            };
            reach.cheapest[slot] = reach.cheapest[slot].min(inst.cost);
        }
    }
}

fn draft_hash(draft: &Draft) -> u64 {
    let mut h = Mix::default();
    for &word in &draft.bits {
        h.add(word);
    }
    for r in &draft.numbers {
        h.add(u64::from(r.slot) << 2 | u64::from(r.low_open) << 1 | u64::from(r.high_open));
        h.add(r.low.to_bits());
        h.add(r.high.to_bits());
    }
    for r in &draft.excluded {
        h.add(u64::from(r.slot));
        h.add(r.value.to_bits());
    }
    for r in &draft.entities {
        h.add(u64::from(r.slot) << 1 | u64::from(r.equal));
        h.add(r.value.to_bits());
    }
    h.0
}

/// A multiply-rotate mix (the FxHash step): fast, deterministic, and only used to spread
/// table slots; equal sets are confirmed by comparing their contents.
#[derive(Default)]
struct Mix(u64);

impl Mix {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// Doubles the table and reinserts the live entries.
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

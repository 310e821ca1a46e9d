//! The GOAP brain's think and the world's planning scheduler.
//!
//! **Think** (every think interval, S:140 of 003_a22f8616c585d8bb.txt): every goal's relevance
//! (plus bias) and satisfaction are evaluated; the NPC asks for a plan when it has none (no
//! plan, plan done, failed or invalid on arrival), when a goal of higher priority than the one
//! it pursues became unsatisfied, or on a sensor interrupt ([`World::interrupt`], P:329 of
//! 004_bdde6381c6c06595.txt). The last two cancel the running action.
//!
//! **Scheduler** (P:309): requests wait in a first-in first-out queue. Each tick the queue is
//! served from the front within what is left of the tick's expansion budget
//! (`WorldConfig::plan_budget_per_tick`, shared with UDGOAP thinks; 0 means unlimited). A
//! search that runs out of budget keeps its state and goes to the back of the queue, so every
//! request advances in turn and none starves. A request tries its goals from most to least
//! relevant (ties: higher priority, then definition order) until one has a plan; when none has,
//! the archetype's fallback action runs, or the NPC reports `NoPlan` and asks again at its next
//! think.

use crate::core::brains::goap::bind::goal_satisfied;
use crate::core::brains::goap::gather::{Callbacks, GoapInputs};
use crate::core::brains::goap::mind::{GoapDecision, GoapMind};
use crate::core::brains::goap::{GoapSearch, Workspace};
use crate::core::brains::SearchStatus;
use crate::core::model::action::ActionId;
use crate::core::model::archetype::ArchetypeId;
use crate::core::model::entity::Entity;
use crate::core::model::error::Result;
use crate::core::model::goap::goal::GoapGoalId;
use crate::core::world::event::EventKind;
use crate::core::world::Step;
use crate::core::{Mind, World};
use std::collections::VecDeque;

/// What GOAP keeps world-wide: the planning queue, the buffers gathering reuses, the
/// finished searches, and the engine's callbacks.
#[derive(Default, serde::Serialize, serde::Deserialize)]
pub(crate) struct GoapShared {
    /// Plan requests, first in first out.
    pub(crate) queue: VecDeque<Entity>,
    #[serde(skip)]
    pub(crate) inputs: GoapInputs,
    /// Finished searches, restarted in place by the next ones: a request takes one and gives
    /// it back by a pointer, where moving a search by value copied its kilobyte of buffers
    /// five times a request (`memmove` was 2.5 % of a 14,000-NPC GOAP tick). Saved as the
    /// pool of their workspaces it replaced (`pooled`): a search begun in a reused workspace
    /// keeps its old table entries (stamped stale), and a loaded world must hold the very
    /// same bytes; a restart sets everything else a search holds.
    #[serde(with = "pooled")]
    #[expect(
        clippy::vec_box,
        reason = "the boxes move into minds and back by a pointer"
    )]
    pub(crate) searches: Vec<Box<GoapSearch>>,
    /// The engine's: registered again after a load.
    #[serde(skip)]
    pub(crate) callbacks: Callbacks,
}

impl GoapShared {
    /// Takes `npc`'s request out of the queue; false when it had none there.
    pub(crate) fn dequeue(&mut self, npc: Entity) -> bool {
        let at = self.queue.iter().position(|&e| e == npc);
        at.map(|at| self.queue.remove(at)).is_some()
    }
}

/// The pool of finished searches, saved as the workspaces they hold.
mod pooled {
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::core::brains::goap::{GoapSearch, Workspace};

    pub(super) fn serialize<S: Serializer>(
        searches: &[Box<GoapSearch>],
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(searches.iter().map(|s| s.workspace()))
    }

    #[expect(clippy::vec_box, reason = "the pool's own type")]
    pub(super) fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Vec<Box<GoapSearch>>, D::Error> {
        let workspaces = Vec::<Workspace>::deserialize(deserializer)?;
        Ok(workspaces
            .into_iter()
            .map(|ws| Box::new(GoapSearch::idle(ws)))
            .collect())
    }
}

impl World {
    /// Begins a search for `npc` towards `goal`, leaving `excluded` out, in a finished search
    /// of the pool (or a new one) restarted in place. A request that fails to gather drops
    /// it, as a search begun from a pooled workspace was dropped: the pool, which is saved,
    /// holds what it held.
    pub(crate) fn goap_begin_pooled(
        &mut self,
        npc: Entity,
        goal: GoapGoalId,
        excluded: &[ActionId],
    ) -> Result<Box<GoapSearch>> {
        let mut inputs = std::mem::take(&mut self.brains.goap.inputs);
        inputs.excluded.clear();
        inputs.excluded.extend_from_slice(excluded);
        let mut search = self
            .brains
            .goap
            .searches
            .pop()
            .unwrap_or_else(|| Box::new(GoapSearch::idle(Workspace::default())));
        let begun = self.goap_restart(npc, goal, &mut inputs, &mut search, 0);
        self.brains.goap.inputs = inputs;
        begun.map(|()| search)
    }

    /// Evaluates `npc`'s goals and queues a plan request when one is needed.
    pub(crate) fn goap_think(&mut self, npc: Entity, archetype: ArchetypeId, mind: &mut Mind) {
        let domain = self.domain.clone();
        let def = domain.archetype(archetype);
        let goals = &def.goap_goals;
        let idle = mind.running.is_none() && mind.remaining_plan().is_empty();
        let Some(goap) = mind.brain.goap_mut() else {
            return;
        };
        let pursued = goap
            .goal
            .map(|g| domain.goap_goals().items()[g.0 as usize].priority);
        let mut higher_lost = false;
        let mut state = std::mem::take(&mut self.brains.goap.inputs.start);
        self.capture_symbols(npc, &mut state);
        for (i, &goal) in goals.iter().enumerate() {
            let def = &domain.goap_goals().items()[goal.0 as usize];
            let relevance = self.goap_relevance(npc, goal).unwrap_or(0.0) + goap.bias[i];
            let satisfied = goal_satisfied(def, domain.symbols(), self, npc, &state);
            higher_lost |= pursued.is_some_and(|p| def.priority > p)
                && goap.satisfied[i]
                && !satisfied
                && relevance > 0.0;
            goap.relevance[i] = relevance;
            goap.satisfied[i] = satisfied;
        }
        self.brains.goap.inputs.start = state;
        // A recommendation re-selects: the plan goes only when another goal now leads. The
        // order it computes is the one a request below would compute again.
        let mut ordered = false;
        let reselect = std::mem::take(&mut goap.reselect) && !idle && !goap.queued && {
            order_goals(&domain, goals, goap, def.autonomous);
            ordered = true;
            goap.order.first().map(|&i| goals[i as usize]) != goap.goal
        };
        let interrupted = std::mem::take(&mut goap.interrupted) || higher_lost || reselect;
        if interrupted && !idle {
            self.cancel_plan(npc, mind);
        }
        let goap = mind.brain.goap_mut().expect("checked above");
        if (idle || interrupted) && !goap.queued {
            if !ordered {
                order_goals(&domain, goals, goap, def.autonomous);
            }
            goap.queued = true;
            self.brains.goap.queue.push_back(npc);
        }
    }

    /// Serves the planning queue within what is left of this tick's budget.
    pub(crate) fn run_goap_queue(&mut self) {
        while self.budget_left > 0 {
            let Some(npc) = self.brains.goap.queue.pop_front() else {
                break;
            };
            // The queue's NPCs were last loaded at their thinks, a whole think phase ago: in a
            // large world their records and minds are back in memory.
            let queue = &self.brains.goap.queue;
            self.prefetch_minds(|i| queue.get(i).copied(), false);
            self.serve_request(npc);
        }
    }

    /// Advances `npc`'s plan request; a destroyed NPC's request is simply dropped.
    pub(crate) fn serve_request(&mut self, npc: Entity) {
        let _ = self.with_mind(npc, |world, mind| {
            world.serve(npc, mind);
            world.note_decision(npc, mind);
            Ok(())
        });
    }

    /// Advances `npc`'s request: begins searches goal by goal and steps them within the
    /// budget; re-queues it when the budget runs out.
    fn serve(&mut self, npc: Entity, mind: &mut Mind) {
        let Some(archetype) = self.live_record(npc).and_then(|r| r.archetype()) else {
            return;
        };
        let domain = self.domain.clone();
        let def = domain.archetype(archetype);
        if mind.brain.goap().is_none() {
            return;
        }
        loop {
            let goap = mind.brain.goap_mut().expect("checked above");
            if goap.search.is_none() {
                let Some(&index) = goap.order.get(goap.next) else {
                    self.conclude(npc, mind, def.fallback);
                    return;
                };
                goap.next += 1;
                let goal = def.goap_goals[index as usize];
                if goap.goal != Some(goal) {
                    goap.failed.clear();
                }
                match self.goap_begin_pooled(npc, goal, &goap.failed) {
                    Ok(search) => goap.search = Some((goal, search)),
                    Err(_) => continue,
                }
            }
            let (goal, search) = goap.search.as_mut().expect("begun above");
            let before = search.stats().expanded;
            let status = search.step(self.budget_left);
            let used = search.stats().expanded - before;
            self.budget_left = self.budget_left.saturating_sub(used);
            self.tick_expansions += used;
            if status == SearchStatus::InProgress {
                self.brains.goap.queue.push_back(npc);
                return;
            }
            let goal = *goal;
            let (_, search) = goap.search.take().expect("stepped above");
            accumulate(&mut goap.pending, &search, status);
            let found = status == SearchStatus::Found && !search.plan().is_empty();
            if !mind.superior.is_null() {
                self.report_search(npc, mind.superior, goal, found);
            }
            let goap = mind.brain.goap_mut().expect("checked above");
            if found {
                goap.goal = Some(goal);
                goap.pending.goal = Some(goal);
                goap.pending.cost = search.cost();
                let steps = search.plan().iter().map(|s| Step {
                    action: s.action,
                    supplier: s.target,
                });
                self.replace_plan(npc, mind, steps);
                self.brains.goap.searches.push(search);
                self.decide(mind);
                self.start_next_step(npc, mind);
                return;
            }
            self.brains.goap.searches.push(search);
        }
    }

    /// No goal has a plan: run the fallback action, or report `NoPlan` (once per streak).
    fn conclude(
        &mut self,
        npc: Entity,
        mind: &mut Mind,
        fallback: Option<crate::core::model::action::ActionId>,
    ) {
        let goap = mind.brain.goap_mut().expect("a goap mind");
        let had_plan = goap.decision.goal.is_some() || goap.decision.fallback;
        // No decision yet (a request that tried no goal leaves the status unset, so the
        // status cannot tell).
        let first = goap.decision == GoapDecision::default();
        goap.goal = None;
        let fallback_step = fallback.map(|action| Step {
            action,
            supplier: npc,
        });
        goap.pending.fallback = fallback.is_some();
        // The fallback is a one-step plan: its cost is that step's, so an explanation never
        // shows a plan of total 0 beside a step that costs 1 (issue 31).
        goap.pending.cost = fallback.map_or(0.0, |a| self.domain.action(a).planning.cost);
        self.replace_plan(npc, mind, fallback_step);
        if fallback.is_none() && (had_plan || first) {
            self.push_event(EventKind::NoPlan, npc, None, Entity::NULL, 0);
        }
        self.decide(mind);
        self.start_next_step(npc, mind);
    }

    /// Records the pending decision and ends the request.
    fn decide(&mut self, mind: &mut Mind) {
        let goap = mind.brain.goap_mut().expect("a goap mind");
        goap.pending.time = self.time;
        goap.decision = std::mem::take(&mut goap.pending);
        goap.queued = false;
    }
}

/// Orders the goals worth pursuing: relevant (> 0) and unsatisfied, most relevant first, then
/// higher priority, then definition order. A unit that is not `autonomous` and has a
/// recommendation pursues only recommended goals, most recommended first (P:325 of
/// 004_bdde6381c6c06595.txt); without one it pursues its own.
fn order_goals(
    domain: &crate::core::model::domain::Domain,
    goals: &[GoapGoalId],
    goap: &mut GoapMind,
    autonomous: bool,
) {
    let commanded = !autonomous && goap.bias.iter().any(|&b| b > 0.0);
    goap.order.clear();
    goap.order.extend((0..goals.len() as u32).filter(|&i| {
        let i = i as usize;
        goap.relevance[i] > 0.0 && !goap.satisfied[i] && (!commanded || goap.bias[i] > 0.0)
    }));
    let priority = |i: u32| domain.goap_goals().items()[goals[i as usize].0 as usize].priority;
    let key = if commanded {
        &goap.bias
    } else {
        &goap.relevance
    };
    goap.order.sort_by(|&a, &b| {
        key[b as usize]
            .total_cmp(&key[a as usize])
            .then(priority(b).cmp(&priority(a)))
            .then(a.cmp(&b))
    });
    goap.next = 0;
    goap.pending = Default::default();
}

fn accumulate(
    pending: &mut crate::core::brains::goap::mind::GoapDecision,
    search: &crate::core::brains::goap::GoapSearch,
    status: SearchStatus,
) {
    let stats = search.stats();
    pending.stats.expanded += stats.expanded;
    pending.stats.generated += stats.generated;
    pending.stats.duplicates += stats.duplicates;
    pending.stats.peak_bytes = pending.stats.peak_bytes.max(stats.peak_bytes);
    pending.status = Some(status);
    pending.tried += 1;
}

#[cfg(test)]
mod tests {
    use super::pooled;
    use crate::core::brains::goap::{GoapSearch, Workspace};
    use crate::domain::shipped_instance;
    use crate::sim::Simulator;

    /// The pool as a save holds it.
    #[derive(serde::Serialize, serde::Deserialize)]
    #[expect(clippy::vec_box, reason = "the pool's own type")]
    struct Pool(#[serde(with = "pooled")] Vec<Box<GoapSearch>>);

    /// The pool of searches saves exactly as the pool of workspaces it replaced (saves made
    /// before load), and a loaded pool saves the same bytes again: the hospital's GOAP
    /// nurses and doctors leave used searches in it.
    #[test]
    fn the_pool_of_searches_saves_as_the_pool_of_workspaces() {
        let mut instance = shipped_instance("hospital.json", None, 1);
        let world = &mut instance.world;
        let mut simulator = Simulator::new(instance.rules.clone(), world).unwrap();
        simulator.run(world, 20.0, &mut ()).unwrap();
        let searches = std::mem::take(&mut world.brains.goap.searches);
        assert!(!searches.is_empty(), "the queue pooled its searches");
        let workspaces: Vec<&Workspace> = searches.iter().map(|s| s.workspace()).collect();
        let as_workspaces = postcard::to_stdvec(&workspaces).unwrap();
        let pool = Pool(searches);
        let saved = postcard::to_stdvec(&pool).unwrap();
        assert_eq!(saved, as_workspaces);
        let loaded: Pool = postcard::from_bytes(&saved).unwrap();
        assert_eq!(loaded.0.len(), pool.0.len());
        assert_eq!(postcard::to_stdvec(&loaded).unwrap(), saved);
    }
}

//! Planning GOAP for an NPC of the world: gathering its symbolic state, its candidate targets
//! and its goal, and the engine callbacks GOAP may consult. The search itself keeps no
//! reference to the world once begun, so it can be stepped on any thread and across frames.

use std::sync::Arc;

use crate::core::brains::goap::bind::{resolve_test, BindInput};
use crate::core::brains::goap::{GoapProblem, GoapSearch, Target, Test, Workspace};
use crate::core::model::action::ActionId;
use crate::core::model::archetype::{ArchetypeId, ThinkSettings};
use crate::core::model::condition::Bindings;
use crate::core::model::entity::{Entity, EntityKind};
use crate::core::model::error::{Error, Result};
use crate::core::model::goap::{GoapGoalId, SymbolicState};
use crate::core::model::limits::check_expansions;
use crate::core::model::perception::{Interest, Sight};
use crate::core::world::perceived::Perceived;
use crate::core::World;

/// The engine's context precondition: may `npc` use `action` on `target`? Called on the
/// thread that begins a search, for actions whose planning asks for it.
pub type ContextCallback = Arc<dyn Fn(Entity, ActionId, Entity) -> bool + Send + Sync>;

/// The engine's relevance of `goal` for `npc`, in [0, 1], for goals whose relevance is
/// `Engine`. Called on the thread that selects goals (the world's tick).
pub type RelevanceCallback = Arc<dyn Fn(Entity, GoapGoalId) -> f64 + Send + Sync>;

/// The engine callbacks a world consults; none is required.
#[derive(Clone, Default)]
pub struct Callbacks {
    /// Context preconditions.
    pub context: Option<ContextCallback>,
    /// Goal relevance.
    pub relevance: Option<RelevanceCallback>,
}

/// Buffers for gathering a GOAP problem, reused from plan to plan.
#[derive(Clone, Debug, Default)]
pub struct GoapInputs {
    /// Candidate targets: of what the NPC perceives (itself, and the nearest entities within
    /// its perception range, at most its perception limit), those that supply an action it
    /// consumes, in slot order.
    pub targets: Vec<Target>,
    /// The NPC's symbolic state.
    pub start: SymbolicState,
    /// The goal's resolved requirements.
    pub goal: Vec<Test>,
    /// Actions left out (those that just failed).
    pub excluded: Vec<ActionId>,
    /// Smart ambiance's cost delta of each consumable action for the NPC (empty: none).
    pub cost_deltas: Vec<f64>,
    /// Slots of the entities within perception range.
    perceived: Perceived,
    /// The NPC's archetype's expansion and depth limits.
    limits: (u32, u32),
}

impl GoapInputs {
    /// A search's expansion and depth limits, asked for at most `max_expansions` nodes (0:
    /// the archetype's limit).
    fn limits(&self, max_expansions: u32) -> (u32, u32) {
        match max_expansions {
            0 => self.limits,
            n => (n, self.limits.1),
        }
    }

    /// [`World::goap_restart`] of `search` again, for the problem these inputs were last
    /// gathered for and `search` last began from, which the caller knows unchanged (the same
    /// NPC and goal, and a world not written since), at most `max_expansions` nodes: the
    /// same search, without gathering nor comparing what binding read. `Ok(false)`, doing
    /// nothing, when the search's binding was not kept (it asked the engine's context
    /// callback, which must be asked again, or was too large): restart it then.
    pub fn rerun(&self, search: &mut GoapSearch, max_expansions: u32) -> Result<bool> {
        check_expansions(max_expansions)?;
        Ok(search.rerun(self.limits(max_expansions)))
    }
}

impl World {
    /// Sets the engine callbacks (replacing any).
    pub fn set_callbacks(&mut self, callbacks: Callbacks) {
        self.brains.goap.callbacks = callbacks;
    }

    /// The engine callbacks set now.
    pub fn callbacks(&self) -> &Callbacks {
        &self.brains.goap.callbacks
    }

    /// The relevance of `goal` for `npc` now, in [0, 1] (without bias).
    pub fn goap_relevance(&self, npc: Entity, goal: GoapGoalId) -> Result<f64> {
        let def = self.domain.goap_goals().get(goal.0)?;
        Ok(def.relevance(self, npc, || {
            self.brains
                .goap
                .callbacks
                .relevance
                .as_ref()
                .map_or(0.0, |f| f(npc, goal))
        }))
    }

    /// Gathers what planning `npc` towards `goal` needs into `inputs` (keeping its
    /// `excluded` list) and begins a search in `ws`, binding every action now (or reusing the
    /// workspace's binding when nothing it depends on changed). At most `max_expansions` nodes
    /// (0: the archetype's limit; above `MAX_PLAN_EXPANSIONS` is an error).
    pub fn goap_begin(
        &self,
        npc: Entity,
        goal: GoapGoalId,
        inputs: &mut GoapInputs,
        ws: Workspace,
        max_expansions: u32,
    ) -> Result<GoapSearch> {
        self.with_goap_problem(npc, goal, inputs, max_expansions, |problem| {
            GoapSearch::begin(problem, ws)
        })
    }

    /// [`goap_begin`](World::goap_begin) in the buffers of `search`, which ends first (also
    /// when this fails: it is then left as it was, ended or not), without moving them.
    pub fn goap_restart(
        &self,
        npc: Entity,
        goal: GoapGoalId,
        inputs: &mut GoapInputs,
        search: &mut GoapSearch,
        max_expansions: u32,
    ) -> Result<()> {
        self.with_goap_problem(npc, goal, inputs, max_expansions, |problem| {
            search.restart(problem)
        })
    }

    /// Gathers the problem of planning `npc` towards `goal` into `inputs` and hands it to
    /// `begin`; fails, without calling it, on a bad request.
    fn with_goap_problem<R>(
        &self,
        npc: Entity,
        goal: GoapGoalId,
        inputs: &mut GoapInputs,
        max_expansions: u32,
        begin: impl FnOnce(&GoapProblem<'_, Self>) -> R,
    ) -> Result<R> {
        check_expansions(max_expansions)?;
        // One lookup of the NPC's record for its kind, archetype, position and facts.
        let record = self.record(npc, None)?;
        if record.kind() == EntityKind::Object {
            return Err(Error::invalid("only an npc or a squad plans"));
        }
        let archetype_id = record
            .archetype()
            .ok_or_else(|| Error::invalid("the npc has no archetype"))?;
        let def = self.domain.goap_goals().get(goal.0)?;
        let archetype = self.domain.archetype(archetype_id);
        let think = archetype.think;
        inputs.limits = (think.max_expansions, think.max_depth);
        let position = record.position;
        inputs
            .start
            .capture_facts(self.domain.symbols(), record.facts.as_slice());
        self.gather_goap(npc, archetype_id, position, &think, inputs);
        self.fill_ambiance_deltas(
            &archetype.applicable_annotations,
            position,
            &archetype.consumes,
            &mut inputs.cost_deltas,
        );
        let me = Bindings::pair(npc, npc);
        inputs.goal.clear();
        for requirement in &def.requirements {
            match resolve_test(self.domain.symbols(), requirement, self, &me) {
                Some(Some(test)) => inputs.goal.push(test),
                _ => {
                    return Err(Error::invalid(format!(
                        "goap goal {:?} names a fact the npc does not have",
                        self.domain.goap_goals().name(goal.0)
                    )))
                }
            }
        }
        let context = self.brains.goap.callbacks.context.as_deref();
        let (max_expansions, max_depth) = inputs.limits(max_expansions);
        let problem = GoapProblem {
            bind: BindInput {
                domain: &self.domain,
                npc,
                position: Some(position),
                actions: &archetype.consumes,
                cost_deltas: &inputs.cost_deltas,
                excluded: &inputs.excluded,
                targets: &inputs.targets,
                view: self,
                engine_check: context.map(|f| f as _),
            },
            start: &inputs.start,
            goal: &inputs.goal,
            max_expansions,
            max_depth,
        };
        Ok(begin(&problem))
    }

    /// Packs `npc`'s facts into `state` (everything unknown when it is gone): one walk over
    /// the facts it has, rather than a lookup per attribute of the domain.
    pub(crate) fn capture_symbols(&self, npc: Entity, state: &mut SymbolicState) {
        let layout = self.domain.symbols();
        match self.live_record(npc) {
            Some(record) => state.capture_facts(layout, record.facts.as_slice()),
            None => state.reset(layout),
        }
    }

    /// Fills `inputs` with `npc`'s targets: what it perceives (thinking with `think`) that
    /// supplies an action its archetype (`npc_archetype`) consumes, priced by contention.
    fn gather_goap(
        &self,
        npc: Entity,
        npc_archetype: ArchetypeId,
        position: crate::core::model::vec3::Vec3,
        think: &ThinkSettings,
        inputs: &mut GoapInputs,
    ) {
        inputs.targets.clear();

        let pricing = self.pricing(npc, Some(npc_archetype));
        let relevance = self.domain.relevance();
        let sight = Sight::of(think, Interest::Supply(npc_archetype));
        self.perceivable(npc, position, sight, &mut inputs.perceived);
        let GoapInputs {
            perceived, targets, ..
        } = inputs;
        self.walk_perceived(perceived, |slot| {
            let Some((entity, record)) = self.at_slot(slot) else {
                return;
            };
            // What supplies nothing the NPC consumes binds to no action.
            let Some(archetype) = record
                .archetype()
                .filter(|&a| relevance.supplies(npc_archetype, a))
            else {
                return;
            };
            let Some((extra_cost, _)) = self.price(&pricing, entity, record) else {
                return;
            };
            targets.push(Target {
                entity,
                archetype,
                position: Some(record.position),
                extra_cost,
            });
        });
    }
}

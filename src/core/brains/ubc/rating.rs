//! Rating predefined plans: simulate each plan one plan ahead against each candidate target
//! and keep the target whose state rates highest (S:142, S:147 of 003_a22f8616c585d8bb.txt).
//!
//! The rating of a plan is its *gain*, `Σ_g w_g · (u_g(after) − u_g(now))`, which orders
//! plans exactly as the utility of the state after them does (the state now is common to all)
//! and is what the paper's worked example prints (S:126: +90 and +70 utils). Only the facts a
//! plan writes can change a goal's sum, so a rating reads the writes, never the whole world.
//! Ties go to the earlier plan and the earlier candidate, as UDGOAP's (T:2010).
//!
//! What the paper leaves open, ours: a step's preconditions must hold in the simulated state
//! or the plan cannot be used at that target (the paper has no failing plans); world effects
//! and outcome tables are not simulated (one plan ahead is the action's own effects); an
//! ended entity loses what its facts counted.

use crate::core::model::action::ActionId;
use crate::core::model::archetype::{ArchetypeDef, ArchetypeId};
use crate::core::model::condition::{distance_between, Bindings, FactView, Role};
use crate::core::model::domain::Domain;
use crate::core::model::entity::Entity;
use crate::core::model::value::Value;
use crate::core::model::vec3::Vec3;
use crate::core::world::buffer_room::{Buffers, Room};

use crate::core::brains::ubc::mind::UbcRating;
use crate::core::brains::ubc::overlay::{Overlay, OverlayBuffers};
use crate::core::model::ubc::plan::{StepTarget, UbcPlanDef};

/// An entity the NPC may use: what it supplies comes from its archetype.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Usable {
    /// The entity.
    pub entity: Entity,
    /// Its archetype.
    pub archetype: ArchetypeId,
    /// Where it is.
    pub position: Vec3,
    /// In [0, 1]: the share of a positive gain a plan using it counts (1, or the NPC's
    /// contention factor when none of its slots is open to the NPC).
    pub utility_factor: f64,
}

/// Buffers a decision reuses.
#[derive(Clone, Debug, Default)]
pub struct RatingScratch {
    overlay: OverlayBuffers,
    /// The supplier of each step of the plan being rated.
    suppliers: Vec<Entity>,
    /// The candidate index of each step's supplier (`usize::MAX`: the NPC, or none).
    supplier_candidates: Vec<usize>,
    /// The nearest usable supplier of each `nearest` step of the plan being rated: it does not
    /// depend on the target, so it is found once per plan.
    nearest: Vec<Option<usize>>,
}

impl Buffers for RatingScratch {
    fn each_buffer(&mut self, each: &mut dyn FnMut(&mut dyn Room)) {
        self.overlay.each_buffer(each);
        each(&mut self.suppliers);
        each(&mut self.supplier_candidates);
        each(&mut self.nearest);
    }
}

/// One NPC's decision: what it rates with and over.
pub struct Rater<'a, V: FactView> {
    /// The domain.
    pub domain: &'a Domain,
    /// The NPC's archetype (its goals, weights and plans).
    pub archetype: &'a ArchetypeDef,
    /// The NPC.
    pub npc: Entity,
    /// The facts before any plan: the world's.
    pub view: &'a V,
    /// What the NPC may use.
    pub candidates: &'a [Usable],
}

impl<V: FactView> Rater<'_, V> {
    /// Rates every predefined plan of the archetype, writing one rating per plan into
    /// `ratings`. Returns the index of the best rated plan, if any plan could be used.
    pub fn rate_plans(
        &self,
        scratch: &mut RatingScratch,
        ratings: &mut Vec<UbcRating>,
    ) -> Option<usize> {
        ratings.clear();
        let mut best: Option<(usize, f64)> = None;
        for &plan_id in &self.archetype.ubc.plans {
            let plan = &self.domain.ubc_plans().items()[plan_id.0 as usize];
            let rating = self.rate_plan(plan, scratch);
            let gain = rating.map(|r| r.1);
            if let Some(g) = gain {
                if best.is_none_or(|(_, b)| g > b) {
                    best = Some((ratings.len(), g));
                }
            }
            ratings.push(UbcRating {
                plan: plan_id,
                target: rating.map_or(Entity::NULL, |r| r.0),
                gain,
            });
        }
        best.map(|b| b.0)
    }

    /// The supplier of each step of `plan` performed at `target` (null for a plan without
    /// one), as its rating resolved them; `None` when the plan cannot be resolved there.
    pub fn plan_suppliers<'s>(
        &self,
        plan: &UbcPlanDef,
        target: Entity,
        scratch: &'s mut RatingScratch,
    ) -> Option<&'s [Entity]> {
        let target = match target == Entity::NULL {
            true => None,
            false => Some(self.candidates.iter().position(|c| c.entity == target)?),
        };
        self.find_nearest(plan, scratch)?;
        self.resolve_suppliers(plan, target, scratch);
        Some(&scratch.suppliers)
    }

    /// Rates `plan` at its best target: `(target, gain)`, the target null for a plan without
    /// one. `None` when no candidate makes every step possible.
    fn rate_plan(&self, plan: &UbcPlanDef, scratch: &mut RatingScratch) -> Option<(Entity, f64)> {
        self.find_nearest(plan, scratch)?;
        let Some(target_action) = plan.target_action() else {
            return Some((Entity::NULL, self.rate_at(plan, None, scratch)?));
        };
        let mut best: Option<(Entity, f64)> = None;
        for (i, c) in self.candidates.iter().enumerate() {
            if !self.supplies(c, target_action) {
                continue;
            }
            let Some(gain) = self.rate_at(plan, Some(i), scratch) else {
                continue;
            };
            if best.is_none_or(|(_, b)| gain > b) {
                best = Some((c.entity, gain));
            }
        }
        best
    }

    /// Simulates `plan` (its nearest suppliers found) with its target the candidate `target`
    /// and returns its gain, or `None` when a step's preconditions do not hold when it is
    /// reached.
    fn rate_at(
        &self,
        plan: &UbcPlanDef,
        target: Option<usize>,
        scratch: &mut RatingScratch,
    ) -> Option<f64> {
        self.resolve_suppliers(plan, target, scratch);
        let RatingScratch {
            overlay,
            suppliers,
            supplier_candidates,
            ..
        } = scratch;
        let mut state = Overlay::new(self.view, overlay);
        for (step, &supplier) in plan.steps.iter().zip(suppliers.iter()) {
            let action = &self.domain.actions().items()[step.action.0 as usize];
            let bindings = self.bindings(supplier);
            if !action
                .preconditions
                .iter()
                .all(|c| c.holds(&state, &bindings))
            {
                return None;
            }
            action.apply_whole(self.domain, &mut state, &bindings);
        }
        let gain = gain(self.domain, self.archetype, self.npc, &state);
        // Contention: a plan counts the least share among the suppliers it uses (as UDGOAP's).
        let factor = supplier_candidates
            .iter()
            .filter_map(|&i| self.candidates.get(i))
            .map(|c| c.utility_factor)
            .fold(1.0, f64::min);
        Some(if gain > 0.0 { gain * factor } else { gain })
    }

    /// Finds the nearest usable supplier of each of `plan`'s `nearest` steps; `None` when one
    /// has none.
    fn find_nearest(&self, plan: &UbcPlanDef, scratch: &mut RatingScratch) -> Option<()> {
        scratch.nearest.clear();
        for step in &plan.steps {
            let found = match step.on {
                StepTarget::Nearest => Some(self.nearest(step.action)?),
                _ => None,
            };
            scratch.nearest.push(found);
        }
        Some(())
    }

    /// Fills the scratch suppliers of `plan`'s steps: the target, the NPC, the nearest usable
    /// supplier ([`Rater::find_nearest`] first), or (back to front) the next step's.
    fn resolve_suppliers(
        &self,
        plan: &UbcPlanDef,
        target: Option<usize>,
        scratch: &mut RatingScratch,
    ) {
        let RatingScratch {
            suppliers,
            supplier_candidates,
            nearest,
            ..
        } = scratch;
        suppliers.clear();
        supplier_candidates.clear();
        for (step, nearest) in plan.steps.iter().zip(nearest.iter()) {
            let chosen = match step.on {
                StepTarget::Target => target,
                StepTarget::Nearest => *nearest,
                StepTarget::Own | StepTarget::Next => None,
            };
            supplier_candidates.push(chosen.unwrap_or(usize::MAX));
            suppliers.push(chosen.map_or(self.npc, |i| self.candidates[i].entity));
        }
        for i in (0..plan.steps.len()).rev() {
            if plan.steps[i].on == StepTarget::Next {
                // Authoring guarantees a next step exists.
                supplier_candidates[i] = supplier_candidates[i + 1];
                suppliers[i] = suppliers[i + 1];
            }
        }
    }

    /// The candidate nearest the NPC that supplies `action` and whose own preconditions (those
    /// about the supplier: the cabinet holds pills) hold now.
    fn nearest(&self, action: ActionId) -> Option<usize> {
        let from = self.view.position(self.npc)?;
        let def = &self.domain.actions().items()[action.0 as usize];
        let mut best: Option<(usize, f64)> = None;
        for (i, c) in self.candidates.iter().enumerate() {
            if !self.supplies(c, action) {
                continue;
            }
            let bindings = self.bindings(c.entity);
            let usable = def
                .preconditions
                .iter()
                .filter(|p| p.subject() == Role::Supplier)
                .all(|p| p.holds(self.view, &bindings));
            let d = distance_between(from, c.position);
            if usable && best.is_none_or(|(_, b)| d < b) {
                best = Some((i, d));
            }
        }
        best.map(|b| b.0)
    }

    fn supplies(&self, candidate: &Usable, action: ActionId) -> bool {
        self.domain
            .archetype(candidate.archetype)
            .supplies
            .contains(&action)
    }

    fn bindings(&self, supplier: Entity) -> Bindings {
        Bindings::pair(self.npc, supplier)
    }
}

/// `Σ_g w_g · (u_g(after) − u_g(now))` over the facts `state` wrote and the entities it ended.
fn gain<V: FactView>(
    domain: &Domain,
    archetype: &ArchetypeDef,
    npc: Entity,
    state: &Overlay<'_, V>,
) -> f64 {
    let writes = &state.buffers.writes;
    let mut total = 0.0;
    for (i, &(entity, attribute, after)) in writes.iter().enumerate() {
        // Only an entity's last write to an attribute is its state after the plan.
        let superseded = writes[i + 1..]
            .iter()
            .any(|w| w.0 == entity && w.1 == attribute);
        if superseded || state.buffers.ended.contains(&entity) {
            continue;
        }
        let (Value::Number(after), Some(Value::Number(now))) =
            (after, state.base.value(entity, attribute))
        else {
            continue;
        };
        for &(goal, weight) in &archetype.ubc.goals {
            let def = &domain.ubc_goals().items()[goal.0 as usize];
            if def.attribute == attribute && def.scope.covers(npc, entity) {
                total += weight * (def.utility(after) - def.utility(now));
            }
        }
    }
    for &entity in &state.buffers.ended {
        for &(goal, weight) in &archetype.ubc.goals {
            let def = &domain.ubc_goals().items()[goal.0 as usize];
            if let (true, Some(Value::Number(now))) = (
                def.scope.covers(npc, entity),
                state.base.value(entity, def.attribute),
            ) {
                total -= weight * def.utility(now);
            }
        }
    }
    total
}

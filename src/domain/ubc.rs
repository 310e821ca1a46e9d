//! The UBC brain in JSON: goals with their utility functions, predefined plans, and an
//! archetype's `"ubc": { "goals", "plans" }`.

use super::loading::Loading;
use super::reader::{Node, Obj};
use crate::core::model::action::ActionId;
use crate::core::model::archetype::ArchetypeId;
use crate::core::model::domain::check_weight;
use crate::core::model::ubc::{Scope, StepTarget, UbcGoalId, UbcPlanId};

const SCOPES: &[&str] = &["own", "others", "all"];
const STEP_TARGETS: &[&str] = &["target", "self", "nearest", "next"];

impl Loading {
    /// A UBC goal: `{ name, key, scope, weight, curve }`.
    pub fn ubc_goal(&mut self, node: &Node) {
        let Some((obj, name)) = self.named(node, &["key", "scope", "weight", "curve"]) else {
            return;
        };
        let attribute = self.attribute_key(&obj, "key");
        let scope = match obj.get("scope") {
            Some(s) => self
                .ctx
                .choice(&s, SCOPES)
                .map(|i| [Scope::Own, Scope::Others, Scope::All][i]),
            None => Some(Scope::Own),
        };
        let weight = self.checked_number(&obj, "weight", Some(1.0), check_weight);
        let curve = match obj.get("curve") {
            Some(c) => self.curve(&c).map(Some),
            None => Some(None),
        };
        let added = match (attribute, scope, weight, curve) {
            (Some(a), Some(s), Some(w), Some(c)) => {
                Some(self.builder.add_ubc_goal(name, a, s, w, c).map(|g| g.0))
            }
            _ => None,
        };
        self.define(&node.path, name, |r| &mut r.ubc_goals, added);
    }

    /// A predefined plan: `{ name, steps: [{ action, on }] }`, `on` one of `target` (the
    /// default), `self`, `nearest`, `next`.
    pub fn ubc_plan(&mut self, node: &Node) {
        let Some((obj, name)) = self.named(node, &["steps"]) else {
            return;
        };
        let added = Some(self.builder.add_ubc_plan(name).map(|p| p.0));
        let Some(plan) = self.define(&node.path, name, |r| &mut r.ubc_plans, added) else {
            return;
        };
        let steps = obj.list(&mut self.ctx, "steps");
        if steps.is_empty() {
            self.ctx
                .error(&node.path, "a predefined plan needs at least one step");
        }
        for s in steps {
            let Some(step) = self.ctx.object(&s, &["action", "on"]) else {
                continue;
            };
            let action = step
                .require(&mut self.ctx, "action")
                .and_then(|a| self.refs.actions.resolve(&mut self.ctx, &a));
            let on = match step.get("on") {
                Some(o) => self.ctx.choice(&o, STEP_TARGETS).map(|i| {
                    [
                        StepTarget::Target,
                        StepTarget::Own,
                        StepTarget::Nearest,
                        StepTarget::Next,
                    ][i]
                }),
                None => Some(StepTarget::Target),
            };
            if let (Some(action), Some(on)) = (action, on) {
                let added = self
                    .builder
                    .add_ubc_plan_step(UbcPlanId(plan), ActionId(action), on);
                self.check(&s.path, added);
            }
        }
    }

    /// An archetype's `"ubc": { "goals": [name | { goal, weight }], "plans": [name] }`.
    pub fn archetype_ubc(&mut self, obj: &Obj, id: ArchetypeId) {
        let Some(node) = obj.get("ubc") else {
            return;
        };
        let Some(ubc) = self.ctx.object(&node, &["goals", "plans"]) else {
            return;
        };
        let goals = ubc.list(&mut self.ctx, "goals");
        if goals.is_empty() {
            self.ctx.error(
                &node.path,
                "a UBC brain needs at least one of \"goals\" to rate plans by",
            );
        }
        for g in goals {
            let (goal, weight) = match g.json.is_object() {
                true => {
                    let Some(entry) = self.ctx.object(&g, &["goal", "weight"]) else {
                        continue;
                    };
                    let goal = entry
                        .require(&mut self.ctx, "goal")
                        .and_then(|n| self.refs.ubc_goals.resolve(&mut self.ctx, &n));
                    let weight = match entry.get("weight") {
                        Some(w) => self.ctx.number(&w).map(Some),
                        None => Some(None),
                    };
                    (goal, weight)
                }
                false => (self.refs.ubc_goals.resolve(&mut self.ctx, &g), Some(None)),
            };
            if let (Some(goal), Some(weight)) = (goal, weight) {
                let added = self
                    .builder
                    .add_archetype_ubc_goal(id, UbcGoalId(goal), weight);
                self.check(&g.path, added);
            }
        }
        let plans = ubc.list(&mut self.ctx, "plans");
        if plans.is_empty() {
            self.ctx
                .error(&node.path, "a UBC brain needs at least one of \"plans\"");
        }
        for p in plans {
            if let Some(plan) = self.refs.ubc_plans.resolve(&mut self.ctx, &p) {
                let added = self.builder.add_archetype_ubc_plan(id, UbcPlanId(plan));
                self.check(&p.path, added);
            }
        }
    }
}

//! The domain document's definitions other than archetypes: attributes, tags, annotations,
//! goals, drives, world effects, actions and GOAP goals. Each goes through the same
//! [`DomainBuilder`](crate::core::DomainBuilder) calls as the C ABI.

use super::loading::{Loading, Refs};
use super::names::Names;
use super::reader::{Form, Node, Obj};
use crate::core::model::action::{ActionDuration, ActionId, ExecutionHints, Planning};
use crate::core::model::condition::check_distance;
use crate::core::model::domain::check_weight;
use crate::core::model::drive::{DriveId, GoalGenerator, TriggerScope};
use crate::core::model::effect::Change;
use crate::core::model::goal::{GoalCondition, GoalId};
use crate::core::model::goap::authoring::{
    check_cost, check_cost_per_distance, check_fixed_relevance,
};
use crate::core::model::goap::distance_cost::DistanceCurve;
use crate::core::model::goap::{GoapGoalId, Relevance};
use crate::core::model::outcome::{Learning, Outcome, OutcomeTable};
use crate::core::model::world_effect::WorldEffectId;
use crate::core::{AttributeId, ValueType};

impl Loading {
    /// `node` as an object of `fields` (plus `name` and `description`) and its name.
    pub fn named<'a>(&mut self, node: &Node<'a>, fields: &[&str]) -> Option<(Obj<'a>, &'a str)> {
        let all: Vec<&str> = ["name", "description"]
            .iter()
            .chain(fields)
            .copied()
            .collect();
        let obj = self.ctx.object(node, &all)?;
        let name = obj.str(&mut self.ctx, "name")?;
        Some((obj, name))
    }

    /// Each condition of the array member `key`, with its path.
    pub fn condition_list(
        &mut self,
        obj: &Obj,
        key: &str,
    ) -> Vec<(String, crate::core::model::condition::Condition)> {
        obj.list(&mut self.ctx, key)
            .into_iter()
            .filter_map(|n| self.condition(&n).map(|c| (n.path, c)))
            .collect()
    }

    /// Each effect of the array member `key`, with its path.
    pub fn effect_list(
        &mut self,
        obj: &Obj,
        key: &str,
    ) -> Vec<(String, crate::core::model::effect::Effect)> {
        obj.list(&mut self.ctx, key)
            .into_iter()
            .filter_map(|n| self.effect(&n).map(|e| (n.path, e)))
            .collect()
    }

    /// An attribute: `{ "name", "type", "min", "max" }`.
    pub fn attribute(&mut self, node: &Node) {
        let Some((obj, name)) = self.named(node, &["type", "min", "max", "significant"]) else {
            return;
        };
        let types = [
            ValueType::Bool,
            ValueType::Number,
            ValueType::Entity,
            ValueType::Position,
        ];
        let ty = obj.require(&mut self.ctx, "type").and_then(|t| {
            self.ctx
                .choice(&t, &["bool", "number", "entity", "position"])
        });
        let added = ty.map(|t| self.builder.add_attribute(name, types[t]).map(|a| a.0));
        let id = self
            .define(&node.path, name, |r| &mut r.attributes, added)
            .map(AttributeId);
        if let (Some(id), Some(s)) = (id, obj.get("significant")) {
            if let Some(significant) = self.ctx.bool(&s) {
                let set = self.builder.set_attribute_significant(id, significant);
                self.check(&s.path, set);
            }
        }
        let (min, max) = (obj.get("min"), obj.get("max"));
        let (Some(id), true) = (id, min.is_some() || max.is_some()) else {
            return;
        };
        let (Some(min), Some(max)) = (min, max) else {
            self.ctx
                .error(&node.path, "a range needs both \"min\" and \"max\"");
            return;
        };
        if let (Some(low), Some(high)) = (self.ctx.number(&min), self.ctx.number(&max)) {
            let ranged = self.builder.set_attribute_range(id, low, high);
            // A range is refused for a bound that is not finite, else for a max not above the min.
            let at = if low.is_finite() {
                &max.path
            } else {
                &min.path
            };
            self.check(at, ranged);
        }
    }

    /// A list of plain names (tags, annotations): each string goes through `add`.
    pub fn plain_names(
        &mut self,
        nodes: &[Node],
        add: fn(&mut crate::core::DomainBuilder, &str) -> crate::core::Result<u32>,
        names: fn(&mut Refs) -> &mut Names,
    ) {
        for node in nodes {
            let Some(name) = self.ctx.str(node) else {
                continue;
            };
            let added = add(&mut self.builder, name);
            self.define(&node.path, name, names, Some(added));
        }
    }

    /// A UDGOAP goal.
    pub fn goal(&mut self, node: &Node) {
        let Some((obj, name)) = self.named(node, &["weight", "conditions", "removal"]) else {
            return;
        };
        let weight = self.checked_number(&obj, "weight", Some(1.0), check_weight);
        let added = weight.map(|w| self.builder.add_goal(name, w).map(|g| g.0));
        let Some(id) = self
            .define(&node.path, name, |r| &mut r.goals, added)
            .map(GoalId)
        else {
            return;
        };
        self.paths.goals.insert(id.0, node.path.clone());
        for c in obj.list(&mut self.ctx, "conditions") {
            if let Some(condition) = self.goal_condition(&c) {
                let added = self.builder.add_goal_condition(id, condition);
                self.check(&c.path, added);
            }
        }
        for (path, condition) in self.condition_list(&obj, "removal") {
            let added = self.builder.add_goal_removal(id, condition);
            self.check(&path, added);
        }
    }

    /// `{ "of", "key", "change", "curve" }`.
    fn goal_condition(&mut self, node: &Node) -> Option<GoalCondition> {
        let obj = self.ctx.object(node, &["of", "key", "change", "curve"])?;
        let role = self.role_of(&obj, "of")?;
        let attribute = self.attribute_key(&obj, "key")?;
        let change = match obj.get("change") {
            Some(n) => [Change::Increase, Change::Decrease]
                [self.ctx.choice(&n, &["increase", "decrease"])?],
            None => Change::Increase,
        };
        let curve = obj.require(&mut self.ctx, "curve")?;
        let curve = self.curve(&curve)?;
        Some(GoalCondition {
            role,
            attribute,
            change,
            curve,
        })
    }

    /// A drive and its goal generators.
    pub fn drive(&mut self, node: &Node) {
        let Some((obj, name)) = self.named(node, &["weight", "generators", "removal"]) else {
            return;
        };
        let weight = self.checked_number(&obj, "weight", Some(1.0), check_weight);
        let added = weight.map(|w| self.builder.add_drive(name, w).map(|d| d.0));
        let Some(id) = self
            .define(&node.path, name, |r| &mut r.drives, added)
            .map(DriveId)
        else {
            return;
        };
        for g in obj.list(&mut self.ctx, "generators") {
            if let Some(generator) = self.generator(&g) {
                let added = self.builder.add_goal_generator(id, generator);
                self.check(&g.path, added);
            }
        }
        for (path, condition) in self.condition_list(&obj, "removal") {
            let added = self.builder.add_drive_removal(id, condition);
            self.check(&path, added);
        }
    }

    /// `{ "goal", "scope", "when" }`.
    fn generator(&mut self, node: &Node) -> Option<GoalGenerator> {
        let obj = self.ctx.object(node, &["goal", "scope", "when"])?;
        let goal = obj.require(&mut self.ctx, "goal")?;
        let goal = self.refs.goals.resolve(&mut self.ctx, &goal);
        let scope = match obj.get("scope") {
            Some(n) => [TriggerScope::Consumer, TriggerScope::Known]
                [self.ctx.choice(&n, &["self", "known"])?],
            None => TriggerScope::Consumer,
        };
        let conditions = self
            .condition_list(&obj, "when")
            .into_iter()
            .map(|(_, c)| c)
            .collect();
        Some(GoalGenerator {
            scope,
            conditions,
            goal: GoalId(goal?),
        })
    }

    /// A world-effect generator.
    pub fn world_effect(&mut self, node: &Node) {
        let Some((obj, name)) = self.named(node, &["within", "filter", "effects"]) else {
            return;
        };
        let within = self.checked_number(&obj, "within", None, check_distance);
        let added = within.map(|w| self.builder.add_world_effect(name, w).map(|e| e.0));
        let defined = self.define(&node.path, name, |r| &mut r.world_effects, added);
        let Some(id) = defined.map(WorldEffectId) else {
            return;
        };
        for (path, condition) in self.condition_list(&obj, "filter") {
            let added = self.builder.add_world_effect_filter(id, condition);
            self.check(&path, added);
        }
        for (path, effect) in self.effect_list(&obj, "effects") {
            let added = self.builder.add_world_effect_effect(id, effect);
            self.check(&path, added);
        }
    }

    /// Declares an action's name, so that definitions in any order can refer to it.
    pub fn declare_action(&mut self, node: &Node) {
        let Some(name) = node.json.get("name").and_then(|n| n.as_str()) else {
            return; // `action` reports the missing name
        };
        let added = self.builder.add_action(name).map(|a| a.0);
        self.define(&node.path, name, |r| &mut r.actions, Some(added));
    }

    /// An action's body (its name was declared by [`Loading::declare_action`]).
    pub fn action(&mut self, node: &Node) {
        let fields = [
            "preconditions",
            "effects",
            "world_effects",
            "duration",
            "timeout",
            "hints",
            "cost",
            "cost_per_distance",
            "engine_check",
            "distance_cost",
            "outcomes",
            "annotations",
            "ambiance_effect",
            "order",
        ];
        let Some((obj, name)) = self.named(node, &fields) else {
            return;
        };
        let Some(id) = self.builder.domain().actions().find(name).map(ActionId) else {
            return;
        };
        if self.paths.actions.contains_key(&id.0) {
            return; // a duplicate name, reported when declared
        }
        self.paths.actions.insert(id.0, node.path.clone());
        for (path, condition) in self.condition_list(&obj, "preconditions") {
            let added = self.builder.add_precondition(id, condition);
            self.check(&path, added);
        }
        for (path, effect) in self.effect_list(&obj, "effects") {
            let added = self.builder.add_effect(id, effect);
            self.check(&path, added);
        }
        for w in obj.list(&mut self.ctx, "world_effects") {
            if let Some(effect) = self.refs.world_effects.resolve(&mut self.ctx, &w) {
                let added = self
                    .builder
                    .add_action_world_effect(id, WorldEffectId(effect));
                self.check(&w.path, added);
            }
        }
        if let Some(d) = obj.get("duration") {
            if let Some(duration) = self.duration(&d) {
                let set = self.builder.set_action_duration(id, duration);
                self.check(&d.path, set);
            }
        }
        if let Some(t) = obj.get("timeout") {
            self.action_timeout(id, &t);
        }
        if let Some(h) = obj.get("hints") {
            if let Some(hints) = self.hints(&h) {
                let set = self.builder.set_action_hints(id, hints);
                self.check(&h.path, set);
            }
        }
        self.planning(&obj, id);
        if let Some(o) = obj.get("outcomes") {
            if let Some(table) = self.outcomes(&o) {
                let set = self.builder.set_action_outcomes(id, table);
                self.check(&o.path, set);
            }
        }
        if let Some(list) = obj.get("annotations") {
            let nodes = self.ctx.array(&list);
            let ids = self.annotation_ids(&nodes);
            let set = self.builder.set_action_annotations(id, &ids);
            self.check(&list.path, set);
        }
        if let Some(m) = obj.get("ambiance_effect") {
            if let Some(modifier) = self.modifier(&m) {
                let set = self.builder.set_action_ambiance_effect(id, modifier);
                self.check(&m.path, set);
            }
        }
    }

    /// `cost`, `cost_per_distance`, `engine_check` and `distance_cost`.
    fn planning(&mut self, obj: &Obj, id: ActionId) {
        let default = Planning::default();
        if ["cost", "cost_per_distance", "engine_check"]
            .iter()
            .any(|k| obj.has(k))
        {
            let cost = self.checked_number(obj, "cost", Some(default.cost), check_cost);
            let per_distance = self.checked_number(
                obj,
                "cost_per_distance",
                Some(default.cost_per_distance),
                check_cost_per_distance,
            );
            let engine_check = obj.bool_or(&mut self.ctx, "engine_check", false);
            let planning = match (cost, per_distance, engine_check) {
                (Some(cost), Some(cost_per_distance), Some(engine_check)) => Some(Planning {
                    cost,
                    cost_per_distance,
                    engine_check,
                }),
                _ => None,
            };
            if let Some(planning) = planning {
                let set = self.builder.set_action_planning(id, planning);
                self.check(&obj.node.path, set);
            }
        }
        if let Some(d) = obj.get("distance_cost") {
            let Some(dc) = self.ctx.object(&d, &["curve", "max_cost"]) else {
                return;
            };
            let curve = dc
                .require(&mut self.ctx, "curve")
                .and_then(|c| self.curve(&c));
            let max_cost = dc
                .require(&mut self.ctx, "max_cost")
                .and_then(|m| self.ctx.number(&m));
            if let (Some(curve), Some(max_cost)) = (curve, max_cost) {
                let set = self
                    .builder
                    .set_action_distance_curve(id, DistanceCurve { curve, max_cost });
                self.check(&d.path, set);
            }
        }
    }

    /// `"engine"`, `{ "seconds": s }` or `{ "until_full": attribute }`.
    fn duration(&mut self, node: &Node) -> Option<ActionDuration> {
        let expected = "\"engine\", {\"seconds\": s} or {\"until_full\": attribute}";
        let Form::Object(obj) =
            self.ctx
                .form(node, &["engine"], &["seconds", "until_full"], expected)?
        else {
            return Some(ActionDuration::Engine);
        };
        match (obj.get("seconds"), obj.get("until_full")) {
            (Some(s), None) => self.ctx.number(&s).map(ActionDuration::Seconds),
            (None, Some(a)) => self
                .refs
                .attributes
                .resolve(&mut self.ctx, &a)
                .map(|a| ActionDuration::UntilFull(AttributeId(a))),
            _ => {
                self.ctx.error(
                    &node.path,
                    "a duration has one of \"seconds\" and \"until_full\"",
                );
                None
            }
        }
    }

    /// An action's `"timeout"`: seconds (> 0) or `"never"`, for an action the engine ends.
    fn action_timeout(&mut self, id: ActionId, node: &Node) {
        let seconds = match node.json.as_str() {
            Some("never") => Some(f64::INFINITY),
            _ => self.ctx.number(node),
        };
        let Some(seconds) = seconds else {
            return;
        };
        let duration = self.builder.domain().action(id).duration;
        if duration != ActionDuration::Engine {
            self.ctx.error(
                &node.path,
                "a timeout is for an action the engine ends (\"duration\": \"engine\"): motive \
                 times this one",
            );
            return;
        }
        let set = self.builder.set_action_timeout(id, seconds);
        self.check(&node.path, set);
    }

    /// Execution hints: `{ "stand_off", "animation", "face_target" }`.
    pub fn hints(&mut self, node: &Node) -> Option<ExecutionHints> {
        let obj = self
            .ctx
            .object(node, &["stand_off", "animation", "face_target"])?;
        let default = ExecutionHints::default();
        let animation = match obj.get("animation") {
            Some(a) => self.ctx.whole(&a, u32::MAX as u64)? as u32,
            None => default.animation,
        };
        Some(ExecutionHints {
            stand_off: obj.number_or(&mut self.ctx, "stand_off", default.stand_off)?,
            animation,
            face_target: obj.bool_or(&mut self.ctx, "face_target", default.face_target)?,
        })
    }

    /// `{ "learning", "table": [{ "weight", "effects" }] }`.
    fn outcomes(&mut self, node: &Node) -> Option<OutcomeTable> {
        let obj = self.ctx.object(node, &["learning", "table"])?;
        let learning = match obj.get("learning") {
            None => Learning::Fixed,
            Some(l) => {
                let expected = "\"fixed\", \"without_replacement\" or {\"counts\": prior_strength}";
                match self
                    .ctx
                    .form(&l, &["fixed", "without_replacement"], &["counts"], expected)?
                {
                    Form::Word(0) => Learning::Fixed,
                    Form::Word(_) => Learning::WithoutReplacement,
                    Form::Object(counts) => Learning::Counts {
                        prior_strength: counts.number(&mut self.ctx, "counts")?,
                    },
                }
            }
        };
        let mut outcomes = Vec::new();
        for entry in obj.list(&mut self.ctx, "table") {
            let Some(o) = self.ctx.object(&entry, &["weight", "effects"]) else {
                continue;
            };
            let weight = o.number_or(&mut self.ctx, "weight", 1.0);
            let effects = self
                .effect_list(&o, "effects")
                .into_iter()
                .map(|(_, e)| e)
                .collect();
            if let Some(weight) = weight {
                outcomes.push(Outcome { weight, effects });
            }
        }
        self.check(&node.path, OutcomeTable::new(outcomes, learning))
    }

    /// A GOAP goal.
    pub fn goap_goal(&mut self, node: &Node) {
        let Some((obj, name)) = self.named(node, &["priority", "relevance", "requirements"]) else {
            return;
        };
        let priority = match obj.get("priority") {
            Some(p) => self.ctx.whole(&p, u32::MAX as u64).map(|p| p as u32),
            None => Some(0),
        };
        let relevance = match obj.get("relevance") {
            Some(r) => self.relevance(&r),
            None => Some(Relevance::Fixed(1.0)),
        };
        let added = match (priority, relevance) {
            (Some(p), Some(r)) => Some(self.builder.add_goap_goal(name, p, r).map(|g| g.0)),
            _ => None,
        };
        let defined = self.define(&node.path, name, |r| &mut r.goap_goals, added);
        let Some(id) = defined.map(GoapGoalId) else {
            return;
        };
        self.paths.goap_goals.insert(id.0, node.path.clone());
        let requirements = obj.list(&mut self.ctx, "requirements");
        if requirements.is_empty() {
            self.ctx
                .error(&node.path, "a GOAP goal needs at least one requirement");
        }
        for r in requirements {
            if let Some(condition) = self.condition(&r) {
                let added = self.builder.add_goap_requirement(id, condition);
                self.check(&r.path, added);
            }
        }
    }

    /// A number in [0, 1], `"engine"`, or `{ "key", "curve" }`.
    fn relevance(&mut self, node: &Node) -> Option<Relevance> {
        if let Some(r) = node.json.as_f64() {
            self.check(&node.path, check_fixed_relevance(r))?;
            return Some(Relevance::Fixed(r));
        }
        let expected = "a number, \"engine\" or {\"key\", \"curve\"}";
        let Form::Object(obj) = self
            .ctx
            .form(node, &["engine"], &["key", "curve"], expected)?
        else {
            return Some(Relevance::Engine);
        };
        let attribute = self.attribute_key(&obj, "key");
        let curve = obj
            .require(&mut self.ctx, "curve")
            .and_then(|c| self.curve(&c));
        Some(Relevance::Curve {
            attribute: attribute?,
            curve: curve?,
        })
    }
}

//! Archetypes in JSON: smart objects and NPC types in one list.

use super::loading::Loading;
use super::reader::{Form, Node, Obj};
use crate::core::model::action::ActionId;
use crate::core::model::archetype::{ArchetypeId, Need, ThinkSettings, TopLevel};
use crate::core::model::drive::DriveId;
use crate::core::model::goap::GoapGoalId;
use crate::core::model::smart_object::{
    ClaimPriority, Contention, JointAction, SlotDef, TagId, UserFilter,
};
use crate::core::{AttributeId, Vec3};

/// Every field of an archetype but `name` and `description`.
const FIELDS: &[&str] = &[
    "brain",
    "supplies",
    "consumes",
    "drives",
    "top_level",
    "needs",
    "death",
    "think",
    "goap_goals",
    "ubc",
    "behaviour_trees",
    "adaptive_layers",
    "fallback",
    "state",
    "tags",
    "slots",
    "hints",
    "claim_priority",
    "contention",
    "joint_action",
    "annotations",
    "distance_attenuation",
    "squad",
    "autonomous",
];

impl Loading {
    /// Declares an archetype's name (slots may name archetypes defined further down).
    pub fn declare_archetype(&mut self, node: &Node) {
        let Some(name) = node.json.get("name").and_then(|n| n.as_str()) else {
            return; // `archetype` reports the missing name
        };
        let added = self.builder.add_archetype(name).map(|a| a.0);
        self.define(&node.path, name, |r| &mut r.archetypes, Some(added));
    }

    /// An archetype's body.
    pub fn archetype(&mut self, node: &Node) {
        let Some((obj, name)) = self.named(node, FIELDS) else {
            return;
        };
        let Some(id) = self
            .builder
            .domain()
            .archetypes()
            .find(name)
            .map(ArchetypeId)
        else {
            return;
        };
        if self.paths.archetypes.contains_key(&id.0) {
            return; // a duplicate name, reported when declared
        }
        self.paths.archetypes.insert(id.0, node.path.clone());
        let before = (self.ctx.diagnostics.len(), self.ctx.unresolved);
        self.archetype_lists(&obj, id);
        self.archetype_ubc(&obj, id);
        self.archetype_bt(&obj, id);
        self.archetype_adaptive_layers(&obj, id);
        self.archetype_mind(&obj, id);
        self.archetype_object(&obj, id);
        // A rejected drive or goal would make the brain look wrong: one error is enough.
        if (self.ctx.diagnostics.len(), self.ctx.unresolved) == before {
            self.check_brain(&obj, id);
        }
    }

    /// Tags, supplied and consumed actions, drives, GOAP goals and annotations.
    fn archetype_lists(&mut self, obj: &Obj, id: ArchetypeId) {
        for t in obj.list(&mut self.ctx, "tags") {
            if let Some(tag) = self.refs.tags.resolve(&mut self.ctx, &t) {
                let added = self.builder.add_archetype_tag(id, TagId(tag));
                self.check(&t.path, added);
            }
        }
        for (key, supply) in [("supplies", true), ("consumes", false)] {
            for a in obj.list(&mut self.ctx, key) {
                let Some(action) = self.refs.actions.resolve(&mut self.ctx, &a) else {
                    continue;
                };
                let added = if supply {
                    self.builder.add_supplied_action(id, ActionId(action))
                } else {
                    self.builder.add_consumed_action(id, ActionId(action))
                };
                self.check(&a.path, added);
            }
        }
        for d in obj.list(&mut self.ctx, "drives") {
            if let Some(drive) = self.refs.drives.resolve(&mut self.ctx, &d) {
                let added = self.builder.add_internal_drive(id, DriveId(drive));
                self.check(&d.path, added);
            }
        }
        for g in obj.list(&mut self.ctx, "goap_goals") {
            if let Some(goal) = self.refs.goap_goals.resolve(&mut self.ctx, &g) {
                let added = self.builder.add_archetype_goap_goal(id, GoapGoalId(goal));
                self.check(&g.path, added);
            }
        }
        if let Some(list) = obj.get("annotations") {
            let nodes = self.ctx.array(&list);
            let ids = self.annotation_ids(&nodes);
            let set = self.builder.set_archetype_annotations(id, &ids);
            self.check(&list.path, set);
        }
    }

    /// How its NPCs think: top level, needs, death, think settings, fallback, claims,
    /// contention and distance attenuation.
    fn archetype_mind(&mut self, obj: &Obj, id: ArchetypeId) {
        if let Some(t) = obj.get("top_level") {
            if let Some(top) = self.top_level(&t) {
                let set = self.builder.set_top_level(id, top);
                self.check(&t.path, set);
            }
        }
        for n in obj.list(&mut self.ctx, "needs") {
            let Some(need) = self.ctx.object(&n, &["key", "rate"]) else {
                continue;
            };
            let attribute = self.attribute_key(&need, "key");
            let rate = need
                .require(&mut self.ctx, "rate")
                .and_then(|r| self.ctx.number(&r));
            if let (Some(attribute), Some(rate)) = (attribute, rate) {
                let added = self.builder.add_need(id, Need { attribute, rate });
                self.check(&n.path, added);
            }
        }
        for (path, condition) in self.condition_list(obj, "death") {
            let added = self.builder.add_death_condition(id, condition);
            self.check(&path, added);
        }
        if let Some(t) = obj.get("think") {
            if let Some(think) = self.think(&t) {
                match think.fault() {
                    // At the member out of range, not the whole `think` (issue 32).
                    Some((field, error)) => {
                        let at = format!("{}/{field}", t.path);
                        self.ctx.error(&at, error.message);
                    }
                    None => {
                        let set = self.builder.set_think_settings(id, think);
                        self.check(&t.path, set);
                    }
                }
            }
        }
        self.archetype_squad(obj, id);
        if let Some(f) = obj.get("fallback") {
            if let Some(action) = self.refs.actions.resolve(&mut self.ctx, &f) {
                let set = self.builder.set_fallback(id, ActionId(action));
                self.check(&f.path, set);
            }
        }
        if let Some(p) = obj.get("claim_priority") {
            let priority = match p.json.as_str() {
                Some(_) => self.ctx.choice(&p, &["low", "normal", "high"]).map(|i| {
                    [
                        ClaimPriority::LOW,
                        ClaimPriority::NORMAL,
                        ClaimPriority::HIGH,
                    ][i]
                }),
                None => self.ctx.whole(&p, 255).map(|n| ClaimPriority(n as u8)),
            };
            if let Some(priority) = priority {
                let set = self.builder.set_claim_priority(id, priority);
                self.check(&p.path, set);
            }
        }
        if let Some(c) = obj.get("contention") {
            if let Some(contention) = self.contention(&c) {
                let set = self.builder.set_contention(id, contention);
                self.check(&c.path, set);
            }
        }
        if let Some(c) = obj.get("distance_attenuation") {
            if let Some(curve) = self.curve(&c) {
                let set = self.builder.set_distance_attenuation(id, curve);
                self.check(&c.path, set);
            }
        }
    }

    /// What its entities are as smart objects: slots, starting state, hints, joint action.
    fn archetype_object(&mut self, obj: &Obj, id: ArchetypeId) {
        for s in obj.list(&mut self.ctx, "slots") {
            if let Some(slot) = self.slot(&s) {
                let added = self.builder.add_slot(id, slot);
                self.check(&s.path, added);
            }
        }
        if let Some(state) = obj.get("state") {
            for (attribute, value_node) in self.fact_entries(&state) {
                let ty = self.attribute_type(attribute);
                if ty == crate::core::ValueType::Entity && value_node.json.as_str() == Some("self")
                {
                    let set = self.builder.set_archetype_state_self(id, attribute);
                    self.check(&value_node.path, set);
                    continue;
                }
                if let Some(value) = self.constant(&value_node, ty) {
                    let set = self.builder.set_archetype_state(id, attribute, value);
                    self.check(&value_node.path, set);
                }
            }
        }
        if let Some(h) = obj.get("hints") {
            for (action, hints_node) in self.keyed_entries(&h, |r| &r.actions) {
                if let Some(hints) = self.hints(&hints_node) {
                    let set = self
                        .builder
                        .set_archetype_hints(id, ActionId(action), hints);
                    self.check(&hints_node.path, set);
                }
            }
        }
        if let Some(j) = obj.get("joint_action") {
            if let Some(joint) = self.joint_action(&j) {
                let set = self.builder.set_joint_action(id, joint);
                self.check(&j.path, set);
            }
        }
    }

    /// The members of an object keyed by attribute name (`state`, `facts`): each attribute
    /// and its value node.
    pub fn fact_entries<'a>(&mut self, node: &Node<'a>) -> Vec<(AttributeId, Node<'a>)> {
        self.keyed_entries(node, |r| &r.attributes)
            .into_iter()
            .map(|(a, n)| (AttributeId(a), n))
            .collect()
    }

    /// The members of an object whose keys are names of one kind, resolved.
    pub fn keyed_entries<'a>(
        &mut self,
        node: &Node<'a>,
        names: fn(&super::loading::Refs) -> &super::names::Names,
    ) -> Vec<(u32, Node<'a>)> {
        let mut entries = Vec::new();
        for (key, member) in self.ctx.members(node) {
            if let Some(id) = names(&self.refs).lookup(&mut self.ctx, &member.path, key) {
                entries.push((id, member));
            }
        }
        entries
    }

    /// `"linear"` or `{ "linear_with_bad_death": drive }`.
    fn top_level(&mut self, node: &Node) -> Option<TopLevel> {
        let expected = "\"linear\" or {\"linear_with_bad_death\": drive}";
        let fields = ["linear_with_bad_death"];
        let Form::Object(obj) = self.ctx.form(node, &["linear"], &fields, expected)? else {
            return Some(TopLevel::Linear);
        };
        let drive = obj.require(&mut self.ctx, "linear_with_bad_death")?;
        let veto = self.refs.drives.resolve(&mut self.ctx, &drive)?;
        Some(TopLevel::LinearWithBadDeath {
            veto: DriveId(veto),
        })
    }

    /// `{ "interval", "perception_range", "perception_limit", "memory_capacity",
    /// "max_expansions", "max_depth" }`.
    fn think(&mut self, node: &Node) -> Option<ThinkSettings> {
        let obj = self.ctx.object(
            node,
            &[
                "interval",
                "perception_range",
                "perception_limit",
                "memory_capacity",
                "max_expansions",
                "max_depth",
            ],
        )?;
        let d = ThinkSettings::default();
        let count = |l: &mut Loading, key: &str, default: u32| match obj.get(key) {
            Some(n) => l.ctx.whole(&n, u32::MAX as u64).map(|v| v as u32),
            None => Some(default),
        };
        Some(ThinkSettings {
            think_interval: obj.number_or(&mut self.ctx, "interval", d.think_interval)?,
            perception_range: obj.number_or(
                &mut self.ctx,
                "perception_range",
                d.perception_range,
            )?,
            perception_limit: count(self, "perception_limit", d.perception_limit)?,
            memory_capacity: count(self, "memory_capacity", d.memory_capacity)?,
            max_expansions: count(self, "max_expansions", d.max_expansions)?,
            max_depth: count(self, "max_depth", d.max_depth)?,
        })
    }

    /// `"exclude"` or `{ "penalty": { "cost", "utility_factor" } }`.
    fn contention(&mut self, node: &Node) -> Option<Contention> {
        let expected = "\"exclude\" or {\"penalty\": {\"cost\", \"utility_factor\"}}";
        let Form::Object(obj) = self.ctx.form(node, &["exclude"], &["penalty"], expected)? else {
            return Some(Contention::Exclude);
        };
        let penalty = obj.require(&mut self.ctx, "penalty")?;
        let penalty = self.ctx.object(&penalty, &["cost", "utility_factor"])?;
        Some(Contention::Penalty {
            cost: penalty.number_or(&mut self.ctx, "cost", 0.0)?,
            utility_factor: penalty.number_or(&mut self.ctx, "utility_factor", 1.0)?,
        })
    }

    /// `{ "offset", "facing", "required", "users": { "archetypes", "tags" } }`.
    fn slot(&mut self, node: &Node) -> Option<SlotDef> {
        let obj = self
            .ctx
            .object(node, &["offset", "facing", "required", "users"])?;
        let offset = match obj.get("offset") {
            Some(o) => self.ctx.vec3(&o)?,
            None => Vec3::default(),
        };
        let facing = match obj.get("facing") {
            Some(f) => self.ctx.vec3(&f)?,
            None => Vec3::default(),
        };
        let required = obj.bool_or(&mut self.ctx, "required", false)?;
        let mut users = UserFilter::default();
        if let Some(u) = obj.get("users") {
            let filter = self.ctx.object(&u, &["archetypes", "tags"])?;
            let archetypes = filter.list(&mut self.ctx, "archetypes");
            users.archetypes = self
                .refs
                .archetypes
                .resolve_all(&mut self.ctx, &archetypes)
                .into_iter()
                .map(ArchetypeId)
                .collect();
            let tags = filter.list(&mut self.ctx, "tags");
            users.tags = self
                .refs
                .tags
                .resolve_all(&mut self.ctx, &tags)
                .into_iter()
                .map(TagId)
                .collect();
        }
        Some(SlotDef {
            offset,
            facing,
            required,
            users,
        })
    }

    /// `{ "action", "timeout", "chance": [...] }`.
    fn joint_action(&mut self, node: &Node) -> Option<JointAction> {
        let obj = self.ctx.object(node, &["action", "timeout", "chance"])?;
        let action = obj.require(&mut self.ctx, "action")?;
        let action = self.refs.actions.resolve(&mut self.ctx, &action);
        let timeout = obj.number(&mut self.ctx, "timeout");
        let chance = obj
            .list(&mut self.ctx, "chance")
            .iter()
            .map(|c| self.ctx.number(c))
            .collect::<Option<Vec<f64>>>()?;
        Some(JointAction {
            action: ActionId(action?),
            timeout: timeout?,
            chance,
        })
    }

    /// Checks a declared `brain` against what the archetype has: `goap` with GOAP goals,
    /// `ubc` with predefined plans, `udgoap` with drives or consumed actions, `none` with
    /// neither.
    fn check_brain(&mut self, obj: &Obj, id: ArchetypeId) {
        let def = self.builder.domain().archetype(id);
        let (goap, udgoap, ubc, bt) = (
            !def.goap_goals.is_empty(),
            !def.drives.is_empty(),
            def.uses_ubc(),
            def.uses_bt(),
        );
        if [goap, udgoap, ubc, bt].iter().filter(|b| **b).count() > 1 {
            self.ctx.error(
                &obj.node.path,
                "an archetype has one brain: drives (UDGOAP), GOAP goals, a \"ubc\" brain's plans \
                 or behaviour trees",
            );
            return;
        }
        let consumes = !def.consumes.is_empty();
        let Some(b) = obj.get("brain") else {
            return;
        };
        let Some(brain) = self
            .ctx
            .choice(&b, &["udgoap", "goap", "none", "ubc", "bt"])
        else {
            return;
        };
        let problem = match brain {
            0 if goap => Some("has GOAP goals, so its brain is \"goap\""),
            0 if ubc => Some("has predefined plans, so its brain is \"ubc\""),
            0 if bt => Some("has behaviour trees, so its brain is \"bt\""),
            0 if !udgoap && !consumes => Some("a \"udgoap\" brain needs drives"),
            1 if !goap => Some("a \"goap\" brain needs at least one of \"goap_goals\""),
            2 if goap || udgoap || consumes => {
                Some("a \"none\" brain has no drives, GOAP goals or consumed actions")
            }
            3 if !ubc => Some("a \"ubc\" brain needs \"ubc\": { \"goals\", \"plans\" }"),
            4 if !bt => Some("a \"bt\" brain needs \"behaviour_trees\""),
            _ => None,
        };
        if let Some(problem) = problem {
            self.ctx.error(&b.path, problem);
        }
    }
}

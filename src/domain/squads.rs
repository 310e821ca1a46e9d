//! Squads in JSON: an action's `"order"` (its recommendations, read after the GOAP goals they
//! name), and an archetype's `"squad"` and `"autonomous"`.

use super::loading::Loading;
use super::reader::{Node, Obj};
use crate::core::model::action::ActionId;
use crate::core::model::archetype::ArchetypeId;
use crate::core::model::goap::GoapGoalId;
use crate::core::model::order::{
    OrderDef, OrderTarget, Recipients, Recommendation, TargetSource, DEFAULT_ORDER_TIMEOUT,
    MAX_ORDER_RECOMMENDATIONS,
};
use crate::core::model::squad::SquadDef;
use crate::core::AttributeId;

impl Loading {
    /// An action's `"order": { "timeout", "recommend": [recommendation] }`, once the GOAP
    /// goals are known.
    pub fn action_order(&mut self, node: &Node) {
        let Some(name) = node.json.get("name").and_then(|n| n.as_str()) else {
            return;
        };
        let Some(json) = node.json.get("order").filter(|o| !o.is_null()) else {
            return;
        };
        let o = Node {
            json,
            path: format!("{}/order", node.path),
        };
        let Some(id) = self.builder.domain().actions().find(name).map(ActionId) else {
            return;
        };
        let Some(obj) = self.ctx.object(&o, &["timeout", "recommend"]) else {
            return;
        };
        let Some(timeout) = obj.number_or(&mut self.ctx, "timeout", DEFAULT_ORDER_TIMEOUT) else {
            return;
        };
        let mut recommend = Vec::new();
        for r in obj.list(&mut self.ctx, "recommend") {
            recommend.extend(self.recommendation(&r));
        }
        if self.ctx.has_errors() {
            return;
        }
        let set = self
            .builder
            .set_action_order(id, OrderDef { recommend, timeout });
        self.check(&o.path, set);
    }

    /// `{ "goal", "bias", "to": "all" | [position], "target": { "from", "into" }, "required" }`.
    fn recommendation(&mut self, node: &Node) -> Option<Recommendation> {
        let obj = self
            .ctx
            .object(node, &["goal", "bias", "to", "target", "required"])?;
        let goal = obj.require(&mut self.ctx, "goal")?;
        let goal = GoapGoalId(self.refs.goap_goals.resolve(&mut self.ctx, &goal)?);
        let bias = obj.number(&mut self.ctx, "bias")?;
        let to = match obj.get("to") {
            None => Recipients::All,
            Some(t) if t.json.as_str().is_some() => {
                self.ctx.choice(&t, &["all"])?;
                Recipients::All
            }
            Some(t) => {
                let mut positions = Vec::new();
                for p in self.ctx.array(&t) {
                    positions
                        .push(self.ctx.whole(&p, MAX_ORDER_RECOMMENDATIONS as u64 - 1)? as u32);
                }
                Recipients::At(positions)
            }
        };
        let target = match obj.get("target") {
            None => None,
            Some(t) => Some(self.order_target(&t)?),
        };
        Some(Recommendation {
            goal,
            bias,
            to,
            target,
            required: obj.bool_or(&mut self.ctx, "required", true)?,
        })
    }

    /// `{ "from": attribute | [attribute] | { "entity": "supplier" }, "into": attribute }`.
    fn order_target(&mut self, node: &Node) -> Option<OrderTarget> {
        let obj = self.ctx.object(node, &["from", "into"])?;
        let from_node = obj.require(&mut self.ctx, "from")?;
        let from = if from_node.json.is_object() {
            let entity = self.ctx.object(&from_node, &["entity"])?;
            let role = entity.require(&mut self.ctx, "entity")?;
            self.ctx.choice(&role, &["supplier"])?;
            TargetSource::Supplier
        } else {
            let nodes = if from_node.json.is_array() {
                self.ctx.array(&from_node)
            } else {
                vec![from_node]
            };
            let mut attributes = Vec::new();
            for f in &nodes {
                attributes.push(AttributeId(self.refs.attributes.resolve(&mut self.ctx, f)?));
            }
            TargetSource::Facts(attributes)
        };
        let into = obj.require(&mut self.ctx, "into")?;
        let into = AttributeId(self.refs.attributes.resolve(&mut self.ctx, &into)?);
        Some(OrderTarget { from, into })
    }

    /// An archetype's `"squad": { "members_alive", "members_reported" }` and
    /// `"autonomous": bool`.
    pub fn archetype_squad(&mut self, obj: &Obj, id: ArchetypeId) {
        if let Some(s) = obj.get("squad") {
            let Some(squad) = self.ctx.object(&s, &["members_alive", "members_reported"]) else {
                return;
            };
            let mut attribute = |key: &str| match squad.get(key) {
                None => Some(None),
                Some(a) => self
                    .refs
                    .attributes
                    .resolve(&mut self.ctx, &a)
                    .map(|a| Some(AttributeId(a))),
            };
            let (Some(members_alive), Some(members_reported)) =
                (attribute("members_alive"), attribute("members_reported"))
            else {
                return;
            };
            let set = self.builder.set_archetype_squad(
                id,
                SquadDef {
                    members_alive,
                    members_reported,
                },
            );
            self.check(&s.path, set);
        }
        if let Some(a) = obj.get("autonomous") {
            if let Some(autonomous) = self.ctx.bool(&a) {
                let set = self.builder.set_archetype_autonomous(id, autonomous);
                self.check(&a.path, set);
            }
        }
    }
}

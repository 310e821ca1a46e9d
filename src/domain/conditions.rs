//! Roles, values, operands and conditions in JSON.

use super::loading::Loading;
use super::reader::{kind, Node, Obj};
use crate::core::model::condition::{CmpOp, Condition, Operand, Role};
use crate::core::{AttributeId, Entity, Value, ValueType};

const ROLES: [&str; 3] = ["consumer", "supplier", "other"];
const OPS: [&str; 6] = ["==", "!=", "<", "<=", ">", ">="];
const CONDITION_FIELDS: &[&str] = &["of", "key", "op", "value", "within", "near", "curve"];

/// The role at index `i` of [`ROLES`].
fn role_at(i: usize) -> Role {
    [Role::Consumer, Role::Supplier, Role::Other][i]
}

impl Loading {
    /// A role name.
    pub fn role(&mut self, node: &Node) -> Option<Role> {
        self.ctx.choice(node, &ROLES).map(role_at)
    }

    /// The role member `key` of `obj`, `consumer` when absent.
    pub fn role_of(&mut self, obj: &Obj, key: &str) -> Option<Role> {
        match obj.get(key) {
            Some(node) => self.role(&node),
            None => Some(Role::Consumer),
        }
    }

    /// The attribute member `key` of `obj` (required).
    pub fn attribute_key(&mut self, obj: &Obj, key: &str) -> Option<AttributeId> {
        let node = obj.require(&mut self.ctx, key)?;
        self.refs
            .attributes
            .resolve(&mut self.ctx, &node)
            .map(AttributeId)
    }

    /// A constant of type `expected`: a boolean, a number, `null` (no entity) or `[x, y, z]`.
    pub fn constant(&mut self, node: &Node, expected: ValueType) -> Option<Value> {
        let value = match (expected, node.json) {
            (ValueType::Bool, serde_json::Value::Bool(b)) => Value::Bool(*b),
            (ValueType::Number, json) if json.is_number() => Value::Number(json.as_f64()?),
            (ValueType::Entity, serde_json::Value::Null) => Value::Entity(Entity::NULL),
            (ValueType::Position, _) => Value::Position(self.ctx.vec3(node)?),
            (_, json) => {
                let wanted = match expected {
                    ValueType::Bool => "true or false",
                    ValueType::Number => "a number",
                    ValueType::Entity => "null (an entity reference can only name no entity here)",
                    ValueType::Position => "a position",
                };
                self.ctx.error(
                    &node.path,
                    format!("expected {wanted}, found {}", kind(json)),
                );
                return None;
            }
        };
        Some(value)
    }

    /// An operand of type `expected`: a constant, `{ "of", "key" }` (an attribute of a role)
    /// or `{ "entity": role }`.
    pub fn operand(&mut self, node: &Node, expected: ValueType) -> Option<Operand> {
        if !node.json.is_object() {
            return self.constant(node, expected).map(Operand::Constant);
        }
        let obj = self.ctx.object(node, &["of", "key", "entity"])?;
        if let Some(entity) = obj.get("entity") {
            for extra in ["of", "key"] {
                if let Some(n) = obj.get(extra) {
                    self.ctx
                        .error(&n.path, format!("an entity operand takes no {extra:?}"));
                }
            }
            return self.role(&entity).map(Operand::Entity);
        }
        let role = self.role_of(&obj, "of")?;
        let attribute = self.attribute_key(&obj, "key")?;
        Some(Operand::Attribute(role, attribute))
    }

    /// A condition: a comparison, `within`, or a graded `curve` score.
    pub fn condition(&mut self, node: &Node) -> Option<Condition> {
        let obj = self.ctx.object(node, CONDITION_FIELDS)?;
        if let Some(within) = obj.get("within") {
            self.forbid(
                &obj,
                &["key", "op", "value", "curve"],
                "a \"within\" condition",
            );
            let distance = self.ctx.number(&within)?;
            let role = self.role_of(&obj, "of")?;
            let of = match obj.get("near") {
                Some(near) => self.role(&near)?,
                None => Role::Supplier,
            };
            return Some(Condition::Within { role, of, distance });
        }
        self.forbid(&obj, &["near"], "a condition without \"within\"");
        let role = self.role_of(&obj, "of")?;
        let attribute = self.attribute_key(&obj, "key")?;
        if let Some(curve) = obj.get("curve") {
            self.forbid(&obj, &["op", "value"], "a graded (curve) condition");
            let curve = self.curve(&curve)?;
            return Some(Condition::Score {
                role,
                attribute,
                curve,
            });
        }
        let op = obj.require(&mut self.ctx, "op")?;
        let op = [
            CmpOp::Eq,
            CmpOp::Ne,
            CmpOp::Lt,
            CmpOp::Le,
            CmpOp::Gt,
            CmpOp::Ge,
        ][self.ctx.choice(&op, &OPS)?];
        let value = obj.require(&mut self.ctx, "value")?;
        let rhs = self.operand(&value, self.attribute_type(attribute))?;
        Some(Condition::Compare {
            role,
            attribute,
            op,
            rhs,
        })
    }

    /// Records an error for each of `fields` present in `obj`, which is `what`.
    pub fn forbid(&mut self, obj: &Obj, fields: &[&str], what: &str) {
        for field in fields {
            if let Some(n) = obj.get(field) {
                self.ctx
                    .error(&n.path, format!("{what} takes no {field:?}"));
            }
        }
    }
}

//! Effects in JSON: `{ "of": "consumer", "key": "hunger", "add": 20 }`, `{ "move_to": … }`,
//! `{ "end": true }`.

use super::loading::Loading;
use super::reader::Node;
use crate::core::model::effect::{Effect, EffectOp};
use crate::core::ValueType;

/// The operations, exactly one of which an effect has.
const OPS: [&str; 5] = ["add", "subtract", "set", "move_to", "end"];

impl Loading {
    /// One effect.
    pub fn effect(&mut self, node: &Node) -> Option<Effect> {
        let obj = self.ctx.object(
            node,
            &["of", "key", "add", "subtract", "set", "move_to", "end"],
        )?;
        let present: Vec<usize> = (0..OPS.len()).filter(|&i| obj.has(OPS[i])).collect();
        let [op] = present[..] else {
            self.ctx.error(
                &node.path,
                format!(
                    "an effect needs exactly one of {}, found {}",
                    OPS.join(", "),
                    if present.is_empty() {
                        "none".to_owned()
                    } else {
                        present
                            .iter()
                            .map(|&i| OPS[i])
                            .collect::<Vec<_>>()
                            .join(" and ")
                    }
                ),
            );
            return None;
        };
        let role = self.role_of(&obj, "of")?;
        let operand = obj.get(OPS[op])?;
        let op = match op {
            3 => {
                self.forbid(&obj, &["key"], "a move_to effect");
                EffectOp::MoveTo(self.role(&operand)?)
            }
            4 => {
                self.forbid(&obj, &["key"], "an end effect");
                if self.ctx.bool(&operand)? {
                    EffectOp::End
                } else {
                    self.ctx.error(
                        &operand.path,
                        "\"end\" must be true (leave the effect out instead)",
                    );
                    return None;
                }
            }
            _ => {
                let attribute = self.attribute_key(&obj, "key")?;
                let expected = if op == 2 {
                    self.attribute_type(attribute)
                } else {
                    ValueType::Number
                };
                let value = self.operand(&operand, expected)?;
                match op {
                    0 => EffectOp::Add(attribute, value),
                    1 => EffectOp::Subtract(attribute, value),
                    _ => EffectOp::Set(attribute, value),
                }
            }
        };
        Some(Effect { role, op })
    }
}

//! Effects: what an action (or a world effect) changes, keyed by role, attribute and change.

use crate::core::model::condition::{Bindings, FactView, Operand, Role};
use crate::core::model::domain::{AttributeId, Domain};
use crate::core::model::entity::Entity;
use crate::core::model::error::{Error, Result};
use crate::core::model::value::{Value, ValueType};
use crate::core::model::vec3::Vec3;

/// Write access to facts: the world's truth, or a planner's simulated state.
pub trait FactStore: FactView {
    /// Writes `attribute` of `entity`. A simulated state ignores facts it does not hold.
    fn set_value(&mut self, entity: Entity, attribute: AttributeId, value: Value);
    /// Moves `entity`.
    fn set_position(&mut self, entity: Entity, position: Vec3);
    /// Marks `entity` as gone (`supplier_existence_ended`, 000_16db0c300c7e0e65.txt:1913).
    fn end(&mut self, entity: Entity);
    /// Writes `update` of the number `attribute` of `entity` holds; nothing when it holds
    /// none. A store that can find the fact once overrides it (the world's: an add or subtract
    /// accrues on every tick of a timed action).
    fn update_number(
        &mut self,
        entity: Entity,
        attribute: AttributeId,
        update: impl FnOnce(f64) -> f64,
    ) {
        if let Some(Value::Number(n)) = self.value(entity, attribute) {
            self.set_value(entity, attribute, Value::Number(update(n)));
        }
    }
}

/// How a fact changes: the last part of a key such as `consumer_mana_increase` (:981).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Change {
    /// The value goes up.
    Increase,
    /// The value goes down.
    Decrease,
    /// The value changes in any way (is set, or a position moves).
    Change,
    /// The entity stops existing.
    Ended,
}

impl Change {
    /// True when an effect that makes change `effect` can serve a condition that needs `self`.
    /// Setting a value can move it either way, so `Change` effects serve increases and
    /// decreases; a condition that needs any change is served by every effect but an ending.
    pub fn served_by(self, effect: Change) -> bool {
        match self {
            Change::Increase | Change::Decrease => effect == self || effect == Change::Change,
            Change::Change => effect != Change::Ended,
            Change::Ended => effect == Change::Ended,
        }
    }

    /// Lower-case name, as in the thesis's keys.
    pub fn name(self) -> &'static str {
        match self {
            Change::Increase => "increase",
            Change::Decrease => "decrease",
            Change::Change => "change",
            Change::Ended => "ended",
        }
    }
}

/// A role-relative key: `(role, attribute, change)`. Planning matches an unsatisfied
/// precondition's key with effect keys (Algorithm 4, :1139-1173).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Key {
    /// Whose fact.
    pub role: Role,
    /// Which fact; [`AttributeId::POSITION`] for positions, ignored for endings.
    pub attribute: AttributeId,
    /// How it changes.
    pub change: Change,
}

/// The operation an effect performs on its role's entity.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum EffectOp {
    /// `attribute += amount` (a number ≥ 0), clamped to the attribute's range.
    Add(AttributeId, Operand),
    /// `attribute −= amount` (a number ≥ 0), clamped to the attribute's range.
    Subtract(AttributeId, Operand),
    /// `attribute = value`.
    Set(AttributeId, Operand),
    /// Moves the entity to the position of `destination` (`goto_supplier`, :1911).
    MoveTo(Role),
    /// The entity stops existing (`destroy_potion`, :1913).
    End,
}

/// An effect: an operation on the entity playing `role`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Effect {
    /// Whose facts change.
    pub role: Role,
    /// How.
    pub op: EffectOp,
}

/// Which part of an effect to apply: all of it, or the share of a running action's numeric
/// change that accrued over one tick, or the discrete part applied when a timed action ends.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Portion {
    /// Everything at once.
    Whole,
    /// `fraction` of each add or subtract; nothing else.
    Accrued(f64),
    /// Every set, move and ending; no add or subtract.
    Discrete,
}

impl Effect {
    /// The key this effect serves.
    pub fn key(&self) -> Key {
        let (attribute, change) = match self.op {
            EffectOp::Add(a, _) => (a, Change::Increase),
            EffectOp::Subtract(a, _) => (a, Change::Decrease),
            EffectOp::Set(a, _) => (a, Change::Change),
            EffectOp::MoveTo(_) => (AttributeId::POSITION, Change::Change),
            EffectOp::End => (AttributeId::POSITION, Change::Ended),
        };
        Key {
            role: self.role,
            attribute,
            change,
        }
    }

    /// True for adds and subtracts, the effects that accrue while a timed action runs.
    pub fn accrues(&self) -> bool {
        matches!(self.op, EffectOp::Add(..) | EffectOp::Subtract(..))
    }

    /// Applies `portion` of the effect to `store`. Unknown operands or base values leave the
    /// fact unchanged: the effect cannot say what it would become.
    pub fn apply(
        &self,
        domain: &Domain,
        store: &mut impl FactStore,
        bindings: &Bindings,
        portion: Portion,
    ) {
        let entity = bindings.entity(self.role);
        let (scale, discrete) = match portion {
            Portion::Whole => (1.0, true),
            Portion::Accrued(fraction) => (fraction, false),
            Portion::Discrete => (0.0, true),
        };
        match self.op {
            EffectOp::Add(attribute, amount) | EffectOp::Subtract(attribute, amount) => {
                if scale == 0.0 {
                    return;
                }
                let sign = if matches!(self.op, EffectOp::Add(..)) {
                    1.0
                } else {
                    -1.0
                };
                if let Some(Value::Number(by)) = amount.resolve(store, bindings) {
                    store.update_number(entity, attribute, |base| {
                        domain.clamp(attribute, base + sign * by * scale)
                    });
                }
            }
            EffectOp::Set(attribute, value) if discrete => {
                if let Some(v) = value.resolve(store, bindings) {
                    let v = match v {
                        Value::Number(n) => Value::Number(domain.clamp(attribute, n)),
                        other => other,
                    };
                    store.set_value(entity, attribute, v);
                }
            }
            EffectOp::MoveTo(destination) if discrete => {
                if let Some(p) = store.position(bindings.entity(destination)) {
                    store.set_position(entity, p);
                }
            }
            EffectOp::End if discrete => store.end(entity),
            _ => {}
        }
    }

    /// Checks attribute ids, types, constant amounts and roles; `roles` are those bound where
    /// the effect is used.
    pub fn validate(&self, domain: &Domain, roles: &[Role]) -> Result<()> {
        crate::core::model::condition::check_role(self.role, roles)?;
        match self.op {
            EffectOp::Add(attribute, amount) | EffectOp::Subtract(attribute, amount) => {
                domain.expect_number(attribute)?;
                amount.validate(domain, ValueType::Number, roles)?;
                if let Operand::Constant(Value::Number(n)) = amount {
                    if n < 0.0 {
                        return Err(Error::invalid(format!(
                            "amounts are >= 0 (the operation gives the sign), got {n}"
                        )));
                    }
                }
                Ok(())
            }
            EffectOp::Set(attribute, value) => {
                let def = domain.attribute(attribute)?;
                value.validate(domain, def.value_type, roles)
            }
            EffectOp::MoveTo(destination) => {
                crate::core::model::condition::check_role(destination, roles)
            }
            EffectOp::End => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_follow_operations_and_serve_compatible_needs() {
        let a = AttributeId(0);
        let add = Effect {
            role: Role::Consumer,
            op: EffectOp::Add(a, Operand::Constant(Value::Number(1.0))),
        };
        assert_eq!(
            add.key(),
            Key {
                role: Role::Consumer,
                attribute: a,
                change: Change::Increase
            }
        );
        let goto = Effect {
            role: Role::Consumer,
            op: EffectOp::MoveTo(Role::Supplier),
        };
        assert_eq!(goto.key().attribute, AttributeId::POSITION);
        assert!(Change::Increase.served_by(Change::Increase));
        assert!(Change::Increase.served_by(Change::Change));
        assert!(!Change::Increase.served_by(Change::Decrease));
        assert!(Change::Change.served_by(Change::Decrease));
        assert!(!Change::Change.served_by(Change::Ended));
        assert!(Change::Ended.served_by(Change::Ended));
    }
}

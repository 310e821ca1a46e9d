//! Conditions: declarative tests over facts that evaluate to a score in [0, 1].
//!
//! One vocabulary serves action preconditions, goal-generator triggers, removal triggers,
//! world-effect triggers and death. A condition names entities by [`Role`], so the same
//! definition applies to every consumer/supplier pair the planner binds (Algorithm 5 of
//! 000_16db0c300c7e0e65.txt:1177-1198 maps role-relative keys to facts).

use crate::core::model::curve::Curve;
use crate::core::model::domain::{AttributeId, Domain};
use crate::core::model::entity::Entity;
use crate::core::model::error::{Error, ErrorKind, Result};
use crate::core::model::value::{Value, ValueType};
use crate::core::model::vec3::Vec3;

/// Which entity a condition or effect is about, relative to the action (or goal) it belongs to.
///
/// The thesis's keys name the consumer and the supplier (`consumer_mana_increase`,
/// `supplier_health_decrease`, 000_16db0c300c7e0e65.txt:981). In goals and triggers the NPC is
/// the consumer and the goal's subject is the supplier, as in the appendix's `kill_enemy`
/// condition `supplier_health_decrease` (:1939).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Role {
    /// The NPC that acts (or owns the goal).
    Consumer,
    /// The smart object or NPC that supplies the action (or that the goal is about).
    Supplier,
    /// Another entity: the one a world effect's trigger found near the consumer.
    Other,
}

impl Role {
    /// Lower-case name for messages.
    pub fn name(self) -> &'static str {
        match self {
            Role::Consumer => "consumer",
            Role::Supplier => "supplier",
            Role::Other => "other",
        }
    }
}

/// The entities bound to the roles at one evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bindings {
    /// The acting NPC.
    pub consumer: Entity,
    /// The supplier or the goal's subject.
    pub supplier: Entity,
    /// The other entity of a world effect; null elsewhere.
    pub other: Entity,
}

impl Bindings {
    /// `consumer` acting on `supplier`, with no other entity: every binding but a world
    /// effect's.
    pub fn pair(consumer: Entity, supplier: Entity) -> Self {
        Bindings {
            consumer,
            supplier,
            other: Entity::NULL,
        }
    }

    /// The entity playing `role`.
    pub fn entity(&self, role: Role) -> Entity {
        match role {
            Role::Consumer => self.consumer,
            Role::Supplier => self.supplier,
            Role::Other => self.other,
        }
    }
}

/// Read access to facts: an NPC's memory, or a planner's simulated state.
pub trait FactView {
    /// The value of `attribute` on `entity`, if known.
    fn value(&self, entity: Entity, attribute: AttributeId) -> Option<Value>;
    /// The value of `attribute` on `entity` when it is known and a number. Goals and most
    /// conditions read numbers only; a view that keeps facts packed answers without making a
    /// [`Value`], whose copies (moved as the widest variant, a number read back whole) stalled
    /// store forwarding (perf annotate, hospital udgoap@5,008: a fifth of the goal update).
    fn number(&self, entity: Entity, attribute: AttributeId) -> Option<f64> {
        self.value(entity, attribute)?.number()
    }
    /// Where `entity` is, if known: by default its position fact ([`AttributeId::POSITION`]);
    /// views that keep positions apart from facts override it.
    fn position(&self, entity: Entity) -> Option<Vec3> {
        match self.value(entity, AttributeId::POSITION) {
            Some(Value::Position(p)) => Some(p),
            _ => None,
        }
    }
}

/// Comparison operators.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
}

impl CmpOp {
    fn ordered(self) -> bool {
        !matches!(self, CmpOp::Eq | CmpOp::Ne)
    }

    /// `a op b`. With NaN only `!=` holds.
    pub fn apply<T: PartialOrd>(self, a: T, b: T) -> bool {
        match self {
            CmpOp::Eq => a == b,
            CmpOp::Ne => a != b,
            CmpOp::Lt => a < b,
            CmpOp::Le => a <= b,
            CmpOp::Gt => a > b,
            CmpOp::Ge => a >= b,
        }
    }
}

/// A value a condition or effect uses: a constant, or an attribute of a bound entity.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Operand {
    /// A fixed value.
    Constant(Value),
    /// The value of `attribute` on the entity playing `role` (a potion's `amount`).
    Attribute(Role, AttributeId),
    /// The entity playing `role` itself, as an entity value: "I am at the supplier"
    /// (`at_node == supplier`, Pittman's `WSKEY_AtNode`, P:495 of 004_bdde6381c6c06595.txt).
    Entity(Role),
}

impl Operand {
    /// The operand's value under `bindings`, if known.
    pub fn resolve(&self, view: &impl FactView, bindings: &Bindings) -> Option<Value> {
        self.with_resolved(view, bindings, |v| *v)
    }

    /// The operand's value when it reads no fact (a constant, or a role's entity): what it is
    /// in every state, so the planner can judge it before simulating.
    pub fn fixed(&self, bindings: &Bindings) -> Option<Value> {
        self.with_fixed(bindings, |v| *v)
    }

    /// `f` of [`Operand::resolve`]'s value, lent.
    fn with_resolved<R>(
        &self,
        view: &impl FactView,
        bindings: &Bindings,
        f: impl FnOnce(&Value) -> R,
    ) -> Option<R> {
        match *self {
            Operand::Attribute(role, attribute) => {
                view.value(bindings.entity(role), attribute).map(|v| f(&v))
            }
            _ => self.with_fixed(bindings, f),
        }
    }

    /// `f` of [`Operand::fixed`]'s value, lent: a constant is compared where the domain keeps
    /// it. Copied out of the operand first, it was moved as 4-byte pieces and read back as an
    /// 8-byte number, which stalled store forwarding in every comparison goal generation made
    /// (perf annotate, hospital udgoap at 5,008 NPCs: a third of goal updating).
    fn with_fixed<R>(&self, bindings: &Bindings, f: impl FnOnce(&Value) -> R) -> Option<R> {
        match self {
            Operand::Constant(v) => Some(f(v)),
            Operand::Entity(role) => Some(f(&Value::Entity(bindings.entity(*role)))),
            Operand::Attribute(..) => None,
        }
    }

    /// Checks the operand has type `expected` and uses only `roles`.
    pub(crate) fn validate(
        &self,
        domain: &Domain,
        expected: ValueType,
        roles: &[Role],
    ) -> Result<()> {
        let actual = match *self {
            Operand::Constant(v) => v.check_finite()?.value_type(),
            Operand::Attribute(role, attribute) => {
                check_role(role, roles)?;
                domain.attribute(attribute)?.value_type
            }
            Operand::Entity(role) => {
                check_role(role, roles)?;
                ValueType::Entity
            }
        };
        if actual == expected {
            Ok(())
        } else {
            Err(Error::new(
                ErrorKind::TypeMismatch,
                format!(
                    "operand {self:?} is a {}, expected a {}",
                    actual.name(),
                    expected.name()
                ),
            ))
        }
    }
}

/// A test over facts with a score in [0, 1]; it holds when the score is 1
/// (000_16db0c300c7e0e65.txt:972). Unknown facts score 0: an NPC cannot rely on what it does
/// not know.
#[derive(Clone, Debug, PartialEq)]
pub enum Condition {
    /// `role.attribute op rhs`: 1 when true, else 0. Numbers take every operator; booleans,
    /// entities and positions only `==` and `!=`.
    Compare {
        /// Whose attribute.
        role: Role,
        /// Which attribute.
        attribute: AttributeId,
        /// The comparison.
        op: CmpOp,
        /// What it is compared with.
        rhs: Operand,
    },
    /// 1 when `role` is within `distance` of `of` (both positions known), else 0:
    /// `supplier_within_melee_distance`, `within_potion_distance` (:1909, :1913).
    Within {
        /// The entity that must be close.
        role: Role,
        /// The entity it must be close to.
        of: Role,
        /// Largest distance, ≥ 0.
        distance: f64,
    },
    /// A graded test: `curve(role.attribute)`, holding only at 1 (partial satisfaction,
    /// :800-802).
    Score {
        /// Whose attribute.
        role: Role,
        /// Which numeric attribute.
        attribute: AttributeId,
        /// From value to score.
        curve: Curve,
    },
}

impl Condition {
    /// The score in [0, 1] under `bindings`.
    pub fn evaluate(&self, view: &impl FactView, bindings: &Bindings) -> f64 {
        let holds = match self {
            // A number against a number constant, the common test, reads the number alone:
            // anything else it could be compares false, as `compare` says.
            Condition::Compare {
                role,
                attribute,
                op,
                rhs: Operand::Constant(Value::Number(b)),
            } => view
                .number(bindings.entity(*role), *attribute)
                .is_some_and(|a| op.apply(a, *b)),
            Condition::Compare {
                role,
                attribute,
                op,
                rhs,
            } => {
                // Compared where the view returned it: moved into the closure, it was copied
                // in pieces and read back whole, a stalled store forwarding per test.
                let lhs = view.value(bindings.entity(*role), *attribute);
                lhs.as_ref()
                    .and_then(|a| rhs.with_resolved(view, bindings, |b| compare(a, *op, b)))
                    .unwrap_or(false)
            }
            Condition::Within { role, of, distance } => {
                match (
                    view.position(bindings.entity(*role)),
                    view.position(bindings.entity(*of)),
                ) {
                    (Some(a), Some(b)) => distance_between(a, b) <= *distance,
                    _ => false,
                }
            }
            Condition::Score {
                role,
                attribute,
                curve,
            } => {
                return view
                    .number(bindings.entity(*role), *attribute)
                    .map_or(0.0, |n| curve.evaluate(n))
            }
        };
        if holds {
            1.0
        } else {
            0.0
        }
    }

    /// True when the score is exactly 1.
    pub fn holds(&self, view: &impl FactView, bindings: &Bindings) -> bool {
        self.evaluate(view, bindings) >= 1.0
    }

    /// False when the condition cannot hold under `bindings` while its tested attribute is
    /// `value`: it compares with a fixed operand ([`Operand::fixed`]) that `value` fails. True
    /// otherwise, when only a full test can tell. The planner skips effects that set a value
    /// it rules out (setting a flag to false is no way to make it true; walking to one object
    /// is no way to be at another), and goal generation rejects a subject by the fact in hand.
    // By reference: goal generation tests a value it just unpacked from memory, and a copy
    // of the enum (moved as its widest variant) read back as a number stalled store
    // forwarding (perf annotate, hospital udgoap: a fifth of goal updating).
    pub fn admits(&self, value: &Value, bindings: &Bindings) -> bool {
        match self {
            Condition::Compare { op, rhs, .. } => rhs
                .with_fixed(bindings, |fixed| compare(value, *op, fixed))
                .unwrap_or(true),
            _ => true,
        }
    }

    /// True when [`Condition::admits`] is the whole test: a comparison with a fixed operand,
    /// which the tested value alone settles. Goal generation, having admitted a subject by the
    /// fact in hand, then need not look the fact up again to test it.
    pub fn decides(&self) -> bool {
        // Whether the operand is fixed does not depend on the bindings: ask `fixed` itself, so
        // that the two never disagree about which operands read no fact.
        let any = Bindings::pair(Entity::NULL, Entity::NULL);
        matches!(self, Condition::Compare { rhs, .. } if rhs.fixed(&any).is_some())
    }

    /// The attribute `role`'s entity must have a fact for, or the condition cannot hold: the
    /// left-hand side of a comparison or a score (a missing value fails both).
    pub fn required_fact(&self, role: Role) -> Option<AttributeId> {
        match self {
            Condition::Compare {
                role: r, attribute, ..
            }
            | Condition::Score {
                role: r, attribute, ..
            } if *r == role => Some(*attribute),
            _ => None,
        }
    }

    /// The role whose fact the condition tests: the entity part of its key.
    pub fn subject(&self) -> Role {
        match self {
            Condition::Compare { role, .. }
            | Condition::Within { role, .. }
            | Condition::Score { role, .. } => *role,
        }
    }

    /// Checks attribute ids, types, operators and roles against the domain; `roles` are the
    /// roles bound where the condition is used.
    pub fn validate(&self, domain: &Domain, roles: &[Role]) -> Result<()> {
        match self {
            Condition::Compare {
                role,
                attribute,
                op,
                rhs,
            } => {
                check_role(*role, roles)?;
                let def = domain.attribute(*attribute)?;
                if op.ordered() && def.value_type != ValueType::Number {
                    return Err(Error::invalid(format!(
                        "{op:?} needs a number, but attribute {:?} holds {} values",
                        def.name,
                        def.value_type.name()
                    )));
                }
                rhs.validate(domain, def.value_type, roles)
            }
            Condition::Within { role, of, distance } => {
                check_role(*role, roles)?;
                check_role(*of, roles)?;
                check_distance(*distance)
            }
            Condition::Score {
                role, attribute, ..
            } => {
                check_role(*role, roles)?;
                domain.expect_number(*attribute)
            }
        }
    }
}

/// Checks a distance is finite and not negative.
pub(crate) fn check_distance(distance: f64) -> Result<()> {
    if distance.is_finite() && distance >= 0.0 {
        Ok(())
    } else {
        Err(Error::invalid(format!(
            "a distance must be finite and >= 0, got {distance}"
        )))
    }
}

pub(crate) fn check_role(role: Role, roles: &[Role]) -> Result<()> {
    if roles.contains(&role) {
        Ok(())
    } else {
        Err(Error::invalid(format!(
            "role {} is not bound here (only {:?} are)",
            role.name(),
            roles
        )))
    }
}

/// Euclidean distance, in f64 so thresholds compare exactly as authored.
pub fn distance_between(a: Vec3, b: Vec3) -> f64 {
    squared_distance(a, b).sqrt()
}

/// The square of [`distance_between`], before its square root.
#[inline]
pub(crate) fn squared_distance(a: Vec3, b: Vec3) -> f64 {
    let d = [a.x - b.x, a.y - b.y, a.z - b.z].map(f64::from);
    d[0] * d[0] + d[1] * d[1] + d[2] * d[2]
}

fn compare(a: &Value, op: CmpOp, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => op.apply(x, y),
        (Value::Bool(x), Value::Bool(y)) if !op.ordered() => op.apply(x, y),
        (Value::Entity(x), Value::Entity(y)) if !op.ordered() => op.apply(x, y),
        (Value::Position(x), Value::Position(y)) if !op.ordered() => op.apply(x == y, true),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::DomainBuilder;

    struct Two {
        health: AttributeId,
    }

    impl FactView for Two {
        fn value(&self, entity: Entity, attribute: AttributeId) -> Option<Value> {
            (attribute == self.health && entity.index1 <= 2)
                .then(|| Value::Number(f64::from(entity.index1) * 10.0))
        }
        fn position(&self, entity: Entity) -> Option<Vec3> {
            (entity.index1 <= 2).then(|| Vec3::new(f32::from(entity.index1 as u8) * 3.0, 4.0, 0.0))
        }
    }

    fn e(index1: u32) -> Entity {
        Entity {
            index1,
            generation: 0,
            world: 1,
        }
    }

    #[test]
    fn compare_within_and_score_under_bindings() {
        let mut b = DomainBuilder::new();
        let health = b.add_attribute("health", ValueType::Number).unwrap();
        let view = Two { health };
        let bind = Bindings {
            consumer: e(1),
            supplier: e(2),
            other: e(7),
        };
        let more = Condition::Compare {
            role: Role::Supplier,
            attribute: health,
            op: CmpOp::Gt,
            rhs: Operand::Attribute(Role::Consumer, health),
        };
        assert_eq!(more.evaluate(&view, &bind), 1.0, "20 > 10");
        let unknown = Condition::Compare {
            role: Role::Other,
            attribute: health,
            op: CmpOp::Ge,
            rhs: Operand::Constant(Value::Number(0.0)),
        };
        assert_eq!(
            unknown.evaluate(&view, &bind),
            0.0,
            "unknown facts never hold"
        );
        // Positions (3,4,0) and (6,4,0) are 3 apart.
        let near = |distance| Condition::Within {
            role: Role::Consumer,
            of: Role::Supplier,
            distance,
        };
        assert!(near(3.0).holds(&view, &bind));
        assert!(!near(2.99).holds(&view, &bind));
        let graded = Condition::Score {
            role: Role::Supplier,
            attribute: health,
            curve: Curve::linear(40.0).unwrap(),
        };
        assert_eq!(graded.evaluate(&view, &bind), 0.5);
        assert!(
            !graded.holds(&view, &bind),
            "partial satisfaction is not satisfaction"
        );
    }

    /// `admits` is a sound pre-test: a condition that holds with its tested fact at `v`
    /// admits `v`; with a fixed operand the two agree, so it rules out exactly the failures.
    #[test]
    fn admits_rules_out_exactly_what_a_fixed_operand_fails() {
        struct Fact(Value);
        impl FactView for Fact {
            fn value(&self, entity: Entity, _: AttributeId) -> Option<Value> {
                match entity.index1 {
                    2 => Some(self.0),
                    _ => Some(Value::Entity(e(3))),
                }
            }
            fn position(&self, _: Entity) -> Option<Vec3> {
                None
            }
        }
        let attribute = AttributeId(0);
        let bind = Bindings::pair(e(1), e(3));
        let values = [1.0, 2.0, 3.0]
            .map(Value::Number)
            .into_iter()
            .chain([e(1), e(2), e(3)].map(Value::Entity));
        let operands = [
            (Operand::Constant(Value::Number(2.0)), true),
            (Operand::Entity(Role::Supplier), true),
            (Operand::Entity(Role::Consumer), true),
            (Operand::Attribute(Role::Consumer, attribute), false),
        ];
        let ops = [
            CmpOp::Lt,
            CmpOp::Le,
            CmpOp::Eq,
            CmpOp::Ne,
            CmpOp::Ge,
            CmpOp::Gt,
        ];
        for v in values {
            for (rhs, fixed) in operands {
                for op in ops {
                    let tested = Condition::Compare {
                        role: Role::Supplier,
                        attribute,
                        op,
                        rhs,
                    };
                    let bound = Bindings::pair(bind.consumer, e(2));
                    let holds = tested.holds(&Fact(v), &bound);
                    let admits = tested.admits(&v, &bound);
                    assert!(!holds || admits, "{v:?} {op:?} {rhs:?}");
                    assert_eq!(tested.decides(), fixed, "{rhs:?}");
                    if fixed {
                        assert_eq!(holds, admits, "{v:?} {op:?} {rhs:?}");
                    } else {
                        assert!(admits, "a fact operand rules nothing out");
                    }
                }
            }
        }
        let graded = Condition::Score {
            role: Role::Supplier,
            attribute,
            curve: Curve::linear(40.0).unwrap(),
        };
        assert!(
            graded.admits(&Value::Number(0.0), &bind),
            "scores are tested in full"
        );
        assert!(!graded.decides());
    }

    /// A small value of any comparable type, equal to others often enough to test `==`.
    fn any_value() -> impl proptest::strategy::Strategy<Value = Value> {
        use proptest::prelude::*;
        prop_oneof![
            (-2i8..3).prop_map(|n| Value::Number(f64::from(n) / 2.0)),
            any::<bool>().prop_map(Value::Bool),
            (1u32..4).prop_map(|i| Value::Entity(e(i))),
        ]
    }

    proptest::proptest! {
        /// A fact against a number constant, tested through the view's numbers alone, holds
        /// exactly when `compare` of the fact says so: a number by the operator, anything else
        /// or nothing never. Fails if the number path let a flag or an entity through.
        #[test]
        fn a_number_constant_compares_as_the_value_does(
            op in proptest::sample::select(vec![
                CmpOp::Eq, CmpOp::Ne, CmpOp::Lt, CmpOp::Le, CmpOp::Gt, CmpOp::Ge,
            ]),
            value in proptest::option::of(any_value()),
            constant in -2i8..3,
        ) {
            struct Known(Option<Value>);
            impl FactView for Known {
                fn value(&self, _: Entity, _: AttributeId) -> Option<Value> {
                    self.0
                }
            }
            let constant = Value::Number(f64::from(constant) / 2.0);
            let condition = Condition::Compare {
                role: Role::Supplier,
                attribute: AttributeId(0),
                op,
                rhs: Operand::Constant(constant),
            };
            let expected = value.is_some_and(|v| compare(&v, op, &constant));
            let bound = Bindings::pair(e(1), e(2));
            proptest::prop_assert_eq!(condition.holds(&Known(value), &bound), expected);
        }

        /// Where a condition decides, the value in hand settles it exactly as a full test of a
        /// view holding that value does, whatever the other facts: goal generation may skip
        /// the test. Fails if `decides` claims a comparison with a fact operand.
        #[test]
        fn a_deciding_condition_holds_exactly_when_it_admits(
            tested_role in proptest::sample::select(vec![Role::Consumer, Role::Supplier]),
            op in proptest::sample::select(vec![
                CmpOp::Eq, CmpOp::Ne, CmpOp::Lt, CmpOp::Le, CmpOp::Gt, CmpOp::Ge,
            ]),
            rhs_kind in 0u8..4,
            value in any_value(),
            constant in any_value(),
            other in any_value(),
        ) {
            struct Facts {
                tested: Entity,
                value: Value,
                other: Value,
            }
            impl FactView for Facts {
                fn value(&self, entity: Entity, _: AttributeId) -> Option<Value> {
                    Some(if entity == self.tested { self.value } else { self.other })
                }
            }
            let bound = Bindings::pair(e(1), e(2));
            let rhs = match rhs_kind {
                0 => Operand::Constant(constant),
                1 => Operand::Entity(Role::Consumer),
                2 => Operand::Entity(Role::Supplier),
                _ => Operand::Attribute(Role::Consumer, AttributeId(1)),
            };
            let condition = Condition::Compare {
                role: tested_role,
                attribute: AttributeId(0),
                op,
                rhs,
            };
            let facts = Facts {
                tested: bound.entity(tested_role),
                value,
                other,
            };
            if condition.decides() {
                proptest::prop_assert_eq!(
                    condition.holds(&facts, &bound),
                    condition.admits(&value, &bound)
                );
            }
        }
    }

    #[test]
    fn validation_rejects_bad_types_roles_and_distances() {
        let mut b = DomainBuilder::new();
        let alive = b.add_attribute("alive", ValueType::Bool).unwrap();
        let health = b.add_attribute("health", ValueType::Number).unwrap();
        let d = b.build().unwrap();
        let ordered_bool = Condition::Compare {
            role: Role::Consumer,
            attribute: alive,
            op: CmpOp::Lt,
            rhs: Operand::Constant(Value::Bool(true)),
        };
        assert!(ordered_bool.validate(&d, &[Role::Consumer]).is_err());
        let mixed = Condition::Compare {
            role: Role::Consumer,
            attribute: health,
            op: CmpOp::Eq,
            rhs: Operand::Constant(Value::Bool(true)),
        };
        assert_eq!(
            mixed.validate(&d, &[Role::Consumer]).unwrap_err().kind,
            ErrorKind::TypeMismatch
        );
        let other = Condition::Within {
            role: Role::Other,
            of: Role::Consumer,
            distance: 1.0,
        };
        assert!(other
            .validate(&d, &[Role::Consumer, Role::Supplier])
            .is_err());
        let negative = Condition::Within {
            role: Role::Supplier,
            of: Role::Consumer,
            distance: -1.0,
        };
        assert!(negative
            .validate(&d, &[Role::Consumer, Role::Supplier])
            .is_err());
        let unknown = Condition::Score {
            role: Role::Consumer,
            attribute: AttributeId(9),
            curve: Curve::linear(1.0).unwrap(),
        };
        assert_eq!(
            unknown.validate(&d, &[Role::Consumer]).unwrap_err().kind,
            ErrorKind::NotFound
        );
    }
}

//! `motive_condition` and its parts (`motive_role`, `motive_cmp_op`, `motive_operand`): the
//! tests over facts that preconditions, triggers, filters and death share, as C writes them.

use super::curve::motive_curve;
use super::domain::motive_attribute;
use super::enum_codes::{c_enum, decode};
use super::facts::motive_value;
use super::guard::FfiResult;
use super::pointers::{borrow, slice};
use crate::core::model::condition::{CmpOp, Condition, Operand, Role};
use crate::core::AttributeId;

/// Which entity a condition or effect is about, relative to what it belongs to. Which roles a
/// definition may name depends on where it is used; others are `MOTIVE_STATUS_INVALID_ARGUMENT`.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum motive_role {
    /// The NPC that acts or owns the goal or drive.
    Consumer = 0,
    /// The entity that supplies the action, or that the goal is about.
    Supplier = 1,
    /// The entity a world effect found near the consumer (world effects only).
    Other = 2,
}

c_enum!(motive_role => Role {
    Consumer => Role::Consumer,
    Supplier => Role::Supplier,
    Other => Role::Other,
});

/// A comparison. Numbers take every operator; booleans, entities and positions only `EQ` and
/// `NE` (`MOTIVE_STATUS_INVALID_ARGUMENT` otherwise).
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum motive_cmp_op {
    /// `==`
    Eq = 0,
    /// `!=`
    Ne = 1,
    /// `<`
    Lt = 2,
    /// `<=`
    Le = 3,
    /// `>`
    Gt = 4,
    /// `>=`
    Ge = 5,
}

c_enum!(motive_cmp_op => CmpOp {
    Eq => CmpOp::Eq,
    Ne => CmpOp::Ne,
    Lt => CmpOp::Lt,
    Le => CmpOp::Le,
    Gt => CmpOp::Gt,
    Ge => CmpOp::Ge,
});

/// Where a `motive_operand` takes its value from.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum motive_operand_kind {
    /// `motive_operand.constant`.
    Constant = 0,
    /// The fact `motive_operand.attribute` of the entity playing `motive_operand.role`.
    Attribute = 1,
    /// The entity playing `motive_operand.role` itself, as an entity value: "the NPC is at the
    /// supplier" is `at_node == supplier`, and "go there" sets `at_node = supplier` (Pittman's
    /// `WSKEY_AtNode`). Compared with or assigned to entity attributes only.
    Entity = 2,
}

c_enum!(motive_operand_kind {
    Constant,
    Attribute,
    Entity
});

/// A value a condition compares with or an effect uses: a constant, an attribute of one of the
/// bound entities (a potion's `heal_amount`), or one of the bound entities itself. Its type must
/// be the one the other side expects (`MOTIVE_STATUS_TYPE_MISMATCH` otherwise).
#[repr(C)]
#[derive(Clone, Copy)]
pub struct motive_operand {
    /// A `motive_operand_kind`.
    pub kind: u32,
    /// The value, for `MOTIVE_OPERAND_KIND_CONSTANT`; numbers and positions finite.
    pub constant: motive_value,
    /// A `motive_role`, for `MOTIVE_OPERAND_KIND_ATTRIBUTE` and `MOTIVE_OPERAND_KIND_ENTITY`.
    pub role: u32,
    /// The attribute, for `MOTIVE_OPERAND_KIND_ATTRIBUTE`.
    pub attribute: motive_attribute,
}

impl motive_operand {
    /// The core operand.
    pub(crate) fn to_core(self) -> FfiResult<Operand> {
        Ok(match decode::<motive_operand_kind>(self.kind, "kind")? {
            motive_operand_kind::Constant => Operand::Constant(self.constant.to_core()?),
            motive_operand_kind::Attribute => Operand::Attribute(
                decode::<motive_role>(self.role, "role")?.into(),
                AttributeId(self.attribute),
            ),
            motive_operand_kind::Entity => {
                Operand::Entity(decode::<motive_role>(self.role, "role")?.into())
            }
        })
    }
}

/// What a `motive_condition` tests.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum motive_condition_kind {
    /// `role.attribute op rhs`: holds when true.
    Compare = 0,
    /// Holds when `role` is within `distance` of `of_role` (both positions known).
    Within = 1,
    /// A graded test, `curve(role.attribute)` for a number attribute; holds only at score 1.
    Score = 2,
}

c_enum!(motive_condition_kind {
    Compare,
    Within,
    Score
});

/// A test over facts with a score in [0, 1]; it holds at 1, and unknown facts score 0. Each
/// kind reads only its own fields and ignores the rest:
/// - `MOTIVE_CONDITION_KIND_COMPARE`: `role`, `attribute`, `op`, `rhs`;
/// - `MOTIVE_CONDITION_KIND_WITHIN`: `role`, `of_role`, `distance` (finite, ≥ 0);
/// - `MOTIVE_CONDITION_KIND_SCORE`: `role`, `attribute` (a number), `curve`.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct motive_condition {
    /// A `motive_condition_kind`.
    pub kind: u32,
    /// A `motive_role`: whose fact is tested.
    pub role: u32,
    /// The attribute tested (compare, score).
    pub attribute: motive_attribute,
    /// A `motive_cmp_op` (compare).
    pub op: u32,
    /// What the attribute is compared with (compare).
    pub rhs: motive_operand,
    /// A `motive_role`: the entity `role` must be close to (within).
    pub of_role: u32,
    /// Largest distance, engine units (within).
    pub distance: f64,
    /// From value to score (score).
    pub curve: motive_curve,
}

impl motive_condition {
    /// The core condition, not yet checked against a domain.
    ///
    /// # Safety
    /// A score condition's curve must satisfy [`motive_curve::to_core`].
    unsafe fn to_core(self) -> FfiResult<Condition> {
        let role = decode::<motive_role>(self.role, "role")?.into();
        let attribute = AttributeId(self.attribute);
        Ok(match decode::<motive_condition_kind>(self.kind, "kind")? {
            motive_condition_kind::Compare => Condition::Compare {
                role,
                attribute,
                op: decode::<motive_cmp_op>(self.op, "op")?.into(),
                rhs: self.rhs.to_core().map_err(|e| e.context("rhs"))?,
            },
            motive_condition_kind::Within => Condition::Within {
                role,
                of: decode::<motive_role>(self.of_role, "of_role")?.into(),
                distance: self.distance,
            },
            motive_condition_kind::Score => Condition::Score {
                role,
                attribute,
                // SAFETY: forwarded from this function's contract.
                curve: unsafe { self.curve.to_core() }.map_err(|e| e.context("curve"))?,
            },
        })
    }
}

/// Reads the condition argument `name`.
///
/// # Safety
/// `ptr` must be NULL or point to a readable condition whose curve, if it is a piecewise-linear
/// score, points to its `point_count` points.
pub(crate) unsafe fn read_condition(
    ptr: *const motive_condition,
    name: &str,
) -> FfiResult<Condition> {
    // SAFETY: forwarded from this function's contract.
    let condition = unsafe { borrow(ptr, name) }?;
    // SAFETY: as above.
    unsafe { condition.to_core() }.map_err(|e| e.context(name))
}

/// Reads the array argument `name` of `count` conditions (NULL when `count` is 0).
///
/// # Safety
/// `ptr` must be NULL or point to `count` conditions as [`read_condition`] requires.
pub(crate) unsafe fn read_conditions(
    ptr: *const motive_condition,
    count: usize,
    name: &str,
) -> FfiResult<Vec<Condition>> {
    // SAFETY: forwarded from this function's contract.
    let conditions = unsafe { slice(ptr, count, name) }?;
    conditions
        .iter()
        .enumerate()
        // SAFETY: as above, for each element.
        .map(|(i, c)| unsafe { c.to_core() }.map_err(|e| e.context(format!("{name}[{i}]"))))
        .collect()
}

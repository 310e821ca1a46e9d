//! `motive_effect`: what an action or a world effect changes, as C writes it.

use super::conditions::{motive_operand, motive_role};
use super::domain::motive_attribute;
use super::enum_codes::{c_enum, decode};
use super::guard::FfiResult;
use super::pointers::borrow;
use crate::core::model::effect::{Effect, EffectOp};
use crate::core::AttributeId;

/// The operation a `motive_effect` performs on its role's entity.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum motive_effect_op {
    /// `attribute += amount` (a number ≥ 0), clamped to the attribute's range.
    Add = 0,
    /// `attribute −= amount` (a number ≥ 0), clamped to the attribute's range.
    Subtract = 1,
    /// `attribute = amount` (of the attribute's type).
    Set = 2,
    /// Moves the entity to where `destination_role` is.
    MoveTo = 3,
    /// The entity stops existing (a drunk potion).
    End = 4,
}

c_enum!(motive_effect_op {
    Add,
    Subtract,
    Set,
    MoveTo,
    End
});

/// An effect: an operation on the entity playing `role`. Each operation reads only its own
/// fields and ignores the rest:
/// - `MOTIVE_EFFECT_OP_ADD`, `_SUBTRACT`, `_SET`: `attribute`, `amount`;
/// - `MOTIVE_EFFECT_OP_MOVE_TO`: `destination_role`;
/// - `MOTIVE_EFFECT_OP_END`: nothing more.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct motive_effect {
    /// A `motive_role`: whose facts change.
    pub role: u32,
    /// A `motive_effect_op`.
    pub op: u32,
    /// The attribute changed (add, subtract, set).
    pub attribute: motive_attribute,
    /// By how much (add, subtract), or the new value (set).
    pub amount: motive_operand,
    /// A `motive_role`: where the entity moves to (move-to).
    pub destination_role: u32,
}

impl motive_effect {
    /// The core effect, not yet checked against a domain.
    fn to_core(self) -> FfiResult<Effect> {
        let attribute = AttributeId(self.attribute);
        let amount = || self.amount.to_core().map_err(|e| e.context("amount"));
        let op = match decode::<motive_effect_op>(self.op, "op")? {
            motive_effect_op::Add => EffectOp::Add(attribute, amount()?),
            motive_effect_op::Subtract => EffectOp::Subtract(attribute, amount()?),
            motive_effect_op::Set => EffectOp::Set(attribute, amount()?),
            motive_effect_op::MoveTo => EffectOp::MoveTo(
                decode::<motive_role>(self.destination_role, "destination_role")?.into(),
            ),
            motive_effect_op::End => EffectOp::End,
        };
        Ok(Effect {
            role: decode::<motive_role>(self.role, "role")?.into(),
            op,
        })
    }
}

/// Reads the effect argument `name`.
///
/// # Safety
/// `ptr` must be NULL or point to a readable effect.
pub(crate) unsafe fn read_effect(ptr: *const motive_effect, name: &str) -> FfiResult<Effect> {
    // SAFETY: forwarded from this function's contract.
    let effect = unsafe { borrow(ptr, name) }?;
    effect.to_core().map_err(|e| e.context(name))
}

//! The shape of most smart-object tests: walk up to an object (`goto` sets the consumer's `at`
//! to the supplier), then use it (an action that needs `at` to be the supplier). Included by
//! `#[path]` in the tests that use it.

use motive::core::model::action::ActionId;
use motive::core::model::condition::{CmpOp, Condition, Operand, Role};
use motive::core::model::domain::DomainBuilder;
use motive::core::model::effect::{Effect, EffectOp};
use motive::core::ValueType;

/// The ids [`walk_up_then`] defines.
pub struct WalkUp {
    /// `goto`: sets `at` to the supplier.
    pub goto: ActionId,
    /// The use, which needs `at` to be the supplier.
    pub action: ActionId,
}

/// Defines `at`, `goto` and the action `name`, which needs the consumer at the supplier.
pub fn walk_up_then(b: &mut DomainBuilder, name: &str) -> WalkUp {
    let at = b.add_attribute("at", ValueType::Entity).unwrap();
    let goto = b.add_action("goto").unwrap();
    b.add_effect(
        goto,
        Effect {
            role: Role::Consumer,
            op: EffectOp::Set(at, Operand::Entity(Role::Supplier)),
        },
    )
    .unwrap();
    let action = b.add_action(name).unwrap();
    b.add_precondition(
        action,
        Condition::Compare {
            role: Role::Consumer,
            attribute: at,
            op: CmpOp::Eq,
            rhs: Operand::Entity(Role::Supplier),
        },
    )
    .unwrap();
    WalkUp { goto, action }
}

//! World-effect generators: how the world reacts to a simulated action (000_16db0c300c7e0e65.txt:1212-1233).

use crate::core::model::condition::{Condition, Role};
use crate::core::model::effect::Effect;

/// Dense id of a world-effect generator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct WorldEffectId(pub u32);

/// The roles a world effect may name: the action's consumer and supplier, and the other entity
/// its trigger found.
pub const WORLD_EFFECT_ROLES: &[Role] = &[Role::Consumer, Role::Supplier, Role::Other];

/// A generator: for every other known entity within `within` of the consumer for which every
/// filter holds, apply the effects with that entity as [`Role::Other`].
///
/// `nearby_enemy_damage` is `within: melee_range`, filter `other.hostile == true`, effect
/// `consumer.health −= other.damage` (:2014). The thesis loops "until equilibrium" without
/// saying what stops a generator that keeps firing; here each (generator, other) pair fires at
/// most once per simulated action, so the loop always reaches a fixed point.
#[derive(Clone, Debug, PartialEq)]
pub struct WorldEffectDef {
    /// Largest consumer–other distance that triggers it.
    pub within: f64,
    /// Conditions on the other entity (and the consumer and supplier); all must hold.
    pub filter: Vec<Condition>,
    /// What happens.
    pub effects: Vec<Effect>,
}

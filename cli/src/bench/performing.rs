//! An action an FSM performs by hand, with the domain's numbers: its adds and subtracts accrue
//! as time passes and the rest applies when it ends, as motive's timed actions do (a
//! `seconds` action over its seconds, an `until_full` one per second until the performer's
//! fact is full). Effects are written with `World::set_fact`, through the domain's own
//! `Effect::apply`.

use motive::core::model::action::{ActionDuration, ActionId};
use motive::core::model::condition::{Bindings, FactView};
use motive::core::model::effect::{FactStore, Portion};
use motive::core::{AttributeId, Domain, Entity, Value, Vec3, World};

/// A step sum a nanosecond short of the end is at the end.
const EPSILON: f64 = 1e-9;

/// An action being performed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Performing {
    /// What.
    pub action: ActionId,
    /// On whom (the supplier).
    pub target: Entity,
    /// World time it started.
    started: f64,
    /// World time its effects have accrued up to.
    accrued_to: f64,
}

impl Performing {
    /// `action` on `target`, from world time `now`.
    pub fn start(action: ActionId, target: Entity, now: f64) -> Self {
        Performing {
            action,
            target,
            started: now,
            accrued_to: now,
        }
    }

    /// Applies what accrued up to `now` for `performer`; true once the action has ended, its
    /// remaining effects applied.
    pub fn advance(
        &mut self,
        world: &mut World,
        domain: &Domain,
        performer: Entity,
        now: f64,
    ) -> bool {
        let def = domain.action(self.action);
        let bindings = Bindings {
            consumer: performer,
            supplier: self.target,
            other: Entity::NULL,
        };
        let mut facts = Facts(world);
        let (portion, ended) = match def.duration {
            ActionDuration::Seconds(seconds) if seconds > 0.0 => {
                let end = self.started + seconds;
                let to = now.min(end);
                let portion = Portion::Accrued((to - self.accrued_to) / seconds);
                (portion, now + EPSILON >= end)
            }
            // Amounts are per second; the fact is read after this share is applied.
            ActionDuration::UntilFull(_) => (Portion::Accrued(now - self.accrued_to), false),
            ActionDuration::Seconds(_) | ActionDuration::Engine => (Portion::Whole, true),
        };
        for effect in &def.effects {
            effect.apply(domain, &mut facts, &bindings, portion);
        }
        self.accrued_to = now;
        let ended = match def.duration {
            ActionDuration::UntilFull(attribute) => is_full(domain, &facts, performer, attribute),
            _ => ended,
        };
        if ended && portion != Portion::Whole {
            for effect in &def.effects {
                effect.apply(domain, &mut facts, &bindings, Portion::Discrete);
            }
        }
        ended
    }
}

/// True when `entity`'s `attribute` is at its maximum (or has none to reach).
fn is_full(domain: &Domain, facts: &Facts, entity: Entity, attribute: AttributeId) -> bool {
    let max = domain.attributes()[attribute.0 as usize].range.map(|r| r.1);
    match (facts.value(entity, attribute), max) {
        (Some(Value::Number(n)), Some(max)) => n >= max - EPSILON,
        _ => true,
    }
}

/// The world's facts, written through its public API.
struct Facts<'w>(&'w mut World);

impl FactView for Facts<'_> {
    fn value(&self, entity: Entity, attribute: AttributeId) -> Option<Value> {
        self.0.value(entity, attribute)
    }

    fn position(&self, entity: Entity) -> Option<Vec3> {
        FactView::position(self.0, entity)
    }
}

// The domain's effects are checked when it loads, so these writes are valid; one on an entity
// that is gone has nothing to change.
impl FactStore for Facts<'_> {
    fn set_value(&mut self, entity: Entity, attribute: AttributeId, value: Value) {
        let _ = self.0.set_fact(entity, attribute, value);
    }

    fn set_position(&mut self, entity: Entity, position: Vec3) {
        let _ = self.0.set_position(entity, position);
    }

    fn end(&mut self, entity: Entity) {
        if let Ok(kind) = self.0.kind(entity) {
            let _ = self.0.destroy(entity, kind);
        }
    }
}

//! One NPC's part in an engine action the simulator performs: walking up to a target, or
//! being busy for a while.

use crate::core::model::action::ActionId;
use crate::core::model::condition::FactView;
use crate::core::world::event::NO_SLOT;
use crate::core::{Entity, Vec3, World};

/// Closer than this counts as there (units): positions are `f32`.
const ARRIVAL_EPSILON: f64 = 1e-4;

/// What the engine does for the performance.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq)]
pub(super) enum Work {
    /// Walk to the target: to the claimed `slot`'s place at the object, or, with no slot
    /// ([`NO_SLOT`]), to `stand_off` short of the target. The place is worked out afresh every
    /// step, since the target may move. `stop` is where the NPC stopped, once it has arrived.
    Walk {
        /// The slot of the target the NPC claimed.
        slot: u32,
        /// Distance to keep from a target without a slot.
        stand_off: f64,
        /// Where the walk ended.
        stop: Option<Vec3>,
    },
    /// Busy until this world time.
    Busy {
        /// World time it ends.
        until: f64,
    },
}

/// An NPC performing an engine action.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq)]
pub(super) struct Performance {
    /// Who.
    pub(super) npc: Entity,
    /// The request the world issued (shared by the users of a joint action).
    pub(super) request: u32,
    /// What.
    pub(super) action: ActionId,
    /// On whom.
    pub(super) target: Entity,
    /// What the engine does.
    pub(super) work: Work,
    /// A misbehaving engine holds its report back until this world time (`chaos.rs`).
    pub(super) held: Option<f64>,
    /// Dropped during this step's reports: removed, all at once, when they end (so the
    /// reports walk the list once, in order, whatever they drop).
    pub(super) gone: bool,
}

impl Performance {
    /// Whether it has run its course at world time `now`.
    pub(super) fn is_due(&self, now: f64) -> bool {
        // Step sums drift by rounding; a nanosecond early is on time.
        let reached = |time: f64| now + 1e-9 >= time;
        let done = match self.work {
            Work::Walk { stop, .. } => stop.is_some(),
            Work::Busy { until } => reached(until),
        };
        done && self.held.is_none_or(reached)
    }

    /// Walks up to `distance` toward the destination, moving the NPC in `world`, and notes
    /// arrival. Returns false when the NPC or its target is gone (the game destroyed it, or
    /// the world will fail the action at the NPC's next think): the performance is moot.
    pub(super) fn walk(&mut self, world: &mut World, distance: f64) -> bool {
        let Some((next, arrived)) = self.next_position(world, distance) else {
            return false;
        };
        if let Work::Walk { stop, .. } = &mut self.work {
            if stop.is_none() {
                // Both positions are finite (read from the world, moved toward each other).
                let _ = world.set_position(self.npc, next);
                *stop = arrived.then_some(next);
            }
        }
        true
    }

    /// Notes arrival without moving, for a walk that starts where it ends.
    pub(super) fn arrive_if_there(&mut self, world: &World) {
        if let Some((here, true)) = self.next_position(world, 0.0) {
            if let Work::Walk { stop, .. } = &mut self.work {
                *stop = Some(here);
            }
        }
    }

    /// Where the NPC is after walking up to `distance` more, and whether it is then there;
    /// `None` when the NPC or the target is gone. A busy NPC stays put.
    fn next_position(&self, world: &World, distance: f64) -> Option<(Vec3, bool)> {
        let here = FactView::position(world, self.npc)?;
        let target = FactView::position(world, self.target)?;
        let Work::Walk {
            slot, stand_off, ..
        } = self.work
        else {
            return Some((here, false));
        };
        let (place, keep) = match slot_offset(world, self.target, slot) {
            Some(offset) => (add(target, offset), 0.0),
            None => (target, stand_off),
        };
        let delta = [place.x - here.x, place.y - here.y, place.z - here.z].map(f64::from);
        let length = (delta[0] * delta[0] + delta[1] * delta[1] + delta[2] * delta[2]).sqrt();
        let gap = length - keep;
        if gap <= ARRIVAL_EPSILON {
            // Already within the stand-off: stay rather than back away.
            return Some((here, true));
        }
        let travel = gap.min(distance);
        let along =
            |axis: usize, from: f32| (f64::from(from) + delta[axis] / length * travel) as f32;
        let next = Vec3::new(along(0, here.x), along(1, here.y), along(2, here.z));
        Some((next, gap - travel <= ARRIVAL_EPSILON))
    }
}

/// Where slot `slot` of `object` is relative to the object; `None` for [`NO_SLOT`] or a slot
/// its archetype does not have.
fn slot_offset(world: &World, object: Entity, slot: u32) -> Option<Vec3> {
    if slot == NO_SLOT {
        return None;
    }
    let archetype = world.archetype(object).ok()??;
    let slots = &world.domain().archetype(archetype).slots;
    slots.get(slot as usize).map(|s| s.offset)
}

fn add(a: Vec3, b: Vec3) -> Vec3 {
    Vec3::new(a.x + b.x, a.y + b.y, a.z + b.z)
}

//! Claims NPCs lost (`ClaimLost`, `ObjectDestroyed`), with when and where, for `explain`.

use motive::core::world::event::{Event, EventKind};
use motive::core::{Entity, World};

use crate::roster::Roster;

/// One lost claim.
pub struct LostClaim {
    /// World time it was lost.
    pub time: f64,
    /// The NPC that held it.
    pub npc: Entity,
    /// Taken by a claim of higher priority (`false`: the object was destroyed).
    pub taken: bool,
    /// The object's name, kept now: a destroyed object has none later.
    pub object: String,
    /// The slot held.
    pub slot: u32,
}

/// Every claim lost in a run, in order.
#[derive(Default)]
pub struct ClaimLog {
    /// The losses.
    pub lost: Vec<LostClaim>,
}

impl ClaimLog {
    /// Records `event` if it is a lost claim.
    pub fn event(&mut self, world: &World, roster: &Roster, event: &Event) {
        let taken = match event.kind {
            EventKind::ClaimLost => true,
            EventKind::ObjectDestroyed => false,
            _ => return,
        };
        self.lost.push(LostClaim {
            time: world.time(),
            npc: event.npc,
            taken,
            object: roster.name(world, event.target),
            slot: event.slot,
        });
    }
}

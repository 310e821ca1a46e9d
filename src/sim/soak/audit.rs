//! The invariants a soak checks at every interval, each one the code already states: claims
//! (`World::check_claims`), minds within their archetype's limits (`World::check_mind_limits`),
//! the engine performing only for live NPCs what they run (`Simulator::check`), no engine
//! action outliving its timeout (lost reports recovered), and no entity leaked or lost: the
//! world holds exactly what it started with plus what was created minus what was destroyed,
//! and its NPC and object counts agree with its entities.

use crate::core::model::action::ActionDuration;
use crate::core::world::Part;
use crate::core::{EntityKind, World};
use crate::sim::Simulator;

use super::havoc::Havoc;

/// What one audit checked (and found to hold).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Audit {
    /// Live entities counted against the ledger of creations and destructions.
    pub entities: usize,
    /// NPCs whose claims, limits and running action were checked.
    pub npcs: usize,
    /// Engine actions under way, checked against their deadlines.
    pub engine_actions: usize,
}

impl Audit {
    /// Adds `other`'s counts to these (several worlds' audits together).
    pub fn add(&mut self, other: &Audit) {
        self.entities += other.entities;
        self.npcs += other.npcs;
        self.engine_actions += other.engine_actions;
    }
}

/// Audits `world` and its `simulator` between steps; `initial` live entities at the start and
/// `havoc`'s ledger since. Returns the first breach, described.
pub(super) fn audit(
    world: &World,
    simulator: &Simulator,
    initial: u64,
    havoc: &Havoc,
) -> Result<Audit, String> {
    world.check_claims()?;
    world.check_mind_limits()?;
    simulator.check(world)?;
    let mut audit = Audit::default();
    let (mut npcs, mut objects) = (0, 0);
    for entity in world.entities() {
        audit.entities += 1;
        match world.kind(entity).map_err(|e| e.to_string())? {
            EntityKind::Npc => npcs += 1,
            EntityKind::Object => objects += 1,
            EntityKind::Squad => {}
        }
        let Ok(mind) = world.mind(entity) else {
            continue;
        };
        audit.npcs += 1;
        let Some(running) = mind.running else {
            continue;
        };
        let engine = world.domain().action(running.step.action).duration == ActionDuration::Engine;
        if engine && matches!(running.part, Part::Alone | Part::Leading) {
            audit.engine_actions += 1;
            // The tick fails an action at its deadline, so none survives one.
            if running.deadline + 1e-9 < world.time() {
                return Err(format!(
                    "an engine action of request {} outlived its deadline {:.2} s",
                    running.request, running.deadline
                ));
            }
        }
    }
    let expected = initial + havoc.created - havoc.destroyed;
    if audit.entities as u64 != expected {
        return Err(format!(
            "{} entities live, but {initial} at the start + {} created - {} destroyed = {expected}",
            audit.entities, havoc.created, havoc.destroyed
        ));
    }
    if npcs != world.npc_count() || objects != world.object_count() {
        return Err(format!(
            "{npcs} NPCs and {objects} objects live, but the world counts {} and {}",
            world.npc_count(),
            world.object_count()
        ));
    }
    Ok(audit)
}

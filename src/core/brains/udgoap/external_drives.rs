//! Drives given to a UDGOAP NPC at run time rather than by its archetype (an order, a map
//! annotation, 000_16db0c300c7e0e65.txt:924-928); their removal triggers later remove them
//! with all their goals.

use crate::core::brains::udgoap::mind::DriveState;
use crate::core::brains::{not_deciding, Brain, BrainState};
use crate::core::model::drive::DriveId;
use crate::core::model::entity::Entity;
use crate::core::model::error::{Error, ErrorKind, Result};
use crate::core::world::describe;
use crate::core::World;

impl World {
    /// Gives `npc` an external drive. Only UDGOAP NPCs hold drives: another brain's NPC is an
    /// error, as is a drive it holds already.
    pub fn add_external_drive(&mut self, npc: Entity, drive: DriveId) -> Result<()> {
        self.domain.drives().get(drive.0)?;
        let mind = self.mind_mut(npc)?;
        let BrainState::Udgoap(udgoap) = &mut mind.brain else {
            return Err(not_deciding(npc, mind, Brain::Udgoap));
        };
        if udgoap.drives.iter().any(|d| d.drive == drive) {
            return Err(Error::new(
                ErrorKind::AlreadyExists,
                format!("npc {} already has drive {}", describe(npc), drive.0),
            ));
        }
        udgoap.drives.push(DriveState {
            drive,
            external: true,
            satisfaction: 1.0,
        });
        Ok(())
    }
}

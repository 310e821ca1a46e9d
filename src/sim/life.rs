//! Whether an entity still lives: it exists and none of its archetype's death conditions
//! holds. The simulator removes the dead at the end of a step (`deaths.rs`), but within a
//! step, and in a world an engine runs without the simulator, a dead entity is still there.

use crate::core::model::condition::Bindings;
use crate::core::{Entity, World};

/// True while `entity` exists and none of its archetype's death conditions holds.
pub fn lives(world: &World, entity: Entity) -> bool {
    let Ok(Some(archetype)) = world.archetype(entity) else {
        return world.is_alive(entity);
    };
    let bindings = Bindings::pair(entity, entity);
    !world
        .domain()
        .archetype(archetype)
        .death
        .iter()
        .any(|c| c.holds(world, &bindings))
}

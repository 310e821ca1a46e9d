//! Whether an entity still lives: it exists and none of its archetype's death conditions
//! holds. A dead NPC stays in the world (a dead antlion lies where it fell), so spawn rules and
//! charts ask this rather than whether the entity exists.

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

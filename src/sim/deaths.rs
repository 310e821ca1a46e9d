//! The engine's part in death. Motive only plans around an archetype's death conditions; it is
//! the game that ends a creature whose health ran out. So, after each step's reports, an entity
//! whose death conditions hold is removed from the world — or, when its archetype is the rules'
//! `reset_on_death`, the arena resets as the thesis's does at the wizard's death (T:1526):
//! everything the spawn rules brought in is removed, the entity gets back the facts and the
//! place it started with, and the spawn rules start over. Each of its lives is an episode.

use crate::core::model::archetype::ArchetypeId;
use crate::core::{AttributeId, Entity, Result, Value, Vec3, World};

use super::life::lives;
use super::observer::{Ending, Observer};

/// Who may die, and how the entities an arena resets around started.
#[derive(serde::Serialize, serde::Deserialize, Debug, Default)]
pub(super) struct Deaths {
    /// Entities with death conditions, in the order they came; gone ones are dropped lazily.
    mortal: Vec<Entity>,
    /// How each entity of the `reset_on_death` archetype started, taken when first seen.
    starts: Vec<Start>,
    /// Entities the world had ever made (live ones plus those destroyed) when `mortal` was
    /// last built: when it changes, the game (or a spawn rule) made some, and the list is
    /// built again from the world, so that whoever made an entity, it can die.
    made: u64,
}

/// An entity's start, to restore at a reset.
#[derive(serde::Serialize, serde::Deserialize, Debug)]
struct Start {
    entity: Entity,
    at: Vec3,
    facts: Vec<(AttributeId, Value)>,
}

impl Deaths {
    /// Follows `entity` if its archetype has death conditions.
    fn follow(&mut self, world: &World, entity: Entity, reset: Option<ArchetypeId>) {
        let Ok(Some(archetype)) = world.archetype(entity) else {
            return;
        };
        if world.domain().archetype(archetype).death.is_empty() {
            return;
        }
        self.mortal.push(entity);
        if reset == Some(archetype) && !self.starts.iter().any(|s| s.entity == entity) {
            let facts = (0..world.domain().attributes().len() as u32)
                .filter_map(|a| {
                    let attribute = AttributeId(a);
                    world
                        .fact(entity, attribute)
                        .ok()
                        .map(|f| (attribute, f.value))
                })
                .collect();
            let at = world.position(entity).unwrap_or_default();
            self.starts.push(Start { entity, at, facts });
        }
    }

    /// Ends every entity that died in the step just run; true when one of them reset the arena
    /// (the caller then clears what was spawned).
    pub(super) fn run(
        &mut self,
        world: &mut World,
        reset: Option<ArchetypeId>,
        observer: &mut impl Observer,
    ) -> Result<bool> {
        // A pass over the world only on steps in which something was made.
        let made = world.entities.len() as u64 + world.destructions;
        if made != self.made {
            self.made = made;
            self.mortal.clear();
            // The game may destroy an entity the arena resets around: its start goes with it.
            self.starts.retain(|s| world.is_alive(s.entity));
            let entities: Vec<Entity> = world.entities().collect();
            for entity in entities {
                self.follow(world, entity, reset);
            }
        }
        let mut reset_happened = false;
        let mut i = 0;
        while i < self.mortal.len() {
            let entity = self.mortal[i];
            if !world.is_alive(entity) {
                self.mortal.remove(i);
                continue;
            }
            if !dead(world, entity) {
                i += 1;
                continue;
            }
            let resets = self.starts.iter().any(|s| s.entity == entity);
            let ending = if resets {
                Ending::Reset
            } else {
                Ending::Removed
            };
            observer.died(world, entity, ending);
            if resets {
                reset_happened = true;
                i += 1;
            } else {
                let kind = world.kind(entity)?;
                world.destroy(entity, kind)?;
                self.mortal.remove(i);
            }
        }
        if reset_happened {
            for start in &self.starts {
                if dead(world, start.entity) {
                    world.set_position(start.entity, start.at)?;
                    for &(attribute, value) in &start.facts {
                        world.set_fact(start.entity, attribute, value)?;
                    }
                }
            }
        }
        Ok(reset_happened)
    }
}

/// True when `entity` exists and one of its archetype's death conditions holds of it.
fn dead(world: &World, entity: Entity) -> bool {
    world.is_alive(entity) && !lives(world, entity)
}

//! The game's side of a soak: what a game does to a world between frames that motive must
//! survive. Entities are destroyed (mid-walk, mid-action, while holding or being claimed) and a
//! new one of the same archetype takes each one's place, with its facts and its squad; entities
//! are moved (teleports, knock-backs); the dead are replaced, as a game's spawner would, so
//! the population holds steady for hours.

use crate::core::model::archetype::ArchetypeId;
use crate::core::model::condition::FactView;
use crate::core::model::rng::WorldRng;
use crate::core::model::value::{Value, ValueType};
use crate::core::world::event::{Event, EventKind};
use crate::core::{AttributeId, Entity, EntityKind, Result, Vec3, World};
use crate::sim::{Ending, Observer};

/// How often the game interferes: fractions of the NPCs and objects per simulated second.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HavocRules {
    /// Destroyed and replaced.
    pub replace: f64,
    /// Moved by up to [`HavocRules::shove`] units along x and z.
    pub moves: f64,
    /// Farthest move along each axis, in units.
    pub shove: f32,
}

impl Default for HavocRules {
    /// One entity in a thousand replaced and one in a hundred moved, by up to 2 units, each
    /// simulated second: a 500-NPC world loses an entity mid-action every second or two.
    fn default() -> Self {
        HavocRules {
            replace: 0.001,
            moves: 0.01,
            shove: 2.0,
        }
    }
}

/// The game's interference in one world, and the count of what it created and destroyed.
pub(super) struct Havoc {
    rules: HavocRules,
    rng: WorldRng,
    /// Fractional replacements and moves carried to the next step, so rates below one per
    /// step still happen, on schedule and without a draw.
    owed_replace: f64,
    owed_moves: f64,
    /// Archetypes the scenario's spawn rules bring in: their dead are the rules' to replace.
    spawned_by_rules: Vec<ArchetypeId>,
    /// Entities created (replacements and the rules' spawns) and destroyed (by the game and
    /// by death) so far.
    pub(super) created: u64,
    pub(super) destroyed: u64,
    /// The dead to replace after the step: archetype and where it started.
    dead: Vec<(ArchetypeId, Vec3)>,
    /// The domain's attributes holding entities: the facts that may name a replaced one.
    entity_attributes: Vec<AttributeId>,
}

/// Mixed into the world's seed for the game's draws ("HAVOCGAM").
const SEED_SALT: u64 = 0x4841_564f_4347_414d;

impl Havoc {
    pub(super) fn new(
        world: &World,
        rules: HavocRules,
        spawned_by_rules: Vec<ArchetypeId>,
    ) -> Self {
        let entity_attributes = (world.domain().attributes().iter().enumerate())
            .filter(|(_, def)| def.value_type == ValueType::Entity)
            .map(|(a, _)| AttributeId(a as u32))
            .collect();
        Havoc {
            entity_attributes,
            rules,
            rng: WorldRng::new(world.seed() ^ SEED_SALT),
            owed_replace: 0.0,
            owed_moves: 0.0,
            spawned_by_rules,
            created: 0,
            destroyed: 0,
            dead: Vec::new(),
        }
    }

    /// Interferes with `world` for a step of `dt` seconds, before the step runs; replaces the
    /// dead of the last step first.
    pub(super) fn before_step(&mut self, world: &mut World, dt: f64) -> Result<()> {
        for (archetype, at) in std::mem::take(&mut self.dead) {
            world.spawn(archetype, at)?;
            self.created += 1;
        }
        let population = (world.npc_count() + world.object_count()) as f64;
        self.owed_replace += self.rules.replace * population * dt;
        while self.owed_replace >= 1.0 {
            self.owed_replace -= 1.0;
            if let Some(entity) = self.pick(world) {
                self.replace(world, entity)?;
            }
        }
        self.owed_moves += self.rules.moves * population * dt;
        while self.owed_moves >= 1.0 {
            self.owed_moves -= 1.0;
            if let Some(entity) = self.pick(world) {
                let shove = |rng: &mut WorldRng| (rng.unit() as f32 * 2.0 - 1.0) * self.rules.shove;
                let at = world.position(entity)?;
                let to = Vec3::new(
                    at.x + shove(&mut self.rng),
                    at.y,
                    at.z + shove(&mut self.rng),
                );
                world.set_position(entity, to)?;
            }
        }
        Ok(())
    }

    /// A live NPC or object with an archetype, uniformly (squads and groups are left alone).
    fn pick(&mut self, world: &World) -> Option<Entity> {
        let count = world.entities().count();
        if count == 0 {
            return None;
        }
        let entity = world.entities().nth(self.rng.below(count))?;
        let kind = world.kind(entity).ok()?;
        let spawned = world.archetype(entity).ok()??;
        let thinks_alone = kind == EntityKind::Npc || kind == EntityKind::Object;
        (thinks_alone && world.domain().archetype(spawned).squad.is_none()).then_some(entity)
    }

    /// Destroys `entity` and puts a new one of its archetype in its place: with its facts (but
    /// those naming itself), in its squad, and named instead of it by every fact that named
    /// it (a squad's target, a patient's bed), as a game swapping an actor keeps its links.
    fn replace(&mut self, world: &mut World, entity: Entity) -> Result<()> {
        let archetype = world.archetype(entity)?.expect("picked with an archetype");
        let kind = world.kind(entity)?;
        let at = world.position(entity)?;
        let attributes = world.domain().attributes().len() as u32;
        let facts: Vec<(AttributeId, Value)> = (0..attributes)
            .map(AttributeId)
            .filter_map(|a| world.value(entity, a).map(|v| (a, v)))
            .filter(|&(_, value)| value != Value::Entity(entity))
            .collect();
        let naming: Vec<(Entity, AttributeId)> = world
            .entities()
            .flat_map(|holder| self.entity_attributes.iter().map(move |&a| (holder, a)))
            .filter(|&(holder, a)| {
                holder != entity && world.value(holder, a) == Some(Value::Entity(entity))
            })
            .collect();
        let squad = match kind {
            EntityKind::Npc => world.superior(entity)?,
            _ => Entity::NULL,
        };
        world.destroy(entity, kind)?;
        self.destroyed += 1;
        let new = world.spawn(archetype, at)?;
        self.created += 1;
        for (attribute, value) in facts {
            // A fact naming an entity gone since is left out, as a game would leave it unset.
            let _ = world.set_fact(new, attribute, value);
        }
        for (holder, attribute) in naming {
            world.set_fact(holder, attribute, Value::Entity(new))?;
        }
        if !squad.is_null() && world.is_alive(squad) {
            world.join_squad(squad, new)?;
        }
        Ok(())
    }
}

impl Observer for Havoc {
    fn event(&mut self, _world: &World, event: &Event) {
        // An action's effect ended an entity (a potion drunk, an antlion killed).
        self.destroyed += u64::from(event.kind == EventKind::EntityEnded);
    }

    fn spawned(&mut self, _world: &World, _entity: Entity) {
        self.created += 1;
    }

    fn died(&mut self, world: &World, entity: Entity, ending: Ending) {
        if ending != Ending::Removed {
            return;
        }
        self.destroyed += 1;
        if let Ok(Some(archetype)) = world.archetype(entity) {
            if !self.spawned_by_rules.contains(&archetype) {
                let at = world.position(entity).unwrap_or_default();
                self.dead.push((archetype, at));
            }
        }
    }
}

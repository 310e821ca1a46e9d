//! The game's side of a soak: what a game does to a world between frames that motive must
//! survive. Entities are destroyed (mid-walk, mid-action, while holding or being claimed) and a
//! new one of the same archetype takes each one's place, with its facts, its squad and its
//! behaviour-tree groups (one a spawn rule brought in is left to the rule, which brings the
//! next); entities are knocked about their place (teleports, knock-backs); the dead are
//! replaced, as a game's spawner would, so the population holds steady for hours.
//!
//! Knocks land around an entity's *place* (where it was when the game first touched it, which
//! its replacements inherit), not around where it stands: displacements that added up would
//! make every bed and patient wander off over hours (a random walk, a few units an hour), walks
//! grow longer and copies drift into each other's perception, so the load, and the heap, would
//! grow with the run however sound motive is.

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
    /// Moved to up to [`HavocRules::shove`] units from their place along x and z.
    pub moves: f64,
    /// Farthest move from an entity's place along each axis, in units.
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
    /// Archetypes the scenario's spawn rules bring in: the rules replace those that die or
    /// that the game destroys.
    spawned_by_rules: Vec<ArchetypeId>,
    /// Entities created (replacements and the rules' spawns) and destroyed (by the game, by
    /// death, by an arena's reset) so far.
    pub(super) created: u64,
    pub(super) destroyed: u64,
    /// The dead to replace after the step: archetype and place.
    dead: Vec<(ArchetypeId, Vec3)>,
    /// The domain's attributes holding entities: the facts that may name a replaced one.
    entity_attributes: Vec<AttributeId>,
    /// Each entity's place, by slot (`index1 - 1`), with the entity it is for (a slot's next
    /// entity finds another's there and takes its own).
    places: Vec<(Entity, Vec3)>,
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
            places: Vec::new(),
        }
    }

    /// Interferes with `world` for a step of `dt` seconds, before the step runs; replaces the
    /// dead of the last step first.
    pub(super) fn before_step(&mut self, world: &mut World, dt: f64) -> Result<()> {
        for (archetype, at) in std::mem::take(&mut self.dead) {
            let new = world.spawn(archetype, at)?;
            self.created += 1;
            self.settle(new, at);
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
                let place = self.place(world, entity)?;
                let most = self.rules.shove;
                let shove = |rng: &mut WorldRng| (rng.unit() as f32 * 2.0 - 1.0) * most;
                let to = Vec3::new(
                    place.x + shove(&mut self.rng),
                    place.y,
                    place.z + shove(&mut self.rng),
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
    /// those naming itself), in its squad and its behaviour-tree groups, and named instead of
    /// it by every fact that named it (a squad's target, a patient's bed), as a game swapping an
    /// actor keeps its links. One of an archetype the spawn rules bring in is only destroyed:
    /// the rules bring the next, as after a death.
    fn replace(&mut self, world: &mut World, entity: Entity) -> Result<()> {
        let archetype = world.archetype(entity)?.expect("picked with an archetype");
        let kind = world.kind(entity)?;
        if self.spawned_by_rules.contains(&archetype) {
            world.destroy(entity, kind)?;
            self.destroyed += 1;
            return Ok(());
        }
        let at = world.position(entity)?;
        let place = self.place(world, entity)?;
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
        let groups: Vec<Entity> = world.bt_groups_of(entity).collect();
        world.destroy(entity, kind)?;
        self.destroyed += 1;
        let new = world.spawn(archetype, at)?;
        self.created += 1;
        self.settle(new, place);
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
        // The call the scenario joined the first one with (`Scenario::instantiate`).
        for group in groups {
            world.add_bt_group_member(group, new)?;
        }
        Ok(())
    }

    /// `entity`'s place: the one noted for it, else where it stands now, noted.
    fn place(&mut self, world: &World, entity: Entity) -> Result<Vec3> {
        let slot = entity.index1 as usize - 1;
        match self.places.get(slot) {
            Some(&(noted, place)) if noted == entity => Ok(place),
            _ => {
                let at = world.position(entity)?;
                self.settle(entity, at);
                Ok(at)
            }
        }
    }

    /// Notes `place` as `entity`'s.
    fn settle(&mut self, entity: Entity, place: Vec3) {
        let slot = entity.index1 as usize - 1;
        if self.places.len() <= slot {
            self.places
                .resize(slot + 1, (Entity::NULL, Vec3::default()));
        }
        self.places[slot] = (entity, place);
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
                let place = self.place(world, entity).unwrap_or_default();
                self.dead.push((archetype, place));
            }
        }
    }

    fn cleared(&mut self, _world: &World, _entity: Entity) {
        // An arena's reset removed what its spawn rules brought in; the rules bring more.
        self.destroyed += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::model::bt::{HintId, HintState};
    use crate::domain::shipped_instance;
    use crate::domain::Instance;
    use crate::sim::Simulator;

    /// A shipped scenario, one copy, seed 1.
    fn shipped(name: &str) -> Instance {
        shipped_instance(name, None, 1)
    }

    #[test]
    fn a_replaced_member_of_a_group_rejoins_it_and_takes_its_hints() {
        let mut instance = shipped("guard_watch.json");
        let world = &mut instance.world;
        let group = instance.groups[0].0;
        let first: Vec<Entity> = world.bt_group_members(group).unwrap().to_vec();
        let mut havoc = Havoc::new(world, HavocRules::default(), Vec::new());
        havoc.replace(world, first[1]).unwrap();
        let mut sim = Simulator::new(instance.rules.clone(), world).unwrap();
        // Past the player's switch to fighting (30 s) and the few reports the model needs.
        sim.run(world, 40.0, &mut ()).unwrap();
        let members = world.bt_group_members(group).unwrap().to_vec();
        assert_eq!(members.len(), 3, "{members:?}");
        assert_eq!(&members[..2], &[first[0], first[2]]);
        let new = members[2];
        assert!(!first.contains(&new));
        let cover = HintId(world.domain().hints().find("COVER").unwrap());
        for npc in members {
            let hint = world.bt_hint(npc, 0, cover).unwrap();
            assert_eq!(hint, HintState::Positive, "the group leads {npc:?}");
        }
    }

    #[test]
    fn knocks_land_around_an_entitys_place_however_many() {
        let mut instance = shipped("hospital.json");
        let world = &mut instance.world;
        let start: Vec<(Entity, Vec3)> = world
            .entities()
            .map(|e| (e, world.position(e).unwrap()))
            .collect();
        let rules = HavocRules {
            replace: 0.0,
            moves: 1.0,
            shove: 2.0,
        };
        let mut havoc = Havoc::new(world, rules, Vec::new());
        // Each entity knocked about 600 times: displacements that added up would have taken
        // it some 30 units away.
        for _ in 0..600 {
            havoc.before_step(world, 1.0).unwrap();
        }
        let mut moved = 0;
        for (entity, at) in start {
            let now = world.position(entity).unwrap();
            let off = ((now.x - at.x).abs(), (now.z - at.z).abs());
            assert!(off.0 <= 2.0 && off.1 <= 2.0, "{entity:?} is {off:?} off");
            moved += usize::from(now != at);
        }
        assert_eq!(moved, world.entities().count());
    }

    #[test]
    fn one_a_spawn_rule_brought_in_is_left_to_the_rule() {
        let mut instance = shipped("wizard_arena.json");
        let world = &mut instance.world;
        let mut sim = Simulator::new(instance.rules.clone(), world).unwrap();
        sim.run(world, 20.0, &mut ()).unwrap();
        let antlion = ArchetypeId(world.domain().archetypes().find("antlion").unwrap());
        let antlions = |world: &World| {
            (world.entities())
                .filter(|&e| world.archetype(e).unwrap() == Some(antlion))
                .collect::<Vec<_>>()
        };
        let before = antlions(world);
        assert!(!before.is_empty(), "the rules spawned some");
        let mut havoc = Havoc::new(world, HavocRules::default(), vec![antlion]);
        havoc.replace(world, before[0]).unwrap();
        assert_eq!(antlions(world), before[1..]);
        assert_eq!((havoc.created, havoc.destroyed), (0, 1));
    }
}

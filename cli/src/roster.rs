//! Who is who in a run: the NPCs in spawn order, numbered from 1 as trace tracks and `--npc`
//! show them, and every entity's display name.

use std::collections::HashMap;

use motive::core::{Entity, EntityKind, World};

/// The NPCs of a run and the names of its entities.
pub struct Roster {
    /// NPCs in spawn order: NPC number k is `npcs[k - 1]`.
    npcs: Vec<Entity>,
    numbers: HashMap<Entity, usize>,
    names: HashMap<Entity, String>,
    /// Entities spawn rules brought in so far.
    spawned: u32,
}

impl Roster {
    /// The NPCs of `world` at its start, in spawn order (slot order, in a fresh world), named
    /// by `names` where listed.
    pub fn new(world: &World, names: &[(Entity, String)]) -> Self {
        let mut roster = Roster {
            npcs: Vec::new(),
            numbers: HashMap::new(),
            names: names.iter().cloned().collect(),
            spawned: 0,
        };
        for entity in world.entities() {
            roster.enlist(world, entity);
        }
        roster
    }

    /// Adds an entity a spawn rule brought in, named `<archetype>+<k>` for the k-th spawn.
    pub fn add_spawned(&mut self, world: &World, entity: Entity) {
        self.spawned += 1;
        let name = format!("{}+{}", self.archetype_name(world, entity), self.spawned);
        self.names.insert(entity, name);
        self.enlist(world, entity);
    }

    fn enlist(&mut self, world: &World, entity: Entity) {
        if world.is_live(entity, EntityKind::Npc) {
            self.npcs.push(entity);
            self.numbers.insert(entity, self.npcs.len());
        }
    }

    /// Every NPC so far, in spawn order.
    pub fn npcs(&self) -> &[Entity] {
        &self.npcs
    }

    /// The 1-based number of `npc` in spawn order.
    pub fn number(&self, npc: Entity) -> Option<usize> {
        self.numbers.get(&npc).copied()
    }

    /// The scenario's name for `entity`, else `<archetype>#<slot>` (or `<kind>#<slot>`).
    pub fn name(&self, world: &World, entity: Entity) -> String {
        match self.names.get(&entity) {
            Some(name) => name.clone(),
            None if entity.is_null() => "nothing".to_owned(),
            None => format!("{}#{}", self.archetype_name(world, entity), entity.index1),
        }
    }

    /// `<number> <name>`: how a trace track, a counter and a chart panel title an NPC.
    pub fn title(&self, world: &World, npc: Entity) -> String {
        format!(
            "{} {}",
            self.number(npc).unwrap_or(0),
            self.name(world, npc)
        )
    }

    fn archetype_name(&self, world: &World, entity: Entity) -> String {
        match world.archetype(entity) {
            Ok(Some(archetype)) => world.domain().archetypes().name(archetype.0).to_owned(),
            Ok(None) => world.kind(entity).map_or("entity", |k| k.name()).to_owned(),
            Err(_) => "gone".to_owned(),
        }
    }

    /// The NPC `id` names: its number in spawn order (from 1) or its name.
    pub fn find(&self, id: &str) -> Option<Entity> {
        if let Ok(number) = id.parse::<usize>() {
            return number
                .checked_sub(1)
                .and_then(|i| self.npcs.get(i))
                .copied();
        }
        // By name: any thinking entity, a squad included (explained by its name alone).
        self.names
            .iter()
            .filter(|(_, name)| *name == id)
            .map(|(&entity, _)| entity)
            .min_by_key(|e| e.index1)
    }
}

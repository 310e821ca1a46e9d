//! A loaded scenario: a domain, the entities it starts with, its ambiance, the simulator's
//! rules, how it repeats for larger runs and its variants. [`Scenario::instantiate`] makes a
//! world of it.

use std::sync::Arc;

use crate::core::model::ambiance::Modifier;
use crate::core::model::archetype::ArchetypeId;
use crate::core::model::bt::BtTreeId;
use crate::core::model::limits::at_most;
use crate::core::model::player_style::StyleId;
use crate::core::world::ambiance_areas::{Falloff, Shape};
use crate::core::{
    AttributeId, Domain, Entity, Result, Value, Vec3, World, WorldConfig, MAX_ENTITY_CAPACITY_HINT,
};
use crate::sim::measure::Measure;
use crate::sim::rules::SimRules;

use super::variant::Variant;

/// A starting fact: a value, or a reference to another entity of the same copy.
#[derive(Clone, Debug, PartialEq)]
pub enum StartFact {
    /// A plain value.
    Value(Value),
    /// The entity at this index of [`Scenario::entities`], in the same copy.
    Entity(usize),
}

/// An adaptive tree of a group: the tree and the play styles it serves.
pub type AdaptiveSpec = (BtTreeId, Vec<(StyleId, f64)>);

/// A behaviour-tree group the scenario starts with (one per copy).
#[derive(Clone, Debug, PartialEq)]
pub struct GroupSpec {
    /// Its name (`name@k` in copy k > 1).
    pub name: String,
    /// The tree leading it, which only hints.
    pub tree: BtTreeId,
    /// Its members: indices into [`Scenario::entities`], behaviour-tree NPCs.
    pub members: Vec<usize>,
    /// Trees the player model may choose to lead it instead.
    pub adaptive: Vec<AdaptiveSpec>,
}

/// One entity the scenario starts with.
#[derive(Clone, Debug, PartialEq)]
pub struct EntitySpec {
    /// Its name, unique within the scenario.
    pub name: String,
    /// What it is.
    pub archetype: ArchetypeId,
    /// Where it starts, relative to its copy's origin.
    pub at: Vec3,
    /// Facts over its archetype's starting state.
    pub facts: Vec<(AttributeId, StartFact)>,
    /// A squad's members, indices into [`Scenario::entities`] in joining order (P:333: links
    /// by name); empty for any other entity.
    pub members: Vec<usize>,
}

/// An ambiance area of the scenario.
#[derive(Clone, Debug, PartialEq)]
pub struct AreaSpec {
    /// Its shape, relative to its copy's origin.
    pub shape: Shape,
    /// Its location modifiers.
    pub modifiers: Vec<Modifier>,
}

/// An ambiance projection from an entity of the scenario.
#[derive(Clone, Debug, PartialEq)]
pub struct ProjectionSpec {
    /// The projecting entity, an index of [`Scenario::entities`].
    pub source: usize,
    /// How far it reaches.
    pub radius: f64,
    /// What it projects.
    pub modifier: Modifier,
    /// How it weakens with distance.
    pub falloff: Falloff,
}

/// How the scenario repeats when a run asks for more NPCs than one copy has.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Copies {
    /// Offset between neighbouring copies.
    pub spacing: Vec3,
    /// Copies per row; the next row is offset by `spacing` turned a quarter (x → z).
    pub per_row: u32,
}

/// A scenario, ready to instantiate any number of times.
#[derive(Clone, Debug)]
pub struct Scenario {
    /// Its name.
    pub name: String,
    /// What it shows, for people.
    pub description: String,
    /// The domain.
    pub domain: Arc<Domain>,
    /// The world's seed and planning budget.
    pub config: WorldConfig,
    /// The headless simulator's rules (spawn points relative to a copy's origin).
    pub rules: SimRules,
    /// The entities at start, in spawn order.
    pub entities: Vec<EntitySpec>,
    /// Ambiance areas.
    pub areas: Vec<AreaSpec>,
    /// Ambiance projections.
    pub projections: Vec<ProjectionSpec>,
    /// How it repeats.
    pub copies: Copies,
    /// Behaviour-tree groups.
    pub groups: Vec<GroupSpec>,
    /// Its variants, in name order ([`Scenario::with_variant`]).
    pub variants: Vec<Variant>,
    /// What its experiment counts as success, in declaration order.
    pub measures: Vec<Measure>,
}

/// A scenario made into a world.
pub struct Instance {
    /// The world, with every entity spawned and every fact set.
    pub world: World,
    /// The simulator's rules, with one spawn rule per copy.
    pub rules: SimRules,
    /// Every entity the scenario spawned and its name (`cook`, `goblin#2`, `cook@3`).
    pub names: Vec<(Entity, String)>,
    /// Every behaviour-tree group the scenario made and its name (`watch`, `watch@2`).
    pub groups: Vec<(Entity, String)>,
    /// The scenario's measures of success, to take with [`crate::sim::Measurement`].
    pub measures: Vec<Measure>,
}

impl Scenario {
    /// NPCs in one copy: entities whose archetype thinks.
    pub fn npcs_per_copy(&self) -> usize {
        self.entities
            .iter()
            .filter(|e| {
                let def = self.domain.archetype(e.archetype);
                def.thinks() && def.squad.is_none()
            })
            .count()
    }

    /// NPCs in one copy at most: [`Scenario::npcs_per_copy`] and as many as its spawn rules
    /// keep alive at most (the wizard arena's antlions).
    pub fn most_npcs_per_copy(&self) -> usize {
        let spawned: usize = (self.rules.spawns.iter())
            .filter(|rule| self.domain.archetype(rule.archetype).thinks())
            .map(|rule| rule.max_alive as usize)
            .sum();
        self.npcs_per_copy() + spawned
    }

    /// Copies needed for at least `npcs` NPCs (one copy when `None` or when a copy has none).
    pub fn copies_for(&self, npcs: Option<u32>) -> u32 {
        match (npcs, self.npcs_per_copy()) {
            (Some(n), per) if per > 0 => n.div_ceil(per as u32).max(1),
            _ => 1,
        }
    }

    /// Where copy `k` (from 0) sits.
    fn origin(&self, k: u32) -> Vec3 {
        let per_row = self.copies.per_row.max(1);
        let (column, row) = ((k % per_row) as f32, (k / per_row) as f32);
        let s = self.copies.spacing;
        Vec3::new(
            s.x * column - s.z * row,
            s.y * column,
            s.z * column + s.x * row,
        )
    }

    /// A world of enough copies for `npcs` NPCs, seeded with `seed` (or the scenario's).
    pub fn instantiate(&self, npcs: Option<u32>, seed: Option<u64>) -> Result<Instance> {
        self.instantiate_copies(self.copies_for(npcs), seed)
    }

    /// A world of `copies` copies (at least one), seeded with `seed` (or the scenario's): for
    /// callers that count copies themselves, such as a population split across worlds or one
    /// whose characters a game drives without motive thinking (so [`Scenario::copies_for`]
    /// sees no NPCs). At most [`MAX_ENTITY_CAPACITY_HINT`] entities in all (copies × entities
    /// per copy, counting a copy as one when it has none).
    pub fn instantiate_copies(&self, copies: u32, seed: Option<u64>) -> Result<Instance> {
        let copies = copies.max(1);
        let per_copy = self.entities.len() as u64;
        let entities = u64::from(copies) * per_copy.max(1);
        at_most(
            "copies × entities per copy",
            entities,
            u64::from(MAX_ENTITY_CAPACITY_HINT),
            "MOTIVE_MAX_ENTITY_CAPACITY_HINT",
        )?;
        let config = WorldConfig {
            seed: seed.unwrap_or(self.config.seed),
            entity_capacity: (u64::from(copies) * per_copy).max(1) as u32,
            ..self.config
        };
        let mut world = World::new(self.domain.clone(), config)?;
        let mut rules = self.rules.clone();
        rules.spawns.clear();
        let mut names = Vec::with_capacity(self.entities.len() * copies as usize);
        let mut groups = Vec::with_capacity(self.groups.len() * copies as usize);
        for k in 0..copies {
            let origin = self.origin(k);
            let at = |p: Vec3| Vec3::new(origin.x + p.x, origin.y + p.y, origin.z + p.z);
            let first = names.len();
            for spec in &self.entities {
                let entity = match self.domain.archetype(spec.archetype).squad {
                    Some(_) => world.create_squad(spec.archetype)?,
                    None => world.spawn(spec.archetype, at(spec.at))?,
                };
                names.push((entity, copy_name(&spec.name, k)));
            }
            for (i, spec) in self.entities.iter().enumerate() {
                for (attribute, fact) in &spec.facts {
                    let value = match fact {
                        StartFact::Value(v) => *v,
                        StartFact::Entity(j) => Value::Entity(names[first + j].0),
                    };
                    world.set_fact(names[first + i].0, *attribute, value)?;
                }
                for &member in &spec.members {
                    world.join_squad(names[first + i].0, names[first + member].0)?;
                }
            }
            for area in &self.areas {
                let shape = match area.shape {
                    Shape::Sphere { center, radius } => Shape::Sphere {
                        center: at(center),
                        radius,
                    },
                    Shape::Box { min, max } => Shape::Box {
                        min: at(min),
                        max: at(max),
                    },
                };
                world.add_ambiance_area(shape, area.modifiers.clone())?;
            }
            for p in &self.projections {
                let source = names[first + p.source].0;
                world.add_ambiance_projection(source, p.radius, p.modifier.clone(), p.falloff)?;
            }
            for spec in &self.groups {
                let group = world.create_bt_group(spec.tree)?;
                for &member in &spec.members {
                    world.add_bt_group_member(group, names[first + member].0)?;
                }
                for (tree, serves) in &spec.adaptive {
                    world.add_bt_group_adaptive_layer(group, *tree, serves)?;
                }
                groups.push((group, copy_name(&spec.name, k)));
            }
            for spawn in &self.rules.spawns {
                let mut spawn = spawn.clone();
                spawn.at = at(spawn.at);
                rules.spawns.push(spawn);
            }
        }
        Ok(Instance {
            world,
            rules,
            names,
            groups,
            measures: self.measures.clone(),
        })
    }
}

/// `name` in copy `k` (from 0): as it is in the first, `name@k+1` in the others.
fn copy_name(name: &str, k: u32) -> String {
    match k {
        0 => name.to_owned(),
        _ => format!("{name}@{}", k + 1),
    }
}

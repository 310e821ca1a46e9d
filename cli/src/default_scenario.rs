//! The embedded default scenario. For now a small village: NPCs and the objects they will use.
//! The data-driven household replaces it with the domain-format issue (#6).

use motive::core::{DomainBuilder, EntityKind, Result, Value, ValueType, Vec3, World, WorldConfig};

/// Builds the village: `npcs` NPCs on a ring, a well and a bench, each NPC hungry to a degree.
pub fn build(npcs: u32, seed: u64) -> Result<World> {
    let mut domain = DomainBuilder::new();
    let hunger = domain.add_attribute("hunger", ValueType::Number)?;
    let mut world = World::new(
        domain.build().expect("the default scenario is valid"),
        WorldConfig {
            seed,
            entity_capacity: npcs.saturating_add(2),
            ..WorldConfig::default()
        },
    )?;
    world.create(EntityKind::Object, Vec3::new(0.0, 0.0, 0.0))?;
    world.create(EntityKind::Object, Vec3::new(5.0, 0.0, 0.0))?;
    for i in 0..npcs {
        let angle = i as f32 / npcs.max(1) as f32 * std::f32::consts::TAU;
        let npc = world.create(
            EntityKind::Npc,
            Vec3::new(10.0 * angle.cos(), 0.0, 10.0 * angle.sin()),
        )?;
        world.set_fact(npc, hunger, Value::Number(f64::from(i % 10) * 10.0))?;
    }
    Ok(world)
}

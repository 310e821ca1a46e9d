//! The embedded default scenario: the household of Sloan's thesis, chapter 5, once per NPC. Each
//! resident starts with every drive at 0 and plans with UDGOAP; a headless engine walks it
//! around its flat. The data-driven form replaces this with the domain-format issue (#6).

use motive::core::{Entity, Result, Vec3, World, WorldConfig};
use motive::sim::household::HouseholdDomain;

/// The built scenario: the world, its domain's ids, and the residents.
pub struct Scenario {
    /// The world.
    pub world: World,
    /// The household domain.
    pub household: HouseholdDomain,
    /// One resident per household.
    pub residents: Vec<Entity>,
}

/// Furnishes `npcs` households 100 m apart, each with one resident.
pub fn build(npcs: u32, seed: u64) -> Result<Scenario> {
    let household = HouseholdDomain::new()?;
    let mut world = World::new(
        household.domain.clone(),
        WorldConfig {
            seed,
            entity_capacity: npcs.saturating_mul(13),
            ..WorldConfig::default()
        },
    )?;
    let residents = (0..npcs)
        .map(|i| {
            let origin = Vec3::new((i % 32) as f32 * 100.0, 0.0, (i / 32) as f32 * 100.0);
            household.furnish(&mut world, origin, 0.0)
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(Scenario {
        world,
        household,
        residents,
    })
}

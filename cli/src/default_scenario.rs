//! The embedded default scenario: the household of Sloan's thesis, chapter 5, once per NPC. Each
//! resident starts with every drive at 0 and plans with UDGOAP; the headless engine walks it
//! around its flat. Scenario files (issue #6) replace it through `loaded_run::load`.

use std::collections::HashMap;

use motive::core::archetype::ArchetypeId;
use motive::core::{Result, Vec3, World, WorldConfig};
use motive::sim::household::{HouseholdDomain, LAYOUT};
use motive::sim::SimRules;

use crate::loaded_run::LoadedRun;

/// Households when `--npcs` is not given.
pub const NPCS: u32 = 32;

/// The seed when `--seed` is not given.
pub const SEED: u64 = 1;

/// Households per row: copies sit 100 units apart, in rows of this many.
const PER_ROW: u32 = 32;

/// Furnishes `npcs` households 100 units apart, each with one resident. Names follow the
/// scenario format's copies: `bed`, `resident`, then `bed@2`, `resident@2`, …
pub fn build(npcs: u32, seed: u64) -> Result<LoadedRun> {
    let household = HouseholdDomain::new()?;
    let mut world = World::new(
        household.domain.clone(),
        WorldConfig {
            seed,
            entity_capacity: npcs.saturating_mul(LAYOUT.len() as u32 + 1),
            ..WorldConfig::default()
        },
    )?;
    for copy in 0..npcs {
        let origin = Vec3::new(
            (copy % PER_ROW) as f32 * 100.0,
            0.0,
            (copy / PER_ROW) as f32 * 100.0,
        );
        household.furnish(&mut world, origin, 0.0)?;
    }
    // Every entity is named by its archetype (`bed`, `resident`); copy k of one adds `@k`.
    let mut copies: HashMap<ArchetypeId, u32> = HashMap::new();
    let names = world
        .entities()
        .filter_map(|entity| {
            let archetype = world.archetype(entity).ok()??;
            let copy = copies.entry(archetype).or_default();
            *copy += 1;
            let name = household.domain.archetypes().name(archetype.0);
            Some(match *copy {
                1 => (entity, name.to_owned()),
                k => (entity, format!("{name}@{k}")),
            })
        })
        .collect();
    Ok(LoadedRun {
        rules: SimRules::new(&household.domain),
        world,
        names,
        title: "the household (thesis ch. 5), UDGOAP".to_owned(),
    })
}

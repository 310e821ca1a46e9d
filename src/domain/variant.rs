//! Variants of a scenario: named sets of archetype swaps, so that one scenario runs its world
//! with other brains (the hospital with GOAP nurses, then with UDGOAP ones).
//! [`Scenario::with_variant`] makes the scenario a variant describes.

use super::scenario::Scenario;
use super::suggest;
use crate::core::model::archetype::ArchetypeId;
use crate::core::{Error, Result};

/// A named variant of a scenario.
#[derive(Clone, Debug, PartialEq)]
pub struct Variant {
    /// Its name, unique within the scenario.
    pub name: String,
    /// What it shows, for people.
    pub description: String,
    /// Each archetype it swaps, with the archetype that stands in for it.
    pub swaps: Vec<(ArchetypeId, ArchetypeId)>,
}

impl Variant {
    /// What an entity of `archetype` is in this variant. Swaps apply at once, never in turn.
    pub fn archetype(&self, archetype: ArchetypeId) -> ArchetypeId {
        self.swaps
            .iter()
            .find(|(original, _)| *original == archetype)
            .map_or(archetype, |(_, stand_in)| *stand_in)
    }
}

impl Scenario {
    /// The names of the scenario's variants, in name order.
    pub fn variant_names(&self) -> impl Iterator<Item = &str> {
        self.variants.iter().map(|v| v.name.as_str())
    }

    /// The scenario as its variant `name` runs it: every entity, spawn rule, reset and measure of a
    /// swapped archetype is of its stand-in. The copy has no variants of its own. An unknown name is an
    /// error naming the variants there are.
    pub fn with_variant(&self, name: &str) -> Result<Scenario> {
        let Some(variant) = self.variants.iter().find(|v| v.name == name) else {
            return Err(self.unknown_variant(name));
        };
        let mut varied = self.clone();
        varied.variants.clear();
        for spec in &mut varied.entities {
            spec.archetype = variant.archetype(spec.archetype);
        }
        for spawn in &mut varied.rules.spawns {
            spawn.archetype = variant.archetype(spawn.archetype);
        }
        varied.rules.reset_on_death = varied.rules.reset_on_death.map(|a| variant.archetype(a));
        for measure in &mut varied.measures {
            for archetype in measure.kind.archetypes_mut() {
                *archetype = variant.archetype(*archetype);
            }
        }
        Ok(varied)
    }

    fn unknown_variant(&self, name: &str) -> Error {
        let scenario = &self.name;
        if self.variants.is_empty() {
            return Error::invalid(format!(
                "scenario {scenario:?} has no variants, so no variant {name:?}"
            ));
        }
        let hint = suggest::hint(name, self.variant_names());
        let known: Vec<String> = self.variant_names().map(|n| format!("{n:?}")).collect();
        Error::invalid(format!(
            "scenario {scenario:?} has no variant {name:?}{hint}; its variants are {}",
            known.join(", ")
        ))
    }
}

//! Needs as the per-tick pass decays them: each archetype's needs with their attributes'
//! ranges looked up once, sorted by attribute, in one flat table.
//!
//! Every tick decays every need of every entity that has one (`advance_npcs`), the pass that
//! costs most of a UBC or GOAP decision: per need, it searched the entity's facts from the
//! start and looked the attribute's range up in the domain. Sorted like the facts, an
//! entity's needs are found in one walk over them, and the range is at hand. The arithmetic is
//! the one it replaces, `(value - rate × dt)` clamped to the range (`Domain::clamp`), so
//! results are unchanged bit for bit.

use crate::core::model::archetype::ArchetypeId;
use crate::core::model::domain::{AttributeId, Domain};

/// One need of an archetype, ready for the pass.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct NeedDecay {
    /// The numeric attribute that decays.
    pub(crate) attribute: AttributeId,
    /// Units lost per second.
    pub(crate) rate: f64,
    /// The attribute's bounds ([`Domain::bounds`], which [`Domain::clamp`] holds it to).
    pub(crate) low: f64,
    /// See [`NeedDecay::low`].
    pub(crate) high: f64,
}

impl NeedDecay {
    /// `value` after `dt` seconds of this need's decay, as [`Domain::clamp`] bounds it.
    #[inline]
    pub(crate) fn decayed(&self, value: f64, dt: f64) -> f64 {
        (value - self.rate * dt).clamp(self.low, self.high)
    }
}

/// Every archetype's needs ([`NeedDecay`]), by archetype id.
#[derive(Clone, Debug, Default)]
pub(crate) struct NeedDecays {
    /// Where each archetype's needs lie in `decays`: start and end.
    spans: Vec<(u32, u32)>,
    /// Each archetype's needs in turn, sorted by attribute (a need named twice stays twice, in
    /// its order, as the pass applied it).
    decays: Vec<NeedDecay>,
}

impl NeedDecays {
    /// The needs of every archetype of `domain`.
    pub(crate) fn of(domain: &Domain) -> Self {
        let mut table = NeedDecays::default();
        for archetype in domain.archetypes().items() {
            let start = table.decays.len();
            table.decays.extend(archetype.needs.iter().map(|need| {
                let (low, high) = domain.bounds(need.attribute);
                NeedDecay {
                    attribute: need.attribute,
                    rate: need.rate,
                    low,
                    high,
                }
            }));
            table.decays[start..].sort_by_key(|d| d.attribute);
            table.spans.push((start as u32, table.decays.len() as u32));
        }
        table
    }

    /// The needs of `archetype`, sorted by attribute (none for an id it does not know).
    #[inline]
    pub(crate) fn of_archetype(&self, archetype: ArchetypeId) -> &[NeedDecay] {
        match self.spans.get(archetype.0 as usize) {
            Some(&(start, end)) => &self.decays[start as usize..end as usize],
            None => &[],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::model::archetype::Need;
    use crate::core::model::domain::DomainBuilder;
    use crate::core::model::fact_set::{Fact, FactSet};
    use crate::core::model::rng::WorldRng;
    use crate::core::model::value::{Value, ValueType};

    /// The pass before the table: each need in declaration order, its fact searched for and
    /// its range looked up in the domain.
    fn reference(domain: &Domain, archetype: ArchetypeId, facts: &mut FactSet, dt: f64, time: f64) {
        for need in &domain.archetype(archetype).needs {
            if let Some(&Fact {
                value: Value::Number(n),
                ..
            }) = facts.get(need.attribute)
            {
                facts.set(Fact {
                    attribute: need.attribute,
                    value: Value::Number(domain.clamp(need.attribute, n - need.rate * dt)),
                    time,
                });
            }
        }
    }

    /// Random archetypes (needs on ranged and unranged attributes, some named twice) and
    /// random facts (some needs missing, some not numbers): one walk of the sorted table leaves
    /// every fact, value and time, as the search per need did, bit for bit.
    #[test]
    fn one_walk_decays_as_a_search_per_need_did() {
        let mut rng = WorldRng::new(33);
        for round in 0..200 {
            let mut builder = DomainBuilder::new();
            let attributes: Vec<AttributeId> = (0..8)
                .map(|i| {
                    let attribute = builder
                        .add_attribute(&format!("a{i}"), ValueType::Number)
                        .unwrap();
                    match rng.below(3) {
                        0 => {}
                        1 => builder.set_attribute_range(attribute, 0.0, 100.0).unwrap(),
                        _ => builder.set_attribute_range(attribute, -5.0, 1e9).unwrap(),
                    }
                    attribute
                })
                .collect();
            let archetype = builder.add_archetype("thing").unwrap();
            for _ in 0..rng.below(6) {
                let attribute = attributes[rng.below(attributes.len())];
                let rate = [0.0, 0.2, 1.5, 40.0][rng.below(4)];
                builder
                    .add_need(archetype, Need { attribute, rate })
                    .unwrap();
            }
            let domain = builder.build().unwrap();
            let table = NeedDecays::of(&domain);
            let mut facts = FactSet::default();
            for &attribute in &attributes {
                let value = match rng.below(4) {
                    0 => continue,
                    1 => Value::Bool(true),
                    _ => Value::Number(rng.below(20_000) as f64 / 100.0 - 50.0),
                };
                facts.set(Fact {
                    attribute,
                    value,
                    time: 0.0,
                });
            }
            let mut expected = facts.clone();
            for tick in 1..=20 {
                let (dt, time) = (0.05 * (1 + tick % 3) as f64, f64::from(tick));
                reference(&domain, archetype, &mut expected, dt, time);
                facts.decay(table.of_archetype(archetype), dt, time);
                assert_eq!(
                    format!("{:?}", facts.as_slice()),
                    format!("{:?}", expected.as_slice()),
                    "round {round}, tick {tick}"
                );
            }
        }
    }

    #[test]
    fn an_unknown_archetype_has_no_needs() {
        let domain = DomainBuilder::new().build().unwrap();
        assert!(NeedDecays::of(&domain)
            .of_archetype(ArchetypeId(3))
            .is_empty());
    }
}

//! Reading a scenario's `variants`: each variant's archetype swaps, resolved by name and checked
//! where the scenario relies on the original (what the variant's NPCs consume of it, the slots
//! that admit it), every problem at the JSON Pointer of its mapping.

use super::loading::Loading;
use super::reader::Node;
use super::variant::Variant;
use crate::core::model::archetype::ArchetypeId;
use crate::core::model::domain::check_name;
use crate::core::Domain;

impl Loading {
    /// The `variants` section: `{ name: { "description", "archetypes": { original: stand-in } } }`.
    /// `used` are the archetypes of the scenario's entities and spawn rules as written.
    pub(super) fn variants(
        &mut self,
        node: Option<Node>,
        domain: &Domain,
        used: &[ArchetypeId],
    ) -> Vec<Variant> {
        let Some(node) = node else {
            return Vec::new();
        };
        let mut variants = Vec::new();
        for (name, member) in self.ctx.members(&node) {
            let named = self.check(&member.path, check_name("variant", name));
            let Some(obj) = self.ctx.object(&member, &["description", "archetypes"]) else {
                continue;
            };
            let description = match obj.get("description") {
                Some(d) => self.ctx.str(&d).map(str::to_owned),
                None => Some(String::new()),
            };
            let mut swaps = Vec::new();
            let mut paths = Vec::new();
            if let Some(archetypes) = obj.get("archetypes") {
                for (original, stand_in) in self.keyed_entries(&archetypes, |r| &r.archetypes) {
                    if let Some(id) = self.refs.archetypes.resolve(&mut self.ctx, &stand_in) {
                        swaps.push((ArchetypeId(original), ArchetypeId(id)));
                        paths.push(stand_in.path);
                    }
                }
            }
            let (Some(()), Some(description)) = (named, description) else {
                continue;
            };
            let variant = Variant {
                name: name.to_owned(),
                description,
                swaps,
            };
            if !self.partial {
                self.check_stand_ins(&variant, &paths, domain, used);
            }
            variants.push(variant);
        }
        variants
    }

    /// Warns of a swap that changes nothing, and reports a stand-in that does not serve where
    /// the scenario relies on the original: an action the original supplies and an NPC of the
    /// variant consumes, a slot of an object of the variant that admits the original.
    fn check_stand_ins(
        &mut self,
        variant: &Variant,
        paths: &[String],
        domain: &Domain,
        used: &[ArchetypeId],
    ) {
        let mut cast: Vec<ArchetypeId> = used.iter().map(|&a| variant.archetype(a)).collect();
        cast.sort_unstable_by_key(|a| a.0);
        cast.dedup();
        let name = |a: ArchetypeId| domain.archetypes().name(a.0);
        for (&(original, stand_in), path) in variant.swaps.iter().zip(paths) {
            if !used.contains(&original) {
                self.ctx.warn(
                    path,
                    format!(
                        "no entity or spawn rule is a {:?}, so the swap changes nothing",
                        name(original)
                    ),
                );
                continue;
            }
            let (was, is) = (domain.archetype(original), domain.archetype(stand_in));
            let cannot = format!(
                "{:?} cannot stand in for {:?}",
                name(stand_in),
                name(original)
            );
            for &action in was.supplies.iter().filter(|a| !is.supplies.contains(a)) {
                let consumer = cast
                    .iter()
                    .find(|&&a| domain.archetype(a).consumes.contains(&action));
                if let Some(&consumer) = consumer {
                    self.ctx.error(
                        path,
                        format!(
                            "{cannot}: it does not supply {:?}, which {:?} consumes",
                            domain.actions().name(action.0),
                            name(consumer)
                        ),
                    );
                }
            }
            for &object in &cast {
                for (i, slot) in domain.archetype(object).slots.iter().enumerate() {
                    if slot.users.admits(original, &was.tags)
                        && !slot.users.admits(stand_in, &is.tags)
                    {
                        self.ctx.error(
                            path,
                            format!(
                                "{cannot}: slot {i} of {:?} admits {:?} but not its stand-in",
                                name(object),
                                name(original)
                            ),
                        );
                    }
                }
            }
        }
    }
}

//! Finding the smart objects that supply an action near a point: the query an engine asks to
//! place, highlight or route to objects ("where can this NPC sit?"), answered from the same
//! spatial index the planners use, with the same contention rules when it asks for an NPC.

use crate::core::model::action::ActionId;
use crate::core::model::archetype::ArchetypeId;
use crate::core::model::entity::{Entity, EntityKind};
use crate::core::model::error::{Error, Result};
use crate::core::model::vec3::Vec3;
use crate::core::world::brains::Brains;
use crate::core::world::{describe, World};

/// An entity found by [`World::find_suppliers`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Found {
    /// The entity (a smart object, or an NPC whose archetype supplies the action).
    pub entity: Entity,
    /// Its distance from the query's centre.
    pub distance: f64,
}

impl<B: Brains> World<B> {
    /// The entities within `range` of `center` whose archetype supplies `action`, nearest first
    /// (equal distances in slot order, so the answer depends only on the world's state). With
    /// `user` (a live NPC spawned from an archetype), only those that can serve it now, as its
    /// planners see them: its own entity left out, and objects with no slot that admits it and
    /// is open to its priority left out. `range` may be infinite (every supplier). Answers
    /// through the spatial index when it is fresh (see [`World::refresh_spatial_index`]), by a
    /// scan otherwise; exact either way. The result lives in the world until the next call;
    /// nothing is allocated once it has grown.
    pub fn find_suppliers(
        &mut self,
        action: ActionId,
        center: Vec3,
        range: f64,
        user: Option<Entity>,
    ) -> Result<&[Found]> {
        let user = self.supplier_query(action, center, range, user)?;
        let mut found = std::mem::take(&mut self.found);
        found.clear();
        self.suppliers_within(action, center, range, user, |f| found.push(f));
        found.sort_unstable_by(nearer);
        self.found = found;
        Ok(&self.found)
    }

    /// The first of what [`World::find_suppliers`] would answer, found without sorting the
    /// rest: a behaviour tree's action leaf wants only the nearest, and a crowd of suppliers
    /// in range then costs it a pass, not a sort.
    pub(crate) fn nearest_supplier(
        &self,
        action: ActionId,
        center: Vec3,
        range: f64,
        user: Entity,
    ) -> Result<Option<Found>> {
        let user = self.supplier_query(action, center, range, Some(user))?;
        let mut nearest: Option<Found> = None;
        self.suppliers_within(action, center, range, user, |f| {
            if nearest.is_none_or(|n| nearer(&f, &n).is_lt()) {
                nearest = Some(f);
            }
        });
        Ok(nearest)
    }

    /// Checks a supplier query's arguments; `user`, when given, with its archetype.
    fn supplier_query(
        &self,
        action: ActionId,
        center: Vec3,
        range: f64,
        user: Option<Entity>,
    ) -> Result<Option<(Entity, ArchetypeId)>> {
        self.domain.actions().get(action.0)?;
        if !center.is_finite() {
            return Err(Error::invalid(format!("center {center:?} is not finite")));
        }
        if range.is_nan() || range < 0.0 {
            return Err(Error::invalid(format!("range must be >= 0, got {range}")));
        }
        let Some(npc) = user else {
            return Ok(None);
        };
        let record = self.record(npc, Some(EntityKind::Npc))?;
        let archetype = record.archetype().ok_or_else(|| {
            Error::invalid(format!(
                "npc {} was not spawned from an archetype",
                describe(npc)
            ))
        })?;
        Ok(Some((npc, archetype)))
    }

    /// Visits the entities within `range` of `center` that supply `action` to `user`, in no
    /// particular order.
    fn suppliers_within(
        &self,
        action: ActionId,
        center: Vec3,
        range: f64,
        user: Option<(Entity, ArchetypeId)>,
        mut visit: impl FnMut(Found),
    ) {
        // Most actions are supplied by objects alone: their search leaves the NPC tier out.
        // Inert objects are searched: the engine may ask for an action nobody consumes.
        let npcs = self.domain.relevance().supplied_by_npcs(action);
        self.within(
            center,
            range,
            self.index_serves(range),
            (npcs, true),
            |slot, squared| {
                let Some((entity, record)) = self.at_slot(slot) else {
                    return;
                };
                if self.supplies_to(action, entity, record.archetype(), user) {
                    // `distance_between`, whose square root this is.
                    let distance = squared.sqrt();
                    visit(Found { entity, distance });
                }
            },
        );
    }

    /// Whether `entity` (of `archetype`) supplies `action` and, for `user` (an NPC and its
    /// archetype), is another entity able to serve it now (contention).
    pub(crate) fn supplies_to(
        &self,
        action: ActionId,
        entity: Entity,
        archetype: Option<ArchetypeId>,
        user: Option<(Entity, ArchetypeId)>,
    ) -> bool {
        let supplies =
            archetype.is_some_and(|a| self.domain.archetype(a).supplies.contains(&action));
        // Contention is looked at only for suppliers: it walks the object's slots.
        supplies && user.is_none_or(|(npc, mine)| entity != npc && self.serves(npc, mine, entity))
    }
}

/// The order of found suppliers: nearest first, equal distances in slot order.
fn nearer(a: &Found, b: &Found) -> std::cmp::Ordering {
    a.distance
        .total_cmp(&b.distance)
        .then(a.entity.index1.cmp(&b.entity.index1))
}

#[cfg(test)]
mod tests {
    use crate::core::model::rng::WorldRng;
    use crate::core::{DomainBuilder, Vec3, World, WorldConfig};

    /// The nearest supplier is the first of what finding them all answers, through the index
    /// and the scan, in worlds of chairs and of guests who sit on each other, many at equal
    /// distances.
    #[test]
    fn the_nearest_supplier_is_the_first_found() {
        let mut b = DomainBuilder::new();
        let sit = b.add_action("sit").unwrap();
        let chair = b.add_archetype("chair").unwrap();
        b.add_supplied_action(chair, sit).unwrap();
        let guest = b.add_archetype("guest").unwrap();
        b.add_consumed_action(guest, sit).unwrap();
        b.add_supplied_action(guest, sit).unwrap();
        let mut world = World::new(b.build().unwrap(), WorldConfig::default()).unwrap();
        let mut rng = WorldRng::new(3);
        let spot = |rng: &mut WorldRng| {
            let c = [0; 2].map(|_| (rng.below(9) as f32) - 4.0);
            Vec3::new(c[0], 0.0, c[1])
        };
        let mut guests = Vec::new();
        let (mut compared, mut found) = (0, 0);
        for round in 0..300 {
            let archetype = [chair, guest][rng.below(2)];
            let entity = world.spawn(archetype, spot(&mut rng)).unwrap();
            if archetype == guest {
                guests.push(entity);
            }
            if round % 2 == 0 {
                world.refresh_spatial_index();
            }
            for &user in guests.iter().rev().take(5) {
                let center = spot(&mut rng);
                let range = [0.0, 1.0, 2.5, f64::INFINITY][rng.below(4)];
                let nearest = world.nearest_supplier(sit, center, range, user).unwrap();
                let all = world
                    .find_suppliers(sit, center, range, Some(user))
                    .unwrap();
                assert_eq!(nearest, all.first().copied(), "round {round}");
                compared += 1;
                found += usize::from(all.len() > 1);
            }
        }
        assert!(
            compared > 1000 && found > compared / 2,
            "{found} of {compared}"
        );
    }
}

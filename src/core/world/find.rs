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
        self.domain.actions().get(action.0)?;
        if !center.is_finite() {
            return Err(Error::invalid(format!("center {center:?} is not finite")));
        }
        if range.is_nan() || range < 0.0 {
            return Err(Error::invalid(format!("range must be >= 0, got {range}")));
        }
        let user = match user {
            Some(npc) => {
                let record = self.record(npc, Some(EntityKind::Npc))?;
                let archetype = record.archetype.ok_or_else(|| {
                    Error::invalid(format!(
                        "npc {} was not spawned from an archetype",
                        describe(npc)
                    ))
                })?;
                Some((npc, archetype))
            }
            None => None,
        };
        let mut found = std::mem::take(&mut self.found);
        found.clear();
        // Most actions are supplied by objects alone: their search leaves the NPC tier out.
        let npcs = self.domain.relevance().supplied_by_npcs(action);
        self.within(
            center,
            range,
            self.index_serves(range),
            npcs,
            |slot, distance| {
                let Some((entity, record)) = self.at_slot(slot) else {
                    return;
                };
                if self.supplies_to(action, entity, record.archetype, user) {
                    found.push(Found { entity, distance });
                }
            },
        );
        found.sort_unstable_by(|a, b| {
            a.distance
                .total_cmp(&b.distance)
                .then(a.entity.index1.cmp(&b.entity.index1))
        });
        self.found = found;
        Ok(&self.found)
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

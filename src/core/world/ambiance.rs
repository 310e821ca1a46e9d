//! Smart ambiance in a world (thesis ch. 7, 000_16db0c300c7e0e65.txt:1652-1790): the world's
//! areas and entity projections, the event modifiers performed actions spread, and the cost
//! deltas GOAP binding adds to each action.
//!
//! Ambiance changes GOAP costs only. UDGOAP ranks plans by utility and has no action costs
//! (:716), so it ignores ambiance, although its NPCs' actions still spread their effects.

use crate::core::model::action::ActionId;
use crate::core::model::ambiance::{Annotations, Modifier};
use crate::core::model::entity::{Entity, EntityKind};
use crate::core::model::error::{Error, Result};
use crate::core::model::vec3::Vec3;
use crate::core::world::ambiance_areas::{
    Ambiance, Anchor, Area, AreaId, Falloff, Projection, ProjectionId, Shape,
};
use crate::core::world::brains::Brains;
use crate::core::world::{describe, World};

impl<B: Brains> World<B> {
    /// The world's ambiance: its areas (with their event modifiers) and projections.
    pub fn ambiance(&self) -> &Ambiance {
        &self.ambiance
    }

    /// Adds a smart-ambiance area covering `shape`, with the location modifiers everyone
    /// inside feels (:1728), and returns its handle. Modifier start times are world times
    /// (0 and an infinite hold: always on). Errors, adding nothing, when the shape is not
    /// finite or inverted, or a modifier names an annotation the domain does not define.
    pub fn add_ambiance_area(&mut self, shape: Shape, location: Vec<Modifier>) -> Result<AreaId> {
        for modifier in &location {
            self.domain.check_annotations(modifier.annotations())?;
        }
        self.ambiance.add_area(Area::new(shape, location)?)
    }

    /// Removes an area with its location and event modifiers; its handle goes stale (using it
    /// again is a stale-handle error).
    pub fn remove_ambiance_area(&mut self, area: AreaId) -> Result<()> {
        self.ambiance.remove_area(area).map(drop)
    }

    /// Makes the live entity `source` project `modifier` on every NPC within `radius` of it,
    /// wherever it moves (object ambiance, :1766: the spy's cameras), and returns the
    /// projection's handle. The projection goes when the entity is destroyed. Errors, adding
    /// nothing, on a stale or foreign entity, a radius that is not finite and > 0, or a
    /// modifier naming an undefined annotation.
    pub fn add_ambiance_projection(
        &mut self,
        source: Entity,
        radius: f64,
        modifier: Modifier,
        falloff: Falloff,
    ) -> Result<ProjectionId> {
        self.record(source, None)?;
        self.domain.check_annotations(modifier.annotations())?;
        let projection = Projection::new(Anchor::Entity(source), radius, modifier, falloff)?;
        self.ambiance.add_projection(projection)
    }

    /// Removes a projection; its handle goes stale.
    pub fn remove_ambiance_projection(&mut self, projection: ProjectionId) -> Result<()> {
        self.ambiance.remove_projection(projection).map(drop)
    }

    /// What ambiance adds now to the GOAP cost of `action` for `npc` (an NPC spawned from an
    /// archetype), before the cost is floored at 1: "why did the NPC do that".
    pub fn ambiance_cost_delta(&self, npc: Entity, action: ActionId) -> Result<f64> {
        self.domain.actions().get(action.0)?;
        let record = self.record(npc, Some(EntityKind::Npc))?;
        let archetype = record.archetype().ok_or_else(|| {
            Error::invalid(format!(
                "npc {} was not spawned from an archetype: no annotations apply to it",
                describe(npc)
            ))
        })?;
        let applicable = &self.domain.archetype(archetype).applicable_annotations;
        Ok(self.action_cost_delta(applicable, record.position, action))
    }

    /// Fills `deltas` with the ambiance cost delta of each of `actions` for an NPC at
    /// `position` to which `applicable` applies; leaves it empty when no annotation applies
    /// (every delta is 0). Reuses `deltas`' memory.
    pub(crate) fn fill_ambiance_deltas(
        &self,
        applicable: &Annotations,
        position: Vec3,
        actions: &[ActionId],
        deltas: &mut Vec<f64>,
    ) {
        deltas.clear();
        if !applicable.is_empty() {
            deltas.extend(
                actions
                    .iter()
                    .map(|&a| self.action_cost_delta(applicable, position, a)),
            );
        }
    }

    fn action_cost_delta(&self, applicable: &Annotations, position: Vec3, action: ActionId) -> f64 {
        let annotations = &self.domain.action(action).annotations;
        if annotations.is_empty() {
            return 0.0;
        }
        self.ambiance
            .cost_delta(position, applicable, annotations, self.time, self)
    }

    /// Event ambiance: `npc` has just performed `action` successfully, so the action's
    /// ambiance effect, if any, joins every area containing `npc` (:1746). Where the engine
    /// reports the NPC at that moment is where it was performed: the effects of `action`
    /// have not moved it yet.
    pub(crate) fn spread_ambiance(&mut self, npc: Entity, action: ActionId) {
        let domain = self.domain.clone();
        let Some(effect) = &domain.action(action).ambiance_effect else {
            return;
        };
        let Some(position) = self.live_record(npc).map(|r| r.position) else {
            return;
        };
        // Authoring checked the delay is finite and >= 0, so the start is finite.
        if let Ok(event) = effect.starting_at(self.time + effect.start()) {
            self.ambiance.add_event(position, &event);
        }
    }
}

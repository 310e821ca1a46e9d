//! Smart ambiance at run time (thesis chapter 7, 000_16db0c300c7e0e65.txt:1652-1790): where
//! the [`Modifier`]s of `model/ambiance.rs` reach NPCs.
//!
//! Modifiers reach an NPC three ways: the static location modifiers of an [`Area`] it stands in
//! (:1728), event modifiers that performed actions add to the area they were performed in
//! (:1746), and [`Projection`]s of objects within a radius (:1766).
//!
//! The thesis copies modifiers into each NPC's "active ambiance modifier set" (:1698, :1728,
//! :1746). This model instead evaluates, at query time, every modifier that reaches the NPC's
//! position; that is the same rule seen from the other side ("applied to any NPC inside the
//! area when that NPC is selecting an action", :1716) and keeps no per-NPC state. Two readings
//! follow from it, both chosen deliberately: an NPC that enters an area after an event still
//! feels it, and an NPC stops feeling an area or object as soon as it leaves ("once the spy is
//! beyond the ambiance of the camera, she runs", :1772).
//!
//! The thesis's "triggers" (:1706) are whoever calls [`Ambiance::add_event`] or moves a
//! [`Projection`]'s anchor; this module only holds and sums modifiers. The world wires it in
//! (`world/ambiance.rs`).

use std::fmt;
use std::marker::PhantomData;

use crate::core::model::condition::{distance_between, FactView};
use crate::core::model::entity::Entity;
use crate::core::model::error::{Error, ErrorKind, Result};
use crate::core::model::slot_map::{KeyError, SlotKey, SlotMap};
use crate::core::model::vec3::Vec3;

use crate::core::model::ambiance::{Annotations, Modifier};
/// The region a smart ambiance covers; boundaries count as inside.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq)]
pub enum Shape {
    /// Points within `radius` of `center`.
    Sphere {
        /// Centre.
        center: Vec3,
        /// Radius, finite and ≥ 0.
        radius: f64,
    },
    /// An axis-aligned box.
    Box {
        /// Lowest corner; each coordinate ≤ the matching one of `max`.
        min: Vec3,
        /// Highest corner.
        max: Vec3,
    },
}

impl Shape {
    /// True when `point` lies inside or on the boundary.
    pub fn contains(&self, point: Vec3) -> bool {
        match *self {
            Shape::Sphere { center, radius } => distance_between(center, point) <= radius,
            Shape::Box { min, max } => {
                (min.x..=max.x).contains(&point.x)
                    && (min.y..=max.y).contains(&point.y)
                    && (min.z..=max.z).contains(&point.z)
            }
        }
    }

    fn validate(&self) -> Result<()> {
        let valid = match *self {
            Shape::Sphere { center, radius } => {
                center.is_finite() && radius.is_finite() && radius >= 0.0
            }
            Shape::Box { min, max } => {
                min.is_finite()
                    && max.is_finite()
                    && min.x <= max.x
                    && min.y <= max.y
                    && min.z <= max.z
            }
        };
        if valid {
            Ok(())
        } else {
            Err(Error::invalid(format!(
                "an ambiance area needs finite coordinates, a radius >= 0 and min <= max, got {self:?}"
            )))
        }
    }
}

/// A smart ambiance: a region with the location modifiers authored for it and the event
/// modifiers that actions performed inside have added (000_16db0c300c7e0e65.txt:1716).
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, PartialEq)]
pub struct Area {
    shape: Shape,
    location: Vec<Modifier>,
    events: Vec<Modifier>,
}

impl Area {
    /// An area with its location modifiers, which are fixed at design time (:1728). Errors
    /// when the shape is not finite or inverted.
    pub fn new(shape: Shape, location: Vec<Modifier>) -> Result<Self> {
        shape.validate()?;
        Ok(Area {
            shape,
            location,
            events: Vec::new(),
        })
    }

    /// The region covered.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// The static modifiers felt by everyone inside.
    pub fn location(&self) -> &[Modifier] {
        &self.location
    }

    /// The event modifiers added at run time and not yet pruned.
    pub fn events(&self) -> &[Modifier] {
        &self.events
    }

    /// Adds an event modifier, what an action's ambiance effect does to the area it was
    /// performed in (000_16db0c300c7e0e65.txt:1746).
    pub fn add_event(&mut self, modifier: Modifier) {
        self.events.push(modifier);
    }

    /// Drops the event modifiers finished at `now` ("should stop", :1708), in place.
    pub fn prune_finished(&mut self, now: f64) {
        self.events.retain(|m| !m.is_finished(now));
    }

    fn modifiers(&self) -> impl Iterator<Item = &Modifier> {
        self.location.iter().chain(&self.events)
    }
}

/// How an object's modifier weakens with distance inside its radius.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Falloff {
    /// Full strength anywhere within the radius: the thesis's "coming within a certain
    /// distance" rule (000_16db0c300c7e0e65.txt:1766), and the default to reach for.
    Constant,
    /// Full strength at the object, falling linearly to 0 at the radius; an extension that
    /// lets several objects blend instead of switching at a hard edge.
    Linear,
}

/// Where a [`Projection`] projects from.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq)]
pub enum Anchor {
    /// A fixed point.
    At(Vec3),
    /// An entity, wherever it is when costs are computed (the spy's camera, a guard carrying
    /// one); an entity whose position is unknown projects nothing.
    Entity(Entity),
}

impl Anchor {
    fn validate(self) -> Result<()> {
        let valid = match self {
            Anchor::At(position) => position.is_finite(),
            Anchor::Entity(entity) => !entity.is_null(),
        };
        if valid {
            Ok(())
        } else {
            Err(Error::invalid(format!(
                "an ambiance projection needs a finite position or a non-null entity, got {self:?}"
            )))
        }
    }

    /// The anchor's position now, read from `view` for an entity.
    fn locate(self, view: &impl FactView) -> Option<Vec3> {
        match self {
            Anchor::At(position) => Some(position),
            Anchor::Entity(entity) => view.position(entity),
        }
    }
}

/// Object ambiance limited by distance: an object's modifier, felt by NPCs within `radius`
/// of its anchor (000_16db0c300c7e0e65.txt:1766).
///
/// The thesis's other form of object ambiance, adding the modifier to the whole area the
/// object is in, is an event modifier on that area ([`Area::add_event`]). A projection does
/// not need to lie inside an area: its distance rule alone decides who feels it.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, PartialEq)]
pub struct Projection {
    anchor: Anchor,
    radius: f64,
    modifier: Modifier,
    falloff: Falloff,
}

impl Projection {
    /// A projection from `anchor`. Errors unless the anchor is a finite position or a
    /// non-null entity and `radius` is finite and > 0.
    pub fn new(anchor: Anchor, radius: f64, modifier: Modifier, falloff: Falloff) -> Result<Self> {
        if !(radius.is_finite() && radius > 0.0) {
            return Err(Error::invalid(format!(
                "an ambiance projection's radius must be finite and > 0, got {radius}"
            )));
        }
        anchor.validate()?;
        Ok(Projection {
            anchor,
            radius,
            modifier,
            falloff,
        })
    }

    /// Where it projects from.
    pub fn anchor(&self) -> Anchor {
        self.anchor
    }

    /// Moves it, for objects (or NPCs) that carry their ambiance around without being
    /// entities. Errors, changing nothing, on an anchor [`Projection::new`] would reject.
    pub fn set_anchor(&mut self, anchor: Anchor) -> Result<()> {
        anchor.validate()?;
        self.anchor = anchor;
        Ok(())
    }

    /// The modifier it projects.
    pub fn modifier(&self) -> &Modifier {
        &self.modifier
    }

    /// The share in [0, 1] of the modifier felt at `point` when projected from `from`, or
    /// `None` beyond the radius.
    fn weight_at(&self, from: Vec3, point: Vec3) -> Option<f64> {
        let distance = distance_between(from, point);
        // A NaN distance (a non-finite query point) is out of reach.
        (distance <= self.radius).then(|| match self.falloff {
            Falloff::Constant => 1.0,
            Falloff::Linear => 1.0 - distance / self.radius,
        })
    }
}

/// What an [`AmbianceId`] names: an [`Area`] or a [`Projection`].
pub trait AmbianceItem {
    /// Its name in messages.
    const KIND: &'static str;
}

impl AmbianceItem for Area {
    const KIND: &'static str = "ambiance area";
}

impl AmbianceItem for Projection {
    const KIND: &'static str = "ambiance projection";
}

/// A handle to an area or a projection of one [`Ambiance`]: `{index + 1, generation, world
/// serial}`, checked on every use like an entity handle, so a removed (or foreign) one is an
/// error, never another item. All zero is the null handle.
pub struct AmbianceId<T> {
    /// Slot index plus one; 0 only in the null handle.
    pub index1: u32,
    /// Generation of the slot when the item was added.
    pub generation: u16,
    /// Serial of the world whose ambiance issued it (0 for a standalone [`Ambiance`]).
    pub world: u16,
    item: PhantomData<fn() -> T>,
}

/// A handle to an [`Area`].
pub type AreaId = AmbianceId<Area>;

/// A handle to a [`Projection`].
pub type ProjectionId = AmbianceId<Projection>;

impl<T> AmbianceId<T> {
    /// The handle with these parts (the C boundary's handles carry them).
    pub fn new(index1: u32, generation: u16, world: u16) -> Self {
        AmbianceId {
            index1,
            generation,
            world,
            item: PhantomData,
        }
    }

    fn from_key(key: SlotKey, world: u16) -> Self {
        AmbianceId::new(key.index + 1, key.generation, world)
    }
}

// Written out rather than derived: a derive would require `T` itself to be `Copy`, `Eq`, ….
impl<T> Clone for AmbianceId<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for AmbianceId<T> {}

impl<T> PartialEq for AmbianceId<T> {
    fn eq(&self, other: &Self) -> bool {
        (self.index1, self.generation, self.world) == (other.index1, other.generation, other.world)
    }
}

impl<T> Eq for AmbianceId<T> {}

impl<T: AmbianceItem> fmt::Debug for AmbianceId<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {{{}:{}@{}}}",
            T::KIND,
            self.index1,
            self.generation,
            self.world
        )
    }
}

/// Items of one kind, addressed by checked generational handles.
#[derive(serde::Serialize, serde::Deserialize)]
struct Items<T> {
    map: SlotMap<T>,
}

impl<T> Default for Items<T> {
    fn default() -> Self {
        Items {
            map: SlotMap::default(),
        }
    }
}

impl<T: AmbianceItem> Items<T> {
    fn add(&mut self, item: T, world: u16) -> Result<AmbianceId<T>> {
        let key = self.map.insert(item).ok_or_else(|| {
            Error::invalid(format!("the ambiance holds 2^32 {}s already", T::KIND))
        })?;
        Ok(AmbianceId::from_key(key, world))
    }

    /// The slot key `id` names in the ambiance of world `world`: errors for the null handle
    /// and for other worlds' handles.
    fn key(id: AmbianceId<T>, world: u16) -> Result<SlotKey> {
        let Some(index) = id.index1.checked_sub(1) else {
            return Err(Error::invalid(format!("the {} handle is null", T::KIND)));
        };
        if id.world != world {
            return Err(Error::new(
                ErrorKind::WrongWorld,
                format!(
                    "{id:?} belongs to world {}, not to this one ({world})",
                    id.world
                ),
            ));
        }
        Ok(SlotKey {
            index,
            generation: id.generation,
        })
    }

    /// Why `id` names no live item.
    fn missing(id: AmbianceId<T>, error: KeyError) -> Error {
        let why = match error {
            KeyError::Stale => "was removed",
            KeyError::Unknown => "was never issued by this world",
        };
        Error::new(ErrorKind::StaleHandle, format!("{id:?} {why}"))
    }

    fn get(&self, id: AmbianceId<T>, world: u16) -> Result<&T> {
        let key = Self::key(id, world)?;
        self.map.get(key).map_err(|e| Self::missing(id, e))
    }

    fn get_mut(&mut self, id: AmbianceId<T>, world: u16) -> Result<&mut T> {
        let key = Self::key(id, world)?;
        self.map.get_mut(key).map_err(|e| Self::missing(id, e))
    }

    fn remove(&mut self, id: AmbianceId<T>, world: u16) -> Result<T> {
        let key = Self::key(id, world)?;
        self.map.remove(key).map_err(|e| Self::missing(id, e))
    }
}

/// All the smart ambiance of a world: its areas and object projections, each addressed by a
/// checked handle that goes stale when it is removed.
#[derive(serde::Serialize, serde::Deserialize, Default)]
pub struct Ambiance {
    /// The owning world's serial: not saved (a loaded world sets its own).
    #[serde(skip)]
    world: u16,
    areas: Items<Area>,
    projections: Items<Projection>,
}

impl Ambiance {
    /// Gives its handles (and those it issues from now on) the serial `world` (a loaded world
    /// takes a serial of its own).
    pub(crate) fn set_world(&mut self, world: u16) {
        self.world = world;
    }

    /// No areas, no projections: every cost delta is 0. Its handles carry world serial 0.
    pub fn new() -> Self {
        Ambiance::default()
    }

    /// An empty ambiance whose handles carry the serial of the world that owns it.
    pub fn for_world(world: u16) -> Self {
        Ambiance {
            world,
            ..Ambiance::default()
        }
    }

    /// Adds an area and returns its handle.
    pub fn add_area(&mut self, area: Area) -> Result<AreaId> {
        self.areas.add(area, self.world)
    }

    /// The area `id`; a stale, foreign or null handle is an error.
    pub fn area(&self, id: AreaId) -> Result<&Area> {
        self.areas.get(id, self.world)
    }

    /// The area `id` for changes.
    pub fn area_mut(&mut self, id: AreaId) -> Result<&mut Area> {
        self.areas.get_mut(id, self.world)
    }

    /// Every area with its handle, in slot order.
    pub fn areas(&self) -> impl Iterator<Item = (AreaId, &Area)> {
        let world = self.world;
        self.areas
            .map
            .iter()
            .map(move |(key, area)| (AmbianceId::from_key(key, world), area))
    }

    /// Every projection with its handle, in slot order.
    pub fn projections(&self) -> impl Iterator<Item = (ProjectionId, &Projection)> {
        let world = self.world;
        self.projections
            .map
            .iter()
            .map(move |(key, projection)| (AmbianceId::from_key(key, world), projection))
    }

    /// Removes the area `id`, with its location and event modifiers; the handle goes stale.
    pub fn remove_area(&mut self, id: AreaId) -> Result<Area> {
        self.areas.remove(id, self.world)
    }

    /// Adds an object projection and returns its handle.
    pub fn add_projection(&mut self, projection: Projection) -> Result<ProjectionId> {
        self.projections.add(projection, self.world)
    }

    /// The projection `id`.
    pub fn projection(&self, id: ProjectionId) -> Result<&Projection> {
        self.projections.get(id, self.world)
    }

    /// The projection `id` for changes (moving it).
    pub fn projection_mut(&mut self, id: ProjectionId) -> Result<&mut Projection> {
        self.projections.get_mut(id, self.world)
    }

    /// Removes the projection `id`; the handle goes stale.
    pub fn remove_projection(&mut self, id: ProjectionId) -> Result<Projection> {
        self.projections.remove(id, self.world)
    }

    /// Removes every projection anchored to `entity`: an object's ambiance goes with it.
    pub fn remove_anchored_to(&mut self, entity: Entity) {
        self.projections
            .map
            .retain(|p| p.anchor != Anchor::Entity(entity));
    }

    /// An action's ambiance effect: adds `modifier` as an event to every area containing
    /// `position`, where the action was performed (000_16db0c300c7e0e65.txt:1746), and
    /// returns how many areas received it. Overlapping areas each get a copy, as each is a
    /// smart ambiance in its own right; outside every area the effect has nowhere to go.
    pub fn add_event(&mut self, position: Vec3, modifier: &Modifier) -> usize {
        let mut added = 0;
        for area in self.areas.map.values_mut() {
            if area.shape.contains(position) {
                area.add_event(modifier.clone());
                added += 1;
            }
        }
        added
    }

    /// Drops every area's finished event modifiers, in place (no allocation).
    pub fn prune_finished(&mut self, now: f64) {
        self.areas
            .map
            .values_mut()
            .for_each(|a| a.prune_finished(now));
    }

    /// What ambiance adds to the cost of an action annotated `action`, for an NPC at `position`
    /// to which the annotations `applicable` apply, at time `now`: the sum of the values of
    /// every modifier of the areas containing the position and of the projections reaching
    /// it, counting a modifier only when one of its annotations is both applicable to the NPC
    /// and carried by the action. `view` locates projections anchored to entities.
    ///
    /// The thesis states the two conditions separately: a modifier applies to an NPC if one of
    /// its annotations is applicable to it (000_16db0c300c7e0e65.txt:1746), and then changes
    /// the actions carrying "that annotation" (:1750). Requiring the same annotation for both
    /// is our reading: applicability says which of the NPC's action costs may be changed at all
    /// ("this NPC can have its serious action costs modified", :1698), so a modifier tagged
    /// {serious, loud} must not reach the loud actions of an NPC susceptible only to serious.
    ///
    /// Pass the result to [`adjusted_cost`](crate::core::model::ambiance::adjusted_cost). Runs without allocating.
    pub fn cost_delta(
        &self,
        position: Vec3,
        applicable: &Annotations,
        action: &Annotations,
        now: f64,
        view: &impl FactView,
    ) -> f64 {
        let relevant = |m: &Modifier| m.annotations().intersects_both(applicable, action);
        let from_areas: f64 = self
            .areas
            .map
            .iter()
            .map(|(_, area)| area)
            .filter(|a| a.shape.contains(position))
            .flat_map(Area::modifiers)
            .filter(|m| relevant(m))
            .map(|m| m.value_at(now))
            .sum();
        let from_objects: f64 = self
            .projections
            .map
            .iter()
            .map(|(_, projection)| projection)
            .filter(|p| relevant(&p.modifier))
            .filter_map(|p| {
                let weight = p.weight_at(p.anchor.locate(view)?, position)?;
                Some(weight * p.modifier.value_at(now))
            })
            .sum();
        from_areas + from_objects
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::model::ambiance::tests::{permanent, set, LOUD, NERVOUS, SUSPICIOUS};
    use crate::core::model::ambiance::{
        adjusted_cost, Annotations, Modifier, Rate, MIN_ACTION_COST,
    };
    use crate::core::model::error::ErrorKind;

    /// The name of the cheapest candidate `(name, base cost, annotations)` for an NPC at
    /// `position` with `applicable` annotations; ties keep the first.
    fn cheapest<'a>(
        candidates: &[(&'a str, f64, &Annotations)],
        ambiance: &Ambiance,
        position: Vec3,
        applicable: &Annotations,
        now: f64,
    ) -> &'a str {
        let cost = |&(_, base, action): &(&str, f64, &Annotations)| {
            adjusted_cost(
                base,
                ambiance.cost_delta(position, applicable, action, now, &NOWHERE),
            )
        };
        candidates
            .iter()
            .min_by(|a, b| cost(a).total_cmp(&cost(b)))
            .unwrap()
            .0
    }

    /// Where entities are, for projections anchored to them.
    struct Positions(Vec<(Entity, Vec3)>);

    impl FactView for Positions {
        fn value(&self, _: Entity, _: crate::core::AttributeId) -> Option<crate::core::Value> {
            None
        }

        fn position(&self, entity: Entity) -> Option<Vec3> {
            self.0.iter().find(|(e, _)| *e == entity).map(|(_, p)| *p)
        }
    }

    /// No entity is anywhere.
    const NOWHERE: Positions = Positions(Vec::new());

    fn assert_invalid<T: std::fmt::Debug>(result: Result<T>) {
        assert_eq!(result.unwrap_err().kind, ErrorKind::InvalidArgument);
    }

    #[test]
    fn non_finite_queries_change_nothing() {
        let mut ambiance = Ambiance::new();
        let everywhere = Shape::Sphere {
            center: Vec3::default(),
            radius: 100.0,
        };
        ambiance
            .add_area(Area::new(everywhere, vec![permanent(2.0, LOUD)]).unwrap())
            .unwrap();
        let origin = Anchor::At(Vec3::default());
        let camera = Projection::new(origin, 10.0, permanent(5.0, LOUD), Falloff::Linear);
        ambiance.add_projection(camera.unwrap()).unwrap();
        let loud = set(&[LOUD]);
        assert_eq!(permanent(2.0, LOUD).value_at(f64::NAN), 0.0);
        let nowhere = Vec3::new(f32::NAN, 0.0, 0.0);
        assert_eq!(
            ambiance.cost_delta(nowhere, &loud, &loud, 1.0, &NOWHERE),
            0.0
        );
    }

    #[test]
    fn bad_data_is_rejected() {
        let ok = set(&[LOUD]);
        let instant = Rate::Instantaneous;
        let new = |start, amount, booster, hold, dampener| {
            Modifier::new(start, amount, ok.clone(), booster, hold, dampener)
        };
        assert_invalid(new(f64::NAN, 1.0, instant, 0.0, instant));
        assert_invalid(new(0.0, f64::INFINITY, instant, 0.0, instant));
        assert_invalid(new(0.0, f64::NAN, instant, 0.0, instant));
        assert_invalid(new(0.0, 1.0, instant, -1.0, instant));
        assert_invalid(new(0.0, 1.0, instant, f64::NAN, instant));
        for duration in [0.0, -1.0, f64::INFINITY, f64::NAN] {
            let linear = Rate::Linear { duration };
            assert_invalid(new(0.0, 1.0, linear, 0.0, instant));
            assert_invalid(new(0.0, 1.0, instant, 0.0, linear));
        }
        assert_invalid(Modifier::new(
            0.0,
            1.0,
            Annotations::new(),
            instant,
            0.0,
            instant,
        ));
        assert_invalid(permanent(1.0, LOUD).starting_at(f64::INFINITY));

        let origin = Vec3::default();
        let sphere = |radius| Shape::Sphere {
            center: origin,
            radius,
        };
        assert_invalid(Area::new(sphere(-1.0), Vec::new()));
        assert_invalid(Area::new(sphere(f64::NAN), Vec::new()));
        let inverted = Shape::Box {
            min: Vec3::new(1.0, 0.0, 0.0),
            max: origin,
        };
        assert_invalid(Area::new(inverted, Vec::new()));
        let unbounded = Shape::Box {
            min: origin,
            max: Vec3::new(f32::INFINITY, 1.0, 1.0),
        };
        assert_invalid(Area::new(unbounded, Vec::new()));

        let m = permanent(1.0, LOUD);
        let here = Anchor::At(origin);
        assert_invalid(Projection::new(here, 0.0, m.clone(), Falloff::Constant));
        assert_invalid(Projection::new(
            here,
            f64::INFINITY,
            m.clone(),
            Falloff::Constant,
        ));
        let nowhere = Vec3::new(f32::NAN, 0.0, 0.0);
        assert_invalid(Projection::new(
            Anchor::At(nowhere),
            1.0,
            m.clone(),
            Falloff::Constant,
        ));
        let null = Anchor::Entity(Entity::NULL);
        assert_invalid(Projection::new(null, 1.0, m.clone(), Falloff::Constant));
        let mut fine = Projection::new(here, 1.0, m, Falloff::Constant).unwrap();
        assert_invalid(fine.set_anchor(null));
        assert_eq!(fine.anchor(), here, "a rejected move changes nothing");
    }

    #[test]
    fn shapes_include_their_boundary() {
        let sphere = Shape::Sphere {
            center: Vec3::new(1.0, 0.0, 0.0),
            radius: 2.0,
        };
        assert!(sphere.contains(Vec3::new(3.0, 0.0, 0.0)));
        assert!(!sphere.contains(Vec3::new(3.1, 0.0, 0.0)));
        let cuboid = Shape::Box {
            min: Vec3::new(0.0, 0.0, 0.0),
            max: Vec3::new(1.0, 2.0, 3.0),
        };
        assert!(cuboid.contains(Vec3::new(1.0, 2.0, 3.0)));
        assert!(!cuboid.contains(Vec3::new(0.5, 2.5, 1.0)));
    }

    #[test]
    fn a_modifier_counts_only_through_an_annotation_both_applicable_and_on_the_action() {
        let mut ambiance = Ambiance::new();
        let everywhere = Shape::Sphere {
            center: Vec3::default(),
            radius: 100.0,
        };
        let both = Modifier::new(
            0.0,
            5.0,
            set(&[LOUD, NERVOUS]),
            Rate::Instantaneous,
            f64::INFINITY,
            Rate::Instantaneous,
        )
        .unwrap();
        ambiance
            .add_area(Area::new(everywhere, vec![both]).unwrap())
            .unwrap();
        let here = Vec3::default();
        let delta = |applicable, action| {
            ambiance.cost_delta(here, &set(applicable), &set(action), 0.0, &NOWHERE)
        };
        assert_eq!(delta(&[LOUD], &[LOUD]), 5.0);
        // Susceptible only to loud: a nervous action keeps its cost.
        assert_eq!(delta(&[LOUD], &[NERVOUS]), 0.0);
        assert_eq!(delta(&[SUSPICIOUS], &[LOUD]), 0.0);
        assert_eq!(delta(&[LOUD, NERVOUS], &[LOUD, NERVOUS]), 5.0);
    }

    #[test]
    fn library_location_ambiance_quietens_an_outgoing_npc() {
        // 000_16db0c300c7e0e65.txt:1730-1734: chat (loud) is the outgoing NPC's cheaper way
        // to socialise, until the library's location ambiance makes loud actions dearer.
        let mut ambiance = Ambiance::new();
        let library = Shape::Box {
            min: Vec3::new(0.0, 0.0, 0.0),
            max: Vec3::new(20.0, 5.0, 20.0),
        };
        ambiance
            .add_area(Area::new(library, vec![permanent(2.0, LOUD)]).unwrap())
            .unwrap();
        let (loud, quiet) = (set(&[LOUD]), Annotations::new());
        let actions = [("chat", 1.0, &loud), ("check_social_network", 2.0, &quiet)];
        let outgoing = set(&[LOUD]);
        let inside = Vec3::new(10.0, 1.0, 10.0);
        let outside = Vec3::new(30.0, 1.0, 10.0);

        assert_eq!(
            cheapest(&actions, &ambiance, inside, &outgoing, 5.0),
            "check_social_network"
        );
        assert_eq!(
            cheapest(&actions, &ambiance, outside, &outgoing, 5.0),
            "chat"
        );
        // An NPC that ambiance does not affect ("without smart ambiance", :1732) chats.
        assert_eq!(
            cheapest(&actions, &ambiance, inside, &Annotations::new(), 5.0),
            "chat"
        );
    }

    #[test]
    fn road_crossing_nervousness_spreads_then_fades() {
        // 000_16db0c300c7e0e65.txt:1756-1760. Each type has its own base costs (:1758-1760):
        // normal pedestrians walk (2) rather than run (3); nervous ones run (2) rather than
        // walk (3). Every run makes nervous actions 0.75 cheaper in the crossing for 5 s,
        // fading over 5 s more; one run is not enough to tip a normal pedestrian, two are.
        let mut ambiance = Ambiance::new();
        let crossing = Shape::Sphere {
            center: Vec3::default(),
            radius: 10.0,
        };
        let crossing = ambiance
            .add_area(Area::new(crossing, Vec::new()).unwrap())
            .unwrap();
        let nervous = set(&[NERVOUS]);
        let plain = Annotations::new();
        let normal_costs = [("walk", 2.0, &plain), ("run", 3.0, &nervous)];
        let nervous_costs = [("walk", 3.0, &plain), ("run", 2.0, &nervous)];
        let run_effect = Modifier::new(
            0.0,
            -0.75,
            set(&[NERVOUS]),
            Rate::Instantaneous,
            5.0,
            Rate::Linear { duration: 5.0 },
        )
        .unwrap();
        let pedestrian = Vec3::new(2.0, 0.0, 0.0);
        let away = Vec3::new(50.0, 0.0, 0.0);

        assert_eq!(
            cheapest(&normal_costs, &ambiance, pedestrian, &nervous, 0.0),
            "walk"
        );
        for (runner, t) in [
            (Vec3::new(-3.0, 0.0, 0.0), 0.0),
            (Vec3::new(3.0, 0.0, 1.0), 1.0),
        ] {
            assert_eq!(
                cheapest(&nervous_costs, &ambiance, runner, &nervous, t),
                "run"
            );
            assert_eq!(
                ambiance.add_event(runner, &run_effect.starting_at(t).unwrap()),
                1
            );
            if t == 0.0 {
                // One run: 3 − 0.75 = 2.25 > 2, below the threshold.
                assert_eq!(
                    cheapest(&normal_costs, &ambiance, pedestrian, &nervous, 0.5),
                    "walk"
                );
            }
        }
        // Two runs: 3 − 1.5 = 1.5 < 2, the normal pedestrian runs too.
        assert_eq!(
            cheapest(&normal_costs, &ambiance, pedestrian, &nervous, 2.0),
            "run"
        );
        // Not outside the crossing, and not for someone who is never nervous.
        assert_eq!(
            cheapest(&normal_costs, &ambiance, away, &nervous, 2.0),
            "walk"
        );
        assert_eq!(
            cheapest(&normal_costs, &ambiance, pedestrian, &plain, 2.0),
            "walk"
        );
        // Fading: at t = 8 the runs weigh −0.3 and −0.45, so run costs 2.25 again.
        assert_eq!(
            cheapest(&normal_costs, &ambiance, pedestrian, &nervous, 8.0),
            "walk"
        );
        ambiance.prune_finished(10.5);
        assert_eq!(ambiance.area(crossing).unwrap().events().len(), 1);
        ambiance.prune_finished(11.0);
        assert!(ambiance.area(crossing).unwrap().events().is_empty());
        assert_eq!(
            cheapest(&normal_costs, &ambiance, pedestrian, &nervous, 11.0),
            "walk"
        );
    }

    #[test]
    fn runaway_contagion_stays_at_the_minimum_cost() {
        // :1786-1788 warns contagion can run away; the planner still sees a valid cost.
        let mut ambiance = Ambiance::new();
        let crossing = Shape::Sphere {
            center: Vec3::default(),
            radius: 10.0,
        };
        let crossing = ambiance
            .add_area(Area::new(crossing, Vec::new()).unwrap())
            .unwrap();
        for _ in 0..20 {
            ambiance.add_event(Vec3::default(), &permanent(-0.75, NERVOUS));
        }
        let nervous = set(&[NERVOUS]);
        let delta = ambiance.cost_delta(Vec3::default(), &nervous, &nervous, 1.0, &NOWHERE);
        assert_eq!(delta, -15.0);
        assert_eq!(adjusted_cost(3.0, delta), MIN_ACTION_COST);
        assert_eq!(adjusted_cost(3.0, f64::NAN), MIN_ACTION_COST);
        // An object's whole-area ambiance (:1766) goes straight to its area.
        let area = ambiance.area_mut(crossing).unwrap();
        area.add_event(permanent(-1.0, NERVOUS));
        assert_eq!(
            ambiance.cost_delta(Vec3::default(), &nervous, &nervous, 1.0, &NOWHERE),
            -16.0
        );
        // Outside every area an effect has nowhere to go.
        assert_eq!(
            ambiance.add_event(Vec3::new(99.0, 0.0, 0.0), &permanent(-1.0, NERVOUS)),
            0
        );
    }

    #[test]
    fn spy_walks_near_cameras_and_runs_elsewhere() {
        // 000_16db0c300c7e0e65.txt:1768-1772: running is cheaper but suspicious; cameras make
        // suspicious actions dearer within their reach.
        let mut ambiance = Ambiance::new();
        let camera = |x| {
            Projection::new(
                Anchor::At(Vec3::new(x, 0.0, 0.0)),
                10.0,
                permanent(5.0, SUSPICIOUS),
                Falloff::Constant,
            )
            .unwrap()
        };
        ambiance.add_projection(camera(0.0)).unwrap();
        let second = ambiance.add_projection(camera(100.0)).unwrap();
        let (suspicious, plain) = (set(&[SUSPICIOUS]), Annotations::new());
        let actions = [("walk", 2.0, &plain), ("run", 1.0, &suspicious)];
        let spy = set(&[SUSPICIOUS]);
        let at = |x| Vec3::new(x, 0.0, 0.0);

        assert_eq!(cheapest(&actions, &ambiance, at(9.0), &spy, 0.0), "walk");
        assert_eq!(cheapest(&actions, &ambiance, at(50.0), &spy, 0.0), "run");
        assert_eq!(cheapest(&actions, &ambiance, at(95.0), &spy, 0.0), "walk");
        // Without smart ambiance (:1770) the spy runs past every camera.
        assert_eq!(
            cheapest(&actions, &ambiance, at(9.0), &Annotations::new(), 0.0),
            "run"
        );
        // A camera that moves away takes its ambiance with it.
        let moved = ambiance.projection_mut(second).unwrap();
        moved.set_anchor(Anchor::At(at(200.0))).unwrap();
        assert_eq!(cheapest(&actions, &ambiance, at(95.0), &spy, 0.0), "run");
    }

    #[test]
    fn linear_falloff_weakens_with_distance() {
        let mut ambiance = Ambiance::new();
        let camera = permanent(5.0, SUSPICIOUS);
        let origin = Anchor::At(Vec3::default());
        let projection = Projection::new(origin, 10.0, camera, Falloff::Linear).unwrap();
        ambiance.add_projection(projection).unwrap();
        let s = set(&[SUSPICIOUS]);
        let delta = |x| ambiance.cost_delta(Vec3::new(x, 0.0, 0.0), &s, &s, 0.0, &NOWHERE);
        assert!((delta(2.0) - 4.0).abs() < 1e-9);
        assert!((delta(9.0) - 0.5).abs() < 1e-9);
        assert_eq!(delta(10.5), 0.0);
    }

    #[test]
    fn an_entity_anchored_projection_follows_its_entity_and_goes_with_it() {
        let mut ambiance = Ambiance::new();
        let camera = Entity {
            index1: 1,
            generation: 1,
            world: 0,
        };
        let projection = Projection::new(
            Anchor::Entity(camera),
            10.0,
            permanent(5.0, SUSPICIOUS),
            Falloff::Constant,
        )
        .unwrap();
        let id = ambiance.add_projection(projection).unwrap();
        let s = set(&[SUSPICIOUS]);
        let spy = Vec3::new(50.0, 0.0, 0.0);
        let delta = |ambiance: &Ambiance, camera_at: f32| {
            let view = Positions(vec![(camera, Vec3::new(camera_at, 0.0, 0.0))]);
            ambiance.cost_delta(spy, &s, &s, 0.0, &view)
        };
        assert_eq!(delta(&ambiance, 0.0), 0.0);
        assert_eq!(delta(&ambiance, 45.0), 5.0, "read where the entity is now");
        assert_eq!(ambiance.cost_delta(spy, &s, &s, 0.0, &NOWHERE), 0.0);
        ambiance.remove_anchored_to(camera);
        assert_eq!(delta(&ambiance, 45.0), 0.0);
        assert_eq!(
            ambiance.projection(id).unwrap_err().kind,
            ErrorKind::StaleHandle
        );
    }

    #[test]
    fn removed_and_foreign_handles_are_errors_not_other_items() {
        let mut ambiance = Ambiance::for_world(7);
        let shape = Shape::Sphere {
            center: Vec3::default(),
            radius: 1.0,
        };
        let first = ambiance
            .add_area(Area::new(shape, vec![permanent(1.0, LOUD)]).unwrap())
            .unwrap();
        assert_eq!(first.world, 7);
        assert_eq!(
            ambiance.areas().map(|(id, _)| id).collect::<Vec<_>>(),
            [first]
        );
        ambiance.remove_area(first).unwrap();
        let second = ambiance
            .add_area(Area::new(shape, Vec::new()).unwrap())
            .unwrap();
        assert_eq!(second.index1, first.index1, "the slot is reused");
        let stale = ambiance.area(first).unwrap_err();
        assert_eq!(stale.kind, ErrorKind::StaleHandle);
        assert!(stale.message.contains("was removed"), "{stale}");
        assert_eq!(
            ambiance.remove_area(first).unwrap_err().kind,
            ErrorKind::StaleHandle
        );
        assert!(ambiance.area(second).unwrap().location().is_empty());
        let foreign = AreaId::new(second.index1, second.generation, 8);
        assert_eq!(
            ambiance.area(foreign).unwrap_err().kind,
            ErrorKind::WrongWorld
        );
        let null = AreaId::new(0, 0, 7);
        assert_eq!(
            ambiance.area(null).unwrap_err().kind,
            ErrorKind::InvalidArgument
        );
        let never = ProjectionId::new(3, 1, 7);
        assert_eq!(
            ambiance.projection(never).unwrap_err().kind,
            ErrorKind::StaleHandle
        );
    }
}

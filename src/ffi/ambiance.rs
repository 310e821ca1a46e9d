//! Smart ambiance through the C ABI (thesis ch. 7): annotations, an action's annotations and
//! ambiance effect, an archetype's applicable annotations (definitions); areas, entity
//! projections and an action's current ambiance cost delta for an NPC (world).

use std::ffi::c_char;

use super::actions::motive_action_id;
use super::archetypes::motive_archetype_id;
use super::domain::{define, edit, find, motive_domain, motive_domain_builder};
use super::enum_codes::{c_enum, decode};
use super::guard::{guard, guard_value, FfiError, FfiResult};
use super::handles::{motive_entity, motive_npc};
use super::pointers::{out, read_def, slice};
use super::status::motive_status;
use super::vec3::motive_vec3;
use super::world::{motive_world, query, with_world};
use crate::core::model::action::ActionId;
use crate::core::model::ambiance::{AnnotationId, Modifier, Rate, MAX_ANNOTATIONS};
use crate::core::model::archetype::ArchetypeId;
use crate::core::world::ambiance_areas::{AmbianceId, AreaId, Falloff, ProjectionId, Shape};

/// Dense id of an ambiance annotation (`loud`, `nervous`) in its domain (0, 1, 2, … in
/// definition order).
pub type motive_annotation_id = u32;

/// How a modifier's booster moves an action's cost away from its base, or its dampener brings
/// it back.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum motive_ambiance_rate_kind {
    /// The whole change at once (the thesis's `fn_instantaneous`). The default.
    Instantaneous = 0,
    /// An even change over `duration` seconds (finite, > 0).
    Linear = 1,
}

c_enum!(motive_ambiance_rate_kind {
    Instantaneous,
    Linear
});

/// A booster's or dampener's rate: `kind` is a `motive_ambiance_rate_kind`; `duration` is read
/// only for `MOTIVE_AMBIANCE_RATE_KIND_LINEAR`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct motive_ambiance_rate {
    /// A `motive_ambiance_rate_kind`.
    pub kind: u32,
    /// Seconds the change takes (linear).
    pub duration: f64,
}

impl motive_ambiance_rate {
    fn to_core(self, name: &str) -> FfiResult<Rate> {
        Ok(
            match decode::<motive_ambiance_rate_kind>(self.kind, &format!("{name}.kind"))? {
                motive_ambiance_rate_kind::Instantaneous => Rate::Instantaneous,
                motive_ambiance_rate_kind::Linear => Rate::Linear {
                    duration: self.duration,
                },
            },
        )
    }
}

/// How a projection's modifier weakens with distance within its radius.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum motive_ambiance_falloff {
    /// Full strength anywhere within the radius (the thesis's "within a certain distance").
    Constant = 0,
    /// Full strength at the source, falling linearly to 0 at the radius.
    Linear = 1,
}

c_enum!(motive_ambiance_falloff => Falloff {
    Constant => Falloff::Constant,
    Linear => Falloff::Linear,
});

/// An ambiance modifier: adds up to `amount` (negative: cheaper) to the GOAP cost of the
/// actions carrying one of `annotations`, for NPCs to which that annotation applies. From
/// `start` the booster ramps it up, it holds for `hold` seconds, then the dampener ramps it
/// back to 0 and it ends. Get one from `motive_ambiance_modifier_default()` (always on:
/// start 0, infinite hold), then change fields.
///
/// `start` is a world time for location and projection modifiers, and a delay after each
/// performance for an action's ambiance effect.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct motive_ambiance_modifier {
    /// `sizeof(motive_ambiance_modifier)`, set by `motive_ambiance_modifier_default()`;
    /// checked on use.
    pub struct_size: u32,
    /// When the booster starts, in seconds; finite (≥ 0 for an action's effect). Default 0.
    pub start: f64,
    /// The signed change at full strength; finite. Default 0.
    pub amount: f64,
    /// `annotation_count` annotations (at least one; all defined), copied on use. Default
    /// NULL.
    pub annotations: *const motive_annotation_id,
    /// Number of `annotations`. Default 0.
    pub annotation_count: usize,
    /// How the change builds up. Default instantaneous.
    pub booster: motive_ambiance_rate,
    /// Seconds at full strength, ≥ 0; `INFINITY` never ends. Default `INFINITY`.
    pub hold: f64,
    /// How the change fades. Default instantaneous.
    pub dampener: motive_ambiance_rate,
}

impl motive_ambiance_modifier {
    /// The core modifier, its annotations not yet checked against a domain; errors name the
    /// argument `name`.
    ///
    /// # Safety
    /// A non-NULL `annotations` must be readable for `annotation_count` ids.
    unsafe fn to_core(self, name: &str) -> FfiResult<Modifier> {
        let at = |field: &str| format!("{name}->{field}");
        // SAFETY: forwarded from this function's contract.
        let ids = unsafe { slice(self.annotations, self.annotation_count, &at("annotations")) }?;
        let booster = self.booster.to_core(&at("booster"))?;
        let dampener = self.dampener.to_core(&at("dampener"))?;
        // Bounded before the set is built: a set holds a bit up to its largest id.
        if let Some(&id) = ids.iter().find(|&&id| id >= MAX_ANNOTATIONS) {
            return Err(FfiError::new(
                motive_status::NotFound,
                format!(
                    "{}: annotation {id} is past any domain's (at most {MAX_ANNOTATIONS})",
                    at("annotations")
                ),
            ));
        }
        let annotations = ids.iter().map(|&id| AnnotationId(id)).collect();
        Modifier::new(
            self.start,
            self.amount,
            annotations,
            booster,
            self.hold,
            dampener,
        )
        .map_err(|e| FfiError::from(e).context(name))
    }
}

/// Reads the modifier argument `name`.
///
/// # Safety
/// `ptr` must be NULL or a valid `motive_ambiance_modifier` whose `annotations` are NULL or
/// readable for their count.
unsafe fn read_modifier(ptr: *const motive_ambiance_modifier, name: &str) -> FfiResult<Modifier> {
    // SAFETY: forwarded from this function's contract.
    unsafe { read_def(ptr, name)?.to_core(name) }
}

/// Reads the array argument `name` of `count` modifiers (NULL when the count is 0).
///
/// # Safety
/// `ptr` must be NULL or point to `count` valid `motive_ambiance_modifier`s, as
/// [`read_modifier`].
unsafe fn read_modifiers(
    ptr: *const motive_ambiance_modifier,
    count: usize,
    name: &str,
) -> FfiResult<Vec<Modifier>> {
    if count > 0 {
        // The first element's struct_size says whether the caller's struct is ours; only
        // then is the array's stride ours and the slice below sound.
        // SAFETY: forwarded from this function's contract.
        unsafe { read_def(ptr, &format!("{name}[0]")) }?;
    }
    // SAFETY: as above.
    let modifiers = unsafe { slice(ptr, count, name) }?;
    modifiers
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let name = format!("{name}[{i}]");
            // SAFETY: each element is valid per this function's contract; reading it by its
            // address checks its own struct_size.
            unsafe { read_modifier(m, &name) }
        })
        .collect()
}

/// Reads the array argument `name` of `count` annotation ids.
///
/// # Safety
/// `ptr` must be NULL or readable for `count` ids.
unsafe fn read_annotations(
    ptr: *const motive_annotation_id,
    count: usize,
    name: &str,
) -> FfiResult<Vec<AnnotationId>> {
    // SAFETY: forwarded from this function's contract.
    let ids = unsafe { slice(ptr, count, name) }?;
    Ok(ids.iter().map(|&id| AnnotationId(id)).collect())
}

/// A handle to a smart-ambiance area of one world: a plain value, all zero is null. Checked on
/// every use: a removed area's handle is `MOTIVE_STATUS_STALE_HANDLE`, never another area.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct motive_ambiance_area {
    /// Slot index plus one; 0 only in the null handle.
    pub index1: u32,
    /// Slot generation when the area was added.
    pub generation: u16,
    /// Serial of the world that issued the handle.
    pub world: u16,
}

/// A handle to an ambiance projection of one world. Same layout and rules as
/// `motive_ambiance_area`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct motive_ambiance_projection {
    /// Slot index plus one; 0 only in the null handle.
    pub index1: u32,
    /// Slot generation when the projection was added.
    pub generation: u16,
    /// Serial of the world that issued the handle.
    pub world: u16,
}

macro_rules! ambiance_handle {
    ($($handle:ident => $id:ty),*) => {$(
        impl From<$handle> for $id {
            fn from(h: $handle) -> Self {
                AmbianceId::new(h.index1, h.generation, h.world)
            }
        }
        impl From<$id> for $handle {
            fn from(id: $id) -> Self {
                $handle { index1: id.index1, generation: id.generation, world: id.world }
            }
        }
    )*};
}
ambiance_handle!(motive_ambiance_area => AreaId, motive_ambiance_projection => ProjectionId);

/// A modifier with every field at its default: no change (amount 0), no annotations yet,
/// on from time 0 and forever, instantaneous booster and dampener. Thread-safe.
#[no_mangle]
pub extern "C" fn motive_ambiance_modifier_default() -> motive_ambiance_modifier {
    let instantaneous = motive_ambiance_rate {
        kind: motive_ambiance_rate_kind::Instantaneous as u32,
        duration: 0.0,
    };
    let modifier = motive_ambiance_modifier {
        struct_size: size_of::<motive_ambiance_modifier>() as u32,
        start: 0.0,
        amount: 0.0,
        annotations: std::ptr::null(),
        annotation_count: 0,
        booster: instantaneous,
        hold: f64::INFINITY,
        dampener: instantaneous,
    };
    guard_value(modifier, || modifier)
}

/// Defines an ambiance annotation called `name` (an identifier, as for attributes) and writes
/// its id to `*out_annotation`. Fails with `MOTIVE_STATUS_ALREADY_EXISTS` for a name defined
/// before.
///
/// # Safety
/// `builder` must be NULL or live; `name` NULL or NUL-terminated; `out_annotation` NULL or
/// writable.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_add_annotation(
    builder: *mut motive_domain_builder,
    name: *const c_char,
    out_annotation: *mut motive_annotation_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        define(
            builder,
            name,
            out_annotation,
            "out_annotation",
            |b, name| Ok(b.add_annotation(name)?.0),
        )
    }
}

/// Looks up the ambiance annotation called `name` and writes its id to `*out_annotation`;
/// `MOTIVE_STATUS_NOT_FOUND` when there is none. Thread-safe.
///
/// # Safety
/// `domain` must be NULL or live; `name` NULL or NUL-terminated; `out_annotation` NULL or
/// writable.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_find_annotation(
    domain: *const motive_domain,
    name: *const c_char,
    out_annotation: *mut motive_annotation_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        find(
            domain,
            name,
            out_annotation,
            "out_annotation",
            "ambiance annotation",
            |d, name| d.annotations().find(name),
        )
    }
}

/// Sets the `count` ambiance annotations of `action` (replacing any; NULL and 0 clear them):
/// ambiance modifiers carrying one of them change the action's GOAP cost for NPCs to which
/// it applies. An undefined id is `MOTIVE_STATUS_NOT_FOUND`. The array is copied.
///
/// # Safety
/// `builder` must be NULL or live; `annotations` NULL (with `count` 0) or readable for `count`
/// ids.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_set_action_annotations(
    builder: *mut motive_domain_builder,
    action: motive_action_id,
    annotations: *const motive_annotation_id,
    count: usize,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            let ids = read_annotations(annotations, count, "annotations")?;
            Ok(b.set_action_annotations(ActionId(action), &ids)?)
        })
    }
}

/// Sets the ambiance effect of `action` from `*effect` (from
/// `motive_ambiance_modifier_default()`; replacing any): each successful performance adds the
/// modifier to every ambiance area containing the performer, starting `effect->start` seconds
/// (≥ 0) after the performance (running nervously makes a crossing more nervous). Bad
/// parameters are `MOTIVE_STATUS_INVALID_ARGUMENT`, an undefined annotation
/// `MOTIVE_STATUS_NOT_FOUND`. The annotations are copied.
///
/// # Safety
/// `builder` must be NULL or live; `effect` NULL or a valid `motive_ambiance_modifier` whose
/// `annotations` are NULL or readable for their count.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_set_action_ambiance_effect(
    builder: *mut motive_domain_builder,
    action: motive_action_id,
    effect: *const motive_ambiance_modifier,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            let effect = read_modifier(effect, "effect")?;
            Ok(b.set_action_ambiance_effect(ActionId(action), effect)?)
        })
    }
}

/// Sets the `count` ambiance annotations applicable to `archetype`'s NPCs (replacing any; NULL
/// and 0 clear them): which of their actions' costs ambiance may change. An NPC with none is
/// unaffected by ambiance. An undefined id is `MOTIVE_STATUS_NOT_FOUND`. The array is copied.
///
/// # Safety
/// `builder` must be NULL or live; `annotations` NULL (with `count` 0) or readable for `count`
/// ids.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_set_archetype_annotations(
    builder: *mut motive_domain_builder,
    archetype: motive_archetype_id,
    annotations: *const motive_annotation_id,
    count: usize,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            let ids = read_annotations(annotations, count, "annotations")?;
            Ok(b.set_archetype_annotations(ArchetypeId(archetype), &ids)?)
        })
    }
}

/// Adds an area covering `shape` with its location modifiers and writes its handle.
///
/// # Safety
/// `world` must be NULL or live; `location` as in `motive_world_add_ambiance_box`;
/// `out_area` NULL or writable.
unsafe fn add_area(
    world: *mut motive_world,
    shape: Shape,
    location: *const motive_ambiance_modifier,
    location_count: usize,
    out_area: *mut motive_ambiance_area,
) -> motive_status {
    guard(|| {
        // SAFETY: forwarded from this function's contract.
        let location = unsafe { read_modifiers(location, location_count, "location") }?;
        let out_area = out(out_area, "out_area")?;
        // SAFETY: as above.
        let area = unsafe { with_world(world, |w| Ok(w.add_ambiance_area(shape, location)?)) }?;
        out_area.write(area.into());
        Ok(())
    })
}

/// Adds a smart-ambiance area, the axis-aligned box from `min` to `max` (finite, `min` ≤ `max`
/// on every axis; the boundary is inside), with `location_count` location modifiers that every
/// NPC inside feels (a library's `loud` +5), and writes its handle to `*out_area`. Modifier
/// start times are world times. Bad parameters are `MOTIVE_STATUS_INVALID_ARGUMENT` (naming
/// `location[i]`), an undefined annotation `MOTIVE_STATUS_NOT_FOUND`; nothing is added then.
/// The modifiers are copied.
///
/// # Safety
/// `world` must be NULL or live; `location` NULL (with `location_count` 0) or pointing to
/// `location_count` valid `motive_ambiance_modifier`s; `out_area` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_world_add_ambiance_box(
    world: *mut motive_world,
    min: motive_vec3,
    max: motive_vec3,
    location: *const motive_ambiance_modifier,
    location_count: usize,
    out_area: *mut motive_ambiance_area,
) -> motive_status {
    let shape = Shape::Box {
        min: min.into(),
        max: max.into(),
    };
    // SAFETY: pointer validity is this function's contract.
    unsafe { add_area(world, shape, location, location_count, out_area) }
}

/// Adds a smart-ambiance area, the ball of `radius` (finite, ≥ 0) around `center`, like
/// `motive_world_add_ambiance_box`.
///
/// # Safety
/// As `motive_world_add_ambiance_box`.
#[no_mangle]
pub unsafe extern "C" fn motive_world_add_ambiance_sphere(
    world: *mut motive_world,
    center: motive_vec3,
    radius: f64,
    location: *const motive_ambiance_modifier,
    location_count: usize,
    out_area: *mut motive_ambiance_area,
) -> motive_status {
    let shape = Shape::Sphere {
        center: center.into(),
        radius,
    };
    // SAFETY: pointer validity is this function's contract.
    unsafe { add_area(world, shape, location, location_count, out_area) }
}

/// Removes an area with its location and event modifiers; its handle (and every copy) goes
/// stale. A stale handle is `MOTIVE_STATUS_STALE_HANDLE`, another world's
/// `MOTIVE_STATUS_WRONG_WORLD`, the null handle `MOTIVE_STATUS_INVALID_ARGUMENT`.
///
/// # Safety
/// `world` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_world_remove_ambiance_area(
    world: *mut motive_world,
    area: motive_ambiance_area,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    guard(|| unsafe { with_world(world, |w| Ok(w.remove_ambiance_area(area.into())?)) })
}

/// Makes the live entity `source` project `*modifier` on every NPC within `radius` of it
/// (finite and above 0), wherever it moves (a security camera making running suspicious),
/// weakening with distance as `falloff` (a `motive_ambiance_falloff`) says, and writes the
/// projection's handle to `*out_projection`. The projection goes when the entity is
/// destroyed. Modifier start times are world times. A stale entity is
/// `MOTIVE_STATUS_STALE_HANDLE`; bad parameters `MOTIVE_STATUS_INVALID_ARGUMENT`; an undefined
/// annotation `MOTIVE_STATUS_NOT_FOUND`.
///
/// # Safety
/// `world` must be NULL or live; `modifier` NULL or a valid `motive_ambiance_modifier` whose
/// `annotations` are NULL or readable for their count; `out_projection` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_world_add_ambiance_projection(
    world: *mut motive_world,
    source: motive_entity,
    radius: f64,
    modifier: *const motive_ambiance_modifier,
    falloff: u32,
    out_projection: *mut motive_ambiance_projection,
) -> motive_status {
    guard(|| {
        // SAFETY: pointer validity is this function's contract.
        let modifier = unsafe { read_modifier(modifier, "modifier") }?;
        let falloff: Falloff = decode::<motive_ambiance_falloff>(falloff, "falloff")?.into();
        let out_projection = out(out_projection, "out_projection")?;
        // SAFETY: as above.
        let projection = unsafe {
            with_world(world, |w| {
                Ok(w.add_ambiance_projection(source.into(), radius, modifier, falloff)?)
            })
        }?;
        out_projection.write(projection.into());
        Ok(())
    })
}

/// Removes a projection; its handle goes stale (errors as `motive_world_remove_ambiance_area`).
///
/// # Safety
/// `world` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_world_remove_ambiance_projection(
    world: *mut motive_world,
    projection: motive_ambiance_projection,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    guard(|| unsafe {
        with_world(world, |w| {
            Ok(w.remove_ambiance_projection(projection.into())?)
        })
    })
}

/// Writes to `*out_delta` what smart ambiance adds now to the GOAP cost of `action` for `npc`
/// (spawned from an archetype) where it stands: the sum of the modifiers of the areas it is
/// in and the projections reaching it, counting those whose annotations the action carries
/// and the NPC's archetype finds applicable. The planner adds it to the action's cost and
/// floors the result at 1. Engines show it to answer "why did the NPC do that".
///
/// # Safety
/// `world` must be NULL or live; `out_delta` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_npc_ambiance_cost_delta(
    world: *const motive_world,
    npc: motive_npc,
    action: motive_action_id,
    out_delta: *mut f64,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        query(world, out_delta, "out_delta", |w| {
            w.ambiance_cost_delta(npc.into(), ActionId(action))
        })
    }
}

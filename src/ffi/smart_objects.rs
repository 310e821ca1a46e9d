//! Smart objects through the C ABI: tags, slots with user filters, an archetype's starting
//! state, per-archetype execution hints and claim priority (definitions); the slots of an
//! entity, the claims of an NPC and its claim priority (world).

use std::ffi::c_char;

use super::actions::motive_action_id;
use super::archetypes::motive_archetype_id;
use super::buffers::OutList;
use super::domain::{define, edit, find, motive_attribute, motive_domain, motive_domain_builder};
use super::enum_codes::{c_enum, decode};
use super::facts::motive_value;
use super::guard::{guard, guard_value, FfiResult};
use super::handles::{motive_entity, motive_npc};
use super::pointers::{borrow, out, read_def, slice};
use super::status::motive_status;
use super::vec3::motive_vec3;
use super::world::{list_query, motive_world, with_world};
use crate::core::model::action::{ActionId, ExecutionHints};
use crate::core::model::archetype::ArchetypeId;
use crate::core::model::smart_object::{ClaimPriority, Contention, SlotDef, TagId, UserFilter};
use crate::core::AttributeId;

/// Dense id of a tag in its domain (0, 1, 2, … in definition order): archetypes carry tags,
/// slot filters ask for them.
pub type motive_tag_id = u32;

/// A claim priority that takes only free slots, and loses claimed slots to any higher one.
pub const MOTIVE_CLAIM_PRIORITY_LOW: u8 = 64;
/// The default claim priority.
pub const MOTIVE_CLAIM_PRIORITY_NORMAL: u8 = 128;
/// A claim priority that takes slots claimed at normal and low priority but not yet in use.
pub const MOTIVE_CLAIM_PRIORITY_HIGH: u8 = 192;
// The header needs literals; these keep them equal to the core's.
const _: () = {
    assert!(MOTIVE_CLAIM_PRIORITY_LOW == ClaimPriority::LOW.0);
    assert!(MOTIVE_CLAIM_PRIORITY_NORMAL == ClaimPriority::NORMAL.0);
    assert!(MOTIVE_CLAIM_PRIORITY_HIGH == ClaimPriority::HIGH.0);
};

/// A slot of a smart-object archetype: a place where one NPC uses the object. Get one from
/// `motive_slot_def_default()`, then change fields; `motive_domain_builder_add_slot` checks it.
/// The user filter admits an NPC whose archetype is one of `user_archetypes` (any archetype
/// when there are none) and carries every tag of `user_tags`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct motive_slot_def {
    /// `sizeof(motive_slot_def)`, set by `motive_slot_def_default()`; checked on use.
    pub struct_size: u32,
    /// Where the user stands, relative to the object's position; finite. Default (0, 0, 0).
    pub offset: motive_vec3,
    /// The direction the user faces, relative to the object; finite; (0, 0, 0), the default,
    /// means "face the object".
    pub facing: motive_vec3,
    /// A multi-user action on the object starts only once every required slot is in use.
    /// Default false.
    pub required: bool,
    /// `user_archetype_count` archetypes allowed to use the slot (NULL when the count is 0);
    /// copied by `motive_domain_builder_add_slot`. Default NULL.
    pub user_archetypes: *const motive_archetype_id,
    /// Number of `user_archetypes`; 0 (the default) admits every archetype.
    pub user_archetype_count: usize,
    /// `user_tag_count` tags a user's archetype must all carry (NULL when the count is 0);
    /// copied by `motive_domain_builder_add_slot`. Default NULL.
    pub user_tags: *const motive_tag_id,
    /// Number of `user_tags`. Default 0.
    pub user_tag_count: usize,
}

/// `motive_slot_def` as it is read from C: the same layout with `required` as its byte, so
/// that any byte a caller stored there is sound to read (non-zero is true).
#[repr(C)]
#[derive(Clone, Copy)]
struct SlotDefBytes {
    struct_size: u32,
    offset: motive_vec3,
    facing: motive_vec3,
    required: u8,
    user_archetypes: *const motive_archetype_id,
    user_archetype_count: usize,
    user_tags: *const motive_tag_id,
    user_tag_count: usize,
}

const _: () = {
    use std::mem::{offset_of, size_of};
    assert!(size_of::<SlotDefBytes>() == size_of::<motive_slot_def>());
    assert!(offset_of!(SlotDefBytes, offset) == offset_of!(motive_slot_def, offset));
    assert!(offset_of!(SlotDefBytes, facing) == offset_of!(motive_slot_def, facing));
    assert!(offset_of!(SlotDefBytes, required) == offset_of!(motive_slot_def, required));
    assert!(
        offset_of!(SlotDefBytes, user_archetypes) == offset_of!(motive_slot_def, user_archetypes)
    );
    assert!(
        offset_of!(SlotDefBytes, user_archetype_count)
            == offset_of!(motive_slot_def, user_archetype_count)
    );
    assert!(offset_of!(SlotDefBytes, user_tags) == offset_of!(motive_slot_def, user_tags));
    assert!(
        offset_of!(SlotDefBytes, user_tag_count) == offset_of!(motive_slot_def, user_tag_count)
    );
};

/// Reads the slot definition argument `name` and copies its filter arrays, not yet checked
/// against a domain.
///
/// # Safety
/// `ptr` must be NULL or a valid `motive_slot_def`, whose non-NULL arrays are readable for
/// their counts.
unsafe fn read_slot_def(ptr: *const motive_slot_def, name: &str) -> FfiResult<SlotDef> {
    // SAFETY: forwarded from this function's contract; `SlotDefBytes` has the same layout.
    let bytes = unsafe { read_def(ptr.cast::<SlotDefBytes>(), name) }?;
    // SAFETY: forwarded from this function's contract.
    let archetypes = unsafe {
        slice(
            bytes.user_archetypes,
            bytes.user_archetype_count,
            &format!("{name}->user_archetypes"),
        )
    }?;
    // SAFETY: as above.
    let tags = unsafe {
        slice(
            bytes.user_tags,
            bytes.user_tag_count,
            &format!("{name}->user_tags"),
        )
    }?;
    Ok(SlotDef {
        offset: bytes.offset.into(),
        facing: bytes.facing.into(),
        required: bytes.required != 0,
        users: UserFilter {
            archetypes: archetypes.iter().map(|&a| ArchetypeId(a)).collect(),
            tags: tags.iter().map(|&t| TagId(t)).collect(),
        },
    })
}

/// A slot definition with every field at its default: at the object, facing it, not
/// required, open to every NPC. Thread-safe.
#[no_mangle]
pub extern "C" fn motive_slot_def_default() -> motive_slot_def {
    let def = motive_slot_def {
        struct_size: size_of::<motive_slot_def>() as u32,
        offset: motive_vec3::default(),
        facing: motive_vec3::default(),
        required: false,
        user_archetypes: std::ptr::null(),
        user_archetype_count: 0,
        user_tags: std::ptr::null(),
        user_tag_count: 0,
    };
    guard_value(def, || def)
}

/// Defines a tag called `name` (an identifier, as for attributes) and writes its id to
/// `*out_tag`. Fails with `MOTIVE_STATUS_ALREADY_EXISTS` for a name defined before.
///
/// # Safety
/// `builder` must be NULL or live; `name` NULL or NUL-terminated; `out_tag` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_add_tag(
    builder: *mut motive_domain_builder,
    name: *const c_char,
    out_tag: *mut motive_tag_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        define(builder, name, out_tag, "out_tag", |b, name| {
            Ok(b.add_tag(name)?.0)
        })
    }
}

/// Gives `archetype`'s entities the tag `tag` (slot filters may ask for it). Adding it twice
/// adds it once.
///
/// # Safety
/// `builder` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_add_archetype_tag(
    builder: *mut motive_domain_builder,
    archetype: motive_archetype_id,
    tag: motive_tag_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            Ok(b.add_archetype_tag(ArchetypeId(archetype), TagId(tag))?)
        })
    }
}

/// Adds the slot `*slot` (from `motive_slot_def_default()`; its `struct_size` is checked) to
/// `archetype` and writes its index (0, 1, 2, … per archetype, in the order added) to
/// `*out_slot`. An entity of an archetype with slots serves one NPC per slot at a time: an NPC
/// claims a slot when it commits to a plan that uses the entity. `offset` and `facing` must be
/// finite (`MOTIVE_STATUS_INVALID_ARGUMENT`); the filter may name only archetypes and tags
/// already defined (`MOTIVE_STATUS_NOT_FOUND`). The filter arrays are copied.
///
/// # Safety
/// `builder` must be NULL or live; `slot` NULL or a valid `motive_slot_def` whose
/// `user_archetypes` and `user_tags` are NULL or readable for their counts; `out_slot` NULL or
/// writable.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_add_slot(
    builder: *mut motive_domain_builder,
    archetype: motive_archetype_id,
    slot: *const motive_slot_def,
    out_slot: *mut u32,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            let slot = read_slot_def(slot, "slot")?;
            let out_slot = out(out_slot, "out_slot")?;
            out_slot.write(b.add_slot(ArchetypeId(archetype), slot)?);
            Ok(())
        })
    }
}

/// Sets the fact `attribute = *value` that `archetype`'s entities start with (a chair starts
/// unoccupied); setting it again replaces it. The value's type must be the attribute's
/// (`MOTIVE_STATUS_TYPE_MISMATCH`), numbers and positions finite, and an entity value null (no
/// entity exists at design time).
///
/// # Safety
/// `builder` must be NULL or live; `value` NULL or a readable `motive_value`.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_set_archetype_state(
    builder: *mut motive_domain_builder,
    archetype: motive_archetype_id,
    attribute: motive_attribute,
    value: *const motive_value,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            let value = borrow(value, "value")?
                .to_core()
                .map_err(|e| e.context("value"))?;
            Ok(b.set_archetype_state(ArchetypeId(archetype), AttributeId(attribute), value)?)
        })
    }
}

/// Makes `archetype`'s entities start holding themselves in `attribute` (an entity attribute:
/// an owner, a home), the one entity reference a domain can name; it replaces a constant
/// starting value of the attribute, and `motive_domain_builder_set_archetype_state` replaces
/// it. `MOTIVE_STATUS_TYPE_MISMATCH` for an attribute of another type.
///
/// # Safety
/// `builder` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_set_archetype_state_self(
    builder: *mut motive_domain_builder,
    archetype: motive_archetype_id,
    attribute: motive_attribute,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            Ok(b.set_archetype_state_self(ArchetypeId(archetype), AttributeId(attribute))?)
        })
    }
}

/// Sets how `action` is performed on `archetype`'s entities, which must supply it, in place of
/// the action's own hints (`motive_domain_builder_set_action_hints`): keep `stand_off` (finite,
/// ≥ 0) engine units away, play `animation` (an engine-defined id motive passes through), and
/// face the target when `face_target` (false leaves facing to the engine: the slot's facing,
/// or none). Requests for the action on those entities carry these hints in `motive_event`.
///
/// # Safety
/// `builder` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_set_archetype_hints(
    builder: *mut motive_domain_builder,
    archetype: motive_archetype_id,
    action: motive_action_id,
    stand_off: f64,
    animation: u32,
    face_target: bool,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            let hints = ExecutionHints {
                stand_off,
                animation,
                face_target,
            };
            Ok(b.set_archetype_hints(ArchetypeId(archetype), ActionId(action), hints)?)
        })
    }
}

/// Sets the priority of `archetype`'s NPCs' claims (`MOTIVE_CLAIM_PRIORITY_NORMAL` by default;
/// any value, higher is stronger): a claim takes a slot claimed at a lower priority that is not
/// yet in use, and the NPC that held it gets `MOTIVE_EVENT_KIND_CLAIM_LOST`.
///
/// # Safety
/// `builder` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_set_claim_priority(
    builder: *mut motive_domain_builder,
    archetype: motive_archetype_id,
    priority: u8,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            Ok(b.set_claim_priority(ArchetypeId(archetype), ClaimPriority(priority))?)
        })
    }
}

/// How an NPC's planners treat an object none of whose slots is open to it.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum motive_contention {
    /// It is not a candidate: the NPC plans around it (the default).
    Exclude = 0,
    /// It stays a candidate at a price: each GOAP action on it costs `penalty` more, and a
    /// UDGOAP plan that uses it counts `utility_factor` of its utility gain. The NPC walks up
    /// without a claim and claims a slot when the step that uses the object starts, or finds
    /// its plan invalid (`MOTIVE_EVENT_KIND_PLAN_INVALID`) when none is open by then.
    Penalty = 1,
}

c_enum!(motive_contention { Exclude, Penalty });

/// Sets how `archetype`'s NPCs' planners treat objects with no slot open to them: `contention`
/// is a `motive_contention`; `penalty` (0 to `MOTIVE_MAX_COST`) and `utility_factor` (in
/// [0, 1]) are read only for `PENALTY`.
///
/// # Safety
/// `builder` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_set_contention(
    builder: *mut motive_domain_builder,
    archetype: motive_archetype_id,
    contention: u32,
    penalty: f64,
    utility_factor: f64,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            let contention = match decode::<motive_contention>(contention, "contention")? {
                motive_contention::Exclude => Contention::Exclude,
                motive_contention::Penalty => Contention::Penalty {
                    cost: penalty,
                    utility_factor,
                },
            };
            Ok(b.set_contention(ArchetypeId(archetype), contention)?)
        })
    }
}

/// Looks up the tag called `name` and writes its id to `*out_tag`; `MOTIVE_STATUS_NOT_FOUND`
/// when there is none. Thread-safe.
///
/// # Safety
/// `domain` must be NULL or live; `name` NULL or NUL-terminated; `out_tag` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_find_tag(
    domain: *const motive_domain,
    name: *const c_char,
    out_tag: *mut motive_tag_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        find(domain, name, out_tag, "out_tag", "tag", |d, name| {
            d.tags().find(name)
        })
    }
}

/// The run-time state of one slot of an entity.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct motive_slot_state {
    /// The NPC holding the slot; the null handle when it is free.
    pub holder: motive_npc,
    /// The holder's claim priority (`MOTIVE_CLAIM_PRIORITY_NORMAL` when free).
    pub priority: u8,
    /// The holder is performing the action that uses the slot: nobody may take it. A holder
    /// still on its way (an earlier step at the same entity, such as walking up) leaves it
    /// false, and a higher priority may take the slot.
    pub in_use: bool,
}

/// A slot an NPC holds for its plan.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct motive_claim {
    /// The entity the slot belongs to (usually a smart object).
    pub object: motive_entity,
    /// The slot's index in that entity's archetype.
    pub slot: u32,
}

/// Copies the slots of a live entity (smart object or NPC; in the order its archetype defines
/// them, empty when it has none) into `buffer`. `*out_count` receives the number of slots even
/// when the buffer is too small (`MOTIVE_STATUS_BUFFER_TOO_SMALL`, nothing copied); pass NULL
/// and 0 to ask for the count (`MOTIVE_STATUS_BUFFER_TOO_SMALL` unless it is 0). A stale
/// handle is `MOTIVE_STATUS_STALE_HANDLE`.
///
/// # Safety
/// `world` must be NULL or live; `buffer` NULL (with `capacity` 0) or writable for `capacity`
/// items; `out_count` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_entity_slots(
    world: *const motive_world,
    entity: motive_entity,
    buffer: *mut motive_slot_state,
    capacity: usize,
    out_count: *mut usize,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        list_query(world, buffer, capacity, out_count, |w, list| {
            let slots = w.slots(entity.into())?;
            list.fill(slots.iter().map(|s| motive_slot_state {
                holder: s.holder.into(),
                priority: s.priority.0,
                in_use: s.in_use,
            }))
        })
    }
}

/// Copies the slots `npc` holds for its plan (one per entity its remaining plan uses that has
/// slots) into `buffer`, like `motive_entity_slots`. Empty once the plan is done or dropped.
///
/// # Safety
/// As `motive_entity_slots`.
#[no_mangle]
pub unsafe extern "C" fn motive_npc_claims(
    world: *const motive_world,
    npc: motive_npc,
    buffer: *mut motive_claim,
    capacity: usize,
    out_count: *mut usize,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        list_query(world, buffer, capacity, out_count, |w, list| {
            let claims = w.claims(npc.into())?;
            list.fill(claims.iter().map(|c| motive_claim {
                object: c.object.into(),
                slot: c.slot,
            }))
        })
    }
}

/// Sets the priority of `npc`'s claims from now on (its archetype's by default, see
/// `motive_domain_builder_set_claim_priority`); claims it already holds keep theirs.
///
/// # Safety
/// `world` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_npc_set_claim_priority(
    world: *mut motive_world,
    npc: motive_npc,
    priority: u8,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    guard(|| unsafe {
        with_world(world, |w| {
            Ok(w.set_claim_priority(npc.into(), ClaimPriority(priority))?)
        })
    })
}

/// Where and how an NPC uses one slot of an archetype (its user filter stays in the domain).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct motive_slot_info {
    /// Where the user stands, relative to the object's position.
    pub offset: motive_vec3,
    /// The direction the user faces, relative to the object; (0, 0, 0) means "face the object".
    pub facing: motive_vec3,
    /// A joint action on the object starts only once every required slot has a user waiting.
    pub required: bool,
}

/// Copies the slots of `archetype` (in the order added) into `buffer`, like
/// `motive_entity_slots`: where the engine walks an NPC whose event names slot `i` of an
/// entity of that archetype. `MOTIVE_STATUS_NOT_FOUND` for an unknown archetype. Thread-safe.
///
/// # Safety
/// `domain` must be NULL or live; `buffer` NULL (with `capacity` 0) or writable for `capacity`
/// items; `out_count` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_archetype_slots(
    domain: *const motive_domain,
    archetype: motive_archetype_id,
    buffer: *mut motive_slot_info,
    capacity: usize,
    out_count: *mut usize,
) -> motive_status {
    guard(|| {
        // SAFETY: pointer validity is this function's contract.
        let list = unsafe { OutList::new(buffer, capacity, out_count) }?;
        // SAFETY: as above.
        let domain = unsafe { borrow(domain, "domain") }?;
        let def = domain.shared().archetypes().get(archetype)?;
        list.fill(def.slots.iter().map(|s| motive_slot_info {
            offset: s.offset.into(),
            facing: s.facing.into(),
            required: s.required,
        }))
    })
}

//! Names by id: every named definition of a domain, so that tools and engines show names
//! without keeping tables of their own (an inspector window, a debugger category, a log).

use std::ffi::c_char;

use super::buffers::copy_name;
use super::domain::motive_domain;
use super::enum_codes::{c_enum, decode};
use super::guard::{guard, FfiError};
use super::pointers::{borrow, out};
use super::status::motive_status;
use crate::core::Domain;

/// A kind of named definition, for `motive_domain_name`.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum motive_definition_kind {
    /// A `motive_attribute`.
    Attribute = 0,
    /// A `motive_action_id`.
    Action = 1,
    /// A `motive_goal_id` (UDGOAP goal).
    Goal = 2,
    /// A `motive_drive_id`.
    Drive = 3,
    /// A `motive_archetype_id`.
    Archetype = 4,
    /// A `motive_goap_goal_id`.
    GoapGoal = 5,
    /// A UBC goal id.
    UbcGoal = 6,
    /// A UBC predefined plan id.
    UbcPlan = 7,
    /// A world effect id.
    WorldEffect = 8,
    /// A `motive_hint_id`.
    Hint = 9,
    /// A `motive_bt_tree_id`.
    BtTree = 10,
    /// A `motive_bt_callback_id`.
    BtCallback = 11,
    /// A `motive_player_style_id`.
    PlayerStyle = 12,
    /// A `motive_player_action_id`.
    PlayerAction = 13,
    /// A smart-object tag id.
    Tag = 14,
    /// An ambiance annotation id.
    Annotation = 15,
}

c_enum!(motive_definition_kind {
    Attribute,
    Action,
    Goal,
    Drive,
    Archetype,
    GoapGoal,
    UbcGoal,
    UbcPlan,
    WorldEffect,
    Hint,
    BtTree,
    BtCallback,
    PlayerStyle,
    PlayerAction,
    Tag,
    Annotation,
});

/// How many definitions of `kind` `domain` has: their ids are `0..count`.
fn count_of(domain: &Domain, kind: motive_definition_kind) -> usize {
    use motive_definition_kind as K;
    match kind {
        K::Attribute => domain.attributes().len(),
        K::Action => domain.actions().len(),
        K::Goal => domain.goals().len(),
        K::Drive => domain.drives().len(),
        K::Archetype => domain.archetypes().len(),
        K::GoapGoal => domain.goap_goals().len(),
        K::UbcGoal => domain.ubc_goals().len(),
        K::UbcPlan => domain.ubc_plans().len(),
        K::WorldEffect => domain.world_effects().len(),
        K::Hint => domain.hints().len(),
        K::BtTree => domain.bt_trees().len(),
        K::BtCallback => domain.bt_callbacks().len(),
        K::PlayerStyle => domain.player_styles().len(),
        K::PlayerAction => domain.player_actions().len(),
        K::Tag => domain.tags().len(),
        K::Annotation => domain.annotations().len(),
    }
}

/// How many definitions of `kind` (a `motive_definition_kind`) `domain` has, in `*out_count`:
/// their ids are `0..count`, dense, so a tool lists every name with `motive_domain_name`.
///
/// # Safety
/// `domain` must be NULL or live; `out_count` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_count(
    domain: *const motive_domain,
    kind: u32,
    out_count: *mut u32,
) -> motive_status {
    guard(|| {
        let out_count = out(out_count, "out_count")?;
        // SAFETY: pointer validity is this function's contract.
        let domain = unsafe { borrow(domain, "domain") }?;
        let kind = decode::<motive_definition_kind>(kind, "kind")?;
        out_count.write(count_of(domain.shared(), kind) as u32);
        Ok(())
    })
}

/// The name of definition `id` of `kind` in `domain`, if it has one.
fn name_of(domain: &Domain, kind: motive_definition_kind, id: u32) -> Option<&str> {
    use motive_definition_kind as K;
    match kind {
        K::Attribute => domain
            .attributes()
            .get(id as usize)
            .map(|a| a.name.as_str()),
        K::Action => domain.actions().name_of(id),
        K::Goal => domain.goals().name_of(id),
        K::Drive => domain.drives().name_of(id),
        K::Archetype => domain.archetypes().name_of(id),
        K::GoapGoal => domain.goap_goals().name_of(id),
        K::UbcGoal => domain.ubc_goals().name_of(id),
        K::UbcPlan => domain.ubc_plans().name_of(id),
        K::WorldEffect => domain.world_effects().name_of(id),
        K::Hint => domain.hints().name_of(id),
        K::BtTree => domain.bt_trees().name_of(id),
        K::BtCallback => domain.bt_callbacks().name_of(id),
        K::PlayerStyle => domain.player_styles().name_of(id),
        K::PlayerAction => domain.player_actions().name_of(id),
        K::Tag => domain.tags().name_of(id),
        K::Annotation => domain.annotations().name_of(id),
    }
}

/// Copies the name of definition `id` of `kind` (a `motive_definition_kind`) in `domain` and a
/// NUL into `buffer`, like `motive_sim_entity_name`: `*out_length` receives its length in
/// bytes without the NUL; a `capacity` not above that is `MOTIVE_STATUS_BUFFER_TOO_SMALL` with
/// nothing copied (pass NULL and 0 to ask for the length). An id the domain does not have is
/// `MOTIVE_STATUS_NOT_FOUND`; an unknown `kind` `MOTIVE_STATUS_INVALID_ARGUMENT`. Names are
/// at most 64 bytes (the domain's limit on names).
///
/// # Safety
/// `domain` must be NULL or live; `buffer` NULL or writable for `capacity` bytes; `out_length`
/// NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_name(
    domain: *const motive_domain,
    kind: u32,
    id: u32,
    buffer: *mut c_char,
    capacity: usize,
    out_length: *mut usize,
) -> motive_status {
    guard(|| {
        // SAFETY: pointer validity is this function's contract.
        let domain = unsafe { borrow(domain, "domain") }?;
        let kind = decode::<motive_definition_kind>(kind, "kind")?;
        let name = name_of(domain.shared(), kind, id).ok_or_else(|| {
            FfiError::new(
                motive_status::NotFound,
                format!("the domain has no {kind:?} with id {id}"),
            )
        })?;
        // SAFETY: forwarded from this function's contract.
        unsafe { copy_name(name, buffer, capacity, out_length) }
    })
}

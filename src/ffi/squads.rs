//! Squads through the C ABI (Pittman's command hierarchy, P:199-201 and P:325 of
//! 004_bdde6381c6c06595.txt): creating squads, membership, orders as authored (an action's
//! recommendations), an archetype's squad aggregates and autonomy, interrupts that cascade,
//! and the roster of a squad's latest order (what it recommended to whom, who reported).
//!
//! A squad is an entity: its facts are read and written with `motive_entity_*_fact` on
//! `motive_squad_entity(squad)`, and its brain's state with the NPC calls on
//! `motive_entity_as_npc(motive_squad_entity(squad))` (`motive_npc_goap_decision`,
//! `motive_npc_plan`, ...), which accept squads.

use std::mem::{offset_of, MaybeUninit};

use super::actions::motive_action_id;
use super::archetypes::motive_archetype_id;
use super::domain::{edit, motive_attribute, motive_domain_builder};
use super::entities::is_valid;
use super::enum_codes::{c_enum, decode};
use super::goap_definitions::motive_goap_goal_id;
use super::guard::{guard, FfiResult};
use super::handles::{motive_entity, motive_squad};
use super::minds::MOTIVE_NO_ID;
use super::pointers::{out, read_with_bools, slice};
use super::status::motive_status;
use super::world::{list_query, motive_world, query, with_world};
use crate::core::model::action::ActionId;
use crate::core::model::archetype::ArchetypeId;
use crate::core::model::domain::AttributeId;
use crate::core::model::entity::EntityKind;
use crate::core::model::goap::GoapGoalId;
use crate::core::model::order::{OrderDef, OrderTarget, Recipients, Recommendation, TargetSource};
use crate::core::model::squad::SquadDef;
use crate::core::world::squads::Report;
use crate::core::Entity;

/// What a member has reported of a goal its squad recommended.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum motive_report {
    /// Nothing yet.
    Pending = 0,
    /// It adopted the goal (it has a plan for it).
    Adopted = 1,
    /// The goal holds for it.
    Completed = 2,
    /// It found no plan for the goal, or was destroyed.
    Failed = 3,
}

c_enum!(motive_report => Report {
    Pending => Report::Pending,
    Adopted => Report::Adopted,
    Completed => Report::Completed,
    Failed => Report::Failed,
});

/// One recommendation of an order, as `motive_domain_builder_set_action_order` reads it.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct motive_recommendation {
    /// The GOAP goal recommended; a member without it is unaffected.
    pub goal: motive_goap_goal_id,
    /// Added to the member's relevance of `goal` while the order stands (finite; negative
    /// suppresses).
    pub bias: f64,
    /// Positions in the squad's joining order (0 first) that receive it; NULL with
    /// `position_count` 0 for every member.
    pub positions: *const u32,
    /// Number of `positions`.
    pub position_count: usize,
    /// The squad's entity attributes holding the targets: one shared, or one per recipient in
    /// order; NULL with `target_count` 0 for no target.
    pub targets: *const motive_attribute,
    /// Number of `targets`.
    pub target_count: usize,
    /// Instead of `targets`: the entity the squad's planner bound the order to (a strike
    /// target it perceives), shared by every recipient.
    pub target_supplier: bool,
    /// The recipient's entity attribute the target is written to (ignored without targets).
    pub target_into: motive_attribute,
    /// Whether the order waits for the recipients to complete `goal` (only a positive bias is
    /// awaited).
    pub required: bool,
}

/// How a squad's latest order stands.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct motive_squad_order {
    /// The order action.
    pub action: motive_action_id,
    /// Its request id, as in the squad's events.
    pub request: u32,
    /// World time it was issued.
    pub issued: f64,
    /// Whether it still stands.
    pub active: bool,
    /// Entries in its roster (`motive_squad_roster`).
    pub entries: usize,
}

/// One recommendation of a squad's latest order to one member, and what the member reported.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct motive_roster_entry {
    /// The member (an NPC or a squad).
    pub member: motive_entity,
    /// The GOAP goal recommended.
    pub goal: motive_goap_goal_id,
    /// The bias added to its relevance.
    pub bias: f64,
    /// The target it was given; null when none.
    pub target: motive_entity,
    /// Whether the order waits for it.
    pub awaited: bool,
    /// A `motive_report`.
    pub report: u32,
}

/// Makes `action` an order: motive performs it by recommending `recommendations[0..count]`
/// (1 to 64) to the squad's members, and it ends when every awaited member has completed its
/// goal, fails when one fails, and times out after `timeout` seconds (finite, > 0; 30 is the
/// usual). The action must have no duration; only squad archetypes may consume it.
///
/// # Safety
/// `builder` must be NULL or live; `recommendations` readable for `count` items, each one's
/// `positions` and `targets` readable for their counts.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_set_action_order(
    builder: *mut motive_domain_builder,
    action: motive_action_id,
    recommendations: *const motive_recommendation,
    count: usize,
    timeout: f64,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            // As bytes: its bools may hold any byte a C caller stored (read_with_bools).
            let recs = slice(
                recommendations.cast::<MaybeUninit<motive_recommendation>>(),
                count,
                "recommendations",
            )?;
            let bools = [
                offset_of!(motive_recommendation, target_supplier),
                offset_of!(motive_recommendation, required),
            ];
            let mut recommend = Vec::with_capacity(recs.len().min(64));
            for r in recs {
                recommend.push(recommendation(&read_with_bools(r.as_ptr(), &bools))?);
            }
            Ok(b.set_action_order(ActionId(action), OrderDef { recommend, timeout })?)
        })
    }
}

/// Reads one `motive_recommendation`.
///
/// # Safety
/// `r.positions` and `r.targets` readable for their counts (or NULL with count 0).
unsafe fn recommendation(r: &motive_recommendation) -> FfiResult<Recommendation> {
    // SAFETY: forwarded from this function's contract.
    let positions = unsafe { slice(r.positions, r.position_count, "positions") }?;
    // SAFETY: forwarded from this function's contract.
    let targets = unsafe { slice(r.targets, r.target_count, "targets") }?;
    Ok(Recommendation {
        goal: GoapGoalId(r.goal),
        bias: r.bias,
        to: if positions.is_empty() {
            Recipients::All
        } else {
            Recipients::At(positions.to_vec())
        },
        target: (r.target_supplier || !targets.is_empty()).then(|| OrderTarget {
            from: match r.target_supplier {
                true => TargetSource::Supplier,
                false => TargetSource::Facts(targets.iter().map(|&a| AttributeId(a)).collect()),
            },
            into: AttributeId(r.target_into),
        }),
        required: r.required,
    })
}

/// Makes `archetype` a squad's (`motive_squad_create` makes its squads): bodiless, planning
/// over its own facts. motive writes the number of members to `members_alive` and the number
/// that reported the standing order's goals complete to `members_reported` before each
/// tick's thinks (number attributes, or `MOTIVE_NO_ID` for none).
///
/// # Safety
/// `builder` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_set_archetype_squad(
    builder: *mut motive_domain_builder,
    archetype: motive_archetype_id,
    members_alive: motive_attribute,
    members_reported: motive_attribute,
) -> motive_status {
    let optional = |a: motive_attribute| (a != MOTIVE_NO_ID).then_some(AttributeId(a));
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            let squad = SquadDef {
                members_alive: optional(members_alive),
                members_reported: optional(members_reported),
            };
            Ok(b.set_archetype_squad(ArchetypeId(archetype), squad)?)
        })
    }
}

/// Sets whether `archetype`'s units decide what to do themselves (true by default): one that
/// is not pursues the most recommended goal while it has a recommendation.
///
/// # Safety
/// `builder` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_set_archetype_autonomous(
    builder: *mut motive_domain_builder,
    archetype: motive_archetype_id,
    autonomous: bool,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            Ok(b.set_archetype_autonomous(ArchetypeId(archetype), autonomous)?)
        })
    }
}

/// Creates a squad of `archetype` (a squad's) with no members, and writes its handle.
///
/// # Safety
/// `world` must be NULL or live; `out_squad` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_squad_create(
    world: *mut motive_world,
    archetype: motive_archetype_id,
    out_squad: *mut motive_squad,
) -> motive_status {
    guard(|| {
        let out_squad = out(out_squad, "out_squad")?;
        // SAFETY: pointer validity is this function's contract.
        let squad = unsafe { with_world(world, |w| Ok(w.create_squad(ArchetypeId(archetype))?)) }?;
        out_squad.write(squad.into());
        Ok(())
    })
}

/// Destroys `squad`: its standing order is withdrawn, its members leave it (they keep
/// thinking), it leaves its own superior; the handle goes stale.
///
/// # Safety
/// `world` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_squad_destroy(
    world: *mut motive_world,
    squad: motive_squad,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    guard(|| unsafe { with_world(world, |w| Ok(w.destroy(squad.into(), EntityKind::Squad)?)) })
}

/// True when `squad` is a live squad of `world`. Never fails.
///
/// # Safety
/// `world` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_squad_is_valid(
    world: *const motive_world,
    squad: motive_squad,
) -> bool {
    // SAFETY: pointer validity is this function's contract.
    unsafe { is_valid(world, squad.into(), EntityKind::Squad) }
}

/// Makes `unit` (a thinking NPC or another squad) a member of `squad`, last in joining order.
/// Refused: a unit already in a squad (it leaves first: one superior each), a cycle, a
/// hierarchy deeper than 8 levels, more than 256 members.
///
/// # Safety
/// `world` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_squad_add_member(
    world: *mut motive_world,
    squad: motive_squad,
    unit: motive_entity,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    guard(|| unsafe { with_world(world, |w| Ok(w.join_squad(squad.into(), unit.into())?)) })
}

/// Takes `unit` out of `squad`: its recommendations are withdrawn and the standing order no
/// longer waits for it (an order left awaiting none of the members it awaited fails at the end
/// of the next tick). `MOTIVE_STATUS_NOT_FOUND` when it is not a member of `squad`.
///
/// # Safety
/// `world` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_squad_remove_member(
    world: *mut motive_world,
    squad: motive_squad,
    unit: motive_entity,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    guard(|| unsafe {
        with_world(world, |w| {
            let (squad, unit): (Entity, Entity) = (squad.into(), unit.into());
            w.command(squad)?;
            if w.superior(unit)? != squad {
                return Err(crate::core::model::error::Error::new(
                    crate::core::model::error::ErrorKind::NotFound,
                    "the unit is not a member of this squad",
                )
                .into());
            }
            Ok(w.leave_squad(unit)?)
        })
    })
}

/// Copies `squad`'s members, in joining order, into `buffer`, like `motive_npc_drives`.
///
/// # Safety
/// `world` must be NULL or live; `buffer` NULL (with `capacity` 0) or writable for `capacity`
/// items; `out_count` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_squad_members(
    world: *const motive_world,
    squad: motive_squad,
    buffer: *mut motive_entity,
    capacity: usize,
    out_count: *mut usize,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        list_query(world, buffer, capacity, out_count, |w, list| {
            let command = w.command(squad.into())?;
            list.fill(command.members.iter().map(|&m| m.into()))
        })
    }
}

/// Writes the squad `unit` (an NPC or a squad) is a member of; the null handle when none.
///
/// # Safety
/// `world` must be NULL or live; `out_squad` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_entity_superior(
    world: *const motive_world,
    unit: motive_entity,
    out_squad: *mut motive_squad,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        query(world, out_squad, "out_squad", |w| {
            Ok(w.superior(unit.into())?.into())
        })
    }
}

/// Interrupts `squad` and everything under it (P:329): each unit thinks on the next tick, the
/// GOAP ones re-selecting their goal and replanning (a running action is cancelled).
///
/// # Safety
/// `world` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_squad_interrupt(
    world: *mut motive_world,
    squad: motive_squad,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    guard(|| unsafe {
        with_world(world, |w| {
            w.command(squad.into())?;
            Ok(w.interrupt(squad.into())?)
        })
    })
}

/// Reports for `member` on `goal`, a goal its squad's standing order recommended to it: a
/// `motive_report`, `ADOPTED`, `COMPLETED` or `FAILED` — for units the engine drives itself or
/// whose brain does not weigh goals (completion is otherwise judged from the member's facts
/// after every tick). A failure fails an order that awaits the member.
/// `MOTIVE_STATUS_NOT_FOUND` when no standing order awaits such a report.
///
/// # Safety
/// `world` must be NULL or live.
#[no_mangle]
pub unsafe extern "C" fn motive_squad_report(
    world: *mut motive_world,
    member: motive_entity,
    goal: motive_goap_goal_id,
    report: u32,
) -> motive_status {
    guard(|| {
        let report: motive_report = decode(report, "report")?;
        // SAFETY: pointer validity is this function's contract.
        unsafe {
            with_world(world, |w| {
                Ok(w.report_to_squad(member.into(), GoapGoalId(goal), report.into())?)
            })
        }
    })
}

/// Writes how `squad`'s latest order stands; `MOTIVE_STATUS_NOT_FOUND` before its first.
///
/// # Safety
/// `world` must be NULL or live; `out_order` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_squad_get_order(
    world: *const motive_world,
    squad: motive_squad,
    out_order: *mut motive_squad_order,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        query(world, out_order, "out_order", |w| {
            let order = w.command(squad.into())?.order.as_ref().ok_or_else(|| {
                crate::core::model::error::Error::new(
                    crate::core::model::error::ErrorKind::NotFound,
                    "the squad has issued no order yet",
                )
            })?;
            Ok(motive_squad_order {
                action: order.action.0,
                request: order.request,
                issued: order.issued,
                active: order.active,
                entries: order.entries.len(),
            })
        })
    }
}

/// Copies the roster of `squad`'s latest order (each recommendation to each member, in issue
/// order, with what the member reported) into `buffer`, like `motive_npc_drives`; none
/// before its first order.
///
/// # Safety
/// `world` must be NULL or live; `buffer` NULL (with `capacity` 0) or writable for `capacity`
/// items; `out_count` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_squad_roster(
    world: *const motive_world,
    squad: motive_squad,
    buffer: *mut motive_roster_entry,
    capacity: usize,
    out_count: *mut usize,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        list_query(world, buffer, capacity, out_count, |w, list| {
            let command = w.command(squad.into())?;
            let entries = command.order.as_ref().map_or(&[][..], |o| &o.entries[..]);
            list.fill(entries.iter().map(|e| motive_roster_entry {
                member: e.member.into(),
                goal: e.goal.0,
                bias: e.bias,
                target: e.target.into(),
                awaited: e.awaited,
                report: match e.report {
                    Report::Pending => motive_report::Pending,
                    Report::Adopted => motive_report::Adopted,
                    Report::Completed => motive_report::Completed,
                    Report::Failed => motive_report::Failed,
                } as u32,
            }))
        })
    }
}

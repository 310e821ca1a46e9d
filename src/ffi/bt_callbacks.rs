//! The engine's own behaviour-tree conditions and actions through the C ABI: callback names in
//! a domain, and the two functions a world calls with their ids.

use std::ffi::{c_char, c_void};
use std::sync::Arc;

use super::bt::motive_bt_callback_id;
use super::domain::{define, find, motive_domain, motive_domain_builder};
use super::enum_codes::{c_enum, decode};
use super::guard::{guard, guard_value};
use super::handles::motive_npc;
use super::status::motive_status;
use super::user_data::UserData;
use super::world::{motive_world, with_world};
use crate::core::brains::bt::{ActionCallback, CallPhase, ConditionCallback, Status};
use crate::core::model::bt::BtCallbackId;
use crate::core::Entity;

/// A behaviour-tree node's result for one step.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum motive_bt_status {
    /// Done, and it worked.
    Succeeded = 0,
    /// Done, and it did not.
    Failed = 1,
    /// Not done: it is stepped again next think.
    InProgress = 2,
    /// Something that should not happen: the NPC's layer stack is cleared.
    Error = 3,
}

c_enum!(motive_bt_status => Status {
    Succeeded => Status::Succeeded,
    Failed => Status::Failed,
    InProgress => Status::InProgress,
    Error => Status::Error,
});

/// Why an action callback is called.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum motive_bt_call_phase {
    /// The leaf starts: return `MOTIVE_BT_STATUS_ERROR` to refuse (an error of the tree),
    /// anything else to start.
    Start = 0,
    /// A think of the started leaf: return how it stands.
    Step = 1,
    /// The leaf is left, finished or abandoned: stop what it started (the answer is ignored).
    Stop = 2,
}

c_enum!(motive_bt_call_phase { Start, Step, Stop });

impl From<CallPhase> for motive_bt_call_phase {
    fn from(phase: CallPhase) -> Self {
        match phase {
            CallPhase::Start => motive_bt_call_phase::Start,
            CallPhase::Step => motive_bt_call_phase::Step,
            CallPhase::Stop => motive_bt_call_phase::Stop,
        }
    }
}

/// The engine's condition `callback` for `npc`: true when it holds. `user` is the pointer given
/// with it.
pub type motive_bt_condition_callback = Option<
    unsafe extern "C" fn(
        user: *mut c_void,
        npc: motive_npc,
        callback: motive_bt_callback_id,
    ) -> bool,
>;

/// The engine's action `callback` for `npc` in `phase` (a `motive_bt_call_phase`): a
/// `motive_bt_status` (any other number reads as `MOTIVE_BT_STATUS_ERROR`). `user` is the
/// pointer given with it.
pub type motive_bt_action_callback = Option<
    unsafe extern "C" fn(
        user: *mut c_void,
        npc: motive_npc,
        callback: motive_bt_callback_id,
        phase: u32,
    ) -> u32,
>;

/// The id of the engine callback called `name` (trees' `call` leaves and `ask` tests), interned
/// on first use, in `*out_callback`.
///
/// # Safety
/// `builder` must be NULL or live; `name` NULL or NUL-terminated; `out_callback` NULL or
/// writable.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_bt_callback(
    builder: *mut motive_domain_builder,
    name: *const c_char,
    out_callback: *mut motive_bt_callback_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        define(builder, name, out_callback, "out_callback", |b, name| {
            Ok(b.bt_callback(name)?.0)
        })
    }
}

/// Looks up the engine callback called `name`; `MOTIVE_STATUS_NOT_FOUND` when no tree names it.
///
/// # Safety
/// `domain` must be NULL or live; `name` NULL or NUL-terminated; `out_callback` NULL or
/// writable.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_find_bt_callback(
    domain: *const motive_domain,
    name: *const c_char,
    out_callback: *mut motive_bt_callback_id,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        find(
            domain,
            name,
            out_callback,
            "out_callback",
            "behaviour-tree callback",
            |d, n| d.bt_callbacks().find(n),
        )
    }
}

/// Sets `world`'s behaviour-tree condition callback (NULL clears it: every `ask` test is then
/// false), asked by `ask` tests when a behaviour-tree NPC thinks.
///
/// The callback runs on the thread that ticks the world (`motive_world_tick`,
/// `motive_npc_think_now`), while the world is locked, so never on two threads at once for one
/// world: it must not call functions on the same world (they fail with
/// `MOTIVE_STATUS_WORLD_LOCKED`), must be thread-safe if shared by several worlds, and must
/// return normally (no exception or longjmp through motive). `user` is passed back untouched
/// and must stay valid until the world is destroyed or this callback is replaced.
///
/// # Safety
/// `world` must be NULL or live; `callback` NULL or a function callable with these arguments
/// under the rules above.
#[no_mangle]
pub unsafe extern "C" fn motive_world_set_bt_condition_callback(
    world: *mut motive_world,
    callback: motive_bt_condition_callback,
    user: *mut c_void,
) -> motive_status {
    guard(|| {
        let user = UserData(user);
        let condition = callback.map(|f| -> ConditionCallback {
            Arc::new(move |npc: Entity, id: BtCallbackId| {
                let user = user.get();
                guard_value(false, || {
                    // SAFETY: the caller promised, setting it, that `f` may be called with its
                    // `user` pointer and any npc and callback id, on this thread.
                    unsafe { f(user, npc.into(), id.0) }
                })
            })
        });
        // SAFETY: pointer validity is this function's contract.
        unsafe {
            with_world(world, |w| {
                let mut callbacks = w.bt_callbacks().clone();
                callbacks.condition = condition;
                w.set_bt_callbacks(callbacks);
                Ok(())
            })
        }
    })
}

/// Sets `world`'s behaviour-tree action callback (NULL clears it: every `call` leaf then
/// fails), called by `call` leaves: `MOTIVE_BT_CALL_PHASE_START` when the leaf starts,
/// `MOTIVE_BT_CALL_PHASE_STEP` at each think until it answers anything but
/// `MOTIVE_BT_STATUS_IN_PROGRESS`, and `MOTIVE_BT_CALL_PHASE_STOP` when the leaf is left,
/// finished or abandoned, its NPC's layers are popped, swapped or cleared, or the NPC is
/// destroyed (`motive_npc_destroy`). Destroying the world calls nothing: the engine ends its
/// own actions with it. The rules of `motive_world_set_bt_condition_callback` apply.
///
/// # Safety
/// `world` must be NULL or live; `callback` NULL or a function callable with these arguments
/// under the rules above.
#[no_mangle]
pub unsafe extern "C" fn motive_world_set_bt_action_callback(
    world: *mut motive_world,
    callback: motive_bt_action_callback,
    user: *mut c_void,
) -> motive_status {
    guard(|| {
        let user = UserData(user);
        let action = callback.map(|f| -> ActionCallback {
            Arc::new(move |npc: Entity, id: BtCallbackId, phase: CallPhase| {
                let user = user.get();
                let phase = motive_bt_call_phase::from(phase) as u32;
                let status = guard_value(motive_bt_status::Error as u32, || {
                    // SAFETY: the caller promised, setting it, that `f` may be called with its
                    // `user` pointer and any npc, callback id and phase, on this thread.
                    unsafe { f(user, npc.into(), id.0, phase) }
                });
                decode::<motive_bt_status>(status, "the action callback's status")
                    .map_or(Status::Error, Status::from)
            })
        });
        // SAFETY: pointer validity is this function's contract.
        unsafe {
            with_world(world, |w| {
                let mut callbacks = w.bt_callbacks().clone();
                callbacks.action = action;
                w.set_bt_callbacks(callbacks);
                Ok(())
            })
        }
    })
}

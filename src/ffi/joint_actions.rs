//! Joint actions through the C ABI: an action of a smart object that several NPCs perform
//! together (the rusty lever: three slots, two required).

use super::actions::motive_action_id;
use super::archetypes::motive_archetype_id;
use super::domain::{edit, motive_domain_builder};
use super::pointers::slice;
use super::status::motive_status;
use crate::core::model::action::ActionId;
use crate::core::model::archetype::ArchetypeId;
use crate::core::model::smart_object::JointAction;

/// Makes `action`, which `archetype` supplies, a joint action of its entities (or redefines
/// it). Each NPC that comes to perform it waits in its claimed slot
/// (`MOTIVE_EVENT_KIND_ACTION_WAITING`); when every required slot has an NPC waiting, the
/// action is requested of all the waiting NPCs at once, with one request id
/// (`MOTIVE_EVENT_KIND_ACTION_REQUESTED`); report it once, through any of them. An NPC that
/// waits `timeout` seconds (finite, > 0) gives up (`MOTIVE_EVENT_KIND_ACTION_TIMED_OUT`).
/// `chance[k]` (each in [0, 1]) is the chance that a performance with `k` optional slots
/// filled works, the last one for more; `chance_count` may be 0 (it always works) and at most
/// one more than the number of optional slots. A performance that does not work fails for
/// every user (`MOTIVE_EVENT_KIND_ACTION_FAILED`). The archetype needs a required slot
/// (`motive_slot_def.required`).
///
/// # Safety
/// `builder` must be NULL or live; `chance` NULL (with `chance_count` 0) or readable for
/// `chance_count` numbers.
#[no_mangle]
pub unsafe extern "C" fn motive_domain_builder_set_joint_action(
    builder: *mut motive_domain_builder,
    archetype: motive_archetype_id,
    action: motive_action_id,
    timeout: f64,
    chance: *const f64,
    chance_count: usize,
) -> motive_status {
    // SAFETY: pointer validity is this function's contract.
    unsafe {
        edit(builder, |b| {
            let chance = slice(chance, chance_count, "chance")?.to_vec();
            let joint = JointAction {
                action: ActionId(action),
                timeout,
                chance,
            };
            Ok(b.set_joint_action(ArchetypeId(archetype), joint)?)
        })
    }
}

//! GOAP planning through the C boundary in a caller's arena, seen from Rust: once an arena has
//! planned a few times, planning again — one-shot or sliced, with a context callback set, with
//! `motive_arena_reset` in between — never touches the global heap. A counting global allocator
//! proves it; this file is its own process.

use std::ffi::{c_void, CStr};
use std::ptr::{null, null_mut};
use std::sync::atomic::{AtomicU32, Ordering};

use motive::ffi::actions::{
    motive_action_id, motive_action_planning_default, motive_domain_builder_add_action,
    motive_domain_builder_add_effect, motive_domain_builder_add_precondition,
    motive_domain_builder_set_action_planning,
};
use motive::ffi::archetypes::{
    motive_archetype_id, motive_domain_builder_add_archetype,
    motive_domain_builder_add_consumed_action, motive_domain_builder_add_supplied_action,
};
use motive::ffi::arena::{
    motive_arena, motive_arena_create, motive_arena_destroy, motive_arena_reset,
};
use motive::ffi::conditions::{
    motive_cmp_op, motive_condition, motive_condition_kind, motive_operand, motive_operand_kind,
    motive_role,
};
use motive::ffi::curve::motive_curve_linear;
use motive::ffi::defs::motive_world_def_default;
use motive::ffi::domain::{
    motive_attribute, motive_domain, motive_domain_builder, motive_domain_builder_add_attribute,
    motive_domain_builder_build, motive_domain_builder_create, motive_domain_builder_destroy,
    motive_domain_destroy,
};
use motive::ffi::effects::{motive_effect, motive_effect_op};
use motive::ffi::facts::{motive_value, motive_value_data, motive_value_type};
use motive::ffi::goap_definitions::{
    motive_domain_builder_add_goap_goal, motive_domain_builder_add_goap_requirement,
    motive_goap_goal_id, motive_relevance, motive_relevance_kind,
};
use motive::ffi::goap_search::{
    motive_arena_goap_begin, motive_arena_goap_plan, motive_arena_goap_step, motive_goap_plan_into,
    motive_goap_plan_view, motive_world_set_context_callback,
};
use motive::ffi::handles::{motive_entity, motive_npc, motive_object, motive_object_entity};
use motive::ffi::minds::{motive_npc_spawn, motive_object_spawn, motive_search_result};
use motive::ffi::status::motive_status;
use motive::ffi::vec3::motive_vec3;
use motive::ffi::world::{motive_world, motive_world_create, motive_world_destroy};

#[path = "common/counting_alloc.rs"]
mod counting_alloc;
use counting_alloc::{allocations_during, Counting};

#[global_allocator]
static GLOBAL: Counting = Counting;

fn ok(status: motive_status) {
    assert_eq!(status, motive_status::Ok);
}

fn boolean(value: bool) -> motive_operand {
    motive_operand {
        kind: motive_operand_kind::Constant as u32,
        constant: motive_value {
            r#type: motive_value_type::Bool as u32,
            data: motive_value_data { boolean: value },
        },
        role: 0,
        attribute: 0,
    }
}

/// `consumer.attribute == true`.
fn holds(attribute: motive_attribute) -> motive_condition {
    motive_condition {
        kind: motive_condition_kind::Compare as u32,
        role: motive_role::Consumer as u32,
        attribute,
        op: motive_cmp_op::Eq as u32,
        rhs: boolean(true),
        of_role: 0,
        distance: 0.0,
        curve: motive_curve_linear(1.0),
    }
}

/// `consumer.attribute = value`.
fn set(attribute: motive_attribute, value: bool) -> motive_effect {
    motive_effect {
        role: motive_role::Consumer as u32,
        op: motive_effect_op::Set as u32,
        attribute,
        amount: boolean(value),
        destination_role: 0,
    }
}

/// The nurse's pills (Sloan et al. 2011, Fig. 2), built through the C ABI.
struct Nurse {
    domain: *mut motive_domain,
    world: *mut motive_world,
    arena: *mut motive_arena,
    nurse: motive_npc,
    cabinet: motive_object,
    medicate: motive_goap_goal_id,
    get_pills: motive_action_id,
}

/// Defines an action priced at `cost`, with `pre` and `effects`.
///
/// # Safety
/// `b` must be live.
unsafe fn action(
    b: *mut motive_domain_builder,
    name: &CStr,
    cost: f64,
    pre: &[motive_condition],
    effects: &[motive_effect],
) -> motive_action_id {
    let mut id = 0;
    let mut planning = motive_action_planning_default();
    planning.cost = cost;
    planning.engine_check = true;
    // SAFETY: `b` is live; every pointer is a valid argument or out-parameter.
    unsafe {
        ok(motive_domain_builder_add_action(b, name.as_ptr(), &mut id));
        ok(motive_domain_builder_set_action_planning(b, id, &planning));
        for c in pre {
            ok(motive_domain_builder_add_precondition(b, id, c));
        }
        for e in effects {
            ok(motive_domain_builder_add_effect(b, id, e));
        }
    }
    id
}

impl Nurse {
    fn new() -> Self {
        let (mut b, mut domain, mut world, mut arena) =
            (null_mut(), null_mut(), null_mut(), null_mut());
        let (mut at_pills, mut has_pills, mut medicated) = (0, 0, 0);
        let (mut nurse_type, mut cabinet_type): (motive_archetype_id, motive_archetype_id) = (0, 0);
        let mut medicate = 0;
        let mut nurse = motive_npc::default();
        let mut cabinet = motive_object::default();
        let bool_type = motive_value_type::Bool as u32;
        let always = motive_relevance {
            kind: motive_relevance_kind::Fixed as u32,
            value: 1.0,
            attribute: 0,
            curve: motive_curve_linear(1.0),
        };
        let origin = motive_vec3::default();
        let aside = motive_vec3 {
            x: 5.0,
            y: 0.0,
            z: 0.0,
        };
        // SAFETY: every pointer is a valid argument, an out-parameter, or an object created
        // just before; the builder is freed here, the rest by Drop.
        let get_pills = unsafe {
            ok(motive_domain_builder_create(&mut b));
            ok(motive_domain_builder_add_attribute(
                b,
                c"at_pills".as_ptr(),
                bool_type,
                &mut at_pills,
            ));
            ok(motive_domain_builder_add_attribute(
                b,
                c"has_pills".as_ptr(),
                bool_type,
                &mut has_pills,
            ));
            ok(motive_domain_builder_add_attribute(
                b,
                c"medicated".as_ptr(),
                bool_type,
                &mut medicated,
            ));
            let goto_pills = action(b, c"goto_pills", 1.0, &[], &[set(at_pills, true)]);
            let get_pills = action(
                b,
                c"get_pills",
                10.0,
                &[holds(at_pills)],
                &[set(has_pills, true)],
            );
            let backup = action(b, c"get_backup_pills", 30.0, &[], &[set(has_pills, true)]);
            let give = action(
                b,
                c"give_pills",
                1.0,
                &[holds(has_pills)],
                &[set(has_pills, false), set(medicated, true)],
            );
            ok(motive_domain_builder_add_archetype(
                b,
                c"nurse".as_ptr(),
                &mut nurse_type,
            ));
            ok(motive_domain_builder_add_archetype(
                b,
                c"cabinet".as_ptr(),
                &mut cabinet_type,
            ));
            for a in [goto_pills, get_pills, backup, give] {
                ok(motive_domain_builder_add_consumed_action(b, nurse_type, a));
            }
            for a in [goto_pills, backup, give] {
                ok(motive_domain_builder_add_supplied_action(b, nurse_type, a));
            }
            ok(motive_domain_builder_add_supplied_action(
                b,
                cabinet_type,
                get_pills,
            ));
            ok(motive_domain_builder_add_goap_goal(
                b,
                c"medicate".as_ptr(),
                1,
                &always,
                &mut medicate,
            ));
            ok(motive_domain_builder_add_goap_requirement(
                b,
                medicate,
                &holds(medicated),
            ));
            ok(motive_domain_builder_build(b, &mut domain));
            motive_domain_builder_destroy(b);
            ok(motive_world_create(
                domain,
                &motive_world_def_default(),
                &mut world,
            ));
            ok(motive_arena_create(0, &mut arena));
            ok(motive_npc_spawn(world, nurse_type, origin, &mut nurse));
            ok(motive_object_spawn(
                world,
                cabinet_type,
                aside,
                &mut cabinet,
            ));
            get_pills
        };
        Nurse {
            domain,
            world,
            arena,
            nurse,
            cabinet,
            medicate,
            get_pills,
        }
    }

    /// The plan as (action, target) pairs and its cost.
    fn steps(view: &motive_goap_plan_view) -> (Vec<(u32, motive_entity)>, f64) {
        assert_eq!(view.result, motive_search_result::Found as u32);
        // SAFETY: a found plan's view points to `count` steps in the live arena.
        let steps = unsafe { std::slice::from_raw_parts(view.steps, view.count) };
        (
            steps.iter().map(|s| (s.action, s.target)).collect(),
            view.cost,
        )
    }
}

impl Drop for Nurse {
    fn drop(&mut self) {
        // SAFETY: all three were created in `new` and are freed exactly once, here.
        unsafe {
            motive_arena_destroy(self.arena);
            motive_world_destroy(self.world);
            motive_domain_destroy(self.domain);
        }
    }
}

/// Allows every action and counts the calls.
unsafe extern "C" fn allow(
    user: *mut c_void,
    _npc: motive_npc,
    _action: motive_action_id,
    _target: motive_entity,
) -> bool {
    // SAFETY: `user` is the test's `AtomicU32`, alive while the world is.
    unsafe { &*user.cast::<AtomicU32>() }.fetch_add(1, Ordering::Relaxed);
    true
}

#[test]
fn warmed_up_arenas_plan_without_allocating() {
    // Declared first, dropped last: it outlives the world whose callback points to it.
    let calls = AtomicU32::new(0);
    let n = Nurse::new();
    let empty = motive_goap_plan_view {
        steps: null(),
        count: 0,
        cost: 0.0,
        result: 0,
        expanded: 0,
        generated: 0,
        peak_bytes: 0,
    };
    let (mut whole, mut sliced) = (empty, empty);
    let user = std::ptr::addr_of!(calls).cast_mut().cast::<c_void>();
    // SAFETY: the world is live; `calls` outlives it.
    ok(unsafe { motive_world_set_context_callback(n.world, Some(allow), user) });
    let mut frame = || {
        let mut result = 0;
        // SAFETY: the world and the arena are live; out-parameters are valid.
        unsafe {
            ok(motive_arena_reset(n.arena));
            ok(motive_goap_plan_into(
                n.world, n.nurse, n.medicate, n.arena, 0, &mut whole,
            ));
            ok(motive_arena_goap_begin(
                n.arena, n.world, n.nurse, n.medicate, 0,
            ));
            while motive_arena_goap_step(n.arena, 1, &mut result) == motive_status::InProgress {}
            ok(motive_arena_goap_plan(n.arena, &mut sliced));
        }
    };
    assert!(allocations_during(&mut frame) > 0, "the counter counts");
    frame();
    assert_eq!(allocations_during(|| (0..100).for_each(|_| frame())), 0);

    let cabinet = motive_object_entity(n.cabinet);
    let (steps, cost) = Nurse::steps(&whole);
    assert_eq!(steps[1], (n.get_pills, cabinet));
    assert_eq!((steps.len(), cost), (3, 12.0));
    assert_eq!(Nurse::steps(&sliced), (steps, cost));
    assert!(
        calls.load(Ordering::Relaxed) >= 2 * 102,
        "every begin asks the callback"
    );
}

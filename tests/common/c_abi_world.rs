//! A world built and torn down through the exported C functions, with one NPC and a number
//! attribute `hunger`: the fixture of the Rust-side tests and benchmarks of the C boundary.

use std::ptr::null_mut;

use motive::ffi::defs::{motive_npc_def_default, motive_world_def_default};
use motive::ffi::domain::{
    motive_attribute, motive_domain, motive_domain_builder_add_attribute,
    motive_domain_builder_build, motive_domain_builder_create, motive_domain_builder_destroy,
    motive_domain_destroy,
};
use motive::ffi::entities::motive_npc_create;
use motive::ffi::handles::{motive_entity, motive_npc, motive_npc_entity};
use motive::ffi::status::motive_status;
use motive::ffi::world::{motive_world, motive_world_create, motive_world_destroy};

/// Owns a C-ABI world and its domain; frees both on drop.
pub struct CAbiWorld {
    /// The world.
    pub world: *mut motive_world,
    domain: *mut motive_domain,
    /// Id of the number attribute "hunger".
    pub hunger: motive_attribute,
    /// The NPC's entity handle.
    pub npc: motive_entity,
}

impl CAbiWorld {
    /// Builds the domain, the world and the NPC, asserting every call succeeds.
    pub fn new() -> Self {
        let (mut builder, mut domain, mut world) = (null_mut(), null_mut(), null_mut());
        let mut hunger = 0;
        let mut npc = motive_npc::default();
        // SAFETY: every pointer is a valid out-parameter or an object created just before; the
        // builder is freed here, the domain and world by Drop.
        let statuses = unsafe {
            let statuses = [
                motive_domain_builder_create(&mut builder),
                motive_domain_builder_add_attribute(builder, c"hunger".as_ptr(), 2, &mut hunger),
                motive_domain_builder_build(builder, &mut domain),
                motive_world_create(domain, &motive_world_def_default(), &mut world),
                motive_npc_create(world, &motive_npc_def_default(), &mut npc),
            ];
            motive_domain_builder_destroy(builder);
            statuses
        };
        assert_eq!(statuses, [motive_status::Ok; 5]);
        CAbiWorld {
            world,
            domain,
            hunger,
            npc: motive_npc_entity(npc),
        }
    }
}

impl Drop for CAbiWorld {
    fn drop(&mut self) {
        // SAFETY: both were created in `new` and are freed exactly once, here.
        unsafe {
            motive_world_destroy(self.world);
            motive_domain_destroy(self.domain);
        }
    }
}

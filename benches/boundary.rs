//! What the C boundary costs: the same fact write + read and the same tick, called on the core
//! model directly and through the exported C functions (panic firewall, world lock, handle and
//! argument checks). Run with `cargo bench --bench boundary`.

use criterion::{criterion_group, criterion_main, Criterion};
use motive::core::{DomainBuilder, EntityKind, Value, ValueType, Vec3, World, WorldConfig};
use motive::ffi::facts::{motive_entity_get_fact, motive_entity_set_fact, motive_value};
use motive::ffi::facts::{motive_value_data, motive_value_type};
use motive::ffi::world::motive_world_tick;
use std::hint::black_box;

#[path = "../tests/common/c_abi_world.rs"]
mod c_abi_world;
use c_abi_world::CAbiWorld;

fn core_calls(c: &mut Criterion) {
    let mut domain = DomainBuilder::new();
    let hunger = domain.add_attribute("hunger", ValueType::Number).unwrap();
    let mut world = World::new(domain.build().unwrap(), WorldConfig::default()).unwrap();
    let npc = world.create(EntityKind::Npc, Vec3::default()).unwrap();
    c.bench_function("core/set+get fact", |b| {
        b.iter(|| {
            world
                .set_fact(npc, hunger, Value::Number(black_box(50.0)))
                .unwrap();
            black_box(world.fact(npc, hunger).unwrap());
        })
    });
    c.bench_function("core/tick", |b| {
        b.iter(|| world.tick(black_box(0.0)).unwrap())
    });
}

fn c_calls(c: &mut Criterion) {
    let fixture = CAbiWorld::new();
    let (world, entity, hunger) = (fixture.world, fixture.npc, fixture.hunger);
    let value = motive_value {
        r#type: motive_value_type::Number as u32,
        data: motive_value_data { number: 50.0 },
    };
    let mut read = value;
    c.bench_function("c-abi/set+get fact", |b| {
        b.iter(|| {
            // SAFETY: the world is live, the value and out-parameter are valid.
            unsafe {
                motive_entity_set_fact(world, entity, hunger, black_box(&value));
                motive_entity_get_fact(world, entity, hunger, &mut read);
            }
        })
    });
    // SAFETY: the world is live.
    c.bench_function("c-abi/tick", |b| {
        b.iter(|| unsafe { motive_world_tick(world, black_box(0.0)) })
    });
}

criterion_group!(benches, core_calls, c_calls);
criterion_main!(benches);

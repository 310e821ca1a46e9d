//! What UDGOAP costs: µs per think and per plan for the thesis's wizard (Appendix A) and
//! household (ch. 5) domains, and a tick of 1,000 household NPCs at 5 Hz. Peak arena bytes per
//! plan are printed before the timings. Run with `cargo bench --bench udgoap`.

use criterion::{criterion_group, criterion_main, Criterion};
use motive::core::world::actions::ActionOutcome;
use motive::core::{Entity, Vec3, World, WorldConfig};
use motive::sim::household::HouseholdDomain;
use motive::sim::wizard::WizardDomain;
use motive::sim::{SimRules, Simulator};
use std::hint::black_box;

/// One think that plans: the NPC's last request is failed first, so it is idle and replans.
fn think_and_plan(world: &mut World, npc: Entity) {
    if let Some(running) = world.mind(npc).unwrap().running {
        world
            .report_action(npc, running.request, ActionOutcome::Failed)
            .unwrap();
    }
    world.think_now(npc).unwrap();
    let mut events = Vec::new();
    world.drain_events(&mut events);
    black_box(events);
}

fn report(name: &str, world: &World, npc: Entity) {
    let ex = &world.udgoap_mind(npc).unwrap().explanation;
    eprintln!(
        "{name}: plan of {} steps, {} states expanded, {} generated, {} duplicates, peak arena {} bytes",
        world.mind(npc).unwrap().plan.len(),
        ex.stats.expanded,
        ex.stats.generated,
        ex.stats.duplicates,
        ex.stats.peak_bytes
    );
}

fn wizard(c: &mut Criterion) {
    let w = WizardDomain::new().unwrap();
    let mut world = World::new(w.domain.clone(), WorldConfig::default()).unwrap();
    let (wizard, _, _) = w.appendix_a(&mut world).unwrap();
    think_and_plan(&mut world, wizard);
    report("wizard (Appendix A)", &world, wizard);
    c.bench_function("udgoap/wizard think+plan", |b| {
        b.iter(|| think_and_plan(&mut world, wizard))
    });
}

fn household(c: &mut Criterion) {
    let h = HouseholdDomain::new().unwrap();
    let mut world = World::new(h.domain.clone(), WorldConfig::default()).unwrap();
    let resident = h.furnish(&mut world, Vec3::default(), 0.0).unwrap();
    think_and_plan(&mut world, resident);
    report("household (all drives at 0)", &world, resident);
    c.bench_function("udgoap/household think+plan", |b| {
        b.iter(|| think_and_plan(&mut world, resident))
    });
}

fn thousand_households(c: &mut Criterion) {
    let h = HouseholdDomain::new().unwrap();
    let mut world = World::new(h.domain.clone(), WorldConfig::default()).unwrap();
    for house in 0..1000 {
        let (x, z) = ((house % 32) as f32 * 100.0, (house / 32) as f32 * 100.0);
        h.furnish(&mut world, Vec3::new(x, 0.0, z), 0.0).unwrap();
    }
    let mut engine = Simulator::new(SimRules::new(&h.domain), &world).unwrap();
    // Settle into steady state: everyone has thought and is busy with something.
    for _ in 0..10 {
        engine.step(&mut world, 0.2, &mut ()).unwrap();
    }
    let mut group = c.benchmark_group("udgoap/1000 household NPCs");
    group.sample_size(10);
    group.bench_function("tick at 5 Hz (every NPC thinks once)", |b| {
        b.iter(|| engine.step(&mut world, 0.2, &mut ()).unwrap())
    });
    group.finish();
}

criterion_group!(benches, wizard, household, thousand_households);
criterion_main!(benches);

//! Random operation sequences on a world with smart objects, checking the claim invariant
//! ([`World::check_claims`]) after every operation and that the sequences reach the paths they
//! are meant to. Included by `#[path]` in the tests that use it.

use motive::core::model::rng::WorldRng;
use motive::core::world::actions::ActionOutcome;
use motive::core::world::event::{Event, EventKind};
use motive::core::{Entity, EntityKind, World};

/// Runs a sequence of `steps` operations on `world(seed)` for every seed of `seeds`; `step`
/// performs one operation (drawing from the seeded generator, and keeping requests to report
/// in `pending`) and returns the events it caused. Panics at the first breach of the
/// invariant, naming the seed and step, and when an event kind of `must_see` never happened.
pub fn run_claim_sequences(
    seeds: std::ops::Range<u64>,
    steps: usize,
    mut world: impl FnMut(u64) -> World,
    mut step: impl FnMut(&mut World, &mut WorldRng, &mut Vec<Event>) -> Vec<Event>,
    must_see: &[EventKind],
) {
    let mut seen: Vec<EventKind> = Vec::new();
    for seed in seeds {
        let mut w = world(seed);
        let mut rng = WorldRng::new(seed);
        let mut pending = Vec::new();
        for n in 0..steps {
            for e in step(&mut w, &mut rng, &mut pending) {
                if !seen.contains(&e.kind) {
                    seen.push(e.kind);
                }
            }
            if let Err(broken) = w.check_claims() {
                panic!("seed {seed}, step {n}: {broken}");
            }
        }
    }
    for kind in must_see {
        assert!(seen.contains(kind), "never saw {kind:?}: saw {seen:?}");
    }
}

/// The live entities of `kind`, in slot order.
fn entities_of(w: &World, kind: EntityKind) -> Vec<Entity> {
    w.entities().filter(|&e| w.kind(e) == Ok(kind)).collect()
}

/// The live NPCs and objects, each in slot order: what a random step picks from.
pub fn npcs_and_objects(w: &World) -> (Vec<Entity>, Vec<Entity>) {
    (
        entities_of(w, EntityKind::Npc),
        entities_of(w, EntityKind::Object),
    )
}

/// Reports one of the `pending` requests, drawn at random, as failed one time in `fail_one_in`
/// and succeeded otherwise. Stale requests (cancelled, or their NPC gone) are errors and change
/// nothing, which the sequences exercise on purpose.
pub fn report_one(w: &mut World, rng: &mut WorldRng, pending: &mut Vec<Event>, fail_one_in: usize) {
    let event = pending.swap_remove(rng.below(pending.len()));
    let outcome = if rng.below(fail_one_in) == 0 {
        ActionOutcome::Failed
    } else {
        ActionOutcome::Succeeded
    };
    let _ = w.report_action(event.npc, event.request, outcome);
}

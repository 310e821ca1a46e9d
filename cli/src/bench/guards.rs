//! `motive bench --bt`: hinted behaviour trees at scale. Ocio's guards (`scenarios/guard_hebt.json`)
//! under a base tree and k = 0, 1 and 3 hint layers: µs per guard tick (one step of its layers,
//! with the actions it requests and the claims it makes), bytes per NPC, allocations per
//! steady-state step, and the cost of a hint change (re-order and restart) on its own.

use std::error::Error;
use std::sync::Arc;
use std::time::Instant;

use motive::core::brains::bt::{BtHost, CallPhase, Status, TreeRun};
use motive::core::model::action::ActionId;
use motive::core::model::bt::PlanGoal;
use motive::core::model::bt::{BtCallbackId, BtTreeId, FlagScope, HintId, HintState};
use motive::core::model::condition::Condition;
use motive::core::{AttributeId, Entity};
use motive::domain::load_scenario;
use motive::sim::Simulator;

use super::heap;
use super::window::Window;

/// The guards' scenario, embedded so that the bench runs from any directory.
const GUARDS: &str = include_str!("../../../scenarios/guard_hebt.json");

/// Layer stacks measured: the trees pushed over each guard's base tree.
const STACKS: [&[&str]; 3] = [&[], &["kamikaze"], &["kamikaze", "coward", "kamikaze"]];

/// Runs the benchmark at each of `populations` (NPCs); `quick` shortens the windows.
pub fn run(populations: &[u32], quick: bool) -> Result<(), Box<dyn Error>> {
    let scenario = load_scenario(GUARDS, None)
        .map_err(|e| format!("the embedded guards: {e}"))?
        .value;
    let (warmup, window) = if quick { (1.0, 5.0) } else { (5.0, 30.0) };
    println!("motive bench --bt: Ocio's guards (scenarios/guard_hebt.json) thinking at 5 Hz, a base tree and k hint layers above it; {warmup} s warm-up, {window} s window, one thread.");
    println!("µs/tick = wall time in World::tick ÷ guard ticks (one step of a guard's layers); cpu µs = µs/tick × the thread's on-CPU share; NPCs in 10% = how many guards one core runs in 10 % of its time at 5 Hz; alloc/step = allocations per simulator step in the window.\n");
    println!(
        "{:>8} {:>3} {:>9} {:>9} {:>12} {:>8} {:>10}",
        "NPCs", "k", "µs/tick", "cpu µs", "NPCs in 10%", "B/NPC", "alloc/step"
    );
    for &npcs in populations {
        for stack in STACKS {
            let before = heap::live_bytes();
            let mut instance = scenario.instantiate(Some(npcs), Some(1))?;
            let guards: Vec<Entity> = instance
                .world
                .entities()
                .filter(|&e| instance.world.bt_mind(e).is_ok())
                .collect();
            for tree in stack {
                let id = BtTreeId(
                    instance
                        .world
                        .domain()
                        .bt_trees()
                        .find(tree)
                        .ok_or("no tree")?,
                );
                for &guard in &guards {
                    instance.world.push_bt_layer(guard, id)?;
                }
            }
            let bytes = (heap::live_bytes() - before) as f64 / guards.len() as f64;
            let mut sim = Simulator::new(instance.rules.clone(), &instance.world)?;
            let measured = Window::measure(&mut sim, &mut instance.world, warmup, window)?;
            let ticks = guards.len() as f64 * window / 0.2;
            let us = measured.tick_seconds * 1e6 / ticks;
            let cpu = us * measured.on_cpu;
            println!(
                "{:>8} {:>3} {:>9.3} {:>9.3} {:>12.0} {:>8.0} {:>10.2}",
                guards.len(),
                stack.len(),
                us,
                cpu,
                0.1 / (cpu * 1e-6 * 5.0),
                bytes,
                measured.allocations_per_step()
            );
        }
    }
    hint_change(&scenario.domain.bt_trees().items()[0].clone());
    Ok(())
}

/// The cost of a hint change on the guard's base tree: the selector re-ordered, the tree
/// stopped and started again down to its running leaf, against a plain step.
fn hint_change(tree: &Arc<motive::core::model::bt::BtTree>) {
    let cover = tree.exposed()[0];
    let mut run = TreeRun::new(tree.clone());
    let mut host = Busy;
    const N: u32 = 200_000;
    run.step(&mut host);
    let started = Instant::now();
    for _ in 0..N {
        run.step(&mut host);
    }
    let step = started.elapsed().as_secs_f64() * 1e9 / f64::from(N);
    let started = Instant::now();
    for i in 0..N {
        let state = if i % 2 == 0 {
            HintState::Positive
        } else {
            HintState::Neutral
        };
        run.set_hint(cover, state, &mut host);
        run.step(&mut host);
    }
    let change = started.elapsed().as_secs_f64() * 1e9 / f64::from(N);
    println!("\nhint change (re-order and restart, then a step): {change:.0} ns; a plain step: {step:.0} ns");
}

/// A world where every condition holds and every action takes forever: the tree stays on its
/// first branch, so steps cost the tree's own work only.
struct Busy;

impl BtHost for Busy {
    fn now(&self) -> f64 {
        0.0
    }
    fn start_action(&mut self, _: u32, _: ActionId, _: Option<AttributeId>) -> bool {
        true
    }
    fn call(&mut self, _: u32, _: BtCallbackId, _: CallPhase) -> Status {
        Status::InProgress
    }
    fn ask(&mut self, _: BtCallbackId) -> bool {
        true
    }
    fn start_plan(&mut self, _: u32, _: PlanGoal) -> bool {
        true
    }
    fn step_action(&mut self, _: u32) -> Status {
        Status::InProgress
    }
    fn stop_action(&mut self, _: u32) {}
    fn holds(&mut self, _: &Condition) -> bool {
        true
    }
    fn send_hint(&mut self, _: HintId, _: HintState) {}
    fn flag(&mut self, _: AttributeId) -> bool {
        false
    }
    fn set_flag(&mut self, _: AttributeId, _: bool, _: FlagScope) {}
}

//! `motive bench --squads`: Pittman's command hierarchy at scale. Squads of four drilling room
//! clearing forever (`scenarios/squad_drill.json`): each squad plans with GOAP over its own
//! facts and issues orders, its officers plan their walks and report. Reports µs per squad
//! think and per member think (each timed alone, through `World::think_now`, over every
//! entity of a warmed world), the whole tick per thinking entity, and allocations per
//! steady-state simulator step.

use std::error::Error;
use std::time::Instant;

use motive::core::{Entity, EntityKind, World};
use motive::domain::load_scenario;
use motive::sim::Simulator;

use super::window::Window;

/// The drill, embedded so that the bench runs from any directory.
const DRILL: &str = include_str!("../../../scenarios/squad_drill.json");

/// Officers per squad in the drill.
const SQUAD_SIZE: u32 = 4;

/// Runs the benchmark for `squads` squads of four; `quick` shortens the windows.
pub fn run(squads: &[u32], quick: bool) -> Result<(), Box<dyn Error>> {
    let scenario = load_scenario(DRILL, None)
        .map_err(|e| format!("the embedded drill: {e}"))?
        .value;
    let (warmup, window) = if quick { (5.0, 5.0) } else { (20.0, 30.0) };
    println!("motive bench --squads: squads of {SQUAD_SIZE} drilling room clearing (scenarios/squad_drill.json), every squad and officer thinking at 5 Hz; {warmup} s warm-up, {window} s window, one thread.");
    println!("squad µs / member µs = one think of a squad / of an officer (goals, planning, orders and reports), each timed alone over every one of them once the world is warm; tick µs/think = wall time in World::tick ÷ thinks in the window (squads and officers together, their orders' roster checks included); alloc/step = allocations per simulator step in the window.\n");
    println!(
        "{:>7} {:>9} {:>10} {:>10} {:>14} {:>8} {:>10}",
        "squads", "thinking", "squad µs", "member µs", "tick µs/think", "cpu %", "alloc/step"
    );
    for &count in squads {
        let mut instance = scenario.instantiate(Some(count * SQUAD_SIZE), Some(1))?;
        let mut sim = Simulator::new(instance.rules.clone(), &instance.world)?;
        let measured = Window::measure(&mut sim, &mut instance.world, warmup, window)?;
        let world = &mut instance.world;
        let (squads, members): (Vec<Entity>, Vec<Entity>) = world
            .entities()
            .filter(|&e| world.mind(e).is_ok())
            .partition(|&e| world.kind(e).ok() == Some(EntityKind::Squad));
        let thinking = squads.len() + members.len();
        let thinks = thinking as f64 * window / 0.2;
        let tick = measured.tick_seconds * 1e6 / thinks;
        let squad_us = think_each(world, &squads)?;
        let member_us = think_each(world, &members)?;
        println!(
            "{:>7} {:>9} {:>10.3} {:>10.3} {:>14.3} {:>8.0} {:>10.2}",
            squads.len(),
            thinking,
            squad_us,
            member_us,
            tick,
            measured.on_cpu * 100.0,
            measured.allocations_per_step()
        );
    }
    Ok(())
}

/// Mean µs of one think of each of `entities`, timed one by one (a squad's planning and the
/// order it issues included).
fn think_each(world: &mut World, entities: &[Entity]) -> Result<f64, Box<dyn Error>> {
    let mut total = 0.0;
    for &e in entities {
        let started = Instant::now();
        world.think_now(e)?;
        total += started.elapsed().as_secs_f64();
    }
    Ok(total * 1e6 / entities.len().max(1) as f64)
}

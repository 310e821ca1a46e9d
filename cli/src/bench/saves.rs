//! `motive bench --saves`: saving and loading the hospital at the populations given (a world
//! 20 simulated seconds in, every brain's state warm): bytes per NPC, milliseconds per save
//! and per load (median of several), and MB per second.

use std::error::Error;
use std::time::Instant;

use motive::core::World;
use motive::domain::load_scenario;
use motive::sim::Simulator;

/// The hospital, embedded so that the bench runs from any directory.
const HOSPITAL: &str = include_str!("../../../scenarios/hospital.json");

/// Timed saves and loads per population; the median is reported.
const REPEATS: usize = 7;

/// Runs the benchmark at each of `populations` (NPCs).
pub fn run(populations: &[u32]) -> Result<(), Box<dyn Error>> {
    let scenario = load_scenario(HOSPITAL, None)?.value;
    println!("motive bench --saves: the hospital (scenarios/hospital.json) 20 s in, saved with World::save and loaded with World::load, median of {REPEATS}, one thread.\n");
    println!(
        "{:>8} {:>12} {:>8} {:>9} {:>9} {:>10} {:>10}",
        "NPCs", "bytes", "B/NPC", "save ms", "load ms", "save MB/s", "load MB/s"
    );
    for &npcs in populations {
        let mut instance = scenario.instantiate(Some(npcs), Some(1))?;
        let mut sim = Simulator::new(instance.rules.clone(), &instance.world)?;
        sim.run(&mut instance.world, 20.0, &mut ())?;
        let world = &mut instance.world;
        let mut bytes = Vec::new();
        let save_ms = median(|| {
            let started = Instant::now();
            bytes = world.save().expect("the world saves");
            started.elapsed().as_secs_f64() * 1e3
        });
        let domain = world.domain().clone();
        let load_ms = median(|| {
            let started = Instant::now();
            let loaded = World::load(domain.clone(), &bytes).expect("the save loads");
            let ms = started.elapsed().as_secs_f64() * 1e3;
            drop(loaded);
            ms
        });
        let thinking = world.npc_count();
        let mb = bytes.len() as f64 / 1e6;
        println!(
            "{:>8} {:>12} {:>8.0} {:>9.2} {:>9.2} {:>10.0} {:>10.0}",
            thinking,
            bytes.len(),
            bytes.len() as f64 / thinking.max(1) as f64,
            save_ms,
            load_ms,
            mb / (save_ms / 1e3),
            mb / (load_ms / 1e3)
        );
    }
    Ok(())
}

/// The median of `REPEATS` measurements.
fn median(mut measure: impl FnMut() -> f64) -> f64 {
    let times: Vec<f64> = (0..REPEATS).map(|_| measure()).collect();
    super::median::median(&times)
}

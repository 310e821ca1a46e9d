//! A measured window of a simulated run, shared by the benches that drive the headless
//! simulator (`--bt`, `--squads`): wall time inside `World::tick`, simulator steps, heap
//! allocations and the thread's on-CPU share over the window, after a warm-up.

use std::error::Error;

use motive::core::World;
use motive::sim::Simulator;

use super::heap;
use super::on_cpu::OnCpu;

/// What one window measured.
pub struct Window {
    /// Wall seconds spent in `World::tick` during the window.
    pub tick_seconds: f64,
    /// Simulator steps in the window.
    pub steps: u64,
    /// Heap allocations on this thread in the window.
    pub allocations: u64,
    /// The thread's share of the window on a CPU (1 when it cannot be read).
    pub on_cpu: f64,
}

impl Window {
    /// Runs `sim` on `world` for `warmup` seconds, then measures `seconds` more.
    pub fn measure(
        sim: &mut Simulator,
        world: &mut World,
        warmup: f64,
        seconds: f64,
    ) -> Result<Window, Box<dyn Error>> {
        sim.run(world, warmup, &mut ())?;
        let (wall_before, steps_before) = (sim.stats().tick_wall, sim.stats().ticks);
        let allocations = heap::thread_allocations();
        let on_cpu = OnCpu::start();
        sim.run(world, seconds, &mut ())?;
        Ok(Window {
            on_cpu: on_cpu.share().unwrap_or(1.0),
            allocations: heap::thread_allocations() - allocations,
            steps: sim.stats().ticks - steps_before,
            tick_seconds: (sim.stats().tick_wall - wall_before).as_secs_f64(),
        })
    }

    /// Allocations per simulator step.
    pub fn allocations_per_step(&self) -> f64 {
        self.allocations as f64 / self.steps.max(1) as f64
    }
}

//! How much of a stretch of wall time the calling thread spent on a CPU, from its CPU-time
//! clock (`CLOCK_THREAD_CPUTIME_ID`). On a machine shared with other work a thread waits for a
//! core now and then, and wall-clock controller time counts the wait; the share says how much,
//! and scales controller time to CPU time.

use std::time::Instant;

#[path = "../../../tests/common/thread_cpu.rs"]
pub mod thread_cpu;

use thread_cpu::thread_cpu_ns;

/// A stretch of the calling thread's time, from when it was started.
pub struct OnCpu {
    wall: Instant,
    cpu_ns: Option<u64>,
}

impl OnCpu {
    /// Starts a stretch now.
    pub fn start() -> Self {
        OnCpu {
            cpu_ns: thread_cpu_ns(),
            wall: Instant::now(),
        }
    }

    /// The share of the stretch so far the thread was on a CPU, in [0, 1]; `None` where the
    /// thread has no CPU clock (not Unix) or the stretch took no time.
    pub fn share(&self) -> Option<f64> {
        let cpu = thread_cpu_ns()?.checked_sub(self.cpu_ns?)? as f64;
        let wall = self.wall.elapsed().as_nanos() as f64;
        (wall > 0.0).then(|| (cpu / wall).min(1.0))
    }
}

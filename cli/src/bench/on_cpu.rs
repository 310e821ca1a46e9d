//! How much of a stretch of wall time the calling thread spent on a CPU, from Linux's
//! `/proc/thread-self/schedstat` (its first field: nanoseconds on a CPU). On a machine shared
//! with other work a thread waits for a core now and then, and wall-clock controller time
//! counts the wait; the share says how much, and scales controller time to CPU time.

use std::time::Instant;

/// A stretch of the calling thread's time, from when it was started.
pub struct OnCpu {
    wall: Instant,
    cpu_ns: Option<u64>,
}

impl OnCpu {
    /// Starts a stretch now.
    pub fn start() -> Self {
        OnCpu {
            wall: Instant::now(),
            cpu_ns: cpu_ns(),
        }
    }

    /// The share of the stretch so far the thread was on a CPU, in [0, 1]; `None` where
    /// schedstat is missing (not Linux, or a kernel without it).
    pub fn share(&self) -> Option<f64> {
        let wall = self.wall.elapsed().as_nanos() as f64;
        let cpu = cpu_ns()?.checked_sub(self.cpu_ns?)? as f64;
        (wall > 0.0).then(|| (cpu / wall).min(1.0))
    }
}

/// Nanoseconds the calling thread has been on a CPU.
fn cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

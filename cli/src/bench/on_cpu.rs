//! How much of a stretch of wall time the calling thread spent on a CPU, from its CPU-time
//! clock (`CLOCK_THREAD_CPUTIME_ID`). On a machine shared with other work a thread waits for a
//! core now and then, and wall-clock controller time counts the wait; the share says how much,
//! and scales controller time to CPU time.

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

/// Nanoseconds the calling thread has been on a CPU.
#[cfg(unix)]
fn thread_cpu_ns() -> Option<u64> {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid, writable timespec; the call only writes it.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    let seconds = u64::try_from(now.tv_sec).ok()?;
    let nanos = u64::try_from(now.tv_nsec).ok()?;
    (status == 0).then(|| seconds * 1_000_000_000 + nanos)
}

#[cfg(not(unix))]
fn thread_cpu_ns() -> Option<u64> {
    None
}

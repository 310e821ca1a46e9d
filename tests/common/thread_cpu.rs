//! How long the calling thread has been on a CPU, from its CPU-time clock
//! (`CLOCK_THREAD_CPUTIME_ID`): a cost that waiting for a core on a machine shared with other
//! work does not inflate, as it inflates wall time. Shared by the fuzz targets' time bound and
//! `motive bench`'s on-CPU share (`cli/src/bench/on_cpu.rs`).

/// Nanoseconds the calling thread has been on a CPU; `None` where it has no CPU clock (not
/// Unix).
#[cfg(unix)]
pub fn thread_cpu_ns() -> Option<u64> {
    clock_ns(libc::CLOCK_THREAD_CPUTIME_ID)
}

/// Nanoseconds on the CPU-time clock `clock` (the calling thread's, the whole process's).
#[cfg(unix)]
pub fn clock_ns(clock: libc::clockid_t) -> Option<u64> {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid, writable timespec; the call only writes it.
    let status = unsafe { libc::clock_gettime(clock, &mut now) };
    let seconds = u64::try_from(now.tv_sec).ok()?;
    let nanos = u64::try_from(now.tv_nsec).ok()?;
    (status == 0).then(|| seconds * 1_000_000_000 + nanos)
}

/// Nanoseconds the calling thread has been on a CPU; `None` where it has no CPU clock (not
/// Unix).
#[cfg(not(unix))]
pub fn thread_cpu_ns() -> Option<u64> {
    None
}

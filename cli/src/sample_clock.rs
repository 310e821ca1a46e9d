//! When a recording samples the world: once per simulated second from the run's start, and at
//! its end.

/// Simulated seconds between samples.
const SAMPLE_EVERY: f64 = 1.0;

/// The times of a run's samples.
pub struct SampleClock {
    /// World time of the next sample.
    next: f64,
}

impl SampleClock {
    /// A clock for a run that starts at world time `start`: the first sample is a second in
    /// (by then every NPC has thought, with the default think interval, so none shows the full
    /// satisfaction a mind starts with).
    pub fn new(start: f64) -> Self {
        SampleClock {
            next: start + SAMPLE_EVERY,
        }
    }

    /// Whether a sample is due at world time `now` (called after every step); a due sample is
    /// counted as taken.
    pub fn due(&mut self, now: f64) -> bool {
        // Step sums carry rounding dust: 20 steps of 0.05 s may fall a hair short of 1 s.
        let due = now + 1e-9 >= self.next;
        if due {
            self.next += SAMPLE_EVERY;
        }
        due
    }

    /// Whether the run's end at `now` needs a last sample: none was taken at that time.
    pub fn ends_unsampled(&self, now: f64) -> bool {
        self.next - SAMPLE_EVERY < now - 1e-9
    }
}

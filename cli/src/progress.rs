//! A progress bar for long runs, on stderr: it appears once a run has taken a second of wall
//! time, and only when stderr is a terminal, so short runs and piped output stay clean.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Wall time after which a run shows its progress.
const SHOW_AFTER: Duration = Duration::from_secs(1);

/// The progress of one run through its simulated time.
pub struct Progress {
    bar: ProgressBar,
    started: Instant,
    /// World time the run started at.
    start: f64,
    shown: bool,
}

impl Progress {
    /// Progress of a run of `seconds` simulated seconds from world time `start`.
    pub fn new(start: f64, seconds: f64) -> Self {
        let bar = ProgressBar::with_draw_target(
            Some((seconds * 1e3) as u64),
            ProgressDrawTarget::hidden(),
        );
        let style = ProgressStyle::with_template(
            "{elapsed_precise} [{wide_bar}] {percent:>3}% of the simulated time, {eta} left",
        )
        .expect("the template is valid");
        bar.set_style(style);
        Progress {
            bar,
            started: Instant::now(),
            start,
            shown: false,
        }
    }

    /// The run reached world time `now`.
    pub fn update(&mut self, now: f64) {
        if !self.shown && self.started.elapsed() >= SHOW_AFTER && std::io::stderr().is_terminal() {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
            self.shown = true;
        }
        self.bar.set_position(((now - self.start) * 1e3) as u64);
    }

    /// Removes the bar, so that what follows prints cleanly.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

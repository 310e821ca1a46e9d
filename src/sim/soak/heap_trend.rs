//! Whether memory stays flat over a soak: the heap at each interval against the first
//! interval's, once warm, within a tolerance. The first interval is the warm-up: buffers grow to
//! the largest decision, event burst and search the worlds have seen; after it, a steady
//! population must not need more.

/// The heap's course over a soak.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HeapTrend {
    /// Live bytes at the end of the first interval; `None` before it.
    baseline: Option<isize>,
    /// Growth allowed over the baseline, as a share of it.
    share: f64,
    /// Growth always allowed, in bytes (allocator noise in small worlds).
    slack: isize,
    /// Most bytes seen so far.
    peak: isize,
}

impl HeapTrend {
    /// A trend allowing growth of `share` of the first interval's heap plus `slack` bytes.
    pub fn new(share: f64, slack: isize) -> Self {
        HeapTrend {
            baseline: None,
            share,
            slack,
            peak: 0,
        }
    }

    /// The first interval's heap, once noted.
    pub fn baseline(&self) -> Option<isize> {
        self.baseline
    }

    /// Most bytes noted so far.
    pub fn peak(&self) -> isize {
        self.peak
    }

    /// Notes `bytes` live at an interval's end; an error when they grew past the tolerance.
    pub fn note(&mut self, bytes: isize) -> Result<(), String> {
        self.peak = self.peak.max(bytes);
        let baseline = *self.baseline.get_or_insert(bytes);
        let most = baseline + (baseline as f64 * self.share) as isize + self.slack;
        if bytes > most {
            return Err(format!(
                "the heap grew from {baseline} to {bytes} bytes, past {most} allowed"
            ));
        }
        Ok(())
    }
}

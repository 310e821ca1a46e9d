//! Whether memory stays flat over a soak, once warm. The first intervals are the warm-up:
//! buffers grow to the largest decision, event burst and search the worlds meet, and the worlds
//! settle (supplies run out, queues fill). After it the heap still swings with the load, so no
//! single interval is judged against another: the high-water mark of the later half of the
//! steady intervals must stay within a tolerance of the earlier half's. A steady world's peaks
//! recur; a leak raises every later one.

/// The heap's course over a soak.
#[derive(Clone, Debug, PartialEq)]
pub struct HeapTrend {
    /// Intervals of warm-up: noted, never judged.
    warm_up: usize,
    /// Growth allowed of the later half's high-water mark over the earlier half's, as a share
    /// of the earlier.
    share: f64,
    /// Growth always allowed, in bytes (allocator noise in small worlds).
    slack: isize,
    /// Live bytes at each interval's end, the warm-up's first.
    samples: Vec<isize>,
}

impl HeapTrend {
    /// A trend that judges the intervals after the first `warm_up`, allowing the later half's
    /// peak to exceed the earlier half's by `share` of it plus `slack` bytes.
    pub fn new(warm_up: usize, share: f64, slack: isize) -> Self {
        HeapTrend {
            warm_up,
            share,
            slack,
            samples: Vec::new(),
        }
    }

    /// The steady intervals' heaps so far, in order.
    fn steady(&self) -> &[isize] {
        &self.samples[self.warm_up.min(self.samples.len())..]
    }

    /// Live bytes at the end of the first steady interval; `None` before it.
    pub fn baseline(&self) -> Option<isize> {
        self.steady().first().copied()
    }

    /// Most bytes noted during the warm-up.
    pub fn warm_up_peak(&self) -> isize {
        let warm = &self.samples[..self.warm_up.min(self.samples.len())];
        warm.iter().copied().max().unwrap_or(0)
    }

    /// Most bytes noted after the warm-up.
    pub fn steady_peak(&self) -> isize {
        self.steady().iter().copied().max().unwrap_or(0)
    }

    /// Notes `bytes` live at an interval's end; an error when the steady intervals' later
    /// half peaked past what the earlier half's peak allows.
    pub fn note(&mut self, bytes: isize) -> Result<(), String> {
        self.samples.push(bytes);
        let steady = self.steady();
        if steady.len() < 2 {
            return Ok(());
        }
        let (earlier, later) = steady.split_at(steady.len() / 2);
        let peak = |half: &[isize]| half.iter().copied().max().unwrap_or(0);
        let (before, after) = (peak(earlier), peak(later));
        let most = before + (before as f64 * self.share) as isize + self.slack;
        if after > most {
            return Err(format!(
                "the heap's high-water mark grew from {before} bytes over the first {} steady \
                 intervals to {after} over the next {}, past {most} allowed",
                earlier.len(),
                later.len()
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Notes `heaps` in order; the index of the first interval judged too high.
    fn first_breach(
        trend: &mut HeapTrend,
        heaps: impl IntoIterator<Item = isize>,
    ) -> Option<usize> {
        heaps
            .into_iter()
            .enumerate()
            .find_map(|(i, bytes)| trend.note(bytes).err().map(|_| i))
    }

    #[test]
    fn growth_during_the_warm_up_is_not_judged() {
        let mut trend = HeapTrend::new(2, 0.1, 0);
        let heaps = [100, 400, 1000, 1000, 1050, 1000, 1090, 1000];
        assert_eq!(first_breach(&mut trend, heaps), None);
        assert_eq!(trend.warm_up_peak(), 400);
        assert_eq!(trend.baseline(), Some(1000));
        assert_eq!(trend.steady_peak(), 1090);
    }

    #[test]
    fn a_load_that_swings_as_much_later_as_earlier_holds() {
        // The heap follows the load up and down by 40 %, well past the 10 % tolerance, but
        // its peaks recur.
        let mut trend = HeapTrend::new(1, 0.1, 0);
        let swing = (0..40).map(|i| [1000, 1400, 1100, 900][i % 4]);
        assert_eq!(first_breach(&mut trend, swing), None);
    }

    #[test]
    fn a_slow_leak_under_the_swings_is_caught() {
        // 0.5 % a interval under the same swings: the later half's peaks climb past 10 %.
        let mut trend = HeapTrend::new(1, 0.1, 0);
        let leak = (0..80).map(|i| [1000, 1400, 1100, 900][i % 4] + 5 * i as isize);
        let breach = first_breach(&mut trend, leak).expect("a leak is a breach");
        assert!((20..80).contains(&breach), "caught at {breach}");
    }

    #[test]
    fn the_slack_absorbs_noise_in_a_small_heap() {
        let mut trend = HeapTrend::new(0, 0.0, 64);
        assert_eq!(first_breach(&mut trend, [100, 100, 160]), None);
        assert!(trend.note(230).is_err(), "past 100 + 64");
    }
}

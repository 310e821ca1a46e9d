//! When each entity thinks next, one `f64` per slot in slot order: what the schedule's
//! per-tick pass scans to find the thinks due (`schedule.rs`). The records keep the same time
//! (`EntityRecord::next_think`, saved with them); this dense copy is what makes the pass cost
//! 8 bytes per entity rather than a whole record: at 50,000 NPCs the records of a hospital are
//! 19 MB, streamed from memory every tick, and the pass was a third of the cost per decision
//! that grows with the population (issue 33).

/// Next think times by slot index; infinite for a slot whose entity does not think (or that
/// holds none).
#[derive(Default)]
pub(crate) struct ThinkTimes {
    times: Vec<f64>,
}

impl ThinkTimes {
    /// Room for `slots` slots, so that spawning up to the world's capacity hint does not grow
    /// it.
    pub(crate) fn with_capacity(slots: usize) -> Self {
        ThinkTimes {
            times: Vec::with_capacity(slots),
        }
    }

    /// Sets slot `index`'s next think.
    pub(crate) fn set(&mut self, index: u32, time: f64) {
        let index = index as usize;
        if index >= self.times.len() {
            self.times.resize(index + 1, f64::INFINITY);
        }
        self.times[index] = time;
    }

    /// Calls `due` with each slot index whose think is due at `now`, in slot order.
    pub(crate) fn for_each_due(&self, now: f64, mut due: impl FnMut(u32, f64)) {
        for (index, &time) in self.times.iter().enumerate() {
            if time <= now {
                due(index as u32, time);
            }
        }
    }

    /// Forgets every time (before the records' are put back, after a load).
    pub(crate) fn clear(&mut self) {
        self.times.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn due_slots_come_in_slot_order_and_unset_ones_never() {
        let mut times = ThinkTimes::with_capacity(2);
        times.set(5, 1.0);
        times.set(1, 0.5);
        times.set(3, 2.0);
        times.set(1, 0.25);
        let mut due = Vec::new();
        times.for_each_due(1.0, |index, time| due.push((index, time)));
        assert_eq!(due, [(1, 0.25), (5, 1.0)]);
        times.set(5, f64::INFINITY);
        due.clear();
        times.for_each_due(f64::MAX, |index, time| due.push((index, time)));
        assert_eq!(due, [(1, 0.25), (3, 2.0)]);
        times.clear();
        due.clear();
        times.for_each_due(f64::MAX, |index, time| due.push((index, time)));
        assert!(due.is_empty());
    }
}

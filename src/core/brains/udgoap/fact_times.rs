//! The times memory's facts were perceived, kept once each: a fact holds a 2-byte stamp into
//! this table instead of an 8-byte time. One sensing stamps every fact it sees with the same
//! time, so a memory holds far fewer distinct times than facts.
//!
//! The table is sorted, so stamps order as their times do: the oldest fact is the one with the
//! lowest stamp, found by a scan of small integers. Times no fact holds any more stay until the
//! table is full, and are then dropped at once, renumbering the stamps.

use thin_vec::ThinVec;

/// Distinct times, ascending, each a stamp's (its index).
#[derive(Clone, Debug, Default)]
pub(crate) struct FactTimes {
    times: Vec<f64>,
    /// Scratch for dropping times no fact holds, each time's new stamp, for a table of more
    /// than [`STACK_TIMES`] times (as long as `times` can grow; empty until then): smaller
    /// tables renumber on the stack, so that a memory does not hold two bytes a time for it.
    /// One pointer wide (`thin-vec`), since most memories never use it: 16 bytes less in
    /// every UDGOAP mind.
    renumbered: ThinVec<u16>,
}

/// The most times [`FactTimes::drop_unheld`] renumbers in a buffer on the stack (512 bytes).
/// A hospital nurse's table holds about 20; a memory that keeps facts of more distinct times
/// than this reserves its own buffer.
const STACK_TIMES: usize = 256;
// The stack's buffer is indexed through `STACK_TIMES - 1` as a mask ([`drop_unheld_with`]).
const _: () = assert!(STACK_TIMES.is_power_of_two());

/// A full table grows to keep at least one free time per this many facts ([`FactTimes::drop_and_grow`]).
/// Sixteen rather than eight: a hospital nurse's table holds 10 free times instead of 19, 80
/// bytes less per UDGOAP NPC at 5,008 NPCs (7,285 → 7,205 bytes), for drops twice as often,
/// which the drop's loops without bounds checks pay for (callgrind, hospital `udgoap` at
/// 2,000 NPCs: 14,443.3M instructions before both, 14,441.1M after).
const FACTS_PER_FREE_TIME: usize = 16;

/// A stamp no fact holds, while the table is renumbered.
const UNHELD: u16 = u16::MAX;

impl FactTimes {
    /// Heap bytes the table may take per fact of a memory: a time and its renumbering, one per
    /// fact (each perceived at its own time) and one for the time being stamped.
    pub(crate) const BYTES_PER_TIME: usize =
        std::mem::size_of::<f64>() + std::mem::size_of::<u16>();

    /// Heap bytes the table may take besides [`FactTimes::BYTES_PER_TIME`] a time: the
    /// renumbering buffer's length and capacity, kept with its elements once it is allocated.
    pub(crate) const HEADER_BYTES: usize = 2 * std::mem::size_of::<usize>();

    /// The time of `stamp`.
    #[inline]
    pub(crate) fn time(&self, stamp: u16) -> f64 {
        self.times[usize::from(stamp)]
    }

    /// The stamp of `time` for a memory whose facts hold `stamps` and that holds at most
    /// `capacity` facts (at most `u16::MAX`), adding the time when new. Adding one may drop
    /// the times no fact holds, renumbering `stamps`; the order of stamps stays that of their
    /// times. -0.0 is 0.0, as `<` compares them.
    #[inline]
    pub(crate) fn stamp(&mut self, time: f64, stamps: &mut [u16], capacity: usize) -> u16 {
        let time = time + 0.0;
        match self.times.last() {
            // Sensing stamps with the world's clock, which only moves on.
            Some(&last) if last == time => (self.times.len() - 1) as u16,
            Some(&last) if last > time => self.stamp_earlier(time, stamps, capacity),
            _ => {
                self.make_room(stamps, capacity);
                self.times.push(time);
                (self.times.len() - 1) as u16
            }
        }
    }

    /// [`FactTimes::stamp`] for a time before the newest (a caller's, not sensing's).
    #[inline(never)]
    fn stamp_earlier(&mut self, time: f64, stamps: &mut [u16], capacity: usize) -> u16 {
        if let Ok(i) = self.search(time) {
            return i as u16;
        }
        self.make_room(stamps, capacity);
        let i = self.search(time).unwrap_err();
        self.times.insert(i, time);
        for s in stamps.iter_mut().filter(|s| usize::from(**s) >= i) {
            *s += 1;
        }
        i as u16
    }

    fn search(&self, time: f64) -> Result<usize, usize> {
        self.times.binary_search_by(|t| t.total_cmp(&time))
    }

    /// Makes room for one more time ([`FactTimes::drop_and_grow`] when the table is full).
    #[inline]
    fn make_room(&mut self, stamps: &mut [u16], capacity: usize) {
        if self.times.len() == self.times.capacity() {
            self.drop_and_grow(stamps, capacity);
        }
    }

    /// Drops the times no fact holds, then grows the table when fewer are free than are held,
    /// or than would pay for the next drop, to room for at most one time per fact and one
    /// being stamped.
    ///
    /// A drop costs two passes over the stamps. Sensing re-stamps most facts every think, so
    /// few times stay held, and a table sized by them alone (a handful) filled every few
    /// thinks: the drops cost a UDGOAP hospital 1.3 % of its time (perf, 5,008 NPCs). A free
    /// time per [`FACTS_PER_FREE_TIME`] facts makes a drop a few operations per time stamped.
    #[inline(never)]
    fn drop_and_grow(&mut self, stamps: &mut [u16], capacity: usize) {
        self.drop_unheld(stamps);
        let (len, most) = (self.times.len(), capacity + 1);
        let wanted = len.max(stamps.len() / FACTS_PER_FREE_TIME).max(1);
        if self.times.capacity() - len < wanted {
            let room = (len + wanted).max(4).min(most).max(len + 1);
            self.times.reserve_exact(room - len);
            // Room to renumber them all past the stack's, taken now: dropping times then never
            // allocates.
            if room > STACK_TIMES {
                self.renumbered.clear();
                self.renumbered.reserve_exact(room);
            }
        }
    }

    /// Drops the times no fact holds, renumbering `stamps`.
    fn drop_unheld(&mut self, stamps: &mut [u16]) {
        let FactTimes { times, renumbered } = self;
        let len = times.len();
        if len <= STACK_TIMES {
            let mut on_stack = [UNHELD; STACK_TIMES];
            drop_unheld_with::<{ STACK_TIMES - 1 }>(times, stamps, &mut on_stack);
        } else {
            renumbered.clear();
            renumbered.resize(len, UNHELD);
            drop_unheld_with::<{ usize::MAX }>(times, stamps, renumbered);
        }
    }

    /// The times of a saved memory's facts: the table and each fact's stamp.
    pub(crate) fn of(times: &[f64]) -> (Self, Vec<u16>) {
        let mut table: Vec<f64> = times.iter().map(|t| t + 0.0).collect();
        table.sort_by(f64::total_cmp);
        table.dedup_by(|a, b| a.total_cmp(b).is_eq());
        let table = FactTimes {
            times: table,
            renumbered: ThinVec::new(),
        };
        let stamps = times
            .iter()
            .map(|&t| table.search(t + 0.0).unwrap_or_default() as u16)
            .collect();
        (table, stamps)
    }

    /// Heap bytes held.
    pub(crate) fn heap_bytes(&self) -> usize {
        let renumbered = match self.renumbered.capacity() {
            0 => 0,
            room => Self::HEADER_BYTES + room * std::mem::size_of::<u16>(),
        };
        self.times.capacity() * std::mem::size_of::<f64>() + renumbered
    }

    /// Starts loading the table ([`crate::prefetch`]).
    pub(crate) fn prefetch(&self) {
        crate::prefetch::all(&self.times);
    }
}

/// Drops from `times` those no stamp of `stamps` holds and renumbers the stamps, with
/// `renumbered`, [`UNHELD`] for each time at least, as scratch. A stamp indexes `renumbered`
/// through `MASK`: the stack's buffer is indexed `& (STACK_TIMES - 1)`, which every stamp
/// already is below (it names one of at most [`STACK_TIMES`] times), so its loops have no
/// bounds checks; a buffer of the table's length is indexed as is (`usize::MAX`).
#[inline(always)]
fn drop_unheld_with<const MASK: usize>(
    times: &mut Vec<f64>,
    stamps: &mut [u16],
    renumbered: &mut [u16],
) {
    debug_assert!(renumbered.len() >= times.len());
    debug_assert!(stamps.iter().all(|&s| usize::from(s) < times.len()));
    for &s in stamps.iter() {
        renumbered[usize::from(s) & MASK] = 0;
    }
    let mut kept = 0;
    for (i, new) in renumbered[..times.len()].iter_mut().enumerate() {
        if *new != UNHELD {
            times[kept] = times[i];
            *new = kept as u16;
            kept += 1;
        }
    }
    times.truncate(kept);
    for s in stamps.iter_mut() {
        *s = renumbered[usize::from(*s) & MASK];
    }
}

#[cfg(test)]
mod tests {
    use super::{FactTimes, FACTS_PER_FREE_TIME, STACK_TIMES};

    /// Sensing's pattern: every think stamps most facts with the new time, while a few keep
    /// times of their own (entities out of sight). Each fact keeps its time, and the table
    /// drops times at most once per [`FACTS_PER_FREE_TIME`]-th of the facts stamped: sized
    /// by the times held alone, it dropped every few thinks.
    #[test]
    fn re_stamping_most_facts_drops_times_rarely_and_keeps_each_facts_time() {
        const FACTS: usize = 160;
        const KEPT: usize = 5;
        const THINKS: usize = 1_000;
        let mut table = FactTimes::default();
        // Every fact is first seen at the first think.
        let mut stamps = Vec::new();
        let first = table.stamp(0.0, &mut stamps, FACTS);
        stamps.resize(FACTS, first);
        let mut times = vec![0.0; FACTS];
        let mut drops = 0;
        for think in 1..THINKS {
            let now = think as f64 * 0.2;
            let before = table.times.len();
            let stamp = table.stamp(now, &mut stamps, FACTS);
            drops += usize::from(table.times.len() <= before);
            // The first few facts were last seen at the first thinks; the rest are seen now.
            let seen = if think < KEPT {
                think..FACTS
            } else {
                KEPT..FACTS
            };
            for fact in seen {
                stamps[fact] = stamp;
                times[fact] = now;
            }
            for (fact, &s) in stamps.iter().enumerate() {
                assert_eq!(
                    table.time(s),
                    times[fact],
                    "fact {fact} after think {think}"
                );
            }
        }
        let most = THINKS / (FACTS / FACTS_PER_FREE_TIME) + 1;
        assert!(
            drops <= most,
            "{drops} drops in {THINKS} thinks, at most {most}"
        );
        assert!(
            table.times.capacity() <= FACTS + 1,
            "within one time per fact"
        );
    }

    /// A table of more times than the stack's buffer renumbers in its own, reserved when the
    /// table grew past it: facts each seen at a time of their own, then re-seen in turn, keep
    /// their times through drops of tables on both sides of [`STACK_TIMES`].
    #[test]
    fn tables_larger_than_the_stack_buffer_keep_each_facts_time() {
        const FACTS: usize = 3 * STACK_TIMES;
        let mut table = FactTimes::default();
        let mut stamps: Vec<u16> = Vec::new();
        let mut times: Vec<f64> = Vec::new();
        let mut largest = 0;
        let mut drops = 0;
        // Each fact first seen at its own time, then every third fact seen again, in turn.
        let order = (0..FACTS).chain((0..FACTS).step_by(3)).enumerate();
        for (tick, fact) in order {
            let now = tick as f64;
            let before = table.times.len();
            let stamp = table.stamp(now, &mut stamps, FACTS);
            drops += usize::from(table.times.len() <= before);
            if fact == stamps.len() {
                stamps.push(stamp);
                times.push(now);
            } else {
                stamps[fact] = stamp;
                times[fact] = now;
            }
            largest = largest.max(table.times.len());
            for (f, &s) in stamps.iter().enumerate() {
                assert_eq!(table.time(s), times[f], "fact {f} at tick {tick}");
            }
        }
        assert!(
            largest > STACK_TIMES,
            "the table outgrew the stack's buffer"
        );
        assert!(drops > 0, "times were dropped");
        assert!(
            table.renumbered.capacity() >= table.times.capacity(),
            "room to renumber a large table without allocating"
        );
    }
}

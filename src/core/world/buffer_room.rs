//! Every set of decision buffers as roomy as the roomiest: the think threads' and the
//! committing thread's.
//!
//! A world that decides ahead keeps one set of buffers per think thread in a pool, handed out
//! last in first out, and the committing thread decides with its own set what was not decided
//! ahead. Each set meets only its share of the decisions, so each reaches the largest decision
//! on its own, long after the world settled: a set that few phases took (the third of three
//! threads, when most phases had work for two) grew from empty after a minute's warm-up, and a
//! rating's overlay met one more write than ever before on one thread but not the other
//! (`tests/no_alloc_think_threads.rs` failed now and then under load with one allocation). When
//! a phase opens, [`share_room`] gives each buffer of every set the room of that buffer's
//! roomiest set, so a buffer grows again only when some decision needs more than any before
//! it, as the one set of a one-thread world does. A few capacities read per phase; the memory
//! is a few buffers' largest size once per thread.

/// A reusable buffer whose room can be read and raised.
pub(crate) trait Room {
    /// The elements it holds without growing.
    fn room(&self) -> usize;
    /// Grows it, if needed, to hold `room` elements.
    fn make_room(&mut self, room: usize);
}

impl<T> Room for Vec<T> {
    fn room(&self) -> usize {
        self.capacity()
    }

    fn make_room(&mut self, room: usize) {
        if self.capacity() < room {
            self.reserve_exact(room - self.len());
        }
    }
}

/// A set of reusable buffers, visited in one fixed order.
pub(crate) trait Buffers {
    /// Calls `each` on every buffer, always in the same order.
    fn each_buffer(&mut self, each: &mut dyn FnMut(&mut dyn Room));
}

/// The most buffers one set may have: [`share_room`] keeps their rooms in an array.
pub(crate) const MOST_BUFFERS: usize = 32;

/// Gives each buffer of `committer` and of every set in `pool` the room of that buffer in the
/// roomiest of them.
pub(crate) fn share_room<S: Buffers>(committer: &mut impl Buffers, pool: &mut [S]) {
    let mut most = [0usize; MOST_BUFFERS];
    let measure: fn(&mut usize, &mut dyn Room) = |most, buffer| *most = (*most).max(buffer.room());
    let grow: fn(&mut usize, &mut dyn Room) = |most, buffer| buffer.make_room(*most);
    for meet in [measure, grow] {
        meet_each(committer, &mut most, meet);
        for set in pool.iter_mut() {
            meet_each(set, &mut most, meet);
        }
    }
}

/// Calls `meet` with every buffer of `set` and its room in `most`, by the buffer's place.
fn meet_each(
    set: &mut dyn Buffers,
    most: &mut [usize; MOST_BUFFERS],
    meet: fn(&mut usize, &mut dyn Room),
) {
    let mut at = 0;
    set.each_buffer(&mut |buffer| {
        meet(&mut most[at], buffer);
        at += 1;
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two buffers of different element types.
    #[derive(Default)]
    struct Pair {
        small: Vec<u8>,
        wide: Vec<(f64, u32)>,
    }

    impl Buffers for Pair {
        fn each_buffer(&mut self, each: &mut dyn FnMut(&mut dyn Room)) {
            each(&mut self.small);
            each(&mut self.wide);
        }
    }

    /// Each buffer gets the largest room of its kind, not of another kind, keeps its contents,
    /// and a second sharing changes nothing.
    #[test]
    fn each_buffer_gets_its_kinds_largest_room() {
        let mut committer = Pair::default();
        committer.small.extend([1, 2, 3]);
        let mut pool = vec![Pair::default(), Pair::default(), Pair::default()];
        pool[1].small.reserve_exact(40);
        pool[2].wide.reserve_exact(7);
        share_room(&mut committer, &mut pool);
        for set in std::iter::once(&committer).chain(&pool) {
            assert!(set.small.capacity() >= 40);
            assert!((7..40).contains(&set.wide.capacity()));
        }
        assert_eq!(committer.small, [1, 2, 3]);
        let rooms: Vec<_> = pool.iter().map(|set| set.small.capacity()).collect();
        share_room(&mut committer, &mut pool);
        let again: Vec<_> = pool.iter().map(|set| set.small.capacity()).collect();
        assert_eq!(rooms, again);
    }

    /// Every set of decision buffers the world shares fits the array of rooms.
    #[test]
    fn the_decision_buffers_fit() {
        let mut count = 0;
        crate::core::brains::ThinkScratch::default().each_buffer(&mut |_| count += 1);
        assert!((1..=MOST_BUFFERS).contains(&count), "{count}");
    }
}

//! What the machine itself gives from more threads, measured in the same run as
//! `bench --think-threads` (issue 33 item 4): the same fixed work split over one thread and
//! over N, for two reference kernels with nothing of motive in them. Arithmetic scales with the
//! cores; random updates of memory scale only as far as the cores' shared cache and memory
//! let them, and a large world's think is mostly that (UDGOAP's sensing rewrites kilobytes of
//! memory per think). A think speedup is judged against these ceilings as well as against N.

use std::hint::black_box;
use std::time::Instant;

/// Steps of the arithmetic kernel, split over the threads: ~0.2 s on one thread here.
const ARITHMETIC_STEPS: u64 = 200_000_000;

/// Random updates of the memory kernel, split over the threads: ~0.1-0.4 s on one thread.
const MEMORY_UPDATES: u64 = 10_000_000;

/// Timings of each kernel on each thread count, of which the best counts.
const TIMINGS: usize = 3;

/// One kernel's speedup on N threads over one thread.
pub struct Ceiling {
    /// What the kernel does, for the report.
    pub kernel: String,
    /// Wall time on one thread ÷ on N, for the same work.
    pub speedup: f64,
}

/// The kernels' speedups on `threads` threads: arithmetic, then random updates of memory
/// over each of `sizes` bytes that the threads share, each updating its own part. `quick`
/// does a quarter of the work.
pub fn measure(threads: u32, sizes: &[usize], quick: bool) -> Vec<Ceiling> {
    let parts = threads.max(1) as usize;
    let work = if quick { 4 } else { 1 };
    let speedup = |memory: &mut [u64], kernel: Kernel, steps| {
        // A pass first, so that neither timing pays for first touches (page faults, TLB);
        // then each timing's best of a few, alternating, as this VM drifts.
        split(memory, parts, steps / 4, kernel);
        let (mut one, mut many) = (f64::INFINITY, f64::INFINITY);
        for _ in 0..TIMINGS {
            one = one.min(split(memory, 1, steps, kernel));
            many = many.min(split(memory, parts, steps, kernel));
        }
        one / many
    };
    let mut words = vec![0u64; parts];
    let mut ceilings = vec![Ceiling {
        kernel: "arithmetic".to_owned(),
        speedup: speedup(
            &mut words,
            |_, steps, seed| spin(steps, seed),
            ARITHMETIC_STEPS / work,
        ),
    }];
    for &bytes in sizes {
        let mut memory = vec![1u64; (bytes / 8).max(parts)];
        ceilings.push(Ceiling {
            kernel: format!("random updates of {} MB", bytes >> 20),
            speedup: speedup(&mut memory, update, MEMORY_UPDATES / work),
        });
    }
    ceilings
}

/// A kernel: its part of the memory, its steps and its seed; returns a sum to keep.
type Kernel = fn(&mut [u64], u64, u64) -> u64;

/// Seconds to run `kernel` for `steps` in all on `parts` threads, each over its own part of
/// `memory` (the calling thread runs the first).
fn split(memory: &mut [u64], parts: usize, steps: u64, kernel: Kernel) -> f64 {
    let len = memory.len().div_ceil(parts);
    // Fewer parts than asked when the memory is shorter than parts × parts words: the steps
    // are shared among the parts there are, so the work stays the same.
    let parts = memory.len().div_ceil(len);
    let started = Instant::now();
    std::thread::scope(|scope| {
        let mut chunks = memory.chunks_mut(len).enumerate();
        let (_, first) = chunks.next().expect("memory holds a word per part");
        for (part, chunk) in chunks {
            let steps = share(steps, parts, part);
            scope.spawn(move || black_box(kernel(chunk, steps, part as u64)));
        }
        black_box(kernel(first, share(steps, parts, 0), 0));
    });
    started.elapsed().as_secs_f64()
}

/// Part `part`'s share of `total` steps split over `parts`: the first takes the remainder.
fn share(total: u64, parts: usize, part: usize) -> u64 {
    let parts = parts as u64;
    total / parts + if part == 0 { total % parts } else { 0 }
}

/// A dependent chain of multiplications: the core's arithmetic alone.
fn spin(steps: u64, seed: u64) -> u64 {
    let mut x = seed;
    for i in 0..steps {
        x = x
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(i ^ (x >> 29));
    }
    x
}

/// `steps` read-modify-writes of words of `memory` at addresses drawn from a multiplicative
/// hash of the step (independent of the loads, so misses overlap as far as the core allows).
fn update(memory: &mut [u64], steps: u64, seed: u64) -> u64 {
    let len = memory.len() as u64;
    let mut sum = 0u64;
    for i in 0..steps {
        let at = (i ^ seed).wrapping_mul(0x9e37_79b9_7f4a_7c15) % len;
        let word = &mut memory[at as usize];
        *word = word.wrapping_add(i);
        sum = sum.wrapping_add(*word);
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::{share, split, update};

    #[test]
    fn the_parts_share_exactly_the_work_of_one() {
        for total in [0, 1, 7, 20_000_001] {
            for parts in 1..=5 {
                let sum: u64 = (0..parts).map(|p| share(total, parts, p)).sum();
                assert_eq!(sum, total, "{total} steps over {parts}");
            }
        }
    }

    #[test]
    fn every_update_lands_in_its_part() {
        // Each part adds 0 + 1 + ... over its steps into its own words: the memory's total
        // grows by what every part counted, whatever the split.
        let steps = 1_001;
        for (words, parts) in [(64, 1), (64, 2), (64, 3), (5, 4)] {
            let mut memory = vec![0u64; words];
            split(&mut memory, parts, steps, update);
            // 5 words over 4 parts of 2 words: 3 parts.
            let made = words.div_ceil(words.div_ceil(parts));
            let expected: u64 = (0..made)
                .map(|p| (0..share(steps, made, p)).sum::<u64>())
                .sum();
            assert_eq!(memory.iter().sum::<u64>(), expected, "over {parts} parts");
        }
    }
}

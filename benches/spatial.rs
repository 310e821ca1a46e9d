//! The spatial index (`motive::core::spatial`) against testing every object, for the scale its
//! issue targets: 10,000 NPCs each looking for the objects within range among 10,000 objects,
//! once per think interval.
//!
//! Objects and NPCs are spread uniformly (seeded) over a 1000 × 1000 ground plane at height 0.
//! Timed: one rebuild of the index from the 10,000 objects; one round of queries (every NPC
//! queries once, results counted so nothing is optimised away); and one round of brute force
//! (every NPC tests every object with the same distance). Ranges 25 and 100, each with cells
//! of a quarter, a half and the whole range. Before anything is timed, each round's total
//! count of results is checked against brute force's.
//!
//! Run with `cargo bench --bench spatial` (criterion ids `spatial/round/range R, cell C`,
//! `spatial/rebuild/cell C`, `spatial/brute/range R`). With `MOTIVE_BENCH_REPORT=1` it prints
//! instead a table from plain `Instant` loops: µs per rebuild, ms per round and ns per query,
//! mean results per query, brute force's ms per round and the speed-up over it; and, on Linux,
//! how much of the run this thread spent waiting for a CPU (wall-clock times include that
//! wait).

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, SamplingMode, Throughput};
use motive::core::condition::distance_between;
use motive::core::spatial::SpatialIndex;
use motive::core::Vec3;

/// Objects in the index.
const OBJECTS: usize = 10_000;
/// NPCs querying it, one query each per round.
const NPCS: usize = 10_000;
/// Side of the square both are spread over.
const SIDE: f64 = 1000.0;
/// (query range, cell size) pairs measured: cells of a quarter, a half and the whole range.
const CASES: [(f64, f32); 6] = [
    (25.0, 6.25),
    (25.0, 12.5),
    (25.0, 25.0),
    (100.0, 25.0),
    (100.0, 50.0),
    (100.0, 100.0),
];

/// `count` seeded positions, uniform over the square, at height 0.
fn positions(seed: u64, count: usize) -> Vec<Vec3> {
    // SplitMix64.
    let mut state = seed;
    let mut unit = move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) >> 11) as f64 / (1u64 << 53) as f64
    };
    (0..count)
        .map(|_| Vec3::new((unit() * SIDE) as f32, 0.0, (unit() * SIDE) as f32))
        .collect()
}

/// The objects and NPCs.
struct Scene {
    objects: Vec<Vec3>,
    npcs: Vec<Vec3>,
}

impl Scene {
    fn new() -> Self {
        Scene {
            objects: positions(1, OBJECTS),
            npcs: positions(2, NPCS),
        }
    }

    /// Rebuilds `index` from every object, ids being their slots.
    fn rebuild(&self, index: &mut SpatialIndex) {
        index.rebuild(self.objects.iter().enumerate().map(|(i, &p)| (i as u32, p)));
    }

    /// One round of queries; the total number of results.
    fn round(&self, index: &SpatialIndex, range: f64) -> usize {
        let mut found = 0;
        for &npc in &self.npcs {
            index.query(black_box(npc), range, |id, distance| {
                black_box((id, distance));
                found += 1;
            });
        }
        found
    }

    /// One round of brute force; the total number of results.
    fn brute_force(&self, range: f64) -> usize {
        self.npcs
            .iter()
            .map(|&npc| {
                let npc = black_box(npc);
                self.objects
                    .iter()
                    .filter(|&&object| distance_between(npc, object) <= range)
                    .count()
            })
            .sum()
    }

    /// An index of every object, with its round's count checked against brute force's.
    fn checked_index(&self, range: f64, cell_size: f32, brute_force_count: usize) -> SpatialIndex {
        let mut index = SpatialIndex::new(cell_size).expect("a valid cell size");
        self.rebuild(&mut index);
        assert_eq!(
            self.round(&index, range),
            brute_force_count,
            "range {range}, cell {cell_size}: the index and brute force disagree"
        );
        index
    }
}

/// The distinct ranges of [`CASES`], in order.
fn ranges() -> Vec<f64> {
    let mut ranges: Vec<f64> = CASES.iter().map(|&(range, _)| range).collect();
    ranges.dedup();
    ranges
}

// ---------------------------------------------------------------------------------------------
// Criterion.

fn benchmarks(c: &mut Criterion) {
    let scene = Scene::new();
    let mut group = c.benchmark_group("spatial");
    group.throughput(Throughput::Elements(NPCS as u64));
    for range in ranges() {
        let expected = scene.brute_force(range);
        for &(_, cell_size) in CASES.iter().filter(|&&(r, _)| r == range) {
            let index = scene.checked_index(range, cell_size, expected);
            let case = format!("range {range}, cell {cell_size}");
            group.bench_function(BenchmarkId::new("round", case), |b| {
                b.iter(|| black_box(scene.round(&index, range)))
            });
        }
    }
    group.throughput(Throughput::Elements(OBJECTS as u64));
    let mut cell_sizes: Vec<f32> = CASES.iter().map(|&(_, cell_size)| cell_size).collect();
    cell_sizes.sort_by(f32::total_cmp);
    cell_sizes.dedup();
    for cell_size in cell_sizes {
        let mut index = SpatialIndex::new(cell_size).expect("a valid cell size");
        group.bench_function(
            BenchmarkId::new("rebuild", format!("cell {cell_size}")),
            |b| b.iter(|| scene.rebuild(black_box(&mut index))),
        );
    }
    group.throughput(Throughput::Elements(NPCS as u64));
    // A round of brute force takes a good fraction of a second: ten samples of one round.
    group.sample_size(10).sampling_mode(SamplingMode::Flat);
    for range in ranges() {
        group.bench_function(BenchmarkId::new("brute", format!("range {range}")), |b| {
            b.iter(|| black_box(scene.brute_force(black_box(range))))
        });
    }
    group.finish();
}

// ---------------------------------------------------------------------------------------------
// Report mode.

/// Mean seconds per call of `f`, over at least `min` calls and about `budget` in all.
fn time_per_call<T>(budget: Duration, min: u32, mut f: impl FnMut() -> T) -> f64 {
    black_box(f()); // warm the buffers
    let start = Instant::now();
    let mut n = 0u32;
    while n < min || start.elapsed() < budget {
        black_box(f());
        n += 1;
    }
    start.elapsed().as_secs_f64() / f64::from(n)
}

/// The calling thread's on-CPU and runqueue-wait nanoseconds so far, from Linux's
/// `/proc/thread-self/schedstat` (`None` elsewhere).
fn schedstat() -> Option<(u64, u64)> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let mut fields = text.split_whitespace().map(|f| f.parse::<u64>().ok());
    Some((fields.next()??, fields.next()??))
}

fn report() {
    let (began, sched_before) = (Instant::now(), schedstat());
    let scene = Scene::new();
    println!(
        "Spatial index: {OBJECTS} objects and {NPCS} NPCs uniform over {SIDE} x {SIDE}; every \
         NPC queries once per round ({} logical CPUs)",
        std::thread::available_parallelism().map_or(0, |n| n.get())
    );
    println!(
        "{:>6} {:>6} {:>11} {:>10} {:>9} {:>9} {:>10} {:>9}",
        "range", "cell", "rebuild µs", "round ms", "ns/query", "results", "brute ms", "speed-up"
    );
    for range in ranges() {
        let expected = scene.brute_force(range);
        let brute = time_per_call(Duration::from_secs(2), 3, || {
            scene.brute_force(black_box(range))
        });
        for &(_, cell_size) in CASES.iter().filter(|&&(r, _)| r == range) {
            let mut index = scene.checked_index(range, cell_size, expected);
            let rebuild = time_per_call(Duration::from_millis(500), 100, || {
                scene.rebuild(&mut index)
            });
            let round = time_per_call(Duration::from_secs(1), 10, || scene.round(&index, range));
            println!(
                "{:>6} {:>6} {:>11.1} {:>10.3} {:>9.1} {:>9.2} {:>10.1} {:>8.0}x",
                range,
                cell_size,
                rebuild * 1e6,
                round * 1e3,
                round / NPCS as f64 * 1e9,
                expected as f64 / NPCS as f64,
                brute * 1e3,
                brute / round
            );
        }
    }
    if let (Some((_, waited_before)), Some((_, waited))) = (sched_before, schedstat()) {
        println!(
            "(this thread waited for a CPU {:.0}% of the run: other processes had it)",
            (waited - waited_before) as f64 * 1e-9 / began.elapsed().as_secs_f64() * 100.0
        );
    }
}

fn main() {
    if std::env::var_os("MOTIVE_BENCH_REPORT").is_some_and(|v| v == "1") {
        report();
        return;
    }
    let mut c = Criterion::default().configure_from_args();
    benchmarks(&mut c);
    c.final_summary();
}

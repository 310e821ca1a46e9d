//! The spatial index (`motive::core::world::spatial_index`) against testing every object, for the scale its
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
//! **Through the world.** The same scene as a `World`: 10,000 wells supplying `draw`, and
//! 10,000 NPCs with a perception range of 25, either UDGOAP villagers or GOAP workers (one
//! world each). Timed, each with the world's index fresh and with it stale, where every query
//! falls back to the exact scan of every entity that the world used before it had an index
//! (a stale index is made by moving one well onto its own position, so both variants run the
//! very same code and data):
//! - `think round`: every villager thinks once (`World::think_now`): senses the entities within
//!   range into its memory, then gathers the wells it knows as suppliers of `draw` and plans
//!   (it has no goal, so planning ends at once: the round measures perception and gathering);
//! - `goap gather`: every worker begins a GOAP search (`World::goap_begin`): gathers the
//!   wells within range as targets and binds `draw` to each;
//! - `tick`: one `World::tick` of a think interval, in which every villager thinks once,
//!   after one villager moved (so the tick rebuilds the index: the engine moves NPCs every
//!   frame);
//! - `refresh`: rebuilding the world's index of its 20,000 entities.
//!
//! Before timing, the villagers' memories and the workers' targets are checked to be the same
//! with the index and with the scan.
//!
//! Run with `cargo bench --bench spatial` (criterion ids `spatial/round/range R, cell C`,
//! `spatial/rebuild/cell C`, `spatial/brute/range R`, `spatial/world/…`). With
//! `MOTIVE_BENCH_REPORT=1` it prints instead tables from plain `Instant` loops: µs per rebuild,
//! ms per round and ns per query, mean results per query, brute force's ms per round and the
//! speed-up over it; the world's rounds with the index and with the scan; and, on Linux, how
//! much of the run this thread spent waiting for a CPU (wall-clock times include that wait).

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, SamplingMode, Throughput};
use motive::core::brains::goap::gather::GoapInputs;
use motive::core::brains::goap::Workspace;
use motive::core::model::action::Planning;
use motive::core::model::archetype::ThinkSettings;
use motive::core::model::condition::{distance_between, CmpOp, Condition, Operand, Role};
use motive::core::model::effect::{Effect, EffectOp};
use motive::core::model::goap::{GoapGoalId, Relevance};
use motive::core::world::spatial_index::SpatialIndex;
use motive::core::{DomainBuilder, Entity, Value, ValueType, Vec3, World, WorldConfig};

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
// Through the world.

/// Perception range of the world's NPCs.
const PERCEPTION: f64 = 25.0;

/// Which brain the world's NPCs have.
#[derive(Clone, Copy, PartialEq)]
enum Brain {
    /// UDGOAP villagers that consume `draw` and have no drive.
    Udgoap,
    /// GOAP workers that want `watered` and get it by `draw`.
    Goap,
}

/// The scene as a world: wells, then NPCs of one brain.
struct WorldScene {
    world: World,
    npcs: Vec<Entity>,
    /// A well, moved onto its own position to make the index stale.
    well: Entity,
    /// The workers' goal.
    goal: GoapGoalId,
    inputs: GoapInputs,
    workspace: Option<Workspace>,
}

impl WorldScene {
    fn new(scene: &Scene, brain: Brain) -> Self {
        let mut b = DomainBuilder::new();
        let watered = b.add_attribute("watered", ValueType::Bool).unwrap();
        let draw = b.add_action("draw").unwrap();
        let effect = Effect {
            role: Role::Consumer,
            op: EffectOp::Set(watered, Operand::Constant(Value::Bool(true))),
        };
        b.add_effect(draw, effect).unwrap();
        let planning = Planning {
            cost_per_distance: 0.1,
            ..Planning::default()
        };
        b.set_action_planning(draw, planning).unwrap();
        let well = b.add_archetype("well").unwrap();
        b.add_supplied_action(well, draw).unwrap();
        let npc = b.add_archetype("npc").unwrap();
        b.add_consumed_action(npc, draw).unwrap();
        let think = ThinkSettings {
            perception_range: PERCEPTION,
            ..ThinkSettings::default()
        };
        b.set_think_settings(npc, think).unwrap();
        let goal = b.add_goap_goal("water", 1, Relevance::Fixed(1.0)).unwrap();
        let requirement = Condition::Compare {
            role: Role::Consumer,
            attribute: watered,
            op: CmpOp::Eq,
            rhs: Operand::Constant(Value::Bool(true)),
        };
        b.add_goap_requirement(goal, requirement).unwrap();
        if brain == Brain::Goap {
            b.add_archetype_goap_goal(npc, goal).unwrap();
        }
        let config = WorldConfig {
            entity_capacity: (OBJECTS + NPCS) as u32,
            ..WorldConfig::default()
        };
        let mut world = World::new(b.build().unwrap(), config).unwrap();
        let wells: Vec<Entity> = scene
            .objects
            .iter()
            .map(|&at| world.spawn(well, at).unwrap())
            .collect();
        let npcs = scene
            .npcs
            .iter()
            .map(|&at| world.spawn(npc, at).unwrap())
            .collect();
        WorldScene {
            world,
            npcs,
            well: wells[0],
            goal,
            inputs: GoapInputs::default(),
            workspace: Some(Workspace::default()),
        }
    }

    /// Makes the index fresh (`true`) or stale.
    fn use_index(&mut self, fresh: bool) {
        if fresh {
            self.world.refresh_spatial_index();
        } else {
            let at = self.world.position(self.well).unwrap();
            self.world.set_position(self.well, at).unwrap();
        }
    }

    /// Every villager thinks once.
    fn think_round(&mut self) {
        for &npc in &self.npcs {
            self.world.think_now(npc).unwrap();
        }
        self.world.consume_events(usize::MAX);
    }

    /// Every worker gathers its targets and binds its actions; the number of targets.
    fn goap_gather(&mut self) -> usize {
        let mut targets = 0;
        for &npc in &self.npcs {
            let workspace = self.workspace.take().unwrap_or_default();
            let search = self
                .world
                .goap_begin(npc, self.goal, &mut self.inputs, workspace, 0)
                .unwrap();
            targets += self.inputs.targets.len();
            self.workspace = Some(search.into_workspace());
        }
        targets
    }

    /// One tick of a think interval after one villager moved onto its own position.
    fn tick(&mut self) {
        let npc = self.npcs[0];
        let at = self.world.position(npc).unwrap();
        self.world.set_position(npc, at).unwrap();
        self.world
            .tick(ThinkSettings::default().think_interval)
            .unwrap();
        self.world.consume_events(usize::MAX);
    }

    /// What the villagers know (every remembered entity, in order), or the workers' targets:
    /// what the index must not change. Entities as (index1, generation): twin worlds have
    /// different serials.
    fn perceived(&mut self, brain: Brain) -> Vec<(u32, u16)> {
        match brain {
            Brain::Udgoap => {
                self.think_round();
                let world = &self.world;
                self.npcs
                    .iter()
                    .flat_map(|&npc| world.udgoap_mind(npc).unwrap().memory.located())
                    .map(|(e, _)| (e.index1, e.generation))
                    .collect()
            }
            Brain::Goap => {
                let mut all = Vec::new();
                for &npc in &self.npcs.clone() {
                    let workspace = self.workspace.take().unwrap_or_default();
                    let search = self
                        .world
                        .goap_begin(npc, self.goal, &mut self.inputs, workspace, 0)
                        .unwrap();
                    all.extend(
                        self.inputs
                            .targets
                            .iter()
                            .map(|t| (t.entity.index1, t.entity.generation)),
                    );
                    self.workspace = Some(search.into_workspace());
                }
                all
            }
        }
    }

    /// The scene for `brain`, checked to perceive the same with the index as a twin world
    /// does with the scan.
    fn checked(scene: &Scene, brain: Brain) -> Self {
        let mut scanning = WorldScene::new(scene, brain);
        scanning.use_index(false);
        let mut world = WorldScene::new(scene, brain);
        world.use_index(true);
        assert!(
            world.perceived(brain) == scanning.perceived(brain),
            "the world's index and its scan disagree"
        );
        world
    }
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
    for (brain, name) in [(Brain::Udgoap, "think round"), (Brain::Goap, "goap gather")] {
        let mut world = WorldScene::checked(&scene, brain);
        for (fresh, variant) in [(true, "index"), (false, "scan")] {
            world.use_index(fresh);
            group.bench_function(BenchmarkId::new(format!("world/{name}"), variant), |b| {
                b.iter(|| match brain {
                    Brain::Udgoap => world.think_round(),
                    Brain::Goap => {
                        black_box(world.goap_gather());
                    }
                })
            });
        }
        if brain == Brain::Udgoap {
            group.bench_function("world/tick", |b| b.iter(|| world.tick()));
            group.throughput(Throughput::Elements((OBJECTS + NPCS) as u64));
            group.bench_function("world/refresh", |b| {
                b.iter(|| {
                    world.use_index(false);
                    world.use_index(true);
                })
            });
            group.throughput(Throughput::Elements(NPCS as u64));
        }
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
    println!(
        "Through the world: {OBJECTS} wells and {NPCS} NPCs (perception range {PERCEPTION}, \
         cell {}); ms per round of every NPC",
        WorldScene::new(&scene, Brain::Goap)
            .world
            .spatial_cell_size()
    );
    println!(
        "{:>12} {:>10} {:>10} {:>9}",
        "round", "index ms", "scan ms", "speed-up"
    );
    for (brain, name) in [(Brain::Udgoap, "think round"), (Brain::Goap, "goap gather")] {
        let mut world = WorldScene::checked(&scene, brain);
        let mut round = |fresh: bool| {
            world.use_index(fresh);
            time_per_call(Duration::from_secs(2), 3, || match brain {
                Brain::Udgoap => world.think_round(),
                Brain::Goap => {
                    black_box(world.goap_gather());
                }
            })
        };
        let (index, scan) = (round(true), round(false));
        println!(
            "{:>12} {:>10.2} {:>10.1} {:>8.0}x",
            name,
            index * 1e3,
            scan * 1e3,
            scan / index
        );
        if brain == Brain::Udgoap {
            let tick = time_per_call(Duration::from_secs(2), 3, || world.tick());
            let refresh = time_per_call(Duration::from_millis(500), 20, || {
                world.use_index(false);
                world.use_index(true);
            });
            println!(
                "tick (every villager thinks, index rebuilt): {:.2} ms; rebuilding the index \
                 of {} entities: {:.0} µs",
                tick * 1e3,
                OBJECTS + NPCS,
                refresh * 1e6
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

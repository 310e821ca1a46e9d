//! The measuring protocol of Sloan et al. 2011 (S:155, S:161): each run builds its worlds
//! afresh (start-up, timed apart), steps them through a warm-up (reported apart, never in the
//! measure) and then through the measured window; five runs, the best and worst dropped, the
//! other three averaged. A small population takes more runs (`Protocol::min_thinks`), so
//! that its figure rests on enough thinks to survive a preempted window.
//!
//! The measure is Khoo and Zubek's, as the thesis uses it (T:1356): controller time summed over
//! the window ÷ (thinking NPCs × thinks per NPC in the window), thinks counted from each
//! character's think interval (0.2 s, S:155), not from what the controller chose to do with
//! them. Populations split over several worlds step each world on its own thread, all
//! starting the window together: the CPU measure sums the threads' controller times, the wall
//! measure takes the slowest thread's.
//!
//! Controller time is wall time, as the thesis's was, so it counts the moments a thread waits
//! for a core on a shared machine; the CPU measure scales each thread's controller time by the
//! share of the window it was on a CPU (`on_cpu.rs`).
//!
//! Memory is the process's heap (`heap.rs`) read between phases, while no thread works: after
//! the worlds are built and after the warm-up, less what was live before. Allocations are the
//! worker threads' own during the window, per step.

use std::sync::Barrier;
use std::time::{Duration, Instant};

use motive::core::{DomainBuilder, World, WorldConfig};

use super::controllers::Prepared;
use super::heap;
use super::huge_pages;
use super::need_watch::{NeedSummary, NeedWatch};
use super::on_cpu::OnCpu;
use super::population::Population;

/// The most runs a point takes, asked (`--runs`) or added by [`Protocol::min_thinks`]: 64
/// quick windows of the 32-NPC base point take well under a second.
pub const MAX_RUNS: u32 = 64;

/// How each point is measured.
#[derive(Clone, Copy, Debug)]
pub struct Protocol {
    /// Runs per point, at least: [`Protocol::min_thinks`] may add more ([`kept`] says which
    /// the figure averages).
    pub runs: u32,
    /// Simulated seconds stepped before the window.
    pub warmup: f64,
    /// Simulated seconds of the window, the same at every point: the hospital's load changes
    /// as its shift goes on (UDGOAP's cost per decision at 5,008 NPCs fell from 6.0 µs over
    /// 5-10 s to 2.7 µs over 80-85 s as patients were served), so only points measured over
    /// the same span of the shift compare. Shortening large populations' windows, as this
    /// once did, compared their busy first seconds with the base point's whole shift.
    pub seconds: f64,
    /// Fewest NPC thinks a point measures over its runs: a point whose window holds fewer
    /// takes more runs, up to [`MAX_RUNS`].
    pub min_thinks: f64,
    /// Seed of the first run; run k uses `seed + k`.
    pub seed: u64,
}

/// What a point measured, averaged over the runs kept.
#[derive(Clone, Copy, Debug)]
pub struct Measured {
    /// Thinking NPCs, every world together.
    pub npcs: u32,
    /// Runs made.
    pub runs: u32,
    /// Simulated seconds of each run's window.
    pub window: f64,
    /// Wall milliseconds to build the worlds (the slowest thread's).
    pub startup_ms: f64,
    /// Controller µs per NPC decision during the warm-up (NaN without one).
    pub warmup_us: f64,
    /// Controller µs per NPC decision, threads summed: the Khoo–Zubek measure.
    pub us: f64,
    /// The part of [`Measured::us`] that is the controller's own decisions, `World::tick`
    /// left out: the FSMs' checks (NaN for brains, see `Population::own_think_time`).
    pub own_think_us: f64,
    /// Wall µs per NPC decision: the slowest thread's controller time.
    pub wall_us: f64,
    /// CPU µs per NPC decision: each thread's controller time × its on-CPU share, summed (NaN
    /// where the share is unknown).
    pub cpu_us: f64,
    /// The share of the window the worker threads were on a CPU (NaN where unknown).
    pub on_cpu: f64,
    /// Heap bytes per thinking NPC once the worlds are built.
    pub start_bytes_per_npc: f64,
    /// Heap bytes per thinking NPC after the warm-up.
    pub bytes_per_npc: f64,
    /// Heap bytes of the loaded domain.
    pub domain_bytes: isize,
    /// Allocations per step in the window (the worst run's).
    pub allocs_per_tick: f64,
    /// The patients' needs over every run (the worst run's).
    pub needs: NeedSummary,
    /// The most bytes of the process on huge pages after a run's warm-up, where Linux says
    /// (`huge_pages.rs`).
    pub huge_page_bytes: Option<u64>,
    /// Each run's [`Measured::budget_us`] by its round (NaN for rounds the point took no part
    /// in): points run in the same round ran within a minute of each other, so their ratio
    /// is free of the machine's drift ([`paired_ratio`]).
    pub by_round: [f64; MAX_RUNS as usize],
}

impl Measured {
    /// µs per decision spent of a core's budget, which is CPU time: CPU µs, or wall µs where
    /// the CPU share is unknown.
    pub fn budget_us(&self) -> f64 {
        budget_us(self.cpu_us, self.us)
    }

    /// NPCs whose decisions fit in 10 % of one core at one think per interval (0.2 s):
    /// 0.1 × 200 ms ÷ [`Measured::budget_us`].
    pub fn npcs_in_ten_percent(&self, interval: f64) -> f64 {
        npcs_in_ten_percent(self.budget_us(), interval)
    }

    /// The controller's own decisions' share of [`Measured::budget_us`]: a thread's on-CPU
    /// share scales its own think as it scales its controller time.
    pub fn own_think_budget_us(&self) -> f64 {
        self.budget_us() * self.own_think_us / self.us
    }
}

/// One run's result.
struct Run {
    startup: Duration,
    warmup_us: f64,
    us: f64,
    own_think_us: f64,
    wall_us: f64,
    cpu_us: f64,
    on_cpu: f64,
    built_bytes: isize,
    warmed_bytes: isize,
    allocs_per_tick: f64,
    needs: NeedSummary,
    huge_page_bytes: Option<u64>,
}

impl Run {
    /// [`Measured::budget_us`] of this run alone.
    fn budget_us(&self) -> f64 {
        budget_us(self.cpu_us, self.us)
    }
}

/// NPCs whose decisions, at `budget_us` each, fit in 10 % of one core at one think per
/// `interval` seconds.
pub fn npcs_in_ten_percent(budget_us: f64, interval: f64) -> f64 {
    0.1 * interval * 1e6 / budget_us
}

/// CPU µs per decision, or `us` (wall) where the CPU share is unknown.
fn budget_us(cpu_us: f64, us: f64) -> f64 {
    if cpu_us.is_finite() {
        cpu_us
    } else {
        us
    }
}

/// The median over the rounds both took part in of `larger`'s cost per decision over
/// `base`'s, and how many rounds that is (NaN and 0 when none).
pub fn paired_ratio(larger: &Measured, base: &Measured) -> (f64, usize) {
    let ratios: Vec<f64> = larger
        .by_round
        .iter()
        .zip(&base.by_round)
        .filter(|(l, b)| l.is_finite() && b.is_finite())
        .map(|(l, b)| l / b)
        .collect();
    (super::median::median(&ratios), ratios.len())
}

/// One worker thread's result.
struct Part {
    startup: Duration,
    warmup: Duration,
    window: Duration,
    own_think: Option<Duration>,
    on_cpu: Option<f64>,
    allocations: u64,
    steps: u64,
    needs: NeedSummary,
}

/// Makes the process-wide state every world shares (the pool of world serials, 64 KB, made
/// with the first world), so that the first point measured is not charged for it.
pub fn prime() -> Result<(), String> {
    let domain = DomainBuilder::new().build().map_err(|e| e.to_string())?;
    World::new(domain, WorldConfig::default()).map_err(|e| e.to_string())?;
    Ok(())
}

/// The copies of each world for at least `npcs` thinking NPCs split over `threads` worlds,
/// dealt out as evenly as they go; an error when a world would have none.
pub fn split(prepared: &Prepared, npcs: u32, threads: u32) -> Result<Vec<u32>, String> {
    let copies = prepared.copies_for(npcs);
    if copies < threads {
        return Err(format!(
            "{threads} threads need at least {threads} copies of the hospital ({} NPCs), not {npcs} NPCs",
            threads * prepared.thinking_per_copy
        ));
    }
    Ok((0..threads)
        .map(|t| copies / threads + u32::from(t < copies % threads))
        .collect())
}

/// A point's runs as they are taken: the sweep takes every point's runs in rounds (run k of
/// each point in round k, `rounds.rs`), so that the points' runs span the same minutes.
pub struct Pending {
    copies: u32,
    warmup: f64,
    window: f64,
    run_count: u32,
    /// Each run made, with its round.
    runs: Vec<(u32, Run)>,
}

impl Pending {
    /// The runs `prepared` with `worlds` (copies in each, see [`split`]) takes under
    /// `protocol`, none made yet.
    pub fn new(prepared: &Prepared, worlds: &[u32], protocol: &Protocol) -> Pending {
        let copies: u32 = worlds.iter().sum();
        let thinks_per_second = prepared.thinks_per_copy_second * f64::from(copies);
        // Whole steps, so that the seconds measured are the seconds stepped.
        let whole_steps = |seconds: f64| (seconds / prepared.step()).round() * prepared.step();
        let window = whole_steps(protocol.seconds).max(prepared.step());
        Pending {
            copies,
            warmup: whole_steps(protocol.warmup),
            window,
            run_count: runs_for(protocol, thinks_per_second * window),
            runs: Vec::new(),
        }
    }

    /// How many runs the point takes: the rounds it takes part in, from round 0.
    pub fn run_count(&self) -> u32 {
        self.run_count
    }

    /// Makes the point's run of `round` (below [`Pending::run_count`]), seeded `protocol.seed
    /// + round`.
    pub fn run(
        &mut self,
        prepared: &Prepared,
        worlds: &[u32],
        protocol: &Protocol,
        round: u32,
    ) -> Result<(), String> {
        let seed = protocol.seed + u64::from(round);
        let made = run(prepared, worlds, seed, self.warmup, self.window)?;
        self.runs.push((round, made));
        Ok(())
    }

    /// The point's figures from the runs made (at least one).
    pub fn measured(self, prepared: &Prepared) -> Measured {
        let Pending {
            copies,
            window,
            run_count,
            runs,
            ..
        } = self;
        let mut by_round = [f64::NAN; MAX_RUNS as usize];
        for (round, r) in &runs {
            by_round[*round as usize] = r.budget_us();
        }
        let mut runs: Vec<Run> = runs.into_iter().map(|(_, r)| r).collect();
        let worst_allocs = runs.iter().map(|r| r.allocs_per_tick).fold(0.0, f64::max);
        let needs = runs
            .iter()
            .map(|r| r.needs)
            .reduce(worst)
            .expect("one run at least");
        let huge_page_bytes = runs.iter().filter_map(|r| r.huge_page_bytes).max();
        let (first_bytes, first_warmed) = (runs[0].built_bytes, runs[0].warmed_bytes);
        runs.sort_by(|a, b| a.us.total_cmp(&b.us));
        let runs = kept(&runs);
        let mean = |f: fn(&Run) -> f64| runs.iter().map(f).sum::<f64>() / runs.len() as f64;
        let total = copies * prepared.thinking_per_copy;
        Measured {
            npcs: total,
            runs: run_count,
            window,
            startup_ms: mean(|r| r.startup.as_secs_f64() * 1e3),
            warmup_us: mean(|r| r.warmup_us),
            us: mean(|r| r.us),
            own_think_us: mean(|r| r.own_think_us),
            wall_us: mean(|r| r.wall_us),
            cpu_us: mean(|r| r.cpu_us),
            on_cpu: mean(|r| r.on_cpu),
            start_bytes_per_npc: first_bytes as f64 / f64::from(total),
            bytes_per_npc: first_warmed as f64 / f64::from(total),
            domain_bytes: prepared.domain_bytes,
            allocs_per_tick: worst_allocs,
            needs,
            huge_page_bytes,
            by_round,
        }
    }
}

/// Runs for a point whose window holds `thinks_per_run` thinks: the runs asked, or more
/// until they hold [`Protocol::min_thinks`], at most [`MAX_RUNS`] (never fewer than asked).
fn runs_for(protocol: &Protocol, thinks_per_run: f64) -> u32 {
    let asked = protocol.runs.max(1);
    let needed = (protocol.min_thinks / thinks_per_run.max(1.0)).ceil();
    asked.max(needed.min(f64::from(MAX_RUNS)) as u32)
}

/// The runs a point's figure averages, from runs sorted by cost: all of one or two; the best
/// and worst dropped from three to seven; the middle half from eight on (an interquartile
/// mean: one preempted window among many small ones moves it little).
fn kept<T>(sorted: &[T]) -> &[T] {
    let drop = match sorted.len() {
        0..=2 => 0,
        3..=7 => 1,
        n => n / 4,
    };
    &sorted[drop..sorted.len() - drop]
}

/// The worse of two runs' needs: fewer serviced, lower lowest.
fn worst(a: NeedSummary, b: NeedSummary) -> NeedSummary {
    NeedSummary {
        serviced: a.serviced.min(b.serviced),
        needs: a.needs.max(b.needs),
        lowest: a.lowest.min(b.lowest),
    }
}

/// One run: a worker thread per world, this thread reading the heap between phases.
fn run(
    prepared: &Prepared,
    worlds: &[u32],
    seed: u64,
    warmup: f64,
    window: f64,
) -> Result<Run, String> {
    let barrier = Barrier::new(worlds.len() + 1);
    let before = heap::live_bytes();
    let (parts, built, warmed, huge) = std::thread::scope(|scope| {
        let workers: Vec<_> = worlds
            .iter()
            .map(|&copies| {
                let barrier = &barrier;
                scope.spawn(move || work(prepared, copies, seed, warmup, window, barrier))
            })
            .collect();
        barrier.wait();
        let built = heap::live_bytes();
        barrier.wait();
        barrier.wait();
        let warmed = heap::live_bytes();
        let huge = huge_pages::held();
        barrier.wait();
        let parts: Result<Vec<Part>, String> = workers
            .into_iter()
            .map(|w| {
                w.join()
                    .map_err(|_| "a worker thread panicked".to_owned())?
            })
            .collect();
        (parts, built, warmed, huge)
    });
    let parts = parts?;
    let thinks_per_second = prepared.thinks_per_copy_second * f64::from(worlds.iter().sum::<u32>());
    let per_decision =
        |time: Duration, seconds: f64| time.as_secs_f64() * 1e6 / (thinks_per_second * seconds);
    let window_sum = parts.iter().map(|p| p.window).sum();
    let window_max = parts.iter().map(|p| p.window).max().unwrap_or_default();
    let shares: Option<Vec<f64>> = parts.iter().map(|p| p.on_cpu).collect();
    let (cpu_us, on_cpu) = match shares {
        Some(shares) => {
            let cpu = parts
                .iter()
                .zip(&shares)
                .map(|(p, s)| p.window.mul_f64(*s))
                .sum();
            let mean_share = shares.iter().sum::<f64>() / shares.len() as f64;
            (per_decision(cpu, window), mean_share)
        }
        None => (f64::NAN, f64::NAN),
    };
    Ok(Run {
        startup: parts.iter().map(|p| p.startup).max().unwrap_or_default(),
        warmup_us: per_decision(parts.iter().map(|p| p.warmup).sum(), warmup),
        us: per_decision(window_sum, window),
        own_think_us: parts
            .iter()
            .map(|p| p.own_think)
            .sum::<Option<Duration>>()
            .map_or(f64::NAN, |own| per_decision(own, window)),
        wall_us: per_decision(window_max, window),
        cpu_us,
        on_cpu,
        built_bytes: built - before,
        warmed_bytes: warmed - before,
        huge_page_bytes: huge,
        allocs_per_tick: parts.iter().map(|p| p.allocations).sum::<u64>() as f64
            / parts.iter().map(|p| p.steps).sum::<u64>().max(1) as f64,
        needs: parts
            .iter()
            .map(|p| p.needs)
            .reduce(NeedSummary::merge)
            .expect("one world at least"),
    })
}

/// One worker: builds its world, waits while the heap is read, warms up, waits again, then
/// steps the window. It meets every barrier even when a phase failed, so nobody waits forever.
fn work(
    prepared: &Prepared,
    copies: u32,
    seed: u64,
    warmup: f64,
    window: f64,
    barrier: &Barrier,
) -> Result<Part, String> {
    let step = prepared.step();
    let started = Instant::now();
    let built = prepared.populate(copies, seed).map(|population| {
        let watch = NeedWatch::new(population.world());
        (population, watch)
    });
    let startup = started.elapsed();
    barrier.wait();
    barrier.wait();
    let warmed = built.and_then(|(mut population, mut watch)| {
        let before = population.controller_time();
        steps(&mut *population, &mut watch, step, warmup)?;
        let spent = population.controller_time() - before;
        Ok((population, watch, spent))
    });
    barrier.wait();
    barrier.wait();
    let (mut population, mut watch, warmup) = warmed?;
    let on_cpu = OnCpu::start();
    let allocations = heap::thread_allocations();
    let before = population.controller_time();
    let own_before = population.own_think_time();
    let steps = steps(&mut *population, &mut watch, step, window)?;
    let allocations = heap::thread_allocations() - allocations;
    Ok(Part {
        window: population.controller_time() - before,
        own_think: population
            .own_think_time()
            .zip(own_before)
            .map(|(after, before)| after - before),
        on_cpu: on_cpu.share(),
        allocations,
        startup,
        warmup,
        steps,
        needs: watch.summary(),
    })
}

/// Steps `population` through `seconds` in steps of `step`, watching needs after each;
/// returns the steps made.
fn steps(
    population: &mut dyn Population,
    watch: &mut NeedWatch,
    step: f64,
    seconds: f64,
) -> Result<u64, String> {
    let count = (seconds / step).round() as u64;
    for _ in 0..count {
        population.step(step)?;
        watch.observe(population.world());
    }
    Ok(count)
}

#[cfg(test)]
mod tests {
    use super::{kept, paired_ratio, runs_for, Measured, Protocol, MAX_RUNS};
    use crate::bench::need_watch::NeedSummary;

    /// A point whose runs cost `budget` µs per decision in rounds 0, 1, …, NaN where it ran
    /// no run.
    fn ran(budget: &[f64]) -> Measured {
        let mut by_round = [f64::NAN; MAX_RUNS as usize];
        by_round[..budget.len()].copy_from_slice(budget);
        Measured {
            npcs: 32,
            runs: budget.len() as u32,
            window: 10.0,
            startup_ms: 0.0,
            warmup_us: f64::NAN,
            us: 1.0,
            own_think_us: f64::NAN,
            wall_us: 1.0,
            cpu_us: 1.0,
            on_cpu: 1.0,
            start_bytes_per_npc: 0.0,
            bytes_per_npc: 0.0,
            domain_bytes: 0,
            allocs_per_tick: 0.0,
            needs: NeedSummary {
                serviced: 0,
                needs: 0,
                lowest: f64::INFINITY,
            },
            huge_page_bytes: None,
            by_round,
        }
    }

    #[test]
    fn the_paired_ratio_is_the_median_over_the_rounds_both_ran() {
        // The machine slows by half in round 1: both points' runs of it, the ratio not.
        let base = ran(&[1.0, 1.5, 1.0, 1.0, 1.0]);
        let large = ran(&[1.2, 1.8, 1.2]);
        let (ratio, rounds) = paired_ratio(&large, &base);
        assert_eq!(rounds, 3);
        assert!((ratio - 1.2).abs() < 1e-12, "{ratio}");
        // A round the larger point ran alone (it cannot, but NaN pairs are skipped) or none.
        let (none, rounds) = paired_ratio(&ran(&[f64::NAN, 2.0]), &ran(&[1.0]));
        assert!(none.is_nan() && rounds == 0);
    }

    fn protocol(runs: u32, min_thinks: f64) -> Protocol {
        Protocol {
            runs,
            warmup: 1.0,
            seconds: 10.0,
            min_thinks,
            seed: 1,
        }
    }

    #[test]
    fn a_small_window_takes_runs_until_the_thinks_are_enough() {
        // The quick base point: 32 NPCs thinking 5 times a second for 10 s.
        assert_eq!(runs_for(&protocol(1, 100_000.0), 1_600.0), 63);
        assert_eq!(runs_for(&protocol(1, 1e9), 1_600.0), MAX_RUNS);
        // A large population's window already holds enough: the runs asked, never fewer.
        assert_eq!(runs_for(&protocol(1, 100_000.0), 1e6), 1);
        assert_eq!(runs_for(&protocol(5, 100_000.0), 1e6), 5);
        assert_eq!(runs_for(&protocol(5, 100_000.0), 0.0), MAX_RUNS);
    }

    #[test]
    fn the_figure_drops_the_extremes() {
        let sorted: Vec<u32> = (0..64).collect();
        assert_eq!(kept(&sorted[..2]), &[0, 1]);
        assert_eq!(kept(&sorted[..5]), &[1, 2, 3]);
        assert_eq!(kept(&sorted[..7]), &[1, 2, 3, 4, 5]);
        assert_eq!(kept(&sorted[..8]), &[2, 3, 4, 5]);
        assert_eq!(kept(&sorted), &sorted[16..48]);
    }
}

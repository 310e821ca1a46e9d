//! `motive bench --think-threads`: one world thinking on several of motive's own threads
//! (`WorldConfig::think_threads`, issue 33 item 4), against the same world on one.
//!
//! For each brain's hospital variant, each `--npcs` population in *one* world and each thread
//! count: the world is built, warmed up, then stepped through a window of the same simulated
//! seconds whatever the population. Reported per NPC decision
//! (thinks counted from the think interval, as `protocol.rs` counts them): the tick's wall µs
//! (`World::tick`, what the threads speed up), the whole step's process CPU µs (every thread of
//! the process, the simulator's engine part included), the speedup of the tick's wall time over
//! one thread's, the on-CPU share (process CPU ÷ (threads × the steps' wall time): 1 when every
//! thread ran all the time, lower when threads waited for a core or for each other, and lower
//! still because the engine part and the commits run on one thread), and the share of thinks
//! decided ahead that were stale at their turn, and the tick's wall µs per decision phase by
//! phase (`World::tick_phases`): the passes over the entities before the thinks and the thinks
//! at their turn run on the calling thread, so they bound the speedup; `ahead` is the thinks
//! decided on the threads. The speedup is against the one-thread point
//! wherever the list has it.
//!
//! This kind of machine's speed drifts by tens of percent within minutes (a host shared with
//! others): one pair of windows taken a minute apart gave the same build 1.08× in one pair and
//! 1.92× in another. So `--runs` rounds each measure every thread count once, the order
//! alternating from round to round (the second of two runs tends to run faster), with seed
//! `--seed` + round; a figure is the median of its rounds, and the speedup the median of the
//! rounds' paired speedups (each round's one-thread tick over its own), with their range.
//! Below the table, the machine's own ceiling for each thread count
//! (`machine_ceiling.rs`): what the same work gains from more threads with nothing of motive
//! in it, computing and updating memory.

use std::error::Error;
use std::time::Instant;

use super::controllers::{Controller, Drive};
use super::hospital;
use super::machine_ceiling;
use super::median::{median, range};
use super::on_cpu::thread_cpu;

/// The memory the ceiling's memory kernel updates: within this kind of machine's last-level
/// cache (32 MB), and well beyond it, as a world of tens of thousands of NPCs is.
const CEILING_BYTES: [usize; 2] = [16 << 20, 256 << 20];

/// One measured point.
struct Point {
    tick_wall_us: f64,
    cpu_us: f64,
    on_cpu: f64,
    stale: f64,
    /// Share of the window's ticks whose thinks decided ahead on several threads.
    parallel_ticks: f64,
    /// Wall µs per decision in each phase of the tick ([`motive::core::world::tick_phases`]):
    /// the passes, thinks decided ahead, thinks at their turn, what follows them.
    phases: [f64; 4],
}

/// Measures each brain among `controllers` at each of `npcs` in one world, on each of
/// `threads` think threads.
pub fn run(
    controllers: &[Controller],
    npcs: &[u32],
    threads: &[u32],
    quick: bool,
    seed: u64,
    rounds: u32,
) -> Result<(), Box<dyn Error>> {
    let (warmup, seconds) = if quick { (1.0, 10.0) } else { (5.0, 30.0) };
    let rounds = rounds.max(1);
    println!("motive bench --think-threads: one world of the hospital, thinking on several threads; {warmup} s warm-up, a {seconds} s window; {rounds} round(s), each measuring every thread count, the order alternating");
    println!(
        "machine: {}; pages: {}; load average before: {}",
        crate::machine::describe(),
        super::huge_pages::describe(None),
        load_average()
    );
    println!("tick µs = World::tick's wall time per decision; cpu µs = the process's CPU time per decision over whole steps (engine part included); speedup = tick µs on 1 thread ÷ on this many (the median of the rounds' paired speedups; range: the lowest and highest of them); on-CPU = process CPU ÷ (threads × the steps' wall time); stale = decisions taken ahead and checked at their turn that were decided again there; parallel = ticks whose thinks decided ahead on several threads (enough due NPCs with something to decide); passes, ahead, thinks, after = the tick's wall µs per decision in each phase: the passes over the entities (needs, running actions, due thinks, spatial index), thinks decided ahead on the threads, thinks at their turn (committing or deciding), and what follows (GOAP's planning queue, orders): passes, thinks and after run on one thread; bound = the speedup these threads could reach with those three phases as they ran and the rest split perfectly (tick µs on 1 thread ÷ (passes + thinks + after + the rest ÷ threads), Amdahl's law), what this scheme allows however well the thinks ahead divide. Every other figure is the median of the rounds.");
    println!();
    println!(
        "{:<8} {:>7} {:>7} {:>9} {:>9} {:>8} {:>11} {:>7} {:>7} {:>8}   {:>7} {:>7} {:>7} {:>7} {:>7}",
        "brain",
        "npcs",
        "threads",
        "tick µs",
        "cpu µs",
        "speedup",
        "range",
        "on-CPU",
        "stale",
        "parallel",
        "passes",
        "ahead",
        "thinks",
        "after",
        "bound"
    );
    let doc = hospital::document();
    for controller in controllers {
        if let Drive::Fsm = controller.drive {
            continue;
        }
        let prepared = controller.prepare(&doc)?;
        for &n in npcs {
            // One point per round for each thread count, by its place in `threads`.
            let mut measured: Vec<Vec<Point>> = threads.iter().map(|_| Vec::new()).collect();
            for round in 0..rounds {
                for i in super::rounds::order(threads.len(), round) {
                    let seed = seed + u64::from(round);
                    measured[i].push(measure(&prepared, n, threads[i], seed, warmup, seconds)?);
                }
            }
            // Against the one-thread point wherever the list has it (`--think-threads 2,1`
            // measures it last, to see whether the order matters).
            let one = threads.iter().position(|&t| t == 1).map(|i| &measured[i]);
            for (&t, points) in threads.iter().zip(&measured) {
                // Each round's figure against its own one-thread point.
                let paired = |figure: &dyn Fn(&Point, &Point) -> f64| -> Vec<f64> {
                    one.map_or_else(Vec::new, |one| {
                        one.iter()
                            .zip(points)
                            .map(|(one, p)| figure(one, p))
                            .collect()
                    })
                };
                let speedups = paired(&|one, p| one.tick_wall_us / p.tick_wall_us);
                let bounds = paired(&|one, p| serial_bound(one.tick_wall_us, p, t));
                // One round, or the one-thread row (its speedups are all 1): no range to show.
                let range = if rounds == 1 || t == 1 || speedups.is_empty() {
                    "-".to_owned()
                } else {
                    let (low, high) = range(&speedups);
                    format!("{low:.2}–{high:.2}")
                };
                let of =
                    |f: &dyn Fn(&Point) -> f64| median(&points.iter().map(f).collect::<Vec<_>>());
                let [passes, ahead, thinks, after] =
                    [0, 1, 2, 3].map(|phase| of(&|p| p.phases[phase]));
                println!(
                    "{:<8} {:>7} {:>7} {:>9.3} {:>9.3} {:>7.2}× {range:>11} {:>6.0}% {:>6.2}% {:>7.0}%   {passes:>7.3} {ahead:>7.3} {thinks:>7.3} {after:>7.3} {:>6.2}×",
                    controller.label,
                    prepared.copies_for(n) * prepared.thinking_per_copy,
                    t,
                    of(&|p| p.tick_wall_us),
                    of(&|p| p.cpu_us),
                    median(&speedups),
                    of(&|p| p.on_cpu) * 100.0,
                    of(&|p| p.stale) * 100.0,
                    of(&|p| p.parallel_ticks) * 100.0,
                    median(&bounds)
                );
            }
        }
    }
    println!("\nThe machine's own ceiling, the same work on 1 thread and on N (nothing of motive in it):");
    for &t in threads.iter().filter(|&&t| t > 1) {
        let ceilings = machine_ceiling::measure(t, &CEILING_BYTES, quick);
        let figures: Vec<String> = ceilings
            .iter()
            .map(|c| format!("{} {:.2}×", c.kernel, c.speedup))
            .collect();
        println!("  {t} threads: {}", figures.join("; "));
    }
    println!("\nload average after: {}", load_average());
    Ok(())
}

/// The most `threads` threads could give a tick of `one_thread_us` (µs a decision) with the
/// phases that ran on the calling thread in `point` (the passes, the thinks at their turn,
/// what follows) as they ran, and everything else split perfectly: Amdahl's bound, what the
/// serial share of this scheme allows whatever the deciding does.
fn serial_bound(one_thread_us: f64, point: &Point, threads: u32) -> f64 {
    let [passes, _, thinks, after] = point.phases;
    let serial = passes + thinks + after;
    one_thread_us / (serial + (one_thread_us - serial).max(0.0) / f64::from(threads))
}

/// One point: `npcs` thinking NPCs of `prepared` in one world on `threads` think threads.
fn measure(
    prepared: &super::controllers::Prepared,
    npcs: u32,
    threads: u32,
    seed: u64,
    warmup: f64,
    seconds: f64,
) -> Result<Point, String> {
    let copies = prepared.copies_for(npcs);
    let mut population = prepared.populate(copies, seed)?;
    population
        .world_mut()
        .set_think_threads(threads)
        .map_err(|e| e.to_string())?;
    let step = prepared.step();
    let thinks_per_second = prepared.thinks_per_copy_second * f64::from(copies);
    let steps = |seconds: f64| (seconds / step).round().max(1.0) as u64;
    for _ in 0..steps(warmup) {
        population.step(step)?;
    }
    let before = population.world().parallel_stats();
    // From zero for the window; five clock reads a tick, as the tick's own timing takes two.
    population.world_mut().set_phase_timing(true);
    let tick_before = population.controller_time();
    let cpu_before = process_cpu_ns();
    let started = Instant::now();
    // The same simulated seconds at every population: the hospital's load changes through a
    // run (needs run down, then are served), so windows of different spans measure different
    // work, and their ratio is not the population's (a window capped at a million thinks
    // once gave 50,000 NPCs 4 s to 32 NPCs' 10 s: UBC 1.25x where equal windows give 1.6x).
    let count = steps(seconds);
    for _ in 0..count {
        population.step(step)?;
    }
    let wall = started.elapsed().as_secs_f64();
    let cpu = process_cpu_ns()
        .zip(cpu_before)
        .map_or(f64::NAN, |(after, before)| (after - before) as f64 * 1e-9);
    let decisions = thinks_per_second * count as f64 * step;
    let stats = population.world().parallel_stats();
    let checked = (stats.checked - before.checked) as f64;
    let per_decision = |d: std::time::Duration| d.as_secs_f64() * 1e6 / decisions;
    let phases = population.world().tick_phases().map_or([f64::NAN; 4], |p| {
        [p.passes, p.ahead, p.thinks, p.after].map(per_decision)
    });
    Ok(Point {
        tick_wall_us: (population.controller_time() - tick_before).as_secs_f64() * 1e6 / decisions,
        cpu_us: cpu * 1e6 / decisions,
        on_cpu: cpu / (f64::from(threads) * wall),
        stale: if checked > 0.0 {
            (stats.stale - before.stale) as f64 / checked
        } else {
            0.0
        },
        parallel_ticks: (stats.phases - before.phases) as f64 / count as f64,
        phases,
    })
}

/// Nanoseconds every thread of the process has been on a CPU; `None` where there is no such
/// clock (not Unix).
fn process_cpu_ns() -> Option<u64> {
    #[cfg(unix)]
    return thread_cpu::clock_ns(libc::CLOCK_PROCESS_CPUTIME_ID);
    #[cfg(not(unix))]
    None
}

/// The machine's 1, 5 and 15 minute load averages (Linux), or "unknown": the machine's other
/// work, which the figures include.
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|text| {
            let fields: Vec<&str> = text.split_whitespace().take(3).collect();
            (fields.len() == 3).then(|| fields.join(" "))
        })
        .unwrap_or_else(|| "unknown".to_owned())
}

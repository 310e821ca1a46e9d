//! A world's own think threads (`WorldConfig::think_threads`, `think_pool.rs`) as the host
//! sees them: started at the first tick that decides ahead, kept from tick to tick, following
//! a change of the count, and joined when the world drops, so that none outlives it (a host may
//! unload the library right after destroying its worlds). Alone in its binary: it counts this
//! process's threads, which other tests would start too.

#![cfg(target_os = "linux")]

use motive::domain::load_scenario_file;
use motive::sim::Simulator;

/// The threads of this process named as motive's think threads (`/proc/self/task`).
fn think_threads_running() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir("/proc/self/task")
        .unwrap()
        .filter_map(|task| std::fs::read_to_string(task.ok()?.path().join("comm")).ok())
        .map(|name| name.trim_end().to_owned())
        .filter(|name| name.starts_with("motive-think-"))
        .collect();
    names.sort();
    names
}

/// [`think_threads_running`] once `count` are: a thread names itself as it starts, a moment
/// after it is spawned.
fn named_think_threads(count: usize) -> Vec<String> {
    for _ in 0..5_000 {
        let names = think_threads_running();
        if names.len() >= count {
            return names;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    think_threads_running()
}

/// [`think_threads_running`] once none are, or after five seconds. `join` returns when the
/// kernel clears the thread's id at exit (`CLONE_CHILD_CLEARTID`), a moment before the task
/// leaves `/proc/self/task`: the thread has left motive's code, but an immediate read may still
/// list it (seen once in CI).
fn think_threads_after_exit() -> Vec<String> {
    for _ in 0..5_000 {
        let names = think_threads_running();
        if names.is_empty() {
            return names;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    think_threads_running()
}

#[test]
fn think_threads_are_kept_between_ticks_and_gone_with_their_world() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/hospital.json");
    let scenario = load_scenario_file(std::path::Path::new(path))
        .unwrap()
        .value
        .with_variant("ubc")
        .unwrap();
    let mut instance = scenario.instantiate(Some(64), Some(1)).unwrap();
    let step = instance.rules.step;
    let world = &mut instance.world;
    world.set_think_threads(3).unwrap();
    // Every UBC nurse is idle at the start: the first tick decides ahead.
    world.set_parallel_min_jobs(1);
    let mut sim = Simulator::new(instance.rules.clone(), world).unwrap();
    assert!(think_threads_running().is_empty(), "none before a phase");

    let mut tick = |world: &mut motive::core::World| sim.step(world, step, &mut ()).unwrap();
    // Ticks until the next phase that decides ahead (nurses become idle again within seconds).
    let mut until_a_phase = |world: &mut motive::core::World| {
        let phases = world.parallel_stats().phases;
        for _ in 0..10_000 {
            tick(world);
            if world.parallel_stats().phases > phases {
                return;
            }
        }
        panic!("no phase decided ahead in 10,000 ticks");
    };
    until_a_phase(world);
    assert_eq!(named_think_threads(2), ["motive-think-0", "motive-think-1"]);
    for _ in 0..5 {
        until_a_phase(world);
    }
    assert_eq!(
        think_threads_running(),
        ["motive-think-0", "motive-think-1"],
        "the same two, not more"
    );

    world.set_think_threads(2).unwrap();
    until_a_phase(world);
    assert_eq!(named_think_threads(1), ["motive-think-0"], "one helper");
    world.set_think_threads(1).unwrap();
    assert!(
        think_threads_after_exit().is_empty(),
        "one thread keeps none"
    );

    world.set_think_threads(4).unwrap();
    until_a_phase(world);
    assert_eq!(named_think_threads(3).len(), 3);
    drop(instance);
    let left = think_threads_after_exit();
    assert!(left.is_empty(), "joined when the world drops: {left:?}");
}

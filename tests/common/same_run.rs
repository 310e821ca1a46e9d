//! Two [`Run`]s compared as the tests that run a scenario two ways require: the same trace,
//! statistics and saved state (`parallel_think.rs`: on several threads as on one;
//! `collect_in_advance.rs`: with the advance pass collecting the due thinks, as with a second
//! pass).

use crate::traced_run::Run;

/// Asserts that `run` is `reference` (its trace, statistics and saved state), naming the first
/// line that differs.
pub fn assert_same(reference: &Run, run: &Run, what: &str) {
    if reference.trace != run.trace {
        let line = reference
            .trace
            .lines()
            .zip(run.trace.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(
                reference
                    .trace
                    .lines()
                    .count()
                    .min(run.trace.lines().count()),
            );
        panic!(
            "{what}: trace differs at line {line}:\n  reference: {:?}\n  compared:  {:?}",
            reference.trace.lines().nth(line),
            run.trace.lines().nth(line)
        );
    }
    assert_eq!(reference.stats, run.stats, "{what}: statistics");
    assert!(reference.state == run.state, "{what}: saved state differs");
}

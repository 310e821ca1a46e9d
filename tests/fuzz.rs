//! The fuzzing campaign's short run (`fuzz/README.md`): the same targets `scripts/fuzz` runs
//! for hours under AFL++, fed here by proptest from a fixed seed with a few cases each, so a
//! failure shrinks and reproduces. `PROPTEST_CASES` raises the count. Also replays every input
//! kept in `tests/data/fuzz-regressions/<target>/` (the ABI's at world serials spread over
//! their whole range, as a long AFL++ run reaches them).

#[path = "common/fuzz_abi.rs"]
mod fuzz_abi;
#[path = "common/fuzz_json_edits.rs"]
mod fuzz_json_edits;
#[path = "common/fuzz_loader.rs"]
mod fuzz_loader;
#[path = "common/thread_cpu.rs"]
mod thread_cpu;

use motive::core::{DomainBuilder, World, WorldConfig};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestError, TestRunner};

/// Runs `target` on `cases` random byte strings (up to `len` bytes) drawn from a fixed seed.
/// A failing input, shrunk, is written to `target/fuzz-failures/<name>` and shown as
/// `describe` reads it.
fn run(name: &str, cases: u32, len: usize, target: fn(&[u8]), describe: fn(&[u8]) -> String) {
    let config = Config {
        cases: std::env::var("PROPTEST_CASES").map_or(cases, |n| n.parse().expect("a count")),
        rng_seed: RngSeed::Fixed(32),
        failure_persistence: None,
        ..Config::default()
    };
    let mut runner = TestRunner::new(config);
    let result = runner.run(&vec(any::<u8>(), 0..len), |data| {
        target(&data);
        Ok(())
    });
    if let Err(TestError::Fail(why, data)) = result {
        let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("../fuzz-failures");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(name), &data).unwrap();
        panic!(
            "{why}\ninput, kept in {}:\n{}",
            dir.join(name).display(),
            describe(&data)
        );
    }
}

#[test]
fn edited_documents_load_or_are_refused_with_diagnostics() {
    run("loader_edits", 48, 256, fuzz_loader::check_edits, |data| {
        fuzz_loader::edited(data).unwrap_or_default()
    });
}

#[test]
fn random_abi_call_sequences_keep_the_contract() {
    run("abi", 48, 512, fuzz_abi::check_sequence, fuzz_abi::describe);
}

/// Runs `target` on every file of `tests/data/fuzz-regressions/<folder>`.
fn replay(folder: &str, target: fn(&[u8])) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/fuzz-regressions")
        .join(folder);
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return;
    };
    for entry in entries {
        let path = entry.unwrap().path();
        let data = std::fs::read(&path).unwrap();
        if std::panic::catch_unwind(|| target(&data)).is_err() {
            panic!("{} fails", path.display());
        }
    }
}

#[test]
fn kept_inputs_pass() {
    replay("loader_text", |data| {
        if let Ok(text) = std::str::from_utf8(data) {
            fuzz_loader::check_document(text);
        }
    });
    replay("loader_edits", fuzz_loader::check_edits);
    replay("abi", at_spread_serials);
}

/// Runs the ABI target on `data` eight times, the world-serial pool moved on by an eighth of
/// its range between (serials leased and freed): under AFL++ one process runs millions of
/// inputs, so a sequence's worlds get any serials, and its outcome must not depend on them.
fn at_spread_serials(data: &[u8]) {
    let domain = DomainBuilder::new().build().unwrap();
    let empty = || WorldConfig {
        entity_capacity: 0,
        ..WorldConfig::default()
    };
    for _ in 0..8 {
        fuzz_abi::check_sequence(data);
        for _ in 0..(1 << 16) / 8 {
            World::new(domain.clone(), empty()).unwrap();
        }
    }
}

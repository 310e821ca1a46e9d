//! What the `motive` end-to-end tests share: running the binary, reading its summary and its
//! trace file, finding the shipped scenarios.

use assert_cmd::Command;
use serde_json::Value;

/// The `motive` binary.
pub fn motive() -> Command {
    Command::cargo_bin("motive").unwrap()
}

/// A shipped scenario, by its path from the repository root.
pub fn scenario(name: &str) -> String {
    format!("{}/../scenarios/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// A `motive run` that wrote a trace.
pub struct Traced {
    /// What it printed.
    pub stdout: String,
    /// The trace file as written.
    pub bytes: Vec<u8>,
    /// The trace file parsed.
    pub trace: Value,
}

/// Runs `motive run` with `args` and a trace file.
pub fn run_traced(args: &[&str]) -> Traced {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("trace.json");
    let output = motive()
        .args(["run", "--trace", path.to_str().unwrap()])
        .args(args)
        .assert()
        .success();
    let bytes = std::fs::read(&path).unwrap();
    Traced {
        stdout: String::from_utf8(output.get_output().stdout.clone()).unwrap(),
        trace: serde_json::from_slice(&bytes).unwrap(),
        bytes,
    }
}

/// The trace's events of phase `phase`.
pub fn events<'a>(trace: &'a Value, phase: &'a str) -> impl Iterator<Item = &'a Value> + 'a {
    trace["traceEvents"]
        .as_array()
        .unwrap()
        .iter()
        .filter(move |e| e["ph"] == phase)
}

/// The value of the summary row `label` in `stdout` (its last word).
pub fn row(stdout: &str, label: &str) -> String {
    stdout
        .lines()
        .find(|l| l.starts_with(label))
        .unwrap_or_else(|| panic!("no {label:?} row in:\n{stdout}"))
        .split_whitespace()
        .last()
        .unwrap()
        .to_owned()
}

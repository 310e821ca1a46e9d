//! Golden files: text a test produces, compared with the copy committed under `tests/data`,
//! which `MOTIVE_BLESS=1` rewrites after an intended change of behaviour.

use std::path::Path;

/// Asserts that `lines` equal the golden file `name` (under `tests/data`), naming the first
/// line that differs; with `MOTIVE_BLESS` set, first writes `lines` there. `what` says what
/// changed when they differ.
pub fn assert_golden(name: &str, lines: &str, what: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    if std::env::var_os("MOTIVE_BLESS").is_some() {
        std::fs::write(&path, lines).unwrap();
    }
    let golden = std::fs::read_to_string(&path).unwrap();
    let advice = format!("{what}; if that is intended, rerun with MOTIVE_BLESS=1");
    for (now, then) in lines.lines().zip(golden.lines()) {
        assert_eq!(now, then, "{advice}");
    }
    assert_eq!(lines.lines().count(), golden.lines().count(), "{advice}");
}

//! The README's example output of `motive run` is what `motive run` prints, word for word
//! apart from the two wall-clock figures and the machine (issue 31: the README had drifted).

use assert_cmd::Command;

/// The lines whose values are timings of this machine, or the machine: the label is kept, the
/// value dropped.
const TIMINGS: [&str; 3] = ["tick µs per decision made", "wall ms", "machine"];

/// `text` with the timing values blanked.
fn without_timings(text: &str) -> Vec<String> {
    text.lines()
        .map(|line| match TIMINGS.iter().find(|t| line.starts_with(*t)) {
            Some(label) => (*label).to_owned(),
            None => line.trim_end().to_owned(),
        })
        .collect()
}

#[test]
fn the_readme_shows_what_motive_run_prints() {
    let readme = include_str!("../../README.md");
    let start = readme
        .find("```\nmotive ")
        .expect("the README shows the output of motive run")
        + 4;
    let end = start + readme[start..].find("```").unwrap();
    let shown = &readme[start..end];
    let output = Command::cargo_bin("motive")
        .unwrap()
        .arg("run")
        .output()
        .unwrap();
    assert!(output.status.success());
    let printed = String::from_utf8(output.stdout).unwrap();
    assert_eq!(
        without_timings(&printed),
        without_timings(shown),
        "update the README's example from `motive run`"
    );
}

//! `motive soak`: the short soak of the test command (140 NPCs of every brain, five minutes of
//! game time under chaos, a check every 30 s, a few seconds of wall time) holds every
//! invariant and keeps the heap flat after its warm-up; a seed replays the same soak.

use assert_cmd::Command;
use predicates::prelude::*;

fn motive() -> Command {
    Command::cargo_bin("motive").unwrap()
}

#[test]
fn five_minutes_of_every_brain_under_chaos_hold_every_check() {
    let output = motive()
        .args([
            "soak",
            "--npcs",
            "140",
            "--minutes",
            "5",
            "--interval",
            "30",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "soak: 140 NPCs, 0.08 h of game time",
        ))
        .stdout(predicate::str::contains("heap: warm-up 2 interval(s)"))
        .stdout(predicate::str::contains("soak: every check held"))
        .get_output()
        .stdout
        .clone();
    let stdout = String::from_utf8(output).unwrap();
    // Every brain, squads, a behaviour-tree group, an arena that resets at a death.
    let worlds = stdout.lines().find(|l| l.starts_with("worlds")).unwrap();
    for name in [
        "hospital",
        "hospital:ubc",
        "guard_hebt:planner",
        "adaptive_guards",
        "guard_watch",
        "squad_drill",
        "wizard_arena",
    ] {
        assert!(worlds.contains(&format!("{name} ")), "{worlds}");
    }
    let intervals: Vec<&str> = stdout.lines().filter(|l| l.contains(" checked ")).collect();
    assert_eq!(intervals.len(), 10, "{stdout}");
    assert!(intervals[9].trim_start().starts_with("0:05:00"), "{stdout}");
    assert!(intervals[1].contains("(warm-up)") && !intervals[2].contains("(warm-up)"));
    // The chaos happened: entities were replaced, reports held back and lost.
    for word in ["created", "held", "lost"] {
        let count: u64 = field(intervals[9], word);
        assert!(count > 0, "no {word}: {}", intervals[9]);
    }
    assert_eq!(field(intervals[9], "stale"), 0, "{}", intervals[9]);
}

#[test]
fn a_seed_replays_the_same_soak() {
    let run = |seed: &str| {
        let output = motive()
            .args(["soak", "--npcs", "60", "--minutes", "2", "--seed", seed])
            .output()
            .unwrap();
        assert!(output.status.success());
        // The intervals but for the heap and the wall time, which are the process's.
        String::from_utf8(output.stdout)
            .unwrap()
            .lines()
            .filter(|l| l.contains(" checked "))
            .map(|l| l.split("  heap ").next().unwrap().to_owned())
            .collect::<Vec<_>>()
    };
    let first = run("3");
    assert_eq!(first, run("3"));
    assert_ne!(first, run("4"));
}

/// Thinks decided ahead on several threads meet the chaos (entities replaced and moved,
/// reports lost and held back) and every check holds, interval for interval as on one thread.
#[test]
fn a_soak_on_several_think_threads_is_the_one_thread_soak() {
    let hospital = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../scenarios/hospital.json:udgoap"
    );
    let run = |threads: &str| {
        let output = motive()
            .args(["soak", hospital, "--npcs", "1024", "--minutes", "1"])
            .args(["--interval", "20", "--think-threads", threads])
            .output()
            .unwrap();
        let stdout = String::from_utf8(output.stdout).unwrap();
        assert!(output.status.success(), "{stdout}");
        assert!(
            stdout.contains(&format!("{threads} think thread(s)")),
            "{stdout}"
        );
        let intervals: Vec<String> = stdout
            .lines()
            .filter(|l| l.contains(" checked "))
            .map(str::to_owned)
            .collect();
        assert_eq!(intervals.len(), 3, "{stdout}");
        intervals
    };
    let (one, three) = (run("1"), run("3"));
    let ahead = |line: &str| -> u64 { field(line, "ahead") };
    assert_eq!(ahead(&one[2]), 0, "{}", one[2]);
    assert!(ahead(&three[2]) > 1000, "the threads engaged: {}", three[2]);
    let before_ahead = |lines: &[String]| -> Vec<String> {
        lines
            .iter()
            .map(|l| l.split("  ahead ").next().unwrap().to_owned())
            .collect()
    };
    assert_eq!(before_ahead(&one), before_ahead(&three));
}

#[test]
fn a_run_length_of_zero_is_refused() {
    motive()
        .args(["soak", "--hours", "0"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not a number of seconds > 0"));
}

/// The number after `word` in an interval's line.
fn field(line: &str, word: &str) -> u64 {
    let mut words = line.split_whitespace();
    words.find(|w| *w == word).unwrap();
    words.next().unwrap().parse().unwrap()
}

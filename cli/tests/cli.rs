//! The `motive` binary end to end: the summary table, the trace file, the drive chart, the
//! explanation, and refusals of bad arguments.

use std::collections::BTreeSet;

use motive::sim::household::{HouseholdDomain, DRIVES};
use predicates::prelude::*;
use serde_json::Value;

mod common;
use common::{events, motive, row, run_traced, scenario};

#[test]
fn run_prints_the_summary_table_and_nothing_on_a_piped_stderr() {
    let output = motive()
        .args(["run", "--npcs", "3", "--seconds", "20"])
        .assert()
        .success()
        .stderr(predicate::str::is_empty());
    let stdout = String::from_utf8(output.get_output().stdout.clone()).unwrap();
    let row = |label: &str| row(&stdout, label);
    assert_eq!(row("NPCs"), "3");
    assert_eq!(row("smart objects"), "36");
    assert_eq!(row("ticks"), "400");
    assert_eq!(row("simulated s"), "20.00");
    for label in [
        "decisions",
        "plans",
        "actions performed",
        "actions failed",
        "needs satisfied",
    ] {
        row(label).parse::<u64>().unwrap();
    }
    assert!(
        row("decisions").parse::<u64>().unwrap() >= 3,
        "each NPC decided"
    );
    row("tick µs per decision made").parse::<f64>().unwrap();
    assert!(
        stdout
            .lines()
            .any(|l| l.starts_with("machine") && l.contains("logical CPUs")),
        "{stdout}"
    );
    row("wall ms").parse::<f64>().unwrap();
    assert!(
        stdout.contains("npc 1 resident (resident, UDGOAP)"),
        "{stdout}"
    );
    assert!(stdout.contains("last decision at"), "{stdout}");
}

#[test]
fn the_trace_has_a_named_track_per_npc_and_action_spans() {
    let trace = run_traced(&["--npcs", "3", "--seconds", "40"]).trace;
    assert_eq!(trace["displayTimeUnit"], "ms");
    let threads: Vec<(u64, String)> = events(&trace, "M")
        .filter(|e| e["name"] == "thread_name")
        .map(|e| {
            let name = e["args"]["name"].as_str().unwrap().to_owned();
            (e["tid"].as_u64().unwrap(), name)
        })
        .collect();
    assert_eq!(
        threads,
        [
            (1, "1 resident".to_owned()),
            (2, "2 resident@2".to_owned()),
            (3, "3 resident@3".to_owned())
        ]
    );
    let domain = HouseholdDomain::new().unwrap().domain;
    let actions: BTreeSet<&str> = (0..domain.actions().len() as u32)
        .map(|a| domain.actions().name(a))
        .collect();
    let spans: Vec<&Value> = events(&trace, "X").collect();
    assert!(spans.len() >= 6, "walks and uses: {}", spans.len());
    let mut tracks = BTreeSet::new();
    for span in &spans {
        let name = span["name"].as_str().unwrap();
        assert!(actions.contains(name), "{name} is not an action");
        assert!(span["dur"].as_f64().unwrap() >= 0.0);
        assert!(span["ts"].as_f64().unwrap() >= 0.0);
        assert!(span["args"]["target"].is_string() && span["args"]["request"].is_u64());
        assert!(span["args"]["outcome"].is_string());
        tracks.insert(span["tid"].as_u64().unwrap());
    }
    assert_eq!(tracks, BTreeSet::from([1, 2, 3]), "every NPC acted");
    let goto = spans.iter().find(|s| s["name"] == "goto").unwrap();
    assert!(goto["dur"].as_f64().unwrap() > 0.0, "walking takes time");
    let plans: Vec<&Value> = events(&trace, "i")
        .filter(|e| e["name"] == "plan")
        .collect();
    assert!(!plans.is_empty());
    assert!(plans
        .iter()
        .all(|p| p["s"] == "t" && p["args"]["reason"].is_string()));
    assert!(events(&trace, "i").any(|e| e["name"] == "goal changed"));
}

#[test]
fn trace_tracks_are_capped_and_a_seed_replays_exactly() {
    let args = ["--npcs", "3", "--seconds", "10", "--trace-npcs", "2"];
    let capped = run_traced(&args);
    let named = events(&capped.trace, "M")
        .filter(|e| e["name"] == "thread_name")
        .count();
    assert_eq!(named, 2);
    for phase in ["X", "i", "C"] {
        assert!(events(&capped.trace, phase).all(|e| e["tid"].as_u64().unwrap() <= 2));
    }
    let again = run_traced(&args);
    assert!(capped.bytes == again.bytes, "same seed, same file");
}

#[test]
fn the_plot_has_one_panel_per_npc_up_to_the_cap() {
    let dir = tempfile::tempdir().unwrap();
    for (npcs, panels) in [("2", 2), ("13", 12)] {
        let path = dir.path().join(format!("drives-{npcs}.svg"));
        motive()
            .args(["run", "--npcs", npcs, "--seconds", "5"])
            .args(["--plot", path.to_str().unwrap()])
            .assert()
            .success()
            .stdout(predicate::str::contains(format!("({panels} NPC panels)")));
        let svg = std::fs::read_to_string(&path).unwrap();
        assert!(svg.starts_with("<svg "), "{}", &svg[..40]);
        assert!(svg.trim_end().ends_with("</svg>"));
        assert_eq!(svg.matches(r#"<g class="panel""#).count(), panels);
        assert_eq!(
            svg.matches(r#"<polyline class="series""#).count(),
            panels * DRIVES.len(),
            "a line per need"
        );
        assert!(svg.contains(&format!("{panels} of {npcs} NPCs")));
        for drive in DRIVES {
            assert!(svg.contains(&format!(">{drive}</text>")), "legend {drive}");
        }
        // The residents' needs, on their attributes' scale (as the GOAP variant's are).
        assert!(svg.contains("simulated seconds") && svg.contains("need value"));
    }
}

#[test]
fn explain_names_drives_candidates_and_the_chosen_plan() {
    let output = motive()
        .args(["explain", "--npcs", "2", "--npc", "1", "--at", "30"])
        .assert()
        .success();
    let stdout = String::from_utf8(output.get_output().stdout.clone()).unwrap();
    assert!(stdout.starts_with("npc 1 resident (resident, UDGOAP) at 30.00 s"));
    for drive in DRIVES {
        assert!(
            stdout.contains(&format!("  {drive} ")),
            "drive {drive}:\n{stdout}"
        );
    }
    assert!(stdout.contains("candidates that can run"), "{stdout}");
    let chosen = stdout.lines().find(|l| l.starts_with("  * ")).unwrap();
    let plan = stdout
        .lines()
        .find_map(|l| l.strip_prefix("chosen plan: "))
        .unwrap();
    assert!(chosen.ends_with(plan), "the starred candidate is the plan");
    assert!(stdout.contains("claims lost:"));

    // By name, and the same run: the same plan.
    motive()
        .args(["explain", "--npcs", "2", "--npc", "resident", "--at", "30"])
        .assert()
        .success()
        .stdout(predicate::str::contains(format!("chosen plan: {plan}")));
}

/// `motive … | head`: the reader goes away before the output ends; motive stops at once,
/// without a panic on stderr.
#[cfg(unix)]
#[test]
fn a_closed_stdout_ends_the_run_quietly() {
    use std::io::Read;
    use std::os::unix::process::ExitStatusExt;
    use std::process::Stdio;

    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("motive"))
        .args(["run", "--npcs", "3", "--seconds", "20"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Closing the read end before motive has simulated anything makes its first print fail.
    drop(child.stdout.take());
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    let status = child.wait().unwrap();
    assert!(!stderr.contains("panicked"), "{stderr}");
    const SIGPIPE: i32 = 13;
    assert_eq!(status.signal(), Some(SIGPIPE), "{status:?}");
}

#[test]
fn bad_arguments_fail_with_a_message() {
    for args in [
        &["run", "--bogus"][..],
        &["run", "--seconds", "-1"],
        &["run", "--npcs", "0"],
        &["run", "--step", "0"],
        &["explain", "--at", "5"],
        &["explain", "--npc", "1", "--at", "soon"],
        &["frobnicate"],
    ] {
        motive()
            .args(args)
            .assert()
            .code(2)
            .stderr(predicate::str::is_empty().not());
    }
    motive()
        .args(["explain", "--npcs", "2", "--npc", "7", "--at", "1"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("no NPC \"7\""));
    motive()
        .args(["run", "no-such-scenario.json"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "error: cannot read no-such-scenario.json",
        ));
    let dir = tempfile::tempdir().unwrap();
    let unwritable = dir.path().join("missing").join("trace.json");
    motive()
        .args([
            "run",
            "--seconds",
            "1",
            "--trace",
            unwritable.to_str().unwrap(),
        ])
        .assert()
        .code(1)
        .stdout(predicate::str::is_empty());
}

#[test]
fn a_scenario_file_runs_and_its_goap_npcs_are_traced_and_explained() {
    let run = run_traced(&[&scenario("pirate.json"), "--seconds", "30"]);
    assert!(run.stdout.contains("pirate"), "{}", run.stdout);
    let spans: Vec<&str> = events(&run.trace, "X")
        .filter_map(|e| e["name"].as_str())
        .collect();
    assert!(
        spans.contains(&"work") && spans.contains(&"drink_rum"),
        "{spans:?}"
    );
    motive()
        .args([
            "explain",
            &scenario("pirate.json"),
            "--npc",
            "jim",
            "--at",
            "5",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("get_drunk"));
}

#[test]
fn a_ubc_npc_is_explained_by_its_rated_plans() {
    let watches = format!("{}/../tests/data/watches.json", env!("CARGO_MANIFEST_DIR"));
    motive()
        .args(["explain", &watches, "--npc", "man", "--at", "0.5"])
        .assert()
        .success()
        .stdout(predicate::str::contains("(man, UBC)"))
        .stdout(predicate::str::contains(
            "* buy_a_watch              watch1               +90.000",
        ))
        .stdout(predicate::str::contains("be_stylish                2.00"));
    // After the purchase nothing is affordable, and the summary says so.
    motive()
        .args(["run", &watches])
        .assert()
        .success()
        .stdout(predicate::str::contains("no plan could be used"));
}

#[test]
fn a_behaviour_tree_npc_is_explained_by_its_layers_hints_and_running_path() {
    let guards = format!(
        "{}/../scenarios/guard_hebt.json",
        env!("CARGO_MANIFEST_DIR")
    );
    motive()
        .args([
            "explain",
            &guards,
            "--variant",
            "kamikaze",
            "--npc",
            "hurt_guard",
            "--at",
            "3",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("(kamikaze_guard, BT)"))
        .stdout(predicate::str::contains("1. kamikaze"))
        .stdout(predicate::str::contains("hints: COVER -, ATTACK (neutral)"))
        .stdout(predicate::str::contains(
            "selector [ATTACK (running), PATROL, COVER] > sequence > action attack",
        ));
    motive()
        .args(["run", &guards, "--variant", "coward"])
        .assert()
        .success()
        .stdout(predicate::str::contains("2 layers, the highest coward"));
}

#[test]
fn validate_reports_errors_with_pointers_and_exits_1() {
    for name in [
        "household.json",
        "hospital.json",
        "wizard_arena.json",
        "pirate.json",
    ] {
        motive()
            .args(["validate", &scenario(name)])
            .assert()
            .success()
            .stdout(predicate::str::contains("a valid scenario, 0 warnings"));
    }
    motive()
        .args(["validate", &scenario("hospital.json")])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "; variants goap, ubc, udgoap instantiate",
        ))
        .stdout(predicate::str::contains(
            "archetype nurse (GOAP NPC): at most ",
        ))
        .stdout(predicate::str::contains("archetype bed (object): at most "))
        .stdout(predicate::str::contains("this domain needs at most "));
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.json");
    std::fs::write(
        &bad,
        r#"{ "attributes": [ { "name": "hunger", "type": "number" } ],
             "actions": [ { "name": "eat", "effects": [ { "key": "hungr", "add": 1 } ] } ] }"#,
    )
    .unwrap();
    motive()
        .args(["validate", bad.to_str().unwrap()])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "error: /actions/0/effects/0/key: unknown attribute \"hungr\" (did you mean \"hunger\"?)",
        ))
        .stderr(predicate::str::contains("1 error"));
}

/// A test fixture, by its path from the repository root.
fn fixture(name: &str) -> String {
    format!("{}/../tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn a_variant_runs_explains_and_validates_with_its_stand_ins() {
    let kitchen = fixture("kitchen_scenario.json");
    motive()
        .args(["run", &kitchen, "--variant", "diners", "--seconds", "5"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "— kitchen, variant diners: Two cooks",
        ))
        .stdout(predicate::str::contains("npc 1 cook (diner, GOAP)"));
    motive()
        .args(["run", &kitchen, "--seconds", "5"])
        .assert()
        .success()
        .stdout(predicate::str::contains("— kitchen: Two cooks"))
        .stdout(predicate::str::contains("npc 1 cook (cook_npc, UDGOAP)"));
    motive()
        .args([
            "explain",
            &kitchen,
            "--variant",
            "diners",
            "--npc",
            "cook#2",
        ])
        .args(["--at", "2"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("npc 2 cook#2 (diner, GOAP)"));
    motive()
        .args(["validate", &kitchen])
        .assert()
        .success()
        .stdout(predicate::str::ends_with(
            "a valid scenario, 0 warnings; variants cooks, diners instantiate\n",
        ));
    motive()
        .args(["validate", &kitchen, "--variant", "cooks"])
        .assert()
        .success()
        .stdout(predicate::str::ends_with("; variants cooks instantiate\n"));
}

#[test]
fn an_unknown_variant_fails_with_the_known_ones() {
    let kitchen = fixture("kitchen_scenario.json");
    motive()
        .args(["run", &kitchen, "--variant", "diner"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "has no variant \"diner\" (did you mean \"diners\"?); its variants are \"cooks\", \"diners\"",
        ));
    motive()
        .args(["validate", &kitchen, "--variant", "diner"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "error: variant \"diner\": scenario",
        ))
        .stderr(predicate::str::contains("1 error, 0 warnings"));
    // The embedded household has one variant, the thesis's GOAP resident.
    motive()
        .args(["run", "--variant", "ubc", "--seconds", "1"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("its variants are \"goap\""));
    motive()
        .args(["run", "--variant", "goap", "--seconds", "1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("(goap_resident, GOAP)"));
    motive()
        .args(["validate", &fixture("kitchen.json"), "--variant", "goap"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("a domain has no variants"));
}

#[test]
fn explain_tells_what_a_squad_recommended_to_whom_and_who_reported() {
    let scenario = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../scenarios/room_clearing.json"
    );
    let output = motive()
        .args(["explain", scenario, "--npc", "alpha", "--at", "8"])
        .assert()
        .success();
    let stdout = String::from_utf8(output.get_output().stdout.clone()).unwrap();
    assert!(
        stdout.starts_with("squad alpha (swat_team, GOAP) at 8.00 s"),
        "{stdout}"
    );
    assert!(
        stdout.contains("members (4): officer_1, officer_2, officer_3, officer_4"),
        "{stdout}"
    );
    assert!(
        stdout.contains("latest order: clear_corners issued at"),
        "{stdout}"
    );
    for i in 1..=4 {
        let line = stdout
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("officer_{i} ")))
            .unwrap_or_else(|| panic!("officer_{i}:\n{stdout}"));
        assert!(
            line.contains(&format!("hold_assigned +1.00, target corner_{i} (awaited)")),
            "{line}"
        );
    }
    // Later, every officer has reported its corner.
    let output = motive()
        .args(["explain", scenario, "--npc", "alpha", "--at", "40"])
        .assert()
        .success();
    let stdout = String::from_utf8(output.get_output().stdout.clone()).unwrap();
    assert_eq!(
        stdout.matches("(awaited): completed").count(),
        4,
        "{stdout}"
    );
    assert!(stdout.contains("(ended)"), "{stdout}");
}

/// `motive run`'s summary without its timings (wall time and µs per decision vary) and machine.
fn counts(stdout: &[u8]) -> Vec<String> {
    String::from_utf8(stdout.to_vec())
        .unwrap()
        .lines()
        .filter(|l| {
            !["wall ms", "tick µs per decision made", "machine"]
                .iter()
                .any(|timing| l.starts_with(timing))
        })
        .map(str::to_owned)
        .collect()
}

#[test]
fn a_run_saved_half_way_and_loaded_ends_as_the_whole_run() {
    let scenario = concat!(env!("CARGO_MANIFEST_DIR"), "/../scenarios/hospital.json");
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("half.save");
    // (A run split in two is not the whole run to the last bit: the first half lands exactly
    // on its end, where 400 steps of 0.05 s sum to a hair less. So compare split with split.)
    let saving = motive()
        .args([
            "run",
            scenario,
            "--seconds",
            "40",
            "--save-at",
            "20",
            "--save",
        ])
        .arg(&save)
        .assert()
        .success();
    let loaded = motive()
        .args(["run", scenario, "--seconds", "20", "--load"])
        .arg(&save)
        .assert()
        .success();
    let (saving, loaded) = (
        counts(&saving.get_output().stdout),
        counts(&loaded.get_output().stdout),
    );
    assert!(
        saving
            .iter()
            .any(|l| l.starts_with("ticks") && l.ends_with(" 800")),
        "{saving:?}"
    );
    // The loaded run counts the saved run's first half: its simulator carried them.
    let counted = |lines: &[String]| -> Vec<String> {
        lines
            .iter()
            .filter(|l| !l.starts_with("ticks"))
            .cloned()
            .collect()
    };
    assert_eq!(counted(&saving), counted(&loaded));
    // Another scenario's domain is refused.
    let household = concat!(env!("CARGO_MANIFEST_DIR"), "/../scenarios/household.json");
    let refused = motive()
        .args(["run", household, "--load"])
        .arg(&save)
        .assert()
        .failure();
    let stderr = String::from_utf8(refused.get_output().stderr.clone()).unwrap();
    assert!(stderr.contains("another domain"), "{stderr}");
    // A device is no saved run: refused at once, not read until memory runs out.
    let device = motive()
        .args(["run", scenario, "--load", "/dev/zero"])
        .assert()
        .failure();
    let stderr = String::from_utf8(device.get_output().stderr.clone()).unwrap();
    assert!(stderr.contains("not a run saved"), "{stderr}");
}

#[test]
fn explain_lists_the_decisions_of_a_window() {
    let scenario = concat!(env!("CARGO_MANIFEST_DIR"), "/../scenarios/hospital.json");
    let output = motive()
        .args([
            "explain", scenario, "--npc", "1", "--from", "10", "--to", "20",
        ])
        .assert()
        .success();
    let stdout = String::from_utf8(output.get_output().stdout.clone()).unwrap();
    assert!(
        stdout.starts_with("nurse_1 from 10.00 s to 20.00 s:"),
        "{stdout}"
    );
    let times: Vec<f64> = stdout
        .lines()
        .skip(1)
        .map(|l| l.trim_start().split(' ').next().unwrap().parse().unwrap())
        .collect();
    assert!(times.len() > 3, "{stdout}");
    assert!(
        times.iter().all(|&t| (10.0..=20.0).contains(&t)),
        "{stdout}"
    );
    assert!(times.windows(2).all(|w| w[0] <= w[1]), "{stdout}");
    assert!(stdout.contains("decided: goal "), "{stdout}");
    assert!(stdout.contains("(weighed: patients_medicated"), "{stdout}");
}

#[test]
fn explain_before_the_first_think_says_so_instead_of_showing_placeholders() {
    let output = motive()
        .args(["explain", "--npc", "1", "--at", "0"])
        .assert()
        .success();
    let stdout = String::from_utf8(output.get_output().stdout.clone()).unwrap();
    assert!(stdout.contains("no think yet"), "{stdout}");
    assert!(!stdout.contains("1.00  (weight"), "{stdout}");
}

/// `--think-threads`: a run on several threads is the one-thread run, byte for byte (its saved
/// state, the summary's counts and its measures), with its thinks decided ahead; a run loaded
/// from a save thinks on the threads asked for; a count out of range is refused.
#[test]
fn think_threads_run_the_one_thread_run() {
    let scenario = scenario("hospital.json");
    let dir = tempfile::tempdir().unwrap();
    // 1,024 UDGOAP NPCs: about 256 due thinks a tick, enough for the threads to engage.
    let run = |threads: &str, save: &std::path::Path| {
        let output = motive()
            .args(["run", &scenario, "--variant", "udgoap", "--npcs", "1024"])
            .args([
                "--seconds",
                "8",
                "--save-at",
                "6",
                "--think-threads",
                threads,
            ])
            .arg("--save")
            .arg(save)
            .assert()
            .success();
        let stdout = output.get_output().stdout.clone();
        (String::from_utf8(stdout.clone()).unwrap(), counts(&stdout))
    };
    let (one_save, three_save) = (dir.path().join("one"), dir.path().join("three"));
    let (one_text, one) = run("1", &one_save);
    let (three_text, three) = run("3", &three_save);
    assert_eq!(row(&one_text, "think threads"), "1");
    assert_eq!(row(&three_text, "think threads"), "3");
    assert!(!one_text.contains("thinks decided ahead"), "{one_text}");
    let ahead: u64 = three_text
        .lines()
        .find_map(|l| l.strip_prefix("thinks decided ahead"))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no decided-ahead count in:\n{three_text}"));
    assert!(ahead > 1000, "the threads engaged: {three_text}");
    let same = |lines: &[String]| -> Vec<String> {
        lines
            .iter()
            .filter(|l| !l.starts_with("think threads") && !l.starts_with("thinks decided ahead"))
            .cloned()
            .collect()
    };
    assert_eq!(same(&one), same(&three));
    assert_eq!(
        std::fs::read(&one_save).unwrap(),
        std::fs::read(&three_save).unwrap(),
        "the saved runs are the same bytes"
    );
    // Loaded, the run thinks on the threads asked for, not on the save's (it holds none),
    // and goes on as on one thread.
    let go_on = |threads: &str| {
        let output = motive()
            .args(["run", &scenario, "--variant", "udgoap", "--npcs", "1024"])
            .args(["--seconds", "2", "--think-threads", threads, "--load"])
            .arg(&one_save)
            .assert()
            .success();
        let stdout = output.get_output().stdout.clone();
        (String::from_utf8(stdout.clone()).unwrap(), counts(&stdout))
    };
    let ((_, on_one), (on_two_text, on_two)) = (go_on("1"), go_on("2"));
    assert_eq!(row(&on_two_text, "think threads"), "2");
    assert!(
        on_two_text.contains("thinks decided ahead"),
        "{on_two_text}"
    );
    assert_eq!(same(&on_one), same(&on_two));
    for refused in ["0", "65", "two"] {
        let output = motive()
            .args(["run", "--think-threads", refused])
            .assert()
            .failure();
        let stderr = String::from_utf8(output.get_output().stderr.clone()).unwrap();
        assert!(stderr.contains("--think-threads"), "{refused}: {stderr}");
    }
}

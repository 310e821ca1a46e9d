//! `motive bench` end to end: the CSV's columns and rows, the chart, the FSM baseline doing
//! its job, steady-state ticks that allocate nothing, and refusals of bad options. Timings are
//! printed, never asserted.

use std::collections::HashMap;
use std::path::Path;

use assert_cmd::Command;
use predicates::prelude::*;

const COLUMNS: [&str; 25] = [
    "controller",
    "sweep",
    "npcs",
    "extra_objects",
    "extra_actions",
    "threads",
    "runs",
    "window_s",
    "startup_ms",
    "warmup_us_per_decision",
    "us_per_decision",
    "own_think_us_per_decision",
    "wall_us_per_decision",
    "cpu_us_per_decision",
    "on_cpu_share",
    "npcs_in_10pct",
    "start_bytes_per_npc",
    "bytes_per_npc",
    "domain_bytes",
    "allocs_per_tick",
    "needs_serviced",
    "needs",
    "lowest_need",
    "processes",
    "process_median_us",
];

fn motive() -> Command {
    Command::cargo_bin("motive").unwrap()
}

/// Runs `motive` with `args`, which must succeed; returns its stdout.
fn stdout_of(args: &[&str]) -> String {
    let out = motive().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Runs `motive bench` with `args`, writing its CSV to `dir`; returns stdout and the rows,
/// each a column → field map, after checking the header. One run a point unless `args` ask
/// for more (`--min-thinks` would otherwise give a debug build's 32-NPC point 63 runs).
fn bench(dir: &Path, args: &[&str]) -> (String, Vec<HashMap<String, String>>) {
    let csv = dir.join("bench.csv");
    let one_run: &[&str] = if args.contains(&"--min-thinks") {
        &[]
    } else {
        &["--min-thinks", "1"]
    };
    let output = motive()
        .arg("bench")
        .args(["--csv", csv.to_str().unwrap()])
        .args(one_run)
        .args(args)
        .assert()
        .success();
    let stdout = String::from_utf8(output.get_output().stdout.clone()).unwrap();
    let text = std::fs::read_to_string(&csv).unwrap();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    assert_eq!(header, COLUMNS);
    let rows = lines
        .map(|line| {
            let fields = line.split(',').map(str::to_owned);
            COLUMNS.iter().map(|c| c.to_string()).zip(fields).collect()
        })
        .collect();
    (stdout, rows)
}

/// Arguments of a short quick bench of UBC alone at `npcs` on one thread (0.5 s warm-up, 2 s
/// window, no objects or actions axis), then `more`.
fn short_ubc<'a>(npcs: &'a str, more: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "--quick",
        "--controllers",
        "ubc",
        "--npcs",
        npcs,
        "--threads",
        "1",
        "--objects",
        "--actions",
        "--warmup",
        "0.5",
        "--seconds",
        "2",
    ];
    args.extend_from_slice(more);
    args
}

/// The line of `controller` in the table `stdout` prints after its line starting `table`.
fn line_in<'a>(stdout: &'a str, table: &str, controller: &str) -> &'a str {
    stdout
        .lines()
        .skip_while(|l| !l.starts_with(table))
        .find(|l| l.starts_with(controller))
        .unwrap_or_else(|| panic!("no {table} line for {controller} in:\n{stdout}"))
}

fn number(row: &HashMap<String, String>, column: &str) -> f64 {
    row[column]
        .parse()
        .unwrap_or_else(|_| panic!("{column} = {:?} is not a number", row[column]))
}

#[test]
fn quick_bench_writes_a_row_per_controller_and_point_and_a_chart() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("bench.svg");
    let (stdout, rows) = bench(
        dir.path(),
        &[
            "--quick",
            "--npcs",
            "32",
            "--threads",
            "1,2",
            "--objects",
            "16",
            "--actions",
            "4",
            "--plot",
            svg.to_str().unwrap(),
        ],
    );
    // Four controllers × (32 NPCs on 1 and 2 threads, +16 objects, +4 actions).
    let points = [
        ("npcs", "0", "0", "1"),
        ("npcs", "0", "0", "2"),
        ("objects", "16", "0", "1"),
        ("actions", "0", "4", "1"),
    ];
    assert_eq!(rows.len(), 4 * points.len());
    for (row, (point, controller)) in rows.iter().zip(
        points
            .iter()
            .flat_map(|p| ["fsm", "ubc", "goap", "udgoap"].map(move |c| (p, c))),
    ) {
        let (sweep, objects, actions, threads) = *point;
        assert_eq!(row["controller"], controller);
        assert_eq!(
            [
                &row["sweep"],
                &row["extra_objects"],
                &row["extra_actions"],
                &row["threads"]
            ],
            [sweep, objects, actions, threads]
        );
        assert_eq!(row["npcs"], "32", "thinking NPCs only: two copies of 16");
        assert_eq!(row["runs"], "1");
        assert!(number(row, "us_per_decision") > 0.0);
        // Only the FSM's own think is timed apart from World::tick.
        if controller == "fsm" {
            let own = number(row, "own_think_us_per_decision");
            assert!(own > 0.0 && own < number(row, "us_per_decision"), "{row:?}");
        } else {
            assert_eq!(row["own_think_us_per_decision"], "", "{row:?}");
        }
        assert!(number(row, "wall_us_per_decision") <= number(row, "us_per_decision"));
        assert!(number(row, "cpu_us_per_decision") <= number(row, "us_per_decision"));
        assert!((0.0..=1.0).contains(&number(row, "on_cpu_share")));
        // The CSV rounds µs to 4 decimals: the count may be anywhere their rounding allows.
        let cpu_us = number(row, "cpu_us_per_decision");
        let fit = |us: f64| 0.1 * 200_000.0 / us;
        let npcs = number(row, "npcs_in_10pct");
        assert!(
            (fit(cpu_us + 5e-5) - 1.0..=fit(cpu_us - 5e-5) + 1.0).contains(&npcs),
            "{npcs} NPCs at {cpu_us} µs"
        );
        assert!(number(row, "bytes_per_npc") > 0.0);
        assert!(number(row, "domain_bytes") > 1000.0);
        assert_eq!(number(row, "needs"), 96.0, "32 patients × 3 needs");
    }
    // Chores add actions to the domain; clutter adds an action and an archetype (goap rows).
    let domain = |i: usize| number(&rows[i], "domain_bytes");
    assert!(domain(14) > domain(2) && domain(10) > domain(2));
    assert!(stdout.contains("thinking NPCs only"), "{stdout}");
    assert!(stdout.contains("Table 4.1"), "{stdout}");
    assert!(
        stdout
            .lines()
            .any(|l| l.starts_with("Utility-based") && l.contains(" ubc ")),
        "Table 4.1's utility row is ours: {stdout}"
    );

    let text = std::fs::read_to_string(&svg).unwrap();
    let chart = roxmltree::Document::parse(&text).expect("well-formed SVG");
    let lines: Vec<_> = chart
        .descendants()
        .filter(|n| n.attribute("class") == Some("series"))
        .collect();
    assert_eq!(lines.len(), 8, "four controllers on 1 and 2 threads");
    assert!(text.contains("ubc, 2 threads") && text.contains("thinking NPCs"));
}

/// The report names its machine, and the scaling line is the largest population's cost over
/// the base point's, as the CSV has them (issue 33): the base point's figure is the median of
/// the processes that measured it (`--base-processes`), this one's among them.
#[test]
fn bench_states_its_machine_and_the_scaling_it_measured() {
    let dir = tempfile::tempdir().unwrap();
    let (stdout, rows) = bench(dir.path(), &short_ubc("32,64", &["--base-processes", "3"]));
    assert!(
        stdout
            .lines()
            .any(|l| l.starts_with("machine: ") && l.contains("logical CPUs")),
        "{stdout}"
    );
    assert!(
        stdout.contains("the base point also in 2 fresh process(es) between the rounds"),
        "{stdout}"
    );
    let row = |npcs: &str| rows.iter().find(|r| r["npcs"] == npcs).unwrap();
    let cpu = |npcs: &str| number(row(npcs), "cpu_us_per_decision");
    // The base point in three processes; the larger one here alone, its figure its own.
    assert_eq!(row("32")["processes"], "3");
    assert_eq!(row("64")["processes"], "1");
    assert_eq!(number(row("64"), "process_median_us"), cpu("64"));
    let base = number(row("32"), "process_median_us");
    let line = line_in(&stdout, "Scaling:", "ubc");
    let fields: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(fields[1], "64", "{line}");
    let printed = |i: usize| -> f64 { fields[i].trim_end_matches('×').parse().unwrap() };
    assert!((printed(3) - base).abs() < 0.0006, "{line}");
    assert_eq!(fields[4], "3", "{line}");
    // The range holds the median and this process's figure.
    let (low, high) = fields[5].split_once('–').unwrap();
    let (low, high): (f64, f64) = (low.parse().unwrap(), high.parse().unwrap());
    assert!(low <= printed(3) && printed(3) <= high, "{line}");
    assert!(
        low - 0.0006 <= cpu("32") && cpu("32") <= high + 0.0006,
        "{line}"
    );
    let ratio = printed(6);
    assert!((ratio - cpu("64") / base).abs() < 0.006, "{line}");
    // One run a point: one round both ran here, whose ratio is this process's figures'.
    assert_eq!(fields[8], "1", "{line}");
    assert!((printed(7) - cpu("64") / cpu("32")).abs() < 0.011, "{line}");
    let verdict = if ratio <= 1.3 { "flat" } else { "grows" };
    assert_eq!(fields[9], verdict, "{line}");
}

/// A target point is measured in `--target-processes` processes, as the base point is in
/// `--base-processes`, and its verdict is taken on their median (issue 33: a target met in
/// one process's luck is not met): the targets' line prints the median with the range of the
/// figures, and NPCs in 10 %, the margin, "× base" (over the base point's median) and the
/// verdict follow from it, as the CSV has them.
#[test]
fn bench_takes_each_target_verdict_on_the_median_of_its_processes() {
    let dir = tempfile::tempdir().unwrap();
    let (stdout, rows) = bench(
        dir.path(),
        &short_ubc(
            "32",
            &[
                "--targets",
                "--base-processes",
                "2",
                "--target-processes",
                "3",
            ],
        ),
    );
    for (points, fresh) in [("the base point", 1), ("the target points", 2)] {
        let note = format!("{points} also in {fresh} fresh process(es) between the rounds");
        assert!(stdout.contains(&note), "{stdout}");
    }
    let row = |sweep: &str| rows.iter().find(|r| r["sweep"] == sweep).unwrap();
    let (base, target) = (row("npcs"), row("target"));
    assert_eq!(
        (base["processes"].as_str(), base["npcs"].as_str()),
        ("2", "32")
    );
    assert_eq!(
        (target["processes"].as_str(), target["npcs"].as_str()),
        ("3", "20000")
    );
    let median = number(target, "process_median_us");
    let line = line_in(&stdout, "Targets", "ubc");
    let fields: Vec<&str> = line.split_whitespace().collect();
    let printed = |i: usize| -> f64 { fields[i].trim_end_matches('×').parse().unwrap() };
    assert_eq!(
        (fields[1], fields[2], fields[4]),
        ("20000", "20000", "3"),
        "{line}"
    );
    assert!((printed(3) - median).abs() < 0.0006, "{line}");
    // The range holds the median and this process's own figure.
    let (low, high) = fields[5].split_once('–').unwrap();
    let (low, high): (f64, f64) = (low.parse().unwrap(), high.parse().unwrap());
    let own = number(target, "cpu_us_per_decision");
    assert!(low <= printed(3) && printed(3) <= high, "{line}");
    assert!(low - 0.0006 <= own && own <= high + 0.0006, "{line}");
    // 10 % of a core at one think per 0.2 s: 20,000 µs a second over the median.
    let fit = 20_000.0 / median;
    assert!((printed(6) - fit).abs() <= fit * 0.002 + 1.0, "{line}");
    assert!((printed(7) - fit / 20_000.0).abs() < 0.006, "{line}");
    let over_base = median / number(base, "process_median_us");
    assert!(
        (printed(9) - over_base).abs() < 0.006 * over_base.max(1.0),
        "{line}"
    );
    let verdict = if printed(7) >= 1.3 {
        "met"
    } else if printed(6) >= 20_000.0 {
        "met, but within"
    } else {
        "missed:"
    };
    assert!(line.contains(&format!("   {verdict}")), "{verdict}: {line}");
}

/// Every report states its pages beside its machine; `--huge-pages` runs the bench again under
/// malloc's tunables (only that run says huge pages were asked for) and states how much of the
/// process then lay on them. Whether the kernel finds free 2 MB pages is the machine's state,
/// so the amount is printed, not asserted (a 50,000-NPC world held 132-384 MB on this VM).
#[test]
fn bench_states_its_pages_and_runs_again_under_huge_pages() {
    let dir = tempfile::tempdir().unwrap();
    let pages_of = |stdout: &str| -> String {
        let line = stdout.lines().find(|l| l.starts_with("pages: "));
        line.unwrap_or_else(|| panic!("no pages line in:\n{stdout}"))
            .to_owned()
    };
    let (plain, _) = bench(dir.path(), &short_ubc("32", &[]));
    assert!(
        plain
            .lines()
            .any(|l| l.starts_with("machine: ") && l.contains("; pages: 4 KB pages")),
        "{plain}"
    );
    assert!(pages_of(&plain).contains("--huge-pages asks for 2 MB"));
    let mode = std::fs::read_to_string("/sys/kernel/mm/transparent_hugepage/enabled");
    let on_request = mode.is_ok_and(|m| m.contains("[madvise]") || m.contains("[always]"));
    if !cfg!(target_os = "linux") || !on_request {
        motive()
            .args(["bench", "--huge-pages"])
            .args(short_ubc("32", &[]))
            .assert()
            .failure()
            .stderr(predicate::str::contains("--huge-pages"));
        return;
    }
    let (huge, rows) = bench(dir.path(), &short_ubc("32", &["--huge-pages"]));
    assert_eq!(rows.len(), 1, "the bench ran once, under the tunables");
    let pages = pages_of(&huge);
    assert!(pages.contains("huge pages asked for"), "{pages}");
    let held = pages
        .split("at most ")
        .nth(1)
        .and_then(|rest| rest.split(" MB").next())
        .and_then(|mb| mb.parse::<u64>().ok());
    assert!(held.is_some(), "no amount in {pages}");
    println!("{pages}");
}

/// A point whose window holds fewer thinks than `--min-thinks` takes more runs: 32 NPCs
/// think 5 times a second, 320 times in a 2 s window, so 1,000 thinks take 4 runs; a
/// population whose window holds enough keeps the one run asked. Every point measures the
/// same span of the shift, whatever its population.
#[test]
fn a_point_of_few_thinks_takes_more_runs_over_the_same_window() {
    let dir = tempfile::tempdir().unwrap();
    let (stdout, rows) = bench(dir.path(), &short_ubc("32,320", &["--min-thinks", "1000"]));
    let runs: Vec<&str> = rows.iter().map(|r| r["runs"].as_str()).collect();
    assert_eq!(runs, ["4", "1"]);
    for row in &rows {
        assert_eq!(number(row, "window_s"), 2.0, "{row:?}");
    }
    assert!(
        stdout.contains("the same 2 s window at every point"),
        "{stdout}"
    );
}

/// The ordering printed after Table 4.1 names the systems in the order of the times it prints,
/// which are the CSV's; a reason follows exactly when it is not the thesis's.
#[test]
fn table_4_1_ordering_is_printed_as_measured() {
    let dir = tempfile::tempdir().unwrap();
    let (stdout, rows) = bench(
        dir.path(),
        &[
            "--quick",
            "--npcs",
            "32",
            "--threads",
            "1",
            "--objects",
            "--actions",
            "--controllers",
            "fsm,ubc,goap",
        ],
    );
    let csv = |system: &str, column: &str| {
        let row = rows
            .iter()
            .find(|r| r["controller"].to_uppercase() == system)
            .unwrap();
        number(row, column)
    };
    let line = |prefix: &str| {
        stdout
            .lines()
            .find_map(|l| l.strip_prefix(prefix))
            .unwrap_or_else(|| panic!("no line {prefix:?}: {stdout}"))
    };
    // "UBC (0.257) < GOAP (0.348) ≈ FSM (0.352) µs per decision, …"
    let measured = line("ordering: thesis FSM < UBC < GOAP; measured ")
        .split(" µs per decision")
        .next()
        .unwrap();
    let groups: Vec<Vec<(&str, f64)>> = measured
        .split(" < ")
        .map(|group| {
            group
                .split(" ≈ ")
                .map(|timed| {
                    let (system, us) = timed.split_once(" (").unwrap();
                    (system, us.trim_end_matches(')').parse().unwrap())
                })
                .collect()
        })
        .collect();
    for &(system, us) in groups.iter().flatten() {
        let cpu = csv(system, "cpu_us_per_decision");
        assert!(
            (us - cpu).abs() < 1e-3,
            "{system}: {us} printed, {cpu} in the CSV"
        );
    }
    // Fastest first; a tie within 10 % of its group's fastest, a `<` beyond it (printed
    // times are rounded to 0.001).
    let flat: Vec<f64> = groups.iter().flatten().map(|&(_, us)| us).collect();
    assert!(flat.is_sorted(), "{measured}");
    for group in &groups {
        for &(_, us) in group {
            assert!(us - group[0].1 <= 0.1 * us + 1e-3, "{measured}");
        }
    }
    for pair in groups.windows(2) {
        let (fastest, next) = (pair[0][0].1, pair[1][0].1);
        assert!(next - fastest >= 0.1 * next - 1e-3, "{measured}");
    }
    let order = groups
        .iter()
        .map(|g| g.iter().map(|&(s, _)| s).collect::<Vec<_>>().join(" ≈ "))
        .collect::<Vec<_>>()
        .join(" < ");
    let reason = stdout.lines().any(|l| l.starts_with("reason: "));
    assert_eq!(reason, order != "FSM < UBC < GOAP", "{stdout}");
    let mut names: Vec<&str> = groups.iter().flatten().map(|&(s, _)| s).collect();
    names.sort_unstable();
    assert_eq!(names, ["FSM", "GOAP", "UBC"]);
    // The FSM's own think: the CSV's, on the CPU as its whole figure is.
    let own: f64 = line("FSM's own think ")
        .split_once(' ')
        .unwrap()
        .0
        .parse()
        .unwrap();
    let expected = csv("FSM", "cpu_us_per_decision") * csv("FSM", "own_think_us_per_decision")
        / csv("FSM", "us_per_decision");
    assert!(
        (own - expected).abs() < 2e-3,
        "{own} printed, {expected} from the CSV"
    );
}

#[test]
fn the_fsm_services_every_patient_need_in_a_240_second_run() {
    let dir = tempfile::tempdir().unwrap();
    let (_, rows) = bench(
        dir.path(),
        &[
            "--controllers",
            "fsm",
            "--npcs",
            "16",
            "--threads",
            "1",
            "--objects",
            "--actions",
            "--runs",
            "1",
            "--warmup",
            "0",
            "--seconds",
            "240",
        ],
    );
    assert_eq!(rows.len(), 1);
    let row = &rows[0];
    assert_eq!(number(row, "window_s"), 240.0);
    // 16 patients' medication, hunger and company: each went up at least once, none ran dry.
    assert_eq!(number(row, "needs"), 48.0);
    assert_eq!(number(row, "needs_serviced"), 48.0);
    assert!(number(row, "lowest_need") > 0.0, "{row:?}");
}

/// Issue 33 item 3: a UDGOAP NPC holds at most half the heap it held when the issue was
/// filed, 14,482 bytes per thinking NPC in this bench's row for the hospital's `udgoap` at
/// 5,008 NPCs after the 5 s warm-up. The figure moves with the population (7,227 at 320 NPCs,
/// 7,164 at 1,008, 7,189 at 5,008 on 2026-11-27), so it is taken at the issue's. It had crept
/// to 7,325 unseen (a table of fact times kept more room); this is what says so now.
#[test]
fn a_udgoap_npc_holds_at_most_half_the_heap_it_held_when_issue_33_was_filed() {
    const FILED: f64 = 14_482.0;
    let dir = tempfile::tempdir().unwrap();
    let (_, rows) = bench(
        dir.path(),
        &[
            "--controllers",
            "udgoap",
            "--npcs",
            "5008",
            "--threads",
            "1",
            "--objects",
            "--actions",
            "--runs",
            "1",
            "--warmup",
            "5",
            "--seconds",
            "1",
        ],
    );
    assert_eq!(rows.len(), 1, "{rows:?}");
    let bytes = number(&rows[0], "bytes_per_npc");
    assert!(
        bytes <= FILED / 2.0,
        "{bytes} bytes per UDGOAP NPC, more than half of the {FILED} the issue began with"
    );
    // A measure that counted nothing would pass: a nurse's memory alone holds about 3.6 KB.
    assert!(
        bytes > FILED / 4.0,
        "{bytes} bytes per NPC: too little counted"
    );
}

#[test]
fn steady_state_ticks_allocate_nothing() {
    // Buffers grow to their high-water marks as the ward gets busier; by 240 s (the paper's
    // four minutes, S:155) they have.
    let dir = tempfile::tempdir().unwrap();
    let (_, rows) = bench(
        dir.path(),
        &[
            "--npcs",
            "32",
            "--threads",
            "1",
            "--objects",
            "--actions",
            "--runs",
            "1",
            "--warmup",
            "240",
            "--seconds",
            "20",
        ],
    );
    assert_eq!(rows.len(), 4, "fsm, ubc, goap, udgoap");
    for row in &rows {
        assert_eq!(number(row, "allocs_per_tick"), 0.0, "{row:?}");
    }
}

#[test]
fn bench_refuses_bad_options() {
    for (args, message) in [
        (&["--npcs", "0"][..], "0 is not in 1.."),
        (&["--npcs", "many"], "invalid digit"),
        (&["--threads", "0"], "0 is not in 1..=64"),
        (
            &["--controllers", "bt"],
            "possible values: fsm, ubc, goap, udgoap",
        ),
        (&["--seconds", "0"], "not a number of seconds > 0"),
        (&["--warmup=-1"], "not a number of seconds >= 0"),
        (&["--npcs", "--objects", "--actions"], "nothing to measure"),
        (
            &["--npcs", "16", "--threads", "2", "--objects", "--actions"],
            "2 threads need at least 2 copies",
        ),
    ] {
        motive()
            .arg("bench")
            .args(args)
            .assert()
            .failure()
            .stderr(predicate::str::contains(message));
    }
}

/// `motive bench --bt`: a row per population and layer stack, the guards' steady state
/// allocating nothing, and the hint change's cost.
#[test]
fn bench_bt_measures_guards_under_each_layer_stack() {
    let stdout = stdout_of(&["bench", "--bt", "--quick", "--npcs", "32"]);
    let rows: Vec<Vec<&str>> = stdout
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|f| f.len() == 7 && f[0] == "33")
        .collect();
    let stacks: Vec<&str> = rows.iter().map(|r| r[1]).collect();
    assert_eq!(stacks, ["0", "1", "3"], "{stdout}");
    for row in &rows {
        let us: f64 = row[2].parse().unwrap();
        assert!(us > 0.0 && us.is_finite(), "{stdout}");
    }
    assert!(
        stdout.contains("hint change (re-order and restart"),
        "{stdout}"
    );
}

/// `motive bench --think-threads 2,1 --runs 2`: each row's speedup is against the one-thread
/// point even when it is measured last, the median of the rounds' paired speedups within
/// their printed range, its phases are parts of its tick, its serial bound is 1 on one thread
/// and at most the thread count on more, and the machine's own ceiling follows the table.
#[test]
fn think_threads_compares_with_one_thread_in_any_order() {
    let stdout = stdout_of(&[
        "bench",
        "--think-threads",
        "2,1",
        "--controllers",
        "ubc",
        "--npcs",
        "32",
        "--quick",
        "--runs",
        "2",
    ]);
    assert!(stdout.contains("2 round(s)"), "{stdout}");
    let rows: Vec<Vec<&str>> = stdout
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|f| f.len() == 15 && f[0] == "ubc")
        .collect();
    let speedups: Vec<(&str, f64)> = rows
        .iter()
        .map(|f| (f[2], f[5].trim_end_matches('×').parse().unwrap()))
        .collect();
    for row in &rows {
        let number = |i: usize| -> f64 { row[i].parse().unwrap() };
        let phases: Vec<f64> = (10..14).map(number).collect();
        assert!(phases.iter().all(|p| p.is_finite() && *p >= 0.0), "{row:?}");
        // Passes and thinks happen every tick; together the phases are within the tick
        // (each printed to 0.001; the median of two rounds is their mean, so the sum of
        // the phases' medians is the median of the rounds' sums).
        assert!(phases[0] > 0.0 && phases[2] > 0.0, "{row:?}");
        assert!(phases.iter().sum::<f64>() <= number(3) + 0.004, "{row:?}");
        let bound: f64 = row[14].trim_end_matches('×').parse().unwrap();
        let threads: f64 = row[2].parse().unwrap();
        assert!(bound > 0.0 && bound <= threads + 0.005, "{row:?}");
        // The median of two paired speedups lies within their range, as printed; the
        // one-thread row, against itself, shows none.
        if row[2] == "1" {
            assert_eq!(row[6], "-", "{row:?}");
            assert_eq!(row[14], "1.00×", "one thread bounds itself at 1: {row:?}");
            continue;
        }
        let (low, high) = row[6].split_once('–').unwrap_or_else(|| panic!("{row:?}"));
        let (low, high): (f64, f64) = (low.parse().unwrap(), high.parse().unwrap());
        let speedup: f64 = row[5].trim_end_matches('×').parse().unwrap();
        assert!(low <= speedup + 0.005 && speedup <= high + 0.005, "{row:?}");
    }
    assert_eq!(speedups.len(), 2, "{stdout}");
    assert_eq!(speedups[1], ("1", 1.0), "{stdout}");
    assert_eq!(speedups[0].0, "2", "{stdout}");
    assert!(speedups[0].1.is_finite() && speedups[0].1 > 0.0, "{stdout}");
    let ceiling = stdout
        .lines()
        .find(|l| l.trim_start().starts_with("2 threads: arithmetic"))
        .unwrap_or_else(|| panic!("no ceiling line: {stdout}"));
    assert!(ceiling.contains("random updates of 256 MB"), "{ceiling}");
}

/// `--runs`, `--base-processes` and `--target-processes` are bounded: more runs than a point
/// may take, or more processes than a point is worth, are refused before anything runs.
#[test]
fn runs_and_processes_beyond_their_bounds_are_refused() {
    for (option, value, says) in [
        ("--runs", "65", "65 is not in 1..=64"),
        ("--base-processes", "17", "17 is not in 1..=16"),
        ("--base-processes", "0", "0 is not in 1..=16"),
        ("--target-processes", "17", "17 is not in 1..=16"),
        ("--target-processes", "0", "0 is not in 1..=16"),
    ] {
        let output = motive()
            .args(["bench", "--quick", option, value])
            .output()
            .unwrap();
        assert!(!output.status.success(), "{option} {value}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(says), "{stderr}");
    }
}

//! `motive bench --huge-pages`: the same measurements with the process's heap on 2 MB pages
//! (Linux, glibc), and the page size every report states beside its machine.
//!
//! Why it matters: past a few thousand NPCs a think finds its NPC's record, mind and facts,
//! and its neighbours', on pages the TLB no longer holds, and on this project's VMs (nested
//! virtualisation) each miss costs a page walk the prefetches wait behind (perf: the stalls of
//! `World::tick` sit on `prefetcht0` instructions with no load before them). On 2 MB pages the
//! same world needs 512 times fewer entries. Measured with `scripts/bench-ab` (AMD EPYC VM,
//! 2 vCPUs, quick windows, 6 rounds): 50,000 UBC NPCs 0.594 → 0.535 µs per decision, 50,000
//! GOAP 0.755 → 0.680; UDGOAP at 5,008 3.090 → 3.019 (4 rounds); UBC at 32 NPCs unchanged
//! (0.395). The library cannot choose the host's pages (the engine's allocator owns the heap):
//! an engine or dedicated server on Linux gets them with the same two tunables, which this
//! flag sets by running the bench again under them.
//!
//! `glibc.malloc.hugetlb=1` makes malloc advise transparent huge pages on the memory it maps
//! (`madvise(MADV_HUGEPAGE)`, honoured when the kernel's mode is `madvise` or `always`);
//! `glibc.malloc.top_pad` grows the heap 64 MB at a time, so that page faults land in whole
//! 2 MB ranges (with the default 128 KB steps, the kernel found none and kept 4 KB pages).

use std::error::Error;

/// The malloc tunables `--huge-pages` runs the bench under.
const TUNABLES: &str = "glibc.malloc.hugetlb=1:glibc.malloc.top_pad=67108864";

/// Set in the bench run again under [`TUNABLES`], so that it does not run itself again.
const RUN_AGAIN: &str = "MOTIVE_BENCH_HUGE_PAGES";

/// Where the kernel says how it hands out transparent huge pages.
const THP_MODE: &str = "/sys/kernel/mm/transparent_hugepage/enabled";

/// With `--huge-pages`, runs this bench again (the same arguments) under [`TUNABLES`] unless
/// this is that run; returns only if it is, or when the flag is not given. glibc reads its
/// tunables once, at start, so the process that parsed the flag cannot apply them itself.
pub fn run_again_if_asked(asked: bool) -> Result<(), Box<dyn Error>> {
    if !asked || std::env::var_os(RUN_AGAIN).is_some() {
        return Ok(());
    }
    match mode().as_deref() {
        Some("madvise" | "always") => run_again(),
        Some(mode) => Err(format!(
            "--huge-pages: the kernel hands out no transparent huge pages ({THP_MODE} says {mode})"
        )
        .into()),
        None => Err(format!(
            "--huge-pages: no transparent huge pages here (Linux only; no {THP_MODE})"
        )
        .into()),
    }
}

#[cfg(target_os = "linux")]
fn run_again() -> Result<(), Box<dyn Error>> {
    use std::os::unix::process::CommandExt;
    let tunables = match std::env::var("GLIBC_TUNABLES") {
        Ok(given) if !given.is_empty() => format!("{given}:{TUNABLES}"),
        _ => TUNABLES.to_owned(),
    };
    let error = std::process::Command::new(std::env::current_exe()?)
        .args(std::env::args_os().skip(1))
        .env("GLIBC_TUNABLES", tunables)
        .env(RUN_AGAIN, "1")
        .exec();
    Err(format!("--huge-pages: could not run the bench again: {error}").into())
}

#[cfg(not(target_os = "linux"))]
fn run_again() -> Result<(), Box<dyn Error>> {
    Err("--huge-pages: Linux only (glibc's malloc tunables)".into())
}

/// The kernel's transparent huge page mode (`always`, `madvise` or `never`), where it says.
fn mode() -> Option<String> {
    let text = std::fs::read_to_string(THP_MODE).ok()?;
    selected(&text).map(str::to_owned)
}

/// The bracketed word of a sysfs choice list: `madvise` in "always [madvise] never".
fn selected(text: &str) -> Option<&str> {
    let start = text.find('[')? + 1;
    let end = start + text[start..].find(']')?;
    Some(&text[start..end])
}

/// Bytes of this process's memory on transparent huge pages now (`AnonHugePages`), where
/// Linux says.
pub fn held() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/smaps_rollup").ok()?;
    anon_huge_kb(&text).map(|kb| kb * 1024)
}

/// The `AnonHugePages` of a `/proc/self/smaps_rollup` text, in kB.
fn anon_huge_kb(text: &str) -> Option<u64> {
    text.lines()
        .filter_map(|line| line.strip_prefix("AnonHugePages:"))
        .find_map(|rest| rest.trim().strip_suffix("kB")?.trim().parse().ok())
}

/// What a report says of the pages its figures were taken on: whether huge pages were asked
/// for, the kernel's mode, and `most` (the most bytes the process held on huge pages at the
/// end of a measured point), when known.
pub fn describe(most: Option<u64>) -> String {
    let asked = if std::env::var_os(RUN_AGAIN).is_some() {
        "huge pages asked for (--huge-pages: malloc advises them, the heap grows 64 MB at a time)"
    } else {
        "4 KB pages unless the kernel merges them (--huge-pages asks for 2 MB)"
    };
    let mode = mode().map_or_else(
        || "no transparent huge pages here".to_owned(),
        |mode| format!("transparent huge pages: {mode}"),
    );
    match most {
        Some(bytes) => format!(
            "{asked}; {mode}; at most {} MB of the process on huge pages",
            bytes >> 20
        ),
        None => format!("{asked}; {mode}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mode_is_the_bracketed_word() {
        assert_eq!(selected("always [madvise] never\n"), Some("madvise"));
        assert_eq!(selected("[always] madvise never"), Some("always"));
        assert_eq!(selected("always madvise never"), None);
        assert_eq!(selected("always [madvise"), None);
    }

    #[test]
    fn huge_pages_are_read_in_kilobytes() {
        let rollup = "Rss:              228312 kB\nAnonHugePages:    219136 kB\nShmemPmdMapped:        0 kB\n";
        assert_eq!(anon_huge_kb(rollup), Some(219_136));
        assert_eq!(anon_huge_kb("AnonHugePages:        0 kB\n"), Some(0));
        assert_eq!(anon_huge_kb("Rss: 1 kB\n"), None);
    }
}

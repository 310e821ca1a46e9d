//! The coverage-guided fuzz targets, one binary run as `motive-fuzz <target>` under
//! `cargo afl fuzz` (see README.md beside it, and `scripts/fuzz`). The targets are the
//! modules `tests/fuzz.rs` runs briefly with proptest:
//! - `loader_text`: the input is a JSON document (a scenario or a domain);
//! - `loader_edits`: the input picks a shipped document and the JSON-aware edits made to it;
//! - `abi`: the input is a sequence of exported C calls.

#[path = "../tests/common/fuzz_abi.rs"]
mod fuzz_abi;
#[path = "../tests/common/fuzz_json_edits.rs"]
mod fuzz_json_edits;
#[path = "../tests/common/fuzz_loader.rs"]
mod fuzz_loader;
#[path = "../tests/common/thread_cpu.rs"]
mod thread_cpu;

fn main() {
    let target = std::env::args().nth(1).unwrap_or_default();
    let run: fn(&[u8]) = match target.as_str() {
        "loader_text" => |data| {
            if let Ok(text) = std::str::from_utf8(data) {
                fuzz_loader::check_document(text);
            }
        },
        "loader_edits" => fuzz_loader::check_edits,
        "abi" => fuzz_abi::check_sequence,
        // `show-edits` prints the document an `loader_edits` input makes, to read a crash.
        "show-edits" => |data| print!("{}", fuzz_loader::edited(data).unwrap_or_default()),
        "show-abi" => |data| print!("{}", fuzz_abi::describe(data)),
        _ => {
            eprintln!("usage: motive-fuzz loader_text|loader_edits|abi|show-edits|show-abi");
            std::process::exit(2);
        }
    };
    // What a process makes once (the ABI target's loaded scenarios) is made here, before
    // AFL++'s fork server starts: made in the first input's run, its edges would not recur in
    // the next runs of that input, and AFL++ would count them all as unstable (the `abi`
    // target's stability was 61%). The `show-` commands print, so they start cold.
    if !target.starts_with("show-") {
        run(&[]);
    }
    afl::fuzz!(|data: &[u8]| run(data));
}

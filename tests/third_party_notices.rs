//! The Unity package's third-party notices name exactly the crates whose code the native
//! library contains, at the versions built: `cargo tree -e normal,no-proc-macro -p motive`
//! (procedural macros and their own dependencies run at build time only). A dependency added
//! without its notice fails here (postcard, cobs, thin-vec and thiserror were missing once).

use std::collections::BTreeMap;
use std::process::Command;

const NOTICES: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/bindings/csharp/Third Party Notices.md"
);

/// Crate → (major.minor version, license, repository), as `cargo tree` has them.
fn built_into_the_library() -> BTreeMap<String, (String, String, String)> {
    let output = Command::new(env!("CARGO"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["tree", "-e", "normal,no-proc-macro", "-p", "motive"])
        .args(["--prefix", "none", "--format", "{p}\t{l}\t{r}", "--offline"])
        .output()
        .expect("cargo runs");
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .filter_map(|line| {
            let mut fields = line.trim_end_matches(" (*)").split('\t');
            let (name, version) = fields.next()?.split_once(" v")?;
            let major_minor = version.split('.').take(2).collect::<Vec<_>>().join(".");
            let license = fields.next()?.to_owned();
            let repository = fields.next()?.to_owned();
            (name != "motive").then(|| (name.to_owned(), (major_minor, license, repository)))
        })
        .collect()
}

/// The notices' table rows, by crate.
fn noticed() -> BTreeMap<String, (String, String, String)> {
    std::fs::read_to_string(NOTICES)
        .unwrap()
        .lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line
                .strip_prefix('|')?
                .strip_suffix('|')?
                .split('|')
                .map(str::trim)
                .collect();
            let [name, version, license, repository] = cells[..] else {
                return None;
            };
            (name != "Crate" && !name.starts_with('-')).then(|| {
                let row = (version.into(), license.into(), repository.into());
                (name.to_owned(), row)
            })
        })
        .collect()
}

#[test]
fn the_notices_name_every_crate_built_into_the_library() {
    let built = built_into_the_library();
    assert!(built.contains_key("serde_json") && built.contains_key("bumpalo"));
    assert!(
        !built.contains_key("serde_derive") && !built.contains_key("syn"),
        "build-time only: {built:?}"
    );
    assert_eq!(noticed(), built, "regenerate {NOTICES} from cargo tree");
}

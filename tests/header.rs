//! The committed header is exactly what cbindgen generates from the source, and its version
//! macros agree with Cargo.toml and the runtime. `MOTIVE_BLESS=1` rewrites the header instead
//! (that is all `scripts/gen-header` does).

use std::path::Path;

fn generate() -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut config =
        cbindgen::Config::from_file(root.join("cbindgen.toml")).expect("cbindgen.toml");
    config.after_includes = Some(format!(
        "\n#define MOTIVE_VERSION_MAJOR {}\n#define MOTIVE_VERSION_MINOR {}\n#define MOTIVE_VERSION_PATCH {}\n#define MOTIVE_VERSION_STRING \"{}\"",
        env!("CARGO_PKG_VERSION_MAJOR"),
        env!("CARGO_PKG_VERSION_MINOR"),
        env!("CARGO_PKG_VERSION_PATCH"),
        env!("CARGO_PKG_VERSION"),
    ));
    let mut out = Vec::new();
    cbindgen::Builder::new()
        .with_crate(root)
        .with_config(config)
        .generate()
        .expect("cbindgen failed")
        .write(&mut out);
    String::from_utf8(out).expect("header is UTF-8")
}

fn header_path() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("include/motive.h")
}

#[test]
fn committed_header_matches_the_source() {
    let fresh = generate();
    if std::env::var_os("MOTIVE_BLESS").is_some() {
        std::fs::write(header_path(), &fresh).expect("write include/motive.h");
        return;
    }
    let committed = std::fs::read_to_string(header_path()).unwrap_or_default();
    assert!(
        committed == fresh,
        "include/motive.h is stale: run scripts/gen-header and commit the result"
    );
}

/// The `#define NAME value` of the committed header.
fn define(header: &str, name: &str) -> String {
    header
        .lines()
        .find_map(|l| l.strip_prefix(&format!("#define {name} ")))
        .unwrap_or_else(|| panic!("{name} is not defined in the header"))
        .trim()
        .to_owned()
}

#[test]
fn header_versions_agree_with_cargo_and_the_runtime() {
    let header = std::fs::read_to_string(header_path()).expect("include/motive.h");
    let manifest =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml"))
            .expect("Cargo.toml");
    let cargo_version = manifest
        .lines()
        .find_map(|l| l.strip_prefix("version = "))
        .expect("package version")
        .trim_matches('"');
    let parts: Vec<&str> = cargo_version.split('.').collect();
    assert_eq!(define(&header, "MOTIVE_VERSION_MAJOR"), parts[0]);
    assert_eq!(define(&header, "MOTIVE_VERSION_MINOR"), parts[1]);
    assert_eq!(define(&header, "MOTIVE_VERSION_PATCH"), parts[2]);
    assert_eq!(
        define(&header, "MOTIVE_VERSION_STRING"),
        format!("\"{cargo_version}\"")
    );
    // The exported motive_version() is compared with the header by the C suite
    // (tests/c/test_version.c); here, the Rust side of the same string.
    assert_eq!(motive::ffi::version::crate_version(), cargo_version);
    assert_eq!(
        define(&header, "MOTIVE_ABI_VERSION"),
        motive::ffi::version::motive_abi_version().to_string()
    );
}

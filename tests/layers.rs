//! The layers of `src/core` import downward only: `brains/` → `world/` → `model/`, never back
//! (docs/architecture.md). The compiler allows a crate's modules to import each other in any
//! direction, so this test reads the source: a path into a higher layer from a lower one fails
//! it, with the file and line.
//!
//! Comments and `#[cfg(test)] mod tests` blocks are not read: doc links may name what a layer
//! serves, and unit tests may build whole worlds through the top (`crate::core::World`).

use std::fs;
use std::path::{Path, PathBuf};

/// The `.rs` files below `dir`, sorted.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// `(line number, code)` of `text` outside comments and its unit-test module.
fn code_lines(text: &str) -> Vec<(usize, &str)> {
    let end = text
        .find("#[cfg(test)]\nmod tests")
        .or_else(|| text.find("#[cfg(test)]\npub(crate) mod tests"))
        .unwrap_or(text.len());
    text[..end]
        .lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.split("//").next().unwrap_or("")))
        .collect()
}

/// The `crate::core::…` paths `code` names, with their byte offsets: the text after
/// `crate::core::` to the end of the path, a brace group (`{A, b::C}`, on any number of lines)
/// counting as one path.
fn core_paths(code: &str) -> Vec<(usize, &str)> {
    code.match_indices("crate::core::")
        .map(|(at, prefix)| {
            let rest = &code[at + prefix.len()..];
            let end = match rest.starts_with('{') {
                true => rest.find('}').map_or(rest.len(), |i| i + 1),
                false => rest
                    .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                    .unwrap_or(rest.len()),
            };
            (at, &rest[..end])
        })
        .collect()
}

/// Which names a layer may not reach: the layers above it and the root aliases that name them
/// (`World` and `Mind` are `world::World<brains::BrainState>` and its mind).
fn forbidden(layer: &str) -> &'static [&'static str] {
    match layer {
        "model" => &["world", "brains", "World", "Mind"],
        "world" => &["brains", "World", "Mind"],
        _ => &[],
    }
}

/// Whether `path` (after `crate::core::`) starts with, or groups, one of `names`.
fn reaches(path: &str, names: &[&str]) -> bool {
    let heads: Vec<&str> = match path.strip_prefix('{') {
        Some(group) => group
            .trim_end_matches('}')
            .split(',')
            .map(|item| item.trim().split("::").next().unwrap_or(""))
            .collect(),
        None => vec![path.split("::").next().unwrap_or("")],
    };
    heads.iter().any(|head| names.contains(head))
}

#[test]
fn core_layers_import_downward_only() {
    let core = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/core");
    let mut breaches = Vec::new();
    let mut read = 0;
    for layer in ["model", "world"] {
        for file in sources(&core.join(layer)) {
            let text = fs::read_to_string(&file).unwrap();
            read += 1;
            let shown = file.strip_prefix(&core).unwrap().display().to_string();
            let lines = code_lines(&text);
            let code: String = lines.iter().map(|(_, l)| format!("{l}\n")).collect();
            for at in upward(&code, forbidden(layer)) {
                let number = code[..at].matches('\n').count() + 1;
                breaches.push(format!("{shown}:{number}: {}", lines[number - 1].1.trim()));
            }
            // `super::` from a layer's root module is `crate::core`: it could reach up too.
            let root = file.ends_with("mod.rs") && file.parent() == Some(&core.join(layer));
            for (number, line) in &lines {
                if line.contains("super::super::") || (root && line.contains("super::")) {
                    breaches.push(format!("{shown}:{number}: {}", line.trim()));
                }
            }
        }
    }
    assert!(read > 40, "read only {read} files: has src/core moved?");
    assert!(
        breaches.is_empty(),
        "imports point up a layer (brains -> world -> model only):\n{}",
        breaches.join("\n")
    );
}

/// Offsets in `code` of the paths that reach one of `names`.
fn upward(code: &str, names: &[&str]) -> Vec<usize> {
    core_paths(code)
        .into_iter()
        .filter(|(_, path)| reaches(path, names))
        .map(|(at, _)| at)
        .collect()
}

#[test]
fn the_checker_sees_an_upward_import() {
    let up = "use crate::core::brains::udgoap::mind::UdgoapMind;";
    assert_eq!(upward(up, forbidden("world")), vec![4]);
    assert!(upward(up, forbidden("brains")).is_empty());
    let grouped = "use crate::core::{\n    model::value::Value,\n    World,\n};";
    assert_eq!(upward(grouped, forbidden("model")).len(), 1);
    assert_eq!(upward(grouped, forbidden("world")).len(), 1);
    let down = "use crate::core::model::value::Value;";
    assert!(upward(down, forbidden("model")).is_empty());
    let generic = "let w: crate::core::world::World<B>;";
    assert!(upward(generic, forbidden("world")).is_empty());
    assert_eq!(
        upward("fn f(w: &crate::core::World) {}", forbidden("world")).len(),
        1
    );
    let commented = code_lines("let x = 1; // see crate::core::brains");
    assert!(upward(commented[0].1, forbidden("model")).is_empty());
}

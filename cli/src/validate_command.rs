//! `motive validate FILE`: loads a domain or scenario file without running it and prints every
//! error and lint warning at its JSON Pointer.

use std::error::Error;
use std::path::PathBuf;

use clap::Args;
use motive::domain::{is_scenario, load_domain, load_scenario, Diagnostic, Severity};

/// Arguments of `motive validate`.
#[derive(Args)]
pub struct ValidateArgs {
    /// A domain document, or a scenario (a document with a "domain").
    file: PathBuf,
}

/// Validates the file; an error when it has errors (so the exit code is 1).
pub fn execute(args: ValidateArgs) -> Result<(), Box<dyn Error>> {
    let text = std::fs::read_to_string(&args.file)
        .map_err(|e| format!("cannot read {}: {e}", args.file.display()))?;
    let (kind, diagnostics): (&str, Vec<Diagnostic>) = if is_scenario(&text) {
        let result = load_scenario(&text, args.file.parent());
        (
            "scenario",
            result.map_or_else(|e| e.diagnostics, |l| l.warnings),
        )
    } else {
        let result = load_domain(&text);
        (
            "domain",
            result.map_or_else(|e| e.diagnostics, |l| l.warnings),
        )
    };
    let file = args.file.display();
    for d in &diagnostics {
        println!("{file}: {d}");
    }
    let errors = diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .count();
    let warnings = diagnostics.len() - errors;
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    if errors > 0 {
        return Err(format!(
            "{file}: {errors} error{}, {warnings} warning{}",
            plural(errors),
            plural(warnings)
        )
        .into());
    }
    println!(
        "{file}: a valid {kind}, {warnings} warning{}",
        plural(warnings)
    );
    Ok(())
}

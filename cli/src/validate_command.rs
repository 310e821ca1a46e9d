//! `motive validate FILE…`: loads each domain or scenario file without running it and prints
//! every error and lint warning at its JSON Pointer, the most memory each archetype's declared
//! limits allow (`memory_budget.rs`), then a summary line per file; a scenario's variants must
//! instantiate too. Every file is checked before the exit code (1
//! when any has errors) is decided.

use std::error::Error;
use std::path::{Path, PathBuf};

use clap::Args;
use motive::domain::{
    is_scenario, load_domain, load_scenario, read_document, Diagnostic, Scenario, Severity,
};

use crate::memory_budget;

/// Arguments of `motive validate`.
#[derive(Args)]
pub struct ValidateArgs {
    /// Domain documents, or scenarios (documents with a "domain").
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Check only this variant of each scenario [default: every variant].
    #[arg(long, value_name = "NAME")]
    variant: Option<String>,
}

/// Validates every file; an error when any has errors (so the exit code is 1).
pub fn execute(args: ValidateArgs) -> Result<(), Box<dyn Error>> {
    let mut failed = Vec::new();
    for file in &args.files {
        match validate(file, args.variant.as_deref()) {
            Ok(summary) => println!("{summary}"),
            // One file: its summary is the error, as main prints it.
            Err(summary) if args.files.len() == 1 => return Err(summary.into()),
            Err(summary) => {
                eprintln!("motive: {summary}");
                failed.push(file.display().to_string());
            }
        }
    }
    if failed.is_empty() {
        return Ok(());
    }
    Err(format!(
        "{} of {} files have errors: {}",
        failed.len(),
        args.files.len(),
        failed.join(", ")
    )
    .into())
}

/// Validates one file, printing its diagnostics: its summary line, as an error when it has
/// errors.
fn validate(path: &Path, variant: Option<&str>) -> Result<String, String> {
    let file = path.display();
    // A file that cannot be read (missing, too large, not UTF-8) is reported as any error.
    let (kind, diagnostics, variants, domain) = match read_document(path) {
        Err(e) => ("document", e.diagnostics, Vec::new(), None),
        Ok(text) if is_scenario(&text) => match load_scenario(&text, path.parent()) {
            Ok(loaded) => {
                let (variants, failures) = instantiate_variants(&loaded.value, variant);
                let mut diagnostics = loaded.warnings;
                diagnostics.extend(failures);
                let domain = Some(loaded.value.domain);
                ("scenario", diagnostics, variants, domain)
            }
            Err(e) => ("scenario", e.diagnostics, Vec::new(), None),
        },
        Ok(_) if variant.is_some() => {
            return Err(format!(
                "{file}: a domain has no variants; --variant is for scenarios"
            ));
        }
        Ok(text) => match load_domain(&text) {
            Ok(loaded) => ("domain", loaded.warnings, Vec::new(), Some(loaded.value)),
            Err(e) => ("domain", e.diagnostics, Vec::new(), None),
        },
    };
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
        ));
    }
    if let Some(domain) = &domain {
        for line in memory_budget::lines(&file.to_string(), domain) {
            println!("{line}");
        }
    }
    let instantiated = if variants.is_empty() {
        String::new()
    } else {
        format!("; variants {} instantiate", variants.join(", "))
    };
    Ok(format!(
        "{file}: a valid {kind}, {warnings} warning{}{instantiated}",
        plural(warnings)
    ))
}

/// Makes a world of `only` variant of `scenario`, or of every variant: the names of those
/// that instantiate, and an error for each that does not.
fn instantiate_variants(scenario: &Scenario, only: Option<&str>) -> (Vec<String>, Vec<Diagnostic>) {
    let names: Vec<String> = match only {
        Some(name) => vec![name.to_owned()],
        None => scenario.variant_names().map(str::to_owned).collect(),
    };
    let mut instantiated = Vec::new();
    let mut failures = Vec::new();
    for name in names {
        let made = scenario
            .with_variant(&name)
            .and_then(|varied| varied.instantiate(None, None));
        match made {
            Ok(_) => instantiated.push(name),
            Err(e) => failures.push(Diagnostic {
                severity: Severity::Error,
                path: String::new(),
                message: format!("variant {name:?}: {e}"),
            }),
        }
    }
    (instantiated, failures)
}

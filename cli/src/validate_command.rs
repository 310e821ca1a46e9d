//! `motive validate FILE`: loads a domain or scenario file without running it and prints every
//! error and lint warning at its JSON Pointer; a scenario's variants must instantiate too.

use std::error::Error;
use std::path::PathBuf;

use clap::Args;
use motive::domain::{is_scenario, load_domain, load_scenario, Diagnostic, Scenario, Severity};

/// Arguments of `motive validate`.
#[derive(Args)]
pub struct ValidateArgs {
    /// A domain document, or a scenario (a document with a "domain").
    file: PathBuf,
    /// Check only this variant of the scenario [default: every variant].
    #[arg(long, value_name = "NAME")]
    variant: Option<String>,
}

/// Validates the file; an error when it has errors (so the exit code is 1).
pub fn execute(args: ValidateArgs) -> Result<(), Box<dyn Error>> {
    let text = std::fs::read_to_string(&args.file)
        .map_err(|e| format!("cannot read {}: {e}", args.file.display()))?;
    let file = args.file.display();
    let (kind, diagnostics, variants) = if is_scenario(&text) {
        match load_scenario(&text, args.file.parent()) {
            Ok(loaded) => {
                let (variants, failures) =
                    instantiate_variants(&loaded.value, args.variant.as_deref());
                let mut diagnostics = loaded.warnings;
                diagnostics.extend(failures);
                ("scenario", diagnostics, variants)
            }
            Err(e) => ("scenario", e.diagnostics, Vec::new()),
        }
    } else if args.variant.is_some() {
        return Err(format!("{file}: a domain has no variants; --variant is for scenarios").into());
    } else {
        let result = load_domain(&text);
        (
            "domain",
            result.map_or_else(|e| e.diagnostics, |l| l.warnings),
            Vec::new(),
        )
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
        )
        .into());
    }
    let instantiated = if variants.is_empty() {
        String::new()
    } else {
        format!("; variants {} instantiate", variants.join(", "))
    };
    println!(
        "{file}: a valid {kind}, {warnings} warning{}{instantiated}",
        plural(warnings)
    );
    Ok(())
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

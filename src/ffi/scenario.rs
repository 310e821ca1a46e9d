//! `motive_scenario`: a scenario file (domain, entities, simulator rules, variants) loaded
//! from JSON, instantiated into a world and the headless simulator that plays the engine's
//! part in it (`motive_sim`). For tools, tests and bindings that want a whole run without
//! writing an engine loop; a game drives its own world instead.

use std::ffi::c_char;
use std::path::Path;

use super::domain::motive_domain;
use super::domain_json::{finish, json_text, motive_diagnostics};
use super::guard::{guard, guard_value};
use super::pointers::{borrow, free, out, utf8};
use super::sim::motive_sim;
use super::status::motive_status;
use super::world::motive_world;
use crate::domain::{self, Scenario};
use crate::sim::Simulator;

/// A loaded scenario (opaque; owned by the caller from `motive_scenario_load_json` or
/// `motive_scenario_load_file` until `motive_scenario_destroy`). Read-only once loaded: it may
/// be used from several threads at once.
pub struct motive_scenario {
    scenario: Scenario,
}

/// Loads a scenario from `json_length` bytes of UTF-8 JSON at `json` (`docs/domain-format.md`,
/// "Scenarios") into `*out_scenario`; a `domain` given as a path is read relative to the
/// working directory. Diagnostics, errors and ownership as `motive_domain_load_json`.
///
/// # Safety
/// `json` must be NULL or point to `json_length` readable bytes; `diagnostics` NULL or live;
/// `out_scenario` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_scenario_load_json(
    json: *const c_char,
    json_length: usize,
    diagnostics: *mut motive_diagnostics,
    out_scenario: *mut *mut motive_scenario,
) -> motive_status {
    guard(|| {
        let out_scenario = out(out_scenario, "out_scenario")?;
        // SAFETY: forwarded from this function's contract.
        let text = unsafe { json_text(json, json_length) }?;
        let result = text.and_then(|text| domain::load_scenario(text, None));
        // SAFETY: forwarded from this function's contract.
        unsafe { finish(result, diagnostics, out_scenario, wrap) }
    })
}

/// Loads a scenario file at `path` (NUL-terminated UTF-8) into `*out_scenario`; a `domain`
/// path in it is relative to the file. As `motive_scenario_load_json` otherwise; a file that
/// cannot be read, or has more than `MOTIVE_MAX_DOCUMENT_BYTES`, is `MOTIVE_STATUS_PARSE_ERROR`
/// with the reason in the diagnostics (as `motive_domain_load_file`).
///
/// # Safety
/// `path` must be NULL or NUL-terminated; `diagnostics` NULL or live; `out_scenario` NULL or
/// writable.
#[no_mangle]
pub unsafe extern "C" fn motive_scenario_load_file(
    path: *const c_char,
    diagnostics: *mut motive_diagnostics,
    out_scenario: *mut *mut motive_scenario,
) -> motive_status {
    guard(|| {
        let out_scenario = out(out_scenario, "out_scenario")?;
        // SAFETY: pointer validity is this function's contract.
        let path = unsafe { utf8(path, "path") }?;
        let result = domain::load_scenario_file(Path::new(path));
        // SAFETY: forwarded from this function's contract.
        unsafe { finish(result, diagnostics, out_scenario, wrap) }
    })
}

fn wrap(scenario: Scenario) -> motive_scenario {
    motive_scenario { scenario }
}

/// Frees a scenario. Worlds, simulators and domains made from it live on. NULL does nothing.
///
/// # Safety
/// `scenario` must be NULL or live, and not used again.
#[no_mangle]
pub unsafe extern "C" fn motive_scenario_destroy(scenario: *mut motive_scenario) {
    // SAFETY: created by Box::into_raw in a load (or NULL).
    guard_value((), || unsafe { free(scenario) })
}

/// A new reference to the scenario's domain in `*out_domain`, for its `motive_domain_find_*`
/// names; free it with `motive_domain_destroy`.
///
/// # Safety
/// `scenario` must be NULL or live; `out_domain` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_scenario_domain(
    scenario: *const motive_scenario,
    out_domain: *mut *mut motive_domain,
) -> motive_status {
    guard(|| {
        // SAFETY: pointer validity is this function's contract.
        let scenario = unsafe { borrow(scenario, "scenario") }?;
        let out_domain = out(out_domain, "out_domain")?;
        let domain = motive_domain::from_shared(scenario.scenario.domain.clone());
        out_domain.write(Box::into_raw(Box::new(domain)));
        Ok(())
    })
}

/// The seed the scenario file gives its world, in `*out_seed`.
///
/// # Safety
/// `scenario` must be NULL or live; `out_seed` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_scenario_seed(
    scenario: *const motive_scenario,
    out_seed: *mut u64,
) -> motive_status {
    guard(|| {
        // SAFETY: pointer validity is this function's contract.
        let scenario = unsafe { borrow(scenario, "scenario") }?;
        out(out_seed, "out_seed")?.write(scenario.scenario.config.seed);
        Ok(())
    })
}

/// Makes the scenario into a world of `copies` copies side by side (0 counts as 1), seeded with
/// `seed`, with every entity spawned and every fact set, and the simulator that plays the
/// engine's part in it; both are the caller's (`motive_world_destroy`, `motive_sim_destroy`).
/// `variant` names one of the scenario's variants (its archetypes swapped), NULL for the
/// scenario as written; an unknown name is `MOTIVE_STATUS_INVALID_ARGUMENT`, naming the variants.
/// Nothing is written unless both are made.
///
/// # Safety
/// `scenario` must be NULL or live; `variant` NULL or NUL-terminated; `out_world` and
/// `out_sim` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn motive_scenario_instantiate(
    scenario: *const motive_scenario,
    variant: *const c_char,
    copies: u32,
    seed: u64,
    out_world: *mut *mut motive_world,
    out_sim: *mut *mut motive_sim,
) -> motive_status {
    guard(|| {
        // SAFETY: pointer validity is this function's contract.
        let scenario = &unsafe { borrow(scenario, "scenario") }?.scenario;
        let out_world = out(out_world, "out_world")?;
        let out_sim = out(out_sim, "out_sim")?;
        let varied;
        let scenario = if variant.is_null() {
            scenario
        } else {
            // SAFETY: non-null and NUL-terminated per the contract.
            let name = unsafe { utf8(variant, "variant") }?;
            varied = scenario.with_variant(name)?;
            &varied
        };
        let instance = scenario.instantiate_copies(copies, Some(seed))?;
        let simulator = Simulator::new(instance.rules, &instance.world)?;
        let sim = motive_sim::new(simulator, &instance.world, instance.names);
        out_sim.write(Box::into_raw(Box::new(sim)));
        out_world.write(motive_world::boxed(instance.world));
        Ok(())
    })
}

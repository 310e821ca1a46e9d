//! The controllers `motive bench` measures, one row each, and what each makes of a sweep
//! point's hospital document.
//!
//! Adding a controller is one row of [`CONTROLLERS`]. The hospital's brain variants
//! (`Scenario::with_variant`, scenario `"variants"` that swap archetypes) are rows of the form
//! `Controller { label: "udgoap", about: "...", drive: Drive::Brains(|s| s.with_variant("udgoap").map_err(|e| e.to_string())) }`.

use motive::domain::{load_domain, load_scenario, Scenario};
use serde_json::Value;

use super::heap;
use super::hospital;
use super::population::{Brains, Fsms, Population};

/// How a controller drives the hospital.
#[derive(Clone, Copy)]
pub enum Drive {
    /// The hand-written FSMs of `fsm.rs`, over the hospital without brains.
    Fsm,
    /// motive's brains, over the scenario this makes of the loaded hospital.
    Brains(fn(&Scenario) -> Result<Scenario, String>),
}

/// One controller: a row of every table.
#[derive(Clone, Copy)]
pub struct Controller {
    /// Its name in tables, CSV and `--controllers`.
    pub label: &'static str,
    /// What runs, for people.
    pub about: &'static str,
    /// How it drives the hospital.
    pub drive: Drive,
    /// Issue 7's target for it: this many NPCs must fit in 10 % of one core at 5 Hz, which
    /// `--targets` measures at that population. `None` for the FSM, which has none.
    pub target: Option<u32>,
}

/// Every controller, in table order (the hospital as shipped mixes GOAP staff and UDGOAP
/// visitors, so each brain is measured on its own variant).
pub const CONTROLLERS: &[Controller] = &[
    Controller {
        label: "fsm",
        about: "hand-written FSMs (cli/src/bench/fsm.rs), threshold checks in a fixed order",
        drive: Drive::Fsm,
        target: None,
    },
    Controller {
        label: "ubc",
        about:
            "the hospital's ubc variant: UBC nurses, doctors and visitors (predefined plans, S:142)",
        drive: Drive::Brains(|s| variant(s, "ubc")),
        target: Some(20_000),
    },
    Controller {
        label: "goap",
        about: "the hospital's goap variant: GOAP nurses, doctors and visitors (priority goals, S:140)",
        drive: Drive::Brains(|s| variant(s, "goap")),
        target: Some(14_000),
    },
    Controller {
        label: "udgoap",
        about: "the hospital's udgoap variant: UDGOAP nurses, doctors and visitors (drives, thesis ch. 3)",
        drive: Drive::Brains(|s| variant(s, "udgoap")),
        target: Some(5_000),
    },
];

/// The hospital's variant `name`.
fn variant(s: &Scenario, name: &str) -> Result<Scenario, String> {
    s.with_variant(name).map_err(|e| e.to_string())
}

/// A controller's hospital at one sweep point, loaded and ready to populate.
pub struct Prepared {
    scenario: Scenario,
    drive: Drive,
    /// Heap bytes of the loaded domain.
    pub domain_bytes: isize,
    /// Characters that make decisions in one copy.
    pub thinking_per_copy: u32,
    /// Thinks per simulated second one copy's characters make together.
    pub thinks_per_copy_second: f64,
}

impl Controller {
    /// Loads `doc` (a sweep point's hospital) for this controller. Lint warnings are expected
    /// (the FSM's hospital has actions no archetype consumes, clutter supplies one) and dropped.
    pub fn prepare(&self, doc: &Value) -> Result<Prepared, String> {
        let mut doc = doc.clone();
        let drivers = match self.drive {
            Drive::Fsm => hospital::remove_brains(&mut doc)?,
            Drive::Brains(_) => Vec::new(),
        };
        let domain_bytes = domain_bytes(&doc["domain"])?;
        let loaded = load_scenario(&doc.to_string(), None).map_err(|e| e.to_string())?;
        let scenario = match self.drive {
            Drive::Fsm => loaded.value,
            Drive::Brains(make) => make(&loaded.value)?,
        };
        let domain = &scenario.domain;
        let thinks = |archetype: u32| {
            let def = &domain.archetypes().items()[archetype as usize];
            let name = domain.archetypes().name(archetype);
            let thinking = def.thinks() || drivers.iter().any(|d| d == name);
            thinking.then_some(def.think.think_interval)
        };
        let intervals: Vec<f64> = scenario
            .entities
            .iter()
            .filter_map(|e| thinks(e.archetype.0))
            .collect();
        Ok(Prepared {
            thinking_per_copy: intervals.len() as u32,
            thinks_per_copy_second: intervals.iter().map(|i| 1.0 / i).sum(),
            domain_bytes,
            drive: self.drive,
            scenario,
        })
    }
}

impl Prepared {
    /// Copies needed for at least `npcs` thinking NPCs.
    pub fn copies_for(&self, npcs: u32) -> u32 {
        npcs.div_ceil(self.thinking_per_copy.max(1)).max(1)
    }

    /// Simulated seconds per step.
    pub fn step(&self) -> f64 {
        self.scenario.rules.step
    }

    /// A world of `copies` copies, seeded with `seed`, and its controller.
    pub fn populate(&self, copies: u32, seed: u64) -> Result<Box<dyn Population>, String> {
        let instance = self
            .scenario
            .instantiate_copies(copies, Some(seed))
            .map_err(|e| e.to_string())?;
        Ok(match self.drive {
            Drive::Fsm => Box::new(Fsms::new(instance)?),
            Drive::Brains(_) => Box::new(Brains::new(instance)?),
        })
    }
}

/// Heap bytes the domain `section` takes once loaded (what every copy and world shares).
fn domain_bytes(section: &Value) -> Result<isize, String> {
    let text = section.to_string();
    let before = heap::live_bytes();
    let loaded = load_domain(&text).map_err(|e| e.to_string())?;
    drop(loaded.warnings);
    let bytes = heap::live_bytes() - before;
    drop(loaded.value);
    Ok(bytes)
}

/// The controllers named `labels`, in table order; all of them for none.
pub fn chosen(labels: &[String]) -> Vec<Controller> {
    CONTROLLERS
        .iter()
        .filter(|c| labels.is_empty() || labels.iter().any(|l| l == c.label))
        .copied()
        .collect()
}

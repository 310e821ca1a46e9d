//! The headless engine's rules: how fast NPCs walk, how long the actions it performs take and
//! how often they fail, and what it spawns. A scenario file's `"simulation"` section fills them
//! (`docs/domain-format.md`); [`SimRules::new`] gives the defaults.

use crate::core::model::action::ActionId;
use crate::core::model::archetype::ArchetypeId;
use crate::core::model::limits::at_most;
use crate::core::{AttributeId, Domain, Error, Result, Value, Vec3};
use crate::sim::limits::{MAX_RUN_TICKS, MAX_SPAWN_ALIVE};
use crate::sim::scripted_player::PlayerRule;

/// How the [`super::Simulator`] plays the engine's part.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, PartialEq)]
pub struct SimRules {
    /// Walking speed of every NPC, in units per second (finite, > 0).
    pub speed: f64,
    /// The fixed tick, in seconds (finite, > 0).
    pub step: f64,
    /// Default length of a run, in simulated seconds (finite, ≥ 0, at most
    /// [`MAX_RUN_TICKS`] steps).
    pub seconds: f64,
    /// Seconds an engine-performed action that does not move takes once started (the NPC has
    /// already walked up to its target), unless [`EngineAction::seconds`] says otherwise
    /// (finite, ≥ 0; 0 finishes it in the step it is requested).
    pub action_seconds: f64,
    /// Per-action overrides, indexed by `ActionId.0`: one per action of the domain.
    pub per_action: Vec<EngineAction>,
    /// Entities the engine brings in while the world runs.
    pub spawns: Vec<SpawnRule>,
    /// What the simulated player does, reported to the world's player model.
    pub player: Vec<PlayerRule>,
    /// The archetype whose death resets the arena instead of ending it (T:1526): everything
    /// spawned is removed and the entity starts again as it began. `None`: the dead are
    /// removed (`deaths.rs`).
    pub reset_on_death: Option<ArchetypeId>,
}

/// How the engine performs one action.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, Default, PartialEq)]
pub struct EngineAction {
    /// Seconds it takes when it does not move, instead of [`SimRules::action_seconds`]
    /// (finite, ≥ 0). Walking always takes distance ÷ speed.
    pub seconds: Option<f64>,
    /// Chance in [0, 1] that a performance fails instead of succeeding (blocked, missed),
    /// drawn when it ends.
    pub failure_chance: f64,
}

/// Spawns entities of one archetype at one place, on a cadence, up to a number alive.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, PartialEq)]
pub struct SpawnRule {
    /// What to spawn.
    pub archetype: ArchetypeId,
    /// Where.
    pub at: Vec3,
    /// Seconds between spawns (finite, > 0); the first comes `every` seconds into the run. A
    /// step catches up at most [`MAX_SPAWN_CATCH_UP`](crate::sim::limits::MAX_SPAWN_CATCH_UP)
    /// periods.
    pub every: f64,
    /// Most entities of this rule alive at once (1 to [`MAX_SPAWN_ALIVE`]): a spawn that would
    /// exceed it is skipped.
    pub max_alive: u32,
    /// Facts each spawned entity starts with, over its archetype's starting state.
    pub facts: Vec<(AttributeId, Value)>,
}

impl SimRules {
    /// The defaults for `domain`: walking at 1.5 units/s, 50 ms ticks, 180 s runs, engine
    /// actions that finish as soon as they start and never fail, no spawns.
    pub fn new(domain: &Domain) -> Self {
        SimRules {
            speed: 1.5,
            step: 0.05,
            seconds: 180.0,
            action_seconds: 0.0,
            per_action: vec![EngineAction::default(); domain.actions().len()],
            spawns: Vec::new(),
            player: Vec::new(),
            reset_on_death: None,
        }
    }

    /// How the engine performs `action`.
    pub fn action(&self, action: ActionId) -> EngineAction {
        self.per_action[action.0 as usize]
    }

    /// Checks the rules against `domain`: numbers finite and in range, one entry per action,
    /// spawn rules naming archetypes and facts of the domain with values of their types.
    /// Messages name the field at fault as the scenario format spells it.
    pub fn validate(&self, domain: &Domain) -> Result<()> {
        self.fault(domain).map_or(Ok(()), |fault| Err(fault.error))
    }

    /// The first thing wrong with the rules for `domain`, and the field it is in (as the
    /// scenario format spells it: `spawns[0].every`), so a loader can point at it.
    pub fn fault(&self, domain: &Domain) -> Option<RuleFault> {
        self.check(domain).err()
    }

    fn check(&self, domain: &Domain) -> std::result::Result<(), RuleFault> {
        positive("speed", self.speed)?;
        positive("step", self.step)?;
        not_negative("seconds", self.seconds)?;
        check_ticks(self.seconds, self.step).map_err(|e| RuleFault::at("step", e))?;
        not_negative("action_seconds", self.action_seconds)?;
        let actions = domain.actions();
        if self.per_action.len() != actions.len() {
            return Err(RuleFault::new(
                "actions",
                format!(
                    "the rules have {} per-action entries for the domain's {} actions",
                    self.per_action.len(),
                    actions.len()
                ),
            ));
        }
        for (id, rule) in self.per_action.iter().enumerate() {
            let name = actions.name(id as u32);
            if let Some(seconds) = rule.seconds {
                not_negative(&format!("actions.{name}.seconds"), seconds)?;
            }
            let chance = rule.failure_chance;
            if !(0.0..=1.0).contains(&chance) {
                let field = format!("actions.{name}.failure_chance");
                let message = format!("{field} must be in [0, 1], got {chance}");
                return Err(RuleFault::new(&field, message));
            }
        }
        for (i, rule) in self.player.iter().enumerate() {
            let field = format!("player[{i}].action");
            domain
                .player_actions()
                .get(rule.action.0)
                .map_err(|e| RuleFault::at(&field, e))?;
            not_negative(&format!("player[{i}].from"), rule.from)?;
            if !(rule.from.is_finite() && rule.until >= rule.from) {
                return Err(RuleFault::new(
                    &format!("player[{i}].until"),
                    format!(
                        "player[{i}] runs from {} until {}: from is finite and until no earlier",
                        rule.from, rule.until
                    ),
                ));
            }
            if !(rule.every.is_finite() && rule.every >= self.step) {
                let field = format!("player[{i}].every");
                let message = format!(
                    "{field} must be finite and at least the step ({}), got {}",
                    self.step, rule.every
                );
                return Err(RuleFault::new(&field, message));
            }
        }
        if let Some(archetype) = self.reset_on_death {
            let def = domain
                .archetypes()
                .get(archetype.0)
                .map_err(|e| RuleFault::at("reset_on_death", e))?;
            if def.death.is_empty() {
                return Err(RuleFault::new(
                    "reset_on_death",
                    format!(
                        "reset_on_death names {:?}, which has no death conditions: it never dies",
                        domain.archetypes().name(archetype.0)
                    ),
                ));
            }
        }
        for (i, spawn) in self.spawns.iter().enumerate() {
            let def = domain
                .archetypes()
                .get(spawn.archetype.0)
                .map_err(|e| RuleFault::at(&format!("spawns[{i}].archetype"), e))?;
            // Refused here rather than at the first spawn, minutes into a run.
            if def.squad.is_some() {
                let field = format!("spawns[{i}].archetype");
                let message = format!(
                    "{field} {:?} is a squad's: a squad is made with its members, not spawned",
                    domain.archetypes().name(spawn.archetype.0)
                );
                return Err(RuleFault::new(&field, message));
            }
            if !spawn.at.is_finite() {
                let field = format!("spawns[{i}].at");
                let message = format!("{field} {:?} is not finite", spawn.at);
                return Err(RuleFault::new(&field, message));
            }
            positive(&format!("spawns[{i}].every"), spawn.every)?;
            let field = format!("spawns[{i}].max_alive");
            if spawn.max_alive == 0 {
                let message = format!("{field} is 0: the rule would never spawn");
                return Err(RuleFault::new(&field, message));
            }
            at_most(
                &field,
                spawn.max_alive,
                MAX_SPAWN_ALIVE,
                "MOTIVE_MAX_SPAWN_ALIVE",
            )
            .map_err(|e| RuleFault::at(&field, e))?;
            for &(attribute, value) in &spawn.facts {
                domain
                    .check_value(attribute, value)
                    .map_err(|e| RuleFault::at(&format!("spawns[{i}].facts"), e))?;
            }
        }
        Ok(())
    }
}

/// What is wrong with a set of rules, and where.
#[derive(Clone, Debug, PartialEq)]
pub struct RuleFault {
    /// The field at fault, as the scenario format spells it: `speed`, `actions.goto.seconds`,
    /// `spawns[0].every`.
    pub field: String,
    /// Why.
    pub error: Error,
}

impl RuleFault {
    fn new(field: &str, message: String) -> Self {
        RuleFault::at(field, Error::invalid(message))
    }

    fn at(field: &str, error: Error) -> Self {
        RuleFault {
            field: field.to_owned(),
            error,
        }
    }

    /// The field as a JSON Pointer below the `"simulation"` section: `/spawns/0/every`.
    pub fn pointer(&self) -> String {
        let mut pointer = String::new();
        for part in self.field.split('.') {
            let (name, index) = match part.split_once('[') {
                Some((name, rest)) => (name, Some(rest.trim_end_matches(']'))),
                None => (part, None),
            };
            pointer.push('/');
            pointer.push_str(name);
            if let Some(index) = index {
                pointer.push('/');
                pointer.push_str(index);
            }
        }
        pointer
    }
}

/// A run of `seconds` in steps of `step` (both finite, > 0 and >= 0) takes at most
/// [`MAX_RUN_TICKS`] ticks.
pub(crate) fn check_ticks(seconds: f64, step: f64) -> Result<()> {
    let ticks = (seconds / step).ceil();
    if ticks <= f64::from(MAX_RUN_TICKS) {
        Ok(())
    } else {
        Err(Error::invalid(format!(
            "{seconds:?} s in steps of {step:?} s is {ticks:?} ticks, above the maximum {MAX_RUN_TICKS} (MOTIVE_MAX_RUN_TICKS)"
        )))
    }
}

fn positive(field: &str, value: f64) -> std::result::Result<(), RuleFault> {
    if value.is_finite() && value > 0.0 {
        Ok(())
    } else {
        let message = format!("{field} must be finite and > 0, got {value}");
        Err(RuleFault::new(field, message))
    }
}

fn not_negative(field: &str, value: f64) -> std::result::Result<(), RuleFault> {
    if value.is_finite() && value >= 0.0 {
        Ok(())
    } else {
        let message = format!("{field} must be finite and >= 0, got {value}");
        Err(RuleFault::new(field, message))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{DomainBuilder, ErrorKind, ValueType};

    fn domain() -> (std::sync::Arc<Domain>, ArchetypeId, AttributeId) {
        let mut b = DomainBuilder::new();
        let company = b.add_attribute("company", ValueType::Number).unwrap();
        b.add_action("goto").unwrap();
        b.add_action("attack").unwrap();
        let visitor = b.add_archetype("visitor").unwrap();
        (b.build().unwrap(), visitor, company)
    }

    #[test]
    fn defaults_are_valid_and_cover_every_action() {
        let (domain, _, _) = domain();
        let rules = SimRules::new(&domain);
        assert_eq!(rules.per_action.len(), 2);
        assert_eq!((rules.speed, rules.step, rules.seconds), (1.5, 0.05, 180.0));
        assert_eq!(rules.validate(&domain), Ok(()));
    }

    #[test]
    fn each_bad_field_is_rejected_by_name() {
        let (domain, visitor, company) = domain();
        let spawn = SpawnRule {
            archetype: visitor,
            at: Vec3::default(),
            every: 30.0,
            max_alive: 4,
            facts: vec![(company, Value::Number(0.0))],
        };
        let base = SimRules {
            spawns: vec![spawn.clone()],
            ..SimRules::new(&domain)
        };
        assert_eq!(base.validate(&domain), Ok(()));
        // Each case names the field its breakage must be reported under.
        type Breakage = (&'static str, fn(&mut SimRules));
        let cases: [Breakage; 10] = [
            ("speed", |r| r.speed = 0.0),
            ("step", |r| r.step = f64::NAN),
            ("seconds", |r| r.seconds = -1.0),
            ("action_seconds", |r| r.action_seconds = f64::INFINITY),
            ("actions.attack.seconds", |r| {
                r.per_action[1].seconds = Some(-0.5)
            }),
            ("actions.goto.failure_chance", |r| {
                r.per_action[0].failure_chance = 1.5
            }),
            ("per-action entries", |r| r.per_action.truncate(1)),
            ("spawns[0].every", |r| r.spawns[0].every = 0.0),
            ("spawns[0].max_alive", |r| r.spawns[0].max_alive = 0),
            ("spawns[0].at", |r| r.spawns[0].at.x = f32::NAN),
        ];
        for (field, break_it) in cases {
            let mut rules = base.clone();
            break_it(&mut rules);
            let error = rules.validate(&domain).unwrap_err();
            assert!(error.message.contains(field), "{field}: {error}");
            let fault = rules.fault(&domain).unwrap();
            assert_eq!(fault.error, error);
            assert!(
                field.contains(' ') || fault.field == field,
                "{field}: at {}",
                fault.field
            );
        }
        let fault = |field: &str| RuleFault {
            field: field.to_owned(),
            error: Error::invalid("x"),
        };
        assert_eq!(fault("spawns[0].every").pointer(), "/spawns/0/every");
        assert_eq!(
            fault("actions.goto.failure_chance").pointer(),
            "/actions/goto/failure_chance"
        );
        assert_eq!(fault("speed").pointer(), "/speed");
        let mut wrong_type = base.clone();
        wrong_type.spawns[0].facts[0].1 = Value::Bool(true);
        assert_eq!(
            wrong_type.validate(&domain).unwrap_err().kind,
            ErrorKind::TypeMismatch
        );
        let mut unknown = base;
        unknown.spawns[0].archetype = ArchetypeId(7);
        assert_eq!(
            unknown.validate(&domain).unwrap_err().kind,
            ErrorKind::NotFound
        );
    }
}

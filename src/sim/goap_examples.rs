//! Small GOAP domains, from the literature and of our own, built once here so that tests and
//! benchmarks plan over the same definitions.
//!
//! **Soldier** — the example scenario of GPGOAP (Abraham T. Stolk, "General Purpose GOAP",
//! <https://github.com/stolk/GPGOAP>, `README.md` "Example Scenario" and `main.c`; Apache-2.0).
//! Eight boolean atoms, seven actions, each with the README's preconditions and effects. The
//! README assumes the default cost 1 for every action; `main.c` then makes `detonatebomb` cost
//! 5 ("make suicide more expensive than shooting"), which we follow. From the README's start
//! state, with the goal "enemy not alive and we are alive", the README's plan is scout, load,
//! aim, shoot: cost [`SOLDIER_PLAN_COST`].
//!
//! GPGOAP's soldier plans alone, over its seven actions. In a motive world every soldier
//! supplies them, so a soldier that perceived its comrades would bind each action once per
//! comrade too, and branch over those copies for the same plans: the soldier archetype's
//! perception range is 0, so soldiers apart plan over their own seven, as GPGOAP's does.
//!
//! **Looting** — ours: a looter filling its purse from chests, a domain whose binding reads the
//! targets' facts (the soldier's reads none), to check and time what binding costs when they
//! change (issue 33: what stays per call is proportional to what changed). A chest can be
//! looted while it holds gold and is unlocked (two context preconditions, read in turn: a chest
//! without gold reads one fact, a locked one two), only while the purse is below the chest's
//! `cap` (a symbolic test whose value is the chest's fact); it adds the chest's `gold` to the
//! purse and leaves the looter `hurt` as the chest is `trapped` (changes whose values are the
//! chest's facts). The goal is a purse of 10, unhurt: the last chest looted must not be
//! trapped. It is written in JSON (`looting.json`), which the C, C++ and C# tests load too.

use std::sync::Arc;

use crate::core::model::action::{ActionId, Planning};
use crate::core::model::archetype::{ArchetypeId, ThinkSettings};
use crate::core::model::condition::{CmpOp, Condition, Operand, Role};
use crate::core::model::domain::{AttributeId, Domain, DomainBuilder};
use crate::core::model::effect::{Effect, EffectOp};
use crate::core::model::goap::{GoapGoalId, Relevance};
use crate::core::{Entity, Result, Value, ValueType, Vec3, World};

/// The soldier's boolean atoms, in the order of the README's state printout (`enemylinedup`
/// is set by `aim` and required by `shoot`).
pub const SOLDIER_ATOMS: [&str; 8] = [
    "armedwithgun",
    "enemyvisible",
    "nearenemy",
    "weaponloaded",
    "enemylinedup",
    "enemyalive",
    "armedwithbomb",
    "alive",
];

/// One soldier action: its name, cost, preconditions and effects on the soldier's atoms.
#[derive(Clone, Copy, Debug)]
pub struct SoldierAction {
    /// Name, as in the README.
    pub name: &'static str,
    /// GOAP cost.
    pub cost: f64,
    /// Atoms that must hold these values before the action.
    pub pre: &'static [(&'static str, bool)],
    /// Atoms the action sets, in order.
    pub post: &'static [(&'static str, bool)],
}

/// The README's seven actions; costs from `main.c` (`detonatebomb` 5, the others 1).
pub const SOLDIER_ACTIONS: [SoldierAction; 7] = [
    SoldierAction {
        name: "scout",
        cost: 1.0,
        pre: &[("armedwithgun", true)],
        post: &[("enemyvisible", true)],
    },
    SoldierAction {
        name: "approach",
        cost: 1.0,
        pre: &[("enemyvisible", true)],
        post: &[("nearenemy", true)],
    },
    SoldierAction {
        name: "aim",
        cost: 1.0,
        pre: &[("enemyvisible", true), ("weaponloaded", true)],
        post: &[("enemylinedup", true)],
    },
    SoldierAction {
        name: "shoot",
        cost: 1.0,
        pre: &[("enemylinedup", true)],
        post: &[("enemyalive", false)],
    },
    SoldierAction {
        name: "load",
        cost: 1.0,
        pre: &[("armedwithgun", true)],
        post: &[("weaponloaded", true)],
    },
    SoldierAction {
        name: "detonatebomb",
        cost: 5.0,
        pre: &[("armedwithbomb", true), ("nearenemy", true)],
        post: &[("alive", false), ("enemyalive", false)],
    },
    SoldierAction {
        name: "flee",
        cost: 1.0,
        pre: &[("enemyvisible", true)],
        post: &[("nearenemy", false)],
    },
];

/// The README's start state: enemy not visible, armed with gun, weapon not loaded, enemy not
/// lined up, enemy alive, armed with bomb, not near the enemy, alive.
pub const SOLDIER_START: [(&str, bool); 8] = [
    ("enemyvisible", false),
    ("armedwithgun", true),
    ("weaponloaded", false),
    ("enemylinedup", false),
    ("enemyalive", true),
    ("armedwithbomb", true),
    ("nearenemy", false),
    ("alive", true),
];

/// The README's goal: the enemy is not alive and we are ("add this to avoid suicide actions
/// in plan").
pub const SOLDIER_GOAL: [(&str, bool); 2] = [("enemyalive", false), ("alive", true)];

/// Cost of the README's plan for [`SOLDIER_GOAL`] (scout, load, aim, shoot).
pub const SOLDIER_PLAN_COST: f64 = 4.0;

/// The soldier domain and its ids.
#[derive(Clone, Debug)]
pub struct Soldier {
    /// The built domain.
    pub domain: Arc<Domain>,
    /// The soldier archetype: consumes and supplies every action (all are performed on itself),
    /// and perceives nothing beyond its own position (see the module documentation).
    pub archetype: ArchetypeId,
    /// The atoms, in [`SOLDIER_ATOMS`] order.
    pub atoms: [AttributeId; 8],
    /// The actions, in [`SOLDIER_ACTIONS`] order.
    pub actions: [ActionId; 7],
    /// The GOAP goal [`SOLDIER_GOAL`], given to the archetype.
    pub goal: GoapGoalId,
}

/// Builds the GPGOAP soldier domain (see the module documentation).
pub fn soldier() -> Result<Soldier> {
    let mut b = DomainBuilder::new();
    let mut atoms = [AttributeId(0); 8];
    for (slot, name) in atoms.iter_mut().zip(SOLDIER_ATOMS) {
        *slot = b.add_attribute(name, ValueType::Bool)?;
    }
    let atom = |name: &str| {
        atoms[SOLDIER_ATOMS
            .iter()
            .position(|a| *a == name)
            .expect("an atom")]
    };
    let archetype = b.add_archetype("soldier")?;
    let mut actions = [ActionId(0); 7];
    for (slot, spec) in actions.iter_mut().zip(&SOLDIER_ACTIONS) {
        let action = b.add_action(spec.name)?;
        for &(name, value) in spec.pre {
            b.add_precondition(action, holds(atom(name), value))?;
        }
        for &(name, value) in spec.post {
            b.add_effect(
                action,
                Effect {
                    role: Role::Consumer,
                    op: EffectOp::Set(atom(name), Operand::Constant(Value::Bool(value))),
                },
            )?;
        }
        b.set_action_planning(
            action,
            Planning {
                cost: spec.cost,
                ..Planning::default()
            },
        )?;
        b.add_consumed_action(archetype, action)?;
        b.add_supplied_action(archetype, action)?;
        *slot = action;
    }
    let alone = ThinkSettings {
        perception_range: 0.0,
        ..ThinkSettings::default()
    };
    b.set_think_settings(archetype, alone)?;
    let goal = b.add_goap_goal("enemy_dead_and_alive", 0, Relevance::Fixed(1.0))?;
    for (name, value) in SOLDIER_GOAL {
        b.add_goap_requirement(goal, holds(atom(name), value))?;
    }
    b.add_archetype_goap_goal(archetype, goal)?;
    Ok(Soldier {
        domain: b.build()?,
        archetype,
        atoms,
        actions,
        goal,
    })
}

impl Soldier {
    /// Spawns a soldier at `position` in `world` (built on [`Soldier::domain`]) with the
    /// README's start state [`SOLDIER_START`]; returns it.
    pub fn spawn(&self, world: &mut World, position: Vec3) -> Result<Entity> {
        let npc = world.spawn(self.archetype, position)?;
        for (name, value) in SOLDIER_START {
            world.set_fact(npc, self.atom(name), Value::Bool(value))?;
        }
        Ok(npc)
    }

    /// The attribute of atom `name`; panics if `name` is not one of [`SOLDIER_ATOMS`].
    pub fn atom(&self, name: &str) -> AttributeId {
        self.atoms[SOLDIER_ATOMS
            .iter()
            .position(|a| *a == name)
            .expect("one of SOLDIER_ATOMS")]
    }
}

/// The looting domain (see the module documentation), a world with one looter and its chests,
/// and their ids.
pub struct Looting {
    /// A world on the domain: the looter at the origin, unhurt, with an empty purse, and the
    /// chests one unit apart along x from (1, 0, 0), each with 2 gold, unlocked, untrapped,
    /// capped at 50.
    pub world: World,
    /// The looter.
    pub looter: Entity,
    /// The chests, nearest first.
    pub chests: Vec<Entity>,
    /// The goal: a purse of at least 10, unhurt.
    pub goal: GoapGoalId,
    /// A chest's gold (a number).
    pub gold: AttributeId,
    /// Whether a chest is locked.
    pub locked: AttributeId,
    /// The purse below which a chest can be looted (a number).
    pub cap: AttributeId,
    /// Whether looting a chest hurts the looter.
    pub trapped: AttributeId,
}

/// The looting domain as JSON, the one definition of it: the C, C++ and C# tests load the
/// file (`tests/c/test_goap_rebind.c`), which this embeds.
pub const LOOTING_JSON: &str = include_str!("looting.json");

/// Loads the looting domain and makes a world with `chests` chests (see [`Looting`]), each
/// spawned by archetype with its starting facts.
pub fn looting(chests: usize) -> Result<Looting> {
    let domain = crate::domain::load_domain(LOOTING_JSON)?.value;
    let missing = |name: &str| crate::core::Error::invalid(format!("looting.json lacks {name:?}"));
    let archetype = |name| {
        domain
            .archetypes()
            .find(name)
            .map(ArchetypeId)
            .ok_or_else(|| missing(name))
    };
    let attribute = |name| domain.find_attribute(name).ok_or_else(|| missing(name));
    let (looter, chest) = (archetype("looter")?, archetype("chest")?);
    let (gold, locked, cap, trapped) = (
        attribute("gold")?,
        attribute("locked")?,
        attribute("cap")?,
        attribute("trapped")?,
    );
    let goal = domain
        .goap_goals()
        .find("rich")
        .map(GoapGoalId)
        .ok_or_else(|| missing("rich"))?;
    let mut world = World::new(domain, crate::core::WorldConfig::default())?;
    let me = world.spawn(looter, Vec3::default())?;
    let chests = (0..chests)
        .map(|i| world.spawn(chest, Vec3::new(1.0 + i as f32, 0.0, 0.0)))
        .collect::<Result<_>>()?;
    Ok(Looting {
        world,
        looter: me,
        chests,
        goal,
        gold,
        locked,
        cap,
        trapped,
    })
}

/// `atom == value` on the NPC itself.
fn holds(atom: AttributeId, value: bool) -> Condition {
    Condition::Compare {
        role: Role::Consumer,
        attribute: atom,
        op: CmpOp::Eq,
        rhs: Operand::Constant(Value::Bool(value)),
    }
}

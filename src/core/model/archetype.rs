//! Archetypes: the design-time type of an NPC or smart object (000_16db0c300c7e0e65.txt:900-928, :962-963).

use crate::core::model::action::{ActionId, ExecutionHints};
use crate::core::model::ambiance::Annotations;
use crate::core::model::bt::BtTreeId;
use crate::core::model::condition::{Condition, Role};
use crate::core::model::curve::Curve;
use crate::core::model::domain::AttributeId;
use crate::core::model::drive::DriveId;
use crate::core::model::error::Error;
use crate::core::model::goap::goal::GoapGoalId;
use crate::core::model::limits::{
    at_most, MAX_MEMORY_CAPACITY, MAX_PERCEPTION_LIMIT, MAX_PLAN_DEPTH, MAX_PLAN_EXPANSIONS,
};
use crate::core::model::smart_object::{ClaimPriority, Contention, JointAction, SlotDef, TagId};
use crate::core::model::squad::SquadDef;
use crate::core::model::ubc::{UbcGoalId, UbcPlanId};
use crate::core::model::value::Value;

/// Dense id of an archetype.
#[derive(
    serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord,
)]
pub struct ArchetypeId(pub u32);

/// The roles death conditions may name: the NPC only.
pub const SELF_ROLES: &[Role] = &[Role::Consumer];

/// How an archetype's NPCs turn drive satisfactions into one utility.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TopLevel {
    /// Normalised weighted sum of drive satisfactions.
    Linear,
    /// Linear, but 0 when `veto` (one of the archetype's drives) is at 0
    /// (`linear_with_bad_death`, :1990-1992).
    LinearWithBadDeath {
        /// The vetoing drive.
        veto: DriveId,
    },
}

/// A need: an attribute of the NPC that falls by `rate` per second of world time, clamped to its
/// range (thesis ch. 5: "all drives decrease over time", :1443).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Need {
    /// The numeric attribute.
    pub attribute: AttributeId,
    /// Units lost per second, ≥ 0.
    pub rate: f64,
}

/// What the UBC brain rates and chooses among (S:142-147 of 003_a22f8616c585d8bb.txt).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct UbcBrain {
    /// Goals and the weights this archetype gives them (S:147).
    pub goals: Vec<(UbcGoalId, f64)>,
    /// Predefined plans, in order: ties go to the earlier.
    pub plans: Vec<UbcPlanId>,
}

/// Per-archetype tuning of thinking and planning. The thesis gives only the think interval
/// (200 ms, :1350); the rest bound what it leaves unbounded.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ThinkSettings {
    /// Seconds between thinks; NPCs are staggered across it.
    pub think_interval: f64,
    /// Entities farther than this are not perceived.
    pub perception_range: f64,
    /// Most entities one think perceives besides the NPC itself: of those within range that
    /// can matter to it, the nearest (`World::perceivable`). Bounds what a crowd costs a think.
    pub perception_limit: u32,
    /// Most facts an NPC remembers; the oldest are forgotten first.
    pub memory_capacity: u32,
    /// Most plan states one plan may expand before it gives up.
    pub max_expansions: u32,
    /// Most actions in one plan.
    pub max_depth: u32,
}

impl ThinkSettings {
    /// The first setting out of its range, named as the JSON format spells it (`interval`,
    /// `perception_range`, `perception_limit`, `memory_capacity`, `max_expansions`, `max_depth`), and why; `None`
    /// when all are in range. One check serves the builder and the loader's pointers.
    pub fn fault(&self) -> Option<(&'static str, Error)> {
        let invalid = |field: &'static str, rule: &str, got: String| {
            Some((
                field,
                // In words, as the other builder errors speak ("max depth").
                Error::invalid(format!(
                    "think {} must be {rule}, got {got}",
                    field.replace('_', " ")
                )),
            ))
        };
        if !(self.think_interval.is_finite() && self.think_interval > 0.0) {
            return invalid(
                "interval",
                "finite and > 0 s",
                self.think_interval.to_string(),
            );
        }
        if self.perception_range.is_nan() || self.perception_range < 0.0 {
            return invalid(
                "perception_range",
                ">= 0",
                self.perception_range.to_string(),
            );
        }
        // A count from 1 to `max` (`c_name` in the C header). Memory is reserved when an NPC
        // spawns: a capacity of 2^32 - 1 aborted there.
        let count = |field: &'static str, value: u32, max: u32, c_name: &str| {
            if value == 0 {
                return invalid(field, "> 0", "0".into());
            }
            let error = at_most(&field.replace('_', " "), value, max, c_name).err()?;
            Some((field, error))
        };
        let counts = [
            (
                "perception_limit",
                self.perception_limit,
                MAX_PERCEPTION_LIMIT,
                "MOTIVE_MAX_PERCEPTION_LIMIT",
            ),
            (
                "memory_capacity",
                self.memory_capacity,
                MAX_MEMORY_CAPACITY,
                "MOTIVE_MAX_MEMORY_CAPACITY",
            ),
            (
                "max_expansions",
                self.max_expansions,
                MAX_PLAN_EXPANSIONS,
                "MOTIVE_MAX_PLAN_EXPANSIONS",
            ),
        ];
        if let Some(fault) = counts
            .into_iter()
            .find_map(|(field, value, max, c_name)| count(field, value, max, c_name))
        {
            return Some(fault);
        }
        if !(1..=MAX_PLAN_DEPTH).contains(&self.max_depth) {
            let rule = format!("in 1..={MAX_PLAN_DEPTH}");
            return invalid("max_depth", &rule, self.max_depth.to_string());
        }
        None
    }
}

impl Default for ThinkSettings {
    fn default() -> Self {
        ThinkSettings {
            think_interval: 0.2,
            perception_range: f64::INFINITY,
            // The default memory's size: a UDGOAP NPC remembers at least one fact (its
            // position) of each entity it perceives, so more would only push facts out.
            perception_limit: 256,
            memory_capacity: 256,
            max_expansions: 256,
            max_depth: 8,
        }
    }
}

/// An archetype: what its entities supply and, for NPCs, consume, want and how they think.
#[derive(Clone, Debug, PartialEq)]
pub struct ArchetypeDef {
    /// Actions its entities supply to consumers (a potion supplies `drink`).
    pub supplies: Vec<ActionId>,
    /// Actions its NPCs can perform; empty for plain smart objects.
    pub consumes: Vec<ActionId>,
    /// Internal drives, in order (:924).
    pub drives: Vec<DriveId>,
    /// The top-level utility function.
    pub top_level: TopLevel,
    /// The NPC is dead when any of these holds; simulation stops there (:1243).
    pub death: Vec<Condition>,
    /// Needs that decay.
    pub needs: Vec<Need>,
    /// Thinking and planning limits.
    pub think: ThinkSettings,
    /// GOAP goals: an archetype with any is planned for by the GOAP brain (it has no drives).
    pub goap_goals: Vec<GoapGoalId>,
    /// Utility-based control: an archetype with predefined plans is driven by the UBC brain.
    pub ubc: UbcBrain,
    /// Behaviour-tree layers its NPCs start with, the base tree first: an archetype with any
    /// is driven by hinted behaviour trees (the upper layers only hint).
    pub bt: Vec<BtTreeId>,
    /// High-level layers the player model may push on its NPCs, each with the styles it serves
    /// (a distribution over the domain's play styles).
    pub adaptive: Vec<(BtTreeId, Vec<f64>)>,
    /// A one-action plan performed on the NPC itself when no goal has a plan, so that it is
    /// never idle without a reason (Pittman's static fallback plan, P:309). Under UBC it is the
    /// "do nothing" option, rated 0: it wins unless some plan would raise utility.
    pub fallback: Option<ActionId>,
    /// Tags its entities carry (slot filters ask for them).
    pub tags: Vec<TagId>,
    /// Where NPCs use its entities; an object without slots has no limit on users.
    pub slots: Vec<SlotDef>,
    /// Facts its entities start with (a door starts closed), sorted by attribute.
    pub state: Vec<(AttributeId, Value)>,
    /// Entity attributes its entities start holding themselves (an owner, a home), sorted.
    pub state_self: Vec<AttributeId>,
    /// How to perform supplied actions on its entities, where they differ from the action's
    /// own hints (sit on this chair facing the table).
    pub hints: Vec<(ActionId, ExecutionHints)>,
    /// The priority of its NPCs' claims.
    pub claim_priority: ClaimPriority,
    /// Supplied actions performed by several users together.
    pub joint: Vec<JointAction>,
    /// How its NPCs' planners treat objects with no slot open to them.
    pub contention: Contention,
    /// The ambiance annotations applicable to its NPCs: which of their actions' costs smart
    /// ambiance may change (an NPC "with a serious personality", 000_16db0c300c7e0e65.txt:1698).
    /// Empty: ambiance leaves its NPCs alone.
    pub applicable_annotations: Annotations,
    /// From the distance a plan walks to the share of its utility gain its UDGOAP NPCs count
    /// (`distance_attenuation.rs`); none, the thesis's rating, by default.
    pub distance_attenuation: Option<Curve>,
    /// Set when its entities are squads (`model/squad.rs`): bodiless, created with
    /// `World::create_squad`, commanding members.
    pub squad: Option<SquadDef>,
    /// Whether its units decide what to do themselves (P:199 of 004_bdde6381c6c06595.txt):
    /// true by default; a unit that is not pursues the most recommended goal.
    pub autonomous: bool,
}

impl ArchetypeDef {
    /// True when its entities are NPCs that think: it has drives, consumable actions or
    /// behaviour trees (which may act through engine callbacks alone). Any other archetype
    /// makes smart objects.
    pub fn thinks(&self) -> bool {
        !self.drives.is_empty() || !self.consumes.is_empty() || self.uses_bt()
    }

    /// How to perform `action` on one of its entities: its own hints for the action, else the
    /// action's.
    pub fn hints_for(&self, action: ActionId, default: ExecutionHints) -> ExecutionHints {
        self.hints
            .iter()
            .find(|(a, _)| *a == action)
            .map_or(default, |(_, h)| *h)
    }

    /// How `action` is performed together on its entities, when it is a joint action.
    pub fn joint_for(&self, action: ActionId) -> Option<&JointAction> {
        self.joint.iter().find(|j| j.action == action)
    }

    /// True when the GOAP brain plans for its NPCs.
    pub fn uses_goap(&self) -> bool {
        !self.goap_goals.is_empty()
    }

    /// True when the UBC brain chooses among predefined plans for its NPCs.
    pub fn uses_ubc(&self) -> bool {
        !self.ubc.plans.is_empty()
    }

    /// True when behaviour trees drive its NPCs.
    pub fn uses_bt(&self) -> bool {
        !self.bt.is_empty()
    }
}

impl Default for ArchetypeDef {
    fn default() -> Self {
        ArchetypeDef {
            supplies: Vec::new(),
            consumes: Vec::new(),
            drives: Vec::new(),
            top_level: TopLevel::Linear,
            death: Vec::new(),
            needs: Vec::new(),
            think: ThinkSettings::default(),
            goap_goals: Vec::new(),
            ubc: UbcBrain::default(),
            bt: Vec::new(),
            adaptive: Vec::new(),
            fallback: None,
            tags: Vec::new(),
            slots: Vec::new(),
            state: Vec::new(),
            state_self: Vec::new(),
            hints: Vec::new(),
            claim_priority: ClaimPriority::NORMAL,
            joint: Vec::new(),
            contention: Contention::Exclude,
            applicable_annotations: Annotations::new(),
            squad: None,
            autonomous: true,
            distance_attenuation: None,
        }
    }
}

//! Action definitions: what smart objects supply and NPCs consume (000_16db0c300c7e0e65.txt:971-983).

use crate::core::model::ambiance::{Annotations, Modifier};
use crate::core::model::condition::{Bindings, CmpOp, Condition, FactView, Role};
use crate::core::model::domain::{AttributeId, Domain};
use crate::core::model::effect::{Change, Effect, EffectOp, FactStore, Key, Portion};
use crate::core::model::goap::DistanceCurve;
use crate::core::model::order::OrderDef;
use crate::core::model::outcome::OutcomeTable;
use crate::core::model::value::Value;
use crate::core::model::world_effect::WorldEffectId;

/// Dense id of an action definition.
#[derive(
    serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord,
)]
pub struct ActionId(pub u32);

/// The roles an action's conditions and effects may name.
pub const ACTION_ROLES: &[Role] = &[Role::Consumer, Role::Supplier];

/// How long an action runs once started.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ActionDuration {
    /// The engine performs it (walking, an attack) and reports when it finished; effects
    /// apply on success.
    Engine,
    /// Runs this many seconds of world time; adds and subtracts accrue while it runs, the rest
    /// applies at the end (thesis ch. 5: longer actions give larger changes, :1439).
    Seconds(f64),
    /// Runs until the consumer's `attribute` reaches its maximum; amounts are then per second
    /// (`sleep_in_bed` lasts until energy is full, :1439).
    UntilFull(AttributeId),
}

/// How the engine should perform the action at its target (:745, :957): smart objects tell
/// the NPC how to use them.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq)]
pub struct ExecutionHints {
    /// Distance to keep from the target while performing it (personal space, weapon reach).
    pub stand_off: f64,
    /// An engine-defined animation or behaviour id, passed through untouched.
    pub animation: u32,
    /// Face the target while performing it (a door, a person); false leaves facing to the
    /// engine (a slot's own facing, or none).
    pub face_target: bool,
}

impl Default for ExecutionHints {
    fn default() -> Self {
        ExecutionHints {
            stand_off: 0.0,
            animation: 0,
            face_target: true,
        }
    }
}

/// How the GOAP planner prices and checks an action (UDGOAP ranks by utility and ignores it).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Planning {
    /// Cost of one use, ≥ 1 (Pittman P:535-543 of 004_bdde6381c6c06595.txt: lower is
    /// preferred; ≥ 1 keeps the search heuristic admissible).
    pub cost: f64,
    /// Added cost per unit of distance from the NPC to the target, ≥ 0 (nearer food is
    /// cheaper); an action's [`DistanceCurve`] adds a bounded cost on top.
    pub cost_per_distance: f64,
    /// Ask the engine's context callback before using the action on a target.
    pub engine_check: bool,
}

impl Default for Planning {
    fn default() -> Self {
        Planning {
            cost: 1.0,
            cost_per_distance: 0.0,
            engine_check: false,
        }
    }
}

/// An action: preconditions, effects, world effects, duration and hints.
#[derive(Clone, Debug, PartialEq)]
pub struct ActionDef {
    /// Preconditions; each holds at 1 and is keyed by [`precondition_key`].
    pub preconditions: Vec<Condition>,
    /// Effects, applied in order.
    pub effects: Vec<Effect>,
    /// World-effect generators checked after the action (`nearby_enemy_damage`, :1233).
    pub world_effects: Vec<WorldEffectId>,
    /// How long it runs.
    pub duration: ActionDuration,
    /// How the engine performs it.
    pub hints: ExecutionHints,
    /// Cost and checks for the GOAP planner.
    pub planning: Planning,
    /// A bounded GOAP cost of the distance to the target, added to the cost per distance
    /// ([`ActionDef::distance_cost`]); none by default.
    pub distance_curve: Option<DistanceCurve>,
    /// What may come of a successful performance, one drawn from the world's seeded RNG each
    /// time (the lever: door opens 90%, chain breaks 7%, lever breaks 3%); `None` when the
    /// action's effects are all there is.
    pub outcomes: Option<OutcomeTable>,
    /// Its ambiance annotations (`loud`, `nervous`): ambiance modifiers carrying one of them
    /// change its GOAP cost for NPCs to which the annotation applies
    /// (000_16db0c300c7e0e65.txt:1698).
    pub annotations: Annotations,
    /// Its ambiance effect: a modifier each successful performance adds as an event to the
    /// areas containing the performer (:1746), its `start` read as a delay after the
    /// performance. `None` when performing it leaves the ambiance alone.
    pub ambiance_effect: Option<Modifier>,
    /// For an action the engine ends ([`ActionDuration::Engine`]): seconds after the request
    /// without a report when motive fails it (`ActionTimedOut`), so no NPC waits forever on an
    /// engine that dropped it; `None` takes the world's ([`DEFAULT_ENGINE_TIMEOUT`] unless
    /// set). Unused for actions motive times.
    pub engine_timeout: Option<f64>,
    /// When set, the action is a squad's order: motive issues its recommendations to the
    /// squad's members instead of asking the engine, and ends it when they report
    /// (`model/order.rs`). Boxed: few actions are orders.
    pub order: Option<Box<OrderDef>>,
}

/// How long an engine-ended action may go unreported before motive fails it, unless the action
/// or the world sets another: a minute of world time, longer than any walk or animation a
/// game reports, short enough that a dropped request does not strand an NPC.
pub const DEFAULT_ENGINE_TIMEOUT: f64 = 60.0;

/// Who ends a requested action, as `ActionRequested` tells the engine.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActionEnd {
    /// The engine performs it and must report it (`World::report_action`).
    Engine,
    /// motive times it: it ends with `ActionFinished` after its seconds.
    Timer,
    /// motive ends it with `ActionFinished` when the consumer's attribute is full.
    UntilFull,
    /// A squad's order: motive ends it with `ActionFinished` when every required member has
    /// reported, or fails it with `ActionTimedOut` at its timeout.
    Order,
}

impl ActionDuration {
    /// Who ends an action of this duration.
    pub fn ended_by(self) -> ActionEnd {
        match self {
            ActionDuration::Engine => ActionEnd::Engine,
            ActionDuration::Seconds(_) => ActionEnd::Timer,
            ActionDuration::UntilFull(_) => ActionEnd::UntilFull,
        }
    }
}

impl ActionDef {
    /// Who ends a performance of this action: motive for an order, else as its duration says.
    pub fn ended_by(&self) -> ActionEnd {
        match self.order {
            Some(_) => ActionEnd::Order,
            None => self.duration.ended_by(),
        }
    }
}

impl Default for ActionDef {
    fn default() -> Self {
        ActionDef {
            preconditions: Vec::new(),
            effects: Vec::new(),
            world_effects: Vec::new(),
            duration: ActionDuration::Engine,
            hints: ExecutionHints::default(),
            planning: Planning::default(),
            distance_curve: None,
            outcomes: None,
            engine_timeout: None,
            order: None,
            annotations: Annotations::new(),
            ambiance_effect: None,
        }
    }
}

impl ActionDef {
    /// How much of each accruing effect a whole performance applies: 1 when amounts are totals
    /// (engine and timed actions), the seconds needed to fill the attribute when they are rates
    /// (until full). The planner and the engine-reported path both apply actions through
    /// [`ActionDef::apply_whole`], so they agree.
    pub fn whole_scale(&self, domain: &Domain, view: &impl FactView, bindings: &Bindings) -> f64 {
        let ActionDuration::UntilFull(attribute) = self.duration else {
            return 1.0;
        };
        let rate: f64 = self
            .effects
            .iter()
            .filter(|e| e.role == Role::Consumer)
            .filter_map(|e| match e.op {
                EffectOp::Add(a, amount) if a == attribute => Some((1.0, amount)),
                EffectOp::Subtract(a, amount) if a == attribute => Some((-1.0, amount)),
                _ => None,
            })
            .filter_map(|(sign, amount)| match amount.resolve(view, bindings) {
                Some(Value::Number(n)) => Some(sign * n),
                _ => None,
            })
            .sum();
        let max = domain
            .attribute(attribute)
            .ok()
            .and_then(|d| d.range)
            .map_or(0.0, |r| r.1);
        match view.value(bindings.consumer, attribute) {
            Some(Value::Number(now)) if rate > 0.0 => ((max - now) / rate).max(0.0),
            _ => 0.0,
        }
    }

    /// Applies one whole performance of the action to `store`.
    pub fn apply_whole(&self, domain: &Domain, store: &mut impl FactStore, bindings: &Bindings) {
        self.apply_whole_where(domain, store, bindings, |_| true);
    }

    /// Applies one whole performance of the effects `chosen` picks (a joint action's helpers
    /// get only its effects on the consumer).
    pub fn apply_whole_where(
        &self,
        domain: &Domain,
        store: &mut impl FactStore,
        bindings: &Bindings,
        chosen: impl Fn(&Effect) -> bool,
    ) {
        let scale = self.whole_scale(domain, store, bindings);
        for effect in self.effects.iter().filter(|e| chosen(e)) {
            let portion = if effect.accrues() {
                Portion::Accrued(scale)
            } else {
                Portion::Discrete
            };
            effect.apply(domain, store, bindings, portion);
        }
    }
}

/// The key of a precondition, derived from its test so authors never spell keys by hand (the
/// thesis's hand-written keys drift: `consumer_mana_increased` vs `_increase`, digest §3.3.5):
/// `≥`/`>` need an increase, `≤`/`<` a decrease, `=`/`≠` and graded scores any change, and
/// `within` a change of the role's position (`consumer_position_change`, :1909).
pub fn precondition_key(condition: &Condition) -> Key {
    let (role, attribute, change) = match condition {
        Condition::Compare {
            role,
            attribute,
            op,
            ..
        } => (
            *role,
            *attribute,
            match op {
                CmpOp::Ge | CmpOp::Gt => Change::Increase,
                CmpOp::Le | CmpOp::Lt => Change::Decrease,
                CmpOp::Eq | CmpOp::Ne => Change::Change,
            },
        ),
        Condition::Within { role, .. } => (*role, AttributeId::POSITION, Change::Change),
        Condition::Score {
            role, attribute, ..
        } => (*role, *attribute, Change::Change),
    };
    Key {
        role,
        attribute,
        change,
    }
}

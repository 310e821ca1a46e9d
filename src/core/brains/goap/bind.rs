//! The binding step: every consumable action becomes one *instance* per target that supplies
//! it, with its target fixed, its operands resolved, its context preconditions checked and its
//! cost computed, before the search starts. Pittman binds per pushed node (P:295 and P:517-529
//! of 004_bdde6381c6c06595.txt); binding all candidates once up front gives the same instances
//! (the same action may appear several times in a plan, once per target), checks each context
//! precondition once rather than once per node, and leaves the search loop with plain data.
//!
//! An action's preconditions and effects on the NPC's own boolean, number and entity
//! attributes are *symbolic*: the planner reasons about them. Everything else — conditions on
//! the target, distances, graded scores, effects on other entities — is *context*, checked here
//! against the world's facts (the cached facts the engine refreshes) and applied in the world
//! when the action runs.

use std::sync::Arc;

use crate::core::brains::goap::span;
use crate::core::model::action::{ActionDef, ActionId};
use crate::core::model::ambiance::adjusted_cost;
use crate::core::model::archetype::ArchetypeId;
use crate::core::model::condition::{distance_between, Bindings, CmpOp, Condition, FactView, Role};
use crate::core::model::domain::Domain;
use crate::core::model::effect::{Effect, EffectOp};
use crate::core::model::entity::Entity;
use crate::core::model::value::Value;
use crate::core::model::vec3::Vec3;

use crate::core::model::goap::goal::GoapGoalDef;
use crate::core::model::goap::layout::{Slot, SymbolLayout, SymbolicState};

/// A test on one symbolic slot, with its operand resolved.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq)]
pub enum Test {
    /// Bit `bit` must equal `value`.
    Bool {
        /// The bit.
        bit: u32,
        /// Its required value.
        value: bool,
    },
    /// `numbers[slot] op value`.
    Number {
        /// The slot.
        slot: u32,
        /// The comparison.
        op: CmpOp,
        /// The right-hand side.
        value: f64,
    },
    /// `entities[slot] == value` (or `!=` when `equal` is false).
    Entity {
        /// The slot.
        slot: u32,
        /// Equality or inequality.
        equal: bool,
        /// The right-hand side.
        value: Entity,
    },
}

impl Test {
    /// Whether the test holds in `state`. Unknown numbers (NaN) satisfy only `!=`.
    pub fn holds(&self, state: &SymbolicState) -> bool {
        match *self {
            Test::Bool { bit, value } => state.bool(bit) == value,
            Test::Number { slot, op, value } => op.apply(state.numbers[slot as usize], value),
            Test::Entity { slot, equal, value } => {
                (state.entities[slot as usize] == value) == equal
            }
        }
    }
}

/// A change to one symbolic slot, with its operand resolved.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq)]
pub enum Change {
    /// Sets bit `bit`.
    Bool {
        /// The bit.
        bit: u32,
        /// Its new value.
        value: bool,
    },
    /// Sets a number.
    SetNumber {
        /// The slot.
        slot: u32,
        /// Its new value.
        value: f64,
    },
    /// Adds to a number (a negative amount subtracts).
    AddNumber {
        /// The slot.
        slot: u32,
        /// The amount.
        amount: f64,
    },
    /// Sets an entity reference.
    SetEntity {
        /// The slot.
        slot: u32,
        /// Its new value.
        value: Entity,
    },
}

impl Change {
    /// Applies the change to `state`.
    pub fn apply(&self, state: &mut SymbolicState) {
        match *self {
            Change::Bool { bit, value } => state.set(Slot::Bool(bit), Value::Bool(value)),
            Change::SetNumber { slot, value } => state.numbers[slot as usize] = value,
            Change::AddNumber { slot, amount } => state.numbers[slot as usize] += amount,
            Change::SetEntity { slot, value } => state.entities[slot as usize] = value,
        }
    }
}

/// A candidate target: an entity the NPC knows, its archetype (what it supplies), where it is
/// (for distance costs) and what more using it costs (contention: all its slots are taken).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Target {
    /// The entity.
    pub entity: Entity,
    /// Its archetype.
    pub archetype: ArchetypeId,
    /// Its position, when known.
    pub position: Option<Vec3>,
    /// Added to the cost of every action on it, ≥ 0.
    pub extra_cost: f64,
}

/// An engine callback asked, on the planning thread, whether `action` may be used on `target`
/// by `npc`: the context preconditions the facts cannot express (a line of sight, a path).
pub type EngineCheck<'a> = &'a (dyn Fn(Entity, ActionId, Entity) -> bool + Sync);

/// One bound action: an action on one target, its resolved symbolic preconditions and effects
/// (ranges into [`Bound::tests`] and [`Bound::changes`]) and its cost.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq)]
pub struct Instance {
    /// The action.
    pub action: ActionId,
    /// Its target.
    pub target: Entity,
    /// Its cost, ≥ 1: the action's cost plus its cost of the distance to the target
    /// ([`ActionDef::distance_cost`](crate::core::model::action::ActionDef::distance_cost)) plus the
    /// target's contention penalty, adjusted by ambiance's delta for the NPC and floored at 1
    /// ([`adjusted_cost`]).
    pub cost: f64,
    /// Its symbolic preconditions.
    pub tests: (u32, u32),
    /// Its symbolic effects.
    pub changes: (u32, u32),
}

/// Every instance of a problem, flat.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, Default)]
pub struct Bound {
    /// The instances, in action then target order.
    pub instances: Vec<Instance>,
    /// Their preconditions.
    pub tests: Vec<Test>,
    /// Their effects.
    pub changes: Vec<Change>,
}

/// One step of binding's walk that tried to resolve an instance: action `action` of the
/// input's actions on target `target` of its targets, how many instances the steps before it
/// made, and whether it made one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct WalkStep {
    pub(crate) action: usize,
    pub(crate) target: usize,
    pub(crate) before: usize,
    pub(crate) made: bool,
}

impl WalkStep {
    /// Where every walk starts.
    pub(crate) const FIRST: WalkStep = WalkStep {
        action: 0,
        target: 0,
        before: 0,
        made: false,
    };

    /// The index of the instance it made, if it made one.
    pub(crate) fn instance(self) -> Option<usize> {
        self.made.then_some(self.before)
    }
}

/// What binding reads.
pub struct BindInput<'p, V: FactView> {
    /// The definitions (shared: a cached binding is known by them).
    pub domain: &'p Arc<Domain>,
    /// The planning NPC.
    pub npc: Entity,
    /// Where it is.
    pub position: Option<Vec3>,
    /// Actions it may use.
    pub actions: &'p [ActionId],
    /// What smart ambiance adds to the cost of each of `actions` for this NPC, here and now
    /// (one per action, in the same order); empty when ambiance changes no cost. The same for
    /// every target of an action: it depends on the NPC and the action only.
    pub cost_deltas: &'p [f64],
    /// Actions to leave out (those that just failed, S:105 of 003_a22f8616c585d8bb.txt).
    pub excluded: &'p [ActionId],
    /// Candidate targets.
    pub targets: &'p [Target],
    /// The world's facts, for context preconditions and operands.
    pub view: &'p V,
    /// The engine's check, for actions that ask for it.
    pub engine_check: Option<EngineCheck<'p>>,
}

impl<'p, V: FactView> BindInput<'p, V> {
    /// The same input, reading the world's facts through `view`.
    pub(crate) fn through<'q, W: FactView>(&self, view: &'q W) -> BindInput<'q, W>
    where
        'p: 'q,
    {
        BindInput {
            domain: self.domain,
            npc: self.npc,
            position: self.position,
            actions: self.actions,
            cost_deltas: self.cost_deltas,
            excluded: self.excluded,
            targets: self.targets,
            view,
            engine_check: self.engine_check,
        }
    }
}

impl Bound {
    /// The changes and tests of `instance`, one of this binding's.
    pub(crate) fn parts(&self, instance: &Instance) -> (&[Change], &[Test]) {
        (
            &self.changes[span::range(instance.changes)],
            &self.tests[span::range(instance.tests)],
        )
    }

    /// Binds every action of `input` to every target that supplies it, asking the engine's
    /// check, if any, for the instances whose action asks for it; true when it asked (the
    /// binding then depends on answers no fact records).
    pub fn bind<V: FactView>(&mut self, input: &BindInput<'_, V>) -> bool {
        self.walk_from(input, WalkStep::FIRST, |_| {})
    }

    /// [`bind`](Bound::bind) from step `from` of the walk on: the instances the steps before
    /// it made stand (they must be what binding `input` makes of them), the rest are bound
    /// again. Tells `walked` of every step that tried to resolve an instance, once it is done
    /// (`BindCache` marks where each step's fact reads lie, to bind again only the steps whose
    /// reads changed).
    pub(crate) fn walk_from<V: FactView>(
        &mut self,
        input: &BindInput<'_, V>,
        from: WalkStep,
        mut walked: impl FnMut(WalkStep),
    ) -> bool {
        self.instances.truncate(from.before);
        let (tests, changes) = self
            .instances
            .last()
            .map_or((0, 0), |i| (i.tests.1, i.changes.1));
        self.tests.truncate(tests as usize);
        self.changes.truncate(changes as usize);
        let mut asked = false;
        let domain = input.domain;
        debug_assert!(
            input.cost_deltas.is_empty() || input.cost_deltas.len() == input.actions.len(),
            "one ambiance cost delta per action, or none"
        );
        let actions = input.actions.iter().enumerate().skip(from.action);
        for (action, &action_id) in actions {
            if input.excluded.contains(&action_id) {
                continue;
            }
            let first = if action == from.action {
                from.target
            } else {
                0
            };
            for (target, t) in input.targets.iter().enumerate().skip(first) {
                if !domain.archetype(t.archetype).supplies.contains(&action_id) {
                    continue;
                }
                let before = self.instances.len();
                let made = self.bind_step(input, action, target, &mut asked);
                walked(WalkStep {
                    action,
                    target,
                    before,
                    made,
                });
            }
        }
        asked
    }

    /// Resolves action `action` of `input` on target `target` and appends the instance, if it
    /// can be used; true when it was appended.
    fn bind_step<V: FactView>(
        &mut self,
        input: &BindInput<'_, V>,
        action: usize,
        target: usize,
        asked: &mut bool,
    ) -> bool {
        let action_id = input.actions[action];
        let t = &input.targets[target];
        let bindings = Bindings::pair(input.npc, t.entity);
        let (tests, changes) = (self.tests.len(), self.changes.len());
        if !self.resolve(input, action_id, &bindings, asked) {
            self.tests.truncate(tests);
            self.changes.truncate(changes);
            return false;
        }
        let delta = input.cost_deltas.get(action).copied().unwrap_or(0.0);
        self.instances.push(Instance {
            action: action_id,
            target: t.entity,
            cost: instance_cost(input.domain.action(action_id), input.position, t, delta),
            tests: (tests as u32, self.tests.len() as u32),
            changes: (changes as u32, self.changes.len() as u32),
        });
        true
    }

    /// Binds `step` of `input`'s walk again, in place: its instance, if it made one, takes
    /// what resolving it now gives. True when that fits in place — it makes an instance
    /// exactly when it made one, with as many tests and changes, and asks no engine check —
    /// and the binding is then what binding `input` afresh gives, but for costs, which read
    /// no fact ([`recost`](Bound::recost) brings them); false, with the binding as it was,
    /// when it does not (bind afresh).
    pub(crate) fn rebind_step<V: FactView>(
        &mut self,
        input: &BindInput<'_, V>,
        step: WalkStep,
    ) -> bool {
        let (instances, tests, changes) =
            (self.instances.len(), self.tests.len(), self.changes.len());
        let mut asked = false;
        let made = self.bind_step(input, step.action, step.target, &mut asked);
        let fits = !asked
            && match (step.instance(), made) {
                (None, false) => true,
                (Some(at), true) => {
                    let (old, new) = (self.instances[at], self.instances[instances]);
                    let fits = span::len(old.tests) == span::len(new.tests)
                        && span::len(old.changes) == span::len(new.changes);
                    if fits {
                        span::copy_over(&mut self.tests, new.tests, old.tests);
                        span::copy_over(&mut self.changes, new.changes, old.changes);
                    }
                    fits
                }
                _ => false,
            };
        self.instances.truncate(instances);
        self.tests.truncate(tests);
        self.changes.truncate(changes);
        fits
    }

    /// Brings every instance's cost to `input`'s positions, contention prices and ambiance
    /// deltas, for instances bound from `input`'s actions, actions left out and targets (the
    /// entities may differ, in the same order): what binding it would have given, without
    /// resolving anything again.
    ///
    /// Instances lie in binding's walk order (action, then target), a subsequence of it; each
    /// is matched to the first step of the walk left that has its action and target. Equal
    /// steps (an action or target listed twice) bound alike, both or neither, so the match is
    /// the walk binding made. True when a cost changed (bit for bit).
    pub(crate) fn recost<V: FactView>(&mut self, input: &BindInput<'_, V>) -> bool {
        let mut changed = false;
        let mut instances = self.instances.iter_mut().peekable();
        for (i, &action_id) in input.actions.iter().enumerate() {
            if input.excluded.contains(&action_id) {
                continue;
            }
            let action = input.domain.action(action_id);
            let delta = input.cost_deltas.get(i).copied().unwrap_or(0.0);
            for target in input.targets {
                let step = |x: &&mut Instance| x.action == action_id && x.target == target.entity;
                if let Some(instance) = instances.next_if(step) {
                    let cost = instance_cost(action, input.position, target, delta);
                    changed |= cost.to_bits() != instance.cost.to_bits();
                    instance.cost = cost;
                }
            }
        }
        debug_assert!(instances.next().is_none(), "every instance recosted");
        changed
    }

    /// Resolves the symbolic preconditions and effects of `action` under `bindings` into the
    /// pools and checks its context preconditions (`asked` set when the engine's check was
    /// asked); false when the instance cannot be used.
    fn resolve<V: FactView>(
        &mut self,
        input: &BindInput<'_, V>,
        action_id: ActionId,
        bindings: &Bindings,
        asked: &mut bool,
    ) -> bool {
        let layout = input.domain.symbols();
        let action = input.domain.action(action_id);
        for condition in &action.preconditions {
            match resolve_test(layout, condition, input.view, bindings) {
                None if condition.holds(input.view, bindings) => {}
                Some(Some(test)) => self.tests.push(test),
                None | Some(None) => return false,
            }
        }
        for effect in &action.effects {
            match resolve_change(layout, effect, input.view, bindings) {
                None => {}
                Some(Some(change)) => self.changes.push(change),
                Some(None) => return false,
            }
        }
        match input.engine_check {
            Some(check) if action.planning.engine_check => {
                *asked = true;
                check(input.npc, action_id, bindings.supplier)
            }
            _ => true,
        }
    }
}

/// The cost of `action` on `target` for an NPC at `position`: the action's cost, plus its cost
/// of the distance to the target, plus the target's contention price, adjusted by ambiance's
/// `delta` for the NPC and floored at 1 ([`adjusted_cost`]).
fn instance_cost(action: &ActionDef, position: Option<Vec3>, target: &Target, delta: f64) -> f64 {
    let distance = match (position, target.position) {
        (Some(a), Some(b)) => distance_between(a, b),
        _ => 0.0,
    };
    adjusted_cost(
        action.planning.cost + action.distance_cost(distance) + target.extra_cost,
        delta,
    )
}

/// Whether every requirement of `goal` holds in `state`, `npc`'s symbolic state, read as the
/// planner reads it (an unknown boolean is false); operands are read from `view`. A requirement
/// whose operand is unknown does not hold.
pub fn goal_satisfied(
    goal: &GoapGoalDef,
    layout: &SymbolLayout,
    view: &impl FactView,
    npc: Entity,
    state: &SymbolicState,
) -> bool {
    let me = Bindings::pair(npc, npc);
    goal.requirements
        .iter()
        .all(|c| match resolve_test(layout, c, view, &me) {
            Some(Some(test)) => test.holds(state),
            _ => false,
        })
}

/// Resolves `condition` to a symbolic test when it is one: `Some(Some(test))`; `Some(None)`
/// when it is symbolic but its operand is unknown (the instance cannot be bound); `None` when
/// it is a context precondition.
pub fn resolve_test(
    layout: &SymbolLayout,
    condition: &Condition,
    view: &impl FactView,
    bindings: &Bindings,
) -> Option<Option<Test>> {
    let Condition::Compare {
        role: Role::Consumer,
        attribute,
        op,
        rhs,
    } = condition
    else {
        return None;
    };
    let slot = layout.slot(*attribute);
    if slot == Slot::None {
        return None;
    }
    let value = rhs.resolve(view, bindings);
    Some(match (slot, value) {
        (Slot::Bool(bit), Some(Value::Bool(b))) => Some(Test::Bool {
            bit,
            value: b == (*op == CmpOp::Eq),
        }),
        (Slot::Number(slot), Some(Value::Number(value))) => Some(Test::Number {
            slot,
            op: *op,
            value,
        }),
        (Slot::Entity(slot), Some(Value::Entity(value))) => Some(Test::Entity {
            slot,
            equal: *op == CmpOp::Eq,
            value,
        }),
        _ => None,
    })
}

/// Resolves `effect` to a symbolic change, like [`resolve_test`].
fn resolve_change(
    layout: &SymbolLayout,
    effect: &Effect,
    view: &impl FactView,
    bindings: &Bindings,
) -> Option<Option<Change>> {
    if effect.role != Role::Consumer {
        return None;
    }
    let (attribute, operand, sign) = match effect.op {
        EffectOp::Add(a, amount) => (a, amount, 1.0),
        EffectOp::Subtract(a, amount) => (a, amount, -1.0),
        EffectOp::Set(a, value) => (a, value, 0.0),
        EffectOp::MoveTo(_) | EffectOp::End => return None,
    };
    let slot = layout.slot(attribute);
    if slot == Slot::None {
        return None;
    }
    let value = operand.resolve(view, bindings);
    Some(match (slot, value) {
        (Slot::Bool(bit), Some(Value::Bool(value))) => Some(Change::Bool { bit, value }),
        (Slot::Number(slot), Some(Value::Number(n))) if sign == 0.0 => {
            Some(Change::SetNumber { slot, value: n })
        }
        (Slot::Number(slot), Some(Value::Number(n))) => Some(Change::AddNumber {
            slot,
            amount: sign * n,
        }),
        (Slot::Entity(slot), Some(Value::Entity(value))) => Some(Change::SetEntity { slot, value }),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::brains::goap::gather::GoapInputs;
    use crate::core::brains::goap::Workspace;
    use crate::core::World;
    use crate::domain::shipped_instance;

    /// An instance with its cost as bits.
    type InstanceBits = (ActionId, Entity, u64, (u32, u32), (u32, u32));

    /// Instances as bits: equal only when every cost is the same to the bit.
    fn bits(bound: &Bound) -> Vec<InstanceBits> {
        let i = bound.instances.iter();
        i.map(|i| (i.action, i.target, i.cost.to_bits(), i.tests, i.changes))
            .collect()
    }

    /// What `npc` binds at `position` against `targets`, with ambiance `deltas`.
    fn problem<'a>(
        world: &'a World,
        npc: Entity,
        actions: &'a [ActionId],
        position: Option<Vec3>,
        targets: &'a [Target],
        deltas: &'a [f64],
    ) -> BindInput<'a, World> {
        BindInput {
            domain: world.domain(),
            npc,
            position,
            actions,
            cost_deltas: deltas,
            excluded: &[],
            targets,
            view: world,
            engine_check: None,
        }
    }

    /// Costs computed again for moved NPCs and targets, new contention prices and ambiance
    /// deltas are what binding afresh gives, to the bit, with the same tests and changes; and
    /// `recost` says whether any changed. Every GOAP NPC of the shipped hospital and household,
    /// its gathered targets moved and repriced in turn.
    #[test]
    fn recosting_gives_what_binding_afresh_gives() {
        let mut checked = 0;
        for file in ["hospital.json", "household.json"] {
            let instance = shipped_instance(file, None, 5);
            let world = &instance.world;
            let npcs: Vec<Entity> = world.entities().collect();
            for npc in npcs {
                let Some(archetype) = world.archetype(npc).ok().flatten() else {
                    continue;
                };
                let def = world.domain().archetype(archetype);
                let Some(&goal) = def.goap_goals.first() else {
                    continue;
                };
                let mut inputs = GoapInputs::default();
                let ws = Workspace::default();
                world.goap_begin(npc, goal, &mut inputs, ws, 0).unwrap();
                let position = world.position(npc).ok();
                let mut targets = inputs.targets.clone();
                let mut deltas = inputs.cost_deltas.clone();
                let actions = &def.consumes;
                let mut kept = Bound::default();
                let same = problem(world, npc, actions, position, &targets, &deltas);
                kept.bind(&same);
                assert!(!kept.recost(&same), "nothing moved: no cost changes");
                for round in 0..6u8 {
                    let moved = position.map(|p| Vec3::new(p.x + f32::from(round), p.y, p.z));
                    for (i, target) in targets.iter_mut().enumerate() {
                        match (i + usize::from(round)) % 3 {
                            0 => {
                                target.position =
                                    target.position.map(|p| Vec3::new(p.x, p.y, p.z - 1.5))
                            }
                            1 => target.extra_cost = f64::from(round) * 0.75,
                            _ => {}
                        }
                    }
                    if round % 2 == 1 {
                        deltas = def
                            .consumes
                            .iter()
                            .map(|_| -0.5 * f64::from(round))
                            .collect();
                    }
                    let now = problem(world, npc, actions, moved, &targets, &deltas);
                    let before = bits(&kept);
                    let changed = kept.recost(&now);
                    let mut fresh = Bound::default();
                    fresh.bind(&now);
                    assert_eq!(bits(&kept), bits(&fresh), "{file} {npc:?} round {round}");
                    assert_eq!(kept.tests, fresh.tests);
                    assert_eq!(kept.changes, fresh.changes);
                    assert_eq!(changed, before != bits(&kept), "{file} round {round}");
                    checked += kept.instances.len();
                }
            }
        }
        assert!(checked > 1000, "only {checked} instances checked");
    }
}

//! Lint: warnings about definitions that are legal but probably not what was meant.
//!
//! Each check is conservative (it ignores roles where a role mapping could make a reference
//! legitimate), so that a warning is worth reading.

use super::bt_lint::unmatched_hints;
use super::loading::Loading;
use crate::core::model::action::ActionDuration;
use crate::core::model::archetype::ArchetypeId;
use crate::core::model::condition::{Bindings, CmpOp, Condition, FactView, Operand};
use crate::core::model::drive::TriggerScope;
use crate::core::model::effect::{Change, Effect, EffectOp};
use crate::core::model::goap::Relevance;
use crate::core::{AttributeId, Domain, Entity, Value, Vec3};

/// How an NPC starts: its archetype, its facts, and where to report (an archetype or an
/// entity of a scenario).
pub struct Start<'a> {
    /// The NPC's archetype.
    pub archetype: ArchetypeId,
    /// Its facts at start.
    pub facts: &'a [(AttributeId, Value)],
    /// JSON Pointer of the archetype or entity.
    pub path: &'a str,
    /// How to name it in messages: `archetype "resident"`, `entity "bob"`.
    pub label: String,
}

/// Lints a domain's definitions: goals no action can reach, actions whose effects nothing needs
/// or that nobody consumes, and GOAP goals asking for a falsehood that looks inverted.
pub fn lint_definitions(loading: &mut Loading, domain: &Domain) {
    unreachable_goals(loading, domain);
    useless_actions(loading, domain);
    inverted_requirements(loading, domain);
    unmatched_hints(loading, domain);
}

/// Lints each NPC archetype's starting state: goals it has nothing to do for. (A scenario lints
/// its NPC entities instead, whose facts may differ.)
pub fn lint_archetype_starts(loading: &mut Loading, domain: &Domain) {
    let starts: Vec<(ArchetypeId, String)> = domain
        .archetypes()
        .items()
        .iter()
        .enumerate()
        .filter(|(_, def)| def.thinks())
        .map(|(i, _)| {
            (
                ArchetypeId(i as u32),
                loading.paths.archetypes[&(i as u32)].clone(),
            )
        })
        .collect();
    for (archetype, path) in &starts {
        let start = Start {
            archetype: *archetype,
            facts: &domain.archetype(*archetype).state,
            path,
            label: format!("archetype {:?}", domain.archetypes().name(archetype.0)),
        };
        satisfied_at_start(loading, domain, &start);
    }
}

/// Every effect an action can have: its own, its outcomes', and its world effects'.
fn all_effects(domain: &Domain, action: usize) -> impl Iterator<Item = &Effect> {
    let def = &domain.actions().items()[action];
    let outcome_effects = def
        .outcomes
        .iter()
        .flat_map(|t| t.outcomes().iter().flat_map(|o| o.effects.iter()));
    let world_effects = def
        .world_effects
        .iter()
        .flat_map(move |w| domain.world_effects().items()[w.0 as usize].effects.iter());
    def.effects
        .iter()
        .chain(outcome_effects)
        .chain(world_effects)
}

/// The attribute an effect writes, if it writes one.
fn written(effect: &Effect) -> Option<(AttributeId, Change)> {
    let key = effect.key();
    (key.attribute != AttributeId::POSITION).then_some((key.attribute, key.change))
}

/// Warns about goals (UDGOAP and GOAP) that no action's effect can make progress on.
fn unreachable_goals(loading: &mut Loading, domain: &Domain) {
    let writes: Vec<(AttributeId, Change)> = (0..domain.actions().len())
        .flat_map(|a| all_effects(domain, a).filter_map(written))
        .collect();
    for (i, goal) in domain.goals().items().iter().enumerate() {
        for c in &goal.conditions {
            let served = writes
                .iter()
                .any(|&(a, change)| a == c.attribute && c.change.served_by(change));
            if !served {
                loading.ctx.warn(
                    &loading.paths.goals[&(i as u32)],
                    format!(
                        "goal {:?} can never make progress: no action's effect {}s {:?}",
                        domain.goals().name(i as u32),
                        c.change.name(),
                        domain.attributes()[c.attribute.0 as usize].name
                    ),
                );
            }
        }
    }
    for (i, goal) in domain.goap_goals().items().iter().enumerate() {
        for r in &goal.requirements {
            let Condition::Compare { attribute, .. } = r else {
                continue;
            };
            if !writes.iter().any(|&(a, _)| a == *attribute) {
                loading.ctx.warn(
                    &loading.paths.goap_goals[&(i as u32)],
                    format!(
                        "GOAP goal {:?} can never be reached: no action's effect changes {:?}",
                        domain.goap_goals().name(i as u32),
                        domain.attributes()[attribute.0 as usize].name
                    ),
                );
            }
        }
    }
}

/// The attributes something reads, and whether anything reads positions (`within`).
fn needed(domain: &Domain) -> (Vec<AttributeId>, bool) {
    let mut conditions: Vec<&Condition> = Vec::new();
    let mut attributes = Vec::new();
    for goal in domain.goals().items() {
        attributes.extend(goal.conditions.iter().map(|c| c.attribute));
        conditions.extend(&goal.removal);
    }
    for drive in domain.drives().items() {
        conditions.extend(drive.generators.iter().flat_map(|g| &g.conditions));
        conditions.extend(&drive.removal);
    }
    for w in domain.world_effects().items() {
        conditions.extend(&w.filter);
    }
    for action in domain.actions().items() {
        conditions.extend(&action.preconditions);
        if let ActionDuration::UntilFull(a) = action.duration {
            attributes.push(a);
        }
    }
    for goal in domain.goap_goals().items() {
        conditions.extend(&goal.requirements);
        if let Relevance::Curve { attribute, .. } = goal.relevance {
            attributes.push(attribute);
        }
    }
    // A UBC rating reads its goals' attributes (S:147): an effect on one of them is what a
    // predefined plan is chosen for.
    attributes.extend(domain.ubc_goals().items().iter().map(|goal| goal.attribute));
    for archetype in domain.archetypes().items() {
        conditions.extend(&archetype.death);
    }
    let mut positions = false;
    for c in conditions {
        match c {
            Condition::Compare { attribute, rhs, .. } => {
                attributes.push(*attribute);
                if let Operand::Attribute(_, a) = rhs {
                    attributes.push(*a);
                }
            }
            Condition::Score { attribute, .. } => attributes.push(*attribute),
            Condition::Within { .. } => positions = true,
        }
    }
    (attributes, positions)
}

/// Warns about actions nobody consumes and actions whose effects nothing reads.
fn useless_actions(loading: &mut Loading, domain: &Domain) {
    let (attributes, positions) = needed(domain);
    let consumed: Vec<bool> = (0..domain.actions().len())
        .map(|a| {
            domain
                .archetypes()
                .items()
                .iter()
                .any(|arch| arch.consumes.iter().any(|c| c.0 as usize == a))
        })
        .collect();
    for (a, is_consumed) in consumed.into_iter().enumerate() {
        let name = domain.actions().name(a as u32);
        let path = loading.paths.actions[&(a as u32)].clone();
        if !is_consumed {
            loading.ctx.warn(
                &path,
                format!("action {name:?} is consumed by no archetype: no NPC can perform it"),
            );
        }
        let mut effects = all_effects(domain, a)
            .filter(|e| e.op != EffectOp::End)
            .peekable();
        if effects.peek().is_none() {
            continue;
        }
        let useful = effects.any(|e| match e.op {
            EffectOp::MoveTo(_) => positions,
            _ => written(e).is_some_and(|(attr, _)| attributes.contains(&attr)),
        });
        if !useful {
            loading.ctx.warn(
                &path,
                format!(
                    "nothing needs the effects of action {name:?}: no goal, precondition or trigger reads what it changes"
                ),
            );
        }
    }
}

/// Warns about a GOAP requirement `flag == false` when actions only ever set `flag` to true:
/// the goal states the world the NPC wants, and every participant of Pittman's study wrote
/// `{TargetIsDead: false}` for "kill the target" (P:367 of 004_bdde6381c6c06595.txt).
fn inverted_requirements(loading: &mut Loading, domain: &Domain) {
    let sets = |attribute: AttributeId, value: bool| {
        (0..domain.actions().len()).any(|a| {
            all_effects(domain, a)
                .any(|e| e.op == EffectOp::Set(attribute, Operand::Constant(Value::Bool(value))))
        })
    };
    for (i, goal) in domain.goap_goals().items().iter().enumerate() {
        for r in &goal.requirements {
            let Condition::Compare {
                attribute,
                op,
                rhs: Operand::Constant(Value::Bool(b)),
                ..
            } = r
            else {
                continue;
            };
            let wants_false = matches!((op, b), (CmpOp::Eq, false) | (CmpOp::Ne, true));
            if wants_false && sets(*attribute, true) && !sets(*attribute, false) {
                let attr = &domain.attributes()[attribute.0 as usize].name;
                loading.ctx.warn(
                    &loading.paths.goap_goals[&(i as u32)],
                    format!(
                        "GOAP goal {:?} asks for {attr:?} == false, but actions only ever make it true; a goal states the world the NPC wants (did you mean true?)",
                        domain.goap_goals().name(i as u32)
                    ),
                );
            }
        }
    }
}

/// An NPC's starting facts, as a planner would read them: every fact belongs to the NPC.
struct StartView<'a>(&'a [(AttributeId, Value)]);

impl FactView for StartView<'_> {
    fn value(&self, _: Entity, attribute: AttributeId) -> Option<Value> {
        self.0
            .iter()
            .find(|(a, _)| *a == attribute)
            .map(|(_, v)| *v)
    }

    fn position(&self, _: Entity) -> Option<Vec3> {
        None
    }
}

/// Warns about the goals an NPC has nothing to do for from the start: a GOAP goal whose
/// requirements all hold, or a drive's goal about itself that its trigger generates complete.
pub fn satisfied_at_start(loading: &mut Loading, domain: &Domain, start: &Start) {
    let view = StartView(start.facts);
    let me = Bindings::pair(Entity::NULL, Entity::NULL);
    let def = domain.archetype(start.archetype);
    for g in &def.goap_goals {
        let goal = &domain.goap_goals().items()[g.0 as usize];
        if goal.requirements.iter().all(|r| r.holds(&view, &me)) {
            loading.ctx.warn(
                start.path,
                format!(
                    "GOAP goal {:?} of {} is already satisfied at start",
                    domain.goap_goals().name(g.0),
                    start.label
                ),
            );
        }
    }
    for d in &def.drives {
        for generator in &domain.drives().items()[d.0 as usize].generators {
            let fires = generator.scope == TriggerScope::Consumer
                && generator.conditions.iter().all(|c| c.holds(&view, &me));
            let goal = &domain.goals().items()[generator.goal.0 as usize];
            if fires && goal.completeness(&view, &me) >= 1.0 {
                loading.ctx.warn(
                    start.path,
                    format!(
                        "goal {:?} of {} is already satisfied at start",
                        domain.goals().name(generator.goal.0),
                        start.label
                    ),
                );
            }
        }
    }
}

//! Updating an NPC's drives and goals from its memory, in the thesis's order (000_16db0c300c7e0e65.txt:918-937):
//! remove drives whose triggers fired (with all their goals), generate new goals, update
//! completeness, remove goals, then rate each drive.

use crate::core::brains::udgoap::last_fact::LastFact;
use crate::core::brains::udgoap::memory::About;
use crate::core::brains::udgoap::mind::{GoalState, UdgoapMind as Mind};
use crate::core::brains::udgoap::utility::{WeightedMean, WeightedScore};
use crate::core::model::condition::{Bindings, Role};
use crate::core::model::domain::Domain;
use crate::core::model::drive::TriggerScope;
use crate::core::model::entity::Entity;
use crate::core::model::value::Value;

/// Brings `mind`'s drives and goals up to date with its memory. `means` is scratch space.
pub(crate) fn update_drives_and_goals(
    domain: &Domain,
    npc: Entity,
    mind: &mut Mind,
    means: &mut Vec<WeightedMean>,
) {
    let me = Bindings::pair(npc, npc);
    remove_drives(domain, mind, &me);
    generate_goals(domain, npc, mind);
    let memory = &mind.memory;
    mind.goals.retain_mut(|goal| {
        let def = &domain.goals().items()[goal.goal.0 as usize];
        let bindings = Bindings {
            supplier: goal.subject,
            ..me
        };
        // Goal tests read the subject's facts: find them once.
        let about = memory.about(goal.subject);
        let known = goal.subject == npc || about.knows();
        let facts = LastFact::new(about);
        goal.completeness = def.completeness(&facts, &bindings);
        known && !def.removal.iter().any(|c| c.holds(&facts, &bindings))
    });
    // One pass over the goals, a sum per drive, with the bits of a pass over all goals per
    // drive ([`WeightedMean`]), which cost drives × goals steps.
    means.clear();
    means.resize(mind.drives.len(), WeightedMean::default());
    for goal in &mind.goals {
        if let Some(mean) = means.get_mut(goal.drive as usize) {
            mean.add(WeightedScore {
                weight: domain.goals().items()[goal.goal.0 as usize].weight,
                score: goal.completeness,
            });
        }
    }
    for (drive, mean) in mind.drives.iter_mut().zip(means.iter()) {
        drive.satisfaction = mean.satisfaction();
    }
}

/// Removes drives whose removal triggers hold, with all their goals (:928), and renumbers the
/// goals of the drives after them.
fn remove_drives(domain: &Domain, mind: &mut Mind, me: &Bindings) {
    let mut index = 0;
    while index < mind.drives.len() {
        let def = &domain.drives().items()[mind.drives[index].drive.0 as usize];
        if def.removal.iter().any(|c| c.holds(&mind.memory, me)) {
            mind.drives.remove(index);
            let removed = index as u32;
            mind.goals.retain(|g| g.drive != removed);
            for goal in &mut mind.goals {
                if goal.drive > removed {
                    goal.drive -= 1;
                }
            }
        } else {
            index += 1;
        }
    }
}

/// Runs every drive's trigger-goal pairs; a goal is added only if the drive does not already
/// hold the same goal for the same subject (:865).
fn generate_goals(domain: &Domain, npc: Entity, mind: &mut Mind) {
    let Mind {
        memory,
        drives,
        goals,
        ..
    } = mind;
    for (index, drive) in drives.iter().enumerate() {
        let def = &domain.drives().items()[drive.drive.0 as usize];
        for generator in &def.generators {
            // The conditions first (they fail for most subjects), then the scan of held goals.
            // They read the subject's facts, found once; the condition `settled` (by its index)
            // is known to hold already.
            let mut consider = |view: About<'_>, settled: Option<usize>| {
                let subject = view.subject();
                let bindings = Bindings::pair(npc, subject);
                let fires = generator
                    .conditions
                    .iter()
                    .enumerate()
                    .all(|(i, c)| settled == Some(i) || c.holds(&view, &bindings));
                let held = || {
                    goals.iter().any(|g| {
                        g.drive == index as u32 && g.goal == generator.goal && g.subject == subject
                    })
                };
                if fires && !held() {
                    goals.push(GoalState {
                        goal: generator.goal,
                        drive: index as u32,
                        subject,
                        completeness: 0.0,
                    });
                }
            };
            match generator.scope {
                TriggerScope::Consumer => consider(memory.about(npc), None),
                // Only subjects with the fact a condition needs can fire it: with one, walk
                // those instead of testing every entity known (the same subjects, in the same
                // order, for much less work when few entities carry the fact).
                TriggerScope::Known => match generator
                    .conditions
                    .iter()
                    .enumerate()
                    .find_map(|(i, c)| c.required_fact(Role::Supplier).map(|a| (i, c, a)))
                {
                    Some((index, condition, attribute)) => {
                        // Most subjects fail on the fact in hand alone: reject them before
                        // finding their facts and testing every condition.
                        let admitted = |subject: Entity, value: &Value| {
                            subject != npc && condition.admits(value, &Bindings::pair(npc, subject))
                        };
                        // A condition the fact in hand decides holds for every subject admitted.
                        let settled = condition.decides().then_some(index);
                        for view in memory.located_with(attribute, admitted) {
                            consider(view, settled);
                        }
                    }
                    None => {
                        for subject in memory.located_entities().filter(|&e| e != npc) {
                            consider(memory.about(subject), None);
                        }
                    }
                },
            }
        }
    }
}

//! Which actions serve an archetype's needs, for [`super::SimStats::needs_satisfied`]: decided
//! once from the domain so that counting costs a lookup per performed action.

use crate::core::model::action::{ActionDef, ActionId};
use crate::core::model::archetype::{ArchetypeDef, ArchetypeId};
use crate::core::model::condition::Role;
use crate::core::model::effect::{Change, EffectOp};
use crate::core::{AttributeId, Domain};

/// A table of (archetype, action) → whether the action serves the archetype's needs.
#[derive(serde::Serialize, serde::Deserialize, Debug)]
pub(super) struct NeedServers {
    actions: usize,
    serves: Vec<bool>,
}

impl NeedServers {
    /// The table for every archetype and action of `domain`.
    pub(super) fn new(domain: &Domain) -> Self {
        let actions = domain.actions().items();
        let serves = domain
            .archetypes()
            .items()
            .iter()
            .flat_map(|archetype| {
                let wanted = wanted_changes(domain, archetype);
                actions.iter().map(move |action| serves(action, &wanted))
            })
            .collect();
        NeedServers {
            actions: actions.len(),
            serves,
        }
    }

    /// Whether performing `action` serves a need of an NPC of `archetype`.
    pub(super) fn serves(&self, archetype: ArchetypeId, action: ActionId) -> bool {
        self.serves[archetype.0 as usize * self.actions + action.0 as usize]
    }
}

/// The changes of its own attributes an NPC of `archetype` wants: up for each need, and the
/// change each goal of its drives asks of the NPC itself.
fn wanted_changes(domain: &Domain, archetype: &ArchetypeDef) -> Vec<(AttributeId, Change)> {
    let needs = archetype
        .needs
        .iter()
        .map(|need| (need.attribute, Change::Increase));
    let goals = archetype
        .drives
        .iter()
        .flat_map(|drive| &domain.drives().items()[drive.0 as usize].generators)
        .flat_map(|generator| &domain.goals().items()[generator.goal.0 as usize].conditions)
        .filter(|condition| condition.role == Role::Consumer)
        .map(|condition| (condition.attribute, condition.change));
    needs.chain(goals).collect()
}

/// Whether one of `action`'s effects on its performer makes one of the `wanted` changes.
fn serves(action: &ActionDef, wanted: &[(AttributeId, Change)]) -> bool {
    action.effects.iter().any(|effect| {
        let change = match effect.op {
            EffectOp::Add(attribute, _) => (attribute, Change::Increase),
            EffectOp::Subtract(attribute, _) => (attribute, Change::Decrease),
            _ => return false,
        };
        effect.role == Role::Consumer && wanted.contains(&change)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::household::HouseholdDomain;
    use crate::sim::wizard::WizardDomain;

    #[test]
    fn actions_that_add_to_a_need_or_a_wanted_attribute_serve_it() {
        let h = HouseholdDomain::new().unwrap();
        let table = NeedServers::new(&h.domain);
        let action = |name| ActionId(h.domain.actions().find(name).unwrap());
        assert!(table.serves(h.resident, action("sleep_in_bed")));
        assert!(table.serves(h.resident, action("drink_cappuccino")));
        assert!(
            !table.serves(h.resident, action("goto")),
            "walking serves nothing"
        );
        assert!(
            !table.serves(h.resident, action("cook_meal")),
            "cooking only costs energy: the meal is a flag"
        );
        assert!(
            !table.serves(h.objects[0], action("sleep_in_bed")),
            "beds need nothing"
        );

        // Goals on the wizard itself count; a goal on its target (kill_enemy) does not.
        let w = WizardDomain::new().unwrap();
        let table = NeedServers::new(&w.domain);
        assert!(table.serves(w.wizard, w.drink));
        assert!(!table.serves(w.wizard, w.melee));
    }
}

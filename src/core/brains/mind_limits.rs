//! How many of each thing an NPC's mind may hold, from its archetype's declared settings: the
//! counts that bound its memory ([`super::memory_bound`]) and that a long run checks every
//! NPC against (`World::check_mind_limits`).

use crate::core::brains::bt::MAX_LAYERS;
use crate::core::brains::udgoap::mind::Explanation;
use crate::core::brains::BrainState;
use crate::core::model::archetype::ArchetypeId;
use crate::core::model::bt::{BtNode, PlanGoal};
use crate::core::model::domain::Domain;
use crate::core::model::drive::TriggerScope;
use crate::core::model::entity::EntityKind;
use crate::core::world::describe;
use crate::core::World;

/// The most of each thing one NPC of an archetype holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MindLimits {
    /// Steps of a plan: the planners' `max_depth`, a UBC plan's steps, or the fallback's one.
    pub plan_steps: usize,
    /// Facts a UDGOAP memory holds (`memory_capacity`); 0 for brains without one.
    pub memory_facts: usize,
    /// Drives a UDGOAP NPC holds: its own, or every drive of the domain once given at run
    /// time (each at most once).
    pub drives: usize,
    /// Goals a UDGOAP NPC holds: per drive held and generator, one for its own scope, one per
    /// entity it remembers for the scope of what it knows.
    pub goals: usize,
    /// Candidates a UDGOAP decision keeps for explanation.
    pub candidates: usize,
    /// Behaviour-tree layers stacked at once: its base trees and one adaptive layer, or
    /// [`MAX_LAYERS`] once callers push their own.
    pub layers: usize,
}

impl MindLimits {
    /// The limits of `archetype`'s NPCs in `domain` as declared: with their own drives and
    /// layers, none added at run time.
    pub fn of(domain: &Domain, archetype: ArchetypeId) -> Self {
        Self::with(domain, archetype, false)
    }

    /// The limits of `archetype`'s NPCs in `domain` whatever callers add at run time: every
    /// drive of the domain, as many layers as a stack takes.
    pub fn at_run_time(domain: &Domain, archetype: ArchetypeId) -> Self {
        Self::with(domain, archetype, true)
    }

    fn with(domain: &Domain, archetype: ArchetypeId, run_time: bool) -> Self {
        let def = domain.archetype(archetype);
        let think = def.think;
        let longest_ubc = def
            .ubc
            .plans
            .iter()
            .map(|p| domain.ubc_plans().items()[p.0 as usize].steps.len())
            .max()
            .unwrap_or(0);
        // Behaviour trees keep a UDGOAP memory for their UDGOAP plan leaves.
        let plans_udgoap = def
            .bt
            .iter()
            .chain(def.adaptive.iter().map(|(t, _)| t))
            .any(|t| {
                domain.bt_trees().items()[t.0 as usize]
                    .nodes()
                    .iter()
                    .any(|n| matches!(n, BtNode::Plan(PlanGoal::Udgoap(_))))
            });
        let udgoap = !(def.uses_goap() || def.uses_ubc() || def.uses_bt()) || plans_udgoap;
        let memory_facts = if udgoap {
            think.memory_capacity as usize
        } else {
            0
        };
        let drives = domain.drives().items();
        let goals_per_drive = |drive: &crate::core::model::drive::DriveDef| -> usize {
            drive
                .generators
                .iter()
                .map(|g| match g.scope {
                    TriggerScope::Consumer => 1,
                    TriggerScope::Known => memory_facts,
                })
                .sum()
        };
        let (drives_held, goals) = match (udgoap, run_time) {
            (false, _) => (0, 0),
            (true, false) => {
                let own = def.drives.iter().map(|d| &drives[d.0 as usize]);
                (def.drives.len(), own.map(goals_per_drive).sum())
            }
            (true, true) => (drives.len(), drives.iter().map(goals_per_drive).sum()),
        };
        let layers = match (def.uses_bt(), run_time) {
            (false, _) => 0,
            (true, false) => def.bt.len() + usize::from(!def.adaptive.is_empty()),
            (true, true) => MAX_LAYERS,
        };
        MindLimits {
            plan_steps: (think.max_depth as usize).max(longest_ubc).max(1),
            memory_facts,
            drives: drives_held,
            goals,
            candidates: if udgoap {
                Explanation::MAX_CANDIDATES.min(think.max_expansions as usize + 1)
            } else {
                0
            },
            layers,
        }
    }
}

impl World {
    /// Checks every NPC's mind against its archetype's [`MindLimits::at_run_time`]: its plan, its claims
    /// (one per object of the plan at most), its UDGOAP memory, drives, goals and
    /// explanation, its behaviour-tree layers. Returns the first breach, described. For
    /// tests and soaks; O(NPCs).
    pub fn check_mind_limits(&self) -> std::result::Result<(), String> {
        for npc in self.entities() {
            if !self.is_live(npc, EntityKind::Npc) {
                continue;
            }
            let (Ok(Some(archetype)), Ok(mind)) = (self.archetype(npc), self.mind(npc)) else {
                continue;
            };
            let limits = MindLimits::at_run_time(&self.domain, archetype);
            let over = |what: &str, held: usize, most: usize| {
                (held > most).then(|| format!("{} holds {held} {what}, over {most}", describe(npc)))
            };
            let mut breaches = vec![
                over("plan steps", mind.plan.len(), limits.plan_steps),
                over("claims", mind.claims.len(), limits.plan_steps),
            ];
            let udgoap = match &mind.brain {
                BrainState::Udgoap(m) => Some(&**m),
                BrainState::Bt(m) => {
                    breaches.push(over("layers", m.layers.len(), limits.layers));
                    m.planner.as_deref()
                }
                BrainState::Goap(_) | BrainState::Ubc(_) => None,
            };
            if let Some(m) = udgoap {
                breaches.extend([
                    over("facts", m.memory.len(), limits.memory_facts),
                    over("drives", m.drives.len(), limits.drives),
                    over("goals", m.goals.len(), limits.goals),
                    over(
                        "candidates",
                        m.explanation.candidates.len(),
                        limits.candidates,
                    ),
                ]);
            }
            if let Some(breach) = breaches.into_iter().flatten().next() {
                return Err(breach);
            }
        }
        Ok(())
    }
}

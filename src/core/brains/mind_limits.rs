//! How many of each thing an NPC's mind may hold, from its archetype's declared settings: the
//! counts that bound its memory ([`super::memory_bound`]) and that a long run checks every
//! NPC against (`World::check_mind_limits`).

use crate::core::brains::bt::MAX_LAYERS;
use crate::core::brains::memory_bound::most_capacity;
use crate::core::brains::udgoap::mind::Explanation;
use crate::core::brains::BrainState;
use crate::core::model::archetype::ArchetypeId;
use crate::core::model::bt::{BtNode, PlanGoal};
use crate::core::model::domain::Domain;
use crate::core::model::drive::TriggerScope;
use crate::core::model::entity::{Entity, EntityKind};
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
    /// GOAP goals an NPC weighs (its archetype's); 0 for other brains.
    pub goap_goals: usize,
    /// Actions a GOAP NPC may set aside as failed for its goal: each it consumes, and its
    /// fallback; 0 for other brains.
    pub failed_actions: usize,
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
                Explanation::most_candidates(think.max_expansions)
            } else {
                0
            },
            layers,
            goap_goals: if def.uses_goap() {
                def.goap_goals.len()
            } else {
                0
            },
            failed_actions: if def.uses_goap() {
                def.consumes.len() + 1
            } else {
                0
            },
        }
    }
}

impl World {
    /// Checks every NPC's mind against its archetype's [`MindLimits::at_run_time`]: its plan, its claims
    /// (one per object of the plan at most), its UDGOAP memory, drives, goals and
    /// explanation, its behaviour-tree layers; and the room of each of those vectors, and of
    /// a GOAP NPC's goal order and failed actions, against what its
    /// [`super::memory_bound::MemoryBound`] counts ([`most_capacity`]): a vector may hold no
    /// more than its limit, and keep room for no more than that limit grown, however long the
    /// run. Returns the first breach, described. For tests and soaks; O(NPCs).
    pub fn check_mind_limits(&self) -> std::result::Result<(), String> {
        for npc in self.entities() {
            if !self.is_live(npc, EntityKind::Npc) {
                continue;
            }
            let (Ok(Some(archetype)), Ok(mind)) = (self.archetype(npc), self.mind(npc)) else {
                continue;
            };
            let limits = MindLimits::at_run_time(&self.domain, archetype);
            let mut breaches = vec![
                held_within(npc, "plan steps", &mind.plan, limits.plan_steps),
                held_within(npc, "claims", &mind.claims, limits.plan_steps),
            ];
            let udgoap = match &mind.brain {
                BrainState::Udgoap(m) => Some(&**m),
                BrainState::Bt(m) => {
                    let layers = m.layers.len();
                    breaches.push(over(npc, "layers", layers, limits.layers));
                    m.planner.as_deref()
                }
                BrainState::Goap(m) => {
                    breaches.extend([
                        held_within(npc, "goals in order", &m.order, limits.goap_goals),
                        held_within(npc, "failed actions", &m.failed, limits.failed_actions),
                    ]);
                    None
                }
                BrainState::Ubc(_) => None,
            };
            if let Some(m) = udgoap {
                let explanation = &m.explanation;
                let satisfactions = limits.candidates * limits.drives;
                breaches.extend([
                    over(npc, "facts", m.memory.len(), limits.memory_facts),
                    held_within(npc, "drives", &m.drives, limits.drives),
                    held_within(npc, "goals", &m.goals, limits.goals),
                    held_within(
                        npc,
                        "candidates",
                        &explanation.candidates,
                        limits.candidates,
                    ),
                    held_within(
                        npc,
                        "satisfactions",
                        &explanation.satisfactions,
                        satisfactions,
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

/// `npc`'s `what`, counted `held`, over `most`: described.
fn over(npc: Entity, what: &str, held: usize, most: usize) -> Option<String> {
    (held > most).then(|| format!("{} holds {held} {what}, over {most}", describe(npc)))
}

/// `npc`'s vector of `what` holding more than `most`, or keeping room for more than its
/// memory bound counts for `most` ([`most_capacity`]): described.
fn held_within<T>(npc: Entity, what: &str, vector: &Vec<T>, most: usize) -> Option<String> {
    let (len, room) = (vector.len(), vector.capacity());
    let counted = most_capacity(most);
    over(npc, what, len, most).or_else(|| {
        (room > counted).then(|| {
            format!(
                "{} has room for {room} {what}, over the {counted} its memory bound counts",
                describe(npc)
            )
        })
    })
}

#[cfg(test)]
mod tests {
    use crate::core::brains::BrainState;
    use crate::core::{Entity, World};
    use crate::domain::load_scenario_file;
    use crate::sim::Simulator;

    /// Every shipped scenario, each variant as well, one copy, seed 1.
    fn shipped_worlds() -> Vec<(String, World, Simulator)> {
        let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
        let mut files: Vec<_> = (std::fs::read_dir(folder).unwrap())
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        files.sort();
        let mut worlds = Vec::new();
        for file in files {
            let scenario = load_scenario_file(&file).unwrap().value;
            let variants = std::iter::once(None).chain(scenario.variant_names().map(Some));
            for variant in variants.collect::<Vec<_>>() {
                let scenario = match variant {
                    Some(v) => scenario.with_variant(v).unwrap(),
                    None => scenario.clone(),
                };
                let instance = scenario.instantiate(None, Some(1)).unwrap();
                let simulator = Simulator::new(instance.rules, &instance.world).unwrap();
                let name = format!("{} {variant:?}", file.display());
                worlds.push((name, instance.world, simulator));
            }
        }
        worlds
    }

    /// Two minutes of every shipped scenario, checked every five seconds: no mind holds more,
    /// or keeps room for more, than its limits and its memory bound allow.
    #[test]
    fn every_shipped_scenarios_minds_keep_within_their_limits_and_room() {
        let mut checked = 0;
        for (name, mut world, mut simulator) in shipped_worlds() {
            for _ in 0..24 {
                simulator.run(&mut world, 5.0, &mut ()).unwrap();
                if let Err(breach) = world.check_mind_limits() {
                    panic!("{name} at {} s: {breach}", world.time());
                }
                checked += world.npc_count();
            }
        }
        assert!(checked > 2_000, "{checked} minds checked");
    }

    /// A UDGOAP NPC's explanation kept room for more candidates than its bound counts.
    #[test]
    fn room_past_the_bound_is_a_breach() {
        let (_, mut world, mut simulator) = shipped_worlds()
            .into_iter()
            .find(|(name, ..)| name.contains("household"))
            .unwrap();
        simulator.run(&mut world, 5.0, &mut ()).unwrap();
        world.check_mind_limits().unwrap();
        let resident: Entity = (world.entities())
            .find(|&e| matches!(world.mind(e).map(|m| &m.brain), Ok(BrainState::Udgoap(_))))
            .unwrap();
        let BrainState::Udgoap(mind) = &mut world.mind_mut(resident).unwrap().brain else {
            unreachable!()
        };
        mind.explanation.candidates.reserve_exact(4096);
        let breach = world.check_mind_limits().unwrap_err();
        assert!(
            breach.contains("has room for") && breach.contains("candidates"),
            "{breach}"
        );
    }
}

//! The UBC brain's think (S:142-147 of 003_a22f8616c585d8bb.txt): an idle NPC rates its
//! predefined plans against what it perceives and performs the best one.
//!
//! A UBC NPC reads the world's facts directly within its perception range, as GOAP binding
//! does: the brain is the cheap one of the study (S:163, S:196), so it keeps no memory to sense
//! into. It decides only when idle: a predefined plan is one unit (S:142) and runs to its end
//! unless it fails or is found invalid on arrival, after which the NPC decides again.

use crate::core::brains::ubc::rating::{Rater, RatingScratch, Usable};
use crate::core::model::archetype::ArchetypeId;
use crate::core::model::entity::Entity;
use crate::core::model::perception::{Interest, Sight};
use crate::core::world::event::EventKind;
use crate::core::world::Step;
use crate::core::{Mind, World};

/// Buffers every UBC think reuses: what the NPC may use, and the ratings' own.
#[derive(Default)]
pub(crate) struct UbcScratch {
    candidates: Vec<Usable>,
    rating: RatingScratch,
}

impl World {
    /// Decides for `npc` when it has nothing left to do.
    pub(crate) fn ubc_think(&mut self, npc: Entity, archetype: ArchetypeId, mind: &mut Mind) {
        if mind.running.is_some() || !mind.remaining_plan().is_empty() {
            return;
        }
        let domain = self.domain.clone();
        let def = domain.archetype(archetype);
        let Ok(me) = self.position(npc) else {
            return;
        };
        let mut candidates = std::mem::take(&mut self.brains.ubc.candidates);
        let mut perceived = std::mem::take(&mut self.brains.perceived);
        let mut rating = std::mem::take(&mut self.brains.ubc.rating);
        let sight = Sight::of(&def.think, Interest::Supply(archetype));
        self.perceivable(npc, me, sight, &mut perceived);
        candidates.clear();
        let pricing = self.pricing(npc, Some(archetype));
        let relevance = domain.relevance();
        for (entity, record) in perceived.iter().filter_map(|&slot| self.at_slot(slot)) {
            // What supplies nothing the NPC consumes is no step of its plans.
            let Some(supplier) = record
                .archetype
                .filter(|&a| relevance.supplies(archetype, a))
            else {
                continue;
            };
            // Contention: objects with no slot open to the NPC are left out or priced.
            if let Some((_, utility_factor)) = self.price(&pricing, entity, record) {
                candidates.push(Usable {
                    entity,
                    archetype: supplier,
                    position: record.position,
                    utility_factor,
                });
            }
        }
        let Some(ubc) = mind.brain.ubc_mut() else {
            return;
        };
        let had_plan = ubc.chosen.is_some() || ubc.fell_back;
        let first = ubc.ratings.is_empty() && !ubc.fell_back;
        let rater = Rater {
            domain: &domain,
            archetype: def,
            npc,
            view: &*self,
            candidates: &candidates,
        };
        let best = rater.rate_plans(&mut rating, &mut ubc.ratings);
        ubc.time = self.time;
        // The fallback is "do nothing", rated 0: a plan must raise utility to beat it (one that
        // changes nothing is not worth walking for).
        let best = best.filter(|&i| def.fallback.is_none() || ubc.ratings[i].gain > Some(0.0));
        ubc.chosen = best;
        ubc.fell_back = best.is_none() && def.fallback.is_some();
        let chosen = best.map(|i| ubc.ratings[i]);
        let steps = chosen.and_then(|r| {
            let plan = &domain.ubc_plans().items()[r.plan.0 as usize];
            let suppliers = rater.plan_suppliers(plan, r.target, &mut rating)?;
            Some(plan.steps.iter().zip(suppliers).map(|(s, &supplier)| Step {
                action: s.action,
                supplier,
            }))
        });
        match (steps, def.fallback) {
            (Some(steps), _) => self.replace_plan(npc, mind, steps),
            (None, Some(action)) => self.replace_plan(
                npc,
                mind,
                Some(Step {
                    action,
                    supplier: npc,
                }),
            ),
            (None, None) => {
                self.replace_plan(npc, mind, None);
                if had_plan || first {
                    self.push_event(EventKind::NoPlan, npc, None, Entity::NULL, 0);
                }
            }
        }
        self.brains.ubc.candidates = candidates;
        self.brains.perceived = perceived;
        self.brains.ubc.rating = rating;
        self.start_next_step(npc, mind);
    }
}

//! The UBC brain's think (S:142-147 of 003_a22f8616c585d8bb.txt): an idle NPC rates its
//! predefined plans against what it perceives and performs the best one.
//!
//! A UBC NPC reads the world's facts directly within its perception range, as GOAP binding
//! does: the brain is the cheap one of the study (S:163, S:196), so it keeps no memory to sense
//! into. It decides only when idle: a predefined plan is one unit (S:142) and runs to its end
//! unless it fails or is found invalid on arrival, after which the NPC decides again.

use crate::core::brains::shared::ThinkScratch;
use crate::core::brains::ubc::mind::UbcRating;
use crate::core::brains::ubc::proposal::UbcProposal;
use crate::core::brains::ubc::rating::{Rater, RatingScratch, Usable};
use crate::core::model::archetype::ArchetypeId;
use crate::core::model::entity::Entity;
use crate::core::model::perception::{Interest, Sight};
use crate::core::world::buffer_room::{Buffers, Room};
use crate::core::world::event::EventKind;
use crate::core::world::perceived::Perceived;
use crate::core::world::write_log::{note_price, PricedRead};
use crate::core::world::Step;
use crate::core::{Mind, World};

/// Buffers every UBC think reuses: what the NPC may use, and the ratings' own.
#[derive(Default)]
pub(crate) struct UbcScratch {
    candidates: Vec<Usable>,
    rating: RatingScratch,
}

impl Buffers for UbcScratch {
    fn each_buffer(&mut self, each: &mut dyn FnMut(&mut dyn Room)) {
        each(&mut self.candidates);
        self.rating.each_buffer(each);
    }
}

/// What a decision chose: the plan to perform (the fallback rule applied) and its steps'
/// suppliers, `None` when they could not be resolved.
struct Choice<'s> {
    best: Option<usize>,
    suppliers: Option<&'s [Entity]>,
}

/// A UBC NPC decides only when it has nothing left to do (module docs).
pub(crate) fn idle(mind: &Mind) -> bool {
    mind.running.is_none() && mind.remaining_plan().is_empty()
}

impl World {
    /// Decides for `npc` when it has nothing left to do.
    pub(crate) fn ubc_think(&mut self, npc: Entity, archetype: ArchetypeId, mind: &mut Mind) {
        if !idle(mind) {
            return;
        }
        let Some(ubc) = mind.brain.ubc_mut() else {
            return;
        };
        let before = Before::of(ubc);
        let mut perceived = std::mem::take(&mut self.brains.scratch.perceived);
        let mut scratch = std::mem::take(&mut self.brains.scratch.ubc);
        let choice = self.ubc_decide(
            npc,
            archetype,
            &mut perceived,
            &mut scratch,
            &mut ubc.ratings,
            None,
        );
        let decided = choice.is_some();
        if let Some(choice) = choice {
            self.ubc_adopt(npc, archetype, mind, choice, before);
        }
        self.brains.scratch.perceived = perceived;
        self.brains.scratch.ubc = scratch;
        if decided {
            self.start_next_step(npc, mind);
        }
    }

    /// [`World::ubc_think`] with what `npc` decided ahead ([`World::ubc_decide_ahead`]):
    /// committed if what it read still holds, or decided anew at this turn.
    pub(crate) fn ubc_commit(
        &mut self,
        npc: Entity,
        archetype: ArchetypeId,
        mind: &mut Mind,
        ahead: &UbcProposal,
    ) {
        if !idle(mind) {
            return;
        }
        if !self.proposal_holds(npc, archetype, &ahead.priced) {
            return self.ubc_think(npc, archetype, mind);
        }
        if self.verifying() {
            let mut scratch = ThinkScratch::default();
            let mut again = UbcProposal::default();
            self.ubc_decide_ahead(npc, archetype, &mut scratch, &mut again);
            assert_eq!(&again, ahead, "a UBC decision taken ahead no longer holds");
        }
        let Some(ubc) = mind.brain.ubc_mut() else {
            return;
        };
        let before = Before::of(ubc);
        ubc.ratings.clear();
        ubc.ratings.extend_from_slice(&ahead.ratings);
        let choice = Choice {
            best: ahead.best,
            suppliers: ahead.resolved.then_some(&ahead.suppliers[..]),
        };
        self.ubc_adopt(npc, archetype, mind, choice, before);
        self.start_next_step(npc, mind);
    }

    /// Decides for an idle `npc` ahead of its turn, reading only, into `proposal`; false when it
    /// is nowhere (it then decides nothing at its turn either).
    pub(crate) fn ubc_decide_ahead(
        &self,
        npc: Entity,
        archetype: ArchetypeId,
        scratch: &mut ThinkScratch,
        proposal: &mut UbcProposal,
    ) -> bool {
        let ThinkScratch { perceived, ubc, .. } = scratch;
        let UbcProposal {
            ratings, priced, ..
        } = proposal;
        let Some(choice) = self.ubc_decide(npc, archetype, perceived, ubc, ratings, Some(priced))
        else {
            return false;
        };
        proposal.best = choice.best;
        proposal.resolved = choice.suppliers.is_some();
        proposal.suppliers.clear();
        proposal
            .suppliers
            .extend_from_slice(choice.suppliers.unwrap_or_default());
        true
    }

    /// What an idle `npc` decides, reading only: every plan's rating into `ratings`, and the
    /// choice, its suppliers in `scratch`. With `priced`, the price of every slotted object it
    /// priced, by slot. `None` when the NPC is nowhere.
    fn ubc_decide<'s>(
        &self,
        npc: Entity,
        archetype: ArchetypeId,
        perceived: &mut Perceived,
        scratch: &'s mut UbcScratch,
        ratings: &mut Vec<UbcRating>,
        mut priced: Option<&mut Vec<PricedRead>>,
    ) -> Option<Choice<'s>> {
        let domain = &*self.domain;
        let def = domain.archetype(archetype);
        let me = self.position(npc).ok()?;
        let UbcScratch { candidates, rating } = scratch;
        let sight = Sight::of(&def.think, Interest::Supply(archetype));
        self.perceivable(npc, me, sight, perceived);
        candidates.clear();
        if let Some(priced) = priced.as_deref_mut() {
            priced.clear();
        }
        let pricing = self.pricing(npc, Some(archetype));
        let relevance = domain.relevance();
        self.walk_perceived(perceived, |slot| {
            let Some((entity, record)) = self.at_slot(slot) else {
                return;
            };
            // What supplies nothing the NPC consumes is no step of its plans.
            let Some(supplier) = record
                .archetype()
                .filter(|&a| relevance.supplies(archetype, a))
            else {
                return;
            };
            // Contention: objects with no slot open to the NPC are left out or priced.
            let price = self.price(&pricing, entity, record);
            note_price(priced.as_deref_mut(), slot, record, price);
            if let Some((_, utility_factor)) = price {
                candidates.push(Usable {
                    entity,
                    archetype: supplier,
                    position: record.position,
                    utility_factor,
                });
            }
        });
        let rater = Rater {
            domain,
            archetype: def,
            npc,
            view: self,
            candidates,
        };
        let best = rater.rate_plans(rating, ratings);
        // The fallback is "do nothing", rated 0: a plan must raise utility to beat it (one that
        // changes nothing is not worth walking for).
        let best = best.filter(|&i| def.fallback.is_none() || ratings[i].gain > Some(0.0));
        let suppliers = best.and_then(|i| {
            let r = ratings[i];
            let plan = &domain.ubc_plans().items()[r.plan.0 as usize];
            rater.plan_suppliers(plan, r.target, rating)
        });
        Some(Choice { best, suppliers })
    }

    /// Records `choice` in `npc`'s mind, whose ratings are the decision's already, and adopts
    /// its plan (or the fallback, or none).
    fn ubc_adopt(
        &mut self,
        npc: Entity,
        archetype: ArchetypeId,
        mind: &mut Mind,
        choice: Choice<'_>,
        before: Before,
    ) {
        let domain = self.domain.clone();
        let def = domain.archetype(archetype);
        let Some(ubc) = mind.brain.ubc_mut() else {
            return;
        };
        ubc.time = self.time;
        ubc.chosen = choice.best;
        ubc.fell_back = choice.best.is_none() && def.fallback.is_some();
        let plan = choice.best.map(|i| ubc.ratings[i].plan);
        let steps = plan.zip(choice.suppliers).map(|(plan, suppliers)| {
            let plan = &domain.ubc_plans().items()[plan.0 as usize];
            plan.steps.iter().zip(suppliers).map(|(s, &supplier)| Step {
                action: s.action,
                supplier,
            })
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
                if before.had_plan || before.first {
                    self.push_event(EventKind::NoPlan, npc, None, Entity::NULL, 0);
                }
            }
        }
    }
}

/// What a decision's "no plan" event depends on in the mind before it.
#[derive(Clone, Copy)]
struct Before {
    /// The last decision chose a plan or the fallback.
    had_plan: bool,
    /// No decision was made yet.
    first: bool,
}

impl Before {
    fn of(ubc: &crate::core::brains::ubc::UbcMind) -> Self {
        Before {
            had_plan: ubc.chosen.is_some() || ubc.fell_back,
            first: ubc.ratings.is_empty() && !ubc.fell_back,
        }
    }
}

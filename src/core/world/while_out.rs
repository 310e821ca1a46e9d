//! What befalls an NPC while its mind is out of its record ([`World::with_mind`] holds it up
//! the call stack): a leader whose joint performance is ending may lose a claim to one of its
//! helpers as they start their next steps, and a performer may be ended by its own action (an
//! `end` effect on the consumer). A nested `with_mind` cannot reach that mind, so each waits
//! here until the mind is back, rather than being skipped and leaving the NPC a claim it no
//! longer holds, or a squad a member that is gone and a plan going on without its NPC.

use crate::core::model::entity::Entity;
use crate::core::world::brains::Brains;
use crate::core::world::event::EventKind;
use crate::core::world::mind::Mind;
use crate::core::world::World;

/// Something that befell an NPC whose mind was out, still to be carried out: the world's list
/// of them is empty between calls.
#[derive(Clone, Copy, Debug)]
pub(crate) struct WhileOut {
    npc: Entity,
    what: Befell,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Befell {
    /// Another NPC took its slot `slot` of `object` ([`World::take_slot`]).
    ClaimLost { object: Entity, slot: u32 },
    /// Its own action ended it.
    Ended,
}

impl<B: Brains> World<B> {
    /// Whether `npc` is alive with its mind out of its record.
    pub(crate) fn mind_is_out(&self, npc: Entity) -> bool {
        self.live_record(npc).is_some_and(|r| r.mind.is_none())
    }

    /// Notes that `npc`, whose mind is out, lost its slot `slot` of `object`.
    pub(crate) fn lose_claim_later(&mut self, npc: Entity, object: Entity, slot: u32) {
        let what = Befell::ClaimLost { object, slot };
        self.while_out.push(WhileOut { npc, what });
    }

    /// Ends the entities an action `performer` performed ended ([`World::destroy`], then
    /// `EntityEnded`), in order, except the performer itself, whose mind is out: its end
    /// waits for the mind ([`World::settle_end`]). Whether the action ended its performer.
    pub(crate) fn end_what_ended(&mut self, performer: Entity, ended: Vec<Entity>) -> bool {
        let mut ends_itself = false;
        for entity in ended {
            if entity == performer {
                // Once, however many of the action's effects and outcome ended it.
                ends_itself = true;
            } else {
                self.end_entity(performer, entity);
            }
        }
        if ends_itself {
            let what = Befell::Ended;
            self.while_out.push(WhileOut {
                npc: performer,
                what,
            });
        }
        ends_itself
    }

    /// Destroys `entity`, ended by an action of `by`, and tells the engine.
    fn end_entity(&mut self, by: Entity, entity: Entity) {
        if let Ok(kind) = self.kind(entity) {
            let _ = self.destroy(entity, kind);
            self.push_event(EventKind::EntityEnded, by, None, entity, 0);
        }
    }

    /// Carries out, in the order they were taken, the claims taken from `npc` while its mind
    /// (here `mind`) was out: before it starts another step, and when its mind goes back.
    /// Nothing to do but a length test, nearly always (inlined where a mind goes back).
    #[inline(always)]
    pub(crate) fn settle_lost_claims(&mut self, npc: Entity, mind: &mut Mind<B>) {
        if !self.while_out.is_empty() {
            self.settle_lost_claims_now(npc, mind);
        }
    }

    #[cold]
    #[inline(never)]
    fn settle_lost_claims_now(&mut self, npc: Entity, mind: &mut Mind<B>) {
        while let Some(k) = self
            .while_out
            .iter()
            .position(|w| w.npc == npc && matches!(w.what, Befell::ClaimLost { .. }))
        {
            if let Befell::ClaimLost { object, slot } = self.while_out.remove(k).what {
                if self.is_alive(npc) {
                    self.plan_lost(npc, mind, EventKind::ClaimLost, object, slot);
                }
            }
        }
    }

    /// Ends `npc`, its mind back in its record, if its own action ended it: as
    /// [`World::destroy`] ends any NPC (it leaves its squad, its joint performance and its
    /// claims, and a behaviour tree stops), then `EntityEnded`. A length test, nearly always.
    #[inline(always)]
    pub(crate) fn settle_end(&mut self, npc: Entity) {
        if !self.while_out.is_empty() {
            self.settle_end_now(npc);
        }
    }

    #[cold]
    #[inline(never)]
    fn settle_end_now(&mut self, npc: Entity) {
        let before = self.while_out.len();
        // Gone before ending it: its destruction puts its mind back again (`before_destroy`).
        self.while_out
            .retain(|w| w.npc != npc || w.what != Befell::Ended);
        if self.while_out.len() < before {
            self.end_entity(npc, npc);
        }
    }
}

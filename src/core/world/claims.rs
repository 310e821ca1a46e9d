//! Slots and claims: an NPC claims a slot of each smart object its plan uses when it commits to
//! the plan (not while searching), marks it in use while it performs the step there, and lets
//! it go when the last step there ends, the plan changes or fails, or either entity is
//! destroyed. A claim of higher priority takes a slot claimed at lower priority that is not in
//! use; the loser is told (`ClaimLost`) and replans. Planners see contention: an object with
//! slots none of which is open to the NPC is not a candidate.
//!
//! Invariant: a slot has at most one holder, and a slot's holder lists the claim (checked by
//! [`World::check_claims`] in the property tests).

use crate::core::model::archetype::ArchetypeId;
use crate::core::model::entity::Entity;
use crate::core::model::error::Result;
use crate::core::model::smart_object::{Claim, ClaimPriority, Contention, SlotDef, SlotState};
use crate::core::world::brains::Brains;
use crate::core::world::event::EventKind;
use crate::core::world::mind::{Mind, Part};
use crate::core::world::Step;
use crate::core::world::{describe, EntityRecord, World};

/// What pricing objects for one NPC needs to know of it ([`World::pricing`]).
pub(crate) struct Pricing {
    npc: Entity,
    archetype: Option<ArchetypeId>,
    priority: ClaimPriority,
}

impl<B: Brains> World<B> {
    /// The slots of `object` (empty when its archetype has none).
    pub fn slots(&self, object: Entity) -> Result<&[SlotState]> {
        Ok(&self.record(object, None)?.slots)
    }

    /// The claims `npc` holds for its plan.
    pub fn claims(&self, npc: Entity) -> Result<&[Claim]> {
        Ok(&self.mind(npc)?.claims)
    }

    /// Sets the priority of `npc`'s claims from now on (its archetype's by default); claims
    /// already held keep theirs.
    pub fn set_claim_priority(&mut self, npc: Entity, priority: ClaimPriority) -> Result<()> {
        self.mind(npc)?;
        let record = self.record_mut(npc)?;
        record.tag = record.tag.with_claim_priority(priority);
        Ok(())
    }

    /// Whether `object` can serve `npc` now: it has no slots, `npc` is a squad (which has no
    /// body to use one), or one of them admits the NPC and is open to its priority. Planners
    /// leave out objects that cannot.
    pub(crate) fn serves(&self, npc: Entity, archetype: ArchetypeId, object: Entity) -> bool {
        any_open(self.open_slots(npc, archetype, object))
    }

    /// What pricing objects for `npc` (of `archetype`) needs to know of the NPC, found once
    /// for a whole gathering rather than once per object ([`World::price`]).
    pub(crate) fn pricing(&self, npc: Entity, archetype: Option<ArchetypeId>) -> Pricing {
        Pricing {
            npc,
            archetype,
            priority: self.priority_of(npc),
        }
    }

    /// The price of `object` (live, with `record`) for the NPC of `pricing`: `(0, 1)` when it
    /// can serve the NPC now ([`World::serves`]; or the NPC has no archetype), its
    /// archetype's contention penalty `(cost, utility factor)` when it cannot, `None` when its
    /// archetype excludes such objects.
    // Always inlined: returned through memory, its answer was written in parts and read back
    // whole by a caller noting it for the commit (`note_price`), which stalled store
    // forwarding on every supplier a thread deciding ahead priced (perf annotate, hospital
    // udgoap@5,008 on two threads: half of `gather_suppliers`).
    #[inline(always)]
    pub(crate) fn price(
        &self,
        pricing: &Pricing,
        object: Entity,
        record: &EntityRecord<B>,
    ) -> Option<(f64, f64)> {
        let Some(archetype) = pricing.archetype else {
            return Some((0.0, 1.0));
        };
        let open = self.open_slots_of(pricing.npc, archetype, pricing.priority, object, record);
        if any_open(open) {
            return Some((0.0, 1.0));
        }
        match self.domain.archetype(archetype).contention {
            Contention::Exclude => None,
            Contention::Penalty {
                cost,
                utility_factor,
            } => Some((cost, utility_factor)),
        }
    }

    /// The first slot of `object` that admits `npc` and is open to it: `Some(None)` when the
    /// object has no slots (no limit on users), `None` when every slot is closed to it. The
    /// NPC's own slot comes first, so that a replan keeps the slot it holds; then required
    /// slots before optional ones, since a joint action starts only once the required slots
    /// are filled.
    fn open_slot(
        &self,
        npc: Entity,
        archetype: ArchetypeId,
        object: Entity,
    ) -> Option<Option<u32>> {
        let Some(open) = self.open_slots(npc, archetype, object)? else {
            return Some(None);
        };
        let (mut required, mut optional) = (None, None);
        for (i, def, state) in open {
            if state.holder == npc {
                return Some(Some(i));
            }
            let first = if def.required {
                &mut required
            } else {
                &mut optional
            };
            first.get_or_insert(i);
        }
        required.or(optional).map(Some)
    }

    /// The slots of `object` that admit `npc` and are open to it, in slot order: `None` when
    /// the object does not exist, `Some(None)` when it has no slots or `npc` is a squad (no
    /// limit on users).
    fn open_slots<'w>(
        &'w self,
        npc: Entity,
        archetype: ArchetypeId,
        object: Entity,
    ) -> Option<Option<impl Iterator<Item = (u32, &'w SlotDef, &'w SlotState)> + 'w>> {
        let record = self.live_record(object)?;
        self.open_slots_of(npc, archetype, self.priority_of(npc), object, record)
    }

    /// [`World::open_slots`] of a live `object` whose `record` is at hand, for an NPC claiming
    /// at `priority`: `None` when the object's archetype is unknown.
    fn open_slots_of<'w>(
        &'w self,
        npc: Entity,
        archetype: ArchetypeId,
        priority: ClaimPriority,
        object: Entity,
        record: &'w EntityRecord<B>,
    ) -> Option<Option<impl Iterator<Item = (u32, &'w SlotDef, &'w SlotState)> + 'w>> {
        if record.slots.is_empty() || object == npc {
            return Some(None);
        }
        let claimant = self.domain.archetype(archetype);
        // A squad has no body: it uses no slot of the object its order is bound to (its
        // members do, when the order sends them there), so it claims none.
        if claimant.squad.is_some() {
            return Some(None);
        }
        let tags = &claimant.tags;
        let defs = &self.domain.archetype(record.archetype()?).slots;
        let open = defs
            .iter()
            .zip(&record.slots)
            .enumerate()
            .filter(move |(_, (def, state))| {
                let holder_gone = || !state.holder.is_null() && !self.is_alive(state.holder);
                def.users.admits(archetype, tags) && (state.open_to(npc, priority) || holder_gone())
            })
            .map(|(i, (def, state))| (i as u32, def, state));
        Some(Some(open))
    }

    fn priority_of(&self, npc: Entity) -> ClaimPriority {
        self.live_record(npc)
            .map_or(ClaimPriority::NORMAL, |r| r.claim_priority())
    }

    /// Replaces `npc`'s plan with `steps`: its claims go, and the new plan claims its slots when
    /// its first step is about to start.
    pub(crate) fn replace_plan(
        &mut self,
        npc: Entity,
        mind: &mut Mind<B>,
        steps: impl IntoIterator<Item = Step>,
    ) {
        self.clear_plan(npc, mind);
        mind.plan.extend(steps);
        mind.claims_pending = !mind.plan.is_empty();
        if self.history.on() {
            self.record_decision(npc, mind);
        }
    }

    /// Drops `npc`'s plan and every claim it holds.
    pub(crate) fn clear_plan(&mut self, npc: Entity, mind: &mut Mind<B>) {
        mind.plan.clear();
        mind.next_step = 0;
        mind.claims_pending = false;
        self.release_where(npc, mind, |_| true);
    }

    /// Claims a slot on every object the plan's remaining steps use. Fails with the first step
    /// whose object has no slot open to the NPC (another NPC took the last one since the plan
    /// was made): the plan cannot go ahead; the claims it got stay until the caller drops it.
    /// An NPC whose archetype prices contention instead defers such a claim to the step's
    /// start ([`World::claim_use`]).
    pub(crate) fn claim_plan(
        &mut self,
        npc: Entity,
        mind: &mut Mind<B>,
    ) -> std::result::Result<(), Step> {
        let defers = self
            .live_record(npc)
            .and_then(|r| r.archetype())
            .is_some_and(|a| self.domain.archetype(a).contention != Contention::Exclude);
        for k in mind.next_step..mind.plan.len() {
            match self.claim_step(npc, mind, k) {
                Err(step) if !defers => return Err(step),
                _ => {}
            }
        }
        Ok(())
    }

    /// Takes the claim deferred under a contention penalty when the step that uses the object
    /// (the plan's last step there) is about to start: walking up to a busy object goes ahead,
    /// and the slot is claimed on arrival if one is open by then.
    pub(crate) fn claim_use(
        &mut self,
        npc: Entity,
        mind: &mut Mind<B>,
    ) -> std::result::Result<(), Step> {
        let k = mind.next_step;
        let Some(step) = mind.plan.get(k) else {
            return Ok(());
        };
        if mind.plan[k + 1..]
            .iter()
            .any(|s| s.supplier == step.supplier)
        {
            return Ok(());
        }
        self.claim_step(npc, mind, k)
    }

    /// Claims a slot on the object of plan step `k`, unless the NPC holds one there already,
    /// the object has no slots or the NPC is a squad; the claim lasts until the plan's last
    /// step there. Fails with the step when no slot is open to the NPC.
    fn claim_step(
        &mut self,
        npc: Entity,
        mind: &mut Mind<B>,
        k: usize,
    ) -> std::result::Result<(), Step> {
        let Some(&step) = mind.plan.get(k) else {
            return Ok(());
        };
        let Some(archetype) = self.live_record(npc).and_then(|r| r.archetype()) else {
            return Ok(());
        };
        if mind.claims.iter().any(|c| c.object == step.supplier) {
            return Ok(());
        }
        let slot = match self.open_slot(npc, archetype, step.supplier) {
            None => return Err(step),
            Some(None) => return Ok(()),
            Some(Some(slot)) => slot,
        };
        let last_step = mind
            .plan
            .iter()
            .rposition(|s| s.supplier == step.supplier)
            .expect("step k uses the object") as u32;
        let priority = self.priority_of(npc);
        self.take_slot(npc, priority, step.supplier, slot);
        mind.claims.push(Claim {
            object: step.supplier,
            slot,
            last_step,
        });
        self.push_event(EventKind::ClaimGranted, npc, None, step.supplier, 0)
            .slot = slot;
        Ok(())
    }

    /// Gives `slot` of `object` to `npc`; a previous holder loses its claims and its plan.
    fn take_slot(&mut self, npc: Entity, priority: ClaimPriority, object: Entity, slot: u32) {
        self.write_log.slots_changed(object);
        let Some(record) = self.live_record_mut(object) else {
            return;
        };
        let state = &mut record.slots[slot as usize];
        let loser = state.holder;
        *state = SlotState {
            holder: npc,
            priority,
            in_use: false,
        };
        if loser.is_null() || loser == npc {
            return;
        }
        // A holder whose mind is out of its record is up the call stack: a leader whose
        // performance is ending while its helpers go on with their plans. Its loss waits for
        // its mind, rather than being skipped and leaving it a claim it no longer holds.
        if self.mind_is_out(loser) {
            self.lose_claim_later(loser, object, slot);
        } else {
            self.lose_plan(loser, EventKind::ClaimLost, object, slot);
        }
    }

    /// `npc` loses its plan because of `object` (a claim taken, the object destroyed): the
    /// running action is cancelled, every claim released, and it replans at once.
    fn lose_plan(&mut self, npc: Entity, kind: EventKind, object: Entity, slot: u32) {
        let _ = self.with_mind(npc, |world, mind| {
            world.plan_lost(npc, mind, kind, object, slot);
            Ok(())
        });
    }

    /// [`World::lose_plan`] with `npc`'s mind at hand.
    pub(crate) fn plan_lost(
        &mut self,
        npc: Entity,
        mind: &mut Mind<B>,
        kind: EventKind,
        object: Entity,
        slot: u32,
    ) {
        // The taken slot is no longer the loser's: release only the others.
        if let Some(k) = mind
            .claims
            .iter()
            .position(|c| c.object == object && c.slot == slot)
        {
            mind.claims.swap_remove(k);
        }
        self.push_event(kind, npc, None, object, 0).slot = slot;
        self.cancel_plan(npc, mind);
        self.think_at(npc, self.time);
    }

    /// Drops `npc`'s plan now: a running action is cancelled (`ActionCancelled`: the engine
    /// stops it and does not report it; a joint performance ends for its other users too) and
    /// every claim released.
    pub(crate) fn cancel_plan(&mut self, npc: Entity, mind: &mut Mind<B>) {
        if let Some(running) = mind.running {
            self.leave_joint(npc, running, EventKind::ActionCancelled);
            self.end_running(npc, mind, EventKind::ActionCancelled);
        }
        self.clear_plan(npc, mind);
    }

    /// Marks the slot `npc` holds on `object` in use or not. A plan's earlier steps at an
    /// object (walking up to it) leave the slot claimed but not in use, so a claim of higher
    /// priority may still take it; only the last step there, the use itself, locks it.
    pub(crate) fn set_in_use(&mut self, npc: Entity, mind: &Mind<B>, object: Entity, in_use: bool) {
        let Some(claim) = mind.claims.iter().find(|c| c.object == object) else {
            return;
        };
        let in_use = in_use && claim.last_step as usize == mind.next_step;
        self.write_log.slots_changed(object);
        if let Some(state) = self
            .live_record_mut(object)
            .and_then(|r| r.slots.get_mut(claim.slot as usize))
            .filter(|s| s.holder == npc)
        {
            state.in_use = in_use;
        }
    }

    /// Releases the claims no remaining step needs (after a step ended).
    pub(crate) fn release_finished(&mut self, npc: Entity, mind: &mut Mind<B>) {
        let next = mind.next_step as u32;
        self.release_where(npc, mind, |c| c.last_step < next);
    }

    fn release_where(&mut self, npc: Entity, mind: &mut Mind<B>, gone: impl Fn(&Claim) -> bool) {
        let mut k = 0;
        while k < mind.claims.len() {
            let claim = mind.claims[k];
            if !gone(&claim) {
                k += 1;
                continue;
            }
            mind.claims.swap_remove(k);
            self.write_log.slots_changed(claim.object);
            if let Some(state) = self
                .live_record_mut(claim.object)
                .and_then(|r| r.slots.get_mut(claim.slot as usize))
                .filter(|s| s.holder == npc)
            {
                *state = SlotState::default();
            }
        }
    }

    /// Before `entity` is destroyed: an NPC's claims are released; an object's holders lose
    /// their plans (`ObjectDestroyed`).
    pub(crate) fn before_destroy(&mut self, entity: Entity) {
        if self.live_record(entity).is_some_and(|r| r.mind.is_some()) {
            let _ = self.with_mind(entity, |world, mind| {
                B::leaving(world, entity, mind);
                world.unlink(entity, mind);
                if let Some(running) = mind.running.take() {
                    world.leave_joint(entity, running, EventKind::ActionCancelled);
                }
                world.clear_plan(entity, mind);
                Ok(())
            });
        }
        let holders = self.live_record(entity).map_or(0, |r| r.slots.len());
        for slot in 0..holders {
            let holder = self
                .live_record_mut(entity)
                .map(|r| std::mem::take(&mut r.slots[slot]).holder);
            if let Some(holder) = holder.filter(|h| !h.is_null()) {
                self.lose_plan(holder, EventKind::ObjectDestroyed, entity, slot as u32);
            }
        }
    }

    /// Checks the claim invariant: every slot's holder is a live NPC whose mind lists the
    /// claim, and every claim's slot names its holder; every user of a joint action holds a
    /// slot of its object, and every helper's leader leads the same performance; every action
    /// that advances with time is in the per-tick pass (`ticks`). Returns the
    /// first breach, described. For tests; O(entities × claims).
    pub fn check_claims(&self) -> std::result::Result<(), String> {
        let broken = |what: String| Err(what);
        // Empty between calls (`while_out.rs`).
        if !self.while_out.is_empty() {
            return broken(format!(
                "claims lost or ends while minds were out still pending: {:?}",
                self.while_out
            ));
        }
        for object in self.entities() {
            let Some(record) = self.live_record(object) else {
                continue;
            };
            for (slot, state) in record.slots.iter().enumerate() {
                if state.holder.is_null() {
                    if state.in_use {
                        return broken(format!("free slot {slot} of {} in use", describe(object)));
                    }
                    continue;
                }
                let held = self.live_record(state.holder).and_then(|r| r.mind.as_ref());
                let listed = held.is_some_and(|m| {
                    m.claims
                        .iter()
                        .filter(|c| c.object == object && c.slot == slot as u32)
                        .count()
                        == 1
                });
                if !listed {
                    return broken(format!(
                        "slot {slot} of {} names {} which does not hold it",
                        describe(object),
                        describe(state.holder)
                    ));
                }
            }
            if let Some(mind) = record.mind.as_ref() {
                self.check_joint(object, mind)?;
                if self.advancing(mind).is_some() && !record.alarm.ticks() {
                    return broken(format!(
                        "{} runs a timed action the per-tick pass skips",
                        describe(object)
                    ));
                }
                for claim in &mind.claims {
                    let holder = self
                        .live_record(claim.object)
                        .and_then(|r| r.slots.get(claim.slot as usize))
                        .map(|s| s.holder);
                    if holder != Some(object) {
                        return broken(format!(
                            "{} claims slot {} of {} held by {:?}",
                            describe(object),
                            claim.slot,
                            describe(claim.object),
                            holder.map(describe)
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    fn check_joint(&self, npc: Entity, mind: &Mind<B>) -> std::result::Result<(), String> {
        let Some(running) = mind.running else {
            return Ok(());
        };
        if running.part == Part::Alone {
            return Ok(());
        }
        let object = running.step.supplier;
        if !mind.claims.iter().any(|c| c.object == object) {
            return Err(format!(
                "{} takes part in a joint action on {} without a slot",
                describe(npc),
                describe(object)
            ));
        }
        if let Part::Helping(leader) = running.part {
            let led = self
                .live_record(leader)
                .and_then(|r| r.mind.as_ref())
                .and_then(|m| m.running)
                .is_some_and(|r| {
                    r.part == Part::Leading
                        && r.request == running.request
                        && r.step == running.step
                });
            if !led {
                return Err(format!(
                    "{} helps {} which does not lead request {}",
                    describe(npc),
                    describe(leader),
                    running.request
                ));
            }
        }
        Ok(())
    }
}

/// Whether slots found by [`World::open_slots`] let the NPC use the object: one is open, or
/// it has none.
// Always inlined: pricing asks it of every object an NPC plans with, and inlined, the iterator
// its caller builds stays in registers instead of being written out and read back.
#[inline(always)]
fn any_open<'w>(
    open: Option<Option<impl Iterator<Item = (u32, &'w SlotDef, &'w SlotState)>>>,
) -> bool {
    match open {
        Some(Some(mut open)) => open.next().is_some(),
        Some(None) => true,
        None => false,
    }
}

//! Executing plans through the event protocol (../shared/ARCHITECTURE.md, "The frame"): motive
//! requests an action, the engine performs it and reports the outcome, effects apply on
//! success. Timed actions (a duration, or until full) are timed by motive: their numeric
//! changes accrue every tick, as needs decay (thesis ch. 5, :1439-1443).

use crate::core::model::action::{ActionDuration, ActionId};
use crate::core::model::condition::{Bindings, FactView};
use crate::core::model::domain::{AttributeId, Domain};
use crate::core::model::effect::{FactStore, Portion};
use crate::core::model::entity::Entity;
use crate::core::model::error::{Error, ErrorKind, Result};
use crate::core::model::fact_set::Fact;
use crate::core::model::perception::Relevance;
use crate::core::model::slot_map::SlotMap;
use crate::core::model::value::Value;
use crate::core::model::vec3::Vec3;
use crate::core::world::alarm::Alarm;
use crate::core::world::brains::Brains;
use crate::core::world::event::{Event, EventKind, NO_SLOT};
use crate::core::world::mind::{Mind, Part, Running};
use crate::core::world::spatial::WorldSpatial;
use crate::core::world::tended::next_visited;
use crate::core::world::Step;
use crate::core::world::{describe, EntityRecord, World};

/// What the engine reports about an action it performed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActionOutcome {
    /// Done: its effects apply and the plan moves on.
    Succeeded,
    /// Not done (interrupted, blocked, missed): the NPC replans at its next think.
    Failed,
}

impl<B: Brains> World<B> {
    /// Reports the outcome of action request `request` of `npc`. Fails with not-found when the
    /// NPC is not performing that request (already reported, cancelled, or never issued).
    pub fn report_action(
        &mut self,
        npc: Entity,
        request: u32,
        outcome: ActionOutcome,
    ) -> Result<()> {
        let running = self.mind(npc)?.running;
        // A joint action is performed once, by its leader, whichever user reports it.
        let performer = match running {
            Some(r) if r.request == request && r.part != Part::Waiting => match r.part {
                Part::Helping(leader) => leader,
                _ => npc,
            },
            _ => {
                return Err(Error::new(
                    ErrorKind::NotFound,
                    format!(
                        "npc {} is not performing action request {request}",
                        describe(npc)
                    ),
                ))
            }
        };
        self.with_mind(performer, |world, mind| {
            match outcome {
                ActionOutcome::Succeeded => world.finish_running(performer, mind, false),
                ActionOutcome::Failed => world.fail_running(performer, mind),
            }
            Ok(())
        })
    }

    /// The odds of each outcome of `action` as the world's next draw would use them (after the
    /// interaction history so far), in outcome order: why an NPC judges an action risky.
    /// Not-found when the action is unknown or has no outcome table.
    pub fn outcome_odds(
        &self,
        action: ActionId,
    ) -> Result<impl ExactSizeIterator<Item = f64> + '_> {
        let name = self.domain.actions().name(action.0);
        let table = self
            .domain
            .actions()
            .get(action.0)?
            .outcomes
            .as_ref()
            .ok_or_else(|| {
                Error::new(
                    ErrorKind::NotFound,
                    format!("action {name:?} has no outcomes"),
                )
            })?;
        Ok(table.odds(&self.outcome_history[action.0 as usize]))
    }

    /// Moves every pending event into `out` (appending) in the order they happened.
    pub fn drain_events(&mut self, out: &mut Vec<Event>) {
        self.events.drain_into(out);
    }

    /// Pending events, oldest first.
    pub fn events(&self) -> &[Event] {
        self.events.pending()
    }

    /// Forgets the oldest `count` pending events (after copying them out).
    pub fn consume_events(&mut self, count: usize) {
        self.events.forget(count);
    }

    /// How many events the world has made so far: a mark for [`World::events_since`].
    pub fn event_mark(&self) -> u64 {
        self.events.mark()
    }

    /// The pending events made after `mark` ([`World::event_mark`]) was taken, oldest first:
    /// what a call in between added, even when the queue dropped older ones meanwhile.
    pub fn events_since(&self, mark: u64) -> &[Event] {
        self.events.since(mark)
    }

    /// Sets the most events kept pending for the engine to poll: 1 to
    /// [`MAX_EVENT_LIMIT`](crate::core::model::limits::MAX_EVENT_LIMIT) (default
    /// [`DEFAULT_EVENT_LIMIT`](crate::core::world::event_queue::DEFAULT_EVENT_LIMIT)). Past
    /// it, each new event drops the oldest pending one and [`World::dropped_events`] counts
    /// it; lowering the limit below what is pending drops the oldest at once. Dropping changes
    /// nothing but what the engine reads: requests it never read end unread (timed actions) or
    /// time out (engine-ended ones, unless their timeout is infinite).
    /// The engine's setting, like the think threads: not saved, so a loaded world has the
    /// default; it holds every event the save held until its next event or limit trims them.
    pub fn set_event_limit(&mut self, limit: u32) -> Result<()> {
        self.events.set_limit(limit)
    }

    /// Most events kept pending ([`World::set_event_limit`]).
    pub fn event_limit(&self) -> u32 {
        self.events.limit()
    }

    /// Events dropped unpolled since the world was made, because more than
    /// [`World::event_limit`] were pending: 0 in a game that polls every tick.
    pub fn dropped_events(&self) -> u64 {
        self.events.dropped()
    }

    /// Decays needs and advances timed actions by `dt` seconds; when `collect`, collects each
    /// entity after its advance (`collect_in_advance.rs`).
    pub(crate) fn advance_npcs(&mut self, dt: f64, collect: bool) {
        // Records lie in slot order, which the hardware prefetcher follows; facts and minds
        // are buffers apart, each a cache miss in a large world: ask for the facts and the
        // running action of the entity a few tended slots on while this one advances.
        const AHEAD: usize = 8;
        let domain = self.domain.clone();
        // Only the tended entities (`tended.rs`), in slot order; an entity spawned by an
        // effect during the pass is left for the next tick, as beyond the slots it began with.
        let end = self.entities.slot_count();
        let every = self.mostly_tended();
        let mut ahead_slot = next_visited(&self.tended, 0, end, every);
        for _ in 0..AHEAD {
            ahead_slot =
                ahead_slot.and_then(|slot| next_visited(&self.tended, slot + 1, end, every));
        }
        let serial = self.serial();
        let mut next = next_visited(&self.tended, 0, end, every);
        while let Some(index) = next {
            next = next_visited(&self.tended, index + 1, end, every);
            if let Some((_, ahead)) = ahead_slot.and_then(|slot| self.entities.get_at(slot)) {
                // Only needs are written here: an archetype without any (a bed, a chart) keeps
                // its facts where they are.
                if ahead
                    .archetype()
                    .is_some_and(|a| !self.need_decays.of_archetype(a).is_empty())
                {
                    ahead.facts.prefetch();
                }
                if let Some(mind) = ahead.mind.as_deref().filter(|_| ahead.alarm.ticks()) {
                    // All of it: it may straddle two lines, and its part sits past the first.
                    crate::prefetch::value(&mind.running);
                }
            }
            ahead_slot =
                ahead_slot.and_then(|slot| next_visited(&self.tended, slot + 1, end, every));
            if collect {
                self.collect_turn_begins(index);
            }
            // One look-up of the record serves the entity's needs, its alarm and its
            // collection when its alarm has nothing to do (most entities, most ticks): three
            // look-ups and a call per entity were a third of the pass's instructions.
            let Some((key, record)) = self.entities.get_at_mut(index) else {
                continue;
            };
            if let Some(archetype) = record.archetype() {
                record
                    .facts
                    .decay(self.need_decays.of_archetype(archetype), dt, self.time);
                let ticks = record.alarm.ticks();
                if ticks || record.alarm.deadline() <= self.time {
                    self.ring(&domain, Entity::from_key(key, serial), ticks, dt);
                    if collect {
                        self.collect_turn_ends(index);
                    }
                    continue;
                }
            }
            if collect {
                let time = self.time;
                self.collect_in_advance
                    .collect(&mut self.due, key, record, time, serial);
            }
        }
    }

    /// Does what `npc`'s alarm rang for, its needs decayed: advances its running action when
    /// that advances with time (`ticks`), else times out the engine action whose deadline
    /// passed.
    #[inline(never)]
    fn ring(&mut self, domain: &Domain, npc: Entity, ticks: bool, dt: f64) {
        if ticks {
            let _ = self.with_mind(npc, |world, mind| {
                world.advance_running(domain, npc, mind, dt);
                Ok(())
            });
        } else {
            self.time_out_running(npc);
        }
    }

    /// `mind`'s running action when it advances with time: a wait, or a timed action the NPC
    /// performs alone or leads. A helper follows its leader's timer; the engine times the rest
    /// (a walk).
    pub(crate) fn advancing(&self, mind: &Mind<B>) -> Option<Running> {
        mind.running.filter(|running| match running.part {
            Part::Waiting => true,
            Part::Helping(_) => false,
            Part::Alone | Part::Leading => !matches!(
                self.domain.action(running.step.action).duration,
                ActionDuration::Engine
            ),
        })
    }

    /// Advances `mind`'s running action by `dt`. `domain` is the world's, lent by the
    /// per-tick pass: a clone of the `Arc` here, per NPC per tick, cost two atomic operations.
    fn advance_running(&mut self, domain: &Domain, npc: Entity, mind: &mut Mind<B>, dt: f64) {
        let Some(mut running) = self.advancing(mind) else {
            return;
        };
        if running.part == Part::Waiting {
            return self.wait(npc, mind, dt);
        }
        let action = domain.action(running.step.action);
        let bindings = self.bindings(npc, running.step.supplier);
        let (fraction, done) = match action.duration {
            ActionDuration::Engine => return,
            ActionDuration::Seconds(total) => {
                let step = dt.min((total - running.elapsed).max(0.0));
                (step / total, running.elapsed + dt >= total)
            }
            ActionDuration::UntilFull(_) => (dt, false),
        };
        running.elapsed += dt;
        mind.running = Some(running);
        let mut facts = self.facts();
        for effect in action.effects.iter().filter(|e| e.accrues()) {
            effect.apply(domain, &mut facts, &bindings, Portion::Accrued(fraction));
        }
        let full = match action.duration {
            ActionDuration::UntilFull(attribute) => self.is_full(npc, attribute),
            _ => false,
        };
        if done || full {
            self.finish_running(npc, mind, true);
        }
    }

    fn is_full(&self, npc: Entity, attribute: AttributeId) -> bool {
        let max = self
            .domain
            .attribute(attribute)
            .ok()
            .and_then(|d| d.range)
            .map(|r| r.1);
        let value = self
            .live_record(npc)
            .and_then(|r| r.facts.get(attribute))
            .map(|f| f.value);
        match (value, max) {
            (Some(Value::Number(n)), Some(max)) => n >= max,
            _ => true,
        }
    }

    /// Ends the running action successfully: applies its effects (the discrete part only when
    /// it was timed, its numeric part having accrued), then starts the next step. A joint
    /// performance first draws whether it works; when it does, its helpers finish with it.
    /// `by_timer` says motive's clock ended it (a timed action), not an engine report.
    pub(crate) fn finish_running(&mut self, npc: Entity, mind: &mut Mind<B>, by_timer: bool) {
        let Some(running) = mind.running else {
            return;
        };
        if running.part == Part::Leading && !self.joint_works(npc, running) {
            return self.fail_running(npc, mind);
        }
        mind.running = None;
        self.end_order(mind.command.as_deref_mut());
        self.spread_ambiance(npc, running.step.action);
        let domain = self.domain.clone();
        let action = domain.action(running.step.action);
        let bindings = self.bindings(npc, running.step.supplier);
        let mut ended = {
            let mut facts = self.facts();
            if action.duration == ActionDuration::Engine {
                action.apply_whole(&domain, &mut facts, &bindings);
            } else {
                // Its adds and subtracts accrued while it ran.
                for effect in &action.effects {
                    effect.apply(&domain, &mut facts, &bindings, Portion::Discrete);
                }
            }
            facts.ended
        };
        let mut drawn = None;
        if let Some(table) = &action.outcomes {
            let history = &mut self.outcome_history[running.step.action.0 as usize];
            let outcome = table.draw(history, &mut self.rng);
            history
                .record(outcome)
                .expect("the history has a count per outcome");
            let mut facts = self.facts();
            for effect in &table.outcomes()[outcome].effects {
                effect.apply(&domain, &mut facts, &bindings, Portion::Whole);
            }
            ended.extend(facts.ended);
            drawn = Some(outcome as u32);
        }
        self.report_end(npc, running, by_timer, drawn);
        if running.part == Part::Leading {
            self.finish_helpers(npc, running, by_timer, drawn);
        }
        if !self.end_what_ended(npc, ended) {
            self.advance_plan(npc, mind, running.step);
        }
    }

    /// Tells the engine `npc`'s `running` action ended well: the outcome `drawn`, if any, and
    /// `ActionFinished` when motive's timer ended it.
    pub(crate) fn report_end(
        &mut self,
        npc: Entity,
        running: Running,
        by_timer: bool,
        drawn: Option<u32>,
    ) {
        let Step { action, supplier } = running.step;
        if let Some(outcome) = drawn {
            self.push_event(
                EventKind::OutcomeDrawn,
                npc,
                Some(action),
                supplier,
                running.request,
            )
            .outcome = outcome;
        }
        if by_timer {
            self.push_event(
                EventKind::ActionFinished,
                npc,
                Some(action),
                supplier,
                running.request,
            );
        }
    }

    /// Moves `npc`'s plan past `done`, which ended well: its slot there is no longer in use,
    /// claims no longer needed go, and the next step starts (or the NPC thinks, at the end).
    pub(crate) fn advance_plan(&mut self, npc: Entity, mind: &mut Mind<B>, done: Step) {
        mind.next_step += 1;
        self.set_in_use(npc, mind, done.supplier, false);
        self.release_finished(npc, mind);
        if mind.next_step >= mind.plan.len() {
            self.think_at(npc, self.time);
        }
        self.start_next_step(npc, mind);
    }

    /// Abandons the running action and the plan; the NPC replans at its next tick. The other
    /// users of a joint performance fail with it.
    pub(crate) fn fail_running(&mut self, npc: Entity, mind: &mut Mind<B>) {
        self.stop_running(npc, mind, EventKind::ActionFailed);
    }

    /// Ends `npc`'s running action, and a joint performance's helpers with it, telling the
    /// engine `kind` (failed, timed out); the NPC replans at once.
    pub(crate) fn stop_running(&mut self, npc: Entity, mind: &mut Mind<B>, kind: EventKind) {
        if let Some(running) = mind.running {
            self.leave_joint(npc, running, kind);
        }
        self.drop_running(npc, mind, kind);
    }

    /// Ends `npc`'s running action, telling the engine `kind` (failed, timed out, cancelled),
    /// and drops its plan: it replans at once.
    pub(crate) fn drop_running(&mut self, npc: Entity, mind: &mut Mind<B>, kind: EventKind) {
        self.end_running(npc, mind, kind);
        self.abandon_plan(npc, mind);
    }

    /// Ends `npc`'s running action, if any, telling the engine `kind`. A GOAP NPC leaves out an
    /// action that failed or timed out at its next plan (S:105 of 003_a22f8616c585d8bb.txt).
    pub(crate) fn end_running(&mut self, npc: Entity, mind: &mut Mind<B>, kind: EventKind) {
        let Some(running) = mind.running.take() else {
            return;
        };
        self.end_order(mind.command.as_deref_mut());
        if kind != EventKind::ActionCancelled {
            mind.brain.action_failed(running.step.action);
        }
        let slot = self.slot_of(mind, running.step.supplier);
        self.push_event(
            kind,
            npc,
            Some(running.step.action),
            running.step.supplier,
            running.request,
        )
        .slot = slot;
    }

    fn abandon_plan(&mut self, npc: Entity, mind: &mut Mind<B>) {
        self.clear_plan(npc, mind);
        self.think_at(npc, self.time);
    }

    /// The step cannot start: nothing is requested, and the NPC replans.
    pub(crate) fn invalidate_plan(&mut self, npc: Entity, mind: &mut Mind<B>, step: Step) {
        self.push_event(
            EventKind::PlanInvalid,
            npc,
            Some(step.action),
            step.supplier,
            0,
        );
        self.abandon_plan(npc, mind);
    }

    /// A fresh action request id: never 0, so that 0 can mean "no request".
    pub(crate) fn new_request(&mut self) -> u32 {
        self.next_request = self.next_request.wrapping_add(1).max(1);
        self.next_request
    }

    /// Requests the next step of the plan, unless one is running or the plan is done. A step
    /// whose target is gone or whose preconditions no longer hold in the world invalidates the
    /// plan: the NPC learns what it finds there and replans.
    pub(crate) fn start_next_step(&mut self, npc: Entity, mind: &mut Mind<B>) {
        self.settle_lost_claims(npc, mind);
        if mind.running.is_some() {
            return;
        }
        let Some(&step) = mind.plan.get(mind.next_step) else {
            return;
        };
        let unclaimed = if std::mem::take(&mut mind.claims_pending) {
            self.claim_plan(npc, mind).err()
        } else {
            None
        };
        let unclaimed = unclaimed.or_else(|| self.claim_use(npc, mind).err());
        if let Some(step) = unclaimed {
            // Another NPC took the object's last open slot since the plan was made.
            return self.invalidate_plan(npc, mind, step);
        }
        if !self.is_alive(step.supplier) || !self.preconditions_hold(npc, step) {
            B::arrived(self, npc, step.supplier, mind);
            return self.invalidate_plan(npc, mind, step);
        }
        if self.domain.action(step.action).order.is_some() {
            return self.issue_order(npc, mind, step);
        }
        if self.is_joint(step) {
            return self.join(npc, mind, step);
        }
        let request = self.new_request();
        mind.running = Some(Running {
            step,
            request,
            elapsed: 0.0,
            part: Part::Alone,
            deadline: self.deadline_for(step.action),
        });
        let slot = self.slot_of(mind, step.supplier);
        self.push_event(
            EventKind::ActionRequested,
            npc,
            Some(step.action),
            step.supplier,
            request,
        )
        .slot = slot;
        self.set_in_use(npc, mind, step.supplier, true);
    }

    /// The slot `mind` holds on `object`, or [`NO_SLOT`].
    fn slot_of(&self, mind: &Mind<B>, object: Entity) -> u32 {
        mind.claims
            .iter()
            .find(|c| c.object == object)
            .map_or(NO_SLOT, |c| c.slot)
    }

    /// Whether `step`'s preconditions hold in the world's truth (read through the world, not
    /// [`World::facts`], which is for writing and marks the write log).
    fn preconditions_hold(&self, npc: Entity, step: Step) -> bool {
        let bindings = self.bindings(npc, step.supplier);
        self.domain
            .action(step.action)
            .preconditions
            .iter()
            .all(|c| c.holds(self, &bindings))
    }

    pub(crate) fn push_event(
        &mut self,
        kind: EventKind,
        npc: Entity,
        action: Option<ActionId>,
        target: Entity,
        request: u32,
    ) -> &mut Event {
        let hints = action
            .map(|a| {
                let own = self.domain.action(a).hints;
                match self.live_record(target).and_then(|r| r.archetype()) {
                    Some(archetype) => self.domain.archetype(archetype).hints_for(a, own),
                    None => own,
                }
            })
            .unwrap_or_default();
        let (ended_by, seconds) = match action {
            Some(a) => {
                let def = self.domain.action(a);
                let seconds = match (&def.order, def.duration) {
                    (Some(order), _) => order.timeout,
                    (None, ActionDuration::Engine) => self.timeout_of(a),
                    (None, ActionDuration::Seconds(s)) => s,
                    (None, ActionDuration::UntilFull(_)) => 0.0,
                };
                (Some(def.ended_by()), seconds)
            }
            None => (None, 0.0),
        };
        if self.history.on() {
            self.record_event(npc, kind, action, target);
        }
        self.events.push(Event {
            kind,
            npc,
            action,
            target,
            request,
            hints,
            slot: NO_SLOT,
            outcome: NO_SLOT,
            ended_by,
            seconds,
        })
    }

    pub(crate) fn bindings(&self, npc: Entity, supplier: Entity) -> Bindings {
        Bindings::pair(npc, supplier)
    }

    /// Runs `body` with `npc`'s mind taken out of its record, then puts it back, and then
    /// carries out what befell the NPC meanwhile that needed its mind (`while_out.rs`: a slot
    /// taken from it cancels its plan; its own action ending it destroys it).
    pub(crate) fn with_mind<R>(
        &mut self,
        npc: Entity,
        body: impl FnOnce(&mut World<B>, &mut Mind<B>) -> Result<R>,
    ) -> Result<R> {
        // One look-up to take the mind out; the checks' errors only when there is none.
        let taken = self.live_record_mut(npc).and_then(|r| r.mind.take());
        let Some(mut mind) = taken else {
            return Err(match self.mind_mut(npc) {
                Err(e) => e,
                Ok(_) => Error::invalid("the npc's mind is out"),
            });
        };
        let result = body(self, &mut mind);
        self.settle_lost_claims(npc, &mut mind);
        let ticks = self.advancing(&mind).is_some();
        let deadline = super::engine_timeout::deadline_of(&mind);
        if let Ok(record) = self.record_mut(npc) {
            record.mind = Some(mind);
            record.alarm = Alarm::of(ticks, deadline);
        }
        self.settle_end(npc);
        result
    }

    /// The world's truth for writing (effects): marks the write log.
    pub(crate) fn facts(&mut self) -> WorldFacts<'_, B> {
        self.write_log.world_changed();
        WorldFacts {
            serial: self.serial(),
            time: self.time,
            entities: &mut self.entities,
            spatial: &mut self.spatial,
            relevance: self.domain.relevance(),
            ended: Vec::new(),
        }
    }
}

/// The world's truth as a [`FactStore`], for applying effects. Endings are collected and
/// carried out after the effects, so no entity disappears while an effect reads it.
pub(crate) struct WorldFacts<'w, B> {
    serial: u16,
    time: f64,
    entities: &'w mut SlotMap<EntityRecord<B>>,
    spatial: &'w mut WorldSpatial,
    relevance: &'w Relevance,
    /// The entities the effects ended, in order, for the caller to end once the effects are
    /// applied.
    pub(crate) ended: Vec<Entity>,
}

impl<B> WorldFacts<'_, B> {
    fn record(&self, entity: Entity) -> Option<&EntityRecord<B>> {
        self.entities.get(entity.key_in(self.serial)?).ok()
    }

    fn record_mut(&mut self, entity: Entity) -> Option<&mut EntityRecord<B>> {
        self.entities.get_mut(entity.key_in(self.serial)?).ok()
    }
}

impl<B> FactView for WorldFacts<'_, B> {
    fn value(&self, entity: Entity, attribute: AttributeId) -> Option<Value> {
        self.record(entity)?.facts.get(attribute).map(|f| f.value)
    }

    fn number(&self, entity: Entity, attribute: AttributeId) -> Option<f64> {
        self.record(entity)?.facts.get(attribute)?.value.number()
    }

    fn position(&self, entity: Entity) -> Option<Vec3> {
        self.record(entity).map(|r| r.position)
    }
}

impl<B> FactStore for WorldFacts<'_, B> {
    fn set_value(&mut self, entity: Entity, attribute: AttributeId, value: Value) {
        let time = self.time;
        let Some(key) = entity.key_in(self.serial) else {
            return;
        };
        if let Ok(record) = self.entities.get_mut(key) {
            let had = record.facts.get(attribute).is_some();
            self.spatial.fact_set(
                self.relevance,
                (record.kind(), record.archetype()),
                attribute,
                had,
            );
            record.facts.set(Fact {
                attribute,
                value,
                time,
            });
        }
    }

    fn set_position(&mut self, entity: Entity, position: Vec3) {
        if let Some(record) = self.record_mut(entity) {
            record.position = position;
            let kind = record.kind();
            self.spatial.changed(kind);
        }
    }

    fn end(&mut self, entity: Entity) {
        if !self.ended.contains(&entity) {
            self.ended.push(entity);
        }
    }

    /// One look-up of the record and one search of its facts, where a read and
    /// [`FactStore::set_value`] took two of each. The fact exists, so the spatial index has
    /// nothing to hear (`WorldSpatial::fact_set` only minds a fact that appears).
    fn update_number(
        &mut self,
        entity: Entity,
        attribute: AttributeId,
        update: impl FnOnce(f64) -> f64,
    ) {
        let time = self.time;
        if let Some(record) = self.record_mut(entity) {
            record.facts.update_number(attribute, time, update);
        }
    }
}

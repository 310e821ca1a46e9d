//! Joint actions: an object's action performed by several users together, after the rusty
//! lever of the AI-for-games book (001_3e3461db8de0826f.txt:907-909): three slots, two required;
//! two users succeed 60% of the time, a third improves the odds.
//!
//! Each user arrives at its claimed slot and waits there (`ActionWaiting`); all the users
//! waiting for the same action on the same object share one request id. When every required
//! slot has a user waiting, the action starts for every waiting user at once
//! (`ActionRequested`, same request): the last to arrive leads, the others help. A waiting user
//! gives up after the action's timeout (`ActionTimedOut`). The leader's timer or any user's
//! report ends the performance for everyone; its chance of working depends on how many
//! optional slots were filled; the action's effects on the object (and its outcome) apply
//! once, its effects on the consumer to every user. When one user leaves a performance under
//! way (cancelled, failed, destroyed), it ends for all of them.

use crate::core::model::condition::Role;
use crate::core::model::entity::Entity;
use crate::core::world::brains::Brains;
use crate::core::world::event::EventKind;
use crate::core::world::mind::{Mind, Part, Running};
use crate::core::world::Step;
use crate::core::world::World;

impl<B: Brains> World<B> {
    /// Whether `step`'s action is a joint action of its object.
    pub(crate) fn is_joint(&self, step: Step) -> bool {
        self.live_record(step.supplier)
            .and_then(|r| r.archetype())
            .is_some_and(|a| self.domain.archetype(a).joint_for(step.action).is_some())
    }

    /// `npc` arrives at its slot for joint `step`: it waits there, and the action starts if it
    /// completes the required slots. An NPC without a slot on the object, or arriving while a
    /// performance of the action is under way, cannot join: its plan is invalid.
    pub(crate) fn join(&mut self, npc: Entity, mind: &mut Mind<B>, step: Step) {
        let Some(slot) = mind
            .claims
            .iter()
            .find(|c| c.object == step.supplier)
            .map(|c| c.slot)
        else {
            return self.invalidate_plan(npc, mind, step);
        };
        let (mut request, mut under_way) = (None, false);
        for other in self.users(step.supplier) {
            match self.running_of(other) {
                Some(r) if r.step == step && r.part == Part::Waiting => request = Some(r.request),
                Some(r) if r.step == step && r.part != Part::Alone => under_way = true,
                _ => {}
            }
        }
        if under_way {
            return self.invalidate_plan(npc, mind, step);
        }
        let request = request.unwrap_or_else(|| self.new_request());
        mind.running = Some(Running {
            step,
            request,
            elapsed: 0.0,
            part: Part::Waiting,
            deadline: f64::INFINITY,
        });
        self.push_event(
            EventKind::ActionWaiting,
            npc,
            Some(step.action),
            step.supplier,
            request,
        )
        .slot = slot;
        self.set_in_use(npc, mind, step.supplier, true);
        if self.required_filled(npc, mind, step.supplier, request) {
            self.start_joint(npc, mind, step.supplier, request);
        }
    }

    /// Counts down a waiting user's patience; at the timeout it leaves and replans.
    pub(crate) fn wait(&mut self, npc: Entity, mind: &mut Mind<B>, dt: f64) {
        let Some(running) = mind.running.as_mut() else {
            return;
        };
        running.elapsed += dt;
        let step = running.step;
        let timeout = self
            .live_record(step.supplier)
            .and_then(|r| r.archetype())
            .and_then(|a| self.domain.archetype(a).joint_for(step.action))
            .map_or(0.0, |j| j.timeout);
        if running.elapsed >= timeout {
            self.drop_running(npc, mind, EventKind::ActionTimedOut);
        }
    }

    /// Draws whether the joint performance `running` (led by `leader`) works, from the number
    /// of optional slots its users fill. A certain chance draws nothing, so that adding a joint
    /// action that always works leaves every other random draw of the world unchanged.
    pub(crate) fn joint_works(&mut self, leader: Entity, running: Running) -> bool {
        let object = running.step.supplier;
        let Some(archetype) = self.live_record(object).and_then(|r| r.archetype()) else {
            return false;
        };
        let domain = self.domain.clone();
        let def = domain.archetype(archetype);
        let Some(joint) = def.joint_for(running.step.action) else {
            return true;
        };
        let optional = def
            .slots
            .iter()
            .zip(self.users_by_slot(object))
            .filter(|(slot, user)| {
                !slot.required && (*user == leader || self.helps(*user, leader, running.request))
            })
            .count();
        let chance = joint.chance_with(optional);
        chance >= 1.0 || self.rng.unit() < chance
    }

    /// After the leader's joint performance `running` succeeded (outcome `drawn`, if any): every
    /// helper gets the action's effects on itself and the events, and then moves on in its
    /// plan. Every helper's part ends before any moves on: one moving on may take, at a higher
    /// priority, a slot another holds for a later step, which must cost that other its plan,
    /// not a performance that already ended well (in slot order, a later helper was cancelled
    /// out of it).
    pub(crate) fn finish_helpers(
        &mut self,
        leader: Entity,
        running: Running,
        by_timer: bool,
        drawn: Option<u32>,
    ) {
        let domain = self.domain.clone();
        let action = domain.action(running.step.action);
        let mut finished = std::mem::take(&mut self.finished_helpers);
        finished.clear();
        for slot in 0..self.slot_count(running.step.supplier) {
            let helper = self.user(running.step.supplier, slot);
            if !self.helps(helper, leader, running.request) {
                continue;
            }
            let _ = self.with_mind(helper, |world, mind| {
                let Some(own) = mind.running.take() else {
                    return Ok(());
                };
                let bindings = world.bindings(helper, own.step.supplier);
                let ended = {
                    let mut facts = world.facts();
                    action.apply_whole_where(&domain, &mut facts, &bindings, |e| {
                        e.role == Role::Consumer
                    });
                    facts.ended
                };
                world.report_end(helper, own, by_timer, drawn);
                if !world.end_what_ended(helper, ended) {
                    finished.push((helper, own.step));
                }
                Ok(())
            });
        }
        for &(helper, done) in &finished {
            let _ = self.with_mind(helper, |world, mind| {
                // A helper moving on before it may have taken this one's plan.
                if mind.plan.get(mind.next_step) == Some(&done) {
                    world.advance_plan(helper, mind, done);
                }
                Ok(())
            });
        }
        self.finished_helpers = finished;
    }

    /// `npc` leaves the action `running` (it was cancelled, failed or the NPC is destroyed):
    /// a joint performance under way ends for every other user too, who are told `kind` and
    /// replan at once. A waiting user leaving changes nothing for the others.
    pub(crate) fn leave_joint(&mut self, npc: Entity, running: Running, kind: EventKind) {
        let leader = match running.part {
            Part::Alone | Part::Waiting => return,
            Part::Leading => npc,
            Part::Helping(leader) => leader,
        };
        for slot in 0..self.slot_count(running.step.supplier) {
            let other = self.user(running.step.supplier, slot);
            let takes_part = other == leader || self.helps(other, leader, running.request);
            if other != npc && takes_part {
                let _ = self.with_mind(other, |world, mind| {
                    world.drop_running(other, mind, kind);
                    Ok(())
                });
            }
        }
    }

    /// Starts the joint action on `object` for every user waiting with `request`, in slot
    /// order; `leader` (whose mind is `mind`) completed the required slots and leads.
    fn start_joint(&mut self, leader: Entity, mind: &mut Mind<B>, object: Entity, request: u32) {
        // The leader's report ends the performance for everyone: only its clock runs.
        if let Some(running) = mind.running.as_mut() {
            running.deadline = self.deadline_for(running.step.action);
        }
        for slot in 0..self.slot_count(object) {
            let user = self.user(object, slot);
            let running = if user == leader {
                mind.running.as_mut()
            } else {
                self.live_record_mut(user)
                    .and_then(|r| r.mind.as_deref_mut())
                    .and_then(|m| m.running.as_mut())
                    .filter(|r| r.request == request && r.part == Part::Waiting)
            };
            let Some(running) = running else {
                continue;
            };
            running.elapsed = 0.0;
            running.part = if user == leader {
                Part::Leading
            } else {
                Part::Helping(leader)
            };
            let action = running.step.action;
            self.push_event(
                EventKind::ActionRequested,
                user,
                Some(action),
                object,
                request,
            )
            .slot = slot;
        }
    }

    /// Whether every required slot of `object` has a user waiting with `request` (`npc`,
    /// whose mind is `mind`, among them).
    fn required_filled(&self, npc: Entity, mind: &Mind<B>, object: Entity, request: u32) -> bool {
        let Some(archetype) = self.live_record(object).and_then(|r| r.archetype()) else {
            return false;
        };
        let waiting = |user: Entity| {
            let running = if user == npc {
                mind.running
            } else {
                self.running_of(user)
            };
            running.is_some_and(|r| r.request == request && r.part == Part::Waiting)
        };
        self.domain
            .archetype(archetype)
            .slots
            .iter()
            .zip(self.users_by_slot(object))
            .all(|(slot, user)| !slot.required || waiting(user))
    }

    /// Whether `user` helps `leader` with `request`.
    fn helps(&self, user: Entity, leader: Entity, request: u32) -> bool {
        self.running_of(user)
            .is_some_and(|r| r.request == request && r.part == Part::Helping(leader))
    }

    /// What `npc` is performing, read from its record (none while its mind is taken out).
    fn running_of(&self, npc: Entity) -> Option<Running> {
        self.live_record(npc)?.mind.as_ref()?.running
    }

    /// The holders of `object`'s slots, in slot order, skipping free slots.
    fn users(&self, object: Entity) -> impl Iterator<Item = Entity> + '_ {
        self.users_by_slot(object).filter(|u| !u.is_null())
    }

    /// The holder of each slot of `object`, null when free.
    fn users_by_slot(&self, object: Entity) -> impl Iterator<Item = Entity> + '_ {
        self.live_record(object)
            .into_iter()
            .flat_map(|r| r.slots.iter().map(|s| s.holder))
    }

    fn slot_count(&self, object: Entity) -> u32 {
        self.live_record(object).map_or(0, |r| r.slots.len() as u32)
    }

    fn user(&self, object: Entity, slot: u32) -> Entity {
        self.live_record(object)
            .and_then(|r| r.slots.get(slot as usize))
            .map_or(Entity::NULL, |s| s.holder)
    }
}

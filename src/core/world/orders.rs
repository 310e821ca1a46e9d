//! Executing a squad's orders (`model/order.rs`; P:325 of 004_bdde6381c6c06595.txt): motive,
//! not the engine, performs an order. Issuing it adds each recommendation's bias to its
//! recipients' relevance and hands them their targets; the recipients report adopting the goal
//! (a plan for it), completing it (its requirements hold for them, checked after every tick's
//! thinks, whatever their brain) or failing it (no plan, or destroyed). The order completes
//! when every awaited recipient has completed, fails when one failed or every one left the
//! squad, and times out at its timeout; then the recommendations are withdrawn and the squad's
//! plan moves on or replans. Every step is an event, in the order it happened.

use crate::core::model::condition::Bindings;
use crate::core::model::entity::Entity;
use crate::core::model::error::{Error, ErrorKind, Result};
use crate::core::model::fact_set::Fact;
use crate::core::model::goap::GoapGoalId;
use crate::core::model::order::{OrderDef, TargetSource};
use crate::core::model::value::Value;
use crate::core::world::brains::Brains;
use crate::core::world::event::EventKind;
use crate::core::world::mind::{Mind, Part, Running};
use crate::core::world::squads::{Command, OrderRoster, Report, RosterEntry};
use crate::core::world::{describe, Step, World};

impl<B: Brains> World<B> {
    /// Starts `squad`'s order `step`: the request, its deadline, and every recommendation to
    /// the members it names, in recommendation then joining order.
    pub(crate) fn issue_order(&mut self, squad: Entity, mind: &mut Mind<B>, step: Step) {
        let domain = self.domain.clone();
        let action = domain.action(step.action);
        let order: &OrderDef = action.order.as_deref().expect("the caller checked");
        let request = self.new_request();
        mind.running = Some(Running {
            step,
            request,
            elapsed: 0.0,
            part: Part::Alone,
            deadline: self.time + order.timeout,
        });
        self.push_event(
            EventKind::OrderIssued,
            squad,
            Some(step.action),
            step.supplier,
            request,
        );
        let Some(command) = mind.command.as_deref_mut() else {
            return;
        };
        let mut entries = command.order.take().map(|o| o.entries).unwrap_or_default();
        entries.clear();
        for r in &order.recommend {
            let mut recipient = 0;
            for (position, &member) in command.members.iter().enumerate() {
                if !r.to.includes(position) {
                    continue;
                }
                let target = r.target.as_ref().and_then(|t| {
                    let from = match &t.from {
                        TargetSource::Supplier => None,
                        TargetSource::Facts(from) if from.len() == 1 => Some(from[0]),
                        TargetSource::Facts(from) => Some(*from.get(recipient)?),
                    };
                    let value = match from {
                        Some(from) => self.fact(squad, from).ok()?.value,
                        None => Value::Entity(step.supplier),
                    };
                    let target = match value {
                        Value::Entity(e) if self.is_alive(e) => e,
                        _ => return None,
                    };
                    self.set_fact(member, t.into, Value::Entity(target)).ok()?;
                    let time = self.time;
                    if let Ok(m) = self.mind_mut(member) {
                        m.brain.given_target(Fact {
                            attribute: t.into,
                            value: Value::Entity(target),
                            time,
                        });
                    }
                    Some(target)
                });
                recipient += 1;
                let Some(def) = self
                    .live_record(member)
                    .and_then(|rec| rec.archetype())
                    .map(|a| domain.archetype(a))
                else {
                    continue;
                };
                // Only GOAP weighs goals; a unit of another brain acts on its target, and its
                // facts are judged by the goal all the same.
                let judged = def.goap_goals.contains(&r.goal) || !def.uses_goap();
                if let Ok(m) = self.mind_mut(member) {
                    m.brain.recommend(def, r.goal, r.bias);
                }
                if r.bias > 0.0 {
                    self.think_at(member, self.time);
                }
                self.push_order_event(EventKind::GoalRecommended, squad, member, step, request)
                    .outcome = r.goal.0;
                entries.push(RosterEntry {
                    member,
                    goal: r.goal,
                    bias: r.bias,
                    target: target.unwrap_or(Entity::NULL),
                    awaited: judged && OrderDef::awaited(r),
                    report: Report::Pending,
                });
            }
        }
        // An order that awaits nobody (it only suppresses, or its goals are no member's)
        // stands for its timeout and then ends well (`check_roster`): the deadline that fails
        // an order is for the awaited.
        if !entries.iter().any(|e| e.awaited) {
            if let Some(running) = mind.running.as_mut() {
                running.deadline = f64::INFINITY;
            }
        }
        command.order = Some(OrderRoster {
            action: step.action,
            request,
            issued: self.time,
            active: true,
            entries,
        });
    }

    /// A member's search for `goal` ended: it adopted the goal when `found`, else failed it.
    /// Recorded in its squad's roster when the goal was recommended to it and no report came
    /// yet.
    pub(crate) fn report_search(
        &mut self,
        member: Entity,
        squad: Entity,
        goal: GoapGoalId,
        found: bool,
    ) {
        let report = if found {
            Report::Adopted
        } else {
            Report::Failed
        };
        self.record_report(member, squad, goal, report, &[Report::Pending]);
    }

    /// The engine reports for `member` (a unit it drives itself, or one whose brain does not
    /// weigh goals) on `goal`, recommended by its squad's standing order: adopted, completed or
    /// failed. Completion is otherwise judged from the member's facts after every tick; a
    /// failure fails an order that awaits the member. Not-found when the standing order
    /// recommended `goal` to no such member still open to reports.
    pub fn report_to_squad(
        &mut self,
        member: Entity,
        goal: GoapGoalId,
        report: Report,
    ) -> Result<()> {
        self.domain.goap_goals().get(goal.0)?;
        let squad = self.superior(member)?;
        if report == Report::Pending
            || !self.record_report(
                member,
                squad,
                goal,
                report,
                &[Report::Pending, Report::Adopted],
            )
        {
            return Err(Error::new(
                ErrorKind::NotFound,
                format!(
                    "no standing order of its squad awaits a report of this goal from {}",
                    describe(member)
                ),
            ));
        }
        Ok(())
    }

    /// Records `report` on `member`'s roster entries for `goal` in `squad`'s standing order
    /// whose report is one of `open`, telling the engine; false when there were none.
    fn record_report(
        &mut self,
        member: Entity,
        squad: Entity,
        goal: GoapGoalId,
        report: Report,
        open: &[Report],
    ) -> bool {
        let Ok(command) = self.command_mut(squad) else {
            return false;
        };
        let Some(order) = command.order.as_mut().filter(|o| o.active) else {
            return false;
        };
        let (action, request) = (order.action, order.request);
        let mut reported = false;
        for entry in &mut order.entries {
            if entry.member == member && entry.goal == goal && open.contains(&entry.report) {
                entry.report = report;
                reported = true;
            }
        }
        if reported {
            let kind = match report {
                Report::Adopted => EventKind::MemberAdopted,
                Report::Completed => EventKind::MemberCompleted,
                _ => EventKind::MemberFailed,
            };
            let step = Step {
                action,
                supplier: squad,
            };
            self.push_order_event(kind, squad, member, step, request)
                .outcome = goal.0;
        }
        reported
    }

    /// Checks the roster of every squad whose order stands, after the tick's thinks: members
    /// destroyed or whose goal now holds report, and the order ends when it can.
    pub(crate) fn check_orders(&mut self) {
        let mut at = 0;
        while let Some(&squad) = self.squads.get(at) {
            let standing = self
                .command_of(squad)
                .and_then(|c| c.order.as_ref())
                .is_some_and(|o| o.active);
            if standing {
                let _ = self.with_mind(squad, |world, mind| {
                    world.check_roster(squad, mind);
                    Ok(())
                });
            }
            // An order may end its own squad (an `end` on the consumer): the next one then
            // stands where it stood.
            if self.squads.get(at) == Some(&squad) {
                at += 1;
            }
        }
    }

    fn check_roster(&mut self, squad: Entity, mind: &mut Mind<B>) {
        let Some(running) = mind.running else {
            return;
        };
        let Some(order) = mind
            .command
            .as_deref_mut()
            .and_then(|c| c.order.as_mut())
            .filter(|o| o.active && o.request == running.request)
        else {
            return;
        };
        let domain = self.domain.clone();
        let (mut failed, mut waiting, mut awaits) = (false, false, false);
        for entry in &mut order.entries {
            if matches!(entry.report, Report::Pending | Report::Adopted) {
                let member = entry.member;
                let holds = self.is_alive(member).then(|| {
                    let me = Bindings::pair(member, member);
                    domain.goap_goals().items()[entry.goal.0 as usize]
                        .requirements
                        .iter()
                        .all(|c| c.holds(self, &me))
                });
                let (report, kind) = match holds {
                    None => (Report::Failed, EventKind::MemberFailed),
                    Some(true) => (Report::Completed, EventKind::MemberCompleted),
                    Some(false) => (entry.report, EventKind::MemberAdopted),
                };
                if report != entry.report {
                    entry.report = report;
                    self.push_order_event(kind, squad, member, running.step, running.request)
                        .outcome = entry.goal.0;
                }
            }
            if entry.awaited {
                awaits = true;
                failed |= entry.report == Report::Failed;
                waiting |= entry.report != Report::Completed;
            }
        }
        let timeout = domain
            .action(running.step.action)
            .order
            .as_ref()
            .map_or(0.0, |o| o.timeout);
        // An order that awaited members at its issue has a finite deadline (the rest stand
        // until theirs, `issue_order`): when every one of them has left the squad
        // (`leave_squad`), nobody is left to complete it, so it fails now, as for a member
        // destroyed, rather than at its deadline with the squad idle until then.
        let deserted = !awaits && running.deadline.is_finite();
        if failed || deserted {
            self.fail_running(squad, mind);
        } else if !waiting && (awaits || self.time >= order.issued + timeout) {
            self.finish_running(squad, mind, true);
        }
    }

    /// `member`, destroyed, fails whatever its squad's standing order awaits of it.
    pub(crate) fn member_lost(&mut self, squad: Entity, member: Entity) {
        let Ok(command) = self.command_mut(squad) else {
            return;
        };
        let Some(order) = command.order.as_mut().filter(|o| o.active) else {
            return;
        };
        let (action, request) = (order.action, order.request);
        let mut lost = Vec::new();
        for entry in order.entries.iter_mut().filter(|e| e.member == member) {
            if matches!(entry.report, Report::Pending | Report::Adopted) {
                entry.report = Report::Failed;
                lost.push(entry.goal);
            }
        }
        let step = Step {
            action,
            supplier: squad,
        };
        for goal in lost {
            self.push_order_event(EventKind::MemberFailed, squad, member, step, request)
                .outcome = goal.0;
        }
    }

    /// The standing order of `command`, if any, ends (completed, failed, timed out,
    /// cancelled): its recommendations are withdrawn.
    pub(crate) fn end_order(&mut self, command: Option<&mut Command>) {
        let Some(order) = command.and_then(|c| c.order.as_mut()).filter(|o| o.active) else {
            return;
        };
        order.active = false;
        for &entry in &order.entries {
            self.withdraw_entry(entry);
        }
    }

    /// Takes back one recommendation: the member's bias on its goal returns to 0.
    pub(crate) fn withdraw_entry(&mut self, entry: RosterEntry) {
        let domain = self.domain.clone();
        let Some(archetype) = self.live_record(entry.member).and_then(|r| r.archetype()) else {
            return;
        };
        if let Ok(mind) = self.mind_mut(entry.member) {
            mind.brain
                .recommend(domain.archetype(archetype), entry.goal, 0.0);
        }
    }

    fn push_order_event(
        &mut self,
        kind: EventKind,
        squad: Entity,
        member: Entity,
        step: Step,
        request: u32,
    ) -> &mut crate::core::world::event::Event {
        self.push_event(kind, squad, Some(step.action), member, request)
    }
}

//! `--trace FILE`: a Chrome Trace Event file (the JSON object form), for Perfetto or
//! chrome://tracing. One track per NPC (pid 1, tid = the NPC's number, named by `thread_name`
//! metadata) for the first NPCs in spawn order; each performance an action span (`X`, named by
//! the action, with its target, request and outcome), a wait for a joint action a span of its
//! own, each decision (a plan adopted, or none) and each change of goal an instant event (`i`)
//! with why. Events that recur on a track are folded into one span with their count
//! ([`crate::trace_repeats`]); each NPC's needs and drive satisfactions are counters
//! ([`crate::trace_counters`]). Times are microseconds of simulated time.

use std::collections::HashMap;
use std::io::{self, Write};

use motive::core::world::event::{Event, EventKind};
use motive::core::{Entity, World};
use motive::sim::Performed;
use serde_json::{json, Value};

use crate::roster::Roster;
use crate::trace_counters::Counters;
use crate::trace_repeats::Repeats;
use crate::wording;

/// NPCs with a track when `--trace-npcs` is not given: enough to see a crowd, few enough for
/// the viewer.
pub const DEFAULT_TRACKS: usize = 64;

/// The trace being recorded.
pub struct Trace {
    /// How many NPCs (the first in spawn order) get a track.
    tracks: usize,
    /// Each tracked NPC's performance or wait in progress.
    open: HashMap<Entity, Span>,
    /// What each tracked NPC's next decision answers, and what it last decided.
    minds: HashMap<Entity, Deciding>,
    /// Track events on their way to `events`, repeats folded.
    repeats: Repeats,
    /// Needs and drives, sampled.
    counters: Counters,
    /// The events written so far.
    events: Vec<Value>,
}

/// A span not yet closed.
struct Span {
    name: String,
    start: f64,
    request: u32,
    target: String,
}

/// What the trace remembers of an NPC between decisions.
#[derive(Default)]
struct Deciding {
    /// Why it will decide again (the first reason since its last decision).
    reason: Option<String>,
    /// Its last decision adopted a plan.
    had_plan: bool,
    /// The goal of its last plan.
    goal: Option<String>,
}

impl Trace {
    /// A trace giving a track to the first `tracks` NPCs, of a run that starts at world time
    /// `start`.
    pub fn new(tracks: usize, start: f64) -> Self {
        Trace {
            tracks,
            open: HashMap::new(),
            minds: HashMap::new(),
            repeats: Repeats::default(),
            counters: Counters::new(start),
            events: Vec::new(),
        }
    }

    /// The track of `npc`, if it has one.
    fn track(&self, roster: &Roster, npc: Entity) -> Option<usize> {
        roster.number(npc).filter(|&n| n <= self.tracks)
    }

    /// A decision: an instant saying the plan it adopts or that it has none, and one when the
    /// goal it pursues changes. An idle NPC has none at every think: its instants fold into
    /// one span.
    pub fn decided(&mut self, world: &World, roster: &Roster, npc: Entity) {
        let (Some(tid), Ok(mind)) = (self.track(roster, npc), world.mind(npc)) else {
            return;
        };
        let state = self.minds.entry(npc).or_default();
        let had_plan = std::mem::replace(&mut state.had_plan, !mind.plan.is_empty());
        let why = state
            .reason
            .take()
            .unwrap_or_else(|| if had_plan { "plan finished" } else { "idle" }.to_owned());
        let mut instants = Vec::new();
        if mind.plan.is_empty() {
            instants.push(("no plan", json!({ "reason": why })));
        } else {
            let goal = wording::goal(world, mind);
            let plan = wording::plan(world, roster, &mind.plan);
            let args = json!({ "reason": why, "plan": plan, "goal": goal });
            instants.push(("plan", args));
            if goal != state.goal {
                let from = std::mem::replace(&mut state.goal, goal.clone());
                let args = json!({ "from": from, "to": goal });
                instants.push(("goal changed", args));
            }
        }
        for (name, args) in instants {
            self.instant(world.time(), tid, name, args);
        }
    }

    /// An event: opens and closes spans, and notes why the NPC will decide again.
    pub fn event(&mut self, world: &World, roster: &Roster, event: &Event) {
        let Some(tid) = self.track(roster, event.npc) else {
            return;
        };
        let npc = event.npc;
        let action = event
            .action
            .map(|a| world.domain().actions().name(a.0).to_owned());
        let target = roster.name(world, event.target);
        let (closes, reason) = match event.kind {
            EventKind::ActionRequested | EventKind::ActionWaiting | EventKind::OrderIssued => {
                // A joint action starts where its wait ends, on the same request.
                self.close(world.time(), tid, npc, event.request, "started");
                let action = action.unwrap_or_default();
                let name = match event.kind {
                    EventKind::ActionWaiting => format!("waiting for {action}"),
                    EventKind::OrderIssued => format!("order {action}"),
                    _ => action,
                };
                let span = Span {
                    name,
                    start: world.time(),
                    request: event.request,
                    target,
                };
                self.open.insert(npc, span);
                return;
            }
            EventKind::ActionFinished => (Some("succeeded"), None),
            EventKind::ActionFailed => (Some("failed"), Some("action failed".to_owned())),
            EventKind::ActionCancelled => (Some("cancelled"), Some("action cancelled".to_owned())),
            EventKind::ActionTimedOut => (Some("timed out"), Some("wait timed out".to_owned())),
            EventKind::PlanInvalid => {
                let step = format!("{}({target})", action.unwrap_or_default());
                (None, Some(format!("plan invalid: {step} cannot start")))
            }
            EventKind::ClaimLost => (
                None,
                Some(format!("claim lost: slot {} of {target}", event.slot)),
            ),
            EventKind::ObjectDestroyed => (None, Some(format!("object destroyed: {target}"))),
            EventKind::NoPlan
            | EventKind::EntityEnded
            | EventKind::ClaimGranted
            | EventKind::OutcomeDrawn
            | EventKind::GoalRecommended
            | EventKind::MemberAdopted
            | EventKind::MemberCompleted
            | EventKind::MemberFailed => (None, None),
        };
        if let Some(outcome) = closes {
            self.close(world.time(), tid, npc, event.request, outcome);
        }
        if let Some(reason) = reason {
            self.minds
                .entry(npc)
                .or_default()
                .reason
                .get_or_insert(reason);
        }
    }

    /// After a simulator step: samples the counters when due.
    pub fn after_step(&mut self, world: &World, roster: &Roster) {
        self.counters
            .after_step(world, roster, self.tracks, &mut self.events);
    }

    /// An engine action the simulator reported done.
    pub fn performed(&mut self, world: &World, roster: &Roster, performed: &Performed) {
        if let Some(tid) = self.track(roster, performed.npc) {
            let (npc, request) = (performed.npc, performed.request);
            self.close(world.time(), tid, npc, request, "succeeded");
        }
    }

    /// Ends `npc`'s open span for `request` with `outcome`.
    fn close(&mut self, now: f64, tid: usize, npc: Entity, request: u32, outcome: &str) {
        if self.open.get(&npc).is_some_and(|s| s.request == request) {
            let span = self.open.remove(&npc).expect("checked above");
            self.complete(now, tid, span, outcome);
        }
    }

    fn complete(&mut self, end: f64, tid: usize, span: Span, outcome: &str) {
        let event = json!({
            "name": span.name,
            "cat": "action",
            "ph": "X",
            "ts": micros(span.start),
            "dur": micros(end - span.start),
            "pid": 1,
            "tid": tid,
            "args": { "target": span.target, "request": span.request, "outcome": outcome },
        });
        self.repeats.push(tid, event, &mut self.events);
    }

    fn instant(&mut self, time: f64, tid: usize, name: &str, args: Value) {
        let event = json!({
            "name": name,
            "cat": "decision",
            "ph": "i",
            "s": "t",
            "ts": micros(time),
            "pid": 1,
            "tid": tid,
            "args": args,
        });
        self.repeats.push(tid, event, &mut self.events);
    }

    /// Writes the trace as it stands at `world`'s time (spans still open end there,
    /// `unfinished`; counters take a last sample), with a track per NPC up to the limit, to
    /// `out`.
    pub fn write(
        mut self,
        world: &World,
        roster: &Roster,
        title: &str,
        out: impl Write,
    ) -> io::Result<()> {
        // In track order, so that a seed always writes the same file.
        let mut open: Vec<(usize, Span)> = self
            .open
            .drain()
            .filter_map(|(npc, span)| Some((roster.number(npc)?, span)))
            .collect();
        open.sort_by_key(|(tid, _)| *tid);
        for (tid, span) in open {
            self.complete(world.time(), tid, span, "unfinished");
        }
        self.repeats.finish(&mut self.events);
        self.counters
            .finish(world, roster, self.tracks, &mut self.events);
        let mut events = vec![json!({
            "name": "process_name", "ph": "M", "pid": 1, "args": { "name": title },
        })];
        for (i, &npc) in roster.npcs().iter().take(self.tracks).enumerate() {
            let tid = i + 1;
            let name = roster.title(world, npc);
            events.push(json!({
                "name": "thread_name", "ph": "M", "pid": 1, "tid": tid, "args": { "name": name },
            }));
            events.push(json!({
                "name": "thread_sort_index", "ph": "M", "pid": 1, "tid": tid,
                "args": { "sort_index": tid },
            }));
        }
        events.append(&mut self.events);
        let trace = json!({ "traceEvents": events, "displayTimeUnit": "ms" });
        serde_json::to_writer(out, &trace).map_err(io::Error::from)
    }
}

/// Seconds as microseconds, to the nanosecond: step sums carry rounding dust.
pub fn micros(seconds: f64) -> f64 {
    (seconds * 1e9).round() / 1e3
}

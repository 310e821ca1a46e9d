//! Repeats folded, so that a trace stays small and readable: on a track, a stretch where the same
//! events recur becomes one span (`X`, category `repeated`) from the first event's start to the
//! last one's end, with `args.count`, how many times they ran. An idle NPC's "no plan" at every
//! think is a cycle of one event: its span is named "no plan", with the shared args (its
//! reason). A hospital visitor topping up its energy (plan a rest, rest one tick, no plan, think
//! again a moment later, and so on for a minute) is a cycle of three: its span is named by them
//! in the order they happened ("plan → rest → no plan"), and `args.cycle` lists each with its
//! args. Events are the same when their phase, name and args are, the request number aside;
//! times and durations may differ. A cycle must run twice to fold: an event that happened once
//! stays as it was.

use std::collections::BTreeMap;

use serde_json::{json, Value};

/// The most events a cycle may have: enough for a plan, its actions and the next decision.
const LONGEST_CYCLE: usize = 8;

/// The tracks' events on their way to the file.
#[derive(Default)]
pub struct Repeats {
    /// By track (tid), so that what is left is written in track order.
    tracks: BTreeMap<usize, Track>,
}

/// One track's events not yet written.
#[derive(Default)]
struct Track {
    /// The latest events with their keys, oldest first: where a cycle may begin.
    recent: Vec<(Value, Value)>,
    /// The cycle being folded.
    cycle: Option<Cycle>,
}

/// Events recurring, folded so far.
struct Cycle {
    /// The first round, in the order the events came.
    first: Vec<Value>,
    /// The events' keys, in that order.
    keys: Vec<Value>,
    /// Whole rounds seen.
    rounds: usize,
    /// The round under way.
    partial: Vec<Value>,
    /// When the first round began and the last whole one ended (µs).
    start: f64,
    end: f64,
}

impl Repeats {
    /// Takes `event` of track `tid`; writes to `out` what can no longer fold.
    pub fn push(&mut self, tid: usize, event: Value, out: &mut Vec<Value>) {
        self.tracks.entry(tid).or_default().push(tid, event, out);
    }

    /// Writes every track's events still held, cycles folded, in track order.
    pub fn finish(self, out: &mut Vec<Value>) {
        for (tid, track) in self.tracks {
            if let Some(cycle) = track.cycle {
                out.push(cycle.span(tid));
                out.extend(cycle.partial);
            }
            out.extend(track.recent.into_iter().map(|(_, event)| event));
        }
    }
}

impl Track {
    fn push(&mut self, tid: usize, event: Value, out: &mut Vec<Value>) {
        let mut queue = vec![event];
        while let Some(event) = queue.pop() {
            let Some(cycle) = &mut self.cycle else {
                self.remember(event, out);
                continue;
            };
            if cycle.extend(&event) {
                continue;
            }
            let cycle = self.cycle.take().expect("matched above");
            out.push(cycle.span(tid));
            // The unfinished round may begin another cycle: it is looked at again, then `event`.
            queue.push(event);
            queue.extend(cycle.partial.into_iter().rev());
        }
    }

    /// Adds `event` to the latest; when they end with a round repeated, folds from there.
    fn remember(&mut self, event: Value, out: &mut Vec<Value>) {
        self.recent.push((key(&event), event));
        let n = self.recent.len();
        let repeated = (1..=LONGEST_CYCLE.min(n / 2))
            .find(|&len| (n - len..n).all(|i| self.recent[i].0 == self.recent[i - len].0));
        match repeated {
            Some(len) => {
                let rounds = self.recent.split_off(n - 2 * len);
                out.extend(self.recent.drain(..).map(|(_, event)| event));
                self.cycle = Some(Cycle::new(rounds, len));
            }
            // Too old to begin a cycle with the events to come.
            None if n > 2 * LONGEST_CYCLE => out.push(self.recent.remove(0).1),
            None => {}
        }
    }
}

impl Cycle {
    /// A cycle of `len` events from `rounds` (keyed), two rounds of it.
    fn new(mut rounds: Vec<(Value, Value)>, len: usize) -> Self {
        let (start, end) = extent(rounds.iter().map(|(_, event)| event));
        rounds.truncate(len);
        let (keys, first) = rounds.into_iter().unzip();
        Cycle {
            keys,
            first,
            rounds: 2,
            partial: Vec::new(),
            start,
            end,
        }
    }

    /// Takes `event` when it is the next one of the cycle.
    fn extend(&mut self, event: &Value) -> bool {
        if key(event) != self.keys[self.partial.len()] {
            return false;
        }
        self.partial.push(event.clone());
        if self.partial.len() == self.keys.len() {
            let (start, end) = extent(&self.partial);
            self.start = self.start.min(start);
            self.end = self.end.max(end);
            self.rounds += 1;
            self.partial.clear();
        }
        true
    }

    /// The span standing for the whole rounds.
    fn span(&self, tid: usize) -> Value {
        // Named in the order the events happened; a span is written when it ends, after the
        // decisions made while it ran.
        let mut round: Vec<&Value> = self.first.iter().collect();
        round.sort_by(|a, b| ts(a).total_cmp(&ts(b)));
        let (name, args) = match round[..] {
            [event] => {
                let mut args = shared_args(event);
                args["count"] = json!(self.rounds);
                (event["name"].clone(), args)
            }
            _ => {
                let names: Vec<&str> = round.iter().filter_map(|e| e["name"].as_str()).collect();
                let cycle: Vec<Value> = round
                    .iter()
                    .map(|e| json!({ "name": e["name"], "args": shared_args(e) }))
                    .collect();
                let args = json!({ "count": self.rounds, "cycle": cycle });
                (json!(names.join(" → ")), args)
            }
        };
        json!({
            "name": name,
            "cat": "repeated",
            "ph": "X",
            "ts": self.start,
            // Both ends are whole nanoseconds: the difference is too, without its rounding dust.
            "dur": ((self.end - self.start) * 1e3).round() / 1e3,
            "pid": 1,
            "tid": tid,
            "args": args,
        })
    }
}

/// What makes two events the same: phase, name and args but the request number.
fn key(event: &Value) -> Value {
    json!([event["ph"], event["name"], shared_args(event)])
}

/// `event`'s args that every round shares: all but the request number.
fn shared_args(event: &Value) -> Value {
    let mut args = event["args"].clone();
    if let Some(args) = args.as_object_mut() {
        args.remove("request");
    }
    args
}

fn ts(event: &Value) -> f64 {
    event["ts"].as_f64().unwrap_or(0.0)
}

/// From the earliest start to the latest end of `events` (µs).
fn extent<'a>(events: impl IntoIterator<Item = &'a Value>) -> (f64, f64) {
    events
        .into_iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), e| {
            let start = ts(e);
            let end = start + e["dur"].as_f64().unwrap_or(0.0);
            (a.min(start), b.max(end))
        })
}

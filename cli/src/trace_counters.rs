//! The trace's counter tracks: each traced NPC's needs (their attribute values, e.g. 0–100)
//! and, for a UDGOAP NPC, its drive satisfactions (0–1), at the samples of a [`SampleClock`],
//! each counter written only when its value changed. Chrome counters belong to a process, not
//! to a thread, so a counter's name carries its NPC's track title: `"<n> <npc> <need> need"`
//! and `"<n> <npc> <drive> satisfaction"`, one value each (`args.value`), which Perfetto shows
//! as a track of its own.

use std::collections::HashMap;

use motive::core::World;
use serde_json::{json, Value};

use crate::npc_levels;
use crate::roster::Roster;
use crate::sample_clock::SampleClock;
use crate::trace::micros;

/// The counters of a trace.
pub struct Counters {
    clock: SampleClock,
    /// Each counter's last value written, by counter name.
    last: HashMap<String, f64>,
}

impl Counters {
    /// Counters for a run that starts at world time `start`.
    pub fn new(start: f64) -> Self {
        Counters {
            clock: SampleClock::new(start),
            last: HashMap::new(),
        }
    }

    /// Samples the first `tracks` NPCs to `out` when a sample is due.
    pub fn after_step(
        &mut self,
        world: &World,
        roster: &Roster,
        tracks: usize,
        out: &mut Vec<Value>,
    ) {
        if self.clock.due(world.time()) {
            self.sample(world, roster, tracks, out);
        }
    }

    /// Samples them at the end of the run, unless that was just done.
    pub fn finish(&mut self, world: &World, roster: &Roster, tracks: usize, out: &mut Vec<Value>) {
        if self.clock.ends_unsampled(world.time()) {
            self.sample(world, roster, tracks, out);
        }
    }

    fn sample(&mut self, world: &World, roster: &Roster, tracks: usize, out: &mut Vec<Value>) {
        let ts = micros(world.time());
        for (i, &npc) in roster.npcs().iter().take(tracks).enumerate() {
            let title = roster.title(world, npc);
            let needs = npc_levels::need_values(world, npc)
                .into_iter()
                .map(|(label, value)| (format!("{title} {label} need"), value));
            let drives = npc_levels::satisfactions(world, npc)
                .into_iter()
                .map(|(label, value)| (format!("{title} {label} satisfaction"), value));
            for (name, value) in needs.chain(drives) {
                if self.last.get(&name) == Some(&value) {
                    continue;
                }
                out.push(json!({
                    "name": name, "cat": "levels", "ph": "C", "ts": ts, "pid": 1, "tid": i + 1,
                    "args": { "value": value },
                }));
                self.last.insert(name, value);
            }
        }
    }
}

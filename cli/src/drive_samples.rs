//! What `--plot` draws: each charted NPC's drives, at every sample of a [`SampleClock`]. A
//! UDGOAP NPC's are its drive satisfactions (in [0, 1]); a GOAP NPC has none, so its numeric
//! needs stand in for them (see [`npc_levels`]).

use motive::core::brains::Brain;
use motive::core::{Entity, World};

use crate::npc_levels;
use crate::roster::Roster;
use crate::sample_clock::SampleClock;
use crate::svg_chart::{self, Axis, Scale, Series};

/// NPCs charted when `--plot-npcs` is not given (the first ones in spawn order).
pub const DEFAULT_PANELS: usize = 12;

/// What a panel's values are.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Measure {
    /// Drive satisfaction, in [0, 1].
    Satisfaction,
    /// Need values, within the attributes' ranges when they all have one.
    Need {
        /// The union of the needs' ranges.
        range: Option<(f64, f64)>,
    },
}

/// One NPC's chart.
pub struct Panel {
    /// Whose.
    pub npc: Entity,
    /// `<number> <name>`.
    pub title: String,
    /// What its values are.
    pub measure: Measure,
    /// One per drive or need (simulated seconds, value), in first-seen order.
    pub series: Vec<Series>,
}

/// The samples of a run.
pub struct DriveSamples {
    /// Most NPCs charted.
    limit: usize,
    /// World time the run started at.
    start: f64,
    clock: SampleClock,
    panels: Vec<Panel>,
}

impl DriveSamples {
    /// Samples for the first `limit` NPCs of a run that starts at world time `start`.
    pub fn new(limit: usize, start: f64) -> Self {
        DriveSamples {
            limit,
            start,
            clock: SampleClock::new(start),
            panels: Vec::new(),
        }
    }

    /// The panels so far, in NPC order.
    pub fn panels(&self) -> &[Panel] {
        &self.panels
    }

    /// The panels as a chart draws them: every panel over the same time, from the run's start
    /// to the last sample.
    pub fn chart_panels(&self) -> Vec<svg_chart::Panel> {
        let times = self
            .panels
            .iter()
            .flat_map(|p| &p.series)
            .flat_map(|s| &s.points)
            .map(|p| p.0);
        let time = svg_chart::bounds(times.chain([self.start]));
        self.panels
            .iter()
            .map(|panel| {
                let (label, range) = match panel.measure {
                    Measure::Satisfaction => ("drive satisfaction", Some((0.0, 1.0))),
                    Measure::Need { range } => ("need value", range),
                };
                svg_chart::Panel {
                    title: panel.title.clone(),
                    x: Axis {
                        label: "simulated seconds".into(),
                        scale: Scale::Linear,
                        range: time,
                    },
                    y: Axis {
                        label: label.into(),
                        scale: Scale::Linear,
                        range,
                    },
                    series: panel.series.clone(),
                    markers: false,
                }
            })
            .collect()
    }

    /// Takes a sample when one is due.
    pub fn after_step(&mut self, world: &World, roster: &Roster) {
        if self.clock.due(world.time()) {
            self.sample(world, roster);
        }
    }

    /// Takes a last sample at the end of the run, unless one was just taken.
    pub fn finish(&mut self, world: &World, roster: &Roster) {
        if self.clock.ends_unsampled(world.time()) {
            self.sample(world, roster);
        }
    }

    fn sample(&mut self, world: &World, roster: &Roster) {
        let now = world.time();
        for &npc in roster.npcs().iter().take(self.limit) {
            let Ok(mind) = world.mind(npc) else {
                continue; // gone: its lines end
            };
            let panel = match self.panels.iter().position(|p| p.npc == npc) {
                Some(i) => &mut self.panels[i],
                None => {
                    let title = roster.title(world, npc);
                    let measure = if mind.brain.kind() != Brain::Udgoap {
                        Measure::Need {
                            range: need_range(world, npc),
                        }
                    } else {
                        Measure::Satisfaction
                    };
                    self.panels.push(Panel {
                        npc,
                        title,
                        measure,
                        series: Vec::new(),
                    });
                    self.panels.last_mut().expect("just pushed")
                }
            };
            let levels = match panel.measure {
                Measure::Satisfaction => npc_levels::satisfactions(world, npc),
                Measure::Need { .. } => npc_levels::need_values(world, npc),
            };
            for (label, value) in levels {
                add_point(panel, label, now, value);
            }
        }
    }
}

fn add_point(panel: &mut Panel, label: &str, time: f64, value: f64) {
    let series = match panel.series.iter().position(|s| s.label == label) {
        Some(i) => &mut panel.series[i],
        None => {
            panel.series.push(Series {
                label: label.to_owned(),
                points: Vec::new(),
            });
            panel.series.last_mut().expect("just pushed")
        }
    };
    series.points.push((time, value));
}

/// The union of the ranges of `npc`'s needs; `None` when one has no range.
fn need_range(world: &World, npc: Entity) -> Option<(f64, f64)> {
    let attributes = world.domain().attributes();
    npc_levels::needs(world, npc)
        .iter()
        .map(|need| attributes[need.0 as usize].range)
        .try_fold(None, |union: Option<(f64, f64)>, range| {
            let (lo, hi) = range?;
            Some(Some(
                union.map_or((lo, hi), |(a, b)| (a.min(lo), b.max(hi))),
            ))
        })
        .flatten()
}

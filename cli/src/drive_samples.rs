//! What `--plot` draws: each charted NPC's needs or drives, every simulated second from the
//! first (by then every NPC has thought, with the default think interval, so none shows the
//! full satisfaction a mind starts with) and at the end.
//!
//! One scale per quantity: an NPC whose archetype has numeric needs (decaying attributes) is
//! charted by those, whatever its brain, so a scenario's variants compare on the attributes'
//! own range; an NPC without needs but with UDGOAP drives by their satisfaction, in [0, 1].
//! An NPC with neither gets no panel. A dead NPC's lines end when it dies.

use motive::core::{Entity, World};
use motive::sim::lives;

use crate::npc_levels;
use crate::roster::Roster;
use crate::sample_clock::SampleClock;
use crate::svg_chart::{self, Axis, Scale, Series};

/// NPCs charted when `--plot-npcs` is not given (the first ones in spawn order with needs or
/// drives).
pub const DEFAULT_PANELS: usize = 12;

/// What the chart says when no NPC has anything to chart.
pub const NOTHING: &str = "no NPC has needs or drives to plot";

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

impl Measure {
    /// Its name on a chart's axis.
    fn label(self) -> &'static str {
        match self {
            Measure::Satisfaction => "drive satisfaction",
            Measure::Need { .. } => "need value",
        }
    }
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
    /// How many of the roster's NPCs were considered for a panel (a roster only grows at its
    /// end, so each is considered once).
    considered: usize,
    panels: Vec<Panel>,
}

impl DriveSamples {
    /// Samples for the first `limit` NPCs with needs or drives of a run that starts at world
    /// time `start`.
    pub fn new(limit: usize, start: f64) -> Self {
        DriveSamples {
            limit,
            start,
            clock: SampleClock::new(start),
            considered: 0,
            panels: Vec::new(),
        }
    }

    /// The panels so far, in NPC order.
    pub fn panels(&self) -> &[Panel] {
        &self.panels
    }

    /// The chart's heading: the run's `title`, what the panels show and how many of the run's
    /// `npcs` they chart.
    pub fn heading(&self, title: &str, npcs: usize) -> String {
        let shown = |measure: fn(&Measure) -> bool| self.panels.iter().any(|p| measure(&p.measure));
        let needs = shown(|m| matches!(m, Measure::Need { .. }));
        let drives = shown(|m| *m == Measure::Satisfaction);
        let what = match (needs, drives) {
            (true, true) => "needs and drive satisfaction",
            (true, false) => "needs",
            (false, true) => "drive satisfaction",
            (false, false) => "needs or drives",
        };
        let plural = if npcs == 1 { "" } else { "s" };
        format!(
            "{title}: {what} over time, {} of {npcs} NPC{plural}",
            self.panels.len()
        )
    }

    /// The panels as a chart draws them: every panel over the same time, from the run's start
    /// to the last sample, and every panel of a quantity on the same scale (needs on the union
    /// of their ranges, or of their values where a need has no range).
    pub fn chart_panels(&self) -> Vec<svg_chart::Panel> {
        let values = |panel: &Panel| {
            let points = panel.series.iter().flat_map(|s| &s.points);
            svg_chart::bounds(points.map(|p| p.1))
        };
        let time = svg_chart::bounds(
            self.panels
                .iter()
                .flat_map(|p| &p.series)
                .flat_map(|s| &s.points)
                .map(|p| p.0)
                .chain([self.start]),
        );
        let need_range = svg_chart::bounds(
            self.panels
                .iter()
                .filter_map(|panel| match panel.measure {
                    Measure::Need { range } => range.or_else(|| values(panel)),
                    Measure::Satisfaction => None,
                })
                .flat_map(|(lo, hi)| [lo, hi]),
        );
        self.panels
            .iter()
            .map(|panel| svg_chart::Panel {
                title: panel.title.clone(),
                x: Axis {
                    label: "simulated seconds".into(),
                    scale: Scale::Linear,
                    range: time,
                },
                y: Axis {
                    label: panel.measure.label().into(),
                    scale: Scale::Linear,
                    range: match panel.measure {
                        Measure::Satisfaction => Some((0.0, 1.0)),
                        Measure::Need { .. } => need_range,
                    },
                },
                series: panel.series.clone(),
                markers: false,
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
        self.enlist(world, roster);
        let now = world.time();
        for panel in &mut self.panels {
            if !lives(world, panel.npc) {
                continue; // dead or gone: its lines end
            }
            let levels = match panel.measure {
                Measure::Satisfaction => npc_levels::satisfactions(world, panel.npc),
                Measure::Need { .. } => npc_levels::need_values(world, panel.npc),
            };
            for (label, value) in levels {
                add_point(panel, label, now, value);
            }
        }
    }

    /// Gives a panel to the NPCs not yet considered that live and have something to chart,
    /// while there is room.
    fn enlist(&mut self, world: &World, roster: &Roster) {
        for &npc in &roster.npcs()[self.considered..] {
            if self.panels.len() >= self.limit {
                break;
            }
            self.considered += 1;
            let Some(measure) = measure(world, npc).filter(|_| lives(world, npc)) else {
                continue;
            };
            let title = roster.title(world, npc);
            self.panels.push(Panel {
                npc,
                title,
                measure,
                series: Vec::new(),
            });
        }
    }
}

/// What `npc` is charted by: its numeric needs, else its UDGOAP drives; `None` without either.
fn measure(world: &World, npc: Entity) -> Option<Measure> {
    if !npc_levels::needs(world, npc).is_empty() {
        return Some(Measure::Need {
            range: need_range(world, npc),
        });
    }
    let mind = world.mind(npc).ok()?;
    let udgoap = mind.brain.udgoap()?;
    (!udgoap.drives.is_empty()).then_some(Measure::Satisfaction)
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

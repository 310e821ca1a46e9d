//! Taking a scenario's measures of success ([`Measure`]) as a run goes: an [`Observer`] that
//! follows the entities each measure is about, from the world it is made for and the spawns
//! after, and reports each measure's headline value and what stands behind it.

use std::fmt::Write;

use crate::core::model::condition::Bindings;
use crate::core::world::event::{Event, EventKind};
use crate::core::{Entity, Error, Result, World};

use super::measure::{Measure, MeasureKind};
use super::observer::{Ending, Observer, Performed};

/// The measures of one run and what they have counted so far.
#[derive(Debug)]
pub struct Measurement {
    measures: Vec<Measure>,
    tallies: Vec<Tally>,
}

/// One measure's count.
#[derive(serde::Serialize, serde::Deserialize, Debug)]
enum Tally {
    /// `TimeUntil`: entities still waiting (since when), the times of those that got there,
    /// and how many died first.
    Times {
        waiting: Vec<(Entity, f64)>,
        reached: Vec<f64>,
        died: u32,
    },
    /// `Performed` and `Deaths`.
    Count(u64),
    /// `Lifespan`: lives going on (since when) and lives ended.
    Lives {
        going: Vec<(Entity, f64)>,
        ended: Vec<f64>,
    },
}

/// A measure's value at some moment.
#[derive(Clone, Debug, PartialEq)]
pub struct MeasureValue {
    /// The measure's name.
    pub name: String,
    /// The headline value (a mean time, a count); `None` when there is nothing to average yet.
    pub headline: Option<f64>,
    /// The headline and what stands behind it, in words ("mean 123.4 s, worst 130.2 s; 32 of
    /// 32").
    pub text: String,
}

impl Measurement {
    /// Takes `measures` in `world`, from its time now, following the entities it has.
    pub fn new(measures: Vec<Measure>, world: &World) -> Self {
        let tallies = measures
            .iter()
            .map(|m| match m.kind {
                MeasureKind::TimeUntil { .. } => Tally::Times {
                    waiting: Vec::new(),
                    reached: Vec::new(),
                    died: 0,
                },
                MeasureKind::Performed { .. } | MeasureKind::Deaths { .. } => Tally::Count(0),
                MeasureKind::Lifespan { .. } => Tally::Lives {
                    going: Vec::new(),
                    ended: Vec::new(),
                },
            })
            .collect();
        let mut measurement = Measurement { measures, tallies };
        for entity in world.entities() {
            measurement.follow(world, entity);
        }
        measurement
    }

    /// The measures taken.
    pub fn measures(&self) -> &[Measure] {
        &self.measures
    }

    /// What has been counted so far, to save beside a run ([`super::Simulator::save`]), so
    /// that a loaded run goes on measuring from where it was saved.
    pub fn save(&self) -> Result<Vec<u8>> {
        postcard::to_stdvec(&self.tallies)
            .map_err(|e| Error::invalid(format!("the measures cannot be saved: {e}")))
    }

    /// `measures` with the counts of `bytes` (made by [`Measurement::save`] for the same
    /// measures), for `world`, the world loaded from the save taken with it.
    pub fn load(measures: Vec<Measure>, bytes: &[u8], world: &World) -> Result<Self> {
        let tallies: Vec<Tally> = crate::core::model::entity::loading_into(world.serial(), || {
            postcard::from_bytes(bytes)
        })
        .map_err(|e| Error::invalid(format!("not a save of measures: {e}")))?;
        let fits = tallies.len() == measures.len()
            && measures.iter().zip(&tallies).all(|(m, t)| {
                matches!(
                    (&m.kind, t),
                    (MeasureKind::TimeUntil { .. }, Tally::Times { .. })
                        | (MeasureKind::Performed { .. }, Tally::Count(_))
                        | (MeasureKind::Deaths { .. }, Tally::Count(_))
                        | (MeasureKind::Lifespan { .. }, Tally::Lives { .. })
                )
            });
        if !fits {
            return Err(Error::invalid(
                "the saved measures are not this scenario's".to_owned(),
            ));
        }
        Ok(Measurement { measures, tallies })
    }

    /// Each measure's value at `world`'s time now, in declaration order.
    pub fn values(&self, world: &World) -> Vec<MeasureValue> {
        let now = world.time();
        self.measures
            .iter()
            .zip(&self.tallies)
            .map(|(measure, tally)| {
                let (headline, text) = match tally {
                    Tally::Count(n) => (Some(*n as f64), n.to_string()),
                    Tally::Times {
                        waiting,
                        reached,
                        died,
                    } => times(reached, waiting, *died as usize, now),
                    Tally::Lives { going, ended } => lives(ended, going, now),
                };
                MeasureValue {
                    name: measure.name.clone(),
                    headline,
                    text,
                }
            })
            .collect()
    }

    /// Starts following `entity` for every measure about its archetype, from now.
    fn follow(&mut self, world: &World, entity: Entity) {
        let Ok(Some(archetype)) = world.archetype(entity) else {
            return;
        };
        let now = world.time();
        for (measure, tally) in self.measures.iter().zip(&mut self.tallies) {
            if !measure.kind.archetypes().contains(&archetype) {
                continue;
            }
            match tally {
                Tally::Times { waiting, .. } => waiting.push((entity, now)),
                Tally::Lives { going, .. } => going.push((entity, now)),
                Tally::Count(_) => {}
            }
        }
    }

    /// Counts a success of `action` for the `Performed` measures naming it.
    fn count_performed(&mut self, action: crate::core::model::action::ActionId) {
        for (measure, tally) in self.measures.iter().zip(&mut self.tallies) {
            if let (MeasureKind::Performed { actions }, Tally::Count(n)) = (&measure.kind, tally) {
                *n += u64::from(actions.contains(&action));
            }
        }
    }
}

impl Observer for Measurement {
    fn event(&mut self, _world: &World, event: &Event) {
        // Timed actions end with this event; engine actions with `performed`.
        if let (EventKind::ActionFinished, Some(action)) = (event.kind, event.action) {
            self.count_performed(action);
        }
    }

    fn performed(&mut self, _world: &World, performed: &Performed) {
        self.count_performed(performed.action);
    }

    fn spawned(&mut self, world: &World, entity: Entity) {
        self.follow(world, entity);
    }

    fn died(&mut self, world: &World, entity: Entity, ending: Ending) {
        let now = world.time();
        let archetype = world.archetype(entity).ok().flatten();
        for (measure, tally) in self.measures.iter().zip(&mut self.tallies) {
            let about = archetype.is_some_and(|a| measure.kind.archetypes().contains(&a));
            match tally {
                Tally::Count(n) if about => {
                    *n += u64::from(matches!(measure.kind, MeasureKind::Deaths { .. }));
                }
                Tally::Lives { going, ended } => {
                    if let Some(i) = going.iter().position(|&(e, _)| e == entity) {
                        ended.push(now - going[i].1);
                        match ending {
                            Ending::Reset => going[i].1 = now,
                            Ending::Removed => {
                                going.remove(i);
                            }
                        }
                    }
                }
                Tally::Times { waiting, died, .. } if ending == Ending::Removed => {
                    let before = waiting.len();
                    waiting.retain(|&(e, _)| e != entity);
                    *died += (before - waiting.len()) as u32;
                }
                _ => {}
            }
        }
    }

    fn cleared(&mut self, _world: &World, entity: Entity) {
        // A reset cut its life short: neither a death nor a life going on, nor one waiting.
        for tally in &mut self.tallies {
            match tally {
                Tally::Lives { going: list, .. } | Tally::Times { waiting: list, .. } => {
                    list.retain(|&(e, _)| e != entity);
                }
                Tally::Count(_) => {}
            }
        }
    }

    fn after_step(&mut self, world: &World, _stats: &super::SimStats) {
        let now = world.time();
        for (measure, tally) in self.measures.iter().zip(&mut self.tallies) {
            let (
                MeasureKind::TimeUntil { all, .. },
                Tally::Times {
                    waiting, reached, ..
                },
            ) = (&measure.kind, tally)
            else {
                continue;
            };
            waiting.retain(|&(entity, since)| {
                let bindings = Bindings::pair(entity, entity);
                let holds = all.iter().all(|c| c.holds(world, &bindings));
                if holds {
                    reached.push(now - since);
                }
                !holds
            });
        }
    }
}

/// A `TimeUntil` in words: the mean and worst of the times reached, and who did not get there.
fn times(
    reached: &[f64],
    waiting: &[(Entity, f64)],
    died: usize,
    now: f64,
) -> (Option<f64>, String) {
    let not_yet = waiting.len();
    let total = reached.len() + not_yet + died;
    let mut text = String::new();
    let headline = mean(reached);
    match headline {
        Some(mean) => {
            let worst = reached.iter().copied().fold(f64::MIN, f64::max);
            let _ = write!(
                text,
                "mean {mean:.1} s, worst {worst:.1} s; {} of {total}",
                reached.len()
            );
        }
        None => {
            let _ = write!(text, "none of {total} yet");
        }
    }
    if not_yet > 0 {
        let longest = waiting
            .iter()
            .map(|&(_, since)| now - since)
            .fold(0.0, f64::max);
        let _ = write!(text, "; {not_yet} not after {longest:.1} s");
    }
    if died > 0 {
        let _ = write!(text, "; {died} died first");
    }
    (headline, text)
}

/// A `Lifespan` in words: the ended lives' mean and shortest, and the lives still going.
fn lives(ended: &[f64], going: &[(Entity, f64)], now: f64) -> (Option<f64>, String) {
    let mut text = String::new();
    let so_far: Vec<f64> = going.iter().map(|&(_, since)| now - since).collect();
    let headline = match mean(ended) {
        Some(mean) => {
            let shortest = ended.iter().copied().fold(f64::MAX, f64::min);
            let _ = write!(
                text,
                "mean {mean:.1} s over {} lives, shortest {shortest:.1} s",
                ended.len()
            );
            Some(mean)
        }
        None => {
            // Nobody died: the lives so far are lower bounds, and say so.
            let _ = write!(text, "no life ended");
            None
        }
    };
    if !so_far.is_empty() {
        let longest = so_far.iter().copied().fold(0.0, f64::max);
        let _ = write!(
            text,
            "; {} going at the end, the longest {longest:.1} s so far",
            so_far.len()
        );
    }
    (headline, text)
}

fn mean(values: &[f64]) -> Option<f64> {
    (!values.is_empty()).then(|| values.iter().sum::<f64>() / values.len() as f64)
}

//! The FSM baseline (issue 7, item 2): the hospital's nurses, doctors and visitors driven by
//! hand-written finite state machines (S:86-97), the way a game team would write them against
//! motive's public API. Motive holds the facts (patients' needs decay in `World::tick`) and
//! answers "what near me supplies this" (`World::find_suppliers`); the characters think
//! nothing in motive (`hospital::remove_brains`).
//!
//! Every think interval (0.2 s, S:155) a character checks the transitions out of its state in a
//! fixed order, with the thresholds of `fsm_tuning.rs` (S:138, S:184):
//! - **nurse**: medicate > feed, from any state but those two (a nurse carrying pills or food
//!   delivers it: S:138's nurse doing admin switches to giving medication when a patient's
//!   medication falls below the threshold); then, from idle, admin > socialize;
//! - **doctor**: check a stale chart, from idle or socializing; then, from idle, socialize;
//! - **visitor**: chat with a lonely patient, from idle or resting; then rest (S:136).
//!
//! A state's work is one or two errands: walk to a target, perform an action there. The FSM
//! walks its characters at the scenario's speed (`walk`, the engine's part: not the
//! controller's time) and performs actions with the domain's durations and effects
//! (`performing.rs`). A patient or bed is claimed by one character per action, as the brains'
//! slots keep two nurses from serving one patient at once.

use std::collections::HashSet;
use std::sync::Arc;

use motive::core::model::action::ActionId;
use motive::core::model::condition::FactView;
use motive::core::{Domain, Entity, Value, Vec3, World};

use super::fsm_tuning::{Job, Threshold, Tuning};
use super::performing::Performing;

/// Closer than this counts as there (units): positions are `f32`.
const ARRIVAL_EPSILON: f64 = 1e-4;
/// Spreads first thinks over the interval, as `World::spawn` staggers NPCs.
const GOLDEN_RATIO_FRACTION: f64 = 0.618_033_988_749_895;

/// The FSM state: what a character is doing, with whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Duty {
    Idle,
    /// Fetch pills (cabinet, or the backup once the cabinet is empty), give them to a patient.
    Medicate(Entity),
    /// Fetch food at the trolley, give it to a patient.
    Feed(Entity),
    /// Paperwork at the desk.
    Admin,
    /// Chat with the nearest other staff member.
    Socialize,
    /// Check a bed's stale chart.
    CheckChart(Entity),
    /// Talk to a lonely patient.
    Visit(Entity),
    /// Rest at the rest area until rested.
    Rest,
}

/// Where a character is in its errand.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Step {
    /// Nothing under way.
    None,
    /// Walking to `target` to perform `action` there.
    Walk {
        target: Entity,
        action: ActionId,
        arrived: bool,
    },
    /// Performing an action.
    Perform(Performing),
}

/// One character the FSM drives.
#[derive(Clone, Copy, Debug)]
struct Character {
    entity: Entity,
    job: Job,
    duty: Duty,
    step: Step,
    next_think: f64,
    /// Its archetype's think settings.
    interval: f64,
    perception: f64,
}

/// The FSMs of every nurse, doctor and visitor of one world.
pub struct Fsm {
    domain: Arc<Domain>,
    tuning: Tuning,
    /// Walking speed, m/s.
    speed: f64,
    characters: Vec<Character>,
    /// Targets taken: (patient or bed, the action a character is on its way to perform).
    claims: HashSet<(Entity, ActionId)>,
    /// The suppliers the last search found, nearest first; reused.
    found: Vec<Entity>,
}

impl Fsm {
    /// FSMs for the nurses, doctors and visitors of `world`, walking at `speed`.
    pub fn new(world: &World, speed: f64) -> Result<Self, String> {
        let domain = world.domain().clone();
        let tuning = Tuning::read(&domain)?;
        let mut characters = Vec::new();
        for entity in world.entities() {
            let Ok(Some(archetype)) = world.archetype(entity) else {
                continue;
            };
            let Some(job) = tuning.job(archetype) else {
                continue;
            };
            let think = domain.archetype(archetype).think;
            let phase = (characters.len() as f64 * GOLDEN_RATIO_FRACTION).fract();
            characters.push(Character {
                entity,
                job,
                duty: Duty::Idle,
                step: Step::None,
                next_think: world.time() + phase * think.think_interval,
                interval: think.think_interval,
                perception: think.perception_range,
            });
        }
        Ok(Fsm {
            claims: HashSet::with_capacity(characters.len()),
            found: Vec::new(),
            domain,
            tuning,
            speed,
            characters,
        })
    }

    /// The engine's part: moves every walking character up to `dt` seconds' walk toward its
    /// target, stopping `goto`'s stand-off short, and notes arrivals.
    pub fn walk(&mut self, world: &mut World, dt: f64) {
        let (reach, stand_off) = (self.speed * dt, self.tuning.stand_off);
        for c in &mut self.characters {
            let Step::Walk {
                target,
                action,
                arrived: false,
            } = c.step
            else {
                continue;
            };
            let (Some(here), Some(there)) = (position(world, c.entity), position(world, target))
            else {
                c.step = Step::None; // the target is gone: the next think gives up the duty
                continue;
            };
            let delta = [there.x - here.x, there.y - here.y, there.z - here.z].map(f64::from);
            let length = delta.iter().map(|d| d * d).sum::<f64>().sqrt();
            let gap = length - stand_off;
            let travel = gap.clamp(0.0, reach);
            if travel > 0.0 {
                let along = |axis: usize, from: f32| {
                    (f64::from(from) + delta[axis] / length * travel) as f32
                };
                let next = Vec3::new(along(0, here.x), along(1, here.y), along(2, here.z));
                let _ = world.set_position(c.entity, next); // finite: between two positions
            }
            c.step = Step::Walk {
                target,
                action,
                arrived: gap - travel <= ARRIVAL_EPSILON,
            };
        }
    }

    /// The controller's part: every character whose think is due moves on in its state and
    /// checks its transitions.
    pub fn think(&mut self, world: &mut World) {
        let now = world.time();
        for i in 0..self.characters.len() {
            let mut c = self.characters[i];
            // A step sum a nanosecond short of the think is on time.
            if c.next_think > now + 1e-9 {
                continue;
            }
            c.next_think += c.interval;
            self.progress(world, &mut c, now);
            self.decide(world, &mut c);
            self.characters[i] = c;
        }
    }

    /// Moves `c` on in its errand: starts performing on arrival, performs, and goes to the
    /// state's next errand (or idle) when an action ends.
    fn progress(&mut self, world: &mut World, c: &mut Character, now: f64) {
        match c.step {
            Step::None if c.duty != Duty::Idle => self.finish(c),
            Step::None | Step::Walk { arrived: false, .. } => {}
            Step::Walk { target, action, .. } => {
                if action == self.tuning.get_pills && !self.has_stock(world, target) {
                    // Another nurse took the last pill on the way: fetch from the backup.
                    match self.nearest(world, c, self.tuning.get_backup_pills) {
                        Some(backup) => c.step = walk(backup, self.tuning.get_backup_pills),
                        None => self.finish(c),
                    }
                } else {
                    c.step = Step::Perform(Performing::start(action, target, now));
                }
            }
            Step::Perform(mut performing) => {
                if !performing.advance(world, &self.domain, c.entity, now) {
                    c.step = Step::Perform(performing);
                    return;
                }
                let t = &self.tuning;
                match c.duty {
                    Duty::Medicate(patient) if performing.action != t.give_pills => {
                        c.step = walk(patient, t.give_pills)
                    }
                    Duty::Feed(patient) if performing.action != t.give_food => {
                        c.step = walk(patient, t.give_food)
                    }
                    // Chat, then rest (S:136).
                    Duty::Visit(_) => {
                        self.finish(c);
                        self.rest(world, c);
                    }
                    _ => self.finish(c),
                }
            }
        }
    }

    /// The transitions out of `c`'s state, in the fixed order of its job.
    fn decide(&mut self, world: &mut World, c: &mut Character) {
        let t = self.tuning;
        match c.job {
            Job::Nurse => {
                if !matches!(c.duty, Duty::Medicate(_) | Duty::Feed(_)) {
                    if let Some(patient) = self.needy(world, c, t.give_pills, t.medicate) {
                        if let Some((store, take)) = self.pill_source(world, c) {
                            return self.begin(c, Duty::Medicate(patient), store, take);
                        }
                    }
                    if let Some(patient) = self.needy(world, c, t.give_food, t.feed) {
                        if let Some(trolley) = self.nearest(world, c, t.get_food) {
                            return self.begin(c, Duty::Feed(patient), trolley, t.get_food);
                        }
                    }
                }
                if c.duty != Duty::Idle {
                    return;
                }
                if below(world, c.entity, t.admin) {
                    if let Some(desk) = self.nearest(world, c, t.do_admin) {
                        return self.begin(c, Duty::Admin, desk, t.do_admin);
                    }
                }
                self.socialize(world, c);
            }
            Job::Doctor => {
                if matches!(c.duty, Duty::Idle | Duty::Socialize) {
                    if let Some(bed) = self.needy(world, c, t.check_chart, t.stale_chart) {
                        return self.begin(c, Duty::CheckChart(bed), bed, t.check_chart);
                    }
                }
                if c.duty == Duty::Idle {
                    self.socialize(world, c);
                }
            }
            Job::Visitor => {
                if matches!(c.duty, Duty::Idle | Duty::Rest) {
                    if let Some(patient) = self.needy(world, c, t.talk, t.lonely) {
                        return self.begin(c, Duty::Visit(patient), patient, t.talk);
                    }
                }
                if c.duty == Duty::Idle && below(world, c.entity, t.tired) {
                    self.rest(world, c);
                }
            }
        }
    }

    /// From idle: chat with the nearest other staff member when `social` is low.
    fn socialize(&mut self, world: &mut World, c: &mut Character) {
        let chat = self.tuning.chat;
        if below(world, c.entity, self.tuning.social) {
            if let Some(partner) = self.nearest(world, c, chat) {
                self.begin(c, Duty::Socialize, partner, chat);
            }
        }
    }

    /// Goes to rest at the nearest rest area.
    fn rest(&mut self, world: &mut World, c: &mut Character) {
        let rest = self.tuning.rest;
        if let Some(area) = self.nearest(world, c, rest) {
            self.begin(c, Duty::Rest, area, rest);
        }
    }

    /// Leaves `c`'s state for `duty`, walking to `target` to perform `action`.
    fn begin(&mut self, c: &mut Character, duty: Duty, target: Entity, action: ActionId) {
        self.finish(c);
        c.duty = duty;
        if let Some(claim) = self.claim(duty) {
            self.claims.insert(claim);
        }
        c.step = walk(target, action);
    }

    /// Back to idle, giving up what `c` had claimed.
    fn finish(&mut self, c: &mut Character) {
        if let Some(claim) = self.claim(c.duty) {
            self.claims.remove(&claim);
        }
        c.duty = Duty::Idle;
        c.step = Step::None;
    }

    /// What `duty` claims: its patient or bed, for the action it goes there for.
    fn claim(&self, duty: Duty) -> Option<(Entity, ActionId)> {
        let t = &self.tuning;
        match duty {
            Duty::Medicate(p) => Some((p, t.give_pills)),
            Duty::Feed(p) => Some((p, t.give_food)),
            Duty::CheckChart(b) => Some((b, t.check_chart)),
            Duty::Visit(p) => Some((p, t.talk)),
            Duty::Idle | Duty::Admin | Duty::Socialize | Duty::Rest => None,
        }
    }

    /// The nearest supplier of `action` within `c`'s perception whose `threshold` fact is
    /// below it and that nobody has claimed for `action`.
    fn needy(
        &mut self,
        world: &mut World,
        c: &Character,
        action: ActionId,
        threshold: Threshold,
    ) -> Option<Entity> {
        self.search(world, c, action);
        self.found
            .iter()
            .copied()
            .find(|&e| below(world, e, threshold) && !self.claims.contains(&(e, action)))
    }

    /// The nearest supplier of `action` within `c`'s perception, other than `c`.
    fn nearest(&mut self, world: &mut World, c: &Character, action: ActionId) -> Option<Entity> {
        self.search(world, c, action);
        self.found.first().copied()
    }

    /// Where to fetch pills: the nearest cabinet with stock, else the nearest backup.
    fn pill_source(&mut self, world: &mut World, c: &Character) -> Option<(Entity, ActionId)> {
        let (get, backup) = (self.tuning.get_pills, self.tuning.get_backup_pills);
        self.search(world, c, get);
        match self
            .found
            .iter()
            .copied()
            .find(|&e| self.has_stock(world, e))
        {
            Some(cabinet) => Some((cabinet, get)),
            None => self.nearest(world, c, backup).map(|b| (b, backup)),
        }
    }

    fn has_stock(&self, world: &World, cabinet: Entity) -> bool {
        !below(world, cabinet, self.tuning.stock)
    }

    /// Fills `found` with the suppliers of `action` within `c`'s perception, nearest first,
    /// `c` left out.
    fn search(&mut self, world: &mut World, c: &Character, action: ActionId) {
        self.found.clear();
        let Some(here) = position(world, c.entity) else {
            return;
        };
        if let Ok(found) = world.find_suppliers(action, here, c.perception, None) {
            let others = found.iter().map(|f| f.entity).filter(|&e| e != c.entity);
            self.found.extend(others);
        }
    }
}

fn walk(target: Entity, action: ActionId) -> Step {
    Step::Walk {
        target,
        action,
        arrived: false,
    }
}

fn position(world: &World, entity: Entity) -> Option<Vec3> {
    FactView::position(world, entity)
}

/// True when `entity`'s fact is a number below the threshold.
fn below(world: &World, entity: Entity, threshold: Threshold) -> bool {
    matches!(world.value(entity, threshold.attribute), Some(Value::Number(n)) if n < threshold.value)
}

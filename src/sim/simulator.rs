//! The headless engine: ticks a world and plays the engine's part in it, the way a game would.
//!
//! Each step of `dt` seconds:
//! 1. NPCs performing a walk move `speed · dt` toward their destination (positions change over
//!    time, through `World::set_position`, as an engine's would);
//! 2. the world ticks (timed);
//! 3. the NPCs that decided in that tick are counted and announced;
//! 4. events are worked through: engine actions requested are taken up, ended ones dropped;
//!    performances that ran their course are reported (success, or failure by the action's
//!    chance), which may start next steps at once, until nothing more is due;
//! 5. entities whose archetype's death conditions hold are removed, or reset the arena
//!    (`deaths.rs`);
//! 6. spawn rules bring in what is due.
//!
//! An engine action (`ActionDuration::Engine`) whose effects move the performer to the target
//! (`MoveTo(Supplier)` on the consumer) is a walk: to the claimed slot's place when the request
//! names a slot, else `hints.stand_off` short of the target; it succeeds on arrival, reported
//! at the end of the step it arrives in. Motive's move effect then puts the NPC on the target;
//! the simulator sets it back where it stopped, since an engine owns positions. Any other engine
//! action takes its `seconds` (or the rules' `action_seconds`) and then succeeds, or fails with
//! its `failure_chance`, drawn from the simulator's own stream (seeded from the world's seed,
//! so runs are reproducible and the world's own draws are left alone). Timed actions are
//! motive's and need nothing here.

use std::time::Instant;

use crate::core::model::action::{ActionDef, ActionDuration, ActionId};
use crate::core::model::condition::Role;
use crate::core::model::effect::EffectOp;
use crate::core::model::rng::WorldRng;
use crate::core::world::actions::ActionOutcome;
use crate::core::world::event::{Event, EventKind};
use crate::core::{Entity, EntityKind, Result, World};

use super::chaos::{Chaos, ChaosRules, Fate};
use super::deaths::Deaths;
use super::need_servers::NeedServers;
use super::observer::{Observer, Performed};
use super::performance::{Performance, Work};
use super::rules::SimRules;
use super::run::{run_fixed_step, RunSummary};
use super::scripted_player::ScriptedPlayer;
use super::spawner::Spawner;
use super::stats::SimStats;

/// Mixed into the world's seed for the simulator's stream ("SIMULATE"), so the two differ.
const SEED_SALT: u64 = 0x5349_4d55_4c41_5445;

/// Plays the engine's part for one world (see the module documentation).
#[derive(serde::Serialize, serde::Deserialize, Debug)]
pub struct Simulator {
    rules: SimRules,
    rng: WorldRng,
    /// In request order while `in_order` (see [`Simulator::positions`]).
    performances: Vec<Performance>,
    /// The performances are in request order: the world issues requests in increasing order,
    /// so they are unless the request counter wrapped around (after 2^32 requests).
    in_order: bool,
    /// The world's events, drained into this buffer each step and reused.
    events: Vec<Event>,
    /// The NPCs that decided in the step, reused.
    #[serde(skip)]
    decided: Vec<Entity>,
    spawner: Spawner,
    deaths: Deaths,
    player: ScriptedPlayer,
    needs: NeedServers,
    stats: SimStats,
    /// A misbehaving engine's reports (`chaos.rs`); `None`: every report on time.
    chaos: Option<Chaos>,
}

impl Simulator {
    /// A simulator for `world` following `rules`, which must be valid for the world's domain.
    /// Spawn rules count from the world's time now.
    pub fn new(rules: SimRules, world: &World) -> Result<Self> {
        rules.validate(world.domain())?;
        Ok(Simulator {
            rng: WorldRng::new(world.seed() ^ SEED_SALT),
            performances: Vec::new(),
            in_order: true,
            events: Vec::new(),
            decided: Vec::new(),
            spawner: Spawner::new(&rules.spawns, world.time()),
            deaths: Deaths::default(),
            player: ScriptedPlayer::new(&rules.player, world.time()),
            needs: NeedServers::new(world.domain()),
            stats: SimStats::default(),
            chaos: None,
            rules,
        })
    }

    /// Makes the engine misbehave by `rules` from now on: reports held back, failed or lost
    /// (`chaos.rs`), drawn from a stream of the world's seed of their own.
    pub fn set_chaos(&mut self, rules: ChaosRules, world: &World) -> Result<()> {
        self.chaos = Some(Chaos::new(rules, world.seed())?);
        Ok(())
    }

    /// Checks what the engine performs against `world`: every performance is of a live NPC
    /// that runs the request performed, unless an event the next step takes up concerns the
    /// NPC (its plan went while the step ended). Returns the first breach, described. Holds
    /// between steps, before the game changes the world.
    pub fn check(&self, world: &World) -> std::result::Result<(), String> {
        for p in &self.performances {
            if !world.is_live(p.npc, EntityKind::Npc) {
                return Err(format!(
                    "the engine performs request {} of a gone NPC",
                    p.request
                ));
            }
            let runs = world
                .mind(p.npc)
                .is_ok_and(|m| m.running.is_some_and(|r| r.request == p.request));
            // An event dropped unpolled (`World::set_event_limit`) may have told it.
            let told = world.dropped_events() > 0 || world.events().iter().any(|e| e.npc == p.npc);
            if !runs && !told {
                return Err(format!(
                    "the engine performs request {} for an NPC that does not run it",
                    p.request
                ));
            }
        }
        Ok(())
    }

    /// The simulator's whole state (what it performs, its spawner, its random draws), to
    /// save beside its world's ([`World::save`]): a simulator loaded with
    /// [`Simulator::load`] next to the loaded world continues exactly as this one would.
    pub fn save(&self) -> Result<Vec<u8>> {
        postcard::to_stdvec(self)
            .map_err(|e| crate::core::Error::invalid(format!("the simulator cannot be saved: {e}")))
    }

    /// A simulator from `bytes` (made by [`Simulator::save`]) for `world`, the world loaded
    /// from the save taken with it; its handles take that world's serial.
    pub fn load(bytes: &[u8], world: &World) -> Result<Self> {
        let sim: Simulator = crate::core::model::entity::loading_into(world.serial(), || {
            postcard::from_bytes(bytes)
        })
        .map_err(|e| crate::core::Error::invalid(format!("not a simulator save: {e}")))?;
        sim.rules.validate(world.domain())?;
        Ok(sim)
    }

    /// The rules it follows.
    pub fn rules(&self) -> &SimRules {
        &self.rules
    }

    /// What it has done so far.
    pub fn stats(&self) -> &SimStats {
        &self.stats
    }

    /// Runs `world` for `seconds` of world time in steps of the rules' `step` (the last one
    /// shortened to land on the end).
    pub fn run(
        &mut self,
        world: &mut World,
        seconds: f64,
        observer: &mut impl Observer,
    ) -> Result<RunSummary> {
        let step = self.rules.step;
        run_fixed_step(world, seconds, step, |world, dt| {
            self.step(world, dt, observer)
        })
    }

    /// Advances `world` by `dt` seconds (finite, ≥ 0, keeping the clock finite) and plays the
    /// engine's part; a rejected `dt` changes nothing. Reports the world refuses are counted,
    /// not errors; spawning may fail (a spawn rule's fact naming an entity that is gone).
    pub fn step(&mut self, world: &mut World, dt: f64, observer: &mut impl Observer) -> Result<()> {
        self.step_with(world, dt, observer, World::tick)
    }

    /// [`Simulator::step`], with the world's tick made by `tick`: an engine that thinks on its
    /// own job system ticks with `World::tick_begin` and the open tick's `think_range` and
    /// `end`.
    pub fn step_with(
        &mut self,
        world: &mut World,
        dt: f64,
        observer: &mut impl Observer,
        tick: impl FnOnce(&mut World, f64) -> Result<()>,
    ) -> Result<()> {
        world.check_tick(dt)?;
        let distance = self.rules.speed * dt;
        self.walk_or_fail(world, distance);
        self.player.run(&self.rules.player, world)?;
        let started = Instant::now();
        tick(world, dt)?;
        self.stats.tick_wall += started.elapsed();
        self.count_decisions(world, observer);
        self.take_events(world, observer);
        // One pass with a cursor: what is reported is dropped (marked), what the reports start
        // is appended and reached in turn, and no performance behind the cursor can fall due
        // within the step; so the order is the "first due from the start" of a rescan, at
        // the cost of one pass (issue 31, item 8).
        let mut from = 0;
        while let Some(at) = self.report_due(world, observer, from) {
            self.take_events(world, observer);
            from = at + 1;
        }
        self.performances.retain(|p| !p.gone);
        if !self.in_order {
            self.in_order = self
                .performances
                .windows(2)
                .all(|w| w[0].request <= w[1].request);
        }
        let reset = self.rules.reset_on_death;
        let npcs = world.npc_count();
        if self.deaths.run(world, reset, observer)? {
            self.spawner
                .clear(&self.rules.spawns, world, |world, entity| {
                    observer.cleared(world, entity)
                })?;
        }
        if world.npc_count() < npcs {
            // The ended perform nothing more (the next walk would drop them too, unreported).
            self.performances.retain(|p| world.is_alive(p.npc));
        }
        let Simulator {
            spawner,
            rules,
            stats,
            ..
        } = self;
        spawner.run(&rules.spawns, world, |world, entity| {
            stats.spawned += 1;
            observer.spawned(world, entity);
        })?;
        self.stats.ticks += 1;
        observer.after_step(world, &self.stats);
        Ok(())
    }

    /// Counts and announces the NPCs that decided in the tick just run, in slot order (the
    /// order a pass over the world meets them, which traces and goldens keep), from the
    /// world's list of deciders rather than a visit to every mind.
    fn count_decisions(&mut self, world: &World, observer: &mut impl Observer) {
        let mut decided = std::mem::take(&mut self.decided);
        decided.clear();
        // As the world's list: room for every NPC, not grown by a rare busy tick.
        decided.reserve(world.npc_count());
        decided.extend(
            world
                .decided_in_last_tick()
                .iter()
                .filter(|&&npc| world.is_live(npc, EntityKind::Npc)),
        );
        decided.sort_unstable_by_key(|npc| npc.index1);
        for &npc in &decided {
            let Ok(mind) = world.mind(npc) else {
                continue;
            };
            self.stats.decisions += 1;
            self.stats.plans_adopted += u64::from(!mind.plan.is_empty());
            observer.decided(world, npc);
        }
        self.decided = decided;
    }

    /// Drains the world's events, acts on each and passes it to `observer`.
    fn take_events(&mut self, world: &mut World, observer: &mut impl Observer) {
        let mut events = std::mem::take(&mut self.events);
        world.drain_events(&mut events);
        for event in &events {
            self.on_event(world, event);
            observer.event(world, event);
        }
        events.clear();
        self.events = events;
    }

    fn on_event(&mut self, world: &World, event: &Event) {
        match event.kind {
            EventKind::ActionRequested => {
                self.stats.actions_requested += 1;
                if let Some(action) = event.action {
                    let def = world.domain().action(action);
                    if def.duration == ActionDuration::Engine {
                        self.take_up(world, event, def);
                    }
                }
            }
            EventKind::ActionFinished => {
                self.stats.actions_performed += 1;
                if let Some(action) = event.action {
                    self.count_needs(world, event.npc, action);
                }
            }
            EventKind::ActionFailed | EventKind::ActionTimedOut => {
                self.stats.actions_failed += 1;
                self.drop_request(event.request);
            }
            // The engine stops it and must not report it.
            EventKind::ActionCancelled => self.drop_request(event.request),
            // The NPC's plan is gone; anything it still performed is stale.
            EventKind::PlanInvalid | EventKind::ClaimLost | EventKind::ObjectDestroyed => {
                self.drop_where(|p| p.npc == event.npc)
            }
            // An ended NPC performs nothing more; performances on an ended target fail at the
            // next walk (`walk_or_fail`), so their NPCs replan rather than wait forever.
            EventKind::EntityEnded => self.drop_where(|p| p.npc == event.target),
            EventKind::NoPlan
            | EventKind::ClaimGranted
            | EventKind::OutcomeDrawn
            | EventKind::ActionWaiting
            | EventKind::OrderIssued
            | EventKind::GoalRecommended
            | EventKind::MemberAdopted
            | EventKind::MemberCompleted
            | EventKind::MemberFailed => {}
        }
    }

    /// Starts performing the engine action `event` requests. A joint action asks each of its
    /// users with the same request; the first of them done reports for all.
    fn take_up(&mut self, world: &World, event: &Event, def: &ActionDef) {
        let action = event.action.expect("requests name their action");
        let moves = def
            .effects
            .iter()
            .any(|e| e.role == Role::Consumer && matches!(e.op, EffectOp::MoveTo(Role::Supplier)));
        let work = if moves {
            Work::Walk {
                slot: event.slot,
                stand_off: event.hints.stand_off,
                stop: None,
            }
        } else {
            let seconds = self.rules.action(action).seconds;
            Work::Busy {
                until: world.time() + seconds.unwrap_or(self.rules.action_seconds),
            }
        };
        let mut performance = Performance {
            gone: false,
            npc: event.npc,
            request: event.request,
            action,
            target: event.target,
            work,
            held: None,
        };
        performance.arrive_if_there(world);
        if self
            .performances
            .last()
            .is_some_and(|last| last.request > performance.request)
        {
            self.in_order = false;
        }
        self.performances.push(performance);
    }

    /// Moves every walker on; a performance whose target is gone cannot go on, and the engine
    /// says so at once, as a real engine's move to a destroyed object fails (motive would
    /// otherwise fail it at the NPC's next think). One whose NPC is gone is dropped.
    fn walk_or_fail(&mut self, world: &mut World, distance: f64) {
        // Walkers lie in request order, their NPCs and targets anywhere among the entities:
        // in a large world each record read is a cache miss, so ask for those a few walkers
        // on while this one walks (perf: `next_position` was 12 % of a 50,000-NPC run).
        const AHEAD: usize = 8;
        let mut i = 0;
        while i < self.performances.len() {
            if let Some(ahead) = self.performances.get(i + AHEAD) {
                world.prefetch_record(ahead.npc);
                world.prefetch_record(ahead.target);
            }
            if self.performances[i].walk(world, distance) {
                i += 1;
                continue;
            }
            let gone = self.performances.remove(i);
            // The game may have ended the NPC's plan since the step began (its target
            // destroyed): only what it still runs is reported.
            // (Liveness first: asking a gone NPC's mind would build an error.)
            let runs = world.is_alive(gone.npc)
                && world
                    .mind(gone.npc)
                    .is_ok_and(|m| m.running.is_some_and(|r| r.request == gone.request));
            if runs
                && world
                    .report_action(gone.npc, gone.request, ActionOutcome::Failed)
                    .is_err()
            {
                self.stats.stale_reports += 1;
            }
        }
    }

    /// Reports the first performance from `from` on that ran its course, for every user of its
    /// request, and returns where it stood; `None` when none has. (Performances of entities
    /// the game destroyed were dropped by the walk.)
    fn report_due(
        &mut self,
        world: &mut World,
        observer: &mut impl Observer,
        from: usize,
    ) -> Option<usize> {
        let now = world.time();
        let at = (from..self.performances.len()).find(|&i| {
            let p = &self.performances[i];
            !p.gone && p.is_due(now)
        })?;
        let due = self.performances[at];
        let forced = match self.chaos.as_mut().map(|c| c.fate(now, due.held.is_some())) {
            None => false,
            Some(Fate::Send { fail }) => fail,
            Some(Fate::Hold(until)) => {
                self.stats.reports_held += 1;
                for i in self.positions(due.request) {
                    let p = &mut self.performances[i];
                    if p.request == due.request {
                        p.held = Some(until);
                    }
                }
                return Some(at);
            }
            Some(Fate::Lose) => {
                self.stats.reports_lost += 1;
                self.drop_request(due.request);
                return Some(at);
            }
        };
        let chance = self.rules.action(due.action).failure_chance;
        // A certain success draws nothing, so rules without failures leave the stream alone.
        let outcome = if forced || (chance > 0.0 && self.rng.unit() < chance) {
            ActionOutcome::Failed
        } else {
            ActionOutcome::Succeeded
        };
        let before = world.event_mark();
        match world.report_action(due.npc, due.request, outcome) {
            Err(_) => self.stats.stale_reports += 1,
            Ok(()) if outcome == ActionOutcome::Succeeded => {
                // A joint action that does not work fails its users within the report.
                let worked = !world
                    .events_since(before)
                    .iter()
                    .any(|e| e.kind == EventKind::ActionFailed && e.request == due.request);
                if worked {
                    self.succeed(world, due.request, observer);
                }
            }
            Ok(()) => {}
        }
        self.drop_request(due.request);
        Some(at)
    }

    /// Counts and announces the success of `request` for each of its users; a walker stays
    /// where it stopped.
    fn succeed(&mut self, world: &mut World, request: u32, observer: &mut impl Observer) {
        for i in self.positions(request) {
            let p = self.performances[i];
            if p.request != request || p.gone {
                continue;
            }
            if let Work::Walk {
                stop: Some(stop), ..
            } = p.work
            {
                let _ = world.set_position(p.npc, stop);
            }
            self.stats.actions_performed += 1;
            self.count_needs(world, p.npc, p.action);
            let performed = Performed {
                npc: p.npc,
                action: p.action,
                target: p.target,
                request,
            };
            observer.performed(world, &performed);
        }
    }

    fn count_needs(&mut self, world: &World, npc: Entity, action: ActionId) {
        // Checked first: an error for a gone NPC would allocate its message.
        if !world.is_alive(npc) {
            return;
        }
        if let Ok(Some(archetype)) = world.archetype(npc) {
            self.stats.needs_satisfied += u64::from(self.needs.serves(archetype, action));
        }
    }

    /// Where `request`'s performances may be: found by halving while the list is in request
    /// order, so a step's reports cost a search each rather than a pass over every
    /// performance (issue 31, item 8); the whole list otherwise. Callers still check each.
    fn positions(&self, request: u32) -> std::ops::Range<usize> {
        let all = &self.performances;
        if !self.in_order {
            return 0..all.len();
        }
        let start = all.partition_point(|p| p.request < request);
        start..start + all[start..].partition_point(|p| p.request == request)
    }

    /// Marks `request`'s performances as gone.
    fn drop_request(&mut self, request: u32) {
        for i in self.positions(request) {
            let p = &mut self.performances[i];
            p.gone |= p.request == request;
        }
    }

    /// Marks the performances `stale` picks as gone; the step removes them when its reports
    /// end.
    fn drop_where(&mut self, stale: impl Fn(&Performance) -> bool) {
        for p in &mut self.performances {
            p.gone |= stale(p);
        }
    }
}

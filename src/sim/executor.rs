//! A headless engine: performs the actions motive requests, the way a game would.
//!
//! Movement (an action with a move effect) takes distance ÷ speed seconds; every other action
//! the engine performs finishes at once. Timed actions are motive's own and need nothing here.

use crate::core::action::ActionDuration;
use crate::core::condition::distance_between;
use crate::core::effect::EffectOp;
use crate::core::event::{Event, EventKind};
use crate::core::world_actions::ActionOutcome;
use crate::core::{Entity, Result, World};

/// An engine action in progress.
#[derive(Clone, Copy, Debug)]
struct Performing {
    npc: Entity,
    request: u32,
    done_at: f64,
}

/// Performs requested engine actions and reports them back.
#[derive(Debug)]
pub struct Executor {
    speed: f64,
    performing: Vec<Performing>,
    events: Vec<Event>,
}

impl Executor {
    /// An engine whose NPCs walk at `speed` units per second (> 0).
    pub fn new(speed: f64) -> Self {
        Executor {
            speed,
            performing: Vec::new(),
            events: Vec::new(),
        }
    }

    /// Ticks `world` by `dt`, picks up its requests and reports the actions that finished.
    pub fn step(&mut self, world: &mut World, dt: f64) -> Result<()> {
        world.tick(dt)?;
        self.take_requests(world)?;
        let now = world.time();
        let mut i = 0;
        while i < self.performing.len() {
            let p = self.performing[i];
            if p.done_at <= now {
                self.performing.swap_remove(i);
                // The NPC may have failed or replanned meanwhile; a stale report is not ours to fix.
                let _ = world.report_action(p.npc, p.request, ActionOutcome::Succeeded);
            } else {
                i += 1;
            }
        }
        // Reports can start next steps at once.
        self.take_requests(world)
    }

    fn take_requests(&mut self, world: &mut World) -> Result<()> {
        world.drain_events(&mut self.events);
        for event in self.events.drain(..) {
            let (EventKind::ActionRequested, Some(action)) = (event.kind, event.action) else {
                continue;
            };
            let def = world.domain().action(action);
            if def.duration != ActionDuration::Engine {
                continue;
            }
            let moves = def
                .effects
                .iter()
                .any(|e| matches!(e.op, EffectOp::MoveTo(_)));
            let travel = if moves {
                distance_between(world.position(event.npc)?, world.position(event.target)?)
                    / self.speed
            } else {
                0.0
            };
            self.performing.push(Performing {
                npc: event.npc,
                request: event.request,
                done_at: world.time() + travel,
            });
        }
        Ok(())
    }
}

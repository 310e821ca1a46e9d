//! Watching a simulation: the hooks a [`super::Simulator`] calls as it runs, so a tool can
//! record traces, charts or logs without the simulator knowing about files.

use crate::core::model::action::ActionId;
use crate::core::world::event::Event;
use crate::core::{Entity, World};

use super::stats::SimStats;

/// An engine action the simulator reported as succeeded and the world accepted, for one of
/// its users (a joint action is reported once and announced once per user). Timed actions
/// end with an `ActionFinished` event instead; failures show up as `ActionFailed` events.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Performed {
    /// The NPC that performed it.
    pub npc: Entity,
    /// The action.
    pub action: ActionId,
    /// Its target.
    pub target: Entity,
    /// The request it answered.
    pub request: u32,
}

/// What the engine does with an entity that died.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// It is removed from the world, as a game removes a killed creature.
    Removed,
    /// Its death ends an episode (the rules' `reset_on_death`, T:1526): everything spawned is
    /// removed and it starts again where and as it first was.
    Reset,
}

/// Receives what happens in a simulation, in order. Every method does nothing by default;
/// `()` observes nothing. Within a step the order is: [`Observer::decided`] for the thinks of
/// the tick, then [`Observer::event`] and [`Observer::performed`] as the simulator works
/// through the events and reports, then [`Observer::died`], then [`Observer::cleared`] (when
/// a death reset the arena), then [`Observer::spawned`], then [`Observer::after_step`]. The world's time during every call is the time of what is
/// announced (the end of the step).
pub trait Observer {
    /// `npc` made a decision in the tick just run: a UDGOAP plan, or a GOAP decision ("no
    /// plan" and "nothing to do" included). Its mind holds the decision.
    fn decided(&mut self, _world: &World, _npc: Entity) {}

    /// The world emitted `event`; the simulator has already acted on it.
    fn event(&mut self, _world: &World, _event: &Event) {}

    /// An engine action succeeded (see [`Performed`]).
    fn performed(&mut self, _world: &World, _performed: &Performed) {}

    /// A spawn rule brought `entity` into the world.
    fn spawned(&mut self, _world: &World, _entity: Entity) {}

    /// `entity` died: its archetype's death conditions hold. The simulator removes it, or
    /// resets the arena around it, right after this call (`ending` says which), so the world
    /// still has it here.
    fn died(&mut self, _world: &World, _entity: Entity, _ending: Ending) {}

    /// A death reset the arena ([`Ending::Reset`]), which removes `entity`, brought in by a
    /// spawn rule, right after this call: the world still has it here. Without this, whoever
    /// counts entities would lose track of the ones a reset takes.
    fn cleared(&mut self, _world: &World, _entity: Entity) {}

    /// A step ended; `stats` counts everything since the simulator was made.
    fn after_step(&mut self, _world: &World, _stats: &SimStats) {}
}

impl Observer for () {}

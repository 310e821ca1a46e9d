//! The behaviour-tree brain's think: every think interval the NPC's layers step once, top-down
//! (002_37948445dded21f3.txt:2471). Action leaves request motive actions on the nearest
//! supplier the NPC perceives, through the world's claims and event protocol, and succeed or
//! fail with the engine's report; condition leaves test motive conditions over the world's
//! facts (the NPC is the consumer and the supplier).

use crate::core::brains::bt::blackboard::{is_set, target_at, write_flag};
use crate::core::brains::bt::mind::{ActionLeaf, LeafStart};
use crate::core::brains::bt::{BtHost, CallPhase, Layers, Status};
use crate::core::brains::udgoap::mind::UdgoapMind;
use crate::core::brains::BrainState;
use crate::core::brains::SearchStatus;
use crate::core::brains::{not_deciding, Brain};
use crate::core::model::action::ActionId;
use crate::core::model::archetype::ArchetypeId;
use crate::core::model::bt::{BtCallbackId, FlagScope, HintId, HintState, PlanGoal};
use crate::core::model::condition::{Bindings, Condition};
use crate::core::model::domain::AttributeId;
use crate::core::model::entity::Entity;
use crate::core::model::error::Result;
use crate::core::model::goal::GoalId;
use crate::core::model::goap::GoapGoalId;
use crate::core::world::Step;
use crate::core::{Mind, World};

impl World {
    /// Steps `npc`'s layers once.
    pub(crate) fn bt_think(&mut self, npc: Entity, archetype: ArchetypeId, mind: &mut Mind) {
        let time = self.time;
        self.adapt_bt_layers(npc, archetype, mind);
        self.bt_host(npc, mind, |layers, host| layers.step(host));
        if let BrainState::Bt(bt) = &mut mind.brain {
            bt.stepped = Some(time);
        }
    }

    /// Runs `body` on `npc`'s layers with the world as their host; an error when another brain
    /// decides for it.
    pub(crate) fn with_bt_layers<R>(
        &mut self,
        npc: Entity,
        body: impl FnOnce(&mut Layers, &mut WorldHost) -> R,
    ) -> Result<R> {
        self.with_mind(npc, |world, mind| match mind.brain {
            BrainState::Bt(_) => Ok(world.bt_host(npc, mind, body)),
            _ => Err(not_deciding(npc, mind, Brain::Bt)),
        })
    }

    /// Runs `body` on the layers of `mind` (a behaviour-tree NPC's), taken out for the call,
    /// with the world as their host.
    pub(crate) fn bt_host<R>(
        &mut self,
        npc: Entity,
        mind: &mut Mind,
        body: impl FnOnce(&mut Layers, &mut WorldHost) -> R,
    ) -> R {
        let (mut layers, mut action) = match &mut mind.brain {
            BrainState::Bt(bt) => (std::mem::take(&mut bt.layers), bt.action.take()),
            _ => (Layers::default(), None),
        };
        let range = self
            .live_record(npc)
            .and_then(|r| r.archetype())
            .map_or(0.0, |a| self.domain.archetype(a).think.perception_range);
        let mut host = WorldHost {
            world: self,
            npc,
            mind,
            action: &mut action,
            range,
        };
        let result = body(&mut layers, &mut host);
        if let BrainState::Bt(bt) = &mut mind.brain {
            bt.layers = layers;
            bt.action = action;
        }
        result
    }
}

/// The world as one NPC's tree sees it.
pub(crate) struct WorldHost<'a> {
    world: &'a mut World,
    npc: Entity,
    mind: &'a mut Mind,
    action: &'a mut Option<ActionLeaf>,
    range: f64,
}

impl WorldHost<'_> {
    /// The nearest perceived entity that supplies `action` and can serve the NPC now.
    fn nearest_supplier(&mut self, action: ActionId) -> Option<Entity> {
        let me = self.world.position(self.npc).ok()?;
        let found = self
            .world
            .nearest_supplier(action, me, self.range, self.npc);
        found.ok()?.map(|f| f.entity)
    }

    /// Plans for GOAP `goal`; a found plan's steps go to the world. Returns whether a plan was
    /// found (`Some(false)`: the goal holds already) and the states expanded.
    fn plan_goap(&mut self, goal: GoapGoalId) -> (Option<bool>, u32) {
        let Ok(mut search) = self.world.goap_begin_pooled(self.npc, goal, &[]) else {
            return (None, 0);
        };
        let status = search.step(u32::MAX);
        let world = &mut *self.world;
        let used = search.stats().expanded;
        let found = (status == SearchStatus::Found).then(|| {
            let steps = search.plan().iter().map(|s| Step {
                action: s.action,
                supplier: s.target,
            });
            adopt(world, self.npc, self.mind, steps)
        });
        world.brains.goap.searches.push(search);
        (found, used)
    }

    /// Plans for UDGOAP `goal` from the NPC's planning memory (made at its first such plan);
    /// as [`WorldHost::plan_goap`].
    fn plan_udgoap(&mut self, goal: GoalId) -> (Option<bool>, u32) {
        let Some(archetype) = self.world.live_record(self.npc).and_then(|r| r.archetype()) else {
            return (None, 0);
        };
        let BrainState::Bt(bt) = &mut self.mind.brain else {
            return (None, 0);
        };
        let capacity = self.world.domain.archetype(archetype).think.memory_capacity;
        let mut memory = bt
            .planner
            .take()
            .unwrap_or_else(|| Box::new(UdgoapMind::new(capacity, &[])));
        let (npc, mind) = (self.npc, &mut *self.mind);
        let mut found = None;
        let (_, used) =
            self.world
                .udgoap_plan_goal(npc, archetype, &mut memory, goal, |world, steps| {
                    found = Some(adopt(world, npc, mind, steps.iter().copied()));
                });
        if let BrainState::Bt(bt) = &mut self.mind.brain {
            bt.planner = Some(memory);
        }
        (found, used)
    }

    /// The entity at blackboard key `key` when it is alive, supplies `action` and can serve the
    /// NPC (contention) now.
    fn blackboard_supplier(&self, action: ActionId, key: AttributeId) -> Option<Entity> {
        let BrainState::Bt(bt) = &self.mind.brain else {
            return None;
        };
        let target = target_at(&bt.blackboard, key)?;
        let archetype = self.world.live_record(target)?.archetype();
        let mine = self.world.live_record(self.npc)?.archetype()?;
        self.world
            .supplies_to(action, target, archetype, Some((self.npc, mine)))
            .then_some(target)
    }
}

impl BtHost for WorldHost<'_> {
    fn now(&self) -> f64 {
        self.world.time()
    }

    /// One motive action at a time: a second action leaf starting while one holds the NPC is an
    /// error of the tree (two actions under a Parallel). No supplier in range is no error: the
    /// leaf fails at its step.
    fn start_action(&mut self, node: u32, action: ActionId, target: Option<AttributeId>) -> bool {
        if self.action.is_some() {
            return false;
        }
        let supplier = match target {
            Some(key) => self.blackboard_supplier(action, key),
            None => self.nearest_supplier(action),
        };
        let step = supplier.map(|supplier| Step { action, supplier });
        let start = match adopt(self.world, self.npc, self.mind, step) {
            true => LeafStart::Performing,
            false => LeafStart::Failed,
        };
        *self.action = Some(ActionLeaf { node, start });
        true
    }

    /// Plans with GOAP or UDGOAP from the world as the NPC perceives it, within its archetype's
    /// expansion limit, counted against the tick's budget like any search.
    fn start_plan(&mut self, node: u32, goal: PlanGoal) -> bool {
        if self.action.is_some() {
            return false;
        }
        let (found, used) = match goal {
            PlanGoal::Goap(goal) => self.plan_goap(goal),
            PlanGoal::Udgoap(goal) => self.plan_udgoap(goal),
        };
        self.world.budget_left = self.world.budget_left.saturating_sub(used);
        self.world.tick_expansions += used;
        let start = match found {
            Some(true) => LeafStart::Performing,
            Some(false) => LeafStart::Done,
            None => LeafStart::Failed,
        };
        *self.action = Some(ActionLeaf { node, start });
        true
    }

    fn step_action(&mut self, node: u32) -> Status {
        match *self.action {
            Some(leaf) if leaf.node == node => {}
            _ => return Status::Error,
        }
        let mind = &*self.mind;
        let start = self.action.map_or(LeafStart::Failed, |leaf| leaf.start);
        if start == LeafStart::Done {
            Status::Succeeded
        } else if start == LeafStart::Failed || mind.plan.is_empty() {
            // No supplier, or the world dropped the plan: failed, invalid on arrival, claim
            // lost, target destroyed.
            Status::Failed
        } else if mind.running.is_none() && mind.next_step >= mind.plan.len() {
            Status::Succeeded
        } else {
            Status::InProgress
        }
    }

    fn stop_action(&mut self, node: u32) {
        if self.action.is_some_and(|leaf| leaf.node == node) {
            self.world.cancel_plan(self.npc, self.mind);
            *self.action = None;
        }
    }

    fn call(&mut self, _: u32, callback: BtCallbackId, phase: CallPhase) -> Status {
        self.world.call_bt_callback(self.npc, callback, phase)
    }

    fn ask(&mut self, callback: BtCallbackId) -> bool {
        self.world.ask_bt_callback(self.npc, callback)
    }

    fn holds(&mut self, condition: &Condition) -> bool {
        condition.holds(&*self.world, &Bindings::pair(self.npc, self.npc))
    }

    /// The base layer has no layer below: its hints go nowhere.
    fn send_hint(&mut self, _: HintId, _: HintState) {}

    fn flag(&mut self, flag: AttributeId) -> bool {
        match &self.mind.brain {
            BrainState::Bt(bt) => is_set(&bt.blackboard, flag),
            _ => false,
        }
    }

    /// Writes the NPC's own blackboard (its mind is out of its record while it thinks) and, for
    /// a broadcast, every other behaviour-tree NPC's of the scope, in slot order (a group's in
    /// the order its members joined).
    fn set_flag(&mut self, flag: AttributeId, value: bool, scope: FlagScope) {
        let time = self.world.time;
        if scope != FlagScope::Others {
            if let BrainState::Bt(bt) = &mut self.mind.brain {
                write_flag(&mut bt.blackboard, flag, value, time);
            }
        }
        let world = &mut *self.world;
        match scope {
            FlagScope::Myself => {}
            FlagScope::Others | FlagScope::Everyone => {
                for index in 0..world.entities.slot_count() {
                    if let Some((_, record)) = world.entities.get_at_mut(index) {
                        write_flag_on(record.mind.as_deref_mut(), flag, value, time);
                    }
                }
            }
            FlagScope::Group => {
                for member in world.brains.bt_groups.comrades(self.npc) {
                    let record = member.key().and_then(|k| world.entities.get_mut(k).ok());
                    if let Some(record) = record {
                        write_flag_on(record.mind.as_deref_mut(), flag, value, time);
                    }
                }
            }
        }
    }
}

/// Hands `steps` to `world` as `npc`'s plan and starts the first; false (and nothing handed)
/// when there are none.
fn adopt(
    world: &mut World,
    npc: Entity,
    mind: &mut Mind,
    steps: impl IntoIterator<Item = Step>,
) -> bool {
    let mut steps = steps.into_iter().peekable();
    if steps.peek().is_none() {
        return false;
    }
    world.replace_plan(npc, mind, steps);
    world.start_next_step(npc, mind);
    true
}

/// Writes `flag` on `mind`'s blackboard when it is a behaviour-tree NPC's.
fn write_flag_on(mind: Option<&mut Mind>, flag: AttributeId, value: bool, time: f64) {
    if let Some(BrainState::Bt(bt)) = mind.map(|m| &mut m.brain) {
        write_flag(&mut bt.blackboard, flag, value, time);
    }
}

//! Squads: entities without a body that command members (NPCs or other squads, to any depth
//! up to [`MAX_SQUAD_DEPTH`]), Pittman's command hierarchy (B13 of
//! ../shared/spec/003_004_ubc_and_goap.md; P:199-201, P:325 of 004_bdde6381c6c06595.txt).
//!
//! A squad is an entity of kind `Squad` with a generational handle like any other, a mind of
//! its archetype's brain, and facts: its shared blackboard, which members and the engine write
//! and read (P:371), plus the aggregates motive keeps there before each tick's thinks (members
//! alive, members that reported; its position is its members' centroid). Each level talks only
//! to its direct superior and subordinates (P:201): membership is a tree, every unit has at
//! most one superior, so no cycle can form. Orders are in `orders.rs`.

use crate::core::model::action::ActionId;
use crate::core::model::archetype::ArchetypeId;
use crate::core::model::entity::{Entity, EntityKind};
use crate::core::model::error::{Error, ErrorKind, Result};
use crate::core::model::fact_set::Fact;
use crate::core::model::goap::GoapGoalId;
use crate::core::model::squad::{MAX_SQUAD_DEPTH, MAX_SQUAD_MEMBERS};
use crate::core::model::value::Value;
use crate::core::model::vec3::Vec3;
use crate::core::world::brains::Brains;
use crate::core::world::{describe, World};

/// What a squad keeps beside its brain: its members and the roster of its latest order.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, Default, PartialEq)]
pub struct Command {
    /// Members in joining order (an order's per-member targets follow it).
    pub members: Vec<Entity>,
    /// The latest order issued, kept after it ends so that the squad can be explained.
    pub order: Option<OrderRoster>,
}

/// An order as issued: what was recommended to whom and what each recipient reported.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, PartialEq)]
pub struct OrderRoster {
    /// The order action.
    pub action: ActionId,
    /// Its request id (in the squad's events).
    pub request: u32,
    /// World time it was issued.
    pub issued: f64,
    /// Whether it still stands (neither completed, failed, timed out nor cancelled).
    pub active: bool,
    /// One entry per recommendation received, in issue order.
    pub entries: Vec<RosterEntry>,
}

/// One recommendation to one member, and how it stands.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq)]
pub struct RosterEntry {
    /// The recipient.
    pub member: Entity,
    /// The goal recommended.
    pub goal: GoapGoalId,
    /// The bias added to its relevance.
    pub bias: f64,
    /// The target it was given (null when none).
    pub target: Entity,
    /// Whether the order waits for it to complete.
    pub awaited: bool,
    /// What it has reported.
    pub report: Report,
}

/// What a member has reported of a recommended goal (P:325).
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Report {
    /// Nothing yet.
    Pending,
    /// It adopted the goal: it has a plan for it.
    Adopted,
    /// The goal holds for it.
    Completed,
    /// It found no plan for the goal, or it was destroyed.
    Failed,
}

impl Report {
    /// Lower-case name for messages and explanations.
    pub fn name(self) -> &'static str {
        match self {
            Report::Pending => "pending",
            Report::Adopted => "adopted",
            Report::Completed => "completed",
            Report::Failed => "failed",
        }
    }
}

impl<B: Brains> World<B> {
    /// Creates a squad of `archetype` (a squad's: `DomainBuilder::set_archetype_squad`), with
    /// no members, its facts the archetype's starting state, its first think staggered as an
    /// NPC's.
    pub fn create_squad(&mut self, archetype: ArchetypeId) -> Result<Entity> {
        let def = self.domain.archetypes().get(archetype.0)?;
        if def.squad.is_none() {
            return Err(Error::invalid(format!(
                "archetype {:?} is not a squad's",
                self.domain.archetypes().name(archetype.0)
            )));
        }
        let squad = self.spawn_as(archetype, Vec3::default(), EntityKind::Squad)?;
        self.mind_mut(squad)?.command = Some(Box::default());
        self.squads.push(squad);
        Ok(squad)
    }

    /// Number of live squads.
    pub fn squad_count(&self) -> usize {
        self.squads.len()
    }

    /// What `squad` commands: its members and its latest order's roster.
    pub fn command(&self, squad: Entity) -> Result<&Command> {
        self.record(squad, Some(EntityKind::Squad))?;
        self.mind(squad)?
            .command
            .as_deref()
            .ok_or_else(|| Error::invalid("the squad's mind is out"))
    }

    /// The squad `unit` (an NPC or a squad) is a member of; null when none.
    pub fn superior(&self, unit: Entity) -> Result<Entity> {
        self.mind(unit).map(|m| m.superior)
    }

    /// Makes `unit` (a thinking NPC or a squad) a member of `squad`, last in joining order. A
    /// unit has one superior: one already in a squad must leave it first. Refused: a squad
    /// joining itself or one of its subordinates (a cycle), a hierarchy deeper than
    /// [`MAX_SQUAD_DEPTH`], more than [`MAX_SQUAD_MEMBERS`] members. A member that joins while
    /// an order stands receives the next order's recommendations.
    pub fn join_squad(&mut self, squad: Entity, unit: Entity) -> Result<()> {
        self.record(squad, Some(EntityKind::Squad))?;
        let joining = self.mind(unit)?;
        if !joining.superior.is_null() {
            return Err(Error::new(
                ErrorKind::InvalidArgument,
                format!(
                    "{} is a member of squad {} already: it leaves that squad first",
                    describe(unit),
                    describe(joining.superior)
                ),
            ));
        }
        let chain = self.chain_of_command(squad);
        if chain.contains(&unit) {
            return Err(Error::invalid(format!(
                "squad {} commands squad {} already: joining it would make a cycle",
                describe(unit),
                describe(squad)
            )));
        }
        let depth = chain.len() + self.height(unit, 0);
        if depth > MAX_SQUAD_DEPTH {
            return Err(Error::invalid(format!(
                "a hierarchy is at most {MAX_SQUAD_DEPTH} levels deep; this would make {depth}"
            )));
        }
        let command = self.command(squad)?;
        if command.members.len() >= MAX_SQUAD_MEMBERS {
            return Err(Error::invalid(format!(
                "squad {} has {MAX_SQUAD_MEMBERS} members, the most a squad holds",
                describe(squad)
            )));
        }
        self.command_mut(squad)?.members.push(unit);
        self.mind_mut(unit)?.superior = squad;
        Ok(())
    }

    /// Takes `unit` out of its squad: the recommendations it received are withdrawn and the
    /// standing order no longer waits for it (an order left awaiting none of the members it
    /// awaited fails at the end of the next tick). Not-found when it is in no squad.
    pub fn leave_squad(&mut self, unit: Entity) -> Result<()> {
        let squad = self.superior(unit)?;
        if squad.is_null() {
            return Err(Error::new(
                ErrorKind::NotFound,
                format!("{} is in no squad", describe(unit)),
            ));
        }
        self.mind_mut(unit)?.superior = Entity::NULL;
        let command = self.command_mut(squad)?;
        command.members.retain(|&m| m != unit);
        let mut entries = Vec::new();
        if let Some(order) = command.order.as_mut().filter(|o| o.active) {
            order.entries.retain(|e| {
                let keep = e.member != unit;
                if !keep {
                    entries.push(*e);
                }
                keep
            });
        }
        for entry in entries {
            self.withdraw_entry(entry);
        }
        Ok(())
    }

    /// `squad` and its superiors up to the top, nearest first (at most
    /// [`MAX_SQUAD_DEPTH`] + 1: the tree's bound).
    fn chain_of_command(&self, squad: Entity) -> Vec<Entity> {
        let mut chain = vec![squad];
        while chain.len() <= MAX_SQUAD_DEPTH {
            match self.mind(*chain.last().expect("never empty")) {
                Ok(mind) if !mind.superior.is_null() => chain.push(mind.superior),
                _ => break,
            }
        }
        chain
    }

    /// Levels of squads from `unit` down (0 for an NPC), bounded by the tree's depth.
    fn height(&self, unit: Entity, below: usize) -> usize {
        // Only a squad commands; the depth bound stops a malformed tree.
        let Ok(command) = self.command(unit) else {
            return 0;
        };
        if below > MAX_SQUAD_DEPTH {
            return 0;
        }
        1 + command
            .members
            .iter()
            .map(|&m| self.height(m, below + 1))
            .max()
            .unwrap_or(0)
    }

    /// `unit` and everything under it, superiors before subordinates, in joining order.
    pub(crate) fn hierarchy_under(&self, unit: Entity, out: &mut Vec<Entity>) {
        out.push(unit);
        let mut at = out.len() - 1;
        while at < out.len() {
            if let Some(command) = self.command_of(out[at]) {
                out.extend_from_slice(&command.members);
            }
            at += 1;
        }
    }

    /// What `unit` commands, if it is a live squad with its mind in its record: without
    /// [`World::command`]'s error, which formats a message, for the many units that are not.
    pub(crate) fn command_of(&self, unit: Entity) -> Option<&Command> {
        self.live_record(unit)
            .and_then(|r| r.mind.as_deref())
            .and_then(|m| m.command.as_deref())
    }

    /// Interrupts `unit` and, when it is a squad, everything under it (P:329): each thinks on
    /// the next tick, so the whole hierarchy replans on the same tick, and each brain that
    /// takes interrupts re-selects its goal there. Bounded by the tree's size.
    /// The list of units is the world's, kept between calls: an engine may write a
    /// significant sensor every frame.
    pub(crate) fn interrupt_hierarchy(&mut self, unit: Entity) {
        let mut units = std::mem::take(&mut self.interrupted);
        units.clear();
        self.hierarchy_under(unit, &mut units);
        for &unit in &units {
            if let Ok(mind) = self.mind_mut(unit) {
                mind.brain.interrupt();
                self.think_at(unit, self.time);
            }
        }
        self.interrupted = units;
    }

    pub(crate) fn command_mut(&mut self, squad: Entity) -> Result<&mut Command> {
        self.mind_mut(squad)?
            .command
            .as_deref_mut()
            .ok_or_else(|| Error::invalid(format!("{} is not a squad", describe(squad))))
    }

    /// Writes every squad's aggregates before the tick's thinks: its position (the centroid
    /// of its members), and the counts its archetype asks for. O(members).
    pub(crate) fn update_squads(&mut self) {
        let domain = self.domain.clone();
        for at in 0..self.squads.len() {
            let squad = self.squads[at];
            let Some(record) = self.live_record(squad) else {
                continue;
            };
            let (Some(archetype), Some(command)) = (
                record.archetype(),
                record.mind.as_deref().and_then(|m| m.command.as_deref()),
            ) else {
                continue;
            };
            let (mut sum, mut placed) = ([0.0f64; 3], 0.0);
            for &member in &command.members {
                if let Some(r) = self.live_record(member) {
                    let p = r.position;
                    for (s, v) in sum.iter_mut().zip([p.x, p.y, p.z]) {
                        *s += f64::from(v);
                    }
                    placed += 1.0;
                }
            }
            let alive = command.members.len() as f64;
            let reported = command.order.as_ref().filter(|o| o.active).map_or(0, |o| {
                o.entries
                    .iter()
                    .filter(|e| e.report == Report::Completed)
                    .count()
            }) as f64;
            let squad_def = domain.archetype(archetype).squad.unwrap_or_default();
            let time = self.time;
            let Some(record) = self.live_record_mut(squad) else {
                continue;
            };
            if placed > 0.0 {
                let [x, y, z] = sum.map(|s| (s / placed) as f32);
                record.position = Vec3::new(x, y, z);
            }
            for (attribute, value) in [
                (squad_def.members_alive, alive),
                (squad_def.members_reported, reported),
            ] {
                if let Some(attribute) = attribute {
                    record.facts.set(Fact {
                        attribute,
                        value: Value::Number(value),
                        time,
                    });
                }
            }
        }
    }

    /// `entity` is about to be destroyed, its mind taken out: a member leaves its squad (its
    /// awaited recommendations fail, so the order fails and the squad replans with those
    /// left); a squad's members are released, their recommendations withdrawn.
    pub(crate) fn unlink(&mut self, entity: Entity, mind: &mut crate::core::world::Mind<B>) {
        let superior = std::mem::replace(&mut mind.superior, Entity::NULL);
        if let Ok(command) = self.command_mut(superior) {
            command.members.retain(|&m| m != entity);
            self.member_lost(superior, entity);
        }
        if let Some(mut command) = mind.command.take() {
            self.end_order(Some(&mut command));
            for member in command.members {
                if let Ok(m) = self.mind_mut(member) {
                    m.superior = Entity::NULL;
                }
            }
            self.squads.retain(|&s| s != entity);
        }
    }
}

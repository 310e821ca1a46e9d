//! Group layers (Ocio's future work, 002_37948445dded21f3.txt:5006-5022): one high-level tree
//! that hints every member of a group, "a chain of command" above each member's own layers. The
//! squads of Pittman's command hierarchy build on them.
//!
//! A group has no body: its tree may only hint (and test its own hints). After each tick's
//! thinks the world steps every group's tree once, in creation-slot order; the hints it sends
//! go to each member's top layer, which re-orders and restarts at its next think as any hinted
//! tree does. When a group's tree ends, or the group is destroyed, or a member leaves, the
//! member's top layer loses the group's hints. Members are behaviour-tree NPCs; a destroyed
//! member simply drops out.

use std::sync::Arc;

use crate::core::brains::bt::adapt::choose;
use crate::core::brains::bt::{BtHost, CallPhase, Status, TreeRun};
use crate::core::brains::{not_deciding, Brain};
use crate::core::model::action::ActionId;
use crate::core::model::bt::PlanGoal;
use crate::core::model::bt::{BtCallbackId, BtTree, BtTreeId, FlagScope, HintId, HintState};
use crate::core::model::condition::Condition;
use crate::core::model::domain::AttributeId;
use crate::core::model::entity::Entity;
use crate::core::model::error::{Error, ErrorKind, Result};
use crate::core::model::player_style::{style_distribution, StyleId};
use crate::core::model::slot_map::{KeyError, SlotKey, SlotMap};
use crate::core::world::describe;
use crate::core::World;

/// Most members one group may have.
pub const MAX_GROUP_MEMBERS: usize = 4096;

/// A group: its tree, running, and its members.
#[derive(serde::Serialize, serde::Deserialize)]
struct Group {
    run: TreeRun,
    members: Vec<Entity>,
    /// Its tree ended: it hints no more.
    finished: bool,
    /// Trees the player model may choose to lead it instead, each with the distribution of
    /// play styles it serves.
    #[serde(with = "crate::core::model::save_context::tree_refs")]
    adaptive: Vec<(Arc<BtTree>, Vec<f64>)>,
    /// Which of them leads it now, if one does.
    chosen: Option<usize>,
}

/// Most adaptive trees one group may have.
pub const MAX_GROUP_ADAPTIVE_LAYERS: usize = 16;

/// Every group of a world, by generational handle (an [`Entity`]-shaped value over this map,
/// carrying the world's serial, so stale and foreign handles are errors).
#[derive(serde::Serialize, serde::Deserialize, Default)]
pub(crate) struct BtGroups {
    groups: SlotMap<Group>,
    /// Hints the group being stepped sent, handed to its members after the step.
    sent: Vec<(HintId, HintState)>,
}

impl BtGroups {
    /// The members of every group `npc` belongs to (`npc` among them; one in two groups with
    /// it comes twice), groups in slot order, members in the order they joined.
    pub(crate) fn comrades(&self, npc: Entity) -> impl Iterator<Item = Entity> + '_ {
        self.with_member(npc)
            .flat_map(|(_, g)| g.members.iter().copied())
    }

    /// Whether decoded groups are ones the world could have made (`World::load`): a
    /// consistent table, each group's run fitting its tree at time `now`, its members and
    /// adaptive trees within their limits, its chosen tree one of them, each serving a
    /// distribution over the domain's `styles` play styles.
    pub(crate) fn fit(&self, styles: usize, now: f64) -> bool {
        self.groups.is_consistent()
            && self.groups.iter().all(|(_, group)| {
                group.run.fits_tree(now)
                    && group.members.len() <= MAX_GROUP_MEMBERS
                    && group.adaptive.len() <= MAX_GROUP_ADAPTIVE_LAYERS
                    && group
                        .adaptive
                        .iter()
                        .all(|(_, serves)| serves.len() == styles)
                    && group.chosen.is_none_or(|i| i < group.adaptive.len())
            })
    }

    /// The groups `npc` is a member of, in slot order.
    fn with_member(&self, npc: Entity) -> impl Iterator<Item = (SlotKey, &Group)> + '_ {
        (0..self.groups.slot_count())
            .filter_map(|index| self.groups.get_at(index))
            .filter(move |(_, g)| g.members.contains(&npc))
    }
}

/// The host of a group's tree: it only hints.
struct GroupHost<'a> {
    now: f64,
    sent: &'a mut Vec<(HintId, HintState)>,
}

impl BtHost for GroupHost<'_> {
    fn now(&self) -> f64 {
        self.now
    }
    fn start_action(&mut self, _: u32, _: ActionId, _: Option<AttributeId>) -> bool {
        false
    }
    fn start_plan(&mut self, _: u32, _: PlanGoal) -> bool {
        false
    }
    fn step_action(&mut self, _: u32) -> Status {
        Status::Error
    }
    fn stop_action(&mut self, _: u32) {}
    fn call(&mut self, _: u32, _: BtCallbackId, _: CallPhase) -> Status {
        Status::Error
    }
    fn ask(&mut self, _: BtCallbackId) -> bool {
        false
    }
    fn holds(&mut self, _: &Condition) -> bool {
        false
    }
    fn send_hint(&mut self, hint: HintId, state: HintState) {
        self.sent.push((hint, state));
    }
    fn flag(&mut self, _: AttributeId) -> bool {
        false
    }
    fn set_flag(&mut self, _: AttributeId, _: bool, _: FlagScope) {}
}

/// Checks that `tree` can lead a group: it only hints, and tests nothing but its own hints.
fn check_group_tree(tree: &BtTree) -> Result<()> {
    match tree.can_lead_group() {
        true => Ok(()),
        false => Err(Error::invalid(
            "a group's tree has no body: it may only hint, and test its own hints",
        )),
    }
}

impl World {
    /// Creates a group led by `tree` (which may only hint, and test only its own hints), with
    /// no member yet.
    pub fn create_bt_group(&mut self, tree: BtTreeId) -> Result<Entity> {
        let tree: Arc<BtTree> = self.domain.bt_trees().get(tree.0)?.clone();
        check_group_tree(&tree)?;
        let key = self
            .brains
            .bt_groups
            .groups
            .insert(Group {
                run: TreeRun::new(tree),
                members: Vec::new(),
                finished: false,
                adaptive: Vec::new(),
                chosen: None,
            })
            .ok_or_else(|| Error::invalid("the world holds 2^32 groups already"))?;
        Ok(Entity::from_key(key, self.serial()))
    }

    /// Destroys `group`: its members' top layers lose its hints.
    pub fn destroy_bt_group(&mut self, group: Entity) -> Result<()> {
        let key = self.group_key(group)?;
        let mut gone = self
            .brains
            .bt_groups
            .groups
            .remove(key)
            .map_err(|e| stale(group, e))?;
        self.release_members(&mut gone.run, &gone.members);
        Ok(())
    }

    /// Adds `npc` (a behaviour-tree NPC) to `group`; a member already is one once.
    pub fn add_bt_group_member(&mut self, group: Entity, npc: Entity) -> Result<()> {
        let mind = self.mind(npc)?;
        if mind.brain.bt().is_none() {
            return Err(not_deciding(npc, mind, Brain::Bt));
        }
        let members = &mut self.group_mut(group)?.members;
        if members.contains(&npc) {
            return Ok(());
        }
        if members.len() >= MAX_GROUP_MEMBERS {
            return Err(Error::invalid(format!(
                "group {} has {MAX_GROUP_MEMBERS} members already",
                describe(group)
            )));
        }
        members.push(npc);
        Ok(())
    }

    /// Removes `npc` from `group`; its top layer loses the group's hints. Not-found when it is
    /// no member.
    pub fn remove_bt_group_member(&mut self, group: Entity, npc: Entity) -> Result<()> {
        let members = &mut self.group_mut(group)?.members;
        let Some(at) = members.iter().position(|&m| m == npc) else {
            return Err(Error::new(
                ErrorKind::NotFound,
                format!("npc {} is not in group {}", describe(npc), describe(group)),
            ));
        };
        members.remove(at);
        let hints = self.group_hints(group)?;
        self.clear_member_hints(npc, &hints);
        Ok(())
    }

    /// The groups `npc` is a member of, in slot order: those a game putting a new NPC in its
    /// place has it join (`sim::soak`'s havoc), as a scenario joins its members.
    pub(crate) fn bt_groups_of(&self, npc: Entity) -> impl Iterator<Item = Entity> + '_ {
        let serial = self.serial();
        (self.brains.bt_groups.with_member(npc)).map(move |(key, _)| Entity::from_key(key, serial))
    }

    /// The members of `group`, in the order they joined.
    pub fn bt_group_members(&self, group: Entity) -> Result<&[Entity]> {
        Ok(&self.group(group)?.members)
    }

    /// The tree leading `group` now (its first, or the adaptive tree the player model chose).
    pub fn bt_group_tree(&self, group: Entity) -> Result<&Arc<BtTree>> {
        Ok(self.group(group)?.run.tree())
    }

    /// Lets the player model choose `tree` to lead `group` when the player's style fits the
    /// styles it serves (PaSSAGE's expected utility, with the domain's margin against flapping,
    /// as for an archetype's adaptive layers): from the first report on, the best of the
    /// group's adaptive trees replaces its tree, and its members lose the old tree's hints.
    /// `tree` may only hint; at most [`MAX_GROUP_ADAPTIVE_LAYERS`] per group, each once.
    pub fn add_bt_group_adaptive_layer(
        &mut self,
        group: Entity,
        tree: BtTreeId,
        serves: &[(StyleId, f64)],
    ) -> Result<()> {
        let name = self.domain.bt_trees().name(tree.0).to_owned();
        let tree: Arc<BtTree> = self.domain.bt_trees().get(tree.0)?.clone();
        check_group_tree(&tree)?;
        let serves = style_distribution(self.domain.player_styles().len(), serves)?;
        let found = self.group_mut(group)?;
        if found.adaptive.iter().any(|(t, _)| Arc::ptr_eq(t, &tree)) {
            return Err(Error::invalid(format!(
                "{name:?} is an adaptive layer of the group already"
            )));
        }
        if found.adaptive.len() >= MAX_GROUP_ADAPTIVE_LAYERS {
            return Err(Error::invalid(format!(
                "a group has at most {MAX_GROUP_ADAPTIVE_LAYERS} adaptive layers"
            )));
        }
        found.adaptive.push((tree, serves));
        Ok(())
    }

    /// Replaces the tree of the group in slot `index` when the player model calls for another
    /// of its adaptive trees; its members lose the old tree's hints.
    fn adapt_group(&mut self, index: u32) {
        let margin = self.domain.adaptation().margin;
        let Some((_, group)) = self.brains.bt_groups.groups.get_at_mut(index) else {
            return;
        };
        let serves = |i: usize| &group.adaptive[i].1[..];
        let count = group.adaptive.len();
        let Some(best) = choose(&self.player, count, serves, group.chosen, margin) else {
            return;
        };
        let run = TreeRun::new(group.adaptive[best].0.clone());
        let mut old = std::mem::replace(&mut group.run, run);
        group.chosen = Some(best);
        group.finished = false;
        let members = std::mem::take(&mut group.members);
        self.release_members(&mut old, &members);
        if let Some((_, group)) = self.brains.bt_groups.groups.get_at_mut(index) {
            group.members = members;
        }
    }

    /// Steps every group's tree once (after letting the player model choose it, for a group
    /// with adaptive trees) and hands its hints to its members' top layers; a tree that ends
    /// takes its hints back. Members destroyed since drop out.
    pub(crate) fn step_bt_groups(&mut self) {
        for index in 0..self.brains.bt_groups.groups.slot_count() {
            self.adapt_group(index);
            let mut sent = std::mem::take(&mut self.brains.bt_groups.sent);
            sent.clear();
            self.step_group(index, &mut sent);
            self.brains.bt_groups.sent = sent;
        }
    }

    /// Steps the group in slot `index` (if it is there and its tree still runs), collecting
    /// its hints in `sent`, and hands them to its living members.
    fn step_group(&mut self, index: u32, sent: &mut Vec<(HintId, HintState)>) {
        let now = self.time;
        let Some((_, group)) = self.brains.bt_groups.groups.get_at_mut(index) else {
            return;
        };
        if group.finished {
            return;
        }
        let status = group.run.step(&mut GroupHost { now, sent });
        group.finished = status != Status::InProgress;
        if group.finished {
            // An upper tree that ends clears the hints of the tree below (L2537-2590).
            sent.extend(
                sent_hints(&group.run)
                    .into_iter()
                    .map(|h| (h, HintState::Neutral)),
            );
        }
        let mut members = std::mem::take(&mut group.members);
        members.retain(|&npc| self.is_alive(npc));
        // A step that sent nothing changes no member: their minds stay where they are.
        if !sent.is_empty() {
            for &npc in &members {
                let _ = self.with_bt_layers(npc, |layers, host| {
                    for &(hint, state) in sent.iter() {
                        layers.hint_top(hint, state, host);
                    }
                });
            }
        }
        if let Some((_, group)) = self.brains.bt_groups.groups.get_at_mut(index) {
            group.members = members;
        }
    }

    fn group_key(&self, group: Entity) -> Result<SlotKey> {
        if group.world != self.serial() && !group.is_null() {
            return Err(Error::new(
                ErrorKind::WrongWorld,
                format!("group {} belongs to another world", describe(group)),
            ));
        }
        group
            .key()
            .ok_or_else(|| Error::invalid("the group handle is null"))
    }

    fn group(&self, group: Entity) -> Result<&Group> {
        let key = self.group_key(group)?;
        self.brains
            .bt_groups
            .groups
            .get(key)
            .map_err(|e| stale(group, e))
    }

    fn group_mut(&mut self, group: Entity) -> Result<&mut Group> {
        let key = self.group_key(group)?;
        self.brains
            .bt_groups
            .groups
            .get_mut(key)
            .map_err(|e| stale(group, e))
    }

    /// The hints `group`'s tree sends.
    fn group_hints(&self, group: Entity) -> Result<Vec<HintId>> {
        Ok(sent_hints(&self.group(group)?.run))
    }

    /// Takes back every hint `run` sends from `members`' top layers.
    fn release_members(&mut self, run: &mut TreeRun, members: &[Entity]) {
        let hints = sent_hints(run);
        for &npc in members {
            self.clear_member_hints(npc, &hints);
        }
    }

    /// Sets `hints` back to neutral in `npc`'s top layer.
    fn clear_member_hints(&mut self, npc: Entity, hints: &[HintId]) {
        let _ = self.with_bt_layers(npc, |layers, host| {
            for &hint in hints {
                layers.hint_top(hint, HintState::Neutral, host);
            }
        });
    }
}

/// The hints `run`'s tree sends.
fn sent_hints(run: &TreeRun) -> Vec<HintId> {
    run.tree().sent_hints()
}

fn stale(group: Entity, error: KeyError) -> Error {
    let why = match error {
        KeyError::Stale => "was destroyed",
        KeyError::Unknown => "was never created",
    };
    Error::new(
        ErrorKind::StaleHandle,
        format!("group {} {why}", describe(group)),
    )
}

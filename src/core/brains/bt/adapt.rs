//! Choosing an NPC's adaptive layer from the player model (Ocio's sketch of adaptation,
//! 002_37948445dded21f3.txt:4974-5004: one high-level tree per class of player, pushed at run
//! time; PaSSAGE's expected utility to choose, 001_3e3461db8de0826f.txt:2401-2407).
//!
//! At each think, before the layers step, the NPC rates its archetype's adaptive layers by
//! expected utility against the player model. With none in place it pushes the best (ties: the
//! first listed) once the model has learnt anything; with one in place it swaps only for a
//! layer better by more than the domain's margin. A report moves the model's distribution by
//! at most `1 - decay` in total variation, so each layer's expected utility by at most that, and
//! the gap between two layers by twice that: two swaps are always more than
//! `margin / (2 (1 - decay))` reports apart (`margin / (1 - decay)` to swap back), so a mixed
//! player cannot make layers flap. The adaptive layer is the top one, found by its tree (the
//! highest layer running it: an engine that pushes an adaptive tree itself has it taken for
//! the adaptive layer): one the engine popped, cleared or swapped, or that ended, is pushed
//! again at the next think the model calls for one; one under a layer the engine pushed stays
//! as it is until that layer is gone.
//!
//! A group chooses its leading tree the same way, among adaptive trees given to it
//! ([`World::add_bt_group_adaptive_layer`]): one choice for every member.

use crate::core::brains::BrainState;
use crate::core::model::archetype::ArchetypeId;
use crate::core::model::entity::Entity;
use crate::core::world::player_model::PlayerModel;
use crate::core::{Mind, World};

use super::run::TreeRun;

impl World {
    /// Pushes or swaps `npc`'s adaptive layer when the player model calls for it.
    pub(crate) fn adapt_bt_layers(&mut self, npc: Entity, archetype: ArchetypeId, mind: &mut Mind) {
        if self.player.reports() == 0 || self.domain.archetype(archetype).adaptive.is_empty() {
            return;
        }
        let domain = self.domain.clone();
        let candidates = &domain.archetype(archetype).adaptive;
        let BrainState::Bt(bt) = &mut mind.brain else {
            return;
        };
        let tree_of = |i: usize| &domain.bt_trees().items()[candidates[i].0 .0 as usize];
        // What the mind remembers pushing may have left the stack since (the engine popped,
        // swapped or cleared it, it ended, an error cleared the stack): the layer is found
        // where it is, so that a swap never replaces another layer (the base tree).
        match bt.adaptive.map(|i| bt.layers.position_of(tree_of(i))) {
            // Under a layer the engine pushed: not ours to move until that one is gone.
            Some(Some(at)) if at > 0 => return,
            Some(None) => bt.adaptive = None,
            _ => {}
        }
        let serves = |i: usize| &candidates[i].1[..];
        let margin = domain.adaptation().margin;
        let Some(best) = choose(&self.player, candidates.len(), serves, bt.adaptive, margin) else {
            return;
        };
        let on_top = bt.adaptive.is_some();
        let run = TreeRun::new(tree_of(best).clone());
        let placed = self.bt_host(npc, mind, |layers, host| match on_top {
            true => layers.swap_top(run, host),
            false => layers.push(run),
        });
        // Only a layer in place is remembered: a full stack refuses the push.
        if let BrainState::Bt(bt) = &mut mind.brain {
            bt.adaptive = placed.then_some(best);
        }
    }
}

/// The candidate (of `count`, each serving the styles `serves(i)`) to put in place of
/// `current`, if the player model calls for a change: with none in place, the best by expected
/// utility (ties: the first); with one, a better one by more than `margin`. `None`: keep what
/// is there. Used per NPC and per group.
pub(crate) fn choose<'a>(
    player: &PlayerModel,
    count: usize,
    serves: impl Fn(usize) -> &'a [f64],
    current: Option<usize>,
    margin: f64,
) -> Option<usize> {
    if player.reports() == 0 || count == 0 {
        return None;
    }
    let rate = |i: usize| player.expected_utility(serves(i));
    let best = (1..count).fold(0, |best, i| if rate(i) > rate(best) { i } else { best });
    let replace = match current {
        None => true,
        Some(current) => best != current && rate(best) > rate(current) + margin,
    };
    replace.then_some(best)
}

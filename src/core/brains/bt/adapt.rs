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
//! player cannot make layers flap. The adaptive layer is the top one; an engine that pushes its
//! own layers over an adaptive NPC should leave adaptation out of that archetype.

use crate::core::brains::BrainState;
use crate::core::model::archetype::ArchetypeId;
use crate::core::model::entity::Entity;
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
        let rate = |i: usize| self.player.expected_utility(&candidates[i].1);
        let best =
            (1..candidates.len()).fold(0, |best, i| if rate(i) > rate(best) { i } else { best });
        let replace = match bt.adaptive {
            None => true,
            Some(current) => {
                best != current && rate(best) > rate(current) + domain.adaptation().margin
            }
        };
        if !replace {
            return;
        }
        let had = bt.adaptive.is_some();
        bt.adaptive = Some(best);
        let tree = domain.bt_trees().items()[candidates[best].0 .0 as usize].clone();
        let _ = self.bt_host(npc, mind, |layers, host| {
            if had {
                layers.pop(host);
            }
            layers.push(TreeRun::new(tree))
        });
    }
}

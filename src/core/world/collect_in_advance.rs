//! The thinks due and the NPCs' spatial tier collected by the advance pass, at each entity's
//! turn, instead of by a second pass over the records after it (issue 33, flat scaling: in a
//! large world each pass streams every record from memory, and perf at 50,000 UBC NPCs put the
//! second pass's first load of each record among the tick's costs that grow with the world).
//!
//! Exact, or not used. The second pass reads, for each tended entity: whether it is live, its
//! kind and position (for the NPCs' tier), whether it has a mind, and its next think; and which
//! slots are tended. An entity's turn comes after its own advance, which writes these; what a
//! later entity's advance may still change of an entity collected before it is only:
//! entities appearing or going (the slots, the tended set: counted), moving (which marks a
//! tier stale), and thinks moved by `think_at` (watched). When one of these happened, the
//! collection is dropped and the second pass runs as before. Nor is it tried while the objects'
//! tiers are stale: their rebuild asks whether an object is inert, from facts that any later
//! advance may write.

use crate::core::model::entity::{Entity, EntityKind};
use crate::core::model::slot_map::SlotKey;
use crate::core::world::brains::Brains;
use crate::core::world::spatial_index::Staging;
use crate::core::world::{EntityRecord, World};

/// How the ticks since a world was made collected their due thinks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CollectStats {
    /// Ticks whose advance pass collected them, and whose collection held.
    pub collected: u64,
    /// Ticks whose collection a later entity's advance changed: the second pass ran.
    pub dropped: u64,
    /// Ticks that ran the second pass without trying: the objects' tiers were stale, or
    /// collecting was off ([`World::set_collect_in_advance`]).
    pub passes: u64,
}

/// The state of the collection, kept between ticks for its buffer.
#[derive(Debug)]
pub(crate) struct CollectInAdvance {
    /// Whether the advance pass may collect (the default); off, every tick runs the second
    /// pass, which the tests compare with.
    enabled: bool,
    /// What the ticks did.
    stats: CollectStats,
    /// The NPCs' positions, staged at their turns when their tier is being rebuilt, in the
    /// tier's own staging buffer, lent for the pass.
    staging: Staging,
    /// Whether the NPCs' tier is being rebuilt.
    npcs: bool,
    /// Whether the advance pass is collecting.
    active: bool,
    /// The slot whose turn it is.
    at: u32,
    /// A think was moved for an entity already collected.
    broken: bool,
    /// Live entities and destructions when the pass began.
    census: (usize, u64),
}

impl Default for CollectInAdvance {
    fn default() -> Self {
        CollectInAdvance {
            enabled: true,
            stats: CollectStats::default(),
            staging: Staging::default(),
            npcs: false,
            active: false,
            at: 0,
            broken: false,
            census: (0, 0),
        }
    }
}

impl CollectInAdvance {
    /// Collects the entity of `record` (in the slot of `key`), whose advance has just run:
    /// its position into the NPCs' tier when that is being rebuilt, its think into `due` when
    /// it is due by `time`.
    #[inline]
    pub(crate) fn collect<B: Brains>(
        &mut self,
        due: &mut Vec<(f64, Entity)>,
        key: SlotKey,
        record: &EntityRecord<B>,
        time: f64,
        serial: u16,
    ) {
        if self.npcs && record.kind() == EntityKind::Npc {
            self.staging.stage(key.index, record.position);
        }
        if record.mind.is_some() && record.next_think <= time {
            due.push((record.next_think, Entity::from_key(key, serial)));
        }
    }

    /// `npc`'s next think was set: the collection no longer holds if `npc` was collected.
    #[inline]
    pub(crate) fn think_moved(&mut self, npc: Entity) {
        // `index1` is the slot plus one: below the current slot.
        if self.active && npc.index1 <= self.at {
            self.broken = true;
        }
    }
}

impl<B: Brains> World<B> {
    /// Starts collecting in the advance pass, unless the objects' tiers are stale; whether it
    /// does.
    pub(crate) fn begin_collect_in_advance(&mut self) -> bool {
        let collect = &mut self.collect_in_advance;
        collect.active = collect.enabled && !self.spatial.objects_stale();
        if !collect.active {
            collect.stats.passes += 1;
        } else {
            self.due.clear();
            collect.npcs = self.spatial.take_npcs_stale(&mut collect.staging);
            collect.at = 0;
            collect.broken = false;
            collect.census = (self.entities.len(), self.destructions);
        }
        collect.active
    }

    /// Marks `slot`'s turn in the advance pass, before its advance.
    #[inline]
    pub(crate) fn collect_turn_begins(&mut self, slot: u32) {
        self.collect_in_advance.at = slot;
    }

    /// Collects the entity in `slot`, whose advance has just run.
    #[inline]
    pub(crate) fn collect_turn_ends(&mut self, slot: u32) {
        let serial = self.serial();
        let Some((key, record)) = self.entities.get_at(slot) else {
            return;
        };
        self.collect_in_advance
            .collect(&mut self.due, key, record, self.time, serial);
    }

    /// Ends the collection begun by [`World::begin_collect_in_advance`]: keeps it when it
    /// holds (module docs), else runs the second pass as before.
    pub(crate) fn end_collect_in_advance(&mut self) {
        let collect = &mut self.collect_in_advance;
        collect.active = false;
        let held = !collect.broken
            && !self.spatial.is_stale()
            && collect.census == (self.entities.len(), self.destructions);
        if held {
            collect.stats.collected += 1;
        } else {
            collect.stats.dropped += 1;
        }
        if held && collect.npcs {
            self.spatial.index_npcs(&mut collect.staging);
        } else {
            self.spatial
                .give_up_npcs(&mut collect.staging, collect.npcs && !held);
            if !held {
                self.collect_due_and_refresh_spatial();
            }
        }
    }
}

impl<B: Brains> World<B> {
    /// How the ticks since the world was made collected their due thinks: in the advance pass
    /// (`collect_in_advance.rs`), or in a second pass over the entities.
    pub fn collect_stats(&self) -> CollectStats {
        self.collect_in_advance.stats
    }

    /// Whether the advance pass may collect the due thinks and the NPCs' spatial tier as it
    /// goes (on by default). Off, every tick makes a second pass over the entities for them;
    /// both give the same run, byte for byte, which is what this is for.
    pub fn set_collect_in_advance(&mut self, on: bool) {
        self.collect_in_advance.enabled = on;
    }
}

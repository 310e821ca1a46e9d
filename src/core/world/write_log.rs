//! The write log of a parallel think phase (`think_ahead.rs`, docs/parallel-think.md §3.5):
//! what the commits of the phase changed so far that a decision taken ahead, against the
//! phase's starting state, may have read.
//!
//! A decision taken ahead reads the slot states of the objects it prices (D1 of the design) and
//! the world's facts, positions and live set (D3). Slot changes are logged per object, since
//! the hospital's claims change a few every tick and most leave a given NPC's prices as they
//! were; a change to facts, positions or the live set is rare inside a think phase (only a
//! squad's order writes its members' facts) and marks every later proposal stale. The log is
//! written only while a phase with proposals commits, so the one-thread tick pays one branch
//! per hook.

use crate::core::model::archetype::ArchetypeId;
use crate::core::model::entity::Entity;
use crate::core::world::brains::Brains;
use crate::core::world::World;

/// The price a decision read of a slotted object, by the object's slot in the entity table
/// (what [`World::price`] answered).
pub(crate) type PricedRead = (u32, Option<(f64, f64)>);

/// Notes in `priced`, if the decision keeps prices, the `price` it read of the object in
/// entity-table `slot` with `record`, when the object has slots (the others' never change).
pub(crate) fn note_price<B: Brains>(
    priced: Option<&mut Vec<PricedRead>>,
    slot: u32,
    record: &crate::core::world::EntityRecord<B>,
    price: Option<(f64, f64)>,
) {
    if let Some(priced) = priced.filter(|_| !record.slots.is_empty()) {
        priced.push((slot, price));
    }
}

/// What the commits of the current think phase wrote.
#[derive(Default)]
pub(crate) struct WriteLog {
    /// Logging: a phase with proposals is committing.
    on: bool,
    /// Facts, positions or the live set changed.
    world: bool,
    /// Numbers the phases logged, so that `changed` needs no clearing.
    phase: u32,
    /// By entity-table slot: the last phase in which a commit changed the slot states of the
    /// object there (grown as objects are written).
    changed: Vec<u32>,
}

impl WriteLog {
    /// Starts logging a phase's commits, or stops (`on` false).
    pub(crate) fn start(&mut self, on: bool) {
        self.on = on;
        self.world = false;
        if on {
            self.phase = self.phase.wrapping_add(1);
            if self.phase == 0 {
                // After 2^32 phases an old stamp could pass for the current one.
                self.changed.fill(0);
                self.phase = 1;
            }
        }
    }

    /// Facts, a position or the live set changed.
    #[inline]
    pub(crate) fn world_changed(&mut self) {
        if self.on {
            self.world = true;
        }
    }

    /// Whether facts, a position or the live set changed in this phase.
    pub(crate) fn world_written(&self) -> bool {
        self.world
    }

    /// A slot state of `object` changed.
    #[inline]
    pub(crate) fn slots_changed(&mut self, object: Entity) {
        if self.on {
            if let Some(key) = object.key() {
                let at = key.index as usize;
                if self.changed.len() <= at {
                    self.changed.resize(at + 1, 0);
                }
                self.changed[at] = self.phase;
            }
        }
    }

    /// Whether the slot states of the object in entity-table `slot` changed in this phase.
    fn slots_changed_at(&self, slot: u32) -> bool {
        self.changed.get(slot as usize) == Some(&self.phase)
    }
}

impl<B: Brains> World<B> {
    /// Whether a decision for `npc` of `archetype` that read the prices `priced` against the
    /// phase's starting state still reads the same now: nothing it read was written by this
    /// phase's commits so far, or every object it priced whose slots changed prices the same
    /// again, bit for bit. O(objects priced), whatever the phase wrote.
    pub(crate) fn reads_still_hold(
        &self,
        npc: Entity,
        archetype: ArchetypeId,
        priced: &[PricedRead],
    ) -> bool {
        let log = &self.write_log;
        if log.world_written() {
            return false;
        }
        let pricing = self.pricing(npc, Some(archetype));
        let bits =
            |p: Option<(f64, f64)>| p.map(|(cost, factor)| (cost.to_bits(), factor.to_bits()));
        priced
            .iter()
            .filter(|&&(slot, _)| log.slots_changed_at(slot))
            .all(|&(slot, price)| {
                self.at_slot(slot).is_some_and(|(object, record)| {
                    bits(self.price(&pricing, object, record)) == bits(price)
                })
            })
    }
}

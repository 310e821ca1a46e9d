//! What kind an entity is, its archetype and its claims' priority, packed into one `u32` of
//! its record, so that the record is 56 bytes and its slot in the entity map exactly one
//! aligned cache line (issue 33, flat scaling): three fields took 12 bytes of it, and at 72
//! bytes a slot every record read at random (a think's perceived entities, suppliers and
//! targets) loaded two lines.

use crate::core::model::archetype::ArchetypeId;
use crate::core::model::entity::EntityKind;
use crate::core::model::limits::MAX_ARCHETYPES;
use crate::core::model::smart_object::ClaimPriority;

/// Bits 0-15: the archetype's id plus one (0: none); bits 16-17: the kind; bits 24-31: the
/// claim priority.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RecordTag(u32);

const ARCHETYPE_BITS: u32 = 0xffff;
const KIND_SHIFT: u32 = 16;
const PRIORITY_SHIFT: u32 = 24;
const _: () = assert!(
    MAX_ARCHETYPES < ARCHETYPE_BITS,
    "an archetype's id plus one fits"
);

impl RecordTag {
    /// The tag of an entity of `kind` and `archetype` (an id under [`MAX_ARCHETYPES`], which
    /// the domain builder holds every archetype to) claiming at `priority`.
    pub(crate) fn new(
        kind: EntityKind,
        archetype: Option<ArchetypeId>,
        priority: ClaimPriority,
    ) -> RecordTag {
        let archetype = archetype.map_or(0, |a| {
            debug_assert!(
                a.0 < MAX_ARCHETYPES,
                "the domain holds archetypes to the limit"
            );
            a.0 + 1
        });
        let kind = match kind {
            EntityKind::Npc => 0,
            EntityKind::Object => 1,
            EntityKind::Squad => 2,
        };
        RecordTag(archetype | kind << KIND_SHIFT | u32::from(priority.0) << PRIORITY_SHIFT)
    }

    /// The entity's kind.
    #[inline]
    pub(crate) fn kind(self) -> EntityKind {
        match (self.0 >> KIND_SHIFT) & 3 {
            0 => EntityKind::Npc,
            1 => EntityKind::Object,
            _ => EntityKind::Squad,
        }
    }

    /// The archetype it was made from, if any.
    #[inline]
    pub(crate) fn archetype(self) -> Option<ArchetypeId> {
        (self.0 & ARCHETYPE_BITS).checked_sub(1).map(ArchetypeId)
    }

    /// The priority of its claims.
    #[inline]
    pub(crate) fn claim_priority(self) -> ClaimPriority {
        ClaimPriority((self.0 >> PRIORITY_SHIFT) as u8)
    }

    /// The same tag claiming at `priority`.
    pub(crate) fn with_claim_priority(self, priority: ClaimPriority) -> RecordTag {
        RecordTag::new(self.kind(), self.archetype(), priority)
    }
}

#[cfg(test)]
mod tests {
    use super::RecordTag;
    use crate::core::model::archetype::ArchetypeId;
    use crate::core::model::entity::EntityKind;
    use crate::core::model::limits::MAX_ARCHETYPES;
    use crate::core::model::smart_object::ClaimPriority;

    /// Every kind, archetype (none, the first, the last the limit allows) and priority reads
    /// back as it was packed, and a new priority leaves the rest.
    #[test]
    fn a_tag_reads_back_what_it_packs() {
        let kinds = [EntityKind::Npc, EntityKind::Object, EntityKind::Squad];
        let archetypes = [
            None,
            Some(ArchetypeId(0)),
            Some(ArchetypeId(MAX_ARCHETYPES - 1)),
        ];
        for kind in kinds {
            for archetype in archetypes {
                for priority in [0, 1, 64, 128, 192, 255].map(ClaimPriority) {
                    let tag = RecordTag::new(kind, archetype, priority);
                    assert_eq!(tag.kind(), kind);
                    assert_eq!(tag.archetype(), archetype);
                    assert_eq!(tag.claim_priority(), priority);
                    let other = tag.with_claim_priority(ClaimPriority(255 - priority.0));
                    assert_eq!(
                        (other.kind(), other.archetype(), other.claim_priority()),
                        (kind, archetype, ClaimPriority(255 - priority.0))
                    );
                }
            }
        }
    }
}

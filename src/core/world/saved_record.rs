//! An entity's record as saves hold it: its fields one by one in the order they had before
//! the kind, archetype and claim priority were packed into one tag (`record_tag.rs`), so that
//! postcard writes and reads the same bytes as before.

use serde::{de::Error as _, Deserialize, Deserializer, Serialize, Serializer};

use crate::core::model::archetype::ArchetypeId;
use crate::core::model::entity::EntityKind;
use crate::core::model::fact_set::FactSet;
use crate::core::model::limits::MAX_ARCHETYPES;
use crate::core::model::smart_object::{ClaimPriority, SlotState};
use crate::core::model::vec3::Vec3;
use crate::core::world::alarm::Alarm;
use crate::core::world::record_tag::RecordTag;
use crate::core::world::{EntityRecord, Mind};

/// A record's fields in their saved order, borrowed for writing.
#[derive(Serialize)]
struct Writing<'a, B> {
    kind: EntityKind,
    archetype: Option<ArchetypeId>,
    position: Vec3,
    facts: &'a FactSet,
    mind: &'a Option<Box<Mind<B>>>,
    slots: &'a thin_vec::ThinVec<SlotState>,
    claim_priority: ClaimPriority,
    next_think: f64,
    alarm: Alarm,
}

/// A record's fields in their saved order, owned for reading.
#[derive(Deserialize)]
struct Reading<B> {
    kind: EntityKind,
    archetype: Option<ArchetypeId>,
    position: Vec3,
    facts: FactSet,
    mind: Option<Box<Mind<B>>>,
    slots: thin_vec::ThinVec<SlotState>,
    claim_priority: ClaimPriority,
    next_think: f64,
    alarm: Alarm,
}

impl<B: Serialize> Serialize for EntityRecord<B> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Writing {
            kind: self.kind(),
            archetype: self.archetype(),
            position: self.position,
            facts: &self.facts,
            mind: &self.mind,
            slots: &self.slots,
            claim_priority: self.claim_priority(),
            next_think: self.next_think,
            alarm: self.alarm,
        }
        .serialize(serializer)
    }
}

impl<'de, B: Deserialize<'de>> Deserialize<'de> for EntityRecord<B> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let saved = Reading::<B>::deserialize(deserializer)?;
        // The tag holds no more; `World::check_loaded` then holds it to the domain's archetypes.
        if saved.archetype.is_some_and(|a| a.0 >= MAX_ARCHETYPES) {
            return Err(D::Error::custom(
                "an entity's archetype is past MOTIVE_MAX_ARCHETYPES",
            ));
        }
        Ok(EntityRecord {
            tag: RecordTag::new(saved.kind, saved.archetype, saved.claim_priority),
            position: saved.position,
            facts: saved.facts,
            mind: saved.mind,
            slots: saved.slots,
            next_think: saved.next_think,
            alarm: saved.alarm,
        })
    }
}

//! One candidate plan state of a UDGOAP decision, kept for explanation: packed into 24 bytes
//! (it was 48), since every NPC keeps its last decision's candidates.

use crate::core::model::action::ActionId;
use crate::core::model::entity::Entity;
use crate::core::model::limits::MAX_PLAN_DEPTH;
use crate::core::world::Step;

/// A candidate unpacked: what [`Candidate`] holds, field by field.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq)]
pub struct CandidateFields {
    /// Its id in the search (the root is 0), below [`Explanation::MAX_CANDIDATES`](super::mind::Explanation::MAX_CANDIDATES).
    pub id: u32,
    /// The state it extends; `None` for the root.
    pub parent: Option<u32>,
    /// The step it adds to its parent's plan; `None` for the root.
    pub step: Option<Step>,
    /// Where `step` sits in its plan's execution order: its plan is its parent's with `step`
    /// inserted there, so every candidate's plan can be rebuilt from the root.
    pub position: u32,
    /// Number of steps, at most [`MAX_PLAN_DEPTH`].
    pub depth: u32,
    /// Utility of its simulated outcome.
    pub utility: f64,
    /// All its preconditions held in simulation: a complete plan.
    pub complete: bool,
    /// The NPC died before its last step.
    pub truncated: bool,
}

/// One candidate plan state of the last decision, for explanation ([`CandidateFields`],
/// packed). Saved as its fields.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq)]
#[serde(into = "CandidateFields", try_from = "CandidateFields")]
pub struct Candidate {
    utility: f64,
    /// The step's action; [`NO_STEP`] for none.
    action: u32,
    supplier_index1: u32,
    supplier_generation: u16,
    supplier_world: u16,
    id: u8,
    /// [`NO_PARENT`] for none.
    parent: u8,
    /// Position and depth, 6 bits each, then `complete` and `truncated`.
    shape: u16,
}

const NO_STEP: u32 = u32::MAX;
const NO_PARENT: u8 = u8::MAX;
const SIX_BITS: u16 = 0x3f;
const COMPLETE: u16 = 1 << 12;
const TRUNCATED: u16 = 1 << 13;
const _: () = assert!(MAX_PLAN_DEPTH as u16 <= SIX_BITS);

impl Candidate {
    /// `fields` packed. Ids below 256, parents below 255 (a parent comes before its child) and depths at most [`MAX_PLAN_DEPTH`], as a
    /// decision records them; [`Candidate::try_from`] checks a saved one.
    pub fn new(fields: CandidateFields) -> Self {
        debug_assert!(Self::fits(&fields), "{fields:?}");
        let step = fields.step.unwrap_or(Step {
            action: ActionId(NO_STEP),
            supplier: Entity::NULL,
        });
        Candidate {
            utility: fields.utility,
            action: step.action.0,
            supplier_index1: step.supplier.index1,
            supplier_generation: step.supplier.generation,
            supplier_world: step.supplier.world,
            id: fields.id as u8,
            parent: fields.parent.map_or(NO_PARENT, |p| p as u8),
            shape: fields.position as u16
                | (fields.depth as u16) << 6
                | if fields.complete { COMPLETE } else { 0 }
                | if fields.truncated { TRUNCATED } else { 0 },
        }
    }

    fn fits(fields: &CandidateFields) -> bool {
        fields.id <= u32::from(u8::MAX)
            && fields.parent.is_none_or(|p| p < u32::from(NO_PARENT))
            && fields.step.is_none_or(|s| s.action.0 != NO_STEP)
            && fields.depth <= MAX_PLAN_DEPTH
            && fields.position <= MAX_PLAN_DEPTH
    }

    /// Its fields, unpacked.
    pub fn fields(&self) -> CandidateFields {
        CandidateFields {
            id: self.id(),
            parent: self.parent(),
            step: self.step(),
            position: self.position(),
            depth: self.depth(),
            utility: self.utility,
            complete: self.complete(),
            truncated: self.truncated(),
        }
    }

    /// Its id in the search (the root is 0).
    pub fn id(&self) -> u32 {
        u32::from(self.id)
    }

    /// The state it extends; `None` for the root.
    pub fn parent(&self) -> Option<u32> {
        (self.parent != NO_PARENT).then_some(u32::from(self.parent))
    }

    /// The step it adds to its parent's plan; `None` for the root.
    pub fn step(&self) -> Option<Step> {
        (self.action != NO_STEP).then_some(Step {
            action: ActionId(self.action),
            supplier: Entity {
                index1: self.supplier_index1,
                generation: self.supplier_generation,
                world: self.supplier_world,
            },
        })
    }

    /// Where its step sits in its plan's execution order ([`CandidateFields::position`]).
    pub fn position(&self) -> u32 {
        u32::from(self.shape & SIX_BITS)
    }

    /// Number of steps.
    pub fn depth(&self) -> u32 {
        u32::from(self.shape >> 6 & SIX_BITS)
    }

    /// Utility of its simulated outcome.
    pub fn utility(&self) -> f64 {
        self.utility
    }

    /// All its preconditions held in simulation: a complete plan.
    pub fn complete(&self) -> bool {
        self.shape & COMPLETE != 0
    }

    /// The NPC died before its last step.
    pub fn truncated(&self) -> bool {
        self.shape & TRUNCATED != 0
    }
}

impl From<Candidate> for CandidateFields {
    fn from(candidate: Candidate) -> Self {
        candidate.fields()
    }
}

impl TryFrom<CandidateFields> for Candidate {
    type Error = String;

    /// Refuses fields a decision cannot record: an id past 255 or a parent past 254, a depth or position
    /// past [`MAX_PLAN_DEPTH`].
    fn try_from(fields: CandidateFields) -> Result<Self, String> {
        match Self::fits(&fields) {
            true => Ok(Candidate::new(fields)),
            false => Err(format!("a saved candidate out of range: {fields:?}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_candidate_packs_into_24_bytes_and_unpacks_to_its_fields() {
        assert_eq!(std::mem::size_of::<Candidate>(), 24);
        let step = Step {
            action: ActionId(7),
            supplier: Entity {
                index1: u32::MAX,
                generation: 3,
                world: 9,
            },
        };
        for fields in [
            CandidateFields {
                id: 0,
                parent: None,
                step: None,
                position: 0,
                depth: 0,
                utility: -0.0,
                complete: false,
                truncated: true,
            },
            CandidateFields {
                id: 255,
                parent: Some(254),
                step: Some(step),
                position: MAX_PLAN_DEPTH,
                depth: MAX_PLAN_DEPTH,
                utility: 0.75,
                complete: true,
                truncated: false,
            },
        ] {
            assert_eq!(Candidate::new(fields).fields(), fields);
        }
        let id_too_large = CandidateFields {
            id: 256,
            parent: None,
            step: None,
            position: 0,
            depth: 0,
            utility: 0.0,
            complete: false,
            truncated: false,
        };
        assert!(Candidate::try_from(id_too_large).is_err());
    }
}

//! Whether a controller did its job, whatever it is: every patient's needs watched after each
//! step. A need that went up was serviced (needs only decay by themselves); the lowest value
//! seen says whether a patient was left to run dry. A fast controller that serves nobody would
//! otherwise look best. Watching allocates nothing once made.

use motive::core::model::condition::FactView;
use motive::core::{AttributeId, Entity, Value, World};

/// The archetype whose needs are watched.
const PATIENT: &str = "patient";

/// One need of one patient.
struct Watched {
    patient: Entity,
    need: AttributeId,
    last: f64,
    lowest: f64,
    serviced: bool,
}

/// Every patient's needs in one world.
pub struct NeedWatch {
    watched: Vec<Watched>,
}

/// What the watch saw.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NeedSummary {
    /// Patient needs that went up at least once.
    pub serviced: usize,
    /// Patient needs watched (patients × their needs).
    pub needs: usize,
    /// The lowest value any of them reached (infinite when there were none).
    pub lowest: f64,
}

impl NeedWatch {
    /// Watches the numeric needs of every patient of `world`, from their values now.
    pub fn new(world: &World) -> Self {
        let domain = world.domain();
        let mut watched = Vec::new();
        if let Some(patient) = domain.archetypes().find(PATIENT) {
            for entity in world.entities() {
                if !matches!(world.archetype(entity), Ok(Some(a)) if a.0 == patient) {
                    continue;
                }
                for need in &domain.archetypes().items()[patient as usize].needs {
                    if let Some(Value::Number(n)) = world.value(entity, need.attribute) {
                        watched.push(Watched {
                            patient: entity,
                            need: need.attribute,
                            last: n,
                            lowest: n,
                            serviced: false,
                        });
                    }
                }
            }
        }
        NeedWatch { watched }
    }

    /// Looks at every need again.
    pub fn observe(&mut self, world: &World) {
        for w in &mut self.watched {
            if let Some(Value::Number(n)) = world.value(w.patient, w.need) {
                w.serviced |= n > w.last;
                w.lowest = w.lowest.min(n);
                w.last = n;
            }
        }
    }

    /// What it has seen so far.
    pub fn summary(&self) -> NeedSummary {
        NeedSummary {
            serviced: self.watched.iter().filter(|w| w.serviced).count(),
            needs: self.watched.len(),
            lowest: self
                .watched
                .iter()
                .map(|w| w.lowest)
                .fold(f64::INFINITY, f64::min),
        }
    }
}

impl NeedSummary {
    /// Two worlds' summaries as one.
    pub fn merge(self, other: NeedSummary) -> NeedSummary {
        NeedSummary {
            serviced: self.serviced + other.serviced,
            needs: self.needs + other.needs,
            lowest: self.lowest.min(other.lowest),
        }
    }
}

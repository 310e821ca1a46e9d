//! A scenario's measure of success: what its experiment counts, declared in the scenario's
//! `"measures"` (`docs/domain-format.md`), with the figure a publication gives for it, so a run
//! can be read against the thesis it reproduces. [`super::Measurement`] takes them as a run
//! goes.

use crate::core::model::action::ActionId;
use crate::core::model::archetype::ArchetypeId;
use crate::core::model::condition::Condition;

/// Most measures one scenario may declare: each is checked every step.
pub const MAX_MEASURES: usize = 16;

/// One measure of success.
#[derive(Clone, Debug, PartialEq)]
pub struct Measure {
    /// What it is called in summaries ("time until all drives > 90").
    pub name: String,
    /// What it counts.
    pub kind: MeasureKind,
    /// Published figures for its headline value, by variant name (`"as_written"` for the
    /// scenario as written), in the measure's unit.
    pub published: Vec<(String, f64)>,
    /// Where the published figures come from (a seed line).
    pub source: String,
}

/// What a measure counts.
#[derive(Clone, Debug, PartialEq)]
pub enum MeasureKind {
    /// For each entity of `of`, the seconds from the start of the run (or its spawn) until
    /// every condition of `all` first holds of it (the household's "all drives above 90",
    /// T:1445). Headline: the mean over those that got there.
    TimeUntil {
        /// Whose.
        of: Vec<ArchetypeId>,
        /// What must hold, the entity in the consumer's role.
        all: Vec<Condition>,
    },
    /// Performances of these actions that succeeded. Headline: the count.
    Performed {
        /// Which actions.
        actions: Vec<ActionId>,
    },
    /// Entities of `of` that died (their archetype's death conditions held). Headline: the
    /// count.
    Deaths {
        /// Whose.
        of: Vec<ArchetypeId>,
    },
    /// The lives of entities of `of`: spawn (or the start, or an arena reset) to death; a life
    /// still going at the end counts as long as it has lasted, as at least that. Headline: the
    /// mean life.
    Lifespan {
        /// Whose.
        of: Vec<ArchetypeId>,
    },
}

impl MeasureKind {
    /// The archetypes it follows (none for `Performed`).
    pub fn archetypes(&self) -> &[ArchetypeId] {
        match self {
            MeasureKind::TimeUntil { of, .. }
            | MeasureKind::Deaths { of }
            | MeasureKind::Lifespan { of } => of,
            MeasureKind::Performed { .. } => &[],
        }
    }

    /// The archetypes it follows, to swap in a variant.
    pub fn archetypes_mut(&mut self) -> &mut [ArchetypeId] {
        match self {
            MeasureKind::TimeUntil { of, .. }
            | MeasureKind::Deaths { of }
            | MeasureKind::Lifespan { of } => of,
            MeasureKind::Performed { .. } => &mut [],
        }
    }

    /// The unit of its headline value, for summaries: seconds or a count.
    pub fn unit(&self) -> &'static str {
        match self {
            MeasureKind::TimeUntil { .. } | MeasureKind::Lifespan { .. } => "s",
            MeasureKind::Performed { .. } | MeasureKind::Deaths { .. } => "",
        }
    }
}

impl Measure {
    /// The published figure for the variant `variant` (`None` for the scenario as written).
    pub fn published_for(&self, variant: Option<&str>) -> Option<f64> {
        let key = variant.unwrap_or(AS_WRITTEN);
        self.published
            .iter()
            .find(|(name, _)| name == key)
            .map(|&(_, value)| value)
    }
}

/// The key of a published figure for the scenario as written.
pub const AS_WRITTEN: &str = "as_written";

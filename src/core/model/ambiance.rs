//! Smart ambiance, the authored half (thesis chapter 7, 000_16db0c300c7e0e65.txt:1652-1790):
//! what raises or lowers action costs.
//!
//! Actions carry ambiance annotations; each NPC archetype lists the annotations applicable to
//! it (000_16db0c300c7e0e65.txt:1698). A [`Modifier`] adds a signed, time-varying amount to the
//! cost of matching actions (:1700); [`adjusted_cost`] keeps the sum a valid planner cost.
//! Where modifiers apply at run time (areas, events, projections) is the world's
//! (`world/ambiance_areas.rs`).

use std::sync::Arc;

use crate::core::model::error::{Error, Result};

/// Most annotations a domain may have: a set of them is a bit per annotation (8 KB at most),
/// and a caller's id is refused past it before any set is built (`UINT32_MAX` made one of
/// 512 MiB before the domain refused it).
pub const MAX_ANNOTATIONS: u32 = 1 << 16;

/// The lowest cost an action may have: motive's GOAP heuristic assumes every step costs at
/// least 1, so a cheaper step would make it inadmissible.
pub const MIN_ACTION_COST: f64 = 1.0;

/// An action's cost after ambiance: `base + delta`, never below [`MIN_ACTION_COST`].
///
/// Contagious modifiers can stack without bound (the thesis's "runaway" ambiance,
/// 000_16db0c300c7e0e65.txt:1786); the floor keeps the planner's costs valid whatever they sum
/// to. A NaN delta yields the floor rather than poisoning the search.
pub fn adjusted_cost(base: f64, delta: f64) -> f64 {
    (base + delta).max(MIN_ACTION_COST)
}

/// An ambiance annotation such as `loud` or `nervous`, as a dense id interned by the domain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AnnotationId(pub u32);

/// A set of annotations: a bitset over 64-bit words, as long as the largest id needs.
///
/// Ids are dense, so a few words cover a domain's annotations and intersection is a handful of
/// AND instructions. Only insertion exists, so the last word is never zero and the derived
/// equality compares sets correctly. The words are shared: sets are built while authoring and
/// then only copied, and copying one (an action's ambiance effect stamped into an event each
/// time it is performed) must not allocate during a tick.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Annotations {
    words: Arc<[u64]>,
}

impl Default for Annotations {
    fn default() -> Self {
        Annotations {
            words: Arc::new([]),
        }
    }
}

impl Annotations {
    /// The empty set.
    pub fn new() -> Self {
        Annotations::default()
    }

    /// Adds `id` (copying the words: sets are built while authoring, not in hot paths).
    pub fn insert(&mut self, id: AnnotationId) {
        if !self.contains(id) {
            let mut words = self.words.to_vec();
            Self::insert_into(&mut words, id);
            self.words = words.into();
        }
    }

    fn insert_into(words: &mut Vec<u64>, id: AnnotationId) {
        let (word, bit) = Self::locate(id);
        if words.len() <= word {
            words.resize(word + 1, 0);
        }
        words[word] |= bit;
    }

    /// True when `id` is in the set.
    pub fn contains(&self, id: AnnotationId) -> bool {
        let (word, bit) = Self::locate(id);
        self.words.get(word).is_some_and(|w| w & bit != 0)
    }

    /// True when the set has no annotation.
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// True when the two sets share an annotation.
    pub fn intersects(&self, other: &Annotations) -> bool {
        self.words
            .iter()
            .zip(other.words.iter())
            .any(|(a, b)| a & b != 0)
    }

    /// The annotations in the set, in id order.
    pub fn iter(&self) -> impl Iterator<Item = AnnotationId> + '_ {
        self.words.iter().enumerate().flat_map(|(word, &bits)| {
            (0..64)
                .filter(move |bit| bits & (1 << bit) != 0)
                .map(move |bit| AnnotationId(word as u32 * 64 + bit))
        })
    }

    /// True when one annotation is in all three sets.
    pub(crate) fn intersects_both(&self, a: &Annotations, b: &Annotations) -> bool {
        self.words
            .iter()
            .zip(a.words.iter())
            .zip(b.words.iter())
            .any(|((m, x), y)| m & x & y != 0)
    }

    fn locate(id: AnnotationId) -> (usize, u64) {
        ((id.0 / 64) as usize, 1 << (id.0 % 64))
    }
}

impl FromIterator<AnnotationId> for Annotations {
    fn from_iter<I: IntoIterator<Item = AnnotationId>>(ids: I) -> Self {
        let mut words = Vec::new();
        ids.into_iter()
            .for_each(|id| Annotations::insert_into(&mut words, id));
        Annotations {
            words: words.into(),
        }
    }
}

/// How fast a booster moves the cost away from its base, or a dampener brings it back.
///
/// The thesis names `fn_instantaneous` and leaves the rest to designers
/// (000_16db0c300c7e0e65.txt:1712-1714); linear covers gradual build-up and fade-out.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq)]
pub enum Rate {
    /// The whole change at once.
    Instantaneous,
    /// An even change over `duration` seconds (finite, > 0).
    Linear {
        /// Seconds the change takes.
        duration: f64,
    },
}

impl Rate {
    /// Seconds the change takes: 0 for instantaneous.
    pub fn duration(self) -> f64 {
        match self {
            Rate::Instantaneous => 0.0,
            Rate::Linear { duration } => duration,
        }
    }

    /// Share of the change done `elapsed` seconds after it began, in [0, 1].
    fn progress(self, elapsed: f64) -> f64 {
        match self {
            Rate::Instantaneous => 1.0,
            Rate::Linear { duration } => (elapsed / duration).clamp(0.0, 1.0),
        }
    }

    fn validate(self, role: &str) -> Result<()> {
        match self {
            Rate::Linear { duration } if !(duration.is_finite() && duration > 0.0) => {
                Err(Error::invalid(format!(
                    "an ambiance {role}'s linear duration must be finite and > 0, got {duration}"
                )))
            }
            _ => Ok(()),
        }
    }
}

/// An ambiance modifier: adds up to `amount` to the cost of matching actions, starting at
/// `start`, ramping up by its booster, holding, then ramping back to 0 by its dampener.
///
/// The thesis makes the booster and the dampener two cost modifiers, each with its own start
/// time, amount, annotations and rate (000_16db0c300c7e0e65.txt:1710), combined by a
/// "calculate total modification" function (:1707). Their amounts are opposite and their
/// annotations shared by construction (the dampener "brings the cost back", :1705), so one
/// amount and one annotation set describe both here. The thesis does not say when the dampener
/// starts; the `hold` between the two is our reading, and an infinite hold gives the static
/// location modifiers of :1728.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, PartialEq)]
pub struct Modifier {
    start: f64,
    amount: f64,
    annotations: Annotations,
    booster: Rate,
    hold: f64,
    dampener: Rate,
}

impl Modifier {
    /// A modifier from its parts. Errors unless `start` and `amount` are finite, `hold` is
    /// ≥ 0 (infinite allowed: it never ends), linear rates last a finite time > 0 and
    /// `annotations` is not empty (a modifier without annotations could never apply, :1746).
    pub fn new(
        start: f64,
        amount: f64,
        annotations: Annotations,
        booster: Rate,
        hold: f64,
        dampener: Rate,
    ) -> Result<Self> {
        if !start.is_finite() {
            return Err(Error::invalid(format!(
                "an ambiance modifier's start time must be finite, got {start}"
            )));
        }
        if !amount.is_finite() {
            return Err(Error::invalid(format!(
                "an ambiance modifier's amount must be finite, got {amount}"
            )));
        }
        if annotations.is_empty() {
            return Err(Error::invalid(
                "an ambiance modifier needs at least one annotation, or it applies to nothing",
            ));
        }
        booster.validate("booster")?;
        if hold.is_nan() || hold < 0.0 {
            return Err(Error::invalid(format!(
                "an ambiance modifier's hold must be >= 0 (infinite allowed), got {hold}"
            )));
        }
        dampener.validate("dampener")?;
        Ok(Modifier {
            start,
            amount,
            annotations,
            booster,
            hold,
            dampener,
        })
    }

    /// The same modifier starting at `start` instead: an action's ambiance effect is a
    /// template that each performance stamps with the time it happened.
    pub fn starting_at(&self, start: f64) -> Result<Self> {
        if !start.is_finite() {
            return Err(Error::invalid(format!(
                "an ambiance modifier's start time must be finite, got {start}"
            )));
        }
        Ok(Modifier {
            start,
            ..self.clone()
        })
    }

    /// When the booster starts.
    pub fn start(&self) -> f64 {
        self.start
    }

    /// The signed change at full strength.
    pub fn amount(&self) -> f64 {
        self.amount
    }

    /// The annotations of the actions whose cost it changes.
    pub fn annotations(&self) -> &Annotations {
        &self.annotations
    }

    /// The change to add to a matching action's cost at time `now`: 0 before `start`, then
    /// up by the booster, `amount` during the hold, then down to 0 by the dampener. Each phase
    /// covers a half-open interval, so an instantaneous booster is at full strength at `start`
    /// and an instantaneous dampener has already removed it when the hold ends.
    pub fn value_at(&self, now: f64) -> f64 {
        let elapsed = now - self.start;
        if elapsed.is_nan() || elapsed < 0.0 {
            return 0.0;
        }
        let boosted = self.booster.duration();
        if elapsed < boosted {
            return self.amount * self.booster.progress(elapsed);
        }
        let held = boosted + self.hold;
        if elapsed < held {
            return self.amount;
        }
        self.amount * (1.0 - self.dampener.progress(elapsed - held))
    }

    /// The thesis's "should stop" (000_16db0c300c7e0e65.txt:1708): true once both booster and
    /// dampener are done, which never happens with an infinite hold.
    pub fn is_finished(&self, now: f64) -> bool {
        now - self.start >= self.booster.duration() + self.hold + self.dampener.duration()
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub(crate) const LOUD: AnnotationId = AnnotationId(0);
    pub(crate) const NERVOUS: AnnotationId = AnnotationId(1);
    pub(crate) const SUSPICIOUS: AnnotationId = AnnotationId(70);

    pub(crate) fn set(ids: &[AnnotationId]) -> Annotations {
        ids.iter().copied().collect()
    }

    pub(crate) fn permanent(amount: f64, annotation: AnnotationId) -> Modifier {
        let booster = Rate::Instantaneous;
        Modifier::new(
            0.0,
            amount,
            set(&[annotation]),
            booster,
            f64::INFINITY,
            booster,
        )
        .unwrap()
    }

    #[test]
    fn annotations_grow_past_one_word_and_intersect() {
        let a = set(&[LOUD, SUSPICIOUS]);
        assert!(a.contains(SUSPICIOUS) && a.contains(LOUD) && !a.contains(NERVOUS));
        assert!(a.intersects(&set(&[SUSPICIOUS])));
        assert!(!a.intersects(&set(&[NERVOUS])));
        assert!(!a.intersects(&Annotations::new()));
        assert_eq!(set(&[SUSPICIOUS, LOUD]), a);
    }

    #[test]
    fn instantaneous_modifier_is_a_step_up_and_a_step_down() {
        // The thesis's example m = (123.0, 10, serious, fn_instantaneous), :1714, held 5 s.
        let instant = Rate::Instantaneous;
        let m = Modifier::new(123.0, 10.0, set(&[LOUD]), instant, 5.0, instant).unwrap();
        let golden = [(122.9, 0.0), (123.0, 10.0), (127.9, 10.0), (128.0, 0.0)];
        for (t, v) in golden {
            assert_eq!(m.value_at(t), v, "t = {t}");
        }
        assert!(!m.is_finished(127.9));
        assert!(m.is_finished(128.0));
    }

    #[test]
    fn linear_modifier_ramps_up_holds_and_ramps_down() {
        let m = Modifier::new(
            10.0,
            -4.0,
            set(&[NERVOUS]),
            Rate::Linear { duration: 2.0 },
            3.0,
            Rate::Linear { duration: 4.0 },
        )
        .unwrap();
        let golden = [
            (9.0, 0.0),
            (10.0, 0.0),
            (11.0, -2.0),
            (12.0, -4.0),
            (14.9, -4.0),
            (15.0, -4.0),
            (16.0, -3.0),
            (17.0, -2.0),
            (19.0, 0.0),
            (30.0, 0.0),
        ];
        for (t, v) in golden {
            assert!(
                (m.value_at(t) - v).abs() < 1e-12,
                "t = {t}: {}",
                m.value_at(t)
            );
        }
        assert!(!m.is_finished(18.99));
        assert!(m.is_finished(19.0));
    }

    #[test]
    fn infinite_hold_never_finishes() {
        let m = permanent(2.0, LOUD);
        assert_eq!(m.value_at(1e12), 2.0);
        assert!(!m.is_finished(1e12));
    }

    #[test]
    fn starting_at_retimes_a_template_and_keeps_the_rest() {
        let template = permanent(-0.75, NERVOUS);
        let stamped = template.starting_at(42.0).unwrap();
        assert_eq!(stamped.start(), 42.0);
        assert_eq!(stamped.amount(), -0.75);
        assert_eq!(stamped.annotations(), template.annotations());
        assert_eq!(stamped.value_at(41.9), 0.0);
        assert_eq!(stamped.value_at(42.0), -0.75);
    }

    #[test]
    fn annotations_iterate_in_id_order() {
        let ids = [LOUD, NERVOUS, SUSPICIOUS];
        assert_eq!(set(&ids).iter().collect::<Vec<_>>(), ids);
        assert_eq!(Annotations::new().iter().count(), 0);
        let mut grown = Annotations::new();
        grown.insert(SUSPICIOUS);
        grown.insert(LOUD);
        grown.insert(SUSPICIOUS);
        assert_eq!(grown, set(&[LOUD, SUSPICIOUS]));
    }
}

//! From goal completeness to drive satisfaction to one utility per simulated state.
//!
//! Pure arithmetic over slices: no allocation, usable inside the planner's inner loop.

/// A goal's contribution to its drive: its weight and its completeness in [0, 1].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WeightedScore {
    /// Importance, ≥ 0.
    pub weight: f64,
    /// Score in [0, 1].
    pub score: f64,
}

/// A drive's satisfaction: the weighted mean of its goals' completeness,
/// `S_d = Σ w_g·c_g / Σ w_g`.
///
/// The thesis calls it a "weighted sum" (000_16db0c300c7e0e65.txt:1260) but its example is an
/// average (:1247) and a goal of weight 2.0 complete at 1.0 gives satisfaction 1.0 (:1935,
/// :1988); only the weighted mean fits all three. A drive with no goals (or only zero-weight
/// ones) is fully satisfied: its goals are removed exactly when complete (e.g.
/// `self_max_health`, :1946), which the thesis leaves unspecified (digest §3.3 item 4).
pub fn drive_satisfaction(goals: &[WeightedScore]) -> f64 {
    weighted_mean(goals).satisfaction()
}

fn weighted_mean(items: &[WeightedScore]) -> WeightedMean {
    let mut mean = WeightedMean::default();
    for &item in items {
        mean.add(item);
    }
    mean
}

/// A weighted mean `Σ w·s / Σ w` summed score by score: what [`drive_satisfaction`] computes
/// over a slice, for callers that meet the goals of several drives in one pass and keep a sum
/// per drive. Each sum takes its terms in the order they come, from `Iterator::sum`'s start
/// (−0.0), so a drive's satisfaction has the same bits however its goals were gathered.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct WeightedMean {
    total: f64,
    weighted: f64,
}

impl Default for WeightedMean {
    fn default() -> Self {
        let start = std::iter::empty::<f64>().sum();
        WeightedMean {
            total: start,
            weighted: start,
        }
    }
}

impl WeightedMean {
    /// Adds one weighted score.
    #[inline]
    pub(crate) fn add(&mut self, item: WeightedScore) {
        self.total += item.weight;
        self.weighted += item.weight * item.score;
    }

    /// The mean; `None` when the weights sum to no more than 0.
    fn value(self) -> Option<f64> {
        (self.total > 0.0).then(|| self.weighted / self.total)
    }

    /// The mean as a drive's satisfaction: 1 for a drive with no (weighted) goals
    /// ([`drive_satisfaction`]).
    pub(crate) fn satisfaction(self) -> f64 {
        self.value().unwrap_or(1.0)
    }
}

/// How an NPC archetype turns its drives' satisfactions into one utility.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TopLevelUtility {
    /// `U = Σ W_d·S_d / Σ W_d`.
    Linear,
    /// Linear, but 0 when the drive at index `veto` has satisfaction 0: a dead NPC's other
    /// drives are irrelevant (`linear_with_bad_death`, 000_16db0c300c7e0e65.txt:1990-1992).
    LinearWithBadDeath {
        /// Index of the vetoing drive (the NPC's health drive) in the drive list.
        veto: usize,
    },
}

impl TopLevelUtility {
    /// The utility of a state whose drives have these weights and satisfactions, in [0, 1].
    /// No drives (or zero total weight) give 0: nothing wanted, nothing gained.
    pub fn evaluate(self, drives: &[WeightedScore]) -> f64 {
        if let TopLevelUtility::LinearWithBadDeath { veto } = self {
            if drives.get(veto).is_some_and(|d| d.score <= 0.0) {
                return 0.0;
            }
        }
        weighted_mean(drives).value().unwrap_or(0.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scores(pairs: &[(f64, f64)]) -> Vec<WeightedScore> {
        pairs
            .iter()
            .map(|&(weight, score)| WeightedScore { weight, score })
            .collect()
    }

    fn round2(x: f64) -> f64 {
        (x * 100.0).round() / 100.0
    }

    #[test]
    fn two_goblins_at_zero_and_half_health_satisfy_the_drive_to_075() {
        // 000_16db0c300c7e0e65.txt:1247-1249: kill goals complete at 1.0 and 0.5.
        assert_eq!(drive_satisfaction(&scores(&[(1.0, 1.0), (1.0, 0.5)])), 0.75);
        // :1935/:1988: one goal of weight 2.0 complete at 1.0 gives 1.0, not 2.0.
        assert_eq!(drive_satisfaction(&scores(&[(2.0, 1.0)])), 1.0);
        assert_eq!(drive_satisfaction(&[]), 1.0);
    }

    /// Summed per drive in one pass over goals of several drives, each drive's satisfaction
    /// has the bits of [`drive_satisfaction`] over that drive's goals alone, signed zeros too.
    #[test]
    fn sums_kept_per_drive_give_the_bits_of_a_pass_per_drive() {
        let mut rng = crate::core::model::rng::WorldRng::new(7);
        let values = [0.0, -0.0, 0.1, 0.3, 0.5, 1.0, 2.0, 1e-300];
        for _ in 0..2_000 {
            let goals: Vec<(usize, WeightedScore)> = (0..rng.below(12))
                .map(|_| {
                    let drive = rng.below(4);
                    let weight = values[rng.below(values.len())];
                    let score = values[rng.below(values.len())];
                    (drive, WeightedScore { weight, score })
                })
                .collect();
            let mut means = [WeightedMean::default(); 4];
            for &(drive, score) in &goals {
                means[drive].add(score);
            }
            for (drive, mean) in means.iter().enumerate() {
                let own: Vec<WeightedScore> = goals
                    .iter()
                    .filter(|(d, _)| *d == drive)
                    .map(|&(_, s)| s)
                    .collect();
                let total: f64 = own.iter().map(|i| i.weight).sum();
                let expected = match total > 0.0 {
                    true => own.iter().map(|i| i.weight * i.score).sum::<f64>() / total,
                    false => 1.0,
                };
                assert_eq!(mean.satisfaction().to_bits(), expected.to_bits(), "{own:?}");
                assert_eq!(drive_satisfaction(&own).to_bits(), expected.to_bits());
            }
        }
    }

    #[test]
    fn appendix_a_state_utilities() {
        let top = TopLevelUtility::LinearWithBadDeath { veto: 1 };
        // Drives in order kill_all_enemies, maximize_health, maximize_mana, all weight 1.
        let state =
            |kill, health, mana| top.evaluate(&scores(&[(1.0, kill), (1.0, health), (1.0, mana)]));
        // Table A.3 (000_16db0c300c7e0e65.txt:1992-2000): melee and lightning 0.38, drink 0.18.
        assert_eq!(round2(state(1.0, 0.15, 0.0)), 0.38);
        assert_eq!(round2(state(0.0, 0.15, 0.4)), 0.18);
        // Table A.5 prints 0.51 for {lightning, drink_mana}; strict simulation leaves 20 mana
        // (0 + 40 − 20), so (1 + 0.15 + 0.2) / 3 = 0.45 (digest §3.3 item 6).
        assert_eq!(round2(state(1.0, 0.15, 0.2)), 0.45);
        // Table A.4: goto into melee range kills the wizard: bad death vetoes to 0.
        assert_eq!(state(1.0, 0.0, 0.0), 0.0);
        assert!(
            TopLevelUtility::Linear.evaluate(&scores(&[(1.0, 1.0), (1.0, 0.0), (1.0, 0.0)])) > 0.3
        );
    }

    #[test]
    fn weights_normalise_and_empty_inputs_are_defined() {
        let top = TopLevelUtility::Linear;
        assert_eq!(top.evaluate(&scores(&[(3.0, 1.0), (1.0, 0.0)])), 0.75);
        assert_eq!(top.evaluate(&[]), 0.0);
        assert_eq!(top.evaluate(&scores(&[(0.0, 1.0)])), 0.0);
        // A veto index past the drive list vetoes nothing.
        let veto_missing = TopLevelUtility::LinearWithBadDeath { veto: 5 };
        assert_eq!(veto_missing.evaluate(&scores(&[(1.0, 0.5)])), 0.5);
    }
}

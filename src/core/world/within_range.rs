//! "Is this entity within range?" decided from the squared distance, exactly as comparing
//! [`distance_between`](crate::core::model::condition::distance_between) with the range would decide, with
//! a square root only for distances within a hair of the range.
//!
//! Perception tests every entity near an NPC each think, and nearly all of them are well
//! inside or well outside its range: a square root each (a long-latency instruction that the
//! comparison waits on) was most of the test's cost.
//!
//! **Why it is exact.** For a range `r >= 0`, `sqrt` is correctly rounded and monotone, so
//! `sqrt(s) <= r` holds whenever `s <= r²` in real arithmetic and fails whenever the real
//! `sqrt(s)` exceeds `r` by an ulp of `r` (at least 2^-52 of it), that is whenever
//! `s > r² (1 + 2^-51)`. The bounds are `r²` rounded, then scaled by `1 ∓ 2^-40` and rounded
//! again: each rounding moves them by at most 2^-53 relatively, far less than the 2^-40 margin,
//! so `s` below the lower bound is below `r²`, and `s` above the upper bound is beyond
//! `r² (1 + 2^-51)`. Between them the square root decides. Overflow and underflow keep this:
//! an infinite `r²` leaves every finite `s` surely in (its root is at most 1.4e154, below any
//! `r` whose square overflows), and a subnormal one belongs to a range below 1.5e-154, where
//! every non-zero `s` (at least 2e-90, the square of the smallest `f32` difference) is surely
//! out. NaN and infinite `s` fall through to the square root, which decides them as
//! `distance_between` does.

/// Relative margin of the two bounds around the squared range.
const MARGIN: f64 = 1.0 / (1u64 << 40) as f64;

/// A range, ready to test squared distances against; see the module documentation.
#[derive(Clone, Copy, Debug)]
pub(crate) struct WithinRange {
    range: f64,
    /// Squared distances below this are within range.
    surely_in: f64,
    /// Squared distances above this are out of range.
    surely_out: f64,
}

impl WithinRange {
    /// The test of `range` (any `f64`: a NaN or negative range holds no distance, as
    /// `distance <= range` would decide).
    pub(crate) fn new(range: f64) -> Self {
        if range.is_nan() || range < 0.0 {
            return WithinRange {
                range,
                surely_in: f64::NEG_INFINITY,
                surely_out: f64::NEG_INFINITY,
            };
        }
        let squared = range * range;
        WithinRange {
            range,
            surely_in: squared * (1.0 - MARGIN),
            surely_out: squared * (1.0 + MARGIN),
        }
    }

    /// Whether `squared_distance.sqrt() <= range`, for a sum of squares (never negative; NaN
    /// or infinite allowed).
    #[inline]
    pub(crate) fn holds(&self, squared_distance: f64) -> bool {
        if squared_distance < self.surely_in {
            true
        } else if squared_distance > self.surely_out {
            false
        } else {
            squared_distance.sqrt() <= self.range
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::model::condition::{distance_between, squared_distance};
    use crate::core::model::rng::WorldRng;
    use crate::core::model::vec3::Vec3;

    /// `x` moved by `steps - back` ulps (towards larger magnitudes when positive).
    fn ulps_from(x: f64, steps: usize, back: usize) -> f64 {
        let bits = x
            .to_bits()
            .wrapping_add(steps as u64)
            .wrapping_sub(back as u64);
        f64::from_bits(bits)
    }

    /// The test agrees with the square root on squared distances straddling the squared range
    /// by a few ulps, where the bounds matter, and on the special values.
    #[test]
    fn agrees_with_the_square_root_at_the_edge() {
        let mut rng = WorldRng::new(11);
        let specials = [
            0.0,
            -0.0,
            f64::MIN_POSITIVE,
            5e-324,
            1e-160,
            1e-150,
            1.0,
            1e154,
            1.4e154,
            1e200,
            f64::MAX,
            f64::INFINITY,
            f64::NAN,
            -1.0,
            -f64::INFINITY,
        ];
        let mut near_edge = 0;
        for round in 0..200_000 {
            let range = match round % 4 {
                0 => specials[rng.below(specials.len())],
                _ => (rng.unit() * 200.0).powi(rng.below(4) as i32 + 1),
            };
            let within = WithinRange::new(range);
            let squared = range * range;
            let s = match rng.below(4) {
                // A few ulps either side of the squared range, and of the squared range's
                // square root squared: where rounding decides.
                0 => ulps_from(squared, rng.below(17), 8),
                1 => {
                    let root = ulps_from(range, rng.below(5), 2);
                    ulps_from(root * root, rng.below(7), 3)
                }
                2 => specials[rng.below(specials.len())].abs(),
                _ => squared * rng.unit() * 2.0,
            };
            // A sum of squares is never negative.
            let s = s.abs();
            if s.is_finite() && (s.sqrt() - range).abs() <= range * 1e-15 {
                near_edge += 1;
            }
            assert_eq!(
                within.holds(s),
                s.sqrt() <= range,
                "range {range:e}, squared distance {s:e}"
            );
        }
        assert!(near_edge > 40_000, "{near_edge} cases at the edge");
    }

    /// Through positions, as perception uses it: the same verdict as `distance_between`.
    #[test]
    fn agrees_with_distance_between() {
        let mut rng = WorldRng::new(5);
        let point = |rng: &mut WorldRng| {
            let c = [0; 3].map(|_| ((rng.unit() - 0.5) * 200.0) as f32);
            Vec3::new(c[0], c[1], c[2])
        };
        for _ in 0..100_000 {
            let (a, b) = (point(&mut rng), point(&mut rng));
            let exact = distance_between(a, b);
            // The distance itself, an ulp either side, and elsewhere.
            let range = match rng.below(4) {
                0 => exact,
                1 => f64::from_bits(exact.to_bits() + 1),
                2 => f64::from_bits(exact.to_bits().saturating_sub(1)),
                _ => rng.unit() * 300.0,
            };
            assert_eq!(
                WithinRange::new(range).holds(squared_distance(a, b)),
                exact <= range,
                "{a:?} {b:?} range {range:e}"
            );
        }
    }
}

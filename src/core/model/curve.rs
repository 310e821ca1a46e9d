//! Response curves: how a raw value becomes a score in [0, 1].
//!
//! The thesis names linear and inverse-linear completeness and allows any response curve
//! (000_16db0c300c7e0e65.txt:951, :1258, after Alexander 2002). A curve first normalises its
//! input into [0, 1] over an authored range, then shapes it; the result is clamped to [0, 1].

use crate::core::model::error::{Error, Result};

/// Largest magnitude of a curve's parameters (range ends, slopes, offsets, points): finite
/// ones could overflow where a score subtracts two of them (a range from -1e308 to 1e308 gave
/// NaN scores, then NaN utilities); within it every step stays finite or saturates.
pub const MAX_CURVE_MAGNITUDE: f64 = 1e15;

/// The shape applied to a normalised input `x` in [0, 1].
#[derive(Clone, Debug, PartialEq)]
pub enum CurveShape {
    /// `y = slope·x + offset`. Linear is (1, 0); inverse-linear is (−1, 1).
    Linear {
        /// Gradient.
        slope: f64,
        /// Value at x = 0.
        offset: f64,
    },
    /// `y = slope·x^exponent + offset`: exponent > 1 favours high inputs, < 1 low ones.
    Power {
        /// Exponent, > 0.
        exponent: f64,
        /// Multiplier.
        slope: f64,
        /// Value at x = 0.
        offset: f64,
    },
    /// `y = 1 / (1 + e^(−steepness·(x − midpoint)))`: a soft threshold at `midpoint`.
    /// Negative steepness gives a falling curve.
    Logistic {
        /// How sharp the threshold is; not 0.
        steepness: f64,
        /// Where y = 0.5.
        midpoint: f64,
    },
    /// Straight lines through `(x, y)` points sorted by strictly increasing x; flat outside.
    PiecewiseLinear {
        /// At least one point.
        points: Vec<(f64, f64)>,
    },
}

/// A response curve: the input range that maps to [0, 1], and the shape over it.
#[derive(Clone, Debug, PartialEq)]
pub struct Curve {
    /// Input that normalises to 0.
    pub min: f64,
    /// Input that normalises to 1; differs from `min` (may be smaller, to invert the axis).
    pub max: f64,
    /// Shape over the normalised input.
    pub shape: CurveShape,
}

impl Curve {
    /// `x / max` over [0, max]: the thesis's `linear` (wizard health 15 of 100 gives 0.15,
    /// 000_16db0c300c7e0e65.txt:1946).
    pub fn linear(max: f64) -> Result<Self> {
        Curve::new(
            0.0,
            max,
            CurveShape::Linear {
                slope: 1.0,
                offset: 0.0,
            },
        )
    }

    /// `1 − x / max` over [0, max]: the thesis's `inverse_linear` (an enemy at 60 of 100 health
    /// gives 0.4, 000_16db0c300c7e0e65.txt:1258).
    pub fn inverse_linear(max: f64) -> Result<Self> {
        Curve::new(
            0.0,
            max,
            CurveShape::Linear {
                slope: -1.0,
                offset: 1.0,
            },
        )
    }

    /// A checked curve: finite parameters, a non-empty range, a well-formed shape.
    pub fn new(min: f64, max: f64, shape: CurveShape) -> Result<Self> {
        let curve = Curve { min, max, shape };
        curve.check()?;
        Ok(curve)
    }

    /// What [`Curve::new`] checks, for curves built field by field: parameters within
    /// ±[`MAX_CURVE_MAGNITUDE`], a non-empty range, a well-formed shape.
    pub fn check(&self) -> Result<()> {
        let Curve { min, max, shape } = self;
        let finite = |values: &[f64]| values.iter().all(|v| v.abs() <= MAX_CURVE_MAGNITUDE);
        let shape_ok = match shape {
            CurveShape::Linear { slope, offset } => finite(&[*slope, *offset]),
            CurveShape::Power {
                exponent,
                slope,
                offset,
            } => finite(&[*exponent, *slope, *offset]) && *exponent > 0.0,
            CurveShape::Logistic {
                steepness,
                midpoint,
            } => finite(&[*steepness, *midpoint]) && *steepness != 0.0,
            CurveShape::PiecewiseLinear { points } => {
                !points.is_empty()
                    && points.iter().all(|(x, y)| finite(&[*x, *y]))
                    && points.windows(2).all(|w| w[0].0 < w[1].0)
            }
        };
        if !finite(&[*min, *max]) || min == max {
            return Err(Error::invalid(format!(
                "a curve's range must be within ±{MAX_CURVE_MAGNITUDE:e} and not empty, got \
                 [{min}, {max}]"
            )));
        }
        if !shape_ok {
            return Err(Error::invalid(format!(
                "invalid curve shape {shape:?}: parameters must be within ±{MAX_CURVE_MAGNITUDE:e}, a power's exponent > 0, a logistic's steepness not 0, piecewise points non-empty with increasing x"
            )));
        }
        Ok(())
    }

    /// The score of `input`, in [0, 1]. Inputs outside the range clamp to its ends.
    pub fn evaluate(&self, input: f64) -> f64 {
        let x = ((input - self.min) / (self.max - self.min)).clamp(0.0, 1.0);
        let y = match &self.shape {
            CurveShape::Linear { slope, offset } => slope * x + offset,
            CurveShape::Power {
                exponent,
                slope,
                offset,
            } => slope * x.powf(*exponent) + offset,
            CurveShape::Logistic {
                steepness,
                midpoint,
            } => 1.0 / (1.0 + (-steepness * (x - midpoint)).exp()),
            CurveShape::PiecewiseLinear { points } => piecewise(points, x),
        };
        y.clamp(0.0, 1.0)
    }
}

fn piecewise(points: &[(f64, f64)], x: f64) -> f64 {
    let after = points.partition_point(|(px, _)| *px <= x);
    match (after.checked_sub(1).map(|i| points[i]), points.get(after)) {
        (Some((x0, y0)), Some(&(x1, y1))) => y0 + (y1 - y0) * (x - x0) / (x1 - x0),
        (Some((_, y)), None) | (None, Some(&(_, y))) => y,
        (None, None) => unreachable!("curves have at least one point"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thesis_linear_and_inverse_linear_values() {
        // 000_16db0c300c7e0e65.txt:1946: wizard health 15 of 100 → 0.15.
        assert_eq!(Curve::linear(100.0).unwrap().evaluate(15.0), 0.15);
        // 000_16db0c300c7e0e65.txt:1258: enemy at 60 of 100 health → 0.4.
        let kill = Curve::inverse_linear(100.0).unwrap();
        assert!((kill.evaluate(60.0) - 0.4).abs() < 1e-12);
        // Out-of-range inputs clamp: overheal is complete, negative health is no progress.
        assert_eq!(kill.evaluate(-5.0), 1.0);
        assert_eq!(Curve::linear(100.0).unwrap().evaluate(130.0), 1.0);
    }

    #[test]
    fn shapes_match_their_formulas() {
        let power = Curve::new(
            0.0,
            10.0,
            CurveShape::Power {
                exponent: 2.0,
                slope: 1.0,
                offset: 0.0,
            },
        )
        .unwrap();
        assert!((power.evaluate(5.0) - 0.25).abs() < 1e-12);
        let logistic = Curve::new(
            0.0,
            1.0,
            CurveShape::Logistic {
                steepness: 10.0,
                midpoint: 0.5,
            },
        )
        .unwrap();
        assert!((logistic.evaluate(0.5) - 0.5).abs() < 1e-12);
        assert!(logistic.evaluate(0.9) > 0.98 && logistic.evaluate(0.1) < 0.02);
        let steps = Curve::new(
            0.0,
            100.0,
            CurveShape::PiecewiseLinear {
                points: vec![(0.2, 0.0), (0.5, 1.0), (1.0, 0.5)],
            },
        )
        .unwrap();
        assert_eq!(steps.evaluate(10.0), 0.0, "flat before the first point");
        assert!((steps.evaluate(35.0) - 0.5).abs() < 1e-12);
        assert!((steps.evaluate(75.0) - 0.75).abs() < 1e-12);
        assert_eq!(steps.evaluate(100.0), 0.5);
        // A reversed range inverts the axis: min > max is allowed.
        let falling = Curve::new(
            100.0,
            0.0,
            CurveShape::Linear {
                slope: 1.0,
                offset: 0.0,
            },
        );
        assert!((falling.unwrap().evaluate(25.0) - 0.75).abs() < 1e-12);
    }

    #[test]
    fn malformed_curves_are_rejected() {
        let linear = CurveShape::Linear {
            slope: 1.0,
            offset: 0.0,
        };
        assert!(Curve::new(1.0, 1.0, linear.clone()).is_err());
        assert!(Curve::new(0.0, f64::NAN, linear).is_err());
        let unsorted = CurveShape::PiecewiseLinear {
            points: vec![(0.5, 0.0), (0.5, 1.0)],
        };
        assert!(Curve::new(0.0, 1.0, unsorted).is_err());
        let flat = CurveShape::Logistic {
            steepness: 0.0,
            midpoint: 0.5,
        };
        assert!(Curve::new(0.0, 1.0, flat).is_err());
        let empty = CurveShape::PiecewiseLinear { points: vec![] };
        assert!(Curve::new(0.0, 1.0, empty).is_err());
    }
}

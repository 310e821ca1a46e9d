//! `motive_curve`: response curves from a value to a score in [0, 1], as C writes them.

use super::enum_codes::{c_enum, decode};
use super::guard::{guard_value, FfiResult};
use super::pointers::slice;
use crate::core::model::curve::{Curve, CurveShape};

/// The shape of a `motive_curve` over its input normalised to `x` in [0, 1] (the result is
/// clamped to [0, 1]).
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum motive_curve_shape {
    /// `y = slope·x + offset`.
    Linear = 0,
    /// `y = slope·x^exponent + offset`; `exponent` > 0.
    Power = 1,
    /// `y = 1 / (1 + e^(−steepness·(x − midpoint)))`; `steepness` not 0 (negative falls).
    Logistic = 2,
    /// Straight lines through `points`, flat before the first and after the last.
    PiecewiseLinear = 3,
}

c_enum!(motive_curve_shape {
    Linear,
    Power,
    Logistic,
    PiecewiseLinear
});

/// One point of a piecewise-linear curve: normalised input `x`, score `y`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct motive_curve_point {
    /// Normalised input, usually in [0, 1].
    pub x: f64,
    /// Score at `x`.
    pub y: f64,
}

/// A response curve: `[min, max]` of the raw value maps to x in [0, 1], then `shape` gives the
/// score. Every number must be finite and `min != max` (`min > max` inverts the axis). Each
/// shape reads only its own fields and ignores the rest:
/// - `MOTIVE_CURVE_SHAPE_LINEAR`: `slope`, `offset`;
/// - `MOTIVE_CURVE_SHAPE_POWER`: `exponent`, `slope`, `offset`;
/// - `MOTIVE_CURVE_SHAPE_LOGISTIC`: `steepness`, `midpoint`;
/// - `MOTIVE_CURVE_SHAPE_PIECEWISE_LINEAR`: `points` and `point_count` (at least one point,
///   x strictly increasing).
///
/// `motive_curve_linear` and `motive_curve_inverse_linear` make the common ones.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct motive_curve {
    /// Raw value that normalises to 0.
    pub min: f64,
    /// Raw value that normalises to 1.
    pub max: f64,
    /// A `motive_curve_shape`; any other number is `MOTIVE_STATUS_INVALID_ARGUMENT`.
    pub shape: u32,
    /// Gradient (linear, power).
    pub slope: f64,
    /// Score at x = 0 (linear, power).
    pub offset: f64,
    /// Power of x (power).
    pub exponent: f64,
    /// Sharpness of the threshold (logistic).
    pub steepness: f64,
    /// Where the score is 0.5 (logistic).
    pub midpoint: f64,
    /// `point_count` points (piecewise-linear); copied by the call that reads the curve.
    pub points: *const motive_curve_point,
    /// Number of `points`.
    pub point_count: usize,
}

impl motive_curve {
    /// The checked core curve.
    ///
    /// # Safety
    /// For a piecewise-linear shape, `points` must be NULL or point to `point_count` readable
    /// points.
    pub(crate) unsafe fn to_core(self) -> FfiResult<Curve> {
        let shape = match decode::<motive_curve_shape>(self.shape, "shape")? {
            motive_curve_shape::Linear => CurveShape::Linear {
                slope: self.slope,
                offset: self.offset,
            },
            motive_curve_shape::Power => CurveShape::Power {
                exponent: self.exponent,
                slope: self.slope,
                offset: self.offset,
            },
            motive_curve_shape::Logistic => CurveShape::Logistic {
                steepness: self.steepness,
                midpoint: self.midpoint,
            },
            motive_curve_shape::PiecewiseLinear => {
                // SAFETY: forwarded from this function's contract.
                let points = unsafe { slice(self.points, self.point_count, "points") }?;
                CurveShape::PiecewiseLinear {
                    points: points.iter().map(|p| (p.x, p.y)).collect(),
                }
            }
        };
        Ok(Curve::new(self.min, self.max, shape)?)
    }

    /// A linear curve over `[0, max]` with the given slope and offset.
    fn linear(max: f64, slope: f64, offset: f64) -> Self {
        motive_curve {
            min: 0.0,
            max,
            shape: motive_curve_shape::Linear as u32,
            slope,
            offset,
            exponent: 1.0,
            steepness: 1.0,
            midpoint: 0.5,
            points: std::ptr::null(),
            point_count: 0,
        }
    }
}

/// The curve `value / max` over [0, max]: no progress at 0, complete at `max` (health 15 of
/// 100 scores 0.15). Checked where it is used (`max` must be finite and not 0). Thread-safe.
#[no_mangle]
pub extern "C" fn motive_curve_linear(max: f64) -> motive_curve {
    let curve = motive_curve::linear(max, 1.0, 0.0);
    guard_value(curve, || curve)
}

/// The curve `1 − value / max` over [0, max]: complete at 0, no progress at `max` (an enemy at
/// 60 of 100 health scores 0.4). Checked where it is used. Thread-safe.
#[no_mangle]
pub extern "C" fn motive_curve_inverse_linear(max: f64) -> motive_curve {
    let curve = motive_curve::linear(max, -1.0, 1.0);
    guard_value(curve, || curve)
}

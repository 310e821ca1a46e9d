//! The median (and range) of repeated measurements: on this kind of machine, whose speed drifts from
//! minute to minute, one slow or fast window moves it less than it moves a mean.

/// The median of `values` (the mean of the middle two for an even count); NaN for none.
/// NaNs sort last, as `f64::total_cmp` orders them.
pub fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    match sorted.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => sorted[n / 2],
        n => (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0,
    }
}

/// The lowest and highest of `values` (infinities the wrong way round for none).
pub fn range(values: &[f64]) -> (f64, f64) {
    values
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(low, high), &v| {
            (low.min(v), high.max(v))
        })
}

#[cfg(test)]
mod tests {
    use super::{median, range};

    #[test]
    fn range_is_the_lowest_and_highest() {
        assert_eq!(range(&[1.2, 0.9, 1.5]), (0.9, 1.5));
        assert_eq!(range(&[2.0]), (2.0, 2.0));
        assert_eq!(range(&[]), (f64::INFINITY, f64::NEG_INFINITY));
    }

    #[test]
    fn middle_value_or_mean_of_the_middle_two() {
        assert!(median(&[]).is_nan());
        assert_eq!(median(&[3.0]), 3.0);
        assert_eq!(median(&[5.0, 1.0, 3.0]), 3.0);
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), 2.5);
        // One wild window does not move it.
        assert_eq!(median(&[1.0, 1.1, 1.2, 1.1, 90.0]), 1.1);
    }
}

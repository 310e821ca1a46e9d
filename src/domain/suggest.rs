//! "Did you mean …?" for misspelt names.

/// The known name closest to `wanted`, if it is close enough to be a likely typo: a normalised
/// Damerau–Levenshtein similarity of at least 0.7, one edit away (short names such as `=>`), or
/// a case-insensitive match.
pub fn closest<'a>(wanted: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let lower = wanted.to_ascii_lowercase();
    let length = lower.chars().count();
    known
        .into_iter()
        // The distance is at least the difference in length: skipping names too long or too
        // short to be near keeps a huge name from costing a quadratic comparison with each.
        .filter(|k| {
            let (a, b) = (length, k.chars().count());
            a.abs_diff(b) <= 1 || a.abs_diff(b) as f64 <= 0.3 * a.max(b) as f64
        })
        .map(|k| {
            let k_lower = k.to_ascii_lowercase();
            let score = if k_lower == lower {
                1.0
            } else if strsim::damerau_levenshtein(&lower, &k_lower) == 1 {
                0.7_f64.max(strsim::normalized_damerau_levenshtein(&lower, &k_lower))
            } else {
                strsim::normalized_damerau_levenshtein(&lower, &k_lower)
            };
            // Among equally near names, the same letters in another order win: `=>` meant `>=`.
            (score, same_letters(&lower, &k_lower), k)
        })
        .filter(|&(score, _, _)| score >= 0.7)
        // Then the alphabetically first name, so the suggestion never depends on map order.
        .max_by(|a, b| {
            a.0.total_cmp(&b.0)
                .then(a.1.cmp(&b.1))
                .then_with(|| b.2.cmp(a.2))
        })
        .map(|(_, _, k)| k)
}

/// True when `a` and `b` are anagrams.
fn same_letters(a: &str, b: &str) -> bool {
    let sorted = |s: &str| {
        let mut bytes = s.as_bytes().to_vec();
        bytes.sort_unstable();
        bytes
    };
    sorted(a) == sorted(b)
}

/// ` (did you mean "x"?)` after an unknown name, or nothing.
pub fn hint<'a>(wanted: &str, known: impl IntoIterator<Item = &'a str>) -> String {
    closest(wanted, known)
        .map(|k| format!(" (did you mean {k:?}?)"))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_near_misses_only() {
        let known = ["hunger", "hygiene", "energy"];
        assert_eq!(closest("hungr", known), Some("hunger"));
        assert_eq!(closest("Hunger", known), Some("hunger"));
        assert_eq!(closest("hyigene", known), Some("hygiene"), "transposition");
        assert_eq!(closest("mana", known), None);
        assert_eq!(hint("enrgy", known), " (did you mean \"energy\"?)");
        assert_eq!(hint("zzz", known), "");
    }
}

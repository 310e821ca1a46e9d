//! Table 4.1's systems ordered by time per decision as measured, beside the thesis's order, and
//! why the two differ when they do.
//!
//! Every row's figure includes its world's `World::tick` (needs decay, the spatial index): a
//! brain decides inside it, the FSM pays it on top of its own checks, which are timed apart.
//! When the orders differ, the reason is sought in this order:
//! - the FSM's own checks alone against the brains' whole figures (the split most in the
//!   FSM's favour) still differ: not `World::tick`;
//! - a brain's whole figure is below `World::tick` in the FSM's brainless world: the brains'
//!   worlds keep less bookkeeping, and the FSM row carries some they do not;
//! - otherwise the brains' share of `World::tick` cannot be timed from outside the library:
//!   the order left once the FSM world's is taken out of every row (a constant, which can
//!   only make or break ties) is what would remain were theirs the same.

use std::cmp::Ordering;
use std::fmt;

/// Two times closer than this share of the larger are a tie: `motive bench --quick` runs
/// minutes apart on a shared two-core VM differed by up to 5 % per controller, so a
/// difference under twice that is not told from noise.
pub const TIE: f64 = 0.10;

/// A system and its time per decision (NaN when not measured).
#[derive(Clone, Debug, PartialEq)]
pub struct Timed {
    /// Its name, as the ordering prints it.
    pub system: String,
    /// Time per decision.
    pub us: f64,
}

/// The systems measured, fastest first, in groups of ties.
#[derive(Debug, PartialEq)]
pub struct Ranking(Vec<Vec<Timed>>);

/// A pair of systems ordered unlike another ranking orders them.
#[derive(Debug, PartialEq)]
pub enum Departure {
    /// Tied here (≈), not there.
    Tied(String, String),
    /// Here the first is faster beyond [`TIE`]; there it is not.
    Faster(String, String),
}

impl Ranking {
    /// `timed` ranked, the systems not measured left out: a system ties with the fastest of
    /// the group before it when within [`TIE`] of it (so a group never spans more than that).
    pub fn of(timed: &[Timed]) -> Ranking {
        let mut sorted: Vec<Timed> = timed.iter().filter(|t| t.us.is_finite()).cloned().collect();
        sorted.sort_by(|a, b| a.us.total_cmp(&b.us));
        let mut groups: Vec<Vec<Timed>> = Vec::new();
        for t in sorted {
            match groups.last_mut() {
                Some(group) if t.us - group[0].us <= TIE * t.us.abs().max(group[0].us.abs()) => {
                    group.push(t)
                }
                _ => groups.push(vec![t]),
            }
        }
        Ranking(groups)
    }

    /// Systems ranked.
    pub fn count(&self) -> usize {
        self.0.iter().map(Vec::len).sum()
    }

    /// The systems' names alone, e.g. `FSM < UBC < GOAP`.
    pub fn names(&self) -> String {
        self.joined(|t| t.system.clone())
    }

    /// How the pairs ranked both here and in `other` are ordered here unlike there, in
    /// `other`'s order.
    pub fn departures(&self, other: &Ranking) -> Vec<Departure> {
        let systems: Vec<&str> = other.0.iter().flatten().map(|t| &*t.system).collect();
        let mut found = Vec::new();
        for (i, &a) in systems.iter().enumerate() {
            for &b in &systems[i + 1..] {
                let (Some(here), Some(there)) = (self.compare(a, b), other.compare(a, b)) else {
                    continue;
                };
                match here {
                    _ if here == there => {}
                    Ordering::Equal => found.push(Departure::Tied(a.into(), b.into())),
                    Ordering::Less => found.push(Departure::Faster(a.into(), b.into())),
                    Ordering::Greater => found.push(Departure::Faster(b.into(), a.into())),
                }
            }
        }
        found
    }

    /// `a`'s group against `b`'s; `None` when either is not ranked.
    fn compare(&self, a: &str, b: &str) -> Option<Ordering> {
        let group = |s: &str| self.0.iter().position(|g| g.iter().any(|t| t.system == s));
        Some(group(a)?.cmp(&group(b)?))
    }

    fn joined(&self, show: impl Fn(&Timed) -> String) -> String {
        let groups: Vec<String> = self
            .0
            .iter()
            .map(|g| g.iter().map(&show).collect::<Vec<_>>().join(" ≈ "))
            .collect();
        groups.join(" < ")
    }
}

/// The systems with their times, e.g. `UBC (0.245) < FSM (0.340) ≈ GOAP (0.339)`.
impl fmt::Display for Ranking {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.joined(|t| format!("{} ({:.3})", t.system, t.us)))
    }
}

impl fmt::Display for Departure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Departure::Tied(a, b) => write!(f, "{a} ≈ {b}"),
            Departure::Faster(a, b) => write!(f, "{a} < {b}"),
        }
    }
}

/// The lines printed after Table 4.1: the thesis's ordering (`thesis`, its times) beside the
/// one `measured` (µs per decision at our base point, same systems, NaN for one not measured);
/// `fsm`'s own think (`fsm_own` µs, NaN without an FSM row) against the brains' whole figures;
/// and, when the measured ordering is not the thesis's, the reason the numbers give.
pub fn lines(thesis: &[Timed], measured: &[Timed], fsm: &str, fsm_own: f64) -> Vec<String> {
    let expected = Ranking::of(thesis);
    let whole = Ranking::of(measured);
    if whole.count() < 2 {
        return vec![format!(
            "ordering: thesis {}; measured: fewer than two of its systems at the base point",
            expected.names()
        )];
    }
    let mut out = vec![format!(
        "ordering: thesis {}; measured {whole} µs per decision, World::tick in each",
        expected.names()
    )];
    let fsm_whole = measured
        .iter()
        .find(|t| t.system == fsm)
        .map_or(f64::NAN, |t| t.us);
    let tick = fsm_whole - fsm_own;
    // Every row less `from_fsm` (the FSM's) or `from_brains` (any other).
    let less = |from_fsm: f64, from_brains: f64| {
        let rows: Vec<Timed> = measured
            .iter()
            .map(|t| {
                let cut = if t.system == fsm {
                    from_fsm
                } else {
                    from_brains
                };
                Timed {
                    system: t.system.clone(),
                    us: t.us - cut,
                }
            })
            .collect();
        Ranking::of(&rows)
    };
    // Its own checks against the brains' whole figures: the split most in the FSM's favour.
    let own = less(tick, 0.0);
    if tick.is_finite() {
        out.push(format!(
            "{fsm}'s own think {fsm_own:.3} µs of its {fsm_whole:.3} (World::tick {tick:.3}); against the brains' whole figures: {own}"
        ));
    }
    let departures = whole.departures(&expected);
    if departures.is_empty() {
        return out;
    }
    let tie = format!("≈: within {:.0} %", TIE * 100.0);
    let own_departures = own.departures(&expected);
    let reason = if !tick.is_finite() {
        format!(
            "not {fsm}'s World::tick (no {fsm} row): {} ({tie})",
            listed(&departures)
        )
    } else if !own_departures.is_empty() {
        format!(
            "not {fsm}'s World::tick: with its own checks alone, {} remain ({tie})",
            listed(&own_departures)
        )
    } else if let Some(brain) = measured
        .iter()
        .filter(|t| t.system != fsm && t.us <= tick)
        .min_by(|a, b| a.us.total_cmp(&b.us))
    {
        format!(
            "{fsm}'s World::tick: {tick:.3} µs in its brainless world, more than {}'s whole think ({:.3}), so the brains' worlds keep less bookkeeping; its own checks alone order as the thesis's",
            brain.system, brain.us
        )
    } else {
        match less(tick, tick).departures(&expected) {
            left if left.is_empty() => format!(
                "World::tick ({tick:.3} µs in {fsm}'s world) narrows differences to ties ({}); less it, {fsm}'s checks and every row order as the thesis's",
                listed(&departures)
            ),
            left => format!(
                "undecided: {fsm}'s own checks order as the thesis's against the brains' whole figures, but these include their World::tick; were it the {tick:.3} µs of {fsm}'s world, {} would remain ({tie})",
                listed(&left)
            ),
        }
    };
    out.push(format!("reason: {reason}"));
    out
}

/// `departures` as a list: `UBC < FSM, FSM ≈ GOAP`.
fn listed(departures: &[Departure]) -> String {
    let parts: Vec<String> = departures.iter().map(Departure::to_string).collect();
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn timed(pairs: &[(&str, f64)]) -> Vec<Timed> {
        pairs
            .iter()
            .map(|&(system, us)| Timed {
                system: system.into(),
                us,
            })
            .collect()
    }

    fn thesis() -> Vec<Timed> {
        timed(&[("FSM", 5.0), ("UBC", 10.0), ("GOAP", 14.0)])
    }

    fn lines_of(measured: &[(&str, f64)], fsm_own: f64) -> Vec<String> {
        lines(&thesis(), &timed(measured), "FSM", fsm_own)
    }

    #[test]
    fn the_thesis_ordering_measured_needs_no_reason() {
        assert_eq!(
            lines_of(&[("FSM", 0.5), ("UBC", 0.8), ("GOAP", 1.2)], 0.2),
            [
                "ordering: thesis FSM < UBC < GOAP; measured FSM (0.500) < UBC (0.800) < GOAP (1.200) µs per decision, World::tick in each",
                "FSM's own think 0.200 µs of its 0.500 (World::tick 0.300); against the brains' whole figures: FSM (0.200) < UBC (0.800) < GOAP (1.200)",
            ]
        );
    }

    #[test]
    fn an_ordering_the_fsm_own_checks_keep_is_not_world_tick() {
        let out = lines_of(&[("FSM", 0.98), ("UBC", 0.52), ("GOAP", 1.01)], 0.6);
        assert!(out[0].contains("measured UBC (0.520) < FSM (0.980) ≈ GOAP (1.010) µs"));
        assert_eq!(
            out[2],
            "reason: not FSM's World::tick: with its own checks alone, UBC < FSM remain (≈: within 10 %)"
        );
    }

    #[test]
    fn world_tick_dearer_than_a_whole_brain_is_bookkeeping_the_brains_lack() {
        // 0.77 µs of World::tick in the FSM's world; UBC's whole think is 0.52.
        let out = lines_of(&[("FSM", 0.98), ("UBC", 0.52), ("GOAP", 1.01)], 0.21);
        assert_eq!(
            out[2],
            "reason: FSM's World::tick: 0.770 µs in its brainless world, more than UBC's whole think (0.520), so the brains' worlds keep less bookkeeping; its own checks alone order as the thesis's"
        );
    }

    #[test]
    fn world_tick_cheaper_than_the_brains_leaves_it_undecided() {
        // Less 0.16 µs everywhere: UBC 0.09 < FSM 0.18 ≈ GOAP 0.18.
        let out = lines_of(&[("FSM", 0.34), ("UBC", 0.25), ("GOAP", 0.34)], 0.18);
        assert_eq!(
            out[1],
            "FSM's own think 0.180 µs of its 0.340 (World::tick 0.160); against the brains' whole figures: FSM (0.180) < UBC (0.250) < GOAP (0.340)"
        );
        assert_eq!(
            out[2],
            "reason: undecided: FSM's own checks order as the thesis's against the brains' whole figures, but these include their World::tick; were it the 0.160 µs of FSM's world, UBC < FSM, FSM ≈ GOAP would remain (≈: within 10 %)"
        );
    }

    #[test]
    fn times_within_the_tolerance_tie_and_one_beyond_does_not() {
        let abc = |b: f64, c: f64| Ranking::of(&timed(&[("A", 1.0), ("B", b), ("C", c)]));
        let r = abc(1.09, 1.15);
        assert_eq!(
            r.names(),
            "A ≈ B < C",
            "C ties with B, not A: ties do not chain"
        );
        assert_eq!(
            r.departures(&abc(2.0, 3.0)),
            [Departure::Tied("A".into(), "B".into())]
        );
        // Equal times tie; departures from a ranking with the tie are strict orders.
        assert_eq!(
            abc(2.0, 3.0).departures(&abc(1.0, 3.0)),
            [Departure::Faster("A".into(), "B".into())]
        );
    }

    #[test]
    fn ties_world_tick_causes_are_said_so() {
        // 1.00 ≈ 1.05 with 0.8 µs of World::tick in each; 0.20 < 0.25 without it.
        let out = lines_of(&[("FSM", 1.0), ("UBC", 1.05), ("GOAP", 2.0)], 0.2);
        assert_eq!(
            out[2],
            "reason: World::tick (0.800 µs in FSM's world) narrows differences to ties (FSM ≈ UBC); less it, FSM's checks and every row order as the thesis's"
        );
    }

    #[test]
    fn controllers_not_measured_are_left_out() {
        assert_eq!(
            lines_of(&[("FSM", f64::NAN), ("UBC", 0.5), ("GOAP", 0.3)], f64::NAN),
            [
                "ordering: thesis FSM < UBC < GOAP; measured GOAP (0.300) < UBC (0.500) µs per decision, World::tick in each",
                "reason: not FSM's World::tick (no FSM row): GOAP < UBC (≈: within 10 %)",
            ]
        );
        assert_eq!(
            lines_of(&[("FSM", f64::NAN), ("UBC", 0.5), ("GOAP", f64::NAN)], f64::NAN),
            ["ordering: thesis FSM < UBC < GOAP; measured: fewer than two of its systems at the base point"]
        );
    }
}

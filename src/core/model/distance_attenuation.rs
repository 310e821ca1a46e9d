//! Distance attenuation of UDGOAP utility: how much less attractive a plan is for the walk it
//! takes, configured per NPC archetype by a response curve from distance to a factor in [0, 1].
//!
//! **Our extension, off by default.** The thesis rates plans by the utility of their simulated
//! end state only: no action cost, no distance (000_16db0c300c7e0e65.txt:716, digest §1.6,
//! §1.8), and it is explicitly not a Sims-style "advertisement plus attenuation" model (digest
//! §0). Its only use of distance in choosing suppliers is a hard cutoff: the example "simply
//! selects the objects within a particular range" (:1953), which we keep as the perception
//! range. Needs-driven games expect the graded version, where an object's advertised benefit
//! fades with distance (the Sims-style pipeline of `../shared/spec/anchors_peers.md` §5.2; the
//! GOAP peers price distance into costs, §1.1). Archetypes without a curve plan exactly as the
//! thesis does, so every golden value stands.
//!
//! **The reading.**
//! - *What is attenuated:* the plan's utility *gain* over the NPC's current state, `U' = U₀ +
//!   a(d)·(U − U₀)` where `U₀` is the root's utility. Scaling the utility itself would rank a
//!   far plan below doing nothing and mix distance into the state's worth. Losses (`U ≤ U₀`,
//!   a death vetoed to 0) are left as they are: distance makes a benefit less attractive, never
//!   a harm less harmful. So `U'` lies between `U₀` and `U`, in [0, 1].
//! - *Which distance:* the walk the plan takes, from the NPC through the supplier of each step
//!   in execution order (fetch at the fridge, then cook at the stove). A `goto` and the use
//!   that follows it share a supplier, so the walk counts once; a one-object plan is attenuated
//!   by the distance to that object, the Sims reading. Positions are those the NPC knows when it
//!   plans (its memory); a leg with an unknown end counts 0.
//! - *Where:* every plan state is rated this way, so the best-first order and the plan chosen
//!   both see it; the root never is.

use crate::core::model::archetype::ArchetypeId;
use crate::core::model::condition::distance_between;
use crate::core::model::curve::Curve;
use crate::core::model::domain::DomainBuilder;
use crate::core::model::error::{Error, Result};
use crate::core::model::vec3::Vec3;

/// A plan's utility attenuated by `factor` in [0, 1]: `root + factor · (utility − root)` when
/// it gains over the current state's `root`, unchanged when it does not (or when `factor` is
/// 1, so an unattenuated plan keeps its exact utility).
pub fn attenuated_utility(root: f64, utility: f64, factor: f64) -> f64 {
    if utility > root && factor < 1.0 {
        root + factor * (utility - root)
    } else {
        utility
    }
}

/// The length of the walk from `start` through `stops` in order; an unknown point (`None`) is
/// skipped, and so is the leg to it.
pub fn travel_distance(start: Option<Vec3>, stops: impl IntoIterator<Item = Option<Vec3>>) -> f64 {
    let mut at = start;
    let mut total = 0.0;
    for stop in stops.into_iter().flatten() {
        if let Some(from) = at {
            total += distance_between(from, stop);
        }
        at = Some(stop);
    }
    total
}

impl DomainBuilder {
    /// Makes `archetype`'s UDGOAP NPCs attenuate each plan's utility gain by `curve` of the
    /// distance the plan walks (see [`crate::core::model::distance_attenuation`]); replaces any curve
    /// set before. The curve maps distance in engine units to a factor, clamped to [0, 1]
    /// (`Curve::inverse_linear(50.0)`: full at 0, nothing from 50 on). GOAP NPCs ignore it:
    /// their actions price distance in cost. A malformed curve is rejected and changes nothing.
    pub fn set_distance_attenuation(&mut self, archetype: ArchetypeId, curve: Curve) -> Result<()> {
        curve
            .check()
            .map_err(|e| Error::new(e.kind, format!("a distance attenuation curve: {e}")))?;
        self.domain
            .archetypes
            .get_mut(archetype.0)?
            .distance_attenuation = Some(curve);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gains_are_attenuated_and_losses_are_not() {
        assert_eq!(attenuated_utility(0.2, 0.6, 0.5), 0.4);
        assert_eq!(attenuated_utility(0.2, 0.6, 0.0), 0.2, "no better than now");
        assert_eq!(attenuated_utility(0.2, 0.6, 1.0), 0.6);
        assert_eq!(
            attenuated_utility(0.5, 0.1, 0.5),
            0.1,
            "a loss stays a loss"
        );
        assert_eq!(attenuated_utility(0.5, 0.0, 0.0), 0.0, "death stays 0");
        // Exact, not rounded through the gain: 0.1 + (0.45 − 0.1) is not 0.45 in f64.
        assert_eq!(attenuated_utility(0.1, 0.45, 1.0), 0.45);
    }

    #[test]
    fn travel_walks_through_the_known_stops_in_order() {
        let at = |x: f32| Some(Vec3::new(x, 0.0, 0.0));
        assert_eq!(travel_distance(at(0.0), []), 0.0);
        assert_eq!(travel_distance(at(0.0), [at(3.0), at(3.0), at(-1.0)]), 7.0);
        assert_eq!(travel_distance(at(0.0), [None, at(2.0)]), 2.0);
        assert_eq!(travel_distance(None, [at(5.0), at(2.0)]), 3.0);
    }

    #[test]
    fn malformed_curves_are_rejected_and_change_nothing() {
        let mut b = DomainBuilder::new();
        let npc = b.add_archetype("npc").unwrap();
        let mut flat = Curve::inverse_linear(50.0).unwrap();
        flat.max = 0.0;
        let error = b.set_distance_attenuation(npc, flat).unwrap_err();
        assert!(
            error.message.contains("distance attenuation curve"),
            "{error}"
        );
        assert!(b
            .set_distance_attenuation(ArchetypeId(3), Curve::linear(1.0).unwrap())
            .is_err());
        assert_eq!(b.domain().archetype(npc).distance_attenuation, None);
        b.set_distance_attenuation(npc, Curve::inverse_linear(50.0).unwrap())
            .unwrap();
        assert!(b.domain().archetype(npc).distance_attenuation.is_some());
    }
}

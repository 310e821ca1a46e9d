//! How distance adds to a GOAP action's cost: per unit of distance from the NPC to the target
//! ([`Planning::cost_per_distance`](crate::core::model::action::Planning), the simple case and the
//! default, 0), plus an optional response curve scaled by a maximum added cost.
//!
//! A linear cost grows without bound, so a far target can never win however good it is; peers
//! price distance that way (crashkonijn/GOAP adds distance × a multiplier to cost,
//! `../shared/spec/anchors_peers.md` §1.1). A curve lets a designer say that walking matters up
//! to a point and then stops mattering (a logistic, a piecewise-linear ramp that saturates),
//! or that short walks are nearly free (a power > 1). Either part is never negative, so an
//! instance costs at least its action's cost (≥ 1), which the search's admissible heuristic
//! relies on (`search.rs`: every step costs ≥ 1).

use crate::core::model::action::{ActionDef, ActionId};
use crate::core::model::curve::Curve;
use crate::core::model::domain::DomainBuilder;
use crate::core::model::error::{Error, Result};
use crate::core::model::limits::check_cost_range;

/// A bounded cost of distance: `max_cost · curve(distance)`, the curve's score being in [0, 1].
#[derive(Clone, Debug, PartialEq)]
pub struct DistanceCurve {
    /// From the distance to the target (engine units) to a share of `max_cost`.
    pub curve: Curve,
    /// The cost added at share 1; finite and ≥ 0.
    pub max_cost: f64,
}

impl ActionDef {
    /// The cost the GOAP planner adds to one use of the action on a target `distance` away:
    /// `cost_per_distance · distance`, plus `max_cost · curve(distance)` with a distance curve.
    /// Never negative, nor NaN (an infinite distance with no cost per distance adds 0).
    pub fn distance_cost(&self, distance: f64) -> f64 {
        let per_unit = self.planning.cost_per_distance;
        let linear = if per_unit > 0.0 {
            per_unit * distance
        } else {
            0.0
        };
        let curved = self
            .distance_curve
            .as_ref()
            .map_or(0.0, |c| c.max_cost * c.curve.evaluate(distance));
        linear + curved
    }
}

impl DomainBuilder {
    /// Adds to `action`'s GOAP cost `distance.max_cost · distance.curve(d)`, `d` being the
    /// distance from the NPC to the target, on top of its cost per distance (replacing any
    /// curve set before). The curve must be well formed and `max_cost` finite and ≥ 0; a
    /// rejected call changes nothing.
    pub fn set_action_distance_curve(
        &mut self,
        action: ActionId,
        distance: DistanceCurve,
    ) -> Result<()> {
        distance
            .curve
            .check()
            .map_err(|e| Error::new(e.kind, format!("an action's distance curve: {e}")))?;
        check_cost_range("an action's maximum distance cost", distance.max_cost, 0.0)?;
        self.domain.actions_mut().get_mut(action.0)?.distance_curve = Some(distance);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::model::action::Planning;
    use crate::core::model::curve::CurveShape;

    fn action(cost_per_distance: f64, distance_curve: Option<DistanceCurve>) -> ActionDef {
        ActionDef {
            planning: Planning {
                cost: 2.0,
                cost_per_distance,
                ..Planning::default()
            },
            distance_curve,
            ..ActionDef::default()
        }
    }

    /// A ramp from 0 at distance 10 to 1 at distance 50, flat beyond: walking matters up to 50.
    fn ramp(max_cost: f64) -> DistanceCurve {
        DistanceCurve {
            curve: Curve::new(
                10.0,
                50.0,
                CurveShape::Linear {
                    slope: 1.0,
                    offset: 0.0,
                },
            )
            .unwrap(),
            max_cost,
        }
    }

    #[test]
    fn linear_is_the_default_and_a_curve_adds_a_bounded_cost() {
        let linear = action(0.5, None);
        assert_eq!(linear.distance_cost(0.0), 0.0);
        assert_eq!(linear.distance_cost(30.0), 15.0);
        assert_eq!(
            action(0.0, None).distance_cost(f64::INFINITY),
            0.0,
            "not NaN"
        );
        let curved = action(0.0, Some(ramp(8.0)));
        assert_eq!(curved.distance_cost(5.0), 0.0);
        assert_eq!(curved.distance_cost(30.0), 4.0);
        assert_eq!(curved.distance_cost(50.0), 8.0);
        assert_eq!(curved.distance_cost(1e9), 8.0, "saturates");
        assert_eq!(curved.distance_cost(f64::INFINITY), 8.0);
        assert_eq!(
            action(0.5, Some(ramp(8.0))).distance_cost(30.0),
            19.0,
            "both add"
        );
    }

    #[test]
    fn distance_never_lowers_a_cost() {
        // Curves that dip below 0 are clamped by evaluation: the added cost stays >= 0.
        let dips = DistanceCurve {
            curve: Curve::new(
                0.0,
                10.0,
                CurveShape::PiecewiseLinear {
                    points: vec![(0.0, -3.0), (0.5, 0.2), (1.0, -1.0)],
                },
            )
            .unwrap(),
            max_cost: 5.0,
        };
        let a = action(0.0, Some(dips));
        for d in [0.0, 1.0, 2.5, 5.0, 7.5, 10.0, 1e6, f64::INFINITY] {
            assert!(a.distance_cost(d) >= 0.0, "{d}");
        }
    }

    #[test]
    fn bad_distance_curves_are_rejected_and_change_nothing() {
        let mut b = DomainBuilder::new();
        let walk = b.add_action("walk").unwrap();
        b.set_action_distance_curve(walk, ramp(3.0)).unwrap();
        let mut reversed = ramp(3.0);
        reversed.curve.max = reversed.curve.min;
        let error = b.set_action_distance_curve(walk, reversed).unwrap_err();
        assert!(error.message.contains("distance curve"), "{error}");
        for max_cost in [-1.0, f64::NAN, f64::INFINITY] {
            let error = b
                .set_action_distance_curve(walk, ramp(max_cost))
                .unwrap_err();
            assert!(error.message.contains("maximum distance cost"), "{error}");
        }
        assert!(b.set_action_distance_curve(ActionId(7), ramp(1.0)).is_err());
        let domain = b.build().unwrap();
        assert_eq!(domain.action(walk).distance_curve, Some(ramp(3.0)));
    }
}

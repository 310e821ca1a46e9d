//! Orders: a squad's action that commands instead of being performed (Pittman's command
//! hierarchy, B13 of ../shared/spec/003_004_ubc_and_goap.md). A superior never hands its
//! subordinates a plan; it recommends goals, as a bias added to each subordinate's relevance
//! (P:199, P:325 of 004_bdde6381c6c06595.txt), with optional targets: one shared (a strike
//! target) or one per member (a pincer's movement targets). The order completes when every
//! required member has reported its recommended goal complete, and fails at its timeout so the
//! squad never stalls (P:325).

use crate::core::model::domain::AttributeId;
use crate::core::model::error::{Error, Result};
use crate::core::model::goap::GoapGoalId;

/// Seconds an order waits for its reports unless it sets its own: the digest's
/// `commander_action_timeout_s` (ours; P:325 asks only that commander actions time out).
pub const DEFAULT_ORDER_TIMEOUT: f64 = 30.0;

/// Most recommendations one order makes, and most targets one recommendation lists: an
/// order's work when it is issued is bounded by members × recommendations.
pub const MAX_ORDER_RECOMMENDATIONS: usize = 64;

/// Which members of the squad a recommendation goes to.
#[derive(Clone, Debug, PartialEq)]
pub enum Recipients {
    /// Every member, in joining order.
    All,
    /// The members at these positions of the joining order (0 is the first to join);
    /// positions past the last member are skipped.
    At(Vec<u32>),
}

impl Recipients {
    /// Whether the member at `position` of the joining order receives the recommendation.
    pub fn includes(&self, position: usize) -> bool {
        match self {
            Recipients::All => true,
            Recipients::At(positions) => positions.iter().any(|&p| p as usize == position),
        }
    }
}

/// Where a recommendation's targets come from.
#[derive(Clone, Debug, PartialEq)]
pub enum TargetSource {
    /// The squad's attributes holding the targets (its shared knowledge, P:371): one shared by
    /// all recipients, or one per recipient in order (the n-th recipient takes the n-th;
    /// recipients past the list take none).
    Facts(Vec<AttributeId>),
    /// The entity the squad's planner bound the order to (a strike target it perceives, picked
    /// as any GOAP target is), shared by all recipients.
    Supplier,
}

/// Where a recommendation's target comes from and where it goes: each member receives one into
/// `into`, where its goal's requirements and its actions' preconditions can name it.
#[derive(Clone, Debug, PartialEq)]
pub struct OrderTarget {
    /// Where the targets come from.
    pub from: TargetSource,
    /// The recipient's attribute the target is written to.
    pub into: AttributeId,
}

/// One recommendation of an order.
#[derive(Clone, Debug, PartialEq)]
pub struct Recommendation {
    /// The goal recommended; a recipient without it is unaffected (P:325) and never reports.
    pub goal: GoapGoalId,
    /// Added to the recipient's relevance of `goal` while the order stands; may be negative
    /// (suppressing the goal).
    pub bias: f64,
    /// Who receives it.
    pub to: Recipients,
    /// The targets it hands out, if any.
    pub target: Option<OrderTarget>,
    /// Whether the order waits for the recipients to complete `goal`. A suppressing
    /// (negative) recommendation is never awaited.
    pub required: bool,
}

/// What makes an action an order: the recommendations it makes and how long it waits.
#[derive(Clone, Debug, PartialEq)]
pub struct OrderDef {
    /// The recommendations, issued in this order.
    pub recommend: Vec<Recommendation>,
    /// Seconds after issuing when the order fails (`ActionTimedOut`) unless every required
    /// recipient reported completion; finite and > 0.
    pub timeout: f64,
}

impl OrderDef {
    /// Checks the bounds: 1 to [`MAX_ORDER_RECOMMENDATIONS`] recommendations, finite biases,
    /// at most [`MAX_ORDER_RECOMMENDATIONS`] targets or positions each, a finite timeout > 0.
    pub fn check(&self) -> Result<()> {
        if self.recommend.is_empty() || self.recommend.len() > MAX_ORDER_RECOMMENDATIONS {
            return Err(Error::invalid(format!(
                "an order makes 1 to {MAX_ORDER_RECOMMENDATIONS} recommendations, not {}",
                self.recommend.len()
            )));
        }
        if !(self.timeout.is_finite() && self.timeout > 0.0) {
            return Err(Error::invalid(format!(
                "an order's timeout must be finite and > 0, got {}",
                self.timeout
            )));
        }
        for r in &self.recommend {
            if !r.bias.is_finite() {
                return Err(Error::invalid(format!(
                    "a recommendation's bias must be finite, got {}",
                    r.bias
                )));
            }
            let listed = match &r.to {
                Recipients::All => 0,
                Recipients::At(p) => p.len(),
            };
            let targets = match r.target.as_ref().map(|t| &t.from) {
                Some(TargetSource::Facts(from)) => from.len(),
                _ => 0,
            };
            if listed > MAX_ORDER_RECOMMENDATIONS || targets > MAX_ORDER_RECOMMENDATIONS {
                return Err(Error::invalid(format!(
                    "a recommendation lists at most {MAX_ORDER_RECOMMENDATIONS} members and \
                     targets"
                )));
            }
            if matches!(r.target.as_ref().map(|t| &t.from), Some(TargetSource::Facts(f)) if f.is_empty())
            {
                return Err(Error::invalid(
                    "a recommendation's target names no attribute",
                ));
            }
        }
        Ok(())
    }

    /// Whether a recipient of `r` is awaited: it is required and recommends (bias > 0).
    pub fn awaited(r: &Recommendation) -> bool {
        r.required && r.bias > 0.0
    }
}

//! The player model (PaSSAGE, 001_3e3461db8de0826f.txt:2389-2407): the player's inclination to
//! each play style, learnt from the actions the engine reports, and the expected utility of
//! content that serves a mix of styles.
//!
//! Two readings the book leaves open, chosen and tested:
//! - Learning: PaSSAGE raises a style's counter with each annotated action (L2403). Here each
//!   report moves the model a share `1 - decay` toward the report's styles (an exponential
//!   moving average, starting uniform), so a player who changes style is followed within a
//!   bounded number of reports however long they played before, and each report moves the
//!   model's distribution by at most `1 - decay` in total variation.
//! - Expected utility: "the distribution of actions … based on their annotations" (L2405-2407)
//!   with the ideal at 1. We take one minus the total variation distance between the model's
//!   distribution and the content's: 1 exactly when they are equal, in [0, 1) otherwise.

use crate::core::model::error::Result;
use crate::core::model::player_style::PlayerActionId;
use crate::core::world::{Brains, World};

/// What the world believes of the player's style.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, PartialEq)]
pub struct PlayerModel {
    /// A distribution over the domain's play styles.
    shares: Vec<f64>,
    decay: f64,
    reports: u64,
}

impl PlayerModel {
    /// A model over `styles` styles (≥ 1), every style alike, learning with `decay` in (0, 1).
    pub fn new(styles: usize, decay: f64) -> Self {
        let styles = styles.max(1);
        PlayerModel {
            shares: vec![1.0 / styles as f64; styles],
            decay,
            reports: 0,
        }
    }

    /// PaSSAGE's counters as a model: `⟨1, 0, 0, 1, 2⟩` is 25 % fighter, 25 % tactician, 50 %
    /// power gamer (L2405). Counters that are all zero give the uniform model.
    pub fn from_counts(counts: &[f64], decay: f64) -> Self {
        let mut model = PlayerModel::new(counts.len(), decay);
        let total: f64 = counts.iter().sum();
        if total > 0.0 && total.is_finite() {
            for (share, count) in model.shares.iter_mut().zip(counts) {
                *share = count / total;
            }
        }
        model
    }

    /// The player did something that shows `styles` (a distribution over the same styles).
    pub fn report(&mut self, styles: &[f64]) {
        let keep = self.decay;
        for (share, shown) in self.shares.iter_mut().zip(styles) {
            *share = keep * *share + (1.0 - keep) * shown;
        }
        self.reports += 1;
    }

    /// The model as a distribution over the play styles.
    pub fn shares(&self) -> &[f64] {
        &self.shares
    }

    /// Reports learnt so far.
    pub fn reports(&self) -> u64 {
        self.reports
    }

    /// How well content serving `serves` (a distribution) suits the player, in [0, 1].
    pub fn expected_utility(&self, serves: &[f64]) -> f64 {
        let distance: f64 = self
            .shares
            .iter()
            .zip(serves)
            .map(|(p, q)| (p - q).abs())
            .sum();
        (1.0 - distance / 2.0).clamp(0.0, 1.0)
    }
}

impl<B: Brains> World<B> {
    /// The player performed `action`: the model learns the styles it shows. NPCs whose
    /// archetypes have adaptive layers re-choose at their next think.
    pub fn report_player_action(&mut self, action: PlayerActionId) -> Result<()> {
        let styles = self.domain.player_actions().get(action.0)?;
        self.player.report(styles);
        Ok(())
    }

    /// What the world believes of the player's style.
    pub fn player_model(&self) -> &PlayerModel {
        &self.player
    }
}

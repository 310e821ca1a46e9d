//! Play styles and the player actions that show them (PaSSAGE, *AI for Computer Games* ch. 6,
//! 001_3e3461db8de0826f.txt:2389-2407; Ocio's adaptation sketch, 002:4974-5004): the domain
//! names the styles (Laws' five by default), annotates player actions with the styles they
//! show, and archetypes annotate the high-level layers they may push with the styles each
//! serves.

use crate::core::model::domain::DomainBuilder;
use crate::core::model::error::{Error, Result};

/// A play style, by dense id in the domain's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StyleId(pub u32);

/// A player action the engine reports, by dense id.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlayerActionId(pub u32);

/// Laws' play styles, PaSSAGE's model ⟨f, m, s, t, p⟩ (L2397-2403): a domain that names none
/// has these.
pub const PASSAGE_STYLES: [&str; 5] = [
    "fighter",
    "method_actor",
    "storyteller",
    "tactician",
    "power_gamer",
];

/// How the player model learns and how readily NPCs change layers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AdaptationSettings {
    /// Each report keeps this share of the model and adds the rest from the report, in (0, 1):
    /// the model is an exponential moving average of the reported style distributions, so a
    /// change of style shows within a bounded number of reports whatever came before. PaSSAGE
    /// only accumulates (L2403), the limit of a decay near 1.
    pub decay: f64,
    /// How much more expected utility (in [0, 1)) a layer needs than the one in place to
    /// replace it: the hysteresis that keeps layers from flapping under a mixed player.
    pub margin: f64,
}

impl Default for AdaptationSettings {
    fn default() -> Self {
        AdaptationSettings {
            decay: 0.9,
            margin: 0.1,
        }
    }
}

/// `weights` over `styles` styles as a distribution (summing to 1); an error when a weight is
/// negative or not finite, a style unknown, or all weights zero.
pub fn style_distribution(styles: usize, weights: &[(StyleId, f64)]) -> Result<Vec<f64>> {
    let mut out = vec![0.0; styles];
    for &(style, weight) in weights {
        if !(weight.is_finite() && weight >= 0.0) {
            return Err(Error::invalid(format!(
                "a style weight is finite and >= 0, not {weight}"
            )));
        }
        let slot = out
            .get_mut(style.0 as usize)
            .ok_or_else(|| Error::invalid(format!("no play style {}", style.0)))?;
        *slot += weight;
    }
    let total: f64 = out.iter().sum();
    if !(total > 0.0 && total.is_finite()) {
        return Err(Error::invalid("style weights must not all be zero"));
    }
    out.iter_mut().for_each(|w| *w /= total);
    Ok(out)
}

impl DomainBuilder {
    /// Adds the play style `name`. A domain that adds none has [`PASSAGE_STYLES`].
    pub fn add_player_style(&mut self, name: &str) -> Result<StyleId> {
        self.domain.player_styles.add(name, ()).map(StyleId)
    }

    /// How many styles the domain has or will have: those added, else [`PASSAGE_STYLES`].
    /// Changes nothing, so that a call may check against it before it is sure to succeed.
    pub fn style_count(&self) -> usize {
        match self.domain.player_styles.len() {
            0 => PASSAGE_STYLES.len(),
            added => added,
        }
    }

    /// The styles as they stand: those added, or [`PASSAGE_STYLES`] once anything needs them.
    pub fn styles_in_use(&mut self) -> usize {
        if self.domain.player_styles.is_empty() {
            for name in PASSAGE_STYLES {
                self.domain
                    .player_styles
                    .add(name, ())
                    .expect("distinct valid names");
            }
        }
        self.domain.player_styles.len()
    }

    /// Adds the player action `name`, which shows `styles` (weights, normalised).
    pub fn add_player_action(
        &mut self,
        name: &str,
        styles: &[(StyleId, f64)],
    ) -> Result<PlayerActionId> {
        // Checked against the styles the domain will have, and those settled only once the
        // action is in: a refused call leaves the styles as they were (a caller's own first
        // style would otherwise be number 5).
        let distribution = style_distribution(self.style_count(), styles)?;
        let action = self.domain.player_actions.add(name, distribution)?;
        self.styles_in_use();
        Ok(PlayerActionId(action))
    }

    /// How the player model learns and how readily NPCs change layers.
    pub fn set_adaptation(&mut self, settings: AdaptationSettings) -> Result<()> {
        if !(settings.decay > 0.0 && settings.decay < 1.0) {
            return Err(Error::invalid(format!(
                "the decay is in (0, 1), not {}",
                settings.decay
            )));
        }
        if !(settings.margin >= 0.0 && settings.margin < 1.0) {
            return Err(Error::invalid(format!(
                "the margin is in [0, 1), not {}",
                settings.margin
            )));
        }
        self.domain.adaptation = settings;
        Ok(())
    }
}

//! The player model in JSON: `"player_styles"` (names; Laws' five when none), `"player_actions"`
//! (`{ name, styles: { style: weight } }`), `"adaptation"` (`{ decay, margin }`), and an
//! archetype's `"adaptive_layers"` (`[{ tree, serves: { style: weight } }]`).

use super::loading::Loading;
use super::reader::{Ctx, Node, Obj};
use crate::core::model::archetype::ArchetypeId;
use crate::core::model::bt::BtTreeId;
use crate::core::model::name_table::NameTable;
use crate::core::model::player_style::{style_distribution, AdaptationSettings, StyleId};

impl Loading {
    /// The domain's play styles, player actions and adaptation settings.
    pub fn player_model(&mut self, obj: &Obj) {
        for node in obj.list(&mut self.ctx, "player_styles") {
            if let Some(name) = self.ctx.str(&node) {
                let added = self.builder.add_player_style(name);
                self.check(&node.path, added);
            }
        }
        for node in obj.list(&mut self.ctx, "player_actions") {
            let Some((action, name)) = self.named(&node, &["styles"]) else {
                continue;
            };
            // The weights are checked at their own pointer: a refusal of the action is then its
            // name's.
            let weights = action.require(&mut self.ctx, "styles").and_then(|s| {
                let weights = self.style_weights(&s)?;
                let count = self.builder.styles_in_use();
                self.check(&s.path, style_distribution(count, &weights))?;
                Some(weights)
            });
            let added = weights.map(|w| self.builder.add_player_action(name, &w).map(|a| a.0));
            self.define(&node.path, name, |r| &mut r.player_actions, added);
        }
        if let Some(node) = obj.get("adaptation") {
            let defaults = AdaptationSettings::default();
            let Some(settings) = self.ctx.object(&node, &["decay", "margin"]) else {
                return;
            };
            let decay = settings.number_or(&mut self.ctx, "decay", defaults.decay);
            let margin = settings.number_or(&mut self.ctx, "margin", defaults.margin);
            if let (Some(decay), Some(margin)) = (decay, margin) {
                let set = self
                    .builder
                    .set_adaptation(AdaptationSettings { decay, margin });
                self.check(&node.path, set);
            }
        }
    }

    /// An archetype's `"adaptive_layers": [{ tree, serves }]`.
    pub fn archetype_adaptive_layers(&mut self, obj: &Obj, id: ArchetypeId) {
        for node in obj.list(&mut self.ctx, "adaptive_layers") {
            let Some(layer) = self.ctx.object(&node, &["tree", "serves"]) else {
                continue;
            };
            let tree = layer
                .require(&mut self.ctx, "tree")
                .and_then(|t| self.refs.bt_trees.resolve(&mut self.ctx, &t));
            let serves = layer
                .require(&mut self.ctx, "serves")
                .and_then(|s| self.style_weights(&s));
            if let (Some(tree), Some(serves)) = (tree, serves) {
                let added = self
                    .builder
                    .add_archetype_adaptive_layer(id, BtTreeId(tree), &serves);
                self.check(&node.path, added);
            }
        }
    }

    /// `{ style: weight }`, styles by name.
    fn style_weights(&mut self, node: &Node) -> Option<Vec<(StyleId, f64)>> {
        self.builder.styles_in_use();
        style_weights(&mut self.ctx, self.builder.domain().player_styles(), node)
    }
}

/// `{ style: weight }` at `node`, styles by name among `styles`.
pub(super) fn style_weights(
    ctx: &mut Ctx,
    styles: &NameTable<()>,
    node: &Node,
) -> Option<Vec<(StyleId, f64)>> {
    let mut weights = Vec::new();
    for (name, weight) in ctx.members(node) {
        let Some(style) = styles.find(name) else {
            let names: Vec<&str> = (0..styles.len() as u32).map(|i| styles.name(i)).collect();
            ctx.error(
                &weight.path,
                format!(
                    "unknown play style {name:?}; the styles are {}",
                    names.join(", ")
                ),
            );
            return None;
        };
        weights.push((StyleId(style), ctx.number(&weight)?));
    }
    Some(weights)
}

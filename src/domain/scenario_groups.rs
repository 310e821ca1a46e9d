//! A scenario's behaviour-tree groups: `"groups": [{ name, tree, members: [entity], adaptive:
//! [{ tree, serves: { style: weight } }] }]`, one hint-only tree leading its members' top
//! layers (Ocio's group HeBTs, 002_37948445dded21f3.txt:5006-5022), optionally chosen by the
//! player model among adaptive trees.

use std::sync::Arc;

use super::loading::Loading;
use super::names::Names;
use super::player::style_weights;
use super::reader::{Node, Obj};
use super::scenario::{AdaptiveSpec, GroupSpec};
use crate::core::brains::bt::{MAX_GROUP_ADAPTIVE_LAYERS, MAX_GROUP_MEMBERS};
use crate::core::model::archetype::ArchetypeId;
use crate::core::model::bt::BtTreeId;
use crate::core::model::player_style::style_distribution;
use crate::core::Domain;

impl Loading {
    /// The scenario's `"groups"`; members name entities of `entities`, which must be
    /// behaviour-tree NPCs.
    pub(super) fn groups(
        &mut self,
        obj: &Obj,
        domain: &Arc<Domain>,
        entities: &Names,
        archetypes: &[ArchetypeId],
    ) -> Vec<GroupSpec> {
        let mut groups: Vec<GroupSpec> = Vec::new();
        for node in obj.list(&mut self.ctx, "groups") {
            let Some(g) = self
                .ctx
                .object(&node, &["name", "tree", "members", "adaptive"])
            else {
                continue;
            };
            let name = g.str(&mut self.ctx, "name").map(str::to_owned);
            let tree = g
                .require(&mut self.ctx, "tree")
                .and_then(|t| self.group_tree(&t, domain));
            let members_node = g.require(&mut self.ctx, "members");
            let members = members_node.as_ref().map(|m| {
                let nodes = self.ctx.array(m);
                if nodes.len() > MAX_GROUP_MEMBERS {
                    self.ctx.error(
                        &m.path,
                        format!("a group has at most {MAX_GROUP_MEMBERS} members"),
                    );
                }
                let mut members = Vec::new();
                for n in &nodes {
                    let Some(index) = entities.resolve(&mut self.ctx, n) else {
                        continue;
                    };
                    let bt = domain.archetype(archetypes[index as usize]).uses_bt();
                    if !bt && !self.partial {
                        self.ctx.error(
                            &n.path,
                            "a group's members are NPCs driven by behaviour trees",
                        );
                    } else if !members.contains(&(index as usize)) {
                        members.push(index as usize);
                    }
                }
                members
            });
            let adaptive = self.group_adaptive(g.get("adaptive"), domain);
            let (Some(name), Some(tree), Some(members), Some(adaptive)) =
                (name, tree, members, adaptive)
            else {
                continue;
            };
            if groups.iter().any(|other| other.name == name) {
                self.ctx
                    .error(&node.path, format!("group {name:?} is already defined"));
                continue;
            }
            groups.push(GroupSpec {
                name,
                tree,
                members,
                adaptive,
            });
        }
        groups
    }

    /// A tree that can lead a group, by name: it only hints and tests only its own hints.
    fn group_tree(&mut self, node: &Node, domain: &Domain) -> Option<BtTreeId> {
        let tree = BtTreeId(self.refs.bt_trees.resolve(&mut self.ctx, node)?);
        let leads = domain.bt_trees().get(tree.0).map(|t| t.can_lead_group());
        match leads {
            Ok(true) => Some(tree),
            _ => {
                self.ctx.error(
                    &node.path,
                    "a group's tree has no body: it may only hint, and test its own hints",
                );
                None
            }
        }
    }

    /// A group's `"adaptive": [{ tree, serves }]`; none when absent.
    fn group_adaptive(&mut self, node: Option<Node>, domain: &Domain) -> Option<Vec<AdaptiveSpec>> {
        let Some(node) = node else {
            return Some(Vec::new());
        };
        let entries = self.ctx.array(&node);
        if entries.len() > MAX_GROUP_ADAPTIVE_LAYERS {
            self.ctx.error(
                &node.path,
                format!("a group has at most {MAX_GROUP_ADAPTIVE_LAYERS} adaptive layers"),
            );
            return None;
        }
        let mut layers = Vec::new();
        for entry in entries {
            let layer = self.ctx.object(&entry, &["tree", "serves"])?;
            // Refused here, at the entry, as the world would refuse it at instantiation.
            let tree = layer.require(&mut self.ctx, "tree").and_then(|t| {
                let id = self.group_tree(&t, domain)?;
                if layers.iter().any(|(held, _)| *held == id) {
                    let name = domain.bt_trees().name(id.0);
                    self.ctx.error(
                        &t.path,
                        format!("{name:?} is an adaptive layer of the group already"),
                    );
                    return None;
                }
                Some(id)
            });
            // A distribution, as the world makes of it at instantiation: refused here, at its
            // own pointer, or the document loaded and failed to instantiate.
            let serves = layer.require(&mut self.ctx, "serves").and_then(|s| {
                let weights = style_weights(&mut self.ctx, domain.player_styles(), &s)?;
                let styles = domain.player_styles().len();
                self.check(&s.path, style_distribution(styles, &weights))?;
                Some(weights)
            });
            layers.push((tree?, serves?));
        }
        Some(layers)
    }
}

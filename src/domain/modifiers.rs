//! Ambiance modifiers and annotation sets in JSON (thesis ch. 7).

use super::excerpt;
use super::loading::Loading;
use super::reader::{Form, Node};
use crate::core::model::ambiance::{AnnotationId, Annotations, Modifier, Rate};

impl Loading {
    /// The annotations named by the strings of `nodes`.
    pub fn annotation_ids(&mut self, nodes: &[Node]) -> Vec<AnnotationId> {
        self.refs
            .annotations
            .resolve_all(&mut self.ctx, nodes)
            .into_iter()
            .map(AnnotationId)
            .collect()
    }

    /// A modifier: `{ "annotations", "amount", "start", "booster", "hold", "dampener" }`.
    pub fn modifier(&mut self, node: &Node) -> Option<Modifier> {
        let fields = [
            "annotations",
            "amount",
            "start",
            "booster",
            "hold",
            "dampener",
        ];
        let obj = self.ctx.object(node, &fields)?;
        let nodes = obj.list(&mut self.ctx, "annotations");
        let mut annotations = Annotations::new();
        for id in self.annotation_ids(&nodes) {
            annotations.insert(id);
        }
        let amount = obj.number(&mut self.ctx, "amount")?;
        let start = obj.number_or(&mut self.ctx, "start", 0.0)?;
        let booster = self.rate(obj.get("booster"))?;
        let dampener = self.rate(obj.get("dampener"))?;
        let hold = match obj.get("hold") {
            None => f64::INFINITY,
            Some(n) if n.json.as_str() == Some("forever") => f64::INFINITY,
            Some(n) if n.json.is_number() => self.ctx.number(&n)?,
            Some(n) => {
                self.ctx.error(
                    &n.path,
                    format!(
                        "expected seconds or \"forever\", found {}",
                        excerpt::json(n.json)
                    ),
                );
                return None;
            }
        };
        self.check(
            &node.path,
            Modifier::new(start, amount, annotations, booster, hold, dampener),
        )
    }

    /// A rate: `"instant"` (the default) or `{ "linear": seconds }`.
    fn rate(&mut self, node: Option<Node>) -> Option<Rate> {
        let Some(node) = node else {
            return Some(Rate::Instantaneous);
        };
        let expected = "\"instant\" or {\"linear\": seconds}";
        let Form::Object(obj) = self.ctx.form(&node, &["instant"], &["linear"], expected)? else {
            return Some(Rate::Instantaneous);
        };
        let duration = obj.number(&mut self.ctx, "linear")?;
        Some(Rate::Linear { duration })
    }
}

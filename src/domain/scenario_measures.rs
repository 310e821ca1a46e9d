//! Reading a scenario's `measures`: what its experiment counts as success, each measure one
//! object with a `name`, exactly one of `time_until`, `performed`, `deaths` or `lifespan`, and
//! optionally the `published` figures to hold a run against and their `source`.

use super::loading::Loading;
use super::reader::{Node, Obj};
use crate::core::model::action::ActionId;
use crate::core::model::archetype::ArchetypeId;
use crate::sim::measure::{Measure, MeasureKind, AS_WRITTEN, MAX_MEASURES};

/// The members of one measure.
const MEASURE_FIELDS: &[&str] = &[
    "name",
    "time_until",
    "performed",
    "deaths",
    "lifespan",
    "published",
    "source",
];

/// The members that say what a measure counts: exactly one is given.
const KINDS: [&str; 4] = ["time_until", "performed", "deaths", "lifespan"];

impl Loading {
    /// The `measures` section; `variants` are the scenario's variant names, which key the
    /// published figures (with `"as_written"`).
    pub(super) fn measures(&mut self, node: Option<Node>, variants: &[&str]) -> Vec<Measure> {
        let Some(node) = node else {
            return Vec::new();
        };
        let items = self.ctx.array(&node);
        if items.len() > MAX_MEASURES {
            self.ctx.error(
                &node.path,
                format!(
                    "{} measures; a scenario declares at most {MAX_MEASURES}",
                    items.len()
                ),
            );
            return Vec::new();
        }
        items
            .iter()
            .filter_map(|item| self.measure(item, variants))
            .collect()
    }

    fn measure(&mut self, node: &Node, variants: &[&str]) -> Option<Measure> {
        let obj = self.ctx.object(node, MEASURE_FIELDS)?;
        let name = obj.str(&mut self.ctx, "name")?.to_owned();
        let given: Vec<&str> = KINDS.iter().copied().filter(|k| obj.has(k)).collect();
        let [kind] = given[..] else {
            self.ctx.error(
                &node.path,
                format!(
                    "a measure says what it counts with exactly one of {}; found {}",
                    KINDS.join(", "),
                    if given.is_empty() {
                        "none".to_owned()
                    } else {
                        given.join(", ")
                    }
                ),
            );
            return None;
        };
        let member = obj.require(&mut self.ctx, kind)?;
        let kind = match kind {
            "time_until" => {
                let until = self.ctx.object(&member, &["of", "all"])?;
                let of = self.archetype_list(&until, "of");
                let all: Vec<_> = self
                    .condition_list(&until, "all")
                    .into_iter()
                    .map(|(_, c)| c)
                    .collect();
                if all.is_empty() {
                    self.ctx.error(
                        &member.path,
                        "\"all\" needs at least one condition: the time until nothing is 0",
                    );
                }
                MeasureKind::TimeUntil { of: of?, all }
            }
            "performed" => {
                let nodes = self.ctx.array(&member);
                let actions = self.refs.actions.resolve_all(&mut self.ctx, &nodes);
                (actions.len() == nodes.len()).then_some(())?;
                MeasureKind::Performed {
                    actions: actions.into_iter().map(ActionId).collect(),
                }
            }
            "deaths" => MeasureKind::Deaths {
                of: self.archetype_list(&obj, "deaths")?,
            },
            _ => MeasureKind::Lifespan {
                of: self.archetype_list(&obj, "lifespan")?,
            },
        };
        let mut published = Vec::new();
        if let Some(figures) = obj.get("published") {
            for (key, value) in self.ctx.members(&figures) {
                if key != AS_WRITTEN && !variants.contains(&key) {
                    let hint = super::suggest::hint(key, variants.iter().copied());
                    self.ctx.error(
                        &value.path,
                        format!(
                            "no variant {key:?}{hint}: published figures are keyed by a \
                             variant's name, or \"{AS_WRITTEN}\" for the scenario as written"
                        ),
                    );
                    continue;
                }
                published.push((key.to_owned(), self.ctx.number(&value)?));
            }
        }
        let source = match obj.get("source") {
            Some(s) => self.ctx.str(&s)?.to_owned(),
            None => String::new(),
        };
        Some(Measure {
            name,
            kind,
            published,
            source,
        })
    }

    /// The archetype names of the array member `key` (at least one), all resolved.
    fn archetype_list(&mut self, obj: &Obj, key: &str) -> Option<Vec<ArchetypeId>> {
        let node = obj.require(&mut self.ctx, key)?;
        let nodes = self.ctx.array(&node);
        if nodes.is_empty() {
            self.ctx
                .error(&node.path, "name at least one archetype".to_owned());
            return None;
        }
        let ids = self.refs.archetypes.resolve_all(&mut self.ctx, &nodes);
        (ids.len() == nodes.len()).then(|| ids.into_iter().map(ArchetypeId).collect())
    }
}

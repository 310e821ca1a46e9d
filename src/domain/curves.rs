//! Response curves in JSON: `{ "type": "linear", "max": 100 }`, or the name of a named curve.

use super::excerpt;
use super::loading::Loading;
use super::reader::Node;
use crate::core::model::curve::{Curve, CurveShape};

/// The curve types, indexing [`SHAPE_FIELDS`].
const TYPES: [&str; 5] = ["linear", "inverse_linear", "power", "logistic", "piecewise"];

/// The fields only some curve types take, by index into [`TYPES`].
const SHAPE_FIELDS: [&[&str]; 5] = [
    &["slope", "offset"],
    &[],
    &["exponent", "slope", "offset"],
    &["steepness", "midpoint"],
    &["points"],
];

/// Every field a curve object may have.
const FIELDS: &[&str] = &[
    "name",
    "type",
    "min",
    "max",
    "slope",
    "offset",
    "exponent",
    "steepness",
    "midpoint",
    "points",
];

impl Loading {
    /// A curve: a curve object, or a string naming one of the domain's `curves`.
    pub fn curve(&mut self, node: &Node) -> Option<Curve> {
        if node.json.is_string() {
            let id = self.refs.curves.resolve(&mut self.ctx, node)?;
            return self.curves.get(id as usize).cloned();
        }
        self.curve_object(node, false)
    }

    /// A curve object; `named` allows (and requires) its `name`.
    pub fn curve_object(&mut self, node: &Node, named: bool) -> Option<Curve> {
        let fields = if named { FIELDS } else { &FIELDS[1..] };
        let obj = self.ctx.object(node, fields)?;
        let kind = obj.require(&mut self.ctx, "type")?;
        let kind = self.ctx.choice(&kind, &TYPES)?;
        for field in FIELDS[4..]
            .iter()
            .filter(|f| !SHAPE_FIELDS[kind].contains(f))
        {
            if let Some(n) = obj.get(field) {
                self.ctx.error(
                    &n.path,
                    format!("field {field:?} does not apply to a {} curve", TYPES[kind]),
                );
            }
        }
        let min = obj.number_or(&mut self.ctx, "min", 0.0)?;
        let max = obj.number_or(&mut self.ctx, "max", 1.0)?;
        let shape = match kind {
            0 => CurveShape::Linear {
                slope: obj.number_or(&mut self.ctx, "slope", 1.0)?,
                offset: obj.number_or(&mut self.ctx, "offset", 0.0)?,
            },
            1 => CurveShape::Linear {
                slope: -1.0,
                offset: 1.0,
            },
            2 => CurveShape::Power {
                exponent: obj.number(&mut self.ctx, "exponent")?,
                slope: obj.number_or(&mut self.ctx, "slope", 1.0)?,
                offset: obj.number_or(&mut self.ctx, "offset", 0.0)?,
            },
            3 => CurveShape::Logistic {
                steepness: obj.number(&mut self.ctx, "steepness")?,
                midpoint: obj.number(&mut self.ctx, "midpoint")?,
            },
            _ => {
                let mut points = Vec::new();
                obj.require(&mut self.ctx, "points")?;
                for p in obj.list(&mut self.ctx, "points") {
                    match p.json.as_array().map(|xy| xy.as_slice()) {
                        Some([x, y]) if x.is_number() && y.is_number() => {
                            points.push((x.as_f64()?, y.as_f64()?))
                        }
                        _ => self.ctx.error(
                            &p.path,
                            format!("expected a point [x, y], found {}", excerpt::json(p.json)),
                        ),
                    }
                }
                CurveShape::PiecewiseLinear { points }
            }
        };
        self.check(&node.path, Curve::new(min, max, shape))
    }

    /// Reads the domain's named `curves`.
    pub fn named_curves(&mut self, nodes: &[Node]) {
        for node in nodes {
            let name = node
                .json
                .get("name")
                .and_then(|n| n.as_str())
                .map(str::to_owned);
            let curve = self.curve_object(node, true);
            let Some(name) = name else {
                self.ctx.error(&node.path, "missing field \"name\"");
                continue;
            };
            if self.refs.curves.contains(&name) {
                self.ctx
                    .error(&node.path, format!("curve {name:?} is already defined"));
                continue;
            }
            let id = curve.map(|c| {
                self.curves.push(c);
                self.curves.len() as u32 - 1
            });
            self.refs.curves.declare(&name, id);
        }
    }
}

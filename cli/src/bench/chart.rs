//! `bench --plot`: CPU µs per NPC decision (what the NPCs-in-10 % column divides by) against
//! thinking NPCs (log scale), a line per controller and thread count, from the NPC sweep.

use crate::svg_chart::{self, Axis, Panel, Scale, Series};

use super::report::Row;
use super::sweep;

/// The chart of the NPC sweep's `rows`, as an SVG document.
pub fn render(rows: &[Row]) -> String {
    let mut series: Vec<Series> = Vec::new();
    for row in rows.iter().filter(|r| r.point.axis == sweep::Axis::Npcs) {
        let threads = row.point.threads;
        let label = match threads {
            1 => format!("{}, 1 thread", row.controller.label),
            n => format!("{}, {n} threads", row.controller.label),
        };
        let point = (f64::from(row.measured.npcs), row.measured.budget_us());
        match series.iter_mut().find(|s| s.label == label) {
            Some(s) => s.points.push(point),
            None => series.push(Series {
                label,
                points: vec![point],
            }),
        }
    }
    let highest = svg_chart::bounds(series.iter().flat_map(|s| &s.points).map(|p| p.1));
    let panel = Panel {
        title: "hospital: controller time per NPC decision".into(),
        x: Axis {
            label: "thinking NPCs".into(),
            scale: Scale::Log,
            range: None,
        },
        y: Axis {
            label: "CPU µs per NPC decision".into(),
            scale: Scale::Linear,
            range: highest.map(|(_, hi)| (0.0, hi)),
        },
        series,
        markers: true,
    };
    svg_chart::render("motive bench", &[panel], "no NPC sweep to plot")
}

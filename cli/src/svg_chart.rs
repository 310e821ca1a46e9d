//! Line charts as SVG, written by hand (no font metrics or rendering crate needed): a heading,
//! then a grid of panels, each with labelled axes (linear or logarithmic), a line per series
//! and a legend. Panels are `<g class="panel">` and lines `<polyline class="series">`
//! elements, so tools can find them. `run --plot` draws drives over time with it, `bench
//! --plot` time per decision against NPC count.

use std::fmt::Write;

/// Panels per row.
const COLUMNS: usize = 3;
/// One panel's box, in pixels.
const PANEL_WIDTH: f64 = 470.0;
const PANEL_HEIGHT: f64 = 250.0;
/// Room around a panel's plot: axis labels left and below, its title above, the legend right.
const LEFT: f64 = 58.0;
const RIGHT: f64 = 140.0;
const TOP: f64 = 30.0;
const BOTTOM: f64 = 42.0;
/// Room for the chart's heading.
const HEADING: f64 = 36.0;
/// Marker radius, in pixels.
const MARKER: f64 = 3.0;
/// Line colours (Tableau 10), cycled.
const PALETTE: [&str; 10] = [
    "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7",
    "#9c755f", "#bab0ac",
];

/// How an axis maps values to positions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scale {
    /// Evenly.
    Linear,
    /// By powers of ten (values must be > 0; others are left out).
    Log,
}

/// One axis of a panel.
#[derive(Clone, Debug, PartialEq)]
pub struct Axis {
    /// What it measures, written along it.
    pub label: String,
    /// How values map to positions.
    pub scale: Scale,
    /// The values it spans; `None` for the panel's data (whole decades on a log scale).
    pub range: Option<(f64, f64)>,
}

/// One line: a label and its (x, y) points in order.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// Its name in the legend.
    pub label: String,
    /// (x, y).
    pub points: Vec<(f64, f64)>,
}

/// One plot of the chart.
#[derive(Clone, Debug, PartialEq)]
pub struct Panel {
    /// Written above it.
    pub title: String,
    /// The horizontal axis.
    pub x: Axis,
    /// The vertical axis.
    pub y: Axis,
    /// Its lines.
    pub series: Vec<Series>,
    /// Mark every point (for sparse data, where a lone point has no line to show it).
    pub markers: bool,
}

/// The chart of `panels` under `heading`, as an SVG document.
pub fn render(heading: &str, panels: &[Panel]) -> String {
    let columns = panels.len().clamp(1, COLUMNS);
    let rows = panels.len().div_ceil(COLUMNS).max(1);
    let width = columns as f64 * PANEL_WIDTH;
    let height = HEADING + rows as f64 * PANEL_HEIGHT;
    let mut svg = String::new();
    let _ = write!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">"#
    );
    let _ = write!(
        svg,
        r#"<rect width="100%" height="100%" fill="white"/><text x="12" y="24" font-size="15" font-weight="bold">{}</text>"#,
        escape(heading)
    );
    for (i, panel) in panels.iter().enumerate() {
        let x = (i % COLUMNS) as f64 * PANEL_WIDTH;
        let y = HEADING + (i / COLUMNS) as f64 * PANEL_HEIGHT;
        draw_panel(&mut svg, panel, x, y);
    }
    svg.push_str("</svg>\n");
    svg
}

/// An axis made ready to draw: where its values fall, in the scale's own units.
struct Placed<'a> {
    axis: &'a Axis,
    /// The range in scale units (log10 of the values on a log scale).
    lo: f64,
    hi: f64,
}

impl<'a> Placed<'a> {
    fn new(axis: &'a Axis, values: impl Iterator<Item = f64>) -> Self {
        let (lo, hi) = match (axis.range, axis.scale) {
            (Some((lo, hi)), Scale::Linear) => widen((lo, hi)),
            (Some((lo, hi)), Scale::Log) => widen((lo.log10(), hi.log10())),
            (None, Scale::Linear) => widen(bounds(values).unwrap_or((0.0, 1.0))),
            (None, Scale::Log) => {
                let decades = bounds(values.filter(|v| *v > 0.0).map(f64::log10));
                let (lo, hi) = decades.unwrap_or((0.0, 1.0));
                widen((lo.floor(), hi.ceil()))
            }
        };
        Placed { axis, lo, hi }
    }

    /// Where `value` falls, from 0 (low end) to 1; `None` for a value a log scale cannot show.
    fn fraction(&self, value: f64) -> Option<f64> {
        let v = match self.axis.scale {
            Scale::Linear => value,
            Scale::Log if value > 0.0 => value.log10(),
            Scale::Log => return None,
        };
        Some((v - self.lo) / (self.hi - self.lo))
    }

    /// Ticks and their labels: round linear steps, or every power of ten.
    fn ticks(&self) -> Vec<(f64, String)> {
        match self.axis.scale {
            Scale::Linear => ticks(self.lo, self.hi)
                .into_iter()
                .map(|t| (t, label(t, (self.lo, self.hi))))
                .collect(),
            Scale::Log => (self.lo.ceil() as i32..=(self.hi + 1e-9).floor() as i32)
                .map(|power| {
                    let value = 10f64.powi(power);
                    (value, decade_label(value))
                })
                .collect(),
        }
    }
}

fn draw_panel(svg: &mut String, panel: &Panel, x: f64, y: f64) {
    let plot_width = PANEL_WIDTH - LEFT - RIGHT;
    let plot_height = PANEL_HEIGHT - TOP - BOTTOM;
    let points = || panel.series.iter().flat_map(|s| &s.points);
    let xs = Placed::new(&panel.x, points().map(|p| p.0));
    let ys = Placed::new(&panel.y, points().map(|p| p.1));
    let to_x = |v: f64| xs.fraction(v).map(|f| LEFT + f * plot_width);
    let to_y = |v: f64| ys.fraction(v).map(|f| TOP + (1.0 - f) * plot_height);
    let _ = write!(
        svg,
        r##"<g class="panel" transform="translate({x},{y})"><text x="{}" y="18" font-size="13" text-anchor="middle">{}</text><rect x="{LEFT}" y="{TOP}" width="{plot_width}" height="{plot_height}" fill="none" stroke="#999"/>"##,
        LEFT + plot_width / 2.0,
        escape(&panel.title)
    );
    let bottom = TOP + plot_height;
    for (tick, text) in xs.ticks() {
        let Some(tx) = to_x(tick) else { continue };
        let _ = write!(
            svg,
            r##"<line x1="{tx}" y1="{bottom}" x2="{tx}" y2="{}" stroke="#999"/><text x="{tx}" y="{}" text-anchor="middle">{text}</text>"##,
            bottom + 4.0,
            bottom + 16.0,
        );
    }
    for (tick, text) in ys.ticks() {
        let Some(ty) = to_y(tick) else { continue };
        let _ = write!(
            svg,
            r##"<line x1="{}" y1="{ty}" x2="{LEFT}" y2="{ty}" stroke="#999"/><line x1="{LEFT}" y1="{ty}" x2="{}" y2="{ty}" stroke="#eee"/><text x="{}" y="{}" text-anchor="end">{text}</text>"##,
            LEFT - 4.0,
            LEFT + plot_width,
            LEFT - 6.0,
            ty + 4.0,
        );
    }
    let _ = write!(
        svg,
        r#"<text x="{}" y="{}" text-anchor="middle">{}</text><text transform="translate(14,{}) rotate(-90)" text-anchor="middle">{}</text>"#,
        LEFT + plot_width / 2.0,
        PANEL_HEIGHT - 8.0,
        escape(&panel.x.label),
        TOP + plot_height / 2.0,
        escape(&panel.y.label)
    );
    if panel.series.is_empty() {
        let _ = write!(
            svg,
            r##"<text x="{}" y="{}" text-anchor="middle" fill="#999">no data</text>"##,
            LEFT + plot_width / 2.0,
            TOP + plot_height / 2.0
        );
    }
    for (i, series) in panel.series.iter().enumerate() {
        let colour = PALETTE[i % PALETTE.len()];
        let placed: Vec<(f64, f64)> = series
            .points
            .iter()
            .filter_map(|&(px, py)| Some((to_x(px)?, to_y(py)?)))
            .collect();
        let line: Vec<String> = placed
            .iter()
            .map(|(px, py)| format!("{px:.1},{py:.1}"))
            .collect();
        let legend_y = TOP + 6.0 + i as f64 * 16.0;
        let legend_x = LEFT + plot_width + 10.0;
        let _ = write!(
            svg,
            r#"<polyline class="series" fill="none" stroke="{colour}" stroke-width="1.5" points="{}"/><rect x="{legend_x}" y="{}" width="12" height="3" fill="{colour}"/><text x="{}" y="{}">{}</text>"#,
            line.join(" "),
            legend_y - 2.0,
            legend_x + 16.0,
            legend_y + 2.0,
            escape(&series.label)
        );
        if panel.markers {
            for (px, py) in &placed {
                let _ = write!(
                    svg,
                    r#"<circle cx="{px:.1}" cy="{py:.1}" r="{MARKER}" fill="{colour}"/>"#
                );
            }
        }
    }
    svg.push_str("</g>");
}

/// The smallest range holding every value; `None` when there is none.
pub fn bounds(values: impl Iterator<Item = f64>) -> Option<(f64, f64)> {
    values.fold(None, |b, v| {
        Some(b.map_or((v, v), |(lo, hi): (f64, f64)| (lo.min(v), hi.max(v))))
    })
}

/// A range that is not empty, so that scaling never divides by zero.
fn widen((lo, hi): (f64, f64)) -> (f64, f64) {
    if hi - lo > 1e-12 {
        (lo, hi)
    } else {
        (lo - 0.5, hi + 0.5)
    }
}

/// About five round ticks (1, 2 or 5 times a power of ten apart) within `[lo, hi]`.
fn ticks(lo: f64, hi: f64) -> Vec<f64> {
    let step = tick_step(lo, hi);
    let first = (lo / step).ceil() as i64;
    let last = (hi / step + 1e-9).floor() as i64;
    (first..=last).map(|k| k as f64 * step).collect()
}

fn tick_step(lo: f64, hi: f64) -> f64 {
    let rough = (hi - lo) / 5.0;
    let power = 10f64.powf(rough.log10().floor());
    let scaled = rough / power;
    let nice = if scaled < 1.5 {
        1.0
    } else if scaled < 3.5 {
        2.0
    } else if scaled < 7.5 {
        5.0
    } else {
        10.0
    };
    nice * power
}

/// A tick's label, with as many decimals as its axis's step needs.
fn label(value: f64, (lo, hi): (f64, f64)) -> String {
    let decimals = (-tick_step(lo, hi).log10().floor()).max(0.0) as usize;
    format!("{value:.decimals$}")
}

/// A power of ten as people write it on an axis: 0.01, 1, 100, 10k, 1M.
fn decade_label(value: f64) -> String {
    match value {
        v if v >= 1e6 => format!("{}M", v / 1e6),
        v if v >= 1e3 => format!("{}k", v / 1e3),
        v => format!("{v}"),
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_round_and_inside_the_range() {
        assert_eq!(
            ticks(0.0, 1.0),
            [0.0, 0.2, 0.4, 0.6000000000000001, 0.8, 1.0]
        );
        assert_eq!(ticks(0.05, 180.0), [50.0, 100.0, 150.0]);
        assert_eq!(label(0.2, (0.0, 1.0)), "0.2");
        assert_eq!(label(150.0, (0.05, 180.0)), "150");
    }

    #[test]
    fn a_log_axis_spans_whole_decades_and_leaves_out_what_it_cannot_show() {
        let axis = Axis {
            label: "NPCs".into(),
            scale: Scale::Log,
            range: None,
        };
        let placed = Placed::new(&axis, [32.0, 50_000.0, 0.0].into_iter());
        let labels: Vec<String> = placed.ticks().into_iter().map(|t| t.1).collect();
        assert_eq!(labels, ["10", "100", "1k", "10k", "100k"]);
        assert_eq!(placed.fraction(10.0), Some(0.0));
        assert_eq!(placed.fraction(1000.0), Some(0.5));
        assert_eq!(placed.fraction(0.0), None);
    }

    #[test]
    fn names_are_escaped() {
        assert_eq!(escape(r#"a<b & "c">"#), "a&lt;b &amp; &quot;c&quot;&gt;");
    }
}

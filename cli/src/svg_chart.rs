//! Drive samples as an SVG chart, written by hand (no font metrics or rendering crate needed):
//! a heading, then a grid of panels, one per NPC, each with labelled axes, a line per drive
//! and a legend. Panels are `<g class="panel">` elements, so tools can find them.

use std::fmt::Write;

use crate::drive_samples::{DriveSamples, Measure, Panel};

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
/// Line colours (Tableau 10), cycled.
const PALETTE: [&str; 10] = [
    "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7",
    "#9c755f", "#bab0ac",
];

/// The chart of `samples` under `heading`, as an SVG document.
pub fn render(samples: &DriveSamples, heading: &str) -> String {
    let panels = samples.panels();
    let columns = panels.len().clamp(1, COLUMNS);
    let rows = panels.len().div_ceil(COLUMNS).max(1);
    let width = columns as f64 * PANEL_WIDTH;
    let height = HEADING + rows as f64 * PANEL_HEIGHT;
    let time = time_range(samples.start(), panels);
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
        draw_panel(&mut svg, panel, x, y, time);
    }
    svg.push_str("</svg>\n");
    svg
}

fn draw_panel(svg: &mut String, panel: &Panel, x: f64, y: f64, time: (f64, f64)) {
    let plot_width = PANEL_WIDTH - LEFT - RIGHT;
    let plot_height = PANEL_HEIGHT - TOP - BOTTOM;
    let values = value_range(panel);
    let to_x = |t: f64| LEFT + (t - time.0) / (time.1 - time.0) * plot_width;
    let to_y = |v: f64| TOP + (1.0 - (v - values.0) / (values.1 - values.0)) * plot_height;
    let _ = write!(
        svg,
        r##"<g class="panel" transform="translate({x},{y})"><text x="{}" y="18" font-size="13" text-anchor="middle">{}</text><rect x="{LEFT}" y="{TOP}" width="{plot_width}" height="{plot_height}" fill="none" stroke="#999"/>"##,
        LEFT + plot_width / 2.0,
        escape(&panel.title)
    );
    let bottom = TOP + plot_height;
    for tick in ticks(time.0, time.1) {
        let tx = to_x(tick);
        let _ = write!(
            svg,
            r##"<line x1="{tx}" y1="{bottom}" x2="{tx}" y2="{}" stroke="#999"/><text x="{tx}" y="{}" text-anchor="middle">{}</text>"##,
            bottom + 4.0,
            bottom + 16.0,
            label(tick, time)
        );
    }
    for tick in ticks(values.0, values.1) {
        let ty = to_y(tick);
        let _ = write!(
            svg,
            r##"<line x1="{}" y1="{ty}" x2="{LEFT}" y2="{ty}" stroke="#999"/><line x1="{LEFT}" y1="{ty}" x2="{}" y2="{ty}" stroke="#eee"/><text x="{}" y="{}" text-anchor="end">{}</text>"##,
            LEFT - 4.0,
            LEFT + plot_width,
            LEFT - 6.0,
            ty + 4.0,
            label(tick, values)
        );
    }
    let y_label = match panel.measure {
        Measure::Satisfaction => "drive satisfaction",
        Measure::Need { .. } => "need value",
    };
    let _ = write!(
        svg,
        r#"<text x="{}" y="{}" text-anchor="middle">simulated seconds</text><text transform="translate(14,{}) rotate(-90)" text-anchor="middle">{y_label}</text>"#,
        LEFT + plot_width / 2.0,
        PANEL_HEIGHT - 8.0,
        TOP + plot_height / 2.0
    );
    if panel.series.is_empty() {
        let _ = write!(
            svg,
            r##"<text x="{}" y="{}" text-anchor="middle" fill="#999">no drives or needs</text>"##,
            LEFT + plot_width / 2.0,
            TOP + plot_height / 2.0
        );
    }
    for (i, series) in panel.series.iter().enumerate() {
        let colour = PALETTE[i % PALETTE.len()];
        let points: Vec<String> = series
            .points
            .iter()
            .map(|&(t, v)| format!("{:.1},{:.1}", to_x(t), to_y(v)))
            .collect();
        let legend_y = TOP + 6.0 + i as f64 * 16.0;
        let legend_x = LEFT + plot_width + 10.0;
        let _ = write!(
            svg,
            r#"<polyline class="series" fill="none" stroke="{colour}" stroke-width="1.5" points="{}"/><rect x="{legend_x}" y="{}" width="12" height="3" fill="{colour}"/><text x="{}" y="{}">{}</text>"#,
            points.join(" "),
            legend_y - 2.0,
            legend_x + 16.0,
            legend_y + 2.0,
            escape(&series.label)
        );
    }
    svg.push_str("</g>");
}

/// The time every panel shares: from the run's start to the last sample.
fn time_range(start: f64, panels: &[Panel]) -> (f64, f64) {
    let times = panels
        .iter()
        .flat_map(|p| &p.series)
        .flat_map(|s| &s.points)
        .map(|p| p.0);
    widen(bounds(times.chain([start])).unwrap_or((start, start)))
}

/// A panel's value axis: [0, 1] for satisfaction, the needs' range, else the data's.
fn value_range(panel: &Panel) -> (f64, f64) {
    match panel.measure {
        Measure::Satisfaction => (0.0, 1.0),
        Measure::Need { range: Some(range) } => range,
        Measure::Need { range: None } => {
            let values = panel.series.iter().flat_map(|s| &s.points).map(|p| p.1);
            widen(bounds(values).unwrap_or((0.0, 1.0)))
        }
    }
}

fn bounds(values: impl Iterator<Item = f64>) -> Option<(f64, f64)> {
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
    fn names_are_escaped() {
        assert_eq!(escape(r#"a<b & "c">"#), "a&lt;b &amp; &quot;c&quot;&gt;");
    }
}

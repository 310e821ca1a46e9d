//! Line charts as SVG, written by hand (no font metrics or rendering crate needed): a heading,
//! then a grid of panels, each with labelled axes (linear or logarithmic), a line per series
//! and a legend. Panels are `<g class="panel">` elements whose `data-width` and `data-height`
//! give their box (placed by their `translate`), lines `<polyline class="series">`, so tools
//! can find and check them. Without font metrics, text is measured with a conservative width
//! per character ([`CHAR_WIDTH`]): the heading wraps, the legend column widens to its longest
//! label, and what still does not fit is cut with an ellipsis, so no text leaves its panel.
//! `run --plot` draws needs or drives over time with it, `bench --plot` time per decision
//! against NPC count.

use std::fmt::Write;

/// Width of a character as a fraction of its font size: at least the average of common
/// sans-serif faces (DejaVu Sans, among the widest, stays under it), so text measured with it
/// fits.
pub const CHAR_WIDTH: f64 = 0.6;
/// Font sizes: body text (ticks, axis labels, legend), panel titles, the chart's heading.
const FONT: f64 = 11.0;
const TITLE_FONT: f64 = 13.0;
const HEADING_FONT: f64 = 15.0;
/// Panels per row.
const COLUMNS: usize = 3;
/// One panel's plot area, in pixels.
const PLOT_WIDTH: f64 = 272.0;
const PANEL_HEIGHT: f64 = 250.0;
/// Room around a panel's plot: axis labels left and below, its title above.
const LEFT: f64 = 58.0;
const TOP: f64 = 30.0;
const BOTTOM: f64 = 42.0;
/// The legend column right of the plot: at least this wide, wider for long labels up to the
/// most (past which labels are cut).
const LEGEND_LEAST: f64 = 140.0;
const LEGEND_MOST: f64 = 240.0;
/// From the plot to a legend's swatch, from the swatch to its text, and one legend row.
const LEGEND_GAP: f64 = 10.0;
const SWATCH: f64 = 16.0;
const LEGEND_ROW: f64 = 16.0;
/// Room kept clear inside the chart's and each panel's edges.
const MARGIN: f64 = 12.0;
/// The heading's first baseline and the distance between its lines.
const HEADING_BASELINE: f64 = 24.0;
const HEADING_LINE: f64 = 20.0;
/// Height of the message shown instead of panels when there are none.
const NOTHING_HEIGHT: f64 = 60.0;
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

/// The chart of `panels` under `heading`, as an SVG document. Panels without a line are left
/// out; when none is left, the chart says `nothing` instead.
pub fn render(heading: &str, panels: &[Panel], nothing: &str) -> String {
    let panels: Vec<&Panel> = panels.iter().filter(|p| !p.series.is_empty()).collect();
    let longest = panels
        .iter()
        .flat_map(|p| &p.series)
        .map(|s| s.label.chars().count())
        .max()
        .unwrap_or(0);
    let legend =
        (LEGEND_GAP + SWATCH + text_width(longest, FONT) + MARGIN).clamp(LEGEND_LEAST, LEGEND_MOST);
    let panel_width = LEFT + PLOT_WIDTH + legend;
    let columns = panels.len().clamp(1, COLUMNS);
    let rows = panels.len().div_ceil(COLUMNS);
    let width = columns as f64 * panel_width;
    let lines = wrap(heading, HEADING_FONT, width - 2.0 * MARGIN);
    let top = HEADING_BASELINE + (lines.len().max(1) - 1) as f64 * HEADING_LINE + MARGIN;
    let body = match rows {
        0 => NOTHING_HEIGHT,
        rows => rows as f64 * PANEL_HEIGHT,
    };
    let height = top + body;
    let mut svg = String::new();
    let _ = write!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="{FONT}"><rect width="100%" height="100%" fill="white"/>"#
    );
    for (i, line) in lines.iter().enumerate() {
        let _ = write!(
            svg,
            r#"<text class="heading" x="{MARGIN}" y="{}" font-size="{HEADING_FONT}" font-weight="bold">{}</text>"#,
            HEADING_BASELINE + i as f64 * HEADING_LINE,
            escape(line)
        );
    }
    if panels.is_empty() {
        let _ = write!(
            svg,
            r##"<text class="nothing" x="{}" y="{}" text-anchor="middle" fill="#666">{}</text>"##,
            width / 2.0,
            top + NOTHING_HEIGHT / 2.0,
            escape(&fit(nothing, FONT, width - 2.0 * MARGIN))
        );
    }
    for (i, panel) in panels.iter().enumerate() {
        let x = (i % COLUMNS) as f64 * panel_width;
        let y = top + (i / COLUMNS) as f64 * PANEL_HEIGHT;
        draw_panel(&mut svg, panel, (x, y), legend);
    }
    svg.push_str("</svg>\n");
    svg
}

/// The estimated width of `chars` characters at font size `size`.
fn text_width(chars: usize, size: f64) -> f64 {
    chars as f64 * CHAR_WIDTH * size
}

/// `text` as it fits in `room` pixels at font size `size`: whole, or cut with an ellipsis.
fn fit(text: &str, size: f64, room: f64) -> String {
    // The tolerance keeps a label the legend column was widened for from being cut by rounding.
    if text_width(text.chars().count(), size) <= room + 1e-6 {
        return text.to_owned();
    }
    let keep = (room / (CHAR_WIDTH * size)).floor() as usize;
    let mut cut: String = text.chars().take(keep.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

/// `text` broken at spaces into lines that fit in `room` pixels at font size `size` (a word
/// longer than a line is cut).
fn wrap(text: &str, size: f64, room: f64) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line)
                if text_width(line.chars().count() + 1 + word.chars().count(), size) <= room =>
            {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(fit(word, size, room)),
        }
    }
    lines
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

/// Draws `panel` with its top left corner at `(x, y)` and a legend column `legend` wide.
fn draw_panel(svg: &mut String, panel: &Panel, (x, y): (f64, f64), legend: f64) {
    let width = LEFT + PLOT_WIDTH + legend;
    let plot_height = PANEL_HEIGHT - TOP - BOTTOM;
    let points = || panel.series.iter().flat_map(|s| &s.points);
    let xs = Placed::new(&panel.x, points().map(|p| p.0));
    let ys = Placed::new(&panel.y, points().map(|p| p.1));
    let to_x = |v: f64| xs.fraction(v).map(|f| LEFT + f * PLOT_WIDTH);
    let to_y = |v: f64| ys.fraction(v).map(|f| TOP + (1.0 - f) * plot_height);
    // The title is centred over the plot, so it may spread as far as the nearer panel edge.
    let centre = LEFT + PLOT_WIDTH / 2.0;
    let title_room = 2.0 * (centre.min(width - centre) - MARGIN);
    let _ = write!(
        svg,
        r##"<g class="panel" transform="translate({x},{y})" data-width="{width}" data-height="{PANEL_HEIGHT}"><text class="title" x="{centre}" y="18" font-size="{TITLE_FONT}" text-anchor="middle">{}</text><rect x="{LEFT}" y="{TOP}" width="{PLOT_WIDTH}" height="{plot_height}" fill="none" stroke="#999"/>"##,
        escape(&fit(&panel.title, TITLE_FONT, title_room))
    );
    let bottom = TOP + plot_height;
    for (tick, text) in xs.ticks() {
        let Some(tx) = to_x(tick) else { continue };
        let _ = write!(
            svg,
            r##"<line x1="{tx}" y1="{bottom}" x2="{tx}" y2="{}" stroke="#999"/><text class="x-tick" x="{tx}" y="{}" text-anchor="middle">{text}</text>"##,
            bottom + 4.0,
            bottom + 16.0,
        );
    }
    for (tick, text) in ys.ticks() {
        let Some(ty) = to_y(tick) else { continue };
        let _ = write!(
            svg,
            r##"<line x1="{}" y1="{ty}" x2="{LEFT}" y2="{ty}" stroke="#999"/><line x1="{LEFT}" y1="{ty}" x2="{}" y2="{ty}" stroke="#eee"/><text class="y-tick" x="{}" y="{}" text-anchor="end">{text}</text>"##,
            LEFT - 4.0,
            LEFT + PLOT_WIDTH,
            LEFT - 6.0,
            ty + 4.0,
        );
    }
    let _ = write!(
        svg,
        r#"<text class="x-label" x="{centre}" y="{}" text-anchor="middle">{}</text><text class="y-label" transform="translate(14,{}) rotate(-90)" text-anchor="middle">{}</text>"#,
        PANEL_HEIGHT - 8.0,
        escape(&fit(&panel.x.label, FONT, PLOT_WIDTH)),
        TOP + plot_height / 2.0,
        escape(&fit(&panel.y.label, FONT, plot_height))
    );
    let legend_x = LEFT + PLOT_WIDTH + LEGEND_GAP;
    let label_room = width - legend_x - SWATCH - MARGIN;
    let legend_y = |row: usize| TOP + 6.0 + row as f64 * LEGEND_ROW;
    // Rows that fit above the panel's bottom; when the series need more, the last says how
    // many are left unnamed.
    let rows = ((PANEL_HEIGHT - MARGIN - legend_y(0)) / LEGEND_ROW) as usize + 1;
    let named = if panel.series.len() > rows {
        rows - 1
    } else {
        rows
    };
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
        let _ = write!(
            svg,
            r#"<polyline class="series" fill="none" stroke="{colour}" stroke-width="1.5" points="{}"/>"#,
            line.join(" ")
        );
        if i < named {
            let _ = write!(
                svg,
                r#"<rect x="{legend_x}" y="{}" width="12" height="3" fill="{colour}"/><text class="legend" x="{}" y="{}">{}</text>"#,
                legend_y(i) - 2.0,
                legend_x + SWATCH,
                legend_y(i) + 2.0,
                escape(&fit(&series.label, FONT, label_room))
            );
        }
        if panel.markers {
            for (px, py) in &placed {
                let _ = write!(
                    svg,
                    r#"<circle cx="{px:.1}" cy="{py:.1}" r="{MARKER}" fill="{colour}"/>"#
                );
            }
        }
    }
    if panel.series.len() > named {
        let _ = write!(
            svg,
            r#"<text class="legend" x="{legend_x}" y="{}">+{} more</text>"#,
            legend_y(named) + 2.0,
            panel.series.len() - named
        );
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
    fn text_too_long_is_cut_and_a_heading_wraps_at_spaces() {
        let room = text_width(10, FONT);
        assert_eq!(fit("short", FONT, room), "short");
        assert_eq!(fit("maximize_health_potions", FONT, room), "maximize_…");
        assert_eq!(
            wrap("one two three four", FONT, text_width(9, FONT)),
            ["one two", "three", "four"]
        );
    }

    fn panel(series: usize) -> Panel {
        let axis = Axis {
            label: "t".into(),
            scale: Scale::Linear,
            range: None,
        };
        Panel {
            title: "p".into(),
            x: axis.clone(),
            y: axis,
            series: (0..series)
                .map(|i| Series {
                    label: format!("s{i}"),
                    points: vec![(0.0, 0.0), (1.0, 1.0)],
                })
                .collect(),
            markers: false,
        }
    }

    #[test]
    fn panels_without_lines_are_left_out_and_a_chart_of_none_says_so() {
        let svg = render("h", &[panel(0), panel(1)], "nothing here");
        assert_eq!(svg.matches(r#"<g class="panel""#).count(), 1);
        let svg = render("h", &[panel(0)], "nothing here");
        assert!(!svg.contains(r#"class="panel""#));
        assert!(svg.contains(">nothing here</text>"));
    }

    #[test]
    fn a_legend_longer_than_its_panel_names_what_fits_and_counts_the_rest() {
        let svg = render("h", &[panel(20)], "");
        assert_eq!(svg.matches(r#"class="series""#).count(), 20);
        assert_eq!(svg.matches(r#"<text class="legend""#).count(), 13);
        assert!(svg.contains(">s11</text>") && svg.contains(">+8 more</text>"));
    }

    #[test]
    fn names_are_escaped() {
        assert_eq!(escape(r#"a<b & "c">"#), "a&lt;b &amp; &quot;c&quot;&gt;");
    }
}

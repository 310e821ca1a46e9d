//! `run --plot` on every shipped scenario, checked as geometry: every text's estimated box lies
//! inside the view box and inside its own panel, every panel has a line, and the household's
//! two variants chart their needs on one scale.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use roxmltree::{Document, Node};

/// Simulated seconds per run: enough for every NPC to think and be sampled, short enough for
/// debug builds.
const SECONDS: &str = "10";
/// A character's width as a fraction of its font size (as the chart estimates it).
const CHAR_WIDTH: f64 = 0.6;
/// A text's extent above and below its baseline, as fractions of its font size (generous:
/// sans-serif ascenders reach about 0.76, descenders 0.24).
const ASCENT: f64 = 1.0;
const DESCENT: f64 = 0.3;
/// What the chart says when no NPC has anything to chart.
const NOTHING: &str = "no NPC has needs or drives to plot";

/// The shipped scenarios, as written and as the variants the plot is compared on.
fn runs() -> Vec<(PathBuf, Option<&'static str>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios");
    let mut scenarios: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "json"))
        .collect();
    scenarios.sort();
    assert!(scenarios.len() >= 9, "scenarios in {}", dir.display());
    let variants =
        ["household", "hospital"].map(|name| (dir.join(format!("{name}.json")), Some("goap")));
    scenarios
        .into_iter()
        .map(|s| (s, None))
        .chain(variants)
        .collect()
}

/// The chart `motive run SCENARIO [--variant VARIANT] --plot` writes.
fn plot(scenario: &Path, variant: Option<&str>) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("plot.svg");
    let mut command = Command::cargo_bin("motive").unwrap();
    command
        .arg("run")
        .arg(scenario)
        .args(["--seconds", SECONDS, "--plot", path.to_str().unwrap()]);
    if let Some(variant) = variant {
        command.args(["--variant", variant]);
    }
    command.assert().success();
    std::fs::read_to_string(&path).unwrap()
}

/// A box: left, top, right, bottom.
#[derive(Clone, Copy, Debug)]
struct Rect(f64, f64, f64, f64);

impl Rect {
    fn holds(self, inner: Rect) -> bool {
        let slack = 1e-6;
        inner.0 >= self.0 - slack
            && inner.1 >= self.1 - slack
            && inner.2 <= self.2 + slack
            && inner.3 <= self.3 + slack
    }

    fn shifted(self, (dx, dy): (f64, f64)) -> Rect {
        Rect(self.0 + dx, self.1 + dy, self.2 + dx, self.3 + dy)
    }
}

fn number(node: Node, name: &str) -> f64 {
    node.attribute(name)
        .map_or(0.0, |v| v.parse().unwrap_or_else(|_| panic!("{name}={v}")))
}

/// The nearest value of an inherited attribute.
fn inherited<'a>(node: Node<'a, 'a>, name: &str) -> Option<&'a str> {
    node.ancestors().find_map(|n| n.attribute(name))
}

/// The numbers of a `translate(x,y)` at the start of `transform`.
fn translation(transform: &str) -> (f64, f64) {
    let inner = transform
        .strip_prefix("translate(")
        .and_then(|t| t.split(')').next())
        .unwrap_or_else(|| panic!("transform {transform:?}"));
    let (x, y) = inner.split_once(',').unwrap();
    (x.trim().parse().unwrap(), y.trim().parse().unwrap())
}

/// The estimated box of a `<text>`, in its parent's coordinates.
fn text_box(text: Node) -> Rect {
    let size: f64 = inherited(text, "font-size").unwrap().parse().unwrap();
    let width = text.text().unwrap_or("").chars().count() as f64 * CHAR_WIDTH * size;
    let (x, y) = (number(text, "x"), number(text, "y"));
    let left = match inherited(text, "text-anchor").unwrap_or("start") {
        "start" => x,
        "middle" => x - width / 2.0,
        "end" => x - width,
        other => panic!("text-anchor {other}"),
    };
    let upright = Rect(left, y - ASCENT * size, left + width, y + DESCENT * size);
    match text.attribute("transform") {
        None => upright,
        Some(transform) => {
            // translate(a,b) rotate(-90) maps (u, v) to (a + v, b - u).
            assert!(
                transform.ends_with("rotate(-90)"),
                "transform {transform:?}"
            );
            let (a, b) = translation(transform);
            Rect(a + upright.1, b - upright.2, a + upright.3, b - upright.0)
        }
    }
}

fn rect_of_view_box(svg: Node) -> Rect {
    let numbers: Vec<f64> = svg
        .attribute("viewBox")
        .unwrap()
        .split_whitespace()
        .map(|n| n.parse().unwrap())
        .collect();
    Rect(
        numbers[0],
        numbers[1],
        numbers[0] + numbers[2],
        numbers[1] + numbers[3],
    )
}

fn panels<'a>(doc: &'a Document) -> Vec<Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| n.has_tag_name("g") && n.attribute("class") == Some("panel"))
        .collect()
}

/// Every text inside the view box and its panel; every panel with a line; a message when
/// there is no panel.
fn check_layout(name: &str, svg: &str) {
    let doc = Document::parse(svg).unwrap_or_else(|e| panic!("{name}: {e}"));
    let view = rect_of_view_box(doc.root_element());
    for text in doc.descendants().filter(|n| n.has_tag_name("text")) {
        let content = text.text().unwrap_or("");
        let local = text_box(text);
        let panel = text
            .ancestors()
            .find(|n| n.attribute("class") == Some("panel"));
        let placed = match panel {
            Some(panel) => {
                let own = Rect(
                    0.0,
                    0.0,
                    number(panel, "data-width"),
                    number(panel, "data-height"),
                );
                assert!(
                    own.holds(local),
                    "{name}: {content:?} at {local:?} leaves its panel {own:?}"
                );
                local.shifted(translation(panel.attribute("transform").unwrap()))
            }
            None => local,
        };
        assert!(
            view.holds(placed),
            "{name}: {content:?} at {placed:?} leaves the view box {view:?}"
        );
    }
    let panels = panels(&doc);
    for panel in &panels {
        assert!(
            panel
                .descendants()
                .any(|n| n.has_tag_name("polyline") && n.attribute("class") == Some("series")),
            "{name}: a panel without a line"
        );
    }
    if panels.is_empty() {
        assert!(svg.contains(NOTHING), "{name}: no panel and no word why");
    }
}

#[test]
fn every_scenario_plot_keeps_its_text_inside_its_panels_and_has_no_empty_panel() {
    for (scenario, variant) in runs() {
        let name = format!("{} {variant:?}", scenario.display());
        check_layout(&name, &plot(&scenario, variant));
    }
}

/// Each panel's y-axis: its label and tick labels.
fn y_axes(svg: &str) -> BTreeSet<Vec<String>> {
    let doc = Document::parse(svg).unwrap();
    panels(&doc)
        .iter()
        .map(|panel| {
            panel
                .descendants()
                .filter(|n| matches!(n.attribute("class"), Some("y-label" | "y-tick")))
                .map(|n| n.text().unwrap_or("").to_owned())
                .collect()
        })
        .collect()
}

#[test]
fn the_household_variants_chart_needs_on_one_scale() {
    let household = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios/household.json");
    let udgoap = y_axes(&plot(&household, None));
    let goap = y_axes(&plot(&household, Some("goap")));
    assert_eq!(udgoap.len(), 1, "one panel, one scale: {udgoap:?}");
    assert_eq!(udgoap, goap);
    let axis = udgoap.first().unwrap();
    assert!(axis.contains(&"need value".to_owned()), "{axis:?}");
    assert!(
        axis.contains(&"100".to_owned()),
        "the needs' range: {axis:?}"
    );
}

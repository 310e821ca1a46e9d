//! The benchmark's world: `scenarios/hospital.json`, embedded, and the edits a sweep point makes
//! to its JSON before it is loaded.
//!
//! - **Clutter** (`--objects`): that many irrelevant smart objects per copy, on a square grid
//!   centred on the ward, 40 m a side: every piece is within the staff's and visitors'
//!   perception (60 m), and copies are 100 m apart, so no piece is within a neighbouring
//!   copy's. Each supplies `tidy`, an action nobody consumes: the thinks must not pay for
//!   them (motive indexes such inert objects apart and its per-tick passes skip them).
//! - **Chores** (`--actions`): that many irrelevant actions added to what every thinking
//!   archetype consumes (`chore_1` … `chore_k`: at the supplier, +1 `busywork`, which no goal,
//!   drive or need reads), supplied, with `goto`, by one `storeroom` per copy at the nurses'
//!   station: planners must pass over them too.
//! - **No brains** (the FSM): the thinking archetypes lose their brain, consumed actions,
//!   drives, GOAP goals and fallback, so `World::spawn` makes them smart objects that think
//!   nothing; they keep their needs (which still decay), starting state and think settings
//!   (interval and perception, which the FSM reads).

use serde_json::{json, Value};

/// The hospital of Sloan et al. 2011, as shipped.
pub const HOSPITAL: &str = include_str!("../../../scenarios/hospital.json");

/// Side of the square the clutter fills, in metres.
const CLUTTER_SIDE: f64 = 40.0;

/// Where the storeroom stands in each copy: by the nurses' station (cabinet, trolley and desk
/// are at x = −4, z = 1 to 7).
const STOREROOM_AT: [f64; 3] = [-4.0, 0.0, 10.0];

/// Fields of an archetype that make it think in motive.
const BRAIN_FIELDS: [&str; 6] = [
    "brain",
    "consumes",
    "drives",
    "goap_goals",
    "ubc",
    "fallback",
];

/// The hospital's document.
pub fn document() -> Value {
    serde_json::from_str(HOSPITAL).expect("the embedded hospital is JSON")
}

/// Adds `pieces` pieces of clutter to every copy (see the module documentation).
pub fn add_clutter(doc: &mut Value, pieces: u32) -> Result<(), String> {
    if pieces == 0 {
        return Ok(());
    }
    let centre = ward_centre(doc)?;
    list(doc, "/domain/actions")?.push(json!({"name": "tidy", "duration": {"seconds": 1}}));
    list(doc, "/domain/archetypes")?.push(json!({"name": "clutter", "supplies": ["tidy"]}));
    let per_row = f64::from(pieces).sqrt().ceil() as u32;
    let spacing = CLUTTER_SIDE / f64::from(per_row);
    let corner = [
        centre[0] - CLUTTER_SIDE / 2.0,
        centre[1] - CLUTTER_SIDE / 2.0,
    ];
    let entities = list(doc, "/entities")?;
    for row in 0..pieces.div_ceil(per_row) {
        let count = per_row.min(pieces - row * per_row);
        let z = corner[1] + f64::from(row) * spacing;
        entities.push(json!({
            "name": format!("clutter_{row}"),
            "archetype": "clutter",
            "at": [corner[0], 0.0, z],
            "count": count,
            "spread": [spacing, 0.0, 0.0],
        }));
    }
    Ok(())
}

/// Adds `chores` irrelevant actions to every thinking archetype and a storeroom supplying them
/// to every copy (see the module documentation).
pub fn add_chores(doc: &mut Value, chores: u32) -> Result<(), String> {
    if chores == 0 {
        return Ok(());
    }
    let names: Vec<String> = (1..=chores).map(|k| format!("chore_{k}")).collect();
    list(doc, "/domain/attributes")?.push(json!({
        "name": "busywork", "type": "number", "min": 0, "max": 100
    }));
    let actions = list(doc, "/domain/actions")?;
    for name in &names {
        actions.push(json!({
            "name": name,
            "preconditions": [{"key": "at", "op": "==", "value": {"entity": "supplier"}}],
            "effects": [{"key": "busywork", "add": 1}],
            "duration": {"seconds": 1},
            "cost": 1,
        }));
    }
    let archetypes = list(doc, "/domain/archetypes")?;
    for archetype in archetypes.iter_mut() {
        if let Some(consumes) = archetype.get_mut("consumes").and_then(Value::as_array_mut) {
            consumes.extend(names.iter().map(|n| json!(n)));
        }
    }
    let mut supplies = vec![json!("goto")];
    supplies.extend(names.iter().map(|n| json!(n)));
    archetypes.push(json!({"name": "storeroom", "supplies": supplies}));
    list(doc, "/entities")?.push(json!({
        "name": "storeroom", "archetype": "storeroom", "at": STOREROOM_AT
    }));
    Ok(())
}

/// Makes every thinking archetype a smart object that thinks nothing (see the module
/// documentation); returns the names of the archetypes it changed.
pub fn remove_brains(doc: &mut Value) -> Result<Vec<String>, String> {
    let mut changed = Vec::new();
    for archetype in list(doc, "/domain/archetypes")? {
        let Some(fields) = archetype.as_object_mut() else {
            continue;
        };
        let thinks = fields.contains_key("consumes") || fields.contains_key("drives");
        if thinks {
            for field in BRAIN_FIELDS {
                fields.remove(field);
            }
            let name = fields.get("name").and_then(Value::as_str).unwrap_or("");
            changed.push(name.to_owned());
        }
    }
    Ok(changed)
}

/// The middle of the box around every entity's starting place (counted entities to their
/// last), in (x, z).
fn ward_centre(doc: &Value) -> Result<[f64; 2], String> {
    let mut x = (f64::INFINITY, f64::NEG_INFINITY);
    let mut z = x;
    let entities = doc
        .pointer("/entities")
        .and_then(Value::as_array)
        .ok_or("the hospital has no entities")?;
    for entity in entities {
        let at = coordinates(&entity["at"]);
        let spread = coordinates(&entity["spread"]);
        let last = entity["count"].as_f64().unwrap_or(1.0) - 1.0;
        for p in [at, [0, 1, 2].map(|i| at[i] + spread[i] * last)] {
            x = (x.0.min(p[0]), x.1.max(p[0]));
            z = (z.0.min(p[2]), z.1.max(p[2]));
        }
    }
    if x.0 > x.1 {
        return Err("the hospital has no entities".into());
    }
    Ok([(x.0 + x.1) / 2.0, (z.0 + z.1) / 2.0])
}

/// An `[x, y, z]` array's numbers (0 where missing).
fn coordinates(value: &Value) -> [f64; 3] {
    [0, 1, 2].map(|i| value.get(i).and_then(Value::as_f64).unwrap_or(0.0))
}

fn list<'a>(doc: &'a mut Value, pointer: &str) -> Result<&'a mut Vec<Value>, String> {
    doc.pointer_mut(pointer)
        .and_then(Value::as_array_mut)
        .ok_or_else(|| format!("the hospital has no list at {pointer}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use motive::domain::load_scenario;

    #[test]
    fn every_edit_loads_and_adds_what_it_says() {
        let mut doc = document();
        add_clutter(&mut doc, 10).unwrap();
        add_chores(&mut doc, 4).unwrap();
        let scenario = load_scenario(&doc.to_string(), None).unwrap().value;
        let per_copy = |name: &str| {
            let archetype = scenario.domain.archetypes().find(name).unwrap();
            let of = |e: &&motive::domain::scenario::EntitySpec| e.archetype.0 == archetype;
            scenario.entities.iter().filter(of).count()
        };
        assert_eq!(per_copy("clutter"), 10);
        assert_eq!(per_copy("storeroom"), 1);
        let nurse = scenario.domain.archetypes().find("nurse").unwrap();
        let chore = scenario.domain.actions().find("chore_4").unwrap();
        let consumes = &scenario
            .domain
            .archetype(motive::core::model::archetype::ArchetypeId(nurse));
        assert!(consumes
            .consumes
            .contains(&motive::core::model::action::ActionId(chore)));
        assert_eq!(
            scenario.npcs_per_copy(),
            16,
            "clutter and storerooms do not think"
        );
    }

    #[test]
    fn clutter_is_within_perception_of_the_ward_and_out_of_the_next_copy() {
        let mut doc = document();
        add_clutter(&mut doc, 10_000).unwrap();
        let scenario = load_scenario(&doc.to_string(), None).unwrap().value;
        let clutter = scenario.domain.archetypes().find("clutter").unwrap();
        let pieces: Vec<_> = scenario
            .entities
            .iter()
            .filter(|e| e.archetype.0 == clutter)
            .collect();
        assert_eq!(pieces.len(), 10_000);
        let (nurse_1, backup) = ([-2.0f32, 3.0], [26.0f32, 4.0]);
        for piece in pieces {
            for who in [nurse_1, backup] {
                let d = (piece.at.x - who[0]).hypot(piece.at.z - who[1]);
                assert!(d < 60.0, "{:?} is {d} m from {who:?}", piece.at);
            }
            // The next copy's staff stand 100 m further along x.
            assert!(100.0 - 2.0 - piece.at.x > 60.0);
        }
    }

    #[test]
    fn without_brains_nobody_thinks() {
        let mut doc = document();
        let changed = remove_brains(&mut doc).unwrap();
        // The shipped characters and every variant's stand-ins alike.
        for role in ["nurse", "doctor", "visitor", "ubc_nurse", "ubc_visitor"] {
            assert!(changed.iter().any(|c| c == role), "{role} in {changed:?}");
        }
        let scenario = load_scenario(&doc.to_string(), None).unwrap().value;
        assert_eq!(scenario.npcs_per_copy(), 0);
        let nurse = scenario.domain.archetypes().find("nurse").unwrap();
        let def = scenario.domain.archetypes().get(nurse).unwrap();
        assert!(!def.needs.is_empty(), "needs stay and decay");
        assert_eq!(def.think.perception_range, 60.0);
    }
}

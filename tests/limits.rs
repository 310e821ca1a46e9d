//! Every authored or passed quantity has a checked range (issue 32): what an independent client
//! found, through the paths it took (JSON scenarios, the simulator, the world), each refused
//! with an error naming its limit and leaving the world usable; and random weights, however
//! large, keep every utility and satisfaction in [0, 1].

use std::path::Path;

use motive::core::brains::udgoap::utility::{drive_satisfaction, TopLevelUtility, WeightedScore};
use motive::core::model::archetype::ArchetypeId;
use motive::core::model::limits::{
    MAX_ARCHETYPES, MAX_ATTRIBUTES, MAX_MEMORY_CAPACITY, MAX_PERCEPTION_LIMIT, MAX_WEIGHT,
};
use motive::core::model::smart_object::ClaimPriority;
use motive::core::model::value::ValueType;
use motive::core::{DomainBuilder, ErrorKind, World};
use motive::domain::{load_scenario, Diagnostic};
use motive::sim::limits::{MAX_SPAWN_ALIVE, MAX_SPAWN_CATCH_UP};
use motive::sim::Simulator;
use proptest::prelude::*;
use serde_json::{json, Value as Json};

fn data() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data"))
}

/// The kitchen scenario with its domain inline, so tests can change both.
fn kitchen() -> Json {
    let read = |name: &str| -> Json {
        let text = std::fs::read_to_string(data().join(name)).unwrap();
        serde_json::from_str(&text).unwrap()
    };
    let mut scenario = read("kitchen_scenario.json");
    let mut domain = read("kitchen.json");
    domain.as_object_mut().unwrap().remove("$schema");
    scenario["domain"] = domain;
    scenario
}

fn errors(doc: &Json) -> Vec<String> {
    let error = load_scenario(&doc.to_string(), Some(data())).expect_err("the limit is refused");
    error.errors().map(Diagnostic::to_string).collect()
}

fn archetype<'a>(doc: &'a mut Json, name: &str) -> &'a mut Json {
    let list = doc["domain"]["archetypes"].as_array_mut().unwrap();
    list.iter_mut().find(|a| a["name"] == name).unwrap()
}

/// A world and simulator from the scenario `doc`, one copy.
fn instantiate(doc: &Json) -> (World, Simulator) {
    let scenario = load_scenario(&doc.to_string(), Some(data())).unwrap().value;
    let instance = scenario.instantiate_copies(1, Some(7)).unwrap();
    let sim = Simulator::new(instance.rules, &instance.world).unwrap();
    (instance.world, sim)
}

/// The world still ticks and thinks after a refused call.
fn assert_usable(world: &mut World, sim: &mut Simulator) {
    let before = world.time();
    sim.step(world, 0.1, &mut ()).unwrap();
    assert!(world.time() > before && world.time().is_finite());
}

#[test]
fn think_counts_past_their_limits_are_refused_at_their_archetype() {
    for (field, limit, name) in [
        (
            "memory_capacity",
            MAX_MEMORY_CAPACITY,
            "MOTIVE_MAX_MEMORY_CAPACITY",
        ),
        (
            "perception_limit",
            MAX_PERCEPTION_LIMIT,
            "MOTIVE_MAX_PERCEPTION_LIMIT",
        ),
    ] {
        let mut doc = kitchen();
        for refused in [limit + 1, u32::MAX] {
            archetype(&mut doc, "cook_npc")["think"][field] = json!(refused);
            let errors = errors(&doc);
            assert_eq!(errors.len(), 1, "{field}: {errors:?}");
            assert!(
                errors[0].contains("/domain/archetypes/3/think") && errors[0].contains(name),
                "{field}: {errors:?}"
            );
        }
        archetype(&mut doc, "cook_npc")["think"][field] = json!(0);
        assert!(errors(&doc)[0].contains("> 0"), "{field} 0");
        // The limit itself is accepted, and an NPC spawns and thinks with it.
        archetype(&mut doc, "cook_npc")["think"][field] = json!(limit);
        let (mut world, mut sim) = instantiate(&doc);
        assert_usable(&mut world, &mut sim);
    }
}

/// A UDGOAP memory packs an attribute into 14 bits: a domain declares at most
/// `MAX_ATTRIBUTES`, and the next is refused naming the limit.
#[test]
fn attributes_past_their_limit_are_refused() {
    let mut builder = DomainBuilder::new();
    for i in 0..MAX_ATTRIBUTES {
        let id = builder
            .add_attribute(&format!("a{i}"), ValueType::Number)
            .unwrap();
        assert_eq!(id.0, i);
    }
    let error = builder
        .add_attribute("one_more", ValueType::Number)
        .unwrap_err();
    assert_eq!(error.kind, ErrorKind::InvalidArgument);
    assert!(error.message.contains("MOTIVE_MAX_ATTRIBUTES"), "{error:?}");
}

/// The perception tables hold a bit per pair of archetypes and a record packs an archetype
/// into 16 bits: a domain declares at most `MAX_ARCHETYPES`, the next is refused naming the
/// limit, and the builder still works.
#[test]
fn archetypes_past_their_limit_are_refused() {
    let mut builder = DomainBuilder::new();
    for i in 0..MAX_ARCHETYPES {
        assert_eq!(builder.add_archetype(&format!("a{i}")).unwrap().0, i);
    }
    let error = builder.add_archetype("one_more").unwrap_err();
    assert_eq!(error.kind, ErrorKind::InvalidArgument);
    assert!(error.message.contains("MOTIVE_MAX_ARCHETYPES"), "{error:?}");
    let last = ArchetypeId(MAX_ARCHETYPES - 1);
    builder
        .set_claim_priority(last, ClaimPriority::HIGH)
        .unwrap();
    let domain = builder.build().unwrap();
    assert_eq!(domain.archetypes().len(), MAX_ARCHETYPES as usize);
}

#[test]
fn a_tiny_spawn_period_catches_up_a_bounded_number_of_spawns_a_step() {
    let mut doc = kitchen();
    doc["simulation"]["spawns"][0]["every"] = json!(1e-9);
    doc["simulation"]["spawns"][0]["max_alive"] = json!(4_294_967_295u32);
    let errors = errors(&doc);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].contains("/simulation/spawns/0/max_alive")
            && errors[0].contains("MOTIVE_MAX_SPAWN_ALIVE"),
        "{errors:?}"
    );
    doc["simulation"]["spawns"][0]["max_alive"] = json!(MAX_SPAWN_ALIVE);
    let (mut world, mut sim) = instantiate(&doc);
    let npcs = world.npc_count();
    sim.step(&mut world, 0.1, &mut ()).unwrap();
    assert_eq!(
        world.npc_count() - npcs,
        MAX_SPAWN_CATCH_UP as usize,
        "a step spawns at most the catch-up limit"
    );
}

#[test]
fn a_run_of_too_many_ticks_is_refused_before_it_starts() {
    let mut doc = kitchen();
    doc["simulation"]["step"] = json!(1e-300);
    let errors = errors(&doc);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].contains("/simulation/step") && errors[0].contains("MOTIVE_MAX_RUN_TICKS"),
        "{errors:?}"
    );
    // A scenario whose own run is empty loads; the caller's long run is refused, world as it was.
    doc["simulation"]["seconds"] = json!(0);
    let (mut world, mut sim) = instantiate(&doc);
    let error = sim.run(&mut world, 60.0, &mut ()).unwrap_err();
    assert_eq!(error.kind, ErrorKind::InvalidArgument);
    assert!(error.message.contains("MOTIVE_MAX_RUN_TICKS"), "{error:?}");
    assert_eq!(world.time(), 0.0);
}

#[test]
fn a_step_the_clock_cannot_resolve_ends_the_run_with_an_error() {
    let (mut world, mut sim) = instantiate(&kitchen());
    world.tick(1e12).unwrap();
    // 1e-6 s is below the clock's resolution at 1e12 s: the run would never end.
    let error = motive::sim::run_fixed_step(&mut world, 1e-3, 1e-6, |w, dt| w.tick(dt));
    assert!(error
        .unwrap_err()
        .message
        .contains("does not move the clock"));
    assert_eq!(world.time(), 1e12);
    assert_usable(&mut world, &mut sim);
}

#[test]
fn a_tick_that_would_overflow_the_clock_is_refused_and_changes_nothing() {
    let (mut world, mut sim) = instantiate(&kitchen());
    world.tick(f64::MAX).unwrap();
    assert_eq!(world.time(), f64::MAX);
    let error = world.tick(f64::MAX).unwrap_err();
    assert_eq!(error.kind, ErrorKind::InvalidArgument);
    let error = sim.step(&mut world, f64::MAX, &mut ()).unwrap_err();
    assert_eq!(error.kind, ErrorKind::InvalidArgument);
    assert_eq!(world.time(), f64::MAX, "the clock stays finite");
    // Needs decaying over the huge tick stayed finite too.
    let hunger = world.domain().find_attribute("hunger").unwrap();
    for entity in world.entities() {
        if let Ok(fact) = world.fact(entity, hunger) {
            assert!(fact.value.check_finite().is_ok(), "{fact:?}");
        }
    }
    world.tick(0.0).unwrap();
}

#[test]
fn a_weight_past_the_limit_is_refused_at_its_pointer() {
    let mut doc = kitchen();
    doc["domain"]["drives"][0]["weight"] = json!(f64::MAX);
    let errors = errors(&doc);
    assert!(
        errors
            .iter()
            .any(|e| e.contains("/domain/drives/0/weight") && e.contains("MOTIVE_MAX_WEIGHT")),
        "{errors:?}"
    );
}

#[test]
fn a_cost_past_the_limit_is_refused_at_its_pointer() {
    for (pointer, field) in [
        ("/domain/actions/0/cost", "cost"),
        ("/domain/actions/0/cost_per_distance", "cost_per_distance"),
    ] {
        let mut doc = kitchen();
        doc["domain"]["actions"][0][field] = json!(2e9);
        let errors = errors(&doc);
        assert!(
            errors
                .iter()
                .any(|e| e.contains(pointer) && e.contains("MOTIVE_MAX_COST")),
            "{errors:?}"
        );
    }
}

/// Every utility and satisfaction the cooks' explanations hold, after a few seconds.
fn explained(doc: &Json) -> Vec<f64> {
    let (mut world, mut sim) = instantiate(doc);
    sim.run(&mut world, 2.0, &mut ()).unwrap();
    let mut values = Vec::new();
    for entity in world.entities() {
        if let Ok(mind) = world.udgoap_mind(entity) {
            let ex = &mind.explanation;
            values.extend(ex.candidates.iter().map(|c| c.utility()));
            values.extend(&ex.satisfactions);
            values.extend(mind.drives.iter().map(|d| d.satisfaction));
        }
    }
    values
}

fn in_unit_range(values: &[f64]) -> bool {
    values.iter().all(|v| (0.0..=1.0).contains(v))
}

#[test]
fn drives_at_the_largest_weight_explain_utilities_in_the_unit_range() {
    let mut doc = kitchen();
    for drive in doc["domain"]["drives"].as_array_mut().unwrap() {
        drive["weight"] = json!(MAX_WEIGHT);
    }
    let values = explained(&doc);
    assert!(!values.is_empty());
    assert!(in_unit_range(&values), "{values:?}");
}

/// Any double, with the awkward ones (huge, tiny, subnormal, infinite, NaN) often.
fn any_weight() -> impl Strategy<Value = f64> {
    prop_oneof![
        Just(f64::MAX),
        Just(f64::MIN_POSITIVE),
        Just(5e-324),
        Just(f64::INFINITY),
        Just(f64::NAN),
        Just(MAX_WEIGHT),
        Just(0.0),
        any::<f64>(),
        accepted_weight(),
    ]
}

/// A weight the builder accepts, spread over its whole range in orders of magnitude.
fn accepted_weight() -> impl Strategy<Value = f64> {
    (-320.0..=6.0f64).prop_map(|e| 10f64.powf(e).clamp(5e-324, MAX_WEIGHT))
}

proptest! {
    #[test]
    fn a_weight_is_accepted_exactly_within_its_range(weight in any_weight()) {
        let mut b = DomainBuilder::new();
        let accepted = weight > 0.0 && weight <= MAX_WEIGHT;
        prop_assert_eq!(b.add_drive("d", weight).is_ok(), accepted);
        prop_assert_eq!(b.add_goal("g", weight).is_ok(), accepted);
    }

    #[test]
    fn accepted_weights_keep_utility_and_satisfaction_in_the_unit_range(
        drives in prop::collection::vec((accepted_weight(), 0.0..=1.0f64), 0..40),
        goals in prop::collection::vec((accepted_weight(), 0.0..=1.0f64), 0..40),
    ) {
        let scores = |pairs: &[(f64, f64)]| -> Vec<WeightedScore> {
            pairs.iter().map(|&(weight, score)| WeightedScore { weight, score }).collect()
        };
        let satisfaction = drive_satisfaction(&scores(&goals));
        prop_assert!((0.0..=1.0).contains(&satisfaction), "{}", satisfaction);
        for top in [TopLevelUtility::Linear, TopLevelUtility::LinearWithBadDeath { veto: 0 }] {
            let utility = top.evaluate(&scores(&drives));
            prop_assert!((0.0..=1.0).contains(&utility), "{}", utility);
        }
    }
}

proptest! {
    // Each case loads a scenario and runs two seconds: a few cases cover the path.
    #![proptest_config(ProptestConfig::with_cases(8))]

    #[test]
    fn random_authored_weights_explain_utilities_in_the_unit_range(
        weights in prop::collection::vec(accepted_weight(), 4),
    ) {
        let mut doc = kitchen();
        let domain = &mut doc["domain"];
        domain["drives"][0]["weight"] = json!(weights[0]);
        domain["drives"][1]["weight"] = json!(weights[1]);
        domain["goals"][0]["weight"] = json!(weights[2]);
        domain["goals"][1]["weight"] = json!(weights[3]);
        let values = explained(&doc);
        prop_assert!(in_unit_range(&values), "{:?}", values);
    }
}

/// A scripted player rule catches up at most `MAX_SPAWN_CATCH_UP` periods a step, as a spawn
/// rule does: after the world ran far ahead of the simulator (a step of 1e17 s), the next step
/// reported without end (past 2^53 periods the schedule no longer moved).
#[test]
fn a_scripted_player_catches_up_a_bounded_number_of_periods() {
    let path = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenarios/adaptive_guards.json"
    ));
    let mut doc: Json = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let rules = doc["simulation"]["player"].as_array_mut().unwrap();
    rules[0].as_object_mut().unwrap().remove("until");
    let scenario = load_scenario(&doc.to_string(), None).unwrap().value;
    let instance = scenario.instantiate(None, Some(1)).unwrap();
    let mut world = instance.world;
    let mut sim = Simulator::new(instance.rules, &world).unwrap();
    for far in [2e6, 1e17] {
        sim.step(&mut world, far, &mut ()).unwrap();
        let before = world.player_model().reports();
        sim.step(&mut world, 0.05, &mut ()).unwrap();
        let reported = world.player_model().reports() - before;
        assert!(
            reported <= u64::from(MAX_SPAWN_CATCH_UP) * 2,
            "{reported} reports in one step after {far} s"
        );
    }
}

/// A step added to a predefined plan an archetype already holds is refused: the archetype's
/// checks of the plan (here, a last step on the next one's supplier) ran when it was given
/// the plan, and the step passed into a domain whose first tick panicked.
#[test]
fn a_step_is_added_to_a_plan_before_an_archetype_holds_it() {
    use motive::core::model::ubc::plan::StepTarget;
    let mut b = DomainBuilder::new();
    let act = b.add_action("act").unwrap();
    let bot = b.add_archetype("bot").unwrap();
    b.add_consumed_action(bot, act).unwrap();
    b.add_supplied_action(bot, act).unwrap();
    let plan = b.add_ubc_plan("p").unwrap();
    b.add_ubc_plan_step(plan, act, StepTarget::Own).unwrap();
    b.add_archetype_ubc_plan(bot, plan).unwrap();
    let err = b
        .add_ubc_plan_step(plan, act, StepTarget::Next)
        .unwrap_err();
    assert!(err.message.contains("bot"), "{err}");
    assert_eq!(
        b.domain().ubc_plans().items()[plan.0 as usize].steps.len(),
        1
    );
}

/// An annotation id past any domain's is refused before a set is built: `UINT32_MAX` made a
/// set of 512 MiB (1 GiB at its peak, ten seconds) before the domain refused it, and a few
/// such modifiers aborted the process. Through the C ABI, as a C tool would call it.
#[test]
fn an_annotation_id_past_any_domains_is_refused_before_it_allocates() {
    use motive::ffi::actions::motive_domain_builder_add_action;
    use motive::ffi::ambiance::{
        motive_ambiance_modifier_default, motive_domain_builder_set_action_ambiance_effect,
    };
    use motive::ffi::domain::{motive_domain_builder_create, motive_domain_builder_destroy};
    use motive::ffi::last_error::motive_last_error_message;
    use motive::ffi::status::motive_status;
    let ids = [0, u32::MAX];
    let mut effect = motive_ambiance_modifier_default();
    effect.annotations = ids.as_ptr();
    effect.annotation_count = ids.len();
    // SAFETY: every pointer is to a live local or the builder made here.
    unsafe {
        let mut builder = std::ptr::null_mut();
        assert_eq!(
            motive_domain_builder_create(&mut builder),
            motive_status::Ok
        );
        let mut action = 0;
        assert_eq!(
            motive_domain_builder_add_action(builder, c"act".as_ptr(), &mut action),
            motive_status::Ok
        );
        let status = motive_domain_builder_set_action_ambiance_effect(builder, action, &effect);
        let mut message = [0u8; 256];
        let mut length = 0;
        motive_last_error_message(message.as_mut_ptr().cast(), message.len(), &mut length);
        motive_domain_builder_destroy(builder);
        let message = String::from_utf8_lossy(&message[..length]).into_owned();
        assert_eq!(status, motive_status::NotFound, "{message}");
        assert!(message.contains("past any domain's"), "{message}");
    }
}

//! NPCs that adapt to the player's style: the PaSSAGE player model (001_3e3461db8de0826f.txt:
//! 2389-2407) choosing the high-level layer a guard runs (Ocio's sketch, 002:4984-4996), from
//! `scenarios/adaptive_guards.json`, through the world's API an engine calls and through the
//! simulator's scripted player.

use std::sync::Arc;

use motive::core::brains::Brain;
use motive::core::model::archetype::ArchetypeId;
use motive::core::model::bt::{HintId, HintState};
use motive::core::model::player_style::PlayerActionId;
use motive::core::model::rng::WorldRng;
use motive::core::world::player_model::PlayerModel;
use motive::core::{Entity, Vec3, World, WorldConfig};
use motive::domain::{load_domain, load_scenario_file, Scenario};
use motive::sim::Simulator;

/// L2405: a model of ⟨f=1, m=0, s=0, t=1, p=2⟩ is 25 % fighter, 25 % tactician, 50 % power
/// gamer; that distribution is the ideal (utility 1), anything else scores below it.
#[test]
fn passage_example_distribution_and_expected_utility() {
    let model = PlayerModel::from_counts(&[1.0, 0.0, 0.0, 1.0, 2.0], 0.9);
    assert_eq!(model.shares(), [0.25, 0.0, 0.0, 0.25, 0.5]);
    assert_eq!(model.expected_utility(&[0.25, 0.0, 0.0, 0.25, 0.5]), 1.0);
    // All fighter: one minus the total variation distance, ½(0.75 + 0.25 + 0.5).
    assert_eq!(model.expected_utility(&[1.0, 0.0, 0.0, 0.0, 0.0]), 0.25);
    let method_actor = model.expected_utility(&[0.0, 1.0, 0.0, 0.0, 0.0]);
    assert_eq!(method_actor, 0.0, "a style the player never shows");
}

fn adaptive_guards() -> Scenario {
    let path = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios"))
        .join("adaptive_guards.json");
    load_scenario_file(&path).unwrap().value
}

struct Guard {
    world: World,
    guard: Entity,
    shoot: PlayerActionId,
    sneak: PlayerActionId,
    distract: PlayerActionId,
}

fn guard() -> Guard {
    guard_of(adaptive_guards())
}

/// A guard of `scenario` (adaptive_guards.json or an edit of it) beside its post.
fn guard_of(scenario: Scenario) -> Guard {
    let domain = scenario.domain;
    let action = |name: &str| PlayerActionId(domain.player_actions().find(name).unwrap());
    let (shoot, sneak, distract) = (action("shoot"), action("sneak"), action("distract"));
    let archetype = |name: &str| ArchetypeId(domain.archetypes().find(name).unwrap());
    let (guard_kind, post) = (archetype("guard"), archetype("post"));
    let mut world = World::new(domain, WorldConfig::default()).unwrap();
    let guard = world.spawn(guard_kind, Vec3::default()).unwrap();
    world.spawn(post, Vec3::new(2.0, 0.0, 0.0)).unwrap();
    Guard {
        world,
        guard,
        shoot,
        sneak,
        distract,
    }
}

impl Guard {
    /// The name of the guard's top layer.
    fn top(&self) -> String {
        self.layers().swap_remove(0)
    }

    /// The names of the guard's layers, the top first.
    fn layers(&self) -> Vec<String> {
        let trees = self.world.domain().bt_trees();
        let bt = self.world.bt_mind(self.guard).unwrap();
        bt.layers
            .runs()
            .map(|run| {
                let id = trees
                    .items()
                    .iter()
                    .position(|t| std::sync::Arc::ptr_eq(t, run.tree()));
                trees.name(id.unwrap() as u32).to_owned()
            })
            .collect()
    }

    /// Reports `action` and lets the guard think.
    fn report(&mut self, action: PlayerActionId) {
        self.world.report_player_action(action).unwrap();
        self.world.think_now(self.guard).unwrap();
    }
}

#[test]
fn a_stealthy_player_gets_the_watchful_layer_and_a_fighter_the_other() {
    let mut g = guard();
    assert_eq!(g.world.mind(g.guard).unwrap().brain.kind(), Brain::Bt);
    g.world.think_now(g.guard).unwrap();
    assert_eq!(g.top(), "guard", "no report yet: the base tree alone");
    g.report(g.sneak);
    assert_eq!(g.top(), "call_for_help");
    assert_eq!(g.world.bt_mind(g.guard).unwrap().layers.len(), 2);
    // A long stealthy spell, then the player changes style: the layer follows within a bound
    // that no history can stretch. After k shots the stealth share is at most 0.9^k, and the
    // swap needs the action layer ahead by the margin, 1 - 2·0.9^k > 0.1: k = 8 suffices.
    for _ in 0..200 {
        g.report(g.sneak);
    }
    assert_eq!(g.top(), "call_for_help");
    let mut shots = 0;
    while g.top() != "cover_and_cooperate" {
        g.report(g.shoot);
        shots += 1;
        assert!(shots <= 8, "still {} after {shots} shots", g.top());
    }
    assert_eq!(
        g.world.bt_mind(g.guard).unwrap().layers.len(),
        2,
        "swapped, not stacked"
    );
}

/// Hysteresis: under a player who mixes styles at random, two swaps are always more than
/// margin / (2 (1 - decay)) = 0.5 reports apart, and back-and-forth swaps more than
/// margin / (1 - decay) = 1 report apart; and the chosen layer is always one whose expected
/// utility is within the margin of the best. Many seeds.
#[test]
fn a_mixed_player_never_makes_layers_flap() {
    for seed in 0..40 {
        let mut g = guard();
        let mut rng = WorldRng::new(seed);
        let mut swaps: Vec<(usize, String)> = Vec::new();
        let mut last = String::new();
        for report in 0..300 {
            let action = match rng.below(3) {
                0 => g.shoot,
                1 => g.sneak,
                _ => g.distract,
            };
            g.report(action);
            let top = g.top();
            if top != last {
                swaps.push((report, top.clone()));
                last = top;
            }
            let shares = g.world.player_model().shares();
            let utility = |serves: [f64; 2]| g.world.player_model().expected_utility(&serves);
            let (action_eu, stealth_eu) = (utility([1.0, 0.0]), utility([0.0, 1.0]));
            let chosen = if last == "cover_and_cooperate" {
                action_eu
            } else {
                stealth_eu
            };
            assert!(
                chosen + 0.1 + 1e-12 >= action_eu.max(stealth_eu),
                "seed {seed} report {report}: {last} at {chosen} with shares {shares:?}"
            );
        }
        for pair in swaps.windows(3) {
            assert!(
                pair[2].0 - pair[1].0 > 1 || pair[2].1 != pair[0].1,
                "seed {seed}: {swaps:?}"
            );
        }
    }
}

/// Layers change at run time through the world (L3927-3998), and bad requests are refused
/// with nothing changed: a tree that acts above another, a layer on an NPC of another brain,
/// a pop with no layer.
#[test]
fn layers_are_pushed_and_popped_at_run_time_and_bad_requests_refused() {
    use motive::core::model::bt::BtTreeId;
    use motive::core::ErrorKind;
    let mut g = guard();
    let tree = |name: &str| BtTreeId(g.world.domain().bt_trees().find(name).unwrap());
    let (base, help) = (tree("guard"), tree("call_for_help"));
    g.world.push_bt_layer(g.guard, help).unwrap();
    assert_eq!(g.top(), "call_for_help");
    let err = g.world.push_bt_layer(g.guard, base).unwrap_err();
    assert!(err.message.contains("acts"), "{err}");
    assert_eq!(
        g.world.bt_mind(g.guard).unwrap().layers.len(),
        2,
        "nothing changed"
    );
    g.world.pop_bt_layer(g.guard).unwrap();
    g.world.clear_bt_layers(g.guard).unwrap();
    assert_eq!(
        g.world.pop_bt_layer(g.guard).unwrap_err().kind,
        ErrorKind::NotFound
    );
    g.world.push_bt_layer(g.guard, base).unwrap();
    assert_eq!(g.top(), "guard", "an empty stack takes a base tree again");

    let kitchen = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/kitchen.json"
    ))
    .unwrap();
    let domain = load_domain(&kitchen).unwrap().value;
    let cook = ArchetypeId(domain.archetypes().find("diner").unwrap());
    let mut world = World::new(domain, WorldConfig::default()).unwrap();
    let npc = world.spawn(cook, Vec3::default()).unwrap();
    let err = world.bt_mind(npc).err().unwrap();
    assert!(err.message.contains("GOAP, not BT"), "{err}");
    assert!(world.clear_bt_layers(npc).is_err());
}

/// The adaptive layer may leave the stack without the player model's say: the engine pops it,
/// or it ends. The guard then pushes the one the model calls for at its next think, and a
/// later swap replaces that layer, never the base tree (the swap popped whatever was on top,
/// and a fighter's guard was left with a hint layer alone, acting no more).
#[test]
fn an_adaptive_layer_gone_from_the_stack_is_pushed_again_and_the_base_kept() {
    let popped = guard();
    // `call_for_help` hints once and ends: the stack drops it at the next step.
    let mut ended = adaptive_guards();
    let once = ended.domain.bt_trees().find("call_for_help").unwrap() as usize;
    let mut json: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/scenarios/adaptive_guards.json"
        ))
        .unwrap(),
    )
    .unwrap();
    json["domain"]["behaviour_trees"][once]["root"] = serde_json::json!({ "hint": "CALL" });
    ended = motive::domain::load_scenario(&json.to_string(), None)
        .unwrap()
        .value;
    for (mut g, how) in [(popped, "popped"), (guard_of(ended), "ended")] {
        g.report(g.sneak);
        assert_eq!(g.layers(), ["call_for_help", "guard"], "{how}");
        match how {
            "popped" => g.world.pop_bt_layer(g.guard).unwrap(),
            _ => g.world.think_now(g.guard).unwrap(),
        }
        assert_eq!(g.layers(), ["guard"], "{how}");
        g.report(g.sneak);
        if how == "popped" {
            assert_eq!(g.layers(), ["call_for_help", "guard"], "pushed again");
        }
        for _ in 0..10 {
            g.report(g.shoot);
        }
        assert_eq!(g.layers(), ["cover_and_cooperate", "guard"], "{how}");
    }
}

/// A layer the engine pushes over the adaptive one is left alone, and so is the adaptive
/// layer under it, however the player changes; once the engine pops its layer, adaptation
/// swaps the adaptive layer again.
#[test]
fn an_adaptive_layer_under_the_engines_layer_waits_for_it() {
    use motive::core::model::bt::BtTreeId;
    let mut g = guard();
    g.report(g.sneak);
    // Another tree than the adaptive one: a layer running the adaptive tree is taken for it.
    let cover = BtTreeId(
        g.world
            .domain()
            .bt_trees()
            .find("cover_and_cooperate")
            .unwrap(),
    );
    g.world.push_bt_layer(g.guard, cover).unwrap();
    for _ in 0..10 {
        g.report(g.shoot);
    }
    assert_eq!(
        g.layers(),
        ["cover_and_cooperate", "call_for_help", "guard"]
    );
    g.world.pop_bt_layer(g.guard).unwrap();
    g.report(g.shoot);
    assert_eq!(g.layers(), ["cover_and_cooperate", "guard"]);
}

/// The shipped scenario: the scripted player sneaks until 30 s, then fights. Every guard runs
/// the watchful layer before the switch and the other one from at most 8 reports after it
/// (one a second), to the end.
#[test]
fn the_shipped_scenario_follows_the_scripted_player() {
    let mut instance = adaptive_guards().instantiate(None, Some(1)).unwrap();
    let mut sim = Simulator::new(instance.rules.clone(), &instance.world).unwrap();
    let guards: Vec<Entity> = instance
        .names
        .iter()
        .filter(|(_, n)| n.starts_with("guard"))
        .map(|(e, _)| *e)
        .collect();
    assert_eq!(guards.len(), 3);
    let top = |world: &World, npc: Entity| {
        let bt = world.bt_mind(npc).unwrap();
        let tree = bt.layers.runs().next().unwrap().tree().clone();
        let trees = world.domain().bt_trees();
        let id = trees
            .items()
            .iter()
            .position(|t| std::sync::Arc::ptr_eq(t, &tree));
        trees.name(id.unwrap() as u32).to_owned()
    };
    for (until, expected) in [(29.0, "call_for_help"), (38.5, "cover_and_cooperate")] {
        let left = until - instance.world.time();
        sim.run(&mut instance.world, left, &mut ()).unwrap();
        for &guard in &guards {
            assert_eq!(top(&instance.world, guard), expected, "at {until} s");
        }
    }
    sim.run(&mut instance.world, 21.5, &mut ()).unwrap();
    assert!(guards
        .iter()
        .all(|&g| top(&instance.world, g) == "cover_and_cooperate"));
    assert_eq!(instance.world.player_model().reports(), 60);
}

/// Per group (the thesis's group HeBTs, L5006-5022, with the player model choosing): the shipped
/// watch, adaptive_guards' guards with no adaptive layers of their own, led by a scenario group
/// whose adaptive trees the model chooses among. One choice for the whole group: every member
/// takes the watchful hints while the player sneaks and the co-operative ones within 8 reports
/// of the switch, together.
#[test]
fn a_group_adapts_once_for_all_its_members() {
    let path = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios"))
        .join("guard_watch.json");
    let scenario = motive::domain::load_scenario_file(&path).unwrap().value;
    let mut instance = scenario.instantiate(None, Some(1)).unwrap();
    let group = instance.groups[0].0;
    assert_eq!(instance.groups[0].1, "watch");
    let domain = instance.world.domain().clone();
    let hint = |name: &str| HintId(domain.hints().find(name).unwrap());
    let (call, cover) = (hint("CALL"), hint("COVER"));
    let leader = |world: &World| {
        let tree = world.bt_group_tree(group).unwrap();
        let trees = world.domain().bt_trees();
        let id = trees.items().iter().position(|t| Arc::ptr_eq(t, tree));
        trees.name(id.unwrap() as u32).to_owned()
    };
    let members: Vec<Entity> = instance.world.bt_group_members(group).unwrap().to_vec();
    assert_eq!(members.len(), 3);
    assert_eq!(leader(&instance.world), "watch", "no report yet");
    let mut sim = Simulator::new(instance.rules.clone(), &instance.world).unwrap();
    for (until, tree, positive) in [
        (29.0, "call_for_help", call),
        (38.5, "cover_and_cooperate", cover),
    ] {
        let left = until - instance.world.time();
        sim.run(&mut instance.world, left, &mut ()).unwrap();
        assert_eq!(leader(&instance.world), tree, "at {until} s");
        for &m in &members {
            let layers = instance.world.bt_mind(m).unwrap().layers.len();
            assert_eq!(layers, 1, "the group leads from above the stack");
            let state = instance.world.bt_hint(m, 0, positive).unwrap();
            assert_eq!(state, HintState::Positive, "at {until} s");
        }
    }
    let other = instance.world.bt_hint(members[0], 0, call).unwrap();
    assert_eq!(
        other,
        HintState::Neutral,
        "the old leader's hints are taken back"
    );
}

/// A group's tree and members are checked where the scenario names them.
#[test]
fn scenario_groups_are_checked() {
    let path = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios"))
        .join("adaptive_guards.json");
    let base: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let refused = |groups: serde_json::Value| {
        let mut json = base.clone();
        json["groups"] = groups;
        let err = motive::domain::load_scenario(&json.to_string(), None).unwrap_err();
        err.diagnostics
            .iter()
            .map(|d| format!("{} {}", d.path, d.message))
            .collect::<Vec<_>>()
    };
    let acting =
        refused(serde_json::json!([{ "name": "g", "tree": "guard", "members": ["guard"] }]));
    assert!(
        acting[0].starts_with("/groups/0/tree ") && acting[0].contains("no body"),
        "{acting:?}"
    );
    let object =
        refused(serde_json::json!([{ "name": "g", "tree": "call_for_help", "members": ["post"] }]));
    assert!(object[0].starts_with("/groups/0/members/0 "), "{object:?}");
    let unknown = refused(
        serde_json::json!([{ "name": "g", "tree": "call_for_help", "members": ["gaurd"] }]),
    );
    assert!(unknown[0].contains("unknown entity"), "{unknown:?}");
    let style = refused(
        serde_json::json!([{ "name": "g", "tree": "call_for_help", "members": [],
        "adaptive": [{ "tree": "call_for_help", "serves": { "stealthy": 1 } }] }]),
    );
    assert!(
        style[0].starts_with("/groups/0/adaptive/0/serves/stealthy "),
        "{style:?}"
    );
    let twice = refused(serde_json::json!([
        { "name": "g", "tree": "call_for_help", "members": [] },
        { "name": "g", "tree": "call_for_help", "members": [] }
    ]));
    assert!(twice[0].contains("already defined"), "{twice:?}");
    // The world refuses a tree given to a group twice at instantiation, with no path: the
    // load refuses it at the entry.
    let repeated = refused(serde_json::json!([{ "name": "g", "tree": "call_for_help",
        "members": [], "adaptive": [
            { "tree": "cover_and_cooperate", "serves": { "action": 1 } },
            { "tree": "cover_and_cooperate", "serves": { "stealth": 1 } }] }]));
    assert!(
        repeated[0].starts_with("/groups/0/adaptive/1/tree ") && repeated[0].contains("already"),
        "{repeated:?}"
    );
}

/// An NPC's stack holds at most 16 layers: an archetype that lists more is refused at its
/// `behaviour_trees`, and one with adaptive layers keeps room for one above its own (it loaded,
/// and every NPC silently lost the layers past the sixteenth).
#[test]
fn an_archetype_whose_layers_overflow_a_stack_is_refused() {
    use motive::core::brains::bt::MAX_LAYERS;
    let path = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios"))
        .join("adaptive_guards.json");
    let base: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let with_layers = |layers: usize, adaptive: bool| {
        let mut json = base.clone();
        let guard = &mut json["domain"]["archetypes"][0];
        let mut trees = vec![serde_json::json!("guard")];
        trees.extend(std::iter::repeat_n(
            serde_json::json!("call_for_help"),
            layers - 1,
        ));
        guard["behaviour_trees"] = serde_json::Value::Array(trees);
        if !adaptive {
            guard.as_object_mut().unwrap().remove("adaptive_layers");
        }
        motive::domain::load_scenario(&json.to_string(), None).map(|_| ())
    };
    assert!(with_layers(MAX_LAYERS, false).is_ok());
    assert!(with_layers(MAX_LAYERS - 1, true).is_ok());
    for (layers, adaptive) in [(MAX_LAYERS + 1, false), (MAX_LAYERS, true)] {
        let err = with_layers(layers, adaptive).unwrap_err();
        let said: Vec<String> = err
            .diagnostics
            .iter()
            .map(|d| format!("{} {}", d.path, d.message))
            .collect();
        assert!(
            said.iter()
                .any(|d| d.contains("/archetypes/0") && d.contains("at most 16")),
            "{layers} layers, adaptive {adaptive}: {said:?}"
        );
    }
}

/// A call the builder refuses changes nothing, not even the play styles it would have settled
/// on: the caller's first style is still number 0 (PaSSAGE's five were added first).
#[test]
fn a_refused_call_leaves_the_play_styles_as_they_were() {
    use motive::core::model::domain::DomainBuilder;
    use motive::core::model::player_style::StyleId;
    let mut b = DomainBuilder::new();
    assert!(b
        .add_player_action("bad", &[(StyleId(0), f64::NAN)])
        .is_err());
    assert!(b
        .add_player_action("unknown", &[(StyleId(7), 1.0)])
        .is_err());
    assert_eq!(b.add_player_style("sneaky").unwrap(), StyleId(0));
    // Settled by a call that succeeds: the caller's styles, then.
    b.add_player_action("sneak", &[(StyleId(0), 1.0)]).unwrap();
    assert_eq!(b.style_count(), 1);
    let mut b = DomainBuilder::new();
    b.add_player_action("shoot", &[(StyleId(0), 1.0)]).unwrap();
    assert_eq!(b.style_count(), 5, "none named: PaSSAGE's five");
}

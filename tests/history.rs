//! Per-NPC decision history (issue 30; Pittman's debugger, P:299-301): a ring of the last N
//! decisions and events, recorded on decisions and events, that changes nothing of what the
//! NPCs do.

use motive::core::world::event::Event;
use motive::core::world::history::{
    HistoryEntry, Moment, MAX_HISTORY_CANDIDATES, MAX_HISTORY_ENTRIES,
};
use motive::core::{Entity, World};
use motive::domain::{load_scenario_file, Instance};
use motive::sim::{Observer, Simulator};

#[derive(Default)]
struct Events(Vec<String>);

impl Observer for Events {
    fn event(&mut self, world: &World, e: &Event) {
        self.0.push(format!(
            "{} {:?} {} {:?}",
            world.time(),
            e.kind,
            e.npc.index1,
            e.action
        ));
    }
}

fn hospital(history: u32) -> (Instance, Events) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/hospital.json");
    let scenario = load_scenario_file(std::path::Path::new(path))
        .unwrap()
        .value;
    let mut instance = scenario.instantiate(None, Some(3)).unwrap();
    instance.world.set_history(history).unwrap();
    let mut sim = Simulator::new(instance.rules.clone(), &instance.world).unwrap();
    let mut events = Events::default();
    sim.run(&mut instance.world, 60.0, &mut events).unwrap();
    (instance, events)
}

fn entries(world: &World, npc: Entity) -> Vec<HistoryEntry> {
    world.history(world.rebase(npc)).unwrap().cloned().collect()
}

/// An entry without the world serial its handles carry (the three runs are three worlds).
fn plain(e: &HistoryEntry) -> String {
    let plan: Vec<(u32, u32)> = e
        .plan
        .iter()
        .map(|s| (s.action.0, s.supplier.index1))
        .collect();
    format!(
        "{} {:?} {:?} {} {plan:?} {:?} {:?}",
        e.time, e.moment, e.action, e.target.index1, e.goal, e.scores
    )
}

#[test]
fn the_ring_keeps_the_last_entries_in_order_and_changes_nothing() {
    let (long, long_events) = hospital(MAX_HISTORY_ENTRIES);
    let (short, short_events) = hospital(8);
    let (off, off_events) = hospital(0);
    assert_eq!(long_events.0, short_events.0, "history changes no event");
    assert_eq!(long_events.0, off_events.0, "history changes no event");
    let npcs: Vec<Entity> = long
        .world
        .entities()
        .filter(|&e| long.world.mind(e).is_ok())
        .collect();
    assert!(npcs.len() >= 16);
    let mut decisions = 0;
    for &npc in &npcs {
        let all = entries(&long.world, npc);
        let last = entries(&short.world, npc);
        assert!(all.len() > 8, "{npc:?} did more than 8 things in a minute");
        assert_eq!(last.len(), 8);
        let tail: Vec<String> = all[all.len() - 8..].iter().map(plain).collect();
        let last: Vec<String> = last.iter().map(plain).collect();
        assert_eq!(last, tail, "the short ring is the long one's tail");
        assert!(
            all.windows(2).all(|w| w[0].time <= w[1].time),
            "oldest first"
        );
        assert!(entries(&off.world, npc).is_empty());
        for entry in &all {
            if entry.moment == Moment::Decision {
                decisions += 1;
                if entry.goal.is_some() {
                    assert!(
                        !entry.scores.is_empty(),
                        "a brain that names a goal weighed"
                    );
                }
            }
        }
    }
    assert!(
        decisions > npcs.len(),
        "decisions were recorded: {decisions}"
    );
    // UDGOAP decisions keep the candidates weighed: the chosen one is the plan adopted.
    let mut weighed = 0;
    for &npc in &npcs {
        for entry in entries(&long.world, npc) {
            if entry.candidates.is_empty() || entry.plan.is_empty() {
                continue;
            }
            weighed += 1;
            assert!(entry.candidates.len() <= MAX_HISTORY_CANDIDATES);
            let chosen: Vec<_> = entry.candidates.iter().filter(|c| c.chosen).collect();
            assert_eq!(chosen.len(), 1, "one chosen candidate");
            assert_eq!(chosen[0].depth as usize, entry.plan.len());
            let step = chosen[0].step.expect("a plan of one step or more");
            assert!(entry.plan.contains(&step), "its step is in the plan");
        }
    }
    assert!(
        weighed > 0,
        "the UDGOAP visitors' decisions kept their candidates"
    );
    // The last decision recorded is the plan the NPC holds, when it has not moved on since.
    let nurse = npcs[0];
    let mind = long.world.mind(nurse).unwrap();
    let last_decision = entries(&long.world, nurse)
        .into_iter()
        .rev()
        .find(|e| e.moment == Moment::Decision)
        .unwrap();
    assert_eq!(
        last_decision.plan[mind.next_step.min(last_decision.plan.len())..],
        *mind.remaining_plan()
    );
}

#[test]
fn history_is_bounded() {
    let (mut instance, _) = hospital(0);
    let err = instance
        .world
        .set_history(MAX_HISTORY_ENTRIES + 1)
        .unwrap_err();
    assert!(err.message.contains("at most 4096"), "{}", err.message);
    instance.world.set_history(4).unwrap();
}

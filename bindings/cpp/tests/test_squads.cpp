/*
 * Squads (Pittman's command hierarchy) through the wrapper, the path a C++ tool takes: the
 * shipped room clearing (scenarios/room_clearing.json) instantiated and run by the headless
 * simulator, then read back (every officer at its corner, the squad's blackboard, its members,
 * superiors, its last order and that order's roster, all reported complete); membership
 * refused for a unit that already has a superior, and a destroyed squad's handle gone stale;
 * and a squad built in code (DomainBuilder::set_archetype_squad, set_action_order with
 * positions and targets, set_archetype_autonomous, set_attribute_significant) whose order the
 * test's own engine loop sees issued, recommended, adopted, completed and finished, event by
 * event, and which a significant fact interrupts; and the engine reporting for members
 * (World::report_to_squad), a failure failing the order that awaits it.
 */
#include <doctest/doctest.h>

#include <initializer_list>
#include <iterator>
#include <limits>
#include <string>
#include <vector>

#include "fixtures.hpp"
#include "motive.hpp"

namespace {

motive::Entity named(const motive::Instance &run, const std::string &name) {
    const motive::Entity entity = fixtures::named(run, name);
    REQUIRE_MESSAGE(!entity.is_null(), "no entity named " << name);
    return entity;
}

/** The room-clearing scenario as shipped, one copy with its own seed. */
struct RoomClearing {
    RoomClearing()
        : scenario(motive::Scenario::load_file(MOTIVE_SCENARIOS "/room_clearing.json").value()),
          domain(scenario.domain().value()),
          run(scenario.instantiate(nullptr, 1, scenario.seed().value()).value()),
          alpha(named(run, "alpha").as_squad()) {
        for (int i = 0; i < 4; ++i) {
            officers[i] = named(run, "officer_" + std::to_string(i + 1));
            corners[i] = named(run, "corner_" + std::to_string(i + 1));
        }
    }

    motive::Scenario scenario;
    motive::Domain domain;
    motive::Instance run;
    motive::Squad alpha;
    motive::Entity officers[4];
    motive::Entity corners[4];
};

motive::Condition is(motive::AttributeId attribute, bool value) {
    motive::Condition c{};
    c.kind = MOTIVE_CONDITION_KIND_COMPARE;
    c.role = MOTIVE_ROLE_CONSUMER;
    c.attribute = attribute;
    c.op = MOTIVE_CMP_OP_EQ;
    c.rhs.kind = MOTIVE_OPERAND_KIND_CONSTANT;
    c.rhs.constant = motive::Value::boolean(value).raw();
    return c;
}

motive::Effect set(motive::AttributeId attribute, bool value) {
    motive::Effect e{};
    e.role = MOTIVE_ROLE_CONSUMER;
    e.op = MOTIVE_EFFECT_OP_SET;
    e.attribute = attribute;
    e.amount.kind = MOTIVE_OPERAND_KIND_CONSTANT;
    e.amount.constant = motive::Value::boolean(value).raw();
    return e;
}

motive::Relevance fixed(double value) {
    motive::Relevance r{};
    r.kind = MOTIVE_RELEVANCE_KIND_FIXED;
    r.value = value;
    return r;
}

/** A squad built in code: two GOAP units whose goal "finish" (relevance 0) only an order makes
 * worth pursuing, each working (an engine-ended action) to complete it; a squad archetype whose
 * one goal "command" its order "order" satisfies; the order recommends "finish" (+1) to
 * members 0 and 1, giving each a post (the squad's facts post_1, post_2) in its "assigned".
 * The squad thinks every 100 s only; "alert" is a significant attribute (a sensor). */
struct Built {
    motive::Domain domain;
    motive::AttributeId done = 0, ordered = 0, alive = 0, reported = 0, assigned = 0, alert = 0;
    motive::AttributeId posts[2] = {0, 0};
    motive::ActionId work = 0, order = 0, timed = 0;
    motive::GoapGoalId finish = 0, command = 0;
    motive::ArchetypeId squad = 0, unit = 0, post = 0;

    Built() {
        motive::DomainBuilder b = motive::DomainBuilder::create().value();
        done = b.add_attribute("done", MOTIVE_VALUE_TYPE_BOOL).value();
        ordered = b.add_attribute("ordered", MOTIVE_VALUE_TYPE_BOOL).value();
        alive = b.add_attribute("alive", MOTIVE_VALUE_TYPE_NUMBER).value();
        REQUIRE(b.set_attribute_range(alive, 0, 10).ok());
        reported = b.add_attribute("reported", MOTIVE_VALUE_TYPE_NUMBER).value();
        REQUIRE(b.set_attribute_range(reported, 0, 10).ok());
        assigned = b.add_attribute("assigned", MOTIVE_VALUE_TYPE_ENTITY).value();
        posts[0] = b.add_attribute("post_1", MOTIVE_VALUE_TYPE_ENTITY).value();
        posts[1] = b.add_attribute("post_2", MOTIVE_VALUE_TYPE_ENTITY).value();
        alert = b.add_attribute("alert", MOTIVE_VALUE_TYPE_BOOL).value();
        REQUIRE(b.set_attribute_significant(alert).ok());
        CHECK(b.set_attribute_significant(999).status() != MOTIVE_STATUS_OK);

        finish = b.add_goap_goal("finish", 1, fixed(0)).value();
        REQUIRE(b.add_goap_requirement(finish, is(done, true)).ok());
        command = b.add_goap_goal("command", 1, fixed(1)).value();
        REQUIRE(b.add_goap_requirement(command, is(ordered, true)).ok());

        work = b.add_action("work").value();
        REQUIRE(b.add_effect(work, set(done, true)).ok());
        REQUIRE(b.set_action_timeout(work, std::numeric_limits<double>::infinity()).ok());
        order = b.add_action("order").value();
        REQUIRE(b.add_effect(order, set(ordered, true)).ok());
        const std::uint32_t positions[] = {0, 1};
        motive::Recommendation recommendation = motive::recommendation(finish, 1.0);
        recommendation.positions = positions;
        recommendation.position_count = 2;
        recommendation.targets = posts;
        recommendation.target_count = 2;
        recommendation.target_into = assigned;
        CHECK(recommendation.required);
        const motive::Recommendation recommendations[] = {recommendation};
        const motive::Status made = b.set_action_order(order, recommendations, 5.0);
        INFO(made.message());
        REQUIRE(made.ok());
        // An order has no duration; it recommends something; its timeout is positive.
        timed = b.add_action("timed").value();
        REQUIRE(b.set_action_duration(timed, MOTIVE_DURATION_KIND_SECONDS, 1.0).ok());
        CHECK(b.set_action_order(timed, recommendations).status() ==
              MOTIVE_STATUS_INVALID_ARGUMENT);
        CHECK(b.set_action_order(order, {}).status() == MOTIVE_STATUS_INVALID_ARGUMENT);
        CHECK(!b.set_action_order(order, recommendations, -1.0).ok());

        squad = b.add_archetype("squad").value();
        CHECK(!b.set_archetype_squad(squad, done, reported).ok()); // a bool: not a count
        REQUIRE(b.set_archetype_squad(squad, alive, reported).ok());
        REQUIRE(b.add_consumed_action(squad, order).ok());
        REQUIRE(b.add_archetype_goap_goal(squad, command).ok());
        REQUIRE(b.set_archetype_state(squad, ordered, motive::Value::boolean(false)).ok());
        REQUIRE(b.set_archetype_state(squad, alert, motive::Value::boolean(false)).ok());
        // It thinks when told to, when its plan moves on, or when a sensor interrupts it.
        motive::ThinkSettings slow = motive::think_settings();
        slow.think_interval = 100;
        REQUIRE(b.set_think_settings(squad, slow).ok());

        unit = b.add_archetype("unit").value();
        REQUIRE(b.add_consumed_action(unit, work).ok());
        REQUIRE(b.add_supplied_action(unit, work).ok());
        REQUIRE(b.add_archetype_goap_goal(unit, finish).ok());
        REQUIRE(b.set_archetype_state(unit, done, motive::Value::boolean(false)).ok());
        REQUIRE(b.set_archetype_autonomous(unit, true).ok());
        CHECK(b.set_archetype_autonomous(999, false).status() != MOTIVE_STATUS_OK);

        post = b.add_archetype("post").value();
        domain = b.build().value();
    }
};

} // namespace

TEST_CASE("room clearing: the squad's two orders bring every officer to its corner") {
    RoomClearing room;
    motive::World &world = room.run.world;
    CHECK(world.is_valid(room.alpha));
    CHECK(world.entity_kind(room.alpha.entity()).value() == MOTIVE_ENTITY_KIND_SQUAD);
    CHECK(room.alpha.entity().as_squad() == room.alpha);
    // Before the first think: members from the scenario, no order yet.
    motive_entity members[8];
    auto listed = world.squad_members(room.alpha, members);
    REQUIRE(listed.ok());
    REQUIRE(listed.value().size() == 4);
    for (int i = 0; i < 4; ++i) {
        CHECK(motive::Entity(listed.value()[i]) == room.officers[i]);
        CHECK(world.superior(room.officers[i]).value() == room.alpha);
    }
    CHECK(world.superior(room.alpha.entity()).value().is_null());
    CHECK(world.squad_order(room.alpha).status() == MOTIVE_STATUS_NOT_FOUND);
    motive::RosterEntry roster[8];
    CHECK(world.squad_roster(room.alpha, roster).value().empty());

    REQUIRE(room.run.sim.run(world, 60.0).ok());

    const motive::AttributeId at = room.domain.find_attribute("at").value();
    for (int i = 0; i < 4; ++i) {
        CAPTURE(i);
        CHECK(world.fact(room.officers[i], at).value().as_entity() == room.corners[i]);
        CHECK(world.superior(room.officers[i]).value() == room.alpha);
    }
    const motive::Entity blackboard = room.alpha.entity();
    const motive::AttributeId room_clear = room.domain.find_attribute("room_clear").value();
    const motive::AttributeId stacked = room.domain.find_attribute("stacked").value();
    const motive::AttributeId alive = room.domain.find_attribute("members_alive").value();
    CHECK(world.fact(blackboard, room_clear).value().as_bool());
    CHECK(world.fact(blackboard, stacked).value().as_bool());
    CHECK(world.fact(blackboard, alive).value().as_number() == 4.0);
    CHECK(world.squad_members(room.alpha, members).value().size() == 4);

    // Its latest order, clear_corners, ended: every officer was awaited and reported complete,
    // each sent to its own corner with hold_assigned.
    const motive::SquadOrder order = world.squad_order(room.alpha).value();
    CHECK(order.action == room.domain.find_action("clear_corners").value());
    CHECK(!order.active);
    CHECK(order.entries == 4);
    CHECK(order.issued > 0.0);
    auto entries = world.squad_roster(room.alpha, roster);
    REQUIRE(entries.ok());
    REQUIRE(entries.count() == 4);
    const motive::GoapGoalId hold = room.domain.find_goap_goal("hold_assigned").value();
    for (std::size_t i = 0; i < 4; ++i) {
        CAPTURE(i);
        const motive::RosterEntry &entry = entries.value()[i];
        CHECK(motive::Entity(entry.member) == room.officers[i]);
        CHECK(entry.goal == hold);
        CHECK(entry.bias == 1.0);
        CHECK(motive::Entity(entry.target) == room.corners[i]);
        CHECK(entry.awaited);
        CHECK(entry.report == MOTIVE_REPORT_COMPLETED);
    }
    // A buffer too small still counts the whole roster.
    motive::RosterEntry one[1];
    auto short_list = world.squad_roster(room.alpha, one);
    CHECK(short_list.status() == MOTIVE_STATUS_BUFFER_TOO_SMALL);
    CHECK(short_list.count() == 4);
    // The squad's own brain planned both orders; it has nothing left to do.
    CHECK(world.npc_brain(blackboard.as_npc()).value() == MOTIVE_BRAIN_GOAP);
    CHECK(world.interrupt_squad(room.alpha).ok());
}

TEST_CASE("room clearing: one superior per unit; a destroyed squad's handle is stale") {
    RoomClearing room;
    motive::World &world = room.run.world;
    const motive::ArchetypeId team = room.domain.find_archetype("swat_team").value();
    const motive::Squad bravo = world.create_squad(team).value();
    CHECK(world.is_valid(bravo));
    CHECK(bravo != room.alpha);

    // officer_1 is alpha's: it leaves alpha first.
    const motive::Status taken = world.add_squad_member(bravo, room.officers[0]);
    CHECK(taken.status() == MOTIVE_STATUS_INVALID_ARGUMENT);
    CHECK(taken.message().find("leaves that squad first") != std::string::npos);
    CHECK(world.remove_squad_member(bravo, room.officers[0]).status() == MOTIVE_STATUS_NOT_FOUND);
    CHECK(world.superior(room.officers[0]).value() == room.alpha);
    REQUIRE(world.remove_squad_member(room.alpha, room.officers[0]).ok());
    CHECK(world.superior(room.officers[0]).value().is_null());
    REQUIRE(world.add_squad_member(bravo, room.officers[0]).ok());
    CHECK(world.superior(room.officers[0]).value() == bravo);
    motive_entity members[8];
    CHECK(world.squad_members(room.alpha, members).value().size() == 3);

    // Squads join squads, but not in a cycle; a spot is not a unit; an officer is no squad.
    REQUIRE(world.add_squad_member(room.alpha, bravo.entity()).ok());
    CHECK(world.superior(bravo.entity()).value() == room.alpha);
    CHECK(world.add_squad_member(bravo, room.alpha.entity()).status() ==
          MOTIVE_STATUS_INVALID_ARGUMENT);
    CHECK(!world.add_squad_member(bravo, room.corners[0]).ok());
    CHECK(!world.add_squad_member(room.officers[1].as_squad(), room.officers[2]).ok());
    CHECK(world.create_squad(room.domain.find_archetype("officer").value()).status() ==
          MOTIVE_STATUS_INVALID_ARGUMENT);

    // Destroyed: the handle is stale, its member and its own superior let go of it.
    REQUIRE(world.destroy_squad(bravo).ok());
    CHECK(!world.is_valid(bravo));
    CHECK(world.squad_members(bravo, members).status() == MOTIVE_STATUS_STALE_HANDLE);
    CHECK(world.squad_order(bravo).status() == MOTIVE_STATUS_STALE_HANDLE);
    motive::RosterEntry roster[4];
    CHECK(world.squad_roster(bravo, roster).status() == MOTIVE_STATUS_STALE_HANDLE);
    CHECK(world.add_squad_member(bravo, room.officers[1]).status() == MOTIVE_STATUS_STALE_HANDLE);
    CHECK(world.interrupt_squad(bravo).status() == MOTIVE_STATUS_STALE_HANDLE);
    CHECK(world.destroy_squad(bravo).status() == MOTIVE_STATUS_STALE_HANDLE);
    CHECK(world.superior(room.officers[0]).value().is_null());
    CHECK(world.squad_members(room.alpha, members).value().size() == 3);
    // Another world's squad is refused; a world's calls on an empty owner fail.
    RoomClearing other;
    CHECK(other.run.world.squad_members(room.alpha, members).status() == MOTIVE_STATUS_WRONG_WORLD);
    motive::World empty;
    CHECK(empty.create_squad(team).status() == MOTIVE_STATUS_NULL_ARGUMENT);
    CHECK(!empty.is_valid(room.alpha));
}

TEST_CASE("a squad built in code orders, its members report, and the order finishes") {
    Built built;
    motive::WorldDef def = motive::world_def();
    def.seed = 3;
    motive::World world = motive::World::create(built.domain, def).value();
    const motive::Npc a = world.spawn_npc(built.unit, {0, 0, 0}).value();
    const motive::Npc b = world.spawn_npc(built.unit, {2, 0, 0}).value();
    const motive::Object posts[2] = {world.spawn_object(built.post, {5, 0, 0}).value(),
                                     world.spawn_object(built.post, {6, 0, 0}).value()};
    const motive::Squad squad = world.create_squad(built.squad).value();
    for (int i = 0; i < 2; ++i) {
        const motive::Value post = motive::Value::entity(posts[i].entity());
        REQUIRE(world.set_fact(squad.entity(), built.posts[i], post).ok());
    }
    REQUIRE(world.add_squad_member(squad, a.entity()).ok());
    REQUIRE(world.add_squad_member(squad, b.entity()).ok());
    REQUIRE(world.think_now(squad.entity().as_npc()).ok());

    // The engine: performs every request of the units at once; keeps the squad's events.
    std::vector<motive::Event> squad_events;
    motive::Event events[16];
    for (int step = 0; step < 30; ++step) {
        REQUIRE(world.tick(0.1).ok());
        for (bool full = true; full;) {
            const motive::Span<motive::Event> polled = world.poll_events(events).value();
            full = polled.size() == std::size(events);
            for (const motive::Event &e : polled) {
                const motive::Entity who(e.npc);
                if (who == squad.entity()) {
                    squad_events.push_back(e);
                } else if (e.kind == MOTIVE_EVENT_KIND_ACTION_REQUESTED) {
                    CHECK(e.action == built.work);
                    REQUIRE(world.report_action(who.as_npc(), e.request,
                                                MOTIVE_ACTION_OUTCOME_SUCCEEDED)
                                .ok());
                }
            }
        }
    }

    std::vector<std::uint32_t> kinds;
    for (const motive::Event &e : squad_events) {
        kinds.push_back(e.kind);
    }
    CAPTURE(kinds.size());
    REQUIRE(!squad_events.empty());
    const motive::Event &issued = squad_events[0];
    CHECK(issued.kind == MOTIVE_EVENT_KIND_ORDER_ISSUED);
    CHECK(issued.action == built.order);
    CHECK(issued.ended_by == MOTIVE_ACTION_END_ORDER);
    CHECK(issued.seconds == 5.0);
    // Each member is recommended "finish", adopts it and completes it; then the order ends.
    const motive::Npc units[2] = {a, b};
    for (const std::uint32_t kind :
         {MOTIVE_EVENT_KIND_GOAL_RECOMMENDED, MOTIVE_EVENT_KIND_MEMBER_ADOPTED,
          MOTIVE_EVENT_KIND_MEMBER_COMPLETED}) {
        for (const motive::Npc unit : units) {
            CAPTURE(kind);
            int seen = 0;
            for (const motive::Event &e : squad_events) {
                if (e.kind == kind && motive::Entity(e.target) == unit.entity()) {
                    CHECK(e.outcome == built.finish);
                    ++seen;
                }
            }
            CHECK(seen == 1);
        }
    }
    std::size_t finished = squad_events.size(), last_completed = 0;
    for (std::size_t i = 0; i < squad_events.size(); ++i) {
        if (squad_events[i].kind == MOTIVE_EVENT_KIND_MEMBER_COMPLETED) {
            last_completed = i;
        } else if (squad_events[i].kind == MOTIVE_EVENT_KIND_ACTION_FINISHED &&
                   finished == squad_events.size()) {
            finished = i;
        }
    }
    REQUIRE(finished < squad_events.size());
    CHECK(squad_events[finished].action == built.order);
    CHECK(last_completed < finished);
    for (const motive::Event &e : squad_events) {
        CHECK(e.kind != MOTIVE_EVENT_KIND_MEMBER_FAILED);
        CHECK(e.kind != MOTIVE_EVENT_KIND_ACTION_TIMED_OUT);
    }

    // The order, its roster and its effects: posts handed out by position, work done.
    const motive::SquadOrder order = world.squad_order(squad).value();
    CHECK(order.action == built.order);
    CHECK(order.request == issued.request);
    CHECK(!order.active);
    std::vector<motive::RosterEntry> roster;
    REQUIRE(motive::collect(roster, [&](motive::Span<motive::RosterEntry> buffer) {
                return world.squad_roster(squad, buffer);
            }).ok());
    REQUIRE(roster.size() == 2);
    for (int i = 0; i < 2; ++i) {
        CAPTURE(i);
        CHECK(motive::Entity(roster[i].member) == units[i].entity());
        CHECK(motive::Entity(roster[i].target) == posts[i].entity());
        CHECK(roster[i].report == MOTIVE_REPORT_COMPLETED);
        CHECK(world.fact(units[i].entity(), built.assigned).value().as_entity() ==
              posts[i].entity());
        CHECK(world.fact(units[i].entity(), built.done).value().as_bool());
    }
    CHECK(world.fact(squad.entity(), built.ordered).value().as_bool());
    CHECK(world.fact(squad.entity(), built.alive).value().as_number() == 2.0);

    // A changed significant fact makes the squad decide again on the next tick; a changed
    // ordinary fact, or the same value written again, does not.
    const motive::Npc squad_mind = squad.entity().as_npc();
    const double decided = world.npc_goap_decision(squad_mind).value().time;
    REQUIRE(world.set_fact(squad.entity(), built.posts[0], motive::Value::entity(b.entity())).ok());
    REQUIRE(world.tick(0.1).ok());
    CHECK(world.npc_goap_decision(squad_mind).value().time == decided);
    REQUIRE(world.set_fact(squad.entity(), built.alert, motive::Value::boolean(true)).ok());
    REQUIRE(world.tick(0.1).ok());
    const double alerted = world.npc_goap_decision(squad_mind).value().time;
    CHECK(alerted > decided);
    CHECK(alerted == world.time().value());
    REQUIRE(world.set_fact(squad.entity(), built.alert, motive::Value::boolean(true)).ok());
    REQUIRE(world.tick(0.1).ok());
    CHECK(world.npc_goap_decision(squad_mind).value().time == alerted);

    // Interrupts cascade without failing; leaving the squad, a unit has no superior.
    CHECK(world.interrupt_squad(squad).ok());
    REQUIRE(world.tick(0.1).ok());
    REQUIRE(world.remove_squad_member(squad, b.entity()).ok());
    CHECK(world.superior(b.entity()).value().is_null());
    CHECK(world.remove_squad_member(squad, b.entity()).status() == MOTIVE_STATUS_NOT_FOUND);
    REQUIRE(world.destroy_squad(squad).ok());
    CHECK(world.superior(a.entity()).value().is_null());
    CHECK(world.is_valid(a));
}

TEST_CASE("the engine reports for members: a failure fails the order that awaits it") {
    Built built;
    motive::World world = motive::World::create(built.domain).value();
    const motive::Npc a = world.spawn_npc(built.unit, {0, 0, 0}).value();
    const motive::Npc b = world.spawn_npc(built.unit, {2, 0, 0}).value();
    const motive::Squad squad = world.create_squad(built.squad).value();
    REQUIRE(world.add_squad_member(squad, a.entity()).ok());
    REQUIRE(world.add_squad_member(squad, b.entity()).ok());
    CHECK(world.report_to_squad(a.entity(), built.finish, MOTIVE_REPORT_COMPLETED).status() ==
          MOTIVE_STATUS_NOT_FOUND); // no order yet
    REQUIRE(world.think_now(squad.entity().as_npc()).ok());
    // The engine never reports the units' work: the order stands.
    for (int step = 0; step < 10; ++step) {
        REQUIRE(world.tick(0.1).ok());
    }
    motive::Event events[64];
    REQUIRE(world.poll_events(events).ok());
    const motive::SquadOrder issued = world.squad_order(squad).value();
    REQUIRE(issued.active);

    CHECK(world.report_to_squad(a.entity(), built.finish, 99).status() ==
          MOTIVE_STATUS_INVALID_ARGUMENT);
    CHECK(world.report_to_squad(a.entity(), built.command, MOTIVE_REPORT_COMPLETED).status() ==
          MOTIVE_STATUS_NOT_FOUND); // not what it was recommended
    REQUIRE(world.report_to_squad(a.entity(), built.finish, MOTIVE_REPORT_COMPLETED).ok());
    motive::RosterEntry roster[4];
    auto entries = world.squad_roster(squad, roster).value();
    REQUIRE(entries.size() == 2);
    CHECK(entries[0].report == MOTIVE_REPORT_COMPLETED);
    CHECK(entries[1].report != MOTIVE_REPORT_COMPLETED);
    CHECK(world.squad_order(squad).value().active); // b is still awaited

    REQUIRE(world.report_to_squad(b.entity(), built.finish, MOTIVE_REPORT_FAILED).ok());
    REQUIRE(world.tick(0.1).ok());
    bool failed = false, member_failed = false;
    for (const motive::Event &e : world.poll_events(events).value()) {
        if (motive::Entity(e.npc) != squad.entity()) {
            continue;
        }
        failed = failed || (e.kind == MOTIVE_EVENT_KIND_ACTION_FAILED && e.request == issued.request);
        member_failed = member_failed || (e.kind == MOTIVE_EVENT_KIND_MEMBER_FAILED &&
                                          motive::Entity(e.target) == b.entity() &&
                                          e.outcome == built.finish);
    }
    CHECK(failed);
    CHECK(member_failed);
}

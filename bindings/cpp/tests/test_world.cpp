/*
 * The world through the wrapper: facts and positions, the clock, events drained through a
 * caller's span (a full span leaves the rest queued), list queries that report their size when
 * the buffer is too small, and collect() growing a reused vector.
 */
#include <doctest/doctest.h>

#include <vector>

#include "fixtures.hpp"
#include "motive.hpp"

TEST_CASE("facts keep their type; a wrong type is refused and changes nothing") {
    fixtures::Kitchen kitchen;
    const motive::AttributeId hunger = kitchen.domain.find_attribute("hunger").value();
    const motive::AttributeId at = kitchen.domain.find_attribute("at").value();
    REQUIRE(kitchen.world.set_fact(kitchen.cook.entity(), hunger, motive::Value::number(42)).ok());
    REQUIRE(kitchen.world.set_fact(kitchen.cook.entity(), at, motive::Value::entity(kitchen.stove.entity())).ok());
    CHECK(kitchen.world.fact(kitchen.cook.entity(), hunger).value().as_number() == 42.0);
    CHECK(kitchen.world.fact(kitchen.cook.entity(), at).value().as_entity() == kitchen.stove.entity());
    CHECK(kitchen.world.set_fact(kitchen.cook.entity(), hunger, motive::Value::boolean(true)).status() ==
          MOTIVE_STATUS_TYPE_MISMATCH);
    CHECK(kitchen.world.fact(kitchen.cook.entity(), hunger).value().type() == MOTIVE_VALUE_TYPE_NUMBER);
}

TEST_CASE("positions and the clock") {
    fixtures::Kitchen kitchen;
    REQUIRE(kitchen.world.set_entity_position(kitchen.table.entity(), {4, 0, 1}).ok());
    const motive::Vec3 p = kitchen.world.entity_position(kitchen.table.entity()).value();
    CHECK(p.x == 4.0f);
    CHECK(p.z == 1.0f);
    CHECK(kitchen.world.set_entity_position(kitchen.table.entity(), {0, 1.0f / 0.0f, 0}).status() ==
          MOTIVE_STATUS_INVALID_ARGUMENT);
    REQUIRE(kitchen.world.tick(0.25).ok());
    REQUIRE(kitchen.world.tick(0.25).ok());
    CHECK(kitchen.world.time().value() == doctest::Approx(0.5));
    CHECK(kitchen.world.seed().value() == 7);
    CHECK_FALSE(kitchen.world.is_poisoned());
}

TEST_CASE("polling fills at most the span; the rest stays queued, oldest first") {
    fixtures::Kitchen kitchen;
    REQUIRE(kitchen.world.think_now(kitchen.cook).ok());
    motive::Event all[64];
    // Count what one think queued without losing it: poll into a small span first.
    motive::Event one[1];
    auto first = kitchen.world.poll_events(one);
    REQUIRE(first.ok());
    REQUIRE(first.value().size() == 1);
    auto rest = kitchen.world.poll_events(all);
    REQUIRE(rest.ok());
    CHECK(rest.value().size() == rest.count());
    CHECK(one[0].kind == MOTIVE_EVENT_KIND_CLAIM_GRANTED);
    CHECK(kitchen.world.poll_events(all).value().empty());
}

TEST_CASE("a list query reports its size when the buffer is too small") {
    fixtures::Kitchen kitchen;
    REQUIRE(kitchen.world.think_now(kitchen.cook).ok());
    motive::DriveState one[1];
    auto drives = kitchen.world.npc_drives(kitchen.cook, one);
    CHECK(drives.status() == MOTIVE_STATUS_BUFFER_TOO_SMALL);
    CHECK(drives.count() == 2);
    motive::DriveState two[2];
    auto fits = kitchen.world.npc_drives(kitchen.cook, two);
    REQUIRE(fits.ok());
    CHECK(fits.value().size() == 2);
    CHECK(fits.value()[0].drive == kitchen.domain.find_drive("hunger").value());
}

TEST_CASE("collect grows a vector to the list and reuses it") {
    fixtures::Kitchen kitchen;
    REQUIRE(kitchen.world.think_now(kitchen.cook).ok());
    std::vector<motive::PlanStep> plan;
    auto read_plan = [&](motive::Span<motive::PlanStep> buffer) {
        return kitchen.world.npc_plan(kitchen.cook, buffer);
    };
    REQUIRE(motive::collect(plan, read_plan).ok());
    REQUIRE(plan.size() >= 2);
    CHECK(plan.front().action == kitchen.domain.find_action("goto").value());
    const std::size_t capacity = plan.capacity();
    const motive::PlanStep *storage = plan.data();
    REQUIRE(motive::collect(plan, read_plan).ok());
    CHECK(plan.capacity() == capacity);
    CHECK(plan.data() == storage);
    REQUIRE(kitchen.world.destroy_npc(kitchen.cook).ok());
    CHECK(motive::collect(plan, read_plan).status() == MOTIVE_STATUS_STALE_HANDLE);
    CHECK(plan.empty());
}

TEST_CASE("explanations, goals, claims and the running action of a decision") {
    fixtures::Kitchen kitchen;
    CHECK(kitchen.world.npc_running_action(kitchen.cook).status() == MOTIVE_STATUS_NOT_FOUND);
    REQUIRE(kitchen.world.think_now(kitchen.cook).ok());
    const motive::Explanation why = kitchen.world.npc_explain(kitchen.cook).value();
    CHECK(why.result == MOTIVE_SEARCH_RESULT_FOUND);
    CHECK(why.candidate_count > 1);
    std::vector<motive::Candidate> candidates;
    REQUIRE(motive::collect(candidates, [&](motive::Span<motive::Candidate> b) {
                return kitchen.world.npc_explain_candidates(kitchen.cook, b);
            }).ok());
    CHECK(candidates.size() == why.candidate_count);
    std::vector<double> satisfactions;
    REQUIRE(motive::collect(satisfactions, [&](motive::Span<double> b) {
                return kitchen.world.npc_explain_satisfactions(kitchen.cook, b);
            }).ok());
    CHECK(satisfactions.size() == std::size_t{why.candidate_count} * why.drive_count);
    std::vector<motive::GoalState> goals;
    REQUIRE(motive::collect(goals, [&](motive::Span<motive::GoalState> b) {
                return kitchen.world.npc_goals(kitchen.cook, b);
            }).ok());
    CHECK_FALSE(goals.empty());
    const motive::CurrentGoal goal = kitchen.world.npc_current_goal(kitchen.cook).value();
    CHECK(goal.after > goal.before);
    std::vector<motive::Claim> claims;
    REQUIRE(motive::collect(claims, [&](motive::Span<motive::Claim> b) {
                return kitchen.world.npc_claims(kitchen.cook, b);
            }).ok());
    REQUIRE(claims.size() == 1);
    CHECK(motive::Entity(claims[0].object) == kitchen.stove.entity());
    std::vector<motive::SlotState> slots;
    REQUIRE(motive::collect(slots, [&](motive::Span<motive::SlotState> b) {
                return kitchen.world.entity_slots(kitchen.stove.entity(), b);
            }).ok());
    CHECK(motive::Npc(slots[0].holder) == kitchen.cook);
    const motive::RunningAction running = kitchen.world.npc_running_action(kitchen.cook).value();
    CHECK(running.action == kitchen.domain.find_action("goto").value());
    CHECK(motive::Entity(running.target) == kitchen.stove.entity());
}

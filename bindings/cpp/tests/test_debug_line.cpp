/*
 * The debug line of an NPC: idle, its current step and what follows by name, ids where names
 * are unknown, and a failed query described rather than hidden.
 */
#include <doctest/doctest.h>

#include <string>

#include "fixtures.hpp"
#include "motive.hpp"
#include "motive_action_names.hpp"
#include "motive_debug_line.hpp"

TEST_CASE("a debug line says idle, then the plan's current step and the next") {
    fixtures::Kitchen kitchen;
    const std::string json = fixtures::read_file(MOTIVE_TEST_DATA "/kitchen.json");
    const motive::ActionNames names = motive::ActionNames::from_document(kitchen.domain, json);
    motive::DebugLine line;
    CHECK(line.describe(kitchen.world, kitchen.cook, names) == "idle");
    REQUIRE(kitchen.world.think_now(kitchen.cook).ok());
    motive::PlanStep steps[8];
    const auto plan = kitchen.world.npc_plan(kitchen.cook, steps).value();
    REQUIRE(plan.size() >= 2);
    std::string expected = "goto -> entity " + std::to_string(kitchen.stove.raw().index1) +
                           ", then " + std::string(names.name(plan[1].action));
    if (plan.size() > 2) {
        expected += " (+" + std::to_string(plan.size() - 2) + " more)";
    }
    CHECK(line.describe(kitchen.world, kitchen.cook, names) == expected);
}

TEST_CASE("without names a debug line shows action ids") {
    fixtures::Kitchen kitchen;
    REQUIRE(kitchen.world.think_now(kitchen.cook).ok());
    motive::DebugLine line;
    const std::string text(line.describe(kitchen.world, kitchen.cook, motive::ActionNames()));
    CHECK(text.rfind("action 0 -> entity ", 0) == 0);
    CHECK(text.find(", then action 1") != std::string::npos);
}

TEST_CASE("a debug line of a destroyed NPC names the failure") {
    fixtures::Kitchen kitchen;
    REQUIRE(kitchen.world.destroy_npc(kitchen.cook).ok());
    motive::DebugLine line;
    CHECK(line.describe(kitchen.world, kitchen.cook, motive::ActionNames()) ==
          "(npc: MOTIVE_STATUS_STALE_HANDLE)");
}

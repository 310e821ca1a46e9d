/*
 * Planning into caller arenas: a UDGOAP plan as a view that leaves the NPC unchanged, a GOAP
 * search sliced across calls (IN_PROGRESS is not a failure), the one-call GOAP plan, and the
 * engine's context callback given as a C++ callable.
 */
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "fixtures.hpp"
#include "motive.hpp"

TEST_CASE("a plan into an arena is a view that leaves the NPC as it was") {
    fixtures::Kitchen kitchen;
    auto arena = motive::Arena::create(4096).value();
    auto view = kitchen.world.npc_plan_into(kitchen.cook, arena);
    REQUIRE(view.ok());
    CHECK(view.value().result() == MOTIVE_SEARCH_RESULT_FOUND);
    REQUIRE(view.value().steps().size() >= 2);
    CHECK(view.value().steps()[0].action == kitchen.domain.find_action("goto").value());
    CHECK(view.value().expanded() > 0);
    CHECK(arena.allocated_bytes().value() > 0);
    motive::PlanStep own[8];
    CHECK(kitchen.world.npc_plan(kitchen.cook, own).value().empty());
    CHECK(arena.reset().ok());
}

TEST_CASE("a GOAP search runs in slices; IN_PROGRESS is ok and not the end") {
    fixtures::Kitchen kitchen;
    const motive::GoapGoalId fed = kitchen.domain.find_goap_goal("be_fed").value();
    auto arena = motive::Arena::create().value();
    REQUIRE(arena.goap_begin(kitchen.world, kitchen.diner, fed).ok());
    auto step = arena.goap_step(1);
    REQUIRE(step.ok());
    CHECK(step.status() == MOTIVE_STATUS_IN_PROGRESS);
    CHECK(step.value() == MOTIVE_SEARCH_RESULT_IN_PROGRESS);
    auto rest = arena.goap_step();
    REQUIRE(rest.ok());
    CHECK(rest.status() == MOTIVE_STATUS_OK);
    CHECK(rest.value() == MOTIVE_SEARCH_RESULT_FOUND);
    const motive::GoapPlanView sliced = arena.goap_plan().value();
    REQUIRE_FALSE(sliced.steps().empty());
    CHECK(sliced.cost() > 0.0);

    auto again = motive::Arena::create().value();
    const motive::GoapPlanView whole = kitchen.world.goap_plan_into(kitchen.diner, fed, again).value();
    REQUIRE(whole.steps().size() == sliced.steps().size());
    for (std::size_t i = 0; i < whole.steps().size(); ++i) {
        CHECK(whole.steps()[i].action == sliced.steps()[i].action);
    }
    CHECK(whole.cost() == sliced.cost());
    CHECK(arena.goap_begin(kitchen.world, kitchen.cook, 99).status() == MOTIVE_STATUS_NOT_FOUND);
}

TEST_CASE("a C++ callable serves as the context callback") {
    // The kitchen with cook asking the engine before it is used.
    std::string json = fixtures::read_file(MOTIVE_TEST_DATA "/kitchen.json");
    const std::string cook_action = R"({ "name": "cook",)";
    REQUIRE(json.find(cook_action) != std::string::npos);
    json.replace(json.find(cook_action), cook_action.size(), cook_action + R"( "engine_check": true,)");
    const motive::Domain domain = motive::Domain::load_json(json).value();
    auto world = motive::World::create(domain).value();
    const motive::Npc diner = world.spawn_npc(domain.find_archetype("diner").value(), {2, 0, 2}).value();
    (void)world.spawn_object(domain.find_archetype("stove").value(), {0, 0, 0}).value();
    (void)world.spawn_object(domain.find_archetype("table").value(), {3, 0, 0}).value();
    const motive::ActionId cook = domain.find_action("cook").value();
    const motive::GoapGoalId fed = domain.find_goap_goal("be_fed").value();

    std::vector<motive::ActionId> asked;
    auto no_cooking = [&](motive::Npc npc, motive::ActionId action, motive::Entity) {
        CHECK(npc == diner);
        asked.push_back(action);
        return action != cook;
    };
    REQUIRE(world.set_context_callback(&no_cooking).ok());
    auto arena = motive::Arena::create().value();
    auto planned = world.goap_plan_into(diner, fed, arena);
    REQUIRE(planned.ok());
    CHECK(planned.value().steps().empty());
    CHECK(planned.value().result() == MOTIVE_SEARCH_RESULT_EXHAUSTED);
    CHECK(std::find(asked.begin(), asked.end(), cook) != asked.end());
    REQUIRE(world.set_context_callback(nullptr, nullptr).ok());
    CHECK_FALSE(world.goap_plan_into(diner, fed, arena).value().steps().empty());
}

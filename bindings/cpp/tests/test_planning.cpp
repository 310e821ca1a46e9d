/*
 * Planning into caller arenas: a UDGOAP plan as a view that leaves the NPC unchanged, a GOAP
 * search sliced across calls (IN_PROGRESS is not a failure) that finds what the one-call plan
 * finds, the engine's context callback given as a C++ callable, and a GOAP binding kept in the
 * NPC's own arena, adjusted or bound again as the facts it read change.
 */
#include <doctest/doctest.h>

#include <algorithm>
#include <utility>
#include <string>
#include <vector>

#include "fixtures.hpp"
#include "motive.hpp"

namespace {

bool same_steps(motive::Span<const motive::PlanStep> a, motive::Span<const motive::PlanStep> b) {
    if (a.size() != b.size()) {
        return false;
    }
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i].action != b[i].action || motive::Entity(a[i].target) != motive::Entity(b[i].target)) {
            return false;
        }
    }
    return true;
}

} // namespace

TEST_CASE("a plan into an arena is a view that leaves the NPC as it was") {
    fixtures::Kitchen kitchen;
    REQUIRE(kitchen.world.think_now(kitchen.cook).ok());
    motive::PlanStep before[8];
    const auto own_before = kitchen.world.npc_plan(kitchen.cook, before).value();
    auto arena = motive::Arena::create(4096).value();
    auto view = kitchen.world.npc_plan_into(kitchen.cook, arena);
    REQUIRE(view.ok());
    CHECK(view.value().result() == MOTIVE_SEARCH_RESULT_FOUND);
    CHECK(view.value().expanded() > 0);
    CHECK(same_steps(view.value().steps(), own_before));
    CHECK(arena.allocated_bytes().value() > 0);
    motive::PlanStep after[8];
    CHECK(same_steps(kitchen.world.npc_plan(kitchen.cook, after).value(), own_before));
    CHECK(arena.reset().ok());
}

TEST_CASE("a GOAP search runs in slices; IN_PROGRESS is ok and not the end") {
    fixtures::Pirates pirates;
    motive::World &world = pirates.run.world;
    auto arena = motive::Arena::create().value();
    REQUIRE(arena.goap_begin(world, pirates.jim, pirates.get_drunk).ok());
    auto step = arena.goap_step(1);
    REQUIRE(step.ok());
    CHECK(step.status() == MOTIVE_STATUS_IN_PROGRESS);
    CHECK(step.value() == MOTIVE_SEARCH_RESULT_IN_PROGRESS);
    auto rest = arena.goap_step();
    REQUIRE(rest.ok());
    CHECK(rest.status() == MOTIVE_STATUS_OK);
    CHECK(rest.value() == MOTIVE_SEARCH_RESULT_FOUND);
    const motive::GoapPlanView sliced = arena.goap_plan().value();
    REQUIRE(sliced.steps().size() >= 2);
    CHECK(sliced.cost() > 0.0);

    auto again = motive::Arena::create().value();
    const motive::GoapPlanView whole =
        world.goap_plan_into(pirates.jim, pirates.get_drunk, again).value();
    REQUIRE(whole.steps().size() == sliced.steps().size());
    for (std::size_t i = 0; i < whole.steps().size(); ++i) {
        CHECK(whole.steps()[i].action == sliced.steps()[i].action);
    }
    CHECK(whole.cost() == sliced.cost());
    CHECK(arena.goap_begin(world, pirates.jim, 99).status() == MOTIVE_STATUS_NOT_FOUND);
}

TEST_CASE("a C++ callable serves as the context callback") {
    // The pirates, with jim's two ways to rum (buying it, brewing his molasses) asking first.
    std::string json = fixtures::read_file(MOTIVE_SCENARIOS "/pirate.json");
    for (const std::string action : {R"("name": "buy_rum",)", R"("name": "collect_molasses",)"}) {
        const std::size_t at = json.find(action);
        REQUIRE(at != std::string::npos);
        json.insert(at + action.size(), R"( "engine_check": true,)");
    }
    fixtures::Pirates pirates(json);
    motive::World &world = pirates.run.world;
    const motive::ActionId buy = pirates.domain.find_action("buy_rum").value();
    const motive::ActionId collect = pirates.domain.find_action("collect_molasses").value();

    std::vector<motive::ActionId> asked;
    auto sober = [&](motive::Npc npc, motive::ActionId action, motive::Entity) {
        CHECK(npc == pirates.jim);
        asked.push_back(action);
        return false;
    };
    REQUIRE(world.set_context_callback(&sober).ok());
    auto arena = motive::Arena::create().value();
    auto planned = world.goap_plan_into(pirates.jim, pirates.get_drunk, arena);
    REQUIRE(planned.ok());
    CHECK(planned.value().steps().empty());
    CHECK(planned.value().result() == MOTIVE_SEARCH_RESULT_EXHAUSTED);
    CHECK(std::count(asked.begin(), asked.end(), buy) == 1);
    CHECK(std::count(asked.begin(), asked.end(), collect) == 1);
    CHECK(asked.size() == 2);
    REQUIRE(world.set_context_callback(nullptr, nullptr).ok());
    CHECK_FALSE(world.goap_plan_into(pirates.jim, pirates.get_drunk, arena).value().steps().empty());
    // A binding that asked the callback was not kept; without it, the next plan for jim keeps
    // the binding.
    CHECK_FALSE(world.goap_plan_into(pirates.jim, pirates.get_drunk, arena).value().steps().empty());
    const motive_goap_bind_stats stats = arena.goap_bind_stats().value();
    CHECK(stats.bound == 2);
    CHECK(stats.adjusted == 0);
    CHECK(stats.kept == 1);
}

TEST_CASE("a GOAP binding kept in the NPC's own arena follows the facts that change") {
    // src/sim/looting.json: a looter wants 10 gold; each chest holds 2, one unit further
    // along x than the last, and looting costs 1 plus 0.5 per unit walked.
    motive::Domain domain = motive::Domain::load_file(MOTIVE_TEST_DATA "/../../src/sim/looting.json").value();
    motive::World world = motive::World::create(domain).value();
    const motive::Npc looter =
        world.spawn_npc(domain.find_archetype("looter").value(), {0.0f, 0.0f, 0.0f}).value();
    std::vector<motive::Entity> chests;
    for (int i = 0; i < 4; ++i) {
        const motive::Vec3 at{1.0f + static_cast<float>(i), 0.0f, 0.0f};
        chests.push_back(world.spawn_object(domain.find_archetype("chest").value(), at).value().entity());
    }
    const motive::GoapGoalId rich = domain.find_goap_goal("rich").value();
    const motive::AttributeId gold = domain.find_attribute("gold").value();
    const motive::AttributeId locked = domain.find_attribute("locked").value();
    auto own = motive::Arena::create().value();
    motive_goap_bind_stats last{};
    // Plans in the looter's own arena and in a fresh one; returns the own plan's cost and how
    // many of its steps loot the nearest chest, checks both plans agree, and counts what the
    // own arena did since the last call into `came`.
    auto plan = [&](motive_goap_bind_stats &came) {
        REQUIRE(own.reset().ok());
        const motive::GoapPlanView mine = world.goap_plan_into(looter, rich, own).value();
        auto fresh_arena = motive::Arena::create().value();
        const motive::GoapPlanView fresh = world.goap_plan_into(looter, rich, fresh_arena).value();
        REQUIRE(mine.result() == MOTIVE_SEARCH_RESULT_FOUND);
        REQUIRE(mine.steps().size() == fresh.steps().size());
        CHECK(mine.cost() == fresh.cost());
        std::size_t nearest = 0;
        for (std::size_t i = 0; i < mine.steps().size(); ++i) {
            CHECK(motive::Entity(mine.steps()[i].target) == motive::Entity(fresh.steps()[i].target));
            nearest += motive::Entity(mine.steps()[i].target) == chests[0];
        }
        const motive_goap_bind_stats now = own.goap_bind_stats().value();
        came = {now.bound - last.bound, now.adjusted - last.adjusted, now.kept - last.kept};
        last = now;
        return std::make_pair(mine.cost(), nearest);
    };
    motive_goap_bind_stats came{};
    CHECK(plan(came) == std::make_pair(7.5, std::size_t{5}));
    CHECK((came.bound == 1 && came.adjusted == 0 && came.kept == 0));
    CHECK(plan(came) == std::make_pair(7.5, std::size_t{5}));
    CHECK((came.bound == 0 && came.adjusted == 0 && came.kept == 1));
    // Gold read by binding changed, its step binds as before: adjusted, not bound again.
    REQUIRE(world.set_fact(chests[0], gold, motive::Value::number(8.0)).ok());
    CHECK(plan(came) == std::make_pair(3.0, std::size_t{2}));
    CHECK((came.bound == 0 && came.adjusted == 1 && came.kept == 0));
    // Locked, the nearest chest offers no step: bound again, the next chest five times.
    REQUIRE(world.set_fact(chests[0], locked, motive::Value::boolean(true)).ok());
    CHECK(plan(came) == std::make_pair(10.0, std::size_t{0}));
    CHECK((came.bound == 1 && came.adjusted == 0 && came.kept == 0));
}

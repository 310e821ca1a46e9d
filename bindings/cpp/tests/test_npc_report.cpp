/*
 * The NPC report a debugger shows, one per brain from the shipped scenarios: the household's
 * resident (UDGOAP: drives, goals, the decision and its best candidates), Pittman's pirates
 * (GOAP: goal relevance, the costed plan) and Ocio's guards (behaviour trees: layers, running
 * paths, hints received). Names come from the document and the scenario; without them, ids.
 */
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "fixtures.hpp"
#include "motive.hpp"
#include "motive_domain_names.hpp"
#include "motive_npc_report.hpp"

namespace {

// A scenario instantiated (one copy) and run, with its names.
struct Run {
    Run(const std::string &file, const char *variant, double seconds)
        : json(fixtures::read_file(std::string(MOTIVE_SCENARIOS) + "/" + file)) {
        const motive::Scenario scenario = motive::Scenario::load_json(json).value();
        domain = scenario.domain().value();
        names = motive::DomainNames::from_domain(domain);
        run = scenario.instantiate(variant, 1, scenario.seed().value_or(3)).value();
        REQUIRE(run.sim.run(run.world, seconds).ok());
    }

    motive::NpcReport report(std::size_t max_candidates = 8) const {
        return motive::NpcReport(
            names, [this](motive::Entity entity) { return run.sim.entity_name(entity).value_or(std::string()); },
            max_candidates);
    }

    motive::Npc npc(const std::string &name) const {
        motive_entity entities[64];
        for (const motive::Entity entity : run.sim.entities(entities).value()) {
            if (run.sim.entity_name(entity).value_or(std::string()) == name) {
                return entity.as_npc();
            }
        }
        FAIL("no NPC " << name);
        return motive::Npc();
    }

    std::string json;
    motive::Domain domain;
    motive::DomainNames names;
    motive::Instance run;
};

bool starts_with(const std::string &text, const std::string &prefix) { return text.rfind(prefix, 0) == 0; }

// The report's line starting with `prefix` (empty when there is none).
std::string line_of(const std::vector<std::string> &lines, const std::string &prefix) {
    for (const std::string &line : lines) {
        if (starts_with(line, prefix)) {
            return line;
        }
    }
    return std::string();
}

// "a(x) -> b(y)" from the world's own plan query, named as the report should name it.
std::string expected_steps(const Run &run, motive::Npc npc) {
    motive::PlanStep steps[MOTIVE_MAX_PLAN_DEPTH];
    std::string text;
    for (const motive::PlanStep &step : run.run.world.npc_plan(npc, steps).value()) {
        text += (text.empty() ? "" : " -> ") + std::string(run.names.name(motive::NameKind::action, step.action)) +
                "(" + run.run.sim.entity_name(step.target).value() + ")";
    }
    return text;
}

} // namespace

TEST_CASE("a UDGOAP resident's report: drives, goals, plan, decision and best candidates") {
    Run household("household.json", nullptr, 3.0);
    const motive::Npc resident = household.npc("resident");
    // A fresh think: the chosen candidate is then the plan itself.
    REQUIRE(household.run.world.think_now(resident).ok());
    const std::vector<std::string> lines = household.report().lines(household.run.world, resident);
    REQUIRE(!lines.empty());
    CHECK(lines[0] == "brain: UDGOAP");
    const std::string drives = line_of(lines, "drives: ");
    for (const char *drive : {"entertainment ", "energy ", "hunger ", "comfort ", "hygiene ", "bladder ", "social "}) {
        CHECK(drives.find(drive) != std::string::npos);
    }
    CHECK(starts_with(line_of(lines, "goals: "), "goals: maximize_entertainment "));
    const std::string steps = expected_steps(household, resident);
    REQUIRE(!steps.empty());
    CHECK(line_of(lines, "plan: ") == "plan: " + steps);
    CHECK(starts_with(line_of(lines, "running: "), "running: "));
    CHECK(line_of(lines, "decision at ").find("(UDGOAP): found; ") != std::string::npos);
    const std::string goal = line_of(lines, "for goal maximize_");
    CHECK(goal.find(" (drive ") != std::string::npos);
    const std::string header = line_of(lines, "candidates (best ");
    REQUIRE(!header.empty());
    const auto at = std::find(lines.begin(), lines.end(), header);
    REQUIRE(at + 1 != lines.end());
    // The chosen candidate comes first, with the whole plan it stands for.
    CHECK(starts_with(*(at + 1), "  *#"));
    CHECK((at + 1)->find(" " + steps + ": utility ") != std::string::npos);
    CHECK(std::count_if(lines.begin(), lines.end(), [](const std::string &l) { return starts_with(l, "   #"); }) == 7);
    // No definition shows as an id: the document names them all.
    for (const std::string &line : lines) {
        CHECK(line.find("action ") == std::string::npos);
        CHECK(line.find("drive 0") == std::string::npos);
    }

    const std::vector<std::string> fewer = household.report(2).lines(household.run.world, resident);
    CHECK(starts_with(line_of(fewer, "candidates "), "candidates (best 2 of "));

    const auto drive_list = household.report().drives(household.run.world, resident).value();
    REQUIRE(drive_list.size() == 7);
    CHECK(drive_list[0].name == "entertainment");
    CHECK_FALSE(drive_list[0].external);
    const auto plan = household.report().plan(household.run.world, resident).value();
    REQUIRE(!plan.empty());
    CHECK(plan[0].action_name == household.names.name(motive::NameKind::action, plan[0].action));
    CHECK(plan[0].target_name == household.run.sim.entity_name(plan[0].target).value());
}

TEST_CASE("a GOAP pirate's report: goal relevance, the costed plan and the decision") {
    Run pirates("pirate.json", nullptr, 3.0);
    const motive::Npc jim = pirates.npc("jim");
    const std::vector<std::string> lines = pirates.report().lines(pirates.run.world, jim);
    REQUIRE(!lines.empty());
    CHECK(lines[0] == "brain: GOAP");
    const motive::GoapDecision decision = pirates.run.world.npc_goap_decision(jim).value();
    char cost[32];
    std::snprintf(cost, sizeof cost, "%.2f", decision.cost);
    const std::string steps = expected_steps(pirates, jim);
    CHECK(line_of(lines, "plan ") == "plan (cost " + std::string(cost) + "): " + steps);
    CHECK(steps.find("goto(docks) -> work(docks)") != std::string::npos);
    CHECK(line_of(lines, "goals: ") == "goals: get_drunk relevance 1.00");
    CHECK(line_of(lines, "decision at ").find("(GOAP): found; goal get_drunk, cost " + std::string(cost) + ", 1 goals tried") !=
          std::string::npos);
    CHECK(line_of(lines, "drives: ").empty());
    CHECK(line_of(lines, "layers ").empty());
}

TEST_CASE("a guard's report: its layers, each one's running path and the hints it receives") {
    Run kamikaze("guard_hebt.json", "kamikaze", 1.0);
    const motive::Npc hurt = kamikaze.npc("hurt_guard");
    const std::vector<std::string> lines = kamikaze.report().lines(kamikaze.run.world, hurt);
    REQUIRE(!lines.empty());
    CHECK(lines[0] == "brain: behaviour tree");
    CHECK(line_of(lines, "layers ") == "layers (highest first): kamikaze, guard");
    CHECK(starts_with(line_of(lines, "layer 0 "), "layer 0 kamikaze: running 0"));
    std::uint32_t path[16];
    std::string running;
    for (const std::uint32_t node : kamikaze.run.world.npc_bt_running(hurt, 1, path).value()) {
        running += (running.empty() ? " " : " > ") + std::to_string(node);
    }
    CHECK(line_of(lines, "layer 1 ") == "layer 1 guard: running" + running + "; hints: COVER-");
    CHECK(line_of(lines, "plan: ") == "plan: " + expected_steps(kamikaze, hurt));
    CHECK(line_of(lines, "decision").empty());

    Run coward("guard_hebt.json", "coward", 1.0);
    const std::vector<std::string> brave = coward.report().lines(coward.run.world, coward.npc("guard"));
    CHECK(line_of(brave, "layers ") == "layers (highest first): coward, guard");
    CHECK(line_of(brave, "layer 1 ").find("; hints: COVER+") != std::string::npos);
    CHECK(line_of(brave, "layer 0 ").find("hints") == std::string::npos);
}

TEST_CASE("without names a report shows ids; a failed query shows itself") {
    Run kamikaze("guard_hebt.json", "kamikaze", 1.0);
    const motive::Npc hurt = kamikaze.npc("hurt_guard");
    const motive::DomainNames none;
    const std::vector<std::string> lines = motive::NpcReport(none).lines(kamikaze.run.world, hurt);
    CHECK(line_of(lines, "layers ") == "layers (highest first): tree " +
                                           std::to_string(kamikaze.domain.find_bt_tree("kamikaze").value()) + ", tree " +
                                           std::to_string(kamikaze.domain.find_bt_tree("guard").value()));
    // Hints are listed from the names: without them none is.
    CHECK(line_of(lines, "layer 1 ").find("hints") == std::string::npos);
    const std::string plan = line_of(lines, "plan: ");
    CHECK(plan.find("(entity ") != std::string::npos);
    CHECK(plan.find("action ") != std::string::npos);

    fixtures::Kitchen kitchen;
    const motive::Npc mindless = kitchen.world.create_npc().value();
    CHECK(motive::NpcReport(none).lines(kitchen.world, mindless) ==
          std::vector<std::string>{"brain: none (an NPC without an archetype's mind)"});
    CHECK(motive::NpcReport::brain(kitchen.world, kitchen.cook) == motive::Brain::udgoap);
    CHECK(motive::NpcReport::brain(kitchen.world, kitchen.diner) == motive::Brain::goap);
    // Before their first think: drives (unnamed here), no plan, no decision.
    const std::vector<std::string> unthinking = motive::NpcReport(none).lines(kitchen.world, kitchen.cook);
    REQUIRE(unthinking.size() == 4);
    CHECK(unthinking[0] == "brain: UDGOAP");
    CHECK(starts_with(unthinking[1], "drives: drive 0 "));
    CHECK(unthinking[2] == "plan: none");
    CHECK(unthinking[3] == "decision: none yet");
    CHECK(line_of(motive::NpcReport(none).lines(kitchen.world, kitchen.diner), "decision") == "decision: none yet");
    REQUIRE(kitchen.world.destroy_npc(kitchen.cook).ok());
    CHECK(motive::NpcReport(none).lines(kitchen.world, kitchen.cook) ==
          std::vector<std::string>{"(npc: MOTIVE_STATUS_STALE_HANDLE)"});
    CHECK(motive::NpcReport(none).drives(kitchen.world, kitchen.cook).status() == MOTIVE_STATUS_STALE_HANDLE);
}

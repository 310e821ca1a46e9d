/*
 * Scenarios and the simulator through the wrapper. The household run of
 * tests/data/household_run.golden (written by the Rust simulator, tests/sim_golden.rs) is
 * reproduced line for line: the same statistics and every resident's drive satisfactions bit
 * for bit. Also: names of the spawned entities, variants, and bad scenarios.
 */
#include <doctest/doctest.h>

#include <cinttypes>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include "fixtures.hpp"
#include "motive.hpp"

namespace {

// The golden file's run parameters and its result lines (`stat ...`, `drive ...`).
struct Golden {
    std::string scenario;
    std::string variant;
    std::uint32_t copies = 0;
    std::uint64_t seed = 0;
    double seconds = 0;
    std::vector<std::string> lines;
};

Golden read_golden(const std::string &path) {
    Golden golden;
    std::istringstream in(fixtures::read_file(path));
    for (std::string line; std::getline(in, line);) {
        std::istringstream words(line);
        std::string key;
        words >> key;
        if (key.empty() || key[0] == '#') {
            continue;
        } else if (key == "scenario") {
            words >> golden.scenario;
        } else if (key == "variant") {
            words >> golden.variant;
        } else if (key == "copies") {
            words >> golden.copies;
        } else if (key == "seed") {
            words >> golden.seed;
        } else if (key == "seconds") {
            words >> golden.seconds;
        } else {
            golden.lines.push_back(line);
        }
    }
    return golden;
}

std::string line(const char *format, ...) __attribute__((format(printf, 1, 2)));

std::string line(const char *format, ...) {
    char text[160];
    va_list args;
    va_start(args, format);
    std::vsnprintf(text, sizeof text, format, args);
    va_end(args);
    return text;
}

// The same lines for a run made through the wrapper.
std::vector<std::string> run_lines(const motive::Sim &sim, const motive::World &world) {
    std::vector<std::string> lines;
    const motive::SimStats s = sim.stats().value();
    const std::pair<const char *, std::uint64_t> stats[] = {
        {"ticks", s.ticks},
        {"decisions", s.decisions},
        {"plans_adopted", s.plans_adopted},
        {"actions_requested", s.actions_requested},
        {"actions_performed", s.actions_performed},
        {"actions_failed", s.actions_failed},
        {"needs_satisfied", s.needs_satisfied},
        {"spawned", s.spawned}};
    for (const auto &[name, value] : stats) {
        lines.push_back(line("stat %s %" PRIu64, name, value));
    }
    std::vector<motive_entity> entities;
    REQUIRE(motive::collect(entities, [&](motive::Span<motive_entity> b) { return sim.entities(b); }).ok());
    std::vector<motive::DriveState> drives;
    for (const motive::Entity entity : entities) {
        if (world.entity_kind(entity).value_or(MOTIVE_ENTITY_KIND_OBJECT) != MOTIVE_ENTITY_KIND_NPC) {
            continue;
        }
        REQUIRE(motive::collect(drives, [&](motive::Span<motive::DriveState> b) {
                    return world.npc_drives(entity.as_npc(), b);
                }).ok());
        const std::string name = sim.entity_name(entity).value();
        for (std::size_t i = 0; i < drives.size(); ++i) {
            std::uint64_t bits;
            std::memcpy(&bits, &drives[i].satisfaction, sizeof bits);
            lines.push_back(line("drive %s %zu 0x%016" PRIx64, name.c_str(), i, bits));
        }
    }
    return lines;
}

} // namespace

TEST_CASE("the household run matches the Rust run for the same seed, bit for bit") {
    const Golden golden = read_golden(MOTIVE_TEST_DATA "/household_run.golden");
    REQUIRE(golden.scenario == "household.json");
    REQUIRE(golden.lines.size() > 8);
    const std::string path = std::string(MOTIVE_SCENARIOS) + "/" + golden.scenario;
    const motive::Scenario scenario = motive::Scenario::load_file(path).value();
    const char *variant = golden.variant == "-" ? nullptr : golden.variant.c_str();
    motive::Instance run = scenario.instantiate(variant, golden.copies, golden.seed).value();
    REQUIRE(run.sim.run(run.world, golden.seconds).ok());
    const std::vector<std::string> lines = run_lines(run.sim, run.world);
    REQUIRE(lines.size() == golden.lines.size());
    for (std::size_t i = 0; i < lines.size(); ++i) {
        CHECK(lines[i] == golden.lines[i]);
    }
}

TEST_CASE("a scenario gives its domain, seed, step length and entity names") {
    const motive::Scenario scenario =
        motive::Scenario::load_file(MOTIVE_TEST_DATA "/kitchen_scenario.json").value();
    CHECK(scenario.seed().value() == 7);
    const motive::Domain domain = scenario.domain().value();
    CHECK(domain.find_action("cook").value() == 1);
    motive::Instance run = scenario.instantiate(nullptr, 2, 7).value();
    CHECK(run.sim.step_length().value() == doctest::Approx(0.1));
    motive_entity entities[16];
    auto spawned = run.sim.entities(entities);
    REQUIRE(spawned.ok());
    REQUIRE(spawned.value().size() == 12);
    CHECK(run.sim.entity_name(spawned.value()[0]).value() == "stove");
    CHECK(run.sim.entity_name(spawned.value()[6]).value() == "stove@2");
    CHECK(run.sim.step(run.world, 0.1).ok());
    CHECK(run.sim.stats().value().ticks == 1);
    fixtures::Kitchen elsewhere;
    CHECK(run.sim.entity_name(elsewhere.cook.entity()).status() != MOTIVE_STATUS_OK);
    CHECK(run.sim.step(elsewhere.world, 0.1).status() == MOTIVE_STATUS_INVALID_ARGUMENT);
}

TEST_CASE("variants swap archetypes; an unknown variant names the known ones") {
    const motive::Scenario scenario =
        motive::Scenario::load_file(MOTIVE_TEST_DATA "/kitchen_scenario.json").value();
    CHECK(scenario.instantiate("diners", 1, 1).ok());
    auto unknown = scenario.instantiate("chefs", 1, 1);
    CHECK(unknown.status() == MOTIVE_STATUS_INVALID_ARGUMENT);
    CHECK(unknown.message().find("diners") != std::string::npos);
}

TEST_CASE("a bad scenario is a parse error with diagnostics") {
    auto diagnostics = motive::Diagnostics::create().value();
    auto bad = motive::Scenario::load_json(R"({ "domain": "nowhere.json", "entitties": [] })", &diagnostics);
    CHECK(bad.status() == MOTIVE_STATUS_PARSE_ERROR);
    CHECK(diagnostics.count() >= 1);
}

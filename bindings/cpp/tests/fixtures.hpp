/*
 * What several C++ tests share: the test data folders (set by scripts/test-cpp), reading a
 * file, the kitchen (tests/data/kitchen.json) furnished by hand, and Pittman's pirates
 * (scenarios/pirate.json, GOAP) as their scenario places them.
 */
#ifndef MOTIVE_CPP_TEST_FIXTURES_HPP
#define MOTIVE_CPP_TEST_FIXTURES_HPP

#include <string>

#include "motive.hpp"

#ifndef MOTIVE_TEST_DATA
#error "MOTIVE_TEST_DATA must name the tests/data folder"
#endif
#ifndef MOTIVE_SCENARIOS
#error "MOTIVE_SCENARIOS must name the scenarios folder"
#endif

namespace fixtures {

/** The whole file at `path` (empty when it cannot be read). */
std::string read_file(const std::string &path);

/** The entity a scenario run's simulator names `name`; the null handle when there is none. */
motive::Entity named(const motive::Instance &run, const std::string &name);

/** The kitchen domain, loaded from tests/data/kitchen.json (aborts when it does not load). */
motive::Domain kitchen_domain();

/** A kitchen world: a UDGOAP cook and a GOAP diner, a stove, a table and a bed. */
struct Kitchen {
    /** Builds it (aborts when it cannot). */
    Kitchen();

    motive::Domain domain;
    motive::World world;
    motive::Npc cook;
    motive::Npc diner;
    motive::Object stove;
    motive::Object table;
    motive::Object bed;
};

/** The pirate scenario's world (one copy, its own seed), from the JSON text `json` (the
 * shipped file unless a test edits it). */
struct Pirates {
    /** Loads and instantiates it (aborts when it cannot). */
    explicit Pirates(const std::string &json = read_file(MOTIVE_SCENARIOS "/pirate.json"));

    motive::Domain domain;
    motive::Instance run;
    /** The lawful pirate, who works and buys his rum or brews it. */
    motive::Npc jim;
    /** His one GOAP goal. */
    motive::GoapGoalId get_drunk;
};

} // namespace fixtures

#endif

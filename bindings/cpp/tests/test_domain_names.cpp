/*
 * Definition names by id, asked of the domain: the household's drives, goals and actions, the
 * pirates' GOAP goal, the guards' trees and hints, each as the domain finds it, and a domain
 * built in code; labels fall back to the kind and id.
 */
#include <doctest/doctest.h>

#include <string>

#include "fixtures.hpp"
#include "motive.hpp"
#include "motive_domain_names.hpp"

namespace {

struct Named {
    std::string json;
    motive::Domain domain;
    motive::DomainNames names;
};

Named scenario_names(const std::string &file) {
    Named named;
    named.json = fixtures::read_file(std::string(MOTIVE_SCENARIOS) + "/" + file);
    named.domain = motive::Scenario::load_json(named.json).value().domain().value();
    named.names = motive::DomainNames::from_domain(named.domain);
    return named;
}

} // namespace

TEST_CASE("the household's drives, goals, actions and archetypes are named by id") {
    const Named household = scenario_names("household.json");
    const motive::DomainNames &names = household.names;
    CHECK(names.size(motive::NameKind::drive) == 7);
    CHECK(names.size(motive::NameKind::goal) == 7);
    CHECK(names.size(motive::NameKind::action) == 18);
    for (const char *drive : {"entertainment", "energy", "hunger", "comfort", "hygiene", "bladder", "social"}) {
        const motive::DriveId id = household.domain.find_drive(drive).value();
        CHECK(names.name(motive::NameKind::drive, id) == drive);
        CHECK(names.name(motive::NameKind::goal, household.domain.find_goal(std::string("maximize_") + drive).value()) ==
              std::string("maximize_") + drive);
        // The same word is an attribute too, under its own id.
        CHECK(names.name(motive::NameKind::attribute, household.domain.find_attribute(drive).value()) == drive);
    }
    CHECK(names.name(motive::NameKind::archetype, household.domain.find_archetype("resident").value()) == "resident");
    CHECK(names.name(motive::NameKind::action, household.domain.find_action("goto").value()) == "goto");
    // Nothing of a kind the domain lacks, and nothing past the known ids.
    CHECK(names.size(motive::NameKind::bt_tree) == 0);
    CHECK(names.size(motive::NameKind::hint) == 0);
    CHECK(names.name(motive::NameKind::drive, 7).empty());
    CHECK(names.name(motive::NameKind::drive, MOTIVE_NO_ID).empty());
}

TEST_CASE("GOAP goals, trees and hints are named; unknown ids get labels") {
    const Named pirates = scenario_names("pirate.json");
    CHECK(pirates.names.name(motive::NameKind::goap_goal, pirates.domain.find_goap_goal("get_drunk").value()) ==
          "get_drunk");
    const Named guards = scenario_names("guard_hebt.json");
    for (const char *tree : {"guard", "kamikaze", "coward", "disguise", "armed_guard"}) {
        CHECK(guards.names.name(motive::NameKind::bt_tree, guards.domain.find_bt_tree(tree).value()) == tree);
    }
    CHECK(guards.names.name(motive::NameKind::hint, guards.domain.find_hint("COVER").value()) == "COVER");
    CHECK(guards.names.name(motive::NameKind::hint, guards.domain.find_hint("PATROL").value()) == "PATROL");
    CHECK(guards.names.label(motive::NameKind::hint, guards.domain.find_hint("COVER").value()) == "COVER");
    CHECK(guards.names.label(motive::NameKind::goap_goal, 9) == "GOAP goal 9");
    CHECK(motive::DomainNames().label(motive::NameKind::drive, 3) == "drive 3");
    CHECK(motive::DomainNames().label(motive::NameKind::bt_tree, 0) == "tree 0");
}

TEST_CASE("a domain built in code is named too; an empty one names nothing") {
    motive::DomainBuilder builder = motive::DomainBuilder::create().value();
    const motive::AttributeId fuel = builder.add_attribute("fuel", MOTIVE_VALUE_TYPE_NUMBER).value();
    const motive::ActionId refuel = builder.add_action("refuel").value();
    const motive::ArchetypeId pump = builder.add_archetype("pump").value();
    REQUIRE(builder.add_supplied_action(pump, refuel).ok());
    const motive::Domain domain = builder.build().value();
    const motive::DomainNames names = motive::DomainNames::from_domain(domain);
    CHECK(names.name(motive::NameKind::attribute, fuel) == "fuel");
    CHECK(names.name(motive::NameKind::action, refuel) == "refuel");
    CHECK(names.name(motive::NameKind::archetype, pump) == "pump");
    CHECK(names.size(motive::NameKind::drive) == 0);

    const motive::DomainNames none = motive::DomainNames::from_domain(motive::Domain());
    for (std::size_t kind = 0; kind < motive::DomainNames::kind_count; ++kind) {
        CHECK(none.size(static_cast<motive::NameKind>(kind)) == 0);
    }
    CHECK(none.label(motive::NameKind::action, 2) == "action 2");
}

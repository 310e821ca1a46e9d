/*
 * Action names by id, learnt from a domain's document: every action of the kitchen and of the
 * household scenario (its domain inline) gets its own name, nothing else does, and escaped
 * literals are skipped.
 */
#include <doctest/doctest.h>

#include <string>

#include "fixtures.hpp"
#include "motive.hpp"
#include "motive_action_names.hpp"

TEST_CASE("the kitchen's actions get their names by id") {
    const std::string json = fixtures::read_file(MOTIVE_TEST_DATA "/kitchen.json");
    const motive::Domain domain = motive::Domain::load_json(json).value();
    const motive::ActionNames names = motive::ActionNames::from_document(domain, json);
    CHECK(names.size() == 5);
    CHECK(names.name(0) == "goto");
    CHECK(names.name(1) == "cook");
    CHECK(names.name(2) == "eat_meal");
    CHECK(names.name(3) == "nap");
    CHECK(names.name(4) == "idle");
    CHECK(names.name(5).empty());
    CHECK(names.name(MOTIVE_NO_ID).empty());
}

TEST_CASE("a scenario's inline domain names every action, each as the domain finds it") {
    const std::string json = fixtures::read_file(MOTIVE_SCENARIOS "/household.json");
    const std::string start = R"("domain": )";
    const std::size_t domain_at = json.find(start);
    REQUIRE(domain_at != std::string::npos);
    // The inline domain object, up to the scenario's next section.
    const std::size_t end = json.find("\n  },\n", domain_at);
    const std::string domain_json = json.substr(domain_at + start.size(), end + 4 - domain_at - start.size());
    const motive::Domain domain = motive::Domain::load_json(domain_json).value();
    const motive::ActionNames names = motive::ActionNames::from_document(domain, json);
    CHECK(names.size() == 18);
    for (motive::ActionId id = 0; id < names.size(); ++id) {
        REQUIRE_FALSE(names.name(id).empty());
        CHECK(domain.find_action(std::string(names.name(id))).value() == id);
    }
}

TEST_CASE("escaped literals and unterminated text are skipped") {
    const std::string json = fixtures::read_file(MOTIVE_TEST_DATA "/kitchen.json");
    const motive::Domain domain = motive::Domain::load_json(json).value();
    const motive::ActionNames names =
        motive::ActionNames::from_document(domain, R"(["co\"ok", "nap", "idle)");
    CHECK(names.name(1).empty());
    CHECK(names.name(3) == "nap");
    CHECK(names.name(4).empty());
}

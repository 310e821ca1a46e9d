/*
 * Facts as an engine states them: every value type (booleans, numbers, positions, entity
 * references to nobody, the entity itself or another entity by the engine's key), written at
 * once or kept until the referenced entity spawns; bad attributes and types refused with the
 * attribute named. The household's resident, spawned by its archetype and given its facts
 * this way, plans.
 */
#include <doctest/doctest.h>

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "fixtures.hpp"
#include "motive.hpp"
#include "motive_fact_spec.hpp"

namespace {

// The engine's keys for entities (actor ids in Unreal), resolved as the engine would.
struct Keys {
    std::map<std::uint64_t, motive::Entity> entities;
    motive::Entity operator()(std::uint64_t key) const {
        auto found = entities.find(key);
        return found == entities.end() ? motive::Entity() : found->second;
    }
};

// A domain with one attribute of each type, and a world of it.
const char *const every_type = R"({
  "name": "every_type",
  "attributes": [
    {"name": "flag", "type": "bool"},
    {"name": "count", "type": "number"},
    {"name": "target", "type": "entity"},
    {"name": "spot", "type": "position"}
  ]
})";

} // namespace

TEST_CASE("facts of every type are written through their specs") {
    const motive::Domain domain = motive::Domain::load_json(every_type).value();
    motive::World world = motive::World::create(domain).value();
    const motive::Entity crate = world.create_object().value().entity();
    const motive::Entity other = world.create_object().value().entity();
    Keys keys;
    keys.entities[7] = other;
    motive::FactSetter facts;
    const std::pair<const char *, motive::FactSpec> specs[] = {
        {"flag", motive::FactSpec::of_bool(true)},
        {"count", motive::FactSpec::of_number(3.5)},
        {"spot", motive::FactSpec::at({1, 2, 3})},
        {"target", motive::FactSpec::itself()},
    };
    for (const auto &[name, spec] : specs) {
        CHECK(facts.set(world, domain, crate, name, spec, keys).value() == motive::FactOutcome::set);
    }
    CHECK(world.fact(crate, domain.find_attribute("flag").value()).value().as_bool());
    CHECK(world.fact(crate, domain.find_attribute("count").value()).value().as_number() == 3.5);
    CHECK(world.fact(crate, domain.find_attribute("spot").value()).value().as_position().y == 2.0f);
    const motive::AttributeId target = domain.find_attribute("target").value();
    CHECK(world.fact(crate, target).value().as_entity() == crate);
    CHECK(facts.set(world, domain, crate, "target", motive::FactSpec::entity_of(7), keys).value() ==
          motive::FactOutcome::set);
    CHECK(world.fact(crate, target).value().as_entity() == other);
    CHECK(facts.set(world, domain, crate, "target", motive::FactSpec::no_entity(), keys).value() ==
          motive::FactOutcome::set);
    CHECK(world.fact(crate, target).value().as_entity().is_null());
    CHECK(facts.waiting().empty());
}

TEST_CASE("a reference waits for its entity and is written when it spawns") {
    const motive::Domain domain = motive::Domain::load_json(every_type).value();
    motive::World world = motive::World::create(domain).value();
    const motive::Entity crate = world.create_object().value().entity();
    const motive::Entity shelf = world.create_object().value().entity();
    Keys keys;
    motive::FactSetter facts;
    CHECK(facts.set(world, domain, crate, "target", motive::FactSpec::entity_of(42), keys).value() ==
          motive::FactOutcome::waiting);
    CHECK(facts.set(world, domain, shelf, "target", motive::FactSpec::entity_of(43), keys).value() ==
          motive::FactOutcome::waiting);
    REQUIRE(facts.waiting().size() == 2);
    CHECK(motive::FactSetter::describe(facts.waiting()[0]) ==
          "fact \"target\" of entity " + std::to_string(crate.raw().index1) + " waits for reference 42");
    const auto never = [](const motive::FactSetter::Waiting &, const motive::Status &) { FAIL("refused"); };
    CHECK(facts.retry(world, keys, never) == 0);
    CHECK(facts.waiting().size() == 2);

    // Entity 42 spawns: its fact is written, the other keeps waiting.
    const motive::Entity lamp = world.create_object().value().entity();
    keys.entities[42] = lamp;
    CHECK(facts.retry(world, keys, never) == 1);
    CHECK(world.fact(crate, domain.find_attribute("target").value()).value().as_entity() == lamp);
    REQUIRE(facts.waiting().size() == 1);
    CHECK(facts.waiting()[0].subject == shelf);

    // The shelf ends before entity 43 spawns: its fact is dropped.
    facts.forget(shelf);
    CHECK(facts.waiting().empty());
}

TEST_CASE("a fact motive refuses names its attribute, now or when retried") {
    const motive::Domain domain = motive::Domain::load_json(every_type).value();
    motive::World world = motive::World::create(domain).value();
    const motive::Entity crate = world.create_object().value().entity();
    Keys keys;
    motive::FactSetter facts;
    auto unknown = facts.set(world, domain, crate, "colour", motive::FactSpec::of_number(1), keys);
    CHECK(unknown.status() == MOTIVE_STATUS_NOT_FOUND);
    CHECK(unknown.message() == "fact \"colour\": the domain has no attribute \"colour\"");
    auto mismatch = facts.set(world, domain, crate, "count", motive::FactSpec::of_bool(true), keys);
    CHECK(mismatch.status() == MOTIVE_STATUS_TYPE_MISMATCH);
    CHECK(mismatch.message().rfind("fact \"count\": ", 0) == 0);
    CHECK(facts.set(world, domain, crate, "spot", motive::FactSpec::at({0, 1.0f / 0.0f, 0}), keys).status() ==
          MOTIVE_STATUS_INVALID_ARGUMENT);

    // A reference to a number attribute waits like any other, and is refused once resolved.
    CHECK(facts.set(world, domain, crate, "count", motive::FactSpec::entity_of(5), keys).value() ==
          motive::FactOutcome::waiting);
    keys.entities[5] = crate;
    std::vector<std::string> refused;
    CHECK(facts.retry(world, keys, [&](const motive::FactSetter::Waiting &fact, const motive::Status &why) {
        CHECK(fact.subject == crate);
        refused.push_back(why.message());
    }) == 0);
    REQUIRE(refused.size() == 1);
    CHECK(refused[0].rfind("fact \"count\": ", 0) == 0);
    CHECK(facts.waiting().empty());
}

TEST_CASE("a resident spawned by its archetype and given facts of every type plans") {
    const motive::Scenario scenario = motive::Scenario::load_file(MOTIVE_SCENARIOS "/household.json").value();
    const motive::Domain domain = scenario.domain().value();
    motive::Instance run = scenario.instantiate(nullptr, 1, scenario.seed().value()).value();
    const motive::Npc resident =
        run.world.spawn_npc(domain.find_archetype("resident").value(), {5, 0, 4}).value();
    Keys keys;
    motive::FactSetter facts;
    // What the scenario gives its own resident, stated as an engine's component would.
    for (const char *drive : {"entertainment", "energy", "hunger", "comfort", "hygiene", "bladder", "social"}) {
        REQUIRE(facts.set(run.world, domain, resident.entity(), drive, motive::FactSpec::of_number(0), keys).ok());
    }
    for (const char *flag : {"has_cappuccino", "has_meal", "has_ingredients", "has_snack"}) {
        REQUIRE(facts.set(run.world, domain, resident.entity(), flag, motive::FactSpec::of_bool(false), keys).ok());
    }
    REQUIRE(facts.set(run.world, domain, resident.entity(), "at", motive::FactSpec::no_entity(), keys).ok());
    CHECK(run.world.fact(resident.entity(), domain.find_attribute("at").value()).value().type() ==
          MOTIVE_VALUE_TYPE_ENTITY);
    REQUIRE(run.world.think_now(resident).ok());
    motive::PlanStep steps[MOTIVE_MAX_PLAN_DEPTH];
    CHECK_FALSE(run.world.npc_plan(resident, steps).value().empty());
}

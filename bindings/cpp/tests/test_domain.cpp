/*
 * Domains through the wrapper: built call by call, loaded from JSON text and files with every
 * diagnostic at its JSON Pointer, names found (and not found), slots read back.
 */
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "fixtures.hpp"
#include "motive.hpp"

TEST_CASE("a builder's domain plans the only way it can") {
    auto builder = motive::DomainBuilder::create().value();
    const motive::AttributeId hunger =
        builder.add_attribute("hunger", MOTIVE_VALUE_TYPE_NUMBER).value();
    REQUIRE(builder.set_attribute_range(hunger, 0, 100).ok());
    const motive::GoalId eat = builder.add_goal("eat", 1.0).value();
    motive::GoalCondition condition{};
    condition.role = MOTIVE_ROLE_CONSUMER;
    condition.attribute = hunger;
    condition.change = MOTIVE_CHANGE_INCREASE;
    condition.curve = motive::curve_linear(100);
    REQUIRE(builder.add_goal_condition(eat, condition).ok());
    const motive::DriveId food = builder.add_drive("food", 1.0).value();
    REQUIRE(builder.add_goal_generator(food, MOTIVE_TRIGGER_SCOPE_CONSUMER, {}, eat).ok());
    const motive::ActionId snack = builder.add_action("snack").value();
    motive::Effect effect{};
    effect.role = MOTIVE_ROLE_CONSUMER;
    effect.op = MOTIVE_EFFECT_OP_ADD;
    effect.attribute = hunger;
    effect.amount.kind = MOTIVE_OPERAND_KIND_CONSTANT;
    effect.amount.constant = motive::Value::number(40).raw();
    REQUIRE(builder.add_effect(snack, effect).ok());
    const motive::ArchetypeId fridge = builder.add_archetype("fridge").value();
    const motive::ArchetypeId resident = builder.add_archetype("resident").value();
    REQUIRE(builder.add_supplied_action(fridge, snack).ok());
    REQUIRE(builder.add_consumed_action(resident, snack).ok());
    REQUIRE(builder.add_internal_drive(resident, food).ok());
    CHECK(builder.add_action("snack").status() == MOTIVE_STATUS_ALREADY_EXISTS);

    const motive::Domain domain = builder.build().value();
    auto world = motive::World::create(domain).value();
    const motive::Npc npc = world.spawn_npc(resident, {0, 0, 0}).value();
    const motive::Object object = world.spawn_object(fridge, {1, 0, 0}).value();
    REQUIRE(world.set_fact(npc.entity(), hunger, motive::Value::number(10)).ok());
    REQUIRE(world.think_now(npc).ok());
    motive::PlanStep steps[4];
    auto plan = world.npc_plan(npc, steps);
    REQUIRE(plan.ok());
    REQUIRE(plan.value().size() == 1);
    CHECK(plan.value()[0].action == snack);
    CHECK(motive::Entity(plan.value()[0].target) == object.entity());
}

TEST_CASE("a bad document reports every error at its pointer") {
    const std::string bad =
        R"({ "attributes": [ { "name": "hunger", "type": "number" } ],
             "actions": [ { "name": "eat", "effects": [ { "key": "hungr", "add": 50 } ] },
                          { "name": "nap", "duraton": "engine" } ] })";
    auto diagnostics = motive::Diagnostics::create().value();
    auto loaded = motive::Domain::load_json(bad, &diagnostics);
    CHECK(loaded.status() == MOTIVE_STATUS_PARSE_ERROR);
    REQUIRE(diagnostics.count() == 2);
    const motive::Diagnostic first = diagnostics.get(0).value();
    CHECK(first.severity == MOTIVE_SEVERITY_ERROR);
    CHECK(std::string(first.path) == "/actions/0/effects/0/key");
    CHECK(std::string(first.message).find("did you mean \"hunger\"") != std::string::npos);
    CHECK(std::string(diagnostics.get(1).value().path) == "/actions/1/duraton");
    CHECK(diagnostics.get(2).status() == MOTIVE_STATUS_NOT_FOUND);
}

TEST_CASE("a domain file loads; a missing one is a parse error with the reason") {
    auto diagnostics = motive::Diagnostics::create().value();
    auto kitchen = motive::Domain::load_file(MOTIVE_TEST_DATA "/kitchen.json", &diagnostics);
    REQUIRE(kitchen.ok());
    CHECK(diagnostics.count() == 0);
    const std::string path = std::string(MOTIVE_TEST_DATA) + "/no-such-file.json";
    auto missing = motive::Domain::load_file(path, &diagnostics);
    CHECK(missing.status() == MOTIVE_STATUS_PARSE_ERROR);
    REQUIRE(diagnostics.count() >= 1);
    CHECK(std::string(diagnostics.get(0).value().message).find("cannot read") != std::string::npos);
}

TEST_CASE("names are found by kind; other kinds' names are not") {
    const motive::Domain domain = fixtures::kitchen_domain();
    CHECK(domain.find_attribute("portions").value() == 3);
    CHECK(domain.find_goal("rest").value() == 1);
    CHECK(domain.find_drive("energy").value() == 1);
    CHECK(domain.find_world_effect("clatter").value() == 0);
    CHECK(domain.find_goap_goal("be_fed").value() == 0);
    CHECK(domain.find_annotation("calm").value() == 1);
    CHECK(domain.find_tag("stove_user").value() == 0);
    CHECK(domain.find_archetype("diner").value() == 4);
    CHECK(domain.find_action("hunger").status() == MOTIVE_STATUS_NOT_FOUND);
    CHECK(domain.find_ubc_plan("cook").status() == MOTIVE_STATUS_NOT_FOUND);
}

TEST_CASE("an archetype's slots come back as defined") {
    const motive::Domain domain = fixtures::kitchen_domain();
    const motive::ArchetypeId stove = domain.find_archetype("stove").value();
    std::vector<motive::SlotInfo> slots;
    REQUIRE(motive::collect(slots, [&](motive::Span<motive::SlotInfo> buffer) {
                return domain.archetype_slots(stove, buffer);
            }).ok());
    REQUIRE(slots.size() == 1);
    CHECK(slots[0].offset.x == 1.0f);
    CHECK(slots[0].facing.x == -1.0f);
}

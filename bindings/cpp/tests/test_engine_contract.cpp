/*
 * The engine contract on the path the Unreal plugin takes (UMotiveNpcComponent spawns by
 * archetype name; the world subsystem drains events with EventPump and performs them with
 * ActionPerformer): a household resident spawned from its archetype alone acts, and the
 * wizard arena's engine actions, which the performer's table never names, all end.
 */
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "motive.hpp"
#include "motive_action_performer.hpp"
#include "motive_event_pump.hpp"

namespace {

/** Plays the engine's part for `seconds` at 20 Hz: walks end at once (complete), engine-timed
 * actions count down (advance). Returns the requests made and the timeouts seen. */
struct Played {
    int requests = 0;
    int timeouts = 0;
    int completed = 0;
};

Played play(motive::World &world, motive::ActionPerformer &performer, double seconds) {
    motive::EventPump pump;
    Played played;
    for (int frame = 0; frame < static_cast<int>(seconds * 20); ++frame) {
        REQUIRE(world.tick(0.05).ok());
        REQUIRE(performer.advance(world, 0.05).ok());
        auto drained = pump.drain(world);
        REQUIRE(drained.ok());
        performer.observe(drained.value());
        for (const motive::Event &e : drained.value()) {
            played.requests += e.kind == MOTIVE_EVENT_KIND_ACTION_REQUESTED;
            played.timeouts += e.kind == MOTIVE_EVENT_KIND_ACTION_TIMED_OUT;
        }
        for (const motive::Job &job : performer.started()) {
            if (job.performance == motive::Performance::walk) {
                REQUIRE(performer.complete(world, job.npc, MOTIVE_ACTION_OUTCOME_SUCCEEDED).ok());
                ++played.completed;
            }
        }
    }
    return played;
}

} // namespace

TEST_CASE("a household resident spawned by archetype name acts, under both brains") {
    for (const char *archetype : {"resident", "goap_resident"}) {
        auto scenario = motive::Scenario::load_file(MOTIVE_SCENARIOS "/household.json").value();
        auto instance = scenario.instantiate(nullptr, 1, 1).value();
        auto domain = scenario.domain().value();
        std::vector<motive_entity> buffer(32);
        motive::Vec3 at{};
        for (const motive_entity &e : instance.sim.entities(buffer).value()) {
            if (instance.sim.entity_name(motive::Entity(e)).value() == "resident") {
                at = instance.world.entity_position(motive::Entity(e)).value();
                REQUIRE(instance.world.destroy_npc(motive::Entity(e).as_npc()).ok());
            }
        }
        // The Unreal component's path: spawn by archetype name, give no fact.
        const auto kind = domain.find_archetype(archetype).value();
        const motive::Npc npc = instance.world.spawn_npc(kind, at).value();
        CHECK(instance.world.npc_brain(npc).value() ==
              (std::string(archetype) == "resident" ? MOTIVE_BRAIN_UDGOAP : MOTIVE_BRAIN_GOAP));
        CHECK(domain.count(MOTIVE_DEFINITION_KIND_DRIVE).value() == 7);
        CHECK(domain.name(MOTIVE_DEFINITION_KIND_ACTION, domain.find_action("goto").value()).value() ==
              "goto");
        motive::ActionPerformer performer;
        performer.set_performance(domain.find_action("goto").value(), motive::Performance::walk);
        const Played played = play(instance.world, performer, 40.0);
        CHECK_MESSAGE(played.requests >= 4, archetype);
        CHECK(played.completed >= 2);
        CHECK(played.timeouts == 0);
    }
}

TEST_CASE("the wizard arena's engine actions all end though the table names only the walk") {
    auto scenario = motive::Scenario::load_file(MOTIVE_SCENARIOS "/wizard_arena.json").value();
    auto instance = scenario.instantiate(nullptr, 1, 1).value();
    auto domain = scenario.domain().value();
    const auto antlion = domain.find_archetype("antlion").value();
    for (const motive::Vec3 at : {motive::Vec3{20, 0, 0}, motive::Vec3{-20, 0, 0}, motive::Vec3{0, 0, 20}}) {
        REQUIRE(instance.world.spawn_npc(antlion, at).ok());
    }
    motive::ActionPerformer performer;
    performer.set_performance(domain.find_action("goto").value(), motive::Performance::walk);
    const Played played = play(instance.world, performer, 60.0);
    CHECK(played.requests >= 10);
    CHECK(played.timeouts == 0); // every melee, lightning and bite was reported
}

TEST_CASE("an archetype's entities can start holding themselves") {
    auto builder = motive::DomainBuilder::create().value();
    const auto home = builder.add_attribute("home", MOTIVE_VALUE_TYPE_ENTITY).value();
    const auto count = builder.add_attribute("count", MOTIVE_VALUE_TYPE_NUMBER).value();
    const auto act = builder.add_action("act").value();
    const auto owner = builder.add_archetype("owner").value();
    REQUIRE(builder.add_consumed_action(owner, act).ok());
    CHECK(builder.set_archetype_state_self(owner, count).status() == MOTIVE_STATUS_TYPE_MISMATCH);
    REQUIRE(builder.set_archetype_state_self(owner, home).ok());
    auto domain = builder.build().value();
    auto world = motive::World::create(domain).value();
    const motive::Npc npc = world.spawn_npc(owner, motive::Vec3{}).value();
    const motive::Value held = world.fact(npc.entity(), home).value();
    CHECK(held.raw().type == MOTIVE_VALUE_TYPE_ENTITY);
    CHECK(held.raw().data.entity.index1 == npc.raw().index1);
}

/*
 * The action performer: jobs from requests, ended by the events that end actions, replaced by
 * new requests; performances from the engine's table; reports on completion and on engine
 * timers; and a whole kitchen run with the performer as its engine, reports never refused.
 */
#include <doctest/doctest.h>

#include <vector>

#include "fixtures.hpp"
#include "motive.hpp"
#include "motive_action_performer.hpp"
#include "motive_event_pump.hpp"

namespace {

motive::Event event(std::uint32_t kind, motive::Npc npc, motive::ActionId action,
                    motive::Entity target, std::uint32_t request,
                    std::uint32_t ended_by = MOTIVE_ACTION_END_ENGINE) {
    motive::Event e{};
    e.ended_by = ended_by;
    e.kind = kind;
    e.npc = npc.entity().raw();
    e.action = action;
    e.target = target.raw();
    e.request = request;
    e.stand_off = 0.5;
    e.slot = MOTIVE_NO_SLOT;
    e.outcome = MOTIVE_NO_SLOT;
    return e;
}

} // namespace

TEST_CASE("a request starts a job performed as the table says; its end stops it") {
    fixtures::Kitchen kitchen;
    motive::ActionPerformer performer;
    performer.set_performance(0, motive::Performance::walk);
    const motive::Event requested[] = {
        event(MOTIVE_EVENT_KIND_ACTION_REQUESTED, kitchen.cook, 0, kitchen.stove.entity(), 1),
        event(MOTIVE_EVENT_KIND_ACTION_REQUESTED, kitchen.diner, 2, kitchen.table.entity(), 2,
              MOTIVE_ACTION_END_TIMER)};
    performer.observe(requested);
    REQUIRE(performer.started().size() == 2);
    CHECK(performer.stopped().empty());
    CHECK(performer.active() == 2);
    const motive::Job *walk = performer.job(kitchen.cook);
    REQUIRE(walk != nullptr);
    CHECK(walk->performance == motive::Performance::walk);
    CHECK(walk->target == kitchen.stove.entity());
    CHECK(walk->stand_off == 0.5);
    CHECK(performer.job(kitchen.diner)->performance == motive::Performance::motive_timed);

    const motive::Event ended[] = {
        event(MOTIVE_EVENT_KIND_ACTION_FINISHED, kitchen.diner, 2, kitchen.table.entity(), 2),
        event(MOTIVE_EVENT_KIND_ACTION_CANCELLED, kitchen.cook, 0, kitchen.stove.entity(), 1)};
    performer.observe(ended);
    CHECK(performer.started().empty());
    REQUIRE(performer.stopped().size() == 2);
    CHECK(performer.stopped()[0].npc == kitchen.diner);
    CHECK(performer.stopped()[0].kind == MOTIVE_EVENT_KIND_ACTION_FINISHED);
    CHECK(performer.stopped()[1].kind == MOTIVE_EVENT_KIND_ACTION_CANCELLED);
    CHECK(performer.job(kitchen.cook) == nullptr);
    CHECK(performer.active() == 0);
}

TEST_CASE("a job started and ended in one batch is in neither list; a new request replaces") {
    fixtures::Kitchen kitchen;
    motive::ActionPerformer performer;
    const motive::Event batch[] = {
        event(MOTIVE_EVENT_KIND_ACTION_REQUESTED, kitchen.cook, 0, kitchen.stove.entity(), 1),
        event(MOTIVE_EVENT_KIND_ACTION_FAILED, kitchen.cook, 0, kitchen.stove.entity(), 1),
        event(MOTIVE_EVENT_KIND_ACTION_REQUESTED, kitchen.diner, 0, kitchen.table.entity(), 2)};
    performer.observe(batch);
    REQUIRE(performer.started().size() == 1);
    CHECK(performer.started()[0].npc == kitchen.diner);
    CHECK(performer.stopped().empty());

    const motive::Event replaced[] = {
        event(MOTIVE_EVENT_KIND_ACTION_REQUESTED, kitchen.diner, 1, kitchen.stove.entity(), 3)};
    performer.observe(replaced);
    REQUIRE(performer.stopped().size() == 1);
    CHECK(performer.stopped()[0].request == 2);
    CHECK(performer.stopped()[0].kind == MOTIVE_EVENT_KIND_ACTION_REQUESTED);
    CHECK(performer.job(kitchen.diner)->request == 3);
}

TEST_CASE("an NPC that ends loses its job; a stale handle never finds another's job") {
    fixtures::Kitchen kitchen;
    motive::ActionPerformer performer;
    const motive::Event requested[] = {
        event(MOTIVE_EVENT_KIND_ACTION_REQUESTED, kitchen.cook, 0, kitchen.stove.entity(), 1)};
    performer.observe(requested);
    motive::Event ended = event(MOTIVE_EVENT_KIND_ENTITY_ENDED, kitchen.diner, MOTIVE_NO_ID,
                                kitchen.cook.entity(), 0);
    performer.observe(motive::Span<const motive::Event>(&ended, 1));
    REQUIRE(performer.stopped().size() == 1);
    CHECK(performer.stopped()[0].kind == MOTIVE_EVENT_KIND_ENTITY_ENDED);
    CHECK(performer.job(kitchen.cook) == nullptr);

    performer.observe(requested);
    REQUIRE(kitchen.world.destroy_npc(kitchen.cook).ok());
    const motive::Npc newcomer =
        kitchen.world.spawn_npc(kitchen.domain.find_archetype("cook_npc").value(), {0, 0, 0}).value();
    CHECK(newcomer.raw().index1 == kitchen.cook.raw().index1);
    CHECK(performer.job(newcomer) == nullptr);
}

TEST_CASE("complete reports the job's request; motive's refusal still ends the job") {
    fixtures::Kitchen kitchen;
    motive::ActionPerformer performer;
    CHECK(performer.complete(kitchen.world, kitchen.cook, MOTIVE_ACTION_OUTCOME_SUCCEEDED).status() ==
          MOTIVE_STATUS_NOT_FOUND);
    const motive::Event invented[] = {
        event(MOTIVE_EVENT_KIND_ACTION_REQUESTED, kitchen.cook, 0, kitchen.stove.entity(), 77)};
    performer.observe(invented);
    const motive::Status refused =
        performer.complete(kitchen.world, kitchen.cook, MOTIVE_ACTION_OUTCOME_SUCCEEDED);
    CHECK(refused.status() == MOTIVE_STATUS_NOT_FOUND);
    CHECK(refused.message().find("77") != std::string::npos);
    CHECK(performer.job(kitchen.cook) == nullptr);
}

TEST_CASE("an engine-timed action is reported when its seconds run out") {
    fixtures::Kitchen kitchen;
    const motive::ActionId go = kitchen.domain.find_action("goto").value();
    motive::ActionPerformer performer;
    performer.set_performance(go, motive::Performance::engine_timed, 0.3);
    motive::EventPump pump;
    REQUIRE(kitchen.world.think_now(kitchen.cook).ok());
    performer.observe(pump.drain(kitchen.world).value());
    const motive::Job *walk = performer.job(kitchen.cook);
    REQUIRE(walk != nullptr);
    REQUIRE(walk->action == go);
    const std::uint32_t request = walk->request;
    CHECK(performer.advance(kitchen.world, 0.2).ok());
    CHECK(performer.job(kitchen.cook) != nullptr);
    CHECK(performer.advance(kitchen.world, 0.2).ok());
    CHECK(performer.job(kitchen.cook) == nullptr);
    REQUIRE(performer.stopped().size() == 1);
    CHECK(performer.stopped()[0].request == request);
    // motive took the report: the walk is over and the cook moved on to the stove.
    auto running = kitchen.world.npc_running_action(kitchen.cook);
    CHECK((!running.ok() || running.value().request != request));
}

TEST_CASE("a kitchen runs with the performer as its engine: every report is taken") {
    fixtures::Kitchen kitchen;
    const motive::ActionId go = kitchen.domain.find_action("goto").value();
    const motive::ActionId eat = kitchen.domain.find_action("eat_meal").value();
    motive::ActionPerformer performer;
    performer.set_performance(go, motive::Performance::walk);
    motive::EventPump pump;
    int walks = 0;
    int meals = 0;
    for (int frame = 0; frame < 600; ++frame) {
        REQUIRE(kitchen.world.tick(0.1).ok());
        performer.observe(pump.drain(kitchen.world).value());
        for (const motive::Job &job : performer.started()) {
            meals += job.action == eat ? 1 : 0;
            if (job.performance == motive::Performance::walk) {
                // The engine stand-in arrives at once; motive's move effect places the NPC.
                ++walks;
                REQUIRE(performer.complete(kitchen.world, job.npc, MOTIVE_ACTION_OUTCOME_SUCCEEDED).ok());
            }
        }
        REQUIRE(performer.advance(kitchen.world, 0.1).ok());
    }
    CHECK(walks > 2);
    CHECK(meals > 0);
    CHECK(performer.active() <= 2);
}

TEST_CASE("an engine action the table does not name plays for the default seconds and is "
          "reported; one motive ends is only shown, whatever the table says") {
    fixtures::Kitchen kitchen;
    motive::ActionPerformer performer;
    performer.set_performance(2, motive::Performance::walk);
    performer.set_default_engine_seconds(0.5);
    CHECK(performer.default_engine_seconds() == 0.5);
    performer.set_default_engine_seconds(-1.0);
    CHECK(performer.default_engine_seconds() == 0.5);
    const motive::Event requested[] = {
        event(MOTIVE_EVENT_KIND_ACTION_REQUESTED, kitchen.cook, 1, kitchen.stove.entity(), 1),
        event(MOTIVE_EVENT_KIND_ACTION_REQUESTED, kitchen.diner, 2, kitchen.table.entity(), 2,
              MOTIVE_ACTION_END_UNTIL_FULL)};
    performer.observe(requested);
    const motive::Job *cook = performer.job(kitchen.cook);
    REQUIRE(cook != nullptr);
    CHECK(cook->performance == motive::Performance::engine_timed);
    CHECK(cook->remaining == 0.5);
    CHECK(performer.performance_of(1) == motive::Performance::engine_timed);
    CHECK(performer.job(kitchen.diner)->performance == motive::Performance::motive_timed);
}

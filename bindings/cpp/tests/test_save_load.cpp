/*
 * Saving and loading through the wrapper. The hospital (scenarios/hospital.json) runs 10 s in
 * the simulator, world and simulator are saved, it runs 10 s more and is saved again; everything
 * is destroyed, the first saves are loaded and run 10 s: the save is the same bytes as the
 * second. Handles kept from before the save are valid in the loaded world (it takes the saved
 * serial back), or rebased when a live world holds that serial. Refusals: a truncated or
 * corrupted save, another domain, an empty owner. And, as an engine's save game does it
 * (motive_save_game.hpp): a save loaded in place of the running world, which keeps every handle,
 * and the action performer's jobs saved beside it and resumed after the load.
 */
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "fixtures.hpp"
#include "motive.hpp"
#include "motive_action_performer.hpp"
#include "motive_event_pump.hpp"
#include "motive_save_game.hpp"

namespace {

using Bytes = std::vector<std::uint8_t>;

// The hospital as its scenario makes it (seed 7, as the C suite's round trip).
struct Hospital {
    Hospital()
        : scenario(motive::Scenario::load_file(MOTIVE_SCENARIOS "/hospital.json").value()),
          domain(scenario.domain().value()),
          run(scenario.instantiate(nullptr, 1, 7).value()) {}

    motive::Scenario scenario;
    motive::Domain domain;
    motive::Instance run;
};

// An entity the simulator spawned, as it stood at the save.
struct Kept {
    motive::Entity entity;
    motive_entity_kind kind;
    motive::Vec3 position;
    std::string name;
};

// Every entity the simulator spawned that is still alive, with what the loaded world must
// say of it again.
std::vector<Kept> alive(const motive::Sim &sim, const motive::World &world) {
    std::vector<motive_entity> spawned;
    REQUIRE(motive::collect(spawned, [&](motive::Span<motive_entity> b) { return sim.entities(b); }).ok());
    std::vector<Kept> kept;
    for (const motive::Entity entity : spawned) {
        auto kind = world.entity_kind(entity);
        if (kind.ok()) {
            kept.push_back(Kept{entity, kind.value(), world.entity_position(entity).value(),
                                sim.entity_name(entity).value()});
        }
    }
    return kept;
}

} // namespace

TEST_CASE("a hospital saved at 10 s, loaded and run to 20 s saves the same bytes as the run") {
    Hospital hospital;
    REQUIRE(hospital.run.sim.run(hospital.run.world, 10.0).ok());
    const Bytes world_at_10 = hospital.run.world.save().value();
    const Bytes sim_at_10 = hospital.run.sim.save().value();
    REQUIRE(world_at_10.size() > 100);
    REQUIRE(!sim_at_10.empty());
    CHECK(hospital.run.world.save().value() == world_at_10); // nothing ticked: the same bytes
    const std::vector<Kept> kept = alive(hospital.run.sim, hospital.run.world);
    REQUIRE(kept.size() > 8);

    REQUIRE(hospital.run.sim.run(hospital.run.world, 10.0).ok());
    const Bytes world_at_20 = hospital.run.world.save().value();
    const motive::SimStats stats_at_20 = hospital.run.sim.stats().value();
    CHECK(world_at_20 != world_at_10);
    hospital.run.sim = motive::Sim();
    hospital.run.world = motive::World();

    motive::World loaded = motive::World::load(hospital.domain, world_at_10).value();
    motive::Sim loaded_sim = motive::Sim::load(loaded, sim_at_10).value();
    CHECK(loaded.time().value() == doctest::Approx(10.0));
    // The loaded world took the saved serial back: handles kept from before the save work.
    for (const Kept &entity : kept) {
        CAPTURE(entity.name);
        CHECK(loaded.rebase(entity.entity) == entity.entity);
        CHECK(loaded.entity_kind(entity.entity).value() == entity.kind);
        const motive::Vec3 at = loaded.entity_position(entity.entity).value();
        CHECK((at.x == entity.position.x && at.y == entity.position.y && at.z == entity.position.z));
        CHECK(loaded_sim.entity_name(entity.entity).value() == entity.name);
        if (entity.kind == MOTIVE_ENTITY_KIND_NPC) {
            CHECK(loaded.is_valid(entity.entity.as_npc()));
            CHECK(loaded.rebase(entity.entity.as_npc()) == entity.entity.as_npc());
        }
    }

    REQUIRE(loaded_sim.run(loaded, 10.0).ok());
    const Bytes again_at_20 = loaded.save().value();
    CHECK(again_at_20.size() == world_at_20.size());
    CHECK(again_at_20 == world_at_20);
    // The simulator continued exactly too. (Its own save is not compared: its statistics
    // include the wall-clock time spent ticking, which no two runs share.)
    const motive::SimStats stats = loaded_sim.stats().value();
    CHECK(stats.ticks == stats_at_20.ticks);
    CHECK(stats.decisions == stats_at_20.decisions);
    CHECK(stats.plans_adopted == stats_at_20.plans_adopted);
    CHECK(stats.actions_requested == stats_at_20.actions_requested);
    CHECK(stats.actions_performed == stats_at_20.actions_performed);
    CHECK(stats.actions_failed == stats_at_20.actions_failed);
    CHECK(stats.needs_satisfied == stats_at_20.needs_satisfied);
    CHECK(stats.spawned == stats_at_20.spawned);
}

TEST_CASE("save into a caller's buffer: the size first, nothing written while it is too small") {
    Hospital hospital;
    REQUIRE(hospital.run.sim.run(hospital.run.world, 1.0).ok());
    const Bytes whole = hospital.run.world.save().value();

    auto asked = hospital.run.world.save(motive::Span<std::uint8_t>());
    CHECK(asked.status() == MOTIVE_STATUS_BUFFER_TOO_SMALL);
    CHECK(asked.count() == whole.size());
    Bytes buffer(whole.size() - 1, 0xAB);
    auto short_by_one = hospital.run.world.save(buffer);
    CHECK(short_by_one.status() == MOTIVE_STATUS_BUFFER_TOO_SMALL);
    CHECK(short_by_one.count() == whole.size());
    CHECK(buffer == Bytes(whole.size() - 1, 0xAB));
    buffer.assign(whole.size() + 16, 0);
    auto written = hospital.run.world.save(buffer);
    REQUIRE(written.ok());
    REQUIRE(written.value().size() == whole.size());
    CHECK(Bytes(written.value().begin(), written.value().end()) == whole);

    const Bytes sim_whole = hospital.run.sim.save().value();
    auto sim_asked = hospital.run.sim.save(motive::Span<std::uint8_t>());
    CHECK(sim_asked.status() == MOTIVE_STATUS_BUFFER_TOO_SMALL);
    CHECK(sim_asked.count() == sim_whole.size());
    // collect() fills a vector through the same query.
    Bytes collected;
    REQUIRE(motive::collect(collected, [&](motive::Span<std::uint8_t> b) { return hospital.run.world.save(b); }).ok());
    CHECK(collected == whole);
}

TEST_CASE("beside a live world holding the saved serial, the loaded world rebases kept handles") {
    Hospital hospital;
    REQUIRE(hospital.run.sim.run(hospital.run.world, 5.0).ok());
    const Bytes saved = hospital.run.world.save().value();
    const std::vector<Kept> kept = alive(hospital.run.sim, hospital.run.world);
    REQUIRE(!kept.empty());

    // The original lives on, so the loaded world has a serial of its own.
    motive::World loaded = motive::World::load(hospital.domain, saved).value();
    for (const Kept &entity : kept) {
        CAPTURE(entity.name);
        const motive::Entity rebased = loaded.rebase(entity.entity);
        CHECK(rebased != entity.entity);
        CHECK(rebased.raw().index1 == entity.entity.raw().index1);
        CHECK(rebased.raw().generation == entity.entity.raw().generation);
        CHECK(loaded.entity_kind(rebased).value() == entity.kind);
        CHECK(loaded.entity_kind(entity.entity).status() == MOTIVE_STATUS_WRONG_WORLD);
        CHECK(hospital.run.world.entity_kind(entity.entity).ok()); // the original is untouched
    }
    CHECK(loaded.rebase(motive::Entity()).is_null());
    CHECK(motive::World().rebase(kept[0].entity).is_null());
    // Both run on, the same way.
    REQUIRE(hospital.run.world.tick(0.2).ok());
    REQUIRE(loaded.tick(0.2).ok());
    CHECK(loaded.time().value() == hospital.run.world.time().value());
}

TEST_CASE("truncated, corrupted and foreign saves are refused, making nothing") {
    Hospital hospital;
    REQUIRE(hospital.run.sim.run(hospital.run.world, 2.0).ok());
    Bytes saved = hospital.run.world.save().value();
    const Bytes sim_saved = hospital.run.sim.save().value();

    auto truncated = motive::World::load(hospital.domain, motive::Span<const std::uint8_t>(saved.data(), saved.size() - 1));
    CHECK(truncated.status() == MOTIVE_STATUS_INVALID_ARGUMENT);
    CHECK(truncated.message().find("not a valid save") != std::string::npos);
    CHECK_FALSE(truncated.ok());
    auto header_only = motive::World::load(hospital.domain, motive::Span<const std::uint8_t>(saved.data(), 8));
    CHECK(header_only.status() == MOTIVE_STATUS_INVALID_ARGUMENT);

    saved[saved.size() / 2] ^= 0x10;
    auto corrupted = motive::World::load(hospital.domain, saved);
    CHECK(corrupted.status() == MOTIVE_STATUS_INVALID_ARGUMENT);
    CHECK(corrupted.message().find("checksum") != std::string::npos);
    saved[saved.size() / 2] ^= 0x10;

    const motive::Scenario household =
        motive::Scenario::load_file(MOTIVE_SCENARIOS "/household.json").value();
    const motive::Domain other = household.domain().value();
    auto foreign = motive::World::load(other, saved);
    CHECK(foreign.status() == MOTIVE_STATUS_INVALID_ARGUMENT);
    CHECK(foreign.message().find("another domain") != std::string::npos);
    CHECK(motive::World::load(fixtures::kitchen_domain(), saved).status() == MOTIVE_STATUS_INVALID_ARGUMENT);

    // The intact save still loads; a simulator needs its own bytes, whole.
    motive::World loaded = motive::World::load(hospital.domain, saved).value();
    CHECK(motive::Sim::load(loaded, motive::Span<const std::uint8_t>(sim_saved.data(), sim_saved.size() / 2)).status() ==
          MOTIVE_STATUS_INVALID_ARGUMENT);
    CHECK(motive::Sim::load(loaded, sim_saved).ok());

    // Empty owners fail like any C call given NULL.
    CHECK(motive::World::load(motive::Domain(), saved).status() == MOTIVE_STATUS_NULL_ARGUMENT);
    motive::World empty;
    CHECK(empty.save().status() == MOTIVE_STATUS_NULL_ARGUMENT);
    CHECK(motive::Sim().save().status() == MOTIVE_STATUS_NULL_ARGUMENT);
    CHECK(motive::Sim::load(empty, sim_saved).status() == MOTIVE_STATUS_NULL_ARGUMENT);
}

TEST_CASE("the performer's jobs saved beside a world resume after its load") {
    Hospital hospital;
    motive::World &world = hospital.run.world;
    motive::EventPump pump;
    motive::ActionPerformer performer;
    performer.set_performance(hospital.domain.find_action("goto").value(), motive::Performance::walk);
    // The engine's part, crudely: nothing is ever reported, so jobs pile up to be saved.
    for (int frame = 0; frame < 30 && performer.active() < 3; ++frame) {
        REQUIRE(world.tick(0.2).ok());
        performer.observe(pump.drain(world).value());
    }
    const std::vector<motive::Job> saved_jobs = performer.jobs();
    REQUIRE(saved_jobs.size() == performer.active());
    REQUIRE(saved_jobs.size() >= 1);
    for (const motive::Job &job : saved_jobs) {
        CHECK(performer.job(job.npc) != nullptr);
    }
    const Bytes saved = world.save().value();

    // Beside the original: another serial, so the jobs' handles are rebased.
    motive::World loaded = motive::World::load(hospital.domain, saved).value();
    motive::resume_jobs(performer, loaded, saved_jobs);
    CHECK(performer.stopped().size() == saved_jobs.size()); // the original world's jobs end
    CHECK(performer.stopped()[0].kind == MOTIVE_EVENT_KIND_ACTION_CANCELLED);
    CHECK(performer.stopped()[0].npc == saved_jobs[0].npc);
    REQUIRE(performer.started().size() == saved_jobs.size());
    CHECK(performer.active() == saved_jobs.size());
    for (std::size_t i = 0; i < saved_jobs.size(); ++i) {
        const motive::Job *job = performer.job(loaded.rebase(saved_jobs[i].npc));
        REQUIRE(job != nullptr);
        CHECK(job->request == saved_jobs[i].request);
        CHECK(job->action == saved_jobs[i].action);
        CHECK(job->target == loaded.rebase(saved_jobs[i].target));
        CHECK(job->performance == saved_jobs[i].performance);
        CHECK(performer.job(saved_jobs[i].npc) == nullptr); // the original's handle is not it
        // The loaded world still runs that request: the engine's report of it is accepted.
        motive::RunningAction running = loaded.npc_running_action(job->npc).value();
        CHECK(running.request == job->request);
    }
    const motive::Npc first = loaded.rebase(saved_jobs[0].npc);
    CHECK(performer.complete(loaded, first, MOTIVE_ACTION_OUTCOME_SUCCEEDED).ok());
    CHECK(performer.job(first) == nullptr);
    // Resuming nothing ends every job.
    performer.resume(motive::Span<const motive::Job>());
    CHECK(performer.active() == 0);
    CHECK(performer.started().empty());
    CHECK(performer.stopped().size() == saved_jobs.size() - 1);
}

TEST_CASE("a save loaded in place keeps every handle; a refused one changes nothing") {
    Hospital hospital;
    motive::World &world = hospital.run.world;
    REQUIRE(hospital.run.sim.run(world, 5.0).ok());
    const Bytes at_5 = world.save().value();
    const std::vector<Kept> kept = alive(hospital.run.sim, world);
    REQUIRE(!kept.empty());
    REQUIRE(hospital.run.sim.run(world, 5.0).ok());
    const Bytes at_10 = world.save().value();

    // Refused: the running world goes on, untouched.
    CHECK(motive::load_in_place(world, hospital.domain, motive::Span<const std::uint8_t>(at_5.data(), at_5.size() - 3))
              .status() == MOTIVE_STATUS_INVALID_ARGUMENT);
    const motive::Scenario household =
        motive::Scenario::load_file(MOTIVE_SCENARIOS "/household.json").value();
    CHECK(motive::load_in_place(world, household.domain().value(), at_5).status() ==
          MOTIVE_STATUS_INVALID_ARGUMENT);
    REQUIRE(world.get() != nullptr);
    CHECK(world.save().value() == at_10);

    // Loaded in place of the world that made the save: the same serial, the same handles, and
    // the running world's think threads and event limit, which no save holds.
    REQUIRE(world.set_think_threads(3).ok());
    REQUIRE(world.set_event_limit(100000).ok());
    REQUIRE(motive::load_in_place(world, hospital.domain, at_5).ok());
    CHECK(world.think_threads().value() == 3);
    CHECK(world.event_limit().value() == 100000);
    CHECK(motive::World::load(hospital.domain, at_5).value().think_threads().value() == 1);
    CHECK(motive::World::load(hospital.domain, at_5).value().event_limit().value() ==
          MOTIVE_DEFAULT_EVENT_LIMIT);
    CHECK(world.time().value() == doctest::Approx(5.0));
    CHECK(world.save().value() == at_5);
    for (const Kept &entity : kept) {
        CAPTURE(entity.name);
        CHECK(world.rebase(entity.entity) == entity.entity);
        CHECK(world.entity_kind(entity.entity).value() == entity.kind);
    }
    // With no world running yet.
    motive::World none;
    REQUIRE(motive::load_in_place(none, hospital.domain, at_10).ok());
    CHECK(none.time().value() == doctest::Approx(10.0));
    CHECK(none.think_threads().value() == 1);
    CHECK(none.event_limit().value() == MOTIVE_DEFAULT_EVENT_LIMIT);
}

TEST_CASE("an NPC's history keeps its last decisions and events, oldest first") {
    Hospital hospital;
    motive::World &world = hospital.run.world;
    REQUIRE(world.set_history(16).ok());
    CHECK(world.set_history(5000).status() == MOTIVE_STATUS_INVALID_ARGUMENT);
    REQUIRE(world.set_history(16).ok());
    REQUIRE(hospital.run.sim.run(world, 30.0).ok());
    std::vector<motive_entity> spawned;
    REQUIRE(motive::collect(spawned, [&](motive::Span<motive_entity> b) {
                return hospital.run.sim.entities(b);
            }).ok());
    bool found_npc = false;
    for (const motive::Entity entity : spawned) {
        const motive::Npc npc = entity.as_npc();
        const auto count = world.npc_history_count(npc);
        if (!count.ok() || count.value() == 0) {
            continue;
        }
        found_npc = true;
        CHECK(count.value() == 16);
        double last = -1.0;
        bool decided = false;
        for (std::size_t i = 0; i < count.value(); ++i) {
            const motive::HistoryEntry entry = world.npc_history_entry(npc, i).value();
            CHECK(entry.time >= last);
            last = entry.time;
            std::vector<motive::PlanStep> plan;
            REQUIRE(motive::collect(plan, [&](motive::Span<motive::PlanStep> b) {
                        return world.npc_history_plan(npc, i, b);
                    }).ok());
            CHECK(plan.size() == entry.plan_length);
            std::vector<double> scores;
            REQUIRE(motive::collect(scores, [&](motive::Span<double> b) {
                        return world.npc_history_scores(npc, i, b);
                    }).ok());
            CHECK(scores.size() == entry.score_count);
            std::vector<motive::HistoryCandidate> candidates;
            REQUIRE(motive::collect(candidates, [&](motive::Span<motive::HistoryCandidate> b) {
                        return world.npc_history_candidates(npc, i, b);
                    }).ok());
            CHECK(candidates.size() == entry.candidate_count);
            decided = decided || entry.decision;
        }
        CHECK(decided);
        CHECK(last <= 30.0 + 1e-9);
        CHECK(world.npc_history_entry(npc, 16).status() == MOTIVE_STATUS_NOT_FOUND);
        break;
    }
    CHECK(found_npc);
}

/*
 * Parallel think through the wrapper: a tick whose thinks run on std::threads
 * (World::tick_parallel) gives the events of World::tick on a twin world, field by field;
 * so do motive's own think threads (World::set_think_threads).
 */
#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <functional>
#include <thread>
#include <vector>

#include "motive.hpp"

namespace {

// A parallel_for over std::threads: three threads share the jobs in ranges of 5.
void three_threads(std::size_t jobs, const std::function<void(std::size_t, std::size_t)> &f) {
    std::vector<std::thread> threads;
    for (std::size_t t = 0; t < 3; ++t) {
        threads.emplace_back([&, t] {
            for (std::size_t first = t * 5; first < jobs; first += 15) {
                f(first, std::min<std::size_t>(5, jobs - first));
            }
        });
    }
    for (std::thread &thread : threads) {
        thread.join();
    }
}

// The events of one tick; handles compared without their world, which differs between twins.
std::vector<motive::Event> drain(motive::World &world) {
    std::vector<motive::Event> all;
    std::vector<motive::Event> buffer(256);
    for (;;) {
        motive::ListResult<motive::Event> polled = world.poll_events(motive::Span<motive::Event>(buffer));
        REQUIRE(polled.ok());
        all.insert(all.end(), polled.value().begin(), polled.value().end());
        if (polled.value().size() < buffer.size()) {
            return all;
        }
    }
}

bool same(const motive::Event &a, const motive::Event &b) {
    return a.kind == b.kind && a.npc.index1 == b.npc.index1 && a.npc.generation == b.npc.generation &&
           a.action == b.action && a.target.index1 == b.target.index1 &&
           a.target.generation == b.target.generation && a.request == b.request &&
           std::memcmp(&a.stand_off, &b.stand_off, sizeof a.stand_off) == 0 &&
           a.animation == b.animation && a.face_target == b.face_target && a.slot == b.slot &&
           a.outcome == b.outcome && a.ended_by == b.ended_by &&
           std::memcmp(&a.seconds, &b.seconds, sizeof a.seconds) == 0;
}

void compare_twins(const char *variant, std::uint32_t copies, std::uint32_t own_threads) {
    const motive::Scenario scenario =
        motive::Scenario::load_file(MOTIVE_SCENARIOS "/hospital.json").value();
    motive::Instance reference = scenario.instantiate(variant, copies, 5).value();
    motive::Instance parallel = scenario.instantiate(variant, copies, 5).value();
    if (own_threads > 0) {
        REQUIRE(parallel.world.think_threads().value() == 1);
        REQUIRE(parallel.world.set_think_threads(own_threads).ok());
        REQUIRE(parallel.world.think_threads().value() == own_threads);
    }
    std::size_t events = 0;
    for (int tick = 0; tick < 60; ++tick) {
        REQUIRE(reference.world.tick(0.05).ok());
        if (own_threads > 0) {
            REQUIRE(parallel.world.tick(0.05).ok());
        } else {
            REQUIRE(parallel.world.tick_parallel(0.05, three_threads).ok());
        }
        const std::vector<motive::Event> a = drain(reference.world);
        const std::vector<motive::Event> b = drain(parallel.world);
        REQUIRE(a.size() == b.size());
        for (std::size_t i = 0; i < a.size(); ++i) {
            CHECK(same(a[i], b[i]));
        }
        events += a.size();
    }
    CHECK(events > 0);
    // GOAP NPCs think at their turn; the others decided ahead, on whichever threads.
    const motive::ParallelStats none = reference.world.parallel_stats().value();
    CHECK(none.phases + none.decided_ahead + none.checked + none.stale == 0);
    const motive::ParallelStats stats = parallel.world.parallel_stats().value();
    CHECK(stats.phases > 0); // every tick_begin with thinks due counts, GOAP's too
    CHECK((std::strcmp(variant, "goap") == 0) == (stats.decided_ahead == 0));
    CHECK(stats.checked <= stats.decided_ahead);
    CHECK(stats.stale <= stats.checked);
}

}  // namespace

TEST_CASE("a tick thought on the engine's threads gives World::tick's events") {
    compare_twins("ubc", 20, 0);
    compare_twins("goap", 20, 0);
}

TEST_CASE("motive's own think threads give one thread's events") {
    // 72 copies: enough due thinks per tick (288) for motive to start its threads.
    compare_twins("ubc", 72, 4);
}

TEST_CASE("an open tick refuses other calls; a job is thought once") {
    const motive::Scenario scenario =
        motive::Scenario::load_file(MOTIVE_SCENARIOS "/hospital.json").value();
    motive::Instance run = scenario.instantiate("ubc", 4, 1).value();
    CHECK(run.world.tick_end().status() == MOTIVE_STATUS_NO_TICK);
    const std::size_t jobs = run.world.tick_begin(0.05).value();
    CHECK(run.world.tick(0.05).status() == MOTIVE_STATUS_TICK_OPEN);
    CHECK(run.world.think_range(jobs, 1).status() == MOTIVE_STATUS_INVALID_ARGUMENT);
    REQUIRE(jobs > 0);
    CHECK(run.world.think_range(0, 1).ok());
    CHECK(run.world.think_range(0, 1).status() == MOTIVE_STATUS_INVALID_ARGUMENT);
    CHECK(run.world.tick_end().ok());
    CHECK(run.world.tick(0.05).ok());
}

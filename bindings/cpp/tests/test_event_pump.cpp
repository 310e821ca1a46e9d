/*
 * The event pump drains a world completely, in order, through several polls of its batch
 * size, into a buffer it reuses; draining again finds nothing new.
 */
#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

#include "fixtures.hpp"
#include "motive.hpp"
#include "motive_event_pump.hpp"

namespace {

// A kitchen with `cooks` cooks who have all just thought: a few events each.
fixtures::Kitchen busy_kitchen(int cooks) {
    fixtures::Kitchen kitchen;
    const motive::ArchetypeId cook = kitchen.domain.find_archetype("cook_npc").value();
    for (int i = 0; i < cooks; ++i) {
        const motive::Npc npc = kitchen.world.spawn_npc(cook, {float(i), 0, 3}).value();
        REQUIRE(kitchen.world.think_now(npc).ok());
    }
    return kitchen;
}

// The same entity slot in two worlds (their handles differ in the world serial only).
bool same_slot(motive_entity a, motive_entity b) {
    return a.index1 == b.index1 && a.generation == b.generation;
}

bool same_event(const motive::Event &a, const motive::Event &b) {
    return a.kind == b.kind && same_slot(a.npc, b.npc) && a.action == b.action &&
           same_slot(a.target, b.target) && a.request == b.request;
}

} // namespace

TEST_CASE("a pump drains every event in order through polls of its batch size") {
    fixtures::Kitchen small_batches = busy_kitchen(12);
    fixtures::Kitchen one_poll = busy_kitchen(12);
    std::vector<motive::Event> expected(256);
    auto all = one_poll.world.poll_events(expected);
    REQUIRE(all.ok());
    const std::size_t count = all.value().size();
    REQUIRE(count > 12);
    REQUIRE(count < expected.size());

    motive::EventPump pump(5);
    auto drained = pump.drain(small_batches.world);
    REQUIRE(drained.ok());
    REQUIRE(drained.value().size() == count);
    for (std::size_t i = 0; i < count; ++i) {
        INFO("event ", i);
        CHECK(same_event(drained.value()[i], expected[i]));
    }
    const std::size_t high_water = pump.capacity();
    CHECK(high_water >= count);
    CHECK(pump.drain(small_batches.world).value().empty());
    CHECK(pump.capacity() == high_water);
}

TEST_CASE("draining an empty owner fails and returns no events") {
    motive::World empty;
    motive::EventPump pump;
    auto drained = pump.drain(empty);
    CHECK(drained.status() == MOTIVE_STATUS_NULL_ARGUMENT);
}

TEST_CASE("a world nobody polls keeps the newest events within its limit, and counts the rest") {
    fixtures::Kitchen unpolled = busy_kitchen(12);
    fixtures::Kitchen polled = busy_kitchen(12);
    CHECK(unpolled.world.event_limit().value() == MOTIVE_DEFAULT_EVENT_LIMIT);
    CHECK(unpolled.world.set_event_limit(0).status() == MOTIVE_STATUS_INVALID_ARGUMENT);
    CHECK(unpolled.world.set_event_limit(MOTIVE_MAX_EVENT_LIMIT + 1u).status() ==
          MOTIVE_STATUS_INVALID_ARGUMENT);
    CHECK(unpolled.world.event_limit().value() == MOTIVE_DEFAULT_EVENT_LIMIT); // refused: unchanged
    CHECK(unpolled.world.dropped_events().value() == 0);
    // Lowered below what is pending: the oldest go at once.
    REQUIRE(unpolled.world.set_event_limit(5).ok());
    motive::EventPump pump(3);
    std::vector<motive::Event> all;
    const auto first = pump.drain(polled.world).value();
    all.assign(first.begin(), first.end());
    REQUIRE(all.size() > 5);
    CHECK(unpolled.world.dropped_events().value() == all.size() - 5);
    // New events past the limit push the oldest out, one for one.
    for (int frame = 0; frame < 40; ++frame) {
        REQUIRE(polled.world.tick(0.25).ok());
        REQUIRE(unpolled.world.tick(0.25).ok());
        const auto more = pump.drain(polled.world).value();
        all.insert(all.end(), more.begin(), more.end());
    }
    REQUIRE(all.size() > first.size());
    CHECK(unpolled.world.dropped_events().value() == all.size() - 5);
    motive::EventPump kept_pump(3);
    const auto kept = kept_pump.drain(unpolled.world).value();
    REQUIRE(kept.size() == 5);
    for (std::size_t i = 0; i < kept.size(); ++i) {
        INFO("event ", i);
        CHECK(same_event(kept[i], all[all.size() - 5 + i]));
    }
    CHECK(polled.world.dropped_events().value() == 0);
    motive::World empty;
    CHECK(empty.dropped_events().status() == MOTIVE_STATUS_NULL_ARGUMENT);
}

TEST_CASE("a pump counts what its world dropped since the last drain and warns at each doubling") {
    fixtures::Kitchen kitchen = busy_kitchen(12);
    // Lowered below what is pending: the oldest are dropped before the first drain.
    REQUIRE(kitchen.world.set_event_limit(1).ok());
    motive::EventPump pump(4);
    REQUIRE(pump.drain(kitchen.world).value().size() == 1);
    std::uint64_t total = kitchen.world.dropped_events().value();
    REQUIRE(total > 0);
    CHECK(pump.dropped() == total);
    CHECK(pump.warn_dropped()); // the first drop warns
    CHECK_FALSE(pump.warn_dropped()); // once
    REQUIRE(pump.drain(kitchen.world).ok());
    CHECK(pump.dropped() == 0); // nothing new: nothing dropped, no warning
    CHECK_FALSE(pump.warn_dropped());

    std::uint64_t warned = total;
    int warnings = 0;
    int frames_dropping = 0;
    for (int frame = 0; frame < 200; ++frame) {
        REQUIRE(kitchen.world.tick(0.25).ok());
        REQUIRE(pump.drain(kitchen.world).ok());
        const std::uint64_t now = kitchen.world.dropped_events().value();
        INFO("frame ", frame);
        CHECK(pump.dropped() == now - total);
        frames_dropping += pump.dropped() > 0 ? 1 : 0;
        if (pump.warn_dropped()) {
            CHECK(pump.dropped() > 0);
            CHECK(now >= 2 * warned);
            warned = now;
            ++warnings;
        } else if (pump.dropped() > 0) {
            CHECK(now < 2 * warned);
        }
        total = now;
    }
    REQUIRE(total >= 4 * kitchen.world.event_limit().value());
    CHECK(warnings >= 1);
    CHECK(warnings < frames_dropping); // rate-limited: not a warning per dropping frame

    // Another world drained by the same pump (a load in place): its drops are all new, and
    // its first warns, whether the pump is told (forget_world) or finds a smaller total.
    for (const bool told : {false, true}) {
        INFO("told ", told);
        fixtures::Kitchen fresh = busy_kitchen(12);
        REQUIRE(fresh.world.set_event_limit(2).ok());
        const std::uint64_t fresh_total = fresh.world.dropped_events().value();
        REQUIRE(fresh_total > 0);
        REQUIRE(fresh_total < total);
        if (told) {
            pump.forget_world();
        }
        REQUIRE(pump.drain(fresh.world).ok());
        CHECK(pump.dropped() == fresh_total);
        CHECK(pump.warn_dropped());
        REQUIRE(pump.drain(kitchen.world).ok()); // back to the first world, far ahead
    }

    motive::World empty;
    CHECK(pump.drain(empty).status() == MOTIVE_STATUS_NULL_ARGUMENT);
}

/*
 * No allocation on the per-frame path: once warm, a frame of ticking, draining events,
 * performing actions and writing every NPC's debug line makes no C++ heap allocation. This
 * binary's operator new counts allocations while a frame runs (motive's own Rust allocations
 * are the Rust tests' concern, tests/no_alloc.rs).
 */
#include <doctest/doctest.h>

#include <cstdlib>
#include <new>
#include <string>

#include "fixtures.hpp"
#include "motive.hpp"
#include "motive_action_names.hpp"
#include "motive_action_performer.hpp"
#include "motive_debug_line.hpp"
#include "motive_event_pump.hpp"

namespace {
bool counting = false;
long allocations = 0;
} // namespace

void *operator new(std::size_t size) {
    if (counting) {
        ++allocations;
    }
    if (void *p = std::malloc(size > 0 ? size : 1)) {
        return p;
    }
#if MOTIVE_CPP_EXCEPTIONS
    throw std::bad_alloc();
#else
    std::abort();
#endif
}
void *operator new[](std::size_t size) { return operator new(size); }
void operator delete(void *p) noexcept { std::free(p); }
void operator delete[](void *p) noexcept { std::free(p); }
void operator delete(void *p, std::size_t) noexcept { std::free(p); }
void operator delete[](void *p, std::size_t) noexcept { std::free(p); }

namespace {

// One engine frame, as the Unreal plugin's subsystem runs it; false when a call failed
// (checked outside the measured frames: a passing doctest check may allocate).
bool frame(fixtures::Kitchen &kitchen, motive::EventPump &pump, motive::ActionPerformer &performer,
           const motive::ActionNames &names, motive::DebugLine &line, std::size_t &described) {
    bool ok = kitchen.world.tick(0.1).ok();
    auto events = pump.drain(kitchen.world);
    ok = ok && events.ok();
    performer.observe(events.ok() ? events.value() : motive::Span<const motive::Event>());
    for (const motive::Job &job : performer.started()) {
        if (job.performance == motive::Performance::walk) {
            ok = performer.complete(kitchen.world, job.npc, MOTIVE_ACTION_OUTCOME_SUCCEEDED).ok() && ok;
        }
    }
    ok = performer.advance(kitchen.world, 0.1).ok() && ok;
    described += line.describe(kitchen.world, kitchen.cook, names).size();
    described += line.describe(kitchen.world, kitchen.diner, names).size();
    return ok;
}

} // namespace

TEST_CASE("a warm frame allocates nothing") {
    fixtures::Kitchen kitchen;
    const std::string json = fixtures::read_file(MOTIVE_TEST_DATA "/kitchen.json");
    const motive::ActionNames names = motive::ActionNames::from_document(kitchen.domain, json);
    motive::EventPump pump;
    motive::ActionPerformer performer;
    performer.set_performance(kitchen.domain.find_action("goto").value(), motive::Performance::walk);
    motive::DebugLine line;
    std::size_t described = 0;
    bool ok = true;
    for (int warm = 0; warm < 300; ++warm) {
        ok = frame(kitchen, pump, performer, names, line, described) && ok;
    }
    allocations = 0;
    counting = true;
    for (int measured = 0; measured < 300; ++measured) {
        ok = frame(kitchen, pump, performer, names, line, described) && ok;
    }
    counting = false;
    CHECK(ok);
    CHECK(allocations == 0);
    CHECK(described > 0);
}

/*
 * Ownership: owners are move-only; a moved-from owner is empty and every call on it is a
 * NULL_ARGUMENT failure (never a crash); the owner that received the object keeps working; a
 * world outlives the Domain owner it was made from. LeakSanitizer checks that every owner frees
 * what it owns (scripts/test-cpp runs this suite under ASan).
 */
#include <doctest/doctest.h>

#include <type_traits>
#include <utility>

#include "fixtures.hpp"
#include "motive.hpp"

template <class Owner>
constexpr bool move_only = !std::is_copy_constructible_v<Owner> &&
                           !std::is_copy_assignable_v<Owner> &&
                           std::is_nothrow_move_constructible_v<Owner> &&
                           std::is_nothrow_move_assignable_v<Owner>;

static_assert(move_only<motive::World>);
static_assert(move_only<motive::Domain>);
static_assert(move_only<motive::DomainBuilder>);
static_assert(move_only<motive::Diagnostics>);
static_assert(move_only<motive::Arena>);
static_assert(std::is_trivially_copyable_v<motive::Npc>);
static_assert(std::is_trivially_copyable_v<motive::Entity>);
static_assert(sizeof(motive::Npc) == sizeof(motive_npc));

TEST_CASE("a moved world works in its new owner; the old one is empty and fails cleanly") {
    fixtures::Kitchen kitchen;
    motive::World moved = std::move(kitchen.world);
    CHECK(kitchen.world.get() == nullptr);
    CHECK(moved.get() != nullptr);
    CHECK(moved.tick(0.5).ok());
    CHECK(moved.time().value() == doctest::Approx(0.5));
    CHECK(moved.is_valid(kitchen.cook));

    const motive::Status on_empty = kitchen.world.tick(0.5);
    CHECK(on_empty.status() == MOTIVE_STATUS_NULL_ARGUMENT);
    CHECK(kitchen.world.time().status() == MOTIVE_STATUS_NULL_ARGUMENT);
    CHECK_FALSE(kitchen.world.is_valid(kitchen.cook));
    motive::Event events[4];
    CHECK(kitchen.world.poll_events(events).status() == MOTIVE_STATUS_NULL_ARGUMENT);
}

TEST_CASE("move assignment frees what the target held") {
    fixtures::Kitchen first;
    fixtures::Kitchen second;
    first.world = std::move(second.world);
    // first's own world is gone (LeakSanitizer would report it otherwise); second's lives on.
    CHECK(first.world.is_valid(second.cook));
    CHECK(first.world.tick(0.1).ok());
}

TEST_CASE("a world keeps its domain alive after the Domain owner is gone") {
    fixtures::Kitchen kitchen;
    { motive::Domain dropped = std::move(kitchen.domain); }
    CHECK(kitchen.domain.get() == nullptr);
    CHECK(kitchen.world.think_now(kitchen.cook).ok());
    CHECK(kitchen.world.tick(0.25).ok());
}

TEST_CASE("every owner starts empty and its calls fail with NULL_ARGUMENT") {
    motive::Domain domain;
    motive::DomainBuilder builder;
    motive::Arena arena;
    motive::Diagnostics diagnostics;
    CHECK(domain.find_action("cook").status() == MOTIVE_STATUS_NULL_ARGUMENT);
    CHECK(builder.add_action("cook").status() == MOTIVE_STATUS_NULL_ARGUMENT);
    CHECK(builder.build().status() == MOTIVE_STATUS_NULL_ARGUMENT);
    CHECK(arena.reset().status() == MOTIVE_STATUS_NULL_ARGUMENT);
    CHECK(diagnostics.count() == 0);
    CHECK(diagnostics.get(0).status() == MOTIVE_STATUS_NULL_ARGUMENT);
    CHECK(motive::World::create(domain).status() == MOTIVE_STATUS_NULL_ARGUMENT);
}

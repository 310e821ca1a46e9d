/*
 * Handles are values: they pack into 64 bits and back, compare by value, convert between
 * entity, NPC and object views, and go stale when their entity is destroyed; a handle from
 * another world is refused.
 */
#include <doctest/doctest.h>

#include "fixtures.hpp"
#include "motive.hpp"

TEST_CASE("handles round-trip through 64 bits and compare by value") {
    fixtures::Kitchen kitchen;
    const std::uint64_t bits = kitchen.cook.to_u64();
    CHECK(bits != 0);
    CHECK(motive::Npc::from_u64(bits) == kitchen.cook);
    CHECK(motive::Object::from_u64(kitchen.stove.to_u64()) == kitchen.stove);
    CHECK(motive::Entity::from_u64(kitchen.table.entity().to_u64()) == kitchen.table.entity());
    CHECK(kitchen.cook != kitchen.diner);
    CHECK(kitchen.cook.entity().as_npc() == kitchen.cook);
    CHECK(kitchen.stove.entity().as_object() == kitchen.stove);
    CHECK(motive::Npc().is_null());
    CHECK_FALSE(kitchen.cook.is_null());
    CHECK(motive::Npc::from_u64(0).is_null());
}

TEST_CASE("an entity read from C converts implicitly and keeps its identity") {
    fixtures::Kitchen kitchen;
    const motive_entity raw = kitchen.bed.entity().raw();
    const motive::Entity converted = raw;
    CHECK(converted == kitchen.bed.entity());
    CHECK(kitchen.world.entity_kind(converted).value() == MOTIVE_ENTITY_KIND_OBJECT);
    CHECK(kitchen.world.entity_kind(kitchen.cook.entity()).value() == MOTIVE_ENTITY_KIND_NPC);
}

TEST_CASE("a destroyed entity's handle goes stale") {
    fixtures::Kitchen kitchen;
    CHECK(kitchen.world.destroy_npc(kitchen.diner).ok());
    CHECK_FALSE(kitchen.world.is_valid(kitchen.diner));
    CHECK(kitchen.world.think_now(kitchen.diner).status() == MOTIVE_STATUS_STALE_HANDLE);
    CHECK(kitchen.world.destroy_object(kitchen.bed).ok());
    CHECK_FALSE(kitchen.world.is_valid(kitchen.bed));
    CHECK(kitchen.world.entity_position(kitchen.bed.entity()).status() ==
          MOTIVE_STATUS_STALE_HANDLE);
    CHECK(kitchen.world.is_valid(kitchen.cook));
}

TEST_CASE("a handle of another world is refused") {
    fixtures::Kitchen here;
    fixtures::Kitchen there;
    CHECK(here.world.think_now(there.cook).status() == MOTIVE_STATUS_WRONG_WORLD);
    CHECK_FALSE(here.world.is_valid(there.cook));
}

/*
 * Shared setup for the suite: a domain with one attribute of each value type and a world over
 * it, plus small constructors and comparisons for handles, positions and fact values.
 */
#ifndef MOTIVE_FIXTURES_H
#define MOTIVE_FIXTURES_H

#include <stdbool.h>
#include <stdint.h>

#include "motive.h"

/* Attribute ids of the fixture's domain, in definition order (ids are dense from 0). */
enum {
    FIXTURE_ALIVE = 0,  /* "alive", bool */
    FIXTURE_HEALTH = 1, /* "health", number */
    FIXTURE_TARGET = 2, /* "target", entity */
    FIXTURE_HOME = 3,   /* "home", position */
    FIXTURE_ATTRIBUTE_COUNT = 4
};

typedef struct fixture {
    motive_domain *domain;
    motive_world *world;
    motive_npc npc;       /* by fixture_init_with_entities: an NPC at the origin, index1 1 */
    motive_object object; /* and a smart object at the origin, index1 2 */
} fixture;

/* Builds the domain and a world with `seed`. On failure reports it and returns false. */
bool fixture_init(fixture *f, uint64_t seed);
/* As fixture_init with seed 0, then creates f->npc and f->object at the origin. */
bool fixture_init_with_entities(fixture *f);
/* Destroys the world and the domain. */
void fixture_free(fixture *f);
/* Creates an NPC / a smart object at (x, y, z) in the fixture's world; false on failure. */
bool fixture_npc(fixture *f, float x, float y, float z, motive_npc *out_npc);
bool fixture_object(fixture *f, float x, float y, float z, motive_object *out_object);
/* Checks that creating an NPC from `npc_def` and an object from `object_def` both fail with
 * MOTIVE_STATUS_INVALID_ARGUMENT, write no handle and use up no slot. Needs an empty world. */
bool creates_are_rejected(fixture *f, const motive_npc_def *npc_def,
                          const motive_object_def *object_def);
/* Creates a default NPC in `world` and returns its index1 (0 when creation fails): shows
 * whether an earlier failed call used up a slot. */
uint32_t next_npc_index1(motive_world *world);

/* Checks of one piece of world state; each reports its own failing call. */
bool world_time_is(const motive_world *world, double expected);
bool position_is(const motive_world *world, motive_entity entity, motive_vec3 expected);
bool fact_is(const motive_world *world, motive_entity entity, motive_attribute attribute,
             motive_value expected);

motive_vec3 vec3(float x, float y, float z);
bool vec3_equal(motive_vec3 a, motive_vec3 b);
bool entity_equal(motive_entity a, motive_entity b);
/* The two events are the same, field by field, handles compared without their world. */
bool event_equal(const motive_event *a, const motive_event *b);

motive_value value_bool(bool b);
motive_value value_number(double n);
motive_value value_entity(motive_entity e);
motive_value value_position(motive_vec3 p);
/* Same type tag and the same payload for that type. */
bool value_equal(const motive_value *a, const motive_value *b);

#endif /* MOTIVE_FIXTURES_H */

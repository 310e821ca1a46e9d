/* Shared setup for the suite (see fixtures.h). */
#include "fixtures.h"

#include <string.h>

#include "motive_test.h"

static bool build_domain(motive_domain **out_domain) {
    static const struct {
        const char *name;
        uint32_t type;
    } attributes[FIXTURE_ATTRIBUTE_COUNT] = {
        {"alive", MOTIVE_VALUE_TYPE_BOOL},
        {"health", MOTIVE_VALUE_TYPE_NUMBER},
        {"target", MOTIVE_VALUE_TYPE_ENTITY},
        {"home", MOTIVE_VALUE_TYPE_POSITION},
    };
    motive_domain_builder *builder = NULL;
    uint32_t i;
    bool fixture_domain_built = true;
    ENSURE_STATUS_OR_RETURN(motive_domain_builder_create(&builder), MOTIVE_STATUS_OK, false);
    for (i = 0; fixture_domain_built && i < FIXTURE_ATTRIBUTE_COUNT; i++) {
        motive_attribute id = 0xFFFFFFFFu;
        fixture_domain_built = motive_domain_builder_add_attribute(builder, attributes[i].name,
                                                                   attributes[i].type, &id) ==
                                   MOTIVE_STATUS_OK &&
                               id == i;
    }
    fixture_domain_built = fixture_domain_built &&
                           motive_domain_builder_build(builder, out_domain) == MOTIVE_STATUS_OK;
    motive_domain_builder_destroy(builder);
    ENSURE_OR_RETURN(fixture_domain_built, false);
    return true;
}

bool fixture_init(fixture *f, uint64_t seed) {
    motive_world_def def = motive_world_def_default();
    f->domain = NULL;
    f->world = NULL;
    if (!build_domain(&f->domain)) {
        return false;
    }
    def.seed = seed;
    ENSURE_STATUS_OR_RETURN(motive_world_create(f->domain, &def, &f->world), MOTIVE_STATUS_OK,
                            false);
    return true;
}

bool fixture_init_with_entities(fixture *f) {
    return fixture_init(f, 0) && fixture_npc(f, 0.0f, 0.0f, 0.0f, &f->npc) &&
           fixture_object(f, 0.0f, 0.0f, 0.0f, &f->object);
}

void fixture_free(fixture *f) {
    motive_world_destroy(f->world);
    motive_domain_destroy(f->domain);
    f->world = NULL;
    f->domain = NULL;
}

bool fixture_npc(fixture *f, float x, float y, float z, motive_npc *out_npc) {
    motive_npc_def def = motive_npc_def_default();
    def.position = vec3(x, y, z);
    ENSURE_STATUS_OR_RETURN(motive_npc_create(f->world, &def, out_npc), MOTIVE_STATUS_OK, false);
    return true;
}

bool fixture_object(fixture *f, float x, float y, float z, motive_object *out_object) {
    motive_object_def def = motive_object_def_default();
    def.position = vec3(x, y, z);
    ENSURE_STATUS_OR_RETURN(motive_object_create(f->world, &def, out_object), MOTIVE_STATUS_OK,
                            false);
    return true;
}

bool creates_are_rejected(fixture *f, const motive_npc_def *npc_def,
                          const motive_object_def *object_def) {
    motive_npc npc;
    motive_object object;
    SENTINEL(npc);
    SENTINEL(object);
    ENSURE_STATUS_OR_RETURN(motive_npc_create(f->world, npc_def, &npc),
                            MOTIVE_STATUS_INVALID_ARGUMENT, false);
    ENSURE_STATUS_OR_RETURN(motive_object_create(f->world, object_def, &object),
                            MOTIVE_STATUS_INVALID_ARGUMENT, false);
    ENSURE_OR_RETURN(motive_test_is_sentinel(&npc, sizeof npc), false);
    ENSURE_OR_RETURN(motive_test_is_sentinel(&object, sizeof object), false);
    /* Nothing was created: the first entity still gets slot 1. */
    ENSURE_OR_RETURN(next_npc_index1(f->world) == 1, false);
    return true;
}

uint32_t next_npc_index1(motive_world *world) {
    motive_npc_def def = motive_npc_def_default();
    motive_npc npc;
    ENSURE_STATUS_OR_RETURN(motive_npc_create(world, &def, &npc), MOTIVE_STATUS_OK, 0);
    return npc.index1;
}

bool world_time_is(const motive_world *world, double expected) {
    double time;
    ENSURE_STATUS_OR_RETURN(motive_world_time(world, &time), MOTIVE_STATUS_OK, false);
    ENSURE_OR_RETURN(time == expected, false);
    return true;
}

bool position_is(const motive_world *world, motive_entity entity, motive_vec3 expected) {
    motive_vec3 position;
    ENSURE_STATUS_OR_RETURN(motive_entity_position(world, entity, &position), MOTIVE_STATUS_OK,
                            false);
    ENSURE_OR_RETURN(vec3_equal(position, expected), false);
    return true;
}

bool fact_is(const motive_world *world, motive_entity entity, motive_attribute attribute,
             motive_value expected) {
    motive_value read;
    ENSURE_STATUS_OR_RETURN(motive_entity_get_fact(world, entity, attribute, &read),
                            MOTIVE_STATUS_OK, false);
    ENSURE_OR_RETURN(value_equal(&read, &expected), false);
    return true;
}

motive_vec3 vec3(float x, float y, float z) {
    motive_vec3 v;
    v.x = x;
    v.y = y;
    v.z = z;
    return v;
}

bool vec3_equal(motive_vec3 a, motive_vec3 b) {
    return a.x == b.x && a.y == b.y && a.z == b.z;
}

bool entity_equal(motive_entity a, motive_entity b) {
    return a.index1 == b.index1 && a.generation == b.generation && a.world == b.world;
}

/* The two events are the same, field by field, handles compared without their world. */
bool event_equal(const motive_event *a, const motive_event *b) {
    return a->kind == b->kind && a->npc.index1 == b->npc.index1 &&
           a->npc.generation == b->npc.generation && a->action == b->action &&
           a->target.index1 == b->target.index1 && a->target.generation == b->target.generation &&
           a->request == b->request && memcmp(&a->stand_off, &b->stand_off, sizeof a->stand_off) == 0 &&
           a->animation == b->animation && a->face_target == b->face_target && a->slot == b->slot &&
           a->outcome == b->outcome && a->ended_by == b->ended_by &&
           memcmp(&a->seconds, &b->seconds, sizeof a->seconds) == 0;
}

static motive_value value_of_type(uint32_t type) {
    motive_value v;
    memset(&v, 0, sizeof v);
    v.type = type;
    return v;
}

motive_value value_bool(bool b) {
    motive_value v = value_of_type(MOTIVE_VALUE_TYPE_BOOL);
    v.data.boolean = b;
    return v;
}

motive_value value_number(double n) {
    motive_value v = value_of_type(MOTIVE_VALUE_TYPE_NUMBER);
    v.data.number = n;
    return v;
}

motive_value value_entity(motive_entity e) {
    motive_value v = value_of_type(MOTIVE_VALUE_TYPE_ENTITY);
    v.data.entity = e;
    return v;
}

motive_value value_position(motive_vec3 p) {
    motive_value v = value_of_type(MOTIVE_VALUE_TYPE_POSITION);
    v.data.position = p;
    return v;
}

bool value_equal(const motive_value *a, const motive_value *b) {
    if (a->type != b->type) {
        return false;
    }
    switch (a->type) {
    case MOTIVE_VALUE_TYPE_BOOL:
        return a->data.boolean == b->data.boolean;
    case MOTIVE_VALUE_TYPE_NUMBER:
        return a->data.number == b->data.number;
    case MOTIVE_VALUE_TYPE_ENTITY:
        return entity_equal(a->data.entity, b->data.entity);
    case MOTIVE_VALUE_TYPE_POSITION:
        return vec3_equal(a->data.position, b->data.position);
    default:
        return false;
    }
}

/* The café shared by the smart-object and joint-action suites: see cafe.h. */
#include "cafe.h"

#include <string.h>

#include "fixtures.h"
#include "motive_test.h"
#include "wizard.h"

#define DEFINE(call) ENSURE_STATUS_OR_RETURN(call, MOTIVE_STATUS_OK, false)

/* consumer.at == the supplier itself. */
motive_condition at_supplier(motive_attribute at) {
    motive_condition c;
    memset(&c, 0, sizeof c);
    c.kind = MOTIVE_CONDITION_KIND_COMPARE;
    c.role = MOTIVE_ROLE_CONSUMER;
    c.attribute = at;
    c.op = MOTIVE_CMP_OP_EQ;
    c.rhs.kind = MOTIVE_OPERAND_KIND_ENTITY;
    c.rhs.role = MOTIVE_ROLE_SUPPLIER;
    return c;
}

motive_condition is_true(motive_attribute attribute) {
    return condition_compare(MOTIVE_ROLE_CONSUMER, attribute, MOTIVE_CMP_OP_EQ,
                             operand_constant(value_bool(true)));
}

/* consumer.at = the supplier itself. */
static motive_effect go_to_supplier(motive_attribute at) {
    motive_effect e;
    memset(&e, 0, sizeof e);
    e.role = MOTIVE_ROLE_CONSUMER;
    e.op = MOTIVE_EFFECT_OP_SET;
    e.attribute = at;
    e.amount.kind = MOTIVE_OPERAND_KIND_ENTITY;
    e.amount.role = MOTIVE_ROLE_SUPPLIER;
    return e;
}

bool goap_action(motive_domain_builder *b, const char *name, motive_action_id *out) {
    motive_action_planning planning = motive_action_planning_default();
    DEFINE(motive_domain_builder_add_action(b, name, out));
    DEFINE(motive_domain_builder_set_action_planning(b, *out, &planning));
    return true;
}

static bool guest_like(motive_domain_builder *b, const cafe_ids *ids, const char *name,
                       motive_archetype_id *out) {
    DEFINE(motive_domain_builder_add_archetype(b, name, out));
    DEFINE(motive_domain_builder_add_consumed_action(b, *out, ids->go_to));
    DEFINE(motive_domain_builder_add_consumed_action(b, *out, ids->sit));
    DEFINE(motive_domain_builder_add_archetype_goap_goal(b, *out, ids->be_seated));
    return true;
}

/* A chair-like archetype with one slot; the filter arrays may be NULL with count 0. */
static bool chair_like(motive_domain_builder *b, const cafe_ids *ids, const char *name,
                       const motive_archetype_id *users, size_t user_count,
                       const motive_tag_id *tags, size_t tag_count, motive_archetype_id *out) {
    motive_slot_def slot = motive_slot_def_default();
    uint32_t index = UINT32_MAX;
    DEFINE(motive_domain_builder_add_archetype(b, name, out));
    DEFINE(motive_domain_builder_add_supplied_action(b, *out, ids->go_to));
    DEFINE(motive_domain_builder_add_supplied_action(b, *out, ids->sit));
    slot.user_archetypes = users;
    slot.user_archetype_count = user_count;
    slot.user_tags = tags;
    slot.user_tag_count = tag_count;
    DEFINE(motive_domain_builder_add_slot(b, *out, &slot, &index));
    ENSURE_OR_RETURN(index == 0, false);
    return true;
}

/* The bench: an optional slot, then two required ones; sitting on it is a joint action. */
static bool define_bench(motive_domain_builder *b, cafe_ids *ids) {
    motive_slot_def slot = motive_slot_def_default();
    uint32_t index = UINT32_MAX;
    int i;
    DEFINE(motive_domain_builder_add_archetype(b, "bench", &ids->bench));
    DEFINE(motive_domain_builder_add_supplied_action(b, ids->bench, ids->go_to));
    DEFINE(motive_domain_builder_add_supplied_action(b, ids->bench, ids->sit));
    slot.offset = vec3(0.0f, 0.0f, 0.5f);
    DEFINE(motive_domain_builder_add_slot(b, ids->bench, &slot, &index));
    slot.required = true;
    for (i = 0; i < 2; i++) {
        slot.offset = vec3(i == 0 ? -0.5f : 0.5f, 0.0f, 0.0f);
        DEFINE(motive_domain_builder_add_slot(b, ids->bench, &slot, &index));
    }
    DEFINE(motive_domain_builder_set_joint_action(b, ids->bench, ids->sit, CAFE_BENCH_TIMEOUT,
                                                  NULL, 0));
    return true;
}

static bool define_cafe(motive_domain_builder *b, cafe_ids *ids) {
    motive_condition c;
    motive_effect e;
    motive_relevance r;
    const motive_value no = value_bool(false);
    DEFINE(motive_domain_builder_add_attribute(b, "at", MOTIVE_VALUE_TYPE_ENTITY, &ids->at));
    DEFINE(motive_domain_builder_add_attribute(b, "seated", MOTIVE_VALUE_TYPE_BOOL,
                                               &ids->seated));
    DEFINE(motive_domain_builder_add_attribute(b, "occupied", MOTIVE_VALUE_TYPE_BOOL,
                                               &ids->occupied));
    ENSURE_OR_RETURN(goap_action(b, "goto", &ids->go_to), false);
    e = go_to_supplier(ids->at);
    DEFINE(motive_domain_builder_add_effect(b, ids->go_to, &e));
    ENSURE_OR_RETURN(goap_action(b, "sit", &ids->sit), false);
    c = at_supplier(ids->at);
    DEFINE(motive_domain_builder_add_precondition(b, ids->sit, &c));
    e = effect_change(MOTIVE_ROLE_CONSUMER, MOTIVE_EFFECT_OP_SET, ids->seated,
                      operand_constant(value_bool(true)));
    DEFINE(motive_domain_builder_add_effect(b, ids->sit, &e));
    DEFINE(motive_domain_builder_add_tag(b, "staff", &ids->staff));
    memset(&r, 0, sizeof r);
    r.kind = MOTIVE_RELEVANCE_KIND_FIXED;
    r.value = 1.0;
    DEFINE(motive_domain_builder_add_goap_goal(b, "be_seated", 1, &r, &ids->be_seated));
    c = is_true(ids->seated);
    DEFINE(motive_domain_builder_add_goap_requirement(b, ids->be_seated, &c));
    ENSURE_OR_RETURN(guest_like(b, ids, "guest", &ids->guest), false);
    ENSURE_OR_RETURN(guest_like(b, ids, "vip", &ids->vip), false);
    DEFINE(motive_domain_builder_set_claim_priority(b, ids->vip, MOTIVE_CLAIM_PRIORITY_HIGH));
    ENSURE_OR_RETURN(guest_like(b, ids, "waiter", &ids->waiter), false);
    DEFINE(motive_domain_builder_add_archetype_tag(b, ids->waiter, ids->staff));
    ENSURE_OR_RETURN(chair_like(b, ids, "chair", NULL, 0, NULL, 0, &ids->chair), false);
    DEFINE(motive_domain_builder_set_archetype_state(b, ids->chair, ids->occupied, &no));
    DEFINE(motive_domain_builder_set_archetype_hints(b, ids->chair, ids->sit, 0.25, 7, false));
    ENSURE_OR_RETURN(
        chair_like(b, ids, "staff_chair", NULL, 0, &ids->staff, 1, &ids->staff_chair), false);
    ENSURE_OR_RETURN(chair_like(b, ids, "vip_chair", &ids->vip, 1, NULL, 0, &ids->vip_chair),
                     false);
    ENSURE_OR_RETURN(define_bench(b, ids), false);
    return true;
}

/* A builder holding the café's definitions; the caller destroys it. */
bool cafe_builder(motive_domain_builder **out_builder, cafe_ids *ids) {
    motive_domain_builder *b = NULL;
    ENSURE_STATUS_OR_RETURN(motive_domain_builder_create(&b), MOTIVE_STATUS_OK, false);
    if (!define_cafe(b, ids)) {
        motive_domain_builder_destroy(b);
        return false;
    }
    *out_builder = b;
    return true;
}

void cafe_free(cafe *c) {
    motive_world_destroy(c->world);
    motive_domain_destroy(c->domain);
    c->world = NULL;
    c->domain = NULL;
}

/* The café's domain and an empty world over it. On failure frees what it made. */
bool cafe_init(cafe *c) {
    motive_domain_builder *b = NULL;
    motive_world_def def = motive_world_def_default();
    bool built;
    memset(c, 0, sizeof *c);
    ENSURE_OR_RETURN(cafe_builder(&b, &c->ids), false);
    built = motive_domain_builder_build(b, &c->domain) == MOTIVE_STATUS_OK;
    motive_domain_builder_destroy(b);
    ENSURE_OR_RETURN(built, false);
    if (motive_world_create(c->domain, &def, &c->world) != MOTIVE_STATUS_OK) {
        motive_test_fail(__FILE__, __LINE__, "motive_world_create failed");
        cafe_free(c);
        return false;
    }
    return true;
}


/* Polls every pending event into `log`; false when a poll fails or the log overflows. */
bool poll_into(motive_world *world, event_log *log) {
    motive_event batch[POLL_BATCH];
    size_t moved;
    size_t i;
    do {
        moved = 0;
        ENSURE_STATUS_OR_RETURN(motive_world_poll_events(world, batch, POLL_BATCH, &moved),
                                MOTIVE_STATUS_OK, false);
        ENSURE_OR_RETURN(log->count + moved <= LOG_CAPACITY, false);
        for (i = 0; i < moved; i++) {
            log->events[log->count++] = batch[i];
        }
    } while (moved == POLL_BATCH);
    return true;
}

/* The first logged event of `kind` about `npc`, or NULL. */
const motive_event *find_event(const event_log *log, motive_npc npc, uint32_t kind) {
    size_t i;
    for (i = 0; i < log->count; i++) {
        if (log->events[i].kind == kind &&
            entity_equal(log->events[i].npc, motive_npc_entity(npc))) {
            return &log->events[i];
        }
    }
    return NULL;
}

/* Clears `log`, then ticks (0.1 s at a time, at most 20 times) until `npc` has been asked to do
 * something, logging everything that happens; false when it never is. */
bool until_requested(motive_world *world, motive_npc npc, event_log *log) {
    int ticks;
    log->count = 0;
    for (ticks = 0; ticks < 20; ticks++) {
        ENSURE_STATUS_OR_RETURN(motive_world_tick(world, 0.1), MOTIVE_STATUS_OK, false);
        ENSURE_OR_RETURN(poll_into(world, log), false);
        if (find_event(log, npc, MOTIVE_EVENT_KIND_ACTION_REQUESTED) != NULL) {
            return true;
        }
    }
    motive_test_fail(__FILE__, __LINE__, "the npc was never asked to act");
    return false;
}

/* Clears `log`, then ticks `ticks` times by 0.1 s, logging everything that happens. */
bool tick_for(motive_world *world, int ticks, event_log *log) {
    log->count = 0;
    for (; ticks > 0; ticks--) {
        ENSURE_STATUS_OR_RETURN(motive_world_tick(world, 0.1), MOTIVE_STATUS_OK, false);
        ENSURE_OR_RETURN(poll_into(world, log), false);
    }
    return true;
}

/* Checks that `e` is a claim event of `kind` about slot `slot` of `object`. */
bool is_claim(const motive_event *e, uint32_t kind, motive_object object, uint32_t slot) {
    return e != NULL && e->kind == kind &&
           entity_equal(e->target, motive_object_entity(object)) && e->slot == slot &&
           e->action == MOTIVE_NO_ID;
}

const motive_npc NO_NPC = {0, 0, 0};
const motive_object NO_OBJECT = {0, 0, 0};

bool npc_equal(motive_npc a, motive_npc b) {
    return entity_equal(motive_npc_entity(a), motive_npc_entity(b));
}

/* Checks that `object` has exactly one slot, held by `holder` (null: free) at `priority`,
 * in use or not. */
bool one_slot_is(const motive_world *world, motive_object object, motive_npc holder,
                        uint8_t priority, bool in_use) {
    motive_slot_state slots[2];
    size_t count = 0;
    ENSURE_STATUS_OR_RETURN(
        motive_entity_slots(world, motive_object_entity(object), slots, 2, &count),
        MOTIVE_STATUS_OK, false);
    ENSURE_OR_RETURN(count == 1, false);
    ENSURE_OR_RETURN(npc_equal(slots[0].holder, holder), false);
    ENSURE_OR_RETURN(slots[0].priority == priority, false);
    ENSURE_OR_RETURN(slots[0].in_use == in_use, false);
    return true;
}

/* Checks that `npc` holds exactly slot `slot` of `object`, or nothing when `object` is null. */
bool claims_are(const motive_world *world, motive_npc npc, motive_object object,
                       uint32_t slot) {
    motive_claim claims[2];
    size_t count = 0;
    ENSURE_STATUS_OR_RETURN(motive_npc_claims(world, npc, claims, 2, &count), MOTIVE_STATUS_OK,
                            false);
    if (entity_equal(motive_object_entity(object), motive_object_entity(NO_OBJECT))) {
        ENSURE_OR_RETURN(count == 0, false);
        return true;
    }
    ENSURE_OR_RETURN(count == 1, false);
    ENSURE_OR_RETURN(entity_equal(claims[0].object, motive_object_entity(object)), false);
    ENSURE_OR_RETURN(claims[0].slot == slot, false);
    return true;
}

/* Spawns a chair at (0, 0, 5) and a guest at the origin, and ticks until the guest has claimed
 * the chair and is asked to walk there. */
static bool guest_claims_chair(cafe *c, motive_object *chair, motive_npc *guest,
                               event_log *log) {
    const motive_event *granted;
    const motive_event *request;
    DEFINE(motive_object_spawn(c->world, c->ids.chair, vec3(0.0f, 0.0f, 5.0f), chair));
    DEFINE(motive_npc_spawn(c->world, c->ids.guest, vec3(0.0f, 0.0f, 0.0f), guest));
    ENSURE_OR_RETURN(until_requested(c->world, *guest, log), false);
    granted = find_event(log, *guest, MOTIVE_EVENT_KIND_CLAIM_GRANTED);
    ENSURE_OR_RETURN(is_claim(granted, MOTIVE_EVENT_KIND_CLAIM_GRANTED, *chair, 0), false);
    request = find_event(log, *guest, MOTIVE_EVENT_KIND_ACTION_REQUESTED);
    ENSURE_OR_RETURN(request->action == c->ids.go_to, false);
    ENSURE_OR_RETURN(entity_equal(request->target, motive_object_entity(*chair)), false);
    ENSURE_OR_RETURN(request->slot == 0, false);
    return true;
}

/* The café with a guest walking to the chair it claimed; on failure frees everything. */
bool guest_walks_to_chair(cafe *c, motive_object *chair, motive_npc *guest,
                                 event_log *log) {
    ENSURE_OR_RETURN(cafe_init(c), false);
    if (!guest_claims_chair(c, chair, guest, log)) {
        cafe_free(c);
        return false;
    }
    return true;
}

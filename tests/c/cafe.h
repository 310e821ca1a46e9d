/*
 * The café of tests/smart_objects.rs, through the C ABI, shared by the smart-object and
 * joint-action suites: chairs with one slot (goto, then sit), a bench that two guests sit on
 * together, guests who want to be seated and VIPs whose claims take precedence; and an event
 * log with the polling and checking helpers those suites use.
 */
#ifndef MOTIVE_CAFE_H
#define MOTIVE_CAFE_H

#include <stdbool.h>
#include <stdint.h>

#include "motive.h"

/* Seconds a guest waits on the bench for a second one. */
#define CAFE_BENCH_TIMEOUT 2.0

typedef struct cafe_ids {
    motive_attribute at, seated, occupied;
    motive_action_id go_to, sit;
    motive_goap_goal_id be_seated;
    motive_tag_id staff;
    /* guest, vip (claims at MOTIVE_CLAIM_PRIORITY_HIGH), waiter (tagged staff); chair (one
     * open slot, occupied = false, its own sit hints), staff_chair (one slot for staff),
     * vip_chair (one slot for vips), bench (slots: optional, required, required; sitting on
     * it is a joint action with a timeout of CAFE_BENCH_TIMEOUT seconds). */
    motive_archetype_id guest, vip, waiter, chair, staff_chair, vip_chair, bench;
} cafe_ids;

typedef struct cafe {
    motive_domain *domain;
    motive_world *world;
    cafe_ids ids;
} cafe;

#define LOG_CAPACITY 64
#define POLL_BATCH 8

/* The events polled since the log was last cleared, oldest first. */
typedef struct event_log {
    motive_event events[LOG_CAPACITY];
    size_t count;
} event_log;

/* Handles that name nothing. */
extern const motive_npc NO_NPC;
extern const motive_object NO_OBJECT;

/* consumer.at == the supplier itself. */
motive_condition at_supplier(motive_attribute at);
/* consumer.attribute == true. */
motive_condition is_true(motive_attribute attribute);
/* Adds an action with default GOAP planning. */
bool goap_action(motive_domain_builder *b, const char *name, motive_action_id *out);

/* A builder holding the café's definitions; the caller destroys it. */
bool cafe_builder(motive_domain_builder **out_builder, cafe_ids *ids);
/* The café's domain and an empty world over it. On failure frees what it made. */
bool cafe_init(cafe *c);
void cafe_free(cafe *c);

/* Polls every pending event into `log`; false when a poll fails or the log overflows. */
bool poll_into(motive_world *world, event_log *log);
/* The first logged event of `kind` about `npc`, or NULL. */
const motive_event *find_event(const event_log *log, motive_npc npc, uint32_t kind);
/* Clears `log`, then ticks (0.1 s at a time, at most 20 times) until `npc` has been asked to do
 * something, logging everything that happens; false when it never is. */
bool until_requested(motive_world *world, motive_npc npc, event_log *log);
/* Clears `log`, then ticks `ticks` times by 0.1 s, logging everything that happens. */
bool tick_for(motive_world *world, int ticks, event_log *log);

/* Checks that `e` is a claim event of `kind` about slot `slot` of `object`. */
bool is_claim(const motive_event *e, uint32_t kind, motive_object object, uint32_t slot);
bool npc_equal(motive_npc a, motive_npc b);
/* Checks that `object` has exactly one slot, held by `holder` (null: free) at `priority`,
 * in use or not. */
bool one_slot_is(const motive_world *world, motive_object object, motive_npc holder,
                 uint8_t priority, bool in_use);
/* Checks that `npc` holds exactly slot `slot` of `object`, or nothing when `object` is null. */
bool claims_are(const motive_world *world, motive_npc npc, motive_object object, uint32_t slot);
/* The café with a guest walking to the chair it claimed; on failure frees everything. */
bool guest_walks_to_chair(cafe *c, motive_object *chair, motive_npc *guest, event_log *log);

#endif /* MOTIVE_CAFE_H */

/*
 * Joint actions through the C ABI, on the café's bench (cafe.h): sitting on it takes two
 * guests. The first to arrive waits in its slot (ACTION_WAITING); the second completes the
 * required slots and both are asked at once with one request id, the second leading; one report
 * through either ends it for both. A guest alone gives up after the timeout
 * (ACTION_TIMED_OUT). The bench's slot definitions read back; rejected definitions change
 * nothing.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "cafe.h"
#include "fixtures.h"
#include "motive_test.h"
#include "suites.h"
#include "wizard.h"

/* Spawns a guest and ticks until it claims a bench slot and walks there; reports the walk
 * done and polls what follows into `log`. */
static bool guest_arrives_at_bench(cafe *c, motive_npc *guest, event_log *log) {
    const motive_event *walk;
    ENSURE_STATUS_OR_RETURN(motive_npc_spawn(c->world, c->ids.guest, vec3(0.0f, 0.0f, 0.0f), guest),
                            MOTIVE_STATUS_OK, false);
    ENSURE_OR_RETURN(until_requested(c->world, *guest, log), false);
    walk = find_event(log, *guest, MOTIVE_EVENT_KIND_ACTION_REQUESTED);
    ENSURE_OR_RETURN(walk->action == c->ids.go_to, false);
    ENSURE_STATUS_OR_RETURN(motive_npc_report_action(c->world, *guest, walk->request,
                                                     MOTIVE_ACTION_OUTCOME_SUCCEEDED),
                            MOTIVE_STATUS_OK, false);
    log->count = 0;
    return poll_into(c->world, log);
}

/* Checks how `npc` takes part in its running action. */
static bool part_is(const motive_world *world, motive_npc npc, uint32_t part, motive_npc leader,
                    uint32_t request) {
    motive_running_action running;
    ENSURE_STATUS_OR_RETURN(motive_npc_running_action(world, npc, &running), MOTIVE_STATUS_OK,
                            false);
    ENSURE_OR_RETURN(running.part == part, false);
    ENSURE_OR_RETURN(npc_equal(running.leader, leader), false);
    ENSURE_OR_RETURN(running.request == request, false);
    return true;
}

static void test_two_guests_sit_on_the_bench_together(void) {
    cafe c;
    event_log log;
    motive_object bench;
    motive_npc first, second;
    const motive_event *waiting;
    const motive_event *asked_first;
    const motive_event *asked_second;
    motive_slot_state slots[3];
    size_t count = 0;
    uint32_t request;
    ENSURE(cafe_init(&c));
    ENSURE_OK(motive_object_spawn(c.world, c.ids.bench, vec3(0.0f, 0.0f, 5.0f), &bench));

    /* The first guest takes a required slot and waits there; nothing is requested. */
    ENSURE(guest_arrives_at_bench(&c, &first, &log));
    waiting = find_event(&log, first, MOTIVE_EVENT_KIND_ACTION_WAITING);
    ENSURE(waiting != NULL && waiting->action == c.ids.sit && waiting->slot == 1);
    ENSURE(entity_equal(waiting->target, motive_object_entity(bench)));
    ENSURE(find_event(&log, first, MOTIVE_EVENT_KIND_ACTION_REQUESTED) == NULL);
    request = waiting->request;
    ENSURE(part_is(c.world, first, MOTIVE_ACTION_PART_WAITING, NO_NPC, request));

    /* The second fills the other required slot: both are asked, with the wait's request. */
    ENSURE(guest_arrives_at_bench(&c, &second, &log));
    ENSURE(find_event(&log, second, MOTIVE_EVENT_KIND_ACTION_WAITING) != NULL);
    asked_first = find_event(&log, first, MOTIVE_EVENT_KIND_ACTION_REQUESTED);
    asked_second = find_event(&log, second, MOTIVE_EVENT_KIND_ACTION_REQUESTED);
    ENSURE(asked_first != NULL && asked_first->request == request && asked_first->slot == 1);
    ENSURE(asked_second != NULL && asked_second->request == request && asked_second->slot == 2);
    ENSURE(asked_second->action == c.ids.sit);
    ENSURE(part_is(c.world, first, MOTIVE_ACTION_PART_HELPING, second, request));
    ENSURE(part_is(c.world, second, MOTIVE_ACTION_PART_LEADING, second, request));

    /* One report, through the helper, seats both; a second report finds nothing. */
    ENSURE_OK(motive_npc_report_action(c.world, first, request, MOTIVE_ACTION_OUTCOME_SUCCEEDED));
    ENSURE_STATUS(
        motive_npc_report_action(c.world, second, request, MOTIVE_ACTION_OUTCOME_SUCCEEDED),
        MOTIVE_STATUS_NOT_FOUND);
    ENSURE(fact_is(c.world, motive_npc_entity(first), c.ids.seated, value_bool(true)));
    ENSURE(fact_is(c.world, motive_npc_entity(second), c.ids.seated, value_bool(true)));
    ENSURE_OK(motive_entity_slots(c.world, motive_object_entity(bench), slots, 3, &count));
    ENSURE(count == 3);
    ENSURE(npc_equal(slots[0].holder, NO_NPC) && npc_equal(slots[1].holder, NO_NPC) &&
           npc_equal(slots[2].holder, NO_NPC));
    cafe_free(&c);
}

static void test_a_guest_alone_leaves_the_bench_after_the_timeout(void) {
    cafe c;
    event_log log;
    motive_object bench;
    motive_npc guest;
    motive_running_action running;
    const motive_event *gave_up;
    ENSURE(cafe_init(&c));
    ENSURE_OK(motive_object_spawn(c.world, c.ids.bench, vec3(0.0f, 0.0f, 5.0f), &bench));
    ENSURE(guest_arrives_at_bench(&c, &guest, &log));
    ENSURE(tick_for(c.world, (int)(CAFE_BENCH_TIMEOUT * 10.0) - 1, &log));
    ENSURE(find_event(&log, guest, MOTIVE_EVENT_KIND_ACTION_TIMED_OUT) == NULL);
    ENSURE(tick_for(c.world, 2, &log));
    gave_up = find_event(&log, guest, MOTIVE_EVENT_KIND_ACTION_TIMED_OUT);
    ENSURE(gave_up != NULL && gave_up->action == c.ids.sit && gave_up->slot == 1);
    ENSURE(entity_equal(gave_up->target, motive_object_entity(bench)));
    ENSURE(claims_are(c.world, guest, NO_OBJECT, 0));
    SENTINEL(running);
    ENSURE_STATUS(motive_npc_running_action(c.world, guest, &running), MOTIVE_STATUS_NOT_FOUND);
    ENSURE_UNTOUCHED(running);
    cafe_free(&c);
}

static void test_slot_definitions_read_back(void) {
    cafe c;
    motive_slot_info slots[3];
    size_t count = 0;
    ENSURE(cafe_init(&c));
    ENSURE_STATUS(motive_domain_archetype_slots(c.domain, c.ids.bench, NULL, 0, &count),
                  MOTIVE_STATUS_BUFFER_TOO_SMALL);
    ENSURE(count == 3);
    ENSURE_OK(motive_domain_archetype_slots(c.domain, c.ids.bench, slots, 3, &count));
    ENSURE(!slots[0].required && slots[1].required && slots[2].required);
    ENSURE(vec3_equal(slots[0].offset, vec3(0.0f, 0.0f, 0.5f)));
    ENSURE(vec3_equal(slots[1].offset, vec3(-0.5f, 0.0f, 0.0f)));
    ENSURE(vec3_equal(slots[2].offset, vec3(0.5f, 0.0f, 0.0f)));
    ENSURE(vec3_equal(slots[2].facing, vec3(0.0f, 0.0f, 0.0f)));
    ENSURE_OK(motive_domain_archetype_slots(c.domain, c.ids.guest, NULL, 0, &count));
    ENSURE(count == 0);
    SENTINEL(count);
    ENSURE_STATUS(motive_domain_archetype_slots(c.domain, 999, slots, 3, &count),
                  MOTIVE_STATUS_NOT_FOUND);
    ENSURE_UNTOUCHED(count);
    ENSURE_STATUS(motive_domain_archetype_slots(NULL, c.ids.bench, slots, 3, &count),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_domain_archetype_slots(c.domain, c.ids.bench, slots, 3, NULL),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    cafe_free(&c);
}

static void test_rejected_joint_actions_change_nothing(void) {
    motive_domain_builder *b = NULL;
    cafe_ids ids;
    const double fine[2] = {0.5, 0.9};
    const double too_many[3] = {0.5, 0.6, 0.7};
    const double out_of_range[1] = {1.5};
    motive_domain *domain = NULL;
    motive_slot_info slots[3];
    size_t count = 0;
    ENSURE(cafe_builder(&b, &ids));
    /* A chair has no required slot; a guest does not supply sitting. */
    ENSURE_REJECTED(motive_domain_builder_set_joint_action(b, ids.chair, ids.sit, 1.0, NULL, 0),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("no required slot");
    ENSURE_REJECTED(motive_domain_builder_set_joint_action(b, ids.guest, ids.sit, 1.0, NULL, 0),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_REJECTED(motive_domain_builder_set_joint_action(b, ids.bench, 999, 1.0, NULL, 0),
                    MOTIVE_STATUS_NOT_FOUND);
    ENSURE_REJECTED(motive_domain_builder_set_joint_action(b, ids.bench, ids.sit, 0.0, NULL, 0),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_REJECTED(motive_domain_builder_set_joint_action(b, ids.bench, ids.sit, NAN, NULL, 0),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_REJECTED(
        motive_domain_builder_set_joint_action(b, ids.bench, ids.sit, 1.0, out_of_range, 1),
        MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_REJECTED(motive_domain_builder_set_joint_action(b, ids.bench, ids.sit, 1.0, too_many, 3),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("3 chances");
    ENSURE_REJECTED(motive_domain_builder_set_joint_action(b, ids.bench, ids.sit, 1.0, NULL, 2),
                    MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_REJECTED(motive_domain_builder_set_joint_action(NULL, ids.bench, ids.sit, 1.0, NULL, 0),
                    MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_OK(motive_domain_builder_set_joint_action(b, ids.bench, ids.sit, 1.0, fine, 2));
    ENSURE_OK(motive_domain_builder_build(b, &domain));
    ENSURE_OK(motive_domain_archetype_slots(domain, ids.bench, slots, 3, &count));
    ENSURE(count == 3);
    motive_domain_destroy(domain);
    motive_domain_builder_destroy(b);
}

void run_joint_action_tests(void) {
    RUN_TEST(test_two_guests_sit_on_the_bench_together);
    RUN_TEST(test_a_guest_alone_leaves_the_bench_after_the_timeout);
    RUN_TEST(test_slot_definitions_read_back);
    RUN_TEST(test_rejected_joint_actions_change_nothing);
}

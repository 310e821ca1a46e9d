/*
 * Smart objects through the C ABI, on the café of tests/smart_objects.rs: chairs with one
 * slot (goto, then sit), guests who want to be seated and VIPs whose claims take precedence.
 * A plan claims the chair's slot (CLAIM_GRANTED), a higher priority takes it while it is only
 * claimed (CLAIM_LOST and ACTION_CANCELLED for the loser), using it locks it and the request
 * carries the slot and the chair's own hints; destroying a held chair tells its holder
 * (OBJECT_DESTROYED). Slot filters by tag and by archetype; and the errors of each call, which
 * write nothing and change nothing.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "fixtures.h"
#include "motive_test.h"
#include "suites.h"
#include "wizard.h"

#include "cafe.h"


static void test_a_vip_takes_a_claimed_chair_and_sits_with_its_hints(void) {
    cafe c;
    event_log log;
    motive_object chair;
    motive_npc guest, vip;
    const motive_event *lost;
    const motive_event *cancelled;
    const motive_event *walk;
    const motive_event *sit;
    uint32_t guest_walk;
    ENSURE(guest_walks_to_chair(&c, &chair, &guest, &log));
    ENSURE(fact_is(c.world, motive_object_entity(chair), c.ids.occupied, value_bool(false)));
    guest_walk = find_event(&log, guest, MOTIVE_EVENT_KIND_ACTION_REQUESTED)->request;
    /* Walking up claims the slot but does not lock it. */
    ENSURE(one_slot_is(c.world, chair, guest, MOTIVE_CLAIM_PRIORITY_NORMAL, false));
    ENSURE(claims_are(c.world, guest, chair, 0));

    /* A VIP takes it: the guest loses its claim and its walk. */
    ENSURE_OK(motive_npc_spawn(c.world, c.ids.vip, vec3(0.0f, 0.0f, 0.0f), &vip));
    ENSURE(until_requested(c.world, vip, &log));
    lost = find_event(&log, guest, MOTIVE_EVENT_KIND_CLAIM_LOST);
    ENSURE(is_claim(lost, MOTIVE_EVENT_KIND_CLAIM_LOST, chair, 0));
    cancelled = find_event(&log, guest, MOTIVE_EVENT_KIND_ACTION_CANCELLED);
    ENSURE(cancelled != NULL && cancelled->request == guest_walk);
    ENSURE(is_claim(find_event(&log, vip, MOTIVE_EVENT_KIND_CLAIM_GRANTED),
                    MOTIVE_EVENT_KIND_CLAIM_GRANTED, chair, 0));
    ENSURE(one_slot_is(c.world, chair, vip, MOTIVE_CLAIM_PRIORITY_HIGH, false));
    ENSURE(claims_are(c.world, vip, chair, 0));
    ENSURE(claims_are(c.world, guest, NO_OBJECT, 0));

    /* Sitting: the request names the slot and carries the chair's hints; the slot is locked. */
    walk = find_event(&log, vip, MOTIVE_EVENT_KIND_ACTION_REQUESTED);
    ENSURE(walk->action == c.ids.go_to && walk->slot == 0);
    ENSURE_OK(motive_npc_report_action(c.world, vip, walk->request,
                                       MOTIVE_ACTION_OUTCOME_SUCCEEDED));
    log.count = 0;
    ENSURE(poll_into(c.world, &log));
    sit = find_event(&log, vip, MOTIVE_EVENT_KIND_ACTION_REQUESTED);
    ENSURE(sit != NULL && sit->action == c.ids.sit);
    ENSURE(entity_equal(sit->target, motive_object_entity(chair)));
    ENSURE(sit->slot == 0);
    ENSURE(sit->stand_off == 0.25 && sit->animation == 7 && !sit->face_target);
    ENSURE(one_slot_is(c.world, chair, vip, MOTIVE_CLAIM_PRIORITY_HIGH, true));

    /* Done sitting: the slot is free again and the VIP holds nothing. */
    ENSURE_OK(motive_npc_report_action(c.world, vip, sit->request,
                                       MOTIVE_ACTION_OUTCOME_SUCCEEDED));
    ENSURE(one_slot_is(c.world, chair, NO_NPC, MOTIVE_CLAIM_PRIORITY_NORMAL, false));
    ENSURE(claims_are(c.world, vip, NO_OBJECT, 0));
    cafe_free(&c);
}

static void test_destroying_a_held_chair_tells_its_holder(void) {
    cafe c;
    event_log log;
    motive_object chair;
    motive_npc guest;
    const motive_event *walk;
    const motive_event *gone;
    const motive_event *cancelled;
    size_t count;
    ENSURE(guest_walks_to_chair(&c, &chair, &guest, &log));
    walk = find_event(&log, guest, MOTIVE_EVENT_KIND_ACTION_REQUESTED);
    ENSURE_OK(motive_npc_report_action(c.world, guest, walk->request,
                                       MOTIVE_ACTION_OUTCOME_SUCCEEDED));
    log.count = 0;
    ENSURE(poll_into(c.world, &log));
    walk = find_event(&log, guest, MOTIVE_EVENT_KIND_ACTION_REQUESTED);
    ENSURE(walk != NULL && walk->action == c.ids.sit);
    ENSURE(one_slot_is(c.world, chair, guest, MOTIVE_CLAIM_PRIORITY_NORMAL, true));

    ENSURE_OK(motive_object_destroy(c.world, chair));
    log.count = 0;
    ENSURE(poll_into(c.world, &log));
    gone = find_event(&log, guest, MOTIVE_EVENT_KIND_OBJECT_DESTROYED);
    ENSURE(is_claim(gone, MOTIVE_EVENT_KIND_OBJECT_DESTROYED, chair, 0));
    cancelled = find_event(&log, guest, MOTIVE_EVENT_KIND_ACTION_CANCELLED);
    ENSURE(cancelled != NULL && cancelled->action == c.ids.sit);
    ENSURE(claims_are(c.world, guest, NO_OBJECT, 0));
    /* The chair's handle is stale now. */
    SENTINEL(count);
    ENSURE_STATUS(motive_entity_slots(c.world, motive_object_entity(chair), NULL, 0, &count),
                  MOTIVE_STATUS_STALE_HANDLE);
    ENSURE_UNTOUCHED(count);
    cafe_free(&c);
}

static void test_a_promoted_npc_takes_the_chair_from_an_equal(void) {
    cafe c;
    event_log log;
    motive_object chair;
    motive_npc first, second;
    ENSURE(guest_walks_to_chair(&c, &chair, &first, &log));
    /* Another guest sees a full chair: no plan, no claim. */
    ENSURE_OK(motive_npc_spawn(c.world, c.ids.guest, vec3(0.0f, 0.0f, 0.0f), &second));
    ENSURE(tick_for(c.world, 5, &log));
    ENSURE(find_event(&log, second, MOTIVE_EVENT_KIND_CLAIM_GRANTED) == NULL);
    ENSURE(find_event(&log, second, MOTIVE_EVENT_KIND_NO_PLAN) != NULL);
    /* Promoted, it takes the slot that is only claimed. */
    ENSURE_OK(motive_npc_set_claim_priority(c.world, second, MOTIVE_CLAIM_PRIORITY_HIGH));
    ENSURE(until_requested(c.world, second, &log));
    ENSURE(is_claim(find_event(&log, first, MOTIVE_EVENT_KIND_CLAIM_LOST),
                    MOTIVE_EVENT_KIND_CLAIM_LOST, chair, 0));
    ENSURE(one_slot_is(c.world, chair, second, MOTIVE_CLAIM_PRIORITY_HIGH, false));
    ENSURE(claims_are(c.world, second, chair, 0));
    cafe_free(&c);
}

static void test_slot_filters_choose_their_users(void) {
    cafe c;
    event_log log;
    motive_object staff_chair, vip_chair;
    motive_npc guest, waiter, vip;
    ENSURE(cafe_init(&c));
    ENSURE_OK(
        motive_object_spawn(c.world, c.ids.staff_chair, vec3(0.0f, 0.0f, 5.0f), &staff_chair));
    ENSURE_OK(motive_object_spawn(c.world, c.ids.vip_chair, vec3(0.0f, 0.0f, 6.0f), &vip_chair));
    /* Neither chair admits a guest. */
    ENSURE_OK(motive_npc_spawn(c.world, c.ids.guest, vec3(0.0f, 0.0f, 0.0f), &guest));
    ENSURE(tick_for(c.world, 5, &log));
    ENSURE(find_event(&log, guest, MOTIVE_EVENT_KIND_CLAIM_GRANTED) == NULL);
    ENSURE(find_event(&log, guest, MOTIVE_EVENT_KIND_NO_PLAN) != NULL);
    /* The waiter carries the staff tag; the VIP's archetype is the vip chair's only user. */
    ENSURE_OK(motive_npc_spawn(c.world, c.ids.waiter, vec3(0.0f, 0.0f, 0.0f), &waiter));
    ENSURE(until_requested(c.world, waiter, &log));
    ENSURE(is_claim(find_event(&log, waiter, MOTIVE_EVENT_KIND_CLAIM_GRANTED),
                    MOTIVE_EVENT_KIND_CLAIM_GRANTED, staff_chair, 0));
    ENSURE_OK(motive_npc_spawn(c.world, c.ids.vip, vec3(0.0f, 0.0f, 0.0f), &vip));
    ENSURE(until_requested(c.world, vip, &log));
    ENSURE(is_claim(find_event(&log, vip, MOTIVE_EVENT_KIND_CLAIM_GRANTED),
                    MOTIVE_EVENT_KIND_CLAIM_GRANTED, vip_chair, 0));
    ENSURE(one_slot_is(c.world, staff_chair, waiter, MOTIVE_CLAIM_PRIORITY_NORMAL, false));
    ENSURE(one_slot_is(c.world, vip_chair, vip, MOTIVE_CLAIM_PRIORITY_HIGH, false));
    ENSURE(claims_are(c.world, guest, NO_OBJECT, 0));
    cafe_free(&c);
}

static void test_tags_are_defined_and_found(void) {
    motive_domain_builder *b;
    motive_domain *domain = NULL;
    cafe_ids ids;
    motive_tag_id tag;
    ENSURE(cafe_builder(&b, &ids));
    ENSURE(ids.staff == 0);
    /* A duplicate or malformed name is rejected and uses up no id. */
    SENTINEL(tag);
    ENSURE_REJECTED(motive_domain_builder_add_tag(b, "staff", &tag), MOTIVE_STATUS_ALREADY_EXISTS);
    ENSURE_LAST_ERROR_CONTAINS("already defined");
    ENSURE_REJECTED(motive_domain_builder_add_tag(b, "9lives", &tag),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_REJECTED(motive_domain_builder_add_tag(b, NULL, &tag), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_REJECTED(motive_domain_builder_add_tag(b, "loud", NULL), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_domain_builder_add_tag(NULL, "loud", &tag), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_UNTOUCHED(tag);
    ENSURE_OK(motive_domain_builder_add_tag(b, "loud", &tag));
    ENSURE(tag == 1);
    ENSURE_OK(motive_domain_builder_build(b, &domain));
    motive_domain_builder_destroy(b);
    SENTINEL(tag);
    ENSURE_OK(motive_domain_find_tag(domain, "loud", &tag));
    ENSURE(tag == 1);
    ENSURE_OK(motive_domain_find_tag(domain, "staff", &tag));
    ENSURE(tag == 0);
    SENTINEL(tag);
    ENSURE_STATUS(motive_domain_find_tag(domain, "quiet", &tag), MOTIVE_STATUS_NOT_FOUND);
    ENSURE_LAST_ERROR_CONTAINS("the domain has no tag \"quiet\"");
    ENSURE_STATUS(motive_domain_find_tag(NULL, "loud", &tag), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_domain_find_tag(domain, NULL, &tag), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_domain_find_tag(domain, "loud", NULL), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_UNTOUCHED(tag);
    motive_domain_destroy(domain);
}

static void test_rejected_slots_write_nothing_and_add_nothing(void) {
    motive_domain_builder *b;
    motive_domain *domain = NULL;
    motive_world *world = NULL;
    motive_world_def def = motive_world_def_default();
    motive_object chair;
    cafe_ids ids;
    motive_slot_def slot = motive_slot_def_default();
    const motive_archetype_id unknown_archetype = 99;
    const motive_tag_id unknown_tag = 99;
    uint32_t index;
    size_t count;
    ENSURE(cafe_builder(&b, &ids));
    ENSURE(slot.struct_size == sizeof slot);
    ENSURE(vec3_equal(slot.offset, vec3(0.0f, 0.0f, 0.0f)) &&
           vec3_equal(slot.facing, vec3(0.0f, 0.0f, 0.0f)));
    ENSURE(!slot.required && slot.user_archetypes == NULL && slot.user_archetype_count == 0 &&
           slot.user_tags == NULL && slot.user_tag_count == 0);
    SENTINEL(index);
    ENSURE_STATUS(motive_domain_builder_add_slot(NULL, ids.chair, &slot, &index),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_REJECTED(motive_domain_builder_add_slot(b, ids.chair, NULL, &index),
                    MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_REJECTED(motive_domain_builder_add_slot(b, ids.chair, &slot, NULL),
                    MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_REJECTED(motive_domain_builder_add_slot(b, unknown_archetype, &slot, &index),
                    MOTIVE_STATUS_NOT_FOUND);
    /* A struct of another size is refused. */
    slot.struct_size = (uint32_t)sizeof slot - 8;
    ENSURE_REJECTED(motive_domain_builder_add_slot(b, ids.chair, &slot, &index),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("slot->struct_size");
    slot = motive_slot_def_default();
    /* Filters may name only archetypes and tags that exist. */
    slot.user_archetypes = &unknown_archetype;
    slot.user_archetype_count = 1;
    ENSURE_REJECTED(motive_domain_builder_add_slot(b, ids.chair, &slot, &index),
                    MOTIVE_STATUS_NOT_FOUND);
    slot = motive_slot_def_default();
    slot.user_tags = &unknown_tag;
    slot.user_tag_count = 1;
    ENSURE_REJECTED(motive_domain_builder_add_slot(b, ids.chair, &slot, &index),
                    MOTIVE_STATUS_NOT_FOUND);
    ENSURE_LAST_ERROR_CONTAINS("tag");
    /* A counted array must be there. */
    slot.user_tags = NULL;
    ENSURE_REJECTED(motive_domain_builder_add_slot(b, ids.chair, &slot, &index),
                    MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("slot->user_tags is NULL");
    /* Offsets and facings must be finite. */
    slot = motive_slot_def_default();
    slot.offset = vec3(INFINITY, 0.0f, 0.0f);
    ENSURE_REJECTED(motive_domain_builder_add_slot(b, ids.chair, &slot, &index),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("offset must be finite");
    slot = motive_slot_def_default();
    slot.facing = vec3(0.0f, NAN, 0.0f);
    ENSURE_REJECTED(motive_domain_builder_add_slot(b, ids.chair, &slot, &index),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_UNTOUCHED(index);
    /* Nothing was added: the chair still has one slot... */
    ENSURE_OK(motive_domain_builder_build(b, &domain));
    ENSURE_OK(motive_world_create(domain, &def, &world));
    ENSURE_OK(motive_object_spawn(world, ids.chair, vec3(0.0f, 0.0f, 0.0f), &chair));
    ENSURE_STATUS(motive_entity_slots(world, motive_object_entity(chair), NULL, 0, &count),
                  MOTIVE_STATUS_BUFFER_TOO_SMALL);
    ENSURE(count == 1);
    motive_world_destroy(world);
    motive_domain_destroy(domain);
    /* ...and the next slot gets the index a rejected one would have had. `required` is read as
     * a byte, so any non-zero byte a caller stored there is sound (and true). */
    slot = motive_slot_def_default();
    slot.offset = vec3(0.5f, 0.0f, 0.0f);
    memset(&slot.required, 0x7F, sizeof slot.required);
    slot.user_archetypes = &ids.guest;
    slot.user_archetype_count = 1;
    slot.user_tags = &ids.staff;
    slot.user_tag_count = 1;
    ENSURE_OK(motive_domain_builder_add_slot(b, ids.chair, &slot, &index));
    ENSURE(index == 1);
    ENSURE(builds(b));
    motive_domain_builder_destroy(b);
}

static void test_rejected_archetype_settings_change_nothing(void) {
    motive_domain_builder *b;
    motive_domain *domain = NULL;
    motive_world *world = NULL;
    motive_world_def def = motive_world_def_default();
    motive_object chair;
    cafe_ids ids;
    const motive_value number = value_number(1.0);
    motive_value bad_type = value_bool(true);
    motive_value value;
    motive_entity someone;
    ENSURE(cafe_builder(&b, &ids));
    /* Tags: unknown tag or archetype. */
    ENSURE_STATUS(motive_domain_builder_add_archetype_tag(NULL, ids.waiter, ids.staff),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_REJECTED(motive_domain_builder_add_archetype_tag(b, ids.waiter, 99),
                    MOTIVE_STATUS_NOT_FOUND);
    ENSURE_REJECTED(motive_domain_builder_add_archetype_tag(b, 99, ids.staff),
                    MOTIVE_STATUS_NOT_FOUND);
    ENSURE_OK(motive_domain_builder_add_archetype_tag(b, ids.waiter, ids.staff));
    /* Contention: a known kind, a finite penalty >= 0 and a utility factor in [0, 1] (read
     * only for PENALTY). */
    ENSURE_REJECTED(motive_domain_builder_set_contention(b, ids.guest, 2, 1.0, 1.0),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_REJECTED(
        motive_domain_builder_set_contention(b, ids.guest, MOTIVE_CONTENTION_PENALTY, -1.0, 1.0),
        MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("contention penalty");
    ENSURE_REJECTED(
        motive_domain_builder_set_contention(b, ids.guest, MOTIVE_CONTENTION_PENALTY, NAN, 1.0),
        MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_REJECTED(
        motive_domain_builder_set_contention(b, ids.guest, MOTIVE_CONTENTION_PENALTY, 1.0, 1.5),
        MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("utility factor");
    ENSURE_REJECTED(
        motive_domain_builder_set_contention(b, 99, MOTIVE_CONTENTION_EXCLUDE, 0.0, 1.0),
        MOTIVE_STATUS_NOT_FOUND);
    ENSURE_OK(
        motive_domain_builder_set_contention(b, ids.guest, MOTIVE_CONTENTION_EXCLUDE, NAN, NAN));
    ENSURE_OK(
        motive_domain_builder_set_contention(b, ids.vip, MOTIVE_CONTENTION_PENALTY, 2.5, 0.5));
    /* Starting state: the attribute's type, finite, no entity, a known type tag. */
    ENSURE_STATUS(motive_domain_builder_set_archetype_state(NULL, ids.chair, ids.seated, &number),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_REJECTED(motive_domain_builder_set_archetype_state(b, ids.chair, ids.seated, NULL),
                    MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_REJECTED(motive_domain_builder_set_archetype_state(b, ids.chair, ids.seated, &number),
                    MOTIVE_STATUS_TYPE_MISMATCH);
    ENSURE_REJECTED(motive_domain_builder_set_archetype_state(b, ids.chair, 99, &number),
                    MOTIVE_STATUS_NOT_FOUND);
    bad_type.type = 0;
    ENSURE_REJECTED(motive_domain_builder_set_archetype_state(b, ids.chair, ids.seated, &bad_type),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("value: type is 0");
    someone.index1 = 1;
    someone.generation = 0;
    someone.world = 1;
    value = value_entity(someone);
    ENSURE_REJECTED(motive_domain_builder_set_archetype_state(b, ids.chair, ids.at, &value),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("null entity");
    /* Hints: a supplied action, a finite stand-off >= 0. */
    ENSURE_STATUS(motive_domain_builder_set_archetype_hints(NULL, ids.chair, ids.sit, 1.0, 0, true),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_REJECTED(motive_domain_builder_set_archetype_hints(b, ids.guest, ids.sit, 1.0, 0, true),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("does not supply");
    ENSURE_REJECTED(motive_domain_builder_set_archetype_hints(b, ids.chair, 99, 1.0, 0, true),
                    MOTIVE_STATUS_NOT_FOUND);
    ENSURE_REJECTED(motive_domain_builder_set_archetype_hints(b, 99, ids.sit, 1.0, 0, true),
                    MOTIVE_STATUS_NOT_FOUND);
    ENSURE_REJECTED(motive_domain_builder_set_archetype_hints(b, ids.chair, ids.sit, -1.0, 0, true),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_REJECTED(
        motive_domain_builder_set_archetype_hints(b, ids.chair, ids.sit, NAN, 0, true),
        MOTIVE_STATUS_INVALID_ARGUMENT);
    /* Claim priority: a known archetype. */
    ENSURE_STATUS(motive_domain_builder_set_claim_priority(NULL, ids.vip, 1),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_REJECTED(motive_domain_builder_set_claim_priority(b, 99, 1), MOTIVE_STATUS_NOT_FOUND);
    /* The chair starts as before: occupied false, nothing about `seated` or `at`. */
    ENSURE_OK(motive_domain_builder_build(b, &domain));
    motive_domain_builder_destroy(b);
    ENSURE_OK(motive_world_create(domain, &def, &world));
    ENSURE_OK(motive_object_spawn(world, ids.chair, vec3(0.0f, 0.0f, 0.0f), &chair));
    ENSURE(fact_is(world, motive_object_entity(chair), ids.occupied, value_bool(false)));
    SENTINEL(value);
    ENSURE_STATUS(motive_entity_get_fact(world, motive_object_entity(chair), ids.seated, &value),
                  MOTIVE_STATUS_NOT_FOUND);
    ENSURE_STATUS(motive_entity_get_fact(world, motive_object_entity(chair), ids.at, &value),
                  MOTIVE_STATUS_NOT_FOUND);
    ENSURE_UNTOUCHED(value);
    motive_world_destroy(world);
    motive_domain_destroy(domain);
}

static void test_slot_and_claim_calls_check_their_arguments(void) {
    cafe c;
    event_log log;
    motive_object chair;
    motive_npc guest, stale;
    motive_slot_state slots[2];
    motive_claim claims[2];
    size_t count;
    ENSURE(guest_walks_to_chair(&c, &chair, &guest, &log));
    SENTINEL(count);
    SENTINEL(slots);
    SENTINEL(claims);
    ENSURE_STATUS(motive_entity_slots(NULL, motive_object_entity(chair), slots, 2, &count),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_entity_slots(c.world, motive_object_entity(chair), slots, 2, NULL),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_entity_slots(c.world, motive_object_entity(chair), NULL, 2, &count),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_entity_slots(c.world, motive_object_entity(NO_OBJECT), slots, 2, &count),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_STATUS(motive_npc_claims(NULL, guest, claims, 2, &count), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_npc_claims(c.world, guest, claims, 2, NULL), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_npc_claims(c.world, guest, NULL, 1, &count), MOTIVE_STATUS_NULL_ARGUMENT);
    /* A smart object has no mind to claim with. */
    ENSURE_STATUS(motive_npc_claims(c.world, motive_entity_as_npc(motive_object_entity(chair)),
                                    claims, 2, &count),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_STATUS(motive_npc_set_claim_priority(NULL, guest, 1), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_npc_set_claim_priority(
                      c.world, motive_entity_as_npc(motive_object_entity(chair)), 1),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_UNTOUCHED(count);
    /* Too small a buffer: the count, and nothing copied. */
    ENSURE_STATUS(motive_entity_slots(c.world, motive_object_entity(chair), slots, 0, &count),
                  MOTIVE_STATUS_BUFFER_TOO_SMALL);
    ENSURE(count == 1);
    ENSURE_STATUS(motive_npc_claims(c.world, guest, claims, 0, &count),
                  MOTIVE_STATUS_BUFFER_TOO_SMALL);
    ENSURE(count == 1);
    ENSURE_UNTOUCHED(slots);
    ENSURE_UNTOUCHED(claims);
    /* A count query (NULL and 0) reports the count as too small a buffer does; an NPC whose
     * archetype has no slots has none. */
    SENTINEL(count);
    ENSURE_STATUS(motive_entity_slots(c.world, motive_object_entity(chair), NULL, 0, &count),
                  MOTIVE_STATUS_BUFFER_TOO_SMALL);
    ENSURE(count == 1);
    SENTINEL(count);
    ENSURE_OK(motive_entity_slots(c.world, motive_npc_entity(guest), NULL, 0, &count));
    ENSURE(count == 0);
    ENSURE_OK(motive_entity_slots(c.world, motive_npc_entity(guest), slots, 2, &count));
    ENSURE(count == 0);
    /* Stale NPC handles. */
    stale = guest;
    ENSURE_OK(motive_npc_destroy(c.world, guest));
    SENTINEL(count);
    ENSURE_STATUS(motive_npc_claims(c.world, stale, claims, 2, &count),
                  MOTIVE_STATUS_STALE_HANDLE);
    ENSURE_STATUS(motive_entity_slots(c.world, motive_npc_entity(stale), slots, 2, &count),
                  MOTIVE_STATUS_STALE_HANDLE);
    ENSURE_STATUS(motive_npc_set_claim_priority(c.world, stale, 1), MOTIVE_STATUS_STALE_HANDLE);
    ENSURE_UNTOUCHED(count);
    /* Its claim went with it. */
    ENSURE(one_slot_is(c.world, chair, NO_NPC, MOTIVE_CLAIM_PRIORITY_NORMAL, false));
    cafe_free(&c);
}

static void test_find_suppliers_sees_what_the_planners_see(void) {
    cafe c;
    event_log log;
    motive_object near, far;
    motive_npc first, second;
    motive_found found[4];
    size_t count = 0;
    const motive_vec3 origin = vec3(0.0f, 0.0f, 0.0f);
    ENSURE(cafe_init(&c));
    ENSURE_OK(motive_object_spawn(c.world, c.ids.chair, vec3(0.0f, 0.0f, 1.0f), &near));
    ENSURE_OK(motive_object_spawn(c.world, c.ids.chair, vec3(0.0f, 0.0f, 9.0f), &far));
    ENSURE_OK(motive_npc_spawn(c.world, c.ids.guest, origin, &first));
    ENSURE(until_requested(c.world, first, &log));
    ENSURE(one_slot_is(c.world, near, first, MOTIVE_CLAIM_PRIORITY_NORMAL, false));
    ENSURE_OK(motive_npc_spawn(c.world, c.ids.guest, origin, &second));
    /* Anyone: both chairs, nearest first; the count comes back when the buffer is short. */
    ENSURE_STATUS(
        motive_world_find_suppliers(c.world, c.ids.sit, origin, INFINITY, NO_NPC, NULL, 0, &count),
        MOTIVE_STATUS_BUFFER_TOO_SMALL);
    ENSURE(count == 2);
    ENSURE_OK(
        motive_world_find_suppliers(c.world, c.ids.sit, origin, INFINITY, NO_NPC, found, 4, &count));
    ENSURE(count == 2 && found[0].distance == 1.0 && found[1].distance == 9.0);
    ENSURE(entity_equal(found[0].entity, motive_object_entity(near)));
    /* Within 5 units: the near one only. */
    ENSURE_OK(motive_world_find_suppliers(c.world, c.ids.sit, origin, 5.0, NO_NPC, found, 4, &count));
    ENSURE(count == 1);
    /* For the second guest the claimed chair is not a candidate. */
    ENSURE_OK(
        motive_world_find_suppliers(c.world, c.ids.sit, origin, INFINITY, second, found, 4, &count));
    ENSURE(count == 1 && entity_equal(found[0].entity, motive_object_entity(far)));
    /* Bad queries write nothing. */
    SENTINEL(count);
    ENSURE_STATUS(motive_world_find_suppliers(c.world, 99, origin, 1.0, NO_NPC, found, 4, &count),
                  MOTIVE_STATUS_NOT_FOUND);
    ENSURE_STATUS(motive_world_find_suppliers(c.world, c.ids.sit, origin, NAN, NO_NPC, found, 4,
                                              &count),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_STATUS(motive_world_find_suppliers(c.world, c.ids.sit, vec3(NAN, 0.0f, 0.0f), 1.0,
                                              NO_NPC, found, 4, &count),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_UNTOUCHED(count);
    ENSURE_STATUS(
        motive_world_find_suppliers(c.world, c.ids.sit, origin, 1.0, NO_NPC, found, 4, NULL),
        MOTIVE_STATUS_NULL_ARGUMENT);
    cafe_free(&c);
}

void run_smart_object_tests(void) {
    RUN_TEST(test_a_vip_takes_a_claimed_chair_and_sits_with_its_hints);
    RUN_TEST(test_destroying_a_held_chair_tells_its_holder);
    RUN_TEST(test_a_promoted_npc_takes_the_chair_from_an_equal);
    RUN_TEST(test_slot_filters_choose_their_users);
    RUN_TEST(test_tags_are_defined_and_found);
    RUN_TEST(test_rejected_slots_write_nothing_and_add_nothing);
    RUN_TEST(test_rejected_archetype_settings_change_nothing);
    RUN_TEST(test_slot_and_claim_calls_check_their_arguments);
    RUN_TEST(test_find_suppliers_sees_what_the_planners_see);
}

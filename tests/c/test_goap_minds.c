/*
 * GOAP NPCs in a world through the C ABI: a think plans through the world's queue and the
 * plan runs as events; the decision and each goal's relevance explain it; a failed action is
 * left out of the replan (S:105 of 003_a22f8616c585d8bb.txt); bias, interrupts and the
 * per-tick budget; and the errors of each call. Direct (arena) planning is in test_goap.c.
 */
#include <stdint.h>
#include <string.h>

#include "fixtures.h"
#include "motive_test.h"
#include "suites.h"

#define DEFINE(call) ENSURE_STATUS_OR_RETURN(call, MOTIVE_STATUS_OK, false)

typedef struct pills {
    motive_domain *domain;
    motive_world *world;
    motive_attribute at_pills, has_pills, medicated;
    motive_action_id goto_pills, get_pills, backup, give;
    motive_goap_goal_id medicate, tidy;
    motive_npc nurse;
} pills;

static motive_condition is(motive_attribute attribute, bool value) {
    motive_condition c;
    memset(&c, 0, sizeof c);
    c.kind = MOTIVE_CONDITION_KIND_COMPARE;
    c.role = MOTIVE_ROLE_CONSUMER;
    c.attribute = attribute;
    c.op = MOTIVE_CMP_OP_EQ;
    c.rhs.kind = MOTIVE_OPERAND_KIND_CONSTANT;
    c.rhs.constant = value_bool(value);
    return c;
}

static motive_effect set(motive_attribute attribute, bool value) {
    motive_effect e;
    memset(&e, 0, sizeof e);
    e.role = MOTIVE_ROLE_CONSUMER;
    e.op = MOTIVE_EFFECT_OP_SET;
    e.attribute = attribute;
    e.amount.kind = MOTIVE_OPERAND_KIND_CONSTANT;
    e.amount.constant = value_bool(value);
    return e;
}

static bool action(motive_domain_builder *b, const char *name, double cost,
                   const motive_condition *pre, const motive_effect *eff, size_t effects,
                   motive_action_id *out) {
    motive_action_planning planning = motive_action_planning_default();
    size_t i;
    DEFINE(motive_domain_builder_add_action(b, name, out));
    planning.cost = cost;
    DEFINE(motive_domain_builder_set_action_planning(b, *out, &planning));
    if (pre != NULL) {
        DEFINE(motive_domain_builder_add_precondition(b, *out, pre));
    }
    for (i = 0; i < effects; i++) {
        DEFINE(motive_domain_builder_add_effect(b, *out, &eff[i]));
    }
    return true;
}

static bool goal(motive_domain_builder *b, const char *name, double relevance,
                 motive_condition requirement, motive_goap_goal_id *out) {
    motive_relevance r;
    memset(&r, 0, sizeof r);
    r.kind = MOTIVE_RELEVANCE_KIND_FIXED;
    r.value = relevance;
    DEFINE(motive_domain_builder_add_goap_goal(b, name, 1, &r, out));
    DEFINE(motive_domain_builder_add_goap_requirement(b, *out, &requirement));
    return true;
}

/* Sloan et al. 2011, Fig. 2 (S:112), with one nurse supplying herself every action, and a
 * second, less relevant goal ("tidy": at_pills false). */
static bool define(motive_domain_builder *b, pills *p) {
    motive_archetype_id nurse;
    motive_action_id all[4];
    motive_effect e[2];
    motive_condition c;
    size_t i;
    DEFINE(motive_domain_builder_add_attribute(b, "at_pills", MOTIVE_VALUE_TYPE_BOOL,
                                               &p->at_pills));
    DEFINE(motive_domain_builder_add_attribute(b, "has_pills", MOTIVE_VALUE_TYPE_BOOL,
                                               &p->has_pills));
    DEFINE(motive_domain_builder_add_attribute(b, "medicated", MOTIVE_VALUE_TYPE_BOOL,
                                               &p->medicated));
    e[0] = set(p->at_pills, true);
    ENSURE_OR_RETURN(action(b, "goto_pills", 1.0, NULL, e, 1, &p->goto_pills), false);
    c = is(p->at_pills, true);
    e[0] = set(p->has_pills, true);
    ENSURE_OR_RETURN(action(b, "get_pills", 10.0, &c, e, 1, &p->get_pills), false);
    ENSURE_OR_RETURN(action(b, "get_backup_pills", 30.0, NULL, e, 1, &p->backup), false);
    c = is(p->has_pills, true);
    e[0] = set(p->has_pills, false);
    e[1] = set(p->medicated, true);
    ENSURE_OR_RETURN(action(b, "give_pills", 1.0, &c, e, 2, &p->give), false);
    ENSURE_OR_RETURN(goal(b, "medicate", 0.9, is(p->medicated, true), &p->medicate), false);
    ENSURE_OR_RETURN(goal(b, "tidy", 0.2, is(p->at_pills, false), &p->tidy), false);
    DEFINE(motive_domain_builder_add_archetype(b, "nurse", &nurse));
    all[0] = p->goto_pills;
    all[1] = p->get_pills;
    all[2] = p->backup;
    all[3] = p->give;
    for (i = 0; i < 4; i++) {
        DEFINE(motive_domain_builder_add_consumed_action(b, nurse, all[i]));
        DEFINE(motive_domain_builder_add_supplied_action(b, nurse, all[i]));
    }
    DEFINE(motive_domain_builder_add_archetype_goap_goal(b, nurse, p->medicate));
    DEFINE(motive_domain_builder_add_archetype_goap_goal(b, nurse, p->tidy));
    DEFINE(motive_domain_builder_build(b, &p->domain));
    {
        motive_world_def def = motive_world_def_default();
        def.plan_budget_per_tick = 3;
        DEFINE(motive_world_create(p->domain, &def, &p->world));
    }
    DEFINE(motive_npc_spawn(p->world, nurse, vec3(0.0f, 0.0f, 0.0f), &p->nurse));
    return true;
}

static bool pills_init(pills *p) {
    motive_domain_builder *b = NULL;
    bool made;
    memset(p, 0, sizeof *p);
    ENSURE_STATUS_OR_RETURN(motive_domain_builder_create(&b), MOTIVE_STATUS_OK, false);
    made = define(b, p);
    motive_domain_builder_destroy(b);
    return made;
}

static void pills_free(pills *p) {
    motive_world_destroy(p->world);
    motive_domain_destroy(p->domain);
}

/* Polls and returns the one request expected, or a request with action MOTIVE_NO_ID. */
static motive_event next_request(motive_world *world) {
    motive_event events[8];
    motive_event none;
    size_t count = 0;
    size_t i;
    memset(&none, 0, sizeof none);
    none.action = MOTIVE_NO_ID;
    if (motive_world_poll_events(world, events, 8, &count) != MOTIVE_STATUS_OK) {
        return none;
    }
    for (i = 0; i < count; i++) {
        if (events[i].kind == MOTIVE_EVENT_KIND_ACTION_REQUESTED) {
            return events[i];
        }
    }
    return none;
}

static void test_a_budgeted_think_plans_over_ticks_and_explains_itself(void) {
    pills p;
    motive_goap_decision d;
    motive_goap_goal_state goals[4];
    motive_event request;
    size_t count = 0;
    uint32_t spent = 0;
    int ticks = 0;
    ENSURE(pills_init(&p));
    /* Three expansions per tick: the request waits in the queue across ticks. */
    do {
        ENSURE_OK(motive_world_tick(p.world, 0.05));
        ENSURE_OK(motive_world_last_tick_expansions(p.world, &spent));
        ENSURE(spent <= 3);
        request = next_request(p.world);
        ticks++;
    } while (request.action == MOTIVE_NO_ID && ticks < 100);
    ENSURE(request.action == p.goto_pills);
    ENSURE_OK(motive_npc_goap_decision(p.world, p.nurse, &d));
    ENSURE(d.goal == p.medicate && d.result == MOTIVE_SEARCH_RESULT_FOUND);
    ENSURE(d.cost == 12.0 && d.tried == 1 && !d.fallback && !d.queued);
    ENSURE(d.expanded >= 3);
    ENSURE_OK(motive_npc_goap_goals(p.world, p.nurse, goals, 4, &count));
    ENSURE(count == 2);
    ENSURE(goals[0].goal == p.medicate && goals[0].relevance == 0.9 && !goals[0].satisfied);
    ENSURE(goals[1].goal == p.tidy && goals[1].relevance == 0.2 && goals[1].satisfied);
    ENSURE_STATUS(motive_npc_goap_goals(p.world, p.nurse, goals, 1, &count),
                  MOTIVE_STATUS_BUFFER_TOO_SMALL);
    ENSURE(count == 2);
    pills_free(&p);
}

static void test_a_failed_action_is_left_out_of_the_replan(void) {
    pills p;
    motive_event request;
    ENSURE(pills_init(&p));
    ENSURE_OK(motive_npc_think_now(p.world, p.nurse));
    request = next_request(p.world);
    ENSURE(request.action == p.goto_pills);
    ENSURE_OK(motive_npc_report_action(p.world, p.nurse, request.request,
                                       MOTIVE_ACTION_OUTCOME_SUCCEEDED));
    request = next_request(p.world);
    ENSURE(request.action == p.get_pills);
    ENSURE_OK(motive_npc_report_action(p.world, p.nurse, request.request,
                                       MOTIVE_ACTION_OUTCOME_FAILED));
    ENSURE_OK(motive_npc_think_now(p.world, p.nurse));
    request = next_request(p.world);
    ENSURE(request.action == p.backup);
    pills_free(&p);
}

static void test_bias_and_interrupts_reselect_the_goal(void) {
    pills p;
    motive_goap_decision d;
    motive_event events[8];
    const motive_value yes = value_bool(true);
    size_t count = 0;
    size_t i;
    bool cancelled = false;
    motive_event request;
    ENSURE(pills_init(&p));
    ENSURE_OK(motive_npc_think_now(p.world, p.nurse));
    request = next_request(p.world);
    ENSURE(request.action == p.goto_pills);
    /* Being at the pills breaks tidy; a superior biases tidy above medicate (0.2 + 0.8 > 0.9)
     * and interrupts. The running goto is cancelled; tidy, tried first, has no plan (no action
     * leaves the pills), so medicate is planned again from where the nurse is. */
    ENSURE_OK(motive_entity_set_fact(p.world, motive_npc_entity(p.nurse), p.at_pills, &yes));
    ENSURE_OK(motive_npc_set_goal_bias(p.world, p.nurse, p.tidy, 0.8));
    ENSURE_OK(motive_npc_interrupt(p.world, p.nurse));
    ENSURE_OK(motive_npc_think_now(p.world, p.nurse));
    ENSURE_OK(motive_world_poll_events(p.world, events, 8, &count));
    for (i = 0; i < count; i++) {
        if (events[i].kind == MOTIVE_EVENT_KIND_ACTION_CANCELLED) {
            cancelled = events[i].request == request.request;
        }
    }
    ENSURE(cancelled);
    ENSURE_OK(motive_npc_goap_decision(p.world, p.nurse, &d));
    ENSURE(d.goal == p.medicate && d.tried == 2 && d.cost == 11.0);
    /* Bias must be finite; a goal id that does not exist is refused. */
    ENSURE_STATUS(motive_npc_set_goal_bias(p.world, p.nurse, p.tidy, 1.0 / 0.0),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_STATUS(motive_npc_set_goal_bias(p.world, p.nurse, 99, 0.1), MOTIVE_STATUS_NOT_FOUND);
    pills_free(&p);
}

static void test_goap_mind_calls_check_their_arguments(void) {
    pills p;
    motive_goap_decision d;
    size_t count = 0;
    uint32_t spent = 0;
    motive_npc stale;
    ENSURE(pills_init(&p));
    SENTINEL(d);
    ENSURE_STATUS(motive_npc_goap_decision(NULL, p.nurse, &d), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_npc_goap_decision(p.world, p.nurse, NULL), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_npc_goap_goals(p.world, p.nurse, NULL, 0, NULL),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_npc_interrupt(NULL, p.nurse), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_world_last_tick_expansions(p.world, NULL), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_OK(motive_world_last_tick_expansions(p.world, &spent));
    stale = p.nurse;
    ENSURE_OK(motive_npc_destroy(p.world, p.nurse));
    ENSURE_STATUS(motive_npc_goap_decision(p.world, stale, &d), MOTIVE_STATUS_STALE_HANDLE);
    ENSURE_STATUS(motive_npc_interrupt(p.world, stale), MOTIVE_STATUS_STALE_HANDLE);
    ENSURE_STATUS(motive_npc_goap_goals(p.world, stale, NULL, 0, &count),
                  MOTIVE_STATUS_STALE_HANDLE);
    ENSURE_UNTOUCHED(d);
    pills_free(&p);
}

void run_goap_mind_tests(void) {
    RUN_TEST(test_a_budgeted_think_plans_over_ticks_and_explains_itself);
    RUN_TEST(test_a_failed_action_is_left_out_of_the_replan);
    RUN_TEST(test_bias_and_interrupts_reselect_the_goal);
    RUN_TEST(test_goap_mind_calls_check_their_arguments);
}

/*
 * The event protocol through the C ABI, on the thesis's Appendix A (tests/udgoap_world.rs
 * checks the same in Rust): the wizard's plan runs as requests the engine polls and reports
 * on, effects apply on success, the drunk potion is announced as ended, a failed or
 * invalidated action or plan makes the NPC replan; polling moves at most its capacity, oldest first;
 * bad reports change nothing.
 */
#include <stdint.h>

#include "fixtures.h"
#include "motive_test.h"
#include "suites.h"
#include "wizard.h"

#define MAX_EVENTS 8

static bool think(wizard_world *w) {
    ENSURE_STATUS_OR_RETURN(motive_npc_think_now(w->world, w->wizard), MOTIVE_STATUS_OK, false);
    return true;
}

/* Sets up Appendix A and lets the wizard decide: its goto request is pending. On failure
 * frees everything and returns false. */
static bool appendix_a_decided(wizard_world *w) {
    ENSURE_OR_RETURN(wizard_world_init(w), false);
    if (!think(w)) {
        wizard_world_free(w);
        return false;
    }
    return true;
}

/* Polls at most `capacity` events into `events` and checks that `expected` came. */
static bool poll_expect(motive_world *world, motive_event *events, size_t capacity,
                        size_t expected) {
    size_t count;
    SENTINEL(count);
    ENSURE_STATUS_OR_RETURN(motive_world_poll_events(world, events, capacity, &count),
                            MOTIVE_STATUS_OK, false);
    ENSURE_OR_RETURN(count == expected, false);
    return true;
}

static bool event_is(const motive_event *event, uint32_t kind, motive_npc npc, uint32_t action,
                     motive_entity target) {
    ENSURE_OR_RETURN(event->kind == kind, false);
    ENSURE_OR_RETURN(entity_equal(event->npc, motive_npc_entity(npc)), false);
    ENSURE_OR_RETURN(event->action == action, false);
    ENSURE_OR_RETURN(entity_equal(event->target, target), false);
    return true;
}

/* Checks that `npc` is performing request `request`, `action` on `target`. */
static bool running_is(const motive_world *world, motive_npc npc, motive_action_id action,
                       motive_entity target, uint32_t request) {
    motive_running_action running;
    ENSURE_STATUS_OR_RETURN(motive_npc_running_action(world, npc, &running), MOTIVE_STATUS_OK,
                            false);
    ENSURE_OR_RETURN(running.action == action && running.request == request, false);
    ENSURE_OR_RETURN(entity_equal(running.target, target), false);
    return true;
}

static bool is_idle(const motive_world *world, motive_npc npc) {
    motive_running_action running;
    SENTINEL(running);
    ENSURE_STATUS_OR_RETURN(motive_npc_running_action(world, npc, &running),
                            MOTIVE_STATUS_NOT_FOUND, false);
    ENSURE_OR_RETURN(motive_test_is_sentinel(&running, sizeof running), false);
    return true;
}

/* The number of steps motive_npc_plan reports for `npc`, or SIZE_MAX when it cannot. */
static size_t plan_length(const motive_world *world, motive_npc npc) {
    size_t count = SIZE_MAX;
    const motive_status status = motive_npc_plan(world, npc, NULL, 0, &count);
    if (status != MOTIVE_STATUS_OK && status != MOTIVE_STATUS_BUFFER_TOO_SMALL) {
        return SIZE_MAX;
    }
    return count;
}

static bool number_is(const motive_world *world, motive_entity entity,
                      motive_attribute attribute, double expected) {
    return fact_is(world, entity, attribute, value_number(expected));
}

static motive_status report(const wizard_world *w, uint32_t request, uint32_t outcome) {
    return motive_npc_report_action(w->world, w->wizard, request, outcome);
}

static void test_appendix_a_plan_runs_through_the_event_protocol(void) {
    wizard_world w;
    motive_event events[MAX_EVENTS];
    motive_entity wizard;
    motive_entity potion;
    motive_entity goblin;
    uint32_t go_to;
    uint32_t drink;
    uint32_t lightning;
    ENSURE(appendix_a_decided(&w));
    wizard = motive_npc_entity(w.wizard);
    potion = motive_object_entity(w.potion);
    goblin = motive_npc_entity(w.goblin);
    /* goto(potion) is requested... */
    SENTINEL(events);
    ENSURE(poll_expect(w.world, events, MAX_EVENTS, 1));
    ENSURE(event_is(&events[0], MOTIVE_EVENT_KIND_ACTION_REQUESTED, w.wizard, w.ids.go_to,
                    potion));
    ENSURE(events[0].request != 0 && events[0].stand_off == 0.0 && events[0].animation == 0);
    ENSURE_UNTOUCHED(events[1]);
    go_to = events[0].request;
    ENSURE(running_is(w.world, w.wizard, w.ids.go_to, potion, go_to));
    /* ...the engine walks there and reports it; reporting it twice is an error. */
    ENSURE_OK(report(&w, go_to, MOTIVE_ACTION_OUTCOME_SUCCEEDED));
    ENSURE_STATUS(report(&w, go_to, MOTIVE_ACTION_OUTCOME_SUCCEEDED), MOTIVE_STATUS_NOT_FOUND);
    ENSURE(position_is(w.world, wizard, vec3(0.0f, 0.0f, 10.0f)));
    /* The goblin, 10 away, is out of reach: no strike on the way. */
    ENSURE(number_is(w.world, wizard, w.ids.health, 15.0));
    /* drink(potion) is next; the plan reads from the running step on. */
    ENSURE(poll_expect(w.world, events, MAX_EVENTS, 1));
    ENSURE(event_is(&events[0], MOTIVE_EVENT_KIND_ACTION_REQUESTED, w.wizard, w.ids.drink,
                    potion));
    drink = events[0].request;
    ENSURE(drink != 0 && drink != go_to);
    ENSURE(running_is(w.world, w.wizard, w.ids.drink, potion, drink));
    ENSURE(plan_length(w.world, w.wizard) == 2);
    ENSURE_OK(report(&w, drink, MOTIVE_ACTION_OUTCOME_SUCCEEDED));
    /* Drinking ended the potion: motive destroyed it and says so, then asks for lightning. */
    ENSURE(!motive_object_is_valid(w.world, w.potion));
    ENSURE(number_is(w.world, wizard, w.ids.mana, 40.0));
    ENSURE(poll_expect(w.world, events, MAX_EVENTS, 2));
    ENSURE(event_is(&events[0], MOTIVE_EVENT_KIND_ENTITY_ENDED, w.wizard, MOTIVE_NO_ID, potion));
    ENSURE(events[0].request == 0);
    ENSURE(event_is(&events[1], MOTIVE_EVENT_KIND_ACTION_REQUESTED, w.wizard, w.ids.lightning,
                    goblin));
    lightning = events[1].request;
    ENSURE(lightning != 0 && lightning != drink && lightning != go_to);
    ENSURE(running_is(w.world, w.wizard, w.ids.lightning, goblin, lightning));
    ENSURE_OK(report(&w, lightning, MOTIVE_ACTION_OUTCOME_SUCCEEDED));
    /* Table A.1 after the plan: 0 + 40 - 20 mana, the goblin dead, the wizard at the potion. */
    ENSURE(number_is(w.world, wizard, w.ids.mana, 20.0));
    ENSURE(number_is(w.world, goblin, w.ids.health, 0.0));
    ENSURE(number_is(w.world, wizard, w.ids.health, 15.0));
    ENSURE(!motive_object_is_valid(w.world, w.potion));
    ENSURE(position_is(w.world, wizard, vec3(0.0f, 0.0f, 10.0f)));
    /* The plan is done: nothing runs, nothing is left, nothing more is requested. */
    ENSURE(is_idle(w.world, w.wizard));
    ENSURE(plan_length(w.world, w.wizard) == 0);
    ENSURE_STATUS(report(&w, lightning, MOTIVE_ACTION_OUTCOME_SUCCEEDED),
                  MOTIVE_STATUS_NOT_FOUND);
    SENTINEL(events);
    ENSURE(poll_expect(w.world, events, MAX_EVENTS, 0));
    ENSURE_UNTOUCHED(events);
    wizard_world_free(&w);
}

static void test_poll_moves_at_most_its_capacity_oldest_first(void) {
    wizard_world w;
    motive_event events[MAX_EVENTS];
    ENSURE(appendix_a_decided(&w));
    /* No buffer and no capacity: allowed, moves nothing. */
    ENSURE(poll_expect(w.world, NULL, 0, 0));
    ENSURE(poll_expect(w.world, events, MAX_EVENTS, 1));
    ENSURE(events[0].kind == MOTIVE_EVENT_KIND_ACTION_REQUESTED);
    ENSURE_OK(report(&w, events[0].request, MOTIVE_ACTION_OUTCOME_SUCCEEDED));
    ENSURE(poll_expect(w.world, events, MAX_EVENTS, 1));
    ENSURE(events[0].action == w.ids.drink);
    ENSURE_OK(report(&w, events[0].request, MOTIVE_ACTION_OUTCOME_SUCCEEDED));
    /* Two events are pending now; a capacity of 1 moves the oldest and leaves the other. */
    ENSURE(poll_expect(w.world, NULL, 0, 0));
    SENTINEL(events);
    ENSURE(poll_expect(w.world, events, 1, 1));
    ENSURE(event_is(&events[0], MOTIVE_EVENT_KIND_ENTITY_ENDED, w.wizard, MOTIVE_NO_ID,
                    motive_object_entity(w.potion)));
    ENSURE_UNTOUCHED(events[1]);
    ENSURE(poll_expect(w.world, events, 1, 1));
    ENSURE(event_is(&events[0], MOTIVE_EVENT_KIND_ACTION_REQUESTED, w.wizard, w.ids.lightning,
                    motive_npc_entity(w.goblin)));
    ENSURE(poll_expect(w.world, events, MAX_EVENTS, 0));
    wizard_world_free(&w);
}

static void test_poll_arguments_are_checked_before_anything_moves(void) {
    wizard_world w;
    motive_event events[MAX_EVENTS];
    size_t count;
    ENSURE(appendix_a_decided(&w));
    SENTINEL(events);
    SENTINEL(count);
    ENSURE_STATUS(motive_world_poll_events(NULL, events, MAX_EVENTS, &count),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("world");
    ENSURE_STATUS(motive_world_poll_events(w.world, events, MAX_EVENTS, NULL),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("out_count");
    ENSURE_STATUS(motive_world_poll_events(w.world, NULL, MAX_EVENTS, &count),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("buffer");
    ENSURE_UNTOUCHED(events);
    ENSURE_UNTOUCHED(count);
    /* The request is still queued. */
    ENSURE(poll_expect(w.world, events, MAX_EVENTS, 1));
    ENSURE(event_is(&events[0], MOTIVE_EVENT_KIND_ACTION_REQUESTED, w.wizard, w.ids.go_to,
                    motive_object_entity(w.potion)));
    wizard_world_free(&w);
}

static void test_bad_reports_change_nothing(void) {
    wizard_world w;
    motive_event events[MAX_EVENTS];
    motive_npc_def def = motive_npc_def_default();
    motive_npc plain;
    motive_npc gone;
    motive_entity potion;
    uint32_t request;
    ENSURE(appendix_a_decided(&w));
    potion = motive_object_entity(w.potion);
    ENSURE(poll_expect(w.world, events, MAX_EVENTS, 1));
    request = events[0].request;
    /* A request the wizard is not performing. */
    ENSURE_STATUS(report(&w, request + 1000u, MOTIVE_ACTION_OUTCOME_SUCCEEDED),
                  MOTIVE_STATUS_NOT_FOUND);
    ENSURE_STATUS(report(&w, 0, MOTIVE_ACTION_OUTCOME_FAILED), MOTIVE_STATUS_NOT_FOUND);
    /* An outcome that is not a motive_action_outcome. */
    ENSURE_STATUS(report(&w, request, 99), MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("outcome");
    ENSURE_STATUS(report(&w, request, 0), MOTIVE_STATUS_INVALID_ARGUMENT);
    /* The goblin has not thought: it performs nothing. */
    ENSURE_STATUS(motive_npc_report_action(w.world, w.goblin, request,
                                           MOTIVE_ACTION_OUTCOME_SUCCEEDED),
                  MOTIVE_STATUS_NOT_FOUND);
    /* Bad NPC handles and worlds. */
    ENSURE_OK(motive_npc_create(w.world, &def, &plain));
    ENSURE_STATUS(motive_npc_report_action(w.world, plain, request,
                                           MOTIVE_ACTION_OUTCOME_SUCCEEDED),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_OK(motive_npc_spawn(w.world, w.ids.goblin, vec3(0.0f, 0.0f, 50.0f), &gone));
    ENSURE_OK(motive_npc_destroy(w.world, gone));
    ENSURE_STATUS(motive_npc_report_action(w.world, gone, request,
                                           MOTIVE_ACTION_OUTCOME_SUCCEEDED),
                  MOTIVE_STATUS_STALE_HANDLE);
    ENSURE_STATUS(motive_npc_report_action(NULL, w.wizard, request,
                                           MOTIVE_ACTION_OUTCOME_SUCCEEDED),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    /* Nothing changed: still walking to the potion, from where it started, no events. */
    ENSURE(running_is(w.world, w.wizard, w.ids.go_to, potion, request));
    ENSURE(plan_length(w.world, w.wizard) == 3);
    ENSURE(position_is(w.world, motive_npc_entity(w.wizard), vec3(0.0f, 0.0f, -10.0f)));
    ENSURE(poll_expect(w.world, events, MAX_EVENTS, 0));
    /* The right report still works. */
    ENSURE_OK(report(&w, request, MOTIVE_ACTION_OUTCOME_SUCCEEDED));
    ENSURE(position_is(w.world, motive_npc_entity(w.wizard), vec3(0.0f, 0.0f, 10.0f)));
    wizard_world_free(&w);
}

static void test_a_failed_action_makes_the_npc_replan(void) {
    wizard_world w;
    motive_event events[MAX_EVENTS];
    motive_entity potion;
    uint32_t failed;
    size_t i;
    bool requested = false;
    size_t count;
    ENSURE(appendix_a_decided(&w));
    potion = motive_object_entity(w.potion);
    ENSURE(poll_expect(w.world, events, MAX_EVENTS, 1));
    failed = events[0].request;
    ENSURE_OK(report(&w, failed, MOTIVE_ACTION_OUTCOME_FAILED));
    /* The plan is dropped and nothing of goto applied; the failure is announced. */
    ENSURE(plan_length(w.world, w.wizard) == 0);
    ENSURE(is_idle(w.world, w.wizard));
    ENSURE(position_is(w.world, motive_npc_entity(w.wizard), vec3(0.0f, 0.0f, -10.0f)));
    ENSURE(poll_expect(w.world, events, MAX_EVENTS, 1));
    ENSURE(event_is(&events[0], MOTIVE_EVENT_KIND_ACTION_FAILED, w.wizard, w.ids.go_to, potion));
    ENSURE(events[0].request == failed);
    ENSURE_STATUS(report(&w, failed, MOTIVE_ACTION_OUTCOME_SUCCEEDED), MOTIVE_STATUS_NOT_FOUND);
    /* It replans at its next think, due at once: the very next tick. */
    ENSURE_OK(motive_world_tick(w.world, 0.0));
    ENSURE(plan_length(w.world, w.wizard) == 3);
    ENSURE_OK(motive_world_poll_events(w.world, events, MAX_EVENTS, &count));
    for (i = 0; i < count; i++) {
        if (events[i].kind == MOTIVE_EVENT_KIND_ACTION_REQUESTED &&
            entity_equal(events[i].npc, motive_npc_entity(w.wizard))) {
            ENSURE(events[i].action == w.ids.go_to && entity_equal(events[i].target, potion));
            ENSURE(events[i].request != 0 && events[i].request != failed);
            ENSURE(running_is(w.world, w.wizard, w.ids.go_to, potion, events[i].request));
            requested = true;
        }
    }
    ENSURE(requested);
    wizard_world_free(&w);
}

static void test_a_broken_precondition_invalidates_the_plan_on_arrival(void) {
    wizard_world w;
    motive_event events[MAX_EVENTS];
    motive_entity potion;
    ENSURE(appendix_a_decided(&w));
    potion = motive_object_entity(w.potion);
    ENSURE(poll_expect(w.world, events, MAX_EVENTS, 1));
    ENSURE_OK(report(&w, events[0].request, MOTIVE_ACTION_OUTCOME_SUCCEEDED));
    /* The potion turns out empty: drinking gives no mana, so lightning's 20-mana precondition
     * fails when its turn comes and nothing is requested (P:383 of 004_bdde6381c6c06595.txt). */
    {
        const motive_value empty = value_number(0.0);
        ENSURE_OK(motive_entity_set_fact(w.world, potion, w.ids.mana_amount, &empty));
    }
    ENSURE(poll_expect(w.world, events, MAX_EVENTS, 1));
    ENSURE(event_is(&events[0], MOTIVE_EVENT_KIND_ACTION_REQUESTED, w.wizard, w.ids.drink,
                    potion));
    ENSURE_OK(report(&w, events[0].request, MOTIVE_ACTION_OUTCOME_SUCCEEDED));
    ENSURE(poll_expect(w.world, events, MAX_EVENTS, 2));
    ENSURE(event_is(&events[0], MOTIVE_EVENT_KIND_ENTITY_ENDED, w.wizard, MOTIVE_NO_ID, potion));
    ENSURE(event_is(&events[1], MOTIVE_EVENT_KIND_PLAN_INVALID, w.wizard, w.ids.lightning,
                    motive_npc_entity(w.goblin)));
    ENSURE(events[1].request == 0);
    ENSURE(is_idle(w.world, w.wizard));
    ENSURE(plan_length(w.world, w.wizard) == 0);
    wizard_world_free(&w);
}

static void test_a_destroyed_target_fails_the_running_action(void) {
    wizard_world w;
    motive_event events[MAX_EVENTS];
    motive_plan_step steps[MOTIVE_MAX_PLAN_DEPTH];
    motive_entity potion;
    uint32_t walking;
    size_t count;
    size_t i;
    bool failed = false;
    ENSURE(appendix_a_decided(&w));
    potion = motive_object_entity(w.potion);
    ENSURE(poll_expect(w.world, events, MAX_EVENTS, 1));
    walking = events[0].request;
    /* The engine destroys the potion while the wizard walks to it. */
    ENSURE_OK(motive_object_destroy(w.world, w.potion));
    ENSURE(think(&w));
    ENSURE_OK(motive_world_poll_events(w.world, events, MAX_EVENTS, &count));
    for (i = 0; i < count; i++) {
        failed = failed || (events[i].kind == MOTIVE_EVENT_KIND_ACTION_FAILED &&
                            events[i].request == walking && events[i].action == w.ids.go_to);
    }
    ENSURE(failed);
    ENSURE_STATUS(report(&w, walking, MOTIVE_ACTION_OUTCOME_SUCCEEDED), MOTIVE_STATUS_NOT_FOUND);
    /* The next decision does without it. */
    ENSURE(think(&w));
    ENSURE_OK(motive_npc_plan(w.world, w.wizard, steps, MOTIVE_MAX_PLAN_DEPTH, &count));
    for (i = 0; i < count; i++) {
        ENSURE(!entity_equal(steps[i].target, potion));
    }
    wizard_world_free(&w);
}

void run_event_tests(void) {
    RUN_TEST(test_appendix_a_plan_runs_through_the_event_protocol);
    RUN_TEST(test_poll_moves_at_most_its_capacity_oldest_first);
    RUN_TEST(test_poll_arguments_are_checked_before_anything_moves);
    RUN_TEST(test_bad_reports_change_nothing);
    RUN_TEST(test_a_failed_action_makes_the_npc_replan);
    RUN_TEST(test_a_broken_precondition_invalidates_the_plan_on_arrival);
    RUN_TEST(test_a_destroyed_target_fails_the_running_action);
}

/*
 * GOAP through the C API alone: the nurse's pills (Sloan et al. 2011, Fig. 2: goto_pills, then
 * get_pills at cost 10 rather than get_backup_pills at cost 30, then give_pills), planned in one
 * call and in slices (also on a job thread while the world changes, and after the world is
 * gone); a context callback that vetoes get_pills and cannot re-enter the world; a relevance
 * callback asked for ENGINE goals; an `at == supplier` domain whose plan walks to two different
 * places (Pittman's GotoNode, P:295); and the errors: NULL pointers, stale and non-NPC handles,
 * unknown goals, an arena without a search, and rejected definitions that leave the builder as
 * it was.
 */
#include <math.h>
#include <pthread.h>

#include "fixtures.h"
#include "motive_test.h"
#include "suites.h"
#include "wizard.h"

/* Checks that a definition call succeeds; on failure reports it and returns false. */
#define DEFINE(call) ENSURE_STATUS_OR_RETURN(call, MOTIVE_STATUS_OK, false)

static motive_operand operand_entity(uint32_t role) {
    motive_operand operand;
    memset(&operand, 0, sizeof operand);
    operand.kind = MOTIVE_OPERAND_KIND_ENTITY;
    operand.role = role;
    return operand;
}

/* consumer.attribute == value, for a boolean attribute. */
static motive_condition is(motive_attribute attribute, bool value) {
    return condition_compare(MOTIVE_ROLE_CONSUMER, attribute, MOTIVE_CMP_OP_EQ,
                             operand_constant(value_bool(value)));
}

/* consumer.attribute = value, for a boolean attribute. */
static motive_effect set(motive_attribute attribute, bool value) {
    return effect_change(MOTIVE_ROLE_CONSUMER, MOTIVE_EFFECT_OP_SET, attribute,
                         operand_constant(value_bool(value)));
}

static motive_relevance relevance_fixed(double value) {
    motive_relevance relevance;
    memset(&relevance, 0, sizeof relevance);
    relevance.kind = MOTIVE_RELEVANCE_KIND_FIXED;
    relevance.value = value;
    return relevance;
}

/* Defines an action that the GOAP planner prices at `cost` (plus `per_distance` per unit of
 * distance), asking the context callback when `engine_check` is set. */
static bool goap_action(motive_domain_builder *b, const char *name, double cost,
                        double per_distance, bool engine_check, motive_action_id *out_action) {
    motive_action_planning planning = motive_action_planning_default();
    planning.cost = cost;
    planning.cost_per_distance = per_distance;
    planning.engine_check = engine_check;
    DEFINE(motive_domain_builder_add_action(b, name, out_action));
    DEFINE(motive_domain_builder_set_action_planning(b, *out_action, &planning));
    return true;
}

/* Defines a GOAP goal with a fixed relevance of 1 and the one requirement `requirement`. */
static bool goap_goal(motive_domain_builder *b, const char *name,
                      const motive_condition *requirement, motive_goap_goal_id *out_goal) {
    const motive_relevance always = relevance_fixed(1.0);
    DEFINE(motive_domain_builder_add_goap_goal(b, name, 1, &always, out_goal));
    DEFINE(motive_domain_builder_add_goap_requirement(b, *out_goal, requirement));
    return true;
}

/* ---- The nurse (Sloan et al. 2011, Fig. 2) ---- */

typedef struct nurse_ids {
    motive_attribute at_pills, has_pills, medicated;
    motive_action_id goto_pills, get_pills, get_backup_pills, give_pills, wait;
    motive_archetype_id nurse, cabinet;
    motive_goap_goal_id medicate;
} nurse_ids;

/* Creates a builder holding the nurse domain: the nurse supplies herself goto_pills,
 * get_backup_pills, give_pills and wait (her fallback); the cabinet supplies get_pills, which
 * asks the context callback. The caller destroys the builder. */
static bool nurse_builder(motive_domain_builder **out_builder, nurse_ids *ids) {
    motive_domain_builder *b = NULL;
    motive_condition c;
    motive_effect e;
    motive_action_id nurse_actions[5];
    size_t i;
    DEFINE(motive_domain_builder_create(&b));
    *out_builder = b;
    DEFINE(motive_domain_builder_add_attribute(b, "at_pills", MOTIVE_VALUE_TYPE_BOOL,
                                               &ids->at_pills));
    DEFINE(motive_domain_builder_add_attribute(b, "has_pills", MOTIVE_VALUE_TYPE_BOOL,
                                               &ids->has_pills));
    DEFINE(motive_domain_builder_add_attribute(b, "patient_medicated", MOTIVE_VALUE_TYPE_BOOL,
                                               &ids->medicated));

    ENSURE_OR_RETURN(goap_action(b, "goto_pills", 1.0, 0.0, false, &ids->goto_pills), false);
    e = set(ids->at_pills, true);
    DEFINE(motive_domain_builder_add_effect(b, ids->goto_pills, &e));

    ENSURE_OR_RETURN(goap_action(b, "get_pills", 10.0, 0.0, true, &ids->get_pills), false);
    c = is(ids->at_pills, true);
    DEFINE(motive_domain_builder_add_precondition(b, ids->get_pills, &c));
    e = set(ids->has_pills, true);
    DEFINE(motive_domain_builder_add_effect(b, ids->get_pills, &e));

    ENSURE_OR_RETURN(goap_action(b, "get_backup_pills", 30.0, 0.0, false,
                                 &ids->get_backup_pills),
                     false);
    DEFINE(motive_domain_builder_add_effect(b, ids->get_backup_pills, &e));

    ENSURE_OR_RETURN(goap_action(b, "give_pills", 1.0, 0.0, false, &ids->give_pills), false);
    c = is(ids->has_pills, true);
    DEFINE(motive_domain_builder_add_precondition(b, ids->give_pills, &c));
    e = set(ids->has_pills, false);
    DEFINE(motive_domain_builder_add_effect(b, ids->give_pills, &e));
    e = set(ids->medicated, true);
    DEFINE(motive_domain_builder_add_effect(b, ids->give_pills, &e));

    ENSURE_OR_RETURN(goap_action(b, "wait", 1.0, 0.0, false, &ids->wait), false);

    DEFINE(motive_domain_builder_add_archetype(b, "nurse", &ids->nurse));
    DEFINE(motive_domain_builder_add_archetype(b, "cabinet", &ids->cabinet));
    nurse_actions[0] = ids->goto_pills;
    nurse_actions[1] = ids->get_backup_pills;
    nurse_actions[2] = ids->give_pills;
    nurse_actions[3] = ids->wait;
    nurse_actions[4] = ids->get_pills;
    for (i = 0; i < 5; i++) {
        DEFINE(motive_domain_builder_add_consumed_action(b, ids->nurse, nurse_actions[i]));
    }
    for (i = 0; i < 4; i++) {
        DEFINE(motive_domain_builder_add_supplied_action(b, ids->nurse, nurse_actions[i]));
    }
    DEFINE(motive_domain_builder_add_supplied_action(b, ids->cabinet, ids->get_pills));
    DEFINE(motive_domain_builder_set_fallback(b, ids->nurse, ids->wait));

    c = is(ids->medicated, true);
    ENSURE_OR_RETURN(goap_goal(b, "medicate", &c, &ids->medicate), false);
    DEFINE(motive_domain_builder_add_archetype_goap_goal(b, ids->nurse, ids->medicate));
    return true;
}

typedef struct nurse_world {
    motive_domain *domain;
    motive_world *world;
    motive_arena *arena;
    nurse_ids ids;
    motive_npc nurse;
    motive_object cabinet;
} nurse_world;

static void nurse_world_free(nurse_world *n) {
    motive_arena_destroy(n->arena);
    motive_world_destroy(n->world);
    motive_domain_destroy(n->domain);
    memset(n, 0, sizeof *n);
}

/* Builds `builder` into a world with the nurse at the origin and the cabinet 5 units away,
 * and an arena. */
static bool nurse_world_from(motive_domain_builder *builder, nurse_world *n) {
    motive_world_def def = motive_world_def_default();
    DEFINE(motive_domain_builder_build(builder, &n->domain));
    DEFINE(motive_world_create(n->domain, &def, &n->world));
    DEFINE(motive_arena_create(0, &n->arena));
    DEFINE(motive_npc_spawn(n->world, n->ids.nurse, vec3(0.0f, 0.0f, 0.0f), &n->nurse));
    DEFINE(motive_object_spawn(n->world, n->ids.cabinet, vec3(5.0f, 0.0f, 0.0f), &n->cabinet));
    return true;
}

static bool nurse_world_init(nurse_world *n) {
    motive_domain_builder *builder = NULL;
    bool made;
    memset(n, 0, sizeof *n);
    made = nurse_builder(&builder, &n->ids) && nurse_world_from(builder, n);
    motive_domain_builder_destroy(builder);
    if (!made) {
        nurse_world_free(n);
    }
    return made;
}

/* What a plan step should be. */
typedef struct expected_step {
    motive_action_id action;
    motive_entity target;
    double cost;
} expected_step;

static bool close_to(double a, double b) {
    return fabs(a - b) < 1e-9;
}

/* Checks that `view` holds a found plan of exactly `steps` costing `cost`. */
static bool plan_is(const motive_goap_plan_view *view, const expected_step *steps, size_t count,
                    double cost) {
    size_t i;
    ENSURE_OR_RETURN(view->result == MOTIVE_SEARCH_RESULT_FOUND, false);
    ENSURE_OR_RETURN(view->count == count, false);
    ENSURE_OR_RETURN(close_to(view->cost, cost), false);
    ENSURE_OR_RETURN(view->steps != NULL, false);
    for (i = 0; i < count; i++) {
        ENSURE_OR_RETURN(view->steps[i].action == steps[i].action, false);
        ENSURE_OR_RETURN(entity_equal(view->steps[i].target, steps[i].target), false);
        ENSURE_OR_RETURN(close_to(view->steps[i].cost, steps[i].cost), false);
    }
    return true;
}

/* goto_pills (the nurse), get_pills (the cabinet), give_pills (the nurse): cost 12. */
static bool nurse_plan_is_the_cheap_pills(const nurse_world *n,
                                          const motive_goap_plan_view *view) {
    const motive_entity nurse = motive_npc_entity(n->nurse);
    expected_step steps[3];
    steps[0].action = n->ids.goto_pills;
    steps[0].target = nurse;
    steps[0].cost = 1.0;
    steps[1].action = n->ids.get_pills;
    steps[1].target = motive_object_entity(n->cabinet);
    steps[1].cost = 10.0;
    steps[2].action = n->ids.give_pills;
    steps[2].target = nurse;
    steps[2].cost = 1.0;
    return plan_is(view, steps, 3, 12.0);
}

static void test_goap_definitions_are_found_by_name(void) {
    nurse_world n;
    motive_goap_goal_id goal;
    ENSURE(nurse_world_init(&n));
    ENSURE_OK(motive_domain_find_goap_goal(n.domain, "medicate", &goal));
    ENSURE(goal == n.ids.medicate);
    SENTINEL(goal);
    ENSURE_STATUS(motive_domain_find_goap_goal(n.domain, "dance", &goal),
                  MOTIVE_STATUS_NOT_FOUND);
    ENSURE_UNTOUCHED(goal);
    ENSURE_LAST_ERROR_CONTAINS("goap goal \"dance\"");
    /* GOAP goals are their own table: a UDGOAP goal lookup does not see them. */
    ENSURE_STATUS(motive_domain_find_goal(n.domain, "medicate", &goal), MOTIVE_STATUS_NOT_FOUND);
    nurse_world_free(&n);
}

static void test_nurse_plans_the_cheap_pills(void) {
    nurse_world n;
    motive_goap_plan_view view;
    ENSURE(nurse_world_init(&n));
    ENSURE_OK(motive_goap_plan_into(n.world, n.nurse, n.ids.medicate, n.arena, 0, &view));
    ENSURE(nurse_plan_is_the_cheap_pills(&n, &view));
    ENSURE(view.expanded > 0 && view.generated >= view.expanded);
    ENSURE(view.peak_bytes > 0);
    /* The search stays in the arena, ended: its plan can be read again. */
    ENSURE_OK(motive_arena_goap_plan(n.arena, &view));
    ENSURE(nurse_plan_is_the_cheap_pills(&n, &view));
    nurse_world_free(&n);
}

static void test_a_goal_that_already_holds_needs_no_step(void) {
    nurse_world n;
    motive_goap_plan_view view;
    const motive_value yes = value_bool(true);
    ENSURE(nurse_world_init(&n));
    ENSURE_OK(motive_entity_set_fact(n.world, motive_npc_entity(n.nurse), n.ids.medicated, &yes));
    ENSURE_OK(motive_goap_plan_into(n.world, n.nurse, n.ids.medicate, n.arena, 0, &view));
    ENSURE(view.result == MOTIVE_SEARCH_RESULT_FOUND);
    ENSURE(view.count == 0 && view.steps == NULL && view.cost == 0.0);
    nurse_world_free(&n);
}

static void test_sliced_search_finds_the_same_plan(void) {
    nurse_world n;
    motive_goap_plan_view whole;
    motive_goap_plan_view sliced;
    uint32_t result = MOTIVE_SEARCH_RESULT_NONE;
    uint32_t slices = 0;
    motive_status status;
    ENSURE(nurse_world_init(&n));
    ENSURE_OK(motive_goap_plan_into(n.world, n.nurse, n.ids.medicate, n.arena, 0, &whole));

    ENSURE_OK(motive_arena_goap_begin(n.arena, n.world, n.nurse, n.ids.medicate, 0));
    /* Begun, not yet stepped: no plan yet. */
    ENSURE_OK(motive_arena_goap_plan(n.arena, &sliced));
    ENSURE(sliced.result == MOTIVE_SEARCH_RESULT_IN_PROGRESS && sliced.count == 0);
    do {
        status = motive_arena_goap_step(n.arena, 1, &result);
        slices++;
        ENSURE(slices < 100);
        if (status == MOTIVE_STATUS_IN_PROGRESS) {
            ENSURE(result == MOTIVE_SEARCH_RESULT_IN_PROGRESS);
            ENSURE(!motive_status_is_error(status));
        }
    } while (status == MOTIVE_STATUS_IN_PROGRESS);
    ENSURE_STATUS(status, MOTIVE_STATUS_OK);
    ENSURE(result == MOTIVE_SEARCH_RESULT_FOUND);
    ENSURE(slices > 1);
    ENSURE_OK(motive_arena_goap_plan(n.arena, &sliced));
    ENSURE(nurse_plan_is_the_cheap_pills(&n, &sliced));
    ENSURE(sliced.expanded == whole.expanded && sliced.generated == whole.generated);
    /* Stepping an ended search reports the same end. */
    ENSURE_OK(motive_arena_goap_step(n.arena, 1, &result));
    ENSURE(result == MOTIVE_SEARCH_RESULT_FOUND);
    /* The first view is still valid: the arena was not reset in between. */
    ENSURE(nurse_plan_is_the_cheap_pills(&n, &whole));
    nurse_world_free(&n);
}

static void test_a_begun_search_outlives_its_world(void) {
    nurse_world n;
    motive_goap_plan_view view;
    uint32_t result;
    ENSURE(nurse_world_init(&n));
    ENSURE_OK(motive_arena_goap_begin(n.arena, n.world, n.nurse, n.ids.medicate, 0));
    motive_world_destroy(n.world);
    n.world = NULL;
    ENSURE_OK(motive_arena_goap_step(n.arena, UINT32_MAX, &result));
    ENSURE(result == MOTIVE_SEARCH_RESULT_FOUND);
    ENSURE_OK(motive_arena_goap_plan(n.arena, &view));
    ENSURE(nurse_plan_is_the_cheap_pills(&n, &view));
    nurse_world_free(&n);
}

static void test_the_expansion_limit_ends_a_search(void) {
    nurse_world n;
    motive_goap_plan_view view;
    uint32_t result;
    ENSURE(nurse_world_init(&n));
    ENSURE_OK(motive_arena_goap_begin(n.arena, n.world, n.nurse, n.ids.medicate, 1));
    ENSURE_OK(motive_arena_goap_step(n.arena, UINT32_MAX, &result));
    ENSURE(result == MOTIVE_SEARCH_RESULT_EXPANSION_LIMIT);
    ENSURE_OK(motive_arena_goap_plan(n.arena, &view));
    ENSURE(view.result == MOTIVE_SEARCH_RESULT_EXPANSION_LIMIT);
    ENSURE(view.count == 0 && view.steps == NULL && view.expanded == 1);
    nurse_world_free(&n);
}

/* What the context callback saw. */
typedef struct veto {
    motive_world *world;
    motive_action_id vetoed;
    motive_npc npc;
    motive_entity target;
    uint32_t calls;
    uint32_t reentry;
} veto;

static bool veto_action(void *user, motive_npc npc, motive_action_id action,
                        motive_entity target) {
    veto *v = (veto *)user;
    double time;
    v->calls++;
    v->npc = npc;
    v->target = target;
    /* Calling back into the world that is binding is refused, not a deadlock. */
    v->reentry = motive_world_time(v->world, &time);
    return action != v->vetoed;
}

static void test_context_callback_vetoes_get_pills(void) {
    nurse_world n;
    motive_goap_plan_view view;
    veto v;
    expected_step steps[2];
    ENSURE(nurse_world_init(&n));
    memset(&v, 0, sizeof v);
    v.world = n.world;
    v.vetoed = n.ids.get_pills;
    ENSURE_OK(motive_world_set_context_callback(n.world, veto_action, &v));
    ENSURE_OK(motive_goap_plan_into(n.world, n.nurse, n.ids.medicate, n.arena, 0, &view));
    /* Only get_pills asks (its planning has engine_check), once per target that supplies it. */
    ENSURE(v.calls == 1);
    ENSURE(v.npc.index1 == n.nurse.index1 && v.npc.generation == n.nurse.generation);
    ENSURE(entity_equal(v.target, motive_object_entity(n.cabinet)));
    ENSURE_STATUS(v.reentry, MOTIVE_STATUS_WORLD_LOCKED);
    steps[0].action = n.ids.get_backup_pills;
    steps[0].target = motive_npc_entity(n.nurse);
    steps[0].cost = 30.0;
    steps[1].action = n.ids.give_pills;
    steps[1].target = motive_npc_entity(n.nurse);
    steps[1].cost = 1.0;
    ENSURE(plan_is(&view, steps, 2, 31.0));

    /* Cleared, the cabinet's pills are allowed again. */
    ENSURE_OK(motive_world_set_context_callback(n.world, NULL, NULL));
    ENSURE_OK(motive_arena_reset(n.arena));
    ENSURE_OK(motive_goap_plan_into(n.world, n.nurse, n.ids.medicate, n.arena, 0, &view));
    ENSURE(nurse_plan_is_the_cheap_pills(&n, &view));
    ENSURE(v.calls == 1);
    nurse_world_free(&n);
}

/* A plan asked again for the same NPC and goal reuses what the arena gathered only while
 * nothing was written to the world: a write, a failed begin or a binding that asked the
 * engine's context callback make the next begin gather (and ask) afresh. */
static void test_planning_again_sees_what_changed_in_between(void) {
    nurse_world n;
    motive_goap_plan_view view;
    veto v;
    const motive_value yes = value_bool(true);
    const motive_value no = value_bool(false);
    ENSURE(nurse_world_init(&n));
    ENSURE_OK(motive_goap_plan_into(n.world, n.nurse, n.ids.medicate, n.arena, 0, &view));
    ENSURE(nurse_plan_is_the_cheap_pills(&n, &view));
    ENSURE_OK(motive_goap_plan_into(n.world, n.nurse, n.ids.medicate, n.arena, 5, &view));
    ENSURE(nurse_plan_is_the_cheap_pills(&n, &view));
    /* A rejected limit fails the begin and changes nothing. */
    ENSURE_STATUS(motive_goap_plan_into(n.world, n.nurse, n.ids.medicate, n.arena,
                                        MOTIVE_MAX_PLAN_EXPANSIONS + 1, &view),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_OK(motive_goap_plan_into(n.world, n.nurse, n.ids.medicate, n.arena, 0, &view));
    ENSURE(nurse_plan_is_the_cheap_pills(&n, &view));
    /* A write in between is seen: the goal now holds, and then no longer. */
    ENSURE_OK(motive_entity_set_fact(n.world, motive_npc_entity(n.nurse), n.ids.medicated, &yes));
    ENSURE_OK(motive_goap_plan_into(n.world, n.nurse, n.ids.medicate, n.arena, 0, &view));
    ENSURE(view.result == MOTIVE_SEARCH_RESULT_FOUND && view.count == 0);
    ENSURE_OK(motive_entity_set_fact(n.world, motive_npc_entity(n.nurse), n.ids.medicated, &no));
    ENSURE_OK(motive_goap_plan_into(n.world, n.nurse, n.ids.medicate, n.arena, 0, &view));
    ENSURE(nurse_plan_is_the_cheap_pills(&n, &view));
    /* The engine's context may change with no write to the world: a binding that asked it
     * asks again at every plan. */
    memset(&v, 0, sizeof v);
    v.world = n.world;
    v.vetoed = n.ids.get_pills;
    ENSURE_OK(motive_world_set_context_callback(n.world, veto_action, &v));
    ENSURE_OK(motive_goap_plan_into(n.world, n.nurse, n.ids.medicate, n.arena, 0, &view));
    ENSURE(v.calls == 1 && view.count == 2 && view.cost == 31.0);
    v.vetoed = UINT32_MAX; /* no action: nothing is vetoed now */
    ENSURE_OK(motive_goap_plan_into(n.world, n.nurse, n.ids.medicate, n.arena, 0, &view));
    ENSURE(v.calls == 2);
    ENSURE(nurse_plan_is_the_cheap_pills(&n, &view));
    nurse_world_free(&n);
}

/* What the relevance callback saw. */
typedef struct asked {
    uint32_t calls;
    motive_npc npc;
    motive_goap_goal_id goal;
} asked;

static double half(void *user, motive_npc npc, motive_goap_goal_id goal) {
    asked *a = (asked *)user;
    a->calls++;
    a->npc = npc;
    a->goal = goal;
    return 0.5;
}

static void test_relevance_callback_answers_engine_goals(void) {
    motive_domain_builder *b = NULL;
    nurse_world n;
    motive_relevance engine;
    motive_goap_goal_id rest;
    motive_condition c;
    asked a;
    memset(&n, 0, sizeof n);
    memset(&a, 0, sizeof a);
    memset(&engine, 0, sizeof engine);
    engine.kind = MOTIVE_RELEVANCE_KIND_ENGINE;
    ENSURE(nurse_builder(&b, &n.ids));
    ENSURE_OK(motive_domain_builder_add_goap_goal(b, "rest", 0, &engine, &rest));
    c = is(n.ids.at_pills, false);
    ENSURE_OK(motive_domain_builder_add_goap_requirement(b, rest, &c));
    ENSURE_OK(motive_domain_builder_add_archetype_goap_goal(b, n.ids.nurse, rest));
    ENSURE(nurse_world_from(b, &n));
    motive_domain_builder_destroy(b);

    /* Goals are selected when the NPC thinks: only the ENGINE goal asks. */
    ENSURE_OK(motive_world_set_relevance_callback(n.world, half, &a));
    ENSURE_OK(motive_npc_think_now(n.world, n.nurse));
    ENSURE(a.calls == 1);
    ENSURE(a.goal == rest);
    ENSURE(a.npc.index1 == n.nurse.index1 && a.npc.generation == n.nurse.generation);
    /* Cleared, it is not asked again. */
    ENSURE_OK(motive_world_set_relevance_callback(n.world, NULL, NULL));
    ENSURE_OK(motive_npc_think_now(n.world, n.nurse));
    ENSURE(a.calls == 1);
    ENSURE_STATUS(motive_world_set_relevance_callback(NULL, half, &a),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_world_set_context_callback(NULL, veto_action, &a),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    nurse_world_free(&n);
}

/* ---- Stepping on a job thread ---- */

typedef struct job {
    motive_arena *arena;
    motive_status status;
    uint32_t result;
    motive_goap_plan_view view;
} job;

static void *step_to_the_end(void *arg) {
    job *j = (job *)arg;
    do {
        j->status = motive_arena_goap_step(j->arena, 1, &j->result);
    } while (j->status == MOTIVE_STATUS_IN_PROGRESS);
    if (j->status == MOTIVE_STATUS_OK) {
        j->status = motive_arena_goap_plan(j->arena, &j->view);
    }
    return NULL;
}

static void test_a_job_thread_steps_while_the_world_changes(void) {
    nurse_world n;
    pthread_t worker;
    job j;
    int i;
    ENSURE(nurse_world_init(&n));
    memset(&j, 0, sizeof j);
    j.arena = n.arena;
    ENSURE_OK(motive_arena_goap_begin(n.arena, n.world, n.nurse, n.ids.medicate, 0));
    ENSURE(pthread_create(&worker, NULL, step_to_the_end, &j) == 0);
    /* Meanwhile the world moves on; the search planned from what it bound at begin. */
    for (i = 0; i < 50; i++) {
        const motive_value no = value_bool(false);
        ENSURE_OK(motive_entity_set_fact(n.world, motive_npc_entity(n.nurse), n.ids.at_pills,
                                         &no));
        ENSURE_OK(motive_entity_set_position(n.world, motive_object_entity(n.cabinet),
                                             vec3((float)i, 0.0f, 0.0f)));
    }
    ENSURE(pthread_join(worker, NULL) == 0);
    ENSURE_STATUS(j.status, MOTIVE_STATUS_OK);
    ENSURE(j.result == MOTIVE_SEARCH_RESULT_FOUND);
    ENSURE(nurse_plan_is_the_cheap_pills(&n, &j.view));
    nurse_world_free(&n);
}

/* ---- at == supplier: one action, two places (Pittman P:295) ---- */

static void test_at_supplier_plans_two_gotos_to_different_places(void) {
    motive_domain_builder *b = NULL;
    motive_domain *domain = NULL;
    motive_world *world = NULL;
    motive_arena *arena = NULL;
    motive_world_def def = motive_world_def_default();
    motive_attribute at, has_key, door_open;
    motive_action_id go_to, pick_key, open_door;
    motive_archetype_id guard, key, door;
    motive_goap_goal_id escape;
    motive_npc npc;
    motive_object key_object, door_object;
    motive_condition c;
    motive_effect e;
    motive_goap_plan_view view;
    expected_step steps[4];
    motive_condition at_supplier;

    ENSURE_OK(motive_domain_builder_create(&b));
    ENSURE_OK(motive_domain_builder_add_attribute(b, "at", MOTIVE_VALUE_TYPE_ENTITY, &at));
    ENSURE_OK(motive_domain_builder_add_attribute(b, "has_key", MOTIVE_VALUE_TYPE_BOOL,
                                                  &has_key));
    ENSURE_OK(motive_domain_builder_add_attribute(b, "door_open", MOTIVE_VALUE_TYPE_BOOL,
                                                  &door_open));
    at_supplier = condition_compare(MOTIVE_ROLE_CONSUMER, at, MOTIVE_CMP_OP_EQ,
                                    operand_entity(MOTIVE_ROLE_SUPPLIER));
    /* goto: at = supplier; 1 plus a tenth of the distance to the target. */
    ENSURE(goap_action(b, "goto", 1.0, 0.1, false, &go_to));
    e = effect_change(MOTIVE_ROLE_CONSUMER, MOTIVE_EFFECT_OP_SET, at,
                      operand_entity(MOTIVE_ROLE_SUPPLIER));
    ENSURE_OK(motive_domain_builder_add_effect(b, go_to, &e));
    /* pick_key: needs at == supplier (the key). */
    ENSURE(goap_action(b, "pick_key", 1.0, 0.0, false, &pick_key));
    ENSURE_OK(motive_domain_builder_add_precondition(b, pick_key, &at_supplier));
    e = set(has_key, true);
    ENSURE_OK(motive_domain_builder_add_effect(b, pick_key, &e));
    /* open_door: needs the key and at == supplier (the door). */
    ENSURE(goap_action(b, "open_door", 1.0, 0.0, false, &open_door));
    c = is(has_key, true);
    ENSURE_OK(motive_domain_builder_add_precondition(b, open_door, &c));
    ENSURE_OK(motive_domain_builder_add_precondition(b, open_door, &at_supplier));
    e = set(door_open, true);
    ENSURE_OK(motive_domain_builder_add_effect(b, open_door, &e));

    ENSURE_OK(motive_domain_builder_add_archetype(b, "guard", &guard));
    ENSURE_OK(motive_domain_builder_add_archetype(b, "key", &key));
    ENSURE_OK(motive_domain_builder_add_archetype(b, "door", &door));
    ENSURE_OK(motive_domain_builder_add_consumed_action(b, guard, go_to));
    ENSURE_OK(motive_domain_builder_add_consumed_action(b, guard, pick_key));
    ENSURE_OK(motive_domain_builder_add_consumed_action(b, guard, open_door));
    ENSURE_OK(motive_domain_builder_add_supplied_action(b, key, go_to));
    ENSURE_OK(motive_domain_builder_add_supplied_action(b, key, pick_key));
    ENSURE_OK(motive_domain_builder_add_supplied_action(b, door, go_to));
    ENSURE_OK(motive_domain_builder_add_supplied_action(b, door, open_door));
    c = is(door_open, true);
    ENSURE(goap_goal(b, "escape", &c, &escape));
    ENSURE_OK(motive_domain_builder_add_archetype_goap_goal(b, guard, escape));
    ENSURE_OK(motive_domain_builder_build(b, &domain));
    motive_domain_builder_destroy(b);

    ENSURE_OK(motive_world_create(domain, &def, &world));
    ENSURE_OK(motive_arena_create(1024, &arena));
    ENSURE_OK(motive_npc_spawn(world, guard, vec3(0.0f, 0.0f, 0.0f), &npc));
    ENSURE_OK(motive_object_spawn(world, key, vec3(10.0f, 0.0f, 0.0f), &key_object));
    ENSURE_OK(motive_object_spawn(world, door, vec3(0.0f, 20.0f, 0.0f), &door_object));

    ENSURE_OK(motive_goap_plan_into(world, npc, escape, arena, 0, &view));
    /* Costs are bound from where the guard stands when planning: goto(key) 1 + 10/10, goto(door)
     * 1 + 20/10. */
    steps[0].action = go_to;
    steps[0].target = motive_object_entity(key_object);
    steps[0].cost = 2.0;
    steps[1].action = pick_key;
    steps[1].target = motive_object_entity(key_object);
    steps[1].cost = 1.0;
    steps[2].action = go_to;
    steps[2].target = motive_object_entity(door_object);
    steps[2].cost = 3.0;
    steps[3].action = open_door;
    steps[3].target = motive_object_entity(door_object);
    steps[3].cost = 1.0;
    ENSURE(plan_is(&view, steps, 4, 7.0));

    motive_arena_destroy(arena);
    motive_world_destroy(world);
    motive_domain_destroy(domain);
}

/* ---- Errors ---- */

/* Two nurses who see the cabinet between them but not each other plan in turn in one arena:
 * the binding is made once and handed from one to the other (their own actions' target
 * becomes the nurse planning), and each plan is that nurse's own. */
static void test_nurses_taking_turns_share_one_binding(void) {
    motive_domain_builder *builder = NULL;
    motive_think_settings near = motive_think_settings_default();
    motive_world_def def = motive_world_def_default();
    motive_goap_bind_stats stats;
    motive_goap_plan_view view;
    nurse_world n, turn;
    motive_npc nurses[2];
    int i;
    memset(&n, 0, sizeof n);
    ENSURE(nurse_builder(&builder, &n.ids));
    near.perception_range = 6.0;
    ENSURE_OK(motive_domain_builder_set_think_settings(builder, n.ids.nurse, &near));
    ENSURE_OK(motive_domain_builder_build(builder, &n.domain));
    motive_domain_builder_destroy(builder);
    ENSURE_OK(motive_world_create(n.domain, &def, &n.world));
    ENSURE_OK(motive_arena_create(0, &n.arena));
    /* Spawned in this order, each lists itself first and the cabinet second. */
    ENSURE_OK(motive_npc_spawn(n.world, n.ids.nurse, vec3(0.0f, 0.0f, 0.0f), &nurses[0]));
    ENSURE_OK(motive_npc_spawn(n.world, n.ids.nurse, vec3(10.0f, 0.0f, 0.0f), &nurses[1]));
    ENSURE_OK(motive_object_spawn(n.world, n.ids.cabinet, vec3(5.0f, 0.0f, 0.0f), &n.cabinet));
    for (i = 0; i < 5; i++) {
        turn = n;
        turn.nurse = nurses[i % 2];
        ENSURE_OK(motive_goap_plan_into(n.world, turn.nurse, n.ids.medicate, n.arena, 0, &view));
        ENSURE(nurse_plan_is_the_cheap_pills(&turn, &view));
    }
    ENSURE_OK(motive_arena_goap_bind_stats(n.arena, &stats));
    ENSURE(stats.bound == 1 && stats.adjusted == 4 && stats.kept == 0);
    /* Reset keeps the counts; NULLs are refused and write nothing. */
    ENSURE_OK(motive_arena_reset(n.arena));
    SENTINEL(stats);
    ENSURE_STATUS(motive_arena_goap_bind_stats(NULL, &stats), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_UNTOUCHED(stats);
    ENSURE_LAST_ERROR_CONTAINS("arena");
    ENSURE_STATUS(motive_arena_goap_bind_stats(n.arena, NULL), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("out_stats");
    ENSURE_OK(motive_arena_goap_bind_stats(n.arena, &stats));
    ENSURE(stats.bound == 1 && stats.adjusted == 4);
    nurse_world_free(&n);
}

static void test_null_arguments_are_rejected(void) {
    nurse_world n;
    motive_goap_plan_view view;
    uint32_t result;
    motive_goap_goal_id goal;
    ENSURE(nurse_world_init(&n));
    SENTINEL(view);
    SENTINEL(result);
    SENTINEL(goal);
    ENSURE_STATUS(motive_arena_goap_begin(NULL, n.world, n.nurse, n.ids.medicate, 0),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("arena");
    ENSURE_STATUS(motive_arena_goap_begin(n.arena, NULL, n.nurse, n.ids.medicate, 0),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("world");
    ENSURE_STATUS(motive_arena_goap_step(NULL, 1, &result), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_UNTOUCHED(result);
    ENSURE_STATUS(motive_arena_goap_plan(NULL, &view), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_UNTOUCHED(view);
    ENSURE_STATUS(motive_goap_plan_into(NULL, n.nurse, n.ids.medicate, n.arena, 0, &view),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_UNTOUCHED(view);
    ENSURE_STATUS(motive_goap_plan_into(n.world, n.nurse, n.ids.medicate, NULL, 0, &view),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_UNTOUCHED(view);
    ENSURE_STATUS(motive_goap_plan_into(n.world, n.nurse, n.ids.medicate, n.arena, 0, NULL),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("out_view");
    /* A search exists now; NULL outputs are still refused, before any work. */
    ENSURE_OK(motive_arena_goap_begin(n.arena, n.world, n.nurse, n.ids.medicate, 0));
    ENSURE_STATUS(motive_arena_goap_step(n.arena, 1, NULL), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("out_result");
    ENSURE_STATUS(motive_arena_goap_plan(n.arena, NULL), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("out_view");
    ENSURE_STATUS(motive_domain_find_goap_goal(NULL, "medicate", &goal),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_domain_find_goap_goal(n.domain, NULL, &goal),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_domain_find_goap_goal(n.domain, "medicate", NULL),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_UNTOUCHED(goal);
    ENSURE_STATUS(motive_arena_reset(NULL), MOTIVE_STATUS_NULL_ARGUMENT);
    nurse_world_free(&n);
}

static void test_an_arena_without_a_search_has_nothing_to_step(void) {
    nurse_world n;
    motive_goap_plan_view view;
    uint32_t result;
    ENSURE(nurse_world_init(&n));
    SENTINEL(view);
    SENTINEL(result);
    ENSURE_STATUS(motive_arena_goap_step(n.arena, 1, &result), MOTIVE_STATUS_NOT_FOUND);
    ENSURE_LAST_ERROR_CONTAINS("no GOAP search");
    ENSURE_UNTOUCHED(result);
    ENSURE_STATUS(motive_arena_goap_plan(n.arena, &view), MOTIVE_STATUS_NOT_FOUND);
    ENSURE_UNTOUCHED(view);
    /* Reset ends a search. */
    ENSURE_OK(motive_arena_goap_begin(n.arena, n.world, n.nurse, n.ids.medicate, 0));
    ENSURE_OK(motive_arena_reset(n.arena));
    ENSURE_STATUS(motive_arena_goap_step(n.arena, 1, &result), MOTIVE_STATUS_NOT_FOUND);
    ENSURE_UNTOUCHED(result);
    /* And the arena plans again after it, reusing its buffers. */
    ENSURE_OK(motive_goap_plan_into(n.world, n.nurse, n.ids.medicate, n.arena, 0, &view));
    ENSURE(nurse_plan_is_the_cheap_pills(&n, &view));
    nurse_world_free(&n);
}

static void test_bad_handles_and_goals_are_rejected(void) {
    nurse_world n;
    motive_goap_plan_view view;
    uint32_t result;
    motive_npc spare;
    motive_npc not_an_npc;
    ENSURE(nurse_world_init(&n));
    SENTINEL(view);
    SENTINEL(result);
    ENSURE_OK(motive_npc_spawn(n.world, n.ids.nurse, vec3(1.0f, 0.0f, 0.0f), &spare));
    ENSURE_OK(motive_npc_destroy(n.world, spare));

    /* A failed begin ends the search that was in the arena. */
    ENSURE_OK(motive_arena_goap_begin(n.arena, n.world, n.nurse, n.ids.medicate, 0));
    ENSURE_STATUS(motive_arena_goap_begin(n.arena, n.world, spare, n.ids.medicate, 0),
                  MOTIVE_STATUS_STALE_HANDLE);
    ENSURE_STATUS(motive_arena_goap_step(n.arena, 1, &result), MOTIVE_STATUS_NOT_FOUND);
    ENSURE_UNTOUCHED(result);

    ENSURE_STATUS(motive_goap_plan_into(n.world, spare, n.ids.medicate, n.arena, 0, &view),
                  MOTIVE_STATUS_STALE_HANDLE);
    ENSURE_UNTOUCHED(view);
    ENSURE_STATUS(motive_goap_plan_into(n.world, n.nurse, 99, n.arena, 0, &view),
                  MOTIVE_STATUS_NOT_FOUND);
    ENSURE_LAST_ERROR_CONTAINS("goap goal id 99");
    ENSURE_UNTOUCHED(view);
    not_an_npc = motive_entity_as_npc(motive_object_entity(n.cabinet));
    ENSURE_STATUS(motive_goap_plan_into(n.world, not_an_npc, n.ids.medicate, n.arena, 0, &view),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("smart object");
    ENSURE_UNTOUCHED(view);
    ENSURE_STATUS(motive_arena_goap_step(n.arena, 1, &result), MOTIVE_STATUS_NOT_FOUND);
    nurse_world_free(&n);
}

static void test_rejected_goap_definitions_change_nothing(void) {
    motive_domain_builder *b = NULL;
    nurse_world n;
    motive_action_planning planning = motive_action_planning_default();
    motive_relevance relevance = relevance_fixed(1.0);
    motive_goap_goal_id goal;
    motive_goap_goal_id next;
    motive_attribute spot;
    motive_condition c;
    motive_goap_plan_view view;
    unsigned char two = 2;
    memset(&n, 0, sizeof n);
    ENSURE(nurse_builder(&b, &n.ids));
    ENSURE(planning.struct_size == sizeof planning && planning.cost == 1.0 &&
           planning.cost_per_distance == 0.0 && !planning.engine_check);

    /* Costs below 1, non-finite numbers, negative distance costs, wrong sizes, NULL. */
    planning.cost = 0.5;
    ENSURE_STATUS(motive_domain_builder_set_action_planning(b, n.ids.get_pills, &planning),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS(">= 1");
    planning.cost = NAN;
    ENSURE_STATUS(motive_domain_builder_set_action_planning(b, n.ids.get_pills, &planning),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    planning.cost = 2.0;
    planning.cost_per_distance = -1.0;
    ENSURE_STATUS(motive_domain_builder_set_action_planning(b, n.ids.get_pills, &planning),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    planning.cost_per_distance = 0.0;
    planning.struct_size = 8;
    ENSURE_STATUS(motive_domain_builder_set_action_planning(b, n.ids.get_pills, &planning),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("struct_size");
    planning = motive_action_planning_default();
    ENSURE_STATUS(motive_domain_builder_set_action_planning(b, 99, &planning),
                    MOTIVE_STATUS_NOT_FOUND);
    ENSURE_STATUS(motive_domain_builder_set_action_planning(b, n.ids.get_pills, NULL),
                    MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_domain_builder_set_action_planning(NULL, n.ids.get_pills, &planning),
                    MOTIVE_STATUS_NULL_ARGUMENT);
    /* Any non-zero byte in engine_check reads as true, never as undefined behaviour. */
    planning.cost = 1.0;
    memcpy(&planning.engine_check, &two, 1);
    ENSURE_OK(motive_domain_builder_set_action_planning(b, n.ids.wait, &planning));

    /* Goals: relevance out of range or of an unknown kind, a curve over a non-number, a taken
     * name, NULL relevance. None writes an id or takes one. */
    SENTINEL(goal);
    relevance.value = 1.5;
    ENSURE_STATUS(motive_domain_builder_add_goap_goal(b, "g", 0, &relevance, &goal),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("[0, 1]");
    relevance.kind = 7;
    ENSURE_STATUS(motive_domain_builder_add_goap_goal(b, "g", 0, &relevance, &goal),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("motive_relevance_kind");
    relevance.kind = MOTIVE_RELEVANCE_KIND_CURVE;
    relevance.attribute = n.ids.has_pills;
    relevance.curve = motive_curve_linear(1.0);
    ENSURE_STATUS(motive_domain_builder_add_goap_goal(b, "g", 0, &relevance, &goal),
                    MOTIVE_STATUS_TYPE_MISMATCH);
    relevance = relevance_fixed(1.0);
    ENSURE_STATUS(motive_domain_builder_add_goap_goal(b, "medicate", 0, &relevance, &goal),
                    MOTIVE_STATUS_ALREADY_EXISTS);
    ENSURE_STATUS(motive_domain_builder_add_goap_goal(b, "g", 0, NULL, &goal),
                    MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_UNTOUCHED(goal);
    ENSURE_OK(motive_domain_builder_add_goap_goal(b, "g", 0, &relevance, &next));
    ENSURE(next == n.ids.medicate + 1);

    /* Requirements: only the NPC's own boolean, number or entity facts. */
    c = condition_compare(MOTIVE_ROLE_SUPPLIER, n.ids.has_pills, MOTIVE_CMP_OP_EQ,
                          operand_constant(value_bool(true)));
    ENSURE_STATUS(motive_domain_builder_add_goap_requirement(b, next, &c),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_OK(motive_domain_builder_add_attribute(b, "spot", MOTIVE_VALUE_TYPE_POSITION, &spot));
    c = condition_compare(MOTIVE_ROLE_CONSUMER, spot, MOTIVE_CMP_OP_EQ,
                          operand_constant(value_position(vec3(0.0f, 0.0f, 0.0f))));
    ENSURE_STATUS(motive_domain_builder_add_goap_requirement(b, next, &c),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    c = condition_within(MOTIVE_ROLE_CONSUMER, MOTIVE_ROLE_SUPPLIER, 1.0);
    ENSURE_STATUS(motive_domain_builder_add_goap_requirement(b, next, &c),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    c = is(n.ids.has_pills, true);
    ENSURE_STATUS(motive_domain_builder_add_goap_requirement(b, 99, &c),
                    MOTIVE_STATUS_NOT_FOUND);
    ENSURE_STATUS(motive_domain_builder_add_goap_requirement(b, next, NULL),
                    MOTIVE_STATUS_NULL_ARGUMENT);
    /* An ENTITY operand is an entity: comparing a boolean with it is a type mismatch. */
    c = condition_compare(MOTIVE_ROLE_CONSUMER, n.ids.has_pills, MOTIVE_CMP_OP_EQ,
                          operand_entity(MOTIVE_ROLE_CONSUMER));
    ENSURE_STATUS(motive_domain_builder_add_precondition(b, n.ids.give_pills, &c),
                    MOTIVE_STATUS_TYPE_MISMATCH);
    c.rhs.role = 9;
    ENSURE_STATUS(motive_domain_builder_add_precondition(b, n.ids.give_pills, &c),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("rhs: role is 9");

    /* Archetypes: a goal without requirements, a fallback the archetype does not supply. */
    ENSURE_STATUS(motive_domain_builder_add_archetype_goap_goal(b, n.ids.nurse, next),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("no requirement");
    ENSURE_STATUS(motive_domain_builder_add_archetype_goap_goal(b, n.ids.nurse, 99),
                    MOTIVE_STATUS_NOT_FOUND);
    ENSURE_STATUS(motive_domain_builder_set_fallback(b, n.ids.nurse, n.ids.get_pills),
                    MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_STATUS(motive_domain_builder_set_fallback(b, 99, n.ids.wait),
                    MOTIVE_STATUS_NOT_FOUND);
    ENSURE_STATUS(motive_domain_builder_set_fallback(b, n.ids.nurse, 99),
                    MOTIVE_STATUS_NOT_FOUND);

    /* The builder is as it was: it builds, and the nurse still pays 10 for the cabinet's pills. */
    ENSURE(nurse_world_from(b, &n));
    ENSURE_OK(motive_goap_plan_into(n.world, n.nurse, n.ids.medicate, n.arena, 0, &view));
    ENSURE(nurse_plan_is_the_cheap_pills(&n, &view));
    motive_domain_builder_destroy(b);
    nurse_world_free(&n);
}

void run_goap_tests(void) {
    RUN_TEST(test_goap_definitions_are_found_by_name);
    RUN_TEST(test_nurse_plans_the_cheap_pills);
    RUN_TEST(test_a_goal_that_already_holds_needs_no_step);
    RUN_TEST(test_sliced_search_finds_the_same_plan);
    RUN_TEST(test_a_begun_search_outlives_its_world);
    RUN_TEST(test_the_expansion_limit_ends_a_search);
    RUN_TEST(test_context_callback_vetoes_get_pills);
    RUN_TEST(test_planning_again_sees_what_changed_in_between);
    RUN_TEST(test_relevance_callback_answers_engine_goals);
    RUN_TEST(test_a_job_thread_steps_while_the_world_changes);
    RUN_TEST(test_at_supplier_plans_two_gotos_to_different_places);
    RUN_TEST(test_nurses_taking_turns_share_one_binding);
    RUN_TEST(test_null_arguments_are_rejected);
    RUN_TEST(test_an_arena_without_a_search_has_nothing_to_step);
    RUN_TEST(test_bad_handles_and_goals_are_rejected);
    RUN_TEST(test_rejected_goap_definitions_change_nothing);
}

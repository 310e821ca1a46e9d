/*
 * Smart ambiance through the C ABI (thesis ch. 7), on a street: pedestrians want to cross and
 * walk (2) rather than run (3); running is `nervous` and makes the crossing 0.75 cheaper for
 * nervous actions for 5 s, fading over 5 s more; runners only know how to run. A run on the
 * crossing is felt by the next pedestrian, two runs make it run too (:1756-1760), and the cost
 * is back once the modifiers end. A box area with a `loud` location modifier and a camera's
 * projection that follows it and goes with it; and the errors of each call (stale handles,
 * unknown annotations, bad modifiers), which write nothing and change nothing.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "fixtures.h"
#include "motive_test.h"
#include "suites.h"
#include "wizard.h"

#define DEFINE(call) ENSURE_STATUS_OR_RETURN(call, MOTIVE_STATUS_OK, false)

typedef struct street_ids {
    motive_attribute crossed;
    motive_annotation_id loud, nervous;
    motive_action_id walk, run, chat;
    motive_goap_goal_id cross;
    motive_archetype_id pedestrian, runner, curb, camera;
} street_ids;

typedef struct street {
    motive_domain *domain;
    motive_world *world;
    street_ids ids;
} street;

/* An always-on modifier of `amount` on one annotation. */
static motive_ambiance_modifier modifier_on(const motive_annotation_id *annotation,
                                            double amount) {
    motive_ambiance_modifier m = motive_ambiance_modifier_default();
    m.amount = amount;
    m.annotations = annotation;
    m.annotation_count = 1;
    return m;
}

/* An action of `cost` that makes `crossed` true. */
static bool crossing_action(motive_domain_builder *b, const street_ids *ids, const char *name,
                            double cost, motive_action_id *out) {
    motive_action_planning planning = motive_action_planning_default();
    motive_effect e = effect_change(MOTIVE_ROLE_CONSUMER, MOTIVE_EFFECT_OP_SET, ids->crossed,
                                    operand_constant(value_bool(true)));
    DEFINE(motive_domain_builder_add_action(b, name, out));
    planning.cost = cost;
    DEFINE(motive_domain_builder_set_action_planning(b, *out, &planning));
    DEFINE(motive_domain_builder_add_effect(b, *out, &e));
    return true;
}

/* A crossing NPC archetype consuming `count` actions, to which `nervous` applies. */
static bool crossing_npc(motive_domain_builder *b, const street_ids *ids, const char *name,
                         const motive_action_id *actions, size_t count,
                         motive_archetype_id *out) {
    size_t i;
    DEFINE(motive_domain_builder_add_archetype(b, name, out));
    for (i = 0; i < count; i++) {
        DEFINE(motive_domain_builder_add_consumed_action(b, *out, actions[i]));
    }
    DEFINE(motive_domain_builder_add_archetype_goap_goal(b, *out, ids->cross));
    DEFINE(motive_domain_builder_set_archetype_annotations(b, *out, &ids->nervous, 1));
    return true;
}

static bool define_street(motive_domain_builder *b, street_ids *ids) {
    motive_ambiance_modifier nervousness;
    motive_condition c;
    motive_relevance r;
    motive_action_id both[2];
    DEFINE(motive_domain_builder_add_attribute(b, "crossed", MOTIVE_VALUE_TYPE_BOOL,
                                               &ids->crossed));
    DEFINE(motive_domain_builder_add_annotation(b, "loud", &ids->loud));
    DEFINE(motive_domain_builder_add_annotation(b, "nervous", &ids->nervous));
    ENSURE_OR_RETURN(crossing_action(b, ids, "walk", 2.0, &ids->walk), false);
    ENSURE_OR_RETURN(crossing_action(b, ids, "run", 3.0, &ids->run), false);
    ENSURE_OR_RETURN(crossing_action(b, ids, "chat", 2.0, &ids->chat), false);
    DEFINE(motive_domain_builder_set_action_annotations(b, ids->run, &ids->nervous, 1));
    DEFINE(motive_domain_builder_set_action_annotations(b, ids->chat, &ids->loud, 1));
    nervousness = modifier_on(&ids->nervous, -0.75);
    nervousness.hold = 5.0;
    nervousness.dampener.kind = MOTIVE_AMBIANCE_RATE_KIND_LINEAR;
    nervousness.dampener.duration = 5.0;
    DEFINE(motive_domain_builder_set_action_ambiance_effect(b, ids->run, &nervousness));
    memset(&r, 0, sizeof r);
    r.kind = MOTIVE_RELEVANCE_KIND_FIXED;
    r.value = 1.0;
    DEFINE(motive_domain_builder_add_goap_goal(b, "cross", 1, &r, &ids->cross));
    c = condition_compare(MOTIVE_ROLE_CONSUMER, ids->crossed, MOTIVE_CMP_OP_EQ,
                          operand_constant(value_bool(true)));
    DEFINE(motive_domain_builder_add_goap_requirement(b, ids->cross, &c));
    both[0] = ids->walk;
    both[1] = ids->run;
    ENSURE_OR_RETURN(crossing_npc(b, ids, "pedestrian", both, 2, &ids->pedestrian), false);
    ENSURE_OR_RETURN(crossing_npc(b, ids, "runner", &ids->run, 1, &ids->runner), false);
    DEFINE(motive_domain_builder_add_archetype(b, "curb", &ids->curb));
    DEFINE(motive_domain_builder_add_supplied_action(b, ids->curb, ids->walk));
    DEFINE(motive_domain_builder_add_supplied_action(b, ids->curb, ids->run));
    DEFINE(motive_domain_builder_add_archetype(b, "camera", &ids->camera));
    return true;
}

static void street_free(street *s) {
    motive_world_destroy(s->world);
    motive_domain_destroy(s->domain);
    s->world = NULL;
    s->domain = NULL;
}

/* The street's domain, a world over it and the far curb at (0, 0, 8). On failure frees what
 * it made. */
static bool street_init(street *s) {
    motive_domain_builder *b = NULL;
    motive_world_def def = motive_world_def_default();
    motive_object curb;
    bool made;
    memset(s, 0, sizeof *s);
    ENSURE_STATUS_OR_RETURN(motive_domain_builder_create(&b), MOTIVE_STATUS_OK, false);
    made = define_street(b, &s->ids) &&
           motive_domain_builder_build(b, &s->domain) == MOTIVE_STATUS_OK &&
           motive_world_create(s->domain, &def, &s->world) == MOTIVE_STATUS_OK &&
           motive_object_spawn(s->world, s->ids.curb, vec3(0.0f, 0.0f, 8.0f), &curb) ==
               MOTIVE_STATUS_OK;
    motive_domain_builder_destroy(b);
    if (!made) {
        motive_test_fail(__FILE__, __LINE__, "the street could not be set up");
        street_free(s);
    }
    return made;
}

/* Ticks (0.05 s at a time, at most 5 s) until `npc` is asked to act; writes the action and the
 * request. Other NPCs' events are dropped: callers wait for one NPC at a time. */
static bool requested(motive_world *world, motive_npc npc, motive_action_id *action,
                      uint32_t *request) {
    motive_event events[16];
    size_t count;
    size_t i;
    int ticks;
    for (ticks = 0; ticks < 100; ticks++) {
        ENSURE_STATUS_OR_RETURN(motive_world_tick(world, 0.05), MOTIVE_STATUS_OK, false);
        do {
            ENSURE_STATUS_OR_RETURN(motive_world_poll_events(world, events, 16, &count),
                                    MOTIVE_STATUS_OK, false);
            for (i = 0; i < count; i++) {
                if (events[i].kind == MOTIVE_EVENT_KIND_ACTION_REQUESTED &&
                    entity_equal(events[i].npc, motive_npc_entity(npc))) {
                    *action = events[i].action;
                    *request = events[i].request;
                    return true;
                }
            }
        } while (count == 16);
    }
    motive_test_fail(__FILE__, __LINE__, "the npc was never asked to act");
    return false;
}

/* Spawns an NPC of `archetype` at `position` and checks that it chooses `expected`. */
static bool arrives_and_chooses(street *s, motive_archetype_id archetype, motive_vec3 position,
                                motive_action_id expected, motive_npc *npc, uint32_t *request) {
    motive_action_id chosen = MOTIVE_NO_ID;
    DEFINE(motive_npc_spawn(s->world, archetype, position, npc));
    ENSURE_OR_RETURN(requested(s->world, *npc, &chosen, request), false);
    ENSURE_OR_RETURN(chosen == expected, false);
    return true;
}

static bool delta_is(const motive_world *world, motive_npc npc, motive_action_id action,
                     double expected) {
    double delta = NAN;
    ENSURE_STATUS_OR_RETURN(motive_npc_ambiance_cost_delta(world, npc, action, &delta),
                            MOTIVE_STATUS_OK, false);
    ENSURE_OR_RETURN(fabs(delta - expected) < 1e-9, false);
    return true;
}

static void test_annotations_are_defined_found_and_defaulted(void) {
    street s;
    motive_annotation_id found;
    motive_ambiance_modifier m = motive_ambiance_modifier_default();
    ENSURE(m.struct_size == sizeof m && m.start == 0.0 && m.amount == 0.0 &&
           m.annotations == NULL && m.annotation_count == 0 && isinf(m.hold) && m.hold > 0.0 &&
           m.booster.kind == MOTIVE_AMBIANCE_RATE_KIND_INSTANTANEOUS &&
           m.dampener.kind == MOTIVE_AMBIANCE_RATE_KIND_INSTANTANEOUS);
    ENSURE(street_init(&s));
    ENSURE_OK(motive_domain_find_annotation(s.domain, "nervous", &found));
    ENSURE(found == s.ids.nervous && s.ids.loud == 0 && s.ids.nervous == 1);
    SENTINEL(found);
    ENSURE_STATUS(motive_domain_find_annotation(s.domain, "serious", &found),
                  MOTIVE_STATUS_NOT_FOUND);
    ENSURE_LAST_ERROR_CONTAINS("serious");
    ENSURE_STATUS(motive_domain_find_annotation(s.domain, "loud", NULL),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_UNTOUCHED(found);
    street_free(&s);
}

static void test_running_is_contagious_then_fades(void) {
    street s;
    motive_ambiance_area road;
    motive_npc first, runner, second, third;
    uint32_t request;
    ENSURE(street_init(&s));
    ENSURE_OK(motive_world_add_ambiance_sphere(s.world, vec3(0.0f, 0.0f, 0.0f), 10.0, NULL, 0,
                                               &road));
    /* Alone, a pedestrian walks. */
    ENSURE(arrives_and_chooses(&s, s.ids.pedestrian, vec3(2.0f, 0.0f, 0.0f), s.ids.walk, &first,
                               &request));
    ENSURE(delta_is(s.world, first, s.ids.run, 0.0));
    /* One run on the road: nervous actions cost 0.75 less there, not enough to run. */
    ENSURE(arrives_and_chooses(&s, s.ids.runner, vec3(-3.0f, 0.0f, 0.0f), s.ids.run, &runner,
                               &request));
    ENSURE_OK(motive_npc_report_action(s.world, runner, request, MOTIVE_ACTION_OUTCOME_SUCCEEDED));
    ENSURE(delta_is(s.world, first, s.ids.run, -0.75));
    ENSURE(delta_is(s.world, first, s.ids.walk, 0.0));
    ENSURE(arrives_and_chooses(&s, s.ids.pedestrian, vec3(1.0f, 0.0f, 1.0f), s.ids.walk,
                               &second, &request));
    /* Two runs: run costs 3 - 1.5 = 1.5 < 2, and the next pedestrian runs too. */
    ENSURE(arrives_and_chooses(&s, s.ids.runner, vec3(3.0f, 0.0f, 0.0f), s.ids.run, &runner,
                               &request));
    ENSURE_OK(motive_npc_report_action(s.world, runner, request, MOTIVE_ACTION_OUTCOME_SUCCEEDED));
    ENSURE(delta_is(s.world, second, s.ids.run, -1.5));
    ENSURE(arrives_and_chooses(&s, s.ids.pedestrian, vec3(-1.0f, 0.0f, 1.0f), s.ids.run, &third,
                               &request));
    /* Off the road nobody feels it. */
    ENSURE_OK(motive_entity_set_position(s.world, motive_npc_entity(third),
                                         vec3(50.0f, 0.0f, 0.0f)));
    ENSURE(delta_is(s.world, third, s.ids.run, 0.0));
    /* Ten seconds on, both modifiers have ended and the cost is back to its base. */
    ENSURE_OK(motive_world_tick(s.world, 11.0));
    ENSURE(delta_is(s.world, second, s.ids.run, 0.0));
    street_free(&s);
}

static void test_areas_and_projections_change_costs_until_removed(void) {
    street s;
    motive_ambiance_modifier m;
    motive_ambiance_area library;
    motive_ambiance_projection projection;
    motive_object camera;
    motive_npc npc;
    uint32_t request;
    ENSURE(street_init(&s));
    m = modifier_on(&s.ids.loud, 5.0);
    ENSURE_OK(motive_world_add_ambiance_box(s.world, vec3(0.0f, 0.0f, 0.0f),
                                            vec3(20.0f, 5.0f, 20.0f), &m, 1, &library));
    ENSURE(library.index1 == 1 && library.generation == 1);
    ENSURE(arrives_and_chooses(&s, s.ids.pedestrian, vec3(10.0f, 0.0f, 10.0f), s.ids.walk, &npc,
                               &request));
    /* The NPC's archetype finds only `nervous` applicable: the library's `loud` passes it by. */
    ENSURE(delta_is(s.world, npc, s.ids.chat, 0.0));
    /* A camera projecting `nervous` +2 within 5 units, linearly weaker with distance. */
    m = modifier_on(&s.ids.nervous, 2.0);
    ENSURE_OK(motive_object_spawn(s.world, s.ids.camera, vec3(30.0f, 0.0f, 10.0f), &camera));
    ENSURE_OK(motive_world_add_ambiance_projection(s.world, motive_object_entity(camera), 5.0,
                                                   &m, MOTIVE_AMBIANCE_FALLOFF_LINEAR,
                                                   &projection));
    ENSURE(delta_is(s.world, npc, s.ids.run, 0.0));
    /* It follows its camera: 2.5 units away it is felt at half strength. */
    ENSURE_OK(motive_entity_set_position(s.world, motive_object_entity(camera),
                                         vec3(12.5f, 0.0f, 10.0f)));
    ENSURE(delta_is(s.world, npc, s.ids.run, 1.0));
    ENSURE_OK(motive_world_remove_ambiance_projection(s.world, projection));
    ENSURE(delta_is(s.world, npc, s.ids.run, 0.0));
    ENSURE_STATUS(motive_world_remove_ambiance_projection(s.world, projection),
                  MOTIVE_STATUS_STALE_HANDLE);
    /* A projection goes with its entity. */
    ENSURE_OK(motive_world_add_ambiance_projection(s.world, motive_object_entity(camera), 5.0,
                                                   &m, MOTIVE_AMBIANCE_FALLOFF_CONSTANT,
                                                   &projection));
    ENSURE(delta_is(s.world, npc, s.ids.run, 2.0));
    ENSURE_OK(motive_object_destroy(s.world, camera));
    ENSURE(delta_is(s.world, npc, s.ids.run, 0.0));
    ENSURE_STATUS(motive_world_remove_ambiance_projection(s.world, projection),
                  MOTIVE_STATUS_STALE_HANDLE);
    ENSURE_OK(motive_world_remove_ambiance_area(s.world, library));
    ENSURE_STATUS(motive_world_remove_ambiance_area(s.world, library),
                  MOTIVE_STATUS_STALE_HANDLE);
    ENSURE_LAST_ERROR_CONTAINS("was removed");
    street_free(&s);
}

/* Checks that the street's definitions refuse each bad call, and that the builder still
 * builds. */
static bool definitions_refuse_bad_calls(motive_domain_builder *b, const street_ids *ids) {
    motive_annotation_id unknown = 7;
    motive_annotation_id id;
    motive_ambiance_modifier m;
    SENTINEL(id);
    ENSURE_STATUS_OR_RETURN(motive_domain_builder_add_annotation(b, "loud", &id),
                            MOTIVE_STATUS_ALREADY_EXISTS, false);
    ENSURE_STATUS_OR_RETURN(motive_domain_builder_add_annotation(b, "not a name", &id),
                            MOTIVE_STATUS_INVALID_ARGUMENT, false);
    ENSURE_OR_RETURN(motive_test_is_sentinel(&id, sizeof id), false);
    ENSURE_STATUS_OR_RETURN(motive_domain_builder_set_action_annotations(b, ids->run, &unknown, 1),
                            MOTIVE_STATUS_NOT_FOUND, false);
    ENSURE_STATUS_OR_RETURN(motive_domain_builder_set_action_annotations(b, ids->run, NULL, 1),
                            MOTIVE_STATUS_NULL_ARGUMENT, false);
    ENSURE_STATUS_OR_RETURN(
        motive_domain_builder_set_archetype_annotations(b, ids->pedestrian, &unknown, 1),
        MOTIVE_STATUS_NOT_FOUND, false);
    ENSURE_STATUS_OR_RETURN(
        motive_domain_builder_set_archetype_annotations(b, 99, &ids->loud, 1),
        MOTIVE_STATUS_NOT_FOUND, false);
    m = modifier_on(&unknown, 1.0);
    ENSURE_STATUS_OR_RETURN(motive_domain_builder_set_action_ambiance_effect(b, ids->walk, &m),
                            MOTIVE_STATUS_NOT_FOUND, false);
    m = modifier_on(&ids->loud, 1.0);
    m.start = -1.0;
    ENSURE_STATUS_OR_RETURN(motive_domain_builder_set_action_ambiance_effect(b, ids->walk, &m),
                            MOTIVE_STATUS_INVALID_ARGUMENT, false);
    m.start = 0.0;
    m.annotation_count = 0;
    ENSURE_STATUS_OR_RETURN(motive_domain_builder_set_action_ambiance_effect(b, ids->walk, &m),
                            MOTIVE_STATUS_INVALID_ARGUMENT, false);
    ENSURE_STATUS_OR_RETURN(motive_domain_builder_set_action_ambiance_effect(b, ids->walk, NULL),
                            MOTIVE_STATUS_NULL_ARGUMENT, false);
    return builds(b);
}

static void test_rejected_definitions_change_nothing(void) {
    street s;
    motive_domain_builder *b = NULL;
    motive_npc walker;
    uint32_t request;
    ENSURE_OK(motive_domain_builder_create(&b));
    memset(&s, 0, sizeof s);
    if (!define_street(b, &s.ids) || !definitions_refuse_bad_calls(b, &s.ids)) {
        motive_test_fail(__FILE__, __LINE__, "a bad definition was not refused");
        motive_domain_builder_destroy(b);
        return;
    }
    /* Walk kept no ambiance effect, and a walker's walk leaves the road as it was. */
    {
        motive_world_def def = motive_world_def_default();
        motive_object curb;
        motive_ambiance_area road;
        motive_status built = motive_domain_builder_build(b, &s.domain);
        motive_domain_builder_destroy(b);
        ENSURE_OK(built);
        ENSURE_OK(motive_world_create(s.domain, &def, &s.world));
        ENSURE_OK(motive_object_spawn(s.world, s.ids.curb, vec3(0.0f, 0.0f, 8.0f), &curb));
        ENSURE_OK(motive_world_add_ambiance_sphere(s.world, vec3(0.0f, 0.0f, 0.0f), 10.0, NULL,
                                                   0, &road));
    }
    ENSURE(arrives_and_chooses(&s, s.ids.pedestrian, vec3(0.0f, 0.0f, 0.0f), s.ids.walk,
                               &walker, &request));
    ENSURE_OK(motive_npc_report_action(s.world, walker, request, MOTIVE_ACTION_OUTCOME_SUCCEEDED));
    ENSURE(delta_is(s.world, walker, s.ids.run, 0.0));
    street_free(&s);
}

static void test_rejected_world_calls_change_nothing(void) {
    street s;
    fixture other;
    motive_ambiance_modifier m;
    motive_ambiance_area area;
    motive_ambiance_area stale;
    motive_ambiance_projection projection;
    motive_annotation_id unknown = 7;
    motive_object camera;
    motive_npc npc;
    uint32_t request;
    double delta;
    ENSURE(street_init(&s));
    ENSURE(arrives_and_chooses(&s, s.ids.pedestrian, vec3(1.0f, 0.0f, 1.0f), s.ids.walk, &npc,
                               &request));
    ENSURE_OK(motive_object_spawn(s.world, s.ids.camera, vec3(0.0f, 0.0f, 0.0f), &camera));
    SENTINEL(area);
    SENTINEL(projection);
    /* Bad modifiers: an undefined annotation, NaN, a zero-length ramp, a negative hold, a bad
     * rate kind, a wrong struct_size; a NULL array with a count. */
    m = modifier_on(&unknown, 1.0);
    ENSURE_STATUS(motive_world_add_ambiance_box(s.world, vec3(0.0f, 0.0f, 0.0f),
                                                vec3(5.0f, 5.0f, 5.0f), &m, 1, &area),
                  MOTIVE_STATUS_NOT_FOUND);
    m = modifier_on(&s.ids.nervous, NAN);
    ENSURE_STATUS(motive_world_add_ambiance_box(s.world, vec3(0.0f, 0.0f, 0.0f),
                                                vec3(5.0f, 5.0f, 5.0f), &m, 1, &area),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("location[0]");
    m = modifier_on(&s.ids.nervous, 1.0);
    m.booster.kind = MOTIVE_AMBIANCE_RATE_KIND_LINEAR;
    ENSURE_STATUS(motive_world_add_ambiance_sphere(s.world, vec3(0.0f, 0.0f, 0.0f), 5.0, &m, 1,
                                                   &area),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("linear duration");
    m = modifier_on(&s.ids.nervous, 1.0);
    m.hold = -1.0;
    ENSURE_STATUS(motive_world_add_ambiance_sphere(s.world, vec3(0.0f, 0.0f, 0.0f), 5.0, &m, 1,
                                                   &area),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    m = modifier_on(&s.ids.nervous, 1.0);
    m.dampener.kind = 9;
    ENSURE_STATUS(motive_world_add_ambiance_sphere(s.world, vec3(0.0f, 0.0f, 0.0f), 5.0, &m, 1,
                                                   &area),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("motive_ambiance_rate_kind");
    m = modifier_on(&s.ids.nervous, 1.0);
    m.struct_size = 8;
    ENSURE_STATUS(motive_world_add_ambiance_sphere(s.world, vec3(0.0f, 0.0f, 0.0f), 5.0, &m, 1,
                                                   &area),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("struct_size");
    ENSURE_STATUS(motive_world_add_ambiance_sphere(s.world, vec3(0.0f, 0.0f, 0.0f), 5.0, NULL,
                                                   1, &area),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    /* Bad shapes, a NULL out-parameter. */
    ENSURE_STATUS(motive_world_add_ambiance_sphere(s.world, vec3(0.0f, 0.0f, 0.0f), -1.0, NULL,
                                                   0, &area),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_STATUS(motive_world_add_ambiance_box(s.world, vec3(1.0f, 0.0f, 0.0f),
                                                vec3(0.0f, 5.0f, 5.0f), NULL, 0, &area),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_STATUS(motive_world_add_ambiance_sphere(s.world, vec3(0.0f, 0.0f, 0.0f), 5.0, NULL,
                                                   0, NULL),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_UNTOUCHED(area);
    /* Bad projections: a destroyed source, a zero radius, a bad falloff. */
    m = modifier_on(&s.ids.nervous, 1.0);
    ENSURE_STATUS(motive_world_add_ambiance_projection(s.world, motive_object_entity(camera), 0.0,
                                                       &m, MOTIVE_AMBIANCE_FALLOFF_CONSTANT,
                                                       &projection),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_STATUS(motive_world_add_ambiance_projection(s.world, motive_object_entity(camera), 5.0,
                                                       &m, 5, &projection),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("motive_ambiance_falloff");
    ENSURE_OK(motive_object_destroy(s.world, camera));
    ENSURE_STATUS(motive_world_add_ambiance_projection(s.world, motive_object_entity(camera), 5.0,
                                                       &m, MOTIVE_AMBIANCE_FALLOFF_CONSTANT,
                                                       &projection),
                  MOTIVE_STATUS_STALE_HANDLE);
    ENSURE_UNTOUCHED(projection);
    /* Nothing was added: the first area is still the first slot, and nothing changed costs. */
    ENSURE(delta_is(s.world, npc, s.ids.run, 0.0));
    ENSURE_OK(motive_world_add_ambiance_sphere(s.world, vec3(0.0f, 0.0f, 0.0f), 5.0, &m, 1,
                                               &area));
    ENSURE(area.index1 == 1 && area.generation == 1);
    ENSURE(delta_is(s.world, npc, s.ids.run, 1.0));
    /* A removed area's handle stays an error after its slot is reused. */
    stale = area;
    ENSURE_OK(motive_world_remove_ambiance_area(s.world, stale));
    ENSURE_OK(motive_world_add_ambiance_sphere(s.world, vec3(0.0f, 0.0f, 0.0f), 5.0, &m, 1,
                                               &area));
    ENSURE(area.index1 == stale.index1 && area.generation == stale.generation + 1);
    ENSURE_STATUS(motive_world_remove_ambiance_area(s.world, stale), MOTIVE_STATUS_STALE_HANDLE);
    ENSURE(delta_is(s.world, npc, s.ids.run, 1.0));
    /* Another world's handle, and the null handle. */
    ENSURE(fixture_init(&other, 0));
    memset(&stale, 0, sizeof stale);
    ENSURE_STATUS(motive_world_remove_ambiance_area(other.world, area), MOTIVE_STATUS_WRONG_WORLD);
    ENSURE_STATUS(motive_world_remove_ambiance_area(s.world, stale),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    fixture_free(&other);
    /* Cost deltas need a live NPC spawned from an archetype and a defined action. */
    SENTINEL(delta);
    ENSURE_STATUS(motive_npc_ambiance_cost_delta(s.world, npc, 99, &delta),
                  MOTIVE_STATUS_NOT_FOUND);
    ENSURE_STATUS(motive_npc_ambiance_cost_delta(s.world, npc, s.ids.run, NULL),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_OK(motive_npc_destroy(s.world, npc));
    ENSURE_STATUS(motive_npc_ambiance_cost_delta(s.world, npc, s.ids.run, &delta),
                  MOTIVE_STATUS_STALE_HANDLE);
    ENSURE_UNTOUCHED(delta);
    street_free(&s);
}

void run_ambiance_tests(void) {
    RUN_TEST(test_annotations_are_defined_found_and_defaulted);
    RUN_TEST(test_running_is_contagious_then_fades);
    RUN_TEST(test_areas_and_projections_change_costs_until_removed);
    RUN_TEST(test_rejected_definitions_change_nothing);
    RUN_TEST(test_rejected_world_calls_change_nothing);
}

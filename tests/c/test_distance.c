/*
 * Distance in decisions through the C API alone: a GOAP action's bounded distance cost (a
 * worker draws water at a well or buys it at a shop), a UDGOAP archetype's distance attenuation
 * (a diner eats at a near snack bar rather than a slightly better far feast only when it
 * attenuates), the world's spatial index (cell size, refresh, perception range through it), and
 * the rejected calls, which write nothing and change nothing.
 */
#include <math.h>

#include "fixtures.h"
#include "motive_test.h"
#include "suites.h"
#include "wizard.h"

/* Checks that a definition call succeeds; on failure reports it and returns false. */
#define DEFINE(call) ENSURE_STATUS_OR_RETURN(call, MOTIVE_STATUS_OK, false)

/* A linear curve over [min, max] from 0 to 1: a share of the maximum distance cost. */
static motive_curve ramp(double min, double max) {
    motive_curve curve = motive_curve_linear(1.0);
    curve.min = min;
    curve.max = max;
    return curve;
}

/* ---- GOAP: water from a well (cost 1 plus distance) or from the shop (cost 6) ---- */

typedef struct water_ids {
    motive_attribute watered;
    motive_action_id draw, buy;
    motive_archetype_id worker, well, shop;
    motive_goap_goal_id water;
} water_ids;

/* Defines an action of GOAP cost `cost` that sets watered, consumed by the worker and supplied
 * by `supplier`. */
static bool water_action(motive_domain_builder *b, const water_ids *ids, const char *name,
                         double cost, motive_archetype_id supplier, motive_action_id *out) {
    motive_action_planning planning = motive_action_planning_default();
    const motive_effect wet = effect_change(MOTIVE_ROLE_CONSUMER, MOTIVE_EFFECT_OP_SET,
                                            ids->watered, operand_constant(value_bool(true)));
    planning.cost = cost;
    DEFINE(motive_domain_builder_add_action(b, name, out));
    DEFINE(motive_domain_builder_set_action_planning(b, *out, &planning));
    DEFINE(motive_domain_builder_add_effect(b, *out, &wet));
    DEFINE(motive_domain_builder_add_consumed_action(b, ids->worker, *out));
    DEFINE(motive_domain_builder_add_supplied_action(b, supplier, *out));
    return true;
}

/* Creates a builder holding the water domain; the caller destroys it. */
static bool water_builder(motive_domain_builder **out_builder, water_ids *ids) {
    motive_domain_builder *b = NULL;
    motive_relevance always;
    memset(&always, 0, sizeof always);
    always.kind = MOTIVE_RELEVANCE_KIND_FIXED;
    always.value = 1.0;
    DEFINE(motive_domain_builder_create(&b));
    *out_builder = b;
    DEFINE(motive_domain_builder_add_attribute(b, "watered", MOTIVE_VALUE_TYPE_BOOL,
                                               &ids->watered));
    DEFINE(motive_domain_builder_add_archetype(b, "worker", &ids->worker));
    DEFINE(motive_domain_builder_add_archetype(b, "well", &ids->well));
    DEFINE(motive_domain_builder_add_archetype(b, "shop", &ids->shop));
    ENSURE_OR_RETURN(water_action(b, ids, "draw", 1.0, ids->well, &ids->draw), false);
    ENSURE_OR_RETURN(water_action(b, ids, "buy", 6.0, ids->shop, &ids->buy), false);
    DEFINE(motive_domain_builder_add_goap_goal(b, "water", 1, &always, &ids->water));
    {
        const motive_condition wet = condition_compare(MOTIVE_ROLE_CONSUMER, ids->watered,
                                                       MOTIVE_CMP_OP_EQ,
                                                       operand_constant(value_bool(true)));
        DEFINE(motive_domain_builder_add_goap_requirement(b, ids->water, &wet));
    }
    DEFINE(motive_domain_builder_add_archetype_goap_goal(b, ids->worker, ids->water));
    return true;
}

/* Plans water for a worker at the origin, a well at x = well_at and the shop at x = 500; writes
 * the first step's action and cost. */
static bool water_plan(const motive_domain_builder *b, const water_ids *ids, float well_at,
                       motive_action_id *out_action, double *out_cost) {
    motive_domain *domain = NULL;
    motive_world *world = NULL;
    motive_arena *arena = NULL;
    motive_world_def def = motive_world_def_default();
    motive_npc worker;
    motive_object well, shop;
    motive_goap_plan_view view;
    bool ok = false;
    if (motive_domain_builder_build(b, &domain) == MOTIVE_STATUS_OK &&
        motive_world_create(domain, &def, &world) == MOTIVE_STATUS_OK &&
        motive_arena_create(0, &arena) == MOTIVE_STATUS_OK &&
        motive_npc_spawn(world, ids->worker, vec3(0.0f, 0.0f, 0.0f), &worker) ==
            MOTIVE_STATUS_OK &&
        motive_object_spawn(world, ids->well, vec3(well_at, 0.0f, 0.0f), &well) ==
            MOTIVE_STATUS_OK &&
        motive_object_spawn(world, ids->shop, vec3(500.0f, 0.0f, 0.0f), &shop) ==
            MOTIVE_STATUS_OK &&
        motive_goap_plan_into(world, worker, ids->water, arena, 0, &view) == MOTIVE_STATUS_OK &&
        view.count == 1) {
        *out_action = view.steps[0].action;
        *out_cost = view.steps[0].cost;
        ok = true;
    }
    motive_arena_destroy(arena);
    motive_world_destroy(world);
    motive_domain_destroy(domain);
    ENSURE_OR_RETURN(ok, false);
    return true;
}

/* Checks that the worker's plan with the well at `well_at` is `action` at `cost`. */
#define ENSURE_WATER(b, ids, well_at, expected_action, expected_cost)                           \
    do {                                                                                      \
        motive_action_id action_;                                                             \
        double cost_;                                                                         \
        ENSURE(water_plan(b, ids, well_at, &action_, &cost_));                                \
        ENSURE(action_ == (expected_action) && cost_ == (expected_cost));                     \
    } while (0)

static void test_a_distance_curve_bounds_what_walking_costs(void) {
    motive_domain_builder *b = NULL;
    water_ids ids;
    const motive_curve walk = ramp(10.0, 50.0);
    ENSURE(water_builder(&b, &ids));
    /* No distance cost by default: the well's 1 beats the shop's 6 however far. */
    ENSURE_WATER(b, &ids, 1000.0f, ids.draw, 1.0);
    /* Free up to 10 units, then up to 10 more by 50 units: 1 + 10 (d - 10) / 40. */
    ENSURE_OK(motive_domain_builder_set_action_distance_curve(b, ids.draw, &walk, 10.0));
    ENSURE_WATER(b, &ids, 8.0f, ids.draw, 1.0);
    ENSURE_WATER(b, &ids, 28.0f, ids.draw, 5.5);
    ENSURE_WATER(b, &ids, 34.0f, ids.buy, 6.0);
    /* A later call replaces the curve: at most 4 more, however far the well. */
    ENSURE_OK(motive_domain_builder_set_action_distance_curve(b, ids.draw, &walk, 4.0));
    ENSURE_WATER(b, &ids, 1e6f, ids.draw, 5.0);
    motive_domain_builder_destroy(b);
}

static void test_rejected_distance_curves_change_nothing(void) {
    motive_domain_builder *b = NULL;
    water_ids ids;
    motive_curve curve = ramp(10.0, 50.0);
    ENSURE(water_builder(&b, &ids));
    ENSURE_STATUS(motive_domain_builder_set_action_distance_curve(NULL, ids.draw, &curve, 1.0),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_domain_builder_set_action_distance_curve(b, ids.draw, NULL, 1.0),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("curve");
    ENSURE_STATUS(motive_domain_builder_set_action_distance_curve(b, 99, &curve, 1.0),
                  MOTIVE_STATUS_NOT_FOUND);
    ENSURE_STATUS(motive_domain_builder_set_action_distance_curve(b, ids.draw, &curve, -1.0),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("maximum distance cost");
    ENSURE_STATUS(motive_domain_builder_set_action_distance_curve(b, ids.draw, &curve, NAN),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_STATUS(
        motive_domain_builder_set_action_distance_curve(b, ids.draw, &curve, INFINITY),
        MOTIVE_STATUS_INVALID_ARGUMENT);
    curve.max = curve.min;
    ENSURE_STATUS(motive_domain_builder_set_action_distance_curve(b, ids.draw, &curve, 1.0),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("curve");
    curve = ramp(10.0, 50.0);
    curve.shape = 9;
    ENSURE_STATUS(motive_domain_builder_set_action_distance_curve(b, ids.draw, &curve, 1.0),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("motive_curve_shape");
    curve.shape = MOTIVE_CURVE_SHAPE_PIECEWISE_LINEAR;
    curve.points = NULL;
    curve.point_count = 2;
    ENSURE_STATUS(motive_domain_builder_set_action_distance_curve(b, ids.draw, &curve, 1.0),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    /* Still no distance cost. */
    ENSURE_WATER(b, &ids, 1000.0f, ids.draw, 1.0);
    motive_domain_builder_destroy(b);
}

/* ---- UDGOAP: a hungry diner and food that feeds by its nutrition ---- */

typedef struct diner_ids {
    motive_attribute hunger, nutrition;
    motive_archetype_id diner, food;
} diner_ids;

/* Creates a builder holding the diner domain; the caller destroys it. The diner perceives
 * `perception_range` units around it. */
static bool diner_builder(motive_domain_builder **out_builder, diner_ids *ids,
                          double perception_range) {
    motive_domain_builder *b = NULL;
    motive_goal_id fed;
    motive_drive_id appetite;
    motive_action_id eat;
    motive_think_settings think = motive_think_settings_default();
    motive_goal_condition fuller;
    DEFINE(motive_domain_builder_create(&b));
    *out_builder = b;
    DEFINE(motive_domain_builder_add_attribute(b, "hunger", MOTIVE_VALUE_TYPE_NUMBER,
                                               &ids->hunger));
    DEFINE(motive_domain_builder_set_attribute_range(b, ids->hunger, 0.0, 100.0));
    DEFINE(motive_domain_builder_add_attribute(b, "nutrition", MOTIVE_VALUE_TYPE_NUMBER,
                                               &ids->nutrition));
    fuller = goal_condition(MOTIVE_ROLE_CONSUMER, ids->hunger, MOTIVE_CHANGE_INCREASE,
                            motive_curve_linear(100.0));
    DEFINE(motive_domain_builder_add_goal(b, "fed", 1.0, &fed));
    DEFINE(motive_domain_builder_add_goal_condition(b, fed, &fuller));
    DEFINE(motive_domain_builder_add_drive(b, "appetite", 1.0, &appetite));
    DEFINE(motive_domain_builder_add_goal_generator(b, appetite, MOTIVE_TRIGGER_SCOPE_CONSUMER,
                                                    NULL, 0, fed));
    DEFINE(motive_domain_builder_add_action(b, "eat", &eat));
    {
        const motive_effect fill =
            effect_change(MOTIVE_ROLE_CONSUMER, MOTIVE_EFFECT_OP_ADD, ids->hunger,
                          operand_attribute(MOTIVE_ROLE_SUPPLIER, ids->nutrition));
        DEFINE(motive_domain_builder_add_effect(b, eat, &fill));
    }
    DEFINE(motive_domain_builder_add_archetype(b, "diner", &ids->diner));
    DEFINE(motive_domain_builder_add_consumed_action(b, ids->diner, eat));
    DEFINE(motive_domain_builder_add_internal_drive(b, ids->diner, appetite));
    think.perception_range = perception_range;
    DEFINE(motive_domain_builder_set_think_settings(b, ids->diner, &think));
    DEFINE(motive_domain_builder_add_archetype(b, "food", &ids->food));
    DEFINE(motive_domain_builder_add_supplied_action(b, ids->food, eat));
    return true;
}

/* A world of the diner at the origin (hunger 0), a snack bar at x = 5 (nutrition 45) and a
 * feast at x = feast_at (nutrition 50), spawned in that order (index1 1, 2, 3). */
typedef struct diner_world {
    motive_domain *domain;
    motive_world *world;
    motive_npc diner;
    motive_object snack, feast;
} diner_world;

static void diner_world_free(diner_world *d) {
    motive_world_destroy(d->world);
    motive_domain_destroy(d->domain);
}

static bool food(diner_world *d, const diner_ids *ids, float x, double nutrition,
                 motive_object *out_food) {
    const motive_value amount = value_number(nutrition);
    DEFINE(motive_object_spawn(d->world, ids->food, vec3(x, 0.0f, 0.0f), out_food));
    DEFINE(motive_entity_set_fact(d->world, motive_object_entity(*out_food), ids->nutrition,
                                  &amount));
    return true;
}

static bool diner_world_init(diner_world *d, const motive_domain_builder *b,
                             const diner_ids *ids, float feast_at) {
    motive_world_def def = motive_world_def_default();
    const motive_value empty = value_number(0.0);
    memset(d, 0, sizeof *d);
    DEFINE(motive_domain_builder_build(b, &d->domain));
    DEFINE(motive_world_create(d->domain, &def, &d->world));
    DEFINE(motive_npc_spawn(d->world, ids->diner, vec3(0.0f, 0.0f, 0.0f), &d->diner));
    DEFINE(motive_entity_set_fact(d->world, motive_npc_entity(d->diner), ids->hunger, &empty));
    return food(d, ids, 5.0f, 45.0, &d->snack) && food(d, ids, feast_at, 50.0, &d->feast);
}

/* Makes the diner think and writes the index1 of where it goes to eat. */
static bool eats_at(diner_world *d, uint32_t *out_index1) {
    motive_event events[8];
    size_t count = 0;
    size_t i;
    DEFINE(motive_npc_think_now(d->world, d->diner));
    DEFINE(motive_world_poll_events(d->world, events, 8, &count));
    for (i = 0; i < count; i++) {
        if (events[i].kind == MOTIVE_EVENT_KIND_ACTION_REQUESTED) {
            *out_index1 = events[i].target.index1;
            return true;
        }
    }
    ENSURE_OR_RETURN(!"the diner asked to eat", false);
    return false;
}

/* Checks where a diner of `b` eats with the feast at x = feast_at. */
static bool diner_eats_at(const motive_domain_builder *b, const diner_ids *ids, float feast_at,
                          uint32_t expected_index1) {
    diner_world d;
    uint32_t at = 0;
    bool ok = diner_world_init(&d, b, ids, feast_at) && eats_at(&d, &at);
    diner_world_free(&d);
    ENSURE_OR_RETURN(ok && at == expected_index1, false);
    return true;
}

enum { SNACK = 2, FEAST = 3 };

static void test_attenuation_makes_the_near_snack_win(void) {
    motive_domain_builder *b = NULL;
    diner_ids ids;
    const motive_curve fading = motive_curve_inverse_linear(100.0);
    ENSURE(diner_builder(&b, &ids, INFINITY));
    /* The thesis's rating: the feast fills more, whatever the walk. */
    ENSURE(diner_eats_at(b, &ids, 60.0f, FEAST));
    /* Gains count 95% at 5 units and 40% at 60: 0.4275 for the snack, 0.2 for the feast. */
    ENSURE_OK(motive_domain_builder_set_distance_attenuation(b, ids.diner, &fading));
    ENSURE(diner_eats_at(b, &ids, 60.0f, SNACK));
    /* A feast next to the snack bar still wins. */
    ENSURE(diner_eats_at(b, &ids, 6.0f, FEAST));
    motive_domain_builder_destroy(b);
}

static void test_rejected_attenuations_change_nothing(void) {
    motive_domain_builder *b = NULL;
    diner_ids ids;
    motive_curve curve = motive_curve_inverse_linear(100.0);
    ENSURE(diner_builder(&b, &ids, INFINITY));
    ENSURE_STATUS(motive_domain_builder_set_distance_attenuation(NULL, ids.diner, &curve),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_domain_builder_set_distance_attenuation(b, ids.diner, NULL),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_domain_builder_set_distance_attenuation(b, 99, &curve),
                  MOTIVE_STATUS_NOT_FOUND);
    curve.shape = MOTIVE_CURVE_SHAPE_POWER;
    curve.exponent = 0.0;
    ENSURE_STATUS(motive_domain_builder_set_distance_attenuation(b, ids.diner, &curve),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("exponent > 0");
    curve = motive_curve_inverse_linear(NAN);
    ENSURE_STATUS(motive_domain_builder_set_distance_attenuation(b, ids.diner, &curve),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE(diner_eats_at(b, &ids, 60.0f, FEAST));
    motive_domain_builder_destroy(b);
}

/* ---- The spatial index ---- */

static void test_spatial_index_settings(void) {
    motive_domain_builder *b = NULL;
    diner_ids ids;
    diner_world d;
    float cell;
    uint32_t at = 0;
    ENSURE(diner_builder(&b, &ids, 30.0));
    ENSURE(diner_world_init(&d, b, &ids, 60.0f));
    motive_domain_builder_destroy(b);
    /* Half the diner's perception range. */
    ENSURE_OK(motive_world_spatial_cell_size(d.world, &cell));
    ENSURE(cell == 15.0f);
    ENSURE_OK(motive_world_set_spatial_cell_size(d.world, 4.0f));
    SENTINEL(cell);
    ENSURE_STATUS(motive_world_set_spatial_cell_size(d.world, 0.0f),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_STATUS(motive_world_set_spatial_cell_size(d.world, -1.0f),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_STATUS(motive_world_set_spatial_cell_size(d.world, NAN),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_STATUS(motive_world_set_spatial_cell_size(d.world, INFINITY),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_STATUS(motive_world_set_spatial_cell_size(NULL, 4.0f), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_world_spatial_cell_size(NULL, &cell), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_UNTOUCHED(cell);
    ENSURE_STATUS(motive_world_spatial_cell_size(d.world, NULL), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_OK(motive_world_spatial_cell_size(d.world, &cell));
    ENSURE(cell == 4.0f);
    ENSURE_STATUS(motive_world_refresh_spatial_index(NULL), MOTIVE_STATUS_NULL_ARGUMENT);
    /* Through the index: the feast, 60 units away, is out of the diner's range of 30. */
    ENSURE_OK(motive_world_refresh_spatial_index(d.world));
    ENSURE(eats_at(&d, &at));
    ENSURE(at == SNACK);
    diner_world_free(&d);

    /* Moved within range after the last rebuild, the feast is still perceived (the world scans
     * until the index is rebuilt). */
    ENSURE(diner_builder(&b, &ids, 30.0));
    ENSURE(diner_world_init(&d, b, &ids, 60.0f));
    motive_domain_builder_destroy(b);
    ENSURE_OK(motive_world_refresh_spatial_index(d.world));
    ENSURE_OK(motive_entity_set_position(d.world, motive_object_entity(d.feast),
                                         vec3(20.0f, 0.0f, 0.0f)));
    ENSURE(eats_at(&d, &at));
    ENSURE(at == FEAST);
    diner_world_free(&d);
}

void run_distance_tests(void) {
    RUN_TEST(test_a_distance_curve_bounds_what_walking_costs);
    RUN_TEST(test_rejected_distance_curves_change_nothing);
    RUN_TEST(test_attenuation_makes_the_near_snack_win);
    RUN_TEST(test_rejected_attenuations_change_nothing);
    RUN_TEST(test_spatial_index_settings);
}

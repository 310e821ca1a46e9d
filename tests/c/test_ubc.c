/*
 * The UBC brain through the C ABI: the watch buyer of Sloan, Kelleher & Mac Namee 2011 (S:126)
 * built with the builder calls, his decision and every plan's rating read back, and the
 * builder's refusals.
 */
#include <math.h>
#include <string.h>

#include "fixtures.h"
#include "motive_test.h"
#include "suites.h"
#include "wizard.h"

#define DEFINE(call) ENSURE_STATUS_OR_RETURN(call, MOTIVE_STATUS_OK, false)

typedef struct watches {
    motive_domain_builder *builder;
    motive_archetype_id man, watch;
    motive_action_id buy;
    motive_ubc_goal_id money_goal, style_goal;
    motive_ubc_plan_id plan;
    motive_attribute money, style, price, gain;
} watches;

/* Money is worth 1 util per euro, style 2 per point; one plan: buy the best watch. */
static bool watches_builder(watches *w, double money_weight) {
    motive_effect pay, dress;
    memset(w, 0, sizeof *w);
    DEFINE(motive_domain_builder_create(&w->builder));
    DEFINE(motive_domain_builder_add_attribute(w->builder, "money", MOTIVE_VALUE_TYPE_NUMBER, &w->money));
    DEFINE(motive_domain_builder_add_attribute(w->builder, "style", MOTIVE_VALUE_TYPE_NUMBER, &w->style));
    DEFINE(motive_domain_builder_add_attribute(w->builder, "price", MOTIVE_VALUE_TYPE_NUMBER, &w->price));
    DEFINE(motive_domain_builder_add_attribute(w->builder, "style_gain", MOTIVE_VALUE_TYPE_NUMBER, &w->gain));
    DEFINE(motive_domain_builder_add_action(w->builder, "buy_watch", &w->buy));
    pay = effect_change(MOTIVE_ROLE_CONSUMER, MOTIVE_EFFECT_OP_SUBTRACT, w->money,
                        operand_attribute(MOTIVE_ROLE_SUPPLIER, w->price));
    dress = effect_change(MOTIVE_ROLE_CONSUMER, MOTIVE_EFFECT_OP_ADD, w->style,
                          operand_attribute(MOTIVE_ROLE_SUPPLIER, w->gain));
    DEFINE(motive_domain_builder_add_effect(w->builder, w->buy, &pay));
    DEFINE(motive_domain_builder_add_effect(w->builder, w->buy, &dress));
    DEFINE(motive_domain_builder_add_archetype(w->builder, "watch", &w->watch));
    DEFINE(motive_domain_builder_add_supplied_action(w->builder, w->watch, w->buy));
    DEFINE(motive_domain_builder_add_archetype(w->builder, "man", &w->man));
    DEFINE(motive_domain_builder_add_consumed_action(w->builder, w->man, w->buy));
    DEFINE(motive_domain_builder_add_ubc_goal(w->builder, "have_money", w->money,
                                              MOTIVE_UBC_SCOPE_OWN, 1.0, NULL, &w->money_goal));
    DEFINE(motive_domain_builder_add_ubc_goal(w->builder, "be_stylish", w->style,
                                              MOTIVE_UBC_SCOPE_OWN, 2.0, NULL, &w->style_goal));
    DEFINE(motive_domain_builder_add_archetype_ubc_goal(w->builder, w->man, w->money_goal, money_weight));
    DEFINE(motive_domain_builder_add_archetype_ubc_goal(w->builder, w->man, w->style_goal, NAN));
    DEFINE(motive_domain_builder_add_ubc_plan(w->builder, "buy_a_watch", &w->plan));
    DEFINE(motive_domain_builder_add_ubc_plan_step(w->builder, w->plan, w->buy, MOTIVE_UBC_STEP_TARGET_TARGET));
    DEFINE(motive_domain_builder_add_archetype_ubc_plan(w->builder, w->man, w->plan));
    return true;
}

static bool spawn_watch(motive_world *world, const watches *w, float x, double price, double gain,
                        motive_object *out) {
    motive_value p = value_number(price), g = value_number(gain);
    motive_vec3 at = {x, 0, 0};
    DEFINE(motive_object_spawn(world, w->watch, at, out));
    DEFINE(motive_entity_set_fact(world, motive_object_entity(*out), w->price, &p));
    DEFINE(motive_entity_set_fact(world, motive_object_entity(*out), w->gain, &g));
    return true;
}

/* Builds the shop, lets the man decide, and reads back his decision and ratings. */
static bool decide(double money_weight, motive_ubc_decision *decision, motive_ubc_rating *rating,
                   motive_object *first, motive_object *second) {
    watches w;
    motive_domain *domain = NULL;
    motive_world *world = NULL;
    motive_world_def def = motive_world_def_default();
    motive_npc man;
    motive_vec3 origin = {0, 0, 0};
    motive_value hundred = value_number(100), zero = value_number(0);
    size_t count = 0;
    bool ok = watches_builder(&w, money_weight);
    ok = ok && motive_domain_builder_build(w.builder, &domain) == MOTIVE_STATUS_OK;
    ok = ok && motive_world_create(domain, &def, &world) == MOTIVE_STATUS_OK;
    ok = ok && motive_npc_spawn(world, w.man, origin, &man) == MOTIVE_STATUS_OK;
    ok = ok && motive_entity_set_fact(world, motive_npc_entity(man), w.money, &hundred) == MOTIVE_STATUS_OK;
    ok = ok && motive_entity_set_fact(world, motive_npc_entity(man), w.style, &zero) == MOTIVE_STATUS_OK;
    ok = ok && spawn_watch(world, &w, 1, 100, 95, first) && spawn_watch(world, &w, 2, 50, 60, second);
    ok = ok && motive_npc_think_now(world, man) == MOTIVE_STATUS_OK;
    ok = ok && motive_npc_ubc_decision(world, man, decision) == MOTIVE_STATUS_OK;
    ok = ok && motive_npc_ubc_ratings(world, man, rating, 1, &count) == MOTIVE_STATUS_OK && count == 1;
    motive_world_destroy(world);
    motive_domain_destroy(domain);
    motive_domain_builder_destroy(w.builder);
    return ok;
}

static bool same_entity(motive_entity a, motive_entity b) {
    return memcmp(&a, &b, sizeof a) == 0;
}

static void test_the_watch_buyer_rates_the_first_watch_90_and_buys_it(void) {
    motive_ubc_decision d;
    motive_ubc_rating r;
    motive_object first, second;
    ENSURE(decide(NAN, &d, &r, &first, &second));
    ENSURE(d.plan == 0 && !d.fallback);
    ENSURE(same_entity(d.target, motive_object_entity(first)));
    ENSURE(d.gain == 90.0);
    ENSURE(r.usable && r.plan == 0 && r.gain == 90.0);
}

static void test_with_the_money_weight_at_2_5_the_second_watch_wins(void) {
    motive_ubc_decision d;
    motive_ubc_rating r;
    motive_object first, second;
    ENSURE(decide(2.5, &d, &r, &first, &second));
    ENSURE(same_entity(d.target, motive_object_entity(second)));
    ENSURE(d.gain > -5.0 - 1e-9 && d.gain < -5.0 + 1e-9);
}

static void test_the_builder_refuses_bad_ubc_definitions(void) {
    watches w;
    motive_ubc_goal_id goal;
    motive_ubc_plan_id plan, found;
    motive_domain *domain = NULL;
    ENSURE(watches_builder(&w, NAN));
    ENSURE_STATUS(motive_domain_builder_add_ubc_goal(w.builder, "bad_scope", w.money, 7, 1.0, NULL, &goal),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_STATUS(motive_domain_builder_add_ubc_goal(w.builder, "zero", w.money, MOTIVE_UBC_SCOPE_OWN, 0.0, NULL, &goal),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_STATUS(motive_domain_builder_add_ubc_plan_step(w.builder, w.plan, w.buy, 9),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_OK(motive_domain_builder_add_ubc_plan(w.builder, "walk_only", &plan));
    ENSURE_OK(motive_domain_builder_add_ubc_plan_step(w.builder, plan, w.buy, MOTIVE_UBC_STEP_TARGET_NEXT));
    ENSURE_STATUS(motive_domain_builder_add_archetype_ubc_plan(w.builder, w.man, plan),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_LAST_ERROR_CONTAINS("cannot be on \"next\"");
    /* The watch does not consume buy_watch. */
    ENSURE_STATUS(motive_domain_builder_add_archetype_ubc_plan(w.builder, w.watch, w.plan),
                  MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_OK(motive_domain_builder_build(w.builder, &domain));
    ENSURE_OK(motive_domain_find_ubc_plan(domain, "buy_a_watch", &found));
    ENSURE(found == w.plan);
    ENSURE_STATUS(motive_domain_find_ubc_plan(domain, "buy_a_wach", &found), MOTIVE_STATUS_NOT_FOUND);
    motive_domain_destroy(domain);
    motive_domain_builder_destroy(w.builder);
}

static void test_a_npc_without_plans_has_no_ubc_decision(void) {
    fixture f;
    motive_ubc_decision d;
    ENSURE(fixture_init_with_entities(&f));
    memset(&d, MOTIVE_TEST_SENTINEL_BYTE, sizeof d);
    ENSURE_STATUS(motive_npc_ubc_decision(f.world, f.npc, &d), MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE_UNTOUCHED(d);
    fixture_free(&f);
}

void run_ubc_tests(void) {
    RUN_TEST(test_the_watch_buyer_rates_the_first_watch_90_and_buys_it);
    RUN_TEST(test_with_the_money_weight_at_2_5_the_second_watch_wins);
    RUN_TEST(test_the_builder_refuses_bad_ubc_definitions);
    RUN_TEST(test_a_npc_without_plans_has_no_ubc_decision);
}

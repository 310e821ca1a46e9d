/*
 * A GOAP binding kept in an NPC's own arena, through the path a C tool takes (issue 33, item 2:
 * binding is updated when facts change, in proportion to what changed): the looting domain
 * (src/sim/looting.json, which sim::goap_examples embeds) loaded from its file, a looter and
 * its chests spawned by archetype, the looter planning with motive_goap_plan_into in an arena
 * of its own while the chests' facts change through motive_entity_set_fact. The chests' facts
 * are read by binding both as tests (gold > 0, unlocked, the purse below the chest's cap) and
 * as the values of changes (the purse gains the chest's gold, the looter is hurt as the chest
 * is trapped), so an arena that kept stale edits would plan otherwise. Every plan must equal a
 * fresh arena's, and the arena's bind stats say how it came by its binding: kept when nothing
 * binding read changed, adjusted when only reads changed whose steps bind as before, bound
 * afresh otherwise.
 */
#include <string.h>

#include "fixtures.h"
#include "motive.h"
#include "motive_test.h"
#include "suites.h"

/* Chests in the looter's world. */
#define CHESTS 6

typedef struct looting {
    motive_domain *domain;
    motive_world *world;
    motive_npc looter;
    motive_entity chests[CHESTS];
    motive_attribute gold, locked, cap, trapped;
    motive_goap_goal_id rich;
} looting;

static void looting_free(looting *l) {
    motive_world_destroy(l->world);
    motive_domain_destroy(l->domain);
    memset(l, 0, sizeof *l);
}

/* The looter at the origin and the chests one unit apart along x, from their archetypes. */
static bool looting_init(looting *l) {
    motive_world_def def = motive_world_def_default();
    motive_archetype_id looter, chest;
    motive_object object;
    int i;
    memset(l, 0, sizeof *l);
    ENSURE_STATUS_OR_RETURN(
        motive_domain_load_file(MOTIVE_TEST_DATA "/../../src/sim/looting.json", NULL, &l->domain),
        MOTIVE_STATUS_OK, false);
    ENSURE_STATUS_OR_RETURN(motive_world_create(l->domain, &def, &l->world), MOTIVE_STATUS_OK,
                            false);
    ENSURE_STATUS_OR_RETURN(motive_domain_find_archetype(l->domain, "looter", &looter),
                            MOTIVE_STATUS_OK, false);
    ENSURE_STATUS_OR_RETURN(motive_domain_find_archetype(l->domain, "chest", &chest),
                            MOTIVE_STATUS_OK, false);
    ENSURE_STATUS_OR_RETURN(motive_npc_spawn(l->world, looter, vec3(0.0f, 0.0f, 0.0f), &l->looter),
                            MOTIVE_STATUS_OK, false);
    for (i = 0; i < CHESTS; i++) {
        ENSURE_STATUS_OR_RETURN(
            motive_object_spawn(l->world, chest, vec3(1.0f + (float)i, 0.0f, 0.0f), &object),
            MOTIVE_STATUS_OK, false);
        l->chests[i] = motive_object_entity(object);
    }
    ENSURE_STATUS_OR_RETURN(motive_domain_find_attribute(l->domain, "gold", &l->gold),
                            MOTIVE_STATUS_OK, false);
    ENSURE_STATUS_OR_RETURN(motive_domain_find_attribute(l->domain, "locked", &l->locked),
                            MOTIVE_STATUS_OK, false);
    ENSURE_STATUS_OR_RETURN(motive_domain_find_attribute(l->domain, "cap", &l->cap),
                            MOTIVE_STATUS_OK, false);
    ENSURE_STATUS_OR_RETURN(motive_domain_find_attribute(l->domain, "trapped", &l->trapped),
                            MOTIVE_STATUS_OK, false);
    ENSURE_STATUS_OR_RETURN(motive_domain_find_goap_goal(l->domain, "rich", &l->rich),
                            MOTIVE_STATUS_OK, false);
    return true;
}

static bool set_fact(looting *l, int chest, motive_attribute attribute, motive_value value) {
    ENSURE_STATUS_OR_RETURN(motive_entity_set_fact(l->world, l->chests[chest], attribute, &value),
                            MOTIVE_STATUS_OK, false);
    return true;
}

/* Whether two plan views hold the same result, steps and costs. */
static bool same_plan(const motive_goap_plan_view *a, const motive_goap_plan_view *b) {
    size_t i;
    ENSURE_OR_RETURN(a->result == b->result, false);
    ENSURE_OR_RETURN(a->count == b->count, false);
    ENSURE_OR_RETURN(a->cost == b->cost, false);
    for (i = 0; i < a->count; i++) {
        ENSURE_OR_RETURN(a->steps[i].action == b->steps[i].action, false);
        ENSURE_OR_RETURN(entity_equal(a->steps[i].target, b->steps[i].target), false);
        ENSURE_OR_RETURN(a->steps[i].cost == b->steps[i].cost, false);
    }
    return true;
}

/* Plans for the looter in `own` (kept from call to call) and in a fresh arena, and checks the
 * plans agree; `*out_view` is the plan from `own`, valid until `own` is reset. */
static bool plans_as_fresh(looting *l, motive_arena *own, motive_goap_plan_view *out_view) {
    motive_arena *fresh = NULL;
    motive_goap_plan_view fresh_view;
    bool same;
    ENSURE_STATUS_OR_RETURN(motive_arena_reset(own), MOTIVE_STATUS_OK, false);
    ENSURE_STATUS_OR_RETURN(motive_goap_plan_into(l->world, l->looter, l->rich, own, 0, out_view),
                            MOTIVE_STATUS_OK, false);
    ENSURE_STATUS_OR_RETURN(motive_arena_create(0, &fresh), MOTIVE_STATUS_OK, false);
    same = motive_goap_plan_into(l->world, l->looter, l->rich, fresh, 0, &fresh_view) ==
               MOTIVE_STATUS_OK &&
           same_plan(out_view, &fresh_view);
    motive_arena_destroy(fresh);
    ENSURE_OR_RETURN(same, false);
    return true;
}

/* The arena's counts since the last call, and the totals. */
typedef struct counts {
    motive_goap_bind_stats total;
    uint64_t bound, adjusted, kept;
} counts;

static bool count(motive_arena *arena, counts *c) {
    motive_goap_bind_stats now;
    ENSURE_STATUS_OR_RETURN(motive_arena_goap_bind_stats(arena, &now), MOTIVE_STATUS_OK, false);
    c->bound = now.bound - c->total.bound;
    c->adjusted = now.adjusted - c->total.adjusted;
    c->kept = now.kept - c->total.kept;
    c->total = now;
    return true;
}

/* The search's result and cost, and how many steps loot the chest `chest`. */
static bool plan_is(const motive_goap_plan_view *view, double cost, const looting *l, int chest,
                    size_t loots) {
    size_t i, found = 0;
    ENSURE_OR_RETURN(view->result == MOTIVE_SEARCH_RESULT_FOUND, false);
    ENSURE_OR_RETURN(view->cost == cost, false);
    for (i = 0; i < view->count; i++) {
        found += entity_equal(view->steps[i].target, l->chests[chest]);
    }
    ENSURE_OR_RETURN(found == loots, false);
    return true;
}

/* One chest's gold, then its lock, changed between plans in the looter's own arena. */
static void test_a_changed_fact_adjusts_the_binding_in_the_npcs_arena(void) {
    looting l;
    motive_arena *own = NULL;
    motive_goap_plan_view view;
    counts c;
    memset(&c, 0, sizeof c);
    ENSURE(looting_init(&l));
    ENSURE_OK(motive_arena_create(0, &own));
    /* Looting takes no gold from the chest: the nearest (1 + 0.5 x 1) five times for 2 each. */
    ENSURE(plans_as_fresh(&l, own, &view));
    ENSURE(plan_is(&view, 7.5, &l, 0, 5) && view.count == 5);
    ENSURE(count(own, &c) && c.bound == 1 && c.adjusted == 0 && c.kept == 0);
    /* Nothing changed: the binding is kept as it was. */
    ENSURE(plans_as_fresh(&l, own, &view));
    ENSURE(count(own, &c) && c.bound == 0 && c.adjusted == 0 && c.kept == 1);
    /* The nearest chest holds 8: looting it twice does, its step bound again in place. */
    ENSURE(set_fact(&l, 0, l.gold, value_number(8.0)));
    ENSURE(plans_as_fresh(&l, own, &view));
    ENSURE(plan_is(&view, 3.0, &l, 0, 2) && view.count == 2);
    ENSURE(count(own, &c) && c.bound == 0 && c.adjusted == 1 && c.kept == 0);
    /* Locked, it offers no step any more: binding walks again from it. */
    ENSURE(set_fact(&l, 0, l.locked, value_bool(true)));
    ENSURE(plans_as_fresh(&l, own, &view));
    ENSURE(plan_is(&view, 5 * 2.0, &l, 0, 0) && view.count == 5);
    ENSURE(count(own, &c) && c.bound == 1 && c.adjusted == 0 && c.kept == 0);
    motive_arena_destroy(own);
    looting_free(&l);
}

/* Random facts of random chests, each change followed by a plan in the looter's own arena:
 * every plan equals a fresh arena's, and the arena came by its binding every way. */
static void test_plans_in_a_kept_arena_equal_fresh_ones_as_facts_change(void) {
    looting l;
    motive_arena *own = NULL;
    motive_goap_plan_view view;
    uint64_t state = 33;
    counts c;
    int i, chest;
    double n;
    memset(&c, 0, sizeof c);
    ENSURE(looting_init(&l));
    ENSURE_OK(motive_arena_create(0, &own));
    for (i = 0; i < 300; i++) {
        /* A 64-bit LCG (Knuth's MMIX constants): the same sequence on every platform. */
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        chest = (int)((state >> 33) % CHESTS);
        n = (double)((state >> 40) % 7);
        switch ((state >> 50) % 6) {
        case 0:
        case 1:
            ENSURE(set_fact(&l, chest, l.gold, value_number(n)));
            break;
        case 2:
            ENSURE(set_fact(&l, chest, l.locked, value_bool(n < 2.0)));
            break;
        case 3:
            ENSURE(set_fact(&l, chest, l.cap, value_number(4.0 * n)));
            break;
        case 4:
            ENSURE(set_fact(&l, chest, l.trapped, value_bool(n < 1.0)));
            break;
        default:
            break; /* nothing changes: the binding may be kept */
        }
        ENSURE(plans_as_fresh(&l, own, &view));
    }
    ENSURE(count(own, &c));
    ENSURE(c.total.bound + c.total.adjusted + c.total.kept == 300);
    ENSURE(c.total.bound > 10 && c.total.adjusted > 10 && c.total.kept > 10);
    motive_arena_destroy(own);
    looting_free(&l);
}

void run_goap_rebind_tests(void) {
    RUN_TEST(test_a_changed_fact_adjusts_the_binding_in_the_npcs_arena);
    RUN_TEST(test_plans_in_a_kept_arena_equal_fresh_ones_as_facts_change);
}

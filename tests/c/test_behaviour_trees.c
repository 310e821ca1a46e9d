/*
 * Behaviour-tree NPCs through the C ABI, on a domain built in code: `call` leaves and `ask`
 * tests run the engine's own callbacks (by interned id, with the caller's user pointer; start,
 * step and stop phases; the tree follows their answers), the typed blackboard (its entries,
 * type checks and an action leaf that takes its target from it), and swapping the top layer
 * (refusals change nothing). The Rust suite covers the node semantics (tests/bt_tables.rs).
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "fixtures.h"
#include "motive_test.h"
#include "suites.h"

#define DEFINE(call) ENSURE_STATUS_OR_RETURN(call, MOTIVE_STATUS_OK, false)


/* Checks `cond` once; on failure frees the test's world and domain, then fails the test. */
#define FREE_ENSURE(d, world, cond)                                                         \
    do {                                                                                    \
        if (!(cond)) {                                                                      \
            bt_free(&(d), (world));                                                         \
            motive_test_fail(__FILE__, __LINE__, #cond);                                    \
            return;                                                                         \
        }                                                                                   \
    } while (0)

#define MAX_CALLS 32
#define MAX_LAYERS 16

/* The domain: ids as the builder returned them. */
typedef struct bt_domain {
    motive_domain *domain;
    motive_attribute target, done, alert;
    motive_action_id inspect, dig;
    motive_bt_callback_id see, aim, rest;
    motive_hint_id hide;
    /* aim: sequence(precondition ask see, call aim, flag done on myself).
     * post: selector(HIDE: call rest, call aim), a base tree exposing HIDE.
     * rest: call rest (acts, through the engine).  digger: action dig (nobody consumes it).
     * alarm / calm: loop(hint HIDE positive / negative).  fetch: loop(action inspect on the
     * blackboard's target). */
    motive_bt_tree_id aim_tree, post, rest_tree, digger, alarm, calm, fetch;
    motive_archetype_id shooter, sentry, fetcher, crate;
} bt_domain;

/* What the engine's callbacks saw and how they answer. */
typedef struct engine {
    const struct engine *self; /* the user pointer must come back as given */
    motive_world *world;
    motive_npc npc;
    motive_attribute done;
    bool foreign;   /* a callback got another NPC or user pointer */
    bool see;       /* the condition callback's answer */
    uint32_t asked; /* condition calls */
    motive_bt_callback_id last_asked;
    uint32_t start_answer;
    uint32_t busy_steps; /* steps answered IN_PROGRESS before final_answer */
    uint32_t final_answer;
    uint32_t reentry; /* status of a call on the locked world from inside a callback */
    size_t calls;
    motive_bt_callback_id ids[MAX_CALLS];
    uint32_t phases[MAX_CALLS];
} engine;

static bool same_npc(motive_npc a, motive_npc b) {
    return a.index1 == b.index1 && a.generation == b.generation && a.world == b.world;
}

static bool on_ask(void *user, motive_npc npc, motive_bt_callback_id callback) {
    engine *e = (engine *)user;
    if (e->self != e || !same_npc(npc, e->npc)) {
        e->foreign = true;
    }
    e->asked++;
    e->last_asked = callback;
    return e->see;
}

static uint32_t on_action(void *user, motive_npc npc, motive_bt_callback_id callback,
                          uint32_t phase) {
    engine *e = (engine *)user;
    motive_value value;
    if (e->self != e || !same_npc(npc, e->npc)) {
        e->foreign = true;
    }
    if (e->calls < MAX_CALLS) {
        e->ids[e->calls] = callback;
        e->phases[e->calls] = phase;
    }
    e->calls++;
    switch (phase) {
    case MOTIVE_BT_CALL_PHASE_START:
        e->reentry = motive_npc_bt_get_blackboard(e->world, npc, e->done, &value);
        return e->start_answer;
    case MOTIVE_BT_CALL_PHASE_STEP:
        if (e->busy_steps > 0) {
            e->busy_steps--;
            return MOTIVE_BT_STATUS_IN_PROGRESS;
        }
        return e->final_answer;
    default:
        return MOTIVE_BT_STATUS_ERROR; /* ignored at STOP */
    }
}

/* Starts recording for `npc` afresh, answers as given. */
static void engine_reset(engine *e, motive_npc npc, bool see, uint32_t start_answer,
                         uint32_t busy_steps, uint32_t final_answer) {
    motive_world *world = e->world;
    motive_attribute done = e->done;
    memset(e, 0, sizeof *e);
    e->self = e;
    e->world = world;
    e->done = done;
    e->npc = npc;
    e->see = see;
    e->start_answer = start_answer;
    e->busy_steps = busy_steps;
    e->final_answer = final_answer;
    e->reentry = MOTIVE_STATUS_OK;
}

/* Whether the action callback was called exactly with `phases`, each for `id`. */
static bool calls_are(const engine *e, motive_bt_callback_id id, const uint32_t *phases,
                      size_t count) {
    size_t i;
    if (e->calls != count || e->foreign) {
        return false;
    }
    for (i = 0; i < count; i++) {
        if (e->ids[i] != id || e->phases[i] != phases[i]) {
            return false;
        }
    }
    return true;
}

static motive_bt_node_def node(uint32_t kind) {
    motive_bt_node_def def = motive_bt_node_def_default();
    def.kind = kind;
    return def;
}

/* Opens a composite or filter of `kind`, its other fields at their defaults. */
static motive_status open_node(motive_bt_builder *t, uint32_t kind) {
    motive_bt_node_def def = node(kind);
    return motive_bt_builder_start(t, &def);
}

static bool call_leaf(motive_bt_builder *t, motive_bt_callback_id callback) {
    motive_bt_node_def def = node(MOTIVE_BT_NODE_KIND_CALL);
    def.callback = callback;
    DEFINE(motive_bt_builder_leaf(t, &def));
    return true;
}

/* Adds the tree being built in `t` as `name`. */
static bool add_tree(motive_domain_builder *b, motive_bt_builder *t, const char *name,
                     motive_bt_tree_id *out) {
    DEFINE(motive_domain_builder_add_bt_tree(b, name, t, out));
    return true;
}

/* loop(hint `hint` at `state`). */
static bool hint_tree(motive_domain_builder *b, motive_bt_builder *t, const char *name,
                      motive_hint_id hint, uint32_t state, motive_bt_tree_id *out) {
    motive_bt_node_def def = node(MOTIVE_BT_NODE_KIND_HINT);
    DEFINE(open_node(t, MOTIVE_BT_NODE_KIND_LOOP));
    def.hint = hint;
    def.hint_state = state;
    DEFINE(motive_bt_builder_leaf(t, &def));
    DEFINE(motive_bt_builder_end(t));
    return add_tree(b, t, name, out);
}

static bool define_trees(motive_domain_builder *b, motive_bt_builder *t, bt_domain *d) {
    motive_bt_node_def def;
    motive_bt_test_id asks;

    /* aim */
    DEFINE(open_node(t, MOTIVE_BT_NODE_KIND_SEQUENCE));
    DEFINE(motive_bt_builder_test_ask(t, d->see, &asks));
    ENSURE_OR_RETURN(asks != MOTIVE_NO_ID, false);
    def = node(MOTIVE_BT_NODE_KIND_PRECONDITION);
    def.test = asks;
    DEFINE(motive_bt_builder_leaf(t, &def));
    if (!call_leaf(t, d->aim)) {
        return false;
    }
    def = node(MOTIVE_BT_NODE_KIND_FLAG);
    def.flag = d->done;
    /* A byte other than 0 or 1, as a memset or a uint8_t alias leaves it: read as C reads it
     * (non-zero is true), where a Rust bool holding 2 stored a flag no test found set. */
    memset(&def.flag_value, 2, sizeof def.flag_value);
    def.flag_scope = MOTIVE_FLAG_SCOPE_MYSELF;
    DEFINE(motive_bt_builder_leaf(t, &def));
    DEFINE(motive_bt_builder_end(t));
    if (!add_tree(b, t, "aim", &d->aim_tree)) {
        return false;
    }

    /* post */
    DEFINE(open_node(t, MOTIVE_BT_NODE_KIND_SELECTOR));
    DEFINE(motive_bt_builder_branch(t, d->hide));
    if (!call_leaf(t, d->rest) || !call_leaf(t, d->aim)) {
        return false;
    }
    DEFINE(motive_bt_builder_end(t));
    if (!add_tree(b, t, "post", &d->post)) {
        return false;
    }

    /* rest, digger */
    if (!call_leaf(t, d->rest) || !add_tree(b, t, "rest", &d->rest_tree)) {
        return false;
    }
    def = node(MOTIVE_BT_NODE_KIND_ACTION);
    def.action = d->dig;
    DEFINE(motive_bt_builder_leaf(t, &def));
    if (!add_tree(b, t, "digger", &d->digger)) {
        return false;
    }

    /* alarm, calm */
    if (!hint_tree(b, t, "alarm", d->hide, MOTIVE_HINT_STATE_POSITIVE, &d->alarm) ||
        !hint_tree(b, t, "calm", d->hide, MOTIVE_HINT_STATE_NEGATIVE, &d->calm)) {
        return false;
    }

    /* fetch */
    DEFINE(open_node(t, MOTIVE_BT_NODE_KIND_LOOP));
    def = node(MOTIVE_BT_NODE_KIND_ACTION);
    def.action = d->inspect;
    def.target = d->target;
    DEFINE(motive_bt_builder_leaf(t, &def));
    DEFINE(motive_bt_builder_end(t));
    return add_tree(b, t, "fetch", &d->fetch);
}

static bool define(motive_domain_builder *b, motive_bt_builder *t, bt_domain *d) {
    motive_bt_callback_id again;
    DEFINE(motive_domain_builder_add_attribute(b, "target", MOTIVE_VALUE_TYPE_ENTITY, &d->target));
    DEFINE(motive_domain_builder_add_attribute(b, "done", MOTIVE_VALUE_TYPE_BOOL, &d->done));
    DEFINE(motive_domain_builder_add_attribute(b, "alert", MOTIVE_VALUE_TYPE_NUMBER, &d->alert));
    DEFINE(motive_domain_builder_add_action(b, "inspect", &d->inspect));
    DEFINE(motive_domain_builder_set_action_duration(b, d->inspect, MOTIVE_DURATION_KIND_SECONDS,
                                                     1.0, 0));
    DEFINE(motive_domain_builder_add_action(b, "dig", &d->dig));
    DEFINE(motive_domain_builder_hint(b, "HIDE", &d->hide));
    DEFINE(motive_domain_builder_bt_callback(b, "see_player", &d->see));
    DEFINE(motive_domain_builder_bt_callback(b, "aim", &d->aim));
    DEFINE(motive_domain_builder_bt_callback(b, "rest", &d->rest));
    /* Interned: the same name is the same id; different names are different ids. */
    DEFINE(motive_domain_builder_bt_callback(b, "aim", &again));
    ENSURE_OR_RETURN(again == d->aim && d->aim != d->see && d->rest != d->aim, false);

    if (!define_trees(b, t, d)) {
        return false;
    }

    /* The shooter and the sentry act through the engine's callbacks only, but an archetype
     * that consumes no action makes smart objects: they consume inspect. */
    DEFINE(motive_domain_builder_add_archetype(b, "shooter", &d->shooter));
    DEFINE(motive_domain_builder_add_consumed_action(b, d->shooter, d->inspect));
    DEFINE(motive_domain_builder_set_archetype_bt(b, d->shooter, &d->aim_tree, 1));
    DEFINE(motive_domain_builder_add_archetype(b, "sentry", &d->sentry));
    DEFINE(motive_domain_builder_add_consumed_action(b, d->sentry, d->inspect));
    DEFINE(motive_domain_builder_set_archetype_bt(b, d->sentry, &d->post, 1));
    DEFINE(motive_domain_builder_add_archetype(b, "fetcher", &d->fetcher));
    DEFINE(motive_domain_builder_add_consumed_action(b, d->fetcher, d->inspect));
    DEFINE(motive_domain_builder_set_archetype_bt(b, d->fetcher, &d->fetch, 1));
    DEFINE(motive_domain_builder_add_archetype(b, "crate", &d->crate));
    DEFINE(motive_domain_builder_add_supplied_action(b, d->crate, d->inspect));
    return true;
}

/* Builds the domain into d->domain and a world over it into *out_world. */
static bool bt_init(bt_domain *d, motive_world **out_world) {
    motive_domain_builder *b = NULL;
    motive_bt_builder *t = NULL;
    motive_world_def def = motive_world_def_default();
    bool ok;
    memset(d, 0, sizeof *d);
    *out_world = NULL;
    ENSURE_STATUS_OR_RETURN(motive_domain_builder_create(&b), MOTIVE_STATUS_OK, false);
    if (motive_bt_builder_create(&t) != MOTIVE_STATUS_OK) {
        motive_domain_builder_destroy(b);
        ENSURE_OR_RETURN(!"motive_bt_builder_create failed", false);
    }
    ok = define(b, t, d) && motive_domain_builder_build(b, &d->domain) == MOTIVE_STATUS_OK;
    motive_bt_builder_destroy(t);
    motive_domain_builder_destroy(b);
    ENSURE_OR_RETURN(ok, false);
    def.seed = 7;
    ENSURE_STATUS_OR_RETURN(motive_world_create(d->domain, &def, out_world), MOTIVE_STATUS_OK,
                            false);
    return true;
}

static void bt_free(bt_domain *d, motive_world *world) {
    motive_world_destroy(world);
    motive_domain_destroy(d->domain);
}

/* `npc`'s layers, highest first, into `ids`; their number, or SIZE_MAX on failure. */
static size_t layers_of(const motive_world *world, motive_npc npc, motive_bt_tree_id *ids) {
    size_t count = 0;
    if (motive_npc_bt_layers(world, npc, ids, MAX_LAYERS, &count) != MOTIVE_STATUS_OK) {
        return SIZE_MAX;
    }
    return count;
}

static bool layers_are(const motive_world *world, motive_npc npc, const motive_bt_tree_id *want,
                       size_t count) {
    motive_bt_tree_id ids[MAX_LAYERS];
    return layers_of(world, npc, ids) == count &&
           (count == 0 || memcmp(ids, want, count * sizeof *ids) == 0);
}

static bool flag_is(const motive_world *world, motive_npc npc, motive_attribute flag, bool want) {
    bool set = !want;
    return motive_npc_bt_flag(world, npc, flag, &set) == MOTIVE_STATUS_OK && set == want;
}

static uint32_t hint_state(const motive_world *world, motive_npc npc, uint32_t level,
                           motive_hint_id hint) {
    uint32_t state = UINT32_MAX;
    if (motive_npc_bt_hint(world, npc, level, hint, &state) != MOTIVE_STATUS_OK) {
        return UINT32_MAX;
    }
    return state;
}

static void test_callback_names_are_interned_and_found(void) {
    bt_domain d;
    motive_world *world;
    motive_bt_callback_id id;
    if (!bt_init(&d, &world)) {
        bt_free(&d, world);
        return;
    }
    ENSURE_OK(motive_domain_find_bt_callback(d.domain, "see_player", &id));
    ENSURE(id == d.see);
    ENSURE_OK(motive_domain_find_bt_callback(d.domain, "rest", &id));
    ENSURE(id == d.rest);
    SENTINEL(id);
    ENSURE_STATUS(motive_domain_find_bt_callback(d.domain, "fire", &id), MOTIVE_STATUS_NOT_FOUND);
    ENSURE_UNTOUCHED(id);
    ENSURE_STATUS(motive_domain_find_bt_callback(NULL, "aim", &id), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_domain_find_bt_callback(d.domain, NULL, &id),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_domain_find_bt_callback(d.domain, "aim", NULL),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_domain_builder_bt_callback(NULL, "aim", &id), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_bt_builder_test_ask(NULL, d.see, &id), MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_world_set_bt_condition_callback(NULL, on_ask, NULL),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    ENSURE_STATUS(motive_world_set_bt_action_callback(NULL, on_action, NULL),
                  MOTIVE_STATUS_NULL_ARGUMENT);
    bt_free(&d, world);
}

/* Adds the one node `def` (or the precondition on ask `callback`, when `def` is NULL) as a tree
 * of a domain builder with one action "x" and one number attribute "n": the status of
 * motive_domain_builder_add_bt_tree, which must write no id when it fails. */
static motive_status add_lone_node(const motive_bt_node_def *def, motive_bt_callback_id callback) {
    motive_domain_builder *b = NULL;
    motive_bt_builder *t = NULL;
    motive_bt_node_def precondition = node(MOTIVE_BT_NODE_KIND_PRECONDITION);
    motive_bt_tree_id tree;
    motive_status status = MOTIVE_STATUS_PANIC;
    motive_action_id x;
    motive_attribute n;
    SENTINEL(tree);
    if (motive_domain_builder_create(&b) == MOTIVE_STATUS_OK &&
        motive_bt_builder_create(&t) == MOTIVE_STATUS_OK &&
        motive_domain_builder_add_action(b, "x", &x) == MOTIVE_STATUS_OK &&
        motive_domain_builder_add_attribute(b, "n", MOTIVE_VALUE_TYPE_NUMBER, &n) ==
            MOTIVE_STATUS_OK &&
        (def != NULL || motive_bt_builder_test_ask(t, callback, &precondition.test) ==
                            MOTIVE_STATUS_OK) &&
        motive_bt_builder_leaf(t, def != NULL ? def : &precondition) == MOTIVE_STATUS_OK) {
        status = motive_domain_builder_add_bt_tree(b, "lone", t, &tree);
        if (status != MOTIVE_STATUS_OK && !motive_test_is_sentinel(&tree, sizeof tree)) {
            status = MOTIVE_STATUS_PANIC;
        }
    }
    motive_bt_builder_destroy(t);
    motive_domain_builder_destroy(b);
    return status;
}

static void test_trees_naming_unknown_callbacks_are_refused(void) {
    motive_bt_node_def def = node(MOTIVE_BT_NODE_KIND_CALL);
    /* The tree builder takes any id; the domain, which interned none, refuses it. */
    def.callback = 3;
    ENSURE_STATUS(add_lone_node(&def, 0), MOTIVE_STATUS_NOT_FOUND);
    def.callback = MOTIVE_NO_ID; /* the default */
    ENSURE_STATUS(add_lone_node(&def, 0), MOTIVE_STATUS_NOT_FOUND);
    ENSURE_STATUS(add_lone_node(NULL, 5), MOTIVE_STATUS_NOT_FOUND);
    /* An action's target is an entity attribute ("n", id 0, is a number). */
    def = node(MOTIVE_BT_NODE_KIND_ACTION);
    def.action = 0;
    def.target = 0;
    ENSURE_STATUS(add_lone_node(&def, 0), MOTIVE_STATUS_INVALID_ARGUMENT);
    def.target = MOTIVE_NO_ID;
    ENSURE_OK(add_lone_node(&def, 0));
}

/* A condition tree nested one level deeper than a tree allows is refused when its outermost
 * group closes, and the refusal loses nothing: the group stays open with its operands, so the
 * same close is refused for the same reason (it said "no condition group is open"). */
static void test_a_refused_test_close_keeps_its_group(void) {
    motive_bt_builder *t = NULL;
    motive_bt_test_id test;
    char message[256];
    int i;
    ENSURE_OK(motive_bt_builder_create(&t));
    for (i = 0; i < 64; i++) {
        ENSURE_OK(motive_bt_builder_test_open(t, MOTIVE_BT_TEST_OP_AND));
    }
    ENSURE_OK(motive_bt_builder_test_hint(t, 0, &test));
    for (i = 0; i < 63; i++) {
        ENSURE_OK(motive_bt_builder_test_close(t, &test));
    }
    SENTINEL(test);
    ENSURE_STATUS(motive_bt_builder_test_close(t, &test), MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE(motive_test_is_sentinel(&test, sizeof test));
    ENSURE(strstr(motive_test_last_error(message, sizeof message), "deep") != NULL);
    ENSURE_STATUS(motive_bt_builder_test_close(t, &test), MOTIVE_STATUS_INVALID_ARGUMENT);
    ENSURE(strstr(motive_test_last_error(message, sizeof message), "deep") != NULL);
    motive_bt_builder_destroy(t);
}

/* Ticks `world` in 0.1 s steps until `npc`'s flag `done` is set, at most `ticks` times. */
static bool tick_until_done(motive_world *world, motive_npc npc, motive_attribute done,
                            int ticks) {
    int i;
    for (i = 0; i < ticks; i++) {
        ENSURE_STATUS_OR_RETURN(motive_world_tick(world, 0.1), MOTIVE_STATUS_OK, false);
        if (flag_is(world, npc, done, true)) {
            return true;
        }
    }
    return false;
}

static void test_ticks_run_the_call_leaf_start_steps_stop(void) {
    static const uint32_t phases[] = {MOTIVE_BT_CALL_PHASE_START, MOTIVE_BT_CALL_PHASE_STEP, MOTIVE_BT_CALL_PHASE_STEP, MOTIVE_BT_CALL_PHASE_STEP, MOTIVE_BT_CALL_PHASE_STOP};
    bt_domain d;
    motive_world *world;
    engine e;
    motive_npc npc;
    motive_value value;
    if (!bt_init(&d, &world)) {
        bt_free(&d, world);
        return;
    }
    if (motive_npc_spawn(world, d.shooter, vec3(0, 0, 0), &npc) != MOTIVE_STATUS_OK) {
        bt_free(&d, world);
        ENSURE(!"motive_npc_spawn failed");
    }
    e.world = world;
    e.done = d.done;
    /* The player is seen; aiming takes two more thinks, then succeeds. */
    engine_reset(&e, npc, true, MOTIVE_BT_STATUS_IN_PROGRESS, 2, MOTIVE_BT_STATUS_SUCCEEDED);
    if (motive_world_set_bt_condition_callback(world, on_ask, &e) != MOTIVE_STATUS_OK ||
        motive_world_set_bt_action_callback(world, on_action, &e) != MOTIVE_STATUS_OK) {
        bt_free(&d, world);
        ENSURE(!"setting the callbacks failed");
    }
    if (!tick_until_done(world, npc, d.done, 40)) {
        bt_free(&d, world);
        ENSURE(!"the tree never got past its call leaf");
    }
    /* Asked once (the sequence moved past its precondition); the world was locked for the
     * callback's own call. */
    if (!calls_are(&e, d.aim, phases, 5) || e.asked != 1 || e.last_asked != d.see ||
        e.reentry != MOTIVE_STATUS_WORLD_LOCKED) {
        bt_free(&d, world);
        ENSURE(!"the callbacks were not called as start, 3 steps, stop for aim, asked once");
    }
    /* done is a bool blackboard entry like any other. */
    if (motive_npc_bt_get_blackboard(world, npc, d.done, &value) != MOTIVE_STATUS_OK ||
        value.type != MOTIVE_VALUE_TYPE_BOOL || !value.data.boolean) {
        bt_free(&d, world);
        ENSURE(!"the flag is not a true bool on the blackboard");
    }
    /* Cleared callbacks are not called any more. */
    if (motive_npc_clear_bt_layers(world, npc) != MOTIVE_STATUS_OK ||
        motive_world_set_bt_condition_callback(world, NULL, &e) != MOTIVE_STATUS_OK ||
        motive_world_set_bt_action_callback(world, NULL, NULL) != MOTIVE_STATUS_OK ||
        motive_npc_push_bt_layer(world, npc, d.aim_tree) != MOTIVE_STATUS_OK ||
        motive_world_tick(world, 1.0) != MOTIVE_STATUS_OK) {
        bt_free(&d, world);
        ENSURE(!"clearing the callbacks and ticking failed");
    }
    ENSURE(e.calls == 5 && e.asked == 1);
    bt_free(&d, world);
}

/* One scene of the think-by-think test: its world, NPC and engine. */
typedef struct scene {
    bt_domain d;
    motive_world *world;
    motive_npc npc;
    engine e;
} scene;

static bool scene_init(scene *s) {
    if (!bt_init(&s->d, &s->world)) {
        return false;
    }
    ENSURE_STATUS_OR_RETURN(motive_npc_spawn(s->world, s->d.shooter, vec3(0, 0, 0), &s->npc),
                            MOTIVE_STATUS_OK, false);
    s->e.world = s->world;
    s->e.done = s->d.done;
    engine_reset(&s->e, s->npc, false, MOTIVE_BT_STATUS_IN_PROGRESS, 0, MOTIVE_BT_STATUS_SUCCEEDED);
    DEFINE(motive_world_set_bt_condition_callback(s->world, on_ask, &s->e));
    DEFINE(motive_world_set_bt_action_callback(s->world, on_action, &s->e));
    return true;
}

/* Gives the NPC a fresh aim tree and a clean blackboard, the engine the answers given. */
static bool rerun(scene *s, bool see, uint32_t start_answer, uint32_t busy_steps,
                  uint32_t final_answer) {
    DEFINE(motive_npc_clear_bt_layers(s->world, s->npc));
    DEFINE(motive_npc_bt_remove_blackboard(s->world, s->npc, s->d.done));
    DEFINE(motive_npc_push_bt_layer(s->world, s->npc, s->d.aim_tree));
    engine_reset(&s->e, s->npc, see, start_answer, busy_steps, final_answer);
    return true;
}

static bool think(scene *s, int times) {
    int i;
    for (i = 0; i < times; i++) {
        DEFINE(motive_npc_think_now(s->world, s->npc));
    }
    return true;
}

static void test_the_tree_follows_what_the_callbacks_answer(void) {
    static const uint32_t failed[] = {MOTIVE_BT_CALL_PHASE_START, MOTIVE_BT_CALL_PHASE_STEP, MOTIVE_BT_CALL_PHASE_STOP};
    static const uint32_t only_start[] = {MOTIVE_BT_CALL_PHASE_START};
    static const uint32_t abandoned[] = {MOTIVE_BT_CALL_PHASE_START, MOTIVE_BT_CALL_PHASE_STEP, MOTIVE_BT_CALL_PHASE_STEP, MOTIVE_BT_CALL_PHASE_STOP};
    scene s;
    memset(&s, 0, sizeof s);
    if (!scene_init(&s)) {
        bt_free(&s.d, s.world);
        return;
    }

    /* Not seen: the precondition fails the sequence before the call leaf; the finished base
     * layer is dropped at the next think. */
    FREE_ENSURE(s.d, s.world, think(&s, 1));
    FREE_ENSURE(s.d, s.world,
                s.e.asked == 1 && s.e.last_asked == s.d.see && s.e.calls == 0 && !s.e.foreign);
    FREE_ENSURE(s.d, s.world, flag_is(s.world, s.npc, s.d.done, false));
    FREE_ENSURE(s.d, s.world, think(&s, 1));
    FREE_ENSURE(s.d, s.world, layers_are(s.world, s.npc, NULL, 0));

    /* Seen, and the action fails at its first step: stopped, and the sequence fails. */
    FREE_ENSURE(s.d, s.world, rerun(&s, true, MOTIVE_BT_STATUS_IN_PROGRESS, 0, MOTIVE_BT_STATUS_FAILED));
    FREE_ENSURE(s.d, s.world, think(&s, 2));
    FREE_ENSURE(s.d, s.world, calls_are(&s.e, s.d.aim, failed, 3));
    FREE_ENSURE(s.d, s.world, flag_is(s.world, s.npc, s.d.done, false));

    /* A START answered SUCCEEDED (or FAILED) still only starts the leaf: its step decides,
     * at the next think. */
    FREE_ENSURE(s.d, s.world, rerun(&s, true, MOTIVE_BT_STATUS_FAILED, 0, MOTIVE_BT_STATUS_SUCCEEDED));
    FREE_ENSURE(s.d, s.world, think(&s, 1));
    FREE_ENSURE(s.d, s.world, calls_are(&s.e, s.d.aim, only_start, 1));
    FREE_ENSURE(s.d, s.world, think(&s, 1));
    /* start, step, stop */
    FREE_ENSURE(s.d, s.world, calls_are(&s.e, s.d.aim, failed, 3));
    FREE_ENSURE(s.d, s.world, flag_is(s.world, s.npc, s.d.done, true));

    /* A refused start is an error of the tree: the stack is cleared, and nothing is stopped. */
    FREE_ENSURE(s.d, s.world, rerun(&s, true, MOTIVE_BT_STATUS_ERROR, 0, MOTIVE_BT_STATUS_SUCCEEDED));
    FREE_ENSURE(s.d, s.world, think(&s, 1));
    FREE_ENSURE(s.d, s.world, calls_are(&s.e, s.d.aim, only_start, 1));
    FREE_ENSURE(s.d, s.world, layers_are(s.world, s.npc, NULL, 0));

    /* A number that is no motive_bt_status reads as an error at a step: the leaf is stopped
     * and the stack cleared. */
    FREE_ENSURE(s.d, s.world, rerun(&s, true, MOTIVE_BT_STATUS_IN_PROGRESS, 0, 77));
    FREE_ENSURE(s.d, s.world, think(&s, 2));
    FREE_ENSURE(s.d, s.world, calls_are(&s.e, s.d.aim, failed, 3));
    FREE_ENSURE(s.d, s.world, layers_are(s.world, s.npc, NULL, 0));

    /* Abandoned while in progress (its layer popped): the leaf is stopped. */
    FREE_ENSURE(s.d, s.world, rerun(&s, true, MOTIVE_BT_STATUS_IN_PROGRESS, 100, MOTIVE_BT_STATUS_SUCCEEDED));
    FREE_ENSURE(s.d, s.world, think(&s, 3));
    FREE_ENSURE(s.d, s.world, s.e.calls == 3);
    FREE_ENSURE(s.d, s.world, motive_npc_pop_bt_layer(s.world, s.npc) == MOTIVE_STATUS_OK);
    FREE_ENSURE(s.d, s.world, calls_are(&s.e, s.d.aim, abandoned, 4));
    FREE_ENSURE(s.d, s.world, think(&s, 2));
    FREE_ENSURE(s.d, s.world, s.e.calls == 4);

    /* A refused swap leaves the running leaf alone; a swap stops it, and the new base tree's
     * leaf starts at the next think. */
    FREE_ENSURE(s.d, s.world, rerun(&s, true, MOTIVE_BT_STATUS_IN_PROGRESS, 100, MOTIVE_BT_STATUS_SUCCEEDED));
    FREE_ENSURE(s.d, s.world, think(&s, 3));
    FREE_ENSURE(s.d, s.world,
                motive_npc_swap_bt_layer(s.world, s.npc, s.d.digger) ==
                MOTIVE_STATUS_INVALID_ARGUMENT);
    FREE_ENSURE(s.d, s.world, s.e.calls == 3);
    FREE_ENSURE(s.d, s.world,
                motive_npc_swap_bt_layer(s.world, s.npc, s.d.rest_tree) == MOTIVE_STATUS_OK);
    FREE_ENSURE(s.d, s.world, calls_are(&s.e, s.d.aim, abandoned, 4));
    FREE_ENSURE(s.d, s.world, think(&s, 1));
    FREE_ENSURE(s.d, s.world,
                s.e.calls == 6 && s.e.ids[4] == s.d.rest &&
                    s.e.phases[4] == MOTIVE_BT_CALL_PHASE_START && s.e.phases[5] == MOTIVE_BT_CALL_PHASE_STEP);

    /* Without an action callback the call leaf fails at its first step; without a condition
     * callback every ask test is false. */
    FREE_ENSURE(s.d, s.world,
                motive_world_set_bt_action_callback(s.world, NULL, &s.e) == MOTIVE_STATUS_OK);
    FREE_ENSURE(s.d, s.world, rerun(&s, true, MOTIVE_BT_STATUS_IN_PROGRESS, 0, MOTIVE_BT_STATUS_SUCCEEDED));
    FREE_ENSURE(s.d, s.world, think(&s, 1));
    FREE_ENSURE(s.d, s.world, s.e.asked == 1 && s.e.calls == 0);
    FREE_ENSURE(s.d, s.world, think(&s, 1));
    FREE_ENSURE(s.d, s.world, flag_is(s.world, s.npc, s.d.done, false));
    FREE_ENSURE(s.d, s.world,
                motive_world_set_bt_condition_callback(s.world, NULL, NULL) == MOTIVE_STATUS_OK);
    FREE_ENSURE(s.d, s.world,
                motive_world_set_bt_action_callback(s.world, on_action, &s.e) == MOTIVE_STATUS_OK);
    FREE_ENSURE(s.d, s.world, rerun(&s, true, MOTIVE_BT_STATUS_IN_PROGRESS, 0, MOTIVE_BT_STATUS_SUCCEEDED));
    FREE_ENSURE(s.d, s.world, think(&s, 2));
    FREE_ENSURE(s.d, s.world, s.e.asked == 0 && s.e.calls == 0);
    FREE_ENSURE(s.d, s.world, flag_is(s.world, s.npc, s.d.done, false));
    bt_free(&s.d, s.world);
}

static void test_blackboard_entries_are_typed(void) {
    bt_domain d;
    motive_world *world;
    motive_npc npc, mindless;
    motive_object crate, gone;
    motive_value value, number = value_number(3.5);
    motive_npc_def mindless_def = motive_npc_def_default();
    if (!bt_init(&d, &world)) {
        bt_free(&d, world);
        return;
    }
    FREE_ENSURE(d, world,
                motive_npc_spawn(world, d.sentry, vec3(0, 0, 0), &npc) == MOTIVE_STATUS_OK);
    FREE_ENSURE(d, world,
                motive_object_spawn(world, d.crate, vec3(2, 0, 0), &crate) == MOTIVE_STATUS_OK);
    FREE_ENSURE(d, world,
                motive_object_spawn(world, d.crate, vec3(4, 0, 0), &gone) == MOTIVE_STATUS_OK);

    /* Absent: NOT_FOUND, the output untouched. */
    SENTINEL(value);
    FREE_ENSURE(d, world,
                motive_npc_bt_get_blackboard(world, npc, d.target, &value) ==
                MOTIVE_STATUS_NOT_FOUND);
    FREE_ENSURE(d, world, motive_test_is_sentinel(&value, sizeof value));

    /* Written and read back, one entry per attribute. */
    value = value_entity(motive_object_entity(crate));
    FREE_ENSURE(d, world,
                motive_npc_bt_set_blackboard(world, npc, d.target, &value) == MOTIVE_STATUS_OK);
    FREE_ENSURE(d, world,
                motive_npc_bt_set_blackboard(world, npc, d.alert, &number) == MOTIVE_STATUS_OK);
    memset(&value, 0, sizeof value);
    FREE_ENSURE(d, world,
                motive_npc_bt_get_blackboard(world, npc, d.target, &value) == MOTIVE_STATUS_OK);
    FREE_ENSURE(d, world,
                value.type == MOTIVE_VALUE_TYPE_ENTITY &&
                entity_equal(value.data.entity, motive_object_entity(crate)));
    FREE_ENSURE(d, world,
                motive_npc_bt_get_blackboard(world, npc, d.alert, &value) == MOTIVE_STATUS_OK);
    FREE_ENSURE(d, world, value_equal(&value, &number));
    number = value_number(-1.0);
    FREE_ENSURE(d, world,
                motive_npc_bt_set_blackboard(world, npc, d.alert, &number) == MOTIVE_STATUS_OK);
    FREE_ENSURE(d, world,
                motive_npc_bt_get_blackboard(world, npc, d.alert, &value) == MOTIVE_STATUS_OK);
    FREE_ENSURE(d, world, value_equal(&value, &number));

    /* Refusals leave the entry as it was: a value of another type, a non-finite number, a
     * destroyed entity. */
    value = value_bool(true);
    FREE_ENSURE(d, world,
                motive_npc_bt_set_blackboard(world, npc, d.target, &value) ==
                MOTIVE_STATUS_TYPE_MISMATCH);
    value = value_number(NAN);
    FREE_ENSURE(d, world,
                motive_npc_bt_set_blackboard(world, npc, d.alert, &value) ==
                MOTIVE_STATUS_INVALID_ARGUMENT);
    FREE_ENSURE(d, world, motive_object_destroy(world, gone) == MOTIVE_STATUS_OK);
    value = value_entity(motive_object_entity(gone));
    FREE_ENSURE(d, world,
                motive_npc_bt_set_blackboard(world, npc, d.target, &value) ==
                MOTIVE_STATUS_STALE_HANDLE);
    FREE_ENSURE(d, world,
                motive_npc_bt_get_blackboard(world, npc, d.target, &value) == MOTIVE_STATUS_OK);
    FREE_ENSURE(d, world,
                value.type == MOTIVE_VALUE_TYPE_ENTITY &&
                entity_equal(value.data.entity, motive_object_entity(crate)));
    FREE_ENSURE(d, world,
                motive_npc_bt_get_blackboard(world, npc, d.alert, &value) == MOTIVE_STATUS_OK);
    FREE_ENSURE(d, world, value_equal(&value, &number));

    /* Removed (twice is fine), then absent. */
    FREE_ENSURE(d, world,
                motive_npc_bt_remove_blackboard(world, npc, d.target) == MOTIVE_STATUS_OK);
    FREE_ENSURE(d, world,
                motive_npc_bt_remove_blackboard(world, npc, d.target) == MOTIVE_STATUS_OK);
    FREE_ENSURE(d, world,
                motive_npc_bt_get_blackboard(world, npc, d.target, &value) ==
                MOTIVE_STATUS_NOT_FOUND);
    FREE_ENSURE(d, world,
                motive_npc_bt_get_blackboard(world, npc, d.alert, &value) == MOTIVE_STATUS_OK);

    /* Bad arguments. */
    FREE_ENSURE(d, world,
                motive_npc_bt_set_blackboard(world, npc, 99, &number) == MOTIVE_STATUS_NOT_FOUND);
    FREE_ENSURE(d, world,
                motive_npc_bt_get_blackboard(world, npc, 99, &value) == MOTIVE_STATUS_NOT_FOUND);
    FREE_ENSURE(d, world,
                motive_npc_bt_remove_blackboard(world, npc, 99) == MOTIVE_STATUS_NOT_FOUND);
    /* A flag is a bool attribute of the domain: a number one, or none, is no flag. */
    {
        bool set = true;
        FREE_ENSURE(d, world,
                    motive_npc_bt_flag(world, npc, d.alert, &set) ==
                    MOTIVE_STATUS_INVALID_ARGUMENT);
        FREE_ENSURE(d, world,
                    motive_npc_bt_flag(world, npc, 99, &set) == MOTIVE_STATUS_NOT_FOUND);
        FREE_ENSURE(d, world, set);
    }
    FREE_ENSURE(d, world,
                motive_npc_bt_set_blackboard(world, npc, d.alert, NULL) ==
                MOTIVE_STATUS_NULL_ARGUMENT);
    FREE_ENSURE(d, world,
                motive_npc_bt_get_blackboard(world, npc, d.alert, NULL) ==
                MOTIVE_STATUS_NULL_ARGUMENT);
    FREE_ENSURE(d, world,
                motive_npc_bt_set_blackboard(NULL, npc, d.alert, &number) ==
                MOTIVE_STATUS_NULL_ARGUMENT);
    FREE_ENSURE(d, world,
                motive_npc_bt_get_blackboard(NULL, npc, d.alert, &value) ==
                MOTIVE_STATUS_NULL_ARGUMENT);
    FREE_ENSURE(d, world,
                motive_npc_bt_remove_blackboard(NULL, npc, d.alert) == MOTIVE_STATUS_NULL_ARGUMENT);
    /* An NPC with no behaviour-tree mind has no blackboard. */
    FREE_ENSURE(d, world, motive_npc_create(world, &mindless_def, &mindless) == MOTIVE_STATUS_OK);
    FREE_ENSURE(d, world,
                motive_status_is_error(
                    motive_npc_bt_set_blackboard(world, mindless, d.alert, &number)));
    FREE_ENSURE(d, world,
                motive_status_is_error(
                    motive_npc_bt_get_blackboard(world, mindless, d.alert, &value)));
    FREE_ENSURE(d, world, motive_npc_destroy(world, npc) == MOTIVE_STATUS_OK);
    FREE_ENSURE(d, world,
                motive_npc_bt_get_blackboard(world, npc, d.alert, &value) ==
                MOTIVE_STATUS_STALE_HANDLE);
    bt_free(&d, world);
}

/* The target of the first ACTION_REQUESTED event `npc` gets while the world ticks `seconds`;
 * the null entity when none comes. */
static motive_entity requested_target(motive_world *world, motive_npc npc, double seconds) {
    motive_event events[16];
    motive_entity none;
    size_t count, i;
    double t;
    memset(&none, 0, sizeof none);
    for (t = 0; t < seconds; t += 0.1) {
        if (motive_world_tick(world, 0.1) != MOTIVE_STATUS_OK) {
            return none;
        }
        do {
            if (motive_world_poll_events(world, events, 16, &count) != MOTIVE_STATUS_OK) {
                return none;
            }
            for (i = 0; i < count; i++) {
                if (events[i].kind == MOTIVE_EVENT_KIND_ACTION_REQUESTED &&
                    entity_equal(events[i].npc, motive_npc_entity(npc))) {
                    return events[i].target;
                }
            }
        } while (count == 16);
    }
    return none;
}

static void test_an_action_leaf_takes_its_target_from_the_blackboard(void) {
    bt_domain d;
    motive_world *world;
    motive_npc npc;
    motive_object near, far;
    motive_value value;
    motive_entity target;
    if (!bt_init(&d, &world)) {
        bt_free(&d, world);
        return;
    }
    if (motive_object_spawn(world, d.crate, vec3(1, 0, 0), &near) != MOTIVE_STATUS_OK ||
        motive_object_spawn(world, d.crate, vec3(8, 0, 0), &far) != MOTIVE_STATUS_OK ||
        motive_npc_spawn(world, d.fetcher, vec3(0, 0, 0), &npc) != MOTIVE_STATUS_OK) {
        bt_free(&d, world);
        ENSURE(!"spawning failed");
    }
    /* The far crate, not the nearest supplier. */
    value = value_entity(motive_object_entity(far));
    if (motive_npc_bt_set_blackboard(world, npc, d.target, &value) != MOTIVE_STATUS_OK) {
        bt_free(&d, world);
        ENSURE(!"motive_npc_bt_set_blackboard failed");
    }
    target = requested_target(world, npc, 1.0);
    bt_free(&d, world);
    ENSURE(entity_equal(target, motive_object_entity(far)));
}

static void test_swapping_the_top_layer(void) {
    bt_domain d;
    motive_world *world;
    motive_npc npc, shooter;
    motive_bt_tree_id post[1], rest[1], alarm_post[2], calm_post[2];
    if (!bt_init(&d, &world)) {
        bt_free(&d, world);
        return;
    }
    post[0] = d.post;
    rest[0] = d.rest_tree;
    alarm_post[0] = d.alarm;
    alarm_post[1] = d.post;
    calm_post[0] = d.calm;
    calm_post[1] = d.post;
    FREE_ENSURE(d, world,
                motive_npc_spawn(world, d.sentry, vec3(0, 0, 0), &npc) == MOTIVE_STATUS_OK);
    FREE_ENSURE(d, world, layers_are(world, npc, post, 1));

    /* One layer: the base tree is swapped, if the NPC consumes its actions. */
    FREE_ENSURE(d, world,
                motive_npc_swap_bt_layer(world, npc, d.digger) == MOTIVE_STATUS_INVALID_ARGUMENT);
    FREE_ENSURE(d, world, layers_are(world, npc, post, 1));
    FREE_ENSURE(d, world, motive_npc_swap_bt_layer(world, npc, 999) == MOTIVE_STATUS_NOT_FOUND);
    FREE_ENSURE(d, world, layers_are(world, npc, post, 1));
    FREE_ENSURE(d, world, motive_npc_swap_bt_layer(world, npc, d.rest_tree) == MOTIVE_STATUS_OK);
    FREE_ENSURE(d, world, layers_are(world, npc, rest, 1));
    FREE_ENSURE(d, world, motive_npc_swap_bt_layer(world, npc, d.post) == MOTIVE_STATUS_OK);

    /* Above another layer: only a tree that hints; the base takes the new tree's hints. */
    FREE_ENSURE(d, world, motive_npc_push_bt_layer(world, npc, d.alarm) == MOTIVE_STATUS_OK);
    FREE_ENSURE(d, world, motive_npc_think_now(world, npc) == MOTIVE_STATUS_OK);
    FREE_ENSURE(d, world, hint_state(world, npc, 1, d.hide) == MOTIVE_HINT_STATE_POSITIVE);
    FREE_ENSURE(d, world,
                motive_npc_swap_bt_layer(world, npc, d.rest_tree) ==
                MOTIVE_STATUS_INVALID_ARGUMENT);
    FREE_ENSURE(d, world,
                motive_npc_swap_bt_layer(world, npc, d.digger) == MOTIVE_STATUS_INVALID_ARGUMENT);
    FREE_ENSURE(d, world, layers_are(world, npc, alarm_post, 2));
    FREE_ENSURE(d, world, hint_state(world, npc, 1, d.hide) == MOTIVE_HINT_STATE_POSITIVE);
    FREE_ENSURE(d, world, motive_npc_swap_bt_layer(world, npc, d.calm) == MOTIVE_STATUS_OK);
    FREE_ENSURE(d, world, layers_are(world, npc, calm_post, 2));
    FREE_ENSURE(d, world, hint_state(world, npc, 1, d.hide) == MOTIVE_HINT_STATE_NEUTRAL);
    FREE_ENSURE(d, world, motive_npc_think_now(world, npc) == MOTIVE_STATUS_OK);
    FREE_ENSURE(d, world, hint_state(world, npc, 1, d.hide) == MOTIVE_HINT_STATE_NEGATIVE);

    /* No layer: nothing to swap. */
    FREE_ENSURE(d, world, motive_npc_clear_bt_layers(world, npc) == MOTIVE_STATUS_OK);
    FREE_ENSURE(d, world, motive_npc_swap_bt_layer(world, npc, d.post) == MOTIVE_STATUS_NOT_FOUND);
    FREE_ENSURE(d, world, layers_are(world, npc, NULL, 0));

    /* Bad handles and worlds. */
    FREE_ENSURE(d, world,
                motive_npc_swap_bt_layer(NULL, npc, d.post) == MOTIVE_STATUS_NULL_ARGUMENT);
    FREE_ENSURE(d, world,
                motive_npc_spawn(world, d.shooter, vec3(1, 0, 0), &shooter) == MOTIVE_STATUS_OK);
    FREE_ENSURE(d, world, motive_npc_destroy(world, shooter) == MOTIVE_STATUS_OK);
    FREE_ENSURE(d, world,
                motive_npc_swap_bt_layer(world, shooter, d.post) == MOTIVE_STATUS_STALE_HANDLE);
    bt_free(&d, world);
}

void run_behaviour_tree_tests(void) {
    RUN_TEST(test_callback_names_are_interned_and_found);
    RUN_TEST(test_trees_naming_unknown_callbacks_are_refused);
    RUN_TEST(test_a_refused_test_close_keeps_its_group);
    RUN_TEST(test_ticks_run_the_call_leaf_start_steps_stop);
    RUN_TEST(test_the_tree_follows_what_the_callbacks_answer);
    RUN_TEST(test_blackboard_entries_are_typed);
    RUN_TEST(test_an_action_leaf_takes_its_target_from_the_blackboard);
    RUN_TEST(test_swapping_the_top_layer);
}

/*
 * Hinted behaviour trees through the wrapper, the path an Unreal component takes: Ocio's guards
 * from the shipped scenario (layers, hints, flags and running path read; popped, cleared,
 * pushed and swapped; bad pushes and swaps refused), a tree built in code with BtBuilder, the
 * player model pushing the layer that fits the player, the engine's own callbacks behind call
 * leaves and ask tests, and the typed blackboard giving an action leaf its target.
 */
#include <doctest/doctest.h>

#include <string>
#include <utility>
#include <vector>

#include "fixtures.hpp"
#include "motive.hpp"

namespace {

motive::Npc named(const motive::Instance &run, const std::string &name) {
    const motive::Entity entity = fixtures::named(run, name);
    REQUIRE_MESSAGE(!entity.is_null(), "no entity named " << name);
    return entity.as_npc();
}

std::vector<motive::BtTreeId> layers(const motive::World &world, motive::Npc npc) {
    std::vector<motive::BtTreeId> ids;
    REQUIRE(motive::collect(ids, [&](motive::Span<motive::BtTreeId> b) {
                return world.npc_bt_layers(npc, b);
            }).ok());
    return ids;
}

/** The engine side of call leaves and ask tests: records every call, answers as told. */
struct Engine {
    const motive::World *world = nullptr;
    motive::Npc npc;
    motive::AttributeId done = MOTIVE_NO_ID;
    bool see = true;
    int asked = 0;
    motive::BtCallbackId last_asked = MOTIVE_NO_ID;
    motive::BtStatus start_answer = motive::BtStatus::in_progress;
    int busy_steps = 0;
    motive::BtStatus final_answer = motive::BtStatus::succeeded;
    bool foreign = false;
    motive::StatusCode reentry = MOTIVE_STATUS_OK;
    std::vector<std::pair<motive::BtCallbackId, motive::BtCallPhase>> calls;

    /** The condition callback. */
    bool operator()(motive::Npc who, motive::BtCallbackId callback) {
        foreign = foreign || who != npc;
        ++asked;
        last_asked = callback;
        return see;
    }
    /** The action callback. */
    motive::BtStatus operator()(motive::Npc who, motive::BtCallbackId callback,
                                motive::BtCallPhase phase) {
        foreign = foreign || who != npc;
        calls.emplace_back(callback, phase);
        switch (phase) {
        case motive::BtCallPhase::start:
            reentry = world->npc_bt_blackboard(who, done).status();
            return start_answer;
        case motive::BtCallPhase::step:
            if (busy_steps > 0) {
                --busy_steps;
                return motive::BtStatus::in_progress;
            }
            return final_answer;
        case motive::BtCallPhase::stop:
            break;
        }
        return motive::BtStatus::error; // ignored at stop
    }
};

/** A domain built in code: a shooter whose tree asks the engine whether it sees the player,
 * then calls its "aim" action (aim: sequence(precondition ask see_player, call aim, flag
 * done)); a fetcher that inspects the crate its blackboard names (fetch: loop(action inspect
 * on the target)); and a tree digging, which neither consumes. */
struct Built {
    motive::Domain domain;
    motive::AttributeId done = 0, target = 0;
    motive::ActionId inspect = 0;
    motive::BtCallbackId see = 0, aim = 0;
    motive::BtTreeId aim_tree = 0, fetch = 0, digger = 0;
    motive::ArchetypeId shooter = 0, fetcher = 0, crate = 0;

    Built() {
        motive::DomainBuilder b = motive::DomainBuilder::create().value();
        done = b.add_attribute("done", MOTIVE_VALUE_TYPE_BOOL).value();
        target = b.add_attribute("target", MOTIVE_VALUE_TYPE_ENTITY).value();
        inspect = b.add_action("inspect").value();
        REQUIRE(b.set_action_duration(inspect, MOTIVE_DURATION_KIND_SECONDS, 1.0, 0).ok());
        const motive::ActionId dig = b.add_action("dig").value();
        see = b.bt_callback("see_player").value();
        aim = b.bt_callback("aim").value();
        CHECK(b.bt_callback("aim").value() == aim);
        CHECK(see != aim);

        motive::BtBuilder t = motive::BtBuilder::create().value();
        REQUIRE(t.start(motive::BtBuilder::node(MOTIVE_BT_NODE_KIND_SEQUENCE)).ok());
        motive::BtNodeDef precondition = motive::BtBuilder::node(MOTIVE_BT_NODE_KIND_PRECONDITION);
        precondition.test = t.test_ask(see).value();
        REQUIRE(t.leaf(precondition).ok());
        motive::BtNodeDef call = motive::BtBuilder::node(MOTIVE_BT_NODE_KIND_CALL);
        call.callback = aim;
        REQUIRE(t.leaf(call).ok());
        motive::BtNodeDef flag = motive::BtBuilder::node(MOTIVE_BT_NODE_KIND_FLAG);
        flag.flag = done;
        flag.flag_scope = MOTIVE_FLAG_SCOPE_MYSELF;
        REQUIRE(t.leaf(flag).ok());
        REQUIRE(t.end().ok());
        aim_tree = b.add_bt_tree("aim", t).value();

        REQUIRE(t.start(motive::BtBuilder::node(MOTIVE_BT_NODE_KIND_LOOP)).ok());
        motive::BtNodeDef on_target = motive::BtBuilder::node(MOTIVE_BT_NODE_KIND_ACTION);
        on_target.action = inspect;
        on_target.target = target;
        REQUIRE(t.leaf(on_target).ok());
        REQUIRE(t.end().ok());
        fetch = b.add_bt_tree("fetch", t).value();

        motive::BtNodeDef digging = motive::BtBuilder::node(MOTIVE_BT_NODE_KIND_ACTION);
        digging.action = dig;
        REQUIRE(t.leaf(digging).ok());
        digger = b.add_bt_tree("digger", t).value();

        // An archetype that consumes no action makes smart objects, so the shooter, which acts
        // through the engine only, consumes inspect too.
        shooter = b.add_archetype("shooter").value();
        REQUIRE(b.add_consumed_action(shooter, inspect).ok());
        const motive::BtTreeId aims[] = {aim_tree};
        REQUIRE(b.set_archetype_bt(shooter, aims).ok());
        fetcher = b.add_archetype("fetcher").value();
        REQUIRE(b.add_consumed_action(fetcher, inspect).ok());
        const motive::BtTreeId fetches[] = {fetch};
        REQUIRE(b.set_archetype_bt(fetcher, fetches).ok());
        crate = b.add_archetype("crate").value();
        REQUIRE(b.add_supplied_action(crate, inspect).ok());
        domain = b.build().value();
    }
};

motive::World world_of(const motive::Domain &domain) {
    motive_world_def def = motive::world_def();
    def.seed = 3;
    return motive::World::create(domain, def).value();
}

using Call = std::pair<motive::BtCallbackId, motive::BtCallPhase>;

} // namespace

TEST_CASE("the kamikaze layer is read, popped and pushed through the wrapper") {
    const motive::Scenario scenario =
        motive::Scenario::load_file(MOTIVE_SCENARIOS "/guard_hebt.json").value();
    const motive::Domain domain = scenario.domain().value();
    motive::Instance run = scenario.instantiate("kamikaze", 1, 3).value();
    REQUIRE(run.sim.run(run.world, 1.0).ok());
    const motive::Npc hurt = named(run, "hurt_guard");
    const motive::BtTreeId kamikaze = domain.find_bt_tree("kamikaze").value();
    const motive::BtTreeId guard = domain.find_bt_tree("guard").value();
    const motive::HintId cover = domain.find_hint("COVER").value();
    CHECK(layers(run.world, hurt) == std::vector<motive::BtTreeId>{kamikaze, guard});
    CHECK(run.world.npc_bt_hint(hurt, 1, cover).value() == MOTIVE_HINT_STATE_NEGATIVE);
    std::uint32_t path[16];
    CHECK(run.world.npc_bt_running(hurt, 1, path).value().size() >= 4);
    const motive::AttributeId disguised = domain.find_attribute("player_disguised").value();
    CHECK_FALSE(run.world.npc_bt_flag(hurt, disguised).value());

    CHECK(run.world.pop_bt_layer(hurt).ok());
    CHECK(run.world.npc_bt_hint(hurt, 0, cover).value() == MOTIVE_HINT_STATE_NEUTRAL);
    CHECK(run.world.clear_bt_layers(hurt).ok());
    CHECK(layers(run.world, hurt).empty());
    CHECK(run.world.pop_bt_layer(hurt).status() == MOTIVE_STATUS_NOT_FOUND);
    CHECK(run.world.push_bt_layer(hurt, guard).ok());
    CHECK(run.world.push_bt_layer(hurt, guard).status() == MOTIVE_STATUS_INVALID_ARGUMENT);
    CHECK(layers(run.world, hurt).size() == 1);

    // A group led by the coward tree hints its members' top layers after each tick.
    const motive::BtGroup group = run.world.create_bt_group(domain.find_bt_tree("coward").value()).value();
    CHECK(run.world.create_bt_group(guard).status() == MOTIVE_STATUS_INVALID_ARGUMENT);
    REQUIRE(run.world.add_bt_group_member(group, hurt).ok());
    motive_npc members[4];
    CHECK(run.world.bt_group_members(group, members).value().size() == 1);
    REQUIRE(run.sim.run(run.world, 0.5).ok());
    CHECK(run.world.npc_bt_hint(hurt, 0, cover).value() == MOTIVE_HINT_STATE_POSITIVE);
    CHECK(run.world.remove_bt_group_member(group, hurt).ok());
    CHECK(run.world.npc_bt_hint(hurt, 0, cover).value() == MOTIVE_HINT_STATE_NEUTRAL);
    CHECK(run.world.bt_group_tree(group).value() == domain.find_bt_tree("coward").value());
    CHECK(run.world.destroy_bt_group(group).ok());
    CHECK(run.world.bt_group_members(group, members).status() == MOTIVE_STATUS_STALE_HANDLE);
    CHECK(run.world.bt_group_tree(group).status() == MOTIVE_STATUS_STALE_HANDLE);
}

TEST_CASE("the player model chooses among a group's adaptive trees") {
    const motive::Scenario scenario =
        motive::Scenario::load_file(MOTIVE_SCENARIOS "/adaptive_guards.json").value();
    const motive::Domain domain = scenario.domain().value();
    motive::Instance run = scenario.instantiate(nullptr, 1, 3).value();
    const motive::BtTreeId cooperate = domain.find_bt_tree("cover_and_cooperate").value();
    const motive::BtTreeId call_for_help = domain.find_bt_tree("call_for_help").value();
    const motive::PlayerActionId sneak = domain.find_player_action("sneak").value();
    const motive::PlayerActionId shoot = domain.find_player_action("shoot").value();
    // The domain's styles, in the order it names them: action, stealth.
    const motive::StyleWeight action[] = {{0, 1.0}};
    const motive::StyleWeight stealth[] = {{1, 1.0}};

    const motive::BtGroup group = run.world.create_bt_group(cooperate).value();
    CHECK(run.world.bt_group_tree(group).value() == cooperate);
    REQUIRE(run.world.add_bt_group_adaptive_layer(group, call_for_help, stealth).ok());
    REQUIRE(run.world.add_bt_group_adaptive_layer(group, cooperate, action).ok());
    CHECK(run.world.add_bt_group_adaptive_layer(group, call_for_help, action).status() ==
          MOTIVE_STATUS_INVALID_ARGUMENT); // each tree once
    CHECK(run.world.add_bt_group_adaptive_layer(group, domain.find_bt_tree("guard").value(),
                                                action)
              .status() == MOTIVE_STATUS_INVALID_ARGUMENT); // it acts
    const motive::StyleWeight unknown[] = {{7, 1.0}};
    CHECK(run.world.add_bt_group_adaptive_layer(group, call_for_help, unknown).status() ==
          MOTIVE_STATUS_INVALID_ARGUMENT);

    for (int i = 0; i < 3; ++i) {
        REQUIRE(run.world.report_player_action(sneak).ok());
    }
    REQUIRE(run.world.tick(0.1).ok());
    CHECK(run.world.bt_group_tree(group).value() == call_for_help);
    for (int i = 0; i < 20; ++i) {
        REQUIRE(run.world.report_player_action(shoot).ok());
    }
    REQUIRE(run.world.tick(0.1).ok());
    CHECK(run.world.bt_group_tree(group).value() == cooperate);
}

TEST_CASE("the top layer is swapped in one step, and refused swaps change nothing") {
    const motive::Scenario scenario =
        motive::Scenario::load_file(MOTIVE_SCENARIOS "/guard_hebt.json").value();
    const motive::Domain domain = scenario.domain().value();
    motive::Instance run = scenario.instantiate("kamikaze", 1, 3).value();
    REQUIRE(run.sim.run(run.world, 1.0).ok());
    const motive::Npc hurt = named(run, "hurt_guard");
    const motive::BtTreeId kamikaze = domain.find_bt_tree("kamikaze").value();
    const motive::BtTreeId coward = domain.find_bt_tree("coward").value();
    const motive::BtTreeId guard = domain.find_bt_tree("guard").value();
    const motive::HintId cover = domain.find_hint("COVER").value();
    REQUIRE(layers(run.world, hurt) == std::vector<motive::BtTreeId>{kamikaze, guard});
    REQUIRE(run.world.npc_bt_hint(hurt, 1, cover).value() == MOTIVE_HINT_STATE_NEGATIVE);

    // Above another layer only a tree that hints: the guard tree acts.
    const motive::Status refused = run.world.swap_bt_layer(hurt, guard);
    CHECK(refused.status() == MOTIVE_STATUS_INVALID_ARGUMENT);
    CHECK(refused.message().find("guard") != std::string::npos);
    CHECK(run.world.swap_bt_layer(hurt, 999).status() == MOTIVE_STATUS_NOT_FOUND);
    CHECK(layers(run.world, hurt) == std::vector<motive::BtTreeId>{kamikaze, guard});
    CHECK(run.world.npc_bt_hint(hurt, 1, cover).value() == MOTIVE_HINT_STATE_NEGATIVE);

    // The coward replaces the kamikaze: the base loses its hints at once, and takes the
    // coward's at the next think.
    REQUIRE(run.world.swap_bt_layer(hurt, coward).ok());
    CHECK(layers(run.world, hurt) == std::vector<motive::BtTreeId>{coward, guard});
    CHECK(run.world.npc_bt_hint(hurt, 1, cover).value() == MOTIVE_HINT_STATE_NEUTRAL);
    REQUIRE(run.sim.run(run.world, 0.5).ok());
    CHECK(run.world.npc_bt_hint(hurt, 1, cover).value() == MOTIVE_HINT_STATE_POSITIVE);

    // With one layer the base tree itself is swapped; with none there is nothing to swap.
    REQUIRE(run.world.pop_bt_layer(hurt).ok());
    CHECK(run.world.swap_bt_layer(hurt, domain.find_bt_tree("armed_guard").value()).ok());
    CHECK(layers(run.world, hurt) ==
          std::vector<motive::BtTreeId>{domain.find_bt_tree("armed_guard").value()});
    REQUIRE(run.world.clear_bt_layers(hurt).ok());
    CHECK(run.world.swap_bt_layer(hurt, guard).status() == MOTIVE_STATUS_NOT_FOUND);
    CHECK(layers(run.world, hurt).empty());
}

TEST_CASE("call leaves and ask tests run the engine's callbacks: start, steps, stop") {
    const Built built;
    CHECK(built.domain.find_bt_callback("see_player").value() == built.see);
    CHECK(built.domain.find_bt_callback("aim").value() == built.aim);
    CHECK(built.domain.find_bt_callback("fire").status() == MOTIVE_STATUS_NOT_FOUND);

    motive::World world = world_of(built.domain);
    const motive::Npc npc = world.spawn_npc(built.shooter, motive::Vec3{0, 0, 0}).value();
    Engine engine;
    engine.world = &world;
    engine.npc = npc;
    engine.done = built.done;
    engine.busy_steps = 2;
    REQUIRE(world.set_bt_condition_callback(&engine).ok());
    REQUIRE(world.set_bt_action_callback(&engine).ok());

    // Seen: aim starts, is in progress for two more thinks, succeeds and is stopped; then the
    // flag after it is set.
    bool done = false;
    for (int i = 0; i < 40 && !done; ++i) {
        REQUIRE(world.tick(0.1).ok());
        done = world.npc_bt_flag(npc, built.done).value();
    }
    REQUIRE(done);
    const std::vector<Call> ran = {{built.aim, motive::BtCallPhase::start},
                                   {built.aim, motive::BtCallPhase::step},
                                   {built.aim, motive::BtCallPhase::step},
                                   {built.aim, motive::BtCallPhase::step},
                                   {built.aim, motive::BtCallPhase::stop}};
    CHECK(engine.calls == ran);
    CHECK(engine.asked == 1);
    CHECK(engine.last_asked == built.see);
    CHECK_FALSE(engine.foreign);
    // The world is locked while its callbacks run.
    CHECK(engine.reentry == MOTIVE_STATUS_WORLD_LOCKED);
    // The flag is a bool entry of the blackboard.
    CHECK(world.npc_bt_blackboard(npc, built.done).value().as_bool());

    // The action fails at its first step: stopped, and the sequence fails before the flag.
    auto rerun = [&](motive::BtStatus start, motive::BtStatus final_answer) {
        REQUIRE(world.clear_bt_layers(npc).ok());
        REQUIRE(world.remove_bt_blackboard(npc, built.done).ok());
        REQUIRE(world.push_bt_layer(npc, built.aim_tree).ok());
        engine.calls.clear();
        engine.asked = 0;
        engine.start_answer = start;
        engine.final_answer = final_answer;
    };
    rerun(motive::BtStatus::in_progress, motive::BtStatus::failed);
    REQUIRE(world.think_now(npc).ok());
    REQUIRE(world.think_now(npc).ok());
    CHECK(engine.calls == std::vector<Call>{{built.aim, motive::BtCallPhase::start},
                                            {built.aim, motive::BtCallPhase::step},
                                            {built.aim, motive::BtCallPhase::stop}});
    CHECK(world.npc_bt_blackboard(npc, built.done).status() == MOTIVE_STATUS_NOT_FOUND);

    // A refused start is an error of the tree: the layers are cleared, nothing is stopped.
    rerun(motive::BtStatus::error, motive::BtStatus::succeeded);
    REQUIRE(world.think_now(npc).ok());
    CHECK(engine.calls == std::vector<Call>{{built.aim, motive::BtCallPhase::start}});
    CHECK(layers(world, npc).empty());

    // Not seen: the precondition fails, aim is never called.
    rerun(motive::BtStatus::in_progress, motive::BtStatus::succeeded);
    engine.see = false;
    REQUIRE(world.think_now(npc).ok());
    CHECK(engine.asked == 1);
    CHECK(engine.calls.empty());

    // Cleared callbacks: every ask is false, and is not asked.
    engine.see = true;
    REQUIRE(world.set_bt_condition_callback(nullptr, nullptr).ok());
    REQUIRE(world.set_bt_action_callback(nullptr, nullptr).ok());
    rerun(motive::BtStatus::in_progress, motive::BtStatus::succeeded);
    REQUIRE(world.tick(1.0).ok());
    CHECK(engine.asked == 0);
    CHECK(engine.calls.empty());
    CHECK_FALSE(world.npc_bt_flag(npc, built.done).value());
}

TEST_CASE("the blackboard holds typed entries, and an action leaf takes its target there") {
    const Built built;
    motive::World world = world_of(built.domain);
    const motive::Object near_crate =
        world.spawn_object(built.crate, motive::Vec3{1, 0, 0}).value();
    const motive::Object far_crate =
        world.spawn_object(built.crate, motive::Vec3{8, 0, 0}).value();
    const motive::Npc npc = world.spawn_npc(built.fetcher, motive::Vec3{0, 0, 0}).value();

    CHECK(world.npc_bt_blackboard(npc, built.target).status() == MOTIVE_STATUS_NOT_FOUND);
    REQUIRE(world.set_bt_blackboard(npc, built.target, motive::Value::entity(near_crate.entity()))
                .ok());
    const motive::Value read = world.npc_bt_blackboard(npc, built.target).value();
    CHECK(read.type() == MOTIVE_VALUE_TYPE_ENTITY);
    CHECK(read.as_entity() == near_crate.entity());
    // One entry per attribute: a second write replaces the first.
    REQUIRE(world.set_bt_blackboard(npc, built.target, motive::Value::entity(far_crate.entity()))
                .ok());
    CHECK(world.npc_bt_blackboard(npc, built.target).value().as_entity() == far_crate.entity());
    // Another type is refused, and the entry stays.
    const motive::Status mismatch =
        world.set_bt_blackboard(npc, built.target, motive::Value::boolean(true));
    CHECK(mismatch.status() == MOTIVE_STATUS_TYPE_MISMATCH);
    CHECK_FALSE(mismatch.message().empty());
    CHECK(world.npc_bt_blackboard(npc, built.target).value().as_entity() == far_crate.entity());
    REQUIRE(world.remove_bt_blackboard(npc, built.target).ok());
    CHECK(world.npc_bt_blackboard(npc, built.target).status() == MOTIVE_STATUS_NOT_FOUND);
    REQUIRE(world.set_bt_blackboard(npc, built.target, motive::Value::entity(far_crate.entity()))
                .ok());

    // The fetcher inspects the far crate its blackboard names, not the nearest supplier.
    motive::Entity requested;
    motive::Event events[16];
    for (int i = 0; i < 10 && requested.is_null(); ++i) {
        REQUIRE(world.tick(0.1).ok());
        for (const motive::Event &e : world.poll_events(events).value()) {
            if (e.kind == MOTIVE_EVENT_KIND_ACTION_REQUESTED && requested.is_null()) {
                CHECK(e.action == built.inspect);
                requested = e.target;
            }
        }
    }
    CHECK(requested == far_crate.entity());

    // A base swap needs a tree whose actions the NPC consumes: the fetcher does not dig.
    CHECK(world.swap_bt_layer(npc, built.digger).status() == MOTIVE_STATUS_INVALID_ARGUMENT);
    CHECK(layers(world, npc) == std::vector<motive::BtTreeId>{built.fetch});
}

TEST_CASE("a tree built in code acts, and the player model pushes the layer that fits") {
    motive::DomainBuilder b = motive::DomainBuilder::create().value();
    const motive::ActionId work = b.add_action("work").value();
    const motive::ActionId watch = b.add_action("watch").value();
    for (const motive::ActionId a : {work, watch}) {
        REQUIRE(b.set_action_duration(a, MOTIVE_DURATION_KIND_SECONDS, 1.0, 0).ok());
    }
    const motive::HintId watch_hint = b.hint("WATCH").value();

    // Selector: [WATCH: sequence(precondition hint WATCH, watch), work].
    motive::BtBuilder tree = motive::BtBuilder::create().value();
    REQUIRE(tree.start(motive::BtBuilder::node(MOTIVE_BT_NODE_KIND_SELECTOR)).ok());
    REQUIRE(tree.branch(watch_hint).ok());
    REQUIRE(tree.start(motive::BtBuilder::node(MOTIVE_BT_NODE_KIND_SEQUENCE)).ok());
    motive::BtNodeDef precondition = motive::BtBuilder::node(MOTIVE_BT_NODE_KIND_PRECONDITION);
    precondition.test = tree.test_hint(watch_hint).value();
    REQUIRE(tree.leaf(precondition).ok());
    motive::BtNodeDef do_watch = motive::BtBuilder::node(MOTIVE_BT_NODE_KIND_ACTION);
    do_watch.action = watch;
    REQUIRE(tree.leaf(do_watch).ok());
    REQUIRE(tree.end().ok());
    motive::BtNodeDef do_work = motive::BtBuilder::node(MOTIVE_BT_NODE_KIND_ACTION);
    do_work.action = work;
    REQUIRE(tree.leaf(do_work).ok());
    CHECK(tree.end().ok());
    CHECK(tree.end().status() == MOTIVE_STATUS_INVALID_ARGUMENT);
    const motive::BtTreeId sentry = b.add_bt_tree("sentry", tree).value();

    motive::BtBuilder upper = motive::BtBuilder::create().value();
    REQUIRE(upper.start(motive::BtBuilder::node(MOTIVE_BT_NODE_KIND_LOOP)).ok());
    motive::BtNodeDef hint = motive::BtBuilder::node(MOTIVE_BT_NODE_KIND_HINT);
    hint.hint = watch_hint;
    REQUIRE(upper.leaf(hint).ok());
    REQUIRE(upper.end().ok());
    const motive::BtTreeId keep_watch = b.add_bt_tree("keep_watch", upper).value();
    const motive::AttributeId alert = b.add_attribute("alert", MOTIVE_VALUE_TYPE_BOOL).value();
    // Condition groups: an empty And stays open when it cannot close; a Not of one flag inside
    // it is its operand; then the And closes into a condition tree.
    REQUIRE(upper.open_test(MOTIVE_BT_TEST_OP_AND).ok());
    CHECK(upper.close_test().status() == MOTIVE_STATUS_INVALID_ARGUMENT);
    REQUIRE(upper.open_test(MOTIVE_BT_TEST_OP_NOT).ok());
    CHECK(upper.test_flag(alert).value() == MOTIVE_NO_ID);
    CHECK(upper.close_test().value() == MOTIVE_NO_ID);
    CHECK(upper.close_test().value() != MOTIVE_NO_ID);
    motive_condition is_alert{};
    is_alert.kind = MOTIVE_CONDITION_KIND_COMPARE;
    is_alert.role = MOTIVE_ROLE_CONSUMER;
    is_alert.attribute = alert;
    is_alert.op = MOTIVE_CMP_OP_EQ;
    is_alert.rhs.kind = MOTIVE_OPERAND_KIND_CONSTANT;
    is_alert.rhs.constant = motive::Value::boolean(true).raw();
    CHECK(upper.test_fact(is_alert).ok());

    const motive::PlayerStyleId loud = b.add_player_style("loud").value();
    const motive::PlayerStyleId quiet = b.add_player_style("quiet").value();
    const motive::StyleWeight shows_quiet[] = {{quiet, 1.0}};
    const motive::StyleWeight shows_loud[] = {{loud, 1.0}};
    const motive::PlayerActionId sneak = b.add_player_action("sneak", shows_quiet).value();
    CHECK(b.add_player_action("shoot", shows_loud).ok());
    CHECK(b.set_adaptation(0.9, 0.1).ok());
    CHECK(b.set_adaptation(1.0, 0.1).status() == MOTIVE_STATUS_INVALID_ARGUMENT);

    const motive::ArchetypeId kind = b.add_archetype("sentry").value();
    REQUIRE(b.add_consumed_action(kind, work).ok());
    REQUIRE(b.add_consumed_action(kind, watch).ok());
    const motive::BtTreeId base[] = {sentry};
    REQUIRE(b.set_archetype_bt(kind, base).ok());
    REQUIRE(b.add_archetype_adaptive_layer(kind, keep_watch, shows_quiet).ok());
    const motive::ArchetypeId post = b.add_archetype("post").value();
    REQUIRE(b.add_supplied_action(post, work).ok());
    REQUIRE(b.add_supplied_action(post, watch).ok());
    const motive::Domain domain = b.build().value();
    CHECK(domain.find_player_action("sneak").value() == sneak);

    motive_world_def def = motive::world_def();
    def.seed = 1;
    motive::World world = motive::World::create(domain, def).value();
    const motive::Npc npc = world.spawn_npc(kind, motive::Vec3{0, 0, 0}).value();
    REQUIRE(world.spawn_object(post, motive::Vec3{1, 0, 0}).ok());
    // The actions requested while the world runs `seconds` (events polled each tick, as an
    // engine does: until a poll returns fewer than the buffer holds).
    auto requested = [&](double seconds) {
        std::vector<motive::ActionId> actions;
        motive::Event buffer[16];
        for (double t = 0; t < seconds; t += 0.1) {
            REQUIRE(world.tick(0.1).ok());
            for (;;) {
                const auto polled = world.poll_events(buffer);
                REQUIRE(polled.ok());
                for (const motive::Event &e : polled.value()) {
                    if (e.kind == MOTIVE_EVENT_KIND_ACTION_REQUESTED) {
                        actions.push_back(e.action);
                    }
                }
                if (polled.count() < 16) {
                    break;
                }
            }
        }
        return actions;
    };
    const std::vector<motive::ActionId> first = requested(1.0);
    REQUIRE_FALSE(first.empty());
    CHECK(first.front() == work);

    REQUIRE(world.report_player_action(sneak).ok());
    double model[2];
    auto shares = world.player_model(model).value();
    REQUIRE(shares.size() == 2);
    CHECK(shares[1] > shares[0]);
    const std::vector<motive::ActionId> then = requested(2.0);
    REQUIRE_FALSE(then.empty());
    CHECK(then.front() == watch);
    CHECK(layers(world, npc) == std::vector<motive::BtTreeId>{keep_watch, sentry});
}

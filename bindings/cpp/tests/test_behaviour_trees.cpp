/*
 * Hinted behaviour trees through the wrapper, the path an Unreal component takes: Ocio's guards
 * from the shipped scenario (layers, hints, flags and running path read; popped, cleared and
 * pushed; bad pushes refused), a tree built in code with BtBuilder, and the player model
 * pushing the layer that fits the player.
 */
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "motive.hpp"

namespace {

motive::Npc named(const motive::Instance &run, const std::string &name) {
    std::vector<motive_entity> entities;
    REQUIRE(motive::collect(entities, [&](motive::Span<motive_entity> b) {
                return run.sim.entities(b);
            }).ok());
    for (const motive::Entity entity : entities) {
        if (run.sim.entity_name(entity).value() == name) {
            return entity.as_npc();
        }
    }
    FAIL("no entity named " << name);
    return motive::Npc();
}

std::vector<motive::BtTreeId> layers(const motive::World &world, motive::Npc npc) {
    std::vector<motive::BtTreeId> ids;
    REQUIRE(motive::collect(ids, [&](motive::Span<motive::BtTreeId> b) {
                return world.npc_bt_layers(npc, b);
            }).ok());
    return ids;
}

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
    CHECK(run.world.destroy_bt_group(group).ok());
    CHECK(run.world.bt_group_members(group, members).status() == MOTIVE_STATUS_STALE_HANDLE);
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

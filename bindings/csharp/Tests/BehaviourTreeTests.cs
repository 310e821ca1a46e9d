using System.Linq;
using NUnit.Framework;

namespace Motive.Tests
{
    /// <summary>
    /// Hinted behaviour trees through the wrapper: Ocio's guards from the shipped scenario (their
    /// layers, hints, flags and running path read, popped, cleared and pushed), a tree built in
    /// code that acts, and the player model choosing an adaptive layer.
    /// </summary>
    [TestFixture]
    public class BehaviourTreeTests
    {
        private static Npc Named(Simulator sim, string name)
        {
            return sim.Entities.ToArray().First(e => sim.EntityName(e) == name).AsNpc();
        }

        [Test]
        public void TheKamikazeLayerIsReadPoppedAndPushedThroughTheWrapper()
        {
            using (var scenario = Scenario.LoadFile(TestData.Path("scenarios/guard_hebt.json")))
            using (var domain = scenario.CreateDomain())
            using (var sim = scenario.Instantiate("kamikaze", 1, 3))
            {
                sim.Run(1.0);
                var world = sim.World;
                var hurt = Named(sim, "hurt_guard");
                uint kamikaze = domain.FindBehaviourTree("kamikaze");
                uint guard = domain.FindBehaviourTree("guard");
                uint cover = domain.FindHint("COVER");
                var layers = world.BehaviourLayers(hurt).ToArray();
                CollectionAssert.AreEqual(new[] { kamikaze, guard }, layers);
                Assert.AreEqual(HintState.Negative, world.BehaviourHint(hurt, 1, cover));
                Assert.GreaterOrEqual(world.BehaviourRunning(hurt, 1).Count, 4, "loop > selector > sequence > leaf");
                Assert.IsFalse(world.BehaviourFlag(hurt, domain.FindAttribute("player_disguised")));

                world.PopBehaviourLayer(hurt);
                Assert.AreEqual(HintState.Neutral, world.BehaviourHint(hurt, 0, cover), "the layer's hints went with it");
                world.ClearBehaviourLayers(hurt);
                Assert.AreEqual(0, world.BehaviourLayers(hurt).Count);
                Assert.Throws<MotiveException>(() => world.PopBehaviourLayer(hurt));
                world.PushBehaviourLayer(hurt, guard);
                Assert.Throws<MotiveException>(() => world.PushBehaviourLayer(hurt, guard), "an acting tree above another");
                Assert.AreEqual(1, world.BehaviourLayers(hurt).Count, "the refused push changed nothing");

                // A group led by the coward tree hints its members' top layers after each tick.
                var group = world.CreateBehaviourGroup(domain.FindBehaviourTree("coward"));
                world.AddGroupMember(group, hurt);
                CollectionAssert.AreEqual(new[] { hurt }, world.GroupMembers(group).ToArray());
                sim.Run(0.5);
                Assert.AreEqual(HintState.Positive, world.BehaviourHint(hurt, 0, cover));
                world.RemoveGroupMember(group, hurt);
                Assert.AreEqual(HintState.Neutral, world.BehaviourHint(hurt, 0, cover));
                world.DestroyBehaviourGroup(group);
                Assert.Throws<StaleHandleException>(() => world.GroupMembers(group), "a destroyed group");
            }
        }

        [Test]
        public void ATreeBuiltInCodeActsAndTheLayerFitForThePlayerIsPushed()
        {
            Domain domain;
            uint archetype, post, work, watch, calm, sneak, shoot;
            using (var b = new DomainBuilder())
            using (var tree = new BtBuilder())
            using (var upper = new BtBuilder())
            {
                uint alert = b.AddAttribute("alert", ValueKind.Bool);
                work = b.AddAction("work");
                watch = b.AddAction("watch");
                foreach (var a in new[] { work, watch })
                {
                    b.SetActionDuration(a, DurationKind.Seconds, 1.0, 0);
                }
                uint watchHint = b.Hint("WATCH");
                // Selector: [WATCH: sequence(precondition any(alert, hint WATCH), watch), work].
                tree.Start(BtBuilder.Node(BtNodeKind.Selector));
                tree.Branch(watchHint);
                tree.Start(BtBuilder.Node(BtNodeKind.Sequence));
                tree.OpenTest(BtTestOp.Or);
                var isAlert = new Operand { Kind = OperandKind.Constant, Constant = Value.Of(true) };
                Assert.AreEqual(Constants.NoId, tree.TestFact(new Condition
                {
                    Kind = ConditionKind.Compare, Role = Role.Consumer, Attribute = alert, Op = CmpOp.Eq, Rhs = isAlert,
                }));
                Assert.AreEqual(Constants.NoId, tree.TestHint(watchHint));
                var precondition = BtBuilder.Node(BtNodeKind.Precondition);
                precondition.Test = tree.CloseTest();
                tree.Leaf(precondition);
                var doWatch = BtBuilder.Node(BtNodeKind.Action);
                doWatch.Action = watch;
                tree.Leaf(doWatch);
                tree.End();
                var doWork = BtBuilder.Node(BtNodeKind.Action);
                doWork.Action = work;
                tree.Leaf(doWork);
                tree.End();
                uint baseTree = b.AddBehaviourTree("sentry", tree);

                upper.Start(BtBuilder.Node(BtNodeKind.Loop));
                var hint = BtBuilder.Node(BtNodeKind.Hint);
                hint.Hint = watchHint;
                hint.HintState = HintState.Positive;
                upper.Leaf(hint);
                upper.End();
                calm = b.AddBehaviourTree("keep_watch", upper);
                Assert.AreNotEqual(Constants.NoId, upper.TestFlag(alert), "the emptied builder builds again");

                uint action = b.AddPlayerStyle("action");
                uint stealth = b.AddPlayerStyle("stealth");
                shoot = b.AddPlayerAction("shoot", new[] { new StyleWeight { Style = action, Weight = 1 } });
                sneak = b.AddPlayerAction("sneak", new[] { new StyleWeight { Style = stealth, Weight = 1 } });
                b.SetAdaptation(0.9, 0.1);

                archetype = b.AddArchetype("sentry");
                b.AddConsumedAction(archetype, work);
                b.AddConsumedAction(archetype, watch);
                b.SetArchetypeState(archetype, alert, Value.Of(false));
                b.SetArchetypeBehaviourTrees(archetype, new[] { baseTree });
                b.AddArchetypeAdaptiveLayer(archetype, calm, new[] { new StyleWeight { Style = stealth, Weight = 1 } });
                post = b.AddArchetype("post");
                b.AddSuppliedAction(post, work);
                b.AddSuppliedAction(post, watch);
                domain = b.Build();
            }
            using (domain)
            using (var world = new World(domain, 1))
            {
                Assert.AreEqual(sneak, domain.FindPlayerAction("sneak"));
                Assert.AreEqual(shoot, domain.FindPlayerAction("shoot"));
                var npc = world.SpawnNpc(archetype, new Vec3(0, 0, 0));
                world.SpawnObject(post, new Vec3(1, 0, 0));
                var requested = new System.Collections.Generic.List<uint>();
                for (int i = 0; i < 10; i++)
                {
                    world.Tick(0.1);
                    foreach (var e in world.PollEvents().ToArray())
                    {
                        if (e.Kind == EventKind.ActionRequested)
                        {
                            requested.Add(e.Action);
                        }
                    }
                }
                Assert.AreEqual(work, requested.First(), "not alert, no hint: the sentry works");

                world.ReportPlayerAction(sneak);
                var model = world.PlayerModel().ToArray();
                Assert.AreEqual(2, model.Length);
                Assert.Greater(model[1], model[0], "the player looks stealthy");
                world.Tick(0.2);
                CollectionAssert.AreEqual(new[] { calm, domain.FindBehaviourTree("sentry") }, world.BehaviourLayers(npc).ToArray());
                requested.Clear();
                for (int i = 0; i < 20; i++)
                {
                    world.Tick(0.1);
                    foreach (var e in world.PollEvents().ToArray())
                    {
                        if (e.Kind == EventKind.ActionRequested)
                        {
                            requested.Add(e.Action);
                        }
                    }
                }
                Assert.AreEqual(watch, requested.First(), "the watchful layer's hint");
            }
        }
    }
}

using System;
using System.Collections.Generic;
using System.Linq;
using NUnit.Framework;

namespace Motive.Tests
{
    /// <summary>
    /// Hinted behaviour trees through the wrapper: Ocio's guards from the shipped scenario (their
    /// layers, hints, flags and running path read, popped, cleared, pushed and swapped), a tree
    /// built in code that acts, the player model choosing an adaptive layer and a group's tree,
    /// the engine's own callbacks behind call leaves and ask tests, and the typed blackboard
    /// giving an action leaf its target.
    /// </summary>
    [TestFixture]
    public class BehaviourTreeTests
    {
        private static Npc Named(Simulator sim, string name)
        {
            return sim.Entities.ToArray().First(e => sim.EntityName(e) == name).AsNpc();
        }

        /// <summary>
        /// A domain built in code: a shooter whose tree asks the engine whether it sees the player,
        /// then calls the engine's "aim" (aim: sequence(precondition ask see_player, call aim,
        /// flag done)); a fetcher that inspects the crate its blackboard names (fetch: loop(action
        /// inspect on the target)); and a tree that digs, which neither consumes.
        /// </summary>
        private sealed class Built : IDisposable
        {
            internal readonly Domain Domain;
            internal readonly uint Done, Target, Inspect, See, Aim, AimTree, Fetch, Digger, Shooter, Fetcher, Crate;

            internal Built()
            {
                using (var b = new DomainBuilder())
                using (var t = new BtBuilder())
                {
                    Done = b.AddAttribute("done", ValueKind.Bool);
                    Target = b.AddAttribute("target", ValueKind.Entity);
                    Inspect = b.AddAction("inspect");
                    b.SetActionDuration(Inspect, DurationKind.Seconds, 1.0, 0);
                    uint dig = b.AddAction("dig");
                    See = b.BehaviourCallback("see_player");
                    Aim = b.BehaviourCallback("aim");
                    Assert.AreEqual(Aim, b.BehaviourCallback("aim"), "interned");
                    Assert.AreNotEqual(See, Aim);

                    t.Start(BtBuilder.Node(BtNodeKind.Sequence));
                    var precondition = BtBuilder.Node(BtNodeKind.Precondition);
                    precondition.Test = t.TestAsk(See);
                    t.Leaf(precondition);
                    var call = BtBuilder.Node(BtNodeKind.Call);
                    call.Callback = Aim;
                    t.Leaf(call);
                    var flag = BtBuilder.Node(BtNodeKind.Flag);
                    flag.Flag = Done;
                    flag.FlagValue = true;
                    flag.FlagScope = FlagScope.Myself;
                    t.Leaf(flag);
                    t.End();
                    AimTree = b.AddBehaviourTree("aim", t);

                    t.Start(BtBuilder.Node(BtNodeKind.Loop));
                    var onTarget = BtBuilder.Node(BtNodeKind.Action);
                    onTarget.Action = Inspect;
                    onTarget.Target = Target;
                    t.Leaf(onTarget);
                    t.End();
                    Fetch = b.AddBehaviourTree("fetch", t);

                    var digging = BtBuilder.Node(BtNodeKind.Action);
                    digging.Action = dig;
                    t.Leaf(digging);
                    Digger = b.AddBehaviourTree("digger", t);

                    // An archetype that consumes no action makes smart objects, so the shooter,
                    // which acts through the engine only, consumes inspect too.
                    Shooter = b.AddArchetype("shooter");
                    b.AddConsumedAction(Shooter, Inspect);
                    b.SetArchetypeBehaviourTrees(Shooter, new[] { AimTree });
                    Fetcher = b.AddArchetype("fetcher");
                    b.AddConsumedAction(Fetcher, Inspect);
                    b.SetArchetypeBehaviourTrees(Fetcher, new[] { Fetch });
                    Crate = b.AddArchetype("crate");
                    b.AddSuppliedAction(Crate, Inspect);
                    Domain = b.Build();
                }
            }

            public void Dispose()
            {
                Domain.Dispose();
            }
        }

        /// <summary>The engine side of call leaves and ask tests: records every call, answers as told.</summary>
        private sealed class Engine
        {
            internal World World;
            internal Npc Npc;
            internal uint Done;
            internal bool See = true;
            internal int Asked;
            internal uint LastAsked = Constants.NoId;
            internal BtStatus StartAnswer = BtStatus.InProgress;
            internal int BusySteps;
            internal BtStatus FinalAnswer = BtStatus.Succeeded;
            internal bool Foreign;
            internal Status Reentry = Status.Ok;
            internal readonly List<KeyValuePair<uint, BtCallPhase>> Calls = new List<KeyValuePair<uint, BtCallPhase>>();

            internal bool Ask(Npc who, uint callback)
            {
                Foreign |= who.Entity.ToUInt64() != Npc.Entity.ToUInt64();
                Asked++;
                LastAsked = callback;
                return See;
            }

            internal BtStatus Act(Npc who, uint callback, BtCallPhase phase)
            {
                Foreign |= who.Entity.ToUInt64() != Npc.Entity.ToUInt64();
                Calls.Add(new KeyValuePair<uint, BtCallPhase>(callback, phase));
                switch (phase)
                {
                    case BtCallPhase.Start:
                        try
                        {
                            World.GetBlackboard(who, Done);
                        }
                        catch (MotiveException e)
                        {
                            Reentry = e.Status;
                        }
                        return StartAnswer;
                    case BtCallPhase.Step:
                        if (BusySteps > 0)
                        {
                            BusySteps--;
                            return BtStatus.InProgress;
                        }
                        return FinalAnswer;
                    default:
                        return BtStatus.Error; // ignored at Stop
                }
            }

            internal BtCallPhase[] Phases(uint callback)
            {
                Assert.IsTrue(Calls.All(c => c.Key == callback), "every call for callback " + callback);
                return Calls.Select(c => c.Value).ToArray();
            }
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

        [Test]
        public void CallLeavesAndAskTestsRunTheEngineCallbacks()
        {
            using (var built = new Built())
            using (var world = new World(built.Domain, 3))
            {
                Assert.AreEqual(built.See, built.Domain.FindBehaviourCallback("see_player"));
                Assert.AreEqual(built.Aim, built.Domain.FindBehaviourCallback("aim"));
                var missing = Assert.Throws<MotiveException>(() => built.Domain.FindBehaviourCallback("fire"));
                Assert.AreEqual(Status.NotFound, missing.Status);

                var npc = world.SpawnNpc(built.Shooter, new Vec3(0, 0, 0));
                var engine = new Engine { World = world, Npc = npc, Done = built.Done, BusySteps = 2 };
                world.SetBehaviourConditionCallback(engine.Ask);
                world.SetBehaviourActionCallback(engine.Act);

                // Seen: aim starts, is in progress for two more thinks, succeeds and is stopped;
                // then the flag after it is set.
                for (int i = 0; i < 40 && !world.BehaviourFlag(npc, built.Done); i++)
                {
                    world.Tick(0.1);
                }
                Assert.IsTrue(world.BehaviourFlag(npc, built.Done), "the tree got past its call leaf");
                CollectionAssert.AreEqual(
                    new[] { BtCallPhase.Start, BtCallPhase.Step, BtCallPhase.Step, BtCallPhase.Step, BtCallPhase.Stop },
                    engine.Phases(built.Aim));
                Assert.AreEqual(1, engine.Asked);
                Assert.AreEqual(built.See, engine.LastAsked);
                Assert.IsFalse(engine.Foreign, "every call was about the shooter");
                Assert.AreEqual(Status.WorldLocked, engine.Reentry, "the world is locked while its callbacks run");
                Assert.IsTrue(world.GetBlackboard(npc, built.Done).AsBool, "the flag is a bool blackboard entry");

                Action<BtStatus, BtStatus> rerun = (start, final) =>
                {
                    world.ClearBehaviourLayers(npc);
                    world.RemoveBlackboard(npc, built.Done);
                    world.PushBehaviourLayer(npc, built.AimTree);
                    engine.Calls.Clear();
                    engine.Asked = 0;
                    engine.StartAnswer = start;
                    engine.FinalAnswer = final;
                };

                // The action fails at its first step: stopped, and the sequence fails before the flag.
                rerun(BtStatus.InProgress, BtStatus.Failed);
                world.ThinkNow(npc);
                world.ThinkNow(npc);
                CollectionAssert.AreEqual(new[] { BtCallPhase.Start, BtCallPhase.Step, BtCallPhase.Stop }, engine.Phases(built.Aim));
                Value unused;
                Assert.IsFalse(world.TryGetBlackboard(npc, built.Done, out unused));

                // A refused start is an error of the tree: the layers are cleared, nothing is stopped.
                rerun(BtStatus.Error, BtStatus.Succeeded);
                world.ThinkNow(npc);
                CollectionAssert.AreEqual(new[] { BtCallPhase.Start }, engine.Phases(built.Aim));
                Assert.AreEqual(0, world.BehaviourLayers(npc).Count);

                // Abandoned in progress, by a swap: stopped; the swap's refusal before stops nothing.
                engine.BusySteps = 100;
                rerun(BtStatus.InProgress, BtStatus.Succeeded);
                world.ThinkNow(npc);
                world.ThinkNow(npc);
                Assert.Throws<MotiveException>(() => world.SwapBehaviourLayer(npc, built.Digger), "the shooter does not dig");
                Assert.AreEqual(2, engine.Calls.Count);
                world.SwapBehaviourLayer(npc, built.Fetch);
                CollectionAssert.AreEqual(new[] { BtCallPhase.Start, BtCallPhase.Step, BtCallPhase.Stop }, engine.Phases(built.Aim));
                CollectionAssert.AreEqual(new[] { built.Fetch }, world.BehaviourLayers(npc).ToArray());

                // Not seen: the precondition fails, aim is never called.
                engine.See = false;
                rerun(BtStatus.InProgress, BtStatus.Succeeded);
                world.ThinkNow(npc);
                Assert.AreEqual(1, engine.Asked);
                Assert.AreEqual(0, engine.Calls.Count);

                // Cleared callbacks: every ask is false, and nothing is called.
                engine.See = true;
                world.SetBehaviourConditionCallback(null);
                world.SetBehaviourActionCallback(null);
                rerun(BtStatus.InProgress, BtStatus.Succeeded);
                world.Tick(1.0);
                Assert.AreEqual(0, engine.Asked);
                Assert.AreEqual(0, engine.Calls.Count);
                Assert.IsFalse(world.BehaviourFlag(npc, built.Done));
            }
        }

        [Test]
        public void AnExceptionInABehaviourCallbackIsRethrownFromTheTick()
        {
            using (var built = new Built())
            using (var world = new World(built.Domain, 3))
            {
                var npc = world.SpawnNpc(built.Shooter, new Vec3(0, 0, 0));
                world.SetBehaviourConditionCallback((who, callback) => true);
                world.SetBehaviourActionCallback((who, callback, phase) => { throw new InvalidOperationException("no gun"); });
                var e = Assert.Throws<CallbackException>(() => world.ThinkNow(npc));
                Assert.IsInstanceOf<InvalidOperationException>(e.InnerException);
                StringAssert.Contains("no gun", e.Message);
                // The throwing start answered Error: the tree's error cleared the layers.
                Assert.AreEqual(0, world.BehaviourLayers(npc).Count);

                // Kept once: the next call is clean. A throwing condition is false.
                world.SetBehaviourConditionCallback((who, callback) => { throw new ArgumentException("blind"); });
                world.SetBehaviourActionCallback((who, callback, phase) => BtStatus.InProgress);
                world.PushBehaviourLayer(npc, built.AimTree);
                Assert.IsInstanceOf<ArgumentException>(Assert.Throws<CallbackException>(() => world.ThinkNow(npc)).InnerException);
                Assert.IsFalse(world.BehaviourFlag(npc, built.Done));
                world.ThinkNow(npc);
            }
        }

        [Test]
        public void TheBlackboardHoldsTypedEntriesAndGivesAnActionLeafItsTarget()
        {
            using (var built = new Built())
            using (var world = new World(built.Domain, 3))
            {
                var nearCrate = world.SpawnObject(built.Crate, new Vec3(1, 0, 0));
                var farCrate = world.SpawnObject(built.Crate, new Vec3(8, 0, 0));
                var npc = world.SpawnNpc(built.Fetcher, new Vec3(0, 0, 0));

                Value entry;
                Assert.IsFalse(world.TryGetBlackboard(npc, built.Target, out entry));
                Assert.AreEqual(Status.NotFound, Assert.Throws<MotiveException>(() => world.GetBlackboard(npc, built.Target)).Status);
                world.SetBlackboard(npc, built.Target, Value.Of(nearCrate.Entity));
                Assert.IsTrue(world.TryGetBlackboard(npc, built.Target, out entry));
                Assert.AreEqual(nearCrate.Entity, entry.AsEntity);
                // One entry per attribute: a second write replaces the first.
                world.SetBlackboard(npc, built.Target, Value.Of(farCrate.Entity));
                Assert.AreEqual(farCrate.Entity, world.GetBlackboard(npc, built.Target).AsEntity);
                // Another type is refused, and the entry stays.
                var mismatch = Assert.Throws<MotiveException>(() => world.SetBlackboard(npc, built.Target, Value.Of(true)));
                Assert.AreEqual(Status.TypeMismatch, mismatch.Status);
                Assert.AreEqual(farCrate.Entity, world.GetBlackboard(npc, built.Target).AsEntity);
                world.RemoveBlackboard(npc, built.Target);
                Assert.IsFalse(world.TryGetBlackboard(npc, built.Target, out entry));
                world.SetBlackboard(npc, built.Target, Value.Of(farCrate.Entity));

                // The fetcher inspects the far crate its blackboard names, not the nearest supplier.
                var requested = Entity.Null;
                for (int i = 0; i < 10 && requested.Equals(Entity.Null); i++)
                {
                    world.Tick(0.1);
                    foreach (var e in world.PollEvents().ToArray())
                    {
                        if (e.Kind == EventKind.ActionRequested && requested.Equals(Entity.Null))
                        {
                            Assert.AreEqual(built.Inspect, e.Action);
                            requested = e.Target;
                        }
                    }
                }
                Assert.AreEqual(farCrate.Entity, requested);

                // A base swap needs a tree whose actions the NPC consumes: the fetcher does not dig.
                var refused = Assert.Throws<MotiveException>(() => world.SwapBehaviourLayer(npc, built.Digger));
                Assert.AreEqual(Status.InvalidArgument, refused.Status);
                CollectionAssert.AreEqual(new[] { built.Fetch }, world.BehaviourLayers(npc).ToArray());
            }
        }

        [Test]
        public void TheTopLayerIsSwappedInOneStepAndRefusedSwapsChangeNothing()
        {
            using (var scenario = Scenario.LoadFile(TestData.Path("scenarios/guard_hebt.json")))
            using (var domain = scenario.CreateDomain())
            using (var sim = scenario.Instantiate("kamikaze", 1, 3))
            {
                sim.Run(1.0);
                var world = sim.World;
                var hurt = Named(sim, "hurt_guard");
                uint kamikaze = domain.FindBehaviourTree("kamikaze");
                uint coward = domain.FindBehaviourTree("coward");
                uint guard = domain.FindBehaviourTree("guard");
                uint cover = domain.FindHint("COVER");
                CollectionAssert.AreEqual(new[] { kamikaze, guard }, world.BehaviourLayers(hurt).ToArray());
                Assert.AreEqual(HintState.Negative, world.BehaviourHint(hurt, 1, cover));

                var acts = Assert.Throws<MotiveException>(() => world.SwapBehaviourLayer(hurt, guard), "an acting tree above another");
                Assert.AreEqual(Status.InvalidArgument, acts.Status);
                Assert.AreEqual(Status.NotFound, Assert.Throws<MotiveException>(() => world.SwapBehaviourLayer(hurt, 999)).Status);
                CollectionAssert.AreEqual(new[] { kamikaze, guard }, world.BehaviourLayers(hurt).ToArray(), "the refused swaps changed nothing");
                Assert.AreEqual(HintState.Negative, world.BehaviourHint(hurt, 1, cover));

                // The coward replaces the kamikaze: the base loses its hints at once and takes the
                // coward's at the next think.
                world.SwapBehaviourLayer(hurt, coward);
                CollectionAssert.AreEqual(new[] { coward, guard }, world.BehaviourLayers(hurt).ToArray());
                Assert.AreEqual(HintState.Neutral, world.BehaviourHint(hurt, 1, cover));
                sim.Run(0.5);
                Assert.AreEqual(HintState.Positive, world.BehaviourHint(hurt, 1, cover));

                world.ClearBehaviourLayers(hurt);
                Assert.AreEqual(Status.NotFound, Assert.Throws<MotiveException>(() => world.SwapBehaviourLayer(hurt, guard)).Status);
                Assert.AreEqual(0, world.BehaviourLayers(hurt).Count);
            }
        }

        [Test]
        public void ThePlayerModelChoosesAmongAGroupsAdaptiveTrees()
        {
            using (var scenario = Scenario.LoadFile(TestData.Path("scenarios/adaptive_guards.json")))
            using (var domain = scenario.CreateDomain())
            using (var sim = scenario.Instantiate(null, 1, 3))
            {
                var world = sim.World;
                uint cooperate = domain.FindBehaviourTree("cover_and_cooperate");
                uint callForHelp = domain.FindBehaviourTree("call_for_help");
                // The domain's styles, in the order it names them: action, stealth.
                var action = new[] { new StyleWeight { Style = 0, Weight = 1 } };
                var stealth = new[] { new StyleWeight { Style = 1, Weight = 1 } };

                var group = world.CreateBehaviourGroup(cooperate);
                Assert.AreEqual(cooperate, world.GroupTree(group));
                world.AddGroupAdaptiveLayer(group, callForHelp, stealth);
                world.AddGroupAdaptiveLayer(group, cooperate, action);
                Assert.Throws<MotiveException>(() => world.AddGroupAdaptiveLayer(group, callForHelp, action), "each tree once");
                Assert.Throws<MotiveException>(() => world.AddGroupAdaptiveLayer(group, domain.FindBehaviourTree("guard"), action), "it acts");

                for (int i = 0; i < 3; i++)
                {
                    world.ReportPlayerAction(domain.FindPlayerAction("sneak"));
                }
                world.Tick(0.1);
                Assert.AreEqual(callForHelp, world.GroupTree(group), "a stealthy player");
                for (int i = 0; i < 20; i++)
                {
                    world.ReportPlayerAction(domain.FindPlayerAction("shoot"));
                }
                world.Tick(0.1);
                Assert.AreEqual(cooperate, world.GroupTree(group), "a loud player");
                world.DestroyBehaviourGroup(group);
                Assert.Throws<StaleHandleException>(() => world.GroupTree(group));
            }
        }
    }
}

using System.Collections.Generic;
using NUnit.Framework;

namespace Motive.Tests
{
    [TestFixture]
    public class EventTests
    {
        [Test]
        public void EveryEventIsDrainedEvenBeyondTheBuffersFirstSize()
        {
            // 40 residents decide in the first second: more requests and claims than the 64
            // events the buffer starts with.
            using (var sim = TestData.Household(40, 3))
            {
                var world = sim.World;
                var requested = new HashSet<Npc>();
                for (int frame = 0; frame < 20; frame++)
                {
                    world.Tick(0.05);
                    foreach (var e in world.PollEvents())
                    {
                        if (e.Kind == EventKind.ActionRequested)
                        {
                            requested.Add(e.Npc.AsNpc());
                            Assert.AreNotEqual(Constants.NoId, e.Action);
                            Assert.IsFalse(e.Target.IsNull);
                        }
                    }
                }
                Assert.AreEqual(40, requested.Count, "every resident was asked to act");
                Assert.AreEqual(0, world.PollEvents().Count, "the queue is empty after a drain");
            }
        }

        [Test]
        public void ARunnerCountsWhatItsWorldDroppedEachStepAndWarnsAtEachDoubling()
        {
            using (var sim = TestData.Household(40, 3))
            {
                var world = sim.World;
                var runner = new WorldRunner(world, new ActionStyles());
                runner.Step(0.05);
                Assert.AreEqual(0ul, runner.EventsDroppedLastStep, "within the default limit");
                Assert.IsFalse(runner.WarnDropped());
                world.SetEventLimit(1);
                ulong total = world.DroppedEvents;
                ulong warned = 0;
                int warnings = 0, dropping = 0;
                for (int frame = 0; frame < 200; frame++)
                {
                    runner.Step(0.05);
                    var now = world.DroppedEvents;
                    Assert.AreEqual(now - total, runner.EventsDroppedLastStep, "frame " + frame);
                    dropping += runner.EventsDroppedLastStep > 0 ? 1 : 0;
                    if (runner.WarnDropped())
                    {
                        Assert.Greater(runner.EventsDroppedLastStep, 0ul, "frame " + frame);
                        Assert.GreaterOrEqual(now, 2 * warned, "frame " + frame);
                        warned = now;
                        warnings++;
                    }
                    else if (runner.EventsDroppedLastStep > 0)
                    {
                        Assert.Less(now, 2 * warned, "frame " + frame + ": a doubling unwarned");
                    }
                    total = now;
                }
                Assert.GreaterOrEqual(warnings, 1, "the first drop warns");
                Assert.Less(warnings, dropping, "rate-limited: not a warning per dropping frame");
            }
        }

        [Test]
        public void AWorldNobodyPollsKeepsTheNewestEventsWithinItsLimit()
        {
            using (var polledSim = TestData.Household(40, 3))
            using (var unpolledSim = TestData.Household(40, 3))
            {
                var polled = polledSim.World;
                var unpolled = unpolledSim.World;
                Assert.AreEqual(Constants.DefaultEventLimit, unpolled.EventLimit);
                Assert.Throws<MotiveException>(() => unpolled.SetEventLimit(0));
                Assert.Throws<MotiveException>(() => unpolled.SetEventLimit(Constants.MaxEventLimit + 1));
                Assert.AreEqual(Constants.DefaultEventLimit, unpolled.EventLimit, "a refused limit changed nothing");
                unpolled.SetEventLimit(10);
                Assert.AreEqual(10u, unpolled.EventLimit);
                var all = new List<Event>();
                for (int frame = 0; frame < 20; frame++)
                {
                    polled.Tick(0.05);
                    unpolled.Tick(0.05);
                    foreach (var e in polled.PollEvents())
                    {
                        all.Add(e);
                    }
                }
                Assert.Greater(all.Count, 20);
                Assert.AreEqual((ulong)(all.Count - 10), unpolled.DroppedEvents);
                Assert.AreEqual(0ul, polled.DroppedEvents);
                var kept = unpolled.PollEvents();
                Assert.AreEqual(10, kept.Count);
                for (int i = 0; i < kept.Count; i++)
                {
                    var expected = all[all.Count - 10 + i];
                    Assert.AreEqual(expected.Kind, kept[i].Kind, "event " + i);
                    Assert.AreEqual(expected.Request, kept[i].Request, "event " + i);
                    Assert.AreEqual(expected.Npc.Index1, kept[i].Npc.Index1, "event " + i);
                    Assert.AreEqual(expected.Target.Index1, kept[i].Target.Index1, "event " + i);
                }
            }
        }

        [Test]
        public void AReportedWalkMovesThePlanOn()
        {
            using (var sim = TestData.Household(1, 1))
            {
                var world = sim.World;
                Event walk = default(Event);
                for (int frame = 0; frame < 40 && walk.Kind != EventKind.ActionRequested; frame++)
                {
                    world.Tick(0.05);
                    foreach (var e in world.PollEvents())
                    {
                        if (e.Kind == EventKind.ActionRequested)
                        {
                            walk = e;
                        }
                    }
                }
                Assert.AreEqual(EventKind.ActionRequested, walk.Kind);
                RunningAction running;
                Assert.IsTrue(world.TryGetRunningAction(walk.Npc.AsNpc(), out running));
                Assert.AreEqual(walk.Request, running.Request);
                world.ReportAction(walk.Npc.AsNpc(), walk.Request, ActionOutcome.Succeeded);
                world.Tick(0.05);
                var next = world.PollEvents();
                Assert.Greater(next.Count, 0, "the next step is requested at once");
                Assert.AreEqual(EventKind.ActionRequested, next[0].Kind);
                Assert.AreNotEqual(walk.Request, next[0].Request);
                var stale = Assert.Throws<MotiveException>(() => world.ReportAction(walk.Npc.AsNpc(), walk.Request, ActionOutcome.Succeeded));
                Assert.AreNotEqual(Status.Ok, stale.Status);
            }
        }
    }
}

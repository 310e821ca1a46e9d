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

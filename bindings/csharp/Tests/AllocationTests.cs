// Mono only: the headless household lives in Samples~, which Unity does not compile.
#if !UNITY_5_3_OR_NEWER
using System;
using Motive.Samples;
using NUnit.Framework;

namespace Motive.Tests
{
    /// <summary>A frame of a running world allocates no managed memory once warmed up.</summary>
    [TestFixture]
    public class AllocationTests
    {
        [Test]
        public void AStepOfTheEngineLoopAllocatesNothing()
        {
            using (var sim = TestData.Household(4, 5))
            using (var domain = WorldLifecycleTests.HouseholdDomain())
            {
                var runner = HeadlessHousehold.Runner(sim, domain);
                var status = new NpcStatusText(domain, new[] { "goto" }, new string[0]);
                Frames(runner, status, 1200); // warm-up: 60 s, every buffer at its high-water mark
                long before = GC.GetAllocatedBytesForCurrentThread();
                Frames(runner, status, 1200);
                long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
                Assert.Greater(runner.ActionsCompleted, 20, "the measured frames did work");
                Assert.AreEqual(0, allocated, "bytes allocated over 1200 steady frames");
            }
        }

        [Test]
        public void TheMeasureSeesAllocations()
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            var array = new byte[1000];
            Assert.GreaterOrEqual(GC.GetAllocatedBytesForCurrentThread() - before, 1000L);
            GC.KeepAlive(array);
        }

        private static void Frames(WorldRunner runner, NpcStatusText status, int frames)
        {
            for (int frame = 0; frame < frames; frame++)
            {
                runner.Step(0.05);
                for (int i = 0; i < runner.Agents.Count; i++)
                {
                    // What a debug overlay reads each frame.
                    status.Describe(runner.World, runner.Agents[i].Npc);
                    runner.World.Plan(runner.Agents[i].Npc);
                }
            }
        }
    }
}
#endif

using System.Collections.Generic;
using NUnit.Framework;

namespace Motive.Tests
{
    /// <summary>
    /// A tick whose thinks run on the .NET thread pool (TickBegin, ThinkRange, TickEnd) gives the
    /// events of Tick on a twin world, field by field; so do motive's own think threads.
    /// </summary>
    [TestFixture]
    public class ParallelThinkTests
    {
        /// <summary>Each event with its handles written without their world, which differs between twins.</summary>
        private static List<string> Drain(World world)
        {
            var lines = new List<string>();
            var events = world.PollEvents();
            for (int i = 0; i < events.Count; i++)
            {
                var e = events[i];
                lines.Add(string.Join(" ", e.Kind, e.Npc.Index1, e.Npc.Generation, e.Action, e.Target.Index1,
                    e.Target.Generation, e.Request, e.StandOff.ToString("R"), e.Animation, e.FaceTarget, e.Slot,
                    e.Outcome, e.EndedBy, e.Seconds.ToString("R")));
            }
            return lines;
        }

        private static void CompareTwins(string variant, uint copies, uint ownThreads)
        {
            using (var scenario = Scenario.LoadFile(TestData.Path("scenarios/hospital.json")))
            using (var reference = scenario.Instantiate(variant, copies, 5))
            using (var parallel = scenario.Instantiate(variant, copies, 5))
            {
                if (ownThreads > 0)
                {
                    Assert.AreEqual(1u, parallel.World.ThinkThreads);
                    parallel.World.SetThinkThreads(ownThreads);
                    Assert.AreEqual(ownThreads, parallel.World.ThinkThreads);
                }
                int events = 0;
                for (int tick = 0; tick < 60; tick++)
                {
                    reference.World.Tick(0.05);
                    if (ownThreads > 0)
                    {
                        parallel.World.Tick(0.05);
                    }
                    else
                    {
                        parallel.World.TickParallel(0.05, 7);
                    }
                    var expected = Drain(reference.World);
                    CollectionAssert.AreEqual(expected, Drain(parallel.World), "tick " + tick);
                    events += expected.Count;
                }
                Assert.Greater(events, 0);
                var none = reference.World.ParallelStats;
                Assert.AreEqual(0ul, none.Phases + none.DecidedAhead + none.Checked + none.Stale);
                var stats = parallel.World.ParallelStats;
                Assert.Greater(stats.Phases, 0ul, "every TickBegin with thinks due counts, GOAP's too");
                Assert.AreEqual(variant == "goap", stats.DecidedAhead == 0, "GOAP NPCs think at their turn");
                Assert.LessOrEqual(stats.Checked, stats.DecidedAhead);
                Assert.LessOrEqual(stats.Stale, stats.Checked);
            }
        }

        [Test]
        public void TheThreadPoolThinksRangesAsOneTick()
        {
            CompareTwins("ubc", 20, 0);
            CompareTwins("goap", 20, 0);
        }

        [Test]
        public void MotivesOwnThreadsThinkAsOne()
        {
            CompareTwins("ubc", 72, 4);
        }

        [Test]
        public void AnOpenTickRefusesOtherCallsAndRangesAreCheckedOnce()
        {
            using (var scenario = Scenario.LoadFile(TestData.Path("scenarios/hospital.json")))
            using (var sim = scenario.Instantiate("ubc", 4, 1))
            {
                var world = sim.World;
                Assert.Throws<MotiveException>(() => world.TickEnd(), "no tick is open");
                int jobs = world.TickBegin(0.05);
                Assert.Throws<MotiveException>(() => world.Tick(0.05), "a tick is open");
                Assert.Throws<MotiveException>(() => world.ThinkRange(jobs, 1), "past the jobs");
                if (jobs > 0)
                {
                    world.ThinkRange(0, 1);
                    Assert.Throws<MotiveException>(() => world.ThinkRange(0, 1), "a job is thought once");
                }
                world.TickEnd();
                world.Tick(0.05);
                Assert.Throws<MotiveException>(() => world.SetThinkThreads(Constants.MaxThinkThreads + 1));
            }
        }
    }
}

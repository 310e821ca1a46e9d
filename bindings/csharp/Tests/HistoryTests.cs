using System;
using System.Linq;
using NUnit.Framework;

namespace Motive.Tests
{
    /// <summary>
    /// An NPC's decision history through the C# wrapper: off by default, then the last N
    /// decisions and events, oldest first, each decision with its plan and its brain's scores.
    /// </summary>
    [TestFixture]
    public class HistoryTests
    {
        [Test]
        public void TheHistoryKeepsTheLastEntriesOldestFirst()
        {
            using (var scenario = Scenario.LoadFile(TestData.Path("scenarios/hospital.json")))
            using (var sim = scenario.Instantiate(null, 1, 3))
            {
                var world = sim.World;
                var npcs = sim.Entities.ToArray().Select(e => e.AsNpc()).Where(n =>
                {
                    try { world.HistoryCount(n); return true; }
                    catch (MotiveException) { return false; }
                }).ToArray();
                Assert.Greater(npcs.Length, 8);
                sim.Run(5);
                Assert.AreEqual(0, world.HistoryCount(npcs[0]), "off by default");
                var refused = Assert.Throws<MotiveException>(() => world.SetHistory(5000));
                Assert.AreEqual(Status.InvalidArgument, refused.Status);
                world.SetHistory(12);
                sim.Run(30);
                var npc = npcs[0];
                Assert.AreEqual(12, world.HistoryCount(npc));
                double last = 0;
                var decisions = 0;
                for (var i = 0; i < 12; i++)
                {
                    var entry = world.History(npc, i);
                    Assert.GreaterOrEqual(entry.Time, last);
                    last = entry.Time;
                    Assert.AreEqual((int)entry.PlanLength, world.HistoryPlan(npc, i).Count);
                    Assert.AreEqual((int)entry.ScoreCount, world.HistoryScores(npc, i).Count);
                    Assert.AreEqual((int)entry.CandidateCount, world.HistoryCandidates(npc, i).Count);
                    if (entry.Decision)
                    {
                        decisions++;
                    }
                }
                Assert.Greater(decisions, 0);
                Assert.LessOrEqual(last, 35.0 + 1e-9);
                var missing = Assert.Throws<MotiveException>(() => world.History(npc, 12));
                Assert.AreEqual(Status.NotFound, missing.Status);
            }
        }
    }
}

// Mono only: the headless household lives in Samples~, which Unity does not compile.
#if !UNITY_5_3_OR_NEWER
using System;
using System.IO;
using System.Linq;
using Motive.Samples;
using NUnit.Framework;

namespace Motive.Tests
{
    /// <summary>The engine-independent sample logic runs the household as an engine would.</summary>
    [TestFixture]
    public class HeadlessHouseholdTests
    {
        [Test]
        public void ResidentsWalkActAndRaiseTheirDrives()
        {
            var output = new StringWriter();
            var runner = HeadlessHousehold.Run(TestData.Path("scenarios/household.json"), 2, 60, output);
            using (runner.World)
            {
                Assert.AreEqual(2, runner.Agents.Count);
                foreach (var agent in runner.Agents)
                {
                    Assert.Greater(agent.ActionsCompleted, 3, "each resident walked and acted");
                    var drives = runner.World.Drives(agent.Npc).ToArray();
                    Assert.AreEqual(7, drives.Length);
                    // Every drive starts at 0; acting on them raised most above it.
                    Assert.GreaterOrEqual(drives.Count(d => d.Satisfaction > 0.2), 4);
                }
                Assert.AreEqual(runner.ActionsCompleted, runner.Agents.Sum(a => a.ActionsCompleted));
                StringAssert.Contains("hunger 0.", output.ToString());
            }
        }
    }
}
#endif

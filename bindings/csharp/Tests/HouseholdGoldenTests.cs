using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using NUnit.Framework;

namespace Motive.Tests
{
    /// <summary>
    /// The household run through P/Invoke reproduces the Rust run recorded in
    /// tests/data/household_run.golden (written by tests/sim_golden.rs) line for line, drive
    /// satisfactions bit for bit.
    /// </summary>
    [TestFixture]
    public class HouseholdGoldenTests
    {
        [Test]
        public void TheRunMatchesTheRustRunForTheSameSeed()
        {
            var golden = TestData.Read("tests/data/household_run.golden")
                .Split('\n').Where(l => l.Length > 0 && !l.StartsWith("#")).ToList();
            var parameters = golden.TakeWhile(l => !l.StartsWith("stat ")).ToDictionary(
                l => l.Split(' ')[0], l => l.Split(' ')[1]);
            string variant = parameters["variant"] == "-" ? null : parameters["variant"];
            uint copies = uint.Parse(parameters["copies"], CultureInfo.InvariantCulture);
            ulong seed = ulong.Parse(parameters["seed"], CultureInfo.InvariantCulture);
            double seconds = double.Parse(parameters["seconds"], CultureInfo.InvariantCulture);

            var lines = new List<string>();
            using (var scenario = Scenario.LoadFile(TestData.Path("scenarios/" + parameters["scenario"])))
            using (var sim = scenario.Instantiate(variant, copies, seed))
            {
                sim.Run(seconds);
                lines.AddRange(golden.TakeWhile(l => !l.StartsWith("stat ")));
                var stats = sim.Stats;
                lines.Add("stat ticks " + stats.Ticks);
                lines.Add("stat decisions " + stats.Decisions);
                lines.Add("stat plans_adopted " + stats.PlansAdopted);
                lines.Add("stat actions_requested " + stats.ActionsRequested);
                lines.Add("stat actions_performed " + stats.ActionsPerformed);
                lines.Add("stat actions_failed " + stats.ActionsFailed);
                lines.Add("stat needs_satisfied " + stats.NeedsSatisfied);
                lines.Add("stat spawned " + stats.Spawned);
                foreach (var entity in sim.Entities.ToArray())
                {
                    if (sim.World.KindOf(entity) != EntityKind.Npc)
                    {
                        continue;
                    }
                    string name = sim.EntityName(entity);
                    var drives = sim.World.Drives(entity.AsNpc());
                    for (int i = 0; i < drives.Count; i++)
                    {
                        ulong bits = (ulong)BitConverter.DoubleToInt64Bits(drives[i].Satisfaction);
                        lines.Add("drive " + name + " " + i + " 0x" + bits.ToString("x16"));
                    }
                }
            }
            Assert.Greater(golden.Count(l => l.StartsWith("drive ")), 0, "the golden file has drive lines");
            for (int i = 0; i < Math.Max(golden.Count, lines.Count); i++)
            {
                Assert.AreEqual(i < golden.Count ? golden[i] : "(none)", i < lines.Count ? lines[i] : "(none)", "line " + (i + 1));
            }
        }

        [Test]
        public void TheSimulatorNamesItsEntitiesAndKnowsItsStep()
        {
            using (var sim = TestData.Household(2, 7))
            {
                var names = sim.Entities.ToArray().Select(sim.EntityName).ToList();
                CollectionAssert.Contains(names, "resident");
                CollectionAssert.Contains(names, "resident@2");
                Assert.AreEqual(0.05, sim.StepLength, 1e-12);
                sim.Step(0.05);
                Assert.AreEqual(1UL, sim.Stats.Ticks);
                Assert.Throws<MotiveException>(() => sim.EntityName(Entity.Null));
            }
        }
    }
}

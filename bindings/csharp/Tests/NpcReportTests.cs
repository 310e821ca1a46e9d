using System;
using System.Linq;
using NUnit.Framework;

namespace Motive.Tests
{
    /// <summary>
    /// The NPC inspector's model against the shipped scenarios: a UDGOAP resident (household),
    /// GOAP pirates, Ocio's behaviour-tree guards and UBC nurses (hospital, variant ubc). Every
    /// row is named, and every value is the world's own.
    /// </summary>
    [TestFixture]
    public class NpcReportTests
    {
        private sealed class Run : IDisposable
        {
            internal readonly Simulator Sim;
            internal readonly Domain Domain;
            internal readonly NpcReport Report;

            internal Run(string file, string variant, double seconds)
            {
                using (var scenario = Scenario.LoadFile(TestData.Path("scenarios/" + file)))
                {
                    Sim = scenario.Instantiate(variant, 1, scenario.Seed);
                    Domain = scenario.CreateDomain();
                }
                Sim.Run(seconds);
                Report = new NpcReport(new NameTable(Domain), Sim.EntityName);
            }

            internal World World { get { return Sim.World; } }

            internal Npc Npc(string name)
            {
                return Sim.Entities.ToArray().First(e => Sim.EntityName(e) == name).AsNpc();
            }

            public void Dispose()
            {
                Sim.Dispose();
                Domain.Dispose();
            }
        }

        [Test]
        public void AUdgoapResidentShowsItsDrivesGoalsPlanAndCandidates()
        {
            using (var run = new Run("household.json", null, 3))
            {
                var npc = run.Npc("resident");
                run.Report.Build(run.World, npc);
                var report = run.Report;
                Assert.AreEqual(NpcBrain.Udgoap, report.Brain);

                var drives = run.World.Drives(npc).ToArray();
                Assert.AreEqual(drives.Length, report.Drives.Count);
                CollectionAssert.AreEqual(
                    new[] { "entertainment", "energy", "hunger", "comfort", "hygiene", "bladder", "social" },
                    report.Drives.Select(r => r.Label).ToArray());
                for (int i = 0; i < drives.Length; i++)
                {
                    Assert.AreEqual(drives[i].Satisfaction, report.Drives[i].Number);
                    Assert.AreEqual(run.Domain.FindDrive(report.Drives[i].Label), drives[i].Drive);
                }

                var goals = run.World.Goals(npc).ToArray();
                Assert.AreEqual(goals.Length, report.Goals.Count);
                StringAssert.StartsWith("maximize_hunger [hunger]", report.Goals[2].Label);
                CurrentGoal current;
                Assert.IsTrue(run.World.TryGetCurrentGoal(npc, out current));
                var pursued = report.Goals.Single(r => r.Highlight);
                StringAssert.StartsWith(run.Domain.Name(DefinitionKind.Goal, current.Goal), pursued.Label);
                StringAssert.Contains("pursued: ", pursued.Value);

                var plan = run.World.Plan(npc).ToArray();
                Assert.Greater(plan.Length, 0, "the resident plans after three seconds");
                Assert.AreEqual(plan.Length, report.Plan.Count);
                for (int i = 0; i < plan.Length; i++)
                {
                    Assert.AreEqual(plan[i].Action, run.Domain.FindAction(report.Plan[i].Label));
                    Assert.AreEqual(run.Sim.EntityName(plan[i].Target), report.Plan[i].Value);
                }
                RunningAction running;
                Assert.IsTrue(run.World.TryGetRunningAction(npc, out running));
                StringAssert.StartsWith(run.Domain.Name(DefinitionKind.Action, running.Action) + " → " +
                                        run.Sim.EntityName(running.Target), report.Doing);
                Assert.IsTrue(report.Plan[0].Highlight, "the running step");

                var explanation = run.World.Explain(npc);
                var candidates = run.World.ExplainCandidates(npc).ToArray();
                Assert.AreEqual(candidates.Length, report.Decision.Count, "every candidate, once");
                Assert.AreEqual("(now)", report.Decision[0].Label, "the root first");
                var chosen = candidates[explanation.Chosen];
                var chosenRow = report.Decision.Single(r => r.Value.EndsWith("← chosen"));
                Assert.AreEqual(chosen.Utility, chosenRow.Number);
                Assert.AreEqual((int)chosen.Depth, chosenRow.Depth);
                Assert.IsTrue(chosenRow.Highlight);
                Assert.AreEqual((int)chosen.Depth + 1, report.Decision.Count(r => r.Highlight), "the chosen path, root included");
                foreach (var c in candidates.Where(c => c.Action != Constants.NoId))
                {
                    string label = run.Domain.Name(DefinitionKind.Action, c.Action) + " → " + run.Sim.EntityName(c.Target);
                    Assert.IsTrue(report.Decision.Any(r => r.Label == label && r.Number == c.Utility), label);
                }
                StringAssert.Contains("chose " + chosenRow.Label, report.Summary);

                Assert.AreEqual((int)explanation.DriveCount, report.Outcome.Count);
                var satisfactions = run.World.ExplainSatisfactions(npc).ToArray();
                for (int d = 0; d < report.Outcome.Count; d++)
                {
                    Assert.AreEqual(report.Drives[d].Label, report.Outcome[d].Label);
                    Assert.AreEqual(satisfactions[explanation.Chosen * explanation.DriveCount + d], report.Outcome[d].Number);
                }

                var text = report.ToText();
                StringAssert.StartsWith("resident (UDGOAP): ", text);
                StringAssert.Contains("  hunger: ", text);
            }
        }

        [Test]
        public void GoapPiratesShowTheirGoalsRelevanceAndTheCostedPlan()
        {
            using (var run = new Run("pirate.json", null, 3))
            {
                foreach (var name in new[] { "jim", "blackbeard", "calico_jack" })
                {
                    var npc = run.Npc(name);
                    run.Report.Build(run.World, npc);
                    var report = run.Report;
                    Assert.AreEqual(NpcBrain.Goap, report.Brain, name);
                    Assert.AreEqual(0, report.Drives.Count);

                    var goals = run.World.GoapGoals(npc).ToArray();
                    Assert.AreEqual(goals.Length, report.Goals.Count);
                    Assert.AreEqual("get_drunk", report.Goals[0].Label);
                    Assert.AreEqual(goals[0].Relevance, report.Goals[0].Number);
                    StringAssert.StartsWith("relevance 1.00", report.Goals[0].Value);

                    var decision = run.World.GoapDecision(npc);
                    Assert.IsTrue(report.Goals[0].Highlight, "the pursued goal");
                    StringAssert.Contains("pursues get_drunk", report.Summary);
                    StringAssert.Contains("plan cost " + decision.Cost.ToString("0.00", System.Globalization.CultureInfo.InvariantCulture), report.Summary);
                    Assert.AreEqual(decision.Cost, report.Decision.Single(r => r.Label == "plan cost").Number);

                    var plan = run.World.Plan(npc).ToArray();
                    Assert.AreEqual(plan.Length, report.Plan.Count);
                    for (int i = 0; i < plan.Length; i++)
                    {
                        Assert.AreEqual(run.Domain.Name(DefinitionKind.Action, plan[i].Action), report.Plan[i].Label);
                        Assert.AreEqual(run.Sim.EntityName(plan[i].Target), report.Plan[i].Value);
                    }
                    StringAssert.StartsWith(name + " (GOAP): ", report.ToText());
                }
                run.Report.Build(run.World, run.Npc("jim"));
                Assert.AreEqual("goto", run.Report.Plan[0].Label);
                Assert.AreEqual("docks", run.Report.Plan[0].Value);
            }
        }

        [Test]
        public void BehaviourTreeGuardsShowTheirLayersAndRunningPaths()
        {
            using (var run = new Run("guard_hebt.json", null, 1))
            {
                foreach (var name in new[] { "guard", "guard2", "hurt_guard" })
                {
                    var npc = run.Npc(name);
                    run.Report.Build(run.World, npc);
                    var report = run.Report;
                    Assert.AreEqual(NpcBrain.BehaviourTree, report.Brain, name);
                    var layers = run.World.BehaviourLayers(npc).ToArray();
                    Assert.AreEqual(layers.Length, report.Decision.Count);
                    for (int level = 0; level < layers.Length; level++)
                    {
                        Assert.AreEqual("layer " + level + ": " + run.Domain.Name(DefinitionKind.BtTree, layers[level]), report.Decision[level].Label);
                        var path = string.Join(" › ", run.World.BehaviourRunning(npc, (uint)level).ToArray().Select(n => n.ToString()));
                        Assert.AreEqual("running nodes " + path, report.Decision[level].Value);
                    }
                    StringAssert.Contains("top guard", report.Summary);
                }
                run.Report.Build(run.World, run.Npc("hurt_guard"));
                Assert.AreEqual("take_cover", run.Report.Plan[0].Label);
                Assert.AreEqual("cover", run.Report.Plan[0].Value);
            }
        }

        [Test]
        public void UbcNursesShowEachPlanRating()
        {
            using (var run = new Run("hospital.json", "ubc", 3))
            {
                var npc = run.Npc("nurse_1");
                run.Report.Build(run.World, npc);
                var report = run.Report;
                Assert.AreEqual(NpcBrain.Ubc, report.Brain);
                var ratings = run.World.UbcRatings(npc).ToArray();
                Assert.AreEqual(ratings.Length, report.Decision.Count);
                for (int i = 0; i < ratings.Length; i++)
                {
                    StringAssert.StartsWith(run.Domain.Name(DefinitionKind.UbcPlan, ratings[i].Plan) + " → ", report.Decision[i].Label);
                    Assert.AreEqual(ratings[i].Gain, report.Decision[i].Number);
                }
                var made = run.World.UbcDecision(npc);
                StringAssert.StartsWith("UBC: " + run.Domain.Name(DefinitionKind.UbcPlan, made.Plan), report.Summary);
            }
        }

        [Test]
        public void TheNameTableNamesEveryKindAndFallsBackForForeignIds()
        {
            using (var scenario = Scenario.LoadFile(TestData.Path("scenarios/household.json")))
            using (var domain = scenario.CreateDomain())
            {
                var names = new NameTable(domain);
                CollectionAssert.AreEqual(
                    new[] { "entertainment", "energy", "hunger", "comfort", "hygiene", "bladder", "social" },
                    names.All(DefinitionKind.Drive));
                Assert.AreEqual(18, names.All(DefinitionKind.Action).Count);
                Assert.AreEqual("goto", names.Name(DefinitionKind.Action, domain.FindAction("goto")));
                Assert.AreEqual("improve_hunger", names.Name(DefinitionKind.GoapGoal, domain.FindGoapGoal("improve_hunger")));
                Assert.AreEqual("resident", names.Name(DefinitionKind.Archetype, domain.FindArchetype("resident")));
                Assert.AreEqual("none", names.Name(DefinitionKind.Action, Constants.NoId));
                Assert.AreEqual("action 999", names.Name(DefinitionKind.Action, 999));
                Assert.AreEqual("action 999", names.Name(DefinitionKind.Action, 999), "a miss is remembered");
                Assert.AreEqual(0, names.All(DefinitionKind.BtTree).Count);
            }
        }

        [Test]
        public void EntityNamesFallBackToTheHandle()
        {
            var names = new EntityNames();
            var bed = new Entity(3, 1, 1);
            Assert.AreEqual("Entity(3:1@1)", names.Name(bed));
            names.Set(bed, "Bed");
            Assert.AreEqual("Bed", names.Name(bed));
            Assert.AreEqual("none", names.Name(Entity.Null));
            names.Remove(bed);
            Assert.AreEqual(0, names.Count);
        }
    }
}

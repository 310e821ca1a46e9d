// Mono only: the headless household lives in Samples~, which Unity does not compile.
#if !UNITY_5_3_OR_NEWER
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Motive.Samples;
using NUnit.Framework;

namespace Motive.Tests
{
    /// <summary>
    /// A world runner saved with the engine's side of its world (bodies, performances, named
    /// entities) and loaded back: the household run by <see cref="WorldRunner"/>, saved mid-walk,
    /// continues exactly after a load; loaded in place it keeps every handle and the engine
    /// callbacks; bad saves are refused, leaving the running world as it was.
    /// </summary>
    [TestFixture]
    public class RunnerSaveTests
    {
        private const double Frame = 0.05;

        private Scenario scenario;
        private Domain domain;

        [SetUp]
        public void Load()
        {
            scenario = Scenario.LoadFile(TestData.Path("scenarios/household.json"));
            domain = scenario.CreateDomain();
        }

        [TearDown]
        public void Free()
        {
            domain.Dispose();
            scenario.Dispose();
        }

        // Two copies of the household, each NPC an agent keyed by its scenario name, every
        // object named the same way.
        private WorldRunner Household(Simulator sim, out List<KeyValuePair<string, Entity>> objects)
        {
            var runner = HeadlessHousehold.Runner(sim, domain);
            foreach (var agent in runner.Agents)
            {
                agent.Key = sim.EntityName(agent.Npc.Entity);
            }
            objects = sim.Entities.ToArray()
                .Where(e => sim.World.KindOf(e) == EntityKind.Object)
                .Select(e => new KeyValuePair<string, Entity>(sim.EntityName(e), e))
                .ToList();
            return runner;
        }

        private static void Run(WorldRunner runner, double seconds)
        {
            for (int i = 0; i < (int)Math.Round(seconds / Frame); i++)
            {
                runner.Step(Frame);
            }
        }

        // Steps until some agent walks, so that a save holds a performance in progress.
        private static void RunUntilWalking(WorldRunner runner)
        {
            for (int i = 0; i < 2000 && !runner.Agents.Any(a => a.Performer.State == PerformerState.Walking); i++)
            {
                runner.Step(Frame);
            }
            Assert.IsTrue(runner.Agents.Any(a => a.Performer.State == PerformerState.Walking), "someone walks");
        }

        private static string Describe(WorldRunner runner)
        {
            var lines = new List<string>
            {
                "requested " + runner.ActionsRequested + " completed " + runner.ActionsCompleted + " timed out " + runner.ActionsTimedOut,
            };
            foreach (var agent in runner.Agents)
            {
                var p = agent.Performer;
                lines.Add(agent.Key + " " + agent.Npc + " at " + agent.Position.X + "," + agent.Position.Y + "," + agent.Position.Z +
                          " done " + agent.ActionsCompleted + " " + p.State + " request " + p.Request.Request + " action " + p.Request.Action +
                          " to " + p.Destination.X + "," + p.Destination.Z);
            }
            return string.Join("\n", lines);
        }

        [Test]
        public void AHouseholdSavedMidWalkContinuesExactlyAfterALoad()
        {
            byte[] save, worldLater;
            string later;
            Npc[] npcs;
            using (var sim = scenario.Instantiate(null, 2, scenario.Seed))
            {
                List<KeyValuePair<string, Entity>> objects;
                var runner = Household(sim, out objects);
                Assert.AreEqual(2, runner.Agents.Count);
                RunUntilWalking(runner);
                save = runner.Save(objects);
                npcs = runner.Agents.Select(a => a.Npc).ToArray();
                Run(runner, 30);
                later = Describe(runner);
                worldLater = runner.World.Save();
            }

            // The original world is gone: the loaded one takes its serial, and its handles, back.
            var loaded = WorldRunner.Load(domain, new ActionStyles().Walk(domain, "goto"), save);
            using (loaded.World)
            {
                CollectionAssert.AreEqual(npcs, loaded.Agents.Select(a => a.Npc).ToArray());
                Assert.IsTrue(loaded.Agents.Any(a => a.Performer.State == PerformerState.Walking));
                Assert.AreSame(loaded.Agents[1], loaded.FindAgent(loaded.Agents[1].Key));
                Assert.IsNull(loaded.FindAgent("nobody"));
                Entity fridge;
                Assert.IsTrue(loaded.TryGetNamed("fridge", out fridge));
                Assert.AreEqual(EntityKind.Object, loaded.World.KindOf(fridge));
                Assert.IsFalse(loaded.TryGetNamed("resident", out fridge), "agents are found with FindAgent");
                Assert.Greater(loaded.NamedKeys.Count(), 4);

                Run(loaded, 30);
                Assert.AreEqual(later, Describe(loaded));
                CollectionAssert.AreEqual(worldLater, loaded.World.Save(), "the world continued exactly");
            }
        }

        [Test]
        public void LoadedInPlaceTheRunnerKeepsHandlesAndCallbacks()
        {
            using (var sim = scenario.Instantiate(null, 1, scenario.Seed))
            {
                List<KeyValuePair<string, Entity>> objects;
                var runner = Household(sim, out objects);
                var relevance = new GoalRelevance((npc, goal) => 1);
                runner.World.SetRelevanceCallback(relevance);
                runner.World.SetThinkThreads(3);
                runner.World.SetEventLimit(5000);
                RunUntilWalking(runner);
                var save = runner.Save(objects);
                var resident = runner.Agents[0];
                var position = resident.Position;
                Run(runner, 20);
                Assert.AreNotEqual(position, resident.Position);

                var old = runner.World;
                var loaded = runner.LoadInPlace(domain, save);
                Assert.Throws<ObjectDisposedException>(() => { var unused = old.Time; }, "the replaced world is disposed");
                Assert.AreEqual(resident.Npc, loaded.Agents[0].Npc, "the same handle: the saved serial was taken back");
                Assert.IsTrue(loaded.World.IsValid(resident.Npc));
                Assert.AreEqual(position, loaded.Agents[0].Position);
                Assert.AreEqual(position, loaded.World.GetPosition(resident.Npc.Entity));
                Assert.AreSame(relevance, loaded.World.GoalRelevance, "callbacks are carried over");
                Assert.AreEqual(3u, loaded.World.ThinkThreads, "and the think threads");
                Assert.AreEqual(5000u, loaded.World.EventLimit, "and the event limit");
                using (var bare = World.Load(domain, loaded.World.Save()))
                {
                    Assert.AreEqual(1u, bare.ThinkThreads, "a save holds no threads");
                    Assert.AreEqual(Constants.DefaultEventLimit, bare.EventLimit, "nor an event limit");
                }
                foreach (var entry in objects)
                {
                    Entity named;
                    Assert.IsTrue(loaded.TryGetNamed(entry.Key, out named));
                    Assert.AreEqual(entry.Value, named);
                }
                Run(loaded, 5);
                Assert.Greater(loaded.ActionsCompleted, 0);
                loaded.World.Dispose();
            }
        }

        [Test]
        public void ARefusedSaveLeavesTheRunningWorldAsItWas()
        {
            using (var sim = scenario.Instantiate(null, 1, scenario.Seed))
            using (var hospital = Scenario.LoadFile(TestData.Path("scenarios/hospital.json")))
            using (var other = hospital.CreateDomain())
            {
                List<KeyValuePair<string, Entity>> objects;
                var runner = Household(sim, out objects);
                Run(runner, 2);
                var save = runner.Save();

                Action<byte[]> refused = bytes =>
                {
                    var e = Assert.Throws<MotiveException>(() => runner.LoadInPlace(domain, bytes));
                    Assert.AreEqual(Status.InvalidArgument, e.Status);
                };
                refused(save.Take(save.Length - 1).ToArray());
                refused(save.Take(20).ToArray());
                refused(new byte[] { 1, 2, 3 });
                refused(new byte[0]);
                var flipped = (byte[])save.Clone();
                flipped[flipped.Length - 40] ^= 0x10; // inside the world's bytes: motive's checksum
                refused(flipped);
                var future = (byte[])save.Clone();
                future[4] = 99; // the format version
                StringAssert.Contains("format 99", Assert.Throws<MotiveException>(() => WorldRunner.Load(domain, new ActionStyles(), future)).Message);
                StringAssert.Contains("another domain", Assert.Throws<MotiveException>(() => runner.LoadInPlace(other, save)).Message);
                Assert.Throws<ArgumentNullException>(() => runner.LoadInPlace(domain, null));

                runner.Step(Frame); // untouched
                Assert.IsTrue(runner.World.IsValid(runner.Agents[0].Npc));
            }
        }

        [Test]
        public void KeysMustBeUnique()
        {
            using (var sim = scenario.Instantiate(null, 2, scenario.Seed))
            {
                List<KeyValuePair<string, Entity>> objects;
                var runner = Household(sim, out objects);
                runner.Agents[1].Key = runner.Agents[0].Key;
                StringAssert.Contains("\"resident\"", Assert.Throws<ArgumentException>(() => runner.Save()).Message);
                runner.Agents[1].Key = null; // unnamed agents are saved all the same
                var named = new[] { new KeyValuePair<string, Entity>("resident", objects[0].Value) };
                Assert.Throws<ArgumentException>(() => runner.Save(named));
                var loaded = WorldRunner.Load(domain, new ActionStyles(), runner.Save());
                using (loaded.World)
                {
                    Assert.AreEqual(2, loaded.Agents.Count);
                    Assert.IsNull(loaded.Agents[1].Key);
                }
            }
        }
    }
}
#endif

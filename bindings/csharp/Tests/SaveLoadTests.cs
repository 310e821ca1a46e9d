using System;
using System.Collections.Generic;
using System.Linq;
using NUnit.Framework;

namespace Motive.Tests
{
    /// <summary>
    /// Saving and loading worlds and simulators. The hospital (scenarios/hospital.json) runs 10 s,
    /// world and simulator are saved, it runs 10 s more and the world is saved again; everything
    /// is disposed, the first saves are loaded and run 10 s: the world's save is the same bytes as
    /// the second. Handles kept from before the save are valid in the loaded world, or rebased
    /// when a live world holds the saved serial; truncated, corrupted and foreign saves are
    /// refused; engine callbacks are carried over by hand.
    /// </summary>
    [TestFixture]
    public class SaveLoadTests
    {
        private struct Kept
        {
            internal Entity Entity;
            internal EntityKind Kind;
            internal Vec3 Position;
            internal string Name;
        }

        private static Scenario Hospital()
        {
            return Scenario.LoadFile(TestData.Path("scenarios/hospital.json"));
        }

        // Every entity the simulator spawned that is still alive, as it stands now.
        private static List<Kept> Alive(Simulator sim)
        {
            var kept = new List<Kept>();
            foreach (var entity in sim.Entities.ToArray())
            {
                EntityKind kind;
                try
                {
                    kind = sim.World.KindOf(entity);
                }
                catch (StaleHandleException)
                {
                    continue;
                }
                kept.Add(new Kept { Entity = entity, Kind = kind, Position = sim.World.GetPosition(entity), Name = sim.EntityName(entity) });
            }
            return kept;
        }

        [Test]
        public void AHospitalLoadedAt10SecondsRunsTo20AsTheOriginalDid()
        {
            using (var scenario = Hospital())
            using (var domain = scenario.CreateDomain())
            {
                byte[] worldAt10, simAt10, worldAt20;
                SimStats statsAt20;
                List<Kept> kept;
                using (var sim = scenario.Instantiate(null, 1, 7))
                {
                    sim.Run(10);
                    worldAt10 = sim.World.Save();
                    simAt10 = sim.Save();
                    Assert.Greater(worldAt10.Length, 100);
                    Assert.Greater(simAt10.Length, 0);
                    CollectionAssert.AreEqual(worldAt10, sim.World.Save(), "nothing ticked: the same bytes");
                    kept = Alive(sim);
                    Assert.Greater(kept.Count, 8);
                    sim.Run(10);
                    worldAt20 = sim.World.Save();
                    statsAt20 = sim.Stats;
                    CollectionAssert.AreNotEqual(worldAt10, worldAt20);
                }

                var loaded = World.Load(domain, worldAt10);
                using (var loadedSim = Simulator.Load(loaded, simAt10))
                {
                    Assert.AreSame(loaded, loadedSim.World);
                    Assert.AreEqual(10.0, loaded.Time, 1e-9);
                    // The loaded world took the saved serial back: kept handles work as they are.
                    foreach (var entity in kept)
                    {
                        Assert.AreEqual(entity.Entity, loaded.Rebase(entity.Entity), entity.Name);
                        Assert.AreEqual(entity.Kind, loaded.KindOf(entity.Entity), entity.Name);
                        Assert.AreEqual(entity.Position, loaded.GetPosition(entity.Entity), entity.Name);
                        Assert.AreEqual(entity.Name, loadedSim.EntityName(entity.Entity));
                        if (entity.Kind == EntityKind.Npc)
                        {
                            Assert.IsTrue(loaded.IsValid(entity.Entity.AsNpc()), entity.Name);
                            Assert.AreEqual(entity.Entity.AsNpc(), loaded.Rebase(entity.Entity.AsNpc()));
                        }
                    }

                    loadedSim.Run(10);
                    CollectionAssert.AreEqual(worldAt20, loaded.Save(), "the loaded world continued exactly");
                    // The simulator too. (Its own save is not compared: its statistics include
                    // the wall-clock time spent ticking, which no two runs share.)
                    var stats = loadedSim.Stats;
                    Assert.AreEqual(statsAt20.Ticks, stats.Ticks);
                    Assert.AreEqual(statsAt20.Decisions, stats.Decisions);
                    Assert.AreEqual(statsAt20.ActionsRequested, stats.ActionsRequested);
                    Assert.AreEqual(statsAt20.ActionsPerformed, stats.ActionsPerformed);
                    Assert.AreEqual(statsAt20.ActionsFailed, stats.ActionsFailed);
                    Assert.AreEqual(statsAt20.Spawned, stats.Spawned);
                }
                Assert.Throws<ObjectDisposedException>(() => { var unused = loaded.Time; }, "the simulator disposed its world");
            }
        }

        [Test]
        public void BesideALiveWorldHoldingTheSavedSerialKeptHandlesAreRebased()
        {
            using (var scenario = Hospital())
            using (var domain = scenario.CreateDomain())
            using (var sim = scenario.Instantiate(null, 1, 7))
            {
                sim.Run(5);
                var saved = sim.World.Save();
                var kept = Alive(sim);
                using (var loaded = World.Load(domain, saved))
                {
                    foreach (var entity in kept)
                    {
                        var rebased = loaded.Rebase(entity.Entity);
                        Assert.AreNotEqual(entity.Entity, rebased);
                        Assert.AreEqual(entity.Entity.Index1, rebased.Index1);
                        Assert.AreEqual(entity.Entity.Generation, rebased.Generation);
                        Assert.AreEqual(entity.Kind, loaded.KindOf(rebased));
                        Assert.Throws<WrongWorldException>(() => loaded.KindOf(entity.Entity));
                        Assert.AreEqual(entity.Kind, sim.World.KindOf(entity.Entity), "the original is untouched");
                    }
                    var npc = kept.First(k => k.Kind == EntityKind.Npc).Entity.AsNpc();
                    Assert.IsTrue(loaded.IsValid(loaded.Rebase(npc)));
                    Assert.IsFalse(loaded.IsValid(npc));
                    Assert.AreEqual(Entity.Null, loaded.Rebase(Entity.Null));
                    sim.World.Tick(0.2);
                    loaded.Tick(0.2);
                    Assert.AreEqual(sim.World.Time, loaded.Time);
                }
            }
        }

        [Test]
        public void TruncatedCorruptedAndForeignSavesAreRefused()
        {
            using (var scenario = Hospital())
            using (var domain = scenario.CreateDomain())
            using (var sim = scenario.Instantiate(null, 1, 7))
            using (var household = Scenario.LoadFile(TestData.Path("scenarios/household.json")))
            using (var other = household.CreateDomain())
            {
                sim.Run(2);
                var saved = sim.World.Save();
                var simSaved = sim.Save();

                var truncated = Assert.Throws<MotiveException>(() => World.Load(domain, saved.Take(saved.Length - 1).ToArray()));
                Assert.AreEqual(Status.InvalidArgument, truncated.Status);
                StringAssert.Contains("not a valid save", truncated.Message);
                Assert.AreEqual(Status.InvalidArgument,
                    Assert.Throws<MotiveException>(() => World.Load(domain, saved.Take(8).ToArray())).Status);

                saved[saved.Length / 2] ^= 0x10;
                var corrupted = Assert.Throws<MotiveException>(() => World.Load(domain, saved));
                Assert.AreEqual(Status.InvalidArgument, corrupted.Status);
                StringAssert.Contains("checksum", corrupted.Message);
                saved[saved.Length / 2] ^= 0x10;

                var foreign = Assert.Throws<MotiveException>(() => World.Load(other, saved));
                Assert.AreEqual(Status.InvalidArgument, foreign.Status);
                StringAssert.Contains("another domain", foreign.Message);

                Assert.Throws<ArgumentNullException>(() => World.Load(domain, null));
                Assert.Throws<ArgumentNullException>(() => World.Load(null, saved));
                Assert.Throws<MotiveException>(() => World.Load(domain, new byte[0]));

                // The intact save loads; a simulator needs its own bytes, whole.
                var loaded = World.Load(domain, saved);
                try
                {
                    Assert.AreEqual(Status.InvalidArgument,
                        Assert.Throws<MotiveException>(() => Simulator.Load(loaded, simSaved.Take(simSaved.Length / 2).ToArray())).Status);
                    using (var loadedSim = Simulator.Load(loaded, simSaved))
                    {
                        loadedSim.Run(1);
                    }
                }
                finally
                {
                    loaded.Dispose(); // again after the simulator did: harmless
                }
            }
        }

        [Test]
        public void CallbacksAreCarriedOverToALoadedWorld()
        {
            using (var scenario = Hospital())
            using (var domain = scenario.CreateDomain())
            using (var sim = scenario.Instantiate(null, 1, 7))
            {
                ContextPredicate context = (npc, action, target) => true;
                GoalRelevance relevance = (npc, goal) => 0.5;
                BehaviourCondition condition = (npc, callback) => false;
                BehaviourAction act = (npc, callback, phase) => BtStatus.Succeeded;
                sim.World.SetContextCallback(context);
                sim.World.SetRelevanceCallback(relevance);
                sim.World.SetBehaviourConditionCallback(condition);
                sim.World.SetBehaviourActionCallback(act);
                using (var loaded = World.Load(domain, sim.World.Save()))
                {
                    Assert.IsNull(loaded.ContextPredicate, "a save holds no callbacks");
                    loaded.CopyCallbacksFrom(sim.World);
                    Assert.AreSame(context, loaded.ContextPredicate);
                    Assert.AreSame(relevance, loaded.GoalRelevance);
                    Assert.AreSame(condition, loaded.BehaviourCondition);
                    Assert.AreSame(act, loaded.BehaviourAction);
                    loaded.Tick(0.2);
                    using (var bare = new World(domain, 1))
                    {
                        loaded.CopyCallbacksFrom(bare);
                        Assert.IsNull(loaded.ContextPredicate, "copied: none where the other has none");
                        Assert.IsNull(loaded.BehaviourAction);
                    }
                }
            }
        }
    }
}

using System.Collections.Generic;
using System.Linq;
using NUnit.Framework;

namespace Motive.Tests
{
    /// <summary>
    /// What a game meets on its first afternoon, through the path its components take: NPCs
    /// spawned by archetype name (as MotiveNpc spawns them), runners that perform the actions the
    /// engine must end and only show the ones motive ends, engine actions that time out when
    /// nobody reports them, and names by id for tools.
    /// </summary>
    [TestFixture]
    public class EngineContractTests
    {
        /// <summary>The household scenario's domain.</summary>
        private static Domain HouseholdDomain()
        {
            using (var scenario = Scenario.LoadFile(TestData.Path("scenarios/household.json")))
            {
                return scenario.CreateDomain();
            }
        }

        /// <summary>
        /// The household's furniture spawned by archetype name where the scenario places it, as
        /// MotiveSmartObject components would, and no resident.
        /// </summary>
        private static World Furnished(Domain domain, out Vec3 residentAt)
        {
            residentAt = default(Vec3);
            var world = new World(domain, 1);
            using (var scenario = Scenario.LoadFile(TestData.Path("scenarios/household.json")))
            using (var sim = scenario.Instantiate(null, 1, 1))
            {
                foreach (var entity in sim.Entities.ToArray())
                {
                    var position = sim.World.GetPosition(entity);
                    var name = sim.EntityName(entity);
                    if (name == "resident")
                    {
                        residentAt = position;
                    }
                    else
                    {
                        // The household names each object after its archetype.
                        world.SpawnObject(domain.FindArchetype(name), position);
                    }
                }
            }
            return world;
        }

        [Test]
        public void ResidentsSpawnedByArchetypeNameAct()
        {
            using (var domain = HouseholdDomain())
            {
                foreach (var archetype in new[] { "resident", "goap_resident" })
                {
                    Vec3 at;
                    using (var world = Furnished(domain, out at))
                    {
                        var runner = new WorldRunner(world, new ActionStyles().Walk(domain, "goto"));
                        var agent = runner.Spawn(domain.FindArchetype(archetype), at);
                        for (int frame = 0; frame < 20 * 30; frame++)
                        {
                            runner.Step(0.05);
                        }
                        Assert.Greater(agent.ActionsCompleted, 3, archetype + " acts");
                        var drives = world.Drives(agent.Npc).ToArray();
                        if (archetype == "resident")
                        {
                            Assert.GreaterOrEqual(drives.Count(d => d.Satisfaction > 0.1), 2, "it raised its drives");
                        }
                    }
                }
            }
        }

        [Test]
        public void TheWizardArenaRunsWithEngineActionsAndNoneHangs()
        {
            using (var scenario = Scenario.LoadFile(TestData.Path("scenarios/wizard_arena.json")))
            using (var domain = scenario.CreateDomain())
            using (var sim = scenario.Instantiate(null, 1, 1))
            {
                var world = sim.World;
                // Only goto is described: melee, lightning, bite and the rest are engine actions
                // the game never named, performed for the default seconds.
                var runner = new WorldRunner(world, new ActionStyles().Walk(domain, "goto"));
                foreach (var entity in sim.Entities.ToArray())
                {
                    if (world.KindOf(entity) == EntityKind.Npc)
                    {
                        runner.Add(entity.AsNpc(), world.GetPosition(entity));
                    }
                }
                // The antlions the simulator would spawn, spawned as a game's spawner would.
                foreach (var at in new[] { new Vec3(20, 0, 0), new Vec3(-20, 0, 0), new Vec3(0, 0, 20) })
                {
                    runner.Spawn(domain.FindArchetype("antlion"), at);
                }
                for (int frame = 0; frame < 20 * 60; frame++)
                {
                    runner.Step(0.05);
                    foreach (var agent in runner.Agents)
                    {
                        var p = agent.Performer;
                        Assert.IsFalse(p.State == PerformerState.Timed && p.Request.EndedBy == ActionEnd.Engine,
                            "an engine action left for motive to end would wait forever");
                    }
                }
                Assert.Greater(runner.ActionsCompleted, 10, "the wizard keeps acting");
                Assert.AreEqual(0, runner.ActionsTimedOut, "the runner ends every engine action itself");
            }
        }

        [Test]
        public void UnreportedEngineActionsTimeOut()
        {
            using (var domain = HouseholdDomain())
            {
                Vec3 at;
                using (var world = Furnished(domain, out at))
                {
                    Assert.Throws<MotiveException>(() => world.SetEngineActionTimeout(0));
                    world.SetEngineActionTimeout(2.0);
                    world.SpawnNpc(domain.FindArchetype("resident"), at);
                    double requested = -1, timedOut = -1, t = 0;
                    var kinds = new List<EventKind>();
                    for (int frame = 0; frame < 20 * 5 && timedOut < 0; frame++)
                    {
                        world.Tick(0.05);
                        t += 0.05;
                        foreach (var e in world.PollEvents())
                        {
                            kinds.Add(e.Kind);
                            if (e.Kind == EventKind.ActionRequested && requested < 0)
                            {
                                Assert.AreEqual(ActionEnd.Engine, e.EndedBy, "a walk is the engine's to end");
                                Assert.AreEqual(2.0, e.Seconds, "its deadline");
                                requested = t;
                            }
                            else if (e.Kind == EventKind.ActionTimedOut)
                            {
                                timedOut = t;
                            }
                        }
                    }
                    Assert.GreaterOrEqual(requested, 0, string.Join(",", kinds));
                    Assert.AreEqual(2.0, timedOut - requested, 0.051, "failed at the timeout, never reported");
                }
            }
        }

        [Test]
        public void NamesByIdForTools()
        {
            using (var domain = HouseholdDomain())
            {
                Assert.AreEqual("goto", domain.Name(DefinitionKind.Action, domain.FindAction("goto")));
                Assert.AreEqual("hunger", domain.Name(DefinitionKind.Drive, domain.FindDrive("hunger")));
                Assert.AreEqual("resident", domain.Name(DefinitionKind.Archetype, domain.FindArchetype("resident")));
                Assert.AreEqual("at", domain.Name(DefinitionKind.Attribute, domain.FindAttribute("at")));
                Assert.AreEqual("maximize_hunger", domain.Name(DefinitionKind.Goal, domain.FindGoal("maximize_hunger")));
                var e = Assert.Throws<MotiveException>(() => domain.Name(DefinitionKind.Action, 9999));
                Assert.AreEqual(Status.NotFound, e.Status);
                Assert.Throws<MotiveException>(() => domain.Name((DefinitionKind)99, 0));
                Assert.AreSame(domain.Name(DefinitionKind.Action, 0), domain.Name(DefinitionKind.Action, 0), "read once");
                var drives = domain.Count(DefinitionKind.Drive);
                Assert.AreEqual(7, drives, "the household's seven drives");
                Assert.AreEqual("social", domain.Name(DefinitionKind.Drive, drives - 1));
                Assert.Throws<MotiveException>(() => domain.Name(DefinitionKind.Drive, drives));
            }
        }
    
        [Test]
        public void AnArchetypesEntitiesCanStartHoldingThemselves()
        {
            using (var builder = new DomainBuilder())
            {
                var home = builder.AddAttribute("home", ValueKind.Entity);
                var count = builder.AddAttribute("count", ValueKind.Number);
                var act = builder.AddAction("act");
                var owner = builder.AddArchetype("owner");
                builder.AddConsumedAction(owner, act);
                Assert.Throws<MotiveException>(() => builder.SetArchetypeStateSelf(owner, count));
                builder.SetArchetypeStateSelf(owner, home);
                using (var domain = builder.Build())
                using (var world = new World(domain))
                {
                    var npc = world.SpawnNpc(owner, new Vec3(0, 0, 0));
                    Assert.AreEqual(npc.Entity, world.GetFact(npc.Entity, home).AsEntity);
                }
            }
        }
    }
}

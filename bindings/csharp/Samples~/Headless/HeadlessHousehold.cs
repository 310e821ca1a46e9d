using System;
using System.IO;

namespace Motive.Samples
{
    /// <summary>
    /// The household without an engine: the scenario's world, its residents run by a
    /// <see cref="WorldRunner"/> (walks performed by <see cref="ActionPerformer"/>, every other
    /// household action timed by motive), as the Unity sample's components run them each frame.
    /// </summary>
    public static class HeadlessHousehold
    {
        /// <summary>A runner for every NPC the scenario spawned, at its position; goto is the walk.</summary>
        public static WorldRunner Runner(Simulator scenarioWorld, Domain domain)
        {
            var world = scenarioWorld.World;
            var runner = new WorldRunner(world, new ActionStyles().Walk(domain, "goto"));
            foreach (var entity in scenarioWorld.Entities.ToArray())
            {
                if (world.KindOf(entity) == EntityKind.Npc)
                {
                    runner.Add(entity.AsNpc(), world.GetPosition(entity));
                }
            }
            return runner;
        }

        /// <summary>
        /// Runs the scenario file at <paramref name="path"/> for <paramref name="seconds"/> in
        /// 50 ms frames and prints what each resident is doing at the end.
        /// </summary>
        public static WorldRunner Run(string path, uint copies, double seconds, TextWriter output)
        {
            using (var scenario = Scenario.LoadFile(path))
            using (var domain = scenario.CreateDomain())
            {
                var sim = scenario.Instantiate(null, copies, scenario.Seed);
                var runner = Runner(sim, domain);
                for (double t = 0; t < seconds; t += 0.05)
                {
                    runner.Step(0.05);
                }
                var status = new NpcStatusText(domain, new[] { "goto" },
                    new[] { "entertainment", "energy", "hunger", "comfort", "hygiene", "bladder", "social" });
                foreach (var agent in runner.Agents)
                {
                    output.WriteLine(agent.Npc + " after " + agent.ActionsCompleted + " actions: " +
                                     status.Describe(runner.World, agent.Npc).Replace('\n', ' '));
                }
                return runner;
            }
        }
    }
}

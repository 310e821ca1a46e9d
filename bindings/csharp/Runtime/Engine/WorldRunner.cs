using System.Collections.Generic;

namespace Motive
{
    /// <summary>
    /// Plays the engine's part for a world, one frame at a time, without any engine: each
    /// <see cref="Step"/> advances every agent's performance (reporting those that completed),
    /// sends the agents' positions, ticks the world and hands each event to its NPC's agent.
    /// A Unity component calls <see cref="Step"/> from Update; a headless program from a loop.
    /// A step allocates nothing once the buffers have grown.
    /// </summary>
    public sealed class WorldRunner
    {
        private readonly World world;
        private readonly ActionStyles styles;
        private readonly List<NpcAgent> agents = new List<NpcAgent>();
        private readonly Dictionary<Entity, NpcAgent> byEntity = new Dictionary<Entity, NpcAgent>();

        /// <summary>Runs <paramref name="world"/>, performing actions as <paramref name="styles"/> says.</summary>
        public WorldRunner(World world, ActionStyles styles)
        {
            this.world = world;
            this.styles = styles;
        }

        /// <summary>The world it runs.</summary>
        public World World { get { return world; } }

        /// <summary>The agents, in the order they were added.</summary>
        public IReadOnlyList<NpcAgent> Agents { get { return agents; } }

        /// <summary>Actions requested of the engine so far.</summary>
        public int ActionsRequested { get; private set; }

        /// <summary>Actions that completed so far (reported or finished by motive).</summary>
        public int ActionsCompleted { get; private set; }

        /// <summary>Actions motive failed because nobody reported them in time (a stuck walk).</summary>
        public int ActionsTimedOut { get; private set; }

        /// <summary>Takes charge of an existing NPC whose body is at <paramref name="position"/>.</summary>
        public NpcAgent Add(Npc npc, Vec3 position)
        {
            var agent = new NpcAgent(npc, position);
            agents.Add(agent);
            byEntity.Add(npc.Entity, agent);
            world.SetPosition(npc.Entity, position);
            return agent;
        }

        /// <summary>Spawns an NPC of <paramref name="archetype"/> and takes charge of it.</summary>
        public NpcAgent Spawn(uint archetype, Vec3 position)
        {
            return Add(world.SpawnNpc(archetype, position), position);
        }

        /// <summary>Stops running the agent and destroys its NPC.</summary>
        public void Remove(NpcAgent agent)
        {
            agents.Remove(agent);
            byEntity.Remove(agent.Npc.Entity);
            world.Destroy(agent.Npc);
        }

        /// <summary>One frame of <paramref name="dt"/> seconds.</summary>
        public void Step(double dt)
        {
            for (int i = 0; i < agents.Count; i++)
            {
                var agent = agents[i];
                if (agent.Performer.Advance(ref agent.Position, dt, agent.MovesItself))
                {
                    world.ReportAction(agent.Npc, agent.Performer.Request.Request, ActionOutcome.Succeeded);
                    Completed(agent);
                }
                world.SetPosition(agent.Npc.Entity, agent.Position);
            }
            world.Tick(dt);
            foreach (var e in world.PollEvents())
            {
                NpcAgent agent;
                if (byEntity.TryGetValue(e.Npc, out agent))
                {
                    Handle(agent, e);
                }
            }
        }

        private void Handle(NpcAgent agent, Event e)
        {
            var performer = agent.Performer;
            switch (e.Kind)
            {
                case EventKind.ActionRequested:
                    ActionsRequested++;
                    if (e.EndedBy != ActionEnd.Engine)
                    {
                        performer.Follow(e);
                    }
                    else if (styles.IsWalk(e.Action))
                    {
                        var target = world.GetPosition(e.Target);
                        performer.Walk(e, ActionPerformer.StandOffPoint(agent.Position, target, e.StandOff));
                    }
                    else
                    {
                        performer.Perform(e, styles.EngineSeconds(e.Action));
                    }
                    break;
                case EventKind.ActionFinished:
                    performer.Stop();
                    Completed(agent);
                    break;
                case EventKind.ActionTimedOut:
                    ActionsTimedOut++;
                    performer.Stop();
                    break;
                case EventKind.ActionFailed:
                case EventKind.ActionCancelled:
                    performer.Stop();
                    break;
            }
        }

        private void Completed(NpcAgent agent)
        {
            agent.ActionsCompleted++;
            ActionsCompleted++;
        }
    }
}

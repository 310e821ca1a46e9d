using System;
using System.Collections.Generic;

namespace Motive
{
    /// <summary>
    /// Plays the engine's part for a world, one frame at a time, without any engine: each
    /// <see cref="Step"/> advances every agent's performance (reporting those that completed),
    /// sends the agents' positions, ticks the world and hands each event to its NPC's agent.
    /// A Unity component calls <see cref="Step"/> from Update; a headless program from a loop.
    /// A step allocates nothing once the buffers have grown. <see cref="Save()"/> saves the world
    /// with the engine's side of it (the agents' bodies and performances), which
    /// <see cref="Load"/> and <see cref="LoadInPlace"/> take back.
    /// </summary>
    public sealed class WorldRunner
    {
        private readonly World world;
        private readonly ActionStyles styles;
        private readonly List<NpcAgent> agents = new List<NpcAgent>();
        private readonly Dictionary<Entity, NpcAgent> byEntity = new Dictionary<Entity, NpcAgent>();
        private readonly Dictionary<string, Entity> named = new Dictionary<string, Entity>();
        private ulong droppedSeen;
        private ulong droppedWarned;

        /// <summary>Runs <paramref name="world"/>, performing actions as <paramref name="styles"/> says.</summary>
        public WorldRunner(World world, ActionStyles styles)
        {
            if (world == null)
            {
                throw new ArgumentNullException("world");
            }
            this.world = world;
            this.styles = styles;
            droppedSeen = world.DroppedEvents;
        }

        /// <summary>The world it runs.</summary>
        public World World { get { return world; } }

        /// <summary>The agents, in the order they were added.</summary>
        public IReadOnlyList<NpcAgent> Agents { get { return agents; } }

        /// <summary>Actions requested of the engine so far.</summary>
        public int ActionsRequested { get; internal set; }

        /// <summary>Actions that completed so far (reported or finished by motive).</summary>
        public int ActionsCompleted { get; internal set; }

        /// <summary>Actions motive failed because nobody reported them in time (a stuck walk).</summary>
        public int ActionsTimedOut { get; internal set; }

        /// <summary>
        /// Events the world dropped unpolled during the last <see cref="Step"/>: the oldest of a
        /// frame that made more than its <see cref="Motive.World.EventLimit"/>. 0 in a game within
        /// the limit. Requests dropped unread end on their own or time out; raise the limit with
        /// <see cref="Motive.World.SetEventLimit"/>.
        /// </summary>
        public ulong EventsDroppedLastStep { get; private set; }

        /// <summary>
        /// Whether the last <see cref="Step"/>'s drops deserve a warning: the first ever, then each
        /// time the world's total has at least doubled since the last warning, so that a world over
        /// its limit every frame warns a few times rather than every frame. Unity's
        /// <c>MotiveWorld</c> logs one when this is true.
        /// </summary>
        public bool WarnDropped()
        {
            // droppedSeen / 2 < droppedWarned is droppedSeen < 2 * droppedWarned, without the overflow.
            if (EventsDroppedLastStep == 0 || droppedSeen / 2 < droppedWarned)
            {
                return false;
            }
            droppedWarned = droppedSeen;
            return true;
        }

        /// <summary>Takes charge of an existing NPC whose body is at <paramref name="position"/>.</summary>
        public NpcAgent Add(Npc npc, Vec3 position)
        {
            var agent = new NpcAgent(npc, position);
            agents.Add(agent);
            byEntity.Add(npc.Entity, agent);
            world.SetPosition(npc.Entity, position);
            return agent;
        }

        /// <summary>Takes charge of a loaded NPC, its position already in the world.</summary>
        internal NpcAgent Adopt(Npc npc, Vec3 position, string key)
        {
            var agent = new NpcAgent(npc, position) { Key = key };
            agents.Add(agent);
            byEntity[npc.Entity] = agent;
            return agent;
        }

        internal void Name(string key, Entity entity)
        {
            named[key] = entity;
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

        // ---- saving and loading ----------------------------------------------------------

        /// <summary>
        /// The world and the engine's side of it as bytes, for a save file: motive's save of the
        /// world (<see cref="Motive.World.Save"/>), every agent (its <see cref="NpcAgent.Key"/>,
        /// NPC, body position and the action its body performs) and the runner's counters.
        /// Save between steps. Engine callbacks are not saved (<see cref="LoadInPlace"/> takes
        /// them over).
        /// </summary>
        public byte[] Save()
        {
            return Save(null);
        }

        /// <summary>
        /// As <see cref="Save()"/>, with <paramref name="entities"/> named by key (a scene's smart
        /// objects by their bodies' names), found again after a load with
        /// <see cref="TryGetNamed"/>. Keys, the agents' and these, must be unique
        /// (ArgumentException).
        /// </summary>
        public byte[] Save(IEnumerable<KeyValuePair<string, Entity>> entities)
        {
            return RunnerSave.Write(this, entities);
        }

        /// <summary>
        /// A runner over the world loaded from <paramref name="save"/> (made by
        /// <see cref="Save()"/>; <see cref="Motive.World.Load"/> with <paramref name="domain"/>),
        /// with its agents as they were: same order, keys, positions and performances, handles
        /// rebased to the loaded world (the same handles when it took the saved serial back). It
        /// continues exactly as the saved runner would have. A refused save throws a
        /// <see cref="MotiveException"/> (InvalidArgument) and makes nothing. The caller owns
        /// the loaded world (<see cref="World"/>): register its engine callbacks, dispose it.
        /// </summary>
        public static WorldRunner Load(Domain domain, ActionStyles styles, byte[] save)
        {
            var read = RunnerSave.Read(save);
            var world = Motive.World.Load(domain, read.World);
            try
            {
                return read.Restore(world, styles);
            }
            catch
            {
                world.Dispose();
                throw;
            }
        }

        /// <summary>
        /// Loads <paramref name="save"/> in place of this runner's world, as a game loads a save
        /// file: checks it first by loading it beside this world (a refused save throws a
        /// <see cref="MotiveException"/> and this runner and its world go on untouched), then
        /// disposes this runner's world and loads the save again, so that the loaded world takes
        /// the saved serial back when no other world holds it: handles kept from before the save
        /// stay valid. The loaded world gets this world's engine callbacks
        /// (<see cref="Motive.World.CopyCallbacksFrom"/>) and think threads (a save holds
        /// neither: the threads are the machine's; one when this world is poisoned, so that a
        /// load is still the way back from a panic), and the returned runner this one's action
        /// styles; this runner is done with. Costs two loads.
        /// </summary>
        public WorldRunner LoadInPlace(Domain domain, byte[] save)
        {
            var read = RunnerSave.Read(save);
            using (Motive.World.Load(domain, read.World))
            {
                // Loaded beside this world only to be checked: a refusal throws here.
            }
            // A poisoned world answers nothing: the loaded one (the way back) then thinks on one
            // and keeps the default event limit.
            uint threads, eventLimit;
            if (NativeMethods.motive_world_think_threads(world.Handle, out threads) != Status.Ok)
            {
                threads = 1;
            }
            if (NativeMethods.motive_world_event_limit(world.Handle, out eventLimit) != Status.Ok)
            {
                eventLimit = Constants.DefaultEventLimit;
            }
            world.Dispose();
            var loaded = Motive.World.Load(domain, read.World);
            loaded.CopyCallbacksFrom(world);
            loaded.SetThinkThreads(threads);
            loaded.SetEventLimit(eventLimit);
            return read.Restore(loaded, styles);
        }

        /// <summary>The agent saved under <paramref name="key"/> (<see cref="NpcAgent.Key"/>); null when none.</summary>
        public NpcAgent FindAgent(string key)
        {
            if (key == null)
            {
                return null;
            }
            foreach (var agent in agents)
            {
                if (agent.Key == key)
                {
                    return agent;
                }
            }
            return null;
        }

        /// <summary>
        /// The loaded world's handle of the entity saved under <paramref name="key"/> with
        /// <see cref="Save(IEnumerable{KeyValuePair{string, Entity}})"/>; false when the save
        /// named none so (or this runner was not loaded).
        /// </summary>
        public bool TryGetNamed(string key, out Entity entity)
        {
            if (key == null)
            {
                entity = Entity.Null;
                return false;
            }
            return named.TryGetValue(key, out entity);
        }

        /// <summary>The keys of the entities the save this runner was loaded from named (empty otherwise).</summary>
        public IEnumerable<string> NamedKeys { get { return named.Keys; } }

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
            // Drops happen as events are made, never as they are polled.
            var dropped = world.DroppedEvents;
            EventsDroppedLastStep = dropped >= droppedSeen ? dropped - droppedSeen : dropped;
            droppedSeen = dropped;
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

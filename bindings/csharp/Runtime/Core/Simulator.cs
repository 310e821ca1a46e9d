using System;

namespace Motive
{
    /// <summary>
    /// The headless engine of a scenario's world (<c>motive_sim</c>): walks NPCs, ticks the
    /// world, takes up requested actions and reports them, as a game would. It owns its
    /// <see cref="World"/>, which may be queried between steps. One thread at a time.
    /// </summary>
    public sealed unsafe class Simulator : IDisposable
    {
        private readonly SimHandle handle;
        private readonly ListBuffer<Entity> entities = new ListBuffer<Entity>(16);

        internal Simulator(SimHandle handle, World world)
        {
            this.handle = handle;
            World = world;
        }

        /// <summary>The world it plays the engine for.</summary>
        public World World { get; private set; }

        internal SimHandle Handle
        {
            get
            {
                if (handle.IsClosed)
                {
                    throw new ObjectDisposedException("Simulator");
                }
                return handle;
            }
        }

        /// <summary>Advances the world by <paramref name="dt"/> seconds, playing the engine's part (<c>motive_sim_step</c>).</summary>
        public void Step(double dt)
        {
            World.Checked(NativeMethods.motive_sim_step(Handle, World.Handle, dt));
        }

        /// <summary>Runs <paramref name="seconds"/> in steps of <see cref="StepLength"/> (<c>motive_sim_run</c>).</summary>
        public void Run(double seconds)
        {
            World.Checked(NativeMethods.motive_sim_run(Handle, World.Handle, seconds));
        }

        /// <summary>The scenario's step length in seconds (<c>motive_sim_step_length</c>).</summary>
        public double StepLength
        {
            get
            {
                double seconds;
                Errors.Check(NativeMethods.motive_sim_step_length(Handle, out seconds));
                return seconds;
            }
        }

        /// <summary>What it has done so far (<c>motive_sim_get_stats</c>).</summary>
        public SimStats Stats
        {
            get
            {
                SimStats stats;
                Errors.Check(NativeMethods.motive_sim_get_stats(Handle, out stats));
                return stats;
            }
        }

        /// <summary>The entities the scenario spawned, every copy, in spawn order (<c>motive_sim_entities</c>).</summary>
        public BufferView<Entity> Entities
        {
            get { return entities.Fill(Queries.SimEntities, Handle, false); }
        }

        /// <summary>The scenario's name for the entity, "resident" or "resident@2" (<c>motive_sim_entity_name</c>).</summary>
        public string EntityName(Entity entity)
        {
            return Utf8.Copy((byte* buffer, UIntPtr capacity, out UIntPtr length) =>
                NativeMethods.motive_sim_entity_name(Handle, entity, buffer, capacity, out length));
        }

        /// <summary>
        /// The simulator's state as bytes (<c>motive_sim_save</c>): what it performs, its
        /// spawner, its draws, the scenario's entity names. Saved beside its world's
        /// (<see cref="Motive.World.Save"/>), it lets a tool continue a scenario run exactly.
        /// </summary>
        public byte[] Save()
        {
            var sim = Handle;
            return World.SavedBytes((byte* buffer, UIntPtr capacity, out UIntPtr size) =>
                NativeMethods.motive_sim_save(sim, buffer, capacity, out size));
        }

        /// <summary>
        /// Rebuilds a simulator from <paramref name="save"/> (made by <see cref="Save"/>) for
        /// <paramref name="world"/>, the world loaded (<see cref="Motive.World.Load"/>) from the
        /// save taken with it (<c>motive_sim_load</c>). The simulator then owns the world, as one
        /// from <see cref="Scenario.Instantiate"/> does: dispose the simulator. When it throws, the
        /// world stays the caller's.
        /// </summary>
        public static Simulator Load(World world, byte[] save)
        {
            if (world == null)
            {
                throw new ArgumentNullException("world");
            }
            if (save == null)
            {
                throw new ArgumentNullException("save");
            }
            SimHandle loaded;
            fixed (byte* bytes = save)
            {
                Errors.Check(NativeMethods.motive_sim_load(world.Handle, bytes, (UIntPtr)save.Length, out loaded));
            }
            return new Simulator(loaded, world);
        }

        /// <summary>Frees the simulator (<c>motive_sim_destroy</c>), then its world.</summary>
        public void Dispose()
        {
            handle.Dispose();
            World.Dispose();
        }
    }
}

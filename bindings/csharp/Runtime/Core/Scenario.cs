using System;
using System.Text;

namespace Motive
{
    /// <summary>
    /// A scenario file: a domain, the entities to spawn, the simulator's rules and variants.
    /// <see cref="Instantiate"/> makes it into a world and the headless simulator that plays the
    /// engine's part in it. Read-only: usable from several threads.
    /// </summary>
    public sealed unsafe class Scenario : IDisposable
    {
        private readonly ScenarioHandle handle;

        private Scenario(ScenarioHandle handle)
        {
            this.handle = handle;
        }

        internal ScenarioHandle Handle
        {
            get
            {
                if (handle.IsClosed)
                {
                    throw new ObjectDisposedException("Scenario");
                }
                return handle;
            }
        }

        /// <summary>Loads a scenario from JSON text (<c>motive_scenario_load_json</c>); errors as <see cref="Domain.LoadJson"/>.</summary>
        public static Scenario LoadJson(string json, Diagnostics diagnostics = null)
        {
            Library.EnsureCompatible();
            var bytes = Encoding.UTF8.GetBytes(json);
            using (var own = diagnostics == null ? new Diagnostics() : null)
            {
                var list = diagnostics ?? own;
                ScenarioHandle loaded;
                Status status;
                fixed (byte* text = bytes)
                {
                    status = NativeMethods.motive_scenario_load_json(text, (UIntPtr)bytes.Length, list.Handle, out loaded);
                }
                JsonLoad.Check(status, list);
                return new Scenario(loaded);
            }
        }

        /// <summary>Loads a scenario file (<c>motive_scenario_load_file</c>); errors as <see cref="Domain.LoadJson"/>.</summary>
        public static Scenario LoadFile(string path, Diagnostics diagnostics = null)
        {
            Library.EnsureCompatible();
            using (var own = diagnostics == null ? new Diagnostics() : null)
            {
                var list = diagnostics ?? own;
                ScenarioHandle loaded;
                Status status;
                fixed (byte* text = Utf8.NullTerminated(path))
                {
                    status = NativeMethods.motive_scenario_load_file(text, list.Handle, out loaded);
                }
                JsonLoad.Check(status, list);
                return new Scenario(loaded);
            }
        }

        /// <summary>A new reference to the scenario's domain, for its names (<c>motive_scenario_domain</c>).</summary>
        public Domain CreateDomain()
        {
            DomainHandle domain;
            Errors.Check(NativeMethods.motive_scenario_domain(Handle, out domain));
            return new Domain(domain);
        }

        /// <summary>The seed the file gives its world (<c>motive_scenario_seed</c>).</summary>
        public ulong Seed
        {
            get
            {
                ulong seed;
                Errors.Check(NativeMethods.motive_scenario_seed(Handle, out seed));
                return seed;
            }
        }

        /// <summary>
        /// A world of <paramref name="copies"/> copies of the scenario side by side, seeded with
        /// <paramref name="seed"/>, and its simulator (<c>motive_scenario_instantiate</c>);
        /// <paramref name="variant"/> null is the scenario as written. The simulator owns the
        /// world: dispose the simulator.
        /// </summary>
        public Simulator Instantiate(string variant, uint copies, ulong seed)
        {
            WorldHandle world;
            SimHandle sim;
            fixed (byte* name = Utf8.NullTerminated(variant))
            {
                Errors.Check(NativeMethods.motive_scenario_instantiate(Handle, name, copies, seed, out world, out sim));
            }
            return new Simulator(sim, new World(world));
        }

        /// <summary>Frees the scenario; worlds and simulators made from it live on (<c>motive_scenario_destroy</c>).</summary>
        public void Dispose()
        {
            handle.Dispose();
        }
    }
}

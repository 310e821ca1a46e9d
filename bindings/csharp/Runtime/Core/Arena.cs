using System;

namespace Motive
{
    /// <summary>
    /// Memory for planning on demand: plan views, and the buffers of one GOAP search in flight,
    /// spread over frames if need be. One call at a time: give each job thread its own.
    /// </summary>
    public sealed class Arena : IDisposable
    {
        private readonly ArenaHandle handle;

        /// <summary>An arena reserving about <paramref name="capacityHint"/> bytes (<c>motive_arena_create</c>).</summary>
        public Arena(int capacityHint = 0)
        {
            Library.EnsureCompatible();
            Errors.Check(NativeMethods.motive_arena_create((UIntPtr)capacityHint, out handle));
        }

        internal ArenaHandle Handle
        {
            get
            {
                if (handle.IsClosed)
                {
                    throw new ObjectDisposedException("Arena");
                }
                return handle;
            }
        }

        /// <summary>Bytes the arena holds (<c>motive_arena_allocated_bytes</c>).</summary>
        public long AllocatedBytes
        {
            get
            {
                UIntPtr bytes;
                Errors.Check(NativeMethods.motive_arena_allocated_bytes(Handle, out bytes));
                return (long)bytes;
            }
        }

        /// <summary>
        /// How the GOAP searches begun in this arena came by their bound actions: bound afresh, or
        /// the arena's last binding adjusted (handed to another NPC, recosted, the actions whose
        /// facts changed bound again) or kept
        /// (<c>motive_arena_goap_bind_stats</c>).
        /// </summary>
        public GoapBindStats GoapBindStats
        {
            get
            {
                GoapBindStats stats;
                Errors.Check(NativeMethods.motive_arena_goap_bind_stats(Handle, out stats));
                return stats;
            }
        }

        /// <summary>Forgets every plan made in it; their views become invalid (<c>motive_arena_reset</c>).</summary>
        public void Reset()
        {
            Errors.Check(NativeMethods.motive_arena_reset(Handle));
        }

        /// <summary>Plans for the NPC now, as its brain would, into this arena (<c>motive_npc_plan_into</c>).</summary>
        public PlanView PlanFor(World world, Npc npc, uint maxExpansions)
        {
            PlanView view;
            world.Checked(NativeMethods.motive_npc_plan_into(world.Handle, npc, Handle, maxExpansions, out view));
            return view;
        }

        /// <summary>A whole GOAP search for <paramref name="goapGoal"/> (<c>motive_goap_plan_into</c>).</summary>
        public GoapPlanView PlanGoap(World world, Npc npc, uint goapGoal, uint maxExpansions)
        {
            GoapPlanView view;
            world.Checked(NativeMethods.motive_goap_plan_into(world.Handle, npc, goapGoal, Handle, maxExpansions, out view));
            return view;
        }

        /// <summary>Starts a GOAP search to run in slices (<c>motive_arena_goap_begin</c>).</summary>
        public void BeginGoap(World world, Npc npc, uint goapGoal, uint maxExpansions)
        {
            world.Checked(NativeMethods.motive_arena_goap_begin(Handle, world.Handle, npc, goapGoal, maxExpansions));
        }

        /// <summary>Runs the search at most <paramref name="maxExpansions"/> more expansions (<c>motive_arena_goap_step</c>).</summary>
        public SearchResult StepGoap(uint maxExpansions)
        {
            uint result;
            Errors.Check(NativeMethods.motive_arena_goap_step(Handle, maxExpansions, out result));
            return (SearchResult)result;
        }

        /// <summary>The search's plan so far (<c>motive_arena_goap_plan</c>).</summary>
        public GoapPlanView GoapPlan()
        {
            GoapPlanView view;
            Errors.Check(NativeMethods.motive_arena_goap_plan(Handle, out view));
            return view;
        }

        /// <summary>Frees the arena (<c>motive_arena_destroy</c>).</summary>
        public void Dispose()
        {
            handle.Dispose();
        }
    }
}

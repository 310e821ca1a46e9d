using System;

namespace Motive
{
    /// <summary>The arguments of <c>motive_world_find_suppliers</c> besides the buffer.</summary>
    internal struct SupplierQuery
    {
        internal uint Action;
        internal Vec3 Center;
        internal double Range;
        internal Npc User;
    }

    /// <summary>
    /// Every native list query as a <see cref="ListQuery{THandle, TArg}"/>, made once: static
    /// delegates, so filling a <see cref="ListBuffer{T}"/> allocates nothing.
    /// </summary>
    internal static unsafe partial class Queries
    {
        internal static readonly ListQuery<WorldHandle, SupplierQuery> Suppliers =
            (WorldHandle w, SupplierQuery q, IntPtr b, UIntPtr c, out UIntPtr n) =>
                NativeMethods.motive_world_find_suppliers(w, q.Action, q.Center, q.Range, q.User, (Found*)b, c, out n);

        internal static readonly ListQuery<WorldHandle, Npc> Drives =
            (WorldHandle w, Npc npc, IntPtr b, UIntPtr c, out UIntPtr n) =>
                NativeMethods.motive_npc_drives(w, npc, (DriveState*)b, c, out n);

        internal static readonly ListQuery<WorldHandle, Npc> Goals =
            (WorldHandle w, Npc npc, IntPtr b, UIntPtr c, out UIntPtr n) =>
                NativeMethods.motive_npc_goals(w, npc, (GoalState*)b, c, out n);

        internal static readonly ListQuery<WorldHandle, Npc> Plan =
            (WorldHandle w, Npc npc, IntPtr b, UIntPtr c, out UIntPtr n) =>
                NativeMethods.motive_npc_plan(w, npc, (PlanStep*)b, c, out n);

        internal static readonly ListQuery<WorldHandle, Npc> Candidates =
            (WorldHandle w, Npc npc, IntPtr b, UIntPtr c, out UIntPtr n) =>
                NativeMethods.motive_npc_explain_candidates(w, npc, (Candidate*)b, c, out n);

        internal static readonly ListQuery<WorldHandle, Npc> Satisfactions =
            (WorldHandle w, Npc npc, IntPtr b, UIntPtr c, out UIntPtr n) =>
                NativeMethods.motive_npc_explain_satisfactions(w, npc, (double*)b, c, out n);

        internal static readonly ListQuery<WorldHandle, Npc> GoapGoals =
            (WorldHandle w, Npc npc, IntPtr b, UIntPtr c, out UIntPtr n) =>
                NativeMethods.motive_npc_goap_goals(w, npc, (GoapGoalState*)b, c, out n);

        internal static readonly ListQuery<WorldHandle, Npc> UbcRatings =
            (WorldHandle w, Npc npc, IntPtr b, UIntPtr c, out UIntPtr n) =>
                NativeMethods.motive_npc_ubc_ratings(w, npc, (UbcRating*)b, c, out n);

        internal static readonly ListQuery<WorldHandle, Npc> Claims =
            (WorldHandle w, Npc npc, IntPtr b, UIntPtr c, out UIntPtr n) =>
                NativeMethods.motive_npc_claims(w, npc, (Claim*)b, c, out n);

        internal static readonly ListQuery<WorldHandle, Entity> Slots =
            (WorldHandle w, Entity entity, IntPtr b, UIntPtr c, out UIntPtr n) =>
                NativeMethods.motive_entity_slots(w, entity, (SlotState*)b, c, out n);

        internal static readonly ListQuery<WorldHandle, uint> OutcomeOdds =
            (WorldHandle w, uint action, IntPtr b, UIntPtr c, out UIntPtr n) =>
                NativeMethods.motive_world_outcome_probabilities(w, action, (double*)b, c, out n);

        internal static readonly ListQuery<SimHandle, bool> SimEntities =
            (SimHandle s, bool unused, IntPtr b, UIntPtr c, out UIntPtr n) =>
                NativeMethods.motive_sim_entities(s, (Entity*)b, c, out n);
    }
}

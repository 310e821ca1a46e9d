using System;

namespace Motive
{
    /// <summary>An NPC's entry of history and its index, for the history's list queries.</summary>
    internal struct HistoryIndex
    {
        internal Npc Npc;
        internal UIntPtr Index;
    }

    public sealed unsafe partial class World
    {
        private readonly ListBuffer<PlanStep> historyPlan = new ListBuffer<PlanStep>(8);
        private readonly ListBuffer<double> historyScores = new ListBuffer<double>(8);
        private readonly ListBuffer<HistoryCandidate> historyCandidates = new ListBuffer<HistoryCandidate>(8);

        /// <summary>
        /// The plans weighed at entry <paramref name="index"/> of the NPC's history: UDGOAP's
        /// best candidates, in the order its search rated them
        /// (<c>motive_npc_history_candidates</c>).
        /// </summary>
        public BufferView<HistoryCandidate> HistoryCandidates(Npc npc, int index)
        {
            return historyCandidates.Fill(Queries.HistoryCandidates, Handle, new HistoryIndex { Npc = npc, Index = (UIntPtr)index });
        }

        /// <summary>
        /// Keeps the last <paramref name="entries"/> decisions and events of every NPC and squad
        /// from now on (at most 4,096; 0, the default, turns history off and forgets it)
        /// (<c>motive_world_set_history</c>). Off, it costs a branch; on, ticks still allocate
        /// nothing once each NPC's ring exists. A save leaves history out.
        /// </summary>
        public void SetHistory(uint entries)
        {
            Errors.Check(NativeMethods.motive_world_set_history(Handle, entries));
        }

        /// <summary>The number of entries the NPC's history holds (<c>motive_npc_history_count</c>).</summary>
        public int HistoryCount(Npc npc)
        {
            UIntPtr count;
            Errors.Check(NativeMethods.motive_npc_history_count(Handle, npc, out count));
            return (int)count;
        }

        /// <summary>
        /// Entry <paramref name="index"/> (0 the oldest) of the NPC's history: a decision (the
        /// plan chosen, the goal, how many scores) or an event (<c>motive_npc_history_entry</c>).
        /// </summary>
        public HistoryEntry History(Npc npc, int index)
        {
            HistoryEntry entry;
            Errors.Check(NativeMethods.motive_npc_history_entry(Handle, npc, (UIntPtr)index, out entry));
            return entry;
        }

        /// <summary>The plan chosen at entry <paramref name="index"/> of the NPC's history (<c>motive_npc_history_plan</c>).</summary>
        public BufferView<PlanStep> HistoryPlan(Npc npc, int index)
        {
            return historyPlan.Fill(Queries.HistoryPlan, Handle, new HistoryIndex { Npc = npc, Index = (UIntPtr)index });
        }

        /// <summary>
        /// The brain's scores at entry <paramref name="index"/> of the NPC's history: GOAP each
        /// goal's relevance, UDGOAP each drive's satisfaction, UBC each plan's gain
        /// (<c>motive_npc_history_scores</c>).
        /// </summary>
        public BufferView<double> HistoryScores(Npc npc, int index)
        {
            return historyScores.Fill(Queries.HistoryScores, Handle, new HistoryIndex { Npc = npc, Index = (UIntPtr)index });
        }
    }

    internal static unsafe partial class Queries
    {
        internal static readonly ListQuery<WorldHandle, HistoryIndex> HistoryPlan =
            (WorldHandle w, HistoryIndex h, IntPtr b, UIntPtr c, out UIntPtr n) =>
                NativeMethods.motive_npc_history_plan(w, h.Npc, h.Index, (PlanStep*)b, c, out n);

        internal static readonly ListQuery<WorldHandle, HistoryIndex> HistoryCandidates =
            (WorldHandle w, HistoryIndex h, IntPtr b, UIntPtr c, out UIntPtr n) =>
                NativeMethods.motive_npc_history_candidates(w, h.Npc, h.Index, (HistoryCandidate*)b, c, out n);

        internal static readonly ListQuery<WorldHandle, HistoryIndex> HistoryScores =
            (WorldHandle w, HistoryIndex h, IntPtr b, UIntPtr c, out UIntPtr n) =>
                NativeMethods.motive_npc_history_scores(w, h.Npc, h.Index, (double*)b, c, out n);
    }
}

using System;

namespace Motive
{
    public sealed unsafe partial class World
    {
        private readonly ListBuffer<uint> btLayers = new ListBuffer<uint>(4);
        private readonly ListBuffer<uint> btRunning = new ListBuffer<uint>(16);
        private readonly ListBuffer<double> playerModel = new ListBuffer<double>(5);
        private readonly ListBuffer<Npc> groupMembers = new ListBuffer<Npc>(8);

        /// <summary>Creates a group led by <paramref name="tree"/>, which hints every member's top layer (<c>motive_world_create_bt_group</c>).</summary>
        public BtGroup CreateBehaviourGroup(uint tree)
        {
            BtGroup group;
            Errors.Check(NativeMethods.motive_world_create_bt_group(Handle, tree, out group));
            return group;
        }

        /// <summary>Destroys a group; its members lose its hints (<c>motive_world_destroy_bt_group</c>).</summary>
        public void DestroyBehaviourGroup(BtGroup group)
        {
            Errors.Check(NativeMethods.motive_world_destroy_bt_group(Handle, group));
        }

        /// <summary>Adds a behaviour-tree NPC to a group (<c>motive_bt_group_add_member</c>).</summary>
        public void AddGroupMember(BtGroup group, Npc npc)
        {
            Errors.Check(NativeMethods.motive_bt_group_add_member(Handle, group, npc));
        }

        /// <summary>Removes an NPC from a group (<c>motive_bt_group_remove_member</c>).</summary>
        public void RemoveGroupMember(BtGroup group, Npc npc)
        {
            Errors.Check(NativeMethods.motive_bt_group_remove_member(Handle, group, npc));
        }

        /// <summary>A group's members, in the order they joined (<c>motive_bt_group_members</c>).</summary>
        public BufferView<Npc> GroupMembers(BtGroup group) { return groupMembers.Fill(Queries.GroupMembers, Handle, group); }

        /// <summary>Pushes <paramref name="tree"/> on top of the NPC's behaviour-tree layers (<c>motive_npc_push_bt_layer</c>).</summary>
        public void PushBehaviourLayer(Npc npc, uint tree)
        {
            Errors.Check(NativeMethods.motive_npc_push_bt_layer(Handle, npc, tree));
        }

        /// <summary>Removes the NPC's top layer (<c>motive_npc_pop_bt_layer</c>).</summary>
        public void PopBehaviourLayer(Npc npc)
        {
            Errors.Check(NativeMethods.motive_npc_pop_bt_layer(Handle, npc));
        }

        /// <summary>Removes every layer of the NPC (<c>motive_npc_clear_bt_layers</c>).</summary>
        public void ClearBehaviourLayers(Npc npc)
        {
            Errors.Check(NativeMethods.motive_npc_clear_bt_layers(Handle, npc));
        }

        /// <summary>The trees of the NPC's layers, the highest first (<c>motive_npc_bt_layers</c>).</summary>
        public BufferView<uint> BehaviourLayers(Npc npc) { return btLayers.Fill(Queries.BtLayers, Handle, npc); }

        /// <summary>The state of <paramref name="hint"/> in the NPC's layer <paramref name="level"/>, 0 the highest (<c>motive_npc_bt_hint</c>).</summary>
        public HintState BehaviourHint(Npc npc, uint level, uint hint)
        {
            uint state;
            Errors.Check(NativeMethods.motive_npc_bt_hint(Handle, npc, level, hint, out state));
            return (HintState)state;
        }

        /// <summary>Whether <paramref name="flag"/> is set on the NPC's blackboard (<c>motive_npc_bt_flag</c>).</summary>
        public bool BehaviourFlag(Npc npc, uint flag)
        {
            bool set;
            Errors.Check(NativeMethods.motive_npc_bt_flag(Handle, npc, flag, out set));
            return set;
        }

        /// <summary>The running path of the NPC's layer <paramref name="level"/>: node indices from the root down (<c>motive_npc_bt_running</c>).</summary>
        public BufferView<uint> BehaviourRunning(Npc npc, uint level)
        {
            return btRunning.Fill(Queries.BtRunning, Handle, new NpcLevel { Npc = npc, Level = level });
        }

        /// <summary>The player performed <paramref name="action"/>: the player model learns (<c>motive_world_report_player_action</c>).</summary>
        public void ReportPlayerAction(uint action)
        {
            Errors.Check(NativeMethods.motive_world_report_player_action(Handle, action));
        }

        /// <summary>The player model: a distribution over the domain's play styles (<c>motive_world_player_model</c>).</summary>
        public BufferView<double> PlayerModel() { return playerModel.Fill(Queries.PlayerModel, Handle, 0); }
    }

    /// <summary>An NPC and one of its layers, the argument of a layer query.</summary>
    internal struct NpcLevel
    {
        internal Npc Npc;
        internal uint Level;
    }

    internal static unsafe partial class Queries
    {
        internal static readonly ListQuery<WorldHandle, Npc> BtLayers =
            (WorldHandle w, Npc npc, IntPtr b, UIntPtr c, out UIntPtr n) =>
                NativeMethods.motive_npc_bt_layers(w, npc, (uint*)b, c, out n);

        internal static readonly ListQuery<WorldHandle, NpcLevel> BtRunning =
            (WorldHandle w, NpcLevel at, IntPtr b, UIntPtr c, out UIntPtr n) =>
                NativeMethods.motive_npc_bt_running(w, at.Npc, at.Level, (uint*)b, c, out n);

        internal static readonly ListQuery<WorldHandle, BtGroup> GroupMembers =
            (WorldHandle w, BtGroup group, IntPtr b, UIntPtr c, out UIntPtr n) =>
                NativeMethods.motive_bt_group_members(w, group, (Npc*)b, c, out n);

        internal static readonly ListQuery<WorldHandle, int> PlayerModel =
            (WorldHandle w, int unused, IntPtr b, UIntPtr c, out UIntPtr n) =>
                NativeMethods.motive_world_player_model(w, (double*)b, c, out n);
    }
}

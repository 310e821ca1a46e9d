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
            Checked(NativeMethods.motive_world_destroy_bt_group(Handle, group));
        }

        /// <summary>Adds a behaviour-tree NPC to a group (<c>motive_bt_group_add_member</c>).</summary>
        public void AddGroupMember(BtGroup group, Npc npc)
        {
            Errors.Check(NativeMethods.motive_bt_group_add_member(Handle, group, npc));
        }

        /// <summary>Removes an NPC from a group (<c>motive_bt_group_remove_member</c>).</summary>
        public void RemoveGroupMember(BtGroup group, Npc npc)
        {
            Checked(NativeMethods.motive_bt_group_remove_member(Handle, group, npc));
        }

        /// <summary>
        /// Lets the player model choose <paramref name="tree"/> (which may only hint) to lead the
        /// group when the player's style fits <paramref name="serves"/>
        /// (<c>motive_bt_group_add_adaptive_layer</c>).
        /// </summary>
        public void AddGroupAdaptiveLayer(BtGroup group, uint tree, StyleWeight[] serves)
        {
            fixed (StyleWeight* weights = serves)
            {
                Errors.Check(NativeMethods.motive_bt_group_add_adaptive_layer(Handle, group, tree, weights, (UIntPtr)serves.Length));
            }
        }

        /// <summary>The tree leading the group now: its first, or the adaptive tree the player model chose (<c>motive_bt_group_tree</c>).</summary>
        public uint GroupTree(BtGroup group)
        {
            uint tree;
            Errors.Check(NativeMethods.motive_bt_group_tree(Handle, group, out tree));
            return tree;
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
            Checked(NativeMethods.motive_npc_pop_bt_layer(Handle, npc));
        }

        /// <summary>
        /// Replaces the NPC's top layer by <paramref name="tree"/> in one step
        /// (<c>motive_npc_swap_bt_layer</c>): above another layer the tree may only hint; a lone
        /// base tree's actions must be ones the NPC consumes. NotFound with no layer; a refused
        /// swap changes nothing.
        /// </summary>
        public void SwapBehaviourLayer(Npc npc, uint tree)
        {
            Checked(NativeMethods.motive_npc_swap_bt_layer(Handle, npc, tree));
        }

        /// <summary>Removes every layer of the NPC (<c>motive_npc_clear_bt_layers</c>).</summary>
        public void ClearBehaviourLayers(Npc npc)
        {
            Checked(NativeMethods.motive_npc_clear_bt_layers(Handle, npc));
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

        /// <summary>
        /// Writes an entry of the NPC's blackboard (<c>motive_npc_bt_set_blackboard</c>): the
        /// value must have the attribute's type (TypeMismatch otherwise), an entity be null or live
        /// in this world; one entry per attribute.
        /// </summary>
        public void SetBlackboard(Npc npc, uint attribute, Value value)
        {
            Errors.Check(NativeMethods.motive_npc_bt_set_blackboard(Handle, npc, attribute, &value));
        }

        /// <summary>The entry for <paramref name="attribute"/> on the NPC's blackboard; NotFound when it has none (<c>motive_npc_bt_get_blackboard</c>).</summary>
        public Value GetBlackboard(Npc npc, uint attribute)
        {
            Value value;
            Errors.Check(NativeMethods.motive_npc_bt_get_blackboard(Handle, npc, attribute, out value));
            return value;
        }

        /// <summary>The entry for <paramref name="attribute"/> on the NPC's blackboard; false when it has none (<c>motive_npc_bt_get_blackboard</c>).</summary>
        public bool TryGetBlackboard(Npc npc, uint attribute, out Value value)
        {
            var status = NativeMethods.motive_npc_bt_get_blackboard(Handle, npc, attribute, out value);
            if (status == Status.NotFound)
            {
                return false;
            }
            Errors.Check(status);
            return true;
        }

        /// <summary>Removes the entry for <paramref name="attribute"/> from the NPC's blackboard, if it has one (<c>motive_npc_bt_remove_blackboard</c>).</summary>
        public void RemoveBlackboard(Npc npc, uint attribute)
        {
            Errors.Check(NativeMethods.motive_npc_bt_remove_blackboard(Handle, npc, attribute));
        }

        /// <summary>
        /// Sets the engine's condition behind behaviour trees' ask tests
        /// (<c>motive_world_set_bt_condition_callback</c>); null removes it, and every ask is then
        /// false. It runs on the thread that ticks, while the world is locked (calls on this world
        /// from it fail with WorldLocked); an exception it throws makes the ask false and is
        /// rethrown from that call as <see cref="CallbackException"/>.
        /// </summary>
        public void SetBehaviourConditionCallback(BehaviourCondition condition)
        {
            BehaviourCondition = condition;
            Errors.Check(NativeMethods.motive_world_set_bt_condition_callback(
                Handle, condition == null ? null : WorldCallbacks.BehaviourCondition, UserPointer()));
        }

        /// <summary>
        /// Sets the engine's action behind behaviour trees' call leaves
        /// (<c>motive_world_set_bt_action_callback</c>): called at the leaf's start, at each think
        /// until it answers anything but InProgress, and at its stop (when it is left, finished or
        /// abandoned: popping, swapping or clearing layers stops it too). Null removes it, and
        /// every call leaf then fails. Threads and exceptions as for
        /// <see cref="SetBehaviourConditionCallback"/>; an exception answers Error, which clears
        /// the NPC's layers.
        /// </summary>
        public void SetBehaviourActionCallback(BehaviourAction action)
        {
            BehaviourAction = action;
            Errors.Check(NativeMethods.motive_world_set_bt_action_callback(
                Handle, action == null ? null : WorldCallbacks.BehaviourAction, UserPointer()));
        }

        internal BehaviourCondition BehaviourCondition { get; private set; }

        internal BehaviourAction BehaviourAction { get; private set; }

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

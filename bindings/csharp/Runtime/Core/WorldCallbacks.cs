using System;
using System.Runtime.InteropServices;

namespace Motive
{
    /// <summary>The engine's context precondition: may <paramref name="npc"/> use the action on the target now?</summary>
    public delegate bool ContextPredicate(Npc npc, uint action, Entity target);

    /// <summary>The engine's relevance of a GOAP goal for <paramref name="npc"/> now, in [0, 1].</summary>
    public delegate double GoalRelevance(Npc npc, uint goal);

    /// <summary>
    /// The engine's behaviour-tree condition <paramref name="callback"/> (an id from
    /// <see cref="DomainBuilder.BehaviourCallback"/>) for <paramref name="npc"/>: true when it
    /// holds. Behaviour trees' ask tests call it.
    /// </summary>
    public delegate bool BehaviourCondition(Npc npc, uint callback);

    /// <summary>
    /// The engine's behaviour-tree action <paramref name="callback"/> for <paramref name="npc"/>
    /// in <paramref name="phase"/>: how it stands. Behaviour trees' call leaves call it.
    /// </summary>
    public delegate BtStatus BehaviourAction(Npc npc, uint callback, BtCallPhase phase);

    /// <summary>
    /// The static functions native code calls back. They are static (IL2CPP can only call back
    /// static methods), marked for AOT, kept alive in static fields for the life of the process,
    /// find their world through the user pointer (a weak GCHandle) and catch every exception,
    /// which the world rethrows when the native call returns.
    /// </summary>
    internal static class WorldCallbacks
    {
        internal static readonly ContextCallback Context = OnContext;
        internal static readonly RelevanceCallback Relevance = OnRelevance;
        internal static readonly BtConditionCallback BehaviourCondition = OnBehaviourCondition;
        internal static readonly BtActionCallback BehaviourAction = OnBehaviourAction;

        [AOT.MonoPInvokeCallback(typeof(ContextCallback))]
        private static bool OnContext(IntPtr user, Npc npc, uint action, Entity target)
        {
            var world = GCHandle.FromIntPtr(user).Target as World;
            if (world == null || world.ContextPredicate == null)
            {
                return true;
            }
            try
            {
                return world.ContextPredicate(npc, action, target);
            }
            catch (Exception e)
            {
                world.KeepCallbackException(e);
                return false;
            }
        }

        [AOT.MonoPInvokeCallback(typeof(RelevanceCallback))]
        private static double OnRelevance(IntPtr user, Npc npc, uint goal)
        {
            var world = GCHandle.FromIntPtr(user).Target as World;
            if (world == null || world.GoalRelevance == null)
            {
                return 0;
            }
            try
            {
                return world.GoalRelevance(npc, goal);
            }
            catch (Exception e)
            {
                world.KeepCallbackException(e);
                return 0;
            }
        }

        [AOT.MonoPInvokeCallback(typeof(BtConditionCallback))]
        private static bool OnBehaviourCondition(IntPtr user, Npc npc, uint callback)
        {
            var world = GCHandle.FromIntPtr(user).Target as World;
            if (world == null || world.BehaviourCondition == null)
            {
                return false;
            }
            try
            {
                return world.BehaviourCondition(npc, callback);
            }
            catch (Exception e)
            {
                world.KeepCallbackException(e);
                return false;
            }
        }

        [AOT.MonoPInvokeCallback(typeof(BtActionCallback))]
        private static uint OnBehaviourAction(IntPtr user, Npc npc, uint callback, uint phase)
        {
            var world = GCHandle.FromIntPtr(user).Target as World;
            if (world == null || world.BehaviourAction == null)
            {
                // As with no callback: the leaf starts, and fails at its first step.
                return (uint)(phase == (uint)BtCallPhase.Start ? BtStatus.InProgress : BtStatus.Failed);
            }
            try
            {
                return (uint)world.BehaviourAction(npc, callback, (BtCallPhase)phase);
            }
            catch (Exception e)
            {
                world.KeepCallbackException(e);
                return (uint)BtStatus.Error;
            }
        }
    }
}

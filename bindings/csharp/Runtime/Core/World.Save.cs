using System;

namespace Motive
{
    // Saving and loading a world: its whole running state as bytes, and a world rebuilt from them.
    public sealed unsafe partial class World
    {
        /// <summary>
        /// The whole world as bytes (<c>motive_world_save</c>: the size, then the bytes), for a
        /// save file: every entity with its handle, facts, slots and claims, each brain's mind,
        /// pending events, the clock and the random draws. The world is unchanged; between two
        /// calls that tick nothing the bytes are the same. Engine callbacks are not saved:
        /// register them on the loaded world again (<see cref="CopyCallbacksFrom"/>).
        /// </summary>
        public byte[] Save()
        {
            var world = Handle;
            return SavedBytes((byte* buffer, UIntPtr capacity, out UIntPtr size) =>
                NativeMethods.motive_world_save(world, buffer, capacity, out size));
        }

        /// <summary>
        /// Rebuilds a world from <paramref name="save"/> (made by <see cref="Save"/>) over
        /// <paramref name="domain"/>, the domain it was saved with (<c>motive_world_load</c>);
        /// it continues exactly as the saved world would have. It takes back the saved world's
        /// serial when no live world holds it, so handles kept from before the save are valid
        /// again; otherwise map them with <see cref="Rebase(Entity)"/> (dispose the world that
        /// made the save first to keep them as they are). Refused with a
        /// <see cref="MotiveException"/> of status InvalidArgument, making nothing: another
        /// domain, a truncated or corrupted save, another format version, more than
        /// <see cref="Constants.MaxSaveBytes"/> bytes.
        /// </summary>
        public static World Load(Domain domain, byte[] save)
        {
            if (domain == null)
            {
                throw new ArgumentNullException("domain");
            }
            if (save == null)
            {
                throw new ArgumentNullException("save");
            }
            Library.EnsureCompatible();
            WorldHandle loaded;
            fixed (byte* bytes = save)
            {
                Errors.Check(NativeMethods.motive_world_load(domain.Handle, bytes, (UIntPtr)save.Length, out loaded));
            }
            return new World(loaded);
        }

        /// <summary>
        /// <paramref name="entity"/>, a handle kept from the world this one was loaded from, as a
        /// handle of this world (<c>motive_world_rebase</c>): needed only when <see cref="Load"/>
        /// could not take the saved serial back (a world holding it was alive). The null handle
        /// stays null.
        /// </summary>
        public Entity Rebase(Entity entity)
        {
            return NativeMethods.motive_world_rebase(Handle, entity);
        }

        /// <summary>An NPC handle kept from the saved world, as a handle of this one (see <see cref="Rebase(Entity)"/>).</summary>
        public Npc Rebase(Npc npc)
        {
            return Rebase(npc.Entity).AsNpc();
        }

        /// <summary>A smart-object handle kept from the saved world, as a handle of this one (see <see cref="Rebase(Entity)"/>).</summary>
        public SmartObject Rebase(SmartObject smartObject)
        {
            return Rebase(smartObject.Entity).AsSmartObject();
        }

        /// <summary>A squad handle kept from the saved world, as a handle of this one (see <see cref="Rebase(Entity)"/>).</summary>
        public Squad Rebase(Squad squad)
        {
            return Rebase(squad.Entity).AsSquad();
        }

        /// <summary>
        /// Registers on this world the engine callbacks set on <paramref name="other"/> (context,
        /// relevance, behaviour-tree condition and action; none where it has none): a save does
        /// not hold them, so a world loaded in place of another takes them over this way.
        /// <paramref name="other"/> may be disposed already.
        /// </summary>
        public void CopyCallbacksFrom(World other)
        {
            if (other == null)
            {
                throw new ArgumentNullException("other");
            }
            SetContextCallback(other.ContextPredicate);
            SetRelevanceCallback(other.GoalRelevance);
            SetBehaviourConditionCallback(other.BehaviourCondition);
            SetBehaviourActionCallback(other.BehaviourAction);
        }

        /// <summary>
        /// The bytes <paramref name="save"/> writes (<c>motive_world_save</c>,
        /// <c>motive_sim_save</c>): asked for their size with no buffer, then written into an
        /// array of that size.
        /// </summary>
        internal static byte[] SavedBytes(Utf8.Query save)
        {
            UIntPtr size;
            var status = save(null, UIntPtr.Zero, out size);
            if (status != Status.BufferTooSmall)
            {
                // Without a buffer every save is too small: anything else is the failure itself.
                Errors.Check(status);
                return new byte[0];
            }
            var bytes = new byte[(long)size];
            fixed (byte* buffer = bytes)
            {
                Errors.Check(save(buffer, (UIntPtr)bytes.Length, out size));
            }
            return bytes;
        }
    }
}

namespace Motive
{
    // The conversions and ulong packing of the handle structs generated in NativeTypes.cs.
    // Packing calls the native packers (motive_*_to_u64 / motive_*_from_u64), so the layout of
    // a stored ulong is defined in one place, the library.

    public readonly partial struct Entity
    {
        /// <summary>The null handle.</summary>
        public static readonly Entity Null = default(Entity);

        /// <summary>Packs the handle into a ulong, for storage (<c>motive_entity_to_u64</c>).</summary>
        public ulong ToUInt64()
        {
            return NativeMethods.motive_entity_to_u64(this);
        }

        /// <summary>Unpacks a value from <see cref="ToUInt64"/> (<c>motive_entity_from_u64</c>).</summary>
        public static Entity FromUInt64(ulong bits)
        {
            return NativeMethods.motive_entity_from_u64(bits);
        }

        /// <summary>This entity as an NPC handle (<c>motive_entity_as_npc</c>); whether it is one is checked on use.</summary>
        public Npc AsNpc()
        {
            return NativeMethods.motive_entity_as_npc(this);
        }

        /// <summary>This entity as a smart-object handle (<c>motive_entity_as_object</c>).</summary>
        public SmartObject AsSmartObject()
        {
            return NativeMethods.motive_entity_as_object(this);
        }

        /// <summary>This entity as a squad handle (<c>motive_entity_as_squad</c>); whether it is one is checked on use.</summary>
        public Squad AsSquad()
        {
            return NativeMethods.motive_entity_as_squad(this);
        }
    }

    public readonly partial struct Npc
    {
        /// <summary>The null handle.</summary>
        public static readonly Npc Null = default(Npc);

        /// <summary>The NPC as an entity handle (<c>motive_npc_entity</c>), for facts and positions.</summary>
        public Entity Entity
        {
            get { return NativeMethods.motive_npc_entity(this); }
        }

        /// <summary>Packs the handle into a ulong (<c>motive_npc_to_u64</c>).</summary>
        public ulong ToUInt64()
        {
            return NativeMethods.motive_npc_to_u64(this);
        }

        /// <summary>Unpacks a value from <see cref="ToUInt64"/> (<c>motive_npc_from_u64</c>).</summary>
        public static Npc FromUInt64(ulong bits)
        {
            return NativeMethods.motive_npc_from_u64(bits);
        }
    }

    public readonly partial struct SmartObject
    {
        /// <summary>The null handle.</summary>
        public static readonly SmartObject Null = default(SmartObject);

        /// <summary>The object as an entity handle (<c>motive_object_entity</c>).</summary>
        public Entity Entity
        {
            get { return NativeMethods.motive_object_entity(this); }
        }

        /// <summary>Packs the handle into a ulong (<c>motive_object_to_u64</c>).</summary>
        public ulong ToUInt64()
        {
            return NativeMethods.motive_object_to_u64(this);
        }

        /// <summary>Unpacks a value from <see cref="ToUInt64"/> (<c>motive_object_from_u64</c>).</summary>
        public static SmartObject FromUInt64(ulong bits)
        {
            return NativeMethods.motive_object_from_u64(bits);
        }
    }

    public readonly partial struct Squad
    {
        /// <summary>The null handle.</summary>
        public static readonly Squad Null = default(Squad);

        /// <summary>
        /// The squad as an entity handle (<c>motive_squad_entity</c>): for its facts, the squad's
        /// shared blackboard, and, through <c>Entity.AsNpc()</c>, its brain's state
        /// (<c>World.GoapDecision</c>, <c>World.Plan</c>).
        /// </summary>
        public Entity Entity
        {
            get { return NativeMethods.motive_squad_entity(this); }
        }
    }
}

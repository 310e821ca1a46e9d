namespace Motive
{
    // The native defaults of the definition structs, whose struct_size the library checks: start
    // from these and change fields.

    public partial struct WorldDef
    {
        /// <summary>Every field at its default (<c>motive_world_def_default</c>).</summary>
        public static WorldDef Default { get { return NativeMethods.motive_world_def_default(); } }
    }

    public partial struct NpcDef
    {
        /// <summary>Every field at its default (<c>motive_npc_def_default</c>).</summary>
        public static NpcDef Default { get { return NativeMethods.motive_npc_def_default(); } }
    }

    public partial struct SmartObjectDef
    {
        /// <summary>Every field at its default (<c>motive_object_def_default</c>).</summary>
        public static SmartObjectDef Default { get { return NativeMethods.motive_object_def_default(); } }
    }

    public partial struct ActionPlanning
    {
        /// <summary>Every field at its default (<c>motive_action_planning_default</c>).</summary>
        public static ActionPlanning Default { get { return NativeMethods.motive_action_planning_default(); } }
    }

    public partial struct AmbianceModifier
    {
        /// <summary>Every field at its default (<c>motive_ambiance_modifier_default</c>).</summary>
        public static AmbianceModifier Default { get { return NativeMethods.motive_ambiance_modifier_default(); } }
    }

    public partial struct SlotDef
    {
        /// <summary>Every field at its default (<c>motive_slot_def_default</c>).</summary>
        public static SlotDef Default { get { return NativeMethods.motive_slot_def_default(); } }
    }

    public partial struct ThinkSettings
    {
        /// <summary>Every field at its default (<c>motive_think_settings_default</c>).</summary>
        public static ThinkSettings Default { get { return NativeMethods.motive_think_settings_default(); } }
    }

    public partial struct Curve
    {
        /// <summary>0 at 0 rising to 1 at <paramref name="max"/> (<c>motive_curve_linear</c>).</summary>
        public static Curve Linear(double max)
        {
            return NativeMethods.motive_curve_linear(max);
        }

        /// <summary>1 at 0 falling to 0 at <paramref name="max"/> (<c>motive_curve_inverse_linear</c>).</summary>
        public static Curve InverseLinear(double max)
        {
            return NativeMethods.motive_curve_inverse_linear(max);
        }
    }
}

using System;

namespace Motive
{
    public sealed unsafe partial class DomainBuilder
    {
        // ---- behaviour trees and the player model ------------------------------------------

        /// <summary>The id of the hint called <paramref name="name"/>, interned on first use (<c>motive_domain_builder_hint</c>).</summary>
        public uint Hint(string name) { return Named(NativeMethods.motive_domain_builder_hint, name); }

        /// <summary>The id of the engine callback called <paramref name="name"/> (call leaves and ask tests), interned on first use (<c>motive_domain_builder_bt_callback</c>).</summary>
        public uint BehaviourCallback(string name) { return Named(NativeMethods.motive_domain_builder_bt_callback, name); }

        /// <summary>Adds the tree built in <paramref name="tree"/> as <paramref name="name"/>; the tree builder is emptied (<c>motive_domain_builder_add_bt_tree</c>).</summary>
        public uint AddBehaviourTree(string name, BtBuilder tree)
        {
            uint id;
            fixed (byte* text = Utf8.NullTerminated(name))
            {
                Errors.Check(NativeMethods.motive_domain_builder_add_bt_tree(Handle, text, tree.Handle, out id));
            }
            return id;
        }

        /// <summary>Gives the archetype's NPCs its behaviour-tree layers, the base tree first (<c>motive_domain_builder_set_archetype_bt</c>).</summary>
        public void SetArchetypeBehaviourTrees(uint archetype, uint[] layers)
        {
            fixed (uint* ids = layers)
            {
                Errors.Check(NativeMethods.motive_domain_builder_set_archetype_bt(Handle, archetype, ids, (UIntPtr)layers.Length));
            }
        }

        /// <summary>Adds a play style (<c>motive_domain_builder_add_player_style</c>).</summary>
        public uint AddPlayerStyle(string name) { return Named(NativeMethods.motive_domain_builder_add_player_style, name); }

        /// <summary>Adds a player action showing the styles <paramref name="styles"/> (<c>motive_domain_builder_add_player_action</c>).</summary>
        public uint AddPlayerAction(string name, StyleWeight[] styles)
        {
            uint id;
            fixed (byte* text = Utf8.NullTerminated(name))
            fixed (StyleWeight* weights = styles)
            {
                Errors.Check(NativeMethods.motive_domain_builder_add_player_action(Handle, text, weights, (UIntPtr)styles.Length, out id));
            }
            return id;
        }

        /// <summary>How the player model learns and how readily NPCs change layers (<c>motive_domain_builder_set_adaptation</c>).</summary>
        public void SetAdaptation(double decay, double margin)
        {
            Errors.Check(NativeMethods.motive_domain_builder_set_adaptation(Handle, decay, margin));
        }

        /// <summary>Lets the player model push <paramref name="tree"/> on the archetype's NPCs when the player's style fits <paramref name="serves"/> (<c>motive_domain_builder_add_archetype_adaptive_layer</c>).</summary>
        public void AddArchetypeAdaptiveLayer(uint archetype, uint tree, StyleWeight[] serves)
        {
            fixed (StyleWeight* weights = serves)
            {
                Errors.Check(NativeMethods.motive_domain_builder_add_archetype_adaptive_layer(Handle, archetype, tree, weights, (UIntPtr)serves.Length));
            }
        }
    }

    public sealed unsafe partial class Domain
    {
        /// <summary>The hint called <paramref name="name"/> (<c>motive_domain_find_hint</c>).</summary>
        public uint FindHint(string name) { return Find(NativeMethods.motive_domain_find_hint, name); }

        /// <summary>The behaviour tree called <paramref name="name"/> (<c>motive_domain_find_bt_tree</c>).</summary>
        public uint FindBehaviourTree(string name) { return Find(NativeMethods.motive_domain_find_bt_tree, name); }

        /// <summary>The engine callback called <paramref name="name"/>; NotFound when no tree names it (<c>motive_domain_find_bt_callback</c>).</summary>
        public uint FindBehaviourCallback(string name) { return Find(NativeMethods.motive_domain_find_bt_callback, name); }

        /// <summary>The player action called <paramref name="name"/> (<c>motive_domain_find_player_action</c>).</summary>
        public uint FindPlayerAction(string name) { return Find(NativeMethods.motive_domain_find_player_action, name); }
    }
}

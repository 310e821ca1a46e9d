using System;

namespace Motive
{
    /// <summary>
    /// Builds a hinted behaviour tree in code, as the thesis's builder does: composites and
    /// filters are opened (<see cref="Start"/>) and closed (<see cref="End"/>) around their
    /// children, leaves added in one call; condition trees are built beside them, operands inside
    /// open groups. Hand it to <see cref="DomainBuilder.AddBehaviourTree"/>. One thread at a time.
    /// </summary>
    public sealed unsafe class BtBuilder : IDisposable
    {
        private readonly BtBuilderHandle handle;

        /// <summary>An empty tree builder (<c>motive_bt_builder_create</c>).</summary>
        public BtBuilder()
        {
            Library.EnsureCompatible();
            Errors.Check(NativeMethods.motive_bt_builder_create(out handle));
        }

        internal BtBuilderHandle Handle
        {
            get
            {
                if (handle.IsClosed)
                {
                    throw new ObjectDisposedException("BtBuilder");
                }
                return handle;
            }
        }

        /// <summary>A node definition of <paramref name="kind"/> with the other fields at their defaults (<c>motive_bt_node_def_default</c>).</summary>
        public static BtNodeDef Node(BtNodeKind kind)
        {
            var def = NativeMethods.motive_bt_node_def_default();
            def.Kind = kind;
            return def;
        }

        /// <summary>Opens a composite or filter node (<c>motive_bt_builder_start</c>).</summary>
        public void Start(BtNodeDef node)
        {
            Errors.Check(NativeMethods.motive_bt_builder_start(Handle, &node));
        }

        /// <summary>Adds a leaf: a condition, action, call, plan, hint or flag (<c>motive_bt_builder_leaf</c>).</summary>
        public void Leaf(BtNodeDef node)
        {
            Errors.Check(NativeMethods.motive_bt_builder_leaf(Handle, &node));
        }

        /// <summary>Closes the innermost open node (<c>motive_bt_builder_end</c>).</summary>
        public void End()
        {
            Errors.Check(NativeMethods.motive_bt_builder_end(Handle));
        }

        /// <summary>Names the selector's next branch: it exposes <paramref name="hint"/> (<c>motive_bt_builder_branch</c>).</summary>
        public void Branch(uint hint)
        {
            Errors.Check(NativeMethods.motive_bt_builder_branch(Handle, hint));
        }

        /// <summary>Opens a condition group (<c>motive_bt_builder_test_open</c>).</summary>
        public void OpenTest(BtTestOp op)
        {
            Errors.Check(NativeMethods.motive_bt_builder_test_open(Handle, (uint)op));
        }

        /// <summary>Closes the innermost condition group; outermost, the condition tree's id, else <see cref="Constants.NoId"/> (<c>motive_bt_builder_test_close</c>).</summary>
        public uint CloseTest()
        {
            uint test;
            Errors.Check(NativeMethods.motive_bt_builder_test_close(Handle, out test));
            return test;
        }

        /// <summary>A test over the NPC's facts; with no group open, the condition tree's id (<c>motive_bt_builder_test_fact</c>).</summary>
        public uint TestFact(Condition condition, CurvePoint[] scorePoints = null)
        {
            uint test;
            using (var pins = new Pins())
            {
                pins.Attach(ref condition.Curve, scorePoints);
                Errors.Check(NativeMethods.motive_bt_builder_test_fact(Handle, &condition, out test));
            }
            return test;
        }

        /// <summary>A hint condition: the hint is positive in this tree (<c>motive_bt_builder_test_hint</c>).</summary>
        public uint TestHint(uint hint)
        {
            uint test;
            Errors.Check(NativeMethods.motive_bt_builder_test_hint(Handle, hint, out test));
            return test;
        }

        /// <summary>The flag is set on the NPC's blackboard (<c>motive_bt_builder_test_flag</c>).</summary>
        public uint TestFlag(uint flag)
        {
            uint test;
            Errors.Check(NativeMethods.motive_bt_builder_test_flag(Handle, flag, out test));
            return test;
        }

        /// <summary>The engine's condition callback holds for <paramref name="callback"/> (<c>motive_bt_builder_test_ask</c>; see <see cref="World.SetBehaviourConditionCallback"/>).</summary>
        public uint TestAsk(uint callback)
        {
            uint test;
            Errors.Check(NativeMethods.motive_bt_builder_test_ask(Handle, callback, out test));
            return test;
        }

        /// <summary>Frees the native builder.</summary>
        public void Dispose()
        {
            handle.Dispose();
        }
    }
}

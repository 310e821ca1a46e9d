using System;
using System.Text;

namespace Motive
{
    /// <summary>
    /// An immutable, built domain: attributes, actions, drives, goals and archetypes, loaded from
    /// JSON or made with a <see cref="DomainBuilder"/>. Worlds keep their own reference, so a
    /// domain may be disposed as soon as its worlds are created. Thread-safe.
    /// </summary>
    public sealed unsafe partial class Domain : IDisposable
    {
        private readonly DomainHandle handle;

        internal Domain(DomainHandle handle)
        {
            this.handle = handle;
        }

        internal DomainHandle Handle
        {
            get
            {
                if (handle.IsClosed)
                {
                    throw new ObjectDisposedException("Domain");
                }
                return handle;
            }
        }

        /// <summary>
        /// Loads a domain from JSON text (<c>motive_domain_load_json</c>). Bad JSON throws
        /// <see cref="ParseException"/> with every error; <paramref name="diagnostics"/>, when
        /// given, also keeps the warnings of a load that succeeded.
        /// </summary>
        public static Domain LoadJson(string json, Diagnostics diagnostics = null)
        {
            Library.EnsureCompatible();
            var bytes = Encoding.UTF8.GetBytes(json);
            using (var own = diagnostics == null ? new Diagnostics() : null)
            {
                var list = diagnostics ?? own;
                DomainHandle loaded;
                Status status;
                fixed (byte* text = bytes)
                {
                    status = NativeMethods.motive_domain_load_json(text, (UIntPtr)bytes.Length, list.Handle, out loaded);
                }
                JsonLoad.Check(status, list);
                return new Domain(loaded);
            }
        }

        /// <summary>Loads a domain file (<c>motive_domain_load_file</c>); errors as <see cref="LoadJson"/>.</summary>
        public static Domain LoadFile(string path, Diagnostics diagnostics = null)
        {
            Library.EnsureCompatible();
            using (var own = diagnostics == null ? new Diagnostics() : null)
            {
                var list = diagnostics ?? own;
                DomainHandle loaded;
                Status status;
                fixed (byte* text = Utf8.NullTerminated(path))
                {
                    status = NativeMethods.motive_domain_load_file(text, list.Handle, out loaded);
                }
                JsonLoad.Check(status, list);
                return new Domain(loaded);
            }
        }

        /// <summary>The attribute called <paramref name="name"/> (<c>motive_domain_find_attribute</c>).</summary>
        public uint FindAttribute(string name) { return Find(NativeMethods.motive_domain_find_attribute, name); }

        /// <summary>The action called <paramref name="name"/> (<c>motive_domain_find_action</c>).</summary>
        public uint FindAction(string name) { return Find(NativeMethods.motive_domain_find_action, name); }

        /// <summary>The drive called <paramref name="name"/> (<c>motive_domain_find_drive</c>).</summary>
        public uint FindDrive(string name) { return Find(NativeMethods.motive_domain_find_drive, name); }

        /// <summary>The UDGOAP goal called <paramref name="name"/> (<c>motive_domain_find_goal</c>).</summary>
        public uint FindGoal(string name) { return Find(NativeMethods.motive_domain_find_goal, name); }

        /// <summary>The GOAP goal called <paramref name="name"/> (<c>motive_domain_find_goap_goal</c>).</summary>
        public uint FindGoapGoal(string name) { return Find(NativeMethods.motive_domain_find_goap_goal, name); }

        /// <summary>The archetype called <paramref name="name"/> (<c>motive_domain_find_archetype</c>).</summary>
        public uint FindArchetype(string name) { return Find(NativeMethods.motive_domain_find_archetype, name); }

        /// <summary>The ambiance annotation called <paramref name="name"/> (<c>motive_domain_find_annotation</c>).</summary>
        public uint FindAnnotation(string name) { return Find(NativeMethods.motive_domain_find_annotation, name); }

        /// <summary>The tag called <paramref name="name"/> (<c>motive_domain_find_tag</c>).</summary>
        public uint FindTag(string name) { return Find(NativeMethods.motive_domain_find_tag, name); }

        /// <summary>The predefined UBC plan called <paramref name="name"/> (<c>motive_domain_find_ubc_plan</c>).</summary>
        public uint FindUbcPlan(string name) { return Find(NativeMethods.motive_domain_find_ubc_plan, name); }

        /// <summary>The world-effect generator called <paramref name="name"/> (<c>motive_domain_find_world_effect</c>).</summary>
        public uint FindWorldEffect(string name) { return Find(NativeMethods.motive_domain_find_world_effect, name); }

        /// <summary>
        /// Where and how NPCs use each slot of <paramref name="archetype"/>
        /// (<c>motive_domain_archetype_slots</c>), copied.
        /// </summary>
        public SlotInfo[] ArchetypeSlots(uint archetype)
        {
            UIntPtr count;
            var status = NativeMethods.motive_domain_archetype_slots(Handle, archetype, null, UIntPtr.Zero, out count);
            if (status != Status.BufferTooSmall)
            {
                Errors.Check(status);
            }
            var slots = new SlotInfo[(int)count];
            fixed (SlotInfo* buffer = slots)
            {
                Errors.Check(NativeMethods.motive_domain_archetype_slots(Handle, archetype, buffer, count, out count));
            }
            return slots;
        }

        /// <summary>Releases this reference (<c>motive_domain_destroy</c>); worlds keep theirs.</summary>
        public void Dispose()
        {
            handle.Dispose();
        }

        private delegate Status Finder(DomainHandle domain, byte* name, out uint id);

        private uint Find(Finder finder, string name)
        {
            uint id;
            fixed (byte* text = Utf8.NullTerminated(name))
            {
                Errors.Check(finder(Handle, text, out id));
            }
            return id;
        }
    }
}

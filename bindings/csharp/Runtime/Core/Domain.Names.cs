using System;
using System.Collections.Generic;

namespace Motive
{
    public sealed unsafe partial class Domain
    {
        private readonly Dictionary<ulong, string> names = new Dictionary<ulong, string>();

        /// <summary>
        /// How many definitions of <paramref name="kind"/> the domain has
        /// (<c>motive_domain_count</c>): their ids are 0 to the count, dense.
        /// </summary>
        public uint Count(DefinitionKind kind)
        {
            uint count;
            Errors.Check(NativeMethods.motive_domain_count(Handle, (uint)kind, out count));
            return count;
        }

        /// <summary>
        /// The name of definition <paramref name="id"/> of <paramref name="kind"/>
        /// (<c>motive_domain_name</c>): for inspectors, logs and debuggers, without tables of
        /// the game's own. Each name is read once and kept, so asking again allocates nothing.
        /// </summary>
        /// <exception cref="MotiveException">The domain has no such definition (status NotFound), or <paramref name="kind"/> is unknown.</exception>
        public string Name(DefinitionKind kind, uint id)
        {
            ulong key = ((ulong)kind << 32) | id;
            string name;
            if (!names.TryGetValue(key, out name))
            {
                name = Utf8.Copy((byte* buffer, UIntPtr capacity, out UIntPtr length) =>
                    NativeMethods.motive_domain_name(Handle, (uint)kind, id, buffer, capacity, out length));
                names.Add(key, name);
            }
            return name;
        }
    }
}

using System.Collections.Generic;

namespace Motive
{
    /// <summary>
    /// Names for the ids of one domain, for debug views (the NPC inspector, reports, logs):
    /// <see cref="Domain.Name"/> (<c>motive_domain_name</c>) with the ids it cannot name (an id
    /// of another domain, <see cref="Constants.NoId"/>) read as "action 3" or "none" instead of
    /// an exception, each miss asked once.
    /// </summary>
    public sealed class NameTable
    {
        private readonly Domain domain;
        private readonly Dictionary<ulong, string> missing = new Dictionary<ulong, string>();

        /// <summary>Names the ids of <paramref name="domain"/>.</summary>
        public NameTable(Domain domain)
        {
            this.domain = domain;
        }

        /// <summary>The domain whose ids it names.</summary>
        public Domain Domain { get { return domain; } }

        /// <summary>
        /// The name of definition <paramref name="id"/> of <paramref name="kind"/>: the domain's,
        /// "none" for <see cref="Constants.NoId"/>, otherwise the kind and the id ("action 3").
        /// </summary>
        public string Name(DefinitionKind kind, uint id)
        {
            if (id == Constants.NoId)
            {
                return "none";
            }
            ulong key = ((ulong)kind << 32) | id;
            string name;
            if (missing.TryGetValue(key, out name))
            {
                return name;
            }
            try
            {
                return domain.Name(kind, id);
            }
            catch (MotiveException e)
            {
                if (e.Status != Status.NotFound)
                {
                    throw;
                }
            }
            name = KindLabel(kind) + " " + id;
            missing.Add(key, name);
            return name;
        }

        /// <summary>Every name of <paramref name="kind"/>, in id order (ids are dense).</summary>
        public List<string> All(DefinitionKind kind)
        {
            var count = domain.Count(kind);
            var all = new List<string>((int)count);
            for (uint id = 0; id < count; id++)
            {
                all.Add(domain.Name(kind, id));
            }
            return all;
        }

        /// <summary>"action", "drive", "goal", "GOAP goal", "tree", … for ids without a name.</summary>
        public static string KindLabel(DefinitionKind kind)
        {
            switch (kind)
            {
                case DefinitionKind.Action: return "action";
                case DefinitionKind.Drive: return "drive";
                case DefinitionKind.Goal: return "goal";
                case DefinitionKind.GoapGoal: return "GOAP goal";
                case DefinitionKind.Archetype: return "archetype";
                case DefinitionKind.BtTree: return "tree";
                case DefinitionKind.UbcPlan: return "UBC plan";
                case DefinitionKind.UbcGoal: return "UBC goal";
                case DefinitionKind.Attribute: return "attribute";
                default: return kind.ToString();
            }
        }
    }
}

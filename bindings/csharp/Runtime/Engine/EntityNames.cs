using System.Collections.Generic;

namespace Motive
{
    /// <summary>
    /// The engine's names for the entities of a world (a GameObject's name, a scenario's entity
    /// name), for debug views. Entities without one read as their handle.
    /// </summary>
    public sealed class EntityNames
    {
        private readonly Dictionary<Entity, string> names = new Dictionary<Entity, string>();

        /// <summary>Names <paramref name="entity"/>; a null or empty name forgets it.</summary>
        public void Set(Entity entity, string name)
        {
            if (string.IsNullOrEmpty(name))
            {
                names.Remove(entity);
                return;
            }
            names[entity] = name;
        }

        /// <summary>Forgets the entity's name (it was destroyed).</summary>
        public void Remove(Entity entity)
        {
            names.Remove(entity);
        }

        /// <summary>How many entities have a name.</summary>
        public int Count { get { return names.Count; } }

        /// <summary>The entity's name: "none" for the null handle, the handle for an unnamed entity.</summary>
        public string Name(Entity entity)
        {
            if (entity.IsNull)
            {
                return "none";
            }
            string name;
            return names.TryGetValue(entity, out name) ? name : entity.ToString();
        }
    }
}

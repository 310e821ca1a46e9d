using UnityEngine;

namespace Motive.Unity
{
    /// <summary>Spawns a smart object of its archetype where it stands, and removes it with the GameObject.</summary>
    public sealed class MotiveSmartObject : MonoBehaviour
    {
        [Tooltip("Archetype name in the domain (bed, fridge, ...).")]
        public string archetype = "chair";

        private MotiveWorld world;

        /// <summary>The smart object.</summary>
        public SmartObject Handle { get; private set; }

        private void Awake()
        {
            world = MotiveWorld.Find();
        }

        private void Start()
        {
            Handle = world.World.SpawnObject(world.Domain.FindArchetype(archetype), transform.position.ToMotive());
        }

        private void OnDestroy()
        {
            if (world != null && world.World != null && world.World.IsValid(Handle))
            {
                world.World.Destroy(Handle);
            }
        }
    }
}

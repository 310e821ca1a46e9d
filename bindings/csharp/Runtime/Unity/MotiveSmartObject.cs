using UnityEngine;

namespace Motive.Unity
{
    /// <summary>
    /// Spawns a smart object of its archetype where it stands once the scene's
    /// <see cref="MotiveWorld"/> runs, and removes it with the GameObject. In the Scene view it
    /// draws its archetype's slots: where users stand (a sphere, solid when required) and which
    /// way they face.
    /// </summary>
    public sealed class MotiveSmartObject : MonoBehaviour
    {
        /// <summary>The object's archetype, by name.</summary>
        [Tooltip("Archetype name in the domain (bed, fridge, ...).")]
        public string archetype = "chair";

        /// <summary>Whether the Scene view shows the archetype's slots.</summary>
        [Tooltip("Draw the archetype's slots in the Scene view (where users stand, which way they face).")]
        public bool showSlots = true;

        private MotiveWorld world;
        private bool spawned;
#if UNITY_EDITOR
        private static MotiveWorld sceneWorld; // found once for every object's gizmos, not per object per repaint
        private SlotInfo[] slots;
        private Domain slotsDomain;
        private string slotsArchetype;
#endif

        /// <summary>The smart object; the null handle until the world runs.</summary>
        public SmartObject Handle { get; private set; }

        private void Start()
        {
            world = MotiveWorld.Find();
            if (world == null)
            {
                Debug.LogError("MotiveSmartObject \"" + name + "\": there is no MotiveWorld in the scene.", this);
                return;
            }
            if (world.IsRunning)
            {
                Spawn(world);
            }
            else if (world.State == MotiveWorldState.Loading)
            {
                world.Loaded += Spawn;
            }
        }

        private void Spawn(MotiveWorld loaded)
        {
            loaded.Loaded -= Spawn;
            uint type;
            try
            {
                type = loaded.Domain.FindArchetype(archetype);
            }
            catch (MotiveException)
            {
                Debug.LogError("MotiveSmartObject \"" + name + "\": \"" + archetype + "\" is not an archetype of " + loaded.Source + ".", this);
                return;
            }
            Handle = loaded.World.SpawnObject(type, transform.position.ToMotive());
            loaded.EntityNames.Set(Handle.Entity, name);
            spawned = true;
        }

        private void OnDestroy()
        {
            if (world == null)
            {
                return;
            }
            world.Loaded -= Spawn;
            if (spawned && world.IsRunning)
            {
                world.EntityNames.Remove(Handle.Entity);
                if (world.World.IsValid(Handle))
                {
                    world.World.Destroy(Handle);
                }
            }
            spawned = false;
        }

#if UNITY_EDITOR
        private void OnDrawGizmos()
        {
            DrawSlots(false);
        }

        private void OnDrawGizmosSelected()
        {
            DrawSlots(true);
        }

        // Slots are where the object stands plus their offsets (motive has no rotations).
        private void DrawSlots(bool selected)
        {
            if (!showSlots)
            {
                return;
            }
            if (sceneWorld == null)
            {
                sceneWorld = MotiveWorld.Find();
            }
            var found = world != null ? world : sceneWorld;
            var domain = found != null ? found.DomainForGizmos() : null;
            if (domain == null)
            {
                return;
            }
            if (slots == null || slotsDomain != domain || slotsArchetype != archetype)
            {
                slotsDomain = domain;
                slotsArchetype = archetype;
                try
                {
                    slots = domain.ArchetypeSlots(domain.FindArchetype(archetype));
                }
                catch (MotiveException)
                {
                    slots = new SlotInfo[0];
                }
            }
            foreach (var marker in SlotMarkers.Place(slots, transform.position.ToMotive()))
            {
                var at = marker.Position.ToUnity();
                Gizmos.color = selected ? Color.cyan : new Color(0f, 0.8f, 0.8f, 0.5f);
                if (marker.Required)
                {
                    Gizmos.DrawSphere(at, 0.12f);
                }
                else
                {
                    Gizmos.DrawWireSphere(at, 0.12f);
                }
                Gizmos.DrawLine(at, marker.FacingEnd.ToUnity());
                if (selected)
                {
                    Gizmos.DrawLine(transform.position, at);
                }
            }
        }
#endif
    }
}

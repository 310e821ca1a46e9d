using UnityEngine;

namespace Motive.Unity
{
    /// <summary>
    /// Spawns a smart object of its archetype where it stands once the scene's
    /// <see cref="MotiveWorld"/> runs, and removes it with the GameObject. In the Scene view it
    /// draws its archetype's slots: where users stand (a sphere, solid when required) and which
    /// way they face. After <see cref="MotiveWorld.LoadState"/> it takes back the object saved
    /// under its <see cref="SaveKey"/>.
    /// </summary>
    public sealed class MotiveSmartObject : MonoBehaviour
    {
        /// <summary>The object's archetype, by name.</summary>
        [Tooltip("Archetype name in the domain (bed, fridge, ...).")]
        public string archetype = "chair";

        /// <summary>Whether the Scene view shows the archetype's slots.</summary>
        [Tooltip("Draw the archetype's slots in the Scene view (where users stand, which way they face).")]
        public bool showSlots = true;

        /// <summary>Names this object in saves; empty: its path in the hierarchy (<see cref="MotiveWorld.HierarchyKey"/>).</summary>
        [Tooltip("Names this object in saves (MotiveWorld.SaveState); empty: its path in the hierarchy. Unique, and the same in the scene that loads the save.")]
        public string saveKey = "";

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

        /// <summary>The key its object is saved under: <see cref="saveKey"/>, or its path in the hierarchy.</summary>
        public string SaveKey
        {
            get { return string.IsNullOrEmpty(saveKey) ? MotiveWorld.HierarchyKey(transform) : saveKey; }
        }

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
            var saved = loaded.ClaimObject(SaveKey);
            if (!saved.IsNull)
            {
                // A save loaded before this component spawned holds its object, where it was.
                Handle = saved;
                transform.position = loaded.World.GetPosition(saved.Entity).ToUnity();
            }
            else
            {
                Handle = loaded.World.SpawnObject(type, transform.position.ToMotive());
            }
            loaded.EntityNames.Set(Handle.Entity, name);
            loaded.Register(this);
            spawned = true;
        }

        /// <summary>After <paramref name="loaded"/> loaded a save: its saved object, or a new one where it stands.</summary>
        internal void Reload(MotiveWorld loaded)
        {
            spawned = false;
            Handle = SmartObject.Null;
            Spawn(loaded);
        }

        private void OnDestroy()
        {
            if (world == null)
            {
                return;
            }
            world.Loaded -= Spawn;
            world.Unregister(this);
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

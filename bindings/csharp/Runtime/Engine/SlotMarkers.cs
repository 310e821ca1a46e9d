using System;

namespace Motive
{
    /// <summary>Where a slot of a smart object is and where its user faces, in world positions, for gizmos.</summary>
    public struct SlotMarker
    {
        /// <summary>Where the user stands: the object's position plus the slot's offset.</summary>
        public Vec3 Position;

        /// <summary>The end of a line of <see cref="SlotMarkers.FacingLength"/> from <see cref="Position"/> the way the user faces.</summary>
        public Vec3 FacingEnd;

        /// <summary>The slot faces the object (its facing is (0, 0, 0)).</summary>
        public bool FacesObject;

        /// <summary>A joint action waits for this slot's user.</summary>
        public bool Required;
    }

    /// <summary>Places an archetype's slots (<see cref="Domain.ArchetypeSlots"/>) around an object, for an editor to draw.</summary>
    public static class SlotMarkers
    {
        /// <summary>The length of the facing line, engine units.</summary>
        public const float FacingLength = 0.4f;

        /// <summary>The markers of every slot of <paramref name="archetype"/> for an object at <paramref name="objectPosition"/>.</summary>
        public static SlotMarker[] For(Domain domain, uint archetype, Vec3 objectPosition)
        {
            return Place(domain.ArchetypeSlots(archetype), objectPosition);
        }

        /// <summary>The markers of <paramref name="slots"/> for an object at <paramref name="objectPosition"/>.</summary>
        public static SlotMarker[] Place(SlotInfo[] slots, Vec3 objectPosition)
        {
            var markers = new SlotMarker[slots.Length];
            for (int i = 0; i < slots.Length; i++)
            {
                markers[i] = Place(slots[i], objectPosition);
            }
            return markers;
        }

        /// <summary>The marker of one slot: offset from the object, facing its direction or, when that is zero, the object.</summary>
        public static SlotMarker Place(SlotInfo slot, Vec3 objectPosition)
        {
            var at = new Vec3(objectPosition.X + slot.Offset.X, objectPosition.Y + slot.Offset.Y, objectPosition.Z + slot.Offset.Z);
            bool facesObject = slot.Facing.X == 0 && slot.Facing.Y == 0 && slot.Facing.Z == 0;
            var direction = facesObject
                ? new Vec3(objectPosition.X - at.X, objectPosition.Y - at.Y, objectPosition.Z - at.Z)
                : slot.Facing;
            float length = (float)Math.Sqrt(direction.X * direction.X + direction.Y * direction.Y + direction.Z * direction.Z);
            var end = length > 0
                ? new Vec3(at.X + direction.X / length * FacingLength, at.Y + direction.Y / length * FacingLength,
                           at.Z + direction.Z / length * FacingLength)
                : at;
            return new SlotMarker { Position = at, FacingEnd = end, FacesObject = facesObject, Required = slot.Required };
        }
    }
}

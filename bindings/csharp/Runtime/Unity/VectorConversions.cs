using UnityEngine;

namespace Motive.Unity
{
    /// <summary>Unity vectors to and from motive's positions (same axes: motive assumes no up axis).</summary>
    public static class VectorConversions
    {
        /// <summary>The position as a motive Vec3.</summary>
        public static Vec3 ToMotive(this Vector3 v)
        {
            return new Vec3(v.x, v.y, v.z);
        }

        /// <summary>The motive position as a Unity Vector3.</summary>
        public static Vector3 ToUnity(this Vec3 v)
        {
            return new Vector3(v.X, v.Y, v.Z);
        }
    }
}

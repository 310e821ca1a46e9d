using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;

namespace Motive
{
    /// <summary>
    /// Managed arrays pinned for one native call that reads pointers inside structs (curve
    /// points, annotations, effects, slot filters); everything is unpinned on Dispose. Used by
    /// definition calls, never per frame.
    /// </summary>
    internal sealed unsafe class Pins : IDisposable
    {
        private readonly List<GCHandle> handles = new List<GCHandle>();

        /// <summary>The address of the pinned array; NULL for null or empty.</summary>
        internal IntPtr Address(Array array)
        {
            if (array == null || array.Length == 0)
            {
                return IntPtr.Zero;
            }
            var pin = GCHandle.Alloc(array, GCHandleType.Pinned);
            handles.Add(pin);
            return pin.AddrOfPinnedObject();
        }

        /// <summary>The length of an array that may be null, as a size_t.</summary>
        internal static UIntPtr Count(Array array)
        {
            return (UIntPtr)(array == null ? 0 : array.Length);
        }

        /// <summary>Points <paramref name="curve"/> at its piecewise-linear points.</summary>
        internal void Attach(ref Curve curve, CurvePoint[] points)
        {
            if (points != null)
            {
                curve.Points = (CurvePoint*)Address(points);
                curve.PointCount = Count(points);
            }
        }

        /// <summary>Points <paramref name="modifier"/> at its annotations.</summary>
        internal void Attach(ref AmbianceModifier modifier, uint[] annotations)
        {
            modifier.Annotations = (uint*)Address(annotations);
            modifier.AnnotationCount = Count(annotations);
        }

        /// <summary>A pinned copy of the modifiers, modifier i carrying <c>annotations[i]</c>.</summary>
        internal AmbianceModifier* Modifiers(AmbianceModifier[] modifiers, uint[][] annotations)
        {
            if (modifiers == null || modifiers.Length == 0)
            {
                return null;
            }
            if (annotations == null || annotations.Length != modifiers.Length)
            {
                throw new ArgumentException("one annotation array per modifier", "annotations");
            }
            var copy = (AmbianceModifier[])modifiers.Clone();
            for (int i = 0; i < copy.Length; i++)
            {
                Attach(ref copy[i], annotations[i]);
            }
            return (AmbianceModifier*)Address(copy);
        }

        /// <summary>A pinned copy of the conditions, condition i's score curve carrying <c>points[i]</c> (null: none).</summary>
        internal Condition* Conditions(Condition[] conditions, CurvePoint[][] points)
        {
            if (conditions == null || conditions.Length == 0)
            {
                return null;
            }
            var copy = (Condition[])conditions.Clone();
            for (int i = 0; points != null && i < copy.Length && i < points.Length; i++)
            {
                Attach(ref copy[i].Curve, points[i]);
            }
            return (Condition*)Address(copy);
        }

        /// <summary>Unpins everything.</summary>
        public void Dispose()
        {
            foreach (var pin in handles)
            {
                pin.Free();
            }
            handles.Clear();
        }
    }
}

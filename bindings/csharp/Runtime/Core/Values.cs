using System;

namespace Motive
{
    public partial struct Vec3
    {
        /// <summary>The position (x, y, z).</summary>
        public Vec3(float x, float y, float z)
        {
            X = x;
            Y = y;
            Z = z;
        }

        /// <summary>"(x, y, z)".</summary>
        public override string ToString()
        {
            return "(" + X + ", " + Y + ", " + Z + ")";
        }
    }

    public partial struct Value
    {
        /// <summary>A boolean fact value.</summary>
        public static Value Of(bool boolean)
        {
            var value = new Value { Type = ValueKind.Bool };
            value.Data.Boolean = boolean;
            return value;
        }

        /// <summary>A number fact value (finite).</summary>
        public static Value Of(double number)
        {
            var value = new Value { Type = ValueKind.Number };
            value.Data.Number = number;
            return value;
        }

        /// <summary>An entity fact value (null or a live entity of the same world).</summary>
        public static Value Of(Entity entity)
        {
            var value = new Value { Type = ValueKind.Entity };
            value.Data.Entity = entity;
            return value;
        }

        /// <summary>A position fact value (finite).</summary>
        public static Value Of(Vec3 position)
        {
            var value = new Value { Type = ValueKind.Position };
            value.Data.Position = position;
            return value;
        }

        /// <summary>The boolean; throws when the value is not one.</summary>
        public bool AsBool { get { Expect(ValueKind.Bool); return Data.Boolean; } }

        /// <summary>The number; throws when the value is not one.</summary>
        public double AsNumber { get { Expect(ValueKind.Number); return Data.Number; } }

        /// <summary>The entity; throws when the value is not one.</summary>
        public Entity AsEntity { get { Expect(ValueKind.Entity); return Data.Entity; } }

        /// <summary>The position; throws when the value is not one.</summary>
        public Vec3 AsPosition { get { Expect(ValueKind.Position); return Data.Position; } }

        private void Expect(ValueKind kind)
        {
            if (Type != kind)
            {
                throw new InvalidOperationException("the value is a " + Type + ", not a " + kind);
            }
        }
    }
}

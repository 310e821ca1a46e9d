using System;

namespace Motive
{
    // Plans in an arena: the steps stay in the arena's memory, read one at a time, and are
    // valid until the arena is reset, used for another plan or disposed.

    public unsafe partial struct PlanView
    {
        /// <summary>Number of steps.</summary>
        public int StepCount { get { return (int)Count; } }

        /// <summary>Step <paramref name="index"/>, in execution order.</summary>
        public PlanStep Step(int index)
        {
            if ((uint)index >= (uint)StepCount)
            {
                throw new ArgumentOutOfRangeException("index", index, "a plan of " + StepCount + " steps");
            }
            return Steps[index];
        }
    }

    public unsafe partial struct GoapPlanView
    {
        /// <summary>Number of steps.</summary>
        public int StepCount { get { return (int)Count; } }

        /// <summary>Step <paramref name="index"/>, in execution order.</summary>
        public GoapStep Step(int index)
        {
            if ((uint)index >= (uint)StepCount)
            {
                throw new ArgumentOutOfRangeException("index", index, "a plan of " + StepCount + " steps");
            }
            return Steps[index];
        }
    }
}

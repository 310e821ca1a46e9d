using System;

namespace Motive
{
    /// <summary>What an <see cref="ActionPerformer"/> is doing.</summary>
    public enum PerformerState
    {
        /// <summary>Nothing requested.</summary>
        Idle,
        /// <summary>Walking to <see cref="ActionPerformer.Destination"/>; succeeds on arrival.</summary>
        Walking,
        /// <summary>Performing an engine action for a number of seconds; succeeds when they pass.</summary>
        Performing,
        /// <summary>An action motive times itself: shown until motive says it finished.</summary>
        Timed,
    }

    /// <summary>
    /// The engine's side of one NPC's requested action, independent of any engine: walks a
    /// position toward the destination at <see cref="Speed"/> (or watches an engine's navigation
    /// do it), counts down an engine-performed action, or waits for motive to finish a timed one.
    /// <see cref="Advance"/> says when the performance is complete, for the caller to report.
    /// </summary>
    public sealed class ActionPerformer
    {
        private double secondsLeft;

        /// <summary>Walking speed, engine units per second.</summary>
        public float Speed = 1.5f;

        /// <summary>How close to the destination counts as arrived, engine units, measured
        /// horizontally: a body's height or a navigation mesh's offset never keeps it walking.</summary>
        public float ArrivalTolerance = 0.05f;

        /// <summary>The up axis left out of the arrival distance (0 X, 1 Y, 2 Z; -1 none).
        /// Y, as motive's own ground plane (x/z) and Unity have it.</summary>
        public int UpAxis = 1;

        /// <summary>What it is doing.</summary>
        public PerformerState State { get; private set; }

        /// <summary>The request being performed (meaningful unless <see cref="State"/> is Idle).</summary>
        public Event Request { get; private set; }

        /// <summary>Where a walk ends.</summary>
        public Vec3 Destination { get; private set; }

        /// <summary>Starts walking to <paramref name="destination"/> for <paramref name="request"/>.</summary>
        public void Walk(Event request, Vec3 destination)
        {
            Request = request;
            Destination = destination;
            State = PerformerState.Walking;
        }

        /// <summary>Starts an engine-performed action lasting <paramref name="seconds"/>.</summary>
        public void Perform(Event request, double seconds)
        {
            Request = request;
            secondsLeft = seconds;
            State = PerformerState.Performing;
        }

        /// <summary>Shows an action motive times; it ends when motive says so.</summary>
        public void Follow(Event request)
        {
            Request = request;
            State = PerformerState.Timed;
        }

        /// <summary>Seconds an engine-performed action has left (meaningful while Performing).</summary>
        internal double SecondsLeft { get { return secondsLeft; } }

        /// <summary>Takes back a performance saved beside its world (<see cref="WorldRunner.Save()"/>).</summary>
        internal void Restore(PerformerState state, Event request, Vec3 destination, double seconds)
        {
            State = state;
            Request = request;
            Destination = destination;
            secondsLeft = seconds;
        }

        /// <summary>Stops whatever it does (motive finished, cancelled or failed the action).</summary>
        public void Stop()
        {
            State = PerformerState.Idle;
        }

        /// <summary>
        /// Advances by <paramref name="dt"/> seconds. A walk moves <paramref name="position"/>
        /// toward the destination when <paramref name="moveSelf"/> (otherwise the engine's
        /// navigation moves it and this only watches). Returns true once, when a walk arrives
        /// or an engine action's time is up: report success then. The performer is idle after.
        /// </summary>
        public bool Advance(ref Vec3 position, double dt, bool moveSelf)
        {
            switch (State)
            {
                case PerformerState.Walking:
                    if (moveSelf)
                    {
                        position = StepToward(position, Destination, (float)(Speed * dt));
                    }
                    if (WalkTracker.HorizontalDistance(position, Destination, UpAxis) <= ArrivalTolerance)
                    {
                        State = PerformerState.Idle;
                        return true;
                    }
                    return false;
                case PerformerState.Performing:
                    secondsLeft -= dt;
                    if (secondsLeft <= 0)
                    {
                        State = PerformerState.Idle;
                        return true;
                    }
                    return false;
                default:
                    return false;
            }
        }

        /// <summary>
        /// Where to stand to act on a target at <paramref name="target"/>: <paramref name="standOff"/>
        /// short of it on the line from <paramref name="from"/>.
        /// </summary>
        public static Vec3 StandOffPoint(Vec3 from, Vec3 target, double standOff)
        {
            float distance = Distance(from, target);
            if (distance <= standOff || distance == 0)
            {
                return from;
            }
            return StepToward(target, from, (float)standOff);
        }

        /// <summary>The Euclidean distance between two positions.</summary>
        public static float Distance(Vec3 a, Vec3 b)
        {
            float dx = b.X - a.X, dy = b.Y - a.Y, dz = b.Z - a.Z;
            return (float)Math.Sqrt(dx * dx + dy * dy + dz * dz);
        }

        private static Vec3 StepToward(Vec3 from, Vec3 to, float step)
        {
            float distance = Distance(from, to);
            if (distance <= step)
            {
                return to;
            }
            float t = step / distance;
            return new Vec3(from.X + (to.X - from.X) * t, from.Y + (to.Y - from.Y) * t, from.Z + (to.Z - from.Z) * t);
        }
    }
}

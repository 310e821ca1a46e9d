using System;

namespace Motive
{
    /// <summary>How a walk watched by a <see cref="WalkTracker"/> stands.</summary>
    public enum WalkStatus
    {
        /// <summary>No walk.</summary>
        Idle,
        /// <summary>On the way.</summary>
        Walking,
        /// <summary>Close enough to the destination: report the walk succeeded.</summary>
        Arrived,
        /// <summary>No progress for <see cref="WalkTracker.StuckSeconds"/>: report the walk failed.</summary>
        Stuck,
    }

    /// <summary>What an engine's navigation (Unity's NavMeshAgent, …) says about a walk this frame.</summary>
    public struct NavigationState
    {
        /// <summary>A path is still being computed (<c>NavMeshAgent.pathPending</c>).</summary>
        public bool PathPending;

        /// <summary>Length of the rest of the path (<c>remainingDistance</c>); infinity when unknown.</summary>
        public float RemainingDistance;

        /// <summary>Where the navigation stops short of the destination (<c>stoppingDistance</c>).</summary>
        public float StoppingDistance;

        /// <summary>The path ends short of the destination, which it cannot reach (<c>pathStatus</c> PathPartial or PathInvalid).</summary>
        public bool PathIncomplete;

        /// <summary>How far from its target the action is performed (<see cref="Event.StandOff"/>).</summary>
        public double StandOff;
    }

    /// <summary>
    /// Watches a walk that an engine's navigation performs, without any engine: when to send it
    /// a destination, when the body has arrived, and when it is stuck. Heights do not count: the
    /// body's pivot (half a capsule above the floor) never reaches a destination on the floor,
    /// so arrival is on the horizontal distance (<see cref="UpAxis"/> left out).
    /// </summary>
    /// <remarks>
    /// A walk arrives when the horizontal distance to the destination is at most the largest of
    /// the navigation's stopping distance, the action's stand-off and
    /// <see cref="ArrivalTolerance"/>, or when the navigation itself reports the end of a
    /// complete path (no path pending, remaining distance within the stopping distance) a frame
    /// or more after it accepted the destination. It is stuck when the body has not moved
    /// <see cref="MinProgress"/> horizontally for <see cref="StuckSeconds"/>.
    /// </remarks>
    public sealed class WalkTracker
    {
        /// <summary>The default of <see cref="StuckSeconds"/>: five seconds without progress.</summary>
        public const float DefaultStuckSeconds = 5f;

        /// <summary>Seconds without progress after which the walk is stuck; 0 or less never times out.</summary>
        public float StuckSeconds = DefaultStuckSeconds;

        /// <summary>Horizontal distance the body must move to count as progress, engine units.</summary>
        public float MinProgress = 0.1f;

        /// <summary>Horizontal distance that always counts as arrived, engine units.</summary>
        public float ArrivalTolerance = 0.1f;

        /// <summary>How far the destination must move to be sent again, engine units.</summary>
        public float ResendDistance = 0.05f;

        /// <summary>The up axis, left out of distances: 0 for X, 1 for Y (Unity), 2 for Z (Unreal).</summary>
        public int UpAxis = 1;

        private Vec3 checkpoint;
        private Vec3 sent;
        private bool accepted;
        private int framesSinceSent;

        /// <summary>How the walk stands after the last <see cref="Update"/>.</summary>
        public WalkStatus Status { get; private set; }

        /// <summary>Where the walk goes.</summary>
        public Vec3 Destination { get; private set; }

        /// <summary>Seconds since the body last made progress.</summary>
        public float SecondsWithoutProgress { get; private set; }

        /// <summary>Starts watching a walk from <paramref name="position"/> to <paramref name="destination"/>.</summary>
        public void Begin(Vec3 destination, Vec3 position)
        {
            Destination = destination;
            checkpoint = position;
            accepted = false;
            framesSinceSent = 0;
            SecondsWithoutProgress = 0;
            Status = WalkStatus.Walking;
        }

        /// <summary>Stops watching (the walk was reported, cancelled or failed): Idle.</summary>
        public void End()
        {
            Status = WalkStatus.Idle;
            accepted = false;
        }

        /// <summary>
        /// True when the navigation must be given <paramref name="destination"/>: nothing sent
        /// yet, the last destination was refused, or the destination moved more than
        /// <see cref="ResendDistance"/> from the one sent. Call <see cref="DestinationSent"/>
        /// after sending it. Not every frame: a NavMeshAgent replans on each SetDestination.
        /// </summary>
        public bool NeedsDestination(Vec3 destination)
        {
            if (Status != WalkStatus.Walking)
            {
                return false;
            }
            Destination = destination;
            return !accepted || Distance3(sent, destination) > ResendDistance;
        }

        /// <summary>The navigation was given <paramref name="destination"/>; <paramref name="wasAccepted"/> is what it answered.</summary>
        public void DestinationSent(Vec3 destination, bool wasAccepted)
        {
            sent = destination;
            accepted = wasAccepted;
            framesSinceSent = 0;
        }

        /// <summary>
        /// One frame of <paramref name="dt"/> seconds with the body at <paramref name="position"/>
        /// and the navigation as <paramref name="navigation"/> says: Walking, or Arrived or Stuck,
        /// which stay until <see cref="End"/> or the next <see cref="Begin"/> (this does nothing
        /// unless Walking).
        /// </summary>
        public WalkStatus Update(Vec3 position, float dt, NavigationState navigation)
        {
            if (Status != WalkStatus.Walking)
            {
                return Status;
            }
            bool navigationArrived = accepted && framesSinceSent > 0 && !navigation.PathPending &&
                                     !navigation.PathIncomplete &&
                                     navigation.RemainingDistance <= navigation.StoppingDistance;
            framesSinceSent++;
            if (navigationArrived || HasArrived(position, Destination, navigation.StoppingDistance, navigation.StandOff))
            {
                return Finish(WalkStatus.Arrived);
            }
            if (HorizontalDistance(position, checkpoint, UpAxis) >= MinProgress)
            {
                checkpoint = position;
                SecondsWithoutProgress = 0;
                return Status;
            }
            SecondsWithoutProgress += dt;
            if (StuckSeconds > 0 && SecondsWithoutProgress >= StuckSeconds)
            {
                return Finish(WalkStatus.Stuck);
            }
            return Status;
        }

        /// <summary>
        /// True when <paramref name="position"/> is within the largest of
        /// <paramref name="stoppingDistance"/>, <paramref name="standOff"/> and
        /// <see cref="ArrivalTolerance"/> of <paramref name="destination"/>, horizontally.
        /// </summary>
        public bool HasArrived(Vec3 position, Vec3 destination, float stoppingDistance, double standOff)
        {
            double reach = Math.Max(Math.Max(stoppingDistance, standOff), ArrivalTolerance);
            return HorizontalDistance(position, destination, UpAxis) <= reach;
        }

        /// <summary>The distance between two positions with the <paramref name="upAxis"/> component left out.</summary>
        public static float HorizontalDistance(Vec3 a, Vec3 b, int upAxis)
        {
            float dx = upAxis == 0 ? 0 : b.X - a.X;
            float dy = upAxis == 1 ? 0 : b.Y - a.Y;
            float dz = upAxis == 2 ? 0 : b.Z - a.Z;
            return (float)Math.Sqrt(dx * dx + dy * dy + dz * dz);
        }

        private static float Distance3(Vec3 a, Vec3 b)
        {
            return HorizontalDistance(a, b, -1);
        }

        private WalkStatus Finish(WalkStatus status)
        {
            Status = status;
            accepted = false;
            return status;
        }
    }
}

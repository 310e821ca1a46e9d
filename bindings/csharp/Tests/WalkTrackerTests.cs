using NUnit.Framework;

namespace Motive.Tests
{
    /// <summary>The NavMesh walk's decisions: arrival on horizontal distance, when to send a destination, stuck walks.</summary>
    [TestFixture]
    public class WalkTrackerTests
    {
        private static NavigationState Navigating(float remaining = float.PositiveInfinity, float stopping = 0, double standOff = 0)
        {
            return new NavigationState { RemainingDistance = remaining, StoppingDistance = stopping, StandOff = standOff };
        }

        [Test]
        public void ABodyAboveItsDestinationArrivesOnHorizontalDistance()
        {
            var walk = new WalkTracker();
            // A capsule's pivot stands a metre above the floor point it walks to.
            walk.Begin(new Vec3(5, 0, 0), new Vec3(0, 1, 0));
            Assert.AreEqual(WalkStatus.Walking, walk.Update(new Vec3(3, 1, 0), 0.1f, Navigating()));
            Assert.AreEqual(WalkStatus.Arrived, walk.Update(new Vec3(4.95f, 1, 0), 0.1f, Navigating()));
            Assert.AreEqual(WalkStatus.Arrived, walk.Status, "until End");
            walk.End();
            Assert.AreEqual(WalkStatus.Idle, walk.Status);
        }

        [Test]
        public void StoppingDistanceAndStandOffCountAsArrived()
        {
            var walk = new WalkTracker();
            walk.Begin(new Vec3(10, 0, 0), default(Vec3));
            Assert.AreEqual(WalkStatus.Walking, walk.Update(new Vec3(9.2f, 0, 0), 0.1f, Navigating(stopping: 0.5f)));
            Assert.AreEqual(WalkStatus.Arrived, walk.Update(new Vec3(9.6f, 0, 0), 0.1f, Navigating(stopping: 0.5f)));
            walk.Begin(new Vec3(10, 0, 0), default(Vec3));
            Assert.AreEqual(WalkStatus.Arrived, walk.Update(new Vec3(9.3f, 0, 0), 0.1f, Navigating(standOff: 0.75)));
            Assert.IsTrue(walk.HasArrived(new Vec3(0, 7, 0.05f), default(Vec3), 0, 0), "within the tolerance");
            Assert.IsFalse(walk.HasArrived(new Vec3(0.2f, 0, 0), default(Vec3), 0, 0));
        }

        [Test]
        public void TheNavigationsOwnArrivalCountsOnceItHasThePath()
        {
            var walk = new WalkTracker();
            var far = new Vec3(0, 0, 0);
            walk.Begin(new Vec3(20, 0, 0), far);
            // Before any destination was accepted, a stale remaining distance of 0 means nothing.
            Assert.AreEqual(WalkStatus.Walking, walk.Update(far, 0.1f, Navigating(remaining: 0)));
            Assert.IsTrue(walk.NeedsDestination(new Vec3(20, 0, 0)));
            walk.DestinationSent(new Vec3(20, 0, 0), true);
            Assert.AreEqual(WalkStatus.Walking, walk.Update(far, 0.1f, Navigating(remaining: 0)), "the frame it was sent");
            var pending = Navigating(remaining: 0);
            pending.PathPending = true;
            Assert.AreEqual(WalkStatus.Walking, walk.Update(far, 0.1f, pending));
            var partial = Navigating(remaining: 0);
            partial.PathIncomplete = true;
            Assert.AreEqual(WalkStatus.Walking, walk.Update(far, 0.1f, partial), "the end of a partial path is not the destination");
            Assert.AreEqual(WalkStatus.Arrived, walk.Update(new Vec3(18, 0, 0), 0.1f, Navigating(remaining: 0.4f, stopping: 0.5f)));
        }

        [Test]
        public void TheDestinationIsSentOnlyWhenItChangesOrWasRefused()
        {
            var walk = new WalkTracker();
            var to = new Vec3(4, 0, 4);
            Assert.IsFalse(walk.NeedsDestination(to), "no walk");
            walk.Begin(to, default(Vec3));
            Assert.IsTrue(walk.NeedsDestination(to));
            walk.DestinationSent(to, false);
            Assert.IsTrue(walk.NeedsDestination(to), "refused (not on the NavMesh yet): again");
            walk.DestinationSent(to, true);
            Assert.IsFalse(walk.NeedsDestination(to));
            Assert.IsFalse(walk.NeedsDestination(new Vec3(4.02f, 0, 4)), "a jitter");
            var moved = new Vec3(5, 0, 4);
            Assert.IsTrue(walk.NeedsDestination(moved), "the target moved");
            Assert.AreEqual(moved, walk.Destination);
            walk.DestinationSent(moved, true);
            Assert.IsFalse(walk.NeedsDestination(moved));
        }

        [Test]
        public void AWalkWithoutProgressIsStuckAfterItsTimeout()
        {
            var walk = new WalkTracker { StuckSeconds = 2 };
            walk.Begin(new Vec3(10, 0, 0), default(Vec3));
            var at = default(Vec3);
            for (int i = 0; i < 15; i++)
            {
                Assert.AreEqual(WalkStatus.Walking, walk.Update(at, 0.1f, Navigating()), "1.5 s");
            }
            at = new Vec3(0.5f, 0, 0);
            Assert.AreEqual(WalkStatus.Walking, walk.Update(at, 0.1f, Navigating()), "progress");
            Assert.AreEqual(0f, walk.SecondsWithoutProgress);
            for (int i = 0; i < 19; i++)
            {
                Assert.AreEqual(WalkStatus.Walking, walk.Update(new Vec3(0.55f, 5, 0), 0.1f, Navigating()), "jitter and height are no progress");
            }
            Assert.AreEqual(WalkStatus.Stuck, walk.Update(at, 0.1f, Navigating()));
            Assert.AreEqual(WalkStatus.Stuck, walk.Update(new Vec3(10, 0, 0), 0.1f, Navigating()), "stays until End");
        }

        [Test]
        public void NoTimeoutWhenStuckSecondsIsZero()
        {
            var walk = new WalkTracker { StuckSeconds = 0 };
            walk.Begin(new Vec3(10, 0, 0), default(Vec3));
            for (int i = 0; i < 1000; i++)
            {
                Assert.AreEqual(WalkStatus.Walking, walk.Update(default(Vec3), 0.1f, Navigating()));
            }
            Assert.AreEqual(WalkTracker.DefaultStuckSeconds, new WalkTracker().StuckSeconds);
        }

        [Test]
        public void ZUpEnginesLeaveZOut()
        {
            var walk = new WalkTracker { UpAxis = 2 };
            walk.Begin(new Vec3(3, 4, 0), default(Vec3));
            Assert.AreEqual(WalkStatus.Arrived, walk.Update(new Vec3(3, 4, 90), 0.1f, Navigating()));
            Assert.AreEqual(5f, WalkTracker.HorizontalDistance(default(Vec3), new Vec3(3, 4, 12), 2), 1e-5);
            Assert.AreEqual(13f, WalkTracker.HorizontalDistance(default(Vec3), new Vec3(3, 4, 12), -1), 1e-5);
        }
    }
}

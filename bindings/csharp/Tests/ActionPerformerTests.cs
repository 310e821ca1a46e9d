using NUnit.Framework;

namespace Motive.Tests
{
    [TestFixture]
    public class ActionPerformerTests
    {
        [Test]
        public void AWalkMovesAtItsSpeedAndCompletesOnceOnArrival()
        {
            var performer = new ActionPerformer { Speed = 2 };
            var position = new Vec3(0, 0, 0);
            performer.Walk(default(Event), new Vec3(3, 0, 4));
            Assert.IsFalse(performer.Advance(ref position, 1, true));
            Assert.AreEqual(1.2f, position.X, 1e-5);
            Assert.AreEqual(1.6f, position.Z, 1e-5);
            Assert.AreEqual(PerformerState.Walking, performer.State);
            Assert.IsTrue(performer.Advance(ref position, 2, true));
            Assert.AreEqual(3f, position.X, 1e-5);
            Assert.AreEqual(PerformerState.Idle, performer.State);
            Assert.IsFalse(performer.Advance(ref position, 1, true), "completion is reported once");
        }

        [Test]
        public void AnEngineMovedWalkCompletesWhenTheBodyArrives()
        {
            var performer = new ActionPerformer();
            var position = new Vec3(0, 0, 0);
            performer.Walk(default(Event), new Vec3(5, 0, 0));
            Assert.IsFalse(performer.Advance(ref position, 10, false), "it does not move the body");
            Assert.AreEqual(0f, position.X);
            position = new Vec3(4.98f, 0, 0);
            Assert.IsTrue(performer.Advance(ref position, 0.1, false));
        }

        [Test]
        public void APerformanceCompletesWhenItsTimeIsUp()
        {
            var performer = new ActionPerformer();
            var position = new Vec3(1, 1, 1);
            performer.Perform(default(Event), 1.0);
            Assert.IsFalse(performer.Advance(ref position, 0.6, true));
            Assert.IsTrue(performer.Advance(ref position, 0.6, true));
            Assert.AreEqual(1f, position.X, "performing does not move");
        }

        [Test]
        public void TimedActionsWaitForMotive()
        {
            var performer = new ActionPerformer();
            var position = default(Vec3);
            performer.Follow(default(Event));
            Assert.IsFalse(performer.Advance(ref position, 100, true));
            Assert.AreEqual(PerformerState.Timed, performer.State);
            performer.Stop();
            Assert.AreEqual(PerformerState.Idle, performer.State);
        }

        [Test]
        public void TheStandOffPointIsShortOfTheTarget()
        {
            var p = ActionPerformer.StandOffPoint(new Vec3(0, 0, 0), new Vec3(10, 0, 0), 0.25);
            Assert.AreEqual(9.75f, p.X, 1e-5);
            var near = ActionPerformer.StandOffPoint(new Vec3(9.9f, 0, 0), new Vec3(10, 0, 0), 0.25);
            Assert.AreEqual(9.9f, near.X, 1e-5, "already within the stand-off: stay");
        }

        [Test]
        public void AWalkArrivesOnTheGroundWhateverTheBodysHeight()
        {
            var performer = new ActionPerformer();
            performer.Walk(default(Event), new Vec3(3, 0, 4));
            var body = new Vec3(3, 1.8f, 4); // a capsule's centre above the destination
            Assert.IsTrue(performer.Advance(ref body, 0.05, false), "arrived, though 1.8 above");
            performer.UpAxis = -1;
            performer.Walk(default(Event), new Vec3(3, 0, 4));
            Assert.IsFalse(performer.Advance(ref body, 0.05, false), "measured in 3-D it is not");
        }
    }
}

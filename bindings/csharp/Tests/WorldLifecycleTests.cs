using System;
using NUnit.Framework;

namespace Motive.Tests
{
    [TestFixture]
    public class WorldLifecycleTests
    {
        [Test]
        public void AWorldOutlivesItsDomainAndTicks()
        {
            World world;
            uint hunger;
            using (var domain = Domain.LoadFile(TestData.Path("tests/data/kitchen.json")))
            {
                hunger = domain.FindAttribute("hunger");
                world = new World(domain, 42);
            }
            using (world)
            {
                var npc = world.CreateNpc(NpcDef.Default);
                world.SetFact(npc.Entity, hunger, Value.Of(80.0));
                world.Tick(0.5);
                world.Tick(0.25);
                Assert.AreEqual(0.75, world.Time, 1e-12);
                Assert.AreEqual(42UL, world.Seed);
                Assert.AreEqual(80.0, world.GetFact(npc.Entity, hunger).AsNumber);
                Assert.AreEqual(EntityKind.Npc, world.KindOf(npc.Entity));
            }
        }

        [Test]
        public void ADisposedWorldRefusesCallsAndDisposesTwiceSafely()
        {
            var world = new World(HouseholdDomain(), 1);
            world.Dispose();
            Assert.Throws<ObjectDisposedException>(() => world.Tick(0.1));
            Assert.Throws<ObjectDisposedException>(() => world.PollEvents());
            world.Dispose();
        }

        [Test]
        public void ANegativeTickIsAnInvalidArgumentWithTheNativeMessage()
        {
            using (var world = new World(HouseholdDomain(), 1))
            {
                var e = Assert.Throws<MotiveException>(() => world.Tick(-1));
                Assert.AreEqual(Status.InvalidArgument, e.Status);
                StringAssert.Contains("dt", e.Message);
                Assert.AreEqual(0.0, world.Time);
            }
        }

        [Test]
        public void PositionsRoundTrip()
        {
            using (var world = new World(HouseholdDomain(), 1))
            {
                var npc = world.CreateNpc(NpcDef.Default);
                world.SetPosition(npc.Entity, new Vec3(1, 2, 3));
                var p = world.GetPosition(npc.Entity);
                Assert.AreEqual(new[] { 1f, 2f, 3f }, new[] { p.X, p.Y, p.Z });
            }
        }

#if MOTIVE_TEST_HOOKS // a library built with --features test-hooks (scripts/test-csharp)
        [Test]
        public void APanicPoisonsOnlyItsWorld()
        {
            using (var poisoned = new World(HouseholdDomain(), 1))
            using (var healthy = new World(HouseholdDomain(), 1))
            {
                Assert.Throws<WorldPoisonedException>(() => poisoned.DebugPanic());
                Assert.IsTrue(poisoned.IsPoisoned);
                var e = Assert.Throws<WorldPoisonedException>(() => poisoned.Tick(0.1));
                Assert.AreEqual(Status.Poisoned, e.Status);
                healthy.Tick(0.1);
                Assert.IsFalse(healthy.IsPoisoned);
            }
        }
#endif

        internal static Domain HouseholdDomain()
        {
            using (var scenario = Scenario.LoadFile(TestData.Path("scenarios/household.json")))
            {
                return scenario.CreateDomain();
            }
        }
    }
}

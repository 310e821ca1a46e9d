using NUnit.Framework;

namespace Motive.Tests
{
    [TestFixture]
    public class HandleTests
    {
        [Test]
        public void ADestroyedNpcsHandleIsStale()
        {
            using (var world = new World(WorldLifecycleTests.HouseholdDomain(), 1))
            {
                var npc = world.CreateNpc(NpcDef.Default);
                Assert.IsTrue(world.IsValid(npc));
                world.Destroy(npc);
                Assert.IsFalse(world.IsValid(npc));
                var e = Assert.Throws<StaleHandleException>(() => world.GetPosition(npc.Entity));
                Assert.AreEqual(Status.StaleHandle, e.Status);
                Assert.Throws<StaleHandleException>(() => world.Destroy(npc));
                // The slot is reused with a new generation: the old handle names nothing.
                var next = world.CreateNpc(NpcDef.Default);
                Assert.AreNotEqual(npc, next);
                Assert.Throws<StaleHandleException>(() => world.Drives(npc));
            }
        }

        [Test]
        public void AnotherWorldsHandleIsTheWrongWorld()
        {
            var domain = WorldLifecycleTests.HouseholdDomain();
            using (domain)
            using (var a = new World(domain, 1))
            using (var b = new World(domain, 1))
            {
                var npc = a.CreateNpc(NpcDef.Default);
                Assert.Throws<WrongWorldException>(() => b.GetPosition(npc.Entity));
            }
        }

        [Test]
        public void HandlesPackIntoAULongAndCompareByValue()
        {
            using (var world = new World(WorldLifecycleTests.HouseholdDomain(), 1))
            {
                var npc = world.CreateNpc(NpcDef.Default);
                var other = world.CreateNpc(NpcDef.Default);
                ulong bits = npc.ToUInt64();
                Assert.AreNotEqual(0UL, bits);
                Assert.AreEqual(npc, Npc.FromUInt64(bits));
                Assert.IsTrue(npc == Npc.FromUInt64(bits));
                Assert.IsTrue(npc != other);
                Assert.AreEqual(npc.Entity, Entity.FromUInt64(npc.Entity.ToUInt64()));
                Assert.AreEqual(npc, npc.Entity.AsNpc());
                Assert.AreEqual(npc.GetHashCode(), Npc.FromUInt64(bits).GetHashCode());
                Assert.IsTrue(Npc.Null.IsNull);
                Assert.AreEqual(0UL, Npc.Null.ToUInt64());
                Assert.IsFalse(npc.IsNull);
                var smartObject = world.CreateObject(SmartObjectDef.Default);
                Assert.AreEqual(smartObject, SmartObject.FromUInt64(smartObject.ToUInt64()));
                Assert.AreEqual(smartObject, smartObject.Entity.AsSmartObject());
                Assert.AreEqual(EntityKind.Object, world.KindOf(smartObject.Entity));
            }
        }
    }
}

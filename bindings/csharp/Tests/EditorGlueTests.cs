using System;
using NUnit.Framework;

namespace Motive.Tests
{
    /// <summary>The logic behind the editor's gizmos: slot markers from an archetype's slots, and the edit-mode domain cache.</summary>
    [TestFixture]
    public class EditorGlueTests
    {
        [Test]
        public void SlotMarkersStandAtTheOffsetsAndFaceTheObject()
        {
            using (var scenario = Scenario.LoadFile(TestData.Path("scenarios/hospital.json")))
            using (var domain = scenario.CreateDomain())
            {
                var at = new Vec3(10, 0, 5);
                var patient = SlotMarkers.For(domain, domain.FindArchetype("patient"), at);
                Assert.AreEqual(2, patient.Length);
                AssertVec(new Vec3(10, 0, 6), patient[0].Position);
                AssertVec(new Vec3(10, 0, 4), patient[1].Position);
                Assert.IsTrue(patient[0].FacesObject);
                AssertVec(new Vec3(10, 0, 6 - SlotMarkers.FacingLength), patient[0].FacingEnd);
                AssertVec(new Vec3(10, 0, 4 + SlotMarkers.FacingLength), patient[1].FacingEnd);
                var bed = SlotMarkers.For(domain, domain.FindArchetype("bed"), at);
                AssertVec(new Vec3(11, 0, 5), bed[0].Position);
                Assert.AreEqual(0, SlotMarkers.For(domain, domain.FindArchetype("medicine_cabinet"), at).Length);
            }
            var facing = SlotMarkers.Place(new SlotInfo { Offset = new Vec3(0, 0, 1), Facing = new Vec3(2, 0, 0), Required = true }, default(Vec3));
            Assert.IsFalse(facing.FacesObject);
            Assert.IsTrue(facing.Required);
            AssertVec(new Vec3(SlotMarkers.FacingLength, 0, 1), facing.FacingEnd);
            var centre = SlotMarkers.Place(new SlotInfo(), new Vec3(1, 2, 3));
            AssertVec(new Vec3(1, 2, 3), centre.FacingEnd);
        }

        [Test]
        public void TheEditModeDomainLoadsOncePerVersionAndRemembersFailures()
        {
            string json = TestData.Read("scenarios/pirate.json");
            int loads = 0;
            Func<Domain> load = () =>
            {
                loads++;
                using (var scenario = Scenario.LoadJson(json))
                {
                    return scenario.CreateDomain();
                }
            };
            using (var cache = new DomainCache())
            {
                var first = cache.Get("pirate.json", 1, load);
                Assert.IsNotNull(first);
                Assert.AreSame(first, cache.Get("pirate.json", 1, load));
                Assert.AreEqual(1, loads);
                var second = cache.Get("pirate.json", 2, load);
                Assert.AreNotSame(first, second);
                Assert.AreEqual(2, loads, "a new version reloads");
                second.FindArchetype("bar");
                Assert.Throws<ObjectDisposedException>(() => first.FindArchetype("bar"), "the old one is freed");

                json = "{\"domain\": {\"actions\": [ }";
                Assert.IsNull(cache.Get("pirate.json", 3, load));
                Assert.IsInstanceOf<ParseException>(cache.Failure);
                Assert.IsNull(cache.Get("pirate.json", 3, load));
                Assert.AreEqual(3, loads, "a failure is not retried until the file changes");
            }
        }

        private static void AssertVec(Vec3 expected, Vec3 actual)
        {
            Assert.AreEqual(expected.X, actual.X, 1e-5, "x");
            Assert.AreEqual(expected.Y, actual.Y, 1e-5, "y");
            Assert.AreEqual(expected.Z, actual.Z, 1e-5, "z");
        }
    }
}

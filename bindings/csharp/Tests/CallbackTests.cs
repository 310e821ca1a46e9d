using System;
using NUnit.Framework;

namespace Motive.Tests
{
    /// <summary>
    /// Context callbacks, on a GOAP domain made with the builder: "eat" (checked by the engine)
    /// makes the person fed; the goal "be_fed" wants fed.
    /// </summary>
    [TestFixture]
    public class CallbackTests
    {
        private Domain domain;
        private uint fed, eat, beFed, person;

        [SetUp]
        public void Build()
        {
            using (var builder = new DomainBuilder())
            {
                fed = builder.AddAttribute("fed", ValueKind.Bool);
                eat = builder.AddAction("eat");
                var isFed = new Operand { Kind = OperandKind.Constant, Constant = Value.Of(true) };
                builder.AddEffect(eat, new Effect { Role = Role.Consumer, Op = EffectOp.Set, Attribute = fed, Amount = isFed });
                var planning = ActionPlanning.Default;
                planning.EngineCheck = true;
                builder.SetActionPlanning(eat, planning);
                beFed = builder.AddGoapGoal("be_fed", 1, new Relevance { Kind = RelevanceKind.Fixed, Value = 1 });
                builder.AddGoapRequirement(beFed, new Condition
                {
                    Kind = ConditionKind.Compare, Role = Role.Consumer, Attribute = fed, Op = CmpOp.Eq, Rhs = isFed,
                });
                person = builder.AddArchetype("person");
                builder.AddSuppliedAction(person, eat);
                builder.AddConsumedAction(person, eat);
                builder.AddArchetypeGoapGoal(person, beFed);
                domain = builder.Build();
            }
        }

        [TearDown]
        public void Free()
        {
            domain.Dispose();
        }

        [Test]
        public void TheCallbackDecidesWhetherAnActionIsUsable()
        {
            using (var world = new World(domain, 1))
            using (var arena = new Arena())
            {
                var npc = world.SpawnNpc(person, new Vec3(0, 0, 0));
                world.SetFact(npc.Entity, fed, Value.Of(false));
                int calls = 0;
                Entity asked = Entity.Null;
                world.SetContextCallback((who, action, target) =>
                {
                    calls++;
                    asked = target;
                    Assert.AreEqual(npc, who);
                    return false;
                });
                var vetoed = arena.PlanGoap(world, npc, beFed, 0);
                Assert.AreEqual(0, vetoed.StepCount);
                Assert.AreEqual(1, calls);
                Assert.AreEqual(npc.Entity, asked);

                world.SetContextCallback(null);
                arena.Reset();
                var plan = arena.PlanGoap(world, npc, beFed, 0);
                Assert.AreEqual(SearchResult.Found, plan.Result);
                Assert.AreEqual(1, plan.StepCount);
                Assert.AreEqual(eat, plan.Step(0).Action);
                Assert.AreEqual(1, calls, "a cleared callback is not called");
            }
        }

        [Test]
        public void AnArenaCountsHowItsSearchesCameByTheirBinding()
        {
            using (var world = new World(domain, 1))
            using (var arena = new Arena())
            {
                var npc = world.SpawnNpc(person, new Vec3(0, 0, 0));
                world.SetFact(npc.Entity, fed, Value.Of(false));
                world.SetContextCallback((who, action, target) => true);
                arena.PlanGoap(world, npc, beFed, 0);
                arena.PlanGoap(world, npc, beFed, 0);
                Assert.AreEqual(2UL, arena.GoapBindStats.Bound, "a binding that asked is not kept");
                world.SetContextCallback(null);
                Assert.AreEqual(1, arena.PlanGoap(world, npc, beFed, 0).StepCount);
                Assert.AreEqual(1, arena.PlanGoap(world, npc, beFed, 0).StepCount);
                var stats = arena.GoapBindStats;
                Assert.AreEqual(3UL, stats.Bound);
                Assert.AreEqual(0UL, stats.Adjusted);
                Assert.AreEqual(1UL, stats.Kept);
            }
        }

        [Test]
        public void AnExceptionInACallbackIsRethrownFromTheCall()
        {
            using (var world = new World(domain, 1))
            using (var arena = new Arena())
            {
                var npc = world.SpawnNpc(person, new Vec3(0, 0, 0));
                world.SetFact(npc.Entity, fed, Value.Of(false));
                world.SetContextCallback((who, action, target) => { throw new InvalidOperationException("no path"); });
                var e = Assert.Throws<CallbackException>(() => arena.PlanGoap(world, npc, beFed, 0));
                Assert.IsInstanceOf<InvalidOperationException>(e.InnerException);
                StringAssert.Contains("no path", e.Message);
                // Kept once: the next call is clean.
                world.SetContextCallback((who, action, target) => true);
                arena.Reset();
                Assert.AreEqual(1, arena.PlanGoap(world, npc, beFed, 0).StepCount);
            }
        }

        [Test]
        public void TheRelevanceCallbackIsStoredAndCleared()
        {
            using (var world = new World(domain, 1))
            {
                world.SetRelevanceCallback((npc, goal) => 0.5);
                world.SetRelevanceCallback(null);
                world.Tick(0.1);
            }
        }
    }
}

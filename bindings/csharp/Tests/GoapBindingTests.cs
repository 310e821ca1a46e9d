using NUnit.Framework;

namespace Motive.Tests
{
    /// <summary>
    /// A GOAP binding kept in an NPC's own arena, the way a Unity component keeps one: the looting
    /// domain (src/sim/looting.json: a looter wants 10 gold; each chest holds 2, one unit further
    /// along x than the last; looting costs 1 plus 0.5 per unit walked), the chests' facts set
    /// between plans. Each plan equals a fresh arena's, and the arena says whether it kept its
    /// binding, adjusted it (a fact it read changed, its step binds as before) or bound again.
    /// </summary>
    [TestFixture]
    public class GoapBindingTests
    {
        [Test]
        public void AnNpcsOwnArenaFollowsTheFactsItsBindingRead()
        {
            using (var domain = Domain.LoadFile(TestData.Path("src/sim/looting.json")))
            using (var world = new World(domain, 1))
            using (var own = new Arena())
            {
                var looter = world.SpawnNpc(domain.FindArchetype("looter"), new Vec3(0, 0, 0));
                var chests = new Entity[4];
                for (int i = 0; i < chests.Length; i++)
                {
                    chests[i] = world.SpawnObject(domain.FindArchetype("chest"), new Vec3(1 + i, 0, 0)).Entity;
                }
                uint rich = domain.FindGoapGoal("rich");
                var last = own.GoapBindStats;
                // Plans in the looter's arena and in a fresh one, checks they agree, and checks the
                // cost, how many steps loot the nearest chest and what the arena did since last.
                System.Action<double, int, ulong, ulong, ulong> plansAs = (cost, nearest, bound, adjusted, kept) =>
                {
                    own.Reset();
                    var mine = own.PlanGoap(world, looter, rich, 0);
                    using (var freshArena = new Arena())
                    {
                        var fresh = freshArena.PlanGoap(world, looter, rich, 0);
                        Assert.AreEqual(SearchResult.Found, mine.Result);
                        Assert.AreEqual(fresh.StepCount, mine.StepCount);
                        Assert.AreEqual(fresh.Cost, mine.Cost);
                        int onNearest = 0;
                        for (int i = 0; i < mine.StepCount; i++)
                        {
                            Assert.AreEqual(fresh.Step(i).Target, mine.Step(i).Target);
                            onNearest += mine.Step(i).Target == chests[0] ? 1 : 0;
                        }
                        Assert.AreEqual(cost, mine.Cost);
                        Assert.AreEqual(nearest, onNearest);
                    }
                    var now = own.GoapBindStats;
                    Assert.AreEqual(bound, now.Bound - last.Bound, "bound");
                    Assert.AreEqual(adjusted, now.Adjusted - last.Adjusted, "adjusted");
                    Assert.AreEqual(kept, now.Kept - last.Kept, "kept");
                    last = now;
                };
                plansAs(7.5, 5, 1, 0, 0);
                plansAs(7.5, 5, 0, 0, 1);
                world.SetFact(chests[0], domain.FindAttribute("gold"), Value.Of(8.0));
                plansAs(3.0, 2, 0, 1, 0);
                world.SetFact(chests[0], domain.FindAttribute("locked"), Value.Of(true));
                plansAs(10.0, 0, 1, 0, 0);
            }
        }
    }
}

using System;
using System.Collections.Generic;
using System.Linq;
using NUnit.Framework;

namespace Motive.Tests
{
    /// <summary>
    /// Squads (Pittman's command hierarchy) through the wrapper: the shipped room clearing
    /// (scenarios/room_clearing.json) run by the headless simulator and read back (every officer
    /// at its corner, the squad's blackboard, members, superiors, its last order and that order's
    /// roster, all reported complete); membership refused for a unit that already has a superior,
    /// and a destroyed squad's handle gone stale; and a squad built in code whose order the
    /// test's own engine loop sees issued, recommended, adopted, completed and finished, and
    /// which a significant fact interrupts; and the engine reporting for members, a failure
    /// failing the order that awaits it.
    /// </summary>
    [TestFixture]
    public class SquadTests
    {
        /// <summary>The room-clearing scenario as shipped, one copy with its own seed.</summary>
        private sealed class RoomClearing : IDisposable
        {
            internal readonly Domain Domain;
            internal readonly Simulator Sim;
            internal readonly Squad Alpha;
            internal readonly Entity[] Officers = new Entity[4];
            internal readonly Entity[] Corners = new Entity[4];

            internal RoomClearing()
            {
                using (var scenario = Scenario.LoadFile(TestData.Path("scenarios/room_clearing.json")))
                {
                    Domain = scenario.CreateDomain();
                    Sim = scenario.Instantiate(null, 1, scenario.Seed);
                }
                Alpha = Named("alpha").AsSquad();
                for (int i = 0; i < 4; i++)
                {
                    Officers[i] = Named("officer_" + (i + 1));
                    Corners[i] = Named("corner_" + (i + 1));
                }
            }

            internal World World { get { return Sim.World; } }

            private Entity Named(string name)
            {
                return Sim.Entities.ToArray().First(e => Sim.EntityName(e) == name);
            }

            public void Dispose()
            {
                Sim.Dispose();
                Domain.Dispose();
            }
        }

        [Test]
        public void RoomClearingBringsEveryOfficerToItsCorner()
        {
            using (var room = new RoomClearing())
            {
                var world = room.World;
                Assert.IsTrue(world.IsValid(room.Alpha));
                Assert.AreEqual(EntityKind.Squad, world.KindOf(room.Alpha.Entity));
                Assert.AreEqual(room.Alpha, room.Alpha.Entity.AsSquad());
                // Before the first think: the scenario's members, no order yet.
                CollectionAssert.AreEqual(room.Officers, world.SquadMembers(room.Alpha).ToArray());
                Assert.AreEqual(Squad.Null, world.Superior(room.Alpha.Entity));
                SquadOrder none;
                Assert.IsFalse(world.TryGetSquadOrder(room.Alpha, out none));
                Assert.AreEqual(0, world.SquadRoster(room.Alpha).Count);

                room.Sim.Run(60);

                uint at = room.Domain.FindAttribute("at");
                for (int i = 0; i < 4; i++)
                {
                    Assert.AreEqual(room.Corners[i], world.GetFact(room.Officers[i], at).AsEntity, "officer_" + (i + 1) + " is at its corner");
                    Assert.AreEqual(room.Alpha, world.Superior(room.Officers[i]));
                }
                var blackboard = room.Alpha.Entity;
                Assert.IsTrue(world.GetFact(blackboard, room.Domain.FindAttribute("room_clear")).AsBool);
                Assert.IsTrue(world.GetFact(blackboard, room.Domain.FindAttribute("stacked")).AsBool);
                Assert.AreEqual(4.0, world.GetFact(blackboard, room.Domain.FindAttribute("members_alive")).AsNumber);
                Assert.AreEqual(4, world.SquadMembers(room.Alpha).Count);

                // Its latest order, clear_corners, ended: every officer was awaited and reported
                // complete, each sent to its own corner with hold_assigned.
                SquadOrder order;
                Assert.IsTrue(world.TryGetSquadOrder(room.Alpha, out order));
                Assert.AreEqual(room.Domain.FindAction("clear_corners"), order.Action);
                Assert.IsFalse(order.Active);
                Assert.AreEqual(4, (int)order.Entries);
                var roster = world.SquadRoster(room.Alpha).ToArray();
                Assert.AreEqual(4, roster.Length);
                uint hold = room.Domain.FindGoapGoal("hold_assigned");
                for (int i = 0; i < 4; i++)
                {
                    Assert.AreEqual(room.Officers[i], roster[i].Member);
                    Assert.AreEqual(hold, roster[i].Goal);
                    Assert.AreEqual(1.0, roster[i].Bias);
                    Assert.AreEqual(room.Corners[i], roster[i].Target);
                    Assert.IsTrue(roster[i].Awaited);
                    Assert.AreEqual(Report.Completed, roster[i].Report);
                }
                // The squad's own brain planned both orders.
                Assert.AreEqual(Brain.Goap, world.NpcBrain(blackboard.AsNpc()));
                world.Interrupt(room.Alpha);
            }
        }

        [Test]
        public void AUnitHasOneSuperiorAndADestroyedSquadIsStale()
        {
            using (var room = new RoomClearing())
            {
                var world = room.World;
                var bravo = world.CreateSquad(room.Domain.FindArchetype("swat_team"));
                Assert.IsTrue(world.IsValid(bravo));
                Assert.AreNotEqual(room.Alpha, bravo);

                // officer_1 is alpha's: it leaves alpha first.
                var taken = Assert.Throws<MotiveException>(() => world.AddSquadMember(bravo, room.Officers[0]));
                Assert.AreEqual(Status.InvalidArgument, taken.Status);
                StringAssert.Contains("leaves that squad first", taken.Message);
                var notMember = Assert.Throws<MotiveException>(() => world.RemoveSquadMember(bravo, room.Officers[0]));
                Assert.AreEqual(Status.NotFound, notMember.Status);
                Assert.AreEqual(room.Alpha, world.Superior(room.Officers[0]));
                world.RemoveSquadMember(room.Alpha, room.Officers[0]);
                Assert.AreEqual(Squad.Null, world.Superior(room.Officers[0]));
                world.AddSquadMember(bravo, room.Officers[0]);
                Assert.AreEqual(bravo, world.Superior(room.Officers[0]));
                Assert.AreEqual(3, world.SquadMembers(room.Alpha).Count);

                // Squads join squads, but not in a cycle; an officer's archetype is no squad's.
                world.AddSquadMember(room.Alpha, bravo.Entity);
                Assert.AreEqual(room.Alpha, world.Superior(bravo.Entity));
                var cycle = Assert.Throws<MotiveException>(() => world.AddSquadMember(bravo, room.Alpha.Entity));
                Assert.AreEqual(Status.InvalidArgument, cycle.Status);
                var officer = Assert.Throws<MotiveException>(() => world.CreateSquad(room.Domain.FindArchetype("officer")));
                Assert.AreEqual(Status.InvalidArgument, officer.Status);

                // Destroyed: the handle is stale; its member and its own superior let go of it.
                world.Destroy(bravo);
                Assert.IsFalse(world.IsValid(bravo));
                Assert.Throws<StaleHandleException>(() => world.SquadMembers(bravo));
                Assert.Throws<StaleHandleException>(() => world.SquadRoster(bravo));
                SquadOrder order;
                Assert.Throws<StaleHandleException>(() => world.TryGetSquadOrder(bravo, out order));
                Assert.Throws<StaleHandleException>(() => world.AddSquadMember(bravo, room.Officers[1]));
                Assert.Throws<StaleHandleException>(() => world.Interrupt(bravo));
                Assert.Throws<StaleHandleException>(() => world.Destroy(bravo));
                Assert.AreEqual(Squad.Null, world.Superior(room.Officers[0]));
                Assert.AreEqual(3, world.SquadMembers(room.Alpha).Count);
                using (var other = new RoomClearing())
                {
                    Assert.Throws<WrongWorldException>(() => other.World.SquadMembers(room.Alpha));
                }
            }
        }

        /// <summary>
        /// A squad built in code: two GOAP units whose goal "finish" (relevance 0) only an order
        /// makes worth pursuing, each working (an engine-ended action) to complete it; a squad
        /// archetype whose one goal "command" its order "order" satisfies; the order recommends
        /// "finish" (+1) to members 0 and 1, giving each a post (the squad's facts post_1,
        /// post_2) in its "assigned". The squad thinks every 100 s only; "alert" is a significant
        /// attribute (a sensor).
        /// </summary>
        private sealed class Built : IDisposable
        {
            internal readonly Domain Domain;
            internal readonly uint Done, Ordered, Alive, Assigned, Alert, Work, Order, Finish, Command, SquadArchetype, Unit, Post;
            internal readonly uint[] Posts = new uint[2];

            internal Built()
            {
                using (var b = new DomainBuilder())
                {
                    Done = b.AddAttribute("done", ValueKind.Bool);
                    Ordered = b.AddAttribute("ordered", ValueKind.Bool);
                    Alive = b.AddAttribute("alive", ValueKind.Number);
                    b.SetAttributeRange(Alive, 0, 10);
                    uint reported = b.AddAttribute("reported", ValueKind.Number);
                    b.SetAttributeRange(reported, 0, 10);
                    Assigned = b.AddAttribute("assigned", ValueKind.Entity);
                    Posts[0] = b.AddAttribute("post_1", ValueKind.Entity);
                    Posts[1] = b.AddAttribute("post_2", ValueKind.Entity);
                    Alert = b.AddAttribute("alert", ValueKind.Bool);
                    b.SetAttributeSignificant(Alert);
                    Assert.Throws<MotiveException>(() => b.SetAttributeSignificant(999));

                    Finish = b.AddGoapGoal("finish", 1, new Relevance { Kind = RelevanceKind.Fixed, Value = 0 });
                    b.AddGoapRequirement(Finish, Is(Done, true));
                    Command = b.AddGoapGoal("command", 1, new Relevance { Kind = RelevanceKind.Fixed, Value = 1 });
                    b.AddGoapRequirement(Command, Is(Ordered, true));

                    Work = b.AddAction("work");
                    b.AddEffect(Work, Set(Done, true));
                    b.SetActionTimeout(Work, double.PositiveInfinity);
                    Order = b.AddAction("order");
                    b.AddEffect(Order, Set(Ordered, true));
                    var recommendation = Recommendation.Of(Finish, 1.0);
                    Assert.IsTrue(recommendation.Required);
                    recommendation.TargetInto = Assigned;
                    var recommendations = new[] { recommendation };
                    b.SetActionOrder(Order, recommendations, 5.0, new[] { new uint[] { 0, 1 } }, new[] { Posts });
                    // An order has no duration; it recommends something; one array each.
                    uint timed = b.AddAction("timed");
                    b.SetActionDuration(timed, DurationKind.Seconds, 1.0, 0);
                    Assert.Throws<MotiveException>(() => b.SetActionOrder(timed, recommendations, 5.0));
                    Assert.Throws<MotiveException>(() => b.SetActionOrder(Order, new Recommendation[0], 5.0));
                    Assert.Throws<ArgumentException>(() => b.SetActionOrder(Order, recommendations, 5.0, new uint[2][]));

                    SquadArchetype = b.AddArchetype("squad");
                    Assert.Throws<MotiveException>(() => b.SetArchetypeSquad(SquadArchetype, Done, reported), "a bool is no count");
                    b.SetArchetypeSquad(SquadArchetype, Alive, reported);
                    b.AddConsumedAction(SquadArchetype, Order);
                    b.AddArchetypeGoapGoal(SquadArchetype, Command);
                    b.SetArchetypeState(SquadArchetype, Ordered, Value.Of(false));
                    b.SetArchetypeState(SquadArchetype, Alert, Value.Of(false));
                    // It thinks when told to, when its plan moves on, or when a sensor interrupts it.
                    var slow = ThinkSettings.Default;
                    slow.ThinkInterval = 100;
                    b.SetThinkSettings(SquadArchetype, slow);

                    Unit = b.AddArchetype("unit");
                    b.AddConsumedAction(Unit, Work);
                    b.AddSuppliedAction(Unit, Work);
                    b.AddArchetypeGoapGoal(Unit, Finish);
                    b.SetArchetypeState(Unit, Done, Value.Of(false));
                    b.SetArchetypeAutonomous(Unit, true);

                    Post = b.AddArchetype("post");
                    Domain = b.Build();
                }
            }

            private static Condition Is(uint attribute, bool value)
            {
                var constant = new Operand { Kind = OperandKind.Constant, Constant = Value.Of(value) };
                return new Condition { Kind = ConditionKind.Compare, Role = Role.Consumer, Attribute = attribute, Op = CmpOp.Eq, Rhs = constant };
            }

            private static Effect Set(uint attribute, bool value)
            {
                var constant = new Operand { Kind = OperandKind.Constant, Constant = Value.Of(value) };
                return new Effect { Role = Role.Consumer, Op = EffectOp.Set, Attribute = attribute, Amount = constant };
            }

            public void Dispose()
            {
                Domain.Dispose();
            }
        }

        [Test]
        public void ASquadBuiltInCodeOrdersItsMembersReportAndTheOrderFinishes()
        {
            using (var built = new Built())
            using (var world = new World(built.Domain, 3))
            {
                var a = world.SpawnNpc(built.Unit, new Vec3(0, 0, 0));
                var b = world.SpawnNpc(built.Unit, new Vec3(2, 0, 0));
                var posts = new[] { world.SpawnObject(built.Post, new Vec3(5, 0, 0)), world.SpawnObject(built.Post, new Vec3(6, 0, 0)) };
                var squad = world.CreateSquad(built.SquadArchetype);
                for (int i = 0; i < 2; i++)
                {
                    world.SetFact(squad.Entity, built.Posts[i], Value.Of(posts[i].Entity));
                }
                world.AddSquadMember(squad, a.Entity);
                world.AddSquadMember(squad, b.Entity);
                world.ThinkNow(squad.Entity.AsNpc());

                // The engine: performs every request of the units at once; keeps the squad's events.
                var squadEvents = new List<Event>();
                for (int step = 0; step < 30; step++)
                {
                    world.Tick(0.1);
                    foreach (var e in world.PollEvents())
                    {
                        if (e.Npc == squad.Entity)
                        {
                            squadEvents.Add(e);
                        }
                        else if (e.Kind == EventKind.ActionRequested)
                        {
                            Assert.AreEqual(built.Work, e.Action);
                            world.ReportAction(e.Npc.AsNpc(), e.Request, ActionOutcome.Succeeded);
                        }
                    }
                }

                Assert.IsNotEmpty(squadEvents);
                var issued = squadEvents[0];
                Assert.AreEqual(EventKind.OrderIssued, issued.Kind);
                Assert.AreEqual(built.Order, issued.Action);
                Assert.AreEqual(ActionEnd.Order, issued.EndedBy);
                Assert.AreEqual(5.0, issued.Seconds);
                // Each member is recommended "finish", adopts it and completes it; then the order ends.
                var units = new[] { a, b };
                foreach (var kind in new[] { EventKind.GoalRecommended, EventKind.MemberAdopted, EventKind.MemberCompleted })
                {
                    foreach (var unit in units)
                    {
                        var seen = squadEvents.Where(e => e.Kind == kind && e.Target == unit.Entity).ToArray();
                        Assert.AreEqual(1, seen.Length, kind + " for " + unit);
                        Assert.AreEqual(built.Finish, seen[0].Outcome);
                    }
                }
                int finished = squadEvents.FindIndex(e => e.Kind == EventKind.ActionFinished);
                Assert.GreaterOrEqual(finished, 0, "the order finished");
                Assert.AreEqual(built.Order, squadEvents[finished].Action);
                Assert.Less(squadEvents.FindLastIndex(e => e.Kind == EventKind.MemberCompleted), finished);
                Assert.IsFalse(squadEvents.Any(e => e.Kind == EventKind.MemberFailed || e.Kind == EventKind.ActionTimedOut));

                // The order, its roster and its effects: posts handed out by position, work done.
                SquadOrder order;
                Assert.IsTrue(world.TryGetSquadOrder(squad, out order));
                Assert.AreEqual(built.Order, order.Action);
                Assert.AreEqual(issued.Request, order.Request);
                Assert.IsFalse(order.Active);
                var roster = world.SquadRoster(squad).ToArray();
                Assert.AreEqual(2, roster.Length);
                for (int i = 0; i < 2; i++)
                {
                    Assert.AreEqual(units[i].Entity, roster[i].Member);
                    Assert.AreEqual(posts[i].Entity, roster[i].Target);
                    Assert.AreEqual(Report.Completed, roster[i].Report);
                    Assert.AreEqual(posts[i].Entity, world.GetFact(units[i].Entity, built.Assigned).AsEntity);
                    Assert.IsTrue(world.GetFact(units[i].Entity, built.Done).AsBool);
                }
                Assert.IsTrue(world.GetFact(squad.Entity, built.Ordered).AsBool);
                Assert.AreEqual(2.0, world.GetFact(squad.Entity, built.Alive).AsNumber);

                // A changed significant fact makes the squad decide again on the next tick; a
                // changed ordinary fact, or the same value written again, does not.
                var mind = squad.Entity.AsNpc();
                double decided = world.GoapDecision(mind).Time;
                world.SetFact(squad.Entity, built.Posts[0], Value.Of(b.Entity));
                world.Tick(0.1);
                Assert.AreEqual(decided, world.GoapDecision(mind).Time, "an ordinary fact");
                world.SetFact(squad.Entity, built.Alert, Value.Of(true));
                world.Tick(0.1);
                double alerted = world.GoapDecision(mind).Time;
                Assert.Greater(alerted, decided);
                Assert.AreEqual(world.Time, alerted, "on the next tick");
                world.SetFact(squad.Entity, built.Alert, Value.Of(true));
                world.Tick(0.1);
                Assert.AreEqual(alerted, world.GoapDecision(mind).Time, "the same value");

                // Interrupts cascade without failing; leaving the squad, a unit has no superior.
                world.Interrupt(squad);
                world.Tick(0.1);
                world.RemoveSquadMember(squad, b.Entity);
                Assert.AreEqual(Squad.Null, world.Superior(b.Entity));
                world.Destroy(squad);
                Assert.AreEqual(Squad.Null, world.Superior(a.Entity));
                Assert.IsTrue(world.IsValid(a));
            }
        }
    
        [Test]
        public void TheEngineReportsForMembersAndAFailureFailsTheOrder()
        {
            using (var built = new Built())
            using (var world = new World(built.Domain, 0))
            {
                var a = world.SpawnNpc(built.Unit, new Vec3(0, 0, 0));
                var b = world.SpawnNpc(built.Unit, new Vec3(2, 0, 0));
                var squad = world.CreateSquad(built.SquadArchetype);
                world.AddSquadMember(squad, a.Entity);
                world.AddSquadMember(squad, b.Entity);
                var early = Assert.Throws<MotiveException>(() => world.ReportToSquad(a.Entity, built.Finish, Report.Completed));
                Assert.AreEqual(Status.NotFound, early.Status, "no order yet");
                world.ThinkNow(squad.Entity.AsNpc());
                // The engine never reports the units' work: the order stands.
                for (int step = 0; step < 10; step++)
                {
                    world.Tick(0.1);
                }
                world.PollEvents();
                SquadOrder issued;
                Assert.IsTrue(world.TryGetSquadOrder(squad, out issued));
                Assert.IsTrue(issued.Active);

                var bad = Assert.Throws<MotiveException>(() => world.ReportToSquad(a.Entity, built.Finish, (Report)99));
                Assert.AreEqual(Status.InvalidArgument, bad.Status);
                var other = Assert.Throws<MotiveException>(() => world.ReportToSquad(a.Entity, built.Command, Report.Completed));
                Assert.AreEqual(Status.NotFound, other.Status, "not what it was recommended");
                world.ReportToSquad(a.Entity, built.Finish, Report.Completed);
                var roster = world.SquadRoster(squad).ToArray();
                Assert.AreEqual(2, roster.Length);
                Assert.AreEqual(Report.Completed, roster[0].Report);
                Assert.AreNotEqual(Report.Completed, roster[1].Report);
                SquadOrder standing;
                Assert.IsTrue(world.TryGetSquadOrder(squad, out standing));
                Assert.IsTrue(standing.Active, "b is still awaited");

                world.ReportToSquad(b.Entity, built.Finish, Report.Failed);
                world.Tick(0.1);
                var events = world.PollEvents().ToArray().Where(e => e.Npc == squad.Entity).ToArray();
                Assert.IsTrue(events.Any(e => e.Kind == EventKind.ActionFailed && e.Request == issued.Request), "the order failed");
                Assert.IsTrue(events.Any(e => e.Kind == EventKind.MemberFailed && e.Target == b.Entity && e.Outcome == built.Finish));
            }
        }
    }
}

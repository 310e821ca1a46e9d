using System;

namespace Motive
{
    public sealed unsafe partial class World
    {
        private readonly ListBuffer<Entity> squadMembers = new ListBuffer<Entity>(8);
        private readonly ListBuffer<RosterEntry> squadRoster = new ListBuffer<RosterEntry>(8);

        /// <summary>
        /// Creates a squad of <paramref name="archetype"/> (a squad's:
        /// <see cref="DomainBuilder.SetArchetypeSquad"/>, or <c>"squad"</c> in JSON) with no
        /// members (<c>motive_squad_create</c>). A squad has no body; it plans over its own facts
        /// (read and written on <see cref="Squad.Entity"/>) and its actions are orders to its
        /// members.
        /// </summary>
        public Squad CreateSquad(uint archetype)
        {
            Squad squad;
            Errors.Check(NativeMethods.motive_squad_create(Handle, archetype, out squad));
            return squad;
        }

        /// <summary>
        /// Destroys a squad (<c>motive_squad_destroy</c>): its standing order is withdrawn, its
        /// members leave it (they keep thinking), it leaves its own superior; its handle goes
        /// stale.
        /// </summary>
        public void Destroy(Squad squad)
        {
            Errors.Check(NativeMethods.motive_squad_destroy(Handle, squad));
        }

        /// <summary>True when <paramref name="squad"/> names a live squad of this world (<c>motive_squad_is_valid</c>).</summary>
        public bool IsValid(Squad squad)
        {
            return NativeMethods.motive_squad_is_valid(Handle, squad);
        }

        /// <summary>
        /// Makes <paramref name="unit"/> (a thinking NPC's or another squad's entity) a member of
        /// the squad, last in joining order (<c>motive_squad_add_member</c>). Refused
        /// (InvalidArgument): a unit already in a squad (it leaves that one first), a cycle, a
        /// hierarchy deeper than 8 levels, more than 256 members.
        /// </summary>
        public void AddSquadMember(Squad squad, Entity unit)
        {
            Errors.Check(NativeMethods.motive_squad_add_member(Handle, squad, unit));
        }

        /// <summary>
        /// Takes <paramref name="unit"/> out of the squad (<c>motive_squad_remove_member</c>): its
        /// recommendations are withdrawn and the standing order no longer waits for it (an order
        /// left awaiting none of the members it awaited fails at the end of the next tick).
        /// NotFound when it is not a member of that squad.
        /// </summary>
        public void RemoveSquadMember(Squad squad, Entity unit)
        {
            Errors.Check(NativeMethods.motive_squad_remove_member(Handle, squad, unit));
        }

        /// <summary>The squad's members (NPCs and squads), in joining order (<c>motive_squad_members</c>).</summary>
        public BufferView<Entity> SquadMembers(Squad squad) { return squadMembers.Fill(Queries.SquadMembers, Handle, squad); }

        /// <summary>
        /// The squad <paramref name="unit"/> (an NPC or a squad) is a member of;
        /// <see cref="Squad.Null"/> when none (<c>motive_entity_superior</c>).
        /// </summary>
        public Squad Superior(Entity unit)
        {
            Squad squad;
            Errors.Check(NativeMethods.motive_entity_superior(Handle, unit, out squad));
            return squad;
        }

        /// <summary>
        /// Interrupts the squad and everything under it (<c>motive_squad_interrupt</c>): each unit
        /// thinks on the next tick, the GOAP ones re-selecting their goal and replanning (a
        /// running action is cancelled).
        /// </summary>
        public void Interrupt(Squad squad)
        {
            Errors.Check(NativeMethods.motive_squad_interrupt(Handle, squad));
        }

        /// <summary>
        /// Reports for <paramref name="member"/> on <paramref name="goapGoal"/>, a goal its
        /// squad's standing order recommended to it (<c>motive_squad_report</c>):
        /// <see cref="Report.Adopted"/>, <see cref="Report.Completed"/> or
        /// <see cref="Report.Failed"/>, for units the engine drives itself or whose brain does not
        /// weigh goals (otherwise motive judges completion from the member's facts after every
        /// tick). A failure fails an order that awaits the member; NotFound when no standing order
        /// awaits such a report.
        /// </summary>
        public void ReportToSquad(Entity member, uint goapGoal, Report report)
        {
            Errors.Check(NativeMethods.motive_squad_report(Handle, member, goapGoal, (uint)report));
        }

        /// <summary>How the squad's latest order stands; false before its first (<c>motive_squad_get_order</c>).</summary>
        public bool TryGetSquadOrder(Squad squad, out SquadOrder order)
        {
            var status = NativeMethods.motive_squad_get_order(Handle, squad, out order);
            if (status == Status.NotFound)
            {
                return false;
            }
            Errors.Check(status);
            return true;
        }

        /// <summary>
        /// The roster of the squad's latest order: each recommendation to each member, in issue
        /// order, with what the member reported; empty before its first order
        /// (<c>motive_squad_roster</c>).
        /// </summary>
        public BufferView<RosterEntry> SquadRoster(Squad squad) { return squadRoster.Fill(Queries.SquadRoster, Handle, squad); }
    }

    internal static unsafe partial class Queries
    {
        internal static readonly ListQuery<WorldHandle, Squad> SquadMembers =
            (WorldHandle w, Squad squad, IntPtr b, UIntPtr c, out UIntPtr n) =>
                NativeMethods.motive_squad_members(w, squad, (Entity*)b, c, out n);

        internal static readonly ListQuery<WorldHandle, Squad> SquadRoster =
            (WorldHandle w, Squad squad, IntPtr b, UIntPtr c, out UIntPtr n) =>
                NativeMethods.motive_squad_roster(w, squad, (RosterEntry*)b, c, out n);
    }
}

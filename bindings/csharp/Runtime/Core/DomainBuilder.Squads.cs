using System;

namespace Motive
{
    public sealed unsafe partial class DomainBuilder
    {
        // ---- squads ------------------------------------------------------------------------

        /// <summary>
        /// Makes <paramref name="action"/> an order (<c>motive_domain_builder_set_action_order</c>):
        /// motive performs it by recommending <paramref name="recommendations"/> (1 to 64) to the
        /// squad's members; it ends when every awaited member has completed its goal, fails when
        /// one fails, and times out after <paramref name="timeout"/> seconds (finite, &gt; 0; 30
        /// is the usual). Recommendation i goes to the members at the joining-order positions
        /// <c>positions[i]</c> (null: every member) and hands out the targets held by the squad's
        /// entity attributes <c>targets[i]</c> (one shared, or one per recipient; null: none,
        /// unless it sets <see cref="Recommendation.TargetSupplier"/>). The action must have no
        /// duration; only squad archetypes may consume it.
        /// </summary>
        public void SetActionOrder(uint action, Recommendation[] recommendations, double timeout, uint[][] positions = null, uint[][] targets = null)
        {
            if (recommendations == null)
            {
                throw new ArgumentNullException("recommendations");
            }
            if (positions != null && positions.Length != recommendations.Length)
            {
                throw new ArgumentException("one position array per recommendation, or null", "positions");
            }
            if (targets != null && targets.Length != recommendations.Length)
            {
                throw new ArgumentException("one target array per recommendation, or null", "targets");
            }
            using (var pins = new Pins())
            {
                var copy = (Recommendation[])recommendations.Clone();
                for (int i = 0; i < copy.Length; i++)
                {
                    var at = positions == null ? null : positions[i];
                    var from = targets == null ? null : targets[i];
                    copy[i].Positions = (uint*)pins.Address(at);
                    copy[i].PositionCount = Pins.Count(at);
                    copy[i].Targets = (uint*)pins.Address(from);
                    copy[i].TargetCount = Pins.Count(from);
                }
                Errors.Check(NativeMethods.motive_domain_builder_set_action_order(
                    Handle, action, (Recommendation*)pins.Address(copy), Pins.Count(copy), timeout));
            }
        }

        /// <summary>
        /// Makes <paramref name="archetype"/> a squad's (<c>motive_domain_builder_set_archetype_squad</c>;
        /// <see cref="World.CreateSquad"/> makes its squads): bodiless, planning over its own
        /// facts. Before each tick's thinks motive writes the number of members to
        /// <paramref name="membersAlive"/> and the number that reported the standing order's goals
        /// complete to <paramref name="membersReported"/> (number attributes, or
        /// <see cref="Constants.NoId"/> for none).
        /// </summary>
        public void SetArchetypeSquad(uint archetype, uint membersAlive = Constants.NoId, uint membersReported = Constants.NoId)
        {
            Errors.Check(NativeMethods.motive_domain_builder_set_archetype_squad(Handle, archetype, membersAlive, membersReported));
        }

        /// <summary>
        /// Marks <paramref name="attribute"/> significant, or not
        /// (<c>motive_domain_builder_set_attribute_significant</c>): when the engine writes a
        /// changed value of it on an NPC or a squad (<see cref="World.SetFact"/>), that unit
        /// re-selects its goal and replans on the next tick (a sensor interrupt), a squad with
        /// everything under it.
        /// </summary>
        public void SetAttributeSignificant(uint attribute, bool significant = true)
        {
            Errors.Check(NativeMethods.motive_domain_builder_set_attribute_significant(Handle, attribute, significant));
        }

        /// <summary>
        /// Sets whether the archetype's units decide what to do themselves, true by default
        /// (<c>motive_domain_builder_set_archetype_autonomous</c>): one that does not pursues the
        /// most recommended goal while it has a recommendation.
        /// </summary>
        public void SetArchetypeAutonomous(uint archetype, bool autonomous)
        {
            Errors.Check(NativeMethods.motive_domain_builder_set_archetype_autonomous(Handle, archetype, autonomous));
        }
    }

    public partial struct Recommendation
    {
        /// <summary>
        /// A recommendation of <paramref name="goapGoal"/> with <paramref name="bias"/>, awaited,
        /// without a target (as a domain file's <c>"recommend"</c> entry with only
        /// <c>"goal"</c> and <c>"bias"</c>); positions and targets are given to
        /// <see cref="DomainBuilder.SetActionOrder"/>.
        /// </summary>
        public static Recommendation Of(uint goapGoal, double bias)
        {
            return new Recommendation { Goal = goapGoal, Bias = bias, TargetInto = Constants.NoId, Required = true };
        }
    }
}

using System;

namespace Motive
{
    /// <summary>
    /// Defines a domain in code, as the JSON format does in data: attributes, actions with their
    /// conditions and effects, drives and goals, archetypes. <see cref="Build"/> makes the
    /// immutable <see cref="Domain"/>. Score curves of the piecewise-linear shape take their
    /// points as an extra argument (the struct's pointer is filled from it). One thread at a time.
    /// </summary>
    public sealed unsafe partial class DomainBuilder : IDisposable
    {
        private readonly DomainBuilderHandle handle;

        /// <summary>An empty builder (<c>motive_domain_builder_create</c>).</summary>
        public DomainBuilder()
        {
            Library.EnsureCompatible();
            Errors.Check(NativeMethods.motive_domain_builder_create(out handle));
        }

        private DomainBuilderHandle Handle
        {
            get
            {
                if (handle.IsClosed)
                {
                    throw new ObjectDisposedException("DomainBuilder");
                }
                return handle;
            }
        }

        /// <summary>Builds the domain from every definition so far (<c>motive_domain_builder_build</c>).</summary>
        public Domain Build()
        {
            DomainHandle domain;
            Errors.Check(NativeMethods.motive_domain_builder_build(Handle, out domain));
            return new Domain(domain);
        }

        /// <summary>Frees the builder (<c>motive_domain_builder_destroy</c>); built domains live on.</summary>
        public void Dispose()
        {
            handle.Dispose();
        }

        // ---- attributes ------------------------------------------------------------------

        /// <summary>Defines an attribute (<c>motive_domain_builder_add_attribute</c>).</summary>
        public uint AddAttribute(string name, ValueKind type)
        {
            uint id;
            fixed (byte* text = Utf8.NullTerminated(name))
            {
                Errors.Check(NativeMethods.motive_domain_builder_add_attribute(Handle, text, (uint)type, out id));
            }
            return id;
        }

        /// <summary>Clamps a number attribute to [min, max] (<c>motive_domain_builder_set_attribute_range</c>).</summary>
        public void SetAttributeRange(uint attribute, double min, double max)
        {
            Errors.Check(NativeMethods.motive_domain_builder_set_attribute_range(Handle, attribute, min, max));
        }

        // ---- actions ---------------------------------------------------------------------

        /// <summary>Defines an engine-performed action without conditions or effects (<c>motive_domain_builder_add_action</c>).</summary>
        public uint AddAction(string name) { return Named(NativeMethods.motive_domain_builder_add_action, name); }

        /// <summary>Adds a precondition to the action (<c>motive_domain_builder_add_precondition</c>).</summary>
        public void AddPrecondition(uint action, Condition condition, CurvePoint[] scorePoints = null)
        {
            using (var pins = new Pins())
            {
                pins.Attach(ref condition.Curve, scorePoints);
                Errors.Check(NativeMethods.motive_domain_builder_add_precondition(Handle, action, &condition));
            }
        }

        /// <summary>Adds an effect to the action; effects apply in order (<c>motive_domain_builder_add_effect</c>).</summary>
        public void AddEffect(uint action, Effect effect)
        {
            Errors.Check(NativeMethods.motive_domain_builder_add_effect(Handle, action, &effect));
        }

        /// <summary>Makes the action check a world-effect generator (<c>motive_domain_builder_add_action_world_effect</c>).</summary>
        public void AddActionWorldEffect(uint action, uint worldEffect)
        {
            Errors.Check(NativeMethods.motive_domain_builder_add_action_world_effect(Handle, action, worldEffect));
        }

        /// <summary>Sets how long the action runs (<c>motive_domain_builder_set_action_duration</c>).</summary>
        public void SetActionDuration(uint action, DurationKind kind, double seconds, uint untilFull)
        {
            Errors.Check(NativeMethods.motive_domain_builder_set_action_duration(Handle, action, (uint)kind, seconds, untilFull));
        }

        /// <summary>Sets the stand-off and animation the engine performs the action with (<c>motive_domain_builder_set_action_hints</c>).</summary>
        public void SetActionHints(uint action, double standOff, uint animation)
        {
            Errors.Check(NativeMethods.motive_domain_builder_set_action_hints(Handle, action, standOff, animation));
        }

        /// <summary>Sets how GOAP prices and checks the action (<c>motive_domain_builder_set_action_planning</c>).</summary>
        public void SetActionPlanning(uint action, ActionPlanning planning)
        {
            Errors.Check(NativeMethods.motive_domain_builder_set_action_planning(Handle, action, &planning));
        }

        /// <summary>Adds a bounded GOAP cost of the distance to the target (<c>motive_domain_builder_set_action_distance_curve</c>).</summary>
        public void SetActionDistanceCurve(uint action, Curve curve, double maxCost, CurvePoint[] points = null)
        {
            using (var pins = new Pins())
            {
                pins.Attach(ref curve, points);
                Errors.Check(NativeMethods.motive_domain_builder_set_action_distance_curve(Handle, action, &curve, maxCost));
            }
        }

        /// <summary>
        /// Gives the action an outcome table: outcome i has <c>outcomes[i]</c>'s weight and the
        /// effects <c>effects[i]</c> (<c>motive_domain_builder_set_action_outcomes</c>).
        /// </summary>
        public void SetActionOutcomes(uint action, OutcomeDef[] outcomes, Effect[][] effects, OutcomeLearning learning, double priorStrength)
        {
            if (outcomes == null || effects == null || effects.Length != outcomes.Length)
            {
                throw new ArgumentException("one effect array per outcome", "effects");
            }
            using (var pins = new Pins())
            {
                var copy = (OutcomeDef[])outcomes.Clone();
                for (int i = 0; i < copy.Length; i++)
                {
                    copy[i].Effects = (Effect*)pins.Address(effects[i]);
                    copy[i].EffectCount = Pins.Count(effects[i]);
                }
                Errors.Check(NativeMethods.motive_domain_builder_set_action_outcomes(
                    Handle, action, (OutcomeDef*)pins.Address(copy), Pins.Count(copy), (uint)learning, priorStrength));
            }
        }

        // ---- world effects ---------------------------------------------------------------

        /// <summary>Defines a world-effect generator reaching <paramref name="within"/> (<c>motive_domain_builder_add_world_effect</c>).</summary>
        public uint AddWorldEffect(string name, double within)
        {
            uint id;
            fixed (byte* text = Utf8.NullTerminated(name))
            {
                Errors.Check(NativeMethods.motive_domain_builder_add_world_effect(Handle, text, within, out id));
            }
            return id;
        }

        /// <summary>Adds a filter to a world effect (<c>motive_domain_builder_add_world_effect_filter</c>).</summary>
        public void AddWorldEffectFilter(uint worldEffect, Condition condition, CurvePoint[] scorePoints = null)
        {
            using (var pins = new Pins())
            {
                pins.Attach(ref condition.Curve, scorePoints);
                Errors.Check(NativeMethods.motive_domain_builder_add_world_effect_filter(Handle, worldEffect, &condition));
            }
        }

        /// <summary>Adds an effect to a world effect (<c>motive_domain_builder_add_world_effect_effect</c>).</summary>
        public void AddWorldEffectEffect(uint worldEffect, Effect effect)
        {
            Errors.Check(NativeMethods.motive_domain_builder_add_world_effect_effect(Handle, worldEffect, &effect));
        }

        // ---- drives and UDGOAP goals -----------------------------------------------------

        /// <summary>Defines a drive (<c>motive_domain_builder_add_drive</c>).</summary>
        public uint AddDrive(string name, double weight)
        {
            uint id;
            fixed (byte* text = Utf8.NullTerminated(name))
            {
                Errors.Check(NativeMethods.motive_domain_builder_add_drive(Handle, text, weight, out id));
            }
            return id;
        }

        /// <summary>
        /// Makes the drive generate <paramref name="goal"/> for each subject in
        /// <paramref name="scope"/> where every condition holds
        /// (<c>motive_domain_builder_add_goal_generator</c>).
        /// </summary>
        public void AddGoalGenerator(uint drive, TriggerScope scope, Condition[] conditions, uint goal, CurvePoint[][] scorePoints = null)
        {
            using (var pins = new Pins())
            {
                Errors.Check(NativeMethods.motive_domain_builder_add_goal_generator(
                    Handle, drive, (uint)scope, pins.Conditions(conditions, scorePoints), Pins.Count(conditions), goal));
            }
        }

        /// <summary>Removes the drive from an NPC when the condition holds (<c>motive_domain_builder_add_drive_removal</c>).</summary>
        public void AddDriveRemoval(uint drive, Condition condition, CurvePoint[] scorePoints = null)
        {
            using (var pins = new Pins())
            {
                pins.Attach(ref condition.Curve, scorePoints);
                Errors.Check(NativeMethods.motive_domain_builder_add_drive_removal(Handle, drive, &condition));
            }
        }

        /// <summary>Defines a UDGOAP goal (<c>motive_domain_builder_add_goal</c>).</summary>
        public uint AddGoal(string name, double weight)
        {
            uint id;
            fixed (byte* text = Utf8.NullTerminated(name))
            {
                Errors.Check(NativeMethods.motive_domain_builder_add_goal(Handle, text, weight, out id));
            }
            return id;
        }

        /// <summary>Adds a completeness condition to a goal (<c>motive_domain_builder_add_goal_condition</c>).</summary>
        public void AddGoalCondition(uint goal, GoalCondition condition, CurvePoint[] points = null)
        {
            using (var pins = new Pins())
            {
                pins.Attach(ref condition.Curve, points);
                Errors.Check(NativeMethods.motive_domain_builder_add_goal_condition(Handle, goal, &condition));
            }
        }

        /// <summary>Drops the goal when the condition holds (<c>motive_domain_builder_add_goal_removal</c>).</summary>
        public void AddGoalRemoval(uint goal, Condition condition, CurvePoint[] scorePoints = null)
        {
            using (var pins = new Pins())
            {
                pins.Attach(ref condition.Curve, scorePoints);
                Errors.Check(NativeMethods.motive_domain_builder_add_goal_removal(Handle, goal, &condition));
            }
        }

        // ---- GOAP goals ------------------------------------------------------------------

        /// <summary>Defines a GOAP goal with its priority and relevance (<c>motive_domain_builder_add_goap_goal</c>).</summary>
        public uint AddGoapGoal(string name, uint priority, Relevance relevance, CurvePoint[] points = null)
        {
            uint id;
            using (var pins = new Pins())
            {
                pins.Attach(ref relevance.Curve, points);
                fixed (byte* text = Utf8.NullTerminated(name))
                {
                    Errors.Check(NativeMethods.motive_domain_builder_add_goap_goal(Handle, text, priority, &relevance, out id));
                }
            }
            return id;
        }

        /// <summary>Adds a requirement to a GOAP goal (<c>motive_domain_builder_add_goap_requirement</c>).</summary>
        public void AddGoapRequirement(uint goapGoal, Condition condition, CurvePoint[] scorePoints = null)
        {
            using (var pins = new Pins())
            {
                pins.Attach(ref condition.Curve, scorePoints);
                Errors.Check(NativeMethods.motive_domain_builder_add_goap_requirement(Handle, goapGoal, &condition));
            }
        }

        // ---- UBC -------------------------------------------------------------------------

        /// <summary>Defines a UBC goal rating an attribute through a curve (<c>motive_domain_builder_add_ubc_goal</c>).</summary>
        public uint AddUbcGoal(string name, uint attribute, UbcScope scope, double weight, Curve curve, CurvePoint[] points = null)
        {
            uint id;
            using (var pins = new Pins())
            {
                pins.Attach(ref curve, points);
                fixed (byte* text = Utf8.NullTerminated(name))
                {
                    Errors.Check(NativeMethods.motive_domain_builder_add_ubc_goal(Handle, text, attribute, (uint)scope, weight, &curve, out id));
                }
            }
            return id;
        }

        /// <summary>Defines a predefined plan (<c>motive_domain_builder_add_ubc_plan</c>).</summary>
        public uint AddUbcPlan(string name) { return Named(NativeMethods.motive_domain_builder_add_ubc_plan, name); }

        /// <summary>Appends a step to a predefined plan (<c>motive_domain_builder_add_ubc_plan_step</c>).</summary>
        public void AddUbcPlanStep(uint plan, uint action, UbcStepTarget on)
        {
            Errors.Check(NativeMethods.motive_domain_builder_add_ubc_plan_step(Handle, plan, action, (uint)on));
        }

        // ---- ambiance --------------------------------------------------------------------

        /// <summary>Defines an ambiance annotation (<c>motive_domain_builder_add_annotation</c>).</summary>
        public uint AddAnnotation(string name) { return Named(NativeMethods.motive_domain_builder_add_annotation, name); }

        /// <summary>Sets the action's ambiance annotations (<c>motive_domain_builder_set_action_annotations</c>).</summary>
        public void SetActionAnnotations(uint action, uint[] annotations)
        {
            fixed (uint* ids = annotations)
            {
                Errors.Check(NativeMethods.motive_domain_builder_set_action_annotations(Handle, action, ids, Pins.Count(annotations)));
            }
        }

        /// <summary>Sets the ambiance effect of each performance of the action (<c>motive_domain_builder_set_action_ambiance_effect</c>).</summary>
        public void SetActionAmbianceEffect(uint action, AmbianceModifier effect, uint[] annotations)
        {
            using (var pins = new Pins())
            {
                pins.Attach(ref effect, annotations);
                Errors.Check(NativeMethods.motive_domain_builder_set_action_ambiance_effect(Handle, action, &effect));
            }
        }

        /// <summary>Sets the annotations that apply to the archetype's NPCs (<c>motive_domain_builder_set_archetype_annotations</c>).</summary>
        public void SetArchetypeAnnotations(uint archetype, uint[] annotations)
        {
            fixed (uint* ids = annotations)
            {
                Errors.Check(NativeMethods.motive_domain_builder_set_archetype_annotations(Handle, archetype, ids, Pins.Count(annotations)));
            }
        }

        // ---- archetypes ------------------------------------------------------------------

        /// <summary>Defines an archetype (<c>motive_domain_builder_add_archetype</c>).</summary>
        public uint AddArchetype(string name) { return Named(NativeMethods.motive_domain_builder_add_archetype, name); }

        /// <summary>The archetype's entities supply the action (<c>motive_domain_builder_add_supplied_action</c>).</summary>
        public void AddSuppliedAction(uint archetype, uint action)
        {
            Errors.Check(NativeMethods.motive_domain_builder_add_supplied_action(Handle, archetype, action));
        }

        /// <summary>The archetype's NPCs may perform the action (<c>motive_domain_builder_add_consumed_action</c>).</summary>
        public void AddConsumedAction(uint archetype, uint action)
        {
            Errors.Check(NativeMethods.motive_domain_builder_add_consumed_action(Handle, archetype, action));
        }

        /// <summary>Gives the archetype's NPCs the drive (<c>motive_domain_builder_add_internal_drive</c>).</summary>
        public void AddInternalDrive(uint archetype, uint drive)
        {
            Errors.Check(NativeMethods.motive_domain_builder_add_internal_drive(Handle, archetype, drive));
        }

        /// <summary>Sets how drive satisfactions make one utility (<c>motive_domain_builder_set_top_level</c>).</summary>
        public void SetTopLevel(uint archetype, TopLevelKind kind, uint vetoDrive)
        {
            Errors.Check(NativeMethods.motive_domain_builder_set_top_level(Handle, archetype, (uint)kind, vetoDrive));
        }

        /// <summary>Adds a condition under which the archetype's NPCs die in simulation (<c>motive_domain_builder_add_death_condition</c>).</summary>
        public void AddDeathCondition(uint archetype, Condition condition, CurvePoint[] scorePoints = null)
        {
            using (var pins = new Pins())
            {
                pins.Attach(ref condition.Curve, scorePoints);
                Errors.Check(NativeMethods.motive_domain_builder_add_death_condition(Handle, archetype, &condition));
            }
        }

        /// <summary>Makes a number fact decay at <paramref name="rate"/> per second (<c>motive_domain_builder_add_need</c>).</summary>
        public void AddNeed(uint archetype, uint attribute, double rate)
        {
            Errors.Check(NativeMethods.motive_domain_builder_add_need(Handle, archetype, attribute, rate));
        }

        /// <summary>Sets how the archetype's NPCs think (<c>motive_domain_builder_set_think_settings</c>).</summary>
        public void SetThinkSettings(uint archetype, ThinkSettings settings)
        {
            Errors.Check(NativeMethods.motive_domain_builder_set_think_settings(Handle, archetype, &settings));
        }

        /// <summary>Attenuates utilities with distance (<c>motive_domain_builder_set_distance_attenuation</c>).</summary>
        public void SetDistanceAttenuation(uint archetype, Curve curve, CurvePoint[] points = null)
        {
            using (var pins = new Pins())
            {
                pins.Attach(ref curve, points);
                Errors.Check(NativeMethods.motive_domain_builder_set_distance_attenuation(Handle, archetype, &curve));
            }
        }

        /// <summary>Gives the archetype's NPCs a GOAP goal (<c>motive_domain_builder_add_archetype_goap_goal</c>).</summary>
        public void AddArchetypeGoapGoal(uint archetype, uint goapGoal)
        {
            Errors.Check(NativeMethods.motive_domain_builder_add_archetype_goap_goal(Handle, archetype, goapGoal));
        }

        /// <summary>Sets the action chosen when no goal has a plan (<c>motive_domain_builder_set_fallback</c>).</summary>
        public void SetFallback(uint archetype, uint action)
        {
            Errors.Check(NativeMethods.motive_domain_builder_set_fallback(Handle, archetype, action));
        }

        /// <summary>Gives the archetype's NPCs a UBC goal (<c>motive_domain_builder_add_archetype_ubc_goal</c>).</summary>
        public void AddArchetypeUbcGoal(uint archetype, uint ubcGoal, double weight)
        {
            Errors.Check(NativeMethods.motive_domain_builder_add_archetype_ubc_goal(Handle, archetype, ubcGoal, weight));
        }

        /// <summary>Gives the archetype's NPCs a predefined plan (<c>motive_domain_builder_add_archetype_ubc_plan</c>).</summary>
        public void AddArchetypeUbcPlan(uint archetype, uint plan)
        {
            Errors.Check(NativeMethods.motive_domain_builder_add_archetype_ubc_plan(Handle, archetype, plan));
        }

        /// <summary>
        /// Makes the action a joint one on the archetype's objects, with a timeout and the chance
        /// of success per number of users (<c>motive_domain_builder_set_joint_action</c>).
        /// </summary>
        public void SetJointAction(uint archetype, uint action, double timeout, double[] chance)
        {
            fixed (double* odds = chance)
            {
                Errors.Check(NativeMethods.motive_domain_builder_set_joint_action(Handle, archetype, action, timeout, odds, Pins.Count(chance)));
            }
        }

        /// <summary>Defines a tag (<c>motive_domain_builder_add_tag</c>).</summary>
        public uint AddTag(string name) { return Named(NativeMethods.motive_domain_builder_add_tag, name); }

        /// <summary>The archetype carries the tag (<c>motive_domain_builder_add_archetype_tag</c>).</summary>
        public void AddArchetypeTag(uint archetype, uint tag)
        {
            Errors.Check(NativeMethods.motive_domain_builder_add_archetype_tag(Handle, archetype, tag));
        }

        /// <summary>Adds a slot to the archetype, open to the given archetypes and tags (<c>motive_domain_builder_add_slot</c>).</summary>
        public uint AddSlot(uint archetype, SlotDef slot, uint[] userArchetypes = null, uint[] userTags = null)
        {
            uint id;
            using (var pins = new Pins())
            {
                slot.UserArchetypes = (uint*)pins.Address(userArchetypes);
                slot.UserArchetypeCount = Pins.Count(userArchetypes);
                slot.UserTags = (uint*)pins.Address(userTags);
                slot.UserTagCount = Pins.Count(userTags);
                Errors.Check(NativeMethods.motive_domain_builder_add_slot(Handle, archetype, &slot, out id));
            }
            return id;
        }

        /// <summary>Sets a fact every entity of the archetype starts with (<c>motive_domain_builder_set_archetype_state</c>).</summary>
        public void SetArchetypeState(uint archetype, uint attribute, Value value)
        {
            Errors.Check(NativeMethods.motive_domain_builder_set_archetype_state(Handle, archetype, attribute, &value));
        }

        /// <summary>
        /// Makes every entity of the archetype start holding itself in the entity attribute (an
        /// owner, a home: <c>motive_domain_builder_set_archetype_state_self</c>).
        /// </summary>
        public void SetArchetypeStateSelf(uint archetype, uint attribute)
        {
            Errors.Check(NativeMethods.motive_domain_builder_set_archetype_state_self(Handle, archetype, attribute));
        }

        /// <summary>Sets how the action is performed at this archetype's objects (<c>motive_domain_builder_set_archetype_hints</c>).</summary>
        public void SetArchetypeHints(uint archetype, uint action, double standOff, uint animation, bool faceTarget)
        {
            Errors.Check(NativeMethods.motive_domain_builder_set_archetype_hints(Handle, archetype, action, standOff, animation, faceTarget));
        }

        /// <summary>Sets the claim priority of the archetype's NPCs (<c>motive_domain_builder_set_claim_priority</c>).</summary>
        public void SetClaimPriority(uint archetype, byte priority)
        {
            Errors.Check(NativeMethods.motive_domain_builder_set_claim_priority(Handle, archetype, priority));
        }

        /// <summary>Sets how the archetype's NPCs treat objects with no open slot (<c>motive_domain_builder_set_contention</c>).</summary>
        public void SetContention(uint archetype, Contention contention, double penalty, double utilityFactor)
        {
            Errors.Check(NativeMethods.motive_domain_builder_set_contention(Handle, archetype, (uint)contention, penalty, utilityFactor));
        }

        private delegate Status NamedAdder(DomainBuilderHandle builder, byte* name, out uint id);

        private uint Named(NamedAdder adder, string name)
        {
            uint id;
            fixed (byte* text = Utf8.NullTerminated(name))
            {
                Errors.Check(adder(Handle, text, out id));
            }
            return id;
        }
    }
}

using System;
using System.Runtime.InteropServices;

namespace Motive
{
    /// <summary>
    /// A world: the NPCs and smart objects of one simulation, their facts and its clock. Tick it
    /// every frame, drain its events, and report the actions the engine performed. Per-frame
    /// calls (<see cref="Tick"/>, <see cref="PollEvents"/>, positions, facts, list queries)
    /// allocate nothing once their buffers have grown. Dispose it to free the native world; every
    /// handle it issued becomes stale.
    /// </summary>
    public sealed unsafe partial class World : IDisposable
    {
        private readonly WorldHandle handle;
        private GCHandle self;
        private Exception callbackException;
        private Event[] events = new Event[64];
        private readonly ListBuffer<Found> found = new ListBuffer<Found>(16);
        private readonly ListBuffer<GoapGoalState> goapGoals = new ListBuffer<GoapGoalState>(8);
        private readonly ListBuffer<DriveState> drives = new ListBuffer<DriveState>(8);
        private readonly ListBuffer<GoalState> goals = new ListBuffer<GoalState>(8);
        private readonly ListBuffer<PlanStep> plan = new ListBuffer<PlanStep>((int)Constants.MaxPlanDepth);
        private readonly ListBuffer<Candidate> candidates = new ListBuffer<Candidate>(32);
        private readonly ListBuffer<double> satisfactions = new ListBuffer<double>(64);
        private readonly ListBuffer<double> outcomeOdds = new ListBuffer<double>(4);
        private readonly ListBuffer<SlotState> slots = new ListBuffer<SlotState>(4);
        private readonly ListBuffer<Claim> claims = new ListBuffer<Claim>(4);
        private readonly ListBuffer<UbcRating> ubcRatings = new ListBuffer<UbcRating>(8);

        /// <summary>A world over <paramref name="domain"/> (<c>motive_world_create</c>).</summary>
        public World(Domain domain, WorldDef definition)
        {
            Library.EnsureCompatible();
            Errors.Check(NativeMethods.motive_world_create(domain.Handle, &definition, out handle));
        }

        /// <summary>A world over <paramref name="domain"/> with the default definition and <paramref name="seed"/>.</summary>
        public World(Domain domain, ulong seed = 0) : this(domain, WithSeed(seed)) { }

        internal World(WorldHandle handle)
        {
            this.handle = handle;
        }

        internal WorldHandle Handle
        {
            get
            {
                if (handle.IsClosed)
                {
                    throw new ObjectDisposedException("World");
                }
                return handle;
            }
        }

        internal ContextPredicate ContextPredicate { get; private set; }

        internal GoalRelevance GoalRelevance { get; private set; }

        // ---- clock -----------------------------------------------------------------------

        /// <summary>Advances the clock by <paramref name="dt"/> seconds: NPCs think, timed actions run (<c>motive_world_tick</c>).</summary>
        public void Tick(double dt)
        {
            Checked(NativeMethods.motive_world_tick(Handle, dt));
        }

        /// <summary>
        /// How many threads <see cref="Tick"/> thinks on, the calling thread included: 0 or 1 is the
        /// calling thread only (the default), at most <c>Constants.MaxThinkThreads</c>. Any count gives
        /// the events of one thread (<c>motive_world_set_think_threads</c>).
        /// </summary>
        public void SetThinkThreads(uint threads)
        {
            Errors.Check(NativeMethods.motive_world_set_think_threads(Handle, threads));
        }

        /// <summary>
        /// Threads <see cref="Tick"/> thinks on, the calling thread included: 1 until
        /// <see cref="SetThinkThreads"/>, and again in a loaded world, since the count is the
        /// machine's, not the save's (<c>motive_world_think_threads</c>).
        /// </summary>
        public uint ThinkThreads
        {
            get
            {
                uint threads;
                Errors.Check(NativeMethods.motive_world_think_threads(Handle, out threads));
                return threads;
            }
        }

        /// <summary>
        /// What the think threads (motive's own, or the job system's through
        /// <see cref="ThinkRange"/>) decided ahead since the world was created or loaded: whether
        /// they engage, and how often a decision had to be taken again at its turn
        /// (<c>motive_world_parallel_stats</c>).
        /// </summary>
        public ParallelStats ParallelStats
        {
            get
            {
                ParallelStats stats;
                Errors.Check(NativeMethods.motive_world_parallel_stats(Handle, out stats));
                return stats;
            }
        }

        /// <summary>
        /// Begins a tick whose thinks the engine's job system decides: returns the number of jobs for
        /// <see cref="ThinkRange"/>. Until <see cref="TickEnd"/>, every other call on the world fails
        /// with <c>TICK_OPEN</c> (<c>motive_world_tick_begin</c>).
        /// </summary>
        public int TickBegin(double dt)
        {
            UIntPtr jobs;
            Checked(NativeMethods.motive_world_tick_begin(Handle, dt, out jobs));
            return checked((int)jobs.ToUInt64());
        }

        /// <summary>
        /// Decides ahead for jobs <paramref name="first"/> to <paramref name="first"/> +
        /// <paramref name="count"/> - 1 of the open tick. Thread-safe: call it from several threads at
        /// once on disjoint ranges; jobs no range covers decide in <see cref="TickEnd"/>
        /// (<c>motive_world_think_range</c>).
        /// </summary>
        public void ThinkRange(int first, int count)
        {
            if (first < 0 || count < 0)
            {
                throw new ArgumentOutOfRangeException(first < 0 ? nameof(first) : nameof(count));
            }
            Errors.Check(NativeMethods.motive_world_think_range(Handle, (UIntPtr)(uint)first, (UIntPtr)(uint)count));
        }

        /// <summary>Ends the tick <see cref="TickBegin"/> opened: the thinks commit in order and the tick completes, as <see cref="Tick"/> would (<c>motive_world_tick_end</c>).</summary>
        public void TickEnd()
        {
            Checked(NativeMethods.motive_world_tick_end(Handle));
        }

        /// <summary>
        /// A tick whose thinks run on the .NET thread pool (<see cref="System.Threading.Tasks.Parallel"/>),
        /// ranges of <paramref name="grain"/> jobs each: the events are <see cref="Tick"/>'s. It
        /// allocates (the pool's tasks and this call's closure): for frames without garbage, let
        /// motive think on its own threads (<see cref="SetThinkThreads"/>), or call
        /// <see cref="TickBegin"/>, <see cref="ThinkRange"/> and <see cref="TickEnd"/> from your
        /// job system.
        /// </summary>
        public void TickParallel(double dt, int grain = 64)
        {
            if (grain < 1)
            {
                throw new ArgumentOutOfRangeException(nameof(grain));
            }
            int jobs = TickBegin(dt);
            try
            {
                int ranges = (jobs + grain - 1) / grain;
                System.Threading.Tasks.Parallel.For(0, ranges, r =>
                    ThinkRange(r * grain, Math.Min(grain, jobs - r * grain)));
            }
            finally
            {
                TickEnd();
            }
        }

        /// <summary>Simulated seconds since creation (<c>motive_world_time</c>).</summary>
        public double Time
        {
            get
            {
                double seconds;
                Errors.Check(NativeMethods.motive_world_time(Handle, out seconds));
                return seconds;
            }
        }

        /// <summary>The seed of every random draw (<c>motive_world_seed</c>).</summary>
        public ulong Seed
        {
            get
            {
                ulong seed;
                Errors.Check(NativeMethods.motive_world_seed(Handle, out seed));
                return seed;
            }
        }

        /// <summary>True after a panic inside the world; it then refuses every call but Dispose (<c>motive_world_is_poisoned</c>).</summary>
        public bool IsPoisoned
        {
            get { return NativeMethods.motive_world_is_poisoned(Handle); }
        }

        /// <summary>Plan-state expansions all thinks of the last tick used (<c>motive_world_last_tick_expansions</c>).</summary>
        public uint LastTickExpansions
        {
            get
            {
                uint expansions;
                Errors.Check(NativeMethods.motive_world_last_tick_expansions(Handle, out expansions));
                return expansions;
            }
        }

        // ---- entities --------------------------------------------------------------------

        /// <summary>Creates an NPC as <paramref name="definition"/> says (<c>motive_npc_create</c>).</summary>
        public Npc CreateNpc(NpcDef definition)
        {
            Npc npc;
            Errors.Check(NativeMethods.motive_npc_create(Handle, &definition, out npc));
            return npc;
        }

        /// <summary>Spawns an NPC of <paramref name="archetype"/> at <paramref name="position"/> (<c>motive_npc_spawn</c>).</summary>
        public Npc SpawnNpc(uint archetype, Vec3 position)
        {
            Npc npc;
            Errors.Check(NativeMethods.motive_npc_spawn(Handle, archetype, position, out npc));
            return npc;
        }

        /// <summary>Destroys an NPC; its handle goes stale (<c>motive_npc_destroy</c>).</summary>
        public void Destroy(Npc npc)
        {
            Errors.Check(NativeMethods.motive_npc_destroy(Handle, npc));
        }

        /// <summary>True when <paramref name="npc"/> names a live NPC of this world (<c>motive_npc_is_valid</c>).</summary>
        public bool IsValid(Npc npc)
        {
            return NativeMethods.motive_npc_is_valid(Handle, npc);
        }

        /// <summary>Creates a smart object as <paramref name="definition"/> says (<c>motive_object_create</c>).</summary>
        public SmartObject CreateObject(SmartObjectDef definition)
        {
            SmartObject created;
            Errors.Check(NativeMethods.motive_object_create(Handle, &definition, out created));
            return created;
        }

        /// <summary>Spawns a smart object of <paramref name="archetype"/> at <paramref name="position"/> (<c>motive_object_spawn</c>).</summary>
        public SmartObject SpawnObject(uint archetype, Vec3 position)
        {
            SmartObject spawned;
            Errors.Check(NativeMethods.motive_object_spawn(Handle, archetype, position, out spawned));
            return spawned;
        }

        /// <summary>Destroys a smart object; its handle goes stale (<c>motive_object_destroy</c>).</summary>
        public void Destroy(SmartObject smartObject)
        {
            Errors.Check(NativeMethods.motive_object_destroy(Handle, smartObject));
        }

        /// <summary>True when <paramref name="smartObject"/> names a live object of this world (<c>motive_object_is_valid</c>).</summary>
        public bool IsValid(SmartObject smartObject)
        {
            return NativeMethods.motive_object_is_valid(Handle, smartObject);
        }

        /// <summary>Whether the entity is an NPC or a smart object (<c>motive_entity_get_kind</c>).</summary>
        public EntityKind KindOf(Entity entity)
        {
            EntityKind kind;
            Errors.Check(NativeMethods.motive_entity_get_kind(Handle, entity, out kind));
            return kind;
        }

        /// <summary>The entity's position (<c>motive_entity_position</c>).</summary>
        public Vec3 GetPosition(Entity entity)
        {
            Vec3 position;
            Errors.Check(NativeMethods.motive_entity_position(Handle, entity, out position));
            return position;
        }

        /// <summary>Moves the entity (<c>motive_entity_set_position</c>): the engine owns positions.</summary>
        public void SetPosition(Entity entity, Vec3 position)
        {
            Errors.Check(NativeMethods.motive_entity_set_position(Handle, entity, position));
        }

        // ---- facts -----------------------------------------------------------------------

        /// <summary>Sets a fact of the entity (<c>motive_entity_set_fact</c>); see <see cref="Value.Of(double)"/>.</summary>
        public void SetFact(Entity entity, uint attribute, Value value)
        {
            Errors.Check(NativeMethods.motive_entity_set_fact(Handle, entity, attribute, &value));
        }

        /// <summary>A fact of the entity (<c>motive_entity_get_fact</c>); NotFound when it has none.</summary>
        public Value GetFact(Entity entity, uint attribute)
        {
            Value value;
            Errors.Check(NativeMethods.motive_entity_get_fact(Handle, entity, attribute, out value));
            return value;
        }

        // ---- events and actions ----------------------------------------------------------

        /// <summary>
        /// Drains every pending event, oldest first, into the world's reused buffer
        /// (<c>motive_world_poll_events</c>, called until the queue is empty). The view is valid
        /// until the next call.
        /// </summary>
        public BufferView<Event> PollEvents()
        {
            var handle = Handle;
            int count = 0;
            while (true)
            {
                UIntPtr polled;
                fixed (Event* free = &events[count])
                {
                    Errors.Check(NativeMethods.motive_world_poll_events(handle, free, (UIntPtr)(events.Length - count), out polled));
                }
                count += (int)polled;
                if (count < events.Length)
                {
                    return new BufferView<Event>(events, count);
                }
                Array.Resize(ref events, events.Length * 2);
            }
        }

        /// <summary>
        /// Keeps at most <paramref name="limit"/> events pending until polled: 1 to
        /// <c>Constants.MaxEventLimit</c> (default <c>Constants.DefaultEventLimit</c>). Past it each
        /// new event drops the oldest, counted by <see cref="DroppedEvents"/>, so a world nobody polls
        /// stays bounded. Not saved: a loaded world has the default
        /// (<see cref="WorldRunner.LoadInPlace"/> keeps it) (<c>motive_world_set_event_limit</c>).
        /// </summary>
        public void SetEventLimit(uint limit)
        {
            Errors.Check(NativeMethods.motive_world_set_event_limit(Handle, limit));
        }

        /// <summary>Most events kept pending until polled (<c>motive_world_event_limit</c>).</summary>
        public uint EventLimit
        {
            get
            {
                uint limit;
                Errors.Check(NativeMethods.motive_world_event_limit(Handle, out limit));
                return limit;
            }
        }

        /// <summary>
        /// Events dropped unpolled because more than <see cref="EventLimit"/> were pending, since
        /// the world was created or loaded: 0 while the game polls every frame
        /// (<c>motive_world_dropped_events</c>).
        /// </summary>
        public ulong DroppedEvents
        {
            get
            {
                ulong dropped;
                Errors.Check(NativeMethods.motive_world_dropped_events(Handle, out dropped));
                return dropped;
            }
        }

        /// <summary>Reports an action the engine performed, echoing the event's request (<c>motive_npc_report_action</c>).</summary>
        public void ReportAction(Npc npc, uint request, ActionOutcome outcome)
        {
            Errors.Check(NativeMethods.motive_npc_report_action(Handle, npc, request, (uint)outcome));
        }

        /// <summary>
        /// Entities supplying <paramref name="action"/> within <paramref name="range"/> of
        /// <paramref name="center"/> that <paramref name="user"/> may use (null: anyone), nearest
        /// first (<c>motive_world_find_suppliers</c>).
        /// </summary>
        public BufferView<Found> FindSuppliers(uint action, Vec3 center, double range, Npc user)
        {
            var query = new SupplierQuery { Action = action, Center = center, Range = range, User = user };
            return found.Fill(Queries.Suppliers, Handle, query);
        }

        // ---- minds -----------------------------------------------------------------------

        /// <summary>Makes the NPC think at the next tick (<c>motive_npc_think_now</c>).</summary>
        public void ThinkNow(Npc npc)
        {
            Checked(NativeMethods.motive_npc_think_now(Handle, npc));
        }

        /// <summary>Abandons the NPC's running action and plan to replan (<c>motive_npc_interrupt</c>).</summary>
        public void Interrupt(Npc npc)
        {
            Errors.Check(NativeMethods.motive_npc_interrupt(Handle, npc));
        }

        /// <summary>Gives the NPC the drive at run time (<c>motive_npc_add_drive</c>).</summary>
        public void AddDrive(Npc npc, uint drive)
        {
            Errors.Check(NativeMethods.motive_npc_add_drive(Handle, npc, drive));
        }

        /// <summary>The NPC's drives and their satisfaction at its last think (<c>motive_npc_drives</c>).</summary>
        public BufferView<DriveState> Drives(Npc npc) { return drives.Fill(Queries.Drives, Handle, npc); }

        /// <summary>The NPC's goals (<c>motive_npc_goals</c>).</summary>
        public BufferView<GoalState> Goals(Npc npc) { return goals.Fill(Queries.Goals, Handle, npc); }

        /// <summary>The steps left in the NPC's plan (<c>motive_npc_plan</c>).</summary>
        public BufferView<PlanStep> Plan(Npc npc) { return plan.Fill(Queries.Plan, Handle, npc); }

        /// <summary>The action the NPC performs; false when it is idle (<c>motive_npc_running_action</c>).</summary>
        public bool TryGetRunningAction(Npc npc, out RunningAction action)
        {
            var status = NativeMethods.motive_npc_running_action(Handle, npc, out action);
            if (status == Status.NotFound)
            {
                return false;
            }
            Errors.Check(status);
            return true;
        }

        /// <summary>The goal the NPC's plan serves most; false without one (<c>motive_npc_current_goal</c>).</summary>
        public bool TryGetCurrentGoal(Npc npc, out CurrentGoal goal)
        {
            var status = NativeMethods.motive_npc_current_goal(Handle, npc, out goal);
            if (status == Status.NotFound)
            {
                return false;
            }
            Errors.Check(status);
            return true;
        }

        /// <summary>Summary of the NPC's last decision (<c>motive_npc_explain</c>).</summary>
        public Explanation Explain(Npc npc)
        {
            Explanation explanation;
            Errors.Check(NativeMethods.motive_npc_explain(Handle, npc, out explanation));
            return explanation;
        }

        /// <summary>The candidate plan states of the NPC's last decision (<c>motive_npc_explain_candidates</c>).</summary>
        public BufferView<Candidate> ExplainCandidates(Npc npc) { return candidates.Fill(Queries.Candidates, Handle, npc); }

        /// <summary>
        /// Drive satisfactions per candidate of the last decision, candidate-major
        /// (<c>motive_npc_explain_satisfactions</c>; <see cref="Explanation.DriveCount"/> per candidate).
        /// </summary>
        public BufferView<double> ExplainSatisfactions(Npc npc) { return satisfactions.Fill(Queries.Satisfactions, Handle, npc); }

        /// <summary>Adds <paramref name="bias"/> to a GOAP goal's relevance for the NPC (<c>motive_npc_set_goal_bias</c>).</summary>
        public void SetGoalBias(Npc npc, uint goapGoal, double bias)
        {
            Errors.Check(NativeMethods.motive_npc_set_goal_bias(Handle, npc, goapGoal, bias));
        }

        /// <summary>The NPC's last GOAP decision (<c>motive_npc_goap_decision</c>).</summary>
        public GoapDecision GoapDecision(Npc npc)
        {
            GoapDecision decision;
            Errors.Check(NativeMethods.motive_npc_goap_decision(Handle, npc, out decision));
            return decision;
        }

        /// <summary>The NPC's GOAP goals as its last think saw them (<c>motive_npc_goap_goals</c>).</summary>
        public BufferView<GoapGoalState> GoapGoals(Npc npc) { return goapGoals.Fill(Queries.GoapGoals, Handle, npc); }

        /// <summary>The NPC's last UBC decision (<c>motive_npc_ubc_decision</c>).</summary>
        public UbcDecision UbcDecision(Npc npc)
        {
            UbcDecision decision;
            Errors.Check(NativeMethods.motive_npc_ubc_decision(Handle, npc, out decision));
            return decision;
        }

        /// <summary>How each predefined plan rated at the NPC's last decision (<c>motive_npc_ubc_ratings</c>).</summary>
        public BufferView<UbcRating> UbcRatings(Npc npc) { return ubcRatings.Fill(Queries.UbcRatings, Handle, npc); }

        // ---- outcomes, slots and claims --------------------------------------------------

        /// <summary>The odds of each outcome of <paramref name="action"/> now (<c>motive_world_outcome_probabilities</c>).</summary>
        public BufferView<double> OutcomeProbabilities(uint action) { return outcomeOdds.Fill(Queries.OutcomeOdds, Handle, action); }

        /// <summary>The state of each slot of the entity (<c>motive_entity_slots</c>).</summary>
        public BufferView<SlotState> Slots(Entity entity) { return slots.Fill(Queries.Slots, Handle, entity); }

        /// <summary>The slots the NPC holds for its plan (<c>motive_npc_claims</c>).</summary>
        public BufferView<Claim> Claims(Npc npc) { return claims.Fill(Queries.Claims, Handle, npc); }

        /// <summary>Sets the NPC's claim priority (<c>motive_npc_set_claim_priority</c>; see <see cref="Constants.ClaimPriorityNormal"/>).</summary>
        public void SetClaimPriority(Npc npc, byte priority)
        {
            Errors.Check(NativeMethods.motive_npc_set_claim_priority(Handle, npc, priority));
        }

        // ---- spatial index ---------------------------------------------------------------

        /// <summary>The spatial index's cell size (<c>motive_world_spatial_cell_size</c> / <c>motive_world_set_spatial_cell_size</c>).</summary>
        public float SpatialCellSize
        {
            get
            {
                float size;
                Errors.Check(NativeMethods.motive_world_spatial_cell_size(Handle, out size));
                return size;
            }
            set { Errors.Check(NativeMethods.motive_world_set_spatial_cell_size(Handle, value)); }
        }

        /// <summary>Rebuilds the spatial index now (<c>motive_world_refresh_spatial_index</c>).</summary>
        public void RefreshSpatialIndex()
        {
            Errors.Check(NativeMethods.motive_world_refresh_spatial_index(Handle));
        }

        // ---- ambiance --------------------------------------------------------------------

        /// <summary>
        /// Adds a box ambiance area with its location modifiers, modifier i carrying the
        /// annotations <c>annotations[i]</c> (<c>motive_world_add_ambiance_box</c>).
        /// </summary>
        public AmbianceArea AddAmbianceBox(Vec3 min, Vec3 max, AmbianceModifier[] location, uint[][] annotations)
        {
            AmbianceArea area;
            using (var pins = new Pins())
            {
                Errors.Check(NativeMethods.motive_world_add_ambiance_box(
                    Handle, min, max, pins.Modifiers(location, annotations), Pins.Count(location), out area));
            }
            return area;
        }

        /// <summary>Adds a spherical ambiance area, modifiers as for <see cref="AddAmbianceBox"/> (<c>motive_world_add_ambiance_sphere</c>).</summary>
        public AmbianceArea AddAmbianceSphere(Vec3 center, double radius, AmbianceModifier[] location, uint[][] annotations)
        {
            AmbianceArea area;
            using (var pins = new Pins())
            {
                Errors.Check(NativeMethods.motive_world_add_ambiance_sphere(
                    Handle, center, radius, pins.Modifiers(location, annotations), Pins.Count(location), out area));
            }
            return area;
        }

        /// <summary>Removes an ambiance area; its handle goes stale (<c>motive_world_remove_ambiance_area</c>).</summary>
        public void RemoveAmbianceArea(AmbianceArea area)
        {
            Errors.Check(NativeMethods.motive_world_remove_ambiance_area(Handle, area));
        }

        /// <summary>Projects a modifier around <paramref name="source"/> (<c>motive_world_add_ambiance_projection</c>).</summary>
        public AmbianceProjection AddAmbianceProjection(Entity source, double radius, AmbianceModifier modifier, uint[] annotations, AmbianceFalloff falloff)
        {
            AmbianceProjection projection;
            using (var pins = new Pins())
            {
                pins.Attach(ref modifier, annotations);
                Errors.Check(NativeMethods.motive_world_add_ambiance_projection(Handle, source, radius, &modifier, (uint)falloff, out projection));
            }
            return projection;
        }

        /// <summary>Removes a projection; its handle goes stale (<c>motive_world_remove_ambiance_projection</c>).</summary>
        public void RemoveAmbianceProjection(AmbianceProjection projection)
        {
            Errors.Check(NativeMethods.motive_world_remove_ambiance_projection(Handle, projection));
        }

        /// <summary>What ambiance adds to the GOAP cost of <paramref name="action"/> for the NPC now (<c>motive_npc_ambiance_cost_delta</c>).</summary>
        public double AmbianceCostDelta(Npc npc, uint action)
        {
            double delta;
            Errors.Check(NativeMethods.motive_npc_ambiance_cost_delta(Handle, npc, action, out delta));
            return delta;
        }

        // ---- callbacks -------------------------------------------------------------------

        /// <summary>
        /// Sets the engine's context precondition, asked for actions with <c>engine_check</c>
        /// (<c>motive_world_set_context_callback</c>); null removes it. It runs on the thread
        /// that ticks; an exception it throws is rethrown from that call as
        /// <see cref="CallbackException"/>.
        /// </summary>
        public void SetContextCallback(ContextPredicate predicate)
        {
            ContextPredicate = predicate;
            Errors.Check(NativeMethods.motive_world_set_context_callback(
                Handle, predicate == null ? null : WorldCallbacks.Context, UserPointer()));
        }

        /// <summary>
        /// Sets the engine's relevance of GOAP goals whose relevance kind is Engine
        /// (<c>motive_world_set_relevance_callback</c>); null removes it. Exceptions as for
        /// <see cref="SetContextCallback"/>.
        /// </summary>
        public void SetRelevanceCallback(GoalRelevance relevance)
        {
            GoalRelevance = relevance;
            Errors.Check(NativeMethods.motive_world_set_relevance_callback(
                Handle, relevance == null ? null : WorldCallbacks.Relevance, UserPointer()));
        }

        internal void KeepCallbackException(Exception e)
        {
            if (callbackException == null)
            {
                callbackException = e;
            }
        }

        /// <summary>
        /// Checks a call that may run callbacks: a callback's exception comes first, then the
        /// status.
        /// </summary>
        internal void Checked(Status status)
        {
            if (callbackException != null)
            {
                var e = callbackException;
                callbackException = null;
                throw new CallbackException(status, e);
            }
            Errors.Check(status);
        }

        private IntPtr UserPointer()
        {
            if (!self.IsAllocated)
            {
                // Weak: the native side must not keep the managed world alive.
                self = GCHandle.Alloc(this, GCHandleType.Weak);
            }
            return GCHandle.ToIntPtr(self);
        }

        // The test hook (DebugPanic) is in World.TestHooks.cs, compiled only with MOTIVE_TEST_HOOKS.

        // ---- lifetime --------------------------------------------------------------------

        /// <summary>Destroys the world and everything in it (<c>motive_world_destroy</c>).</summary>
        public void Dispose()
        {
            handle.Dispose();
            if (self.IsAllocated)
            {
                self.Free();
            }
        }

        private static WorldDef WithSeed(ulong seed)
        {
            var definition = WorldDef.Default;
            definition.Seed = seed;
            return definition;
        }
    }
}

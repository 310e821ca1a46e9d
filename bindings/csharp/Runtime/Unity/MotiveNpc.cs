using UnityEngine;
using UnityEngine.AI;

namespace Motive.Unity
{
    /// <summary>
    /// Spawns an NPC of its archetype where it stands once the scene's <see cref="MotiveWorld"/>
    /// runs, and moves toward each requested target: with the NavMeshAgent when there is one
    /// (arrival, destination changes and stuck walks decided by a <see cref="WalkTracker"/>), by
    /// transform otherwise. Destroying the GameObject destroys the NPC. Inert while the world
    /// loads or when it failed. After <see cref="MotiveWorld.LoadState"/> it takes back the NPC
    /// saved under its <see cref="SaveKey"/>, where its body was and doing what it did.
    /// </summary>
    public sealed class MotiveNpc : MonoBehaviour
    {
        /// <summary>The NPC's archetype, by name.</summary>
        [Tooltip("Archetype name in the domain.")]
        public string archetype = "resident";

        /// <summary>Walking speed without a NavMeshAgent, units per second.</summary>
        [Tooltip("Walking speed when there is no NavMeshAgent, units per second.")]
        public float speed = 1.5f;

        /// <summary>Seconds a NavMesh walk may go without progress before it is reported failed (0: never); <see cref="WalkTracker.DefaultStuckSeconds"/> by default.</summary>
        [Tooltip("Seconds a NavMesh walk may go without progress before it is reported failed and the NPC replans; 0 never. Default 5 (WalkTracker.DefaultStuckSeconds).")]
        public float stuckSeconds = WalkTracker.DefaultStuckSeconds;

        /// <summary>Names this NPC in saves; empty: its path in the hierarchy (<see cref="MotiveWorld.HierarchyKey"/>).</summary>
        [Tooltip("Names this NPC in saves (MotiveWorld.SaveState); empty: its path in the hierarchy. Unique, and the same in the scene that loads the save.")]
        public string saveKey = "";

        private MotiveWorld world;
        private NavMeshAgent navigation;
        private readonly WalkTracker walk = new WalkTracker();
        private uint walkRequest;

        /// <summary>The NPC's engine-side state (handle, position, performance); null until the world runs. A load (<see cref="MotiveWorld.LoadState"/>) replaces it.</summary>
        public NpcAgent Agent { get; private set; }

        /// <summary>The key its NPC is saved under: <see cref="saveKey"/>, or its path in the hierarchy.</summary>
        public string SaveKey
        {
            get { return string.IsNullOrEmpty(saveKey) ? MotiveWorld.HierarchyKey(transform) : saveKey; }
        }

        private void Start()
        {
            world = MotiveWorld.Find();
            if (world == null)
            {
                Debug.LogError("MotiveNpc \"" + name + "\": there is no MotiveWorld in the scene.", this);
                enabled = false;
                return;
            }
            navigation = GetComponent<NavMeshAgent>();
            TrySpawn();
        }

        private void Update()
        {
            if (Agent == null)
            {
                TrySpawn();
                return;
            }
            if (!world.IsRunning)
            {
                return;
            }
            if (navigation != null)
            {
                Navigate();
            }
            else
            {
                transform.position = Agent.Position.ToUnity();
            }
        }

        private void OnDestroy()
        {
            if (world != null)
            {
                world.Unregister(this);
            }
            if (Agent == null || world == null || !world.IsRunning)
            {
                return;
            }
            world.EntityNames.Remove(Agent.Npc.Entity);
            try
            {
                world.Runner.Remove(Agent);
            }
            catch (StaleHandleException)
            {
                // The NPC was gone already (motive destroyed it); the runner forgot it all the same.
            }
            Agent = null;
        }

        private void TrySpawn()
        {
            if (world == null || world.State == MotiveWorldState.Failed || world.State == MotiveWorldState.Stopped)
            {
                enabled = false; // the world logged why
                return;
            }
            if (!world.IsRunning)
            {
                return; // still loading
            }
            uint type;
            try
            {
                type = world.Domain.FindArchetype(archetype);
            }
            catch (MotiveException)
            {
                Debug.LogError("MotiveNpc \"" + name + "\": \"" + archetype + "\" is not an archetype of " + world.Source + ".", this);
                enabled = false;
                return;
            }
            var saved = world.ClaimAgent(SaveKey);
            if (saved != null)
            {
                Adopt(saved); // a save loaded before this component spawned holds its NPC
                return;
            }
            Agent = world.Runner.Spawn(type, transform.position.ToMotive());
            Agent.Key = SaveKey;
            Agent.MovesItself = navigation == null;
            Agent.Performer.Speed = speed;
            world.EntityNames.Set(Agent.Npc.Entity, name);
            world.Register(this);
        }

        /// <summary>After <paramref name="loaded"/> loaded a save: its saved NPC, or a new one where the body stands.</summary>
        internal void Reload(MotiveWorld loaded)
        {
            world = loaded;
            walk.End();
            if (navigation != null)
            {
                StopNavigation();
            }
            Agent = null; // the agent of the replaced world
            TrySpawn();
        }

        // Takes over a loaded agent: its body goes where the save had it, and resumes its action.
        private void Adopt(NpcAgent saved)
        {
            Agent = saved;
            Agent.MovesItself = navigation == null;
            var position = saved.Position.ToUnity();
            if (navigation != null && navigation.isOnNavMesh)
            {
                navigation.Warp(position);
            }
            else
            {
                transform.position = position;
            }
            world.EntityNames.Set(Agent.Npc.Entity, name);
            world.Register(this);
        }

        // The NavMeshAgent walks; the tracker decides when the walk arrived or is stuck.
        private void Navigate()
        {
            var performer = Agent.Performer;
            var position = transform.position.ToMotive();
            if (performer.State == PerformerState.Walking)
            {
                if (walk.Status == WalkStatus.Idle || performer.Request.Request != walkRequest)
                {
                    walk.StuckSeconds = stuckSeconds;
                    walk.Begin(performer.Destination, position);
                    walkRequest = performer.Request.Request;
                }
                if (walk.NeedsDestination(performer.Destination))
                {
                    bool accepted = navigation.isOnNavMesh && navigation.SetDestination(performer.Destination.ToUnity());
                    walk.DestinationSent(performer.Destination, accepted);
                }
                var state = new NavigationState
                {
                    PathPending = navigation.pathPending,
                    RemainingDistance = navigation.remainingDistance,
                    StoppingDistance = navigation.stoppingDistance,
                    PathIncomplete = navigation.pathStatus != NavMeshPathStatus.PathComplete,
                    StandOff = performer.Request.StandOff,
                };
                switch (walk.Update(position, Time.deltaTime, state))
                {
                    case WalkStatus.Arrived:
                        walk.End();
                        StopNavigation();
                        // The runner reports a walk when the body is at its destination: the
                        // body is there as far as motive is concerned (height and stopping
                        // distance aside), and the next step reports it.
                        Agent.Position = performer.Destination;
                        return;
                    case WalkStatus.Stuck:
                        walk.End();
                        StopNavigation();
                        Debug.LogWarning("MotiveNpc \"" + name + "\": no progress toward " + performer.Destination.ToUnity() +
                                         " for " + stuckSeconds + " s; the walk is reported failed.", this);
                        world.World.ReportAction(Agent.Npc, performer.Request.Request, ActionOutcome.Failed);
                        performer.Stop();
                        break;
                }
            }
            else if (walk.Status != WalkStatus.Idle)
            {
                // motive ended the walk (finished, cancelled, failed, timed out): stop the body.
                walk.End();
                StopNavigation();
            }
            Agent.Position = position;
        }

        private void StopNavigation()
        {
            if (navigation.isOnNavMesh)
            {
                navigation.ResetPath();
            }
        }
    }
}

using UnityEngine;
using UnityEngine.AI;

namespace Motive.Unity
{
    /// <summary>
    /// Spawns an NPC of its archetype where it stands and moves toward each requested target:
    /// with the NavMeshAgent when there is one, by transform otherwise. The runner reports the
    /// walk when the body arrives.
    /// </summary>
    public sealed class MotiveNpc : MonoBehaviour
    {
        [Tooltip("Archetype name in the domain.")]
        public string archetype = "resident";

        [Tooltip("Walking speed when there is no NavMeshAgent, units per second.")]
        public float speed = 1.5f;

        private NavMeshAgent agent;

        /// <summary>The NPC's engine-side state (handle, position, performance).</summary>
        public NpcAgent Agent { get; private set; }

        private void Start()
        {
            var world = MotiveWorld.Find();
            Agent = world.Runner.Spawn(world.Domain.FindArchetype(archetype), transform.position.ToMotive());
            agent = GetComponent<NavMeshAgent>();
            Agent.MovesItself = agent == null;
            Agent.Performer.Speed = speed;
        }

        private void Update()
        {
            var performer = Agent.Performer;
            if (agent != null)
            {
                if (performer.State == PerformerState.Walking)
                {
                    agent.SetDestination(performer.Destination.ToUnity());
                }
                Agent.Position = transform.position.ToMotive();
            }
            else
            {
                transform.position = Agent.Position.ToUnity();
            }
        }
    }
}

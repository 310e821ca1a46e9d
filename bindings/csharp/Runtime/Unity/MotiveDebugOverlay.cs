using UnityEngine;

namespace Motive.Unity
{
    /// <summary>
    /// Shows each NPC's name, action and drives: a label above it on screen, and Gizmos for where
    /// it walks. Debug only: OnGUI makes strings. Inert unless the scene's world runs.
    /// </summary>
    public sealed class MotiveDebugOverlay : MonoBehaviour
    {
        /// <summary>Screen-space offset of each label from the NPC, pixels.</summary>
        [Tooltip("Screen-space offset of the label above the NPC, pixels.")]
        public Vector2 labelOffset = new Vector2(-60, -40);

        private MotiveWorld world;

        private void Start()
        {
            world = MotiveWorld.Find();
        }

        private void OnGUI()
        {
            var camera = Camera.main;
            if (world == null || !world.IsRunning || camera == null)
            {
                return;
            }
            foreach (var agent in world.Runner.Agents)
            {
                var screen = camera.WorldToScreenPoint(agent.Position.ToUnity());
                if (screen.z < 0)
                {
                    continue;
                }
                var text = world.EntityNames.Name(agent.Npc.Entity) + ": " + world.StatusText.Describe(world.World, agent.Npc);
                GUI.Label(new Rect(screen.x + labelOffset.x, Screen.height - screen.y + labelOffset.y, 180, 150), text);
            }
        }

        private void OnDrawGizmos()
        {
            if (world == null || !world.IsRunning)
            {
                return;
            }
            foreach (var agent in world.Runner.Agents)
            {
                bool walking = agent.Performer.State == PerformerState.Walking;
                Gizmos.color = walking ? Color.yellow : Color.green;
                Gizmos.DrawWireSphere(agent.Position.ToUnity(), 0.3f);
                if (walking)
                {
                    Gizmos.DrawLine(agent.Position.ToUnity(), agent.Performer.Destination.ToUnity());
                }
            }
        }
    }
}

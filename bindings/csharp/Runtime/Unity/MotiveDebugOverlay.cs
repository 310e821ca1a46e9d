using UnityEngine;

namespace Motive.Unity
{
    /// <summary>
    /// Shows each NPC's action and drives: a label above it on screen, and Gizmos for where it
    /// walks. Debug only: OnGUI makes strings.
    /// </summary>
    public sealed class MotiveDebugOverlay : MonoBehaviour
    {
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
            if (world == null || world.Runner == null || camera == null)
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
                var text = world.StatusText.Describe(world.World, agent.Npc).ToString();
                GUI.Label(new Rect(screen.x + labelOffset.x, Screen.height - screen.y + labelOffset.y, 160, 140), text);
            }
        }

        private void OnDrawGizmos()
        {
            if (world == null || world.Runner == null)
            {
                return;
            }
            foreach (var agent in world.Runner.Agents)
            {
                Gizmos.color = agent.Performer.State == PerformerState.Walking ? Color.yellow : Color.green;
                Gizmos.DrawWireSphere(agent.Position.ToUnity(), 0.3f);
                if (agent.Performer.State == PerformerState.Walking)
                {
                    Gizmos.DrawLine(agent.Position.ToUnity(), agent.Performer.Destination.ToUnity());
                }
            }
        }
    }
}

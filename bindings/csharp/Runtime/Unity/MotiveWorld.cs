using System.Collections.Generic;
using System.IO;
using UnityEngine;

namespace Motive.Unity
{
    /// <summary>
    /// Owns the motive world of a scene: loads the domain of a scenario file in
    /// StreamingAssets, creates the world with the scenario's seed and steps its
    /// <see cref="WorldRunner"/> every frame. NPCs and smart objects register themselves.
    /// </summary>
    [DefaultExecutionOrder(-100)]
    public sealed class MotiveWorld : MonoBehaviour
    {
        [Tooltip("Scenario (or its domain) file under StreamingAssets, placed there by scripts/package-unity.")]
        public string scenarioFile = "household.json";

        [Tooltip("Actions performed as a walk to the target (their effect moves the NPC there).")]
        public string[] walkActions = { "goto" };

        [Tooltip("Names the debug overlay shows for actions and drives.")]
        public string[] actionNames = { "goto" };

        [Tooltip("Drive names for the debug overlay.")]
        public string[] driveNames = { "entertainment", "energy", "hunger", "comfort", "hygiene", "bladder", "social" };

        private Domain domain;

        /// <summary>The world; null before Awake and after OnDestroy.</summary>
        public World World { get; private set; }

        /// <summary>Runs the world each frame.</summary>
        public WorldRunner Runner { get; private set; }

        /// <summary>The overlay's text for NPCs.</summary>
        public NpcStatusText StatusText { get; private set; }

        /// <summary>The loaded domain, for archetype and action names.</summary>
        public Domain Domain { get { return domain; } }

        private void Awake()
        {
            var path = Path.Combine(Application.streamingAssetsPath, scenarioFile);
            ulong seed;
            using (var scenario = Scenario.LoadFile(path))
            {
                domain = scenario.CreateDomain();
                seed = scenario.Seed;
            }
            World = new World(domain, seed);
            var styles = new ActionStyles();
            foreach (var name in walkActions)
            {
                styles.Walk(domain, name);
            }
            Runner = new WorldRunner(World, styles);
            StatusText = new NpcStatusText(domain, actionNames, driveNames);
        }

        private void Update()
        {
            Runner.Step(Time.deltaTime);
        }

        private void OnDestroy()
        {
            World.Dispose();
            domain.Dispose();
            World = null;
        }

        /// <summary>The scene's world (one per scene).</summary>
        public static MotiveWorld Find()
        {
            return FindObjectOfType<MotiveWorld>();
        }
    }
}

using System;
using System.Collections;
using System.IO;
using UnityEngine;
using UnityEngine.Networking;

namespace Motive.Unity
{
    /// <summary>Where a <see cref="MotiveWorld"/> is in its life.</summary>
    public enum MotiveWorldState
    {
        /// <summary>Reading its scenario (UnityWebRequest on Android and WebGL takes frames).</summary>
        Loading,
        /// <summary>The world exists and steps every frame.</summary>
        Running,
        /// <summary>It could not start, or its world broke; the error is in the Console, and the components stay inert.</summary>
        Failed,
        /// <summary>Destroyed: the world is freed.</summary>
        Stopped,
    }

    /// <summary>
    /// Owns the motive world of a scene: loads a scenario (or domain) from a TextAsset or a file
    /// under StreamingAssets, creates the world with the scenario's seed and steps its
    /// <see cref="WorldRunner"/> every frame. NPCs and smart objects register themselves once it
    /// runs. If it cannot start (bad JSON, no native library) it logs one error, with every
    /// diagnostic at its JSON Pointer, and disables itself; the other components then do nothing.
    /// </summary>
    [DefaultExecutionOrder(-100)]
    public sealed class MotiveWorld : MonoBehaviour
    {
        /// <summary>The scenario or domain JSON as an asset; when set, <see cref="scenarioFile"/> is not read.</summary>
        [Tooltip("The scenario (or domain) JSON as a TextAsset. When set, Scenario File is not read; a scenario must then embed its domain.")]
        public TextAsset scenarioAsset;

        /// <summary>The scenario or domain file under StreamingAssets.</summary>
        [Tooltip("Scenario (or domain) file under StreamingAssets, read when no TextAsset is set: a file on desktop and iOS, UnityWebRequest on Android and WebGL.")]
        public string scenarioFile = "household.json";

        /// <summary>The seed of a world made from a domain (a scenario gives its own).</summary>
        [Tooltip("Seed of a world made from a domain file (a scenario file gives its own).")]
        public int domainSeed = 1;

        /// <summary>The actions performed as a walk to their target.</summary>
        [Tooltip("Actions performed as a walk to the target (their effect moves the NPC there).")]
        public string[] walkActions = { "goto" };

        private Domain domain;
#if UNITY_EDITOR
        private DomainCache editModeDomain;
        private float editModeChecked = float.NegativeInfinity;
        private long editModeVersion;
        private Exception editModeLogged;
#endif

        /// <summary>Raised once the world runs (at once when the scenario is a plain file; after the download on Android and WebGL).</summary>
        public event Action<MotiveWorld> Loaded;

        /// <summary>Where it is in its life.</summary>
        public MotiveWorldState State { get; private set; }

        /// <summary>True while the world exists and steps: components may use <see cref="World"/>, <see cref="Runner"/> and <see cref="Domain"/>.</summary>
        public bool IsRunning { get { return State == MotiveWorldState.Running; } }

        /// <summary>The world; null unless <see cref="IsRunning"/> (or after a failure in a running world).</summary>
        public World World { get; private set; }

        /// <summary>Runs the world each frame; null unless it runs.</summary>
        public WorldRunner Runner { get; private set; }

        /// <summary>The overlay's text for NPCs.</summary>
        public NpcStatusText StatusText { get; private set; }

        /// <summary>The loaded domain, for archetype and action lookups; null unless it runs.</summary>
        public Domain Domain { get { return domain; } }

        /// <summary>Names of the domain's definitions, for debug views.</summary>
        public NameTable Names { get; private set; }

        /// <summary>The GameObject names of the NPCs and smart objects of the world, for debug views.</summary>
        public EntityNames EntityNames { get; private set; }

        /// <summary>The JSON the world was made from.</summary>
        public string ScenarioText { get; private set; }

        /// <summary>Where the JSON came from (the file or asset name), for messages.</summary>
        public string Source { get; private set; }

        /// <summary>The scene's world (one per scene), enabled or not; null when there is none.</summary>
        public static MotiveWorld Find()
        {
            return FindObjectOfType<MotiveWorld>();
        }

        private void Awake()
        {
            State = MotiveWorldState.Loading;
            EntityNames = new EntityNames();
            if (scenarioAsset != null)
            {
                Create(scenarioAsset.text, null, scenarioAsset.name);
                return;
            }
            string path = StreamingAssetsPath.Combine(Application.streamingAssetsPath, scenarioFile);
            if (StreamingAssetsPath.NeedsWebRequest(path))
            {
                Source = scenarioFile;
                StartCoroutine(Download(path));
                return;
            }
            string json;
            try
            {
                json = File.ReadAllText(path);
            }
            catch (Exception e)
            {
                Fail(e, path);
                return;
            }
            Create(json, path, scenarioFile);
        }

        private IEnumerator Download(string url)
        {
            using (var request = UnityWebRequest.Get(url))
            {
                yield return request.SendWebRequest();
                if (request.result != UnityWebRequest.Result.Success)
                {
                    Fail(new IOException(request.error), url);
                    yield break;
                }
                Create(request.downloadHandler.text, null, scenarioFile);
            }
        }

        // filePath: the file the JSON was read from, so a scenario's domain path resolves
        // relative to it; null for JSON from a TextAsset or a download.
        private void Create(string json, string filePath, string source)
        {
            Source = source;
            try
            {
                ulong seed;
                if (MotiveDocument.Classify(json) == MotiveDocumentKind.Scenario)
                {
                    using (var scenario = filePath != null ? Scenario.LoadFile(filePath) : Scenario.LoadJson(json))
                    {
                        domain = scenario.CreateDomain();
                        seed = scenario.Seed;
                    }
                }
                else
                {
                    domain = filePath != null ? Domain.LoadFile(filePath) : Domain.LoadJson(json);
                    seed = (ulong)domainSeed;
                }
                World = new World(domain, seed);
                Names = new NameTable(domain);
                var actions = Names.All(DefinitionKind.Action);
                var styles = new ActionStyles();
                foreach (var name in walkActions)
                {
                    if (actions.Contains(name))
                    {
                        styles.Walk(domain, name);
                    }
                    else
                    {
                        Debug.LogWarning("MotiveWorld: walk action \"" + name + "\" is not an action of " + source + "; ignored.", this);
                    }
                }
                Runner = new WorldRunner(World, styles);
                StatusText = new NpcStatusText(domain, actions, Names.All(DefinitionKind.Drive));
                ScenarioText = json;
            }
            catch (Exception e)
            {
                Fail(e, source);
                return;
            }
            State = MotiveWorldState.Running;
            var loaded = Loaded;
            if (loaded != null)
            {
                loaded(this);
            }
        }

        private void Update()
        {
            if (State != MotiveWorldState.Running)
            {
                return;
            }
            try
            {
                Runner.Step(Time.deltaTime);
            }
            catch (WorldPoisonedException e)
            {
                // A bug inside motive: the world refuses every call from now on.
                State = MotiveWorldState.Failed;
                enabled = false;
                Debug.LogError("motive: the world of " + Source + " stopped after an internal error: " + e.Message, this);
            }
        }

        private void OnDestroy()
        {
            State = MotiveWorldState.Stopped;
            Release();
#if UNITY_EDITOR
            if (editModeDomain != null)
            {
                editModeDomain.Dispose();
            }
#endif
        }

        private void Fail(Exception e, string source)
        {
            Release();
            State = MotiveWorldState.Failed;
            enabled = false;
            Debug.LogError(LoadMessages.DescribeFailure(e, source), this);
        }

        private void Release()
        {
            if (World != null)
            {
                World.Dispose();
            }
            if (domain != null)
            {
                domain.Dispose();
            }
            World = null;
            domain = null;
            Runner = null;
            StatusText = null;
        }

#if UNITY_EDITOR
        /// <summary>
        /// The domain for the editor's gizmos: the running one in play mode, otherwise the
        /// scenario's domain loaded in edit mode (again when the file or asset changes; a failure
        /// is logged once). Null when it cannot load.
        /// </summary>
        public Domain DomainForGizmos()
        {
            if (domain != null)
            {
                return domain;
            }
            if (editModeDomain == null)
            {
                editModeDomain = new DomainCache();
            }
            string key;
            Func<string> read;
            string path = null;
            if (scenarioAsset != null)
            {
                key = "asset " + scenarioAsset.GetInstanceID();
                read = () => scenarioAsset.text;
            }
            else
            {
                path = StreamingAssetsPath.Combine(Application.streamingAssetsPath, scenarioFile);
                key = path;
                string file = path;
                read = () => File.ReadAllText(file);
            }
            // Gizmos draw every repaint: look at the file's time at most once a second.
            if (Time.realtimeSinceStartup - editModeChecked > 1f)
            {
                editModeChecked = Time.realtimeSinceStartup;
                try
                {
                    editModeVersion = path != null ? File.GetLastWriteTimeUtc(path).Ticks : scenarioAsset.text.GetHashCode();
                }
                catch (Exception)
                {
                    editModeVersion = 0;
                }
            }
            var loaded = editModeDomain.Get(key, editModeVersion, () =>
            {
                string json = read();
                if (MotiveDocument.Classify(json) != MotiveDocumentKind.Scenario)
                {
                    return path != null ? Domain.LoadFile(path) : Domain.LoadJson(json);
                }
                using (var scenario = path != null ? Scenario.LoadFile(path) : Scenario.LoadJson(json))
                {
                    return scenario.CreateDomain();
                }
            });
            if (editModeDomain.Failure != null && editModeDomain.Failure != editModeLogged)
            {
                editModeLogged = editModeDomain.Failure;
                Debug.LogWarning(LoadMessages.DescribeFailure(editModeDomain.Failure, scenarioAsset != null ? scenarioAsset.name : scenarioFile), this);
            }
            return loaded;
        }
#endif
    }
}

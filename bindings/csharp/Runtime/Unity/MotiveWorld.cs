using System;
using System.Collections;
using System.Collections.Generic;
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
    /// <see cref="SaveState"/> and <see cref="LoadState"/> save the running world, with its NPCs'
    /// bodies and performances, and load it back in place: NPCs and smart objects find their
    /// saved entities by their save keys.
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

        /// <summary>
        /// Threads a frame's thinks run on, the main thread included: 1 thinks on the main
        /// thread only; more let motive start its own threads (any count gives the same
        /// decisions). Read when the world starts, clamped to 1 to
        /// <c>Constants.MaxThinkThreads</c>; a loaded save keeps the running world's.
        /// </summary>
        [Tooltip("Threads the NPCs think on each frame, the main thread included (1: main thread only), read when the world starts. Any count gives the same decisions; motive's threads engage in frames with 256 or more due thinks of UDGOAP NPCs or idle UBC NPCs.")]
        [Range(1, (int)Constants.MaxThinkThreads)]
        public int thinkThreads = 1;

        /// <summary>The actions performed as a walk to their target.</summary>
        [Tooltip("Actions performed as a walk to the target (their effect moves the NPC there).")]
        public string[] walkActions = { "goto" };

        private Domain domain;
        // The components whose entities live in the world, for saves; and, after a load, the
        // saved agents and objects no component has claimed yet, by save key.
        private readonly List<MotiveNpc> npcs = new List<MotiveNpc>();
        private readonly List<MotiveSmartObject> smartObjects = new List<MotiveSmartObject>();
        private readonly Dictionary<string, NpcAgent> unclaimedAgents = new Dictionary<string, NpcAgent>();
        private readonly Dictionary<string, SmartObject> unclaimedObjects = new Dictionary<string, SmartObject>();
#if UNITY_EDITOR
        private DomainCache editModeDomain;
        private float editModeChecked = float.NegativeInfinity;
        private long editModeVersion;
        private Exception editModeLogged;
#endif

        /// <summary>Raised once the world runs (at once when the scenario is a plain file; after the download on Android and WebGL).</summary>
        public event Action<MotiveWorld> Loaded;

        /// <summary>
        /// Raised after <see cref="LoadState"/> replaced the world: <see cref="World"/> and
        /// <see cref="Runner"/> are new objects (handles kept from before the save are still
        /// valid), and every NPC and smart object has found its saved entity or spawned anew.
        /// </summary>
        public event Action<MotiveWorld> StateLoaded;

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
                // Clamped, as the Inspector's range does: a script's 0 or 100 is no reason to fail.
                World.SetThinkThreads((uint)Mathf.Clamp(thinkThreads, 1, (int)Constants.MaxThinkThreads));
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

        // ---- saving and loading ---------------------------------------------------------

        /// <summary>
        /// The running world as bytes, for a save file (<see cref="WorldRunner.Save(IEnumerable{KeyValuePair{string, Entity}})"/>):
        /// motive's save of the world, each NPC's body position and performance under its
        /// <see cref="MotiveNpc.SaveKey"/>, and each smart object's entity under its
        /// <see cref="MotiveSmartObject.SaveKey"/>. Call it between frames (from a script's
        /// Update, not from a motive callback). Throws InvalidOperationException unless the world
        /// runs, ArgumentException when two components share a save key.
        /// </summary>
        public byte[] SaveState()
        {
            RequireRunning("save");
            var named = new List<KeyValuePair<string, Entity>>();
            foreach (var smartObject in smartObjects)
            {
                named.Add(new KeyValuePair<string, Entity>(smartObject.SaveKey, smartObject.Handle.Entity));
            }
            return Runner.Save(named);
        }

        /// <summary>
        /// Loads <paramref name="save"/> (made by <see cref="SaveState"/>, in this session or
        /// another, with the same scenario) in place of the running world
        /// (<see cref="WorldRunner.LoadInPlace"/>): the world continues from the saved moment.
        /// Each <see cref="MotiveNpc"/> takes back the NPC saved under its save key, with its
        /// body's position and the action it was performing, and each
        /// <see cref="MotiveSmartObject"/> its object; a component the save does not know spawns
        /// anew, and a component that appears later finds its saved entity when it spawns. Saved
        /// NPCs no component claims run on without a body. The engine callbacks set on
        /// <see cref="World"/> are registered on the loaded world. Handles kept from before the
        /// save stay valid (the loaded world takes the saved world's serial back); handles of
        /// entities made since do not. A refused save throws a <see cref="MotiveException"/>
        /// (InvalidArgument: not a save, truncated, corrupted, another scenario's) and changes
        /// nothing. Raises <see cref="StateLoaded"/>.
        /// </summary>
        public void LoadState(byte[] save)
        {
            RequireRunning("load into");
            var loaded = Runner.LoadInPlace(domain, save);
            World = loaded.World;
            Runner = loaded;
            EntityNames = new EntityNames();
            unclaimedAgents.Clear();
            unclaimedObjects.Clear();
            foreach (var agent in loaded.Agents)
            {
                if (agent.Key != null)
                {
                    unclaimedAgents[agent.Key] = agent;
                }
            }
            foreach (var key in loaded.NamedKeys)
            {
                Entity entity;
                loaded.TryGetNamed(key, out entity);
                unclaimedObjects[key] = entity.AsSmartObject();
            }
            foreach (var npc in npcs.ToArray())
            {
                npc.Reload(this);
            }
            foreach (var smartObject in smartObjects.ToArray())
            {
                smartObject.Reload(this);
            }
            var stateLoaded = StateLoaded;
            if (stateLoaded != null)
            {
                stateLoaded(this);
            }
        }

        /// <summary>The default save key of a component: its GameObject's path in the hierarchy ("House/Kitchen/Chair#2" where siblings share a name).</summary>
        public static string HierarchyKey(Transform transform)
        {
            var segments = new List<string>();
            for (var t = transform; t != null; t = t.parent)
            {
                int sameName = 0;
                if (t.parent != null)
                {
                    foreach (Transform sibling in t.parent)
                    {
                        sameName += sibling.name == t.name ? 1 : 0;
                    }
                }
                else if (t.gameObject.scene.IsValid())
                {
                    foreach (var root in t.gameObject.scene.GetRootGameObjects())
                    {
                        sameName += root.name == t.name ? 1 : 0;
                    }
                }
                segments.Add(sameName > 1 ? t.name + "#" + t.GetSiblingIndex() : t.name);
            }
            segments.Reverse();
            return string.Join("/", segments.ToArray());
        }

        internal void Register(MotiveNpc npc)
        {
            if (!npcs.Contains(npc))
            {
                npcs.Add(npc);
            }
        }

        internal void Unregister(MotiveNpc npc)
        {
            npcs.Remove(npc);
        }

        internal void Register(MotiveSmartObject smartObject)
        {
            if (!smartObjects.Contains(smartObject))
            {
                smartObjects.Add(smartObject);
            }
        }

        internal void Unregister(MotiveSmartObject smartObject)
        {
            smartObjects.Remove(smartObject);
        }

        /// <summary>The loaded agent saved under <paramref name="key"/> that no component has claimed yet; null when none.</summary>
        internal NpcAgent ClaimAgent(string key)
        {
            NpcAgent agent;
            if (key == null || !unclaimedAgents.TryGetValue(key, out agent))
            {
                return null;
            }
            unclaimedAgents.Remove(key);
            return World.IsValid(agent.Npc) ? agent : null;
        }

        /// <summary>The loaded smart object saved under <paramref name="key"/> that no component has claimed yet; the null handle when none.</summary>
        internal SmartObject ClaimObject(string key)
        {
            SmartObject smartObject;
            if (key == null || !unclaimedObjects.TryGetValue(key, out smartObject))
            {
                return SmartObject.Null;
            }
            unclaimedObjects.Remove(key);
            return World.IsValid(smartObject) ? smartObject : SmartObject.Null;
        }

        private void RequireRunning(string what)
        {
            if (!IsRunning)
            {
                throw new InvalidOperationException("MotiveWorld: no running world to " + what + " (it is " + State + ").");
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
                if (Runner.WarnDropped())
                {
                    Debug.LogWarning("motive: " + Runner.EventsDroppedLastStep + " events of " + Source
                        + " were dropped unread this frame (" + Runner.World.DroppedEvents + " so far; the world keeps at most "
                        + Runner.World.EventLimit + " pending): raise it with World.SetEventLimit. Requests dropped unread end on their own or time out.", this);
                }
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
            unclaimedAgents.Clear();
            unclaimedObjects.Clear();
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

using System;
using Motive.Unity;
using UnityEngine;

/// <summary>
/// Furnishes the scene from the scenario's entity list once the MotiveWorld on the same object
/// runs: a floor, a cube with a MotiveSmartObject for each object and a capsule with a
/// MotiveNpc for each NPC, at the scenario's positions (bodies are children lifted onto the
/// floor, so the motive position stays the point on the floor). It also adds residents of
/// other archetypes next to the first one, to compare brains side by side in the NPC
/// inspector (Window > Motive > NPC Inspector).
/// </summary>
public sealed class HouseholdLayout : MonoBehaviour
{
    /// <summary>Archetypes spawned as NPCs; every other entity is a smart object.</summary>
    [Tooltip("Archetypes spawned as NPCs; every other entity is a smart object.")]
    public string[] npcArchetypes = { "resident", "goap_resident" };

    /// <summary>More NPCs, of these archetypes, placed next to the scenario's first NPC.</summary>
    [Tooltip("More NPCs, of these archetypes, placed next to the scenario's first NPC (goap_resident: the same household planned with GOAP).")]
    public string[] extraResidents = { "goap_resident" };

#pragma warning disable 0649 // filled by JsonUtility
    [Serializable]
    private class Entry
    {
        public string name;
        public string archetype;
        public float[] at;
    }

    [Serializable]
    private class Layout
    {
        public Entry[] entities;
    }
#pragma warning restore 0649

    private void Awake()
    {
        var world = GetComponent<MotiveWorld>();
        if (world.IsRunning)
        {
            Furnish(world);
        }
        else
        {
            world.Loaded += Furnish; // after the download on Android and WebGL; never if it fails
        }
    }

    private void Furnish(MotiveWorld world)
    {
        world.Loaded -= Furnish;
        var floor = GameObject.CreatePrimitive(PrimitiveType.Plane);
        floor.name = "Floor";
        floor.transform.position = new Vector3(5, 0, 4);
        var layout = JsonUtility.FromJson<Layout>(world.ScenarioText);
        Vector3? firstNpc = null;
        foreach (var entry in layout.entities)
        {
            var at = new Vector3(entry.at[0], entry.at[1], entry.at[2]);
            if (Array.IndexOf(npcArchetypes, entry.archetype) >= 0)
            {
                AddNpc(entry.name, entry.archetype, at);
                firstNpc = firstNpc ?? at;
            }
            else
            {
                var body = Place(entry.name, PrimitiveType.Cube, at, 0.3f);
                body.transform.localScale = Vector3.one * 0.6f;
                body.transform.parent.gameObject.AddComponent<MotiveSmartObject>().archetype = entry.archetype;
            }
        }
        for (int i = 0; i < extraResidents.Length && firstNpc.HasValue; i++)
        {
            AddNpc(extraResidents[i], extraResidents[i], firstNpc.Value + new Vector3(1f + i, 0, 0));
        }
    }

    private static void AddNpc(string name, string archetype, Vector3 at)
    {
        var body = Place(name, PrimitiveType.Capsule, at, 1f);
        body.transform.parent.gameObject.AddComponent<MotiveNpc>().archetype = archetype;
    }

    // An empty object at the motive position, holding the visible body lifted by `lift`.
    private static GameObject Place(string name, PrimitiveType shape, Vector3 at, float lift)
    {
        var root = new GameObject(name);
        root.transform.position = at;
        var body = GameObject.CreatePrimitive(shape);
        body.name = name + " body";
        body.transform.SetParent(root.transform, false);
        body.transform.localPosition = new Vector3(0, lift, 0);
        return body;
    }
}

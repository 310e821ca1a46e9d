using System;
using System.IO;
using Motive.Unity;
using UnityEngine;

/// <summary>
/// Furnishes the scene from the scenario file's entity list: a cube with a MotiveSmartObject for
/// each object, a capsule with a MotiveNpc for each NPC, at the scenario's positions. Runs before
/// the components' Start, after MotiveWorld's Awake.
/// </summary>
public sealed class HouseholdLayout : MonoBehaviour
{
    [Tooltip("Archetypes spawned as NPCs; every other entity is a smart object.")]
    public string[] npcArchetypes = { "resident", "goap_resident" };

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

    private void Awake()
    {
        var world = GetComponent<MotiveWorld>();
        var json = File.ReadAllText(Path.Combine(Application.streamingAssetsPath, world.scenarioFile));
        foreach (var entry in JsonUtility.FromJson<Layout>(json).entities)
        {
            bool npc = Array.IndexOf(npcArchetypes, entry.archetype) >= 0;
            var body = GameObject.CreatePrimitive(npc ? PrimitiveType.Capsule : PrimitiveType.Cube);
            body.name = entry.name;
            body.transform.position = new Vector3(entry.at[0], entry.at[1], entry.at[2]);
            if (npc)
            {
                body.AddComponent<MotiveNpc>().archetype = entry.archetype;
            }
            else
            {
                body.transform.localScale = Vector3.one * 0.6f;
                body.AddComponent<MotiveSmartObject>().archetype = entry.archetype;
            }
        }
    }
}

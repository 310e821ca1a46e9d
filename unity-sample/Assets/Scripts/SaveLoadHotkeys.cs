using System.IO;
using Motive;
using Motive.Unity;
using UnityEngine;

/// <summary>
/// Saves the household to a file with F5 and loads it back with F9: the MotiveWorld on the same
/// object writes the running world, with its residents' bodies and actions, as bytes
/// (<see cref="MotiveWorld.SaveState"/>), and takes such bytes back in place of the running
/// world (<see cref="MotiveWorld.LoadState"/>), in this play session or a later one. The
/// residents and objects find their saved entities by their save keys (their names here, which
/// <see cref="HouseholdLayout"/> takes from the scenario).
/// </summary>
public sealed class SaveLoadHotkeys : MonoBehaviour
{
    /// <summary>The save file's name under Application.persistentDataPath.</summary>
    [Tooltip("The save file's name under Application.persistentDataPath.")]
    public string fileName = "household.motivesave";

    /// <summary>The key that saves.</summary>
    public KeyCode saveKey = KeyCode.F5;

    /// <summary>The key that loads.</summary>
    public KeyCode loadKey = KeyCode.F9;

    private MotiveWorld world;

    /// <summary>Where the save goes.</summary>
    public string SavePath
    {
        get { return Path.Combine(Application.persistentDataPath, fileName); }
    }

    private void Awake()
    {
        world = GetComponent<MotiveWorld>();
    }

    private void Update()
    {
        if (world == null || !world.IsRunning)
        {
            return;
        }
        if (Input.GetKeyDown(saveKey))
        {
            Save();
        }
        else if (Input.GetKeyDown(loadKey))
        {
            Load();
        }
    }

    /// <summary>Writes the running world to <see cref="SavePath"/>.</summary>
    public void Save()
    {
        File.WriteAllBytes(SavePath, world.SaveState());
        Debug.Log("Saved the household at " + world.World.Time.ToString("0.0") + " s to " + SavePath, this);
    }

    /// <summary>Loads <see cref="SavePath"/> in place of the running world; a bad file changes nothing.</summary>
    public void Load()
    {
        if (!File.Exists(SavePath))
        {
            Debug.LogWarning("No save at " + SavePath + " yet: press " + saveKey + " first.", this);
            return;
        }
        try
        {
            world.LoadState(File.ReadAllBytes(SavePath));
            Debug.Log("Loaded the household at " + world.World.Time.ToString("0.0") + " s from " + SavePath, this);
        }
        catch (MotiveException e)
        {
            // Not a save, truncated, corrupted, or another scenario's: the world runs on as it was.
            Debug.LogError("Could not load " + SavePath + ": " + e.Message, this);
        }
    }
}

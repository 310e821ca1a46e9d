using System;
using System.IO;
using UnityEditor;
using UnityEngine;

namespace Motive.Unity.Editing
{
    /// <summary>
    /// Checks motive's JSON when it is imported: every domain or scenario file of the project
    /// (under StreamingAssets, where MotiveWorld reads them, or a TextAsset elsewhere; other JSON
    /// is left alone) is loaded as the runtime would, and each error and lint warning is logged
    /// with its JSON Pointer, the asset as context. Assets > Motive > Validate JSON checks the
    /// selection again. <see cref="LoadMessages"/> does the work.
    /// </summary>
    public sealed class MotiveJsonPostprocessor : AssetPostprocessor
    {
        private static bool libraryMissingLogged;

        private static void OnPostprocessAllAssets(string[] importedAssets, string[] deletedAssets,
                                                   string[] movedAssets, string[] movedFromAssetPaths)
        {
            foreach (var path in importedAssets)
            {
                Check(path, false);
            }
            foreach (var path in movedAssets)
            {
                Check(path, false);
            }
        }

        [MenuItem("Assets/Motive/Validate JSON")]
        private static void ValidateSelection()
        {
            foreach (var guid in Selection.assetGUIDs)
            {
                Check(AssetDatabase.GUIDToAssetPath(guid), true);
            }
        }

        [MenuItem("Assets/Motive/Validate JSON", true)]
        private static bool CanValidateSelection()
        {
            foreach (var guid in Selection.assetGUIDs)
            {
                if (IsJson(AssetDatabase.GUIDToAssetPath(guid)))
                {
                    return true;
                }
            }
            return false;
        }

        /// <summary>
        /// Logs every diagnostic of the JSON asset at <paramref name="assetPath"/> ("Assets/…");
        /// with <paramref name="sayWhenClean"/>, also that a motive document is clean.
        /// </summary>
        public static void Check(string assetPath, bool sayWhenClean)
        {
            if (!IsJson(assetPath))
            {
                return;
            }
            string file = Path.GetFullPath(assetPath);
            System.Collections.Generic.List<LogLine> lines;
            try
            {
                if (MotiveDocument.Classify(File.ReadAllText(file)) == MotiveDocumentKind.None)
                {
                    return;
                }
                lines = LoadMessages.ValidateFile(file, assetPath);
            }
            catch (IOException)
            {
                return;
            }
            var context = AssetDatabase.LoadMainAssetAtPath(assetPath);
            foreach (var line in lines)
            {
                if (line.Pointer == null && line.Level == LogLevel.Warning)
                {
                    // The library is missing in the editor: say it once, not once per file.
                    if (!libraryMissingLogged)
                    {
                        libraryMissingLogged = true;
                        Debug.LogWarning(line.Text, context);
                    }
                    continue;
                }
                if (line.Level == LogLevel.Error)
                {
                    Debug.LogError(line.Text, context);
                }
                else
                {
                    Debug.LogWarning(line.Text, context);
                }
            }
            if (lines.Count == 0 && sayWhenClean)
            {
                Debug.Log(assetPath + ": a valid motive document.", context);
            }
        }

        private static bool IsJson(string assetPath)
        {
            return !string.IsNullOrEmpty(assetPath) &&
                   assetPath.StartsWith("Assets/", StringComparison.Ordinal) &&
                   assetPath.EndsWith(".json", StringComparison.OrdinalIgnoreCase);
        }
    }
}

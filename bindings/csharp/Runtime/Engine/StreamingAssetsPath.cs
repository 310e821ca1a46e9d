using System.IO;

namespace Motive
{
    /// <summary>
    /// Where a file of Unity's StreamingAssets is, and how to read it: a plain file on desktop
    /// and iOS, a URL inside the APK on Android ("jar:file://…") and on the web in WebGL, which
    /// only UnityWebRequest reads.
    /// </summary>
    public static class StreamingAssetsPath
    {
        /// <summary>True when <paramref name="path"/> is a URL (Android, WebGL): read it with UnityWebRequest, not File.</summary>
        public static bool NeedsWebRequest(string path)
        {
            return path != null && path.Contains("://");
        }

        /// <summary><paramref name="file"/> under <paramref name="root"/> (Application.streamingAssetsPath), with '/' in URLs.</summary>
        public static string Combine(string root, string file)
        {
            if (NeedsWebRequest(root))
            {
                return root.TrimEnd('/') + "/" + file.Replace('\\', '/').TrimStart('/');
            }
            return Path.Combine(root, file);
        }
    }
}

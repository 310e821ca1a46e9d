using System;

namespace Motive
{
    /// <summary>
    /// One domain loaded outside play mode (for the editor's gizmos), kept while its source is
    /// unchanged: asked every repaint, it loads once per version of the source, and remembers a
    /// failure until the source changes instead of failing (and logging) every frame.
    /// </summary>
    public sealed class DomainCache : IDisposable
    {
        private string key;
        private long version;
        private bool loaded;

        /// <summary>The cached domain; null before the first load or when it failed.</summary>
        public Domain Domain { get; private set; }

        /// <summary>Why the last load failed; null when it did not.</summary>
        public Exception Failure { get; private set; }

        /// <summary>
        /// The domain of <paramref name="source"/> (a path, an asset id) at
        /// <paramref name="sourceVersion"/> (a write time, a hash): the cached one, or what
        /// <paramref name="load"/> makes when the source or its version changed (its exception is
        /// kept in <see cref="Failure"/>, and null returned, until they change again).
        /// </summary>
        public Domain Get(string source, long sourceVersion, Func<Domain> load)
        {
            if (loaded && source == key && sourceVersion == version)
            {
                return Domain;
            }
            Release();
            key = source;
            version = sourceVersion;
            loaded = true;
            try
            {
                Domain = load();
            }
            catch (Exception e)
            {
                Failure = e;
            }
            return Domain;
        }

        /// <summary>Frees the cached domain; the next <see cref="Get"/> loads again.</summary>
        public void Dispose()
        {
            Release();
            loaded = false;
            key = null;
        }

        private void Release()
        {
            if (Domain != null)
            {
                Domain.Dispose();
            }
            Domain = null;
            Failure = null;
        }
    }
}

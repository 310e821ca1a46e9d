using System;
using System.Collections.Generic;

namespace Motive
{
    /// <summary>
    /// The diagnostics of the last JSON load into it (<c>motive_diagnostics</c>): give one to a
    /// load to keep its warnings too. One thread at a time.
    /// </summary>
    public sealed unsafe class Diagnostics : IDisposable
    {
        private readonly DiagnosticsHandle handle;

        /// <summary>An empty list (<c>motive_diagnostics_create</c>).</summary>
        public Diagnostics()
        {
            Library.EnsureCompatible();
            Errors.Check(NativeMethods.motive_diagnostics_create(out handle));
        }

        internal DiagnosticsHandle Handle
        {
            get
            {
                if (handle.IsClosed)
                {
                    throw new ObjectDisposedException("Diagnostics");
                }
                return handle;
            }
        }

        /// <summary>How many diagnostics the last load left (<c>motive_diagnostics_count</c>).</summary>
        public int Count
        {
            get { return (int)NativeMethods.motive_diagnostics_count(Handle); }
        }

        /// <summary>Diagnostic <paramref name="index"/>, copied (<c>motive_diagnostics_get</c>).</summary>
        public DiagnosticMessage this[int index]
        {
            get
            {
                if (index < 0)
                {
                    throw new ArgumentOutOfRangeException("index");
                }
                Diagnostic d;
                Errors.Check(NativeMethods.motive_diagnostics_get(Handle, (UIntPtr)index, out d));
                return new DiagnosticMessage(d.Severity, Utf8.Read(d.Path), Utf8.Read(d.Message));
            }
        }

        /// <summary>Every diagnostic, copied.</summary>
        public List<DiagnosticMessage> ToList()
        {
            var list = new List<DiagnosticMessage>(Count);
            for (int i = 0; i < Count; i++)
            {
                list.Add(this[i]);
            }
            return list;
        }

        /// <summary>Frees the native list (<c>motive_diagnostics_destroy</c>).</summary>
        public void Dispose()
        {
            handle.Dispose();
        }
    }
}

using System;
using System.Collections.Generic;

namespace Motive
{
    /// <summary>
    /// A motive call failed: <see cref="Status"/> says how, and the message is motive's own
    /// explanation (<c>motive_last_error_message</c>) of that failure.
    /// </summary>
    public class MotiveException : Exception
    {
        /// <summary>The status the native call returned.</summary>
        public Status Status { get; private set; }

        /// <summary>A failure with its status and native message.</summary>
        public MotiveException(Status status, string message)
            : base(status + ": " + message)
        {
            Status = status;
        }

        /// <summary>A failure caused by a managed exception (a callback that threw).</summary>
        public MotiveException(Status status, string message, Exception inner)
            : base(status + ": " + message, inner)
        {
            Status = status;
        }
    }

    /// <summary>The handle names an entity (or area) that was destroyed, or never issued.</summary>
    public sealed class StaleHandleException : MotiveException
    {
        /// <summary>With motive's message.</summary>
        public StaleHandleException(string message) : base(Status.StaleHandle, message) { }
    }

    /// <summary>The handle belongs to another world.</summary>
    public sealed class WrongWorldException : MotiveException
    {
        /// <summary>With motive's message.</summary>
        public WrongWorldException(string message) : base(Status.WrongWorld, message) { }
    }

    /// <summary>
    /// A panic happened inside the world (a bug in motive): the world refuses every call but
    /// <see cref="World.Dispose"/>; other worlds keep working.
    /// </summary>
    public sealed class WorldPoisonedException : MotiveException
    {
        /// <summary>With the status (<c>Panic</c> or <c>Poisoned</c>) and motive's message.</summary>
        public WorldPoisonedException(Status status, string message) : base(status, message) { }
    }

    /// <summary>
    /// JSON could not be loaded: every error and warning is in <see cref="Diagnostics"/>, each at
    /// the JSON Pointer of the value at fault.
    /// </summary>
    public sealed class ParseException : MotiveException
    {
        /// <summary>What the loader found, errors and warnings, in document order.</summary>
        public IReadOnlyList<DiagnosticMessage> Diagnostics { get; private set; }

        /// <summary>With motive's message and the load's diagnostics.</summary>
        public ParseException(string message, IReadOnlyList<DiagnosticMessage> diagnostics)
            : base(Status.ParseError, message + Describe(diagnostics))
        {
            Diagnostics = diagnostics;
        }

        private static string Describe(IReadOnlyList<DiagnosticMessage> diagnostics)
        {
            var text = new System.Text.StringBuilder();
            foreach (var d in diagnostics)
            {
                text.Append("\n  ").Append(d);
            }
            return text.ToString();
        }
    }

    /// <summary>
    /// The native library is not the version this wrapper was generated for: rebuild it, or
    /// regenerate the wrapper (<c>scripts/gen-csharp</c>) from the library's header.
    /// </summary>
    public sealed class AbiMismatchException : Exception
    {
        /// <summary>Names both versions.</summary>
        public AbiMismatchException(uint library, uint wrapper)
            : base("motive: the native library has ABI version " + library +
                   " but this wrapper was generated for ABI version " + wrapper +
                   "; use the library built from the same motive version as the wrapper")
        {
        }
    }

    /// <summary>A callback given to a world threw; the exception is the inner exception.</summary>
    public sealed class CallbackException : MotiveException
    {
        /// <summary>Wraps what the callback threw; <paramref name="status"/> is the call's own.</summary>
        public CallbackException(Status status, Exception inner)
            : base(status, "a world callback threw " + inner.GetType().Name + ": " + inner.Message, inner)
        {
        }
    }
}

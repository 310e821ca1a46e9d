namespace Motive
{
    /// <summary>One error or warning of a JSON load, copied out of the native list.</summary>
    public sealed class DiagnosticMessage
    {
        /// <summary>Error (the load failed) or warning (a lint; the load succeeded).</summary>
        public Severity Severity { get; private set; }

        /// <summary>The JSON Pointer of the value at fault ("/actions/3/effects/0/key"; "" for the document).</summary>
        public string Path { get; private set; }

        /// <summary>Why, with a suggestion for a near-miss name.</summary>
        public string Message { get; private set; }

        internal DiagnosticMessage(Severity severity, string path, string message)
        {
            Severity = severity;
            Path = path;
            Message = message;
        }

        /// <summary>"error: /path: message", as <c>motive validate</c> prints them.</summary>
        public override string ToString()
        {
            return (Severity == Severity.Error ? "error: " : "warning: ") + Path + ": " + Message;
        }
    }
}

namespace Motive
{
    /// <summary>The error path shared by the JSON loaders (domains and scenarios).</summary>
    internal static class JsonLoad
    {
        /// <summary>
        /// Throws for a failed load: a <see cref="ParseException"/> with every diagnostic for
        /// bad JSON, the mapped exception otherwise.
        /// </summary>
        internal static void Check(Status status, Diagnostics diagnostics)
        {
            if (status == Status.Ok)
            {
                return;
            }
            if (status != Status.ParseError)
            {
                throw Errors.ToException(status);
            }
            string message = Errors.LastErrorMessage();
            throw new ParseException(message, diagnostics.ToList());
        }
    }
}

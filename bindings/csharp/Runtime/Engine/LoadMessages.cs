using System;
using System.Collections.Generic;
using System.IO;
using System.Text;

namespace Motive
{
    /// <summary>How bad a <see cref="LogLine"/> is.</summary>
    public enum LogLevel
    {
        /// <summary>For information.</summary>
        Info,
        /// <summary>A lint: the document loads, but something is likely wrong.</summary>
        Warning,
        /// <summary>The document does not load.</summary>
        Error,
    }

    /// <summary>One message for an engine's log (Unity's Console), with the JSON Pointer it is about.</summary>
    public struct LogLine
    {
        /// <summary>How bad it is.</summary>
        public LogLevel Level;

        /// <summary>The JSON Pointer of the value at fault ("/domain/actions/3"; "" for the document; null when about no value).</summary>
        public string Pointer;

        /// <summary>The whole message, "household.json: error at /domain/actions/3/effects/0: …".</summary>
        public string Text;

        /// <summary>A line.</summary>
        public LogLine(LogLevel level, string pointer, string text)
        {
            Level = level;
            Pointer = pointer;
            Text = text;
        }

        /// <summary>The text.</summary>
        public override string ToString()
        {
            return Text;
        }
    }

    /// <summary>
    /// Turns what loading a domain or scenario found into log lines and error messages an engine
    /// shows: each diagnostic with its JSON Pointer, and one clear message for any failure to
    /// start a world (bad JSON, a missing or mismatched native library, an unreadable file).
    /// The Unity editor's import check and MotiveWorld use it.
    /// </summary>
    public static class LoadMessages
    {
        /// <summary>"source: error at /pointer: message" (warning for a lint; "(document)" for the root).</summary>
        public static LogLine ToLogLine(DiagnosticMessage diagnostic, string source)
        {
            bool error = diagnostic.Severity == Severity.Error;
            string at = string.IsNullOrEmpty(diagnostic.Path) ? "(document)" : diagnostic.Path;
            return new LogLine(error ? LogLevel.Error : LogLevel.Warning, diagnostic.Path,
                source + ": " + (error ? "error" : "warning") + " at " + at + ": " + diagnostic.Message);
        }

        /// <summary>
        /// Loads the JSON file at <paramref name="path"/> as what it is (a scenario, whose domain
        /// may be a path relative to it, or a domain) and returns a line per diagnostic, errors
        /// and lint warnings, named after <paramref name="source"/> (an asset path). Empty for a
        /// clean document and for JSON that is not motive's. A failure that is not the document's
        /// (no native library) is one warning line.
        /// </summary>
        public static List<LogLine> ValidateFile(string path, string source)
        {
            var kind = MotiveDocument.Classify(File.ReadAllText(path));
            return Validate(kind, source, diagnostics =>
            {
                if (kind == MotiveDocumentKind.Scenario)
                {
                    Scenario.LoadFile(path, diagnostics).Dispose();
                }
                else
                {
                    Domain.LoadFile(path, diagnostics).Dispose();
                }
            });
        }

        /// <summary>As <see cref="ValidateFile"/>, for JSON text (a scenario must then embed its domain).</summary>
        public static List<LogLine> ValidateJson(string json, string source)
        {
            var kind = MotiveDocument.Classify(json);
            return Validate(kind, source, diagnostics =>
            {
                if (kind == MotiveDocumentKind.Scenario)
                {
                    Scenario.LoadJson(json, diagnostics).Dispose();
                }
                else
                {
                    Domain.LoadJson(json, diagnostics).Dispose();
                }
            });
        }

        /// <summary>
        /// One message saying why a world could not start from <paramref name="source"/>: every
        /// diagnostic of bad JSON at its pointer, or what to do about a missing or mismatched
        /// native library or an unreadable file.
        /// </summary>
        public static string DescribeFailure(Exception failure, string source)
        {
            var parse = failure as ParseException;
            if (parse != null)
            {
                int errors = 0;
                foreach (var d in parse.Diagnostics)
                {
                    if (d.Severity == Severity.Error)
                    {
                        errors++;
                    }
                }
                var text = new StringBuilder();
                text.Append("motive: ").Append(source).Append(" does not load: ").Append(errors)
                    .Append(errors == 1 ? " error" : " errors");
                foreach (var d in parse.Diagnostics)
                {
                    text.Append("\n  ").Append(ToLogLine(d, source).Text);
                }
                return text.ToString();
            }
            if (failure is DllNotFoundException)
            {
                return "motive: the native library is missing (" + failure.Message + "). Build it for this platform and put it " +
                       "in the package's Runtime/Plugins/<platform>/ folder: scripts/package-unity does it for this machine " +
                       "(see the package documentation, Documentation~/motive.md).";
            }
            if (failure is EntryPointNotFoundException)
            {
                return "motive: the native library is another motive version than this package (" + failure.Message +
                       "): rebuild it from the same motive version (scripts/package-unity).";
            }
            if (failure is AbiMismatchException)
            {
                return "motive: " + failure.Message;
            }
            if (failure is IOException || failure is UnauthorizedAccessException)
            {
                return "motive: cannot read " + source + ": " + failure.Message;
            }
            if (failure is MotiveException)
            {
                return "motive: " + source + " does not load: " + failure.Message;
            }
            return "motive: " + source + " does not load: " + failure.GetType().Name + ": " + failure.Message;
        }

        /// <summary>True for failures of the native library itself (missing, another version), not of a document.</summary>
        public static bool IsLibraryFailure(Exception failure)
        {
            return failure is DllNotFoundException || failure is EntryPointNotFoundException ||
                   failure is AbiMismatchException || failure is BadImageFormatException;
        }

        private static List<LogLine> Validate(MotiveDocumentKind kind, string source, Action<Diagnostics> load)
        {
            var lines = new List<LogLine>();
            if (kind == MotiveDocumentKind.None)
            {
                return lines;
            }
            try
            {
                using (var diagnostics = new Diagnostics())
                {
                    load(diagnostics);
                    foreach (var d in diagnostics.ToList())
                    {
                        lines.Add(ToLogLine(d, source));
                    }
                }
            }
            catch (ParseException e)
            {
                foreach (var d in e.Diagnostics)
                {
                    lines.Add(ToLogLine(d, source));
                }
            }
            catch (Exception e) when (IsLibraryFailure(e))
            {
                lines.Add(new LogLine(LogLevel.Warning, null, source + ": not checked: " + DescribeFailure(e, source)));
            }
            catch (MotiveException e)
            {
                lines.Add(new LogLine(LogLevel.Error, null, DescribeFailure(e, source)));
            }
            return lines;
        }
    }
}

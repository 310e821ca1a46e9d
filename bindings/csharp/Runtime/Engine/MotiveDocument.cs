using System.Collections.Generic;
using System.Text;

namespace Motive
{
    /// <summary>What a JSON text is to motive.</summary>
    public enum MotiveDocumentKind
    {
        /// <summary>Not a motive document (another tool's JSON, or no JSON object).</summary>
        None,
        /// <summary>A domain: definitions only.</summary>
        Domain,
        /// <summary>A scenario: a domain (its "domain" member) and a world to run it in.</summary>
        Scenario,
    }

    /// <summary>
    /// Tells domains, scenarios and other JSON apart from their top-level members, without a
    /// JSON library: a document with a "domain" member is a scenario (as the schema says); one
    /// with a domain's sections ("actions", "archetypes", …) or motive's schema is a domain.
    /// </summary>
    public static class MotiveDocument
    {
        private static readonly string[] DomainSections =
        {
            "actions", "archetypes", "drives", "goals", "goap_goals", "behaviour_trees", "ubc_plans",
            "ubc_goals", "attributes",
        };

        /// <summary>Which kind of motive document <paramref name="json"/> is, if any.</summary>
        public static MotiveDocumentKind Classify(string json)
        {
            var members = new Dictionary<string, string>();
            ReadTopLevel(json, members);
            if (members.ContainsKey("domain"))
            {
                return MotiveDocumentKind.Scenario;
            }
            string schema;
            if (members.TryGetValue("$schema", out schema) && schema != null && schema.Contains("domain.schema.json"))
            {
                return MotiveDocumentKind.Domain;
            }
            foreach (var section in DomainSections)
            {
                if (members.ContainsKey(section))
                {
                    return MotiveDocumentKind.Domain;
                }
            }
            return MotiveDocumentKind.None;
        }

        /// <summary>
        /// Adds the members of the top-level object of <paramref name="json"/> to
        /// <paramref name="members"/>: name → the value when it is a string, null otherwise.
        /// Reads as far as the text is well formed; false when it is not a whole JSON object.
        /// </summary>
        public static bool ReadTopLevel(string json, IDictionary<string, string> members)
        {
            if (json == null)
            {
                return false;
            }
            int i = 0;
            SkipSpace(json, ref i);
            if (i >= json.Length || json[i] != '{')
            {
                return false;
            }
            i++;
            SkipSpace(json, ref i);
            if (i < json.Length && json[i] == '}')
            {
                return true;
            }
            while (i < json.Length)
            {
                string name;
                if (json[i] != '"' || !ReadString(json, ref i, out name))
                {
                    return false;
                }
                SkipSpace(json, ref i);
                if (i >= json.Length || json[i] != ':')
                {
                    return false;
                }
                i++;
                SkipSpace(json, ref i);
                string value = null;
                if (i < json.Length && json[i] == '"')
                {
                    if (!ReadString(json, ref i, out value))
                    {
                        return false;
                    }
                }
                else if (!SkipValue(json, ref i))
                {
                    return false;
                }
                members[name] = value;
                SkipSpace(json, ref i);
                if (i >= json.Length)
                {
                    return false;
                }
                if (json[i] == '}')
                {
                    return true;
                }
                if (json[i] != ',')
                {
                    return false;
                }
                i++;
                SkipSpace(json, ref i);
            }
            return false;
        }

        private static void SkipSpace(string s, ref int i)
        {
            while (i < s.Length && (char.IsWhiteSpace(s[i]) || s[i] == '\uFEFF'))
            {
                i++;
            }
        }

        // At a '"': reads the string and moves past its closing quote.
        private static bool ReadString(string s, ref int i, out string value)
        {
            var text = new StringBuilder();
            value = null;
            for (i++; i < s.Length; i++)
            {
                char c = s[i];
                if (c == '"')
                {
                    i++;
                    value = text.ToString();
                    return true;
                }
                if (c != '\\')
                {
                    text.Append(c);
                    continue;
                }
                if (++i >= s.Length)
                {
                    return false;
                }
                switch (s[i])
                {
                    case 'n': text.Append('\n'); break;
                    case 't': text.Append('\t'); break;
                    case 'r': text.Append('\r'); break;
                    case 'b': text.Append('\b'); break;
                    case 'f': text.Append('\f'); break;
                    case 'u':
                        int code;
                        if (i + 4 >= s.Length || !int.TryParse(s.Substring(i + 1, 4), System.Globalization.NumberStyles.HexNumber,
                                System.Globalization.CultureInfo.InvariantCulture, out code))
                        {
                            return false;
                        }
                        text.Append((char)code);
                        i += 4;
                        break;
                    default: text.Append(s[i]); break;
                }
            }
            return false;
        }

        // Skips one value that is not a string: an object or array (strings inside skipped whole),
        // or a literal up to the next ',', '}' or ']'.
        private static bool SkipValue(string s, ref int i)
        {
            int depth = 0;
            int start = i;
            while (i < s.Length)
            {
                char c = s[i];
                if (c == '"')
                {
                    string ignored;
                    if (!ReadString(s, ref i, out ignored))
                    {
                        return false;
                    }
                    if (depth == 0)
                    {
                        return true;
                    }
                    continue;
                }
                if (c == '{' || c == '[')
                {
                    depth++;
                }
                else if (c == '}' || c == ']')
                {
                    if (depth == 0)
                    {
                        return i > start;
                    }
                    depth--;
                    if (depth == 0)
                    {
                        i++;
                        return true;
                    }
                }
                else if (c == ',' && depth == 0)
                {
                    return i > start;
                }
                i++;
            }
            return false;
        }
    }
}

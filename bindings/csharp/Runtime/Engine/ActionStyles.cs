using System.Collections.Generic;

namespace Motive
{
    /// <summary>
    /// How the engine performs each action motive requests: a walk to the target (an action
    /// whose effect moves the NPC there), an engine action lasting some seconds, or otherwise an
    /// action motive times itself. The C ABI does not say which an action is, so the game does.
    /// </summary>
    public sealed class ActionStyles
    {
        private readonly HashSet<uint> walks = new HashSet<uint>();
        private readonly Dictionary<uint, double> engineSeconds = new Dictionary<uint, double>();

        /// <summary>Marks the action called <paramref name="name"/> as a walk to its target.</summary>
        public ActionStyles Walk(Domain domain, string name)
        {
            walks.Add(domain.FindAction(name));
            return this;
        }

        /// <summary>Marks the action called <paramref name="name"/> as engine-performed for <paramref name="seconds"/>.</summary>
        public ActionStyles Perform(Domain domain, string name, double seconds)
        {
            engineSeconds[domain.FindAction(name)] = seconds;
            return this;
        }

        /// <summary>True when the action is a walk.</summary>
        public bool IsWalk(uint action)
        {
            return walks.Contains(action);
        }

        /// <summary>The seconds an engine-performed action lasts; false for walks and motive-timed actions.</summary>
        public bool TryGetEngineSeconds(uint action, out double seconds)
        {
            return engineSeconds.TryGetValue(action, out seconds);
        }
    }
}

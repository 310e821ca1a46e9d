using System.Collections.Generic;

namespace Motive
{
    /// <summary>
    /// How the engine performs the actions motive asks it to end (<see cref="Event.EndedBy"/> is
    /// <see cref="ActionEnd.Engine"/>): a walk to the target (an action whose effect moves the
    /// NPC there), or an engine action lasting some seconds — the ones the game names, else
    /// <see cref="DefaultEngineSeconds"/>, so that no engine action waits forever. Actions motive
    /// ends itself (a timer, a full drive) are only shown.
    /// </summary>
    public sealed class ActionStyles
    {
        private readonly HashSet<uint> walks = new HashSet<uint>();
        private readonly Dictionary<uint, double> engineSeconds = new Dictionary<uint, double>();

        /// <summary>
        /// Seconds an engine-ended action the game did not describe lasts before it is reported
        /// done (1 by default): a melee swing, a spell, an animation.
        /// </summary>
        public double DefaultEngineSeconds = 1.0;

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

        /// <summary>The seconds an engine-performed action lasts: the game's, else <see cref="DefaultEngineSeconds"/>.</summary>
        public double EngineSeconds(uint action)
        {
            double seconds;
            return engineSeconds.TryGetValue(action, out seconds) ? seconds : DefaultEngineSeconds;
        }
    }
}

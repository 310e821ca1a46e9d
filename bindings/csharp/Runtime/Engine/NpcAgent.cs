namespace Motive
{
    /// <summary>
    /// One NPC as the engine sees it: its handle, where its body is, and the action its body
    /// performs. An engine's NPC component owns one and copies its position to and from the body.
    /// </summary>
    public sealed class NpcAgent
    {
        /// <summary>The NPC.</summary>
        public Npc Npc { get; private set; }

        /// <summary>Where the body is; the runner sends it to motive every step.</summary>
        public Vec3 Position;

        /// <summary>True when the performer moves <see cref="Position"/>; false when the engine's navigation does.</summary>
        public bool MovesItself = true;

        /// <summary>The action being performed.</summary>
        public ActionPerformer Performer { get; private set; }

        /// <summary>Actions this NPC performed to the end (walks, engine actions, timed ones).</summary>
        public int ActionsCompleted { get; internal set; }

        /// <summary>
        /// Names the agent in its runner's saves (<see cref="WorldRunner.Save()"/>), so that the
        /// engine finds it again after a load (<see cref="WorldRunner.FindAgent"/>): a unique,
        /// lasting name of its body, such as a GameObject's path. Null: unnamed (still saved and
        /// loaded, found through <see cref="WorldRunner.Agents"/>, in the same order).
        /// </summary>
        public string Key { get; set; }

        internal NpcAgent(Npc npc, Vec3 position)
        {
            Npc = npc;
            Position = position;
            Performer = new ActionPerformer();
        }
    }
}

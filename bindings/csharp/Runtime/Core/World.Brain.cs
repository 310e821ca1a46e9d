namespace Motive
{
    public sealed partial class World
    {
        /// <summary>
        /// Which brain decides for <paramref name="npc"/> (<c>motive_npc_brain</c>), so that a
        /// tool asks the explanation queries that answer for it.
        /// </summary>
        public Brain NpcBrain(Npc npc)
        {
            uint brain;
            Errors.Check(NativeMethods.motive_npc_brain(Handle, npc, out brain));
            return (Brain)brain;
        }
    }
}

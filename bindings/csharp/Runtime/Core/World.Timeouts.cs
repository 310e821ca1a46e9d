namespace Motive
{
    public sealed partial class World
    {
        /// <summary>
        /// Seconds an engine-ended action may go unreported before motive fails it with
        /// <see cref="EventKind.ActionTimedOut"/>, for actions whose domain sets none
        /// (<c>motive_world_set_engine_action_timeout</c>): finite and &gt; 0, or
        /// <see cref="double.PositiveInfinity"/> for never. The default is 60 s.
        /// </summary>
        public void SetEngineActionTimeout(double seconds)
        {
            Errors.Check(NativeMethods.motive_world_set_engine_action_timeout(Handle, seconds));
        }
    }
}

namespace Motive
{
    public sealed partial class DomainBuilder
    {
        /// <summary>
        /// Seconds after its request at which <paramref name="action"/>, when the engine ends it,
        /// fails unreported (<c>motive_domain_builder_set_action_timeout</c>): finite and &gt; 0,
        /// or <see cref="double.PositiveInfinity"/> for never; it wins over the world's timeout.
        /// </summary>
        public void SetActionTimeout(uint action, double seconds)
        {
            Errors.Check(NativeMethods.motive_domain_builder_set_action_timeout(Handle, action, seconds));
        }
    }
}

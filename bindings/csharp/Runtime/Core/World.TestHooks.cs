// Only with MOTIVE_TEST_HOOKS: the hook's entry point exists only in libraries built with the
// Rust feature test-hooks (see Runtime/Native/NativeMethods.TestHooks.cs).
#if MOTIVE_TEST_HOOKS
namespace Motive
{
    public sealed partial class World
    {
        /// <summary>Panics inside the world on purpose (<c>motive_debug_panic</c>; test builds of the library only).</summary>
        internal void DebugPanic()
        {
            Errors.Check(NativeMethods.motive_debug_panic(Handle));
        }
    }
}
#endif

using System;

namespace Motive
{
    /// <summary>
    /// The native library: its version, and the ABI check every owned object makes before its
    /// first native call, so a mismatched library is a clear error instead of corrupt memory.
    /// </summary>
    public static unsafe class Library
    {
        private static bool compatible;

        /// <summary>The library's version, "MAJOR.MINOR.PATCH" (<c>motive_version</c>).</summary>
        public static string Version
        {
            get
            {
                EnsureCompatible();
                return Utf8.Read((byte*)NativeMethods.motive_version());
            }
        }

        /// <summary>The ABI version the loaded library was built with (<c>motive_abi_version</c>).</summary>
        public static uint AbiVersion
        {
            get { return NativeMethods.motive_abi_version(); }
        }

        /// <summary>
        /// Loads the library on first use and checks its ABI version against the one this wrapper
        /// was generated for (<see cref="Constants.AbiVersion"/>); throws
        /// <see cref="AbiMismatchException"/> when they differ.
        /// </summary>
        public static void EnsureCompatible()
        {
            if (compatible)
            {
                return;
            }
            CheckAbi(NativeMethods.motive_abi_version());
            compatible = true;
        }

        /// <summary>Throws unless <paramref name="libraryAbi"/> is the wrapper's ABI version.</summary>
        internal static void CheckAbi(uint libraryAbi)
        {
            if (libraryAbi != Constants.AbiVersion)
            {
                throw new AbiMismatchException(libraryAbi, Constants.AbiVersion);
            }
        }
    }
}

using NUnit.Framework;

namespace Motive.Tests
{
    [TestFixture]
    public class LibraryTests
    {
        [Test]
        public void TheLoadedLibraryHasTheWrappersAbiAndVersion()
        {
            Library.EnsureCompatible();
            Assert.AreEqual(Constants.AbiVersion, Library.AbiVersion);
            Assert.AreEqual(Constants.VersionString, Library.Version);
        }

        [Test]
        public void AnotherAbiVersionIsAClearError()
        {
            var e = Assert.Throws<AbiMismatchException>(() => Library.CheckAbi(Constants.AbiVersion + 1));
            StringAssert.Contains("ABI version " + (Constants.AbiVersion + 1), e.Message);
            StringAssert.Contains("generated for ABI version " + Constants.AbiVersion, e.Message);
        }

        [Test]
        public void StatusNamesComeFromTheLibrary()
        {
            Assert.AreEqual("MOTIVE_STATUS_STALE_HANDLE", Errors.Name(Status.StaleHandle));
            Assert.IsTrue(NativeMethods.motive_status_is_error((uint)Status.NotFound));
            Assert.IsFalse(NativeMethods.motive_status_is_error((uint)Status.InProgress));
        }
    }
}

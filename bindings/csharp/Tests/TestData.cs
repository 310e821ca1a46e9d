using System;
using System.IO;
using NUnit.Framework;

namespace Motive.Tests
{
    /// <summary>
    /// Files of the motive repository the tests read (scenarios, the golden run). scripts/test-csharp
    /// sets MOTIVE_REPO; where it is unset (a Unity project using the package) those tests are
    /// ignored, not failed.
    /// </summary>
    internal static class TestData
    {
        internal static string Path(string relative)
        {
            var root = Environment.GetEnvironmentVariable("MOTIVE_REPO");
            if (string.IsNullOrEmpty(root))
            {
                Assert.Ignore("MOTIVE_REPO is not set: this test reads " + relative + " from the motive repository");
            }
            return System.IO.Path.Combine(root, relative);
        }

        internal static string Read(string relative)
        {
            return File.ReadAllText(Path(relative));
        }

        /// <summary>The household scenario as a world with its simulator.</summary>
        internal static Simulator Household(uint copies, ulong seed)
        {
            using (var scenario = Scenario.LoadFile(Path("scenarios/household.json")))
            {
                return scenario.Instantiate(null, copies, seed);
            }
        }
    }
}

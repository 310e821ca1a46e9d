using System;
using System.IO;
using System.Runtime.InteropServices;
using NUnit.Framework;

namespace Motive.Tests
{
    /// <summary>
    /// Every generated struct has the C struct's size and field offsets, as a C program compiled
    /// against include/motive.h prints them (scripts/gen-csharp --layout-c; the file is given
    /// in MOTIVE_LAYOUT by scripts/test-csharp).
    /// </summary>
    [TestFixture]
    public class LayoutTests
    {
        [Test]
        public void StructsMatchTheCHeader()
        {
            var path = Environment.GetEnvironmentVariable("MOTIVE_LAYOUT");
            if (string.IsNullOrEmpty(path))
            {
                Assert.Ignore("MOTIVE_LAYOUT is not set");
            }
            int checkedLines = 0;
            foreach (var line in File.ReadAllLines(path))
            {
                var parts = line.Split(' ');
                var type = typeof(World).Assembly.GetType(parts[0], true);
                if (parts.Length == 2)
                {
                    Assert.AreEqual(int.Parse(parts[1]), Marshal.SizeOf(type), "sizeof " + parts[0]);
                }
                else
                {
                    Assert.AreEqual(int.Parse(parts[2]), (int)Marshal.OffsetOf(type, parts[1]), parts[0] + "." + parts[1]);
                }
                checkedLines++;
            }
            Assert.Greater(checkedLines, 200);
        }
    }
}

using System.Linq;
using NUnit.Framework;

namespace Motive.Tests
{
    [TestFixture]
    public class DomainJsonTests
    {
        private const string Broken = @"{
  ""name"": ""broken"",
  ""attributes"": [{""name"": ""hunger"", ""type"": ""number""}],
  ""actions"": [{""name"": ""eat"", ""effects"": [{""key"": ""hungr"", ""add"": 10}]}]
}";

        [Test]
        public void BadJsonThrowsEveryErrorAtItsPointer()
        {
            var e = Assert.Throws<ParseException>(() => Domain.LoadJson(Broken));
            Assert.AreEqual(Status.ParseError, e.Status);
            var error = e.Diagnostics.Single(d => d.Severity == Severity.Error);
            Assert.AreEqual("/actions/0/effects/0/key", error.Path);
            StringAssert.Contains("hunger", error.Message);
            StringAssert.Contains("/actions/0/effects/0/key", e.Message);
        }

        [Test]
        public void TheCallersDiagnosticsKeepTheLoad()
        {
            using (var diagnostics = new Diagnostics())
            {
                Assert.Throws<ParseException>(() => Domain.LoadJson(Broken, diagnostics));
                Assert.AreEqual(1, diagnostics.ToList().Count(d => d.Severity == Severity.Error));
                using (var domain = Domain.LoadJson(TestData.Read("tests/data/kitchen.json"), diagnostics))
                {
                    Assert.AreEqual(0, diagnostics.ToList().Count(d => d.Severity == Severity.Error));
                }
            }
        }

        [Test]
        public void NotJsonAtAllIsAParseError()
        {
            var e = Assert.Throws<ParseException>(() => Domain.LoadJson("{ not json"));
            Assert.IsNotEmpty(e.Diagnostics);
        }

        [Test]
        public void AMissingFileIsAParseErrorNamingIt()
        {
            var e = Assert.Throws<ParseException>(() => Domain.LoadFile("/nonexistent/motive.json"));
            StringAssert.Contains("/nonexistent/motive.json", e.Message);
        }

        [Test]
        public void NamesAreFoundAndUnknownNamesAreNotFound()
        {
            using (var domain = Domain.LoadFile(TestData.Path("tests/data/kitchen.json")))
            {
                var hunger = domain.FindAttribute("hunger");
                Assert.AreEqual(hunger, domain.FindAttribute("hunger"));
                var e = Assert.Throws<MotiveException>(() => domain.FindAction("fly"));
                Assert.AreEqual(Status.NotFound, e.Status);
                StringAssert.Contains("fly", e.Message);
            }
        }
    }
}

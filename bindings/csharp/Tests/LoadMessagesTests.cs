using System;
using System.IO;
using System.Linq;
using NUnit.Framework;

namespace Motive.Tests
{
    /// <summary>
    /// What the editor's import check and MotiveWorld log: documents told apart, each diagnostic
    /// with its JSON Pointer, one clear message per failure.
    /// </summary>
    [TestFixture]
    public class LoadMessagesTests
    {
        private const string BadDomain =
            "{\"attributes\": [{\"name\": \"hunger\", \"type\": \"number\"}],\n" +
            " \"actions\": [{\"name\": \"eat\", \"effects\": [{\"key\": \"hunger\"}]}]}";

        [Test]
        public void DocumentsAreToldApartByTheirTopLevelMembers()
        {
            Assert.AreEqual(MotiveDocumentKind.Scenario, MotiveDocument.Classify(TestData.Read("scenarios/household.json")));
            Assert.AreEqual(MotiveDocumentKind.Scenario, MotiveDocument.Classify("{\"domain\": \"household_domain.json\"}"));
            Assert.AreEqual(MotiveDocumentKind.Domain, MotiveDocument.Classify(BadDomain));
            Assert.AreEqual(MotiveDocumentKind.Domain, MotiveDocument.Classify("\uFEFF {\"$schema\": \"../docs/domain.schema.json\"}"));
            Assert.AreEqual(MotiveDocumentKind.Domain, MotiveDocument.Classify("{\"name\": \"x\", \"archetypes\": [] , \"q\": \"a\\\"}\"}"));
            Assert.AreEqual(MotiveDocumentKind.None, MotiveDocument.Classify("{\"levels\": [{\"domain\": 1, \"actions\": []}]}"), "nested members do not count");
            Assert.AreEqual(MotiveDocumentKind.None, MotiveDocument.Classify("[{\"domain\": {}}]"));
            Assert.AreEqual(MotiveDocumentKind.None, MotiveDocument.Classify(""));
            Assert.AreEqual(MotiveDocumentKind.Domain, MotiveDocument.Classify("{\"actions\": [ }"), "malformed after a telling member");
            var members = new System.Collections.Generic.Dictionary<string, string>();
            Assert.IsTrue(MotiveDocument.ReadTopLevel("{\"a\": \"b\\u0041\", \"n\": -1.5e3, \"o\": {\"x\": [1, \"]\"]}, \"t\": true}", members));
            Assert.AreEqual("bA", members["a"]);
            Assert.IsNull(members["n"]);
            CollectionAssert.AreEquivalent(new[] { "a", "n", "o", "t" }, members.Keys);
        }

        [Test]
        public void EveryDiagnosticBecomesALineWithItsPointer()
        {
            var lines = LoadMessages.ValidateJson(BadDomain, "Assets/StreamingAssets/bad.json");
            Assert.AreEqual(1, lines.Count);
            Assert.AreEqual(LogLevel.Error, lines[0].Level);
            Assert.AreEqual("/actions/0/effects/0", lines[0].Pointer);
            StringAssert.StartsWith("Assets/StreamingAssets/bad.json: error at /actions/0/effects/0: an effect needs", lines[0].Text);

            var syntax = LoadMessages.ValidateJson("{\"actions\": [ }", "broken.json");
            Assert.AreEqual(1, syntax.Count);
            StringAssert.StartsWith("broken.json: error at /actions/0: line 1, column 15", syntax[0].Text);

            var scenario = LoadMessages.ValidateJson(
                "{\"domain\": {}, \"entities\": [{\"name\": \"a\", \"archetype\": \"nope\", \"at\": [0, 0, 0]}]}", "s.json");
            Assert.AreEqual("/entities/0/archetype", scenario.Single().Pointer);
            StringAssert.Contains("unknown archetype \"nope\"", scenario.Single().Text);

            Assert.AreEqual(0, LoadMessages.ValidateJson("{\"volume\": 3}", "settings.json").Count, "not motive's: not checked");
        }

        [Test]
        public void FilesLoadAsWhatTheyAreWithRelativeDomains()
        {
            foreach (var file in new[] { "household.json", "pirate.json", "guard_hebt.json", "hospital.json" })
            {
                var path = TestData.Path("scenarios/" + file);
                Assert.IsFalse(LoadMessages.ValidateFile(path, file).Any(l => l.Level == LogLevel.Error), file);
            }
            string dir = Path.Combine(Path.GetTempPath(), "motive-load-messages-" + Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(dir);
            try
            {
                File.WriteAllText(Path.Combine(dir, "rules.json"), BadDomain);
                File.WriteAllText(Path.Combine(dir, "level.json"), "{\"domain\": \"rules.json\", \"entities\": []}");
                var lines = LoadMessages.ValidateFile(Path.Combine(dir, "level.json"), "level.json");
                Assert.AreEqual(1, lines.Count, "the scenario's domain, read relative to it");
                StringAssert.Contains("an effect needs", lines[0].Text);
                Assert.AreEqual(1, LoadMessages.ValidateFile(Path.Combine(dir, "rules.json"), "rules.json").Count);
            }
            finally
            {
                Directory.Delete(dir, true);
            }
        }

        [Test]
        public void AFailureIsOneClearMessage()
        {
            var parse = Assert.Throws<ParseException>(() => Domain.LoadJson(BadDomain));
            var message = LoadMessages.DescribeFailure(parse, "household.json");
            StringAssert.StartsWith("motive: household.json does not load: 1 error\n  household.json: error at /actions/0/effects/0: ", message);

            StringAssert.Contains("Runtime/Plugins/", LoadMessages.DescribeFailure(new DllNotFoundException("motive"), "household.json"));
            StringAssert.Contains("another motive version", LoadMessages.DescribeFailure(new EntryPointNotFoundException("motive_domain_name"), "x"));
            Assert.AreEqual("motive: cannot read a.json: Could not find file",
                LoadMessages.DescribeFailure(new FileNotFoundException("Could not find file"), "a.json"));
            Assert.IsTrue(LoadMessages.IsLibraryFailure(new DllNotFoundException()));
            Assert.IsFalse(LoadMessages.IsLibraryFailure(parse));
        }

        [Test]
        public void StreamingAssetsAreFilesOnDesktopAndUrlsOnAndroidAndTheWeb()
        {
            Assert.IsFalse(StreamingAssetsPath.NeedsWebRequest("/home/me/Game_Data/StreamingAssets/household.json"));
            Assert.IsFalse(StreamingAssetsPath.NeedsWebRequest("C:\\Game\\Game_Data\\StreamingAssets\\household.json"));
            Assert.IsTrue(StreamingAssetsPath.NeedsWebRequest("jar:file:///data/app/game.apk!/assets/household.json"));
            Assert.IsTrue(StreamingAssetsPath.NeedsWebRequest("https://example.com/Build/StreamingAssets/household.json"));
            Assert.AreEqual("jar:file:///data/app/game.apk!/assets/levels/a.json",
                StreamingAssetsPath.Combine("jar:file:///data/app/game.apk!/assets/", "levels\\a.json"));
            Assert.AreEqual(Path.Combine("/x/StreamingAssets", "a.json"), StreamingAssetsPath.Combine("/x/StreamingAssets", "a.json"));
        }
    }
}

// The Motive runtime module: the motive native library from ThirdParty/Motive/<Platform>
// (staged there by scripts/package-unreal: include/, lib/, and bin/ on Win64), the header-only
// C++ wrapper (motive.hpp) among the headers, and thin engine glue in Public/ and Private/.

using System.IO;
using UnrealBuildTool;

public class Motive : ModuleRules
{
	public Motive(ReadOnlyTargetRules Target) : base(Target)
	{
		PCHUsage = ModuleRules.PCHUsageMode.UseExplicitOrSharedPCHs;

		PublicDependencyModuleNames.AddRange(new string[] { "Core", "CoreUObject", "Engine", "AIModule", "GameplayTasks" });
		PrivateDependencyModuleNames.AddRange(new string[] { "Projects" });

		string PlatformThirdPartyPath = Path.GetFullPath(Path.Combine(PluginDirectory, "Source", "ThirdParty", "Motive", Target.Platform.ToString()));
		string PlatformBinariesPath = Path.GetFullPath(Path.Combine(PluginDirectory, "Binaries", Target.Platform.ToString()));
		if (!Directory.Exists(PlatformThirdPartyPath))
		{
			throw new BuildException("Motive: no native library for " + Target.Platform + " in " + PlatformThirdPartyPath + "; run scripts/package-unreal on that platform first.");
		}

		PublicIncludePaths.Add(Path.Combine(PlatformThirdPartyPath, "include"));

		if (Target.Platform == UnrealTargetPlatform.Win64)
		{
			// Linked through the import library, loaded by FMotiveModule from the plugin's own
			// Binaries folder before first use (delay-loaded, so the game's folder need not hold it).
			PublicAdditionalLibraries.Add(Path.Combine(PlatformThirdPartyPath, "lib", "motive.dll.lib"));
			PublicDelayLoadDLLs.Add("motive.dll");
			RuntimeDependencies.Add(Path.Combine(PlatformBinariesPath, "motive.dll"), Path.Combine(PlatformThirdPartyPath, "bin", "motive.dll"));
		}
		else if (Target.Platform == UnrealTargetPlatform.Linux)
		{
			PublicAdditionalLibraries.Add(Path.Combine(PlatformThirdPartyPath, "lib", "libmotive.so"));
			RuntimeDependencies.Add(Path.Combine(PlatformBinariesPath, "libmotive.so"), Path.Combine(PlatformThirdPartyPath, "lib", "libmotive.so"));
		}
		else if (Target.Platform == UnrealTargetPlatform.Mac)
		{
			PublicAdditionalLibraries.Add(Path.Combine(PlatformThirdPartyPath, "lib", "libmotive.dylib"));
			RuntimeDependencies.Add(Path.Combine(PlatformBinariesPath, "libmotive.dylib"), Path.Combine(PlatformThirdPartyPath, "lib", "libmotive.dylib"));
		}
		else
		{
			throw new BuildException("Motive: " + Target.Platform + " is not supported (Win64, Linux, Mac).");
		}
	}
}

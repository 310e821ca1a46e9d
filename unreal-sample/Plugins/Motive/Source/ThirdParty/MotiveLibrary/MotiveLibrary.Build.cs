// The motive native library as an External module, laid out as Unreal's ThirdParty plugin
// template lays out its library module (Type = External, import library + delay-loaded DLL on
// Win64, RuntimeDependencies to stage the binaries) with one folder per platform as the Sentry
// plugin does: <Platform>/include, <Platform>/lib and, on Win64, <Platform>/bin, all staged by
// scripts/package-unreal (build products, kept out of git).
//
// When the current platform's files are not staged, the plugin still builds: WITH_MOTIVE_LIBRARY
// is 0, the Motive module compiles without the library, logs at startup that it must be staged
// with scripts/package-unreal, and every Motive component stays inert.

using System;
using System.IO;
using UnrealBuildTool;

public class MotiveLibrary : ModuleRules
{
	public MotiveLibrary(ReadOnlyTargetRules Target) : base(Target)
	{
		Type = ModuleType.External;

		string PlatformDir = Path.Combine(ModuleDirectory, Target.Platform.ToString());
		string[] Needed;
		if (Target.Platform == UnrealTargetPlatform.Win64)
		{
			Needed = new string[] { Path.Combine(PlatformDir, "lib", "motive.dll.lib"), Path.Combine(PlatformDir, "bin", "motive.dll") };
		}
		else if (Target.Platform == UnrealTargetPlatform.Linux)
		{
			Needed = new string[] { Path.Combine(PlatformDir, "lib", "libmotive.so") };
		}
		else if (Target.Platform == UnrealTargetPlatform.Mac)
		{
			Needed = new string[] { Path.Combine(PlatformDir, "lib", "libmotive.dylib") };
		}
		else
		{
			Needed = null;
		}

		bool bStaged = Needed != null && File.Exists(Path.Combine(PlatformDir, "include", "motive.hpp"));
		if (Needed != null)
		{
			foreach (string Required in Needed)
			{
				bStaged = bStaged && File.Exists(Required);
			}
		}
		PublicDefinitions.Add("WITH_MOTIVE_LIBRARY=" + (bStaged ? "1" : "0"));
		if (!bStaged)
		{
			Console.WriteLine("Motive: no motive library staged for {0} in {1}: building the plugin without it (its components stay inert). " +
				"Run scripts/package-unreal on {0} from the motive repository, then rebuild.", Target.Platform, PlatformDir);
			return;
		}

		// The C header and the header-only C++ wrapper with its helpers.
		PublicSystemIncludePaths.Add(Path.Combine(PlatformDir, "include"));

		if (Target.Platform == UnrealTargetPlatform.Win64)
		{
			// Linked through the import library; delay-loaded so that FMotiveModule loads it from the
			// plugin's Binaries folder before the first call (and stays inert when it cannot).
			PublicAdditionalLibraries.Add(Path.Combine(PlatformDir, "lib", "motive.dll.lib"));
			PublicDelayLoadDLLs.Add("motive.dll");
			RuntimeDependencies.Add("$(PluginDir)/Binaries/Win64/motive.dll", Path.Combine(PlatformDir, "bin", "motive.dll"));
		}
		else if (Target.Platform == UnrealTargetPlatform.Linux)
		{
			// Linked by its SONAME (libmotive.so, set by scripts/package-unreal) and copied next to
			// the binary that links it: the plugin's Binaries/Linux in the editor, the game's
			// Binaries/Linux in a packaged game, where every Unreal binary's rpath has ${ORIGIN}.
			PublicAdditionalLibraries.Add(Path.Combine(PlatformDir, "lib", "libmotive.so"));
			RuntimeDependencies.Add("$(BinaryOutputDir)/libmotive.so", Path.Combine(PlatformDir, "lib", "libmotive.so"));
		}
		else if (Target.Platform == UnrealTargetPlatform.Mac)
		{
			// Its install name is @rpath/libmotive.dylib (scripts/package-unreal sets it, cargo's is the
			// build machine's path). The Mac toolchain gives the linking binary an @loader_path runtime
			// path to this folder (and its place in a packaged app bundle, where the same file is staged
			// below); the folder is also named as a runtime library path.
			PublicAdditionalLibraries.Add(Path.Combine(PlatformDir, "lib", "libmotive.dylib"));
			PublicRuntimeLibraryPaths.Add(Path.Combine(PlatformDir, "lib"));
			RuntimeDependencies.Add(Path.Combine(PlatformDir, "lib", "libmotive.dylib"));
		}
	}
}

// The Motive runtime module: thin engine glue (Public/, Private/) over the motive library, an
// External module of its own (Source/ThirdParty/MotiveLibrary) with the header-only C++ wrapper.
// It builds without the library (WITH_MOTIVE_LIBRARY 0) and then stays inert; its Gameplay
// Debugger category is compiled where the engine has the debugger (WITH_GAMEPLAY_DEBUGGER).

using UnrealBuildTool;

public class Motive : ModuleRules
{
	public Motive(ReadOnlyTargetRules Target) : base(Target)
	{
		PCHUsage = ModuleRules.PCHUsageMode.UseExplicitOrSharedPCHs;

		// MotiveLibrary is public: MotiveHeaders.h gives game modules the wrapper too.
		PublicDependencyModuleNames.AddRange(new string[] { "Core", "CoreUObject", "Engine", "AIModule", "GameplayTasks", "MotiveLibrary" });
		PrivateDependencyModuleNames.AddRange(new string[] { "Projects" });

		// GameplayDebugger and WITH_GAMEPLAY_DEBUGGER (0 in Shipping), as Epic's modules do.
		SetupGameplayDebuggerSupport(Target);
	}
}

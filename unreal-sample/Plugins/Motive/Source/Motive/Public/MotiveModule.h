// The Motive module: loads the native library (Win64: from the plugin's Binaries folder, as it
// is delay-loaded), refuses one whose ABI differs from the header's, and registers the "Motive"
// Gameplay Debugger category. Without the library (not staged when the plugin was built, a DLL
// that does not load, another ABI) it logs why once and every Motive component stays inert.
#pragma once

#include "CoreMinimal.h"
#include "Modules/ModuleInterface.h"

MOTIVE_API DECLARE_LOG_CATEGORY_EXTERN(LogMotive, Log, All);

/** Loads and checks the motive library when the module starts. */
class FMotiveModule : public IModuleInterface
{
public:
	virtual void StartupModule() override;
	virtual void ShutdownModule() override;

	/** Whether the library loaded and speaks this plugin's ABI: nothing may call motive otherwise. */
	static MOTIVE_API bool IsLibraryReady();

	/** Why the library is not ready (empty when it is), naming what to do about it. */
	static MOTIVE_API const FString& GetLibraryProblem();

private:
	/** The loaded motive.dll (Win64; the library is linked directly elsewhere). */
	void* LibraryHandle = nullptr;
};

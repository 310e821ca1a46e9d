// The Motive module: loads the native library (Win64: from the plugin's Binaries folder, as it
// is delay-loaded) and refuses a library whose ABI differs from the header's.
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

	/** Whether the library loaded and speaks this plugin's ABI; nothing motive runs otherwise. */
	static bool IsLibraryReady();

private:
	void* LibraryHandle = nullptr;
};

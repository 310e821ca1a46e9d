#include "MotiveModule.h"

#include "HAL/PlatformProcess.h"
#include "Interfaces/IPluginManager.h"
#include "Misc/Paths.h"
#include "MotiveHeaders.h"

DEFINE_LOG_CATEGORY(LogMotive);

namespace
{
bool GLibraryReady = false;
}

void FMotiveModule::StartupModule()
{
#if PLATFORM_WINDOWS
	// motive.dll is delay-loaded: load it from where Motive.Build.cs stages it before any call.
	const FString BaseDir = IPluginManager::Get().FindPlugin(TEXT("Motive"))->GetBaseDir();
	const FString Dll = FPaths::Combine(BaseDir, TEXT("Binaries"), TEXT("Win64"), TEXT("motive.dll"));
	LibraryHandle = FPlatformProcess::GetDllHandle(*Dll);
	if (LibraryHandle == nullptr)
	{
		UE_LOG(LogMotive, Error, TEXT("Could not load %s: run scripts/package-unreal and rebuild."), *Dll);
		return;
	}
#endif
	const motive::Status Abi = motive::check_abi();
	GLibraryReady = Abi.ok();
	if (GLibraryReady)
	{
		UE_LOG(LogMotive, Log, TEXT("motive %s loaded."), UTF8_TO_TCHAR(motive::version()));
	}
	else
	{
		UE_LOG(LogMotive, Error, TEXT("%s"), UTF8_TO_TCHAR(Abi.message().c_str()));
	}
}

void FMotiveModule::ShutdownModule()
{
	GLibraryReady = false;
	if (LibraryHandle != nullptr)
	{
		FPlatformProcess::FreeDllHandle(LibraryHandle);
		LibraryHandle = nullptr;
	}
}

bool FMotiveModule::IsLibraryReady()
{
	return GLibraryReady;
}

IMPLEMENT_MODULE(FMotiveModule, Motive)

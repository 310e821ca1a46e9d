#include "MotiveModule.h"

#include "HAL/PlatformProcess.h"
#include "Interfaces/IPluginManager.h"
#include "Misc/Paths.h"
#include "MotiveHeaders.h"

#if WITH_GAMEPLAY_DEBUGGER
#include "GameplayDebugger.h"
#include "GameplayDebuggerCategory_Motive.h"
#endif

DEFINE_LOG_CATEGORY(LogMotive);

namespace
{
bool GLibraryReady = false;
FString GLibraryProblem;

const FName MotiveCategory(TEXT("Motive"));
} // namespace

void FMotiveModule::StartupModule()
{
#if WITH_GAMEPLAY_DEBUGGER
	// Registered even without the library: the category then says why nothing runs.
	IGameplayDebugger& GameplayDebuggerModule = IGameplayDebugger::Get();
	GameplayDebuggerModule.RegisterCategory(MotiveCategory,
		IGameplayDebugger::FOnGetCategory::CreateStatic(&FGameplayDebuggerCategory_Motive::MakeInstance),
		EGameplayDebuggerCategoryState::EnabledInGameAndSimulate);
	GameplayDebuggerModule.NotifyCategoriesChanged();
#endif

#if !WITH_MOTIVE_LIBRARY
	GLibraryProblem = TEXT("the Motive plugin was built without the motive library for this platform, so every Motive "
						   "component stays inert: run scripts/package-unreal on this platform (from the motive repository) "
						   "to stage it into Plugins/Motive/Source/ThirdParty/MotiveLibrary, then rebuild the plugin.");
	UE_LOG(LogMotive, Error, TEXT("%s"), *GLibraryProblem);
#else
#if PLATFORM_WINDOWS
	// motive.dll is delay-loaded: load it from where MotiveLibrary.Build.cs stages it before any call.
	const TSharedPtr<IPlugin> Plugin = IPluginManager::Get().FindPlugin(TEXT("Motive"));
	const FString Dll = Plugin.IsValid() ? FPaths::Combine(Plugin->GetBaseDir(), TEXT("Binaries"), TEXT("Win64"), TEXT("motive.dll"))
										 : FString(TEXT("motive.dll"));
	LibraryHandle = FPlatformProcess::GetDllHandle(*Dll);
	if (LibraryHandle == nullptr)
	{
		GLibraryProblem = FString::Printf(TEXT("could not load %s, so every Motive component stays inert: run "
											   "scripts/package-unreal (from the motive repository) and rebuild the plugin."),
			*Dll);
		UE_LOG(LogMotive, Error, TEXT("%s"), *GLibraryProblem);
		return;
	}
#endif
	// The first call into the library: only once it is known to be there.
	const motive::Status Abi = motive::check_abi();
	GLibraryReady = Abi.ok();
	if (GLibraryReady)
	{
		UE_LOG(LogMotive, Log, TEXT("motive %s loaded."), UTF8_TO_TCHAR(motive::version()));
	}
	else
	{
		GLibraryProblem = FString::Printf(TEXT("%s: run scripts/package-unreal with this plugin's motive version and rebuild; "
											   "every Motive component stays inert."),
			UTF8_TO_TCHAR(Abi.message().c_str()));
		UE_LOG(LogMotive, Error, TEXT("%s"), *GLibraryProblem);
	}
#endif
}

void FMotiveModule::ShutdownModule()
{
#if WITH_GAMEPLAY_DEBUGGER
	if (IGameplayDebugger::IsAvailable())
	{
		IGameplayDebugger& GameplayDebuggerModule = IGameplayDebugger::Get();
		GameplayDebuggerModule.UnregisterCategory(MotiveCategory);
		GameplayDebuggerModule.NotifyCategoriesChanged();
	}
#endif
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

const FString& FMotiveModule::GetLibraryProblem()
{
	return GLibraryProblem;
}

IMPLEMENT_MODULE(FMotiveModule, Motive)

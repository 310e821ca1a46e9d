#include "GameplayDebuggerCategory_Motive.h"

#if WITH_GAMEPLAY_DEBUGGER

#include "GameFramework/Actor.h"
#include "MotiveModule.h"
#include "MotiveNpcComponent.h"

FGameplayDebuggerCategory_Motive::FGameplayDebuggerCategory_Motive()
{
	// The report allocates: a few times a second is plenty for reading it.
	CollectDataInterval = 0.2f;
	bShowOnlyWithDebugActor = true;
}

void FGameplayDebuggerCategory_Motive::CollectData(APlayerController* OwnerPC, AActor* DebugActor)
{
	// Lines added here are replicated to the local category and drawn before DrawData.
	if (!FMotiveModule::IsLibraryReady())
	{
		AddTextLine(FString::Printf(TEXT("{red}motive is not loaded: %s"), *FMotiveModule::GetLibraryProblem()));
		return;
	}
	const UMotiveNpcComponent* Npc = DebugActor ? DebugActor->FindComponentByClass<UMotiveNpcComponent>() : nullptr;
	if (Npc == nullptr)
	{
		AddTextLine(TEXT("{grey}no Motive NPC component on this actor"));
		return;
	}
	const TArray<FString> Lines = Npc->GetExplanationLines();
	for (int32 Index = 0; Index < Lines.Num(); ++Index)
	{
		// The brain first, in green; the rest as the report writes it.
		AddTextLine(FString::Printf(TEXT("%s%s"), Index == 0 ? TEXT("{green}") : TEXT("{white}"), *Lines[Index]));
	}
}

TSharedRef<FGameplayDebuggerCategory> FGameplayDebuggerCategory_Motive::MakeInstance()
{
	return MakeShareable(new FGameplayDebuggerCategory_Motive());
}

#endif // WITH_GAMEPLAY_DEBUGGER

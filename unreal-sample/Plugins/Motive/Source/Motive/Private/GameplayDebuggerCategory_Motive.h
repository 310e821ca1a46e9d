// The "Motive" Gameplay Debugger category (apostrophe key in game, then the category's number):
// for the debugged actor's Motive NPC component, its brain, drives, goals, plan and the last
// decision's explanation, as the component's GetExplanationLines gives them (the report is
// built by the tested wrapper helper motive_npc_report.hpp). Compiled where the engine has the
// Gameplay Debugger (WITH_GAMEPLAY_DEBUGGER: not in Shipping); registered by FMotiveModule.
#pragma once

#if WITH_GAMEPLAY_DEBUGGER

#include "CoreMinimal.h"
#include "GameplayDebuggerCategory.h"

class APlayerController;
class AActor;

class FGameplayDebuggerCategory_Motive : public FGameplayDebuggerCategory
{
public:
	FGameplayDebuggerCategory_Motive();

	virtual void CollectData(APlayerController* OwnerPC, AActor* DebugActor) override;

	static TSharedRef<FGameplayDebuggerCategory> MakeInstance();
};

#endif // WITH_GAMEPLAY_DEBUGGER

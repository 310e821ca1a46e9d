// An NPC whose mind is motive's: spawns it with the actor, performs the actions motive
// requests through the pawn's AIController (walks with MoveTo; other actions are announced to
// Blueprints), reports how they went, and shows its current action.
#pragma once

#include "AITypes.h"
#include "Components/ActorComponent.h"
#include "CoreMinimal.h"
#include "MotiveHeaders.h"
#include "Navigation/PathFollowingComponent.h"
#include "MotiveNpcComponent.generated.h"

class AAIController;
class UMotiveDomainAsset;

/** motive requested Action on Target (null when the target is no actor). */
DECLARE_DYNAMIC_MULTICAST_DELEGATE_TwoParams(FMotiveActionRequested, FName, Action, AActor*, Target);
/** The current action ended: completed (reported as done or finished by motive's clock) or not. */
DECLARE_DYNAMIC_MULTICAST_DELEGATE_TwoParams(FMotiveActionEnded, FName, Action, bool, bCompleted);

/** Makes its actor (a pawn with an AIController) a motive NPC. */
UCLASS(ClassGroup = (AI), meta = (BlueprintSpawnableComponent))
class MOTIVE_API UMotiveNpcComponent : public UActorComponent
{
	GENERATED_BODY()

public:
	/** The domain whose world the NPC lives in (loaded with the first component that names it). */
	UPROPERTY(EditAnywhere, BlueprintReadOnly, Category = "Motive")
	TObjectPtr<UMotiveDomainAsset> Domain;

	/** The NPC archetype to spawn (a thinking one: with drives, goals or plans). */
	UPROPERTY(EditAnywhere, BlueprintReadOnly, Category = "Motive")
	FName Archetype;

	/** Number facts set when it spawns, by attribute name. */
	UPROPERTY(EditAnywhere, BlueprintReadOnly, Category = "Motive")
	TMap<FName, float> InitialFacts;

	/** The NPC's packed handle (motive_npc_to_u64), 0 until it spawned: for save games. */
	UPROPERTY(VisibleInstanceOnly, BlueprintReadOnly, Category = "Motive")
	int64 NpcHandle = 0;

	/** motive asked for an action: walks start by themselves; play the rest here. */
	UPROPERTY(BlueprintAssignable, Category = "Motive")
	FMotiveActionRequested OnActionRequested;

	/** The current action ended. */
	UPROPERTY(BlueprintAssignable, Category = "Motive")
	FMotiveActionEnded OnActionEnded;

	/** Reports the current action as done or failed (an animation that finished, an attack
	 * that missed); false when there is none. */
	UFUNCTION(BlueprintCallable, Category = "Motive")
	bool ReportActionFinished(bool bSucceeded);

	/** Makes the NPC decide now instead of at its next think. */
	UFUNCTION(BlueprintCallable, Category = "Motive")
	bool ThinkNow();

	/** Writes a number fact about the NPC (what it perceives of itself: hunger, health). */
	UFUNCTION(BlueprintCallable, Category = "Motive")
	bool SetNumberFact(FName Attribute, float Value);

	/** Reads a number fact about the NPC; false when it has none. */
	UFUNCTION(BlueprintPure, Category = "Motive")
	bool GetNumberFact(FName Attribute, float& Value) const;

	/** What the NPC is doing, as debug draw shows it. */
	UFUNCTION(BlueprintPure, Category = "Motive")
	FString GetCurrentActionText() const;

	/** The NPC's handle (null before BeginPlay). */
	motive::Npc GetNpc() const;
	/** Starts performing a job the subsystem's performer took from motive's events. */
	void StartJob(const motive::Job& Job);
	/** Stops showing a job that ended. */
	void StopJob(const motive::Stop& Stop);

protected:
	virtual void BeginPlay() override;
	virtual void EndPlay(const EEndPlayReason::Type EndPlayReason) override;

private:
	UFUNCTION()
	void HandleMoveCompleted(FAIRequestID RequestID, EPathFollowingResult::Type Result);

	AAIController* GetAIController() const;
	class UMotiveWorldSubsystem* GetSubsystem() const;

	/** The move request of the walk in progress; invalid when not walking. */
	FAIRequestID WalkRequest;
	/** The action of the job being performed. */
	FName CurrentAction;
};

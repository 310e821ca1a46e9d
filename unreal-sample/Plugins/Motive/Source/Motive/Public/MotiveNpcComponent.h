// An NPC whose mind is motive's: spawns it with the actor and gives it its initial facts,
// performs the actions motive requests through the pawn's AIController (walks with MoveTo;
// other actions are announced to Blueprints), reports how they went, and shows what it holds
// and why it acts (drives, plan, the last decision's explanation) to Blueprints and to the
// "Motive" Gameplay Debugger category. Inert when the motive library is not loaded.
#pragma once

#include "AITypes.h"
#include "Components/ActorComponent.h"
#include "CoreMinimal.h"
#include "MotiveTypes.h"
#include "Navigation/PathFollowingComponent.h"
#include "MotiveNpcComponent.generated.h"

class AAIController;
class UMotiveDomainAsset;
class UMotiveWorldSubsystem;

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

	/** The NPC archetype to spawn (a thinking one: with drives, goals, plans or trees). */
	UPROPERTY(EditAnywhere, BlueprintReadOnly, Category = "Motive")
	FName Archetype;

	/** Facts set when it spawns, by attribute name, over the archetype's starting state: a bool,
	 * a number, a position, or an entity (nobody, itself, or another actor with a Motive NPC or
	 * Smart Object component, set as soon as that one has spawned). */
	UPROPERTY(EditAnywhere, BlueprintReadOnly, Category = "Motive")
	TMap<FName, FMotiveFactValue> InitialFacts;

	/** The NPC's packed handle (motive_npc_to_u64), 0 until it spawned: for save games, and for
	 * C++ that calls motive itself (motive::Npc::from_u64, once FMotiveModule::IsLibraryReady()).
	 * A load (UMotiveWorldSubsystem::LoadWorld) sets it to the saved NPC's. */
	UPROPERTY(VisibleInstanceOnly, BlueprintReadOnly, Category = "Motive")
	int64 NpcHandle = 0;

	/** motive asked for an action: walks start by themselves; play the rest here. */
	UPROPERTY(BlueprintAssignable, Category = "Motive")
	FMotiveActionRequested OnActionRequested;

	/** The current action ended. */
	UPROPERTY(BlueprintAssignable, Category = "Motive")
	FMotiveActionEnded OnActionEnded;

	/** Whether the NPC spawned (library loaded, domain loaded, archetype found). */
	UFUNCTION(BlueprintPure, Category = "Motive")
	bool IsSpawned() const { return NpcHandle != 0; }

	/** Reports the current action as done or failed (an animation that finished, an attack
	 * that missed); false when there is none. */
	UFUNCTION(BlueprintCallable, Category = "Motive")
	bool ReportActionFinished(bool bSucceeded);

	/** Makes the NPC decide now instead of at its next think. */
	UFUNCTION(BlueprintCallable, Category = "Motive")
	bool ThinkNow();

	/** Writes a fact of any type about the NPC; false (logged) when motive refuses it. An
	 * entity fact naming an actor that has not spawned its entity yet is written when it does. */
	UFUNCTION(BlueprintCallable, Category = "Motive")
	bool SetFact(FName Attribute, const FMotiveFactValue& Value);

	/** Writes a number fact about the NPC (what it perceives of itself: hunger, health). */
	UFUNCTION(BlueprintCallable, Category = "Motive")
	bool SetNumberFact(FName Attribute, float Value);

	/** Reads a number fact about the NPC; false when it has none. */
	UFUNCTION(BlueprintPure, Category = "Motive")
	bool GetNumberFact(FName Attribute, float& Value) const;

	/** The NPC's drives (internal first) and their satisfactions at its last think, in [0, 1]. */
	UFUNCTION(BlueprintPure, Category = "Motive")
	void GetDrives(TArray<FName>& Names, TArray<float>& Satisfactions) const;

	/** The rest of the NPC's plan, the running step first: each action, its target actor (null
	 * when the target is no actor) and the target's name. */
	UFUNCTION(BlueprintPure, Category = "Motive")
	void GetPlan(TArray<FName>& Actions, TArray<AActor*>& Targets, TArray<FString>& TargetNames) const;

	/** What the NPC holds and why it acts, one line each, as the Gameplay Debugger shows it: its
	 * brain, drives, goals, plan, and its last decision (UDGOAP candidates with utilities, GOAP
	 * goals' relevance and the costed plan, behaviour-tree layers with running paths and hints). */
	UFUNCTION(BlueprintPure, Category = "Motive")
	TArray<FString> GetExplanationLines() const;

	/** GetExplanationLines joined with line breaks. */
	UFUNCTION(BlueprintPure, Category = "Motive")
	FString GetExplanation() const;

	/** What the NPC is doing, as debug draw shows it. */
	UFUNCTION(BlueprintPure, Category = "Motive")
	FString GetCurrentActionText() const;

	/** The NPC's packed entity handle (0 until it spawned). */
	uint64 GetEntityKey() const { return EntityKey; }

	/** Starts performing a job the world subsystem took from motive's events: walks to Target (or
	 * to Destination when the target is no actor) when bWalk, else only announces it. */
	void StartJob(FName Action, AActor* Target, const TOptional<FVector>& Destination, bool bWalk, float AcceptanceRadius);
	/** Stops the job in progress. */
	void StopJob(bool bCompleted);
	/** Takes the handles of the NPC a loaded save holds for this actor
	 * (UMotiveWorldSubsystem::LoadWorld, which has stopped the job in progress and starts the
	 * saved one). */
	void Rebind(int64 InNpcHandle, uint64 InEntityKey);
	/** Spawns the NPC anew, with its initial facts, in a loaded world that holds none for this
	 * actor. */
	void Respawn();

protected:
	virtual void BeginPlay() override;
	virtual void EndPlay(const EEndPlayReason::Type EndPlayReason) override;

private:
	UFUNCTION()
	void HandleMoveCompleted(FAIRequestID RequestID, EPathFollowingResult::Type Result);

	AAIController* GetAIController() const;
	UMotiveWorldSubsystem* GetSubsystem() const;
	/** Spawns the NPC through Subsystem and sets its initial facts. */
	void Spawn(UMotiveWorldSubsystem& Subsystem);

	/** The move request of the walk in progress; invalid when not walking. */
	FAIRequestID WalkRequest;
	/** The action of the job being performed. */
	FName CurrentAction;
	/** The packed entity handle (motive_entity_to_u64) of the NPC. */
	uint64 EntityKey = 0;
};

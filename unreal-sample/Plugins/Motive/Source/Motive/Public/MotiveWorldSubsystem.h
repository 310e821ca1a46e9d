// One motive world per game world: ticks it, drains its events through the wrapper's event
// pump into the action performer, hands the performer's jobs to the NPC components, and answers
// the components' questions (facts, drives, plans, explanations). The decisions, the event
// protocol, the fact specs, the reports and the debug text live in the tested C++ wrapper
// (bindings/cpp); this class connects them to actors. Its interface uses engine types only, so
// the module builds (inert) without the library; the motive state is private (FMotiveWorldState)
// and exists only once the library is ready and a domain has loaded. SaveWorld / LoadWorld save
// the world into a UMotiveSaveGame and load one back in place (motive_save_game.hpp).
#pragma once

#include "CoreMinimal.h"
#include "MotiveTypes.h"
#include "Subsystems/WorldSubsystem.h"
#include "Templates/PimplPtr.h"
#include "MotiveWorldSubsystem.generated.h"

class UMotiveDomainAsset;
class UMotiveNpcComponent;
class UMotiveSaveGame;
struct FMotiveWorldState;

namespace motive
{
class World;
}

/** A save was loaded in place of the level's motive world (UMotiveWorldSubsystem::LoadWorld). */
DECLARE_DYNAMIC_MULTICAST_DELEGATE(FMotiveWorldLoaded);

/** The level's motive world and the glue between its events and the level's actors. */
UCLASS()
class MOTIVE_API UMotiveWorldSubsystem : public UTickableWorldSubsystem
{
	GENERATED_BODY()

public:
	/** Loads Domain and creates the level's motive world; false, with every diagnostic in the
	 * log, when it does not load (or the library is not loaded). Loading the same asset again
	 * does nothing. */
	UFUNCTION(BlueprintCallable, Category = "Motive")
	bool LoadDomain(UMotiveDomainAsset* Domain);

	/** Whether a domain is loaded and its world runs. */
	UFUNCTION(BlueprintPure, Category = "Motive")
	bool HasWorld() const;

	/** Saves the running world into a new save game: motive's bytes of the world, the jobs the
	 * actors are performing, and the entity of each actor with a Motive component, by actor
	 * name. Null (logged) when no world runs or motive refuses. Engine callbacks registered on
	 * GetMotiveWorld() are not saved. */
	UFUNCTION(BlueprintCallable, Category = "Motive")
	UMotiveSaveGame* SaveWorld();

	/** Loads Save (made by SaveWorld, in this session or another, over the same domain) in place
	 * of the running world: the world continues from the saved moment. Each actor with a Motive
	 * component takes back the entity saved under its name (the NPC's pawn moves to where the
	 * save had it) and resumes the job it was performing; an actor the save does not know spawns
	 * its entity anew. Handles kept from before the save stay valid. False (logged), changing
	 * nothing, when motive refuses the save (another domain, truncated, corrupted, another
	 * format version) or no world runs. Broadcasts OnWorldLoaded: register engine callbacks on
	 * GetMotiveWorld() again there. */
	UFUNCTION(BlueprintCallable, Category = "Motive")
	bool LoadWorld(const UMotiveSaveGame* Save);

	/** SaveWorld, then UGameplayStatics::SaveGameToSlot; false (logged) when either fails. */
	UFUNCTION(BlueprintCallable, Category = "Motive")
	bool SaveToSlot(const FString& SlotName, int32 UserIndex = 0);

	/** UGameplayStatics::LoadGameFromSlot, then LoadWorld; false (logged) when either fails. */
	UFUNCTION(BlueprintCallable, Category = "Motive")
	bool LoadFromSlot(const FString& SlotName, int32 UserIndex = 0);

	/** After LoadWorld replaced the world: GetMotiveWorld() is the loaded world, whose engine
	 * callbacks (context, relevance, behaviour trees) must be registered again. */
	UPROPERTY(BlueprintAssignable, Category = "Motive")
	FMotiveWorldLoaded OnWorldLoaded;

	/** Spawns a thinking NPC of Archetype for the component's actor: its packed NPC and entity
	 * handles; false (logged) on failure. */
	bool SpawnNpc(UMotiveNpcComponent& Component, FName Archetype, int64& OutNpcHandle, uint64& OutEntityKey);
	/** Spawns a smart object of Archetype played by Actor: its packed object and entity handles;
	 * false (logged) on failure. */
	bool SpawnObject(AActor& Actor, FName Archetype, int64& OutObjectHandle, uint64& OutEntityKey);
	/** Removes an entity, forgets its actor and the facts still waiting to be written about it. */
	void DestroyEntity(uint64 EntityKey);
	/** Reports how an NPC's current job went. */
	bool CompleteAction(int64 NpcHandle, bool bSucceeded);
	/** Makes an NPC think now. */
	bool ThinkNow(int64 NpcHandle);
	/** Writes a fact of any type about an entity; an entity reference to an actor whose entity
	 * has not spawned yet waits until it does. False (logged) when motive refuses it. */
	bool SetFact(uint64 EntityKey, FName Attribute, const FMotiveFactValue& Value);
	/** Writes a number fact about an entity. */
	bool SetNumberFact(uint64 EntityKey, FName Attribute, double Value);
	/** Reads a number fact about an entity. */
	bool GetNumberFact(uint64 EntityKey, FName Attribute, double& Value) const;
	/** Moves an entity to an actor's location. */
	void SyncPosition(uint64 EntityKey, const AActor& Actor);
	/** The debug line of an NPC ("goto -> entity 12, then sit_on_chair"). */
	FString DescribeAction(int64 NpcHandle);
	/** The report of an NPC, one line each (see UMotiveNpcComponent::GetExplanationLines). */
	TArray<FString> ExplainNpc(int64 NpcHandle) const;
	/** An NPC's drives by name and their satisfactions. */
	void GetDrives(int64 NpcHandle, TArray<FName>& Names, TArray<float>& Satisfactions) const;
	/** The rest of an NPC's plan: actions, target actors (or null) and target names. */
	void GetPlan(int64 NpcHandle, TArray<FName>& Actions, TArray<AActor*>& Targets, TArray<FString>& TargetNames) const;
	/** The actor playing an entity, or null. */
	AActor* FindActor(uint64 EntityKey) const;
	/** The world, for C++ that calls motive directly (null before a domain is loaded, and always
	 * when the plugin was built without the library). Include MotiveHeaders.h to use it. */
	motive::World* GetMotiveWorld();

	virtual void Tick(float DeltaTime) override;
	virtual TStatId GetStatId() const override;
	virtual void Deinitialize() override;

protected:
	virtual bool DoesSupportWorldType(const EWorldType::Type WorldType) const override;

private:
	void SyncNpcPositions();
	void NotifyStops(int32 First);
	void StartJobs();
	void DrawDebug();
	void RegisterActor(AActor& Actor, uint64 EntityKey);
	void RebindActors(const UMotiveSaveGame& Save);
	void RetryWaitingFacts();
	void LogWaitingFacts();
	FString EntityName(uint64 EntityKey) const;
	UMotiveNpcComponent* FindNpc(uint64 NpcHandle) const;

	UPROPERTY()
	TObjectPtr<UMotiveDomainAsset> LoadedAsset;

	/** An asset that did not load: its diagnostics were logged once, not once per component. */
	UPROPERTY()
	TObjectPtr<UMotiveDomainAsset> FailedAsset;

	/** motive's side: the domain, the world, the event pump, the performer, names, facts waiting. */
	TPimplPtr<FMotiveWorldState> State;
	float Scale = 100.f;
	/** Whether LoadDomain said once that the library is not loaded. */
	bool bToldNoLibrary = false;
	/** Whether the facts waiting at the last tick were logged. */
	bool bWaitingLogged = true;

	/** NPC components by packed NPC handle, actors by packed entity handle, entity handles by
	 * actor (for entity facts that name an actor). */
	TMap<uint64, TWeakObjectPtr<UMotiveNpcComponent>> Npcs;
	TMap<uint64, TWeakObjectPtr<AActor>> Actors;
	TMap<uint32, uint64> EntityKeysByActorId;
	/** Actors named by waiting facts, by id, for messages. */
	TMap<uint32, TWeakObjectPtr<AActor>> ReferencedActors;
};

// One motive world per game world: ticks it, drains its events through the wrapper's event
// pump into the action performer, and hands the performer's jobs to the NPC components.
// The decisions, the event protocol and the debug text live in the tested C++ wrapper
// (bindings/cpp); this class only connects them to actors.
#pragma once

#include "CoreMinimal.h"
#include "MotiveHeaders.h"
#include "Subsystems/WorldSubsystem.h"
#include "MotiveWorldSubsystem.generated.h"

class UMotiveDomainAsset;
class UMotiveNpcComponent;

/** The level's motive world and the glue between its events and the level's actors. */
UCLASS()
class MOTIVE_API UMotiveWorldSubsystem : public UTickableWorldSubsystem
{
	GENERATED_BODY()

public:
	/** Loads Domain and creates the level's motive world; false, with every diagnostic in the
	 * log, when it does not load. Loading the same asset again does nothing. */
	UFUNCTION(BlueprintCallable, Category = "Motive")
	bool LoadDomain(UMotiveDomainAsset* Domain);

	/** Whether a domain is loaded and its world runs. */
	UFUNCTION(BlueprintPure, Category = "Motive")
	bool HasWorld() const;

	/** Spawns a thinking NPC of Archetype for Actor's component (the null handle on failure,
	 * logged). */
	motive::Npc SpawnNpc(UMotiveNpcComponent& Component, FName Archetype);
	/** Spawns a smart object of Archetype played by Actor (the null handle on failure, logged). */
	motive::Object SpawnObject(AActor& Actor, FName Archetype);
	/** Removes an entity and forgets its actor. */
	void DestroyEntity(motive::Entity Entity);
	/** Reports how the component's NPC's current job went. */
	bool CompleteAction(motive::Npc Npc, bool bSucceeded);
	/** Makes the NPC think now. */
	bool ThinkNow(motive::Npc Npc);
	/** Writes a number fact about an entity. */
	bool SetNumberFact(motive::Entity Entity, FName Attribute, double Value);
	/** Reads a number fact about an entity. */
	bool GetNumberFact(motive::Entity Entity, FName Attribute, double& Value) const;
	/** Moves an entity to an actor's location. */
	void SyncPosition(motive::Entity Entity, const AActor& Actor);
	/** The debug line of an NPC ("goto -> entity 12, then sit_on_chair"). */
	FString DescribeAction(motive::Npc Npc);
	/** An action's name (its id when the document does not name it). */
	FName ActionName(motive::ActionId Action) const;
	/** The actor playing an entity, or null. */
	AActor* FindActor(motive::Entity Entity) const;
	/** The world, for C++ that calls motive directly (null before a domain is loaded). */
	motive::World* GetMotiveWorld();
	/** A motive position in Unreal space. */
	FVector ToEngine(const motive::Vec3& Position) const;
	/** An Unreal position in motive space (motive's y is Unreal's up, Z). */
	motive::Vec3 ToMotive(const FVector& Location) const;
	/** A motive distance in Unreal units. */
	float ToEngineDistance(double Distance) const;

	virtual void Tick(float DeltaTime) override;
	virtual TStatId GetStatId() const override;
	virtual void Deinitialize() override;

protected:
	virtual bool DoesSupportWorldType(const EWorldType::Type WorldType) const override;

private:
	void SyncNpcPositions();
	void NotifyStops(int32 First);
	void DrawDebug();
	UMotiveNpcComponent* FindNpc(motive::Npc Npc) const;
	bool Check(const motive::Status& Status, const TCHAR* What) const;

	UPROPERTY()
	TObjectPtr<UMotiveDomainAsset> LoadedAsset;

	motive::Domain MotiveDomain;
	motive::World MotiveWorld;
	motive::EventPump Pump;
	motive::ActionPerformer Performer;
	motive::ActionNames Names;
	motive::DebugLine Line;
	float Scale = 100.f;

	/** NPC components by packed NPC handle, actors by packed entity handle. */
	TMap<uint64, TWeakObjectPtr<UMotiveNpcComponent>> Npcs;
	TMap<uint64, TWeakObjectPtr<AActor>> Actors;
};

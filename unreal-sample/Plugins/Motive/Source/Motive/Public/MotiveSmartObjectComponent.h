// A smart object whose actions motive's NPCs plan with: spawned with its actor, given its
// initial facts. Inert when the motive library is not loaded.
#pragma once

#include "Components/ActorComponent.h"
#include "CoreMinimal.h"
#include "MotiveTypes.h"
#include "MotiveSmartObjectComponent.generated.h"

class UMotiveDomainAsset;
class UMotiveWorldSubsystem;

/** Makes its actor a motive smart object (a bed, a stove, a bar). */
UCLASS(ClassGroup = (AI), meta = (BlueprintSpawnableComponent))
class MOTIVE_API UMotiveSmartObjectComponent : public UActorComponent
{
	GENERATED_BODY()

public:
	/** The domain whose world the object lives in. */
	UPROPERTY(EditAnywhere, BlueprintReadOnly, Category = "Motive")
	TObjectPtr<UMotiveDomainAsset> Domain;

	/** The smart-object archetype to spawn (one that supplies actions). */
	UPROPERTY(EditAnywhere, BlueprintReadOnly, Category = "Motive")
	FName Archetype;

	/** Facts set when it spawns, by attribute name, over the archetype's starting state (portions
	 * left, rum in stock, who holds it): any type, as on a Motive NPC component. */
	UPROPERTY(EditAnywhere, BlueprintReadOnly, Category = "Motive")
	TMap<FName, FMotiveFactValue> InitialFacts;

	/** The object's packed handle (motive_object_to_u64), 0 until it spawned; a load
	 * (UMotiveWorldSubsystem::LoadWorld) sets it to the saved object's. */
	UPROPERTY(VisibleInstanceOnly, BlueprintReadOnly, Category = "Motive")
	int64 ObjectHandle = 0;

	/** Whether the object spawned. */
	UFUNCTION(BlueprintPure, Category = "Motive")
	bool IsSpawned() const { return ObjectHandle != 0; }

	/** Writes a fact of any type about the object; false (logged) when motive refuses it. */
	UFUNCTION(BlueprintCallable, Category = "Motive")
	bool SetFact(FName Attribute, const FMotiveFactValue& Value);

	/** Writes a number fact about the object. */
	UFUNCTION(BlueprintCallable, Category = "Motive")
	bool SetNumberFact(FName Attribute, float Value);

	/** Tells motive where the object is now (after it was moved). */
	UFUNCTION(BlueprintCallable, Category = "Motive")
	void SyncPosition();

	/** The object's packed entity handle (0 until it spawned). */
	uint64 GetEntityKey() const { return EntityKey; }

	/** Takes the handles of the object a loaded save holds for this actor
	 * (UMotiveWorldSubsystem::LoadWorld). */
	void Rebind(int64 InObjectHandle, uint64 InEntityKey);
	/** Spawns the object anew, with its initial facts, in a loaded world that holds none for
	 * this actor. */
	void Respawn();

protected:
	virtual void BeginPlay() override;
	virtual void EndPlay(const EEndPlayReason::Type EndPlayReason) override;

private:
	UMotiveWorldSubsystem* GetSubsystem() const;
	/** Spawns the object through Subsystem and sets its initial facts. */
	void Spawn(UMotiveWorldSubsystem& Subsystem);

	/** The packed entity handle (motive_entity_to_u64) of the object. */
	uint64 EntityKey = 0;
};

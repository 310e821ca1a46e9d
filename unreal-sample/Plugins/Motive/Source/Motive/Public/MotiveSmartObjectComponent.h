// A smart object whose actions motive's NPCs plan with: spawned with its actor.
#pragma once

#include "Components/ActorComponent.h"
#include "CoreMinimal.h"
#include "MotiveHeaders.h"
#include "MotiveSmartObjectComponent.generated.h"

class UMotiveDomainAsset;

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

	/** Number facts set when it spawns, by attribute name (portions left, rum in stock). */
	UPROPERTY(EditAnywhere, BlueprintReadOnly, Category = "Motive")
	TMap<FName, float> InitialFacts;

	/** The object's packed handle (motive_object_to_u64), 0 until it spawned. */
	UPROPERTY(VisibleInstanceOnly, BlueprintReadOnly, Category = "Motive")
	int64 ObjectHandle = 0;

	/** Writes a number fact about the object. */
	UFUNCTION(BlueprintCallable, Category = "Motive")
	bool SetNumberFact(FName Attribute, float Value);

	/** Tells motive where the object is now (after it was moved). */
	UFUNCTION(BlueprintCallable, Category = "Motive")
	void SyncPosition();

protected:
	virtual void BeginPlay() override;
	virtual void EndPlay(const EEndPlayReason::Type EndPlayReason) override;

private:
	class UMotiveWorldSubsystem* GetSubsystem() const;
};

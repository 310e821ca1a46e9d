// Values the plugin's components and Blueprints hand to motive: a fact of any of motive's types.
#pragma once

#include "CoreMinimal.h"
#include "MotiveTypes.generated.h"

class AActor;

/** The type of a fact's value (the attribute's type in the domain). */
UENUM(BlueprintType)
enum class EMotiveFactType : uint8
{
	Bool,
	Number,
	/** A reference to an entity: nobody, the entity itself, or another actor's. */
	Entity,
	/** A location in the level (converted to motive's space with the domain's scale). */
	Position,
};

/** Which entity an entity fact refers to. */
UENUM(BlueprintType)
enum class EMotiveEntityReference : uint8
{
	/** No entity (JSON null): "at": null, nobody holds it. */
	Nobody,
	/** The entity the fact is about. */
	Self,
	/** Another actor's entity: its Motive NPC or Motive Smart Object component's. Set once that
	 * entity has spawned (at once when it already has). */
	Actor,
};

/** A fact's value, of any type: set only the field its Type names. */
USTRUCT(BlueprintType)
struct MOTIVE_API FMotiveFactValue
{
	GENERATED_BODY()

	/** Which field below holds the value. */
	UPROPERTY(EditAnywhere, BlueprintReadWrite, Category = "Motive")
	EMotiveFactType Type = EMotiveFactType::Number;

	UPROPERTY(EditAnywhere, BlueprintReadWrite, Category = "Motive",
		meta = (EditCondition = "Type == EMotiveFactType::Bool", EditConditionHides))
	bool bBool = false;

	UPROPERTY(EditAnywhere, BlueprintReadWrite, Category = "Motive",
		meta = (EditCondition = "Type == EMotiveFactType::Number", EditConditionHides))
	double Number = 0.0;

	UPROPERTY(EditAnywhere, BlueprintReadWrite, Category = "Motive",
		meta = (EditCondition = "Type == EMotiveFactType::Entity", EditConditionHides))
	EMotiveEntityReference Reference = EMotiveEntityReference::Nobody;

	/** The actor whose entity is meant (Reference Actor): it needs a Motive NPC or Motive Smart
	 * Object component in the same level. */
	UPROPERTY(EditAnywhere, BlueprintReadWrite, Category = "Motive",
		meta = (EditCondition = "Type == EMotiveFactType::Entity && Reference == EMotiveEntityReference::Actor", EditConditionHides))
	TObjectPtr<AActor> Actor = nullptr;

	/** A location in the level, in Unreal units. */
	UPROPERTY(EditAnywhere, BlueprintReadWrite, Category = "Motive",
		meta = (EditCondition = "Type == EMotiveFactType::Position", EditConditionHides))
	FVector Position = FVector::ZeroVector;
};

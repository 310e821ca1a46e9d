// A level's motive world in a save game: motive_world_save's bytes, the jobs the level's
// actors were performing, and which actor played which entity. UMotiveWorldSubsystem::SaveWorld
// fills it and LoadWorld loads it back in place of the running world, through the C++ wrapper
// (motive::World::save, motive::load_in_place and motive::resume_jobs of
// motive_save_game.hpp); UGameplayStatics saves it to a slot like any USaveGame
// (UMotiveWorldSubsystem::SaveToSlot / LoadFromSlot). Engine types only: it builds, and loads
// as an empty save, without the library.
#pragma once

#include "CoreMinimal.h"
#include "GameFramework/SaveGame.h"
#include "MotiveSaveGame.generated.h"

/** One job an actor was performing when the world was saved (a motive::Job, handles packed). */
USTRUCT()
struct MOTIVE_API FMotiveSavedJob
{
	GENERATED_BODY()

	/** The performing NPC (motive_npc_to_u64). */
	UPROPERTY()
	int64 Npc = 0;

	/** Its target (motive_entity_to_u64; 0 for none). */
	UPROPERTY()
	int64 Target = 0;

	/** The action's id in the domain. */
	UPROPERTY()
	int32 Action = 0;

	/** The request id motive gave it (reported back when it ends). */
	UPROPERTY()
	int32 Request = 0;

	/** How the engine performs it (a motive::Performance). */
	UPROPERTY()
	uint8 Performance = 0;

	/** Distance to keep from the target, motive units. */
	UPROPERTY()
	double StandOff = 0.0;

	/** Engine-defined animation id. */
	UPROPERTY()
	int32 Animation = 0;

	/** Whether to face the target. */
	UPROPERTY()
	bool bFaceTarget = false;

	/** Seconds left of an engine-timed job. */
	UPROPERTY()
	double Remaining = 0.0;
};

/** The level's motive world, saved by UMotiveWorldSubsystem::SaveWorld. */
UCLASS()
class MOTIVE_API UMotiveSaveGame : public USaveGame
{
	GENERATED_BODY()

public:
	/** The whole world as motive_world_save wrote it: entities with their handles and facts,
	 * every brain's mind and plan, the clock, the random draws. */
	UPROPERTY(VisibleAnywhere, Category = "Motive")
	TArray<uint8> WorldBytes;

	/** The entity each actor with a Motive component played (packed motive_entity_to_u64), by
	 * actor name (AActor::GetFName): the same actor of the level that loads finds it again. */
	UPROPERTY(VisibleAnywhere, Category = "Motive")
	TMap<FString, int64> Entities;

	/** The jobs the actors were performing (walks, engine-timed actions, motive-timed ones). */
	UPROPERTY(VisibleAnywhere, Category = "Motive")
	TArray<FMotiveSavedJob> Jobs;

	/** The domain asset the world ran (its path), for messages: motive itself refuses a save
	 * of another domain. */
	UPROPERTY(VisibleAnywhere, Category = "Motive")
	FString DomainAsset;

	/** World time at the save, seconds. */
	UPROPERTY(VisibleAnywhere, BlueprintReadOnly, Category = "Motive")
	double WorldTime = 0.0;
};

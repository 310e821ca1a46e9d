// A domain as a data asset: the JSON document motive loads (a domain, or a scenario whose
// domain is inline) and how this project's engine performs the domain's actions. In the editor
// the document is checked through motive when it is imported, loaded, edited or validated
// (Data Validation), each diagnostic logged to LogMotive with its JSON Pointer.
#pragma once

#include "CoreMinimal.h"
#include "Engine/DataAsset.h"
#include "MotiveDomainAsset.generated.h"

/** What the asset's JSON holds. */
UENUM(BlueprintType)
enum class EMotiveDocument : uint8
{
	/** A domain document (docs/domain-format.md). */
	Domain,
	/** A scenario document with its domain inline; only the domain is used. */
	Scenario,
};

/** A motive domain for the levels that use it, and how the engine performs its actions. */
UCLASS(BlueprintType)
class MOTIVE_API UMotiveDomainAsset : public UDataAsset
{
	GENERATED_BODY()

public:
	/** What Json holds. */
	UPROPERTY(EditAnywhere, BlueprintReadOnly, Category = "Motive")
	EMotiveDocument Document = EMotiveDocument::Domain;

	/** The JSON document, stored in the asset so packaged games need no loose file. */
	UPROPERTY(EditAnywhere, BlueprintReadOnly, Category = "Motive", meta = (MultiLine = true))
	FString Json;

	/** Seed of the world's random draws: same seed and inputs, same decisions. */
	UPROPERTY(EditAnywhere, BlueprintReadOnly, Category = "Motive")
	int64 Seed = 0;

	/** Threads a frame's thinks run on, the game thread included (1: the game thread only).
	 * Any count gives the same decisions; motive starts its own threads when enough NPCs think
	 * in one frame. A loaded save keeps the running world's count. */
	UPROPERTY(EditAnywhere, BlueprintReadOnly, Category = "Motive", meta = (ClampMin = "1", ClampMax = "64"))
	int32 ThinkThreads = 1;

	/** Unreal units per unit of the domain's distances (100: the domain counts in metres). */
	UPROPERTY(EditAnywhere, BlueprintReadOnly, Category = "Motive", meta = (ClampMin = "0.001"))
	float UnrealUnitsPerMotiveUnit = 100.f;

	/** Actions the NPC performs by walking to the target (AIController MoveTo), reporting on arrival. */
	UPROPERTY(EditAnywhere, BlueprintReadOnly, Category = "Motive|Performing")
	TArray<FName> WalkActions = {TEXT("goto")};

	/** Actions the engine plays for a number of seconds, then reports. Every other action is
	 * timed by motive (a duration or until full): shown, never reported. Blueprints can end any
	 * action early with UMotiveNpcComponent::ReportActionFinished. */
	UPROPERTY(EditAnywhere, BlueprintReadOnly, Category = "Motive|Performing")
	TMap<FName, float> EngineActionSeconds;

#if WITH_EDITORONLY_DATA
	/** A JSON file to import into Json (Import Source File). */
	UPROPERTY(EditAnywhere, Category = "Motive", meta = (FilePathFilter = "json"))
	FFilePath SourceFile;
#endif

	/** Checks Json through motive and logs each diagnostic (LogMotive: errors as errors, lint as
	 * warnings, each with its JSON Pointer). Returns the number of errors; INDEX_NONE when the
	 * motive library is not loaded and nothing could be checked. */
	int32 LogDiagnostics() const;

	virtual void PostLoad() override;

#if WITH_EDITOR
	/** Reads SourceFile into Json, then checks it. */
	UFUNCTION(CallInEditor, Category = "Motive")
	void ImportSourceFile();

	/** Checks Json through motive now (see the Output Log, LogMotive). */
	UFUNCTION(CallInEditor, Category = "Motive")
	void CheckDocument();

	virtual void PostEditChangeProperty(FPropertyChangedEvent& PropertyChangedEvent) override;
	virtual EDataValidationResult IsDataValid(class FDataValidationContext& Context) const override;
#endif
};

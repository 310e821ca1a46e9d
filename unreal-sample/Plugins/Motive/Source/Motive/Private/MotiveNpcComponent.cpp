#include "MotiveNpcComponent.h"

#include "AIController.h"
#include "Engine/World.h"
#include "GameFramework/Pawn.h"
#include "MotiveModule.h"
#include "MotiveWorldSubsystem.h"

// Every call into motive goes through the world subsystem, which holds motive's state only once
// the library is ready and a domain has loaded; the component itself never calls the library.

bool UMotiveNpcComponent::ReportActionFinished(bool bSucceeded)
{
	UMotiveWorldSubsystem* Subsystem = GetSubsystem();
	return Subsystem && IsSpawned() && Subsystem->CompleteAction(NpcHandle, bSucceeded);
}

bool UMotiveNpcComponent::ThinkNow()
{
	UMotiveWorldSubsystem* Subsystem = GetSubsystem();
	return Subsystem && IsSpawned() && Subsystem->ThinkNow(NpcHandle);
}

bool UMotiveNpcComponent::SetFact(FName Attribute, const FMotiveFactValue& Value)
{
	UMotiveWorldSubsystem* Subsystem = GetSubsystem();
	return Subsystem && IsSpawned() && Subsystem->SetFact(EntityKey, Attribute, Value);
}

bool UMotiveNpcComponent::SetNumberFact(FName Attribute, float Value)
{
	UMotiveWorldSubsystem* Subsystem = GetSubsystem();
	return Subsystem && IsSpawned() && Subsystem->SetNumberFact(EntityKey, Attribute, Value);
}

bool UMotiveNpcComponent::GetNumberFact(FName Attribute, float& Value) const
{
	const UMotiveWorldSubsystem* Subsystem = GetSubsystem();
	double Number = 0.0;
	if (Subsystem == nullptr || !IsSpawned() || !Subsystem->GetNumberFact(EntityKey, Attribute, Number))
	{
		return false;
	}
	Value = static_cast<float>(Number);
	return true;
}

void UMotiveNpcComponent::GetDrives(TArray<FName>& Names, TArray<float>& Satisfactions) const
{
	Names.Reset();
	Satisfactions.Reset();
	if (const UMotiveWorldSubsystem* Subsystem = GetSubsystem(); Subsystem && IsSpawned())
	{
		Subsystem->GetDrives(NpcHandle, Names, Satisfactions);
	}
}

void UMotiveNpcComponent::GetPlan(TArray<FName>& Actions, TArray<AActor*>& Targets, TArray<FString>& TargetNames) const
{
	Actions.Reset();
	Targets.Reset();
	TargetNames.Reset();
	if (const UMotiveWorldSubsystem* Subsystem = GetSubsystem(); Subsystem && IsSpawned())
	{
		Subsystem->GetPlan(NpcHandle, Actions, Targets, TargetNames);
	}
}

TArray<FString> UMotiveNpcComponent::GetExplanationLines() const
{
	if (!FMotiveModule::IsLibraryReady())
	{
		return {FString::Printf(TEXT("motive is not loaded: %s"), *FMotiveModule::GetLibraryProblem())};
	}
	const UMotiveWorldSubsystem* Subsystem = GetSubsystem();
	if (Subsystem == nullptr || !IsSpawned())
	{
		return {TEXT("not spawned: no domain loaded or no such archetype (see LogMotive)")};
	}
	return Subsystem->ExplainNpc(NpcHandle);
}

FString UMotiveNpcComponent::GetExplanation() const
{
	return FString::Join(GetExplanationLines(), TEXT("\n"));
}

FString UMotiveNpcComponent::GetCurrentActionText() const
{
	UMotiveWorldSubsystem* Subsystem = GetSubsystem();
	return Subsystem && IsSpawned() ? Subsystem->DescribeAction(NpcHandle) : FString(TEXT("(not spawned)"));
}

void UMotiveNpcComponent::StartJob(
	FName Action, AActor* Target, const TOptional<FVector>& Destination, bool bWalk, float AcceptanceRadius)
{
	UMotiveWorldSubsystem* Subsystem = GetSubsystem();
	CurrentAction = Action;
	OnActionRequested.Broadcast(Action, Target);
	if (!bWalk || Subsystem == nullptr)
	{
		return; // Engine-timed actions are reported by the performer, motive's own by motive.
	}
	AAIController* Controller = GetAIController();
	if (Controller == nullptr)
	{
		UE_LOG(LogMotive, Warning, TEXT("%s: no AIController to walk with"), *GetOwner()->GetName());
		Subsystem->CompleteAction(NpcHandle, false);
		return;
	}
	Controller->ReceiveMoveCompleted.AddUniqueDynamic(this, &UMotiveNpcComponent::HandleMoveCompleted);
	EPathFollowingRequestResult::Type Requested = EPathFollowingRequestResult::Failed;
	if (Target != nullptr)
	{
		Requested = Controller->MoveToActor(Target, AcceptanceRadius);
	}
	else if (Destination.IsSet())
	{
		Requested = Controller->MoveToLocation(Destination.GetValue(), AcceptanceRadius);
	}
	switch (Requested)
	{
	case EPathFollowingRequestResult::RequestSuccessful:
		WalkRequest = Controller->GetCurrentMoveRequestID();
		break;
	case EPathFollowingRequestResult::AlreadyAtGoal:
		Subsystem->CompleteAction(NpcHandle, true);
		break;
	default:
		Subsystem->CompleteAction(NpcHandle, false);
		break;
	}
}

void UMotiveNpcComponent::StopJob(bool bCompleted)
{
	if (WalkRequest.IsValid())
	{
		// Forget the walk first: stopping it completes the move, which must not report again.
		WalkRequest = FAIRequestID::InvalidRequest;
		if (AAIController* Controller = GetAIController())
		{
			Controller->StopMovement();
		}
	}
	OnActionEnded.Broadcast(CurrentAction, bCompleted);
	CurrentAction = NAME_None;
}

void UMotiveNpcComponent::BeginPlay()
{
	Super::BeginPlay();
	if (!FMotiveModule::IsLibraryReady())
	{
		return; // Inert: the module logged why at startup.
	}
	UMotiveWorldSubsystem* Subsystem = GetSubsystem();
	if (Subsystem != nullptr && Subsystem->LoadDomain(Domain))
	{
		Spawn(*Subsystem);
	}
}

void UMotiveNpcComponent::Spawn(UMotiveWorldSubsystem& Subsystem)
{
	if (!Subsystem.SpawnNpc(*this, Archetype, NpcHandle, EntityKey))
	{
		return;
	}
	// Over the archetype's starting state; an entity fact naming an actor that has not spawned
	// its entity yet is written when it does.
	for (const TPair<FName, FMotiveFactValue>& Fact : InitialFacts)
	{
		Subsystem.SetFact(EntityKey, Fact.Key, Fact.Value);
	}
}

void UMotiveNpcComponent::Rebind(int64 InNpcHandle, uint64 InEntityKey)
{
	NpcHandle = InNpcHandle;
	EntityKey = InEntityKey;
	WalkRequest = FAIRequestID::InvalidRequest; // a walk of the replaced world reports nothing
	CurrentAction = NAME_None;
}

void UMotiveNpcComponent::Respawn()
{
	Rebind(0, 0);
	if (UMotiveWorldSubsystem* Subsystem = GetSubsystem())
	{
		Spawn(*Subsystem);
	}
}

void UMotiveNpcComponent::EndPlay(const EEndPlayReason::Type EndPlayReason)
{
	if (AAIController* Controller = GetAIController())
	{
		Controller->ReceiveMoveCompleted.RemoveDynamic(this, &UMotiveNpcComponent::HandleMoveCompleted);
	}
	UMotiveWorldSubsystem* Subsystem = GetSubsystem();
	if (Subsystem != nullptr && IsSpawned())
	{
		Subsystem->DestroyEntity(EntityKey);
	}
	NpcHandle = 0;
	EntityKey = 0;
	Super::EndPlay(EndPlayReason);
}

void UMotiveNpcComponent::HandleMoveCompleted(FAIRequestID RequestID, EPathFollowingResult::Type Result)
{
	if (!WalkRequest.IsValid() || RequestID != WalkRequest)
	{
		return; // Another move of this controller, or a walk motive already ended.
	}
	WalkRequest = FAIRequestID::InvalidRequest;
	if (UMotiveWorldSubsystem* Subsystem = GetSubsystem(); Subsystem && IsSpawned())
	{
		Subsystem->CompleteAction(NpcHandle, Result == EPathFollowingResult::Success);
	}
}

AAIController* UMotiveNpcComponent::GetAIController() const
{
	const APawn* Pawn = Cast<APawn>(GetOwner());
	return Pawn ? Cast<AAIController>(Pawn->GetController()) : nullptr;
}

UMotiveWorldSubsystem* UMotiveNpcComponent::GetSubsystem() const
{
	const UWorld* World = GetWorld();
	return World ? World->GetSubsystem<UMotiveWorldSubsystem>() : nullptr;
}

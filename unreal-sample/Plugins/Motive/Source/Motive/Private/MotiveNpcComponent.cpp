#include "MotiveNpcComponent.h"

#include "AIController.h"
#include "Engine/World.h"
#include "GameFramework/Pawn.h"
#include "MotiveModule.h"
#include "MotiveWorldSubsystem.h"

bool UMotiveNpcComponent::ReportActionFinished(bool bSucceeded)
{
	UMotiveWorldSubsystem* Subsystem = GetSubsystem();
	return Subsystem && Subsystem->CompleteAction(GetNpc(), bSucceeded);
}

bool UMotiveNpcComponent::ThinkNow()
{
	UMotiveWorldSubsystem* Subsystem = GetSubsystem();
	return Subsystem && Subsystem->ThinkNow(GetNpc());
}

bool UMotiveNpcComponent::SetNumberFact(FName Attribute, float Value)
{
	UMotiveWorldSubsystem* Subsystem = GetSubsystem();
	return Subsystem && Subsystem->SetNumberFact(GetNpc().entity(), Attribute, Value);
}

bool UMotiveNpcComponent::GetNumberFact(FName Attribute, float& Value) const
{
	const UMotiveWorldSubsystem* Subsystem = GetSubsystem();
	double Number = 0.0;
	if (Subsystem == nullptr || !Subsystem->GetNumberFact(GetNpc().entity(), Attribute, Number))
	{
		return false;
	}
	Value = static_cast<float>(Number);
	return true;
}

FString UMotiveNpcComponent::GetCurrentActionText() const
{
	UMotiveWorldSubsystem* Subsystem = GetSubsystem();
	return Subsystem ? Subsystem->DescribeAction(GetNpc()) : FString();
}

motive::Npc UMotiveNpcComponent::GetNpc() const
{
	return motive::Npc::from_u64(static_cast<uint64>(NpcHandle));
}

void UMotiveNpcComponent::StartJob(const motive::Job& Job)
{
	UMotiveWorldSubsystem* Subsystem = GetSubsystem();
	AActor* Target = Subsystem->FindActor(Job.target);
	CurrentAction = Subsystem->ActionName(Job.action);
	OnActionRequested.Broadcast(CurrentAction, Target);
	if (Job.performance != motive::Performance::walk)
	{
		return; // Engine-timed actions are reported by the performer, motive's own by motive.
	}
	AAIController* Controller = GetAIController();
	if (Controller == nullptr)
	{
		UE_LOG(LogMotive, Warning, TEXT("%s: no AIController to walk with"), *GetOwner()->GetName());
		Subsystem->CompleteAction(GetNpc(), false);
		return;
	}
	Controller->ReceiveMoveCompleted.AddUniqueDynamic(this, &UMotiveNpcComponent::HandleMoveCompleted);
	const float Radius = Subsystem->ToEngineDistance(Job.stand_off);
	EPathFollowingRequestResult::Type Requested = EPathFollowingRequestResult::Failed;
	if (Target != nullptr)
	{
		Requested = Controller->MoveToActor(Target, Radius);
	}
	else if (motive::World* World = Subsystem->GetMotiveWorld())
	{
		motive::Result<motive::Vec3> Position = World->entity_position(Job.target);
		if (Position.ok())
		{
			Requested = Controller->MoveToLocation(Subsystem->ToEngine(Position.value()), Radius);
		}
	}
	switch (Requested)
	{
	case EPathFollowingRequestResult::RequestSuccessful:
		WalkRequest = Controller->GetCurrentMoveRequestID();
		break;
	case EPathFollowingRequestResult::AlreadyAtGoal:
		Subsystem->CompleteAction(GetNpc(), true);
		break;
	default:
		Subsystem->CompleteAction(GetNpc(), false);
		break;
	}
}

void UMotiveNpcComponent::StopJob(const motive::Stop& Stop)
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
	OnActionEnded.Broadcast(CurrentAction, Stop.kind == MOTIVE_EVENT_KIND_ACTION_FINISHED);
	CurrentAction = NAME_None;
}

void UMotiveNpcComponent::BeginPlay()
{
	Super::BeginPlay();
	UMotiveWorldSubsystem* Subsystem = GetSubsystem();
	if (Subsystem == nullptr || !Subsystem->LoadDomain(Domain))
	{
		return;
	}
	const motive::Npc Npc = Subsystem->SpawnNpc(*this, Archetype);
	NpcHandle = static_cast<int64>(Npc.to_u64());
	for (const TPair<FName, float>& Fact : InitialFacts)
	{
		Subsystem->SetNumberFact(Npc.entity(), Fact.Key, Fact.Value);
	}
}

void UMotiveNpcComponent::EndPlay(const EEndPlayReason::Type EndPlayReason)
{
	if (AAIController* Controller = GetAIController())
	{
		Controller->ReceiveMoveCompleted.RemoveDynamic(this, &UMotiveNpcComponent::HandleMoveCompleted);
	}
	UMotiveWorldSubsystem* Subsystem = GetSubsystem();
	if (Subsystem != nullptr && NpcHandle != 0)
	{
		Subsystem->DestroyEntity(GetNpc().entity());
	}
	NpcHandle = 0;
	Super::EndPlay(EndPlayReason);
}

void UMotiveNpcComponent::HandleMoveCompleted(FAIRequestID RequestID, EPathFollowingResult::Type Result)
{
	if (!WalkRequest.IsValid() || RequestID != WalkRequest)
	{
		return; // Another move of this controller, or a walk motive already ended.
	}
	WalkRequest = FAIRequestID::InvalidRequest;
	if (UMotiveWorldSubsystem* Subsystem = GetSubsystem())
	{
		Subsystem->CompleteAction(GetNpc(), Result == EPathFollowingResult::Success);
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

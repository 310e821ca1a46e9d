#include "MotiveSmartObjectComponent.h"

#include "Engine/World.h"
#include "MotiveWorldSubsystem.h"

bool UMotiveSmartObjectComponent::SetNumberFact(FName Attribute, float Value)
{
	UMotiveWorldSubsystem* Subsystem = GetSubsystem();
	return Subsystem &&
		   Subsystem->SetNumberFact(motive::Object::from_u64(static_cast<uint64>(ObjectHandle)).entity(), Attribute, Value);
}

void UMotiveSmartObjectComponent::SyncPosition()
{
	if (UMotiveWorldSubsystem* Subsystem = GetSubsystem())
	{
		Subsystem->SyncPosition(motive::Object::from_u64(static_cast<uint64>(ObjectHandle)).entity(), *GetOwner());
	}
}

void UMotiveSmartObjectComponent::BeginPlay()
{
	Super::BeginPlay();
	UMotiveWorldSubsystem* Subsystem = GetSubsystem();
	if (Subsystem == nullptr || !Subsystem->LoadDomain(Domain))
	{
		return;
	}
	const motive::Object Object = Subsystem->SpawnObject(*GetOwner(), Archetype);
	ObjectHandle = static_cast<int64>(Object.to_u64());
	for (const TPair<FName, float>& Fact : InitialFacts)
	{
		Subsystem->SetNumberFact(Object.entity(), Fact.Key, Fact.Value);
	}
}

void UMotiveSmartObjectComponent::EndPlay(const EEndPlayReason::Type EndPlayReason)
{
	UMotiveWorldSubsystem* Subsystem = GetSubsystem();
	if (Subsystem != nullptr && ObjectHandle != 0)
	{
		Subsystem->DestroyEntity(motive::Object::from_u64(static_cast<uint64>(ObjectHandle)).entity());
	}
	ObjectHandle = 0;
	Super::EndPlay(EndPlayReason);
}

UMotiveWorldSubsystem* UMotiveSmartObjectComponent::GetSubsystem() const
{
	const UWorld* World = GetWorld();
	return World ? World->GetSubsystem<UMotiveWorldSubsystem>() : nullptr;
}
